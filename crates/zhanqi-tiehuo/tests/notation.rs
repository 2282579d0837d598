//! The notation of §17 beyond the vectors: canonical round trips, `load`'s refusals naming
//! field and offset, action texts, views, records, and the options of §17.11.

use crate::common;

use zhanqi_core::{Game, GameNotation, Seat, Viewer};
use zhanqi_tiehuo::{Tiehuo, TiehuoOptions};

const WAIT: &str = "tiehuo mode=formation logistics=individual fog=on
phase play round 2/2 turn 2
env normal
p1 L 45 next 0 -
p1 battle DE04f,DE05a*1,DE06a*2,DE18
p1 reserve DE02,DE03
p1 discard -
p2 L 46 next 0 -
p2 battle SU01f,SU06*t,SU19
p2 reserve SU02
p2 discard -
focus wait left 2 opts 1,1
pending -";

fn load_error(text: &str) -> zhanqi_core::NotationError {
    <Tiehuo as GameNotation>::load(text, None, 0).expect_err("refused")
}

#[test]
fn load_sorts_the_lists_into_canonical_form() {
    let unsorted = WAIT
        .replace("DE04f,DE05a*1,DE06a*2,DE18", "DE18,DE06a*2,DE04f,DE05a*1")
        .replace("reserve DE02,DE03", "reserve DE03,DE02");
    let game = common::load(&unsorted);
    assert_eq!(game.position(Viewer::Omniscient), WAIT);
}

#[test]
fn load_refuses_and_names_field_and_offset() {
    let offset_of = |needle: &str| WAIT.find(needle).expect("needle");
    let cases: Vec<(String, &str, usize)> = vec![
        (
            WAIT.replace("DE05a*1", "DE05:0a*1"),
            "p1 battle",
            offset_of("DE05a*1"),
        ),
        (
            WAIT.replace("DE05a*1", "DE05*1a"),
            "p1 battle",
            offset_of("DE05a*1"),
        ),
        (
            WAIT.replace("DE05a*1", "DE05:11a*1"),
            "p1 battle",
            offset_of("DE05a*1"),
        ),
        (
            WAIT.replace("DE18", "DE18a"),
            "p1 battle",
            offset_of("DE18"),
        ),
        (
            WAIT.replace("SU01f", "SU01m"),
            "p2 battle",
            offset_of("SU01f"),
        ),
        (
            WAIT.replace("SU01f", "XX01f"),
            "p2 battle",
            offset_of("SU01f"),
        ),
        (
            WAIT.replace("turn 2", "turn 2 result 1 concede"),
            "phase",
            offset_of("turn 2") + 7,
        ),
        (
            WAIT.replace("p1 reserve DE02,DE03", "p1 reserve ?2"),
            "p1 reserve",
            offset_of("p1 reserve") + 11,
        ),
        (
            WAIT.replace("focus wait left 2 opts 1,1", "focus declare opts 1,1"),
            "focus",
            offset_of("focus wait") + 6,
        ),
    ];
    for (text, field, offset) in cases {
        let error = load_error(&text);
        assert_eq!(
            (error.field.as_str(), error.offset),
            (field, offset),
            "{error}"
        );
        assert!(!error.message.is_empty());
    }
    let without_fog = WAIT.replace("fog=on", "fog=off");
    assert_eq!(load_error(&without_fog).field, "p1 battle", "f needs fog");
    let view = common::load(WAIT).position(Viewer::Seat(Seat::new(0)));
    assert!(
        <Tiehuo as GameNotation>::load(&view, None, 0).is_err(),
        "a view is refused"
    );
    let over_without_result = WAIT.replace("phase play", "phase over");
    assert_eq!(load_error(&over_without_result).field, "phase");
}

#[test]
fn load_checks_that_options_agree_with_line_1() {
    let extra = serde_json::json!({"fog_of_war": false});
    assert!(<Tiehuo as GameNotation>::load(WAIT, Some(&extra), 0).is_err());
    let extra = serde_json::json!({"fog_of_war": true, "logistics_mode": "individual"});
    assert!(<Tiehuo as GameNotation>::load(WAIT, Some(&extra), 0).is_ok());
}

#[test]
fn views_hide_the_other_seat_and_spectators_see_neither() {
    let game = common::load(WAIT);
    let spectator = game.position(Viewer::Spectator);
    assert!(
        spectator.contains("p1 battle ?,DE05a*1,DE06a*2,DE18"),
        "{spectator}"
    );
    assert!(spectator.contains("p2 battle ?,SU06*t,SU19"), "{spectator}");
    assert!(spectator.contains("p1 reserve ?2") && spectator.contains("p2 reserve ?1"));
    let mut deploy = Tiehuo::new(&TiehuoOptions::default(), 0).expect("standard");
    for roll in ["1", "3+5", "6+6"] {
        common::play(&mut deploy, "chance", roll);
    }
    common::play(&mut deploy, "1", "DE05,DE01");
    let seen_by_2 = deploy.position(Viewer::Seat(Seat::new(1)));
    assert!(
        seen_by_2.contains("p1 battle hidden\np1 reserve hidden"),
        "{seen_by_2}"
    );
    assert!(
        deploy
            .position(Viewer::Seat(Seat::new(0)))
            .contains("p1 battle DE01,DE05")
    );
}

#[test]
fn actions_read_back_in_context() {
    let game = common::load(WAIT);
    for text in ["?", "SU06*t", "end", "concede"] {
        let action = game.parse_action(Seat::new(1), text).expect("readable");
        assert_eq!(game.action_text(&action), text);
    }
    let error = game
        .parse_action(Seat::new(1), "SU06*t.x")
        .expect_err("bad option");
    assert_eq!(error.offset, 7, "{error}");
    let error = game
        .parse_action(Seat::new(1), "2?q")
        .expect_err("bad class");
    assert_eq!(error.offset, 1, "{error}");
}

#[test]
fn a_seat_that_does_not_act_is_refused_but_may_concede() {
    let mut game = common::load(WAIT);
    let end = game.parse_action(Seat::new(0), "end").expect("readable");
    let error = game.apply(Seat::new(0), &end).expect_err("seat 1 waits");
    assert!(error.to_string().contains("seat 1 does not act"), "{error}");
    assert_eq!(game.position(Viewer::Omniscient), WAIT);
}

#[test]
fn options_report_every_problem() {
    let options = TiehuoOptions {
        logistics_base: 30,
        logistics_dice: 3,
        banned_cards: vec!["ZZ01".to_owned()],
        decks: zhanqi_tiehuo::Decks {
            seat1: zhanqi_tiehuo::DeckChoice::Named("italy".to_owned()),
            seat2: zhanqi_tiehuo::DeckChoice::Cards(vec!["SU01".to_owned(); 5]),
        },
        ..TiehuoOptions::default()
    };
    let error = Tiehuo::new(&options, 0)
        .expect_err("five problems")
        .to_string();
    for needle in [
        "logistics_base is 30",
        "5 × logistics_dice",
        "ZZ01",
        "italy",
        "5 cards",
    ] {
        assert!(error.contains(needle), "missing '{needle}' in {error}");
    }
    let alt = Tiehuo::options_for(
        Some("alt_history"),
        Some(&serde_json::json!({"decks": {"2": ["SU01","SU01","SU01","SU02","SU02","SU02","SU03","SU03","SU04","SU04","SU05","SU06","SU06","SU06","SU07","SU07","SU08","SU09","SU10","SU11"]}})),
    )
    .expect("twenty cards suffice in alt_history");
    assert_eq!(alt.deck_min(), 20);
    assert!(
        Tiehuo::options_for(Some("formation"), Some(&serde_json::json!({"colour": 1}))).is_err()
    );
    assert!(Tiehuo::options_for(Some("blitz"), None).is_err());
}

#[test]
fn records_write_the_environment_and_sorted_deployments() {
    let mut game = Tiehuo::new(&TiehuoOptions::default(), 0).expect("standard");
    let roll = game.parse_action(Seat::new(0), "5").expect("face");
    assert_eq!(game.record_text(&roll, &[]), "5=city");
    for roll in ["5", "3+5", "6+6"] {
        common::play(&mut game, "chance", roll);
    }
    let deploy = game
        .parse_action(Seat::new(0), "DE16,DE05,DE01,DE05")
        .expect("ids");
    assert_eq!(game.record_text(&deploy, &[]), "DE01,DE05,DE05,DE16");
}

#[test]
fn roll_draws_with_the_weights_of_a_fog_draw() {
    let mut game = common::load(WAIT);
    common::play(&mut game, "2", "?");
    let (action, _) = game.roll().expect("a draw");
    assert_eq!(game.action_text(&action), "SU01f");
    assert!(game.roll().is_err(), "after the draw a seat acts");
}

#[test]
fn token_order_is_the_byte_order_of_the_written_tokens() {
    use zhanqi_tiehuo::{BattleCard, Catalog, FocusMark};
    let catalog = Catalog::standard();
    let mut cards = Vec::new();
    for card in [0u8, 1, 5, 20] {
        for damage in [0u16, 1, 2, 9, 10, 12, 100] {
            for flags in 0..16u8 {
                for focus in [
                    FocusMark::None,
                    FocusMark::Target,
                    FocusMark::Participant(1),
                    FocusMark::Participant(12),
                ] {
                    cards.push(BattleCard {
                        card,
                        damage,
                        attacked: flags & 1 != 0,
                        cut_off: flags & 2 != 0,
                        face_down: flags & 4 != 0,
                        marked: flags & 8 != 0,
                        focus,
                    });
                }
            }
        }
    }
    let mut rng = zhanqi_core::GameRng::from_seed(3);
    for _ in 0..20_000 {
        let a = cards[rng.below(cards.len())];
        let b = cards[rng.below(cards.len())];
        assert_eq!(
            a.cmp_tokens(&b, catalog),
            a.token(catalog).cmp(&b.token(catalog)),
            "{} against {}",
            a.token(catalog),
            b.token(catalog)
        );
    }
}

/// Positions and actions with one character changed, dropped or doubled are read or refused,
/// never a panic; what `load` accepts writes back and reads again to the same position.
#[test]
fn damaged_positions_and_actions_never_panic() {
    let mut rng = zhanqi_core::GameRng::from_seed(11);
    let alphabet: Vec<char> = "0123456789-:,?*@.+/ afhcmtDESU\n铁".chars().collect();
    let mut positions = vec![WAIT.to_owned()];
    for seed in 0..20 {
        let mut game = Tiehuo::new(
            &TiehuoOptions {
                fog_of_war: seed % 2 == 0,
                ..TiehuoOptions::default()
            },
            seed,
        )
        .expect("standard");
        let mut choices = zhanqi_core::GameRng::stream(seed, 2);
        for _ in 0..(20 + 5 * seed) {
            match game.to_act() {
                zhanqi_core::ToAct::Over => break,
                zhanqi_core::ToAct::Chance => {
                    game.roll().expect("chance");
                }
                zhanqi_core::ToAct::Seats(seats) => {
                    let seat = seats.lowest().expect("seat");
                    let mut actions = Vec::new();
                    game.legal_actions(seat, &mut actions);
                    let action = if actions.is_empty() {
                        game.random_unlisted_action(seat, &mut choices)
                            .expect("deployment")
                    } else {
                        actions[choices.below(actions.len())].clone()
                    };
                    game.apply(seat, &action).expect("legal");
                }
            }
        }
        positions.push(game.position(Viewer::Omniscient));
    }
    for position in &positions {
        let chars: Vec<char> = position.chars().collect();
        for _ in 0..300 {
            let mut damaged = chars.clone();
            let at = rng.below(damaged.len());
            match rng.below(3) {
                0 => damaged[at] = alphabet[rng.below(alphabet.len())],
                1 => {
                    damaged.remove(at);
                }
                _ => damaged.insert(at, damaged[at]),
            }
            let text: String = damaged.into_iter().collect();
            if let Ok(game) = <Tiehuo as GameNotation>::load(&text, None, 0) {
                let written = game.position(Viewer::Omniscient);
                let again = <Tiehuo as GameNotation>::load(&written, None, 0).expect("reads back");
                assert_eq!(again.position(Viewer::Omniscient), written);
                for probe in [
                    "DE05.1",
                    "@SU01,SU0",
                    "2?hcm",
                    "+ZZ",
                    "-SU06:1a*t",
                    ".0",
                    "铁",
                    "?x",
                    "F@",
                ] {
                    let _ = game.parse_action(Seat::new(0), probe);
                }
            }
        }
    }
}
