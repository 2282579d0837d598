//! The `zhanqi` command: the game server (the default), the engine protocol, benchmarks,
//! self-play studies, matches, the import of other programs' records and a load generator.

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod deck;
mod loadgen;
mod matchup;
mod replay;
mod serve;
mod sim;

/// zhanqi (战棋): an engine and platform for Chinese war-strategy games.
#[derive(Parser)]
#[command(name = "zhanqi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the browser client and the game server (the default; docs/server.md).
    Serve(zhanqi_server::ServerConfig),
    /// Speak the JSON-lines engine protocol on standard input and output (docs/engine-protocol.md).
    Engine,
    /// Measure random playouts: games and plies per second on one core.
    Bench(bench::BenchArgs),
    /// Self-play study: many games in parallel, results, summary and an HTML report.
    Sim(sim::SimArgs),
    /// Two players head to head until a sequential probability ratio test decides.
    Match(matchup::MatchArgs),
    /// Work with game records.
    #[command(subcommand)]
    Replay(replay::ReplayCommand),
    /// Check and write deck files (of shengke, or of the game `--game` names).
    Deck(deck::DeckArgs),
    /// Load a running server on this machine with bot pairs playing at a person's pace, and
    /// measure round trips, memory and CPU (docs/benchmarks.md, "Capacity").
    ///
    /// A bot whose socket drops (a node killed, or a draining node's close code 1012)
    /// reconnects with the same session, trying again after 0.1 s, 0.2 s … 0.8 s, and joins its
    /// game again; so does a bot whose move is answered `room_unavailable` (its room's node
    /// stopped: another takes the room over when the lease lapses). The game goes on from the
    /// room as the server has it. A bot not back in its room within 20 s counts the game lost
    /// (`lost_room` among the errors); the figures count the comebacks and the longest time a
    /// game went without its room.
    Loadgen(loadgen::LoadgenArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Engine) => {
            zhanqi_protocol::run_engine(io::stdin().lock(), io::stdout().lock())
                .map_err(anyhow::Error::from)
        }
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Sim(args)) => sim::run(&args),
        Some(Command::Match(args)) => matchup::run(&args),
        Some(Command::Replay(command)) => replay::run(command),
        Some(Command::Deck(args)) => deck::run(args),
        Some(Command::Loadgen(args)) => loadgen::run(&args),
        Some(Command::Serve(config)) => serve::run(config),
        None => match Cli::try_parse_from(["zhanqi", "serve"]) {
            Ok(Cli {
                command: Some(Command::Serve(config)),
            }) => serve::run(config),
            _ => Err(anyhow::anyhow!("the serve defaults could not be read")),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("zhanqi: {error:#}");
            ExitCode::FAILURE
        }
    }
}
