//! Qizhan speed: whole uniform-random games from `Game::new` to the end, as `zhanqi bench`
//! plays them (every action listed with `legal_actions`, one picked with
//! `GameRng::stream(seed, 2)` and applied with `apply_unchecked`; random discards drawn with
//! `roll`), with the standard decks; and `legal_actions` at a busy position.
//!
//! `cargo bench -p zhanqi-qizhan --bench playout` runs them in well under a minute.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zhanqi_core::{Game, GameNotation, GameRng, Seat, ToAct};
use zhanqi_qizhan::{Action, Qizhan, QizhanOptions};

/// Plays the uniform-random game of `seed` to its end; returns the plies.
fn random_game(options: &QizhanOptions, seed: u64, actions: &mut Vec<Action>) -> u64 {
    let mut game = Qizhan::new(options, seed).expect("standard options");
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
    let options = QizhanOptions::default();
    let mut actions: Vec<Action> = Vec::with_capacity(256);
    let plies: u64 = (0..200)
        .map(|seed| random_game(&options, seed, &mut actions))
        .sum();
    println!("mean plies per random game: {:.1}", plies as f64 / 200.0);
    let mut group = c.benchmark_group("random game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("standard decks", |b| {
        b.iter(|| {
            seed += 1;
            random_game(&options, seed, &mut actions)
        });
    });
    group.finish();
}

/// A busy MAIN position: many hand cards, cards on both boards.
const BUSY: &str = "qizhan main A turn 8 spent 0 bonus 0 played 0 last 11 seq 60\n\
A hand AZ03#1,AZ04#2,AZ05#3,AZ12#4,AZ14#5,AZ15#6,AZ16#7,AZ17#8,AZ18#9 deck - discard -/-/-/- exile -\n\
A board FL=AZ01#31:8/1/1 F1=AZ06#27:6/1/1,AZ03#33:3/1/1 F2=AZ05#40:2/1/1 L1=AZ10#41:5/1/0\n\
B hand CW08#21 deck - discard -/-/-/- exile -\n\
B board FL=CW01#50:7/1/2 F1=CW06#51:5/1/1,CW04#52:2/1/1 F3=CW05#53:3/1/2 L2=CW10#54:5/1/0\n\
stack -";

fn legal_actions(c: &mut Criterion) {
    let game = Qizhan::load(BUSY, None, 0).expect("the busy position loads");
    let mut actions: Vec<Action> = Vec::with_capacity(256);
    c.bench_function("legal_actions at a busy position", |b| {
        b.iter(|| {
            actions.clear();
            black_box(&game).legal_actions(Seat::new(0), &mut actions);
            actions.len()
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = games, legal_actions
}
criterion_main!(benches);
