//! The integration tests of `zhanqi-protocol`, one binary (each file a module) so that a test build links
//! once per crate.

mod common;
mod dyn_game;
mod engine;
mod fuzzing;
mod garbage;
mod junqi_engine;
mod record;
mod registry;
mod think;
mod ui;
