//! `zhanqi bench`: uniform-random playouts on one core, timed.
//!
//! Each ply lists the full set of legal actions of the seat to act and applies one chosen
//! uniformly at random (the unchecked, event-free path search and simulation use). Hidden
//! deployments are drawn at random and are not counted as plies.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;
use zhanqi_core::{Game, GameNotation, GameRng, ToAct};
use zhanqi_protocol::{GameVisitor, RegisteredGame, visit};

/// Options of `zhanqi bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// The game, by its name in the engine protocol (`zhanqi engine`'s `games` lists them).
    game: String,
    /// The mode (as the game names it); the game's first mode by default.
    #[arg(long)]
    mode: Option<String>,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Play exactly this many games instead of playing for `--seconds` (for repeatable
    /// instruction counts, e.g. under `valgrind --tool=callgrind`).
    #[arg(long)]
    games: Option<u64>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game is abandoned (guards against endless games).
    #[arg(long, default_value_t = 100_000)]
    max_plies: u64,
}

/// What a benchmark measured.
pub struct Figures {
    /// Games played to the end (or to the ply limit).
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Legal actions listed, over all plies.
    pub listed: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Runs the benchmark.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let figures = visit(&args.game, Bench(args))??;
    let seconds = figures.elapsed.as_secs_f64();
    println!(
        "{} {}: {} games, {} plies in {:.2} s: {:.0} games/s, {:.0} plies/s, {:.1} plies/game, {:.1} legal actions/ply",
        args.game,
        args.mode.as_deref().unwrap_or("default"),
        figures.games,
        figures.plies,
        seconds,
        figures.games as f64 / seconds,
        figures.plies as f64 / seconds,
        figures.plies as f64 / figures.games.max(1) as f64,
        figures.listed as f64 / figures.plies.max(1) as f64,
    );
    Ok(())
}

/// The benchmark of the game found by name.
struct Bench<'a>(&'a BenchArgs);

impl GameVisitor for Bench<'_> {
    type Output = anyhow::Result<Figures>;

    fn visit<G: RegisteredGame>(self) -> anyhow::Result<Figures> {
        bench::<G>(self.0)
    }
}

fn bench<G: GameNotation>(args: &BenchArgs) -> anyhow::Result<Figures> {
    let options = G::options_for(args.mode.as_deref(), None).context("bad mode")?;
    let budget = Duration::from_secs_f64(args.seconds.max(0.0));
    let mut actions = Vec::with_capacity(256);
    let (mut games, mut plies, mut listed) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let more = |games: u64| match args.games {
        Some(limit) => games < limit,
        None => start.elapsed() < budget,
    };
    while more(games) {
        let seed = args.seed + games;
        let (game_plies, game_listed) = playout::<G>(&options, seed, args.max_plies, &mut actions)?;
        plies += game_plies;
        listed += game_listed;
        games += 1;
    }
    Ok(Figures {
        games,
        plies,
        listed,
        elapsed: start.elapsed(),
    })
}

/// Plays one uniform-random game; returns its plies and the legal actions listed.
pub fn playout<G: Game>(
    options: &G::Options,
    seed: u64,
    max_plies: u64,
    actions: &mut Vec<G::Action>,
) -> anyhow::Result<(u64, u64)> {
    let mut game = G::new(options, seed).map_err(|error| anyhow::anyhow!("{error}"))?;
    let mut rng = GameRng::stream(seed, 2);
    let (mut plies, mut listed) = (0, 0);
    while plies < max_plies {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.roll().map_err(|error| anyhow::anyhow!("{error}"))?;
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().context("a seat must act")?;
                if let Some(choice) = game.random_unlisted_action(seat, &mut rng) {
                    game.apply_unchecked(seat, &choice);
                    continue;
                }
                actions.clear();
                game.legal_actions(seat, actions);
                if actions.is_empty() {
                    bail!(
                        "seat {} must act but has no legal action (seed {seed})",
                        seat.index()
                    );
                }
                listed += actions.len() as u64;
                let action = &actions[rng.below(actions.len())];
                game.apply_unchecked(seat, action);
                plies += 1;
            }
        }
    }
    Ok((plies, listed))
}
