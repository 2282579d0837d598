//! The fuzz targets on a stable toolchain (docs/fuzzing.md): each target's invariant check
//! (`zhanqi_protocol::fuzzing`) over its corpus and regression inputs in `fuzz/`, then over a
//! bounded number of proptest inputs (arbitrary bytes and edited corpus files).

#[path = "../../../fuzz/harness.rs"]
mod harness;

use proptest::prelude::*;
use zhanqi_core::{GameNotation, GameRng, ToAct, Viewer};
use zhanqi_junqi::Junqi;
use zhanqi_protocol::fuzzing::{self, TARGETS};
use zhanqi_shengke::Shengke;

/// Runs a target by name with `cases` generated inputs.
fn fuzz(target: &str, cases: u32) {
    let (_, check) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no fuzz target {target}"));
    harness::run(target, *check, cases);
}

#[test]
fn every_target_has_a_corpus_and_a_cargo_fuzz_target() {
    for (name, _) in TARGETS {
        assert!(
            !harness::files("corpus", name).is_empty(),
            "fuzz/corpus/{name}/ is empty"
        );
        let path = harness::fuzz_dir().join(format!("fuzz_targets/{name}.rs"));
        let source = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert!(
            source.contains(&format!("fuzzing::{name}(")),
            "{} does not call fuzzing::{name}",
            path.display()
        );
    }
}

#[test]
fn junqi_position() {
    fuzz("junqi_position", 20000);
}

#[test]
fn junqi_action() {
    fuzz("junqi_action", 10000);
}

#[test]
fn junqi_record() {
    fuzz("junqi_record", 10000);
}

#[test]
fn junqi_deployment() {
    fuzz("junqi_deployment", 20000);
}

#[test]
fn shengke_position() {
    fuzz("shengke_position", 20000);
}

#[test]
fn shengke_action() {
    fuzz("shengke_action", 10000);
}

#[test]
fn shengke_deck() {
    fuzz("shengke_deck", 20000);
}

#[test]
fn shengke_turn_record() {
    fuzz("shengke_turn_record", 20000);
}

#[test]
fn jgs_import() {
    fuzz("jgs_import", 5000);
}

#[test]
fn zhanqi_record() {
    fuzz("zhanqi_record", 10000);
}

#[test]
fn engine_line() {
    fuzz("engine_line", 5000);
}

/// The targets the tests above run, so that a new target is not forgotten here.
#[test]
fn every_target_is_run() {
    let source = include_str!("fuzzing.rs");
    for (name, _) in TARGETS {
        assert!(
            source.contains(&format!("fuzz(\"{name}\"")),
            "tests/fuzzing.rs runs no test for the target {name}"
        );
    }
    let _ = fuzzing::TARGETS.len();
}

/// The full position of a game of `G` in its `mode`-th mode after up to `plies` random plies.
fn played<G: GameNotation>(mode: usize, seed: u64, plies: usize) -> String {
    let mode = G::MODES[mode % G::MODES.len()];
    let options = G::options_for(Some(mode), None).expect("a listed mode");
    let mut game = G::new(&options, seed).expect("a new game");
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..plies {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.roll().expect("a chance node rolls");
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat to act");
                let mut actions = Vec::new();
                game.legal_actions(seat, &mut actions);
                let action = if actions.is_empty() {
                    game.random_unlisted_action(seat, &mut rng)
                        .expect("a seat to act has an action")
                } else {
                    actions.swap_remove(rng.below(actions.len()))
                };
                game.apply(seat, &action).expect("a listed action applies");
            }
        }
    }
    GameNotation::position(&game, Viewer::Omniscient)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Well-formed positions the edits rarely reach: those of random games.
    #[test]
    fn junqi_positions_reached_by_play(mode in 0..3usize, seed in any::<u64>(), plies in 0..250usize) {
        fuzzing::junqi_position(played::<Junqi>(mode, seed, plies).as_bytes());
    }

    #[test]
    fn shengke_positions_reached_by_play(seed in any::<u64>(), plies in 0..120usize) {
        fuzzing::shengke_position(played::<Shengke>(0, seed, plies).as_bytes());
    }
}
