//! The client contract: the core testkit's properties (tables and events hide what each viewer
//! may not see; every choice maps to a listed action and back; random decks pass their own
//! check) over random games with both starter decks either way round, and what a player sees
//! of tables, events, choices and the deck editor.

use serde_json::{Value, json};
use zhanqi_core::testkit::{PlayoutConfig, check_client_contract};
use zhanqi_core::{ClientGame, Game, GameNotation, GameRng, Seat, ToAct, Viewer};
use zhanqi_qizhan::{Qizhan, QizhanOptions};

const A: Seat = Seat::new(0);
const B: Seat = Seat::new(1);

fn options(value: Value) -> QizhanOptions {
    serde_json::from_value(value).expect("options")
}

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 3000,
        seed,
    }
}

#[test]
fn the_client_contract_over_random_standard_games() {
    check_client_contract::<Qizhan>(&QizhanOptions::default(), &config(40, 50_000));
}

#[test]
fn the_client_contract_with_the_starter_decks_swapped() {
    let swapped = options(json!({"decks": {"A": "crimson", "B": "azure"}}));
    check_client_contract::<Qizhan>(&swapped, &config(25, 51_000));
}

#[test]
fn the_client_contract_under_other_parameters() {
    let ring = options(json!({"arms": 2, "frontier_ring": true, "zone_capacity": 1,
                              "fresh_cards_ready": true, "base_ap": 2, "hand_limit": 4}));
    check_client_contract::<Qizhan>(&ring, &config(15, 52_000));
}

fn new_game(seed: u64) -> Qizhan {
    Qizhan::new(&QizhanOptions::default(), seed).unwrap()
}

#[test]
fn a_seat_sees_its_own_hand_and_only_the_size_of_the_other() {
    let game = new_game(4);
    let mine = game.table(Viewer::Seat(A));
    let hand_a = mine["sides"][0]["hand"].as_array().unwrap();
    assert_eq!(hand_a.len(), 10);
    assert!(
        hand_a
            .iter()
            .all(|card| card["id"].as_str().unwrap().starts_with("AZ"))
    );
    assert_eq!(mine["sides"][1]["hand"], Value::Null);
    assert_eq!(mine["sides"][1]["hand_count"], 11);
    assert_eq!(mine["sides"][0]["deck_count"], 20);
    // No card of B's hand is named anywhere in A's table: B plays crimson, its ids start CW.
    assert!(!mine.to_string().contains("\"CW"), "{mine}");
    let spectator = game.table(Viewer::Spectator);
    assert_eq!(spectator["sides"][0]["hand"], Value::Null);
    assert_eq!(spectator["sides"][1]["hand"], Value::Null);
    assert!(!spectator.to_string().contains("\"AZ"));
    let everything = game.table(Viewer::Omniscient);
    assert_eq!(everything["sides"][1]["hand"].as_array().unwrap().len(), 11);
}

/// Plays `text` for `seat`, answering the events each viewer is shown.
fn play(game: &mut Qizhan, seat: Seat, text: &str) -> [Vec<Value>; 3] {
    let action = game.parse_action(seat, text).unwrap();
    let before = game.clone();
    let events = game.apply(seat, &action).unwrap();
    [Viewer::Seat(A), Viewer::Seat(B), Viewer::Spectator]
        .map(|viewer| game.event_views(&before, &action, &events, viewer))
}

#[test]
fn a_swap_shows_the_drawn_card_to_its_owner_only() {
    let mut game = new_game(4);
    let hand: Vec<String> = game.table(Viewer::Seat(A))["sides"][0]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["id"].as_str().unwrap().to_owned())
        .collect();
    let [to_a, to_b, to_spectator] = play(&mut game, A, &format!("swap {}", hand[0]));
    let drew = |events: &[Value]| {
        events
            .iter()
            .find(|e| e["kind"] == "drew")
            .cloned()
            .unwrap()
    };
    assert_eq!(drew(&to_a)["cards"].as_array().unwrap().len(), 1);
    assert_eq!(drew(&to_b)["cards"], Value::Null);
    assert_eq!(drew(&to_b)["count"], 1);
    assert_eq!(drew(&to_spectator)["cards"], Value::Null);
    assert_eq!(to_b[0]["kind"], "swapped");
    assert_eq!(to_b[0]["seat"], "A");
    assert_eq!(to_b[0]["card"], hand[0].as_str());
    // The card swapped away is named (it lies in the public discard pile now).
    assert!(to_b[0]["names"][&hand[0]].is_array(), "{}", to_b[0]);
    // A's drawn card is named for A only.
    let drawn = drew(&to_a)["cards"][0].as_str().unwrap().to_owned();
    assert!(drew(&to_a)["names"][&drawn].is_array());
    assert_eq!(drew(&to_b).get("names"), None);
    assert_eq!(game.moved_by(&to_b[0]), Some(A));
}

/// Plays random listed actions until `stop` holds.
fn play_until(game: &mut Qizhan, seed: u64, stop: impl Fn(&Qizhan) -> bool) {
    let mut rng = GameRng::from_seed(seed);
    let mut actions = Vec::new();
    for _ in 0..2000 {
        if stop(game) {
            return;
        }
        match game.to_act() {
            ToAct::Over => return,
            ToAct::Chance => {
                game.roll().unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().unwrap();
                actions.clear();
                game.legal_actions(seat, &mut actions);
                let action = actions[rng.below(actions.len())];
                game.apply(seat, &action).unwrap();
            }
        }
    }
    panic!("the condition never came");
}

#[test]
fn an_attack_is_three_clicks_and_its_preview_matches_what_happens() {
    for seed in 0..40 {
        let mut game = new_game(seed);
        play_until(&mut game, seed, |game| {
            let ToAct::Seats(seats) = game.to_act() else {
                return false;
            };
            let mut actions = Vec::new();
            game.legal_actions(seats.lowest().unwrap(), &mut actions);
            actions
                .iter()
                .any(|a| matches!(a, zhanqi_qizhan::Action::Attack(..)))
        });
        if game.outcome().is_some() {
            continue;
        }
        let ToAct::Seats(seats) = game.to_act() else {
            unreachable!()
        };
        let seat = seats.lowest().unwrap();
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        let attack = actions
            .iter()
            .find(|a| matches!(a, zhanqi_qizhan::Action::Attack(..)))
            .unwrap();
        let choice = game.choice(seat, attack);
        assert_eq!(choice.clicks.len(), 3, "{choice:?}");
        assert!(choice.clicks[0].starts_with("card:") && choice.clicks[1].starts_with("card:"));
        assert_eq!(choice.clicks[2], "attack");
        let table = game.table(Viewer::Seat(seat));
        let attacker = &choice.clicks[0]["card:".len()..];
        let target = &choice.clicks[1]["card:".len()..];
        let preview = table["attacks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["attacker"] == attacker && p["target"] == target)
            .cloned()
            .expect("a preview of every listed attack");
        let [shown, ..] = play(&mut game, seat, &choice.action);
        let attacked = shown.iter().find(|e| e["kind"] == "attacked").unwrap();
        assert_eq!(attacked["damage"], preview["damage"]);
        assert_eq!(attacked["counter"], preview["counter"]);
        return;
    }
    panic!("no game reached an attack");
}

#[test]
fn the_deck_editor_checks_every_rule_and_writes_decks_canonically() {
    let game = new_game(1);
    let starter = game.check_setup(A, "\"azure\"").unwrap();
    assert_eq!(game.check_setup(A, &starter).unwrap(), starter);
    let ids: Vec<String> = serde_json::from_str(&starter).unwrap();
    assert_eq!(ids.len(), 30);
    assert!(ids.windows(2).all(|pair| pair[0] <= pair[1]));
    // Four generals AZ01, one crimson card, two cards short, an unknown id: each named.
    let mut broken: Vec<Value> = ids[..26].iter().map(|id| json!(id)).collect();
    broken.extend([json!("AZ01"), json!("CW03"), json!("XX99")]);
    let error = game
        .check_setup(A, &Value::Array(broken).to_string())
        .unwrap_err();
    let all = error.violations.join("\n");
    assert!(
        all.contains("card XX99 is not in this game's card table"),
        "{all}"
    );
    assert!(
        all.contains("the deck holds 29 cards; it must hold exactly 30"),
        "{all}"
    );
    assert!(all.contains("the general AZ01 has 2 copies"), "{all}");
    assert!(all.contains("mixes the factions azure, crimson"), "{all}");
    assert!(
        error.violations.iter().all(|v| v.contains(" / ")),
        "zh and en: {all}"
    );
    assert!(!all.contains('§'), "no rule ids: {all}");
    assert_eq!(error.violations.len(), 4, "{all}");
}

#[test]
fn a_custom_card_in_a_deck_is_checked_field_by_field() {
    let game = new_game(1);
    let bad = json!([{"id": "XX01", "faction": "azure", "kind": "troop", "cost": 2, "troops": 0,
                      "atk": 2, "range": 0, "copies": 2}]);
    let error = game.check_setup(A, &bad.to_string()).unwrap_err();
    let all = error.violations.join("\n");
    assert!(all.contains("card XX01, field troops"), "{all}");
    assert!(all.contains("card XX01, field range"), "{all}");
    let mut good: Vec<Value> =
        serde_json::from_str(&game.check_setup(A, "\"azure\"").unwrap()).unwrap();
    good.truncate(28);
    good.push(
        json!({"id": "XX01", "faction": "azure", "kind": "troop", "cost": 2, "troops": 4,
                     "atk": 2, "range": 1, "counter": true, "copies": 2}),
    );
    let checked = game
        .check_setup(A, &Value::Array(good).to_string())
        .unwrap();
    assert!(checked.contains("\"copies\":2"), "{checked}");
    let options = game.setup_options(&[(B, &checked)]).unwrap().unwrap();
    assert_eq!(options["decks"]["B"].as_array().unwrap().len(), 29);
    let played = Qizhan::options_for(None, Some(&options)).unwrap();
    let game = Qizhan::new(&played, 9).unwrap();
    assert!(game.position(Viewer::Omniscient).contains("XX01"));
}

#[test]
fn random_decks_are_legal_and_canonical() {
    let game = new_game(0);
    for seed in 0..8 {
        let deck = game.random_setup(A, &mut GameRng::from_seed(seed)).unwrap();
        assert_eq!(game.check_setup(A, &deck).unwrap(), deck);
        let view = game.setup_view(A, &deck).unwrap();
        assert!(view.get("violations").is_none());
        assert!(view["catalogue"].as_array().unwrap().len() >= 36);
    }
}

#[test]
fn every_lobby_option_is_accepted_at_its_default_and_bounds() {
    for field in Qizhan::option_fields() {
        let value = json!({ field.key: field.default });
        Qizhan::options_for(None, Some(&value)).unwrap_or_else(|e| panic!("{}: {e}", field.key));
        assert!(!field.label_zh.is_empty() && !field.label_en.is_empty());
    }
}

#[test]
fn concession_is_the_resign_platform_action_at_any_time() {
    let mut game = new_game(2);
    assert!(game.allows(B, zhanqi_core::PlatformAction::Resign));
    assert!(!game.allows(B, zhanqi_core::PlatformAction::OfferDraw));
    let concede = game
        .platform_action(zhanqi_core::PlatformAction::Resign)
        .unwrap();
    game.apply(B, &concede).unwrap();
    assert_eq!(game.outcome().unwrap().reason, "concede");
    assert_eq!(Qizhan::profile_family(), "qizhan");
    // §7.1(b): the platform draws who takes side A.
    assert!(game.first_player_drawn());
}

/// Every kind of reason a refused qizhan deck gives: each needs a sentence in both languages.
const REFUSAL_KINDS: &[&str] = &[
    "deck_unreadable",
    "no_starter_deck",
    "copies_below_one",
    "defined_twice",
    "card_definition",
    "not_in_table",
    "deck_size",
    "general_copies",
    "too_many_copies",
    "mixed_factions",
    "deck_breaks_rules",
];

#[test]
fn a_refused_deck_gives_typed_reasons_naming_its_cards() {
    let game = new_game(0);
    let deck = game.random_setup(A, &mut GameRng::from_seed(1)).unwrap();
    let mut ids: Vec<String> = serde_json::from_str(&deck).unwrap();
    let general = ids
        .iter()
        .find(|id| id.as_str() == "AZ01" || id.as_str() == "CW01")
        .cloned();
    ids.push(general.clone().unwrap_or_else(|| ids[0].clone()));
    ids.push("XX99".to_owned());
    let error = game.check_setup(A, &json!(ids).to_string()).unwrap_err();
    let kinds: Vec<&str> = error
        .reasons
        .iter()
        .map(|reason| reason.kind.as_str())
        .collect();
    assert_eq!(error.reasons.len(), error.violations.len(), "{error}");
    assert!(
        kinds.contains(&"not_in_table") && kinds.contains(&"deck_size"),
        "{kinds:?}"
    );
    for reason in &error.reasons {
        zhanqi_core::testkit::assert_player_vocabulary(reason);
        assert!(REFUSAL_KINDS.contains(&reason.kind.as_str()), "{reason:?}");
    }
    let unreadable = game.check_setup(A, "not json").unwrap_err();
    assert_eq!(unreadable.reasons[0].kind, "deck_unreadable");
}

#[test]
fn every_refusal_kind_has_an_english_and_a_chinese_sentence() {
    let strings = include_str!("../../../web/games/qizhan/strings.js");
    let missing = zhanqi_core::testkit::missing_refusal_strings(strings, REFUSAL_KINDS);
    assert!(
        missing.is_empty(),
        "web/games/qizhan/strings.js lacks {missing:?}"
    );
}
