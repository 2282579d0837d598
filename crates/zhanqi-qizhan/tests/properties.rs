//! The core testkit's properties over random games: the standard decks, alternative
//! parameters of §3, and random legal decks, some holding random custom cards whose effects
//! cover the whole vocabulary of §5 (shift, revive, exile, stun, discard …).
//!
//! Every property is checked at every position of about two hundred games; views and
//! determinization at every position of 300 more; games end and replays reproduce over 3,000
//! more.

use zhanqi_core::GameRng;
use zhanqi_core::testkit::{PlayoutConfig, Property, check, check_all};
use zhanqi_qizhan::{Qizhan, QizhanOptions, starter_deck};

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 3000,
        seed,
    }
}

const CHEAP: [Property; 2] = [Property::GamesEnd, Property::ReplayReproduces];

#[test]
fn every_property_over_random_standard_games() {
    check_all::<Qizhan>(&QizhanOptions::default(), &config(60, 0));
}

/// Alternatives of §3, each changing several parameters.
fn alternatives() -> Vec<QizhanOptions> {
    let json = [
        serde_json::json!({"arms": 2, "frontier_ring": true, "zone_capacity": 1, "turn_limit": 10}),
        serde_json::json!({"zone_capacity": 0, "fresh_cards_ready": true, "destroy_on_zero": false,
                           "min_damage": 0, "hand_limit": 3}),
        serde_json::json!({"arms": 6, "cost_start": 3, "cost_growth": 2, "cost_max": 7,
                           "opening_hand": 5, "second_player_extra_cards": 0, "equip_limit": 1,
                           "decks": {"A": "crimson", "B": "azure"}}),
        serde_json::json!({"base_ap": 2, "base_mp": 0, "swift_mp": 1, "turn_limit": 0,
                           "hand_limit": 0}),
    ];
    json.iter()
        .map(|value| serde_json::from_value(value.clone()).expect("options"))
        .collect()
}

#[test]
fn every_property_under_alternative_parameters() {
    for (index, options) in alternatives().iter().enumerate() {
        check_all::<Qizhan>(options, &config(12, 1000 * (index as u64 + 1)));
    }
}

/// A random effect of the vocabulary that a card of `kind` may carry.
fn random_effect(rng: &mut GameRng, kind: &str) -> String {
    let triggers: &[&str] = match kind {
        "general" | "troop" | "building" => {
            &["play", "static", "attack", "turn_start", "destroyed"]
        }
        "equipment" => &["static", "play", "attack", "turn_start", "destroyed"],
        _ => &["play"],
    };
    let trigger = triggers[rng.below(triggers.len())];
    let ops = [
        "damage(2)",
        "heal(2)",
        "buff(atk,1)",
        "buff(armour,-1)",
        "buff(max_troops,-2)",
        "buff(range,1)",
        "reinforce(1)",
        "points(1,1)",
        "draw(1)",
        "discard(2)",
        "destroy(2)",
        "shift()",
        "exile()",
        "revive(4)",
        "cost(1)",
        "grant(guard)",
        "grant(swift)",
        "grant(charge)",
        "stun()",
    ];
    let op = ops[rng.below(ops.len())];
    let selectors: &[&str] = if kind == "event" {
        &[
            "friend",
            "enemy",
            "any",
            "enemy_zone",
            "all_friends",
            "all_enemies",
            "all",
            "player",
            "opponent",
        ]
    } else {
        &[
            "self",
            "friend",
            "enemy",
            "any",
            "friends_zone",
            "enemy_zone",
            "all_friends",
            "all_enemies",
            "all",
            "player",
            "opponent",
        ]
    };
    let selector = selectors[rng.below(selectors.len())];
    let duration = if op.starts_with("buff") || op.starts_with("grant") {
        [":turn", ":round", ":perm", ""][rng.below(4)]
    } else {
        ""
    };
    let range = if kind == "event" || rng.coin() {
        String::new()
    } else {
        format!(":r{}", 1 + rng.below(3))
    };
    format!("{trigger}>{op}{duration}@{selector}{range}")
}

/// A random custom card of `faction`.
fn random_card(rng: &mut GameRng, id: &str, faction: &str) -> serde_json::Value {
    let kinds = [
        "troop",
        "troop",
        "general",
        "building",
        "equipment",
        "skill",
        "soul",
        "event",
    ];
    let kind = kinds[rng.below(kinds.len())];
    let effects: Vec<String> = (0..1 + rng.below(2))
        .map(|_| random_effect(rng, kind))
        .collect();
    let mut card = serde_json::json!({
        "id": id, "faction": faction, "kind": kind, "cost": rng.below(4), "effects": effects,
    });
    match kind {
        "troop" | "general" | "building" => {
            let atk = rng.below(4);
            card["troops"] = (1 + rng.below(6)).into();
            card["atk"] = atk.into();
            card["range"] = if atk == 0 { 0 } else { 1 + rng.below(2) }.into();
            card["armour"] = rng.below(2).into();
            card["counter"] = rng.coin().into();
            card["attack_type"] = ["strike", "pierce", "siege"][rng.below(3)].into();
            card["deploy_zones"] = serde_json::json!(["landing"]);
            if kind == "building" {
                card["cost"] = 3.into();
            } else {
                let keywords: [&[&str]; 4] = [&["charge"], &["swift"], &["guard"], &[]];
                card["keywords"] = serde_json::json!(keywords[rng.below(4)]);
            }
        }
        "skill" => card["attach"] = rng.coin().into(),
        _ => {}
    }
    card
}

/// A random legal deck list of one faction, with `customs` random custom cards.
fn random_deck(rng: &mut GameRng, side: &str, customs: usize) -> serde_json::Value {
    let faction = ["azure", "crimson"][rng.below(2)];
    let mut list: Vec<serde_json::Value> = Vec::new();
    for index in 0..customs {
        let mut card = random_card(rng, &format!("R{side}{index}"), faction);
        let copies = if card["kind"] == "general" {
            1
        } else {
            1 + rng.below(2)
        };
        card["copies"] = copies.into();
        list.push(card);
    }
    let mut count: usize = list
        .iter()
        .map(|c| c["copies"].as_u64().unwrap_or(1) as usize)
        .sum();
    let cards = starter_deck(faction).expect("a starter deck");
    while count < 30 {
        let card = &cards[rng.below(cards.len())];
        let limit = if card.kind.as_deref() == Some("general") {
            1
        } else {
            3
        };
        let held = list
            .iter()
            .filter(|c| c.as_str() == Some(card.id.as_str()))
            .count();
        if held < limit {
            list.push(card.id.clone().into());
            count += 1;
        }
    }
    serde_json::Value::Array(list)
}

fn random_deck_options(seed: u64, customs: usize) -> QizhanOptions {
    let mut rng = GameRng::from_seed(seed);
    let value = serde_json::json!({"decks": {
        "A": random_deck(&mut rng, "A", customs),
        "B": random_deck(&mut rng, "B", customs),
    }});
    serde_json::from_value(value).expect("options")
}

#[test]
fn every_property_with_random_legal_decks() {
    for seed in 0..8 {
        let options = random_deck_options(seed, 0);
        check_all::<Qizhan>(&options, &config(5, 2000 + 100 * seed));
    }
}

#[test]
fn every_property_with_random_custom_cards() {
    for seed in 0..16 {
        let options = random_deck_options(10_000 + seed, 6);
        check_all::<Qizhan>(&options, &config(5, 3000 + 100 * seed));
    }
}

#[test]
fn thousands_of_standard_games_end_and_replay() {
    check::<Qizhan>(&QizhanOptions::default(), &config(2000, 100_000), &CHEAP);
}

/// Views hide the hands and decks, and determinize resamples them from what the observer
/// knows, at every position of hundreds of games.
#[test]
fn hundreds_of_games_hide_and_determinize_at_every_position() {
    let properties = [Property::ViewsHide, Property::DeterminizeIgnoresTruth];
    check::<Qizhan>(
        &QizhanOptions::default(),
        &config(300, 200_000),
        &properties,
    );
}

#[test]
fn thousands_of_games_with_random_decks_and_cards_end_and_replay() {
    for seed in 0..40 {
        let options = random_deck_options(20_000 + seed, (seed % 5) as usize * 2);
        check::<Qizhan>(&options, &config(25, 400_000 + 1000 * seed), &CHEAP);
    }
}
