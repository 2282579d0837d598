//! Tests that need something outside the repository (the QQ records in `../shared`, PostgreSQL,
//! NATS, Chromium) skip without it — and say so where a person running `cargo test` sees it.
//!
//! The test harness captures what `println!` and `eprintln!` print for passing tests, so a
//! skip said with them is invisible. [`skip`] writes to the process's real stderr instead, and
//! fails the test when the environment variable that demands the service is `1` (CI sets them).

use std::io::Write;

/// Says loudly, past the harness's capture, that `what` skipped because of `reason`; or panics
/// when the environment variable `required_by` is `1`.
///
/// # Panics
///
/// When `required_by` is set to `1`: the environment demands what is missing.
pub fn skip(what: &str, reason: &str, required_by: &str) {
    assert!(
        std::env::var(required_by).as_deref() != Ok("1"),
        "{what}: {reason}, and {required_by}=1 requires it"
    );
    let _ = writeln!(
        std::io::stderr().lock(),
        "\n**** SKIPPED {what}: {reason}. Set {required_by}=1 to fail instead. ****\n"
    );
}

/// [`skip`], said only the first time this `once` flag is passed: for a skip that every test of
/// a suite would otherwise repeat.
///
/// # Panics
///
/// As [`skip`].
pub fn skip_once(once: &std::sync::Once, what: &str, reason: &str, required_by: &str) {
    assert!(
        std::env::var(required_by).as_deref() != Ok("1"),
        "{what}: {reason}, and {required_by}=1 requires it"
    );
    once.call_once(|| skip(what, reason, required_by));
}
