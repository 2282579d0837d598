//! Beliefs learned from real QQ games (`src/belief.rs`): fitting them, measuring them, timing
//! the deal that uses them.
//!
//! ```text
//! # Learn the tables from the training records (shared/data/qq-jgs-train) and write
//! # crates/zhanqi-junqi/data/deployment-priors.txt:
//! cargo run --release -p zhanqi-junqi --example beliefs -- fit
//! # The log-likelihood and top-1 accuracy of every hidden piece's true identity, at every
//! # move of the held-out records (shared/data/qq-jgs), for each way of dealing:
//! cargo run --release -p zhanqi-junqi --example beliefs -- measure [--samples 16] [--every 1] [--files 300]
//! # The cost of one determinization, uniform against beliefs, timed in alternating rounds;
//! # `--dealing uniform` or `--dealing belief` times one alone (for `perf stat`, with
//! # `--rounds 0` to count the setup):
//! cargo run --release -p zhanqi-junqi --example beliefs -- cost [--rounds 5] [--dealing both]
//! # ISMCTS dealing by beliefs against ISMCTS dealing uniformly, head to head (the first
//! # player takes the even seats, a team in 4p, in even games; game i is seeded seed + i):
//! cargo run --release -p zhanqi-junqi --example beliefs -- duel --mode 4p --player ismcts:iters=1000 --games 100 --seed 1
//! # The same from the real deployments of the held-out 4p records (game seeds 2k + 1 and
//! # 2k + 2 start from record k, each side playing each team once; give an odd seed):
//! cargo run --release -p zhanqi-junqi --example beliefs -- duel --real --player ismcts:iters=1000 --games 100 --seed 1
//! ```
//!
//! The corpus folders default to `shared/data/` beside the repository; `--train DIR` and
//! `--held-out DIR` name others.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use zhanqi_ai::arena;
use zhanqi_core::{Game, GameRng, Seat, ToAct};
use zhanqi_junqi::belief::PriorCounts;
use zhanqi_junqi::jgs::{self, JgsGame};
use zhanqi_junqi::{Dealing, Deployment, Junqi, JunqiOptions, Mode};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data");
const PRIORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/deployment-priors.txt");
const DEALINGS: [Dealing; 3] = [Dealing::Uniform, Dealing::Prior, Dealing::Belief];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str, default: &str| -> String {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|at| args.get(at + 1))
            .cloned()
            .unwrap_or_else(|| default.to_string())
    };
    let number = |name: &str, default: usize| -> usize {
        option(name, &default.to_string())
            .parse()
            .unwrap_or_else(|_| panic!("{name} takes a number"))
    };
    let train = PathBuf::from(option("--train", &format!("{SHARED}/qq-jgs-train")));
    let held_out = PathBuf::from(option("--held-out", &format!("{SHARED}/qq-jgs")));
    match args.first().map(String::as_str) {
        Some("fit") => fit(&train),
        Some("measure") => measure(
            &held_out,
            number("--samples", 16),
            number("--every", 1),
            number("--files", usize::MAX),
        ),
        Some("cost") => cost(
            &held_out,
            number("--rounds", 5),
            &option("--dealing", "both"),
        ),
        Some("duel") if args.iter().any(|arg| arg == "--real") => duel_from_real_deployments(
            &held_out,
            &option("--player", "ismcts:iters=1000"),
            number("--games", 100),
            number("--seed", 1) as u64,
        ),
        Some("duel") => duel(
            &option("--mode", "4p"),
            &option("--player", "ismcts:iters=1000"),
            number("--games", 100),
            number("--seed", 1) as u64,
        ),
        _ => eprintln!(
            "usage: beliefs fit | measure [--samples N] [--every K] [--files N] | cost | duel [--mode M] [--player SPEC] [--games N] [--seed S]"
        ),
    }
}

/// Every `.jgs` record of `dir`, parsed, in file-name order.
fn records(dir: &Path) -> Vec<(String, JgsGame)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jgs"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).ok()?;
            match jgs::parse(&bytes) {
                Ok(record) => Some((name, record)),
                Err(error) => {
                    eprintln!("{name}: skipped: {error}");
                    None
                }
            }
        })
        .collect()
}

fn fit(train: &Path) {
    let records = records(train);
    let mut counts = PriorCounts::default();
    let (mut moves, mut failed) = (0usize, 0usize);
    for (name, record) in &records {
        for player in &record.players {
            match Deployment::parse(&player.deployment).map(Deployment::validate) {
                Ok(Ok(deployment)) => counts.add_deployment(&deployment),
                _ => eprintln!("{name}: seat {} deployment skipped", player.seat),
            }
        }
        let replayed = jgs::replay_observed(record, |game| {
            moves += 1;
            counts.add_position(game);
        });
        if let Err(error) = replayed {
            failed += 1;
            eprintln!("{name}: replay stopped: {error}");
        }
    }
    std::fs::write(PRIORS, counts.to_text()).expect("the priors file is writable");
    println!(
        "{} records ({failed} stopped early), {} deployments, {moves} positions: wrote {PRIORS}",
        records.len(),
        counts.deployments
    );
}

/// Totals of one way of dealing over the measured pieces.
#[derive(Default, Clone, Copy)]
struct Score {
    pieces: usize,
    log_likelihood: f64,
    top1: usize,
}

impl Score {
    fn add(&mut self, probability: f64, top1: bool) {
        self.pieces += 1;
        self.log_likelihood += probability.max(1e-12).ln();
        self.top1 += usize::from(top1);
    }
}

/// The phase of a measured position, for the table's rows (numbered to sort in order).
fn phase_name(moves: u32) -> (u8, &'static str) {
    match moves {
        0..50 => (0, "moves 0-49"),
        50..150 => (1, "moves 50-149"),
        _ => (2, "moves 150+"),
    }
}

fn measure(held_out: &Path, samples: usize, every: usize, files: usize) {
    let records = records(held_out);
    let started = Instant::now();
    let mut scores: BTreeMap<(u8, &str), [Score; 3]> = BTreeMap::new();
    let (mut games, mut positions) = (0usize, 0usize);
    for (index, (name, record)) in records.iter().enumerate().take(files) {
        games += 1;
        let mut at = 0usize;
        let replayed = jgs::replay_observed(record, |game| {
            at += 1;
            if at % every != 0 {
                return;
            }
            positions += 1;
            let seed = (index as u64) << 20 | at as u64;
            let row = phase_name(game.position().moves);
            score_position(game, samples, seed, scores.entry(row).or_default());
        });
        if let Err(error) = replayed {
            eprintln!("{name}: replay stopped: {error}");
        }
    }
    let mut all = [Score::default(); 3];
    for row in scores.values() {
        for (total, score) in all.iter_mut().zip(row) {
            total.pieces += score.pieces;
            total.log_likelihood += score.log_likelihood;
            total.top1 += score.top1;
        }
    }
    println!(
        "{games} held-out records, {positions} positions, {} (observer, hidden piece) pairs, {samples} deals each, {:.0} s",
        all[0].pieces,
        started.elapsed().as_secs_f64()
    );
    println!("| positions | pieces | dealing | mean log-likelihood | perplexity | top-1 |");
    println!("|---|---:|---|---:|---:|---:|");
    let rows = scores.iter().map(|((_, row), scores)| (*row, scores));
    for (row, row_scores) in rows.chain([("all", &all)]) {
        for (dealing, score) in DEALINGS.iter().zip(row_scores) {
            let mean = score.log_likelihood / score.pieces.max(1) as f64;
            println!(
                "| {row} | {} | {dealing:?} | {mean:.3} | {:.2} | {:.1} % |",
                score.pieces,
                (-mean).exp(),
                100.0 * score.top1 as f64 / score.pieces.max(1) as f64
            );
        }
    }
}

/// Scores every way of dealing on one position: for every active seat, every piece it cannot
/// see.
fn score_position(game: &Junqi, samples: usize, seed: u64, scores: &mut [Score; 3]) {
    for observer in game.position().active().iter() {
        for (dealing, score) in DEALINGS.iter().zip(scores.iter_mut()) {
            let mut rng = GameRng::stream(seed, observer.index() as u64);
            for belief in game.beliefs(observer, *dealing, samples, &mut rng) {
                let truth = game
                    .position()
                    .cell(belief.post)
                    .kind()
                    .expect("a replayed game knows every identity");
                score.add(belief.probability(truth), belief.most_likely() == truth);
            }
        }
    }
}

/// Positions for timing: every tenth move of the first 30 held-out records.
fn timing_positions(held_out: &Path) -> Vec<(Junqi, Seat)> {
    let mut positions = Vec::new();
    for (_, record) in records(held_out).iter().take(30) {
        let mut at = 0;
        let _ = jgs::replay_observed(record, |game| {
            at += 1;
            if at % 10 == 0 {
                if let ToAct::Seats(seats) = game.to_act() {
                    if let Some(observer) = seats.iter().next() {
                        positions.push((game.clone(), observer));
                    }
                }
            }
        });
    }
    positions
}

fn cost(held_out: &Path, rounds: usize, only: &str) {
    let positions = timing_positions(held_out);
    let timed = |dealing: Dealing| only == "both" || only == format!("{dealing:?}").to_lowercase();
    let deals = 20;
    let mut totals = [0.0f64; 2];
    let mut rng = GameRng::from_seed(1);
    for round in 0..rounds {
        // Alternate which goes first, so that neither always runs on a warmer machine.
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for which in order {
            let dealing = [Dealing::Uniform, Dealing::Belief][which];
            if !timed(dealing) {
                continue;
            }
            let started = Instant::now();
            for (game, observer) in &positions {
                for _ in 0..deals {
                    std::hint::black_box(game.determinized_by(*observer, dealing, &mut rng));
                }
            }
            totals[which] += started.elapsed().as_secs_f64();
        }
    }
    let count = (rounds * positions.len() * deals) as f64;
    let [uniform, belief] = totals.map(|total| total / count * 1e6);
    println!(
        "{} positions × {deals} deals × {rounds} rounds: uniform {uniform:.2} µs, beliefs {belief:.2} µs a determinization ({:.2}×)",
        positions.len(),
        belief / uniform
    );
}

/// Makes `game` deal as `arena::duel` seats the players of game `index`: the first player
/// (beliefs) on the even seats in even games, the second (uniform) on the others.
fn seat_dealings(mut game: Junqi, index: u64) -> Junqi {
    let swapped = index % 2 == 1;
    for seat in game.seats().iter() {
        let first = (seat.index() % 2 == 1) == swapped;
        let dealing = if first {
            Dealing::Belief
        } else {
            Dealing::Uniform
        };
        game.set_dealing(seat, dealing);
    }
    game
}

/// The same player twice, the first dealing by beliefs and the second uniformly, head to head.
fn duel(mode: &str, player: &str, games: usize, seed: u64) {
    let mode = Mode::from_name(mode).expect("a mode: 2p or 4p");
    let make_game = |game_seed: u64| {
        let game = Junqi::new(&JunqiOptions::of_mode(mode), game_seed).expect("standard options");
        seat_dealings(game, game_seed - seed)
    };
    report_duel(mode.name(), player, games, seed, make_game);
}

/// [`duel`] from the deployments of real 4p games: each record's position before its first
/// move, played once from each side, under the rules of junqi.md (`jgs::starting_game`; the
/// replay's QQ rules would leave a seat with no legal move to act).
fn duel_from_real_deployments(held_out: &Path, player: &str, games: usize, seed: u64) {
    let records: Vec<JgsGame> = records(held_out)
        .into_iter()
        .map(|(_, record)| record)
        .filter(|record| !record.is_two_player() && jgs::starting_game(record, 0).is_ok())
        .collect();
    let make_game = |game_seed: u64| {
        // Game seeds 2k + 1 and 2k + 2 start from record k: with an odd seed, a pair of games.
        let record = &records[((game_seed - 1) / 2) as usize % records.len()];
        let start = jgs::starting_game(record, game_seed).expect("checked above");
        seat_dealings(start, game_seed - seed)
    };
    report_duel("4p, real deployments,", player, games, seed, make_game);
}

/// Plays the duel and prints its tally.
fn report_duel(
    what: &str,
    player: &str,
    games: usize,
    seed: u64,
    make_game: impl Fn(u64) -> Junqi,
) {
    let started = Instant::now();
    let tally = arena::duel(make_game, player, player, games as u32, seed);
    let decided = f64::from(tally.first + tally.second).max(1.0);
    println!(
        "{what} {player}, beliefs vs uniform: {} wins, {} losses, {} draws in {games} games; score {:.1} %, {:.1} % of decided games ({:.0} s)",
        tally.first,
        tally.second,
        tally.draws,
        100.0 * (f64::from(tally.first) + 0.5 * f64::from(tally.draws)) / games as f64,
        100.0 * f64::from(tally.first) / decided,
        started.elapsed().as_secs_f64()
    );
}
