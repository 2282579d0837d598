//! One WebSocket connection: reads client messages strictly, hands them to the lobby or to a
//! room's actor, and writes the frames the rooms send it.
//!
//! The frames wait in a bounded [`Outbox`]: a client that reads too slowly is disconnected, not
//! buffered, and the lobby is sent as its newest version only. The server pings every
//! `--ws-ping-seconds` and closes a socket from which nothing (not even a pong) arrived for
//! `--ws-idle-seconds`; signing out closes the session's sockets.

use std::num::NonZeroU32;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use zhanqi_core::Reason;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use axum_extra::extract::CookieJar;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use serde_json::json;
use tokio::sync::{oneshot, watch};
use tracing::Instrument;
use zhanqi_store::{GameId, GameStatus};

use crate::address::{AddressKey, ClientAddress};
use crate::auth::{self, SESSION_COOKIE, SignedIn};
use crate::bus::{self, Visit};
use crate::connections::Registration;
use crate::drain::Stage;
use crate::error::ApiError;
use crate::http;
use crate::listener::Overflowing;
use crate::metrics;
use crate::outbox::{self, Close, Frames, Next, Outbox};
use crate::room::{self, Person, Request};
use crate::state::AppState;
use crate::wire::{ClientMessage, MAX_FRAME_BYTES};

/// The next connection id: it starts from the start time (milliseconds, shifted past a
/// million connections each), so that a node restarted under the same name never gives a new
/// connection the id of one of its former run's, which other nodes' rooms may still hold.
static NEXT_CONNECTION: LazyLock<AtomicU64> = LazyLock::new(|| {
    let millis = u64::try_from(zhanqi_store::UnixMillis::now().0).unwrap_or(0);
    AtomicU64::new((millis << 20).max(1))
});

/// A connection id no other connection of this process, nor of an earlier run of this node,
/// has (rooms tell watchers apart by it).
pub fn next_connection_id() -> u64 {
    NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed)
}

/// `GET /ws`: checks the origin, the session and the connection caps, then upgrades.
///
/// # Errors
/// `forbidden` for a foreign `Origin`, `not_signed_in` without a session, `rate_limited` when
/// the user or the address has as many sockets open as allowed, `server_busy` on a connection
/// past `--max-connections`.
pub async fn upgrade(
    State(state): State<AppState>,
    headers: HeaderMap,
    client: ClientAddress,
    overflowing: Option<Extension<Overflowing>>,
    SignedIn(account): SignedIn,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if overflowing.is_some() {
        return Err(ApiError::new(
            "server_busy",
            "the server has as many connections open as it can hold; try again in a minute",
        ));
    }
    check_origin(&state, &headers)?;
    let person = Person {
        id: account.id,
        name: account.name.clone(),
        guest: account.guest,
    };
    let conn = next_connection_id();
    let (outbox, frames) = outbox::outbox(state.config.outbox_frames);
    let registration = state.connections.register(
        conn,
        account.id,
        address_key(&client),
        session_hash(&headers),
        outbox.clone(),
    )?;
    let hello_user = http::user_json(&state, &account).await?;
    let span = tracing::info_span!("connection", conn, user = %person.name);
    let link = Link {
        outbox,
        frames,
        _registration: registration,
    };
    Ok(upgrade
        // Frames a little over the protocol's limit get an error frame from the parser; only
        // far larger ones close the connection.
        .max_message_size(4 * MAX_FRAME_BYTES)
        .max_frame_size(4 * MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| {
            connection(state, conn, person, hello_user, socket, link).instrument(span)
        }))
}

/// The read buffer of each socket. tungstenite's default (128 KiB) was most of a socket's
/// memory, and it zeroes the whole buffer before every read; a client's frames are a few
/// hundred bytes (at most 16 KiB, and a larger one grows the buffer as it comes), so 1 KiB
/// serves nearly every read (docs/benchmarks.md, "Capacity").
const READ_BUFFER_BYTES: usize = 1024;

/// The key the per-address cap counts a socket under.
fn address_key(client: &ClientAddress) -> AddressKey {
    client.key()
}

/// The hash of the session token the socket is opened with (the extractor found it valid).
fn session_hash(headers: &HeaderMap) -> String {
    CookieJar::from_headers(headers)
        .get(SESSION_COOKIE)
        .map(|cookie| auth::token_hash(cookie.value()))
        .unwrap_or_default()
}

/// What ties a connection to the server: its outbox, the writer's end of it, and its place in
/// the registry of open sockets (given back when the connection ends).
struct Link {
    outbox: Outbox,
    frames: Frames,
    _registration: Registration,
}

/// A browser may open the socket only from the served host itself (or an allowed origin);
/// clients that send no `Origin` (not browsers) are let through.
fn check_origin(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get("origin") else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or_default();
    let host = headers
        .get("host")
        .and_then(|host| host.to_str().ok())
        .unwrap_or_default();
    let same_host = ["http://", "https://"]
        .iter()
        .any(|scheme| origin.strip_prefix(scheme) == Some(host));
    let allowed = state
        .config
        .allow_origins
        .iter()
        .any(|allowed| allowed == origin);
    if same_host || allowed {
        Ok(())
    } else {
        Err(ApiError::new(
            "forbidden",
            format!("WebSocket connections from {origin} are not allowed"),
        ))
    }
}

async fn connection(
    state: AppState,
    conn: u64,
    person: Person,
    user: serde_json::Value,
    socket: WebSocket,
    link: Link,
) {
    let _open = metrics::ConnectionOpen::start();
    let Link {
        outbox,
        frames,
        _registration,
    } = link;
    let (sink, mut stream) = socket.split();
    let (lobby_handover, lobby_taken) = oneshot::channel();
    let lobby = LobbyFeed {
        state: state.clone(),
        handover: Some(lobby_taken),
        changes: None,
    };
    let ping_every = seconds(state.config.ws_ping_seconds);
    let writer = tokio::spawn(write_frames(sink, frames, lobby, ping_every).in_current_span());
    let seated = Box::pin(seated_rooms(&state, &person)).await;
    let _ = outbox
        .send(json!({"type": "hello", "protocol": 1, "user": user, "seated": seated}).to_string());

    let per_second =
        NonZeroU32::new(state.config.messages_per_second.max(1)).unwrap_or(NonZeroU32::MIN);
    let limiter: DefaultDirectRateLimiter = RateLimiter::direct(
        Quota::per_second(per_second)
            .allow_burst(per_second.saturating_mul(NonZeroU32::new(2).unwrap_or(NonZeroU32::MIN))),
    );
    let idle = seconds(state.config.ws_idle_seconds);
    let mut lobby_handover = Some(lobby_handover);
    let mut joined: Vec<GameId> = Vec::new();
    let mut server_closed = false;
    let mut draining = state.draining.subscribe();
    loop {
        let message = tokio::select! {
            biased;
            () = outbox.closing() => {
                server_closed = true;
                break;
            }
            // Between two messages, so that the answer to the last one is already queued.
            _ = draining.wait_for(|stage| *stage == Stage::ClosingSockets) => {
                outbox.close(Close::restarting());
                server_closed = true;
                break;
            }
            message = tokio::time::timeout(idle, stream.next()) => message,
        };
        let Ok(message) = message else {
            outbox.close(Close::idle(state.config.ws_idle_seconds));
            server_closed = true;
            break;
        };
        let Some(Ok(message)) = message else { break };
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => break,
            // Any frame, a pong included, shows the client is there.
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => {
                metrics::frame_in();
                let _ = outbox.send(
                    ApiError::bad_message("binary frames are not part of the protocol")
                        .frame(None)
                        .to_string(),
                );
                continue;
            }
        };
        metrics::frame_in();
        if limiter.check().is_err() {
            let _ = outbox.send(
                ApiError::new("rate_limited", "too many messages; slow down")
                    .frame(None)
                    .to_string(),
            );
            continue;
        }
        let message = match ClientMessage::parse(text.as_str()) {
            Ok(message) => message,
            Err((error, id)) => {
                let _ = outbox.send(error.frame(id.as_ref()).to_string());
                continue;
            }
        };
        let id = message.id().cloned();
        if matches!(message, ClientMessage::Lobby { .. }) {
            // Subscribed before the lobby is read, so that no change falls in between.
            let changes = state.rooms.subscribe();
            let _ = outbox.send(json!({"type": "lobby", "rooms": state.rooms.lobby()}).to_string());
            if let Some(handover) = lobby_handover.take() {
                let _ = handover.send(changes);
            }
        }
        if let Some(room) = message.room()
            && matches!(message, ClientMessage::Join(_))
            && !joined.contains(&room)
        {
            joined.push(room);
        }
        let kind = if matches!(
            message,
            ClientMessage::Act { .. } | ClientMessage::Platform { .. }
        ) {
            "act"
        } else {
            "other"
        };
        let arrived = std::time::Instant::now();
        // Boxed: an idle connection's future then holds none of a command's largest state
        // (docs/benchmarks.md, "Capacity").
        let answer = Box::pin(dispatch(
            &state,
            conn,
            &person,
            &outbox,
            message,
            text.as_str(),
        ))
        .await;
        metrics::command_answered(kind, arrived.elapsed());
        let frame = match answer {
            Ok(Some(mut extra)) => {
                extra["type"] = json!("ok");
                if let Some(id) = &id {
                    extra["id"] = id.clone();
                }
                extra
            }
            Ok(None) => continue,
            Err(error) => error.frame(id.as_ref()),
        };
        let _ = outbox.send(frame.to_string());
    }
    // The writer says goodbye (with the reason, if the server closed first) and ends even
    // though rooms still hold copies of the outbox.
    outbox.close(Close::normal());
    if server_closed {
        // The client's closing answer, so that the connection ends cleanly rather than with
        // a reset that would lose the close frame and its reason.
        let _ = tokio::time::timeout(CLOSE_PATIENCE, async {
            while let Some(Ok(message)) = stream.next().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
    for room in joined {
        // A room that closed, or whose node is gone, has nobody to tell.
        let _ = Box::pin(bus::visit(&state, room, conn, &person, Visit::Disconnect)).await;
    }
    drop(outbox);
    let _ = writer.await;
}

/// How long to try to deliver a close frame to a client that may not be reading.
pub const CLOSE_PATIENCE: Duration = Duration::from_secs(2);

fn seconds(value: f64) -> Duration {
    Duration::try_from_secs_f64(value.max(0.001)).unwrap_or(Duration::MAX)
}

/// Writes the outbox's frames, the newest lobby when it changed (never a backlog of lobbies:
/// only when nothing else waits) and a ping every `ping_every`, until the outbox closes.
async fn write_frames(
    mut sink: SplitSink<WebSocket, Message>,
    mut frames: Frames,
    mut lobby: LobbyFeed,
    ping_every: Duration,
) {
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let message = tokio::select! {
            biased;
            next = frames.next() => match next {
                Some(Next::Frame(frame)) => Message::Text(Utf8Bytes::from(frame)),
                Some(Next::Close(close)) => return say_goodbye(sink, close).await,
                None => break,
            },
            frame = lobby.next() => Message::Text(Utf8Bytes::from(frame)),
            _ = ping.tick() => Message::Ping(Bytes::new()),
        };
        // One frame a write, not a batch of the frames queued: the socket's write buffer keeps
        // the capacity of the largest write for good, and a batch made it twice a room frame
        // (docs/benchmarks.md, "Capacity").
        let text = matches!(message, Message::Text(_));
        tokio::select! {
            biased;
            // A reader that stopped reading blocks the send; a close must not wait for it.
            close = frames.abandoning(CLOSE_PATIENCE) => return say_goodbye(sink, close).await,
            sent = sink.send(message) => if sent.is_err() { return },
        }
        if text {
            metrics::frame_out();
        }
    }
    let _ = sink.close().await;
}

/// Sends the close frame with its reason if the client takes it soon, then drops the socket.
async fn say_goodbye(mut sink: SplitSink<WebSocket, Message>, close: Close) {
    if close.kind != Close::normal().kind {
        tracing::info!("closing the connection: {}", close.reason);
        metrics::ws_closed(close.kind);
    }
    let frame = CloseFrame {
        code: close.code,
        reason: Utf8Bytes::from(close.reason),
    };
    let _ = tokio::time::timeout(CLOSE_PATIENCE, async {
        let _ = sink.send(Message::Close(Some(frame))).await;
        let _ = sink.close().await;
    })
    .await;
}

/// The lobby for a connection that asked for it: only ever the newest one, when it changed.
struct LobbyFeed {
    state: AppState,
    /// Where the connection hands over its subscription when the client first asks.
    handover: Option<oneshot::Receiver<watch::Receiver<u64>>>,
    changes: Option<watch::Receiver<u64>>,
}

impl LobbyFeed {
    /// The lobby frame, when the lobby changed since the last one (cancel-safe).
    async fn next(&mut self) -> String {
        loop {
            if let Some(changes) = self.changes.as_mut() {
                if changes.changed().await.is_ok() {
                    return json!({"type": "lobby", "rooms": self.state.rooms.lobby()}).to_string();
                }
                self.changes = None;
            } else if let Some(handover) = self.handover.as_mut() {
                let taken = handover.await;
                self.handover = None;
                self.changes = taken.ok();
            } else {
                std::future::pending::<()>().await;
            }
        }
    }
}

/// The unfinished rooms where the person holds a seat, to come back to.
async fn seated_rooms(state: &AppState, person: &Person) -> Vec<i64> {
    match state.store.games_of_user(person.id, 50).await {
        Ok(games) => games
            .into_iter()
            .filter(|game| game.status != GameStatus::Finished)
            .map(|game| game.id.0)
            .collect(),
        Err(error) => {
            tracing::warn!("could not list the rooms of {}: {error}", person.name);
            Vec::new()
        }
    }
}

/// Carries out one message; `Ok(None)` when it needs no `ok` frame (`ping`, answered with
/// `pong`).
async fn dispatch(
    state: &AppState,
    conn: u64,
    person: &Person,
    outbox: &room::Outbox,
    message: ClientMessage,
    text: &str,
) -> Result<Option<serde_json::Value>, ApiError> {
    match &message {
        ClientMessage::Ping { .. } => {
            let _ = outbox.send(json!({"type": "pong"}).to_string());
            return Ok(None);
        }
        ClientMessage::Lobby { .. } => return Ok(Some(json!({}))),
        ClientMessage::Create {
            game,
            mode,
            stake,
            first_player,
            options,
            ..
        } => {
            state.room_limit.check_key(&person.id).map_err(|_| {
                ApiError::new(
                    "rate_limited",
                    "you are creating rooms too fast; wait a minute",
                )
                .because(Reason::new("rooms_too_fast"))
            })?;
            let id = room::create_room(
                state,
                person,
                room::NewRoom {
                    game,
                    mode,
                    options: options.as_ref(),
                    stake: *stake,
                    first_player: first_player.as_deref(),
                },
            )
            .await?;
            return Ok(Some(json!({"room": id.0})));
        }
        ClientMessage::Join(reference) => {
            let visit = Visit::Join(outbox.clone());
            return bus::visit(state, GameId(reference.room), conn, person, visit)
                .await
                .map(Some);
        }
        _ => {}
    }
    let Some((room, request)) = room_request(message) else {
        return Err(ApiError::bad_message("this message is not about a room"));
    };
    let visit = Visit::Request {
        request,
        message: text.to_owned(),
    };
    bus::visit(state, room, conn, person, visit).await.map(Some)
}

/// The room request a client message makes, if it is one (not lobby, create, join or ping).
pub fn room_request(message: ClientMessage) -> Option<(GameId, Request)> {
    let (room, request) = match message {
        ClientMessage::Ping { .. }
        | ClientMessage::Lobby { .. }
        | ClientMessage::Create { .. }
        | ClientMessage::Join(_) => return None,
        ClientMessage::Sit(seat) => (seat.room, Request::Sit(seat.seat)),
        ClientMessage::Stand(r) => (r.room, Request::Stand),
        ClientMessage::Ai {
            room, seat, level, ..
        } => (room, Request::Ai { seat, level }),
        ClientMessage::UnseatAi(seat) => (seat.room, Request::UnseatAi(seat.seat)),
        ClientMessage::Swap { room, a, b, .. } => (room, Request::Swap(a, b)),
        ClientMessage::Layout { room, layout, .. } => (room, Request::Layout(layout)),
        ClientMessage::RandomLayout(r) => (r.room, Request::RandomLayout),
        ClientMessage::Ready(r) => (r.room, Request::Ready),
        ClientMessage::Unready(r) => (r.room, Request::Unready),
        ClientMessage::Act { room, action, .. } => (room, Request::Act(action)),
        ClientMessage::Platform { room, action, .. } => (room, Request::Platform(action)),
        ClientMessage::Leave(r) => (r.room, Request::Leave),
        ClientMessage::SaveReplay(r) => (r.room, Request::SaveReplay),
    };
    Some((GameId(room), request))
}
