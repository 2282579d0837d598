//! What the engine tests share: a toy game, a registry holding it, and a way to run sessions.

#![allow(dead_code)] // each test file uses its own part

pub mod race;

use zhanqi_protocol::{Registry, entry, run_engine_with};

/// The games of the tests.
pub static TEST_GAMES: Registry = Registry::new(&[entry::<race::Race>()]);

/// Feeds `requests` (one per line) to the engine and returns its answer lines.
pub fn session(requests: &[&str]) -> Vec<String> {
    let input = requests
        .iter()
        .map(|line| format!("{line}\n"))
        .collect::<String>();
    run_bytes(input.as_bytes())
}

/// Feeds raw bytes to the engine and returns its answer lines.
pub fn run_bytes(input: &[u8]) -> Vec<String> {
    let mut output = Vec::new();
    run_engine_with(TEST_GAMES, input, &mut output)
        .expect("an in-memory engine session never fails");
    let text = String::from_utf8(output).expect("answers are UTF-8");
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "every answer ends its line: {text:?}"
    );
    text.lines().map(str::to_owned).collect()
}

/// The answer to the last request of a session.
pub fn last(requests: &[&str]) -> String {
    session(requests).pop().expect("one answer per request")
}
