//! The integration tests of `zhanqi-ai`, one binary (each file a module) so that a test build links
//! once per crate. They play the core testkit's toy game: the players over real games are tested
//! in the game crates, which hold the games' AI knowledge.

mod arena;
