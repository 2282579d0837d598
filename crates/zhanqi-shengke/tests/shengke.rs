//! The integration tests of `zhanqi-shengke`, one binary (each file a module) so that a test build links
//! once per crate.

mod common;
mod digests;
mod engine;
mod notation;
mod perft;
mod properties;
mod spec_vectors;
