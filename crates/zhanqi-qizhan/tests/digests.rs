//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/qizhan.digests`. Any drift in the rules, the setup shuffles, the random
//! discards or the RNG changes some of these positions.
//!
//! The playout: `Game::new` with the options of the case and `seed`, random discards drawn
//! with `roll` (not counted as plies), and each seat action picked uniformly with
//! `GameRng::stream(seed, 2)` from `legal_actions` sorted by their text, applied with
//! `apply_unchecked`.

use zhanqi_core::{Game, GameNotation, GameRng, ToAct, Viewer};
use zhanqi_qizhan::{Qizhan, QizhanOptions};

const DATA: &str = include_str!("data/qizhan.digests");

/// One case: a line `seed plies [options JSON]`, then the six lines of the position.
struct Case {
    line: usize,
    seed: u64,
    plies: u64,
    options: Option<String>,
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
        let mut parts = line.splitn(3, ' ');
        let number = |part: Option<&str>| -> u64 {
            part.and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("qizhan.digests line {index}: expected 'seed plies'"))
        };
        let seed = number(parts.next());
        let plies = number(parts.next());
        let options = parts.next().map(str::to_owned);
        let position = lines
            .get(index..index + 6)
            .filter(|block| block[0].starts_with("qizhan "))
            .map(|block| block.join("\n"));
        if position.is_some() {
            index += 6;
        }
        cases.push(Case {
            line: index,
            seed,
            plies,
            options,
            position,
        });
    }
    cases
}

/// Plays at most `max_plies` seat actions; returns the plies played and the position.
fn playout(case: &Case, max_plies: u64) -> (u64, String) {
    let options: QizhanOptions = case
        .options
        .as_deref()
        .map(|json| serde_json::from_str(json).expect("options JSON"))
        .unwrap_or_default();
    let mut game = Qizhan::new(&options, case.seed).expect("valid options");
    let mut rng = GameRng::stream(case.seed, 2);
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
    assert!(cases.len() >= 10, "the data file lost cases");
    let mut failures = Vec::new();
    for case in &cases {
        let expected = case.position.as_deref().unwrap_or_else(|| {
            panic!(
                "qizhan.digests line {}: no position; run regenerate_digests",
                case.line
            )
        });
        let (plies, position) = playout(case, case.plies);
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

/// Prints the data again from the `seed plies [options]` of each case. A playout that ends
/// early gets the plies it played.
#[test]
#[ignore = "prints tests/data/qizhan.digests; run it to regenerate the file"]
fn regenerate_digests() {
    for case in cases(DATA) {
        let (plies, position) = playout(&case, case.plies);
        let options = case
            .options
            .as_deref()
            .map(|o| format!(" {o}"))
            .unwrap_or_default();
        println!("{} {plies}{options}\n{position}\n", case.seed);
    }
}
