//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/shengke.digests`. Any drift in the rules, the setup shuffles, the dice or the
//! RNG changes some of these positions.
//!
//! The playout is the one `zhanqi bench` runs: `Game::new(options, seed)`, rolls drawn with the
//! game's own RNG (`roll`, not counted as plies), and each seat's action picked uniformly with
//! `GameRng::stream(seed, 2)` from its `legal_actions`, applied with `apply_unchecked`. Unlike
//! the bench, the playout sorts the listed actions by their text first, so that a generator
//! that lists the same actions in another order reaches the same positions.

use zhanqi_core::{Game, GameNotation, GameRng, ToAct, Viewer};
use zhanqi_shengke::{Shengke, ShengkeOptions};

const DATA: &str = include_str!("data/shengke.digests");

/// One case: a line `seed plies`, then the eight lines of the position it reaches.
struct Case {
    line: usize,
    seed: u64,
    plies: u64,
    position: Option<String>,
}

fn cases(text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        index += 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let numbers: Vec<u64> = line
            .split(' ')
            .map(|n| {
                n.parse()
                    .unwrap_or_else(|e| panic!("shengke.digests line {index}: bad number: {e}"))
            })
            .collect();
        let [seed, plies] = numbers[..] else {
            panic!("shengke.digests line {index}: expected 'seed plies'");
        };
        let position = lines
            .get(index..index + 8)
            .filter(|block| block[0].starts_with("turn "))
            .map(|block| block.join("\n"));
        if position.is_some() {
            index += 8;
        }
        cases.push(Case {
            line: index,
            seed,
            plies,
            position,
        });
    }
    cases
}

/// Plays at most `max_plies` seat actions; returns the plies played and the position.
fn playout(seed: u64, max_plies: u64) -> (u64, String) {
    let mut game = Shengke::new(&ShengkeOptions::default(), seed).expect("standard options");
    let mut rng = GameRng::stream(seed, 2);
    let mut actions = Vec::new();
    let mut plies = 0;
    while plies < max_plies {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.roll().expect("a roll at a chance node");
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                actions.clear();
                game.legal_actions(seat, &mut actions);
                actions.sort_by_cached_key(|action| game.action_text(action));
                let action = actions[rng.below(actions.len())];
                game.apply_unchecked(seat, &action);
                plies += 1;
            }
        }
    }
    (plies, game.position(Viewer::Omniscient))
}

#[test]
fn playout_digests_match_the_data() {
    let cases = cases(DATA);
    assert!(cases.len() >= 12, "the data file lost cases");
    let mut failures = Vec::new();
    for case in &cases {
        let expected = case.position.as_deref().unwrap_or_else(|| {
            panic!(
                "shengke.digests line {}: no position; run regenerate_digests",
                case.line
            )
        });
        let (plies, position) = playout(case.seed, case.plies);
        if plies != case.plies || position != expected {
            failures.push(format!(
                "line {}: seed {} after {} plies\n  expected\n{expected}\n  got (after {plies} plies)\n{position}",
                case.line, case.seed, case.plies
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} playout(s) drifted:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Prints the data again from the `seed plies` of each case. A playout that ends early gets
/// the plies it played.
#[test]
#[ignore = "prints tests/data/shengke.digests; run it to regenerate the file"]
fn regenerate_digests() {
    for case in cases(DATA) {
        let (plies, position) = playout(case.seed, case.plies);
        println!("{} {plies}\n{position}\n", case.seed);
    }
}
