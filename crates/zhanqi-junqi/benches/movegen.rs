//! Move generation benchmarks: `legal_actions` on fixed positions of each mode, and
//! `legal_actions` plus `apply_unchecked` over a fixed random playout of each mode.
//!
//! `cargo bench -p zhanqi-junqi --bench movegen -- --quick` runs them all in well under a
//! minute. The positions are cases of `tests/data/junqi.perft`; the playouts are those of
//! `tests/digests.rs` (seeded `Game::new` and `GameRng::stream(seed, 2)`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use zhanqi_core::{Game, GameNotation, GameRng, Seat, ToAct};
use zhanqi_junqi::{Action, Junqi, JunqiOptions, Mode};

/// Positions to list actions in: (name, position string).
const POSITIONS: [(&str, &str); 8] = [
    (
        "2p opening (Ex 1)",
        "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 0",
    ),
    (
        "2p middlegame",
        "2p nMnTnMnFnC/1nP1nMnP/3nT1/nYnSnD2/2sP2/2sYnD1/nL4/3sS1/1nJsLsE1/1sD1sT1/sMsD2sL/sMsFsPsCsM s s+0n+0 - 15 120",
    ),
    (
        "4p opening (Ex 3)",
        "4p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/wMwYwTwDwEwC3eLeTeYePeEeC/wFwM1wL1wSeD1eB1eCeP/wMwEwB1wJwP3ePeJ1eBeEeM/wPwC1wB1wDeS1eL1eMeF/wCwEwPwYwTwL3eCeEeDeTeYeM/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0e+0n+0w+0 - 0 0",
    ),
    (
        "4p middlegame (Ex 4)",
        "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB3eT4eM/10sDeF/10eE3eM/5/5/sE4/5/1sM3/sMsF3 s s+0e+1n+0w+0 - 3 120",
    ),
    (
        "4p middlegame",
        "4p nMnFnMnPnM/1nTnB2/nLnEnS2/1nEnC2/5/2nC1eJ/wBwM1wC3sS2eD2eBeP/wBwEwD2wSeCeSeYeEePeM/wLwJwYwC5eL1eTeBeMeD/wFwM8eTeF/wPwM1wP1wY3nJ1sD1eMeP/5/1sPsC2/1sL3/sPsJsEsC1/sBsMsPsMsY/sYsFsDsMsE s s+0e+0n+0w+0 - 3 200",
    ),
    (
        "dark opening (Ex 5)",
        "dark ryrsrtusup/rdryudrcue/ue1re1um/rlub1ulrd/ud1uc1um/rjuprtreut/rbufrprmrf/up1uc1rl/rmub1rpuy/ue1rm1ut/rpuyreujrc/rbucumrcul s s+0n+0 - 0 0",
    ),
    (
        "dark middlegame",
        "dark uBry1uEuP/uy1uSrEue/ul1uTrC1/ryrMuTrd1/uY1ueuLrS/uF3uC/rFrErB1rt/rP1rCrLuj/rM2rpum/rMrC2um/ub1rJ2/uMudrTuDrD n s+0n+0 s=u 0 60",
    ),
    (
        "dark endgame",
        "dark 1rC3/2uYuSrC/uTrDuJ1rM/5/uMuP1uDrP/rY1uM2/1rM3/2rD1rT/2rT1uD/3uLuF/1rM3/rS1rF2 n s+0n+0 s=u 44 200",
    ),
];

/// The seat to move.
fn mover(game: &Junqi) -> Seat {
    match game.to_act() {
        ToAct::Seats(seats) => seats.lowest().expect("a seat acts"),
        other => panic!("no seat to move: {other:?}"),
    }
}

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_actions");
    for (name, text) in POSITIONS {
        let game = <Junqi as GameNotation>::load(text, None, 0)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        let seat = mover(&game);
        let mut actions: Vec<Action> = Vec::with_capacity(256);
        group.bench_function(name, |b| {
            b.iter(|| {
                actions.clear();
                black_box(&game).legal_actions(seat, &mut actions);
                actions.len()
            });
        });
    }
    group.finish();
}

/// A random playout fixed by its seed: the game once deployed, and every ply after that.
struct Playout {
    start: Junqi,
    plies: Vec<(Seat, Action)>,
}

fn record_playout(mode: Mode, seed: u64, max_plies: usize) -> Playout {
    let mut game = Junqi::new(&JunqiOptions::of_mode(mode), seed).expect("standard options");
    let mut rng = GameRng::stream(seed, 2);
    while let Some(deployment) = game.random_unlisted_action(mover(&game), &mut rng) {
        game.apply_unchecked(mover(&game), &deployment);
    }
    let start = game.clone();
    let mut plies = Vec::new();
    let mut actions = Vec::new();
    while plies.len() < max_plies && game.to_act() != ToAct::Over {
        let seat = mover(&game);
        actions.clear();
        game.legal_actions(seat, &mut actions);
        let action = actions[rng.below(actions.len())];
        game.apply_unchecked(seat, &action);
        plies.push((seat, action));
    }
    Playout { start, plies }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for (name, mode, seed) in [
        ("2p", Mode::TwoPlayer, 2),
        ("4p", Mode::FourPlayer, 102),
        ("dark", Mode::Dark, 202),
    ] {
        let playout = record_playout(mode, seed, 300);
        let mut actions: Vec<Action> = Vec::with_capacity(256);
        group.bench_function(format!("{name}, {} plies", playout.plies.len()), |b| {
            b.iter(|| {
                let mut game = playout.start.clone();
                for (seat, action) in &playout.plies {
                    actions.clear();
                    game.legal_actions(*seat, &mut actions);
                    game.apply_unchecked(*seat, black_box(action));
                }
                game
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    targets = legal_actions, playouts
}
criterion_main!(benches);
