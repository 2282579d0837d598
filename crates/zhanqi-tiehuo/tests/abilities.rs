//! The abilities of §13 and the environments of §12 beyond the vectors: each checked on a
//! position through the multiplier it writes in the pending line, or the actions it allows.

use crate::common;

use common::{legal, line, load, play};

fn turn(round: u32, turn: u8, env: &str, fog: bool, p1: &str, p2: &str) -> String {
    format!(
        "tiehuo mode=formation logistics=individual fog={}\nphase play round {round}/2 turn {turn}\nenv {env}\np1 L 45 next 0 -\np1 battle {p1}\np1 reserve -\np1 discard -\np2 L 45 next 0 -\np2 battle {p2}\np2 reserve -\np2 discard -\nfocus -\npending -",
        if fog { "on" } else { "off" }
    )
}

/// The `q` of the first damage roll after `attack` and `targets` (rolling `N` with `hits` if asked).
fn multiplier(
    position: &str,
    seat: &str,
    attack: &str,
    targets: &str,
    hits: Option<&str>,
) -> String {
    let mut game = load(position);
    play(&mut game, seat, attack);
    if line(&game, "pending").ends_with("roll T") {
        play(&mut game, "chance", "1");
    }
    play(&mut game, seat, targets);
    if let Some(hits) = hits {
        play(&mut game, "chance", hits);
    }
    let pending = line(&game, "pending");
    let q = pending
        .split(" q ")
        .nth(1)
        .expect("a q")
        .split(' ')
        .next()
        .expect("q");
    q.to_owned()
}

#[test]
fn captured_weapons_lets_a_cut_off_card_attack_while_its_card_is_in_play() {
    let with = load(&turn(2, 1, "normal", false, "DE01c,DE17", "SU01"));
    assert!(legal(&with).1.contains(&"DE01c.1".to_owned()));
    let without = load(&turn(2, 1, "normal", false, "DE01c,DE05,DE17c", "SU01"));
    assert!(!legal(&without).1.iter().any(|a| a.starts_with("DE01c")));
}

#[test]
fn city_infantry_with_urban_warfare_and_shock_in_round_1() {
    let q = multiplier(
        &turn(1, 2, "city", false, "DE01", "SU02"),
        "2",
        "SU02.1",
        "@DE01",
        Some("1"),
    );
    assert_eq!(q, "7", "4 + 1 city infantry + 1 urban warfare + 1 shock");
    let q = multiplier(
        &turn(2, 2, "city", false, "DE01", "SU02"),
        "2",
        "SU02.1",
        "@DE01",
        Some("1"),
    );
    assert_eq!(q, "6", "no shock after round 1");
}

#[test]
fn mountain_armour_and_latent_mountain_warfare() {
    let q = multiplier(
        &turn(2, 2, "mountain", false, "DE05", "SU06"),
        "2",
        "SU06.1",
        "@DE05",
        None,
    );
    assert_eq!(q, "3", "armour −1 in the mountains");
    let with = multiplier(
        &turn(2, 2, "mountain", false, "DE05", "SU03,SU18"),
        "2",
        "SU03.1",
        "@DE05",
        None,
    );
    assert_eq!(with, "6", "4 + 1 infantry + 1 mountain warfare");
    let cut = multiplier(
        &turn(2, 2, "mountain", false, "DE05", "SU03,SU18c"),
        "2",
        "SU03.1",
        "@DE05",
        None,
    );
    assert_eq!(cut, "5", "a cut-off SU18 activates nothing");
}

#[test]
fn reconnaissance_gives_two_designations_under_fog() {
    let mut game = load(&turn(2, 2, "normal", true, "DE01f,DE05f", "SU10,SU01f"));
    play(&mut game, "2", "SU10");
    assert_eq!(line(&game, "pending"), "pending named SU10 flips 2");
    play(&mut game, "2", "1?");
    play(&mut game, "chance", "DE05f");
    assert_eq!(line(&game, "pending"), "pending named SU10 flips 1");
}

#[test]
fn camouflage_makes_a_round_1_designation_fail_and_marks_the_card() {
    let mut game = load(&turn(1, 2, "normal", true, "DE02f,DE19", "SU01"));
    play(&mut game, "2", "SU01");
    play(&mut game, "2", "1?");
    play(&mut game, "chance", "DE02f");
    assert_eq!(line(&game, "p1 battle"), "p1 battle DE02fm,DE19");
    assert_eq!(line(&game, "phase"), "phase play round 1/2 turn 1");
}

#[test]
fn field_repair_is_latent_and_needs_its_card_uncut_at_b1() {
    let text = "tiehuo mode=formation logistics=individual fog=off
phase play round 1/2 turn 2
env normal
p1 L 45 next 0 done
p1 battle DE05:8a,DE16c
p1 reserve -
p1 discard -
p2 L 40 next 0 -
p2 battle SU06:12a,SU16
p2 reserve -
p2 discard -
focus -
pending -";
    let mut game = load(text);
    play(&mut game, "2", "done");
    assert_eq!(line(&game, "p1 battle"), "p1 battle DE05:8,DE16");
    assert_eq!(line(&game, "p2 battle"), "p2 battle SU06,SU16");
}
