//! `/metrics`: the server's counters in the Prometheus text format (docs/server.md, "Metrics").
//!
//! The `metrics` facade records; `metrics-exporter-prometheus` renders. Its recorder is global
//! to the process, installed by the first server started in it, so several servers in one
//! process (the cluster tests) share one set of figures; a deployed node is one process.

use std::sync::OnceLock;
use std::time::Duration;

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

const ROOMS_OPEN: &str = "zhanqi_rooms_open";
const GAMES_STARTED: &str = "zhanqi_games_started_total";
const GAMES_FINISHED: &str = "zhanqi_games_finished_total";
const CONNECTIONS_OPEN: &str = "zhanqi_connections_open";
const CONNECTIONS: &str = "zhanqi_connections_total";
const FRAMES_IN: &str = "zhanqi_ws_frames_in_total";
const FRAMES_OUT: &str = "zhanqi_ws_frames_out_total";
const ACTIONS_PLAYED: &str = "zhanqi_actions_played_total";
const ERRORS: &str = "zhanqi_errors_total";
const ACTION_STORE_SECONDS: &str = "zhanqi_action_store_seconds";
const BUS_COMMANDS: &str = "zhanqi_bus_commands_total";
const TAKEOVERS: &str = "zhanqi_room_takeovers_total";
const CONNECTIONS_REFUSED: &str = "zhanqi_connections_refused_total";
const WS_CLOSED: &str = "zhanqi_ws_closed_by_server_total";
const COMMAND_SECONDS: &str = "zhanqi_ws_command_seconds";
const LEASE_CHANGES: &str = "zhanqi_lease_changes_total";
const VISITS_AGAIN: &str = "zhanqi_visits_sent_again_total";
const DRAINING: &str = "zhanqi_draining";

/// Upper bounds of the action-store latency buckets, in seconds (SQLite with a full sync
/// takes milliseconds; anything near a second is a sick database).
const STORE_BUCKETS: [f64; 12] = [
    0.000_25, 0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0,
];

/// Upper bounds of the command buckets, in seconds: from a move answered at once to one that
/// waited for a room to move to another node.
const COMMAND_BUCKETS: [f64; 14] = [
    0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the process's recorder once; `None` if another recorder was installed first (an
/// embedding program's), in which case `/metrics` says so.
pub fn install() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(ACTION_STORE_SECONDS.into()), &STORE_BUCKETS)
                .ok()?
                .set_buckets_for_metric(Matcher::Full(COMMAND_SECONDS.into()), &COMMAND_BUCKETS)
                .ok()?;
            match builder.install_recorder() {
                Ok(handle) => {
                    describe();
                    Some(handle)
                }
                Err(error) => {
                    tracing::warn!("/metrics is off: {error}");
                    None
                }
            }
        })
        .as_ref()
}

fn describe() {
    describe_gauge!(ROOMS_OPEN, "Rooms whose actor runs on this node.");
    describe_counter!(GAMES_STARTED, "Games started on this node.");
    describe_counter!(GAMES_FINISHED, "Games finished and settled on this node.");
    describe_gauge!(CONNECTIONS_OPEN, "Open WebSocket connections.");
    describe_counter!(CONNECTIONS, "WebSocket connections opened.");
    describe_counter!(FRAMES_IN, "WebSocket text frames received from clients.");
    describe_counter!(FRAMES_OUT, "WebSocket text frames sent to clients.");
    describe_counter!(
        ACTIONS_PLAYED,
        "Actions stored and played (moves, timeouts, escapes)."
    );
    describe_counter!(ERRORS, "Errors answered to clients, by code.");
    describe_histogram!(
        ACTION_STORE_SECONDS,
        metrics::Unit::Seconds,
        "Time to append one action to the store."
    );
    describe_counter!(
        BUS_COMMANDS,
        "Room commands carried between nodes, by direction."
    );
    describe_counter!(
        TAKEOVERS,
        "Rooms this node took over from another node (whose lease lapsed, or that handed them over)."
    );
    describe_histogram!(
        COMMAND_SECONDS,
        metrics::Unit::Seconds,
        "Time from a WebSocket command's arrival to its answer, by kind (act: moves and draw or surrender offers)."
    );
    describe_counter!(
        LEASE_CHANGES,
        "Room leases claimed, released, handed to another node, received from one, or lost, by change."
    );
    describe_counter!(
        VISITS_AGAIN,
        "Visits sent again because their room was moving to another node or its new node was not answering yet."
    );
    describe_gauge!(
        DRAINING,
        "1 while this node is draining (stopping), else 0."
    );
    describe_counter!(
        CONNECTIONS_REFUSED,
        "Connections refused or served only one request, by the limit reached."
    );
    describe_counter!(
        WS_CLOSED,
        "WebSockets the server closed, by reason (too_slow, idle, signed_out)."
    );
    // Shown from the first scrape, at zero, rather than appearing when they first move.
    for name in [ROOMS_OPEN, CONNECTIONS_OPEN, DRAINING] {
        gauge!(name).increment(0.0);
    }
    for name in [
        GAMES_STARTED,
        GAMES_FINISHED,
        CONNECTIONS,
        FRAMES_IN,
        FRAMES_OUT,
        ACTIONS_PLAYED,
        TAKEOVERS,
        VISITS_AGAIN,
    ] {
        counter!(name).increment(0);
    }
}

/// Keeps the histograms' memory bounded; the exporter asks for this every few seconds when it
/// runs no HTTP listener of its own.
pub async fn upkeep() {
    let Some(handle) = install() else { return };
    let mut every = tokio::time::interval(Duration::from_secs(5));
    loop {
        every.tick().await;
        handle.run_upkeep();
    }
}

/// `GET /metrics`.
pub async fn render() -> Response {
    match install() {
        Some(handle) => (
            [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
            handle.render(),
        )
            .into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "metrics are off: another recorder was installed in this process\n",
        )
            .into_response(),
    }
}

/// Counts a room actor while it runs.
pub struct RoomOpen(());

impl RoomOpen {
    /// A room actor started.
    pub fn start() -> RoomOpen {
        gauge!(ROOMS_OPEN).increment(1.0);
        RoomOpen(())
    }
}

impl Drop for RoomOpen {
    fn drop(&mut self) {
        gauge!(ROOMS_OPEN).decrement(1.0);
    }
}

/// Counts a WebSocket connection while it is open.
pub struct ConnectionOpen(());

impl ConnectionOpen {
    /// A connection opened.
    pub fn start() -> ConnectionOpen {
        counter!(CONNECTIONS).increment(1);
        gauge!(CONNECTIONS_OPEN).increment(1.0);
        ConnectionOpen(())
    }
}

impl Drop for ConnectionOpen {
    fn drop(&mut self) {
        gauge!(CONNECTIONS_OPEN).decrement(1.0);
    }
}

/// A connection was refused, or served only one request, at a limit (`full`, `overflow`,
/// `ws_per_user`, `ws_per_address`).
pub fn connection_refused(limit: &'static str) {
    counter!(CONNECTIONS_REFUSED, "limit" => limit).increment(1);
}

/// The server closed a WebSocket for `reason`.
pub fn ws_closed(reason: &'static str) {
    counter!(WS_CLOSED, "reason" => reason).increment(1);
}

/// A game started.
pub fn game_started() {
    counter!(GAMES_STARTED).increment(1);
}

/// A game finished and was settled.
pub fn game_finished() {
    counter!(GAMES_FINISHED).increment(1);
}

/// A frame arrived from a client.
pub fn frame_in() {
    counter!(FRAMES_IN).increment(1);
}

/// A frame went to a client.
pub fn frame_out() {
    counter!(FRAMES_OUT).increment(1);
}

/// An action was stored (taking `stored_in`) and played.
pub fn action_played(stored_in: Duration) {
    histogram!(ACTION_STORE_SECONDS).record(stored_in.as_secs_f64());
    counter!(ACTIONS_PLAYED).increment(1);
}

/// An error with this code was answered.
pub fn error(code: &'static str) {
    counter!(ERRORS, "code" => code).increment(1);
}

/// A room command was sent to another node, or received from one.
pub fn bus_command(direction: &'static str) {
    counter!(BUS_COMMANDS, "direction" => direction).increment(1);
}

/// This node took over a room.
pub fn takeover() {
    counter!(TAKEOVERS).increment(1);
}

/// A WebSocket command of `kind` (`act` or `other`) was answered `taken` after it arrived.
pub fn command_answered(kind: &'static str, taken: Duration) {
    histogram!(COMMAND_SECONDS, "kind" => kind).record(taken.as_secs_f64());
}

/// A room's lease changed on this node: `claimed`, `released`, `handed_out`, `handed_in` or
/// `lost` (another node took it while this one ran the room).
pub fn lease_change(change: &'static str) {
    counter!(LEASE_CHANGES, "change" => change).increment(1);
}

/// A visit was sent again (its room was moving, or its new node not answering yet).
pub fn visit_again() {
    counter!(VISITS_AGAIN).increment(1);
}

/// This node started (or stopped) draining.
pub fn draining(on: bool) {
    gauge!(DRAINING).set(if on { 1.0 } else { 0.0 });
}
