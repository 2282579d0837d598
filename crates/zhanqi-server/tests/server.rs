//! The integration tests of `zhanqi-server`, one binary (each file a module) so that a test build links
//! once per crate.

mod accounts;
mod ai_draws;
mod browser;
mod cluster;
mod common;
mod connections;
mod draws;
mod first_player;
mod fuzz_frames;
mod games;
mod gold;
mod metrics;
mod platform;
mod reconnection;
mod rooms_limits;
mod safety;
mod sign_in;
