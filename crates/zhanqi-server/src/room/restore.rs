//! Opening a room, and bringing rooms back from the store: after a restart, and on the node
//! that takes a room over when its owner dies.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use zhanqi_core::Reason;

use rand::Rng;
use tokio::sync::mpsc;
use tokio::time::Instant;
use zhanqi_protocol::{DynGame, GameEntry, Registry};
use zhanqi_store::{GameId, GameInfo, GameRecord, Occupant, UnixMillis};

use super::log::LogReplay;
use super::{Person, Phase, Room, SeatSlot, Sitter, Watcher, answering, spawn};
use crate::error::ApiError;
use crate::first_player::FirstPlayer;
use crate::state::AppState;

/// What a new room is asked to be.
#[derive(Clone, Copy, Debug)]
pub struct NewRoom<'a> {
    /// The game (`GET /api/games` lists them).
    pub game: &'a str,
    /// Its mode.
    pub mode: &'a str,
    /// The game's options on top of the mode's, checked by the game.
    pub options: Option<&'a serde_json::Value>,
    /// The base stake of a gold room; 0 for none.
    pub stake: i64,
    /// Who takes the first seat, in a game whose rules draw it.
    pub first_player: Option<&'a str>,
}

/// Starts the actor of a new room and registers it.
///
/// # Errors
/// If the game or mode is unknown, or the store fails.
pub async fn create_room(
    app: &AppState,
    host: &Person,
    new: NewRoom<'_>,
) -> Result<GameId, ApiError> {
    let NewRoom {
        game,
        mode,
        options,
        stake,
        first_player,
    } = new;
    let entry = Registry::standard()
        .find(game)
        .map_err(|error| ApiError::bad_message(error.to_string()))?;
    // The game checks its options: every violation is in its answer.
    let probe = entry
        .new_game_with(Some(mode), options, 0, &[])
        .map_err(|error| ApiError::bad_message(error.to_string()))?;
    if !(0..=1_000_000_000).contains(&stake) {
        return Err(ApiError::bad_message(
            "a stake is a whole number of gold from 0 to 1000000000",
        )
        .because(Reason::new("stake_range").with("max", 1_000_000_000)));
    }
    let first_player = FirstPlayer::requested(probe.as_ref(), first_player)?;
    let cap = app.config.open_rooms_per_user;
    if app.store.open_games_hosted_by(host.id).await? >= cap {
        return Err(ApiError::new(
            "too_many_rooms",
            format!(
                "you already have {cap} open rooms that have not started; start or leave one before creating another"
            ),
        ));
    }
    let options = first_player.store_in(probe.as_ref());
    let seed: u64 = rand::rng().random();
    let info = app
        .store
        .create_game(
            &zhanqi_store::NewGame {
                game,
                mode,
                options: &options,
                seed,
                stake,
                host: Some(host.id),
            },
            UnixMillis::now(),
        )
        .await?;
    if !app.bus.claim(info.id).await? {
        return Err(ApiError::internal(
            "open the room",
            format!("another node claimed the new room {}", info.id),
        ));
    }
    let room = Room::new(app.clone(), entry, &info, probe)?;
    answering(spawn(room, Vec::new())).await;
    Ok(info.id)
}

/// Brings back every unfinished room from the store, replaying the games' logs.
///
/// # Errors
/// If the store cannot be read. A room that cannot be restored is logged and skipped.
pub async fn restore_rooms(app: &AppState) -> Result<usize, ApiError> {
    let records = app.store.unfinished_games().await?;
    let mut restored = 0;
    for record in records {
        let id = record.info.id;
        // In a cluster, the rooms of the nodes still alive stay theirs.
        if !app.bus.claim(id).await? {
            continue;
        }
        match resume_room(app, &record, Vec::new()).await {
            Ok(()) => {
                restored += 1;
                // A node restarted under its name takes its rooms back: the other nodes'
                // connections that watched them join them again here.
                app.bus.announce_takeover(id).await;
            }
            Err(error) if error.code == "no_room" => {
                tracing::info!("{error}");
                app.bus.release(id).await;
            }
            Err(error) => tracing::error!("could not restore {id}: {error}"),
        }
    }
    Ok(restored)
}

/// Rebuilds one unfinished room from its record and starts its actor, watched from the start
/// by `arrivals` (the watchers of a room handed over by another node).
///
/// # Errors
/// If the record cannot be replayed.
pub async fn resume_room(
    app: &AppState,
    record: &GameRecord,
    arrivals: Vec<Watcher>,
) -> Result<(), ApiError> {
    let room = Room::restore(app.clone(), record).await?;
    // A room handed over with people in it is attended, whatever its age.
    if arrivals.is_empty() && room.abandon_due(Instant::now()) {
        // Abandoned while no server ran it: it closes instead of coming back.
        room.close_abandoned().await;
        return Err(ApiError::new(
            "no_room",
            format!("room {} closed: nobody sat in it", room.id.0),
        ));
    }
    answering(spawn(room, arrivals)).await;
    Ok(())
}

impl Room {
    fn new(
        app: AppState,
        entry: &'static GameEntry,
        info: &GameInfo,
        probe: Box<dyn DynGame>,
    ) -> Result<Room, ApiError> {
        let seats = probe
            .seat_names()
            .into_iter()
            .map(|name| SeatSlot {
                name,
                sitter: None,
                layout: None,
                ready: false,
                away_since: None,
                timeouts: 0,
                points: None,
            })
            .collect();
        let (thoughts, thought_inbox) = mpsc::unbounded_channel();
        Ok(Room {
            app,
            id: info.id,
            entry,
            mode: info.mode.clone(),
            stake: info.stake,
            first_player: FirstPlayer::stored(&info.options),
            seed: info.seed,
            created: info.created_at,
            host: info.host,
            unattended_since: Some(instant_of(info.created_at)),
            closing: None,
            probe,
            seats,
            phase: Phase::Setup,
            game: None,
            seq: 0,
            clock: None,
            ai_at: None,
            thinking: None,
            thoughts,
            thought_inbox: Some(thought_inbox),
            last_moves: BTreeMap::new(),
            watchers: Vec::new(),
            result: None,
            points_at_start: Vec::new(),
            replay_saved: BTreeSet::new(),
        })
    }

    async fn restore(app: AppState, record: &GameRecord) -> Result<Room, ApiError> {
        let info = &record.info;
        let entry = Registry::standard()
            .find(&info.game)
            .map_err(|error| ApiError::internal("restore a room", error))?;
        let probe = entry
            .new_game(Some(&info.mode), 0, &[])
            .map_err(|error| ApiError::internal("restore a room", error))?;
        let mut room = Room::new(app, entry, info, probe)?;
        for seat in &record.seats {
            let Some(slot) = room
                .seats
                .iter_mut()
                .find(|slot| room.probe.seat(slot.name).ok() == Some(seat.seat))
            else {
                continue;
            };
            slot.sitter = Some(match &seat.occupant {
                Occupant::User(user) => Sitter::Person(Person {
                    id: *user,
                    name: seat.user_name.clone().unwrap_or_default(),
                    // The seat record keeps the account, not whether it is a guest's.
                    guest: room.app.store.account(*user).await?.guest,
                }),
                Occupant::Ai(level) => Sitter::Ai(level.clone()),
            });
            // A layout stored in setup is still checked: the rules may have changed since.
            slot.layout = seat
                .layout
                .as_deref()
                .and_then(|layout| room.probe.check_setup(Some(slot.name), layout).ok());
            slot.ready = seat.ready && (slot.layout.is_some() || !room.probe.deploys());
        }
        for index in 0..room.seats.len() {
            if let Some(Sitter::Person(person)) = &room.seats[index].sitter {
                room.seats[index].points = Some(room.points_of(person.id).await?);
            }
        }
        let Some((start, mut log)) = LogReplay::begin(record)? else {
            // Still in setup: layouts are arranged again.
            for index in 0..room.seats.len() {
                room.prepare_seat(index).await;
            }
            // Seated people get the whole abandon period from the restart to come back; a room
            // nobody sits in counts from its creation, the last time the store knows of.
            if room
                .seats
                .iter()
                .any(|slot| matches!(slot.sitter, Some(Sitter::Person(_))))
            {
                room.unattended_since = Some(Instant::now());
            }
            return Ok(room);
        };
        room.points_at_start = start.points;
        for slot in &mut room.seats {
            slot.layout = start.deployments.get(slot.name).cloned();
        }
        for action in &mut log {
            let action = action?;
            room.note_moves(&action.played.moved);
            room.seq = action.seq + 1;
        }
        for slot in &mut room.seats {
            slot.ready = true;
        }
        room.game = Some(log.into_game());
        room.phase = Phase::Playing;
        let now = Instant::now();
        for slot in &mut room.seats {
            if matches!(slot.sitter, Some(Sitter::Person(_))) {
                slot.away_since = Some(now);
            }
        }
        let deadline = record.current_clock().and_then(|clock| clock.deadline);
        room.set_clock(deadline);
        room.restore_timeouts(record.current_clock());
        if room
            .game
            .as_ref()
            .is_some_and(|game| game.outcome().is_some())
        {
            // The last action ended the game but the server stopped before settling it.
            room.finish().await?;
        }
        Ok(room)
    }
}

/// The instant of a stored time (a time in the future is now).
fn instant_of(time: UnixMillis) -> Instant {
    let ago = u64::try_from(UnixMillis::now().0.saturating_sub(time.0)).unwrap_or(0);
    let now = Instant::now();
    now.checked_sub(Duration::from_millis(ago)).unwrap_or(now)
}
