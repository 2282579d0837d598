//! Playout digests, recorded in `tests/data/tiehuo.digests`: the FNV-1a hash of the omniscient
//! position a seeded random playout reaches. Any drift in the rules, the notation, the random
//! deployment or the RNG changes some of them.
//!
//! The playout: `Game::new(options, seed)`, chance nodes drawn with the game's own `roll` (not
//! counted as plies), and each seat action picked with `GameRng::stream(seed, 2)`: a random
//! deployment at the deployment, else uniformly among the listed actions sorted by their text.

use zhanqi_core::{Game, GameNotation, GameRng, ToAct, Viewer};
use zhanqi_tiehuo::{LogisticsMode, Tiehuo, TiehuoOptions};

const DATA: &str = include_str!("data/tiehuo.digests");

fn options(name: &str) -> TiehuoOptions {
    let (fog, logistics) = match name {
        "standard" => (false, LogisticsMode::Individual),
        "fog" => (true, LogisticsMode::Individual),
        "shared" => (false, LogisticsMode::Shared),
        "fog-shared" => (true, LogisticsMode::Shared),
        other => panic!("tiehuo.digests: unknown options '{other}'"),
    };
    TiehuoOptions {
        fog_of_war: fog,
        logistics_mode: logistics,
        ..TiehuoOptions::default()
    }
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The position after `plies` seat actions of the playout of `seed` (or at its end).
fn playout(options: &TiehuoOptions, seed: u64, plies: u64) -> String {
    let mut game = Tiehuo::new(options, seed).expect("valid options");
    let mut rng = GameRng::stream(seed, 2);
    let mut played = 0;
    let mut actions = Vec::new();
    while played < plies {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.roll().expect("a chance node");
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                actions.clear();
                game.legal_actions(seat, &mut actions);
                let action = if actions.is_empty() {
                    game.random_unlisted_action(seat, &mut rng)
                        .expect("a deployment")
                } else {
                    actions.sort_by_key(|action| game.action_text(action));
                    actions[rng.below(actions.len())].clone()
                };
                game.apply(seat, &action).expect("a legal action");
                played += 1;
            }
        }
    }
    game.position(Viewer::Omniscient)
}

#[test]
fn playout_digests_match_the_data() {
    let mut wrong = Vec::new();
    let mut cases = 0;
    for (number, line) in DATA.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let [name, seed, plies, hash] = fields[..] else {
            panic!(
                "tiehuo.digests line {}: expected 'options seed plies hash'",
                number + 1
            );
        };
        let (seed, plies): (u64, u64) =
            (seed.parse().expect("seed"), plies.parse().expect("plies"));
        let position = playout(&options(name), seed, plies);
        let got = format!("{:016x}", fnv1a(&position));
        cases += 1;
        if got != hash {
            wrong.push(format!("{name} {seed} {plies} {got}\n{position}"));
        }
    }
    assert!(cases >= 12, "too few digest cases");
    assert!(
        wrong.is_empty(),
        "digests differ; now:\n{}",
        wrong.join("\n")
    );
}
