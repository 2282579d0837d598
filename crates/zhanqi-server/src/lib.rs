//! The zhanqi game server: `zhanqi serve`.
//!
//! axum serves the HTTP API, the WebSocket (`/ws`) and the browser client; one actor per room
//! owns its game, seats, clocks and watchers; every action is stored in `zhanqi-store` before it
//! is acknowledged, and a restarted server replays the logs of unfinished games and resumes
//! their clocks. The protocol is docs/wire-protocol.md; operating the server is docs/server.md.
//! Games are seen only through the dyn layer of `zhanqi-protocol`.

mod auth;
mod config;
mod error;
mod http;
mod replay;
mod room;
mod state;
mod view;
mod web;
mod wire;
mod ws;

use std::future::Future;
use std::net::SocketAddr;

use axum::Router;
use axum::routing::get;
use tokio::net::TcpListener;
use zhanqi_store::Store;

pub use config::ServerConfig;
pub use error::ApiError;
pub use wire::{ClientMessage, MAX_FRAME_BYTES};

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error("cannot open the database: {0}")]
    Store(#[from] zhanqi_store::StoreError),
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
    listener: TcpListener,
    router: Router,
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
        let state = state::AppState::new(store, config);
        let restored = room::restore_rooms(&state)
            .await
            .map_err(ServeError::Restore)?;
        let router = http::routes()
            .route("/ws", get(ws::upgrade))
            .fallback(web::file)
            .with_state(state);
        let listener = TcpListener::bind(bind)
            .await
            .map_err(|error| ServeError::Io { addr: bind, error })?;
        let addr = listener
            .local_addr()
            .map_err(|error| ServeError::Io { addr: bind, error })?;
        Ok(Server {
            listener,
            router,
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

    /// Serves until `shutdown` completes, then finishes the requests in flight.
    ///
    /// # Errors
    /// If serving fails.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let addr = self.addr;
        axum::serve(
            self.listener,
            self.router
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown)
        .await
        .map_err(|error| ServeError::Io { addr, error })
    }
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
