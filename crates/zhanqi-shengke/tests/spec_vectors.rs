//! The test vectors of `shared/rules/shengke.md` §12, one named test each. Vectors 1–17 play
//! through the `Game` trait; vectors 18–25 are exchanges with the engine, checked answer by
//! answer.

use crate::common;

use common::{
    NO_PILES, Session, block, field_line, full, legal, line, load, play, play_recorded, refusal,
};
use serde_json::json;
use zhanqi_core::{Game, GameNotation, Viewer};
use zhanqi_shengke::deck::{DeckCard, DeckList, Side, Violation};
use zhanqi_shengke::notation::{TurnRecord, TurnRecorder};
use zhanqi_shengke::{Cell, Element, Player, RangeTable, Resolution, Shengke, ShengkeOptions};

/// The state of §10 before turn 7.
const BEFORE_TURN_7: &str = "turn 7 phase start active 1
field 1H4,.,.,.,./.,2M1,.,2S2,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M4,M1,M2,M5 H:H1,H2,H3,H5 T:T1,T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3
p2 piles M:M2,M3,M4,M5 H:H1,H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S1,S3,S4,S5
p2 hand H5
p2 discard T2";

/// The state of §10 after turn 7.
const AFTER_TURN_7: &str = "turn 8 phase start active 2
field 1H4,.,.,.,./.,2M1,.,.,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M1,M2,M5 H:H1,H2,H3,H5 T:T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3,M4,T1
p2 piles M:M2,M3,M4,M5 H:H1,H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S1,S3,S4,S5
p2 hand H5
p2 discard T2,S2";

/// The state of §10 after turn 8.
const AFTER_TURN_8: &str = "turn 9 phase start active 1
field 1H4,.,.,.,./2H5,2M1,.,.,1J5/.,.,.,2S1,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M1,M2,M5 H:H1,H2,H3,H5 T:T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3,M4,T1
p2 piles M:M2,M3,M4,M5 H:H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S4,S5
p2 hand H1,H2,S3
p2 discard T2,S2";

/// Vector 20's position.
const TWO_SIXES: &str = "turn 15 phase start active 1
field .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.
p1 piles M:M2 H:- T:T1,T2 J:J1,J2 S:S4,S5
p1 hand -
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand H3
p2 discard -";

fn place_line(rolled: &str, turn: u16) -> String {
    let active = if turn % 2 == 1 { 1 } else { 2 };
    format!("turn {turn} phase place active {active} rolled {rolled}")
}

fn deck_card(element: char, in_number: i64, out_number: i64) -> DeckCard {
    DeckCard {
        name: format!("{element}{in_number}{out_number}"),
        element,
        in_number,
        out_number,
    }
}

#[test]
fn tv_01_deck_validation() {
    let standard = DeckList::standard();
    assert_eq!(standard.cards.len(), 25);
    assert_eq!(standard.cards.iter().map(|c| c.in_number).sum::<i64>(), 100);
    assert_eq!(
        standard.cards.iter().map(|c| c.out_number).sum::<i64>(),
        100
    );
    assert!(standard.build().is_ok());

    let mut eight = standard.clone();
    eight.cards[15].out_number = 8; // J1 out 7 → 8
    assert_eq!(
        eight.build().unwrap_err(),
        vec![Violation::Sum {
            side: Side::Out,
            sum: 101
        }]
    );

    let mut nine = standard.clone();
    nine.cards[0].in_number = 9;
    let violations = nine.build().unwrap_err();
    assert!(violations.contains(&Violation::NumberOutOfRange {
        card: "青翼龍".into(),
        side: Side::In,
        value: 9
    }));

    let mut wood = standard.clone();
    wood.cards[5].element = 'M'; // H1 becomes a sixth Wood card
    let violations = wood.build().unwrap_err();
    assert_eq!(
        violations,
        vec![
            Violation::ElementCount {
                element: Element::Wood,
                found: 6
            },
            Violation::ElementCount {
                element: Element::Fire,
                found: 4
            },
        ]
    );

    // Every violation is reported at once.
    let mut broken: Vec<DeckCard> = (0..24).map(|_| deck_card('M', 9, 0)).collect();
    broken.push(deck_card('X', 4, 4));
    let violations = DeckList { cards: broken }.build().unwrap_err();
    assert_eq!(
        violations[..2],
        [
            Violation::ElementCount {
                element: Element::Wood,
                found: 24
            },
            Violation::ElementCount {
                element: Element::Fire,
                found: 0
            },
        ]
    );
    // 5 element counts, 24 bad in and 24 bad out numbers, two sums.
    assert_eq!(violations.len(), 5 + 48 + 2, "{violations:?}");
}

#[test]
fn tv_02_roll_one_four() {
    let mut game = Shengke::new(&ShengkeOptions::default(), 7).unwrap();
    let tops: Vec<String> = ["p1 piles"]
        .iter()
        .map(|prefix| line(&game, prefix))
        .collect();
    let piles = &tops[0];
    let top = |code: char| {
        let start = piles.find(&format!("{code}:")).unwrap() + 2;
        piles[start..start + 2].to_owned()
    };
    let (wood, metal) = (top('M'), top('J'));
    assert_eq!(play(&mut game, "14"), format!("14 +{wood} +{metal}"));
    assert!(full(&game).starts_with("turn 1 phase place active 1 rolled M,J\n"));
    assert_eq!(line(&game, "p1 hand"), format!("p1 hand {wood},{metal}"));
    for action in legal(&game) {
        let mut cards: Vec<char> = action
            .split(' ')
            .map(|part| part.chars().next().unwrap())
            .collect();
        cards.sort();
        assert_eq!(cards, ['J', 'M'], "{action}");
    }
}

#[test]
fn tv_03_doubles_and_sixes() {
    let game = Shengke::new(&ShengkeOptions::default(), 11).unwrap();
    let mut doubles = game.clone();
    let record = play(&mut doubles, "33");
    let mut six = game.clone();
    assert_eq!(play(&mut six, "63"), "63");
    assert_eq!(legal(&six), ["=H", "=J", "=M", "=S", "=T"]);
    let choice = play(&mut six, "=T");
    assert_eq!(record[2..], choice[2..], "3,3 and 6,3=T draw alike");
    assert_eq!(full(&doubles), full(&six));
    assert!(full(&six).starts_with("turn 1 phase place active 1 rolled T,T\n"));
    let hand = line(&six, "p1 hand");
    assert_eq!(hand.matches('T').count(), 2, "{hand}");
    for action in legal(&six) {
        assert_eq!(action.matches('T').count(), 2, "{action}");
    }

    // A T pile holding one card yields one card, and one T card is placed.
    let one = block(
        "turn 1 phase start active 1",
        &[],
        ["M:- H:- T:T4 J:- S:-", "-", "-"],
        [NO_PILES, "-", "-"],
    );
    let mut game = load(&one);
    assert_eq!(play(&mut game, "33"), "33 +T4");
    let actions = legal(&game);
    assert_eq!(actions.len(), 25);
    assert!(actions.iter().all(|a| a.starts_with("T4@")));

    let mut both = Shengke::new(&ShengkeOptions::default(), 11).unwrap();
    assert_eq!(play(&mut both, "66"), "66");
    play(&mut both, "=J,S");
    assert!(full(&both).starts_with("turn 1 phase place active 1 rolled J,S\n"));
    let hand = line(&both, "p1 hand");
    assert_eq!(
        (hand.matches('J').count(), hand.matches('S').count()),
        (1, 1)
    );
}

#[test]
fn tv_04_empty_pile() {
    let position = block(
        "turn 1 phase start active 1",
        &[],
        ["M:- H:- T:- J:- S:S4,S5", "-", "-"],
        [NO_PILES, "-", "-"],
    );
    let mut game = load(&position);
    assert_eq!(play(&mut game, "25"), "25 +S4");
    assert_eq!(line(&game, "p1 hand"), "p1 hand S4");
    let actions = legal(&game);
    assert_eq!(actions.len(), 25, "one S card on any of the 25 cells");
    assert!(
        actions
            .iter()
            .all(|a| a.starts_with("S4@") && !a.contains(' '))
    );
}

/// A field where every cell but `empty` holds one of player 2's cards.
fn full_field_but(empty: &[&str]) -> Vec<(String, String)> {
    let ids: Vec<String> = "MHTJS"
        .chars()
        .flat_map(|e| (1..=5).map(move |i| format!("2{e}{i}")))
        .collect();
    let mut cards = Vec::new();
    let mut next = 0;
    for row in 1..=5 {
        for column in "abcde".chars() {
            let cell = format!("{column}{row}");
            if !empty.contains(&cell.as_str()) {
                cards.push((cell, ids[next].clone()));
                next += 1;
            }
        }
    }
    cards
}

#[test]
fn tv_05_placement_when_cells_run_short() {
    for (empty, expected) in [
        (["a1", "a2"], vec!["H3@a1", "H3@a2", "S4@a1", "S4@a2"]),
        (
            ["a1", "b2"],
            vec!["H3@a1 S4@b2", "H3@b2 S4@a1", "S4@a1 H3@b2", "S4@b2 H3@a1"],
        ),
    ] {
        let cards = full_field_but(&empty);
        let refs: Vec<(&str, &str)> = cards
            .iter()
            .map(|(c, k)| (c.as_str(), k.as_str()))
            .collect();
        let position = block(
            &place_line("H,S", 1),
            &refs,
            [NO_PILES, "H3,S4", "-"],
            [NO_PILES, "-", "-"],
        );
        let game = load(&position);
        assert_eq!(legal(&game), expected, "empty {empty:?}");
    }
}

#[test]
fn tv_06_range_cells() {
    let cells = |number: u8, player: Player, at: &str| -> Vec<String> {
        let mut names: Vec<String> =
            Cell::of_mask(RangeTable::STANDARD.cells(number, player, Cell::parse(at).unwrap()))
                .map(|cell| cell.to_string())
                .collect();
        names.sort();
        names
    };
    let sorted = |names: &[&str]| {
        let mut names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        names.sort();
        names
    };
    assert_eq!(
        cells(7, Player::One, "c3"),
        sorted(&["b3", "b4", "c4", "d4", "d3"])
    );
    assert_eq!(
        cells(7, Player::Two, "c3"),
        sorted(&["d3", "d2", "c2", "b2", "b3"])
    );
    assert_eq!(cells(8, Player::One, "a1"), sorted(&["a2", "b2", "b1"]));
}

#[test]
fn tv_07_overcoming_destroys_every_target() {
    let position = block(
        &place_line("J,H", 1),
        &[("b3", "1M3"), ("c4", "2M2"), ("d4", "2T2")],
        [NO_PILES, "H4,J1", "-"],
        [NO_PILES, "-", "-"],
    );
    let mut game = load(&position);
    assert_eq!(
        play(&mut game, "J1@c3 H4@a1"),
        "J1@c3 H4@a1 | xk:1M3@b3 xk:2M2@c4 | 2-1"
    );
    assert_eq!(line(&game, "p1 discard"), "p1 discard M3");
    assert_eq!(line(&game, "p2 discard"), "p2 discard M2");
    assert_eq!(
        line(&game, "field"),
        field_line(&[("c3", "1J1"), ("a1", "1H4"), ("d4", "2T2")])
    );
    assert_eq!(line(&game, "p1 hand"), "p1 hand -");
}

#[test]
fn tv_08_overcome_after_overcoming() {
    let position = block(
        &place_line("J,H", 1),
        &[("d3", "2H1"), ("c4", "2M1")],
        [NO_PILES, "H4,J1", "-"],
        [NO_PILES, "-", "-"],
    );
    let mut game = load(&position);
    assert_eq!(
        play(&mut game, "J1@c3 H4@a1"),
        "J1@c3 H4@a1 | xk:2M1@c4 kx:1J1@c3 | 1-1"
    );
    assert_eq!(
        line(&game, "field"),
        field_line(&[("a1", "1H4"), ("d3", "2H1")])
    );
    assert_eq!(line(&game, "p1 discard"), "p1 discard J1");
    assert_eq!(line(&game, "p2 discard"), "p2 discard M1");
}

#[test]
fn tv_09_generating_recovers_one_card() {
    let field = [("d4", "2J5")];
    let mut empty = load(&block(
        &place_line("T,J", 1),
        &field,
        [NO_PILES, "J3,T1", "-"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(play(&mut empty, "T1@c3 J3@e5"), "T1@c3 J3@e5 | xs:- | 2-1");
    let mut some = load(&block(
        &place_line("T,J", 1),
        &field,
        ["M:- H:- T:- J:J2 S:-", "J3,T1", "H2,J4"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(play(&mut some, "T1@c3 J3@e5"), "T1@c3 J3@e5 | xs:J4 | 2-1");
    assert_eq!(line(&some, "p1 piles"), "p1 piles M:- H:- T:- J:J2,J4 S:-");
    assert_eq!(line(&some, "p1 discard"), "p1 discard H2");
}

#[test]
fn tv_10_generated_draws_from_its_own_pile() {
    let field = [("c4", "2M4")];
    let mut some = load(&block(
        &place_line("H,M", 1),
        &field,
        ["M:- H:H5,H1 T:- J:- S:-", "H3,M5", "-"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(play(&mut some, "H3@c3 M5@a1"), "H3@c3 M5@a1 | sx:H5 | 2-1");
    assert_eq!(line(&some, "p1 hand"), "p1 hand H5");
    assert_eq!(line(&some, "p1 piles"), "p1 piles M:- H:H1 T:- J:- S:-");
    let mut none = load(&block(
        &place_line("H,M", 1),
        &field,
        [NO_PILES, "H3,M5", "-"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(play(&mut none, "H3@c3 M5@a1"), "H3@c3 M5@a1 | sx:- | 2-1");
}

#[test]
fn tv_11_simultaneous_overcoming() {
    let mut game = load(&block(
        &place_line("M,T", 1),
        &[("c2", "2J4"), ("d4", "2S2")],
        [NO_PILES, "M4,T1", "-"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(
        play(&mut game, "M4@b2 T1@c3"),
        "M4@b2 T1@c3 | xk:1T1@c3 xk:2S2@d4 kx:1M4@b2 | 0-1"
    );
    assert_eq!(line(&game, "field"), field_line(&[("c2", "2J4")]));
    assert_eq!(line(&game, "p1 discard"), "p1 discard M4,T1");
    assert_eq!(line(&game, "p2 discard"), "p2 discard S2");
}

#[test]
fn tv_12_step_order_saves_a_card() {
    let position = block(
        &place_line("J,S", 1),
        &[("c3", "2H2")],
        [NO_PILES, "J1,S2", "-"],
        [NO_PILES, "-", "-"],
    );
    let mut game = load(&position);
    assert_eq!(
        play(&mut game, "J1@b3 S2@d3"),
        "J1@b3 S2@d3 | xk:2H2@c3 | 2-0"
    );
    assert_eq!(
        line(&game, "field"),
        field_line(&[("b3", "1J1"), ("d3", "1S2")])
    );

    let by_card = serde_json::to_value(ShengkeOptions {
        resolution: Resolution::ByCard,
        ..ShengkeOptions::default()
    })
    .unwrap();
    let mut game = Shengke::load(&position, Some(&by_card), 0).unwrap();
    assert_eq!(
        play(&mut game, "J1@b3 S2@d3"),
        "J1@b3 S2@d3 | kx:1J1@b3 xk:2H2@c3 | 1-0"
    );
    assert_eq!(line(&game, "field"), field_line(&[("d3", "1S2")]));
}

#[test]
fn tv_13_one_recovery_however_many_targets() {
    let mut game = load(&block(
        &place_line("T,T", 1),
        &[("b4", "2J1"), ("d2", "1J2")],
        [NO_PILES, "T1,T5", "J3,J4"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(play(&mut game, "T1@c3 T5@e5"), "T1@c3 T5@e5 |");
    assert!(
        full(&game)
            .lines()
            .next()
            .unwrap()
            .ends_with("rolled T,T placed T1@c3,T5@e5 choosing T1")
    );
    assert_eq!(legal(&game), ["xs:J3", "xs:J4"]);
    assert_eq!(play(&mut game, "xs:J4"), "xs:J4 | 3-1");
    assert_eq!(line(&game, "p1 piles"), "p1 piles M:- H:- T:- J:J4 S:-");
    assert_eq!(line(&game, "p1 discard"), "p1 discard J3");
    assert!(full(&game).starts_with("turn 2 phase start active 2\n"));
}

#[test]
fn tv_14_a_destroyed_placed_card_is_recovered() {
    let mut game = load(&block(
        &place_line("J,T", 1),
        &[("a3", "2H1"), ("c3", "2J5")],
        [NO_PILES, "J4,T1", "-"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(
        play(&mut game, "J4@b2 T1@d2"),
        "J4@b2 T1@d2 | kx:1J4@b2 xs:J4 | 1-2"
    );
    assert_eq!(line(&game, "p1 piles"), "p1 piles M:- H:- T:- J:J4 S:-");
}

#[test]
fn tv_15_the_second_player_faces_the_other_way() {
    let mut game = load(&block(
        &place_line("J,H", 2),
        &[("c2", "1M1"), ("c4", "1M2")],
        [NO_PILES, "-", "-"],
        [NO_PILES, "H4,J1", "-"],
    ));
    assert_eq!(
        play(&mut game, "J1@c3 H4@a5"),
        "J1@c3 H4@a5 | xk:1M1@c2 | 1-2"
    );
    assert!(line(&game, "field").contains("1M2"));
}

#[test]
fn tv_16_final_scores() {
    let ids: Vec<String> = "MHTJS"
        .chars()
        .flat_map(|e| (1..=5).map(move |i| format!("{e}{i}")))
        .collect();
    let cells: Vec<String> = (1..=5)
        .flat_map(|row| "abcde".chars().map(move |c| format!("{c}{row}")))
        .collect();
    for ((n1, n2), expected) in [
        (
            (9, 12),
            json!({"result":"win","winners":["2"],"reason":"score"}),
        ),
        (
            (10, 12),
            json!({"result":"draw","winners":[],"reason":"score"}),
        ),
        (
            (11, 12),
            json!({"result":"win","winners":["1"],"reason":"score"}),
        ),
        (
            (12, 12),
            json!({"result":"win","winners":["1"],"reason":"score"}),
        ),
    ] {
        let mut field = Vec::new();
        for index in 0..n1 {
            field.push((cells[index].clone(), format!("1{}", ids[index])));
        }
        for index in 0..n2 {
            field.push((cells[n1 + index].clone(), format!("2{}", ids[index])));
        }
        let refs: Vec<(&str, &str)> = field
            .iter()
            .map(|(c, k)| (c.as_str(), k.as_str()))
            .collect();
        let position = block(
            &place_line("M,H", 20),
            &refs,
            [NO_PILES, "-", "-"],
            [NO_PILES, "-", "-"],
        );
        let mut session = Session::new();
        session.load(&position);
        let (record, after) = session.play("2", "-");
        assert_eq!(record, format!("- | - | {n1}-{n2}"));
        assert!(after.starts_with("turn 20 phase over active 2\n"));
        assert_eq!(
            session.ask(&json!({"op":"outcome"})),
            json!({"ok":true,"outcome":expected}),
            "counts {n1}-{n2}"
        );
    }
}

#[test]
fn tv_17_state_block_round_trip() {
    let game = load(AFTER_TURN_8);
    assert_eq!(full(&game), AFTER_TURN_8);
    for player in Player::BOTH {
        let cards = game.cards(player);
        let on_field = game.field().cards_of(player).count();
        let in_piles: usize = cards.piles.iter().map(|pile| pile.len()).sum();
        assert_eq!(
            on_field + in_piles + cards.hand.len() + cards.discard.len(),
            25,
            "player {}",
            player.number()
        );
    }
}

/// Plays one turn of §10 from its roll: each action's record (§14.4) as given, and the turn
/// record (§9.3) written when the turn ends and read back.
fn play_worked_turn(game: &mut Shengke, actions: &[(&str, &str)], turn_record: &str) {
    let mut recorder = TurnRecorder::default();
    let mut turn = None;
    for (action, record) in actions {
        assert!(turn.is_none(), "the turn ended before {action}");
        let played;
        (played, turn) = play_recorded(game, &mut recorder, action);
        assert_eq!(played, *record);
    }
    let turn = turn.expect("the turn ended");
    assert_eq!(turn.to_string(), turn_record);
    assert_eq!(turn_record.parse::<TurnRecord>().unwrap(), turn);
}

#[test]
fn tv_10_worked_example_turns_7_and_8() {
    let mut game = load(BEFORE_TURN_7);
    play_worked_turn(
        &mut game,
        &[
            ("13", "13 +M4 +T1"),
            (
                "M4@b2 T1@c3",
                "M4@b2 T1@c3 | xk:1T1@c3 xk:2S2@d4 kx:1M4@b2 | 3-2",
            ),
        ],
        "7. P1 13 +M4 +T1 | M4@b2 T1@c3 | xk:1T1@c3 xk:2S2@d4 kx:1M4@b2 | 3-2",
    );
    assert_eq!(full(&game), AFTER_TURN_7);
    play_worked_turn(
        &mut game,
        &[
            ("65", "65"),
            ("=H", "=H +H1 +S1"),
            ("H5@a4 S1@d3", "H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4"),
        ],
        "8. P2 65=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4",
    );
    assert_eq!(full(&game), AFTER_TURN_8);
}

const ALL_ROLLS: &str = r#"["11","12","13","14","15","16","21","22","23","24","25","26","31","32","33","34","35","36","41","42","43","44","45","46","51","52","53","54","55","56","61","62","63","64","65","66"]"#;

#[test]
fn tv_18_the_roll_is_a_chance_node() {
    let mut session = Session::new();
    session.load(BEFORE_TURN_7);
    assert_eq!(
        session.send(&json!({"op":"legal"})),
        format!(r#"{{"ok":true,"to_move":["chance"],"moves":{{"chance":{ALL_ROLLS}}}}}"#)
    );
    assert_eq!(session.ask(&json!({"op":"perft","depth":1}))["nodes"], 36);
    assert_eq!(
        session.ask(&json!({"op":"perft","depth":2}))["nodes"],
        14975
    );
    let refused = session.ask(&json!({"op":"play","seat":"1","move":"13"}));
    assert_eq!(refused["ok"], false, "{refused}");
    let (record, position) = session.play("chance", "13");
    assert_eq!(record, "13 +M4 +T1");
    assert_eq!(
        position,
        "turn 7 phase place active 1 rolled M,T
field 1H4,.,.,.,./.,2M1,.,2S2,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M1,M2,M5 H:H1,H2,H3,H5 T:T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand M4,T1
p1 discard M3
p2 piles M:M2,M3,M4,M5 H:H1,H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S1,S3,S4,S5
p2 hand H5
p2 discard T2"
    );
}

#[test]
fn tv_19_one_six() {
    let mut session = Session::new();
    session.load(AFTER_TURN_7);
    let (record, position) = session.play("chance", "65");
    assert_eq!(record, "65");
    assert_eq!(
        position,
        AFTER_TURN_7.replacen(
            "turn 8 phase start active 2",
            "turn 8 phase start active 2 dice 6,5",
            1
        )
    );
    assert_eq!(
        session.send(&json!({"op":"legal"})),
        r#"{"ok":true,"to_move":["2"],"moves":{"2":["=H","=J","=M","=S","=T"]}}"#
    );
    let (record, position) = session.play("2", "=H");
    assert_eq!(record, "=H +H1 +S1");
    assert_eq!(
        position,
        "turn 8 phase place active 2 rolled H,S
field 1H4,.,.,.,./.,2M1,.,.,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M1,M2,M5 H:H1,H2,H3,H5 T:T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3,M4,T1
p2 piles M:M2,M3,M4,M5 H:H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S3,S4,S5
p2 hand H1,H5,S1
p2 discard T2,S2"
    );

    let mut session = Session::new();
    session.load(AFTER_TURN_7);
    let (_, position) = session.play("chance", "56");
    assert!(position.starts_with("turn 8 phase start active 2 dice 5,6\n"));
    let (record, position) = session.play("2", "=H");
    assert_eq!(record, "=H +S1 +H1");
    assert!(position.starts_with("turn 8 phase place active 2 rolled S,H\n"));
}

#[test]
fn tv_20_two_sixes() {
    let mut session = Session::new();
    session.load(TWO_SIXES);
    let (record, position) = session.play("chance", "66");
    assert_eq!(record, "66");
    assert!(position.starts_with("turn 15 phase start active 1 dice 6,6\n"));
    assert_eq!(
        session.send(&json!({"op":"legal"})),
        r#"{"ok":true,"to_move":["1"],"moves":{"1":["=H,H","=H,J","=H,M","=H,S","=H,T","=J,H","=J,J","=J,M","=J,S","=J,T","=M,H","=M,J","=M,M","=M,S","=M,T","=S,H","=S,J","=S,M","=S,S","=S,T","=T,H","=T,J","=T,M","=T,S","=T,T"]}}"#
    );
    for (choice, line1, record, hand, piles) in [
        (
            "=S,J",
            "turn 15 phase place active 1 rolled S,J",
            "=S,J +S4 +J1",
            "J1,S4",
            "M:M2 H:- T:T1,T2 J:J2 S:S5",
        ),
        (
            "=J,S",
            "turn 15 phase place active 1 rolled J,S",
            "=J,S +J1 +S4",
            "J1,S4",
            "M:M2 H:- T:T1,T2 J:J2 S:S5",
        ),
        (
            "=T,T",
            "turn 15 phase place active 1 rolled T,T",
            "=T,T +T1 +T2",
            "T1,T2",
            "M:M2 H:- T:- J:J1,J2 S:S4,S5",
        ),
        (
            "=H,M",
            "turn 15 phase place active 1 rolled H,M",
            "=H,M +M2",
            "M2",
            "M:- H:- T:T1,T2 J:J1,J2 S:S4,S5",
        ),
    ] {
        let mut session = Session::new();
        session.load(TWO_SIXES);
        session.play("chance", "66");
        let (got, position) = session.play("1", choice);
        assert_eq!(got, record);
        let lines: Vec<&str> = position.lines().collect();
        assert_eq!(lines[0], line1);
        assert_eq!(lines[3], format!("p1 hand {hand}"));
        assert_eq!(lines[2], format!("p1 piles {piles}"));
    }
}

#[test]
fn tv_21_recovery_choices() {
    let position = include_str!("data/vector_21.txt");
    let mut session = Session::new();
    session.load(position);
    let (record, position) = session.play("1", "T1@c3 T5@e3");
    assert_eq!(record, "T1@c3 T5@e3 | xk:2S2@b2");
    assert_eq!(
        position,
        "turn 5 phase judge active 1 rolled T,T placed T1@c3,T5@e3 choosing T1
field .,.,.,.,./.,2J1,.,.,2J3/.,.,1T1,2H1,1T5/.,.,.,1J2,./.,.,.,.,.
p1 piles M:- H:- T:T2,T3 J:J1 S:-
p1 hand -
p1 discard J3,J4,J5
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard S2"
    );
    assert_eq!(
        session.send(&json!({"op":"legal"})),
        r#"{"ok":true,"to_move":["1"],"moves":{"1":["xs:J3","xs:J4","xs:J5"]}}"#
    );
    let refused = session.ask(&json!({"op":"play","seat":"1","move":"xs:J2"}));
    assert_eq!(refused["ok"], false);
    let (record, position) = session.play("1", "xs:J4");
    assert_eq!(record, "xs:J4");
    assert!(
        position
            .starts_with("turn 5 phase judge active 1 rolled T,T placed T1@c3,T5@e3 choosing T5\n")
    );
    assert!(position.contains("p1 piles M:- H:- T:T2,T3 J:J1,J4 S:-\n"));
    assert!(position.contains("p1 discard J3,J5\n"));
    assert_eq!(
        session.send(&json!({"op":"legal"})),
        r#"{"ok":true,"to_move":["1"],"moves":{"1":["xs:J3","xs:J5"]}}"#
    );
    let (record, position) = session.play("1", "xs:J3");
    assert_eq!(record, "xs:J3 sx:T2 | 3-3");
    assert_eq!(
        position,
        "turn 6 phase start active 2
field .,.,.,.,./.,2J1,.,.,2J3/.,.,1T1,2H1,1T5/.,.,.,1J2,./.,.,.,.,.
p1 piles M:- H:- T:T3 J:J1,J4,J3 S:-
p1 hand T2
p1 discard J5
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard S2"
    );
}

#[test]
fn tv_22_game_over() {
    let position = "turn 20 phase place active 2 rolled S,M
field 2M1,2H1,2T1,2J1,2S2/.,.,.,.,./.,.,.,.,./.,.,.,.,./1H1,1M1,1T1,1J1,1S1
p1 piles M:- H:- T:- J:- S:-
p1 hand -
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand M2,S1
p2 discard -";
    let mut session = Session::new();
    session.load(position);
    let (record, after) = session.play("2", "S1@b3 M2@d3");
    assert_eq!(record, "S1@b3 M2@d3 | - | 5-7");
    assert_eq!(
        after,
        "turn 20 phase over active 2
field 2M1,2H1,2T1,2J1,2S2/.,.,.,.,./.,2S1,.,2M2,./.,.,.,.,./1H1,1M1,1T1,1J1,1S1
p1 piles M:- H:- T:- J:- S:-
p1 hand -
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -"
    );
    assert_eq!(
        session.send(&json!({"op":"legal"})),
        r#"{"ok":true,"to_move":[],"moves":{}}"#
    );
    for (seat, text) in [("2", "-"), ("1", "-"), ("chance", "11"), ("2", "xs:J1")] {
        let answer = session.ask(&json!({"op":"play","seat":seat,"move":text}));
        assert_eq!(answer["ok"], false, "{seat} {text}: {answer}");
    }
    assert_eq!(
        session.send(&json!({"op":"outcome"})),
        r#"{"ok":true,"outcome":{"result":"draw","winners":[],"reason":"score"}}"#
    );

    let mut session = Session::new();
    session.load(position);
    let (record, after) = session.play("2", "S1@a2 M2@d3");
    assert_eq!(record, "S1@a2 M2@d3 | xk:1H1@a1 | 4-7");
    assert!(after.starts_with("turn 20 phase over active 2\n"));
    assert_eq!(
        session.send(&json!({"op":"outcome"})),
        r#"{"ok":true,"outcome":{"result":"win","winners":["2"],"reason":"score"}}"#
    );
}

#[test]
fn tv_23_views() {
    let mut session = Session::new();
    session.load(TWO_SIXES);
    let view = |session: &mut Session, seat: &str| {
        session.ask(&json!({"op":"view","seat":seat}))["position"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        view(&mut session, "2"),
        "turn 15 phase start active 1
field .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.
p1 piles M:1 H:0 T:2 J:2 S:2
p1 hand 0
p1 discard -
p2 piles M:0 H:0 T:0 J:0 S:0
p2 hand H3
p2 discard -"
    );
    assert_eq!(
        view(&mut session, "1"),
        "turn 15 phase start active 1
field .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.
p1 piles M:1 H:0 T:2 J:2 S:2
p1 hand -
p1 discard -
p2 piles M:0 H:0 T:0 J:0 S:0
p2 hand 1
p2 discard -"
    );
    // A spectator sees both hands as counts.
    let game = load(TWO_SIXES);
    let spectator = game.position(Viewer::Spectator);
    assert!(spectator.contains("\np1 hand 0\n") && spectator.contains("\np2 hand 1\n"));
}

#[test]
fn tv_24_placement_order() {
    let position = "turn 9 phase place active 1 rolled H,T
field .,.,.,.,./.,.,.,.,./2H2,.,.,2M1,./.,.,.,.,./.,.,.,.,.
p1 piles M:- H:H1,H2 T:T1,T2 J:- S:-
p1 hand H3,T4
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -";
    let game = load(position);
    let actions = legal(&game);
    assert_eq!(actions.len(), 880);
    assert!(actions.contains(&"H3@d2 T4@b2".to_owned()));
    assert!(actions.contains(&"T4@b2 H3@d2".to_owned()));
    let after = "turn 10 phase start active 2
field .,.,.,.,./.,.,.,.,./2H2,.,.,2M1,./.,1T4,.,1H3,./.,.,.,.,.
p1 piles M:- H:H2 T:T2 J:- S:-
p1 hand H1,T1
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -";
    for (text, record) in [
        ("H3@d2 T4@b2", "H3@d2 T4@b2 | sx:H1 sx:T1 | 2-2"),
        ("T4@b2 H3@d2", "T4@b2 H3@d2 | sx:T1 sx:H1 | 2-2"),
    ] {
        let mut session = Session::new();
        session.load(position);
        assert_eq!(
            session.play("1", text),
            (record.to_owned(), after.to_owned())
        );
    }
}

#[test]
fn tv_25_loading() {
    let mut session = Session::new();
    let answer = session.load(TWO_SIXES);
    assert_eq!(answer["position"], TWO_SIXES);
    for changed in [
        TWO_SIXES.replace("p1 hand -", "p1 hand J1"),
        TWO_SIXES.replace(
            "turn 15 phase start active 1",
            "turn 15 phase draw active 1 rolled M,T",
        ),
        TWO_SIXES.replace(
            "turn 15 phase start active 1",
            "turn 15 phase start active 1 dice 3,4",
        ),
        TWO_SIXES.replace(
            "turn 15 phase start active 1",
            "turn 15 phase start active 2",
        ),
        TWO_SIXES.replace(
            "turn 15 phase start active 1",
            "turn 15 phase start active 1 rolled M,T",
        ),
        TWO_SIXES.replace(
            "turn 15 phase start active 1",
            "turn 15 phase judge active 1 rolled T,T placed T1@c3 choosing T1",
        ),
    ] {
        let answer = session.ask(&json!({"op":"load","game":"shengke","position":changed}));
        assert_eq!(answer["ok"], false, "accepted:\n{changed}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("at character"), "{error}");
    }
}

#[test]
fn placements_are_refused_with_reasons() {
    let game = load(&block(
        &place_line("H,T", 1),
        &[("c3", "2M1")],
        [NO_PILES, "H3,T4,J1", "-"],
        [NO_PILES, "-", "-"],
    ));
    assert_eq!(
        refusal(&game, "H3@a1"),
        "you must place 2 card(s) this turn (as many as possible), not 1"
    );
    assert_eq!(
        refusal(&game, "H3@a1 T4@a2"),
        "a1 and a2 are adjacent; the two cards placed in a turn may not be"
    );
    assert_eq!(refusal(&game, "H3@c3 T4@a2"), "c3 is not empty");
    assert_eq!(
        refusal(&game, "H3@a1 J1@a3"),
        "J1 is J, but the rolled elements are H,T"
    );
    assert_eq!(refusal(&game, "H1@a1 T4@a3"), "H1 is not in your hand");
    assert_eq!(
        refusal(&game, "-"),
        "you must place 2 card(s) this turn (as many as possible), not 0"
    );
}
