//! A small junqi match between two AI players, for the strength table of docs/ai.md:
//!
//! ```sh
//! cargo run --release -p zhanqi-junqi --example strength -- 2p heuristic random 100 1
//! ```
//!
//! Arguments: mode (`2p`, `4p`, `dark`), the first and second player specs, the number of
//! games and the first seed. The first player takes the even seats in even games and the odd
//! seats in odd games; game `i` is seeded with `seed + i`.

use std::time::Instant;

use zhanqi_ai::arena;
use zhanqi_core::Game;
use zhanqi_junqi::{Junqi, JunqiOptions, Mode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, first, second, games, seed] = args.as_slice() else {
        eprintln!("usage: strength MODE FIRST SECOND GAMES SEED");
        std::process::exit(2);
    };
    let Some(mode) = Mode::from_name(mode) else {
        eprintln!("unknown mode {mode}: 2p, 4p or dark");
        std::process::exit(2);
    };
    let games: u32 = games.parse().expect("GAMES is a number");
    let seed: u64 = seed.parse().expect("SEED is a number");
    let started = Instant::now();
    let tally = arena::duel(
        |seed| Junqi::new(&JunqiOptions::of_mode(mode), seed).expect("standard options"),
        first,
        second,
        games,
        seed,
    );
    println!(
        "{} {first} vs {second}: {} wins, {} losses, {} draws in {games} games ({:.1} s)",
        mode.name(),
        tally.first,
        tally.second,
        tally.draws,
        started.elapsed().as_secs_f64()
    );
}
