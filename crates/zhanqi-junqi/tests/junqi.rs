//! The integration tests of `zhanqi-junqi`, one binary (each file a module) so that a test build links
//! once per crate.

mod ai_players;
mod beliefs;
mod board;
mod deployments;
mod digests;
mod jgs_parse;
mod jgs_replay;
mod knowledge;
mod lab;
mod notation;
mod perft;
mod properties;
mod spec_vectors;
