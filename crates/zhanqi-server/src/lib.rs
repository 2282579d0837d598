//! The zhanqi game server: `zhanqi serve`.
//!
//! axum serves the HTTP API, the WebSocket (`/ws`) and the browser client; one actor per room
//! owns its game, seats, clocks and watchers; every action is stored in `zhanqi-store` before it
//! is acknowledged, and a restarted server replays the logs of unfinished games and resumes
//! their clocks. The protocol is docs/wire-protocol.md; operating the server is docs/server.md.
//! Games are seen only through the dyn layer of `zhanqi-protocol`.

mod address;
pub mod ai_seat;
mod auth;
mod bus;
mod config;
mod connections;
mod drain;
mod error;
mod first_player;
/// The invariant of the `client_frame` fuzz target (`fuzz/`, docs/fuzzing.md).
pub mod fuzzing;
mod history;
mod http;
mod lease;
mod listener;
mod metrics;
mod outbox;
mod replay;
mod room;
mod sign_in_limits;
mod state;
mod typescript;
mod view;
mod web;
mod wire;
mod ws;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::routing::get;
use tokio::net::TcpListener;
use zhanqi_store::{Backend, Store};

pub use config::ServerConfig;
pub use error::ApiError;
pub use typescript::export_types;
pub use wire::{ClientMessage, MAX_FRAME_BYTES};

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error("cannot open the database: {0}")]
    Store(#[from] zhanqi_store::StoreError),
    /// The options do not go together.
    #[error("{0}")]
    Config(String),
    /// The NATS server of a cluster could not be reached.
    #[error("cannot reach the NATS server at {url}: {error}")]
    Nats {
        /// The server's URL.
        url: String,
        /// What failed.
        error: String,
    },
    /// Restoring the unfinished games failed.
    #[error("cannot restore the unfinished games: {0}")]
    Restore(ApiError),
    /// The address could not be bound, or serving failed.
    #[error("cannot serve on {addr}: {error}")]
    Io {
        /// The address.
        addr: SocketAddr,
        /// What failed.
        error: std::io::Error,
    },
}

/// A server bound to its address, ready to run.
pub struct Server {
    state: state::AppState,
    listener: TcpListener,
    router: Router,
    limits: listener::ListenerLimits,
    addr: SocketAddr,
    restored: usize,
}

impl Server {
    /// Opens the database, restores the unfinished rooms and binds the address.
    ///
    /// # Errors
    /// If the database cannot be opened or restored, or the address bound.
    pub async fn bind(config: ServerConfig) -> Result<Server, ServeError> {
        let store = Store::connect(&config.database_url).await?;
        let bind = config.bind;
        metrics::install();
        tokio::spawn(metrics::upkeep());
        let limits = listener::ListenerLimits::of(&config);
        let state = join_cluster(state::AppState::new(store, config)).await?;
        state.spawn_limiter_upkeep();
        let restored = room::restore_rooms(&state)
            .await
            .map_err(ServeError::Restore)?;
        let router = http::routes()
            .route("/ws", get(ws::upgrade))
            .route("/metrics", get(metrics::render))
            .fallback(web::file)
            .with_state(state.clone());
        let listener = TcpListener::bind(bind)
            .await
            .map_err(|error| ServeError::Io { addr: bind, error })?;
        let addr = listener
            .local_addr()
            .map_err(|error| ServeError::Io { addr: bind, error })?;
        Ok(Server {
            state,
            listener,
            router,
            limits,
            addr,
            restored,
        })
    }

    /// The address it listens on (with the real port when bound to port 0).
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many unfinished rooms were brought back from the store.
    #[must_use]
    pub fn restored(&self) -> usize {
        self.restored
    }

    /// Serves until `shutdown` completes, then stops accepting connections and finishes the
    /// requests in flight; a cluster node then drains: it hands its rooms to the other nodes
    /// and closes its sockets so that their clients reconnect to another node (see `drain`).
    ///
    /// # Errors
    /// None so far: a failed accept is retried, as `axum::serve` does.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        listener::serve(self.listener, self.router, self.limits, shutdown).await;
        drain::drain(&self.state).await;
        Ok(())
    }
}

/// Puts a node configured with `--nats-url` on the NATS bus; others keep the local bus.
async fn join_cluster(state: state::AppState) -> Result<state::AppState, ServeError> {
    let Some(url) = state.config.nats_url.clone() else {
        return Ok(state);
    };
    if state.store.backend() != Backend::Postgres {
        return Err(ServeError::Config(
            "--nats-url needs a PostgreSQL --database-url shared by every node; an SQLite file is one node's own".to_owned(),
        ));
    }
    let node = match &state.config.node_id {
        Some(node) => node.clone(),
        None => format!("node-{:016x}", rand::random::<u64>()),
    };
    if !bus::nats::valid_token(&node) {
        return Err(ServeError::Config(format!(
            "the node id '{node}' must be 1 to 64 letters, digits, '-' or '_'"
        )));
    }
    let prefix = state.config.nats_prefix.clone();
    if !prefix.split('.').all(bus::nats::valid_token) {
        return Err(ServeError::Config(format!(
            "the NATS prefix '{prefix}' must be dot-separated words of letters, digits, '-' or '_'"
        )));
    }
    let lease = state.config.lease_seconds;
    if !(lease.is_finite() && lease >= 0.3) {
        return Err(ServeError::Config(format!(
            "--lease-seconds must be at least 0.3, not {lease}"
        )));
    }
    let nats = bus::nats::NatsBus::connect(
        &url,
        &prefix,
        &node,
        state.store.clone(),
        Duration::from_secs_f64(lease),
        state.config.outbox_frames,
    )
    .await
    .map_err(|error| ServeError::Nats {
        url: url.clone(),
        error: error.to_string(),
    })?;
    let state = state.with_bus(Arc::clone(&nats) as Arc<dyn bus::Bus>);
    nats.start(&state).await.map_err(|error| ServeError::Nats {
        url,
        error: error.to_string(),
    })?;
    tracing::info!("node {node} joined the cluster");
    Ok(state)
}

/// Completes on Ctrl-C, or on SIGTERM on Unix.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
