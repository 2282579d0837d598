//! The integration tests of `zhanqi-tiehuo`, one binary (each file a module) so that a test build links
//! once per crate.

mod abilities;
mod cards;
mod common;
mod digests;
mod notation;
mod perft;
mod properties;
mod spec_vectors;
