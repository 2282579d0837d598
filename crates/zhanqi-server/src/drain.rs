//! Stopping a cluster node without a game noticing (docs/operations.md, "Rolling upgrades").
//!
//! On SIGTERM or Ctrl-C the listener stops accepting connections (the proxy sends new ones
//! to the other nodes), then a node on NATS hands each of its rooms straight to a live node
//! that is not draining: the room stops playing between two commands, its lease goes to the
//! other node in one statement, and that node rebuilds it from the action log with the room's
//! watchers already in it. A command that reaches the room meanwhile is not carried out: it is
//! answered `room_moving`, which the node of the connection sends again to the new node, so
//! that it is done once. Last, this node's own sockets close with code 1012 ("service
//! restart") after the answers already queued, and their clients reconnect through the proxy
//! to another node, where their game is. All of it is bounded by `--drain-seconds`; a room not
//! handed over by then is taken over when its lease lapses.
//!
//! A single node (no NATS) keeps its plain shutdown: it finishes the requests in flight and
//! its rooms resume from their logs when it starts again.

use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use crate::metrics;
use crate::state::AppState;

/// How far a node is in stopping.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum Stage {
    /// Running normally.
    #[default]
    Serving,
    /// Handing its rooms to other nodes: it takes none over.
    HandingOver,
    /// Closing its sockets, so that their clients reconnect elsewhere.
    ClosingSockets,
}

/// Where a node is in stopping, watched by its sockets and its takeovers.
#[derive(Debug, Default)]
pub struct Draining(watch::Sender<Stage>);

impl Draining {
    /// Whether the node is stopping.
    #[must_use]
    pub fn is_on(&self) -> bool {
        *self.0.borrow() != Stage::Serving
    }

    /// Moves on to `stage` (never back).
    pub fn enter(&self, stage: Stage) {
        self.0.send_if_modified(|now| {
            let later = stage > *now;
            if later {
                *now = stage;
            }
            later
        });
    }

    /// A receiver of the stages, for a socket to wait for [`Stage::ClosingSockets`].
    #[must_use]
    pub fn subscribe(&self) -> watch::Receiver<Stage> {
        self.0.subscribe()
    }
}

/// How often the drain looks whether every socket has closed.
const SOCKETS_POLL: Duration = Duration::from_millis(20);

/// Drains a cluster node: hands its rooms over, then closes its sockets and waits for them to
/// end, within `--drain-seconds` (and a little more for the last close frames). Does nothing
/// on a single node.
pub async fn drain(app: &AppState) {
    if app.config.nats_url.is_none() {
        return;
    }
    let bound = Duration::try_from_secs_f64(app.config.drain_seconds.max(0.0))
        .unwrap_or(Duration::from_secs(30));
    let started = Instant::now();
    metrics::draining(true);
    app.draining.enter(Stage::HandingOver);
    match tokio::time::timeout(bound, app.bus.hand_over_rooms(app)).await {
        Ok(moved) => tracing::info!(
            "draining: handed {moved} rooms over in {:.3} s",
            started.elapsed().as_secs_f64()
        ),
        Err(_) => tracing::warn!(
            "draining: not every room was handed over within {} s; the others are taken over when their leases lapse",
            bound.as_secs_f64()
        ),
    }
    app.draining.enter(Stage::ClosingSockets);
    let until = started + bound + crate::ws::CLOSE_PATIENCE * 2;
    while app.connections.open() > 0 && Instant::now() < until {
        tokio::time::sleep(SOCKETS_POLL).await;
    }
    // Bounded: with NATS down, what waits for it is lost anyway.
    if tokio::time::timeout(crate::ws::CLOSE_PATIENCE, app.bus.flush())
        .await
        .is_err()
    {
        tracing::warn!("draining: NATS did not take the last messages in time");
    }
    tracing::info!(
        "draining: done in {:.3} s, {} sockets still open",
        started.elapsed().as_secs_f64(),
        app.connections.open()
    );
}

#[cfg(test)]
mod tests {
    use super::{Draining, Stage};

    #[test]
    fn stages_only_move_forward() {
        let draining = Draining::default();
        assert!(!draining.is_on());
        let sockets = draining.subscribe();
        draining.enter(Stage::ClosingSockets);
        draining.enter(Stage::HandingOver);
        assert!(draining.is_on());
        assert_eq!(*sockets.borrow(), Stage::ClosingSockets);
    }
}
