//! Shengke speed: `legal_actions` on fixed positions, and whole uniform-random games as
//! `zhanqi bench shengke` plays them (setup, rolls with the game's RNG, every placement listed
//! and one applied with `apply_unchecked`).
//!
//! `cargo bench -p zhanqi-shengke --bench playout -- --quick` runs them all in well under a
//! minute. The positions are cases of `tests/data/shengke.perft`; the games are seeded as the
//! bench's (`Game::new(options, seed)` and `GameRng::stream(seed, 2)`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use zhanqi_core::testkit::data::perft_cases;
use zhanqi_core::{Game, GameRng, Seat, ToAct};
use zhanqi_shengke::{Action, Shengke, ShengkeOptions};

/// The perft data, whose positions the listing benchmarks use.
const PERFT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shengke.perft");

/// Positions to list actions in: (name, case of `tests/data/shengke.perft`).
const POSITIONS: [(&str, &str); 2] = [
    ("vector 24, 880 placements", "vector-24-placement-order"),
    ("vector 21, 672 placements", "vector-21-recovery-choices"),
];

/// The game at the start of the perft case `name`.
fn perft_position(name: &str) -> Shengke {
    perft_cases::<Shengke>(PERFT)
        .into_iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("tests/data/shengke.perft has no case {name}"))
        .game
}

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_actions");
    for (name, id) in POSITIONS {
        let game = perft_position(id);
        let mut actions: Vec<Action> = Vec::with_capacity(1024);
        group.bench_function(name, |b| {
            b.iter(|| {
                actions.clear();
                black_box(&game).legal_actions(Seat::new(0), &mut actions);
                actions.len()
            });
        });
    }
    group.finish();
}

/// Plays the uniform-random game of `seed` to its end; returns the plies.
fn random_game(options: &ShengkeOptions, seed: u64, actions: &mut Vec<Action>) -> u64 {
    let mut game = Shengke::new(options, seed).expect("standard options");
    let mut rng = GameRng::stream(seed, 2);
    let mut plies = 0;
    loop {
        match game.to_act() {
            ToAct::Over => return plies,
            ToAct::Chance => {
                game.roll().expect("a roll at a chance node");
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                actions.clear();
                game.legal_actions(seat, actions);
                let action = actions[rng.below(actions.len())];
                game.apply_unchecked(seat, &action);
                plies += 1;
            }
        }
    }
}

fn games(c: &mut Criterion) {
    let options = ShengkeOptions::default();
    let mut actions: Vec<Action> = Vec::with_capacity(1024);
    let mut seed = 0;
    c.bench_function("random game", |b| {
        b.iter(|| {
            seed += 1;
            random_game(&options, seed, &mut actions)
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    targets = legal_actions, games
}
criterion_main!(benches);
