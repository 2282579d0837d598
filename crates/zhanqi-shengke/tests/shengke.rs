//! The integration tests of `zhanqi-shengke`, one binary (each file a module) so that a test build links
//! once per crate.

mod ai_players;
mod common;
mod digests;
mod engine;
mod notation;
mod perft;
mod properties;
mod sim_options;
mod spec_vectors;
