//! One WebSocket connection: reads client messages strictly, hands them to the lobby or to a
//! room's actor, and writes the frames the rooms send it.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use serde_json::json;
use tokio::sync::mpsc;
use tracing::Instrument;
use zhanqi_store::{GameId, GameStatus};

use crate::auth::SignedIn;
use crate::bus::{self, Visit};
use crate::error::ApiError;
use crate::http;
use crate::metrics;
use crate::room::{self, Person, Request};
use crate::state::AppState;
use crate::wire::{ClientMessage, MAX_FRAME_BYTES};

static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

/// A connection id no other connection of this process has (rooms tell watchers apart by it).
pub fn next_connection_id() -> u64 {
    NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed)
}

/// `GET /ws`: checks the origin and the session, then upgrades.
///
/// # Errors
/// `forbidden` for a foreign `Origin`, `not_signed_in` without a session.
pub async fn upgrade(
    State(state): State<AppState>,
    headers: HeaderMap,
    SignedIn(account): SignedIn,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_origin(&state, &headers)?;
    let person = Person {
        id: account.id,
        name: account.name.clone(),
        guest: account.guest,
    };
    let hello_user = http::user_json(&state, &account).await?;
    let conn = next_connection_id();
    let span = tracing::info_span!("connection", conn, user = %person.name);
    Ok(upgrade
        // Frames a little over the protocol's limit get an error frame from the parser; only
        // far larger ones close the connection.
        .max_message_size(4 * MAX_FRAME_BYTES)
        .max_frame_size(4 * MAX_FRAME_BYTES)
        .on_upgrade(move |socket| {
            connection(state, conn, person, hello_user, socket).instrument(span)
        }))
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
) {
    let _open = metrics::ConnectionOpen::start();
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut frames) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(frame) = frames.recv().await {
            if sink
                .send(Message::Text(Utf8Bytes::from(frame)))
                .await
                .is_err()
            {
                break;
            }
            metrics::frame_out();
        }
        let _ = sink.close().await;
    });
    let seated = seated_rooms(&state, &person).await;
    let _ = outbox
        .send(json!({"type": "hello", "protocol": 1, "user": user, "seated": seated}).to_string());

    let per_second =
        NonZeroU32::new(state.config.messages_per_second.max(1)).unwrap_or(NonZeroU32::MIN);
    let limiter: DefaultDirectRateLimiter = RateLimiter::direct(
        Quota::per_second(per_second)
            .allow_burst(per_second.saturating_mul(NonZeroU32::new(2).unwrap_or(NonZeroU32::MIN))),
    );
    let mut lobby: Option<tokio::sync::watch::Receiver<u64>> = None;
    let mut joined: Vec<GameId> = Vec::new();
    loop {
        let lobby_changed = async {
            match lobby.as_mut() {
                Some(receiver) => receiver.changed().await.is_ok(),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            message = stream.next() => {
                let Some(Ok(message)) = message else { break };
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Binary(_) => {
                        metrics::frame_in();
                        let _ = outbox.send(ApiError::bad_message("binary frames are not part of the protocol").frame(None).to_string());
                        continue;
                    }
                };
                metrics::frame_in();
                if limiter.check().is_err() {
                    let _ = outbox.send(ApiError::new("rate_limited", "too many messages; slow down").frame(None).to_string());
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
                    let receiver = state.rooms.subscribe();
                    lobby = Some(receiver);
                    let _ = outbox.send(json!({"type": "lobby", "rooms": state.rooms.lobby()}).to_string());
                }
                if let Some(room) = message.room() && matches!(message, ClientMessage::Join(_)) && !joined.contains(&room) {
                    joined.push(room);
                }
                let answer = dispatch(&state, conn, &person, &outbox, message, text.as_str()).await;
                let frame = match answer {
                    Ok(Some(mut extra)) => {
                        extra["type"] = json!("ok");
                        if let Some(id) = &id { extra["id"] = id.clone(); }
                        extra
                    }
                    Ok(None) => continue,
                    Err(error) => error.frame(id.as_ref()),
                };
                let _ = outbox.send(frame.to_string());
            }
            changed = lobby_changed => {
                if changed {
                    let _ = outbox.send(json!({"type": "lobby", "rooms": state.rooms.lobby()}).to_string());
                } else {
                    lobby = None;
                }
            }
        }
    }
    for room in joined {
        // A room that closed, or whose node is gone, has nobody to tell.
        let _ = bus::visit(&state, room, conn, &person, Visit::Disconnect).await;
    }
    drop(outbox);
    let _ = writer.await;
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
            ..
        } => {
            state.room_limit.check_key(&person.id).map_err(|_| {
                ApiError::new(
                    "rate_limited",
                    "you are creating rooms too fast; wait a minute",
                )
            })?;
            let id = room::create_room(state, person, game, mode, *stake, first_player.as_deref())
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
        ClientMessage::Leave(r) => (r.room, Request::Leave),
        ClientMessage::SaveReplay(r) => (r.room, Request::SaveReplay),
    };
    Some((GameId(room), request))
}
