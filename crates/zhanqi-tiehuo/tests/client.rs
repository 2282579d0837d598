//! The client contract (`ClientGame`): the testkit's properties over random games with fog on
//! and off, and named tests of what the tables, events, clicks and the mid-game deployment
//! editor show.

use serde_json::Value;
use zhanqi_core::testkit::check_client_contract;
use zhanqi_core::{ClientGame, Game, GameNotation, GameRng, Seat, ToAct, Viewer};
use zhanqi_tiehuo::{LogisticsMode, Phase, Tiehuo, TiehuoOptions};

use crate::properties::{config, options};

#[test]
fn the_client_contract_holds_without_fog() {
    check_client_contract::<Tiehuo>(&options(false, LogisticsMode::Individual), &config(150, 0));
}

#[test]
fn the_client_contract_holds_under_fog() {
    check_client_contract::<Tiehuo>(
        &options(true, LogisticsMode::Individual),
        &config(250, 50_000),
    );
}

#[test]
fn the_client_contract_holds_with_shared_logistics() {
    check_client_contract::<Tiehuo>(&options(true, LogisticsMode::Shared), &config(80, 60_000));
    check_client_contract::<Tiehuo>(&options(false, LogisticsMode::Shared), &config(80, 70_000));
}

/// Rolls the chance nodes until the deployment.
fn at_deployment(options: &TiehuoOptions, seed: u64) -> Tiehuo {
    let mut game = Tiehuo::new(options, seed).unwrap();
    while game.to_act() == ToAct::Chance {
        game.roll().unwrap();
    }
    assert_eq!(game.phase(), Phase::Deploy);
    game
}

fn seat(index: usize) -> Seat {
    Seat::new(index)
}

fn json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

#[test]
fn the_deployment_editor_is_asked_for_after_the_rolls_not_before() {
    // Before the rolls each seat chooses its deck, not a deployment.
    let start = Tiehuo::new(&TiehuoOptions::default(), 3).unwrap();
    let editor = start
        .setup_editor(seat(0))
        .expect("a deck editor before the start");
    assert_eq!(editor.kind, "deck");
    assert!(editor.before_start);
    let game = at_deployment(&TiehuoOptions::default(), 3);
    for index in 0..2 {
        let editor = game
            .setup_editor(seat(index))
            .expect("an editor while deploying");
        assert_eq!(editor.kind, "deployment");
        assert!(!editor.before_start && !editor.public && !editor.swaps);
    }
    let mut rng = GameRng::from_seed(1);
    let layout = game.random_setup(seat(0), &mut rng).unwrap();
    assert_eq!(game.check_setup(seat(0), &layout).unwrap(), layout);
    let mut played = game.clone();
    let deploy = played.parse_action(seat(0), &layout).unwrap();
    played.apply(seat(0), &deploy).unwrap();
    // Seat 1 has deployed: its editor is gone, seat 2's is still there.
    assert!(played.setup_editor(seat(0)).is_none());
    assert!(played.setup_editor(seat(1)).is_some());
}

#[test]
fn a_refused_deployment_names_every_violation_in_both_languages() {
    let game = at_deployment(&TiehuoOptions::default(), 3);
    let l = game.player(zhanqi_tiehuo::Player::One).logistics.unwrap();
    // Every card of the deck: far above L. Twice DE18 (one copy in the deck), and the
    // special-ability card alone has no battle card.
    let all = game.player(zhanqi_tiehuo::Player::One).reserve.clone();
    let ids: Vec<String> = all
        .iter()
        .map(|&c| zhanqi_tiehuo::Catalog::standard().card(c).id.clone())
        .chain(["DE18".to_owned()])
        .collect();
    let error = game.check_setup(seat(0), &ids.join(",")).unwrap_err();
    assert_eq!(error.violations.len(), 2, "{:?}", error.violations);
    assert!(error.violations[0].starts_with("DE18 is deployed 2 times, but the deck holds 1"));
    assert!(error.violations[1].contains(&format!("above the player's L of {l}")));
    for violation in &error.violations {
        assert!(violation.contains(" / "), "{violation}");
        assert!(!violation.contains("6.1"), "no rule ids: {violation}");
    }
    let unknown = game.check_setup(seat(0), "DE01,XX9,QQ").unwrap_err();
    assert_eq!(unknown.violations.len(), 2, "{:?}", unknown.violations);
    let view = game.setup_view(seat(0), "DE05,DE01").unwrap();
    let view = json(&view);
    assert_eq!(view["layout"], "DE01,DE05");
    assert_eq!(view["budget"], l);
    assert_eq!(view["violations"], Value::Array(Vec::new()));
}

/// Plays random listed actions and deployments until `stop` holds, or the game ends.
fn play_until(game: &mut Tiehuo, rng: &mut GameRng, stop: impl Fn(&Tiehuo) -> bool) -> bool {
    for _ in 0..2000 {
        if stop(game) {
            return true;
        }
        match game.to_act() {
            ToAct::Over => return false,
            ToAct::Chance => {
                game.roll().unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().unwrap();
                let action = if game.has_unlisted_actions(seat) {
                    game.random_unlisted_action(seat, rng).unwrap()
                } else {
                    let mut actions = Vec::new();
                    game.legal_actions(seat, &mut actions);
                    actions[rng.below(actions.len())].clone()
                };
                game.apply(seat, &action).unwrap();
            }
        }
    }
    false
}

#[test]
fn under_fog_a_seat_sees_the_other_sides_face_down_cards_as_classes_only() {
    let options = options(true, LogisticsMode::Individual);
    let mut game = at_deployment(&options, 11);
    let mut rng = GameRng::from_seed(11);
    assert!(play_until(&mut game, &mut rng, |g| g.phase() == Phase::Play));
    let table = json(&game.table(Viewer::Seat(seat(0))));
    let other = &table["players"][1]["battle"];
    let mut hidden = 0;
    for card in other.as_array().unwrap() {
        if card["face_down"] == true {
            hidden += 1;
            assert!(
                card.get("token").is_none() && card.get("face").is_none(),
                "{card}"
            );
            assert!(card["click"].as_str().unwrap().starts_with("class:2:?"));
        }
    }
    assert!(hidden > 0, "{table}");
    assert!(table["players"][1].get("reserve").is_none());
    assert!(table["players"][1].get("sigma").is_none());
    // The seat's own face-down cards are known to it.
    let own = &table["players"][0]["battle"];
    assert!(
        own.as_array()
            .unwrap()
            .iter()
            .all(|card| card.get("token").is_some())
    );
    assert!(table["players"][0]["reserve"].is_array());
    // A spectator sees neither side's face-down cards.
    let spectator = json(&game.table(Viewer::Spectator));
    for side in 0..2 {
        for card in spectator["players"][side]["battle"].as_array().unwrap() {
            if card["face_down"] == true {
                assert!(card.get("token").is_none(), "{card}");
            }
        }
    }
}

#[test]
fn the_other_seats_deployment_is_shown_as_a_deployment_only() {
    let mut game = at_deployment(&TiehuoOptions::default(), 5);
    let mut rng = GameRng::from_seed(5);
    let before = game.clone();
    let deploy = game.random_unlisted_action(seat(0), &mut rng).unwrap();
    let events = game.apply(seat(0), &deploy).unwrap();
    let own = json(&game.event_views(&before, &deploy, &events, Viewer::Seat(seat(0))));
    let other = json(&game.event_views(&before, &deploy, &events, Viewer::Seat(seat(1))));
    assert_eq!(own[0]["kind"], "deployed");
    assert!(own[0]["cards"].is_array());
    assert_eq!(other, serde_json::json!([{"kind": "deployed", "by": "1"}]));
    assert_eq!(
        game.moved_by(&game.event_views(&before, &deploy, &events, Viewer::Spectator)[0]),
        Some(seat(0))
    );
    let table = json(&game.table(Viewer::Seat(seat(1))));
    assert_eq!(table["players"][0]["hidden"], true);
    assert_eq!(table["players"][0]["battle"], Value::Array(Vec::new()));
}

#[test]
fn an_attack_is_clicked_card_then_option_and_shows_its_targets() {
    let mut game = at_deployment(&TiehuoOptions::default(), 8);
    let mut rng = GameRng::from_seed(8);
    assert!(play_until(&mut game, &mut rng, |g| {
        g.phase() == Phase::Play
            && g.to_act() == ToAct::Seats(zhanqi_core::SeatSet::only(Seat::new(0)))
    }));
    let mut actions = Vec::new();
    game.legal_actions(seat(0), &mut actions);
    let table = json(&game.table(Viewer::Seat(seat(0))));
    let attack = actions
        .iter()
        .find(|a| matches!(a, zhanqi_tiehuo::Action::Attack(..)))
        .expect("an attack at the first turn");
    let choice = game.choice(seat(0), attack);
    assert_eq!(choice.clicks.len(), 2);
    assert!(choice.clicks[0].starts_with("card:1:"));
    assert!(choice.clicks[1].starts_with("option:"));
    let card = table["players"][0]["battle"]
        .as_array()
        .unwrap()
        .iter()
        .find(|card| card["click"] == choice.clicks[0].as_str())
        .expect("the clicked card is on the table");
    let k: u64 = choice.clicks[1]["option:".len()..].parse().unwrap();
    let option = card["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["k"] == k)
        .unwrap();
    assert_eq!(option["usable"], true);
    assert!(!option["targets"].as_array().unwrap().is_empty());
    let done = game.choice(seat(0), &zhanqi_tiehuo::Action::Done);
    assert_eq!(done.clicks, vec!["done".to_owned()]);
}

#[test]
fn option_fields_are_options_the_game_accepts() {
    for field in Tiehuo::option_fields() {
        let mut extra = serde_json::Map::new();
        extra.insert(field.key.to_owned(), field.default.clone());
        Tiehuo::options_for(None, Some(&Value::Object(extra)))
            .unwrap_or_else(|error| panic!("{}: {error}", field.key));
        assert!(!field.label_zh.is_empty() && !field.label_en.is_empty());
    }
    assert_eq!(Tiehuo::profile_family(), "tiehuo");
}

/// Every damage change without a damage roll (fixed damage, recovery) is shown, and what it
/// shows is what the card of that id now has.
#[test]
fn damage_without_a_roll_is_shown_as_the_change_it_made() {
    let mut shown = 0;
    let mut rng = GameRng::from_seed(21);
    for seed in 0..40 {
        let mut game = at_deployment(&TiehuoOptions::default(), seed);
        for _ in 0..3000 {
            let before = game.clone();
            let (action, events, by) = match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let (action, events) = game.roll().unwrap();
                    (action, events, None)
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    let action = if game.has_unlisted_actions(seat) {
                        game.random_unlisted_action(seat, &mut rng).unwrap()
                    } else {
                        let mut actions = Vec::new();
                        game.legal_actions(seat, &mut actions);
                        actions[rng.below(actions.len())].clone()
                    };
                    let events = game.apply(seat, &action).unwrap();
                    (action, events, Some(seat))
                }
            };
            let _ = by;
            let views = json(&game.event_views(&before, &action, &events, Viewer::Omniscient));
            let table = json(&game.table(Viewer::Omniscient));
            for event in views.as_array().unwrap() {
                if event["kind"] != "damaged" {
                    continue;
                }
                shown += 1;
                assert_ne!(event["from"], event["to"], "{event}");
                let seat: usize = event["seat"].as_str().unwrap().parse().unwrap();
                let held = table["players"][seat - 1]["battle"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|card| {
                        card["face"]["id"] == event["card"] && card["damage"] == event["to"]
                    });
                assert!(held, "{event} in {table}");
            }
        }
    }
    assert!(shown > 0, "no fixed damage or recovery in 40 games");
}
