//! The integration tests of `zhanqi-tiehuo`, one binary (each file a module) so that a test build links
//! once per crate.

mod abilities;
mod ai;
mod built_cards;
mod cards;
mod client;
mod common;
mod digests;
mod engine;
mod notation;
mod perft;
mod properties;
mod spec_vectors;
