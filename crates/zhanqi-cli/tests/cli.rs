//! The integration tests of the zhanqi product, one binary (each file a module) so that a test
//! build links once per crate: the command line (`crash`, `soak`), and the server with the
//! registered games, through HTTP, WebSockets and a real browser (the rest). They live here, with
//! the binary that assembles the server and the games, so that the server crate knows no game,
//! not even in its tests.

mod accounts;
mod ai_draws;
mod browser;
mod cluster;
mod cluster_fire;
mod common;
mod connections;
mod crash;
mod deck_files;
mod drain;
mod draws;
mod first_player;
mod fuzz_frames;
mod games;
mod gold;
mod lifecycle;
mod loadgen;
mod metrics;
mod platform;
mod reconnection;
mod rooms_limits;
mod safety;
mod sign_in;
mod soak;
