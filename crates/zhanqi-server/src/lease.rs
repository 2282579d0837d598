//! Taking over the rooms of a node that died (DESIGN §3): its leases lapse, another node claims
//! them and rebuilds each room from its action log, as a restarted server does.

use std::time::Duration;

use zhanqi_store::{GameId, GameStatus, UnixMillis};

use crate::error::ApiError;
use crate::metrics;
use crate::room::{self, RoomHandle, Watcher};
use crate::state::AppState;

/// One takeover at a time in a process, so that a sweep and a visit racing for the same room
/// cannot both rebuild it.
static TAKEOVER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs `room` on this node if no node does: claims its lapsed lease, rebuilds it from the
/// store and lets this node's connections that watched it elsewhere join it here. `false` if
/// another node holds a live lease, the room has finished or gone, or this node is draining.
///
/// # Errors
/// If the store fails or the log cannot be replayed.
pub async fn take_over(app: &AppState, room: GameId) -> Result<bool, ApiError> {
    let taken = take_over_with(app, room, Vec::new()).await?;
    if taken {
        // The other nodes' connections watched the room on the node that died: they would
        // get no frame from here until their own next command.
        app.bus.announce_takeover(room).await;
    }
    Ok(taken)
}

/// [`take_over`], with `arrivals` (other nodes' connections that watched the room on the node
/// handing it over) watching it from the start.
///
/// # Errors
/// If the store fails or the log cannot be replayed.
pub async fn take_over_with(
    app: &AppState,
    room: GameId,
    mut arrivals: Vec<Watcher>,
) -> Result<bool, ApiError> {
    if app.draining.is_on() {
        return Ok(false);
    }
    let _one_at_a_time = TAKEOVER.lock().await;
    if let Some(handle) = app.rooms.get(room) {
        arrivals.extend(app.bus.adopt(room));
        join_all(&handle, room, arrivals).await;
        return Ok(true);
    }
    if !app.bus.claim(room).await? {
        return Ok(false);
    }
    let record = match app.store.game_record(room).await {
        Ok(record) if record.info.status != GameStatus::Finished => record,
        Ok(_) | Err(zhanqi_store::StoreError::NotFound(_)) => {
            app.bus.release(room).await;
            return Ok(false);
        }
        Err(error) => {
            app.bus.release(room).await;
            return Err(error.into());
        }
    };
    arrivals.extend(app.bus.adopt(room));
    if let Err(error) = room::resume_room(app, &record, arrivals).await {
        app.bus.release(room).await;
        return Err(error);
    }
    metrics::takeover();
    tracing::info!("took over room {}", room.0);
    Ok(true)
}

/// Lets watchers join a room already running here.
async fn join_all(handle: &RoomHandle, room: GameId, watchers: Vec<Watcher>) {
    for watcher in watchers {
        if let Err(error) = handle
            .join(watcher.conn, watcher.person, watcher.outbox)
            .await
        {
            tracing::warn!("a connection could not rejoin room {}: {error}", room.0);
        }
    }
}

/// Every `every`, takes over the unfinished rooms no node runs, so that their clocks and AI
/// seats go on even when nobody is connected. A room younger than `settle` is left alone: its
/// node is still between creating it and claiming it.
pub async fn sweep(app: AppState, every: Duration, settle: Duration) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if app.draining.is_on() {
            return;
        }
        let now = UnixMillis::now();
        let orphans = match app.store.unleased_games(now).await {
            Ok(orphans) => orphans,
            Err(error) => {
                tracing::warn!("could not look for rooms to take over: {error}");
                continue;
            }
        };
        for room in orphans {
            if app.rooms.get(room).is_some() || !settled(&app, room, now, settle).await {
                continue;
            }
            if let Err(error) = take_over(&app, room).await {
                tracing::error!("could not take over room {}: {error}", room.0);
            }
        }
    }
}

/// Whether the room is older than `settle`.
async fn settled(app: &AppState, room: GameId, now: UnixMillis, settle: Duration) -> bool {
    let settle = i64::try_from(settle.as_millis()).unwrap_or(i64::MAX);
    match app.store.game(room).await {
        Ok(info) => info.created_at.0.saturating_add(settle) <= now.0,
        Err(_) => false,
    }
}
