//! How a connection reaches the room it talks to, wherever the room runs (DESIGN §3).
//!
//! Every room runs on one node. A connection's visit (join, request, disconnect) goes straight
//! to the room's actor when this node runs it; otherwise the [`Bus`] carries it to the node
//! that does, and carries that room's frames for the connection back. A single node uses the
//! in-process [`LocalBus`], under which every room is this node's and nothing changes; a
//! cluster uses [`nats::NatsBus`]. The bus also decides which node runs a room (`claim`), so a
//! room is never run twice.

pub mod nats;

use std::future::Future;
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde_json::Value;
use tokio::sync::oneshot;
use tracing::Instrument;
use zhanqi_store::GameId;

use crate::error::ApiError;
use crate::lease;
use crate::metrics;
use crate::room::{Outbox, Person, ROOM_MOVING, Request, RoomHandle, Watcher};
use crate::state::AppState;

/// The code of a visit that found no node running the room (it may be taken over).
pub const NO_OWNER: &str = "no_owner";

/// What a connection asks of a room.
#[derive(Clone, Debug)]
pub enum Visit {
    /// Watch the room; its frames for this connection go to the outbox.
    Join(Outbox),
    /// A request, with the client's message as it arrived (another node parses it again).
    Request {
        /// The request.
        request: Request,
        /// The client's message text.
        message: String,
    },
    /// The connection closed.
    Disconnect,
}

/// Carries visits between nodes and decides which node runs a room.
pub trait Bus: Send + Sync + 'static {
    /// Takes the right to run `room` on this node: `false` if another node runs it.
    fn claim(&self, room: GameId) -> BoxFuture<'_, Result<bool, ApiError>>;

    /// Serves a room this node runs: hands other nodes' visits to `handle` and keeps the claim
    /// alive. Completes only if the claim was lost to another node. `ready` is told (or
    /// dropped) once other nodes' visits reach the room.
    fn serve(
        &self,
        room: GameId,
        handle: RoomHandle,
        ready: oneshot::Sender<()>,
    ) -> BoxFuture<'static, ()>;

    /// Gives up the claim on a room whose actor stopped.
    fn release(&self, room: GameId) -> BoxFuture<'_, ()>;

    /// Carries a visit of connection `conn` of this node to the node that runs `room`.
    ///
    /// # Errors
    /// The room's refusal; [`NO_OWNER`] if no node runs it.
    fn visit<'a>(
        &'a self,
        room: GameId,
        conn: u64,
        person: &'a Person,
        visit: Visit,
    ) -> BoxFuture<'a, Result<Value, ApiError>>;

    /// This node's connections that watched `room` on another node, now that this node took it
    /// over: they join it here.
    fn adopt(&self, room: GameId) -> Vec<Watcher>;

    /// Tells the other nodes that this node took `room` over from a node that stopped
    /// answering, so that their connections that watched it there join it here.
    fn announce_takeover(&self, _room: GameId) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    /// Hands every room this node runs to the other live nodes (a drain); how many went.
    fn hand_over_rooms<'a>(&'a self, _app: &'a AppState) -> BoxFuture<'a, usize> {
        Box::pin(async { 0 })
    }

    /// Sends whatever waits to be sent to the other nodes (before the process ends).
    fn flush(&self) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    /// Tells the other nodes that the session whose token hashes to `session` signed out, so
    /// that they close its sockets as this node closes its own.
    fn signed_out(&self, _session: &str) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
}

/// The bus of a single node: it runs every room, and no other node exists.
pub struct LocalBus;

impl Bus for LocalBus {
    fn claim(&self, _room: GameId) -> BoxFuture<'_, Result<bool, ApiError>> {
        Box::pin(async { Ok(true) })
    }

    fn serve(
        &self,
        _room: GameId,
        _handle: RoomHandle,
        ready: oneshot::Sender<()>,
    ) -> BoxFuture<'static, ()> {
        let _ = ready.send(());
        Box::pin(std::future::pending())
    }

    fn release(&self, _room: GameId) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    fn visit<'a>(
        &'a self,
        room: GameId,
        _conn: u64,
        _person: &'a Person,
        _visit: Visit,
    ) -> BoxFuture<'a, Result<Value, ApiError>> {
        Box::pin(async move { Err(no_room(room)) })
    }

    fn adopt(&self, _room: GameId) -> Vec<Watcher> {
        Vec::new()
    }
}

/// How long a visit to a room moving to another node is sent again before the client is told
/// to send it again itself (a drain hands a room over in milliseconds).
const MOVING_PATIENCE: Duration = Duration::from_secs(10);

/// How long a visit to a room whose lease another node holds, though no node answers for it,
/// is sent again: the node that just took it over is still subscribing.
const OWNER_PATIENCE: Duration = Duration::from_secs(2);

/// The pause before a visit is sent again.
const VISIT_AGAIN: Duration = Duration::from_millis(20);

/// Carries a visit to `room`: to its actor on this node, or over the bus; a room nobody runs
/// any more (its node died) is taken over here first when its lease has lapsed. A visit the
/// room did not carry out because it is moving to another node is sent again, so that the
/// connection's command is done once, on the new node.
///
/// # Errors
/// The room's refusal, `no_room`, `room_moving` if the room did not arrive anywhere in time,
/// or `room_unavailable` while a dead node's lease runs out.
pub async fn visit(
    app: &AppState,
    room: GameId,
    conn: u64,
    person: &Person,
    visit: Visit,
) -> Result<Value, ApiError> {
    let started = tokio::time::Instant::now();
    loop {
        let answer = visit_once(app, room, conn, person, visit.clone()).await;
        let patience = match &answer {
            _ if matches!(visit, Visit::Disconnect) => break answer,
            Err(error) if error.code == ROOM_MOVING => MOVING_PATIENCE,
            Err(error) if error.code == NO_OWNER => OWNER_PATIENCE,
            _ => break answer,
        };
        if started.elapsed() >= patience {
            break answer.map_err(|error| match error.code {
                NO_OWNER => ApiError::new(
                    "room_unavailable",
                    format!(
                        "the server running room {} stopped; another takes it over within {} seconds, try again then",
                        room.0, app.config.lease_seconds
                    ),
                ),
                _ => error,
            });
        }
        metrics::visit_again();
        tokio::time::sleep(VISIT_AGAIN).await;
    }
}

/// One try of [`visit`]: [`NO_OWNER`] when no node answers for the room and another node holds
/// its lease.
async fn visit_once(
    app: &AppState,
    room: GameId,
    conn: u64,
    person: &Person,
    visit: Visit,
) -> Result<Value, ApiError> {
    if let Some(handle) = app.rooms.get(room) {
        return visit_local(&handle, conn, person, visit).await;
    }
    if matches!(visit, Visit::Disconnect) {
        return app.bus.visit(room, conn, person, visit).await;
    }
    match app.bus.visit(room, conn, person, visit.clone()).await {
        Err(error) if error.code == NO_OWNER => {
            if !lease::take_over(app, room).await? {
                return Err(ApiError::new(
                    NO_OWNER,
                    format!("no node answers for room {}", room.0),
                ));
            }
            let handle = app.rooms.get(room).ok_or_else(|| no_room(room))?;
            visit_local(&handle, conn, person, visit).await
        }
        answer => answer,
    }
}

/// Hands a visit to an actor of this node.
pub async fn visit_local(
    handle: &RoomHandle,
    conn: u64,
    person: &Person,
    visit: Visit,
) -> Result<Value, ApiError> {
    match visit {
        Visit::Join(outbox) => handle.join(conn, person.clone(), outbox).await,
        Visit::Request { request, .. } => handle.request(conn, person.clone(), request).await,
        Visit::Disconnect => {
            handle.disconnect(conn).await;
            Ok(serde_json::json!({}))
        }
    }
}

/// Runs a room's actor on this node while the bus serves it, then gives the room up: released
/// when the actor stops, dropped at once if another node took the lease. The answer completes
/// once other nodes' visits reach the room (or never can).
pub fn run_room(
    app: AppState,
    room: GameId,
    handle: RoomHandle,
    actor: impl Future<Output = ()> + Send + 'static,
) -> oneshot::Receiver<()> {
    let span = tracing::info_span!("room", room = room.0);
    let (ready, answering) = oneshot::channel();
    tokio::spawn(
        async move {
            let _open = metrics::RoomOpen::start();
            let serve = app.bus.serve(room, handle, ready);
            tokio::select! {
                () = actor => app.bus.release(room).await,
                () = serve => {
                    if !app.draining.is_on() {
                        tracing::warn!("another node took the lease of room {}; it stops here", room.0);
                        metrics::lease_change("lost");
                    }
                    app.rooms.remove(room);
                }
            }
        }
        .instrument(span),
    );
    answering
}

/// The answer for a room that does not exist or has closed.
pub fn no_room(room: GameId) -> ApiError {
    ApiError::new("no_room", format!("there is no open room {}", room.0))
}
