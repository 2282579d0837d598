//! Siguo speed: `legal_actions` at the §12.1 start position, and whole uniform-random games as
//! `zhanqi bench siguo` would play them: four random deployments (`Siguo::deployed`), then at
//! each ply the listed actions of the seat to move and one picked uniformly with
//! `GameRng::stream(seed, 2)`, applied with `apply_unchecked`, until the game is over.
//!
//! `cargo bench -p zhanqi-siguo --bench playout -- --quick` runs them in well under a minute.
//! The throughput criterion reports for `random_games` is in plies (elements) per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zhanqi_core::{BySeat, Game, GameNotation, GameRng, ToAct};
use zhanqi_siguo::{Action, Siguo, SiguoOptions};

const START: &str = "G42R4S4S46S3S3R32G3/4S4S46S3S34/4S4S46S3S34/C43S4S46S3S33C3/S4S4S4S4S4S46S3S3S3S3S3S3/S4S4S4S4S4S46S3S3S3S3S3S3/18/18/18/18/18/18/S1S1S1S1S1S16S2S2S2S2S2S2/S1S1S1S1S1S16S2S2S2S2S2S2/C13S1S16S2S23C2/4S1S16S2S24/4S1S16S2S24/G12R1S1S16S2S2R22G2 1 4/2,4/2,4/2,4/2 - 0 0";

fn legal_actions(c: &mut Criterion) {
    let game = <Siguo as GameNotation>::load(START, None, 0).expect("the §12.1 start position");
    let mut actions: Vec<Action> = Vec::with_capacity(512);
    c.bench_function("legal_actions at the 12.1 start", |b| {
        b.iter(|| {
            actions.clear();
            black_box(&game).legal_actions(zhanqi_core::Seat::new(0), &mut actions);
            actions.len()
        });
    });
}

/// Plays the uniform-random game of `seed` from its random deployments to its end; returns
/// the plies (protocol actions after the reveal).
fn random_game(options: &SiguoOptions, seed: u64, actions: &mut Vec<Action>) -> u64 {
    let none = BySeat::from_fn(|_| None);
    let mut game = Siguo::deployed(options.clone(), seed, &none).expect("random deployments");
    let mut rng = GameRng::stream(seed, 2);
    let mut plies = 0;
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats.lowest().expect("a seat to act");
        actions.clear();
        game.legal_actions(seat, actions);
        let action = &actions[rng.below(actions.len())];
        game.apply_unchecked(seat, action);
        plies += 1;
    }
    plies
}

fn random_games(c: &mut Criterion) {
    let options = SiguoOptions::default();
    let mut actions = Vec::with_capacity(512);
    let games = 20;
    let plies: u64 = (0..games)
        .map(|seed| random_game(&options, seed, &mut actions))
        .sum();
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(plies));
    group.measurement_time(Duration::from_secs(10));
    group.sample_size(10);
    group.bench_function(format!("{games} games, {plies} plies"), |b| {
        b.iter(|| {
            (0..games)
                .map(|seed| random_game(&options, seed, &mut actions))
                .sum::<u64>()
        });
    });
    group.finish();
}

criterion_group!(benches, legal_actions, random_games);
criterion_main!(benches);
