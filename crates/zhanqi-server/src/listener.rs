//! Accepting connections: each TCP connection counts against `--max-connections` for as long
//! as its socket is open (an upgraded WebSocket too), request headers must arrive within
//! `--header-timeout-seconds`, and stopping finishes the requests in flight.
//!
//! Past `--max-connections`, a few more connections ([`OVERFLOW_CONNECTIONS`]) are still
//! served one request each, without keep-alive and without WebSocket upgrades, so that
//! `/healthz` and quick API calls keep answering while the server is full; beyond those, a new
//! connection is closed as soon as it is accepted. The total stays below the process's file
//! limit, which the cap is lowered to fit if needed.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::serve::Listener;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::config::ServerConfig;
use crate::metrics;

/// Connections served one request each when the server is full (see the module's doc).
pub const OVERFLOW_CONNECTIONS: usize = 16;

/// Files kept free for the database, NATS, the web folder and the listener itself.
const RESERVED_FILES: usize = 64;

/// Marks a request that came on an overflow connection: it may not open a WebSocket.
#[derive(Clone, Copy, Debug)]
pub struct Overflowing;

/// How the listener treats connections.
#[derive(Clone, Copy, Debug)]
pub struct ListenerLimits {
    /// Connections served fully at once.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
}

impl ListenerLimits {
    /// The limits `config` asks for, the connection cap lowered to fit the file limit.
    #[must_use]
    pub fn of(config: &ServerConfig) -> ListenerLimits {
        let wanted = config.max_connections.max(1);
        let max_connections = match open_file_limit() {
            Some(files) => {
                let fits = files
                    .saturating_sub(RESERVED_FILES + OVERFLOW_CONNECTIONS)
                    .max(1);
                if fits < wanted {
                    tracing::warn!(
                        "--max-connections {wanted} lowered to {fits} to stay below the limit of {files} open files"
                    );
                }
                wanted.min(fits)
            }
            None => wanted,
        };
        ListenerLimits {
            max_connections,
            header_timeout: Duration::from_secs_f64(config.header_timeout_seconds.max(0.001)),
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes, then closes the listener and waits
/// for the requests in flight (upgraded WebSockets are not waited for).
pub async fn serve(
    mut listener: TcpListener,
    router: Router,
    limits: ListenerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let full = Arc::new(Semaphore::new(limits.max_connections));
    let overflow = Arc::new(Semaphore::new(OVERFLOW_CONNECTIONS));
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        tokio::select! {
            () = &mut shutdown => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            (stream, peer) = Listener::accept(&mut listener) => {
                let (permit, overflowing) = match Arc::clone(&full).try_acquire_owned() {
                    Ok(permit) => (permit, false),
                    Err(_) => match Arc::clone(&overflow).try_acquire_owned() {
                        Ok(permit) => (permit, true),
                        Err(_) => {
                            metrics::connection_refused("full");
                            drop(stream);
                            continue;
                        }
                    },
                };
                if overflowing {
                    metrics::connection_refused("overflow");
                }
                let stream = Counted { stream, _permit: permit };
                connections.spawn(serve_connection(
                    stream,
                    peer,
                    overflowing,
                    router.clone(),
                    limits.header_timeout,
                    stopping.clone(),
                ));
            }
        }
    }
    // Closed at once, so that new connections are refused (a proxy tries another node)
    // rather than left waiting in the backlog.
    drop(listener);
    let _ = stop.send(true);
    while connections.join_next().await.is_some() {}
}

async fn serve_connection(
    stream: Counted,
    peer: SocketAddr,
    overflowing: bool,
    router: Router,
    header_timeout: Duration,
    mut stopping: watch::Receiver<bool>,
) {
    let _ = stream.stream.set_nodelay(true);
    let service = service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        if overflowing {
            request.extensions_mut().insert(Overflowing);
        }
        let answer: Pin<Box<dyn Future<Output = Result<_, Infallible>> + Send>> =
            Box::pin(router.clone().oneshot(request));
        answer
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(!overflowing);
    let mut connection = pin!(
        builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades()
    );
    tokio::select! {
        result = connection.as_mut() => {
            if let Err(error) = result {
                tracing::debug!("connection from {peer} ended: {error}");
            }
        }
        () = async { let _ = stopping.wait_for(|stop| *stop).await; } => {
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        }
    }
}

/// The soft limit of open files of this process, where the system tells it (Linux).
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A TCP connection holding its place under the connection caps until it is closed.
struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(context, buffer)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(context, buffer)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffers: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(context, buffers)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(context)
    }

    fn poll_shutdown(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(context)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_file_limit_is_read_where_the_system_tells_it() {
        if std::path::Path::new("/proc/self/limits").exists() {
            assert!(super::open_file_limit().is_some_and(|files| files > 0));
        }
    }
}
