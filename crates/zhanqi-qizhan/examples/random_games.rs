//! Plays uniform-random games with the standard decks and reports games per second:
//! `cargo run --release -p zhanqi-qizhan --example random_games -- 20000`.

use std::time::Instant;

use zhanqi_core::{Game, GameRng, ToAct};
use zhanqi_qizhan::{Action, Qizhan, QizhanOptions};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let options = QizhanOptions::default();
    let mut actions: Vec<Action> = Vec::with_capacity(256);
    let mut plies = 0u64;
    let start = Instant::now();
    for seed in 0..games {
        let mut game = Qizhan::new(&options, seed).expect("standard options");
        let mut rng = GameRng::stream(seed, 2);
        loop {
            match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    game.roll().expect("a roll at a chance node");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().expect("a seat acts");
                    actions.clear();
                    game.legal_actions(seat, &mut actions);
                    let action = actions[rng.below(actions.len())];
                    game.apply_unchecked(seat, &action);
                    plies += 1;
                }
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {:.0} games/s, {:.0} ns/ply",
        games as f64 / seconds,
        seconds * 1e9 / plies as f64
    );
}
