//! What a load run counts while it runs ([`Tally`]), what it reads of a process ([`ProcessSample`]),
//! and the figures it prints ([`Figures`]).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use hdrhistogram::Histogram;
use serde::Serialize;

use super::LoadgenArgs;

/// Latencies are kept in microseconds, up to an hour, to 3 significant figures.
fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 3_600_000_000, 3).expect("valid histogram bounds")
}

/// The counts of a run, shared by every bot.
pub(super) struct Tally {
    offered: AtomicU64,
    served: AtomicU64,
    games_started: AtomicU64,
    games_finished: AtomicU64,
    setups_abandoned: AtomicU64,
    reconnects: AtomicU64,
    rejoins: AtomicU64,
    /// The longest a bot went without its room (microseconds), and the longest from a bot
    /// noticing its room was lost to being in it again.
    longest_without_room: AtomicU64,
    longest_rejoin: AtomicU64,
    round_trips: Mutex<Histogram<u64>>,
    acknowledgements: Mutex<Histogram<u64>>,
    timer_lags: Mutex<Histogram<u64>>,
    errors: Mutex<BTreeMap<&'static str, (u64, String)>>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            offered: AtomicU64::new(0),
            served: AtomicU64::new(0),
            games_started: AtomicU64::new(0),
            games_finished: AtomicU64::new(0),
            setups_abandoned: AtomicU64::new(0),
            reconnects: AtomicU64::new(0),
            rejoins: AtomicU64::new(0),
            longest_without_room: AtomicU64::new(0),
            longest_rejoin: AtomicU64::new(0),
            round_trips: Mutex::new(histogram()),
            acknowledgements: Mutex::new(histogram()),
            timer_lags: Mutex::new(histogram()),
            errors: Mutex::new(BTreeMap::new()),
        }
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros())
        .unwrap_or(u64::MAX)
        .max(1)
}

fn record(histogram: &Mutex<Histogram<u64>>, duration: Duration) {
    let mut histogram = histogram
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    histogram.saturating_record(micros(duration));
}

impl Tally {
    /// A move sent in the measured window.
    pub(super) fn offered(&self) {
        self.offered.fetch_add(1, Ordering::Relaxed);
    }

    /// A move of the measured window acknowledged, with its round trip and acknowledgement.
    pub(super) fn served(&self, round_trip: Duration, acknowledged: Duration) {
        self.served.fetch_add(1, Ordering::Relaxed);
        record(&self.round_trips, round_trip);
        record(&self.acknowledgements, acknowledged);
    }

    /// How late a bot's pause ended: the load generator's own delay.
    pub(super) fn timer_lag(&self, lag: Duration) {
        record(&self.timer_lags, lag);
    }

    pub(super) fn game_started(&self) {
        self.games_started.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn game_finished(&self) {
        self.games_finished.fetch_add(1, Ordering::Relaxed);
    }

    /// A room that had not started when a bot's socket dropped or its node stopped: the pair
    /// opened another.
    pub(super) fn setup_abandoned(&self) {
        self.setups_abandoned.fetch_add(1, Ordering::Relaxed);
    }

    /// A bot whose socket dropped opened a new one.
    pub(super) fn reconnected(&self) {
        self.reconnects.fetch_add(1, Ordering::Relaxed);
    }

    /// A bot got back into its room, `took` after it noticed it was out.
    pub(super) fn resumed(&self, took: Duration) {
        self.rejoins.fetch_add(1, Ordering::Relaxed);
        self.longest_rejoin
            .fetch_max(micros(took), Ordering::Relaxed);
    }

    /// The longest a bot's game went without a frame of its room.
    pub(super) fn without_room(&self, gap: Duration) {
        self.longest_without_room
            .fetch_max(micros(gap), Ordering::Relaxed);
    }

    /// A pair stopped by a failure of this kind; the first one's detail is kept.
    pub(super) fn error(&self, kind: &'static str, detail: &str) {
        let mut errors = self
            .errors
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let entry = errors.entry(kind).or_insert_with(|| (0, detail.to_owned()));
        entry.0 += 1;
    }
}

/// What /proc says of a process at one moment.
#[derive(Clone, Copy, Debug, Serialize)]
pub(super) struct ProcessSample {
    /// Resident memory, in bytes.
    pub(super) resident_bytes: u64,
    /// User and system CPU time so far, in seconds.
    pub(super) cpu_seconds: f64,
    /// Open file descriptors (sockets included).
    pub(super) open_files: u64,
}

/// Clock ticks per second of /proc's CPU times (`getconf CLK_TCK` is 100 on Linux).
const TICKS_PER_SECOND: f64 = 100.0;

impl ProcessSample {
    /// Reads process `pid`'s memory, CPU time and open files.
    pub(super) fn read(pid: u32) -> anyhow::Result<ProcessSample> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
            .with_context(|| format!("no process {pid} to measure (/proc/{pid}/status)"))?;
        let resident_kib = status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|value| {
                value
                    .trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
            .unwrap_or(0);
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .with_context(|| format!("/proc/{pid}/stat"))?;
        // The fields after the command name (which may hold spaces) start after its ')'.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let ticks = |index: usize| fields.get(index).and_then(|f| f.parse::<u64>().ok());
        // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the name.
        let cpu_ticks = ticks(11).unwrap_or(0) + ticks(12).unwrap_or(0);
        let open_files = std::fs::read_dir(format!("/proc/{pid}/fd"))
            .map(|entries| entries.count() as u64)
            .unwrap_or(0);
        Ok(ProcessSample {
            resident_bytes: resident_kib * 1024,
            cpu_seconds: cpu_ticks as f64 / TICKS_PER_SECOND,
            open_files,
        })
    }
}

/// Percentiles of a latency, in milliseconds.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Percentiles {
    pub(super) count: u64,
    pub(super) p50_ms: f64,
    pub(super) p99_ms: f64,
    pub(super) p999_ms: f64,
    pub(super) max_ms: f64,
}

impl Percentiles {
    fn of(histogram: &Mutex<Histogram<u64>>) -> Percentiles {
        let histogram = histogram
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let ms = |micros: u64| micros as f64 / 1000.0;
        Percentiles {
            count: histogram.len(),
            p50_ms: ms(histogram.value_at_quantile(0.5)),
            p99_ms: ms(histogram.value_at_quantile(0.99)),
            p999_ms: ms(histogram.value_at_quantile(0.999)),
            max_ms: ms(histogram.max()),
        }
    }
}

/// What a process used over the measured window.
#[derive(Clone, Debug, Serialize)]
pub(super) struct ProcessUse {
    /// Resident memory before any bot connected, with every socket open, and at the end.
    pub(super) resident_mb: [f64; 3],
    /// Open files at the same three moments.
    pub(super) open_files: [u64; 3],
    /// CPU seconds used in the measured window.
    pub(super) cpu_seconds: f64,
    /// That as a share of one core.
    pub(super) cores: f64,
}

impl ProcessUse {
    fn new(samples: [ProcessSample; 3], seconds: f64) -> ProcessUse {
        let cpu_seconds = samples[2].cpu_seconds - samples[1].cpu_seconds;
        ProcessUse {
            resident_mb: samples.map(|sample| sample.resident_bytes as f64 / 1e6),
            open_files: samples.map(|sample| sample.open_files),
            cpu_seconds,
            cores: cpu_seconds / seconds.max(f64::EPSILON),
        }
    }
}

/// The figures of a run, as printed.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Figures {
    pub(super) game: String,
    pub(super) mode: String,
    pub(super) games: usize,
    pub(super) sockets: usize,
    pub(super) servers: Vec<String>,
    pub(super) pace_ms: (u64, u64),
    pub(super) ramp_seconds: u64,
    pub(super) seconds: f64,
    pub(super) moves_offered: u64,
    pub(super) moves_served: u64,
    pub(super) offered_per_second: f64,
    pub(super) served_per_second: f64,
    /// A move sent until the opponent has the new position.
    pub(super) round_trip: Percentiles,
    /// A move sent until the mover has its `ok` (stored, then acknowledged).
    pub(super) acknowledgement: Percentiles,
    /// How late the bots' pauses ended: a large lag means the generator, not the server,
    /// was the bottleneck.
    pub(super) generator_timer_lag: Percentiles,
    pub(super) games_started: u64,
    pub(super) games_finished: u64,
    /// Rooms given up before their game started, because a bot's socket dropped or the
    /// room's node stopped during the setup; the pair opened another.
    pub(super) setups_abandoned: u64,
    /// Sockets opened again after a drop (a node killed, or draining with code 1012).
    pub(super) reconnects: u64,
    /// Times a bot joined its game again after its socket dropped or its room's node stopped.
    pub(super) rejoins: u64,
    /// The longest a bot noticing it was out of its room took to be in it again, in ms.
    pub(super) longest_rejoin_ms: f64,
    /// The longest a game went without a frame of its room for one of its bots, in ms: pauses
    /// between moves, and the time a room's node was dead until another ran it.
    pub(super) longest_without_room_ms: f64,
    /// Pairs stopped by a failure, by kind, with the first failure's detail.
    pub(super) errors: BTreeMap<&'static str, (u64, String)>,
    pub(super) server: Option<ServerUse>,
    pub(super) generator: ProcessUse,
}

/// The server's use of memory and CPU, and what it comes to per socket and per move.
#[derive(Clone, Debug, Serialize)]
pub(super) struct ServerUse {
    #[serde(flatten)]
    pub(super) process: ProcessUse,
    /// Resident memory added by the open sockets, per socket, in KB.
    pub(super) kb_per_socket: f64,
    /// CPU per move served, in milliseconds.
    pub(super) cpu_ms_per_move: f64,
}

impl Figures {
    pub(super) fn new(
        args: &LoadgenArgs,
        tally: &Tally,
        measured: Duration,
        server: [Option<ProcessSample>; 3],
        generator: [ProcessSample; 3],
    ) -> Figures {
        let seconds = measured.as_secs_f64();
        let offered = tally.offered.load(Ordering::Relaxed);
        let served = tally.served.load(Ordering::Relaxed);
        let sockets = 2 * args.games;
        let server = match server {
            [Some(before), Some(open), Some(after)] => {
                let process = ProcessUse::new([before, open, after], seconds);
                let added = open.resident_bytes.saturating_sub(before.resident_bytes);
                Some(ServerUse {
                    kb_per_socket: added as f64 / 1000.0 / sockets as f64,
                    cpu_ms_per_move: 1000.0 * process.cpu_seconds / served.max(1) as f64,
                    process,
                })
            }
            _ => None,
        };
        Figures {
            game: args.game.clone(),
            mode: args.mode.clone(),
            games: args.games,
            sockets,
            servers: args.servers.iter().map(ToString::to_string).collect(),
            pace_ms: args.pace_ms,
            ramp_seconds: args.ramp_seconds,
            seconds,
            moves_offered: offered,
            moves_served: served,
            offered_per_second: offered as f64 / seconds,
            served_per_second: served as f64 / seconds,
            round_trip: Percentiles::of(&tally.round_trips),
            acknowledgement: Percentiles::of(&tally.acknowledgements),
            generator_timer_lag: Percentiles::of(&tally.timer_lags),
            games_started: tally.games_started.load(Ordering::Relaxed),
            games_finished: tally.games_finished.load(Ordering::Relaxed),
            setups_abandoned: tally.setups_abandoned.load(Ordering::Relaxed),
            reconnects: tally.reconnects.load(Ordering::Relaxed),
            rejoins: tally.rejoins.load(Ordering::Relaxed),
            longest_rejoin_ms: tally.longest_rejoin.load(Ordering::Relaxed) as f64 / 1000.0,
            longest_without_room_ms: tally.longest_without_room.load(Ordering::Relaxed) as f64
                / 1000.0,
            errors: tally
                .errors
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone(),
            server,
            generator: ProcessUse::new(generator, seconds),
        }
    }
}

impl fmt::Display for Percentiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms ({} moves)",
            self.p50_ms, self.p99_ms, self.p999_ms, self.max_ms, self.count
        )
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "zhanqi loadgen: {} {}, {} games ({} sockets) on {}, a move every {}-{} ms a bot, \
             {:.0} s measured after a {} s ramp",
            self.game,
            self.mode,
            self.games,
            self.sockets,
            self.servers.join(", "),
            self.pace_ms.0,
            self.pace_ms.1,
            self.seconds,
            self.ramp_seconds
        )?;
        writeln!(
            f,
            "moves: {} offered ({:.1}/s), {} served ({:.1}/s)",
            self.moves_offered, self.offered_per_second, self.moves_served, self.served_per_second
        )?;
        writeln!(
            f,
            "round trip (sent → the opponent has it): {}",
            self.round_trip
        )?;
        writeln!(f, "acknowledgement (sent → ok): {}", self.acknowledgement)?;
        writeln!(
            f,
            "games: {} started, {} finished",
            self.games_started, self.games_finished
        )?;
        if self.reconnects > 0 || self.rejoins > 0 || self.setups_abandoned > 0 {
            writeln!(
                f,
                "comebacks: {} sockets reopened, {} games joined again (the longest after {:.0} ms), \
                 {} rooms given up in setup; the longest a game went without its room: {:.0} ms",
                self.reconnects,
                self.rejoins,
                self.longest_rejoin_ms,
                self.setups_abandoned,
                self.longest_without_room_ms
            )?;
        }
        if self.errors.is_empty() {
            writeln!(f, "errors: none")?;
        } else {
            for (kind, (count, first)) in &self.errors {
                writeln!(
                    f,
                    "errors: {count} pairs stopped by {kind} (first: {first})"
                )?;
            }
        }
        if let Some(server) = &self.server {
            let [before, open, after] = server.process.resident_mb;
            writeln!(
                f,
                "server: memory {before:.1} MB before, {open:.1} MB with every socket open \
                 ({:.1} KB a socket), {after:.1} MB at the end; CPU {:.2} s = {:.2} cores, \
                 {:.3} ms a move served",
                server.kb_per_socket,
                server.process.cpu_seconds,
                server.process.cores,
                server.cpu_ms_per_move
            )?;
        }
        writeln!(
            f,
            "load generator: CPU {:.2} s = {:.2} cores; its timers ran late by {}",
            self.generator.cpu_seconds, self.generator.cores, self.generator_timer_lag
        )
    }
}
