//! ISMCTS speed (`zhanqi-ai` with junqi's evaluator): iterations per second on one core, from
//! junqi 2p middle-game positions.
//!
//! `cargo bench -p zhanqi-junqi --bench ismcts -- --quick` searches 1,000 iterations (one
//! thread) from each position; iterations per second is 1,000 over the time shown. The
//! positions are the `2p middlegame` case of the movegen benchmark (seen by the seat to move)
//! and the positions after 60 and 120 random plies of the seeded games below. Also measured:
//! one heuristic decision, and one evaluation.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use zhanqi_ai::ismcts::{IsmctsConfig, search};
use zhanqi_ai::{AiGame, Budget, Observation, Player, RandomPlayer, make_player};
use zhanqi_core::{Game, GameNotation, Seat, ToAct};
use zhanqi_junqi::{Junqi, JunqiOptions, Mode};

const MIDDLEGAME: &str = "2p nMnTnMnFnC/1nP1nMnP/3nT1/nYnSnD2/2sP2/2sYnD1/nL4/3sS1/1nJsLsE1/1sD1sT1/sMsD2sL/sMsFsPsCsM s s+0n+0 - 15 120";

/// The seeded 2p game after its deployments and `plies` random plies.
fn after_random_plies(seed: u64, plies: usize) -> Junqi {
    let mut game = Junqi::new(&JunqiOptions::of_mode(Mode::TwoPlayer), seed).unwrap();
    let mut player = RandomPlayer::<Junqi>::new(seed);
    for _ in 0..plies + 2 {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().unwrap();
        let action = player.choose(&Observation::new(&game, seat)).unwrap();
        game.apply(seat, &action).unwrap();
    }
    game
}

fn to_move(game: &Junqi) -> Seat {
    match game.to_act() {
        ToAct::Seats(seats) => seats.lowest().unwrap(),
        _ => panic!("the benchmark positions are in play"),
    }
}

fn positions() -> Vec<(&'static str, Junqi)> {
    vec![
        ("middlegame", Junqi::load(MIDDLEGAME, None, 1).unwrap()),
        ("60 random plies", after_random_plies(3, 60)),
        ("120 random plies", after_random_plies(4, 120)),
    ]
}

fn ismcts(c: &mut Criterion) {
    let evaluator = Junqi::evaluator();
    let config = IsmctsConfig::new(Budget::Iterations(1000), 1);
    let mut group = c.benchmark_group("ismcts 1000 iterations, 2p");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    for (name, game) in positions() {
        let observation = Observation::new(&game, to_move(&game));
        group.bench_function(name, |b| {
            b.iter(|| search(&observation, &config, evaluator.as_ref(), black_box(7)));
        });
    }
    group.finish();
}

fn heuristic_and_evaluator(c: &mut Criterion) {
    let evaluator = Junqi::evaluator();
    for (name, game) in positions() {
        let observation = Observation::new(&game, to_move(&game));
        let mut player = make_player::<Junqi>(&"heuristic".parse().unwrap(), 1);
        c.bench_function(&format!("heuristic decision, {name}"), |b| {
            b.iter(|| player.choose(black_box(&observation)));
        });
        c.bench_function(&format!("evaluate, {name}"), |b| {
            b.iter(|| evaluator.evaluate(black_box(&game)));
        });
    }
}

criterion_group!(benches, ismcts, heuristic_and_evaluator);
criterion_main!(benches);
