//! The integration tests of `zhanqi-ai`, one binary (each file a module) so that a test build links
//! once per crate.

mod common;
mod players;
mod shengke;
