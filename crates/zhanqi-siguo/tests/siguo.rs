//! The integration tests of `zhanqi-siguo`, one binary (each file a module) so that a test build links
//! once per crate.

mod client;
mod common;
mod coverage;
mod deployment;
mod digests;
mod engine;
mod movegen_reference;
mod notation;
mod parser_mutations;
mod perft;
mod properties;
mod spec_vectors;
