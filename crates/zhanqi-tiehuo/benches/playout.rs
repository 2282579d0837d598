//! Tiehuo speed: whole uniform-random games, as `tests/digests.rs` plays them (rolls with the
//! game's RNG, random deployments, every listed action equally likely, `apply_unchecked`),
//! with fog off and on.
//!
//! `cargo bench -p zhanqi-tiehuo --bench playout -- --quick`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zhanqi_core::{Game, GameRng, ToAct};
use zhanqi_tiehuo::{Action, Tiehuo, TiehuoOptions};

/// Plays the uniform-random game of `seed` to its end; returns the plies.
fn random_game(options: &TiehuoOptions, seed: u64, actions: &mut Vec<Action>) -> u64 {
    let mut game = Tiehuo::new(options, seed).expect("standard options");
    let mut rng = GameRng::stream(seed, 2);
    let mut plies = 0;
    loop {
        match game.to_act() {
            ToAct::Over => return plies,
            ToAct::Chance => {
                let _ = game.roll();
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                actions.clear();
                game.legal_actions(seat, actions);
                let action = if actions.is_empty() {
                    game.random_unlisted_action(seat, &mut rng)
                        .expect("a deployment")
                } else {
                    actions[rng.below(actions.len())].clone()
                };
                game.apply_unchecked(seat, &action);
                plies += 1;
            }
        }
    }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random games");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(5));
    for (name, fog) in [("fog off", false), ("fog on", true)] {
        let options = TiehuoOptions {
            fog_of_war: fog,
            ..TiehuoOptions::default()
        };
        let mut actions = Vec::with_capacity(256);
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(&options, seed, &mut actions))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
