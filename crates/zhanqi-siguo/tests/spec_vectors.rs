//! Every test vector of §13 as a named test, and the worked examples of §12.

use crate::common;

use common::*;
use zhanqi_core::{Game, GameNotation, SeatResult, ToAct, Viewer};
use zhanqi_siguo::geometry::{Base, corner, in_deployment_zone, is_enemy_base};
use zhanqi_siguo::{Action, Deployment, Point, Siguo, SiguoOptions};

fn point(name: &str) -> Point {
    Point::parse(name).unwrap_or_else(|| panic!("{name} is not a point"))
}

fn base(name: &str) -> Base {
    Base::at(point(name)).unwrap_or_else(|| panic!("{name} is not a base"))
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(ToString::to_string).collect()
}

/// The points of files `files` × ranks `ranks`, in index order.
fn rectangle(
    files: std::ops::RangeInclusive<u8>,
    ranks: std::ops::RangeInclusive<usize>,
) -> Vec<Point> {
    let mut points: Vec<Point> = Point::all()
        .filter(|p| files.contains(&(b'a' + (p.x() - 1) as u8)) && ranks.contains(&p.y()))
        .collect();
    points.sort();
    points
}

#[test]
fn tv_01_features_of_seat_3() {
    let seat3 = seat(3);
    assert_eq!(corner(seat3), point("r18"));
    let zone: Vec<Point> = Point::all()
        .filter(|&p| in_deployment_zone(seat3, p))
        .collect();
    assert_eq!(zone, rectangle(b'm'..=b'r', 13..=18));
    let mut zone_a = base("l14").zone().to_vec();
    zone_a.sort();
    assert_eq!(zone_a, rectangle(b'j'..=b'l', 16..=18));
    let mut zone_b = base("n12").zone().to_vec();
    zone_b.sort();
    assert_eq!(zone_b, rectangle(b'p'..=b'r', 10..=12));
    let mut around = names(base("l14").around());
    around.sort();
    let mut expected: Vec<String> = "k13 l13 m13 k14 m14 k15 l15 m15"
        .split(' ')
        .map(str::to_owned)
        .collect();
    expected.sort();
    assert_eq!(around, expected);
    assert_eq!(base("l14").region(), seat3);
    assert_eq!(base("n12").region(), seat3);
}

#[test]
fn tv_02_deployment_validation() {
    let options = SiguoOptions::default();
    let demo = Deployment::parse(DEMO[1], 0).unwrap();
    assert!(demo.violations(seat(2), &options).is_empty());
    let mut soldiers = demo.soldiers.clone();
    soldiers.retain(|&p| p != point("m1"));
    soldiers.push(point("l6"));
    let outside = Deployment::new(demo.general, demo.chariot, demo.cannon, soldiers);
    let violations = outside.violations(seat(2), &options);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].to_string().contains("l6"));
    let general_off = Deployment::new(
        point("q1"),
        outside.chariot,
        outside.cannon,
        outside.soldiers.clone(),
    );
    let violations = general_off.violations(seat(2), &options);
    assert!(violations.len() >= 2, "{violations:?}");
    assert!(violations[0].to_string().contains("r1"));
}

#[test]
fn tv_03_soldier_moves_on_an_empty_board() {
    let game = load("1:Ga1,Se5 2:Gr1 3:Gr18 4:Ga18");
    assert_eq!(
        destinations(&game, "e5"),
        ["c5", "d5", "e3", "e4", "e6", "e7", "f5", "g5"]
    );
}

#[test]
fn tv_04_soldier_blocked_by_own_and_ally_captures_enemies() {
    let game = load("1:Ga1,Se5,Se6 2:Gr1,Sd5 3:Gr18,Sf5 4:Ga18,Se3");
    assert_eq!(moves_of(&game, "e5"), ["e5-e4", "e5xd5", "e5xe3"]);
}

#[test]
fn tv_05_an_ally_is_neither_captured_nor_passed() {
    let game = load("1:Ga1,Se5 2:Gr1 3:Gr18,Se6 4:Ga18");
    assert_eq!(
        destinations(&game, "e5"),
        ["c5", "d5", "e3", "e4", "f5", "g5"]
    );
}

#[test]
fn tv_06_crossing_the_border_is_one_step() {
    let game = load("1:Ga1,Si5 2:Gr1 3:Gr18 4:Ga18");
    assert_eq!(
        destinations(&game, "i5"),
        ["g5", "h5", "i3", "i4", "i6", "i7", "j5", "k5"]
    );
}

#[test]
fn tv_07_generals_stay_in_their_region() {
    let game = load("1:Gi9 2:Gr1 3:Gr18 4:Ga18");
    assert_eq!(destinations(&game, "i9"), ["h9", "i8"]);
    let game = load_at("1:Ga1 2:Gj9,Sk9 3:Gr18,Sj10 4:Ga18", 2, "-");
    assert_eq!(destinations(&game, "j9"), ["j8"]);
}

#[test]
fn tv_08_chariot_slides_and_captures_the_first_enemy() {
    let game = load("1:Ga1,Rd4,Sd7 2:Gr1,Sh4 3:Gr18,Sd2 4:Ga18,Sd1");
    let moves = moves_of(&game, "d4");
    assert_eq!(moves.len(), 10, "{moves:?}");
    assert_eq!(
        destinations(&game, "d4"),
        ["a4", "b4", "c4", "d3", "d5", "d6", "e4", "f4", "g4", "h4"]
    );
    assert!(moves.contains(&"d4xh4".to_owned()));
}

#[test]
fn tv_09_cannon_captures_over_any_screen() {
    let game = load("1:Ga1,Cd4,Sd6 2:Gr1,Sd9,Sf4,Sg4 3:Gr18,Sb4 4:Ga18,Sd2,Sd1");
    assert_eq!(
        moves_of(&game, "d4"),
        [
            "d4-c4", "d4-d3", "d4-d5", "d4-e4", "d4xd1", "d4xd9", "d4xg4"
        ]
    );
}

#[test]
fn tv_10_cannon_needs_exactly_one_screen_and_an_enemy_target() {
    let game = load("1:Ga1,Cd4,Sd6 2:Gr1,Sd9 3:Gr18,Sd8 4:Ga18");
    let moves = moves_of(&game, "d4");
    assert!(moves.iter().all(|m| !m.contains('x')), "{moves:?}");
    let up: Vec<&String> = moves
        .iter()
        .filter(|m| point(&m[3..]).y() > 4 && point(&m[3..]).x() == 4)
        .collect();
    assert_eq!(up, ["d4-d5"]);
    let game = load("1:Ga1,Cd4,Sd5,Sd6 2:Gr1,Sd9 3:Gr18 4:Ga18");
    let moves = moves_of(&game, "d4");
    assert!(moves.iter().all(|m| !m.contains('x')), "{moves:?}");
    assert!(
        moves
            .iter()
            .all(|m| point(&m[3..]).y() <= 4 || point(&m[3..]).x() != 4)
    );
}

#[test]
fn tv_11_bomb_removes_every_enemy_piece_in_the_zone() {
    let mut game = load("1:Ga1,Rl5 2:Gr1,Sk2,Sj3,Sl1 3:Gr18,Sk1 4:Ga18,Cl2");
    play(&mut game, "bomb l5");
    let board = &game.state().board;
    for gone in ["k2", "j3", "l1", "l2"] {
        assert!(board.is_empty(point(gone)), "{gone} still holds a piece");
    }
    assert_eq!(board.seat_at(point("k1")), Some(seat(3)));
    assert_eq!(field(&game, 3), "3/2,4/2,4/2,4/2");
    assert_eq!(field(&game, 5), "0");
}

#[test]
fn tv_12_bombing_a_general_eliminates_its_seat() {
    let mut game = load("1:Ga1,Rl5 2:Gk1,Sm1,Sq9 3:Gr18 4:Ga18,Sk3");
    play(&mut game, "bomb l5");
    let board = &game.state().board;
    for gone in ["k1", "k3", "m1", "q9"] {
        assert!(board.is_empty(point(gone)), "{gone} still holds a piece");
    }
    assert_eq!(game.outcome(), None);
    assert_eq!(to_move(&game), seat(3));
    assert_eq!(field(&game, 3), "3/2,-,4/2,4/2");
}

#[test]
fn tv_13_no_bomb_from_an_ally_occupier_or_an_empty_zone() {
    let mut game = load("1:Ga1,Rg5 2:Gr1 3:Gr18,Sl5 4:Ga18,Sk2");
    assert!(legal(&game).iter().all(|a| !a.starts_with("bomb")));
    refuse(&mut game, "bomb l5");
    refuse(&mut game, "bomb g5");
}

#[test]
fn tv_14_arriving_on_an_enemy_base_gives_a_right() {
    let mut game = load("1:Ga1,Rl9 2:Gr1,Sl5 3:Gr18 4:Ga18");
    play(&mut game, "l9xl5");
    assert_eq!(field(&game, 4), "1@l5");
    assert_eq!(field(&game, 5), "0");
}

#[test]
fn tv_15_redeployment_fills_only_empty_points() {
    let mut game = load_at(
        "1:Ga1,Rl5,Sa5,Sb5,Sc5 2:Gr1,Sk4,Sl4,Sm4,Sk5,Sm5,Sk6 3:Gr18 4:Ga18",
        1,
        "1@l5",
    );
    let firsts: Vec<String> = legal(&game)
        .into_iter()
        .filter(|a| a.starts_with("redeploy"))
        .collect();
    assert_eq!(
        firsts,
        [
            "redeploy l5 a5>l6",
            "redeploy l5 a5>m6",
            "redeploy l5 b5>l6",
            "redeploy l5 b5>m6",
            "redeploy l5 c5>l6",
            "redeploy l5 c5>m6"
        ]
    );
    refuse(&mut game, "redeploy l5 a5>k4");
    play(&mut game, "redeploy l5 a5>l6");
    assert_eq!(field(&game, 4), "1@l5:1");
    assert_eq!(legal(&game), ["b5>m6", "c5>m6", "l6>m6", "stop"]);
    play(&mut game, "b5>m6");
    assert_eq!(to_move(&game), seat(2));
    assert_eq!(field(&game, 4), "-");
}

/// The position after action 4 of §12.2.
fn after_action_4() -> Siguo {
    let mut game = load(EXAMPLE_12_2);
    for text in ["l8-l5", "r1-q1", "r18-r17", "a18-a17"] {
        play(&mut game, text);
    }
    game
}

const EXAMPLE_12_2: &str = "G416G3/18/18/18/18/18/18/18/18/18/11R16/18/12S25/S1S1S1S1S113/10S27/9S28/10S2C46/G19S36G2 1 4/2,4/2,4/2,4/2 - 0 0";

#[test]
fn tv_16_an_unused_right_lapses_at_the_end_of_the_turn() {
    let mut game = after_action_4();
    assert_eq!(field(&game, 4), "1@l5");
    play(&mut game, "e5-e6");
    assert_eq!(field(&game, 4), "-");
    for text in ["q1-r1", "r17-r18", "a17-a18"] {
        play(&mut game, text);
    }
    assert_eq!(to_move(&game), seat(1));
    assert_eq!(game.state().board.seat_at(point("l5")), Some(seat(1)));
    let reason = refuse(&mut game, "redeploy l5 a5>k5");
    assert!(reason.contains("no usable redeploy right"), "{reason}");
}

#[test]
fn tv_17_only_enemy_bases_give_rights() {
    let mut own = load("1:Ga1,Re9 2:Gr1 3:Gr18 4:Ga18");
    play(&mut own, "e9-e7");
    assert_eq!(field(&own, 4), "-");
    let mut enemy = load("1:Ga1,Re9 2:Gr1 3:Gr18 4:Ga18");
    play(&mut enemy, "e9-e12");
    assert_eq!(field(&enemy, 4), "1@e12");
    for (name, gives) in [
        ("l5", true),
        ("n7", true),
        ("g14", true),
        ("e12", true),
        ("n12", false),
        ("l14", false),
        ("g5", false),
        ("e7", false),
    ] {
        assert_eq!(is_enemy_base(seat(1), base(name)), gives, "{name}");
    }
}

#[test]
fn tv_18_exchange_then_bomb_from_the_new_base() {
    let mut game = load("1:Ga1,Rg14 2:Gr1,Sk2 3:Gr18,Sl5 4:Ga18,Sh17");
    play(&mut game, "exchange g14 l5 + bomb l5");
    let board = &game.state().board;
    assert_eq!(
        board.get(point("l5")).map(|p| p.to_string()),
        Some("R1".into())
    );
    assert_eq!(
        board.get(point("g14")).map(|p| p.to_string()),
        Some("S3".into())
    );
    assert!(board.is_empty(point("k2")));
    assert_eq!(field(&game, 3), "3/1,4/2,4/2,4/2");
    assert_eq!(field(&game, 4), "3@g14");
    assert_eq!(field(&game, 5), "0");
}

#[test]
fn tv_19_an_exchange_cannot_take_a_general_out_of_its_region() {
    let mut game = load("1:Gg5 2:Gr1 3:Gr18,Sl5 4:Ga18");
    assert!(legal(&game).iter().all(|a| !a.starts_with("exchange")));
    refuse(&mut game, "exchange g5 l5");
}

#[test]
fn tv_20_capturing_the_last_enemy_general_wins() {
    let mut game = load("1:Ga1,Rr5 2:Gr1 3:Gr18");
    play(&mut game, "r5xr1");
    assert_eq!(field(&game, 2), "-");
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.reason, "generals_captured");
    assert!(outcome.winners.contains(seat(1)) && outcome.winners.contains(seat(3)));
    assert_eq!(outcome.winners.len(), 2);
}

#[test]
fn tv_21_an_eliminated_seat_is_skipped() {
    let mut game = load("1:Ga1 3:Gr18 4:Ga18");
    let mut order = Vec::new();
    for text in ["a1-a2", "r18-r17", "a18-a17", "a2-a1", "r17-r18", "a17-a18"] {
        order.push(to_move(&game).index() + 1);
        play(&mut game, text);
    }
    order.push(to_move(&game).index() + 1);
    assert_eq!(order, [1, 3, 4, 1, 3, 4, 1]);
}

/// A position with quiet and action counters 199, seat 1 to move.
fn quiet_199() -> Siguo {
    let text = fen(&load("1:Ga1,Se5 2:Gr1,Se7 3:Gr18 4:Ga18")).replace(" - 0 0", " - 199 199");
    load(&text)
}

#[test]
fn tv_22_the_quiet_limit_draws() {
    let mut game = quiet_199();
    play(&mut game, "e5-e6");
    assert_eq!(field(&game, 2), "-");
    assert!(fen(&game).ends_with("- 4/2,4/2,4/2,4/2 - 200 200"));
    let mut game = quiet_199();
    play(&mut game, "e5xe7");
    assert_eq!(field(&game, 5), "0");
    assert_eq!(to_move(&game), seat(2));
}

#[test]
fn tv_23_the_start_position_round_trips() {
    let game = load(START);
    assert_eq!(fen(&game), START);
    assert_eq!(game.state().board.pieces().count(), 92);
    for number in 1..=4 {
        assert_eq!(game.state().board.pieces_of(seat(number)).len(), 23);
    }
}

#[test]
fn tv_24_redeployment_stopped_after_three_steps() {
    let mut game = load_at(
        "1:Ga1,Rl5,Sa5,Sb5,Sc5,Sd5 2:Gr1,Sk4 3:Gr18 4:Ga18",
        1,
        "1@l5",
    );
    let mut record = vec![game.record_text(&action(&game, "redeploy l5 a5>k5"), &[])];
    play(&mut game, "redeploy l5 a5>k5");
    assert_eq!(to_move(&game), seat(1));
    assert_eq!(field(&game, 4), "1@l5:1");
    assert!(fen(&game).ends_with(" 0 0"));
    for step in ["b5>m5", "c5>k6"] {
        record.push(game.record_text(&action(&game, step), &[]));
        play(&mut game, step);
    }
    assert_eq!(field(&game, 4), "1@l5:3");
    let mut expected: Vec<String> = Vec::new();
    for from in ["d5", "k5", "k6", "m5"] {
        for to in ["l4", "l6", "m4", "m6"] {
            expected.push(format!("{from}>{to}"));
        }
    }
    expected.push("stop".to_owned());
    expected.sort();
    assert_eq!(legal(&game), expected);
    record.push(game.record_text(&Action::Stop, &[]));
    play(&mut game, "stop");
    assert_eq!(
        fen(&game),
        "G416G3/18/18/18/18/18/18/18/18/18/18/18/10S17/3S16S1R1S15/10S27/18/18/G116G2 2 4/2,4/2,4/2,4/2 - 1 1"
    );
    assert_eq!(
        format!("1. 1 {}", record.join(" ")),
        "1. 1 redeploy l5 a5>k5 b5>m5 c5>k6 stop"
    );
}

#[test]
fn tv_25_the_fourth_step_ends_the_redeployment() {
    let mut game = load_at(
        "1:Ga1,Rl5,Sa5,Sb5,Sc5,Sd5,Se5 2:Gr1 3:Gr18 4:Ga18",
        1,
        "1@l5",
    );
    for step in ["redeploy l5 a5>k4", "b5>l4", "c5>m4"] {
        play(&mut game, step);
    }
    let legal = legal(&game);
    assert_eq!(legal.len(), 26, "{legal:?}");
    for from in ["d5", "e5", "k4", "l4", "m4"] {
        for to in ["k5", "k6", "l6", "m5", "m6"] {
            assert!(legal.contains(&format!("{from}>{to}")));
        }
    }
    play(&mut game, "d5>k5");
    assert_eq!(to_move(&game), seat(2));
    assert_eq!(field(&game, 4), "-");
    assert!(fen(&game).ends_with(" 1 1"));
}

#[test]
fn tv_26_a_vacated_point_is_a_target() {
    let mut game = load_at(
        "1:Ga1,Rl5,Sa5,Sk4 2:Gr1,Sl4,Sm4,Sk5,Sm5,Sk6,Sl6 3:Gr18 4:Ga18",
        1,
        "1@l5",
    );
    let firsts: Vec<String> = legal(&game)
        .into_iter()
        .filter(|a| a.starts_with("redeploy"))
        .collect();
    assert_eq!(firsts, ["redeploy l5 a5>m6", "redeploy l5 k4>m6"]);
    play(&mut game, "redeploy l5 k4>m6");
    assert_eq!(field(&game, 4), "1@l5:1");
    assert_eq!(legal(&game), ["a5>k4", "m6>k4", "stop"]);
    play(&mut game, "a5>k4");
    let board = &game.state().board;
    assert_eq!(board.seat_at(point("k4")), Some(seat(1)));
    assert_eq!(board.seat_at(point("m6")), Some(seat(1)));
    assert!(board.is_empty(point("a5")));
    assert_eq!(to_move(&game), seat(2));
    assert_eq!(field(&game, 4), "-");
}

fn deploy(game: &mut Siguo, number: usize, text: &str) -> Result<(), String> {
    let parsed = game
        .parse_action(seat(number), text)
        .map_err(|error| error.to_string())?;
    game.apply(seat(number), &parsed)
        .map(|_| ())
        .map_err(|error| error.to_string())
}

#[test]
fn tv_27_hidden_simultaneous_deployment() {
    let mut game = load(EMPTY);
    assert_eq!(game.to_act(), ToAct::Seats(zhanqi_core::SeatSet::first(4)));
    for number in 1..=4 {
        assert!(legal_of(&game, seat(number)).is_empty());
        assert!(game.has_unlisted_actions(seat(number)));
    }
    let seat3 = game.parse_action(seat(3), DEMO[2]).unwrap();
    assert_eq!(game.record_text(&seat3, &[]), format!("deploy {}", DEMO[2]));
    deploy(&mut game, 3, DEMO[2]).unwrap();
    let after = "12S3S3R32G3/12S3S34/12S3S34/12S3S33C3/12S3S3S3S3S3S3/12S3S3S3S3S3S3/18/18/18/18/18/18/18/18/18/18/18/18 d124 4/2,4/2,4/2,4/2 - 0 0";
    assert_eq!(fen(&game), after);
    assert_eq!(game.position(Viewer::Seat(seat(3))), after);
    assert_eq!(
        game.position(Viewer::Seat(seat(1))),
        EMPTY.replace("d1234", "d124")
    );
    assert!(!game.has_unlisted_actions(seat(3)));
    assert!(game.has_unlisted_actions(seat(1)));
    assert!(
        deploy(&mut game, 3, DEMO[2])
            .unwrap_err()
            .contains("already deployed")
    );
    let swapped = DEMO[0].replace("Rd1 Ca4", "Ca4 Rd1");
    let error = deploy(&mut game, 1, &swapped).unwrap_err();
    assert!(error.contains("character 4"), "{error}");
    let outside = DEMO[1].replace("Sm1 ", "").replace("Sm2", "Sl6 Sm2");
    let outside = {
        let mut d = Deployment::parse(&outside.replace("Sl6 ", ""), 0).unwrap();
        d.soldiers.push(point("l6"));
        Deployment::new(d.general, d.chariot, d.cannon, d.soldiers).to_string()
    };
    assert!(deploy(&mut game, 2, &outside).unwrap_err().contains("l6"));
    let general_off = outside.replacen("Gr1", "Gq1", 1);
    assert!(
        deploy(&mut game, 2, &general_off)
            .unwrap_err()
            .contains("r1")
    );
    assert_eq!(fen(&game), after);
    for number in [1, 2, 4] {
        deploy(&mut game, number, DEMO[number - 1]).unwrap();
    }
    assert_eq!(fen(&game), START);
    assert_eq!(to_move(&game), seat(1));
}

#[test]
fn tv_28_game_over() {
    let won = "17G3/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/G116R1 - 4/2,-,4/2,- - 0 1";
    let mut game = load("1:Ga1,Rr5 2:Gr1 3:Gr18");
    play(&mut game, "r5xr1");
    assert_eq!(fen(&game), won);
    let game = load(won);
    assert_eq!(game.to_act(), ToAct::Over);
    for number in 1..=4 {
        assert!(legal_of(&game, seat(number)).is_empty());
        let mut probe = game.clone();
        assert!(probe.apply(seat(number), &Action::Pass).is_err());
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, "generals_captured");
    assert_eq!(
        outcome.results.0,
        [
            SeatResult::Win,
            SeatResult::Loss,
            SeatResult::Win,
            SeatResult::Loss
        ]
    );
    let mut drawn = quiet_199();
    play(&mut drawn, "e5-e6");
    let outcome = drawn.outcome().unwrap();
    assert_eq!(outcome.reason, "quiet_limit");
    assert!(outcome.winners.is_empty());
}

#[test]
fn tv_29_exchange_followed_by_a_redeployment() {
    let mut game = load("1:Ga1,Cg14,Sa5,Sb5 2:Gr1,Sk4 3:Gr18,Sl5,Sq15 4:Ga18,Sg13,Sh17");
    let exchanges: Vec<String> = legal(&game)
        .into_iter()
        .filter(|a| a.starts_with("exchange"))
        .collect();
    assert_eq!(exchanges.len(), 15, "{exchanges:?}");
    assert!(exchanges.contains(&"exchange g14 l5".to_owned()));
    assert!(exchanges.iter().all(|a| !a.contains("bomb")));
    play(&mut game, "exchange g14 l5 + redeploy l5 a5>k5");
    let board = &game.state().board;
    assert_eq!(
        board.get(point("l5")).map(|p| p.to_string()),
        Some("C1".into())
    );
    assert_eq!(
        board.get(point("g14")).map(|p| p.to_string()),
        Some("S3".into())
    );
    assert_eq!(field(&game, 3), "4/1,4/2,4/2,4/2");
    assert_eq!(field(&game, 4), "1@l5:1,3@g14");
    assert_eq!(to_move(&game), seat(1));
    play(&mut game, "b5>m5");
    play(&mut game, "stop");
    assert_eq!(field(&game, 4), "3@g14");
    assert_eq!(to_move(&game), seat(2));
    assert!(fen(&game).ends_with(" 1 1"));
}

#[test]
fn tv_30_two_rights_for_one_seat() {
    let mut game = load_at("1:Ga1,Rl5 2:Gr1 3:Gr18,Sn12,Rg13 4:Ga18", 3, "-");
    for text in ["g13-g14", "a18-a17", "exchange l5 n12", "r1-r2"] {
        play(&mut game, text);
    }
    assert_eq!(field(&game, 4), "3@g14,3@l5");
    let firsts: Vec<String> = legal(&game)
        .into_iter()
        .filter(|a| a.starts_with("redeploy"))
        .collect();
    assert_eq!(firsts.len(), 8, "{firsts:?}");
    assert!(firsts.iter().all(|a| a.starts_with("redeploy g14 l5>")));
    play(&mut game, "redeploy g14 l5>g15");
    assert_eq!(field(&game, 4), "3@g14:1");
    let legal = legal(&game);
    assert_eq!(legal.len(), 8, "{legal:?}");
    assert!(legal.iter().all(|a| a.starts_with("g15>") || a == "stop"));
}

#[test]
fn tv_31_load_refuses_impossible_positions() {
    let game = after_action_4();
    let mut redeploying = game.clone();
    play(&mut redeploying, "redeploy l5 a5>k5");
    let base = fen(&redeploying);
    assert!(base.contains(" 1@l5:1 "));
    for (from, to, reason) in [
        (" 1@l5:1 ", " 1@l5:4 ", "it may have made 1 to 3"),
        (" 1 4/2", " 2 4/2", "belongs to a seat that is not to move"),
        (" 1@l5:1 ", " 1@l5,1@l5:1 ", "repeats a seat and base"),
        (" 1 4/2", " - 4/2", "the game is not over"),
        (
            " 4/2,4/2,4/2,4/2 ",
            " 04/2,4/2,4/2,4/2 ",
            "is not a card entry",
        ),
    ] {
        let text = base.replacen(from, to, 1);
        assert_ne!(text, base);
        let error = refused(&text);
        assert!(error.contains(reason), "{to}: {error}");
    }
    for (text, reason) in [
        (
            "17G3/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/G116R1 1 4/2,-,4/2,- - 0 1"
                .to_owned(),
            "the game is over",
        ),
        (
            START.replace(" 1 4/2", " d1234 4/2"),
            "has not deployed yet, but has pieces",
        ),
        (
            EMPTY.replace("4/2,4/2,4/2,4/2", "4/2,4/2,3/2,4/2"),
            "every seat holds 4/2 cards",
        ),
    ] {
        let error = refused(&text);
        assert!(error.contains(reason), "{text}: {error}");
    }
}

#[test]
fn example_12_1_demo_deployment_and_opening() {
    let mut game = Siguo::start(SiguoOptions::default());
    for number in 1..=4 {
        deploy(&mut game, number, DEMO[number - 1]).unwrap();
    }
    assert_eq!(fen(&game), START);
    for text in ["f6-h6", "m6-k6", "m13-m11", "f13-f11", "h6-j6", "k6xj6"] {
        play(&mut game, text);
    }
    assert_eq!(
        fen(&game),
        "G42R4S4S46S3S3R32G3/4S4S46S3S34/4S4S46S3S34/C43S4S46S3S33C3/S4S4S4S4S4S46S3S3S3S3S3S3/S4S4S4S4S48S3S3S3S3S3/18/5S46S35/18/18/18/18/S1S1S1S1S14S23S2S2S2S2S2/S1S1S1S1S1S16S2S2S2S2S2S2/C13S1S16S2S23C2/4S1S16S2S24/4S1S16S2S24/G12R1S1S16S2S2R22G2 3 4/2,4/2,4/2,4/2 - 0 6"
    );
    let demo = Siguo::deployed(
        SiguoOptions::default(),
        7,
        &zhanqi_core::BySeat::from_fn(|s| Some(Deployment::demo(s))),
    )
    .unwrap();
    assert_eq!(fen(&demo), START);
}

#[test]
fn example_12_2_base_occupation_redeploy_and_bomb() {
    let game = load("1:Ga1,Rl8,Sa5,Sb5,Sc5,Sd5,Se5 2:Gr1,Sk4,Sm6,Sk2,Sj3 3:Gr18,Sk1 4:Ga18,Cl2");
    assert_eq!(fen(&game), EXAMPLE_12_2);
    let mut game = after_action_4();
    assert!(fen(&game).ends_with(" 1 4/2,4/2,4/2,4/2 1@l5 4 4"));
    let legal_now = legal(&game);
    assert_eq!(legal_now.len(), 83);
    assert_eq!(
        legal_now
            .iter()
            .filter(|a| a.starts_with("redeploy"))
            .count(),
        30
    );
    play(&mut game, "redeploy l5 a5>k5");
    assert_eq!(
        fen(&game),
        "18/G416G3/18/18/18/18/18/18/18/18/18/18/12S25/1S1S1S1S15S1R16/10S27/9S28/10S2C46/G19S35G21 1 4/2,4/2,4/2,4/2 1@l5:1 4 4"
    );
    play(&mut game, "b5>m5");
    play(&mut game, "c5>k6");
    assert_eq!(field(&game, 4), "1@l5:3");
    assert_eq!(legal(&game).len(), 16);
    play(&mut game, "d5>l6");
    assert_eq!(
        fen(&game),
        "18/G416G3/18/18/18/18/18/18/18/18/18/18/10S1S1S25/4S15S1R1S15/10S27/9S28/10S2C46/G19S35G21 2 4/2,4/2,4/2,4/2 - 5 5"
    );
    for text in ["q1-r1", "r17-r18", "a17-a18", "bomb l5"] {
        play(&mut game, text);
    }
    assert_eq!(
        fen(&game),
        "G416G3/18/18/18/18/18/18/18/18/18/18/18/10S1S1S25/4S15S1R1S15/10S27/18/18/G19S36G2 2 3/2,4/2,4/2,4/2 - 0 9"
    );
}

#[test]
fn roll_is_refused_there_are_no_chance_nodes() {
    let mut game = load(START);
    let before = fen(&game);
    assert!(game.roll().is_err());
    assert_eq!(fen(&game), before);
}

#[test]
fn a_bombed_general_is_reported_as_an_elimination() {
    let mut game = load("1:Ga1,Rl5 2:Gk1,Sm1,Sq9 3:Gr18 4:Ga18,Sk3");
    let bomb = action(&game, "bomb l5");
    let events = game.apply(seat(1), &bomb).unwrap();
    assert!(events.contains(&zhanqi_siguo::Event::Eliminated(seat(2))));
    assert!(events.contains(&zhanqi_siguo::Event::Bombed(base("l5"))));
    let removed = events
        .iter()
        .filter(|event| matches!(event, zhanqi_siguo::Event::Removed { .. }))
        .count();
    assert_eq!(removed, 2);
}
