//! `zhanqi loadgen`: a bounded swarm of bot pairs that sign in, open rooms, get ready and play
//! real games against a running server at a person's pace, and report what a player would feel
//! (docs/benchmarks.md, "Capacity"). It only talks to loopback addresses, opens a bounded number
//! of games, and stops by itself after the ramp and the measured seconds.
//!
//! A bot whose socket drops (a node killed, or draining with close code 1012) signs in again
//! with the same session, as a browser does, and joins its game again; so does a bot whose
//! command finds its room's node gone (`room_unavailable`). The game goes on from the room as
//! the server has it; a bot that cannot get back in within 20 s counts its game lost
//! (`lost_room`). `--acks` writes every acknowledged move, to compare with the store.

mod bots;
mod figures;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;

use bots::{Acks, Plan, play_pair};
use figures::{Figures, ProcessSample, Tally};

/// Options of `zhanqi loadgen`.
#[derive(Args, Clone)]
pub struct LoadgenArgs {
    /// A server to load, `HOST:PORT` on a loopback address; give it again for several nodes of
    /// a cluster: the two bots of a game then use different nodes, in turn.
    #[arg(long = "server", value_name = "ADDR", required = true, value_parser = loopback)]
    servers: Vec<SocketAddr>,
    /// Games played at once (two bots, two sockets each game).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// The game to play (its two-seat mode below).
    #[arg(long, default_value = "junqi")]
    game: String,
    /// The mode: one whose two seats take turns.
    #[arg(long, default_value = "2p")]
    mode: String,
    /// Seconds over which the games are opened, so that sign-ins and rooms come spread out;
    /// nothing is measured meanwhile.
    #[arg(long, default_value_t = 10)]
    ramp_seconds: u64,
    /// Seconds measured after the ramp; then every bot closes its socket and the run ends.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A bot's pause before each move, in milliseconds, drawn uniformly from `MIN-MAX`.
    #[arg(long, value_name = "MIN-MAX", default_value = "1000-3000", value_parser = pace)]
    pace_ms: (u64, u64),
    /// The server's process id: its memory and CPU are read from /proc before and after.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Worker threads of the load generator (1 leaves the other cores to the server).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The seed of the bots' choices of move and pause.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the figures as JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Write every acknowledged move to this file at the end, one JSON line each (`room`,
    /// `move`: the moves before it, `action`, `at`: when its `ok` came, Unix milliseconds), to
    /// check afterwards that the store holds every one of them.
    #[arg(long, value_name = "FILE")]
    acks: Option<PathBuf>,
}

/// The most games one run may open: two sockets each, under this machine's 20,000 open files
/// per process with room to spare.
const MOST_GAMES: usize = 9_500;

/// Runs the swarm and prints its figures.
pub fn run(args: &LoadgenArgs) -> anyhow::Result<()> {
    if args.games == 0 || args.games > MOST_GAMES {
        bail!(
            "--games must be between 1 and {MOST_GAMES}, not {}",
            args.games
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads.max(1))
        .enable_all()
        .build()
        .context("the load generator's runtime")?;
    let figures = runtime.block_on(swarm(args))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&figures)?);
    } else {
        print!("{figures}");
    }
    Ok(())
}

/// Opens the games over the ramp, measures for `seconds`, then stops every bot.
async fn swarm(args: &LoadgenArgs) -> anyhow::Result<Figures> {
    let started = Instant::now();
    let ramp = Duration::from_secs(args.ramp_seconds);
    let measured = Duration::from_secs(args.seconds);
    let plan = Arc::new(Plan {
        servers: args.servers.clone(),
        game: args.game.clone(),
        mode: args.mode.clone(),
        pace_ms: args.pace_ms,
        seed: args.seed,
        // The wall clock, so that guests of a run differ from an earlier run's.
        run_tag: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
            ^ u64::from(std::process::id()),
        measure_from: started + ramp,
        stop_at: started + ramp + measured,
        tally: Tally::default(),
        acks: args.acks.is_some().then(Acks::default),
    });
    let server_before = args.server_pid.map(ProcessSample::read).transpose()?;
    let own_before = ProcessSample::read(std::process::id())?;
    let mut pairs = tokio::task::JoinSet::new();
    for index in 0..args.games {
        let plan = Arc::clone(&plan);
        let start = ramp.mul_f64(index as f64 / args.games as f64);
        pairs.spawn(async move {
            tokio::time::sleep(start).await;
            play_pair(&plan, index).await;
        });
    }
    // Samples at the start of the measured window, when every socket is open and idle.
    tokio::time::sleep_until(plan.measure_from.into()).await;
    let server_open = args.server_pid.map(ProcessSample::read).transpose()?;
    let own_open = ProcessSample::read(std::process::id())?;
    tokio::time::sleep_until(plan.stop_at.into()).await;
    let server_after = args.server_pid.map(ProcessSample::read).transpose()?;
    let own_after = ProcessSample::read(std::process::id())?;
    // Bots stop at `stop_at` by themselves; a bot stuck on a dead socket is not waited for long.
    let _ = tokio::time::timeout(Duration::from_secs(30), async {
        while pairs.join_next().await.is_some() {}
    })
    .await;
    pairs.abort_all();
    if let (Some(path), Some(acks)) = (&args.acks, &plan.acks) {
        acks.write(path).with_context(|| {
            format!(
                "could not write the acknowledged moves to {}",
                path.display()
            )
        })?;
    }
    Ok(Figures::new(
        args,
        &plan.tally,
        measured,
        [server_before, server_open, server_after],
        [own_before, own_open, own_after],
    ))
}

/// Parses `--server`: a socket address on a loopback address (the only kind a load generator
/// may aim at).
fn loopback(text: &str) -> Result<SocketAddr, String> {
    let address: SocketAddr = text
        .parse()
        .map_err(|_| format!("{text} is not an address such as 127.0.0.1:8080"))?;
    if address.ip().is_loopback() {
        Ok(address)
    } else {
        Err(format!(
            "{text} is not a loopback address: the load generator only loads this machine"
        ))
    }
}

/// Parses `--pace-ms`: `MIN-MAX` milliseconds, or one number for a fixed pause.
fn pace(text: &str) -> Result<(u64, u64), String> {
    let number = |part: &str| {
        part.trim()
            .parse::<u64>()
            .map_err(|_| format!("{text} is not a pause such as 1000-3000 (milliseconds)"))
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (number(low)?, number(high)?),
        None => (number(text)?, number(text)?),
    };
    if low > high {
        return Err(format!("{text}: the shortest pause comes first"));
    }
    Ok((low, high))
}

#[cfg(test)]
mod tests {
    use super::{loopback, pace};

    #[test]
    fn only_loopback_servers_are_loaded() {
        assert!(loopback("127.0.0.1:8080").is_ok());
        assert!(loopback("[::1]:8080").is_ok());
        assert!(
            loopback("10.0.0.1:8080")
                .unwrap_err()
                .contains("not a loopback")
        );
        assert!(
            loopback("example.com:80")
                .unwrap_err()
                .contains("not an address")
        );
    }

    #[test]
    fn paces_are_ranges_of_milliseconds() {
        assert_eq!(pace("1000-3000"), Ok((1000, 3000)));
        assert_eq!(pace("50"), Ok((50, 50)));
        assert!(pace("3000-1000").unwrap_err().contains("shortest"));
        assert!(pace("fast").is_err());
    }
}
