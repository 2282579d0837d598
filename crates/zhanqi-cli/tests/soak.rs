//! Soak test of the real `zhanqi serve` process (issue 10): for a bounded time, on loopback,
//! pairs of guests play real 2p games while strangers read slowly, reconnect and flood. The
//! server's memory and open files must stay under stated bounds, the well-behaved rooms' move
//! latency under a stated (generous) bound, and every acknowledged move must be in the store.
//!
//! Each kind of client connects from an address of its own in 127.0.0.0/8 (all of it is
//! loopback on Linux), so that limits per address meet the attacker that earns them and not
//! the players. The run lasts `ZHANQI_SOAK_SECONDS` (default 60); the figures in
//! docs/benchmarks.md come from a longer run with `--nocapture`. `ZHANQI_SOAK_BINARY` runs
//! another build of `zhanqi` (a release build, an older commit's) instead of this one's.
//!
//! Attackers (the connection floods come in waves, so that a server that never lets go
//! accumulates):
//! * lobby lurkers subscribe to the lobby, then never read, while churners sit and stand in
//!   rooms of their own (every change sends each subscriber the whole lobby);
//! * room lurkers watch a played room and never read;
//! * flooders send pings as fast as a socket carries them (one never reads the answers) or
//!   junk: text that is no JSON, binary frames, unknown types, deep nesting, oversized frames;
//! * one guest opens many sockets, and several guests behind one address do too;
//! * silent TCP connections that never send a byte, and HTTP clients that send a header line
//!   every few seconds and never finish.

mod attackers;
mod client;
mod players;
mod server;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::task::JoinSet;

use crate::common::Database;
use attackers::{churn, crowd, flood, lurk_in_lobby, probe_health, silent_tcp, slow_headers};
use players::play_pair;
use server::{ServerProcess, sample, watch_server};

/// The server's resident memory may not pass this at any sample (it starts near 18 MB, and
/// peaked at 46 MB in the runs of docs/benchmarks.md).
const RSS_BOUND_MB: u64 = 150;

/// The server's open files may not pass this at any sample (peak 263 in those runs; the server
/// before the limits held over 850).
const OPEN_FILES_BOUND: u64 = 600;

/// The 99th percentile of the well-behaved rooms' move latency (a move sent until the opponent
/// has the new position) may not pass this: a bound of a server under attack on a shared
/// 2-core machine, not a measure of its speed. Runs of the fixed server measured 0.17–1.5 s
/// (the old one 3.3–7.2 s); the bound leaves room for a CI machine busy with other tests.
const LATENCY_P99_BOUND: Duration = Duration::from_secs(5);

/// How long the run lasts unless `ZHANQI_SOAK_SECONDS` says otherwise.
const DEFAULT_SECONDS: u64 = 60;

/// How long a well-behaved client waits for a frame before it counts as a stall.
const PATIENCE: Duration = Duration::from_secs(20);

/// How long the server may take to print its address, and a connection to open.
const STARTUP: Duration = Duration::from_secs(60);
const CONNECT: Duration = Duration::from_secs(10);

/// The pause of a player between receiving the position and moving.
const PACE: Duration = Duration::from_millis(60);

/// How often the attackers that accumulate open another batch.
const WAVE: Duration = Duration::from_secs(10);

/// How many moves a reconnecting pair plays between two drops.
const RECONNECT_EVERY: u64 = 12;

/// Limits this test wants smaller than their defaults, so that a bounded run meets them; each
/// is passed only if the binary offers the flag (`zhanqi serve --help`), and the summary says
/// which were.
const SMALL_LIMITS: &[(&str, &str)] = &[
    ("--header-timeout-seconds", "5"),
    ("--ws-ping-seconds", "5"),
    ("--ws-idle-seconds", "15"),
    ("--abandoned-room-minutes", "0.5"),
];

/// Who does what, and how many.
struct Plan {
    seconds: u64,
    /// Pairs of guests playing 2p games; their moves are timed.
    pairs: usize,
    /// Pairs that drop and reopen a socket every [`RECONNECT_EVERY`] moves.
    reconnecting_pairs: usize,
    lobby_lurkers: usize,
    /// Churning sockets, two per churning guest.
    churners: usize,
    ping_flooders: usize,
    junk_flooders: usize,
    /// Sockets one guest adds each wave.
    same_user_sockets: usize,
    /// Guests behind one address, each adding this many sockets each wave.
    same_address_users: usize,
    same_address_sockets: usize,
    silent_tcp: usize,
    slow_headers: usize,
}

impl Plan {
    fn from_env() -> Plan {
        let seconds = std::env::var("ZHANQI_SOAK_SECONDS")
            .ok()
            .and_then(|seconds| seconds.parse().ok())
            .unwrap_or(DEFAULT_SECONDS);
        Plan {
            seconds,
            pairs: 8,
            reconnecting_pairs: 2,
            lobby_lurkers: 30,
            churners: 6,
            ping_flooders: 2,
            junk_flooders: 2,
            same_user_sockets: 40,
            same_address_users: 10,
            same_address_sockets: 10,
            silent_tcp: 60,
            slow_headers: 30,
        }
    }
}

/// The loopback address each kind of client connects from.
#[derive(Clone, Copy)]
enum Role {
    Player = 1,
    Reconnector = 2,
    LobbyLurker = 3,
    Churner = 4,
    Flooder = 5,
    Crowd = 6,
    SilentTcp = 7,
    SlowHeader = 8,
    RoomLurker = 9,
    Prober = 10,
}

fn address(role: Role, index: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, role as u8, (index % 250) as u8 + 1))
}

/// What happened during the run.
#[derive(Default)]
struct Tally {
    latencies: Mutex<Vec<Duration>>,
    /// The slowest timed move: its latency, when it was sent (since the start) and its room.
    slowest: Mutex<(Duration, Duration, i64)>,
    /// The acknowledged moves of each game: (moves before it, action).
    acknowledged: Mutex<BTreeMap<i64, Vec<(u64, String)>>>,
    /// What went wrong for a well-behaved client (refused, cut off, stalled).
    problems: Mutex<Vec<String>>,
    games_started: AtomicU64,
    games_finished: AtomicU64,
    reconnects: AtomicU64,
    lobby_subscriptions: AtomicU64,
    room_lurkers: AtomicU64,
    lobby_changes: AtomicU64,
    flood_frames: AtomicU64,
    junk_frames: AtomicU64,
    flood_reconnects: AtomicU64,
    crowd_accepted: AtomicU64,
    crowd_refused: AtomicU64,
    attacker_refused: AtomicU64,
    silent_opened: AtomicU64,
    silent_closed: AtomicU64,
    slow_opened: AtomicU64,
    slow_closed: AtomicU64,
    health_ok: AtomicU64,
    health_failed: AtomicU64,
}

fn bump(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

fn count(counter: &AtomicU64) -> u64 {
    counter.load(Ordering::Relaxed)
}

/// The shared state of one run.
struct Run {
    server: SocketAddr,
    started: Instant,
    deadline: Instant,
    stopped: AtomicBool,
    tally: Tally,
}

impl Run {
    /// Whether the clients should go on.
    fn going(&self) -> bool {
        !self.stopped.load(Ordering::Relaxed) && Instant::now() < self.deadline
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    fn problem(&self, problem: String) {
        self.tally.problems.lock().unwrap().push(problem);
    }
}

/// Waits until the run ends, or `most` has passed.
async fn hold(run: &Run, most: Option<Duration>) {
    let until = most.map_or(run.deadline, |most| {
        (Instant::now() + most).min(run.deadline)
    });
    while run.going() && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// The `q` quantile of sorted durations.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn millis(duration: Duration) -> String {
    format!("{} ms", duration.as_millis())
}

/// Checks every acknowledged move against the stored action log: the moves that are not there
/// (or are another action).
async fn lost_moves(
    database_url: &str,
    acknowledged: &BTreeMap<i64, Vec<(u64, String)>>,
) -> Vec<String> {
    let store = zhanqi_store::Store::connect(database_url)
        .await
        .expect("the store opens after the run");
    let mut lost = Vec::new();
    for (&room, moves) in acknowledged {
        let record = match store.game_record(zhanqi_store::GameId(room)).await {
            Ok(record) => record,
            Err(error) => {
                lost.push(format!(
                    "game {room}: not stored ({error}), {} moves",
                    moves.len()
                ));
                continue;
            }
        };
        for (seq, action) in moves {
            let stored = record
                .actions
                .iter()
                .find(|stored| u64::from(stored.seq) == *seq);
            match stored {
                Some(stored) if stored.action.starts_with(action.as_str()) => {}
                other => lost.push(format!(
                    "game {room}, move {seq}: {action} acknowledged, stored {:?}",
                    other.map(|stored| &stored.action)
                )),
            }
        }
    }
    store.close().await;
    lost
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_keep_playing_while_strangers_read_slowly_reconnect_and_flood() {
    let plan = Plan::from_env();
    let database = Database::sqlite();
    let logs = tempfile::tempdir().expect("a folder for the server log");
    let mut server = ServerProcess::start(&database.url, &logs.path().join("server.log"));
    let start = Instant::now();
    let run = Arc::new(Run {
        server: server.addr,
        started: start,
        deadline: start + Duration::from_secs(plan.seconds),
        stopped: AtomicBool::new(false),
        tally: Tally::default(),
    });
    let samples = Arc::new(Mutex::new(Vec::new()));
    let watcher = tokio::spawn(watch_server(
        Arc::clone(&run),
        server.pid(),
        start,
        Arc::clone(&samples),
    ));

    let mut players = JoinSet::new();
    for index in 0..plan.pairs {
        players.spawn(play_pair(Arc::clone(&run), index, false));
    }
    for index in 0..plan.reconnecting_pairs {
        players.spawn(play_pair(Arc::clone(&run), index, true));
    }
    let attackers = Arc::new(Mutex::new(JoinSet::new()));
    {
        let spawn = |task| {
            attackers.lock().unwrap().spawn(task);
        };
        for index in 0..plan.lobby_lurkers {
            spawn(Box::pin(lurk_in_lobby(Arc::clone(&run), index))
                as std::pin::Pin<Box<dyn Future<Output = ()> + Send>>);
        }
        for index in 0..plan.churners {
            spawn(Box::pin(churn(Arc::clone(&run), index)));
        }
        for index in 0..plan.ping_flooders {
            spawn(Box::pin(flood(
                Arc::clone(&run),
                index,
                false,
                index % 2 == 0,
            )));
        }
        for index in 0..plan.junk_flooders {
            let flooder = plan.ping_flooders + index;
            spawn(Box::pin(flood(
                Arc::clone(&run),
                flooder,
                true,
                index % 2 == 0,
            )));
        }
        spawn(Box::pin(crowd(
            Arc::clone(&run),
            0,
            1,
            plan.same_user_sockets,
        )));
        spawn(Box::pin(crowd(
            Arc::clone(&run),
            1,
            plan.same_address_users,
            plan.same_address_sockets,
        )));
        spawn(Box::pin(silent_tcp(
            Arc::clone(&run),
            plan.silent_tcp,
            Arc::clone(&attackers),
        )));
        spawn(Box::pin(slow_headers(
            Arc::clone(&run),
            plan.slow_headers,
            Arc::clone(&attackers),
        )));
        spawn(Box::pin(probe_health(Arc::clone(&run))));
    }

    // The players stop at the deadline, after the move in hand.
    let finish = run.deadline + Duration::from_secs(60);
    while let Ok(Some(_)) = tokio::time::timeout_at(finish.into(), players.join_next()).await {}
    run.stop();
    players.abort_all();
    let mut attackers = std::mem::take(&mut *attackers.lock().unwrap());
    attackers.abort_all();
    while attackers.join_next().await.is_some() {}
    // What the server keeps once the attackers are gone.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let end = sample(server.pid(), start);
    let _ = watcher.await;
    server.kill();
    let elapsed = start.elapsed();

    let tally = &run.tally;
    let acknowledged = tally.acknowledged.lock().unwrap().clone();
    let lost = lost_moves(&database.url, &acknowledged).await;
    let acknowledged_count: usize = acknowledged.values().map(Vec::len).sum();
    let mut latencies = tally.latencies.lock().unwrap().clone();
    latencies.sort_unstable();
    let samples = samples.lock().unwrap().clone();
    let first = samples.first().copied();
    let peak_rss = samples.iter().map(|s| s.rss_kb).max().unwrap_or(0);
    let peak_at = samples
        .iter()
        .max_by_key(|s| s.rss_kb)
        .map_or(Duration::ZERO, |s| s.at);
    let peak_files = samples.iter().map(|s| s.open_files).max().unwrap_or(0);
    let megabytes = |kb: u64| format!("{:.1} MB", kb as f64 / 1024.0);
    let problems = tally.problems.lock().unwrap().clone();
    let p99 = quantile(&latencies, 0.99);
    let slowest = *tally.slowest.lock().unwrap();

    let rows = [
        (
            "run",
            format!(
                "{:.0} s planned {} s, {} samples",
                elapsed.as_secs_f64(),
                plan.seconds,
                samples.len()
            ),
            String::new(),
        ),
        ("limits passed", server.limits.join(", "), String::new()),
        (
            "server RSS start / peak / end",
            format!(
                "{} / {} (at {:.0} s) / {}",
                megabytes(first.map_or(0, |s| s.rss_kb)),
                megabytes(peak_rss),
                peak_at.as_secs_f64(),
                megabytes(end.map_or(0, |s| s.rss_kb)),
            ),
            format!("peak ≤ {RSS_BOUND_MB} MB"),
        ),
        (
            "server open files start / peak / end",
            format!(
                "{} / {} / {}",
                first.map_or(0, |s| s.open_files),
                peak_files,
                end.map_or(0, |s| s.open_files)
            ),
            format!("peak ≤ {OPEN_FILES_BOUND}"),
        ),
        (
            "move latency p50 / p99 / max",
            format!(
                "{} / {} / {} over {} moves (the slowest sent at {:.0} s in room {})",
                millis(quantile(&latencies, 0.5)),
                millis(p99),
                millis(latencies.last().copied().unwrap_or_default()),
                latencies.len(),
                slowest.1.as_secs_f64(),
                slowest.2
            ),
            format!("p99 ≤ {}", millis(LATENCY_P99_BOUND)),
        ),
        (
            "moves acknowledged / lost",
            format!("{acknowledged_count} / {}", lost.len()),
            "none lost".to_owned(),
        ),
        (
            "games started / finished",
            format!(
                "{} / {}",
                count(&tally.games_started),
                count(&tally.games_finished)
            ),
            String::new(),
        ),
        (
            "players (pairs, reconnecting pairs)",
            format!(
                "{} guests ({} + {} pairs), {} reconnects",
                2 * (plan.pairs + plan.reconnecting_pairs),
                plan.pairs,
                plan.reconnecting_pairs,
                count(&tally.reconnects)
            ),
            String::new(),
        ),
        (
            "lobby lurkers / subscriptions",
            format!(
                "{} / {}",
                plan.lobby_lurkers,
                count(&tally.lobby_subscriptions)
            ),
            String::new(),
        ),
        (
            "churning sockets / lobby changes",
            format!("{} / {}", plan.churners, count(&tally.lobby_changes)),
            String::new(),
        ),
        (
            "room lurkers",
            count(&tally.room_lurkers).to_string(),
            String::new(),
        ),
        (
            "ping / junk frames sent (flood sockets reopened)",
            format!(
                "{} / {} ({})",
                count(&tally.flood_frames),
                count(&tally.junk_frames),
                count(&tally.flood_reconnects)
            ),
            String::new(),
        ),
        (
            "crowd sockets accepted / refused",
            format!(
                "{} / {} (1 guest + {} every {} s; {} guests × {} behind one address)",
                count(&tally.crowd_accepted),
                count(&tally.crowd_refused),
                plan.same_user_sockets,
                WAVE.as_secs(),
                plan.same_address_users,
                plan.same_address_sockets
            ),
            String::new(),
        ),
        (
            "silent TCP opened / closed by the server",
            format!(
                "{} / {} ({} every {} s)",
                count(&tally.silent_opened),
                count(&tally.silent_closed),
                plan.silent_tcp,
                WAVE.as_secs()
            ),
            String::new(),
        ),
        (
            "slow-header HTTP opened / closed by the server",
            format!(
                "{} / {} ({} every {} s)",
                count(&tally.slow_opened),
                count(&tally.slow_closed),
                plan.slow_headers,
                WAVE.as_secs()
            ),
            String::new(),
        ),
        (
            "attacker connections or sign-ins refused",
            count(&tally.attacker_refused).to_string(),
            String::new(),
        ),
        (
            "/healthz answered / failed",
            format!(
                "{} / {}",
                count(&tally.health_ok),
                count(&tally.health_failed)
            ),
            "none failed".to_owned(),
        ),
        (
            "well-behaved clients' problems",
            problems.len().to_string(),
            "none".to_owned(),
        ),
    ];
    let mut summary = String::from("\n| soak | measured | bound |\n|---|---|---|\n");
    for (name, value, bound) in rows {
        summary.push_str(&format!("| {name} | {value} | {bound} |\n"));
    }
    println!("{summary}");

    assert!(
        problems.is_empty(),
        "well-behaved clients were refused, cut off or stalled: {problems:#?}{summary}"
    );
    assert!(
        peak_rss <= RSS_BOUND_MB * 1024,
        "the server's memory passed {RSS_BOUND_MB} MB{summary}"
    );
    assert!(
        peak_files <= OPEN_FILES_BOUND,
        "the server held more than {OPEN_FILES_BOUND} files{summary}"
    );
    assert!(
        latencies.len() >= 100,
        "too few moves were played to judge latency{summary}"
    );
    assert!(
        p99 <= LATENCY_P99_BOUND,
        "the well-behaved rooms' p99 move latency passed the bound{summary}"
    );
    assert!(
        lost.is_empty(),
        "acknowledged moves are not stored: {lost:#?}{summary}"
    );
    assert_eq!(
        count(&tally.health_failed),
        0,
        "/healthz went unanswered{summary}"
    );
}
