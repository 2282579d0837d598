//! The integration tests of `zhanqi-sim`, one binary (each file a module) so that a test build links
//! once per crate. They run the lab on the core testkit's toy game: the lab over real games is
//! tested in the game crates.

mod toy;
