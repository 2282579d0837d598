//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/siguo.digests`. Any drift in the rules, the random deployments or the RNG changes
//! some of these positions.
//!
//! The playout: `Siguo::deployed(options, seed, none)` (the four random deployments of §15.5,
//! drawn from `seed`), then at each ply the listed actions of the seat to move, sorted by their
//! text (so that a generator listing the same actions in another order reaches the same
//! positions), one picked with `GameRng::stream(seed, 2)` and applied with `apply_unchecked`.

use zhanqi_core::{BySeat, Game, GameNotation, GameRng, ToAct, Viewer};
use zhanqi_siguo::{Siguo, SiguoOptions};

const DATA: &str = include_str!("data/siguo.digests");

/// The position after `plies` plies of the playout of `seed` (or at its end, if sooner), and
/// the plies played.
fn playout(seed: u64, plies: u64) -> (String, u64) {
    let none = BySeat::from_fn(|_| None);
    let mut game = Siguo::deployed(SiguoOptions::default(), seed, &none).expect("deployments");
    let mut rng = GameRng::stream(seed, 2);
    let mut actions = Vec::new();
    let mut played = 0;
    while played < plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().expect("a seat to act");
        actions.clear();
        game.legal_actions(seat, &mut actions);
        actions.sort_by_cached_key(|action| game.action_text(action));
        let action = actions[rng.below(actions.len())].clone();
        game.apply_unchecked(seat, &action);
        played += 1;
    }
    (game.position(Viewer::Omniscient), played)
}

#[test]
fn playout_digests_match_the_data() {
    let mut wrong = Vec::new();
    let mut cases = 0;
    for line in DATA.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        cases += 1;
        let mut parts = line.splitn(3, ' ');
        let seed: u64 = parts.next().and_then(|n| n.parse().ok()).expect("seed");
        let plies: u64 = parts.next().and_then(|n| n.parse().ok()).expect("plies");
        let expected = parts.next().unwrap_or("");
        let (position, _) = playout(seed, plies);
        if position != expected {
            wrong.push(format!("{seed} {plies} {position}"));
        }
    }
    assert!(cases >= 10, "the data holds only {cases} cases");
    assert!(
        wrong.is_empty(),
        "{} playouts reach other positions; the lines they give now:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn playouts_are_reproducible_and_end() {
    for seed in 0..3 {
        let (first, played) = playout(seed, u64::MAX);
        assert_eq!(playout(seed, u64::MAX).0, first);
        let game = <Siguo as GameNotation>::load(&first, None, 0).expect("the final position");
        assert_eq!(
            game.to_act(),
            ToAct::Over,
            "seed {seed} after {played} plies"
        );
    }
}
