//! `zhanqi match`: two players head to head until an SPRT decides (docs/sim.md).

use anyhow::Context;
use clap::Args;
use zhanqi_ai::{AiGame, PlayerSpec};
use zhanqi_core::GameNotation;
use zhanqi_protocol::{GameVisitor, RegisteredGame, visit};
use zhanqi_sim::stats::SprtParameters;
use zhanqi_sim::{Entrant, Match, ProgressMode, run_match};

use crate::sim::{parse_options, threads};

/// Options of `zhanqi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game, by its name in the engine protocol (`zhanqi engine`'s `games` lists them).
    game: String,
    /// Player A, whose advantage over B is tested (`ismcts:ms=200`).
    a: String,
    /// Player B (`random`).
    b: String,
    /// The mode (as the game names it); the game's first mode by default.
    #[arg(long)]
    mode: Option<String>,
    /// Game options as a JSON object, or a file holding one, merged over the mode's defaults
    /// (e.g. `'{"first_player_bonus":0}'` for shengke); kept in the results.
    #[arg(long, value_name = "JSON|FILE", value_parser = parse_options)]
    options: Option<serde_json::Value>,
    /// Games after which the match stops undecided (rounded up to whole pairs).
    #[arg(long, default_value_t = 10_000)]
    max_games: u64,
    /// H0: A is elo0 logistic Elo stronger than B.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    elo0: f64,
    /// H1: A is elo1 logistic Elo stronger than B.
    #[arg(long, default_value_t = 10.0, allow_negative_numbers = true)]
    elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Worker threads (game pairs played at once); all cores by default.
    #[arg(long)]
    threads: Option<usize>,
    /// The match seed: with the pair index it decides every game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Listed moves after which a game is stopped and counted as a draw.
    #[arg(long, default_value_t = 100_000)]
    max_plies: u64,
    /// Print the result as JSON (and no progress).
    #[arg(long)]
    json: bool,
}

/// Runs a match in the named game.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    visit(&args.game, HeadToHead(args))?
}

/// The match in the game found by name.
struct HeadToHead<'a>(&'a MatchArgs);

impl GameVisitor for HeadToHead<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: RegisteredGame>(self) -> anyhow::Result<()> {
        head_to_head::<G>(self.0)
    }
}

fn head_to_head<G: AiGame + GameNotation>(args: &MatchArgs) -> anyhow::Result<()> {
    let a: PlayerSpec = args.a.parse()?;
    let b: PlayerSpec = args.b.parse()?;
    let settings = Match::<G> {
        mode: args.mode.clone(),
        options: args.options.clone(),
        a: Entrant::from_spec(&a),
        b: Entrant::from_spec(&b),
        max_games: args.max_games,
        sprt: SprtParameters {
            elo0: args.elo0,
            elo1: args.elo1,
            alpha: args.alpha,
            beta: args.beta,
        },
        seed: args.seed,
        max_plies: args.max_plies,
        threads: threads(args.threads),
        progress: if args.json {
            ProgressMode::Hidden
        } else {
            ProgressMode::Auto
        },
    };
    let report = run_match(&settings).context("the match stopped")?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("{}", report.describe());
    }
    Ok(())
}
