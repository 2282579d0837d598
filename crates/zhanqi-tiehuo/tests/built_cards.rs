//! Tanks built with the card builder (§14) in games: the options' `built_cards`, through the
//! engine (`new`, `load`, a room's deck files as `new`'s setups), refused definitions, and the
//! testkit's properties over random games whose decks hold random built tanks.

use serde_json::{Value, json};
use zhanqi_core::testkit::check_all;
use zhanqi_core::{ClientGame, Game, GameNotation, GameRng, Seat};
use zhanqi_protocol::EngineSession as Session;
use zhanqi_tiehuo::builder::{Recipe, groups};
use zhanqi_tiehuo::deck_file::{BuiltAbility, BuiltCard};
use zhanqi_tiehuo::{DeckChoice, Decks, Player, Tiehuo, TiehuoOptions};

use crate::engine::play_to_the_end;
use crate::properties::config;

/// A tank as a deck file defines it: P = 6, cv 18, logistics 6.
fn tiger(id: &str) -> Value {
    json!({
        "id": id, "name": "Tiger II", "name_zh": "虎王", "category": "armour",
        "builder": {"engine": "petrol", "chassis": "tracked", "suspension": "torsion_bar",
            "suspension_addons": ["interleaved"], "transmission": "hydromech",
            "armour": "rolled", "armour_addons": ["sloped"]},
        "attacks": ["AP: vs arm 3~5", "HE: vs inf,rng 2~3 t1~2"],
        "abilities": [{"ability": "field_repair", "mode": "latent"}]
    })
}

/// The ids of a seat's default deck (seat 1 German, seat 2 Soviet), one a copy, sorted.
fn default_ids(player: Player) -> Vec<String> {
    let game = Tiehuo::new(&TiehuoOptions::default(), 0).unwrap();
    game.player(player)
        .reserve
        .iter()
        .map(|&c| game.catalog().card(c).id.clone())
        .collect()
}

/// The German deck with its last cards replaced by `copies` of `id`.
fn deck_with(id: &str, copies: usize) -> Value {
    let mut ids = default_ids(Player::One);
    ids.truncate(30 - copies);
    ids.extend(std::iter::repeat_n(id.to_owned(), copies));
    json!(ids)
}

#[test]
fn a_built_tank_in_a_deck_plays_to_the_end_through_the_engine() {
    for (seed, fog) in [(11u64, false), (12, true)] {
        let mut session = Session::new();
        let options = json!({"fog_of_war": fog, "built_cards": [tiger("XT01")],
            "decks": {"1": deck_with("XT01", 12), "2": "ussr"}});
        let start = session.ok(&json!({"op":"new","game":"tiehuo","seed":seed,
            "options": options}));
        let reserve = start["position"].as_str().unwrap().lines().nth(5).unwrap();
        assert!(reserve.contains("XT01,XT01"), "{reserve}");
        let mut fielded = None;
        play_to_the_end(&mut session, seed, |position| {
            let battle = position.lines().nth(4).unwrap_or_default();
            if fielded.is_none() && battle.contains("XT01") {
                fielded = Some(position.to_owned());
            }
        });
        // The tank was deployed; a position holding it loads with the options that define it,
        // and without them is refused, naming the card.
        let position = fielded.expect("seat 1 deploys a built tank");
        let loaded = session.ok(&json!({"op":"load","game":"tiehuo","position":position,
            "options": {"built_cards": [tiger("XT01")]}}));
        assert_eq!(loaded["position"], position.as_str());
        let refused = session.ask(&json!({"op":"load","game":"tiehuo","position":position}));
        assert_eq!(refused["ok"], false, "{refused}");
        assert!(
            refused["error"].as_str().unwrap().contains("XT01"),
            "{refused}"
        );
    }
}

#[test]
fn a_bad_built_card_is_refused_naming_the_card_and_the_field() {
    let mut wrong = tiger("XT02");
    wrong["builder"]["engine"] = json!("steam");
    wrong["cv"] = json!(30);
    let mut session = Session::new();
    let options = json!({"built_cards": [wrong, tiger("DE05")],
        "decks": {"1": deck_with("XT02", 3)}});
    let refused = session.ask(&json!({"op":"new","game":"tiehuo","seed":1,"options":options}));
    assert_eq!(refused["ok"], false, "{refused}");
    let error = refused["error"].as_str().unwrap();
    for part in [
        "card XT02, field builder: the engine 'steam' is not in table 301",
        "牌 XT02 的 builder 字段有误",
        "card DE05: a card of the default decks has this id",
    ] {
        assert!(error.contains(part), "{part} in {error}");
    }
    // A built card's copies are the deck's business, and an id is defined once.
    let twice = json!({"built_cards": [tiger("XT03"), tiger("XT03")]});
    let refused = session.ask(&json!({"op":"new","game":"tiehuo","seed":1,"options":twice}));
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("card XT03 is defined twice"),
        "{refused}"
    );
    let mut copies = tiger("XT04");
    copies["copies"] = json!(2);
    let refused = session.ask(&json!({"op":"new","game":"tiehuo","seed":1,
        "options":{"built_cards":[copies]}}));
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("card XT04, field copies"),
        "{refused}"
    );
}

/// A deck file as the room's deck editor keeps it: the German deck less three cards, and a
/// built tank in three copies.
fn deck_file_with_tank(id: &str) -> String {
    let mut entries = deck_with("DE01", 0).as_array().unwrap()[..27].to_vec();
    let mut tank = tiger(id);
    tank["copies"] = json!(3);
    entries.push(tank);
    Value::Array(entries).to_string()
}

#[test]
fn a_room_turns_deck_files_with_built_tanks_into_options() {
    let game = Tiehuo::new(&TiehuoOptions::default(), 4).unwrap();
    let file = deck_file_with_tank("XT05");
    let options = game
        .setup_options(&[(Seat::new(0), file.as_str())])
        .unwrap()
        .unwrap();
    assert_eq!(options["built_cards"][0]["id"], "XT05");
    assert_eq!(options["built_cards"][0]["cv"], 18);
    assert!(
        options["built_cards"][0].get("copies").is_none(),
        "{options}"
    );
    let started = Tiehuo::new(&Tiehuo::options_for(None, Some(&options)).unwrap(), 4).unwrap();
    let reserve = &started.player(Player::One).reserve;
    let tanks = reserve
        .iter()
        .filter(|&&c| started.catalog().card(c).id == "XT05")
        .count();
    assert_eq!((reserve.len(), tanks), (30, 3));
    // Both seats may build the same tank; two different tanks under one id are refused.
    let same = game
        .setup_options(&[(Seat::new(0), file.as_str()), (Seat::new(1), file.as_str())])
        .unwrap()
        .unwrap();
    assert_eq!(same["built_cards"].as_array().unwrap().len(), 1);
    let other = file.replace("\"AP: vs arm 3~5\"", "\"AP: vs arm 2~5\"");
    let refused = game
        .setup_options(&[
            (Seat::new(0), file.as_str()),
            (Seat::new(1), other.as_str()),
        ])
        .unwrap_err();
    assert_eq!(refused.reasons[0].kind, "defined_by_both_seats");
    assert!(
        refused.violations[0].contains("seat 2: the other seat defines a different card"),
        "{refused}"
    );
}

#[test]
fn engine_new_with_deck_files_as_setups_starts_and_replays_alike() {
    // The server starts (and restores) a room's game from the stored deck files this way.
    let request = json!({"op":"new","game":"tiehuo","seed":8,
        "deployments":{"1": deck_file_with_tank("XT06"), "2": "\"ussr\""}});
    let mut first = Session::new();
    let start = first.ok(&request);
    assert!(
        start["position"]
            .as_str()
            .unwrap()
            .contains("XT06,XT06,XT06"),
        "{start}"
    );
    let mut moves = Vec::new();
    play_to_the_end(&mut first, 8, |position| moves.push(position.to_owned()));
    let mut again = Session::new();
    assert_eq!(again.ok(&request)["position"], start["position"]);
    assert!(
        moves
            .iter()
            .any(|p| p.lines().nth(4).unwrap().contains("XT06"))
    );
}

/// A random tank of table 301 with one or two attack options and up to two abilities.
fn random_tank(id: &str, rng: &mut GameRng) -> BuiltCard {
    let groups = groups();
    let primary = |rng: &mut GameRng, group: usize| {
        let options = &groups[group].primaries;
        options[rng.below(options.len())].id.to_owned()
    };
    let addons = |rng: &mut GameRng, group: usize| {
        groups[group]
            .addons
            .iter()
            .filter(|_| rng.below(3) == 0)
            .map(|option| option.id.to_owned())
            .collect::<Vec<_>>()
    };
    let builder = Recipe {
        engine: primary(rng, 0),
        chassis: primary(rng, 1),
        suspension: primary(rng, 2),
        suspension_addons: addons(rng, 2),
        transmission: primary(rng, 3),
        transmission_addons: addons(rng, 3),
        armour: primary(rng, 4),
        armour_addons: addons(rng, 4),
    };
    const CATEGORIES: [&str; 4] = ["inf", "arm", "air", "rng"];
    let mut attacks = Vec::new();
    for label in ["AP", "HE"].iter().take(1 + rng.below(2)) {
        let low = 1 + rng.below(4);
        let high = low + rng.below(3);
        let reach: Vec<&str> = CATEGORIES
            .iter()
            .copied()
            .filter(|_| rng.below(2) == 0)
            .collect();
        let reach = if reach.is_empty() {
            "arm".to_owned()
        } else {
            reach.join(",")
        };
        let extra = match rng.below(5) {
            0 => " h1~2",
            1 => " t1~3",
            2 => " c1",
            3 => " opp-1",
            _ => "",
        };
        attacks.push(format!("{label}: vs {reach} {low}~{high}{extra}"));
    }
    if rng.below(4) == 0 {
        attacks.push("Repair: own arm,inf -1~-2".to_owned());
    }
    const ABILITIES: [&str; 6] = [
        "camouflage",
        "field_repair",
        "shock",
        "entrenched",
        "reconnaissance",
        "urban_warfare",
    ];
    let mut abilities: Vec<BuiltAbility> = Vec::new();
    for _ in 0..rng.below(3) {
        let ability = ABILITIES[rng.below(ABILITIES.len())];
        if abilities.iter().all(|entry| entry.ability != ability) {
            let mode = if rng.below(2) == 0 {
                "innate"
            } else {
                "latent"
            };
            abilities.push(BuiltAbility {
                ability: ability.to_owned(),
                mode: mode.to_owned(),
            });
        }
    }
    BuiltCard {
        id: id.to_owned(),
        name: format!("Tank {id}"),
        name_zh: format!("坦克 {id}"),
        nationality: "germany".to_owned(),
        category: "armour".to_owned(),
        builder,
        cv: None,
        logistics: None,
        attacks,
        abilities,
        copies: None,
    }
}

/// Options whose decks mix the cards of a default deck with copies of three random tanks.
fn random_tank_options(seed: u64, fog: bool) -> TiehuoOptions {
    let mut rng = GameRng::from_seed(seed);
    let tanks: Vec<BuiltCard> = ["XA1", "XB2", "XC3"]
        .iter()
        .map(|id| random_tank(id, &mut rng))
        .collect();
    let mut deck = |player: Player| {
        let mut ids = default_ids(player);
        for id in &mut ids {
            if rng.below(3) == 0 {
                *id = tanks[rng.below(tanks.len())].id.clone();
            }
        }
        DeckChoice::Cards(ids)
    };
    TiehuoOptions {
        fog_of_war: fog,
        decks: Decks {
            seat1: deck(Player::One),
            seat2: deck(Player::Two),
        },
        built_cards: tanks,
        ..TiehuoOptions::default()
    }
}

#[test]
fn every_property_with_random_built_tanks_in_the_decks() {
    for (index, fog) in [false, true, false, true].into_iter().enumerate() {
        let seed = 90_000 + 1_000 * index as u64;
        let options = random_tank_options(seed, fog);
        Tiehuo::new(&options, 0).expect("random tanks build");
        check_all::<Tiehuo>(&options, &config(40, seed));
    }
}
