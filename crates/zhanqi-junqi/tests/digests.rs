//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/junqi.digests`. Any drift in the rules, in move generation order or in the RNG
//! changes some of these positions.
//!
//! The playout is the one `zhanqi bench` runs: `Game::new(options, seed)`, then a
//! `GameRng::stream(seed, 2)` that draws the hidden deployments (`random_unlisted_action`) and
//! picks each ply uniformly from `legal_actions` of the lowest seat to act, applied with
//! `apply_unchecked`. Deployments are not plies. Unlike the bench, the playout sorts the
//! listed actions first (flips, then moves, by post index), so that a faster move generator
//! that lists the same actions in another order reaches the same positions.

use zhanqi_core::{Game, GameNotation, GameRng, ToAct, Viewer};
use zhanqi_junqi::board::Post;
use zhanqi_junqi::{Action, Junqi, JunqiOptions, Mode};

const DATA: &str = include_str!("data/junqi.digests");

/// One line of the data file: a playout and, once generated, the position it ends in.
struct Case<'a> {
    line: usize,
    mode: &'a str,
    seed: u64,
    plies: u64,
    position: Option<&'a str>,
}

/// The cases of the data file, skipping blank lines and `#` comments.
fn cases(text: &str) -> Vec<Case<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let line_number = index + 1;
            let mut fields = line.splitn(4, ' ');
            let mut field = |what: &str| {
                fields.next().unwrap_or_else(|| {
                    panic!("junqi.digests line {line_number}: the {what} is missing")
                })
            };
            let mode = field("mode");
            let seed = field("seed").parse().unwrap_or_else(|error| {
                panic!("junqi.digests line {line_number}: bad seed: {error}")
            });
            let plies = field("plies").parse().unwrap_or_else(|error| {
                panic!("junqi.digests line {line_number}: bad ply count: {error}")
            });
            Case {
                line: line_number,
                mode,
                seed,
                plies,
                position: fields.next(),
            }
        })
        .collect()
}

fn options(mode: &str) -> JunqiOptions {
    let mode = Mode::from_name(mode)
        .unwrap_or_else(|| panic!("'{mode}' is not a junqi mode; expected 2p, 4p or dark"));
    JunqiOptions::of_mode(mode)
}

/// Plays at most `max_plies` plies of the seeded random playout; returns the plies played
/// (fewer when the game ends first) and the omniscient position reached.
fn playout(mode: &str, seed: u64, max_plies: u64) -> (u64, String) {
    let mut game = Junqi::new(&options(mode), seed).expect("the standard options are valid");
    let mut rng = GameRng::stream(seed, 2);
    let mut actions = Vec::new();
    let mut plies = 0;
    while plies < max_plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().expect("a seat acts");
        if let Some(deployment) = game.random_unlisted_action(seat, &mut rng) {
            game.apply_unchecked(seat, &deployment);
            continue;
        }
        actions.clear();
        game.legal_actions(seat, &mut actions);
        actions.sort_by_key(order);
        assert!(
            !actions.is_empty(),
            "{mode} seed {seed}: seat {} must act at ply {plies} but has no legal action",
            game.seat_name(seat)
        );
        let action = &actions[rng.below(actions.len())];
        game.apply_unchecked(seat, action);
        plies += 1;
    }
    (plies, GameNotation::position(&game, Viewer::Omniscient))
}

/// The order the playout draws from: flips, then moves, by post index.
fn order(action: &Action) -> (u8, Post, Post) {
    match action {
        Action::Flip(post) => (0, *post, 0),
        Action::Move { from, to } => (1, *from, *to),
        other => panic!("legal_actions listed {other:?}, which is neither a move nor a flip"),
    }
}

#[test]
fn playout_digests_match_the_data() {
    let cases = cases(DATA);
    assert!(cases.len() >= 30, "the data file lost cases");
    let mut failures = Vec::new();
    for case in &cases {
        let expected = case.position.unwrap_or_else(|| {
            panic!(
                "junqi.digests line {}: no position; run regenerate_digests",
                case.line
            )
        });
        let (plies, position) = playout(case.mode, case.seed, case.plies);
        if plies != case.plies || position != expected {
            failures.push(format!(
                "line {}: {} seed {} after {} plies\n  expected {expected}\n  got      {position} (after {plies} plies)",
                case.line, case.mode, case.seed, case.plies
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

/// Prints the data lines again from the (mode, seed, plies) of each line of the data file,
/// with the position the engine reaches now. A line may hold just `mode seed plies`; its
/// playout stops early if the game ends, and the line then gets the plies actually played.
#[test]
#[ignore = "prints the data lines of tests/data/junqi.digests; run it to regenerate the file"]
fn regenerate_digests() {
    for case in cases(DATA) {
        let (plies, position) = playout(case.mode, case.seed, case.plies);
        println!("{} {} {plies} {position}", case.mode, case.seed);
    }
}
