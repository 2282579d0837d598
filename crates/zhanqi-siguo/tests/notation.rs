//! The notation of §11: canonical round trips of actions, positions and records, and errors
//! that name the field and the character offset.

use crate::common;

use common::*;
use zhanqi_core::{BySeat, Game, GameNotation, Seat, Viewer};
use zhanqi_siguo::notation::{action_text, parse_action};
use zhanqi_siguo::{Deployment, GameRecord, Siguo, SiguoOptions};

#[test]
fn canonical_actions_round_trip() {
    for text in [
        "f6-h6",
        "k6xj6",
        "redeploy l5 a5>k5",
        "b5>m5",
        "stop",
        "bomb l5",
        "bomb e12",
        "exchange g14 l5",
        "exchange g14 l5 + bomb l5",
        "exchange g14 l5 + redeploy l5 a5>k5",
        "pass",
        DEMO[0],
        DEMO[2],
    ] {
        let action = parse_action(text).unwrap_or_else(|error| panic!("{text}: {error}"));
        assert_eq!(action_text(&action), text);
    }
    let deploy = parse_action(&format!("deploy {}", DEMO[3])).unwrap();
    assert_eq!(action_text(&deploy), DEMO[3]);
}

/// The error for `text`, as (field, offset).
fn action_error(text: &str) -> (String, usize, String) {
    let error = parse_action(text).expect_err(text);
    (error.field, error.offset, error.message)
}

#[test]
fn action_errors_name_the_offset() {
    for (text, offset) in [
        ("e5-", 3),
        ("e5+e6", 2),
        ("z5-e6", 0),
        ("e19-e6", 0),
        ("bomb a1", 5),
        ("bomb l5 ", 7),
        ("redeploy l5 a5-k5", 14),
        ("exchange g14 l5 + bomb g14", 23),
        ("exchange g14 l5 + fly l5", 18),
        ("deploy Ga1 Ca4 Rd1", 11),
        ("Ga1 Rd1 Ca4 Sa6 Sa5", 16),
        ("Ga1 Rd1  Ca4", 8),
        ("Ga1 Rd1 Ca4 Sa05", 13),
    ] {
        let (field, found, message) = action_error(text);
        assert_eq!(
            field,
            if text.starts_with(['G', 'd']) {
                "deployment"
            } else {
                "action"
            }
        );
        assert_eq!(found, offset, "{text}: {message}");
    }
}

#[test]
fn position_errors_name_the_field_and_offset() {
    let good = START;
    let board_end = good.find(' ').unwrap();
    for (text, field, offset) in [
        (good.replacen("G42R4", "G42R5", 1), "board", 4),
        (good.replacen("G42R4", "G42R4S4", 1), "board", 19),
        (good.replacen("G42R4", "G402R4", 1), "board", 2),
        (good.replacen("G42R4", "X42R4", 1), "board", 0),
        (
            good.replacen(" 1 4/2", " 5 4/2", 1),
            "who acts",
            board_end + 1,
        ),
        (
            good.replacen(" 1 4/2", " d21 4/2", 1),
            "who acts",
            board_end + 3,
        ),
        (
            good.replacen(" 1 4/2,4/2", " 1 4/2,5/2", 1),
            "cards",
            board_end + 7,
        ),
        (
            good.replacen(" - 0 0", " 1@a1 0 0", 1),
            "rights",
            board_end + 21,
        ),
        (
            good.replacen(" - 0 0", " 1@l5:0 0 0", 1),
            "rights",
            board_end + 19,
        ),
        (
            good.replacen(" - 0 0", " - 01 0", 1),
            "quiet counter",
            board_end + 21,
        ),
        (
            good.replacen(" - 0 0", " - 0 x", 1),
            "action counter",
            board_end + 23,
        ),
        (good.replacen(" - 0 0", " -  0 0", 1), "position", 0),
    ] {
        let error = <Siguo as GameNotation>::load(&text, None, 0).expect_err(&text);
        assert_eq!(
            (error.field.as_str(), error.offset),
            (field, offset),
            "{error}"
        );
    }
}

#[test]
fn load_names_every_problem_it_finds() {
    let text =
        "G116G2/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18 3 4/2,-,4/2,4/2 1@g5,2@l5 0 0";
    let error = refused(text);
    for part in [
        "seat 2 is eliminated",
        "general of seat 1 stands on a18",
        "seat 3 is alive but has no general",
        "seat 4 is alive but has no general",
        "right 1@g5 is on a base that is not an enemy base",
        "right 2@l5 belongs to an eliminated seat",
    ] {
        assert!(error.contains(part), "missing '{part}' in: {error}");
    }
}

#[test]
fn piece_lists_take_their_defaults() {
    let game = load("1:Ga1 3:Gr18");
    assert_eq!(field(&game, 2), "-");
    assert_eq!(field(&game, 3), "4/2,-,4/2,-");
    assert_eq!(field(&load("2:Gr1 3:Gr18 4:Ga18"), 2), "2");
    let game = load("1:Ga1 2:Gr1 3:Gr18 4:Ga18");
    assert_eq!(
        fen(&game),
        "G416G3/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/G116G2 1 4/2,4/2,4/2,4/2 - 0 0"
    );
    let options = serde_json::json!({"first_seat": 3});
    let game = <Siguo as GameNotation>::load("1:Ga1 2:Gr1 4:Ga18", Some(&options), 0).unwrap();
    assert_eq!(field(&game, 2), "4");
}

#[test]
fn records_of_the_worked_examples() {
    let mut game = Siguo::start(SiguoOptions::default());
    let mut record = GameRecord::new();
    for number in [3, 1, 4, 2] {
        let action = game.parse_action(seat(number), DEMO[number - 1]).unwrap();
        record.push(&game, seat(number), &action);
        game.apply(seat(number), &action).unwrap();
    }
    for text in ["f6-h6", "m6-k6", "m13-m11", "f13-f11", "h6-j6", "k6xj6"] {
        let mover = to_move(&game);
        let action = game.parse_action(mover, text).unwrap();
        record.push(&game, mover, &action);
        game.apply(mover, &action).unwrap();
    }
    let text = record.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("0. 1 deploy {}", DEMO[0]));
    assert_eq!(lines[3], format!("0. 4 deploy {}", DEMO[3]));
    assert_eq!(lines[9], "6. 2 k6xj6");
    let replayed = GameRecord::replay(&text, Siguo::start(SiguoOptions::default())).unwrap();
    assert_eq!(fen(&replayed), fen(&game));

    let example = "1. 1 l8-l5\n2. 2 r1-q1\n3. 3 r18-r17\n4. 4 a18-a17\n\
                   5. 1 redeploy l5 a5>k5 b5>m5 c5>k6 d5>l6\n6. 2 q1-r1\n7. 3 r17-r18\n\
                   8. 4 a17-a18\n9. 1 bomb l5";
    let start = load("1:Ga1,Rl8,Sa5,Sb5,Sc5,Sd5,Se5 2:Gr1,Sk4,Sm6,Sk2,Sj3 3:Gr18,Sk1 4:Ga18,Cl2");
    let end = GameRecord::replay(example, start.clone()).unwrap();
    assert!(fen(&end).ends_with(" 2 3/2,4/2,4/2,4/2 - 0 9"));
    let mut rewritten = GameRecord::new();
    let mut game = start;
    for line in example.lines() {
        let body = line.split_once(". ").unwrap().1[2..].to_owned();
        let records: Vec<String> = if body.starts_with("redeploy") {
            let words: Vec<&str> = body.split(' ').collect();
            let mut records = vec![words[..3].join(" ")];
            records.extend(words[3..].iter().map(|w| (*w).to_owned()));
            records
        } else {
            vec![body]
        };
        for text in records {
            let mover = to_move(&game);
            let action = game.parse_action(mover, &text).unwrap();
            rewritten.push(&game, mover, &action);
            game.apply(mover, &action).unwrap();
        }
    }
    assert_eq!(rewritten.text(), example.replace("                   ", ""));
}

#[test]
fn record_lines_of_vectors_24_25_and_29() {
    for (start, rights, line) in [
        (
            "1:Ga1,Rl5,Sa5,Sb5,Sc5,Sd5 2:Gr1,Sk4 3:Gr18 4:Ga18",
            "1@l5",
            "1. 1 redeploy l5 a5>k5 b5>m5 c5>k6 stop",
        ),
        (
            "1:Ga1,Rl5,Sa5,Sb5,Sc5,Sd5,Se5 2:Gr1 3:Gr18 4:Ga18",
            "1@l5",
            "1. 1 redeploy l5 a5>k4 b5>l4 c5>m4 d5>k5",
        ),
        (
            "1:Ga1,Cg14,Sa5,Sb5 2:Gr1,Sk4 3:Gr18,Sl5,Sq15 4:Ga18,Sg13,Sh17",
            "-",
            "1. 1 exchange g14 l5 + redeploy l5 a5>k5 b5>m5 stop",
        ),
    ] {
        let game = load_at(start, 1, rights);
        let after = GameRecord::replay(line, game.clone()).unwrap();
        assert_eq!(to_move(&after), seat(2), "{line}");
        assert!(fen(&after).ends_with(" 1 1"), "{line}");
        let wrong = GameRecord::replay(&line.replace("1. 1", "2. 1"), game.clone()).unwrap_err();
        assert_eq!((wrong.field.as_str(), wrong.offset), ("record line 1", 0));
        let illegal = GameRecord::replay(&line.replace(" stop", " zz"), game);
        if line.ends_with("stop") {
            assert!(illegal.is_err());
        }
    }
}

#[test]
fn views_during_the_deployment_show_only_ones_own() {
    let mut game = Siguo::start(SiguoOptions::default());
    let deployment = Deployment::demo(Seat::new(1));
    game.apply(seat(2), &zhanqi_siguo::Action::Deploy(Box::new(deployment)))
        .unwrap();
    let empty = EMPTY.replace("d1234", "d134");
    assert_eq!(game.position(Viewer::Spectator), empty);
    assert_eq!(game.position(Viewer::Seat(seat(1))), empty);
    assert_ne!(game.position(Viewer::Seat(seat(2))), empty);
    assert_eq!(game.position(Viewer::Seat(seat(2))), fen(&game));
    let deployed = Siguo::deployed(SiguoOptions::default(), 3, &BySeat::from_fn(|_| None)).unwrap();
    for viewer in [Viewer::Spectator, Viewer::Seat(seat(4))] {
        assert_eq!(deployed.position(viewer), fen(&deployed));
    }
}
