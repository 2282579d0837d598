//! The `think` op: an AI player's choice for a seat, and every way asking for one can fail.

use crate::common;

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
        "bad player spec \"ismcts:ms=0\": ms must be a whole number from 1 to 60000, not `0`",
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

/// §10's state before turn 7, waiting for the roll.
const SHENGKE_BEFORE_TURN_7: &str = "turn 7 phase start active 1
field 1H4,.,.,.,./.,2M1,.,2S2,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M4,M1,M2,M5 H:H1,H2,H3,H5 T:T1,T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3
p2 piles M:M2,M3,M4,M5 H:H1,H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S1,S3,S4,S5
p2 hand H5
p2 discard T2";

/// A shengke engine at `position`, after `moves` played as `(seat, move)`.
fn shengke(position: &str, moves: &[(&str, &str)]) -> Engine {
    let mut engine = Engine::new(Registry::standard());
    let answer = ask(
        &mut engine,
        json!({"op":"load","game":"shengke","position":position}),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    for (seat, text) in moves {
        let answer = ask(&mut engine, json!({"op":"play","seat":seat,"move":text}));
        assert_eq!(answer["ok"], true, "{seat} {text}: {answer}");
    }
    engine
}

/// Every player answers a listed move for the seat to act, changes nothing, and the move
/// plays: at a placement (§10 turn 7), an element for a 6 (turn 8) and a recovery choice
/// (§12 vector 21).
#[test]
fn think_answers_a_legal_shengke_move_for_every_player() {
    let recovery = include_str!("../../zhanqi-shengke/tests/data/vector_21.txt");
    let turn_7 = SHENGKE_BEFORE_TURN_7;
    let positions = [
        ("placement", shengke(turn_7, &[("chance", "13")]), "1"),
        (
            "element",
            shengke(
                turn_7,
                &[("chance", "13"), ("1", "M4@b2 T1@c3"), ("chance", "65")],
            ),
            "2",
        ),
        ("recovery", shengke(recovery, &[("1", "T1@c3 T5@e3")]), "1"),
    ];
    for (what, mut engine, seat) in positions {
        let before = ask(&mut engine, json!({"op":"position"}));
        let legal = ask(&mut engine, json!({"op":"legal"}));
        assert_eq!(legal["to_move"], json!([seat]), "{what}: {legal}");
        let listed = legal["moves"][seat].as_array().unwrap().clone();
        for player in ["random", "heuristic", "ismcts:iters=100"] {
            let answer = ask(
                &mut engine,
                json!({"op":"think","seat":seat,"player":player,"seed":5,"id":what}),
            );
            assert_eq!(answer["ok"], true, "{what} {player}: {answer}");
            assert_eq!(answer["id"], what);
            let chosen = &answer["move"];
            assert!(
                listed.contains(chosen),
                "{what}: {player} chose {chosen}, not among {listed:?}"
            );
            assert_eq!(ask(&mut engine, json!({"op":"position"})), before);
        }
        let chosen = ask(
            &mut engine,
            json!({"op":"think","seat":seat,"player":"ismcts:iters=100","seed":9}),
        )["move"]
            .clone();
        let played = ask(&mut engine, json!({"op":"play","seat":seat,"move":chosen}));
        assert_eq!(played["ok"], true, "{what}: {played}");
    }
}

/// The answer for a seat that has nothing to choose names who acts; at the roll it says to
/// roll; after the last turn nobody may think.
#[test]
fn think_refuses_shengke_seats_that_do_not_choose() {
    let mut engine = shengke(SHENGKE_BEFORE_TURN_7, &[]);
    let before = ask(&mut engine, json!({"op":"position"}));
    for (seat, error) in [
        (
            "1",
            "seat 1 cannot act now: the game is at a chance node, so send roll or play an \
             outcome with seat \"chance\"",
        ),
        // The dice are no player: think chooses for seats only.
        ("chance", "unknown seat 'chance'; the seats are: 1, 2"),
    ] {
        let answer = ask(
            &mut engine,
            json!({"op":"think","seat":seat,"player":"heuristic"}),
        );
        assert_eq!(answer, json!({"ok":false,"error":error}), "{seat}");
    }
    assert_eq!(ask(&mut engine, json!({"op":"position"})), before);

    let mut engine = shengke(SHENGKE_BEFORE_TURN_7, &[("chance", "13")]);
    let answer = ask(
        &mut engine,
        json!({"op":"think","seat":"2","player":"ismcts:iters=50"}),
    );
    assert_eq!(
        answer,
        json!({"ok":false,"error":"seat 2 has nothing to choose now; the seats to act are: 1"})
    );

    let over = "turn 20 phase over active 2
field .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.
p1 piles M:- H:- T:- J:- S:-
p1 hand -
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -";
    let mut engine = shengke(over, &[]);
    let answer = ask(
        &mut engine,
        json!({"op":"think","seat":"2","player":"random"}),
    );
    assert_eq!(
        answer,
        json!({"ok":false,"error":"the game is over, so no seat has anything to choose"})
    );
}
