//! Notation properties: every action reads back as written; positions from random play read
//! back byte for byte; damaged positions and arbitrary texts are refused with an offset inside
//! the text, or read to a canonical position that reads back to itself.

use proptest::prelude::*;
use zhanqi_core::testkit::random_plies;
use zhanqi_core::{Game, GameNotation, GameRng, Seat, ToAct, Viewer};
use zhanqi_shengke::notation::{TurnRecord, TurnRecorder, action_text, parse_action};
use zhanqi_shengke::{
    Action, CardId, Cell, Element, Event, FieldCard, Placement, PlacementRule, Player, Shengke,
    ShengkeOptions,
};

fn element() -> impl Strategy<Value = Element> {
    (0usize..5).prop_map(Element::from_index)
}

fn card() -> impl Strategy<Value = CardId> {
    (0u8..25).prop_map(CardId::from_number)
}

fn cell() -> impl Strategy<Value = Cell> {
    (0u8..25).prop_map(Cell::from_index)
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (1u8..=6, 1u8..=6).prop_map(|(a, b)| Action::Roll([a, b])),
        (element(), proptest::option::of(element())).prop_map(|(a, b)| Action::Choose(a, b)),
        Just(Action::Place(Placement::NONE)),
        (card(), cell()).prop_map(|(c, x)| Action::Place(Placement::one(c, x))),
        (card(), cell(), card(), cell())
            .prop_map(|(a, x, b, y)| Action::Place(Placement::two((a, x), (b, y)))),
        card().prop_map(Action::Recover),
    ]
}

fn placement() -> impl Strategy<Value = Placement> {
    prop_oneof![
        Just(Placement::NONE),
        (card(), cell()).prop_map(|(c, x)| Placement::one(c, x)),
        (card(), cell(), card(), cell()).prop_map(|(a, x, b, y)| Placement::two((a, x), (b, y))),
    ]
}

fn log_entry() -> impl Strategy<Value = Event> {
    let field_card = || {
        (any::<bool>(), card()).prop_map(|(first, card)| FieldCard {
            owner: if first { Player::One } else { Player::Two },
            card,
        })
    };
    prop_oneof![
        (field_card(), cell()).prop_map(|(card, cell)| Event::Overcame { card, cell }),
        (field_card(), cell()).prop_map(|(card, cell)| Event::Overcome { card, cell }),
        proptest::option::of(card()).prop_map(Event::Recovered),
        proptest::option::of(card()).prop_map(Event::Generated),
    ]
}

/// Any turn record of the right form, legal or not.
fn turn_record() -> impl Strategy<Value = TurnRecord> {
    (
        (1u16..=400, 1u8..=6, 1u8..=6),
        proptest::option::of((element(), proptest::option::of(element()))),
        proptest::collection::vec(card(), 0..=2),
        placement(),
        proptest::collection::vec(log_entry(), 0..8),
        (0u8..=25, 0u8..=25),
    )
        .prop_map(
            |((turn, d1, d2), choice, drawn, placement, log, (n1, n2))| TurnRecord {
                turn,
                roll: [d1, d2],
                choice,
                drawn,
                placement,
                log,
                counts: [n1, n2],
            },
        )
}

/// The turn records of a random game with `seed` under `options`, each with the records of
/// its actions (§14.4).
fn random_turn_records(options: &ShengkeOptions, seed: u64) -> Vec<(TurnRecord, Vec<String>)> {
    let mut game = Shengke::new(options, seed).expect("valid options");
    let mut rng = GameRng::stream(seed, 6);
    let mut recorder = TurnRecorder::default();
    let (mut actions, mut records, mut turns) = (Vec::new(), Vec::new(), Vec::new());
    loop {
        let before = game.clone();
        let (action, events) = match game.to_act() {
            ToAct::Over => return turns,
            ToAct::Chance => game.roll().expect("a roll"),
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                actions.clear();
                game.legal_actions(seat, &mut actions);
                let action = actions[rng.below(actions.len())];
                (
                    action,
                    game.apply(seat, &action).expect("a listed action applies"),
                )
            }
        };
        records.push(before.record_text(&action, &events));
        if let Some(turn) = recorder.push(before.turn(), &action, &events) {
            turns.push((turn, std::mem::take(&mut records)));
        }
    }
}

/// A turn record as §14.4 makes it from the records of the turn's actions: the roll's, the
/// element choice's directly after it, ` | ` and the placement's, and each recovery choice's
/// after a space.
fn joined(turn: &TurnRecord, records: &[String]) -> String {
    let mut out = format!("{}. P{} ", turn.turn, turn.player().number());
    for record in records {
        if record.starts_with('=') || out.ends_with(' ') {
            out.push_str(record);
        } else if record.starts_with("xs:") {
            out.push(' ');
            out.push_str(record);
        } else {
            out.push_str(" | ");
            out.push_str(record);
        }
    }
    out
}

/// The position after `plies` random actions of the game with `seed` (rolls included).
fn random_position(seed: u64, plies: usize) -> Shengke {
    let mut game = Shengke::new(&ShengkeOptions::default(), seed).expect("standard options");
    random_plies(&mut game, &mut GameRng::stream(seed, 5), plies);
    game
}

proptest! {
    #[test]
    fn actions_read_back(action in action()) {
        let text = action_text(&action);
        prop_assert_eq!(parse_action(&text).unwrap(), action, "{}", text);
    }

    #[test]
    fn arbitrary_action_texts_never_panic(text in "\\PC{0,12}|[0-9=,@a-eMHTJSxs: -]{0,14}") {
        match parse_action(&text) {
            Ok(action) => {
                // Whatever is read writes back to a text that reads to the same action.
                prop_assert_eq!(parse_action(&action_text(&action)).unwrap(), action);
            }
            Err(error) => prop_assert!(error.offset <= text.chars().count(), "{error}"),
        }
    }

    #[test]
    fn positions_read_back(seed in 0u64..10_000, plies in 0usize..70) {
        let game = random_position(seed, plies);
        let text = game.position(Viewer::Omniscient);
        let loaded = Shengke::load(&text, None, 0).unwrap();
        prop_assert_eq!(loaded.position(Viewer::Omniscient), text);
        for seat in [Seat::new(0), Seat::new(1)] {
            prop_assert_eq!(loaded.position(Viewer::Seat(seat)), game.position(Viewer::Seat(seat)));
        }
    }

    #[test]
    fn turn_records_read_back(record in turn_record()) {
        let text = record.to_string();
        prop_assert_eq!(text.parse::<TurnRecord>().unwrap(), record, "{}", text);
    }

    /// The turns of random games: each turn record is the §14.4 join of its actions' records,
    /// and reads back to itself.
    #[test]
    fn played_turn_records_read_back(seed in 0u64..100_000, optional in any::<bool>(), bonus in any::<bool>()) {
        let options = ShengkeOptions {
            placement: if optional { PlacementRule::Optional } else { PlacementRule::MandatoryMax },
            bonus_per_target: bonus,
            ..ShengkeOptions::default()
        };
        let turns = random_turn_records(&options, seed);
        prop_assert_eq!(turns.len(), 20);
        for (number, (turn, records)) in turns.iter().enumerate() {
            let text = turn.to_string();
            prop_assert_eq!(usize::from(turn.turn), number + 1);
            prop_assert_eq!(&text, &joined(turn, records));
            prop_assert_eq!(&text.parse::<TurnRecord>().unwrap(), turn, "{}", text);
        }
    }

    #[test]
    fn arbitrary_turn_record_texts_never_panic(
        text in "\\PC{0,40}|[0-9]{1,2}\\. P[12] [1-6]{2}(=[MHTJS])? (\\+[MHTJS][1-5] ?)*\\| [-a-eMHTJS0-9@ ]{1,12} \\| [-xksMHTJS0-9:@a-e ]{1,20} \\| [0-9]{1,2}-[0-9]{1,2}"
    ) {
        match text.parse::<TurnRecord>() {
            Ok(record) => prop_assert_eq!(record.to_string().parse::<TurnRecord>().unwrap(), record),
            Err(error) => prop_assert!(error.offset <= text.chars().count(), "{error}"),
        }
    }

    #[test]
    fn damaged_positions_are_refused_or_canonical(
        seed in 0u64..10_000,
        plies in 0usize..70,
        at in any::<prop::sample::Index>(),
        replacement in "[0-9a-eMHTJS.,/:@ \\n-]|\\PC",
    ) {
        let text = random_position(seed, plies).position(Viewer::Omniscient);
        let chars: Vec<char> = text.chars().collect();
        let index = at.index(chars.len());
        let mut damaged: String = chars[..index].iter().collect();
        damaged.push_str(&replacement);
        damaged.extend(&chars[index + 1..]);
        match Shengke::load(&damaged, None, 0) {
            Err(error) => prop_assert!(
                error.offset <= damaged.chars().count(),
                "offset {} outside the text: {error}",
                error.offset
            ),
            Ok(game) => {
                let canonical = game.position(Viewer::Omniscient);
                let again = Shengke::load(&canonical, None, 0).unwrap();
                prop_assert_eq!(again.position(Viewer::Omniscient), canonical);
            }
        }
    }
}

#[test]
fn errors_name_the_field_and_offset() {
    let text = "turn 7 phase start active 1
field 1H4,.,.,.,./.,2M1,.,2S2,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1X5
p1 piles M:M4,M1,M2,M5 H:H1,H2,H3,H5 T:T1,T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3
p2 piles M:M2,M3,M4,M5 H:H1,H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S1,S3,S4,S5
p2 hand H5
p2 discard T2";
    let error = Shengke::load(text, None, 0).unwrap_err();
    assert_eq!(error.field, "field");
    assert_eq!(error.offset, text.find("1X5").unwrap());
    assert_eq!(
        error.to_string(),
        format!(
            "field at character {}: '1X5' is not '.' or a field card such as 1J1",
            text.find("1X5").unwrap()
        )
    );

    let error = parse_action("M4@b2 T1@f3").unwrap_err();
    assert_eq!(
        (error.field.as_str(), error.offset),
        ("move 'M4@b2 T1@f3'", 9)
    );

    let error = Shengke::load(&text.replace("turn 7", "turn 21"), None, 0).unwrap_err();
    assert_eq!((error.field.as_str(), error.offset), ("turn", 5));
    assert!(error.message.contains("outside 1 … 20"), "{error}");

    let fixed = text.replace("1X5", "1S5");
    let error = Shengke::load(&fixed.replace("p2 hand H5", "p2 hand H5,H9"), None, 0).unwrap_err();
    assert_eq!(error.field, "p2 hand");
}

#[test]
fn options_are_read_with_defaults_and_refused_when_bad() {
    let options = Shengke::options_for(None, Some(&serde_json::json!({"turns": 10}))).unwrap();
    assert_eq!(options.turns, 10);
    assert_eq!(options.first_player_bonus, 2);
    let round = serde_json::to_value(ShengkeOptions::default()).unwrap();
    assert_eq!(
        Shengke::options_for(None, Some(&round)).unwrap(),
        ShengkeOptions::default()
    );
    for (bad, says) in [
        (serde_json::json!({"turns": 7}), "even"),
        (serde_json::json!({"colour": 1}), "unknown field"),
        (
            serde_json::json!({"die_faces": ["M","H","T","J","S","X"]}),
            "not a die face",
        ),
        (
            serde_json::json!({"range_table": {"1": ["F","F"]}}),
            "twice",
        ),
        (
            serde_json::json!({"placement": "sometimes"}),
            "unknown variant",
        ),
    ] {
        let error = Shengke::options_for(None, Some(&bad)).unwrap_err();
        assert!(error.to_string().contains(says), "{bad}: {error}");
    }
    let mut deck = serde_json::to_value(ShengkeOptions::default()).unwrap()["deck_p1"].clone();
    deck["J1"] = serde_json::json!([2, 8]);
    deck["M1"] = serde_json::json!([9, 3]);
    let error =
        Shengke::options_for(None, Some(&serde_json::json!({"deck_p1": deck}))).unwrap_err();
    let text = error.to_string();
    assert!(text.contains("M1 has the in number 9"), "{text}");
    assert!(text.contains("the in numbers add up to 105"), "{text}");
    assert!(text.contains("the out numbers add up to 101"), "{text}");
    assert!(Shengke::options_for(Some("4p"), None).is_err());
}

/// A deck number that does not fit a card (negative, or beyond 255) is reported as given,
/// with every other rule the deck breaks; it is never clamped.
#[test]
fn deck_options_report_the_numbers_given() {
    let mut deck = serde_json::to_value(ShengkeOptions::default()).unwrap()["deck_p1"].clone();
    deck["M1"] = serde_json::json!([-3, 3]);
    deck["S5"] = serde_json::json!([4, 300]);
    deck["J1"] = serde_json::json!([2, 0]);
    for key in ["deck_p1", "deck_p2"] {
        let options = serde_json::json!({ key: deck });
        let text = Shengke::options_for(None, Some(&options))
            .unwrap_err()
            .to_string();
        for expected in [
            "M1 has the in number -3",
            "J1 has the out number 0",
            "S5 has the out number 300",
            "the in numbers add up to 93",
            "the out numbers add up to 390",
        ] {
            assert!(text.contains(expected), "{expected}: {text}");
        }
        assert!(!text.contains("number 255"), "{text}");
    }
    // Numbers a card can hold but the rules refuse are reported as given as well.
    deck["S5"] = serde_json::json!([4, 9]);
    deck["M1"] = serde_json::json!([0, 3]);
    let text = Shengke::options_for(None, Some(&serde_json::json!({ "deck_p2": deck })))
        .unwrap_err()
        .to_string();
    assert!(text.contains("deck_p2 is not a valid deck"), "{text}");
    assert!(text.contains("M1 has the in number 0"), "{text}");
    assert!(text.contains("S5 has the out number 9"), "{text}");
}

/// A turn with two recovery choices (§12, vector 21, from its roll): each choice's record
/// follows the placement's after a space, and the log runs on across them.
#[test]
fn a_turn_record_joins_its_recovery_choices() {
    let position = "turn 5 phase start active 1
field .,.,.,.,./.,2J1,.,.,2J3/.,.,.,2H1,./.,2S2,.,1J2,./.,.,.,.,.
p1 piles M:- H:- T:T1,T5,T2,T3 J:J1 S:-
p1 hand -
p1 discard J3,J4,J5
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -";
    let mut game = Shengke::load(position, None, 0).unwrap();
    let mut recorder = TurnRecorder::default();
    let mut turn = None;
    for text in ["33", "T1@c3 T5@e3", "xs:J4", "xs:J3"] {
        assert!(turn.is_none(), "the turn ended before {text}");
        let seat = match game.to_act() {
            ToAct::Seats(seats) => seats.lowest().unwrap(),
            _ => Seat::new(0),
        };
        let action = parse_action(text).unwrap();
        let turn_before = game.turn();
        let events = game.apply(seat, &action).unwrap();
        turn = recorder.push(turn_before, &action, &events);
    }
    let expected = "5. P1 33 +T1 +T5 | T1@c3 T5@e3 | xk:2S2@b2 xs:J4 xs:J3 sx:T2 | 3-3";
    let turn = turn.expect("the turn ended");
    assert_eq!(turn.to_string(), expected);
    assert_eq!(expected.parse::<TurnRecord>().unwrap(), turn);
}

/// Errors in a turn record name the part at fault and its character offset in the line.
#[test]
fn turn_record_errors_name_the_part_and_offset() {
    let good = "8. P2 65=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4";
    assert!(good.parse::<TurnRecord>().is_ok());
    for (bad, field, offset) in [
        ("8 P2 65=H | H5@a4 | - | 3-4", "turn", 0),
        ("x. P2 65 | H5@a4 | - | 3-4", "turn", 0),
        (
            "8. P1 65=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4",
            "player",
            3,
        ),
        (
            "8. P2 75=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4",
            "roll",
            6,
        ),
        (
            "8. P2 65=X +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4",
            "roll",
            9,
        ),
        (
            "8. P2 65=H +H9 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4",
            "drawn card",
            11,
        ),
        (
            "8. P2 65=H +H1 +S1 | H5@a4 S1@f3 | sx:H2 sx:S3 | 3-4",
            "placement",
            30,
        ),
        (
            "8. P2 65=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 xs:S9 | 3-4",
            "judgement log",
            41,
        ),
        (
            "8. P2 65=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-26",
            "counts",
            51,
        ),
        ("8. P2 65=H +H1 +S1 | H5@a4 S1@d3 | 3-4", "turn record", 0),
    ] {
        let error = bad.parse::<TurnRecord>().unwrap_err();
        assert_eq!(
            (error.field.as_str(), error.offset),
            (field, offset),
            "{bad}: {error}"
        );
    }
    let error = "8. P1 65 | - | - | 0-0".parse::<TurnRecord>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "player at character 3: 'P1' does not play turn 8; P2 does (§7.1)"
    );
}
