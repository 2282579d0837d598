//! The vectors of §16.1, in the notation of §17, step by step.

mod common;

use common::{assert_legal, assert_lines, load, play};
use zhanqi_core::{Game, GameNotation, Seat, Viewer};

const T26: &str = "tiehuo mode=formation logistics=individual fog=on
phase play round 2/2 turn 1
env normal
p1 L 45 next 0 -
p1 battle DE01f,DE01f,DE05:7f,DE05f,DE16
p1 reserve DE02,DE03
p1 discard -
p2 L 46 next 0 -
p2 battle SU01f,SU06f,SU19
p2 reserve SU02
p2 discard -
focus -
pending -";

#[test]
fn tv_26_fog_draws_and_their_weights() {
    let mut game = load(T26);
    assert_eq!(game.position(Viewer::Omniscient), T26);
    assert_legal(&game, "1", &["?", "?h", "F", "done"]);
    play(&mut game, "1", "?");
    assert_legal(&game, "chance", &["DE01f", "DE05f"]);
    assert_eq!(common::legal(&game).2, vec![2, 1]);
    assert_lines(&game, &["pending name ?"]);
    play(&mut game, "chance", "DE01f");
    assert_legal(&game, "1", &["2?", "pass"]);
    assert_lines(&game, &["p1 battle DE01,DE01f,DE05:7f,DE05f,DE16", "pending named DE01 flips 1"]);
    play(&mut game, "1", "2?");
    assert_legal(&game, "chance", &["SU01f", "SU06f"]);
    assert_eq!(common::legal(&game).2, vec![1, 1]);
    assert_lines(&game, &["pending named DE01 flips 0 flip 2?"]);
    play(&mut game, "chance", "SU06f");
    assert_legal(&game, "1", &[".2"]);
    assert_lines(&game, &["p2 battle SU01f,SU06,SU19", "pending named DE01 flips 0"]);
}

#[test]
fn tv_26_view_of_seat_2_hides_p1s_face_down_cards_and_reserve() {
    let game = load(T26);
    let view = game.position(Viewer::Seat(Seat::new(1)));
    assert!(view.contains("\np1 battle ?,?,?,?h,DE16\n"), "{view}");
    assert!(view.contains("\np1 reserve ?2\n"), "{view}");
    assert!(view.contains("\np2 battle SU01f,SU06f,SU19\n"), "{view}");
    assert!(<zhanqi_tiehuo::Tiehuo as GameNotation>::load(&view, None, 0).is_err());
}

const T27: &str = "tiehuo mode=formation logistics=individual fog=on
phase play round 2/2 turn 1
env normal
p1 L 45 next 0 -
p1 battle DE04f,DE05,DE06f,DE18
p1 reserve DE02,DE03
p1 discard -
p2 L 46 next 0 -
p2 battle SU01f,SU06f,SU19
p2 reserve SU02
p2 discard -
focus -
pending -";

/// T27 and T28 share steps 0–4.
fn fog_focus_until_step_4() -> zhanqi_tiehuo::Tiehuo {
    let mut game = load(T27);
    assert_legal(&game, "1", &["?", "DE05", "F", "done"]);
    play(&mut game, "1", "F");
    assert_legal(&game, "1", &["2?", "?", "DE05.1", "DE05.2"]);
    assert_lines(&game, &["focus declare flip 0 opts -"]);
    play(&mut game, "1", "DE05.1");
    assert_legal(&game, "1", &["2?", "?"]);
    assert_lines(&game, &["p1 battle DE04f,DE05*1,DE06f,DE18", "focus declare flip 0 opts 1"]);
    play(&mut game, "1", "?");
    assert_legal(&game, "chance", &["DE04f", "DE06f"]);
    assert_lines(&game, &["pending name ?"]);
    play(&mut game, "chance", "DE06f");
    assert_legal(&game, "1", &[".1", ".2"]);
    assert_lines(
        &game,
        &["p1 battle DE04f,DE05*1,DE06*2,DE18", "focus declare flip 0 opts 1,?", "pending -"],
    );
    game
}

#[test]
fn tv_27_focus_fire_under_fog() {
    let mut game = fog_focus_until_step_4();
    play(&mut game, "1", ".1");
    assert_legal(&game, "1", &["2?", "?"]);
    assert_lines(&game, &["focus declare flip 0 opts 1,1"]);
    play(&mut game, "1", "2?");
    assert_legal(&game, "chance", &["SU01f", "SU06f"]);
    assert_lines(&game, &["focus declare flip 1 opts 1,1", "pending flip 2?"]);
    play(&mut game, "chance", "SU06f");
    assert_legal(&game, "1", &["?", "@SU06"]);
    assert_lines(&game, &["p2 battle SU01f,SU06,SU19", "pending -"]);
    play(&mut game, "1", "@SU06");
    assert_legal(&game, "2", &["?", "SU06*t", "end"]);
    assert_lines(
        &game,
        &[
            "phase play round 2/2 turn 2",
            "p1 battle DE04f,DE05a*1,DE06a*2,DE18",
            "p2 battle SU01f,SU06*t,SU19",
            "focus wait left 2 opts 1,1",
        ],
    );
    play(&mut game, "2", "end");
    assert_legal(&game, "chance", &["2", "3"]);
    assert_lines(
        &game,
        &[
            "phase play round 2/2 turn 1",
            "focus resolve bonus 2 opts 1,1",
            "pending attack DE05a*1.1 q 6 hits SU06*t/1",
        ],
    );
}

#[test]
fn tv_28_a_fog_focus_that_loses_a_participant() {
    let mut game = fog_focus_until_step_4();
    play(&mut game, "1", ".2");
    assert_legal(&game, "1", &["2?", "?"]);
    assert_lines(&game, &["focus declare flip 0 opts 1,2"]);
    play(&mut game, "1", "2?");
    assert_lines(&game, &["focus declare flip 1 opts 1,2", "pending flip 2?"]);
    play(&mut game, "chance", "SU06f");
    assert_legal(&game, "1", &["?", "@SU06"]);
    play(&mut game, "1", "@SU06");
    assert_legal(&game, "2", &["?", "F", "SU06", "done"]);
    assert_lines(
        &game,
        &["phase play round 2/2 turn 2", "p1 battle DE04f,DE05,DE06,DE18", "focus -"],
    );
}

#[test]
fn tv_29_resupply_card_by_card_under_fog() {
    let mut game = load(
        "tiehuo mode=formation logistics=individual fog=on
phase between round 1/2 turn 1
env normal
p1 L 45 next 0 done
p1 battle DE01a,DE02,DE04,DE05a,DE06:9a,DE07,DE08f,DE10f,DE13a,DE14,DE17,DE19
p1 reserve DE01,DE04,DE05,DE16,DE18
p1 discard DE03
p2 L 40 next 0 done
p2 battle SU01a,SU03,SU06a,SU07:9a,SU07f,SU08a,SU09,SU11f,SU13,SU14a,SU15a,SU17,SU18
p2 reserve SU02,SU04,SU05
p2 discard SU02
focus -
pending resupply 0",
    );
    assert_legal(&game, "1", &["+DE01", "+DE04", "+DE05", "+DE16", "+DE18", "end"]);
    play(&mut game, "1", "+DE05");
    assert_legal(&game, "1", &["+DE01", "+DE04", "+DE16", "+DE18", "end"]);
    assert_lines(
        &game,
        &[
            "p1 battle DE01a,DE02,DE04,DE05a,DE05f,DE06:9a,DE07,DE08f,DE10f,DE13a,DE14,DE17,DE19",
            "p1 reserve DE01,DE04,DE16,DE18",
            "pending resupply 1",
        ],
    );
    play(&mut game, "1", "+DE16");
    assert_legal(&game, "1", &["?", "?h", "F", "done"]);
    assert_lines(
        &game,
        &[
            "phase play round 2/2 turn 1",
            "p1 L 45 next 0 -",
            "p1 battle DE01f,DE02f,DE04f,DE05f,DE05f,DE06:9f,DE07f,DE08f,DE10f,DE13f,DE14f,DE16,DE17,DE19",
            "p1 reserve DE01,DE04,DE18",
            "p2 L 40 next 0 -",
            "p2 battle SU01f,SU03f,SU06f,SU07:9f,SU07f,SU08f,SU09f,SU11f,SU13f,SU14f,SU15f,SU17,SU18",
            "pending -",
        ],
    );
}

#[test]
fn tv_30_from_the_last_done_of_a_round_to_the_cut_off() {
    let mut game = load(
        "tiehuo mode=formation logistics=individual fog=off
phase play round 1/2 turn 2
env mountain
p1 L 42 next -2 done
p1 battle DE01:2a,DE02a,DE04,DE04a,DE05a,DE06:10a,DE07a,DE08a,DE10a,DE12,DE13a,DE14a,DE16c
p1 reserve DE01,DE01,DE01,DE02,DE02,DE03,DE03,DE05,DE05,DE08,DE09,DE10,DE11,DE15,DE17,DE18,DE19
p1 discard -
p2 L 35 next 0 -
p2 battle SU01c,SU03:2a,SU05a,SU06:9a,SU06a,SU07,SU08a,SU10a,SU11a,SU16
p2 reserve SU01,SU01,SU02,SU02,SU02,SU03,SU04,SU04,SU06,SU07,SU09,SU11,SU12,SU13,SU14,SU14,SU15,SU17,SU18,SU19
p2 discard -
focus -
pending -",
    );
    assert_legal(&game, "2", &["SU07.1", "SU07.2", "done"]);
    play(&mut game, "2", "done");
    let all = [
        "-DE01a", "-DE02a", "-DE04", "-DE04a", "-DE05a", "-DE06:10a", "-DE07a", "-DE08a",
        "-DE10a", "-DE12", "-DE13a", "-DE14a", "-DE16",
    ];
    assert_legal(&game, "1", &all);
    assert_lines(
        &game,
        &[
            "phase between round 1/2 turn 1",
            "p1 L 40 next 0 done",
            "p1 battle DE01a,DE02a,DE04,DE04a,DE05a,DE06:10a,DE07a,DE08a,DE10a,DE12,DE13a,DE14a,DE16",
            "p2 L 35 next 0 done",
            "p2 battle SU01,SU03a,SU05a,SU06a,SU06a,SU07,SU08a,SU10a,SU11a,SU16",
            "pending cutoff",
        ],
    );
    play(&mut game, "1", "-DE05a");
    let mut after: Vec<&str> = all.iter().copied().filter(|a| *a != "-DE05a").collect();
    after.push("end");
    assert_legal(&game, "1", &after);
    assert_lines(
        &game,
        &["p1 battle DE01a,DE02a,DE04,DE04a,DE05ac,DE06:10a,DE07a,DE08a,DE10a,DE12,DE13a,DE14a,DE16"],
    );
    play(&mut game, "1", "-DE04");
    assert_lines(
        &game,
        &["p1 battle DE01a,DE02a,DE04a,DE04c,DE05ac,DE06:10a,DE07a,DE08a,DE10a,DE12,DE13a,DE14a,DE16"],
    );
    play(&mut game, "1", "end");
    assert_eq!(common::legal(&game).0, "1");
    assert_lines(
        &game,
        &[
            "phase play round 2/2 turn 1",
            "p1 L 40 next 0 -",
            "p1 battle DE01,DE02,DE04,DE04c,DE05c,DE06:10,DE07,DE08,DE10,DE12,DE13,DE14,DE16",
            "p2 L 35 next 0 -",
            "p2 battle SU01,SU03,SU05,SU06,SU06,SU07,SU08,SU10,SU11,SU16",
            "pending -",
        ],
    );
}

const T31: &str = "tiehuo mode=formation logistics=individual fog=off
phase play round 2/2 turn 2
env normal
p1 L 45 next -2 done
p1 battle DE01,DE05:3a,DE10c
p1 reserve DE02,DE03
p1 discard DE06
p2 L 44 next 0 -
p2 battle SU01a,SU06:10,SU11:1a
p2 reserve SU02
p2 discard SU07
focus -
pending -";

#[test]
fn tv_31_settlement() {
    let mut game = load(T31);
    assert_legal(&game, "2", &["SU06:10.1", "SU06:10.2", "done"]);
    play(&mut game, "2", "done");
    assert_legal(&game, "", &[]);
    assert_lines(
        &game,
        &["phase over round 2/2 turn - result 1 settlement", "p2 L 44 next 0 done", "p1 L 45 next -2 done"],
    );
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, "settlement");
    assert!(outcome.winners.contains(Seat::new(0)));

    let mut draw = load(&T31.replace("SU06:10", "SU06:7"));
    play(&mut draw, "2", "done");
    assert_lines(&draw, &["phase over round 2/2 turn - result draw settlement"]);
    assert!(draw.outcome().expect("over").is_draw());
}

#[test]
fn tv_32_concession_during_the_wait() {
    let mut game = load(
        "tiehuo mode=formation logistics=individual fog=on
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
pending -",
    );
    assert_legal(&game, "2", &["?", "SU06*t", "end"]);
    play(&mut game, "1", "concede");
    assert_legal(&game, "", &[]);
    assert_lines(
        &game,
        &[
            "phase over round 2/2 turn - result 2 concede",
            "p1 battle DE04f,DE05a,DE06a,DE18",
            "p2 battle SU01f,SU06,SU19",
            "focus -",
        ],
    );
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, "concede");
    assert!(outcome.winners.contains(Seat::new(1)));
}

const T33: &str = "tiehuo mode=formation logistics=individual fog=off
phase play round 1/2 turn 2
env normal
p1 L 45 next 0 done
p1 battle DE01a,DE05:4a,DE06a,DE13a
p1 reserve DE16,DE17,DE18,DE19
p1 discard DE02,DE05,DE07
p2 L 40 next 0 -
p2 battle SU01a,SU03,SU06a,SU08a,SU14a
p2 reserve SU04,SU17
p2 discard SU02,SU06,SU07
focus -
pending -";

#[test]
fn tv_33_no_battle_card_in_the_reserve_no_resupply() {
    let mut game = load(T33);
    assert_legal(&game, "2", &["SU03.1", "done"]);
    play(&mut game, "2", "done");
    assert_legal(&game, "2", &["+SU04", "+SU17", "end"]);
    assert_lines(
        &game,
        &[
            "phase between round 1/2 turn 2",
            "p1 battle DE01a,DE05a,DE06a,DE13a",
            "p2 L 40 next 0 done",
            "pending resupply 0",
        ],
    );
    play(&mut game, "2", "+SU04");
    assert_legal(&game, "2", &["+SU17", "end"]);
    assert_lines(&game, &["p2 battle SU01a,SU03,SU04,SU06a,SU08a,SU14a", "p2 reserve SU17", "pending resupply 1"]);
    play(&mut game, "2", "+SU17");
    assert_legal(
        &game,
        "1",
        &[
            "DE01.1", "DE01.2", "DE05.1", "DE05.2", "DE06.1", "DE06.2", "DE13.1", "F@SU01",
            "F@SU03", "F@SU04", "F@SU06", "F@SU08", "done",
        ],
    );
    assert_lines(
        &game,
        &[
            "phase play round 2/2 turn 1",
            "p1 L 45 next 0 -",
            "p1 battle DE01,DE05,DE06,DE13",
            "p2 L 40 next 0 -",
            "p2 battle SU01,SU03,SU04,SU06,SU08,SU14,SU17",
            "p2 reserve -",
            "pending -",
        ],
    );
}

#[test]
fn tv_33_a_reserve_battle_card_gives_the_decision_unless_banned() {
    let with_medic = T33.replace("p1 reserve DE16", "p1 reserve DE04,DE16");
    let mut game = load(&with_medic);
    play(&mut game, "2", "done");
    assert_legal(&game, "1", &["+DE04", "+DE16", "+DE17", "+DE18", "+DE19", "end"]);
    let banned = zhanqi_tiehuo::TiehuoOptions {
        banned_cards: vec!["DE04".to_owned()],
        ..Default::default()
    };
    let mut game = common::load_with(&with_medic, &banned);
    play(&mut game, "2", "done");
    assert_legal(&game, "2", &["+SU04", "+SU17", "end"]);
}

#[test]
fn the_standard_start_position() {
    let game = <zhanqi_tiehuo::Tiehuo as Game>::new(&Default::default(), 1).expect("standard");
    assert_eq!(
        game.position(Viewer::Omniscient),
        "tiehuo mode=formation logistics=individual fog=off
phase env round 0/0 turn -
env -
p1 L - next 0 -
p1 battle -
p1 reserve DE01,DE01,DE01,DE01,DE02,DE02,DE02,DE03,DE03,DE04,DE04,DE05,DE05,DE05,DE06,DE07,DE08,DE08,DE09,DE10,DE10,DE11,DE12,DE13,DE14,DE15,DE16,DE17,DE18,DE19
p1 discard -
p2 L - next 0 -
p2 battle -
p2 reserve SU01,SU01,SU01,SU02,SU02,SU02,SU03,SU03,SU04,SU04,SU05,SU06,SU06,SU06,SU07,SU07,SU08,SU09,SU10,SU11,SU11,SU12,SU13,SU14,SU14,SU15,SU16,SU17,SU18,SU19
p2 discard -
focus -
pending -"
    );
}
