//! The `think` op: an AI player's choice for a seat, and every way asking for one can fail.

mod common;

use common::session;
use serde_json::{Value, json};
use zhanqi_protocol::{Engine, Registry};

fn ask(engine: &mut Engine, request: Value) -> Value {
    let answer = engine.answer(request.to_string().as_bytes());
    serde_json::from_str(&answer.line).expect("every answer is JSON")
}

fn junqi(seed: u64) -> Engine {
    let mut engine = Engine::new(Registry::standard());
    let answer = ask(
        &mut engine,
        json!({"op":"new","game":"junqi","mode":"2p","seed":seed}),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    engine
}

#[test]
fn think_answers_a_legal_move_and_changes_nothing() {
    let mut engine = junqi(7);
    let before = ask(&mut engine, json!({"op":"position"}));
    let legal = ask(&mut engine, json!({"op":"legal"}));
    let seat = legal["to_move"][0].as_str().unwrap().to_owned();
    for player in [
        "random",
        "heuristic",
        "easy",
        "ismcts:iters=200",
        "ismcts:iters=200,threads=2",
    ] {
        let answer = ask(
            &mut engine,
            json!({"op":"think","seat":seat,"player":player,"seed":3,"id":1}),
        );
        assert_eq!(answer["ok"], true, "{player}: {answer}");
        assert_eq!(answer["id"], 1);
        let chosen = answer["move"].as_str().unwrap();
        let listed = legal["moves"][&seat].as_array().unwrap();
        assert!(
            listed.iter().any(|m| m == chosen),
            "{player} chose {chosen}"
        );
        assert_eq!(ask(&mut engine, json!({"op":"position"})), before);
    }
    let chosen = ask(
        &mut engine,
        json!({"op":"think","seat":seat,"player":"heuristic"}),
    )["move"]
        .clone();
    let played = ask(&mut engine, json!({"op":"play","seat":seat,"move":chosen}));
    assert_eq!(played["ok"], true, "{played}");
}

#[test]
fn think_is_reproducible_for_a_seed_and_an_iteration_budget() {
    let request = json!({"op":"think","seat":"s","player":"ismcts:iters=300,threads=2","seed":11});
    let mut answers = Vec::new();
    for _ in 0..2 {
        let mut engine = junqi(21);
        let legal = ask(&mut engine, json!({"op":"legal"}));
        let mut request = request.clone();
        request["seat"] = legal["to_move"][0].clone();
        answers.push(ask(&mut engine, request));
    }
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    assert_eq!(answers[0], answers[1]);
}

#[test]
fn the_answer_line_is_ok_then_move() {
    let answers = session(&[
        r#"{"op":"load","game":"race","position":"short 120 003 4 0 s 0"}"#,
        r#"{"op":"think","seat":"s","player":"ismcts:iters=100"}"#,
    ]);
    // One step from the target of 5: +1 wins at once, and the search finds it.
    assert_eq!(answers[1], r#"{"ok":true,"move":"+1"}"#);
}

#[test]
fn think_chooses_an_unlisted_action_in_a_hidden_phase() {
    let answers = session(&[
        r#"{"op":"load","game":"race","position":"short - - 0 0 s 0"}"#,
        r#"{"op":"think","seat":"n","player":"heuristic","seed":4}"#,
    ]);
    let answer: Value = serde_json::from_str(&answers[1]).unwrap();
    assert_eq!(answer["ok"], true, "{answer}");
    let plan = answer["move"].as_str().unwrap();
    let play = json!({"op":"play","seat":"n","move":plan}).to_string();
    let played = session(&[
        r#"{"op":"load","game":"race","position":"short - - 0 0 s 0"}"#,
        &play,
    ]);
    assert!(played[1].starts_with(r#"{"ok":true"#), "{}", played[1]);
}

fn refused(setup: &[&str], request: &str, message: &str) {
    let mut lines = setup.to_vec();
    lines.extend([r#"{"op":"position"}"#, request, r#"{"op":"position"}"#]);
    let answers = session(&lines);
    let n = answers.len();
    let answer: Value = serde_json::from_str(&answers[n - 2]).unwrap();
    assert_eq!(answer, json!({"ok":false,"error":message}));
    assert!(answers[n - 2].starts_with(r#"{"ok":false,"error":"#));
    assert_eq!(
        answers[n - 1],
        answers[n - 3],
        "a refused think changes nothing"
    );
}

#[test]
fn think_refusals_say_what_is_wrong() {
    let start = r#"{"op":"load","game":"race","position":"short 120 003 0 0 s 0"}"#;
    refused(
        &[start],
        r#"{"op":"think","seat":"n","player":"heuristic"}"#,
        "seat n has nothing to choose now; the seats to act are: s",
    );
    refused(
        &[start],
        r#"{"op":"think","seat":"s","player":"magic"}"#,
        "bad player spec \"magic\": unknown player `magic` (random, heuristic, ismcts, easy, medium, hard, expert)",
    );
    refused(
        &[start],
        r#"{"op":"think","seat":"s","player":"ismcts:ms=0"}"#,
        "bad player spec \"ismcts:ms=0\": `0` is not a positive number",
    );
    refused(
        &[start],
        r#"{"op":"think","seat":"x","player":"random"}"#,
        "unknown seat 'x'; the seats are: s, n",
    );
    refused(
        &[start],
        r#"{"op":"think","seat":"s"}"#,
        "the think request needs a 'player' field",
    );
    refused(
        &[r#"{"op":"load","game":"race","position":"short 120 003 1 2 s* 2"}"#],
        r#"{"op":"think","seat":"s","player":"random"}"#,
        "seat s cannot act now: the game is at a chance node, so send roll or play an outcome with seat \"chance\"",
    );
    refused(
        &[r#"{"op":"load","game":"race","position":"short 120 003 5 1 - 3"}"#],
        r#"{"op":"think","seat":"s","player":"random"}"#,
        "the game is over, so no seat has anything to choose",
    );
    assert_eq!(
        session(&[r#"{"op":"think","seat":"s","player":"random"}"#])[0],
        r#"{"ok":false,"error":"there is no current game; start one with new or load"}"#
    );
}
