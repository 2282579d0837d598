//! `zhanqi engine` serving 铁与火 (§17.10): every request of the protocol through the registry,
//! and whole random games played through it, rolls and deployments included.

use serde_json::json;
use zhanqi_core::GameRng;
use zhanqi_protocol::EngineSession as Session;

const START: &str = "tiehuo mode=formation logistics=individual fog=off
phase env round 0/0 turn -
env -
p1 L - next 0 -
p1 battle -
p1 reserve DE01,DE01,DE01,DE01,DE02,DE02,DE02,DE03,DE03,DE04,DE04,DE05,DE05,DE05,DE06,DE07,DE08,DE08,DE09,DE10,DE10,DE11,DE12,DE13,DE14,DE15,DE16,DE17,DE18,DE19
p1 discard -
p2 L - next 0 -
p2 battle -
p2 reserve SU01,SU01,SU01,SU02,SU02,SU02,SU03,SU03,SU04,SU04,SU05,SU06,SU06,SU06,SU07,SU07,SU08,SU09,SU10,SU11,SU11,SU12,SU13,SU14,SU14,SU15,SU16,SU17,SU18,SU19
p2 discard -
focus -
pending -";

#[test]
fn games_lists_tiehuo_with_its_two_modes() {
    let mut session = Session::new();
    let games = session.ok(&json!({"op":"games"}));
    let entry = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["game"] == "tiehuo")
        .cloned();
    assert_eq!(
        entry,
        Some(json!({"game":"tiehuo","modes":["formation","alt_history"]}))
    );
}

#[test]
fn new_answers_the_start_position_and_refuses_deployments() {
    let mut session = Session::new();
    let answer = session.ok(&json!({"op":"new","game":"tiehuo","seed":5}));
    assert_eq!(answer["position"], START);
    let alt = session.ok(&json!({"op":"new","game":"tiehuo","mode":"alt_history","seed":5}));
    assert!(
        alt["position"]
            .as_str()
            .unwrap()
            .starts_with("tiehuo mode=alt_history ")
    );
    let refused = session.ask(&json!({"op":"new","game":"tiehuo","seed":5,
        "deployments":{"1":"DE01,DE05"}}));
    assert_eq!(refused["ok"], false, "{refused}");
    let unknown = session.ask(&json!({"op":"new","game":"tiehuo","mode":"blitz","seed":5}));
    assert_eq!(unknown["ok"], false, "{unknown}");
}

#[test]
fn new_takes_every_option_and_refuses_bad_ones() {
    let mut session = Session::new();
    let options = json!({
        "decks": {"1": "ussr", "2": "germany"},
        "fog_of_war": true,
        "logistics_mode": "shared",
        "banned_cards": ["DE06"],
        "deck_min_formation": 20,
        "deck_min_alt_history": 10,
        "logistics_base": 45,
        "logistics_dice": 3,
        "round_threshold": 12,
        "round_step": 15,
        "resupply_max": 2,
        "focus_min_participants": 3,
        "focus_bonus_q": 2,
        "heavy_penalty_q": -1,
        "destroy_on_zero": false,
        "logistics_cost_strict": false
    });
    let answer = session.ok(&json!({"op":"new","game":"tiehuo","seed":1,"options":options}));
    let position = answer["position"].as_str().unwrap();
    assert!(position.starts_with("tiehuo mode=formation logistics=shared fog=on\n"));
    assert!(position.contains("\np1 reserve SU01,"), "{position}");
    // Shared logistics with three dice: one roll, 6³ outcomes, sets both L.
    session.ok(&json!({"op":"play","seat":"chance","move":"5"}));
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(legal["moves"]["chance"].as_array().unwrap().len(), 216);
    let played = session.ok(&json!({"op":"play","seat":"chance","move":"6+6+6"}));
    let position = played["position"].as_str().unwrap();
    assert!(position.contains("\np1 L 63 next 0 -\n"), "{position}");
    assert!(position.contains("\np2 L 63 next 0 -\n"), "{position}");
    for bad in [
        json!({"logistics_base": 30}),
        json!({"fog": true}),
        json!({"decks": {"1": "france"}}),
        json!({"banned_cards": ["ZZ99"]}),
    ] {
        let refused = session.ask(&json!({"op":"new","game":"tiehuo","seed":1,"options":bad}));
        assert_eq!(refused["ok"], false, "{bad} accepted: {refused}");
        assert!(
            refused["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{refused}"
        );
    }
}

#[test]
fn the_rolls_are_chance_nodes_and_the_deployment_is_unlisted() {
    let mut session = Session::new();
    session.ok(&json!({"op":"new","game":"tiehuo","seed":9}));
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(legal["to_move"], json!(["chance"]));
    assert_eq!(
        legal["moves"]["chance"],
        json!(["1", "2", "3", "4", "5", "6"])
    );
    let played = session.ok(&json!({"op":"play","seat":"chance","move":"4"}));
    assert_eq!(played["record"], "4=mountain");
    let roll = session.ok(&json!({"op":"roll"}));
    assert!(roll["outcome"].as_str().unwrap().contains('+'));
    session.ok(&json!({"op":"play","seat":"chance","move":"1+2"}));
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(
        legal,
        json!({"ok":true,"to_move":["1","2"],"moves":{"1":null,"2":null}})
    );
    let perft = session.ask(&json!({"op":"perft","depth":1}));
    assert_eq!(perft["ok"], false, "{perft}");
    // An over-budget deployment is refused with every rule it breaks.
    let refused = session.ask(&json!({"op":"play","seat":"1","move":"DE18,DE18"}));
    assert_eq!(refused["ok"], false);
    let error = refused["error"].as_str().unwrap();
    assert!(error.contains("DE18 is deployed 2 times"), "{error}");
    assert!(error.contains("at least one battle card"), "{error}");
    // A seat's AI chooses a whole deployment from what it sees.
    let think = session.ok(&json!({"op":"think","seat":"1","player":"heuristic","seed":3}));
    let deployment = think["move"].as_str().unwrap().to_owned();
    let played = session.ok(&json!({"op":"play","seat":"1","move":deployment}));
    let mut sorted: Vec<&str> = deployment.split(',').collect();
    sorted.sort_unstable();
    assert_eq!(played["record"], sorted.join(","));
    // Seat 2 sees seat 1's deployment as hidden.
    let view = session.ok(&json!({"op":"view","seat":"2"}));
    assert!(
        view["position"]
            .as_str()
            .unwrap()
            .contains("\np1 battle hidden\np1 reserve hidden\n")
    );
    let refused = session.ask(&json!({"op":"view","seat":"3"}));
    assert_eq!(refused["ok"], false);
}

#[test]
fn load_answers_the_canonical_position_and_refuses_a_view() {
    let mut session = Session::new();
    let shuffled = START.replace("DE01,DE01,DE01,DE01,DE02", "DE02,DE01,DE01,DE01,DE01");
    let loaded = session.ok(&json!({"op":"load","game":"tiehuo","position":shuffled}));
    assert_eq!(loaded["position"], START);
    let view = START.replace("p2 reserve SU01,SU01,SU01,SU02,SU02,SU02,SU03,SU03,SU04,SU04,SU05,SU06,SU06,SU06,SU07,SU07,SU08,SU09,SU10,SU11,SU11,SU12,SU13,SU14,SU14,SU15,SU16,SU17,SU18,SU19", "p2 reserve ?30");
    let refused = session.ask(&json!({"op":"load","game":"tiehuo","position":view}));
    assert_eq!(refused["ok"], false, "{refused}");
}

/// Concession at a resting position, whoever is to act (a chance node is one: see
/// `concede_at_a_chance_node_ends_the_game`).
#[test]
fn concede_ends_the_game_for_either_seat_at_any_resting_position() {
    let mut session = Session::new();
    session.ok(&json!({"op":"new","game":"tiehuo","seed":2}));
    session.ok(&json!({"op":"roll"}));
    session.ok(&json!({"op":"roll"}));
    session.ok(&json!({"op":"roll"}));
    let think = session.ok(&json!({"op":"think","seat":"1","player":"random","seed":1}));
    session.ok(&json!({"op":"play","seat":"1","move":think["move"]}));
    // Seat 1 has deployed and does not act; it may still concede.
    session.ok(&json!({"op":"play","seat":"1","move":"concede"}));
    let outcome = session.ok(&json!({"op":"outcome"}));
    assert_eq!(
        outcome["outcome"],
        json!({"result":"win","winners":["2"],"reason":"concede"})
    );
    let mut session = Session::new();
    session.ok(&json!({"op":"new","game":"tiehuo","seed":2}));
    session.ok(&json!({"op":"roll"}));
    session.ok(&json!({"op":"roll"}));
    session.ok(&json!({"op":"roll"}));
    session.ok(&json!({"op":"play","seat":"2","move":"concede"}));
    let outcome = session.ok(&json!({"op":"outcome"}));
    assert_eq!(
        outcome["outcome"],
        json!({"result":"win","winners":["1"],"reason":"concede"})
    );
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(legal["to_move"], json!([]));
}

/// Plays whole games through the engine: rolls with `roll`, deployments from `think`, every
/// other action drawn from `legal`, each seat's `view` checked to hide the other's cards.
#[test]
fn random_games_play_to_the_end_through_the_engine() {
    for (seed, fog) in [(1u64, false), (2, true), (3, true), (4, false)] {
        let mut session = Session::new();
        session.ok(&json!({"op":"new","game":"tiehuo","seed":seed,
            "options":{"fog_of_war":fog}}));
        play_to_the_end(&mut session, seed, |_| {});
    }
}

/// Plays the session's game to its end: rolls with `roll`, deployments from `think`, every
/// other action drawn from `legal`; under fog, each seat's `view` is checked to hide the other's
/// cards. `seen` is called with the full position after every action.
pub(crate) fn play_to_the_end(session: &mut Session, seed: u64, mut seen: impl FnMut(&str)) {
    let mut rng = GameRng::from_seed(seed);
    let mut plies = 0;
    loop {
        plies += 1;
        assert!(plies < 3000, "seed {seed}: no end");
        let legal = session.ok(&json!({"op":"legal"}));
        let to_move: Vec<String> = legal["to_move"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect();
        let Some(seat) = to_move.first() else { break };
        if seat == "chance" {
            session.ok(&json!({"op":"roll"}));
            continue;
        }
        let moves = &legal["moves"][seat.as_str()];
        let action = if moves.is_null() {
            session.ok(&json!({"op":"think","seat":seat,"player":"random","seed":plies}))["move"]
                .as_str()
                .unwrap()
                .to_owned()
        } else {
            let list = moves.as_array().unwrap();
            list[rng.below(list.len())].as_str().unwrap().to_owned()
        };
        session.ok(&json!({"op":"play","seat":seat,"move":action}));
        let full = session.position();
        seen(&full);
        if full.contains("fog=on") && plies % 7 == 0 {
            let view = session.ok(&json!({"op":"view","seat":"1"}))["position"]
                .as_str()
                .unwrap()
                .to_owned();
            let p2 = |text: &str| {
                text.lines()
                    .find(|l| l.starts_with("p2 battle "))
                    .unwrap()
                    .to_owned()
            };
            if p2(&full).contains('f') {
                assert_ne!(p2(&full), p2(&view), "seat 1 sees seat 2's face-down cards");
            }
        }
    }
    let outcome = session.ok(&json!({"op":"outcome"}));
    assert!(outcome["outcome"]["reason"].is_string(), "{outcome}");
}

#[test]
fn perft_counts_from_a_resting_position_after_the_deployment() {
    let mut session = Session::new();
    session.ok(&json!({"op":"new","game":"tiehuo","seed":3}));
    let nodes = session.ok(&json!({"op":"perft","depth":1}))["nodes"].as_u64();
    assert_eq!(nodes, Some(6));
    session.ok(&json!({"op":"play","seat":"chance","move":"1"}));
    let nodes = session.ok(&json!({"op":"perft","depth":1}))["nodes"].as_u64();
    assert_eq!(nodes, Some(36));
}

/// The damage roll of T27's step 9: P1's focus fire resolves, DE05 rolls its damage next.
const DAMAGE_ROLL: &str = "tiehuo mode=formation logistics=individual fog=on
phase play round 2/2 turn 1
env normal
p1 L 45 next 0 -
p1 battle DE04f,DE05a*1,DE06a*2,DE18
p1 reserve DE02,DE03
p1 discard -
p2 L 46 next 0 -
p2 battle SU01f,SU06*t,SU19
p2 reserve SU02
p2 discard -
focus resolve bonus 2 opts 1,1
pending attack DE05a*1.1 q 6 hits SU06*t/1";

/// T32 at a chance node (17.4, 17.9): a roll is a resting position, so either seat may concede
/// there; every other move of a seat is still refused until chance has been played.
#[test]
fn concede_at_a_chance_node_ends_the_game() {
    // The environment roll, seat 1 conceding.
    let mut session = Session::new();
    session.ok(&json!({"op":"new","game":"tiehuo","seed":2}));
    let refused = session.refused(&json!({"op":"play","seat":"1","move":"done"}));
    assert!(refused.contains("chance node"), "{refused}");
    let played = session.play("1", "concede");
    assert_eq!(played["record"], "concede");
    assert!(
        played["position"]
            .as_str()
            .unwrap()
            .contains("phase over round 0/0 turn - result 2 concede"),
        "{played}"
    );
    assert_eq!(
        session.ok(&json!({"op":"outcome"}))["outcome"],
        json!({"result":"win","winners":["2"],"reason":"concede"})
    );
    session.refused(&json!({"op":"roll"}));

    // A damage roll of a focus fire, seat 2 (not the attacker) conceding: the focus and its
    // marks are gone, the rest unchanged.
    let mut session = Session::new();
    session.load("tiehuo", DAMAGE_ROLL);
    assert_eq!(
        session.ok(&json!({"op":"legal"}))["to_move"],
        json!(["chance"])
    );
    session.refused(&json!({"op":"play","seat":"2","move":"end"}));
    let played = session.play("2", "concede");
    let expected = DAMAGE_ROLL
        .replace("pending attack DE05a*1.1 q 6 hits SU06*t/1", "pending -")
        .replace(
            "phase play round 2/2 turn 1",
            "phase over round 2/2 turn - result 1 concede",
        )
        .replace("DE05a*1,DE06a*2", "DE05a,DE06a")
        .replace("SU06*t", "SU06")
        .replace("focus resolve bonus 2 opts 1,1", "focus -");
    assert_eq!(played["position"], expected);
    assert_eq!(
        session.ok(&json!({"op":"outcome"}))["outcome"],
        json!({"result":"win","winners":["1"],"reason":"concede"})
    );
    assert_eq!(session.ok(&json!({"op":"legal"}))["to_move"], json!([]));
}
