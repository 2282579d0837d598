//! The card schema (§4), its validation (§4.3), the starter decks (§10), deck construction
//! (§9) and the options of §12.11.

use zhanqi_core::{Game, GameNotation, Viewer};
use zhanqi_qizhan::{
    CardRules, CardSpec, Kind, Qizhan, QizhanOptions, STARTER_DECKS, read_deck_file,
};

const RULES: CardRules = CardRules { building_cost: 3 };

fn spec(json: serde_json::Value) -> CardSpec {
    serde_json::from_value(json).expect("a card definition")
}

fn violations(json: serde_json::Value) -> Vec<String> {
    match spec(json).compile(RULES) {
        Ok(_) => Vec::new(),
        Err(violations) => violations.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn both_starter_decks_load_through_the_designer_path() {
    for (faction, text) in STARTER_DECKS {
        let cards = read_deck_file(text).expect("the deck file reads");
        let copies: i64 = cards.iter().map(|c| c.copies.unwrap_or(1)).sum();
        assert_eq!(copies, 30, "{faction}");
        let mut kinds = [0i64; 7];
        for card in &cards {
            let compiled = card.compile(RULES).expect("every starter card is valid");
            assert_eq!(compiled.faction, faction);
            kinds[Kind::ALL.iter().position(|&k| k == compiled.kind).unwrap()] +=
                card.copies.unwrap_or(1);
        }
        // Generals 2, troops 16, buildings 3, equipment 3, skills 3, soul 1, events 2.
        assert_eq!(kinds, [2, 16, 3, 3, 3, 1, 2], "{faction}");
    }
}

#[test]
fn a_main_card_needs_troops_atk_and_range() {
    let found = violations(serde_json::json!({"id": "XX01", "kind": "troop", "cost": 1}));
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.iter().all(|v| v.starts_with("card XX01, field ")));
    assert!(found.iter().any(|v| v.contains("field troops")));
}

#[test]
fn rule_a_troops_at_least_one() {
    let found = violations(serde_json::json!(
        {"id": "XX01", "kind": "troop", "cost": 1, "troops": 0, "atk": 1, "range": 1}
    ));
    assert_eq!(found.len(), 1);
    assert!(found[0].contains("field troops"));
}

#[test]
fn rule_b_atk_zero_exactly_when_range_zero() {
    let found = violations(serde_json::json!(
        {"id": "XX01", "kind": "troop", "cost": 1, "troops": 2, "atk": 0, "range": 1}
    ));
    assert_eq!(found.len(), 1);
    assert!(found[0].contains("field range"));
}

#[test]
fn rule_c_buildings_cost_building_cost_and_never_move_fast() {
    let found = violations(serde_json::json!(
        {"id": "XB", "kind": "building", "cost": 2, "troops": 2, "atk": 1, "range": 1,
         "keywords": ["swift", "charge"]}
    ));
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.iter().any(|v| v.contains("field cost")));
    assert!(
        found
            .iter()
            .filter(|v| v.contains("field keywords"))
            .count()
            == 2
    );
}

#[test]
fn rule_d_deploy_zones_within_zones() {
    let found = violations(serde_json::json!(
        {"id": "XX01", "kind": "troop", "cost": 1, "troops": 2, "atk": 1, "range": 1,
         "deploy_zones": ["front"], "zones": ["landing"]}
    ));
    assert_eq!(found.len(), 1);
    assert!(found[0].contains("field deploy_zones"));
}

#[test]
fn rule_e_events_have_no_range_and_no_source_selector() {
    let found = violations(serde_json::json!(
        {"id": "XE", "kind": "event", "cost": 1,
         "effects": ["play>damage(1)@enemy:r2", "play>heal(1)@self", "play>heal(1)@friends_zone"]}
    ));
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("field effects[0]"));
    assert!(found[2].contains("field effects[2]"));
}

#[test]
fn every_violation_of_one_card_is_reported_at_once() {
    let found = violations(serde_json::json!(
        {"id": "bad id", "kind": "troop", "cost": 300, "troops": 0, "atk": 1, "range": 0,
         "attack_type": "magic", "keywords": ["flying"], "effects": ["play>zap(1)@enemy"]}
    ));
    for field in [
        "id",
        "cost",
        "troops",
        "range",
        "attack_type",
        "keywords",
        "effects[0]",
    ] {
        assert!(
            found.iter().any(|v| v.contains(&format!("field {field}:"))),
            "{field} missing from {found:?}"
        );
    }
}

#[test]
fn main_card_keys_on_an_aux_card_are_refused() {
    let found = violations(serde_json::json!(
        {"id": "XQ", "kind": "equipment", "cost": 1, "atk": 2, "attach": false}
    ));
    assert!(found.iter().any(|v| v.contains("field atk")));
    assert!(found.iter().any(|v| v.contains("field attach")));
}

#[test]
fn defaults_fill_what_a_definition_leaves_out() {
    let card = spec(serde_json::json!(
        {"id": "XX01", "kind": "troop", "cost": 2, "troops": 4, "atk": 2, "range": 1}
    ))
    .compile(RULES)
    .unwrap();
    assert_eq!(
        (
            card.name.as_str(),
            card.name_zh.as_str(),
            card.faction.as_str()
        ),
        ("XX01", "XX01", "neutral")
    );
    assert!(!card.counter && card.armour == 0 && !card.attach);
    let skill = spec(serde_json::json!({"id": "XS", "kind": "equipment", "cost": 0}))
        .compile(RULES)
        .unwrap();
    assert!(skill.attach);
}

/// A crimson deck list of 30: the spec's example with a custom troop and a custom event.
fn custom_deck() -> serde_json::Value {
    let mut list = vec![
        serde_json::json!("CW01"),
        serde_json::json!("CW02"),
        serde_json::json!({"id": "XX01", "faction": "crimson", "kind": "troop", "cost": 2,
            "troops": 4, "atk": 2, "range": 1, "counter": true, "copies": 3}),
        serde_json::json!("XX02"),
        serde_json::json!("XX02"),
    ];
    for id in [
        "CW03", "CW04", "CW05", "CW06", "CW07", "CW08", "CW10", "CW12",
    ] {
        for _ in 0..2 {
            list.push(serde_json::json!(id));
        }
    }
    for id in ["CW09", "CW11", "CW13", "CW14", "CW15", "CW16", "CW17"] {
        list.push(serde_json::json!(id));
    }
    serde_json::json!({
        "cards": [{"id": "XX02", "kind": "event", "cost": 1, "effects": ["play>draw(1)@player"]}],
        "decks": {"B": list}
    })
}

#[test]
fn custom_cards_and_deck_lists_join_the_game() {
    let options = Qizhan::options_for(None, Some(&custom_deck())).expect("valid options");
    let game = Qizhan::new(&options, 7).expect("a game");
    let position = game.position(Viewer::Omniscient);
    assert!(position.contains("XX0"), "{position}");
    let round_trip: QizhanOptions =
        serde_json::from_value(serde_json::to_value(&options).unwrap()).unwrap();
    assert_eq!(round_trip, options);
}

#[test]
fn decks_break_section_9_in_every_way_reported() {
    let mut options = custom_deck();
    let list = options["decks"]["B"].as_array_mut().unwrap();
    list.push(serde_json::json!("CW01"));
    list.push(serde_json::json!("CW03"));
    list.push(serde_json::json!("CW03"));
    list.push(serde_json::json!("AZ03"));
    let error = Qizhan::options_for(None, Some(&options))
        .unwrap_err()
        .to_string();
    for part in [
        "holds 34 cards",
        "general CW01",
        "copies of CW03",
        "mixes the factions",
    ] {
        assert!(error.contains(part), "'{part}' missing from {error}");
    }
}

#[test]
fn options_refuse_unknown_keys_bad_values_and_cross_side_moves() {
    for (options, part) in [
        (serde_json::json!({"armies": 4}), "unknown field"),
        (serde_json::json!({"arms": -1}), "invalid value"),
        (
            serde_json::json!({"cross_side_move": true}),
            "cross_side_move",
        ),
        (serde_json::json!({"arms": 0}), "arms is 0"),
        (
            serde_json::json!({"building_cost": 2}),
            "card AZ10, field cost",
        ),
        (
            serde_json::json!({"decks": {"A": "jade"}}),
            "'jade' is not a faction",
        ),
        (
            serde_json::json!({"cards": [{"id": "X1", "kind": "event", "cost": 1},
                                         {"id": "X1", "kind": "event", "cost": 1}]}),
            "defined twice",
        ),
    ] {
        let error = Qizhan::options_for(None, Some(&options))
            .unwrap_err()
            .to_string();
        assert!(error.contains(part), "'{part}' missing from {error}");
    }
}

#[test]
fn every_parameter_is_an_option() {
    let options = serde_json::json!({
        "arms": 5, "frontier_ring": true, "zone_capacity": 0, "deck_size": 30, "max_copies": 3,
        "opening_hand": 8, "second_player_extra_cards": 2, "hand_limit": 9, "cost_start": 2,
        "cost_growth": 2, "cost_max": 8, "building_cost": 3, "min_damage": 0,
        "destroy_on_zero": false, "fresh_cards_ready": true, "base_ap": 2, "base_mp": 2,
        "swift_mp": 3, "equip_limit": 1, "turn_limit": 12,
        "decks": {"A": "crimson", "B": "azure"}
    });
    let options = Qizhan::options_for(None, Some(&options)).expect("valid");
    let game = Qizhan::new(&options, 3).unwrap();
    let position = game.position(Viewer::Omniscient);
    assert!(position.starts_with("qizhan swap A turn 1 spent 0 bonus 0 played 0 last 00 seq 18"));
    assert!(position.lines().nth(1).unwrap().contains("CW"));
    assert_eq!(game.budget(), 2);
}
