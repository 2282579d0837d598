//! Every test vector of §16 as a named test: T1–T25 as positions and rolls, and the vectors
//! of §16.1 (T26–T33) step by step in the notation of §17.

use crate::common;

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
    assert_lines(
        &game,
        &[
            "p1 battle DE01,DE01f,DE05:7f,DE05f,DE16",
            "pending named DE01 flips 1",
        ],
    );
    play(&mut game, "1", "2?");
    assert_legal(&game, "chance", &["SU01f", "SU06f"]);
    assert_eq!(common::legal(&game).2, vec![1, 1]);
    assert_lines(&game, &["pending named DE01 flips 0 flip 2?"]);
    play(&mut game, "chance", "SU06f");
    assert_legal(&game, "1", &[".2"]);
    assert_lines(
        &game,
        &["p2 battle SU01f,SU06,SU19", "pending named DE01 flips 0"],
    );
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
    assert_lines(
        &game,
        &[
            "p1 battle DE04f,DE05*1,DE06f,DE18",
            "focus declare flip 0 opts 1",
        ],
    );
    play(&mut game, "1", "?");
    assert_legal(&game, "chance", &["DE04f", "DE06f"]);
    assert_lines(&game, &["pending name ?"]);
    play(&mut game, "chance", "DE06f");
    assert_legal(&game, "1", &[".1", ".2"]);
    assert_lines(
        &game,
        &[
            "p1 battle DE04f,DE05*1,DE06*2,DE18",
            "focus declare flip 0 opts 1,?",
            "pending -",
        ],
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
        &[
            "phase play round 2/2 turn 2",
            "p1 battle DE04f,DE05,DE06,DE18",
            "focus -",
        ],
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
    assert_legal(
        &game,
        "1",
        &["+DE01", "+DE04", "+DE05", "+DE16", "+DE18", "end"],
    );
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
        "-DE01a",
        "-DE02a",
        "-DE04",
        "-DE04a",
        "-DE05a",
        "-DE06:10a",
        "-DE07a",
        "-DE08a",
        "-DE10a",
        "-DE12",
        "-DE13a",
        "-DE14a",
        "-DE16",
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
        &[
            "p1 battle DE01a,DE02a,DE04,DE04a,DE05ac,DE06:10a,DE07a,DE08a,DE10a,DE12,DE13a,DE14a,DE16",
        ],
    );
    play(&mut game, "1", "-DE04");
    assert_lines(
        &game,
        &[
            "p1 battle DE01a,DE02a,DE04a,DE04c,DE05ac,DE06:10a,DE07a,DE08a,DE10a,DE12,DE13a,DE14a,DE16",
        ],
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
        &[
            "phase over round 2/2 turn - result 1 settlement",
            "p2 L 44 next 0 done",
            "p1 L 45 next -2 done",
        ],
    );
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, "settlement");
    assert!(outcome.winners.contains(Seat::new(0)));

    let mut draw = load(&T31.replace("SU06:10", "SU06:7"));
    play(&mut draw, "2", "done");
    assert_lines(
        &draw,
        &["phase over round 2/2 turn - result draw settlement"],
    );
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
    assert_lines(
        &game,
        &[
            "p2 battle SU01a,SU03,SU04,SU06a,SU08a,SU14a",
            "p2 reserve SU17",
            "pending resupply 1",
        ],
    );
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
    assert_legal(
        &game,
        "1",
        &["+DE04", "+DE16", "+DE17", "+DE18", "+DE19", "end"],
    );
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

// ---- T1–T25 -------------------------------------------------------------------------------

use zhanqi_tiehuo::builder::{Recipe, build};
use zhanqi_tiehuo::{BattleCard, Catalog, Tiehuo, TiehuoOptions, hit_value};

/// A position from its changing lines, the rest standard.
#[allow(clippy::too_many_arguments)]
fn position(
    fog: bool,
    phase: &str,
    env: &str,
    p1: (&str, &str, &str),
    p2: (&str, &str, &str),
    focus: &str,
    pending: &str,
) -> String {
    format!(
        "tiehuo mode=formation logistics=individual fog={}\n{phase}\nenv {env}\np1 {}\np1 battle {}\np1 reserve {}\np1 discard -\np2 {}\np2 battle {}\np2 reserve {}\np2 discard -\nfocus {focus}\npending {pending}",
        if fog { "on" } else { "off" },
        p1.0,
        p1.1,
        p1.2,
        p2.0,
        p2.1,
        p2.2
    )
}

/// A turn without fog in `round`/2, `turn` to act.
fn turn_position(round: u32, turn: u8, env: &str, p1: (&str, &str), p2: (&str, &str)) -> String {
    position(
        false,
        &format!("phase play round {round}/2 turn {turn}"),
        env,
        (p1.0, p1.1, "-"),
        (p2.0, p2.1, "-"),
        "-",
        "-",
    )
}

fn legal_texts(game: &Tiehuo) -> Vec<String> {
    common::legal(game).1
}

#[test]
fn tv_01_environment_faces() {
    for (face, env) in [
        (1, "normal"),
        (3, "normal"),
        (4, "mountain"),
        (5, "city"),
        (6, "mountain"),
    ] {
        let mut game = Tiehuo::new(&TiehuoOptions::default(), 0).expect("standard");
        let action = game
            .parse_action(Seat::new(0), &face.to_string())
            .expect("a face");
        assert_eq!(game.record_text(&action, &[]), format!("{face}={env}"));
        play(&mut game, "chance", &face.to_string());
        assert_eq!(common::line(&game, "env"), format!("env {env}"));
        assert_lines(&game, &["phase logistics round 0/0 turn -"]);
    }
}

#[test]
fn tv_02_individual_logistics_rolls() {
    let mut game = Tiehuo::new(&TiehuoOptions::default(), 0).expect("standard");
    play(&mut game, "chance", "1");
    assert_eq!(common::legal(&game).1.len(), 36);
    play(&mut game, "chance", "3+5");
    assert_lines(
        &game,
        &[
            "p1 L 48 next 0 -",
            "p2 L - next 0 -",
            "phase logistics round 0/0 turn -",
        ],
    );
    play(&mut game, "chance", "6+6");
    assert_lines(
        &game,
        &["p2 L 52 next 0 -", "phase deploy round 0/2 turn -"],
    );
    assert!(game.has_unlisted_actions(Seat::new(0)) && game.has_unlisted_actions(Seat::new(1)));
}

#[test]
fn tv_02_shared_logistics_is_one_roll() {
    let options = TiehuoOptions {
        logistics_mode: zhanqi_tiehuo::LogisticsMode::Shared,
        ..TiehuoOptions::default()
    };
    let mut game = Tiehuo::new(&options, 0).expect("shared");
    play(&mut game, "chance", "2");
    play(&mut game, "chance", "3+5");
    assert_lines(
        &game,
        &[
            "p1 L 48 next 0 -",
            "p2 L 48 next 0 -",
            "phase deploy round 0/2 turn -",
        ],
    );
}

#[test]
fn tv_03_rounds_of_logistics() {
    let options = TiehuoOptions::default();
    let rounds: Vec<u32> = [10, 11, 30, 31, 50, 51, 52]
        .iter()
        .map(|&l| options.rounds(l))
        .collect();
    assert_eq!(rounds, vec![0, 1, 1, 2, 2, 3, 3]);
}

/// A game at the deployment in the mountains with `L_P1 = 45`.
fn mountain_deployment() -> Tiehuo {
    let mut game = Tiehuo::new(&TiehuoOptions::default(), 0).expect("standard");
    play(&mut game, "chance", "4");
    play(&mut game, "chance", "1+4");
    play(&mut game, "chance", "6+6");
    game
}

#[test]
fn tv_04_deployment_within_logistics_in_the_mountains() {
    let base = "DE06,DE05,DE05,DE01,DE01,DE02,DE10,DE13,DE14,DE16,DE18";
    let game = mountain_deployment();
    let mut legal = game.clone();
    play(&mut legal, "1", base);
    assert_lines(&legal, &["p1 L 45 next 0 ready"]);
    let mut with_panther = game.clone();
    play(&mut with_panther, "1", &format!("{base},DE07"));
    let mut too_much = game.clone();
    let action = too_much
        .parse_action(Seat::new(0), &format!("{base},DE07,DE04"))
        .expect("ids");
    let error = too_much
        .apply(Seat::new(0), &action)
        .expect_err("46 > 45")
        .to_string();
    assert!(error.contains("46"), "{error}");
}

#[test]
fn tv_04_a_deployment_names_every_rule_it_breaks() {
    let game = mountain_deployment();
    let mut probe = game.clone();
    let action = probe
        .parse_action(
            Seat::new(0),
            "DE16,DE16,DE17,DE18,DE19,DE12,DE12,DE06,DE06,DE07,DE05,DE05,DE05,DE08,DE08",
        )
        .expect("ids");
    let error = probe
        .apply(Seat::new(0), &action)
        .expect_err("broken")
        .to_string();
    assert!(error.contains("DE16 is deployed 2 times"), "{error}");
    assert!(error.contains("above the player's L of 45"), "{error}");
    assert_eq!(
        probe.position(Viewer::Omniscient),
        game.position(Viewer::Omniscient)
    );
    let no_battle = probe.parse_action(Seat::new(0), "DE16").expect("ids");
    let error = probe
        .apply(Seat::new(0), &no_battle)
        .expect_err("no battle card")
        .to_string();
    assert!(error.contains("at least one battle card"), "{error}");
    assert!(probe.parse_action(Seat::new(0), "DE05,XX99").is_err());
}

#[test]
fn tv_05_two_targets_one_hit_each() {
    let mut game = load(&turn_position(
        2,
        1,
        "normal",
        ("L 45 next 0 -", "DE05"),
        ("L 45 next 0 -", "SU01,SU01,SU06"),
    ));
    play(&mut game, "1", "DE05.2");
    assert_lines(&game, &["pending attack DE05.2 roll T"]);
    play(&mut game, "chance", "2");
    assert_legal(&game, "1", &["@SU01,SU01"]);
    play(&mut game, "1", "@SU01,SU01");
    assert_lines(&game, &["pending attack DE05.2 q 4 hits SU01/1,SU01/1"]);
    play(&mut game, "chance", "3");
    play(&mut game, "chance", "2");
    assert_lines(&game, &["p2 battle SU01:2,SU01:3,SU06", "p1 battle DE05a"]);
}

#[test]
fn tv_06_three_hits_make_heavy() {
    let mut game = load(&turn_position(
        2,
        1,
        "normal",
        ("L 45 next 0 -", "DE02"),
        ("L 45 next 0 -", "SU01,SU06"),
    ));
    play(&mut game, "1", "DE02.1");
    assert_legal(&game, "1", &["@SU01"]);
    play(&mut game, "1", "@SU01");
    assert_legal(&game, "chance", &["1", "2", "3"]);
    play(&mut game, "chance", "3");
    for roll in ["2", "2", "1"] {
        play(&mut game, "chance", roll);
    }
    assert_lines(&game, &["p2 battle SU01:5,SU06"]);
    let su01 = zhanqi_tiehuo::parse_token("SU01:5", Catalog::standard()).expect("token");
    assert!(su01.heavy(6));
}

#[test]
fn tv_07_the_source_focus_example() {
    let mut game = load(&turn_position(
        2,
        1,
        "normal",
        ("L 45 next 0 -", "DE01,DE05,DE05:8,DE06"),
        ("L 45 next 0 -", "SU06,SU07,SU07,SU08"),
    ));
    play(&mut game, "1", "F@SU06");
    assert_lines(
        &game,
        &["focus declare opts -", "p2 battle SU06*t,SU07,SU07,SU08"],
    );
    assert_legal(&game, "1", &["DE01.2", "DE05.1", "DE05:8.1", "DE06.1"]);
    play(&mut game, "1", "DE05:8.1");
    play(&mut game, "1", "DE05.1");
    play(&mut game, "1", "DE06.1");
    assert_lines(
        &game,
        &[
            "focus declare opts 1,1,1",
            "p1 battle DE01,DE05*2,DE05:8*1,DE06*3",
        ],
    );
    play(&mut game, "1", "fire");
    assert_lines(
        &game,
        &[
            "focus wait left 3 opts 1,1,1",
            "phase play round 2/2 turn 2",
        ],
    );
    play(&mut game, "2", "SU07.1");
    play(&mut game, "2", "@DE05:8a*1");
    play(&mut game, "chance", "3");
    assert_lines(&game, &["p1 discard DE05", "focus wait left 2 opts 1,1,1"]);
    play(&mut game, "2", "SU07.1");
    play(&mut game, "2", "@DE05a*2");
    play(&mut game, "chance", "3");
    play(&mut game, "2", "SU08.1");
    play(&mut game, "2", "@DE05:3a*2");
    play(&mut game, "chance", "3");
    assert_lines(
        &game,
        &[
            "focus resolve bonus 1 opts 1,1,1",
            "pending attack DE05:6a*2.1 q 3 hits SU06*t/1",
        ],
    );
    play(&mut game, "chance", "3");
    assert_lines(&game, &["pending attack DE06a*3.1 q 5 hits SU06:2*t/1"]);
    play(&mut game, "chance", "4");
    assert_lines(
        &game,
        &[
            "p2 battle SU06:7,SU07a,SU07a,SU08a",
            "focus -",
            "p1 battle DE01,DE05:6a,DE06a",
        ],
    );
}

#[test]
fn tv_08_rounding_half_up() {
    let values: Vec<i32> = [(3, 3), (2, 5), (3, 2), (1, 2), (4, 2), (4, 3)]
        .iter()
        .map(|&(m, q)| hit_value(m, q))
        .collect();
    assert_eq!(values, vec![2, 3, 2, 1, 2, 3]);
}

#[test]
fn tv_09_heavy_and_destroyed() {
    let card = |d| BattleCard {
        damage: d,
        ..BattleCard::new(0)
    };
    assert!(!card(5).heavy(11) && card(6).heavy(11));
    assert!(!card(5).heavy(10) && card(6).heavy(10));
    let alive = |token: &str, destroy_on_zero: bool| {
        let options = TiehuoOptions {
            destroy_on_zero,
            ..TiehuoOptions::default()
        };
        let text = turn_position(
            2,
            1,
            "normal",
            ("L 45 next 0 -", token),
            ("L 45 next 0 -", "SU01"),
        );
        let extra = serde_json::to_value(&options).expect("options");
        <Tiehuo as GameNotation>::load(&text, Some(&extra), 0).is_ok()
    };
    assert!(!alive("DE01:6", true), "cv 6 with D 6 is destroyed");
    assert!(
        alive("DE01:6", false),
        "with destroy_on_zero = false it lives at remaining 0"
    );
    assert!(!alive("DE01:7", false));
}

/// The end of round 1 of 2 with P1's cards as given; P2 chooses Done.
fn end_of_round_1(p1_battle: &str) -> Tiehuo {
    let mut game = load(&turn_position(
        1,
        2,
        "normal",
        ("L 45 next 0 done", p1_battle),
        ("L 40 next 0 -", "SU01a"),
    ));
    play(&mut game, "2", "done");
    game
}

#[test]
fn tv_10_recovery_between_rounds() {
    let game = end_of_round_1("DE05:4a,DE06:9a,DE07:10a");
    assert_lines(
        &game,
        &[
            "phase play round 2/2 turn 1",
            "p1 battle DE05,DE06:9,DE07:10",
        ],
    );
    let game = end_of_round_1("DE05:4a,DE06:9a,DE07:10a,DE16");
    assert_lines(&game, &["p1 battle DE05,DE06,DE07,DE16"]);
    let mut last = load(&turn_position(
        2,
        2,
        "normal",
        ("L 45 next 0 done", "DE05:4a,DE06:9a"),
        ("L 40 next 0 -", "SU01a"),
    ));
    play(&mut last, "2", "done");
    assert_lines(&last, &["p1 battle DE05:4a,DE06:9a"]);
}

/// P1 with DE10 and cards of the given Σ, L 45.
fn barrage_game(sigma_cards: &str, strict: bool) -> Tiehuo {
    let options = TiehuoOptions {
        logistics_cost_strict: strict,
        ..TiehuoOptions::default()
    };
    common::load_with(
        &turn_position(
            2,
            1,
            "normal",
            ("L 45 next 0 -", sigma_cards),
            ("L 45 next 0 -", "SU01"),
        ),
        &options,
    )
}

#[test]
fn tv_11_logistics_cost_needs_slack_greater_than_it() {
    let base = "DE10,DE06,DE07,DE05,DE05,DE05,DE08,DE08,DE09";
    let sigma_44 = format!("{base},DE04,DE04");
    let sigma_43 = format!("{base},DE04");
    let has_barrage = |game: &Tiehuo| legal_texts(game).contains(&"DE10.2".to_owned());
    assert!(!has_barrage(&barrage_game(&sigma_44, true)), "slack 1");
    assert!(
        !has_barrage(&barrage_game(&sigma_43, true)),
        "slack 2, strict"
    );
    assert!(
        has_barrage(&barrage_game(&sigma_43, false)),
        "slack 2, not strict"
    );
    let mut game = barrage_game(base, true);
    assert!(has_barrage(&game), "slack 3");
    play(&mut game, "1", "DE10.2");
    assert_lines(&game, &["p1 L 43 next 0 -"]);
}

const T12_BATTLE: &str = "DE05,DE05,DE06,DE07,DE08,DE08,DE09,DE12";

fn resupply_game() -> Tiehuo {
    load(&position(
        false,
        "phase between round 1/2 turn 1",
        "normal",
        (
            "L 45 next 0 done",
            T12_BATTLE,
            "DE01,DE02,DE04,DE05,DE10,DE17,DE19",
        ),
        (
            "L 40 next 0 done",
            "SU06,SU06,SU06,SU07,SU07,SU08,SU09,SU13,SU13",
            "-",
        ),
        "-",
        "resupply 0",
    ))
}

#[test]
fn tv_12_resupply_within_logistics_and_at_most_four_cards() {
    let mut game = resupply_game();
    for card in ["+DE01", "+DE02", "+DE10"] {
        play(&mut game, "1", card);
    }
    assert_lines(&game, &["pending resupply 3"]);
    assert_eq!(legal_texts(&game), vec!["+DE04", "+DE17", "+DE19", "end"]);
    let mut game = resupply_game();
    play(&mut game, "1", "+DE05");
    play(&mut game, "1", "+DE01");
    assert!(
        !legal_texts(&game).contains(&"+DE02".to_owned()),
        "5+2+2 = 9 does not fit"
    );
    let mut game = resupply_game();
    for card in ["+DE01", "+DE02", "+DE10", "+DE04"] {
        play(&mut game, "1", card);
    }
    assert_lines(&game, &["phase play round 2/2 turn 1"]);
    let mut game = resupply_game();
    for card in ["+DE01", "+DE02", "+DE04", "+DE17"] {
        play(&mut game, "1", card);
    }
    assert_lines(
        &game,
        &["phase play round 2/2 turn 1", "p1 reserve DE05,DE10,DE19"],
    );
}

fn cutoff_game() -> Tiehuo {
    load(&position(
        false,
        "phase between round 1/2 turn 1",
        "normal",
        (
            "L 30 next 0 done",
            "DE01,DE04,DE05,DE06,DE07,DE08,DE08,DE10,DE13",
            "-",
        ),
        (
            "L 40 next 0 done",
            "SU06,SU06,SU06,SU07,SU07,SU08,SU09,SU13,SU13",
            "-",
        ),
        "-",
        "cutoff",
    ))
}

#[test]
fn tv_13_cut_off_sets() {
    let can_end = |cuts: &[&str]| {
        let mut game = cutoff_game();
        for cut in cuts {
            play(&mut game, "1", cut);
        }
        legal_texts(&game).contains(&"end".to_owned())
    };
    assert!(!can_end(&["-DE05"]));
    assert!(can_end(&["-DE05", "-DE04"]));
    assert!(can_end(&["-DE06"]));
    assert!(can_end(&["-DE10", "-DE13"]));
}

#[test]
fn tv_14_supply_strike_forces_a_cut_off() {
    let mut game = load(&turn_position(
        1,
        1,
        "normal",
        ("L 45 next 0 -", "DE01a,DE15"),
        (
            "L 47 next 0 done",
            "SU01,SU06a,SU06a,SU06a,SU07a,SU07a,SU08a,SU09a,SU10a,SU11a,SU11a,SU12a",
        ),
    ));
    play(&mut game, "1", "DE15.1");
    play(&mut game, "chance", "1");
    play(&mut game, "1", "@SU01");
    play(&mut game, "chance", "1");
    // P2 is done and P1 has no eligible attacker left: the round ends at once.
    assert_lines(
        &game,
        &[
            "p2 L 45 next 0 done",
            "pending cutoff",
            "phase between round 1/2 turn 2",
        ],
    );
    assert!(!legal_texts(&game).contains(&"end".to_owned()));
    play(&mut game, "2", "-SU01");
    assert!(legal_texts(&game).contains(&"end".to_owned()));
}

#[test]
fn tv_15_healing_and_the_heavy_medic() {
    for (medic, expected) in [("SU04", "SU01:2"), ("SU04:3", "SU01:3")] {
        let mut game = load(&turn_position(
            2,
            2,
            "normal",
            ("L 45 next 0 -", "DE05"),
            ("L 45 next 0 -", &format!("SU01:4,{medic}")),
        ));
        play(&mut game, "2", &format!("{medic}.1"));
        play(&mut game, "chance", "1");
        assert_legal(&game, "2", &["@SU01:4"]);
        play(&mut game, "2", "@SU01:4");
        play(&mut game, "chance", "2");
        assert!(
            common::line(&game, "p2 battle").contains(expected),
            "{medic}"
        );
    }
}

#[test]
fn tv_16_heavy_tank_in_city_focus() {
    let mut game = load(&turn_position(
        2,
        1,
        "city",
        ("L 45 next 0 -", "DE05,DE05:6"),
        ("L 45 next 0 done", "SU06,SU06"),
    ));
    play(&mut game, "1", "F@SU06");
    play(&mut game, "1", "DE05:6.1");
    play(&mut game, "1", "DE05.1");
    play(&mut game, "1", "fire");
    assert_lines(&game, &["pending attack DE05:6a*1.1 q 2 hits SU06*t/1"]);
    play(&mut game, "chance", "3");
    assert_lines(&game, &["pending attack DE05a*2.1 q 4 hits SU06:2*t/1"]);
}

#[test]
fn tv_17_entrenched_pioneers() {
    let mut game = load(&turn_position(
        2,
        2,
        "normal",
        ("L 45 next 0 -", "DE03,DE04"),
        ("L 45 next 0 -", "SU01,SU06"),
    ));
    play(&mut game, "2", "SU01.1");
    play(&mut game, "2", "@DE03");
    play(&mut game, "chance", "2");
    play(&mut game, "chance", "2");
    assert!(common::line(&game, "p1 battle").starts_with("p1 battle DE03:1,"));
    play(&mut game, "chance", "1");
    assert_lines(
        &game,
        &["p1 battle DE03:1,DE04", "phase play round 2/2 turn 1"],
    );
    play(&mut game, "1", "DE04.1");
    play(&mut game, "chance", "1");
    play(&mut game, "1", "@DE03:1");
    play(&mut game, "chance", "2");
    assert_lines(&game, &["p1 battle DE03,DE04a"]);
}

#[test]
fn tv_18_anti_air_screen() {
    for (flak, q, expected) in [("DE12", 3, "DE05:2"), ("DE12c", 4, "DE05:3")] {
        let mut game = load(&turn_position(
            2,
            2,
            "normal",
            ("L 45 next 0 -", &format!("DE05,{flak}")),
            ("L 45 next 0 -", "SU14,SU06"),
        ));
        play(&mut game, "2", "SU14.1");
        play(&mut game, "2", "@DE05");
        play(&mut game, "chance", "1");
        assert!(
            common::line(&game, "pending").contains(&format!("q {q} ")),
            "{flak}"
        );
        play(&mut game, "chance", "3");
        assert!(
            common::line(&game, "p1 battle").contains(expected),
            "{flak}"
        );
    }
}

#[test]
fn tv_19_settlement_scores() {
    let game = load(&turn_position(
        2,
        2,
        "normal",
        ("L 45 next 0 -", "DE01,DE05:3,DE10c"),
        ("L 45 next 0 -", "SU01,SU06:10,SU11:1"),
    ));
    assert_eq!(game.score(zhanqi_tiehuo::Player::One), 19);
    assert_eq!(game.score(zhanqi_tiehuo::Player::Two), 16);
}

#[test]
fn tv_20_ability_cards_do_not_keep_a_player_alive() {
    let mut game = load(&turn_position(
        1,
        1,
        "normal",
        ("L 45 next 0 -", "DE01"),
        ("L 45 next 0 -", "SU01:5,SU16,SU17"),
    ));
    play(&mut game, "1", "DE01.1");
    play(&mut game, "1", "@SU01:5");
    play(&mut game, "chance", "1");
    play(&mut game, "chance", "1");
    assert_lines(
        &game,
        &[
            "phase over round 1/2 turn - result 1 annihilation",
            "p2 battle SU16,SU17",
        ],
    );
    assert_eq!(game.outcome().expect("over").reason, "annihilation");
}

#[test]
fn tv_21_card_builder() {
    let recipe = |engine: &str,
                  chassis: &str,
                  suspension: &str,
                  s_add: &[&str],
                  transmission: &str,
                  armour: &str,
                  a_add: &[&str]| Recipe {
        engine: engine.into(),
        chassis: chassis.into(),
        suspension: suspension.into(),
        suspension_addons: s_add.iter().map(|s| (*s).to_owned()).collect(),
        transmission: transmission.into(),
        transmission_addons: Vec::new(),
        armour: armour.into(),
        armour_addons: a_add.iter().map(|s| (*s).to_owned()).collect(),
    };
    let cases = [
        (
            recipe(
                "petrol",
                "tracked",
                "bogie",
                &[],
                "mechanical",
                "rolled",
                &["applique"],
            ),
            "2.5",
            11,
            5,
        ),
        (
            recipe(
                "petrol",
                "tracked",
                "torsion_bar",
                &["interleaved"],
                "hydromech",
                "rolled",
                &["face_hardened"],
            ),
            "5.5",
            17,
            6,
        ),
        (
            recipe(
                "petrol",
                "wheeled",
                "wheel_track",
                &[],
                "mechanical",
                "iron",
                &["sloped"],
            ),
            "2",
            10,
            3,
        ),
        (
            recipe(
                "gas_turbine",
                "tracked",
                "torsion_bar",
                &[],
                "hydromech",
                "composite",
                &[],
            ),
            "8",
            22,
            6,
        ),
    ];
    for (recipe, points, cv, logistics) in cases {
        let built = build(&recipe, 6, 2).expect("valid recipe");
        assert_eq!(
            (built.points_text().as_str(), built.cv, built.logistics),
            (points, cv, logistics)
        );
    }
    let broken = recipe(
        "steam",
        "tracked",
        "bogie",
        &["interleaved", "interleaved"],
        "mechanical",
        "rolled",
        &["paint"],
    );
    let problems = build(&broken, 6, 2).expect_err("three problems");
    assert_eq!(problems.len(), 3, "{problems:?}");
}

#[test]
fn tv_22_a_fog_turn_that_ends_without_an_attack() {
    let mut game = load(&position(
        true,
        "phase play round 2/2 turn 1",
        "normal",
        ("L 45 next 0 -", "DE04f,DE05f,DE13f", "-"),
        ("L 45 next 0 -", "SU01f,SU06f", "-"),
        "-",
        "-",
    ));
    play(&mut game, "1", "?");
    play(&mut game, "chance", "DE04f");
    assert_legal(&game, "1", &["1?", "2?", "pass"]);
    play(&mut game, "1", "1?");
    play(&mut game, "chance", "DE05f");
    assert_lines(
        &game,
        &[
            "p1 battle DE04,DE05,DE13f",
            "phase play round 2/2 turn 2",
            "pending -",
            "p1 L 45 next 0 -",
        ],
    );
}

fn camouflage_game(p1: &str, round: u32) -> Tiehuo {
    load(&turn_position(
        round,
        2,
        "normal",
        ("L 45 next 0 -", p1),
        ("L 45 next 0 -", "SU01,SU10"),
    ))
}

fn first_target_choices(mut game: Tiehuo, attack: &str) -> Vec<String> {
    play(&mut game, "2", attack);
    legal_texts(&game)
}

#[test]
fn tv_23_camouflage_in_round_1() {
    let before = camouflage_game("DE01,DE02,DE19", 1);
    assert_eq!(
        first_target_choices(before.clone(), "SU01.1"),
        vec!["@DE01"]
    );
    assert_eq!(
        first_target_choices(before, "SU10.1"),
        vec!["@DE01", "@DE02"]
    );
    let after_attacking = camouflage_game("DE01,DE02a,DE19", 1);
    assert_eq!(
        first_target_choices(after_attacking, "SU01.1"),
        vec!["@DE01", "@DE02a"]
    );
    let round_2 = camouflage_game("DE01,DE02,DE19", 2);
    assert_eq!(
        first_target_choices(round_2, "SU01.1"),
        vec!["@DE01", "@DE02"]
    );
}

#[test]
fn tv_24_more_targets_rolled_than_there_are() {
    let mut game = load(&turn_position(
        2,
        1,
        "normal",
        ("L 45 next 0 -", "DE11"),
        ("L 45 next 0 -", "SU01,SU06,SU11"),
    ));
    play(&mut game, "1", "DE11.1");
    play(&mut game, "chance", "3");
    assert_legal(&game, "1", &["@SU01,SU11", "@SU11,SU01"]);
    play(&mut game, "1", "@SU11,SU01");
    play(&mut game, "chance", "2");
    assert_lines(&game, &["pending attack DE11.1 q 4 hits SU11/2,SU01/2"]);
}

#[test]
fn tv_25_the_wait_ends_when_the_opponent_cannot_attack() {
    let mut game = load(&turn_position(
        2,
        1,
        "normal",
        ("L 45 next 0 -", "DE01,DE05,DE05"),
        ("L 45 next 0 -", "SU03,SU11c"),
    ));
    play(&mut game, "1", "F@SU03");
    play(&mut game, "1", "DE05.2");
    play(&mut game, "1", "DE05.2");
    play(&mut game, "1", "fire");
    assert_legal(&game, "2", &["SU03*t.1", "end"]);
    play(&mut game, "2", "SU03*t.1");
    play(&mut game, "2", "@DE05a*1");
    play(&mut game, "chance", "1");
    assert_lines(
        &game,
        &[
            "focus resolve bonus 1 opts 2,2",
            "phase play round 2/2 turn 1",
        ],
    );
    play(&mut game, "chance", "2");
    play(&mut game, "chance", "2");
    assert_lines(
        &game,
        &[
            "p2 battle SU11c",
            "p2 L 45 next 0 done",
            "phase play round 2/2 turn 1",
            "focus -",
        ],
    );
}
