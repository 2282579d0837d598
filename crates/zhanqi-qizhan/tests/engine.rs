//! `zhanqi engine` serving 棋戰卡牌 through the registry (`zhanqi-protocol`): every request of
//! §12.10 — `games`, `new` (seeded, with parameters, starter factions, custom cards and deck
//! lists), `load`, `position`, `view`, `legal`, `play` (concession included), `roll`,
//! `outcome`, `perft`, `think` — and whole random games played through it.

use serde_json::{Value, json};
use zhanqi_core::GameRng;
use zhanqi_protocol::EngineSession as Session;

/// Q27's position: B is about to play Night Raid against a hand of three.
const NIGHT_RAID: &str = "qizhan main B turn 5 spent 0 bonus 0 played 0 last 11 seq 36
A hand AZ03#4,AZ03#9,AZ17#12 deck AZ08,AZ10 discard -/-/-/- exile -
A board L1=AZ04#25:4/0/0
B hand CW18#16 deck CW01 discard -/-/-/- exile -
B board L1=CW03#30:3/1/2
stack -";

#[test]
fn games_lists_qizhan() {
    let mut session = Session::new();
    let games = session.ok(&json!({"op":"games"}));
    let entry = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["game"] == "qizhan")
        .cloned()
        .expect("qizhan is served");
    // §12.1: one mode, which requests do not name.
    assert_eq!(entry, json!({"game":"qizhan","modes":[]}));
}

#[test]
fn new_is_seeded_and_rests_at_a_s_first_swap() {
    let mut session = Session::new();
    let first = session.ok(&json!({"op":"new","game":"qizhan","seed":7}));
    let again = session.ok(&json!({"op":"new","game":"qizhan","seed":7}));
    let other = session.ok(&json!({"op":"new","game":"qizhan","seed":8}));
    assert_eq!(first, again);
    assert_ne!(first, other);
    let position = first["position"].as_str().unwrap();
    // Q31.
    assert!(
        position.starts_with("qizhan swap A turn 1 spent 0 bonus 0 played 0 last 00 seq 21\n"),
        "{position}"
    );
    assert_eq!(
        session.ok(&json!({"op":"outcome"})),
        json!({"ok":true,"outcome":null})
    );
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(legal["to_move"], json!(["A"]));
    let moves: Vec<&str> = legal["moves"]["A"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(moves.contains(&"noswap"));
    assert!(
        moves.windows(2).all(|pair| pair[0] < pair[1]),
        "sorted: {moves:?}"
    );
}

#[test]
fn new_takes_parameters_factions_custom_cards_and_deck_lists() {
    let mut session = Session::new();
    let swapped = session.ok(&json!({"op":"new","game":"qizhan","seed":7,
        "options":{"decks":{"A":"crimson","B":"azure"}}}));
    let text = swapped["position"].as_str().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("A hand CW"), "{text}");
    assert!(lines[3].starts_with("B hand AZ"), "{text}");
    let small = session.ok(&json!({"op":"new","game":"qizhan","seed":7,
        "options":{"opening_hand":5,"second_player_extra_cards":0}}));
    assert!(
        small["position"]
            .as_str()
            .unwrap()
            .starts_with("qizhan swap A turn 1 spent 0 bonus 0 played 0 last 00 seq 10\n")
    );
    // The example of §12.11: a custom event in `cards`, a custom troop defined in B's list.
    let mut deck: Vec<Value> = vec![
        json!("CW01"),
        json!("CW02"),
        json!({"id":"XX01","faction":"crimson","kind":"troop","cost":2,"troops":4,"atk":2,
               "range":1,"counter":true,"copies":3}),
        json!("XX02"),
        json!("XX02"),
    ];
    for id in [
        "CW03", "CW04", "CW05", "CW06", "CW07", "CW08", "CW09", "CW10",
    ] {
        deck.extend([json!(id), json!(id)]);
    }
    for id in ["CW11", "CW12", "CW13", "CW14", "CW15", "CW16", "CW17"] {
        deck.push(json!(id));
    }
    // 28 entries, XX01 standing for three cards: 30.
    assert_eq!(deck.len(), 28);
    let request = json!({"op":"new","game":"qizhan","seed":7,"options":{
        "cards":[{"id":"XX02","kind":"event","cost":1,"effects":["play>draw(1)@player"]}],
        "decks":{"B":deck}}});
    let custom = session.ok(&request);
    let full = session.ok(&json!({"op":"position"}));
    assert_eq!(custom["position"], full["position"]);
    let full = full["position"].as_str().unwrap();
    assert!(full.contains("XX01") && full.contains("XX02"), "{full}");
    // Refusals name what is wrong and change nothing.
    for options in [
        json!({"cross_side_move":true}),
        json!({"arms":0}),
        json!({"no_such_key":1}),
        json!({"decks":{"A":"jade"}}),
        json!({"decks":{"A":["AZ01"]}}),
    ] {
        let answer = session.ask(&json!({"op":"new","game":"qizhan","seed":1,"options":options}));
        assert_eq!(answer["ok"], false, "{options}: {answer}");
        assert!(!answer["error"].as_str().unwrap().is_empty());
    }
    assert_eq!(session.ok(&json!({"op":"position"}))["position"], full);
}

#[test]
fn load_answers_the_canonical_form_and_refuses_with_line_and_field() {
    let mut session = Session::new();
    let shuffled = NIGHT_RAID.replace("AZ03#4,AZ03#9,AZ17#12", "AZ17#12,AZ03#9,AZ03#4");
    let answer = session.load("qizhan", &shuffled);
    assert_eq!(answer["position"], NIGHT_RAID);
    let bad = NIGHT_RAID.replace("CW03#30:3/1/2", "CW03#30:9/1/2");
    let refused = session.ask(&json!({"op":"load","game":"qizhan","position":bad}));
    assert_eq!(refused["ok"], false);
    assert_eq!(
        session.ok(&json!({"op":"position"}))["position"],
        NIGHT_RAID
    );
}

#[test]
fn views_hide_the_other_hand_and_both_decks() {
    let mut session = Session::new();
    session.load("qizhan", NIGHT_RAID);
    let a = session.ok(&json!({"op":"view","seat":"A"}));
    let b = session.ok(&json!({"op":"view","seat":"B"}));
    let a = a["position"].as_str().unwrap();
    let b = b["position"].as_str().unwrap();
    assert!(a.contains("A hand AZ03#4,AZ03#9,AZ17#12 deck ?2"), "{a}");
    assert!(a.contains("B hand ?1 deck ?1"), "{a}");
    assert!(b.contains("A hand ?3 deck ?2"), "{b}");
    assert!(b.contains("B hand CW18#16 deck ?1"), "{b}");
    let refused = session.ask(&json!({"op":"view","seat":"C"}));
    assert_eq!(refused["ok"], false);
}

#[test]
fn the_random_discard_is_a_chance_node_that_roll_and_play_resolve() {
    let mut session = Session::new();
    session.load("qizhan", NIGHT_RAID);
    let refused = session.ask(&json!({"op":"roll"}));
    assert_eq!(refused["ok"], false, "roll only at a chance node");
    let wrong_seat = session.ask(&json!({"op":"play","seat":"A","move":"end"}));
    assert_eq!(wrong_seat["ok"], false);
    let played = session.play("B", "play CW18");
    assert_eq!(played["record"], "play CW18");
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(
        legal,
        json!({"ok":true,"to_move":["chance"],"moves":{"chance":["AZ03#4","AZ03#9","AZ17#12"]}})
    );
    // Q27: a chosen outcome …
    let chosen = session.play("chance", "AZ03#9");
    assert!(
        chosen["position"]
            .as_str()
            .unwrap()
            .contains("A hand AZ03#4,AZ17#12 deck AZ08,AZ10 discard -/-/-/AZ03")
    );
    // … or one drawn with the seeded RNG: equal seeds, equal outcomes.
    let roll = |seed: u64| {
        let mut session = Session::new();
        session.ok(&json!({"op":"load","game":"qizhan","position":NIGHT_RAID,"seed":seed}));
        session.play("B", "play CW18");
        let rolled = session.ok(&json!({"op":"roll"}));
        rolled["outcome"].as_str().unwrap().to_owned()
    };
    assert_eq!(roll(3), roll(3));
    assert!(["AZ03#4", "AZ03#9", "AZ17#12"].contains(&roll(3).as_str()));
}

#[test]
fn either_seat_may_concede_at_any_time_and_perft_counts_sequences() {
    let mut session = Session::new();
    session.load("qizhan", NIGHT_RAID);
    let one = session.ok(&json!({"op":"perft","depth":1}));
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(one["nodes"], legal["moves"]["B"].as_array().unwrap().len());
    let two = session.ok(&json!({"op":"perft","depth":2}));
    assert!(two["nodes"].as_u64().unwrap() > 0);
    // A, not to act, concedes (§12.9).
    let conceded = session.play("A", "concede");
    assert!(conceded["position"].as_str().unwrap().starts_with(
        "qizhan over B turn 5 spent 0 bonus 0 played 0 last 11 seq 36 result B concede"
    ));
    assert_eq!(
        session.ok(&json!({"op":"outcome"})),
        json!({"ok":true,"outcome":{"result":"win","winners":["B"],"reason":"concede"}})
    );
    assert_eq!(
        session.ok(&json!({"op":"legal"})),
        json!({"ok":true,"to_move":[],"moves":{}})
    );
    let after = session.ask(&json!({"op":"play","seat":"B","move":"end"}));
    assert_eq!(after["ok"], false);
}

#[test]
fn think_answers_a_listed_move_for_every_player() {
    let mut session = Session::new();
    session.ok(&json!({"op":"new","game":"qizhan","seed":11}));
    for player in ["random", "heuristic", "ismcts:iters=60", "easy"] {
        let answer = session.ok(&json!({"op":"think","seat":"A","player":player,"seed":1}));
        let legal = session.ok(&json!({"op":"legal"}));
        assert!(
            legal["moves"]["A"]
                .as_array()
                .unwrap()
                .contains(&answer["move"]),
            "{player}: {answer}"
        );
    }
    let not_to_act = session.ask(&json!({"op":"think","seat":"B","player":"random"}));
    assert_eq!(not_to_act["ok"], false);
}

#[test]
fn whole_random_games_play_through_the_engine() {
    let mut rng = GameRng::from_seed(77);
    for seed in 0..6 {
        let mut session = Session::new();
        session.ok(&json!({"op":"new","game":"qizhan","seed":seed}));
        let mut plies = 0;
        loop {
            let legal = session.ok(&json!({"op":"legal"}));
            let Some(seat) = legal["to_move"].as_array().unwrap().first().cloned() else {
                break;
            };
            let seat = seat.as_str().unwrap().to_owned();
            if seat == "chance" {
                session.ok(&json!({"op":"roll"}));
            } else {
                // A hostile move first: refused, and nothing changes.
                let before = session.ok(&json!({"op":"position"}));
                let hostile =
                    session.ask(&json!({"op":"play","seat":seat,"move":"play ZZ99 A.L1"}));
                assert_eq!(hostile["ok"], false);
                assert_eq!(session.ok(&json!({"op":"position"})), before);
                let moves = legal["moves"][&seat].as_array().unwrap();
                let action = moves[rng.below(moves.len())].as_str().unwrap().to_owned();
                session.play(&seat, &action);
            }
            plies += 1;
            assert!(plies < 5000, "the game ends");
        }
        let outcome = session.ok(&json!({"op":"outcome"}));
        assert!(outcome["outcome"].is_object(), "{outcome}");
    }
}
