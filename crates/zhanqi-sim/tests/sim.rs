//! The integration tests of `zhanqi-sim`, one binary (each file a module) so that a test build links
//! once per crate.

mod lab;
mod options;
