//! One actor per room: it owns the game, the seats, the clocks and the watchers, and is
//! reached through a [`RoomHandle`] (mpsc commands with oneshot replies).
//!
//! Every change is stored before it is acknowledged or broadcast, and every message to a
//! watcher is built from what that watcher may see (see [`crate::view`]).
//!
//! This file holds the room itself and its actor loop; each concern has a file of its own,
//! with the `impl Room` block of its methods:
//!
//! * [`handle`]: the handle connections reach the actor by, and what they ask of it;
//! * [`seats`]: who sits where, attendance, and closing a room nobody sits in;
//! * [`setup`]: arranging layouts, readiness, and starting the game;
//! * [`clocks`]: the turn clock, timeouts and the grace period of an absent seat;
//! * [`play`]: playing actions and chance outcomes, and leaving during play;
//! * [`settlement`]: the result, points and gold of a finished game;
//! * [`ai`]: AI seats thinking and playing;
//! * [`restore`]: opening a room, and bringing one back from the store after a restart or
//!   on another node;
//! * [`log`]: a stored game played again from its start, for restore and the replay page.

mod ai;
mod clocks;
mod handle;
pub(crate) mod log;
mod play;
mod restore;
mod seats;
mod settlement;
mod setup;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::Rng;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use zhanqi_core::PlatformAction;
use zhanqi_protocol::{DynGame, GameEntry, ViewerEvents};
use zhanqi_store::{GameId, UnixMillis, UserId};

use crate::ai_seat::AiThought;
use crate::error::ApiError;
use crate::first_player::FirstPlayer;
use crate::state::AppState;
use crate::view;

use clocks::TurnClock;
use handle::Command;
pub use handle::{Outbox, Person, ROOM_MOVING, Request, RoomHandle, moving};
pub use restore::{NewRoom, create_room, restore_rooms, resume_room};
use seats::not_seated;
pub use seats::{SeatSlot, Sitter};
pub(crate) use setup::layout_error;

/// Where a room stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Seats are taken and layouts arranged.
    Setup,
    /// The game is played.
    Playing,
    /// The game is over.
    Over,
}

impl Phase {
    /// The phase's name in the protocol.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Playing => "playing",
            Phase::Over => "over",
        }
    }
}

/// A connection watching the room.
#[derive(Debug)]
pub struct Watcher {
    /// The connection's number (on the node that runs the room).
    pub conn: u64,
    /// Who is signed in on it.
    pub person: Person,
    /// Where its frames go.
    pub outbox: Outbox,
}

/// A room: everything its actor owns.
pub struct Room {
    /// The server's shared state: store, bus, configuration, the room registry.
    app: AppState,
    /// The room's id (the stored game's id).
    pub id: GameId,
    /// The game the room plays, as the registry knows it.
    entry: &'static GameEntry,
    /// The mode.
    pub mode: String,
    /// The base stake of a gold room (0: none).
    pub stake: i64,
    /// Who takes the first seat, in a game whose rules draw it.
    pub first_player: FirstPlayer,
    /// The game's seed; it also tosses the first-player coin and seeds AI draw answers.
    seed: u64,
    /// When the room was created.
    created: UnixMillis,
    /// Who opened the room (they may seat AIs without sitting themselves).
    host: Option<UserId>,
    /// Since when no seated person has been present, before the game started; past
    /// `--abandoned-room-minutes` the room closes as abandoned.
    unattended_since: Option<Instant>,
    /// Why the room closes now, if it must close whoever is still in it.
    closing: Option<String>,
    /// A game of the room's kind, for names, the board and arranging layouts before play.
    pub probe: Box<dyn DynGame>,
    /// The seats, in seat order.
    pub seats: Vec<SeatSlot>,
    /// The phase.
    pub phase: Phase,
    /// The game, once started.
    pub game: Option<Box<dyn DynGame>>,
    /// The number of actions stored so far: the next one's place in the log.
    seq: u32,
    /// The running turn clock, if a seat must act.
    clock: Option<TurnClock>,
    /// When an AI seat acts next, if one must.
    ai_at: Option<Instant>,
    /// The action count at which an AI search is running, if one is.
    thinking: Option<u32>,
    /// Where AI searches send their answers, and where the actor reads them.
    thoughts: mpsc::UnboundedSender<Box<AiThought>>,
    thought_inbox: Option<mpsc::UnboundedReceiver<Box<AiThought>>>,
    /// The last move of each seat, as the client draws it.
    pub last_moves: BTreeMap<&'static str, Box<serde_json::value::RawValue>>,
    /// The connections watching the room.
    watchers: Vec<Watcher>,
    /// The result, once over.
    pub result: Option<serde_json::Value>,
    /// Every seat's points when the game started, in seat order (for the level multiplier).
    points_at_start: Vec<i64>,
    /// Who saved the game to their replays.
    pub replay_saved: BTreeSet<UserId>,
}

/// Starts a room's actor and registers its handle, so that connections and the bus reach it;
/// `arrivals` watch it from the start (the watchers of a room moved from another node).
fn spawn(room: Room, arrivals: Vec<Watcher>) -> oneshot::Receiver<()> {
    let (commands, inbox) = mpsc::channel(64);
    let moving = Arc::new(AtomicBool::new(false));
    let handle = RoomHandle {
        room: room.id,
        commands,
        moving: Arc::clone(&moving),
    };
    let (app, id) = (room.app.clone(), room.id);
    app.rooms.insert(id, handle.clone());
    crate::bus::run_room(app, id, handle, room.run(inbox, arrivals, moving))
}

/// How long opening a room waits for other nodes' visits to reach it.
const ANSWERING_PATIENCE: std::time::Duration = std::time::Duration::from_secs(5);

/// Waits until other nodes' visits reach a room just started (on one node: at once), so that a
/// player told of the room through another node finds it.
async fn answering(ready: oneshot::Receiver<()>) {
    let _ = tokio::time::timeout(ANSWERING_PATIENCE, ready).await;
}

impl Room {
    async fn run(
        mut self,
        mut inbox: mpsc::Receiver<Box<Command>>,
        arrivals: Vec<Watcher>,
        moving: Arc<AtomicBool>,
    ) {
        let Some(mut thoughts) = self.thought_inbox.take() else {
            return;
        };
        for watcher in arrivals {
            Box::pin(self.welcome(watcher)).await;
        }
        self.schedule_ai();
        // The arrivals' first state, and the lobby's.
        self.broadcast();
        loop {
            let wake = self.next_wake();
            tokio::select! {
                command = inbox.recv() => {
                    let Some(command) = command else { break };
                    let command = *command;
                    if let Command::HandOver { reply } = command {
                        moving.store(true, Ordering::Release);
                        let _ = reply.send(std::mem::take(&mut self.watchers));
                        Box::pin(self.stand_by_while_moving(&mut inbox)).await;
                        self.app.rooms.remove(self.id);
                        return;
                    }
                    // Boxed, like the other two: the resting room's future then holds only the
                    // room, not the largest state of each handler (docs/benchmarks.md).
                    Box::pin(self.handle(command)).await;
                }
                Some(thought) = thoughts.recv() => Box::pin(self.on_thought(*thought)).await,
                () = sleep_until(wake) => Box::pin(self.on_timer()).await,
            }
            self.note_attendance();
            if self.should_close() {
                break;
            }
        }
        if let Some(reason) = &self.closing {
            let frame = ApiError::new("no_room", reason.clone()).frame(None);
            for watcher in &self.watchers {
                self.send_to(watcher.conn, &frame);
            }
        }
        // Marked in the store before the room leaves the lobby, so that a client that no
        // longer sees it there may count on its place being free.
        if self.phase == Phase::Setup {
            Box::pin(self.close_abandoned()).await;
        }
        self.app.rooms.remove(self.id);
    }

    fn next_wake(&self) -> Option<Instant> {
        let grace = self.grace();
        let away = if self.phase == Phase::Playing {
            self.seats
                .iter()
                .filter(|slot| self.seat_active(slot.name))
                .filter_map(|slot| slot.away_since.map(|since| since + grace))
                .min()
        } else {
            None
        };
        [
            self.clock.map(|clock| clock.deadline),
            self.ai_at,
            away,
            self.abandon_at(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// While the room moves to another node: plays nothing (no clock, no AI), answers every
    /// visit [`ROOM_MOVING`] so that it is sent again to the new node, until told to stop.
    async fn stand_by_while_moving(&mut self, inbox: &mut mpsc::Receiver<Box<Command>>) {
        while let Some(command) = inbox.recv().await {
            match *command {
                Command::Join { reply, .. } | Command::Request { reply, .. } => {
                    let _ = reply.send(Err(moving(self.id)));
                }
                Command::HandOver { reply } => {
                    let _ = reply.send(Vec::new());
                }
                // Who watched went to the new node with the watchers; its node tells it there.
                Command::Disconnect { .. } => {}
                Command::Stop => return,
            }
        }
    }

    /// Lets a connection watch the room: its seat (if it has one) is present again, and it
    /// gets the board; the room's state follows with the next broadcast.
    async fn welcome(&mut self, watcher: Watcher) {
        let (conn, id) = (watcher.conn, watcher.person.id);
        self.watchers.retain(|known| known.conn != conn);
        self.watchers.push(watcher);
        if let Some(slot) = self.seat_of_mut(id) {
            slot.away_since = None;
        }
        if let Some(index) = self.seat_index_of(id) {
            self.prepare_seat(index).await;
        }
        let board = self.probe.ui_board();
        self.send_to(
            conn,
            &serde_json::json!({"type": "board", "room": self.id.0, "board": board}),
        );
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                conn,
                person,
                outbox,
                reply,
            } => {
                self.welcome(Watcher {
                    conn,
                    person,
                    outbox,
                })
                .await;
                self.broadcast();
                let _ = reply.send(Ok(serde_json::json!({})));
            }
            Command::Disconnect { conn } => {
                let Some(at) = self.watchers.iter().position(|w| w.conn == conn) else {
                    return;
                };
                let person = self.watchers.remove(at).person;
                let still_here = self.watchers.iter().any(|w| w.person.id == person.id);
                // Away in setup too: a seat that readied and dropped must escape once the game
                // starts without them (the grace period then runs from the start).
                if !still_here
                    && self.phase != Phase::Over
                    && let Some(slot) = self.seat_of_mut(person.id)
                {
                    slot.away_since = Some(Instant::now());
                }
                self.broadcast();
            }
            Command::Request {
                conn,
                person,
                request,
                reply,
            } => {
                let answer = self.request(conn, &person, request).await;
                // The new state goes out before the answer, so a client that gets `ok` already
                // holds the room it produced.
                if answer.is_ok() {
                    self.schedule_ai();
                    self.broadcast();
                }
                let _ = reply.send(answer);
            }
            // Handled by the loop; a stray stop (no hand-over before it) changes nothing.
            Command::HandOver { .. } | Command::Stop => {}
        }
    }

    async fn request(
        &mut self,
        conn: u64,
        person: &Person,
        request: Request,
    ) -> Result<serde_json::Value, ApiError> {
        let watching = self.watchers.iter().any(|w| w.conn == conn);
        if !watching && request != Request::Leave {
            return Err(ApiError::new(
                "no_room",
                "join the room before acting in it",
            ));
        }
        match request {
            Request::Sit(seat) => self.sit(person, &seat).await,
            Request::Stand => self.stand(person).await,
            Request::Ai { seat, level } => {
                self.may_seat_ai(person)?;
                self.add_ai(&seat, &level).await
            }
            Request::UnseatAi(seat) => {
                self.may_seat_ai(person)?;
                self.remove_ai(&seat).await
            }
            Request::Swap(a, b) => {
                let (index, layout) = self.arranging(person)?;
                let name = self.seats[index].name;
                let swapped = self
                    .probe
                    .swap_setup(name, &layout, &a, &b)
                    .map_err(layout_error)?;
                self.arrange(index, swapped).await
            }
            Request::Layout(layout) => {
                let (index, _) = self.arranging(person)?;
                let seat = self.seats[index].name;
                let checked = self
                    .probe
                    .check_setup(Some(seat), &layout)
                    .map_err(layout_error)?;
                self.arrange(index, checked).await
            }
            Request::RandomLayout => {
                let (index, _) = self.arranging(person)?;
                let seat = self.seats[index].name;
                let layout = self
                    .probe
                    .random_setup(Some(seat), rand::rng().random())
                    .map_err(layout_error)?;
                self.arrange(index, layout).await
            }
            Request::Ready => self.ready(person).await,
            Request::Unready => {
                self.need_phase(Phase::Setup)?;
                let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
                self.store_setup(index, self.seats[index].layout.clone(), false)
                    .await?;
                self.seats[index].ready = false;
                Ok(serde_json::json!({}))
            }
            Request::Act(action) => {
                self.need_phase(Phase::Playing)?;
                let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
                let seat = self.seats[index].name;
                let kept = [PlatformAction::Timeout, PlatformAction::Escape]
                    .into_iter()
                    .filter_map(|kind| self.probe.platform_text(kind))
                    .any(|text| text == action.trim());
                if kept {
                    return Err(ApiError::new(
                        "illegal",
                        "the clock and leaving the room play these; send 'leave' to leave",
                    ));
                }
                self.play(seat, &action).await?;
                Ok(serde_json::json!({}))
            }
            Request::Platform(kind) => {
                self.need_phase(Phase::Playing)?;
                let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
                let seat = self.seats[index].name;
                if matches!(kind, PlatformAction::Timeout | PlatformAction::Escape) {
                    return Err(ApiError::new(
                        "illegal",
                        "the clock and leaving the room play these; send 'leave' to leave",
                    ));
                }
                let Some(action) = self.probe.platform_text(kind) else {
                    return Err(ApiError::new("illegal", "this game has no such action"));
                };
                self.play(seat, &action).await?;
                Ok(serde_json::json!({}))
            }
            Request::Leave => self.leave(conn, person).await,
            Request::SaveReplay => {
                self.need_phase(Phase::Over)?;
                let title = format!("{} {} #{}", self.entry.name(), self.mode, self.id.0);
                self.app
                    .store
                    .save_replay(person.id, self.id, &title, UnixMillis::now())
                    .await?;
                self.replay_saved.insert(person.id);
                Ok(serde_json::json!({}))
            }
        }
    }

    fn need_phase(&self, phase: Phase) -> Result<(), ApiError> {
        if self.phase == phase {
            Ok(())
        } else {
            Err(ApiError::wrong_phase(format!(
                "this can be done only while the room is in {}, and it is in {}",
                phase.name(),
                self.phase.name()
            )))
        }
    }

    fn send_to(&self, conn: u64, frame: &serde_json::Value) {
        if let Some(watcher) = self.watchers.iter().find(|w| w.conn == conn) {
            let _ = watcher.outbox.send(frame.to_string());
        }
    }

    /// Sends every watcher the same events (the platform's own: a forfeit, a timeout).
    fn send_events(&self, events: &[serde_json::Value]) {
        if events.is_empty() {
            return;
        }
        let frame =
            serde_json::json!({"type": "events", "room": self.id.0, "events": events}).to_string();
        for watcher in &self.watchers {
            let _ = watcher.outbox.send(frame.clone());
        }
    }

    /// Sends each watcher the events of an action that it may see: a seated player its seat's,
    /// everyone else the spectators'.
    fn send_viewer_events(&self, events: &ViewerEvents) {
        for watcher in &self.watchers {
            let seat = self
                .seat_index_of(watcher.person.id)
                .map(|index| self.seats[index].name);
            let shown = events.of(seat);
            if shown.is_empty() {
                continue;
            }
            let frame = serde_json::json!({"type": "events", "room": self.id.0, "events": shown});
            let _ = watcher.outbox.send(frame.to_string());
        }
    }

    /// Sends every watcher the room as they may see it, and updates the lobby.
    fn broadcast(&self) {
        for watcher in &self.watchers {
            let frame = RoomFrame {
                kind: "room",
                room: view::room_state(self, Some(watcher.person.id)),
            };
            // Written straight to text: no JSON tree is built on the way.
            if let Ok(text) = serde_json::to_string(&frame) {
                let _ = watcher.outbox.send(text);
            }
        }
        self.publish();
    }

    fn publish(&self) {
        let listed = self.phase != Phase::Over;
        self.app
            .rooms
            .publish(self.id, listed.then(|| json_of(&view::summary(self))));
    }

    /// The game's name.
    #[must_use]
    pub fn game_name(&self) -> &'static str {
        self.entry.name()
    }

    /// When the room was created.
    #[must_use]
    pub fn created(&self) -> UnixMillis {
        self.created
    }
}

/// The frame that carries a room's state to one watcher (`{"type":"room","room":…}`).
#[derive(serde::Serialize)]
struct RoomFrame {
    #[serde(rename = "type")]
    kind: &'static str,
    room: view::RoomState,
}

/// A typed message part as JSON (plain structs of strings and numbers always serialize).
fn json_of(value: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
