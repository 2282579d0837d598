//! `zhanqi engine` serving 生剋棋: every request of the protocol on shengke, whole random
//! games played through it with hostile moves between plies that must change nothing.

use crate::common;

use common::Session;
use serde_json::{Value, json};
use zhanqi_core::GameRng;

#[test]
fn games_lists_shengke_with_its_one_mode() {
    let mut session = Session::new();
    let games = session.ask(&json!({"op":"games"}));
    let entry = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["game"] == "shengke")
        .cloned();
    assert_eq!(entry, Some(json!({"game":"shengke","modes":["standard"]})));
}

#[test]
fn new_is_seeded_and_starts_at_the_first_roll() {
    let mut session = Session::new();
    let first = session.ask(&json!({"op":"new","game":"shengke","seed":5}));
    let again = session.ask(&json!({"op":"new","game":"shengke","seed":5}));
    let other = session.ask(&json!({"op":"new","game":"shengke","seed":6}));
    assert_eq!(first, again);
    assert_ne!(first, other);
    let position = first["position"].as_str().unwrap();
    assert!(position.starts_with(
        "turn 1 phase start active 1\nfield .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.\n"
    ));
    assert!(position.contains("\np1 hand -\np1 discard -\n"));
    let refused = session.ask(&json!({"op":"new","game":"shengke","mode":"2p","seed":5}));
    assert_eq!(refused["ok"], false);
    assert_eq!(
        session.ask(&json!({"op":"outcome"})),
        json!({"ok":true,"outcome":null})
    );
}

#[test]
fn roll_draws_with_the_seeded_rng() {
    let rolls = |seed: u64| {
        let mut session = Session::new();
        session.ask(&json!({"op":"new","game":"shengke","seed":seed}));
        let answer = session.ask(&json!({"op":"roll"}));
        assert_eq!(answer["ok"], true, "{answer}");
        let outcome = answer["outcome"].as_str().unwrap().to_owned();
        assert_eq!(outcome.len(), 2);
        outcome
    };
    assert_eq!(rolls(3), rolls(3));
    let mut session = Session::new();
    session.ask(&json!({"op":"new","game":"shengke","seed":3}));
    session.ask(&json!({"op":"roll"}));
    if session.ask(&json!({"op":"legal"}))["to_move"] != json!(["chance"]) {
        let again = session.ask(&json!({"op":"roll"}));
        assert_eq!(again["ok"], false, "roll only at a roll: {again}");
    }
}

#[test]
fn load_takes_options_and_refuses_bad_ones() {
    let position = "turn 1 phase start active 1
field .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.
p1 piles M:M1 H:- T:- J:- S:-
p1 hand -
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -";
    let mut session = Session::new();
    let load = |options: Value| json!({"op":"load","game":"shengke","position":position,"options":options});
    assert_eq!(session.ask(&load(json!({"turns": 2})))["ok"], true);
    let over = position.replace("turn 1 phase start active 1", "turn 2 phase over active 2");
    let answer =
        session.ask(&json!({"op":"load","game":"shengke","position":over,"options":{"turns":2}}));
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        session.ask(&json!({"op":"outcome"})),
        json!({"ok":true,"outcome":{"result":"win","winners":["1"],"reason":"score"}})
    );
    for bad in [
        json!({"turns": 3}),
        json!({"nonsense": true}),
        json!({"tie": "coin"}),
    ] {
        let answer = session.ask(&load(bad.clone()));
        assert_eq!(answer["ok"], false, "{bad}: {answer}");
    }
}

/// Moves that look like shengke but are mostly wrong.
fn hostile(rng: &mut GameRng, listed: &[String]) -> String {
    let cards = ["M1", "H2", "T3", "J4", "S5", "X1", "M6", "m1"];
    let cells = ["a1", "c3", "e5", "f1", "a0", "b6"];
    let pick = |rng: &mut GameRng, items: &[&str]| items[rng.below(items.len())].to_owned();
    match rng.below(9) {
        0 => format!("{}@{}", pick(rng, &cards), pick(rng, &cells)),
        1 => format!(
            "{}@{} {}@{}",
            pick(rng, &cards),
            pick(rng, &cells),
            pick(rng, &cards),
            pick(rng, &cells)
        ),
        2 => format!("{}{}", rng.below(8), rng.below(8)),
        3 => format!("={}", pick(rng, &["M", "H,S", "X", "", "S,S,S"])),
        4 => format!("xs:{}", pick(rng, &cards)),
        5 => listed
            .get(rng.below(listed.len().max(1)))
            .map_or("-".into(), |m| format!("{m} ")),
        6 => listed
            .get(rng.below(listed.len().max(1)))
            .map_or("".into(), |m| m[..m.len() / 2].to_string()),
        7 => pick(rng, &["-", "", " ", "resign", "draw?", "11", "66", "=H"]),
        _ => "@".repeat(rng.below(3)),
    }
}

#[test]
fn random_games_through_the_protocol_with_hostile_moves_between() {
    let mut rng = GameRng::from_seed(77);
    for seed in 0..40u64 {
        let mut session = Session::new();
        session.ask(&json!({"op":"new","game":"shengke","seed":seed}));
        let mut plies = 0;
        loop {
            let legal = session.ask(&json!({"op":"legal"}));
            let to_move: Vec<String> = legal["to_move"]
                .as_array()
                .unwrap()
                .iter()
                .map(|seat| seat.as_str().unwrap().to_owned())
                .collect();
            let Some(seat) = to_move.first().cloned() else {
                break;
            };
            let moves: Vec<String> = legal["moves"][&seat]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect();
            let mut sorted = moves.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, moves, "legal moves are sorted and distinct");
            // Hostile moves: refused unless listed, and a refusal changes nothing.
            'probing: for _ in 0..3 {
                let text = hostile(&mut rng, &moves);
                let before = session.ask(&json!({"op":"position"}));
                let other = if seat == "1" { "2" } else { "1" };
                for who in [seat.as_str(), other, "chance"] {
                    let answer = session.ask(&json!({"op":"play","seat":who,"move":text}));
                    let listed = who == seat && moves.contains(&text);
                    if !listed {
                        assert_eq!(
                            answer["ok"], false,
                            "{who} {text:?} accepted at\n{}",
                            before["position"]
                        );
                        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()));
                        assert_eq!(session.ask(&json!({"op":"position"})), before);
                    } else {
                        // A hostile text that happens to be legal was played: stop probing.
                        break 'probing;
                    }
                }
            }
            let legal = session.ask(&json!({"op":"legal"}));
            let Some(seat) = legal["to_move"]
                .as_array()
                .unwrap()
                .first()
                .and_then(Value::as_str)
                .map(str::to_owned)
            else {
                break;
            };
            let moves = legal["moves"][&seat].as_array().unwrap().clone();
            let choice = moves[rng.below(moves.len())].as_str().unwrap().to_owned();
            let answer = session.ask(&json!({"op":"play","seat":seat,"move":choice}));
            assert_eq!(answer["ok"], true, "{answer}");
            assert!(
                answer["record"]
                    .as_str()
                    .is_some_and(|r| r.starts_with(&choice) || choice.starts_with("xs:"))
            );
            for viewer in ["1", "2"] {
                let view = session.ask(&json!({"op":"view","seat":viewer}));
                assert_eq!(view["ok"], true);
            }
            plies += 1;
        }
        assert!(plies >= 20, "a game has at least one action a turn");
        let outcome = session.ask(&json!({"op":"outcome"}));
        assert_eq!(outcome["outcome"]["reason"], "score", "{outcome}");
        assert_eq!(
            session.ask(&json!({"op":"perft","depth":1})),
            json!({"ok":true,"nodes":0})
        );
    }
}
