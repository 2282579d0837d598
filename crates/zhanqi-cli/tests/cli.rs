//! The integration tests of `zhanqi-cli`, one binary (each file a module) so that a test build links
//! once per crate.

// The server's own test helpers (database choice and isolation, sockets, quiet moves), so that
// both test suites speak to the server the same way.
#[path = "../../zhanqi-server/tests/common/mod.rs"]
mod common;
mod crash;
mod soak;
