//! The integration tests of `zhanqi-qizhan`, one binary (each file a module) so that a test build links
//! once per crate.

mod ai_players;
mod cards;
mod client;
mod digests;
mod effects;
mod engine;
mod notation;
mod perft;
mod properties;
mod spec_vectors;
