//! Garbage in: the engine answers every line, never panics and never changes its game.

use crate::common;

use common::{TEST_GAMES, run_bytes};
use serde_json::Value;
use zhanqi_core::{GameRng, Viewer};
use zhanqi_protocol::Engine;

const SETUP: &str = r#"{"op":"load","game":"race","position":"short 120 003 2 1 s 2"}"#;
const LINES: usize = 1000;

#[test]
fn a_thousand_garbage_lines_never_panic_and_never_change_the_game() {
    let mut rng = GameRng::from_seed(2024);
    let lines: Vec<Vec<u8>> = (0..LINES).map(|index| garbage(&mut rng, index)).collect();

    let mut engine = Engine::new(TEST_GAMES);
    assert!(
        engine
            .answer(SETUP.as_bytes())
            .line
            .starts_with(r#"{"ok":true"#)
    );
    let before = snapshot(&mut engine);
    for line in &lines {
        let answer = engine.answer(line);
        let shown = String::from_utf8_lossy(line);
        let parsed: Value = serde_json::from_str(&answer.line)
            .unwrap_or_else(|_| panic!("{shown}: {}", answer.line));
        assert!(parsed["ok"].is_boolean(), "{shown}: {}", answer.line);
        if parsed["ok"] == false {
            let error = parsed["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{shown}: {}", answer.line));
            assert!(
                !error.is_empty() && !error.starts_with("internal error"),
                "{shown}: {error}"
            );
        }
        assert!(!answer.quit, "{shown}");
        assert_eq!(snapshot(&mut engine), before, "{shown} changed the game");
    }

    // The same lines as one stream: one answer per line, and the game as it was.
    let mut input = SETUP.as_bytes().to_vec();
    for line in &lines {
        input.push(b'\n');
        input.extend_from_slice(line);
    }
    input.extend_from_slice(b"\n{\"op\":\"position\"}\n{\"op\":\"legal\"}\n");
    let answers = run_bytes(&input);
    assert_eq!(answers.len(), LINES + 3);
    assert_eq!(answers[LINES + 1..], before);
}

/// The answers to `position` and `legal`.
fn snapshot(engine: &mut Engine) -> Vec<String> {
    let position = engine
        .game()
        .expect("a current game")
        .position(Viewer::Omniscient);
    let legal = engine.answer(br#"{"op":"legal"}"#).line;
    vec![format!(r#"{{"ok":true,"position":"{position}"}}"#), legal]
}

/// One line of garbage, of a kind chosen by `index`; never a request that may change the game.
fn garbage(rng: &mut GameRng, index: usize) -> Vec<u8> {
    match index % 6 {
        0 => random_bytes(rng),
        1 => truncated_request(rng),
        2 => json_fragments(rng),
        3 => request_with_bad_fields(rng),
        4 => nested(rng),
        _ => random_text(rng, 1, 40).into_bytes(),
    }
}

fn pick<'a>(rng: &mut GameRng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

fn random_bytes(rng: &mut GameRng) -> Vec<u8> {
    let length = rng.below(80);
    (0..length)
        .map(|_| match rng.below(256) as u8 {
            b'\n' => b'?',
            byte => byte,
        })
        .collect()
}

/// Printable text of `shortest..=longest` characters without digits, so it is never a move, an outcome or a plan of the race.
fn random_text(rng: &mut GameRng, shortest: usize, longest: usize) -> String {
    const ALPHABET: &[u8] = b"abcxyz#%&*{}[]:,\"\\ _-=!?.";
    let length = shortest + rng.below(longest - shortest + 1);
    (0..length)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
        .collect()
}

/// A valid request cut short: never a whole JSON object.
fn truncated_request(rng: &mut GameRng) -> Vec<u8> {
    let request = pick(
        rng,
        &[
            r#"{"op":"play","seat":"s","move":"+1"}"#,
            r#"{"op":"new","game":"race","seed":7}"#,
            r#"{"op":"load","game":"race","position":"short 120 003 0 0 s 0"}"#,
            r#"{"op":"quit"}"#,
            r#"{"op":"roll","id":[1,2,{"a":null}]}"#,
        ],
    );
    request.as_bytes()[..rng.below(request.len())].to_vec()
}

fn json_fragments(rng: &mut GameRng) -> Vec<u8> {
    const TOKENS: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"op\"",
        "\"play\"",
        "\"seat\"",
        "\"move\"",
        "\"quit\"",
        "1",
        "-1",
        "1e999",
        "0.5",
        "null",
        "true",
        "\"\\u00",
        "\"\\ud800\"",
        "\"",
        "\u{4e2d}",
        " ",
        "\t",
    ];
    let count = 1 + rng.below(20);
    (0..count)
        .map(|_| TOKENS[rng.below(TOKENS.len())])
        .collect::<String>()
        .into_bytes()
}

/// A JSON object that names an op but whose fields cannot all be right for a change.
fn request_with_bad_fields(rng: &mut GameRng) -> Vec<u8> {
    let value = |rng: &mut GameRng| -> String {
        match rng.below(7) {
            0 => "null".to_owned(),
            1 => "true".to_owned(),
            2 => format!("{}", rng.below(100)),
            3 => format!("-{}", 1 + rng.below(100)),
            4 => "[1,\"s\"]".to_owned(),
            5 => "{\"s\":\"111\"}".to_owned(),
            _ => serde_json::to_string(&random_text(rng, 0, 8)).expect("a string"),
        }
    };
    let request = match rng.below(9) {
        0 => format!(
            r#"{{"op":"play","seat":{},"move":{}}}"#,
            value(rng),
            value(rng)
        ),
        1 => format!(
            r#"{{"op":"play","seat":"{}","move":{}}}"#,
            pick(rng, &["s", "n", "chance"]),
            value(rng)
        ),
        2 => format!(
            r#"{{"op":"new","game":{},"seed":{}}}"#,
            value(rng),
            value(rng)
        ),
        3 => format!(
            r#"{{"op":"new","game":"race","seed":{},"mode":{}}}"#,
            value(rng),
            value(rng)
        ),
        4 => {
            let mut position = "short 120 003 0 0 s 0".to_owned();
            position.insert(rng.below(position.len() + 1), '#');
            format!(r#"{{"op":"load","game":"race","position":"{position}"}}"#)
        }
        5 => format!(
            r#"{{"op":"load","game":{},"position":{}}}"#,
            value(rng),
            value(rng)
        ),
        6 => format!(r#"{{"op":"roll","seat":{}}}"#, value(rng)),
        7 => format!(
            r#"{{"op":"perft","depth":{}}}"#,
            pick(rng, &["0", "1", "2", "3", "-3", "\"2\"", "null", "2.5"])
        ),
        _ => format!(
            r#"{{"op":{},"id":{}}}"#,
            pick(
                rng,
                &["\"view\"", "\"legal\"", "\"outcome\"", "\"Quit\"", "3"]
            ),
            value(rng)
        ),
    };
    request.into_bytes()
}

fn nested(rng: &mut GameRng) -> Vec<u8> {
    let depth = 1 + rng.below(300);
    let mut line = r#"{"op":"play","seat":"s","move":"#.to_owned();
    line.push_str(&"[".repeat(depth));
    line.push_str(&"]".repeat(depth));
    line.push('}');
    line.into_bytes()
}
