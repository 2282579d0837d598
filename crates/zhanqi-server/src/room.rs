//! One actor per room: it owns the game, the seats, the clocks and the watchers, and is
//! reached through a [`RoomHandle`] (mpsc commands with oneshot replies).
//!
//! Every change is stored before it is acknowledged or broadcast, and every message to a
//! watcher is built from what that watcher may see (see [`crate::view`]).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use rand::Rng;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use zhanqi_ai::{Budget, Level, PlayerSpec, level_spec};
use zhanqi_core::Viewer;
use zhanqi_core::platform::{gold_multiplier, multiplier, settle_gold, stake};
use zhanqi_core::{BySeat, Seat, SeatResult};
use zhanqi_protocol::{CHANCE, Choices, DynGame, GameEntry, Registry, Turn, UiError};
use zhanqi_store::{
    Clock, GameId, GameInfo, GameRecord, GameResult, GameStart, LayoutShelf, NewAction, Occupant,
    Settlement, UnixMillis, UserId,
};

use crate::ai_seat::{self, AiThought};
use crate::error::ApiError;
use crate::first_player::{self, FirstPlayer};
use crate::state::AppState;
use crate::view;

/// The name under which a player's last readied layout is kept ("last used").
pub const LAST_LAYOUT: &str = "上次布阵";

/// Frames to one connection (bounded: a full one closes the connection, never blocks).
pub use crate::outbox::Outbox;

/// The answer to a command: extra fields of the `ok` frame, or why it was refused.
pub type Reply = oneshot::Sender<Result<serde_json::Value, ApiError>>;

/// A signed-in person as a room knows them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Person {
    /// Their account.
    pub id: UserId,
    /// Their name.
    pub name: String,
    /// Whether they play as a guest.
    pub guest: bool,
}

/// What a connection asks of a room.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    /// Take a seat.
    Sit(String),
    /// Give one's seat back.
    Stand,
    /// Put an AI of a level in a seat.
    Ai {
        /// The seat.
        seat: String,
        /// The level.
        level: String,
    },
    /// Take an AI out of a seat.
    UnseatAi(String),
    /// Swap two pieces of one's layout.
    Swap(String, String),
    /// Replace one's layout.
    Layout(String),
    /// A new random layout.
    RandomLayout,
    /// Ready to start.
    Ready,
    /// Not ready after all.
    Unready,
    /// Play an action.
    Act(String),
    /// Leave the room.
    Leave,
    /// Keep the finished game in one's replays.
    SaveReplay,
}

enum Command {
    Join {
        conn: u64,
        person: Person,
        outbox: Outbox,
        reply: Reply,
    },
    Disconnect {
        conn: u64,
    },
    Request {
        conn: u64,
        person: Person,
        request: Request,
        reply: Reply,
    },
}

/// How to reach a room's actor.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    commands: mpsc::Sender<Command>,
}

impl RoomHandle {
    async fn ask(
        &self,
        command: impl FnOnce(Reply) -> Command,
    ) -> Result<serde_json::Value, ApiError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(command(reply))
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    /// Watch the room from connection `conn`: its frames go to `outbox`.
    ///
    /// # Errors
    /// `no_room` if the room has closed.
    pub async fn join(
        &self,
        conn: u64,
        person: Person,
        outbox: Outbox,
    ) -> Result<serde_json::Value, ApiError> {
        self.ask(|reply| Command::Join {
            conn,
            person,
            outbox,
            reply,
        })
        .await
    }

    /// Asks the room to do something for `person` on connection `conn`.
    ///
    /// # Errors
    /// Why the room refused.
    pub async fn request(
        &self,
        conn: u64,
        person: Person,
        request: Request,
    ) -> Result<serde_json::Value, ApiError> {
        self.ask(|reply| Command::Request {
            conn,
            person,
            request,
            reply,
        })
        .await
    }

    /// Tells the room that connection `conn` closed.
    pub async fn disconnect(&self, conn: u64) {
        // A room that already stopped has nobody to tell.
        let _ = self.commands.send(Command::Disconnect { conn }).await;
    }
}

fn gone() -> ApiError {
    ApiError::new("no_room", "the room has closed")
}

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

/// What an AI seat will do when its delay is over.
enum AiDecision {
    /// Play this action (an answer to a draw offer).
    Play(&'static str),
    /// Search for a move with this player.
    Think(PlayerSpec),
}

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Sitter {
    /// A person.
    Person(Person),
    /// An AI of this level.
    Ai(String),
}

/// One seat of a room.
#[derive(Clone, Debug)]
pub struct SeatSlot {
    /// The seat's name.
    pub name: &'static str,
    /// Who sits there.
    pub sitter: Option<Sitter>,
    /// The layout being arranged (games with a deployment).
    pub layout: Option<String>,
    /// Whether the seat is ready to start.
    pub ready: bool,
    /// Since when a seated person has had no connection to the room (from the start of play
    /// for a person already away then); past the grace period, during play, the seat escapes.
    pub away_since: Option<Instant>,
    /// A seated person's points in the room's game family (their rank on the seat card).
    pub points: Option<i64>,
    /// Turns the clock played for the seat, in a game without a timeout action of its own.
    pub timeouts: u8,
}

/// The timeouts that lose a game without a timeout action of its own (as junqi's TO-2).
pub const TIMEOUT_LIMIT: u8 = 5;

/// A seat that lost by leaving the table, in a game without platform actions of its own.
#[derive(Clone, Copy, Debug)]
struct Forfeit {
    seat: &'static str,
    /// Escaped (left or lost the connection) or a loss (too many timeouts).
    result: SeatResult,
    /// The reason the result gives: `escaped` or `timeouts`.
    reason: &'static str,
}

/// A connection watching the room.
struct Watcher {
    conn: u64,
    person: Person,
    outbox: Outbox,
}

/// The seat whose clock runs, and when it runs out.
#[derive(Clone, Copy, Debug)]
struct TurnClock {
    seat: &'static str,
    deadline: Instant,
    deadline_unix: UnixMillis,
}

/// A room: everything its actor owns.
pub struct Room {
    app: AppState,
    /// The room's id (the stored game's id).
    pub id: GameId,
    entry: &'static GameEntry,
    /// The mode.
    pub mode: String,
    /// The base stake of a gold room (0: none).
    pub stake: i64,
    /// Who takes the first seat, in a game whose rules draw it.
    pub first_player: FirstPlayer,
    seed: u64,
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
    seq: u32,
    clock: Option<TurnClock>,
    ai_at: Option<Instant>,
    /// The action count at which an AI search is running, if one is.
    thinking: Option<u32>,
    /// Where AI searches send their answers, and where the actor reads them.
    thoughts: mpsc::UnboundedSender<AiThought>,
    thought_inbox: Option<mpsc::UnboundedReceiver<AiThought>>,
    /// The last move of each seat, as the client draws it.
    pub last_moves: BTreeMap<&'static str, serde_json::Value>,
    watchers: Vec<Watcher>,
    /// The result, once over.
    pub result: Option<serde_json::Value>,
    points_at_start: Vec<i64>,
    /// Who saved the game to their replays.
    pub replay_saved: BTreeSet<UserId>,
}

/// Starts the actor of a new room and registers it.
///
/// # Errors
/// If the game or mode is unknown, or the store fails.
pub async fn create_room(
    app: &AppState,
    host: &Person,
    game: &str,
    mode: &str,
    stake: i64,
    first_player: Option<&str>,
) -> Result<GameId, ApiError> {
    let entry = Registry::standard()
        .find(game)
        .map_err(|error| ApiError::bad_message(error.to_string()))?;
    let probe = entry
        .new_game(Some(mode), 0, &[])
        .map_err(|error| ApiError::bad_message(error.to_string()))?;
    if !(0..=1_000_000_000).contains(&stake) {
        return Err(ApiError::bad_message(
            "a stake is a whole number of gold from 0 to 1000000000",
        ));
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
    spawn(room);
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
        match resume_room(app, &record).await {
            Ok(()) => restored += 1,
            Err(error) if error.code == "no_room" => {
                tracing::info!("{error}");
                app.bus.release(id).await;
            }
            Err(error) => tracing::error!("could not restore {id}: {error}"),
        }
    }
    Ok(restored)
}

/// Rebuilds one unfinished room from its record and starts its actor.
///
/// # Errors
/// If the record cannot be replayed.
pub async fn resume_room(app: &AppState, record: &GameRecord) -> Result<(), ApiError> {
    let room = Room::restore(app.clone(), record).await?;
    if room.abandon_due(Instant::now()) {
        // Abandoned while no server ran it: it closes instead of coming back.
        room.close_abandoned().await;
        return Err(ApiError::new(
            "no_room",
            format!("room {} closed: nobody sat in it", room.id.0),
        ));
    }
    spawn(room);
    Ok(())
}

fn spawn(room: Room) {
    let (commands, inbox) = mpsc::channel(64);
    let handle = RoomHandle { commands };
    let (app, id) = (room.app.clone(), room.id);
    app.rooms.insert(id, handle.clone());
    crate::bus::run_room(app, id, handle, room.run(inbox));
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
                .and_then(|layout| room.probe.check_setup(layout).ok());
            slot.ready = seat.ready && (slot.layout.is_some() || !room.probe.deploys());
        }
        for index in 0..room.seats.len() {
            if let Some(Sitter::Person(person)) = &room.seats[index].sitter {
                room.seats[index].points = Some(room.points_of(person.id).await?);
            }
        }
        let Some(start) = &info.start_state else {
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
        let start: StartState = serde_json::from_str(start)
            .map_err(|error| ApiError::internal("read a stored start", error))?;
        let mut game = room.start_game_from(&start)?;
        room.points_at_start = start.points;
        for slot in &mut room.seats {
            slot.layout = start.deployments.get(slot.name).cloned();
        }
        for action in &record.actions {
            // An action without a seat is a chance outcome (a roll).
            let seat = match action.seat {
                None => CHANCE,
                Some(seat) => game
                    .seat_name(seat)
                    .ok_or_else(|| ApiError::internal("replay a stored action", "no seat"))?,
            };
            let played = game
                .play_ui(seat, &action.action)
                .map_err(|error| ApiError::internal("replay a stored action", error))?;
            room.note_moves(&played.moved);
            room.seq = action.seq + 1;
        }
        for slot in &mut room.seats {
            slot.ready = true;
        }
        room.game = Some(game);
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

    fn start_game_from(&self, start: &StartState) -> Result<Box<dyn DynGame>, ApiError> {
        let deployments: Vec<(&str, &str)> = start
            .deployments
            .iter()
            .map(|(seat, layout)| (seat.as_str(), layout.as_str()))
            .collect();
        self.entry
            .new_game(Some(&self.mode), self.seed, &deployments)
            .map_err(|error| ApiError::internal("start the game", error))
    }

    async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        let Some(mut thoughts) = self.thought_inbox.take() else {
            return;
        };
        self.publish();
        self.schedule_ai();
        loop {
            let wake = self.next_wake();
            tokio::select! {
                command = inbox.recv() => {
                    let Some(command) = command else { break };
                    self.handle(command).await;
                }
                Some(thought) = thoughts.recv() => self.on_thought(thought).await,
                () = sleep_until(wake) => self.on_timer().await,
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
            self.close_abandoned().await;
        }
        self.app.rooms.remove(self.id);
    }

    /// Marks a room that never started as closed in the store, so that no restart brings it
    /// back.
    async fn close_abandoned(&self) {
        if let Err(error) = self
            .app
            .store
            .abandon_open_game(self.id, UnixMillis::now())
            .await
        {
            tracing::warn!("could not close the unstarted room {}: {error}", self.id);
        }
    }

    /// How long a room that has not started may go without a seated person present.
    fn abandon_after(&self) -> Duration {
        let minutes = self.app.config.abandoned_room_minutes;
        Duration::try_from_secs_f64(minutes * 60.0).unwrap_or(Duration::MAX)
    }

    /// When the room closes as abandoned unless a person sits down, if it is unattended.
    fn abandon_at(&self) -> Option<Instant> {
        let since = self
            .unattended_since
            .filter(|_| self.phase == Phase::Setup)?;
        since.checked_add(self.abandon_after())
    }

    /// Whether the room has gone unattended for the abandon period.
    fn abandon_due(&self, now: Instant) -> bool {
        self.abandon_at().is_some_and(|at| at <= now)
    }

    /// Starts or stops the abandon period: a room in setup is attended while a seated person
    /// has a connection to it.
    fn note_attendance(&mut self) {
        let attended = self.phase != Phase::Setup
            || self.seats.iter().any(|slot| {
                matches!(&slot.sitter, Some(Sitter::Person(person)) if self.connected(person.id))
            });
        if attended {
            self.unattended_since = None;
        } else if self.unattended_since.is_none() {
            self.unattended_since = Some(Instant::now());
        }
    }

    /// A room closes when nobody watches it and nobody holds a seat to come back to, and when
    /// it must close whoever is still in it (abandoned before it started).
    fn should_close(&self) -> bool {
        if self.closing.is_some() {
            return true;
        }
        if !self.watchers.is_empty() {
            return false;
        }
        match self.phase {
            Phase::Over => true,
            Phase::Setup => !self
                .seats
                .iter()
                .any(|slot| matches!(slot.sitter, Some(Sitter::Person(_)))),
            Phase::Playing => false,
        }
    }

    fn next_wake(&self) -> Option<Instant> {
        let grace = Duration::from_secs_f64(self.app.config.grace_seconds.max(0.0));
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

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                conn,
                person,
                outbox,
                reply,
            } => {
                self.watchers.retain(|watcher| watcher.conn != conn);
                self.watchers.push(Watcher {
                    conn,
                    person: person.clone(),
                    outbox,
                });
                if let Some(slot) = self.seat_of_mut(person.id) {
                    slot.away_since = None;
                }
                if let Some(index) = self.seat_index_of(person.id) {
                    self.prepare_seat(index).await;
                }
                let board = self.probe.ui_board();
                self.send_to(
                    conn,
                    &serde_json::json!({"type": "board", "room": self.id.0, "board": board}),
                );
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
                let checked = self.probe.check_setup(&layout).map_err(layout_error)?;
                self.arrange(index, checked).await
            }
            Request::RandomLayout => {
                let (index, _) = self.arranging(person)?;
                let layout = self
                    .probe
                    .random_setup(rand::rng().random())
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
                if matches!(action.trim(), "T" | "escape") {
                    return Err(ApiError::new(
                        "illegal",
                        "the clock and leaving the room play these; send 'leave' to leave",
                    ));
                }
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

    /// Only the room's players and its creator choose its AIs: a spectator who could would
    /// start someone else's game against a level of their choosing.
    fn may_seat_ai(&self, person: &Person) -> Result<(), ApiError> {
        if self.seat_index_of(person.id).is_some() || self.host == Some(person.id) {
            Ok(())
        } else {
            Err(ApiError::new(
                "forbidden",
                "only the room's players and its creator may seat or remove an AI; take a seat first",
            ))
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

    fn slot_index(&self, seat: &str) -> Result<usize, ApiError> {
        self.seats
            .iter()
            .position(|slot| slot.name == seat)
            .ok_or_else(|| {
                let names: Vec<&str> = self.seats.iter().map(|slot| slot.name).collect();
                ApiError::new(
                    "no_seat",
                    format!(
                        "there is no seat '{seat}'; the seats are {}",
                        names.join(", ")
                    ),
                )
            })
    }

    /// The index of the seat where this person sits.
    pub fn seat_index_of(&self, user: UserId) -> Option<usize> {
        self.seats.iter().position(
            |slot| matches!(&slot.sitter, Some(Sitter::Person(person)) if person.id == user),
        )
    }

    fn seat_of_mut(&mut self, user: UserId) -> Option<&mut SeatSlot> {
        let index = self.seat_index_of(user)?;
        Some(&mut self.seats[index])
    }

    /// Whether a person of this account watches the room now.
    pub fn connected(&self, user: UserId) -> bool {
        self.watchers.iter().any(|w| w.person.id == user)
    }

    /// How many watchers hold no seat.
    pub fn spectators(&self) -> usize {
        self.watchers
            .iter()
            .filter(|w| self.seat_index_of(w.person.id).is_none())
            .map(|w| w.person.id)
            .collect::<BTreeSet<_>>()
            .len()
    }

    fn seat_active(&self, seat: &str) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        Some(game.ui_view(Viewer::Omniscient))
            .and_then(|view| {
                view["seats"].as_array().map(|seats| {
                    seats
                        .iter()
                        .any(|s| s["seat"] == seat && s["status"] == "active")
                })
            })
            .unwrap_or(true)
    }

    async fn sit(&mut self, person: &Person, seat: &str) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.slot_index(seat)?;
        if self.seat_index_of(person.id).is_some() {
            return Err(ApiError::new(
                "seat_taken",
                "you already hold a seat in this room; stand up first",
            ));
        }
        if self.seats[index].sitter.is_some() {
            return Err(ApiError::new("seat_taken", format!("seat {seat} is taken")));
        }
        if self.stake > 0 {
            self.check_gold(person).await?;
        }
        let seat_id = self
            .probe
            .seat(seat)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app
            .store
            .take_seat(self.id, seat_id, &Occupant::User(person.id))
            .await
            .map_err(|error| {
                if error.is_conflict() {
                    ApiError::new("seat_taken", error.to_string())
                } else {
                    error.into()
                }
            })?;
        self.seats[index].sitter = Some(Sitter::Person(person.clone()));
        self.seats[index].points = Some(self.points_of(person.id).await?);
        self.seats[index].ready = false;
        self.prepare_seat(index).await;
        Ok(serde_json::json!({}))
    }

    /// Refuses a seat in a gold room to a person with less gold than the stake the table would
    /// freeze with them seated (GD-2): the base stake times the gold multiplier of the points
    /// of everyone seated so far and theirs. More people sitting down can only lower it.
    async fn check_gold(&self, person: &Person) -> Result<(), ApiError> {
        let mut points = self.seated_points().await?;
        points.push(self.points_of(person.id).await?);
        let multiplier = gold_multiplier(multiplier(&points));
        let frozen = stake(self.stake, multiplier);
        let gold = self.app.store.account(person.id).await?.gold;
        if gold < frozen {
            return Err(ApiError::new(
                "not_enough_gold",
                format!(
                    "a seat at this table freezes {frozen} gold (stake {} × {multiplier}) and you have {gold}",
                    self.stake
                ),
            ));
        }
        Ok(())
    }

    /// A person's points in this room's game family.
    async fn points_of(&self, user: UserId) -> Result<i64, ApiError> {
        Ok(self
            .app
            .store
            .profile(user, self.entry.name())
            .await?
            .points)
    }

    /// The points of every taken seat, in seat order (an AI counts as a new player, 0).
    async fn seated_points(&self) -> Result<Vec<i64>, ApiError> {
        let mut points = Vec::with_capacity(self.seats.len());
        for slot in &self.seats {
            points.push(match &slot.sitter {
                Some(Sitter::Person(person)) => self.points_of(person.id).await?,
                Some(Sitter::Ai(_)) => 0,
                None => continue,
            });
        }
        Ok(points)
    }

    /// Gives a seat its starting layout: the person's last used one if still legal, else a
    /// random one; an AI gets a random one and is ready.
    async fn prepare_seat(&mut self, index: usize) {
        if self.seats[index].sitter.is_none() {
            return;
        }
        if !self.probe.deploys() {
            if matches!(self.seats[index].sitter, Some(Sitter::Ai(_))) {
                self.seats[index].ready = true;
            }
            return;
        }
        if self.seats[index].layout.is_some() {
            return;
        }
        let mut layout = None;
        if let Some(Sitter::Person(person)) = &self.seats[index].sitter {
            let shelf = LayoutShelf {
                user: person.id,
                game: self.entry.name(),
                mode: &self.mode,
            };
            if let Ok(Some(saved)) = self.app.store.default_layout(shelf).await {
                layout = self.probe.check_setup(&saved.layout).ok();
            }
        }
        let layout = match layout {
            Some(layout) => Some(layout),
            None => self.probe.random_setup(rand::rng().random()).ok(),
        };
        let slot = &mut self.seats[index];
        slot.layout = layout;
        if matches!(slot.sitter, Some(Sitter::Ai(_))) {
            slot.ready = true;
        }
        let (layout, ready) = (slot.layout.clone(), slot.ready);
        if let Err(error) = self.store_setup(index, layout, ready).await {
            // The seat still plays; only a restart before it is ready would lose the layout.
            tracing::warn!("room {}: could not keep a layout: {error}", self.id);
        }
    }

    /// Makes `layout` the seat's arrangement, once it is stored.
    async fn arrange(
        &mut self,
        index: usize,
        layout: String,
    ) -> Result<serde_json::Value, ApiError> {
        self.store_setup(index, Some(layout.clone()), false).await?;
        self.seats[index].layout = Some(layout);
        Ok(serde_json::json!({}))
    }

    /// Stores a seat's layout and readiness during setup, so that a restart gives them back.
    async fn store_setup(
        &self,
        index: usize,
        layout: Option<String>,
        ready: bool,
    ) -> Result<(), ApiError> {
        let seat = self
            .probe
            .seat(self.seats[index].name)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app
            .store
            .set_seat_setup(self.id, seat, layout.as_deref(), ready)
            .await?;
        Ok(())
    }

    async fn stand(&mut self, person: &Person) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
        self.free_seat(index).await
    }

    async fn free_seat(&mut self, index: usize) -> Result<serde_json::Value, ApiError> {
        let seat_id = self
            .probe
            .seat(self.seats[index].name)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app.store.leave_seat(self.id, seat_id).await?;
        let slot = &mut self.seats[index];
        slot.sitter = None;
        slot.layout = None;
        slot.ready = false;
        slot.points = None;
        slot.away_since = None;
        Ok(serde_json::json!({}))
    }

    async fn add_ai(&mut self, seat: &str, level: &str) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        if self.stake > 0 {
            return Err(ApiError::new(
                "not_enough_gold",
                "an AI has no gold to stake, so the seats of a gold room are for people only",
            ));
        }
        if !["easy", "medium", "hard", "expert"].contains(&level) {
            return Err(ApiError::bad_message(format!(
                "'{level}' is not an AI level; the levels are easy, medium, hard, expert"
            )));
        }
        let index = self.slot_index(seat)?;
        if self.seats[index].sitter.is_some() {
            return Err(ApiError::new("seat_taken", format!("seat {seat} is taken")));
        }
        let seat_id = self
            .probe
            .seat(seat)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app
            .store
            .take_seat(self.id, seat_id, &Occupant::Ai(level.to_owned()))
            .await?;
        self.seats[index].sitter = Some(Sitter::Ai(level.to_owned()));
        self.prepare_seat(index).await;
        self.try_start().await?;
        Ok(serde_json::json!({}))
    }

    async fn remove_ai(&mut self, seat: &str) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.slot_index(seat)?;
        if !matches!(self.seats[index].sitter, Some(Sitter::Ai(_))) {
            return Err(ApiError::new(
                "no_seat",
                format!("no AI sits in seat {seat}"),
            ));
        }
        self.free_seat(index).await
    }

    fn arranging(&self, person: &Person) -> Result<(usize, String), ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
        if self.seats[index].ready {
            return Err(ApiError::wrong_phase(
                "you are ready; send unready to change your layout",
            ));
        }
        let layout = self.seats[index]
            .layout
            .clone()
            .ok_or_else(|| ApiError::wrong_phase("this game has no layout to arrange"))?;
        Ok((index, layout))
    }

    async fn ready(&mut self, person: &Person) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
        if let Some(layout) = self.seats[index].layout.clone() {
            let shelf = LayoutShelf {
                user: person.id,
                game: self.entry.name(),
                mode: &self.mode,
            };
            let now = UnixMillis::now();
            self.app
                .store
                .save_layout(shelf, LAST_LAYOUT, &layout, now)
                .await?;
            self.app
                .store
                .mark_layout_used(shelf, LAST_LAYOUT, now)
                .await?;
        }
        let layout = self.seats[index].layout.clone();
        self.store_setup(index, layout.clone(), true).await?;
        self.seats[index].ready = true;
        if let Err(error) = self.try_start().await {
            // The coin for the first player may have moved the person to the other seat.
            let index = self.seat_index_of(person.id).unwrap_or(index);
            let layout = self.seats[index].layout.clone();
            self.seats[index].ready = false;
            if let Err(store_error) = self.store_setup(index, layout, false).await {
                tracing::warn!("room {}: could not take back ready: {store_error}", self.id);
            }
            return Err(error);
        }
        Ok(serde_json::json!({}))
    }

    /// Starts the game once every seat is taken and ready.
    async fn try_start(&mut self) -> Result<(), ApiError> {
        if self.phase != Phase::Setup
            || !self
                .seats
                .iter()
                .all(|slot| slot.sitter.is_some() && slot.ready)
        {
            return Ok(());
        }
        let drawn = self.draw_first_player().await?;
        let points = self.seated_points().await?;
        let frozen = if self.stake > 0 {
            stake(self.stake, gold_multiplier(multiplier(&points)))
        } else {
            0
        };
        let start = StartState {
            deployments: self
                .seats
                .iter()
                .filter_map(|slot| Some((slot.name.to_owned(), slot.layout.clone()?)))
                .collect(),
            points: points.clone(),
        };
        let game = self.start_game_from(&start)?;
        let state = serde_json::to_string(&start)
            .map_err(|error| ApiError::internal("write the start", error))?;
        let first_clock = self.clock_after(game.as_ref(), None, Instant::now());
        let clock = self.stored_clock(first_clock.as_ref());
        self.app
            .store
            .start_game(
                self.id,
                &GameStart {
                    frozen_gold: frozen,
                    state: &state,
                    clock: &clock,
                },
                UnixMillis::now(),
            )
            .await
            .map_err(|error| {
                if error.is_conflict() {
                    ApiError::new("not_enough_gold", error.to_string())
                } else {
                    error.into()
                }
            })?;
        crate::metrics::game_started();
        self.mark_away_at_start(Instant::now());
        self.points_at_start = points;
        self.game = Some(game);
        self.phase = Phase::Playing;
        self.clock = first_clock;
        let first = match self.game.as_ref().map(|game| game.to_act()) {
            Some(Turn::Chance) => self.seats.first().map(|slot| slot.name),
            _ => first_clock.map(|c| c.seat),
        };
        let mut events = vec![serde_json::json!({"kind": "started", "first": first})];
        if let Some(seat) = drawn {
            events.push(serde_json::json!({"kind": "first_player", "seat": seat, "drawn": true}));
        }
        self.send_events(&events);
        self.roll_chance().await
    }

    /// Tosses the coin of a room whose game draws the first player (shengke §6.2) and, if it
    /// says so, makes the two seated players change seats with all that is theirs, stored
    /// before the game starts; gives the first seat's name when a coin was tossed.
    async fn draw_first_player(&mut self) -> Result<Option<&'static str>, ApiError> {
        if self.first_player != FirstPlayer::Random
            || !self.probe.first_player_drawn()
            || self.seats.len() != 2
        {
            return Ok(None);
        }
        if first_player::coin_swaps(self.seed) {
            let seat = |slot: &SeatSlot| {
                self.probe
                    .seat(slot.name)
                    .map_err(|e| ApiError::internal("seat", e))
            };
            let (first, second) = (seat(&self.seats[0])?, seat(&self.seats[1])?);
            self.app.store.swap_seats(self.id, first, second).await?;
            let (left, right) = self.seats.split_at_mut(1);
            let (a, b) = (&mut left[0], &mut right[0]);
            std::mem::swap(&mut a.sitter, &mut b.sitter);
            std::mem::swap(&mut a.layout, &mut b.layout);
            std::mem::swap(&mut a.ready, &mut b.ready);
            std::mem::swap(&mut a.away_since, &mut b.away_since);
            std::mem::swap(&mut a.points, &mut b.points);
            std::mem::swap(&mut a.timeouts, &mut b.timeouts);
        }
        Ok(Some(self.seats[0].name))
    }

    /// Starts the grace period of every seated person with no connection to the room when the
    /// game starts: whoever does not come back in time escapes.
    fn mark_away_at_start(&mut self, now: Instant) {
        for index in 0..self.seats.len() {
            let away = match &self.seats[index].sitter {
                Some(Sitter::Person(person)) => !self.connected(person.id),
                _ => false,
            };
            self.seats[index].away_since = away.then_some(now);
        }
    }

    /// The clock after a change: kept when the same seat is still to act and `keep` says the
    /// action did not end its turn; restarted for a new seat; none when nobody acts.
    fn clock_after(
        &self,
        game: &dyn DynGame,
        keep: Option<TurnClock>,
        now: Instant,
    ) -> Option<TurnClock> {
        let Turn::Seats(seats) = game.to_act() else {
            return None;
        };
        let seat = *seats.first()?;
        if let Some(kept) = keep
            && kept.seat == seat
        {
            return Some(kept);
        }
        let millis = (self.app.config.move_seconds.max(0.0) * 1000.0) as u64;
        Some(TurnClock {
            seat,
            deadline: now + Duration::from_millis(millis),
            deadline_unix: UnixMillis::now().plus_millis(millis as i64),
        })
    }

    /// Resumes a stored clock: the turn of the seat to act runs out at `deadline`.
    fn set_clock(&mut self, deadline: Option<UnixMillis>) {
        let Some(game) = &self.game else { return };
        let Turn::Seats(seats) = game.to_act() else {
            self.clock = None;
            return;
        };
        let Some(&seat) = seats.first() else { return };
        let now_unix = UnixMillis::now();
        let deadline_unix = deadline.unwrap_or(now_unix);
        let left = u64::try_from(deadline_unix.0 - now_unix.0).unwrap_or(0);
        self.clock = Some(TurnClock {
            seat,
            deadline: Instant::now() + Duration::from_millis(left),
            deadline_unix,
        });
    }

    /// Plays an action for a seat, then rolls for every chance node that follows (the dice
    /// of shengke): the server draws each outcome, stored like any action.
    async fn play(&mut self, seat: &'static str, action: &str) -> Result<(), ApiError> {
        self.play_one(seat, action).await?;
        self.roll_chance().await
    }

    /// Resolves the chance nodes the game waits at, one outcome at a time, drawn by weight.
    async fn roll_chance(&mut self) -> Result<(), ApiError> {
        while let Some(game) = &self.game
            && game.to_act() == Turn::Chance
        {
            let outcomes = game.chance_outcomes();
            let total: u64 = outcomes
                .iter()
                .map(|outcome| u64::from(outcome.weight))
                .sum();
            let mut pick = rand::rng().random_range(0..total.max(1));
            let Some(outcome) = outcomes.iter().find(|outcome| {
                let hit = pick < u64::from(outcome.weight);
                pick = pick.saturating_sub(u64::from(outcome.weight));
                hit
            }) else {
                return Err(ApiError::internal("roll", "a chance node without outcomes"));
            };
            let text = outcome.text.clone();
            self.play_one(CHANCE, &text).await?;
        }
        Ok(())
    }

    /// Plays one action (or chance outcome) for a seat: checked on a copy, stored, then made
    /// the game.
    async fn play_one(&mut self, seat: &'static str, action: &str) -> Result<(), ApiError> {
        let Some(game) = &self.game else {
            return Err(ApiError::wrong_phase("the game has not started"));
        };
        let mut next = game.clone_box();
        let played = next
            .play_ui(seat, action)
            .map_err(|error| ApiError::new("illegal", error.to_string()))?;
        // Only the mover's own move or lost turn restarts the clock: draw offers and answers
        // do not stop it (DR-4), nor does another seat's surrender or escape.
        let keeps_clock =
            !played.restarts_clock || self.clock.is_some_and(|clock| clock.seat != seat);
        let now = Instant::now();
        let clock = self.clock_after(next.as_ref(), self.clock.filter(|_| keeps_clock), now);
        let seat_id = if seat == CHANCE {
            None
        } else {
            Some(next.seat(seat).map_err(|e| ApiError::internal("seat", e))?)
        };
        let storing = std::time::Instant::now();
        self.app
            .store
            .append_action(
                self.id,
                &NewAction {
                    seq: self.seq,
                    seat: seat_id,
                    action: &played.record,
                    at: UnixMillis::now(),
                    clock: &self.stored_clock(clock.as_ref()),
                },
            )
            .await?;
        crate::metrics::action_played(storing.elapsed());
        self.seq += 1;
        self.game = Some(next);
        self.clock = clock;
        self.note_moves(&played.moved);
        self.send_events(&played.events.spectator);
        if self
            .game
            .as_ref()
            .is_some_and(|game| game.outcome().is_some())
        {
            self.finish().await?;
        }
        Ok(())
    }

    /// The clock as stored with an action: its deadline, the seat it runs for and the lost
    /// turns the room counts itself (games without a timeout action of their own), so that a
    /// restart gives them back.
    fn stored_clock(&self, clock: Option<&TurnClock>) -> Clock {
        let timeouts: serde_json::Map<String, serde_json::Value> = self
            .seats
            .iter()
            .filter(|slot| slot.timeouts > 0)
            .map(|slot| (slot.name.to_owned(), slot.timeouts.into()))
            .collect();
        Clock {
            deadline: clock.map(|clock| clock.deadline_unix),
            state: serde_json::json!({"seat": clock.map(|clock| clock.seat), "timeouts": timeouts})
                .to_string(),
        }
    }

    /// Gives each seat back the lost turns its last stored clock counted.
    fn restore_timeouts(&mut self, clock: Option<&Clock>) {
        let Some(state) =
            clock.and_then(|clock| serde_json::from_str::<serde_json::Value>(&clock.state).ok())
        else {
            return;
        };
        for slot in &mut self.seats {
            if let Some(count) = state["timeouts"][slot.name].as_u64() {
                slot.timeouts = u8::try_from(count).unwrap_or(u8::MAX);
            }
        }
    }

    /// Keeps each seat's last move, as the game marks it, to draw.
    fn note_moves(&mut self, moved: &[(&'static str, serde_json::Value)]) {
        for (seat, event) in moved {
            self.last_moves.insert(seat, event.clone());
        }
    }

    /// Settles a finished game: results, points and gold, stored in one transaction.
    async fn finish(&mut self) -> Result<(), ApiError> {
        self.settle(None).await
    }

    /// Settles the game as the game ended it, or with `forfeit`'s seat losing by leaving the
    /// table (games without escape or timeout actions of their own).
    async fn settle(&mut self, forfeit: Option<Forfeit>) -> Result<(), ApiError> {
        let Some(game) = &self.game else {
            return Ok(());
        };
        let (result_word, winners, reason, results) = match (forfeit, game.outcome()) {
            (Some(forfeit), _) => (
                "win",
                self.seats
                    .iter()
                    .map(|slot| slot.name)
                    .filter(|&name| name != forfeit.seat)
                    .collect(),
                forfeit.reason,
                self.seats
                    .iter()
                    .map(|slot| {
                        if slot.name == forfeit.seat {
                            forfeit.result
                        } else {
                            SeatResult::Win
                        }
                    })
                    .collect(),
            ),
            (None, Some(outcome)) => (
                outcome.result,
                outcome.winners,
                outcome.reason,
                game.seat_results().unwrap_or_default(),
            ),
            (None, None) => return Ok(()),
        };
        let points = game
            .points_change(&self.points_at_start)
            .filter(|_| forfeit.is_none())
            .unwrap_or_else(|| vec![0; results.len()]);
        let gold = if self.stake > 0 {
            game.gold_change(self.stake, &self.points_at_start)
                .filter(|_| forfeit.is_none())
                .map(|(gold, _house)| gold)
                .or_else(|| self.gold_by_results(game.as_ref(), &results))
        } else {
            None
        }
        .unwrap_or_else(|| vec![0; results.len()]);
        let mut settlements = Vec::new();
        let mut seats_json = serde_json::Map::new();
        for (index, slot) in self.seats.iter().enumerate() {
            let result = results.get(index).copied().unwrap_or(SeatResult::Absent);
            let seat_id = game
                .seat(slot.name)
                .map_err(|e| ApiError::internal("seat", e))?;
            let settlement = Settlement {
                result,
                points: points.get(index).copied().unwrap_or(0),
                gold: gold.get(index).copied().unwrap_or(0),
            };
            if slot.sitter.is_some() {
                settlements.push((seat_id, settlement));
            }
            seats_json.insert(
                slot.name.to_owned(),
                serde_json::json!({
                    "result": result,
                    "points": settlement.points,
                    "gold": settlement.gold,
                }),
            );
        }
        let summary = serde_json::json!({
            "result": result_word,
            "winners": winners,
            "reason": reason,
            "seats": seats_json,
        });
        self.app
            .store
            .finish_game(
                self.id,
                &GameResult {
                    outcome: &summary.to_string(),
                    seats: &settlements,
                },
                UnixMillis::now(),
            )
            .await?;
        for (slot, change) in self.seats.iter_mut().zip(&points) {
            if let Some(points) = &mut slot.points {
                *points += change;
            }
        }
        crate::metrics::game_finished();
        self.result = Some(summary);
        self.phase = Phase::Over;
        self.clock = None;
        self.ai_at = None;
        Ok(())
    }

    /// The gold change of each seat (in seat order) by results alone, for a game that settles
    /// no gold itself: the frozen stakes of losers and escapees go to the winners.
    fn gold_by_results(&self, game: &dyn DynGame, results: &[SeatResult]) -> Option<Vec<i64>> {
        let frozen = stake(
            self.stake,
            gold_multiplier(multiplier(&self.points_at_start)),
        );
        let seat_ids: Vec<Seat> = self
            .seats
            .iter()
            .filter_map(|slot| game.seat(slot.name).ok())
            .collect();
        let by_seat = BySeat::from_fn(|seat| {
            seat_ids
                .iter()
                .position(|&id| id == seat)
                .and_then(|index| results.get(index))
                .map_or(SeatResult::Absent, |result| *result)
        });
        let settlement = settle_gold(frozen, &by_seat);
        Some(
            seat_ids
                .iter()
                .map(|&seat| settlement.change[seat])
                .collect(),
        )
    }

    /// A seat leaves the table during play: the game's own `escape`, or else a forfeit.
    async fn escape(&mut self, seat: &'static str) -> Result<(), ApiError> {
        if self.accepts(seat, "escape") {
            return self.play(seat, "escape").await;
        }
        self.settle(Some(Forfeit {
            seat,
            result: SeatResult::Escaped,
            reason: "escaped",
        }))
        .await?;
        self.send_events(&[
            serde_json::json!({"kind": "escaped", "seat": seat}),
            serde_json::json!({"kind": "game_over", "winners": self.result.as_ref().map(|r| r["winners"].clone()), "reason": "escaped"}),
        ]);
        Ok(())
    }

    /// Whether the game would accept `action` from `seat` now (asked on a copy).
    fn accepts(&self, seat: &str, action: &str) -> bool {
        self.game
            .as_ref()
            .is_some_and(|game| game.clone_box().play(seat, action).is_ok())
    }

    /// The clock ran out for `seat`: the game's own timeout (`T`), or else a uniformly random
    /// listed action played for the seat, the fifth of which loses the game.
    async fn time_out(&mut self, seat: &'static str) -> Result<(), ApiError> {
        if self.accepts(seat, "T") {
            return self.play(seat, "T").await;
        }
        let Some(game) = &self.game else {
            return Ok(());
        };
        let index = self.slot_index(seat)?;
        self.seats[index].timeouts = self.seats[index].timeouts.saturating_add(1);
        let count = self.seats[index].timeouts;
        self.send_events(&[serde_json::json!({"kind": "timed_out", "seat": seat, "count": count})]);
        if count >= TIMEOUT_LIMIT {
            self.settle(Some(Forfeit {
                seat,
                result: SeatResult::Loss,
                reason: "timeouts",
            }))
            .await?;
            self.send_events(&[
                serde_json::json!({"kind": "defeated", "seat": seat, "reason": "timeouts"}),
                serde_json::json!({"kind": "game_over", "winners": self.result.as_ref().map(|r| r["winners"].clone()), "reason": "timeouts"}),
            ]);
            return Ok(());
        }
        let Ok(Choices::Listed(actions)) = game.legal_actions(seat) else {
            return Err(ApiError::internal("time out", "no listed action"));
        };
        if actions.is_empty() {
            return Err(ApiError::internal("time out", "no legal action"));
        }
        let action = actions[rand::rng().random_range(0..actions.len())].clone();
        self.play(seat, &action).await
    }

    async fn leave(&mut self, conn: u64, person: &Person) -> Result<serde_json::Value, ApiError> {
        match (self.phase, self.seat_index_of(person.id)) {
            (Phase::Setup, Some(index)) => {
                self.free_seat(index).await?;
            }
            (Phase::Playing, Some(index)) if self.seat_active(self.seats[index].name) => {
                let seat = self.seats[index].name;
                self.escape(seat).await?;
            }
            _ => {}
        }
        self.watchers.retain(|w| w.conn != conn);
        Ok(serde_json::json!({}))
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        if self.abandon_due(now) {
            let minutes = self.app.config.abandoned_room_minutes;
            self.closing = Some(format!(
                "room {} closed because no player sat in it for {minutes} minutes; create or join another room",
                self.id.0
            ));
            return;
        }
        if let Some(clock) = self.clock
            && clock.deadline <= now
        {
            if let Err(error) = self.time_out(clock.seat).await {
                tracing::error!(
                    "room {}: timeout of {} failed: {error}",
                    self.id,
                    clock.seat
                );
                // Try again shortly rather than spin.
                self.clock = Some(TurnClock {
                    deadline: now + Duration::from_secs(1),
                    ..clock
                });
            }
            self.schedule_ai();
            self.broadcast();
            return;
        }
        if self.phase == Phase::Playing {
            let grace = Duration::from_secs_f64(self.app.config.grace_seconds.max(0.0));
            let gone = self.seats.iter().find(|slot| {
                slot.away_since.is_some_and(|since| since + grace <= now)
                    && self.seat_active(slot.name)
            });
            if let Some(slot) = gone {
                let seat = slot.name;
                if let Err(error) = self.escape(seat).await {
                    tracing::error!("room {}: escape of {seat} failed: {error}", self.id);
                }
                for slot in &mut self.seats {
                    if slot.name == seat {
                        slot.away_since = None;
                    }
                }
                self.schedule_ai();
                self.broadcast();
                return;
            }
        }
        if let Some(at) = self.ai_at
            && at <= now
        {
            self.ai_at = None;
            match self.ai_choice() {
                Some((seat, AiDecision::Play(answer))) => {
                    self.ai_play(seat, answer).await;
                }
                Some((seat, AiDecision::Think(spec))) => self.start_thinking(seat, spec),
                None => {}
            }
            self.schedule_ai();
            self.broadcast();
        }
    }

    /// Starts an AI search on a copy of the game; its answer comes back as an [`AiThought`].
    fn start_thinking(&mut self, seat: &'static str, spec: PlayerSpec) {
        let Some(game) = &self.game else { return };
        ai_seat::think_in_background(
            game.clone_box(),
            seat,
            spec,
            rand::rng().random(),
            self.seq,
            self.thoughts.clone(),
        );
        self.thinking = Some(self.seq);
    }

    /// Plays an AI's answer if the game is still where the search started; drops it otherwise
    /// (someone acted meanwhile: a draw offer, a timeout, an escape).
    async fn on_thought(&mut self, thought: AiThought) {
        if self.thinking == Some(thought.seq) {
            self.thinking = None;
        }
        if thought.seq != self.seq || self.phase != Phase::Playing {
            tracing::debug!("room {}: a stale AI answer was dropped", self.id);
        } else {
            match thought.action {
                Ok(action) => self.ai_play(thought.seat, &action).await,
                Err(error) => tracing::error!("room {}: AI {}: {error}", self.id, thought.seat),
            }
        }
        self.schedule_ai();
        self.broadcast();
    }

    async fn ai_play(&mut self, seat: &'static str, action: &str) {
        if let Err(error) = self.play(seat, action).await {
            tracing::error!(
                "room {}: AI {seat} could not play {action}: {error}",
                self.id
            );
        }
    }

    /// What an AI seat does now, if one must act: refuse a pending draw offer, or think of a
    /// move at its level.
    fn ai_choice(&self) -> Option<(&'static str, AiDecision)> {
        let game = self.game.as_ref()?;
        if self.phase != Phase::Playing {
            return None;
        }
        let ai_level = |name: &str| {
            self.seats.iter().find_map(|slot| match &slot.sitter {
                Some(Sitter::Ai(level)) if slot.name == name => Some(level.clone()),
                _ => None,
            })
        };
        if let Some(offer) = game.draw_offer() {
            for slot in &self.seats {
                let answered = offer.by == slot.name || offer.accepted.contains(&slot.name);
                if ai_level(slot.name).is_some() && !answered && self.seat_active(slot.name) {
                    // The same game at the same ply gets the same answer.
                    let seed = self.seed ^ u64::from(self.seq).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let answer = ai_seat::draw_answer(game.as_ref(), slot.name, seed);
                    return Some((slot.name, AiDecision::Play(answer)));
                }
            }
        }
        let Turn::Seats(seats) = game.to_act() else {
            return None;
        };
        let seat = *seats.first()?;
        let level = ai_level(seat)?;
        match game.legal_actions(seat) {
            Ok(Choices::Listed(actions)) if !actions.is_empty() => {
                Some((seat, AiDecision::Think(self.ai_spec(&level))))
            }
            _ => None,
        }
    }

    /// The player an AI level names, with the search budget capped by `--ai-think-ms`.
    fn ai_spec(&self, level: &str) -> PlayerSpec {
        let spec = level.parse().unwrap_or(PlayerSpec::Level(Level::Medium));
        let Some(cap) = self.app.config.ai_think_ms else {
            return spec;
        };
        let capped = |budget: Budget, threads: u32| match budget {
            Budget::Millis(ms) => PlayerSpec::Ismcts {
                budget: Budget::Millis(ms.min(cap)),
                threads,
            },
            Budget::Iterations(_) => PlayerSpec::Ismcts { budget, threads },
        };
        match spec {
            PlayerSpec::Level(level) => match level_spec(level) {
                PlayerSpec::Ismcts { budget, threads } => capped(budget, threads),
                _ => PlayerSpec::Level(level),
            },
            PlayerSpec::Ismcts { budget, threads } => capped(budget, threads),
            other => other,
        }
    }

    /// Sets when an AI seat acts next: after the delay, unless a search for this very ply
    /// is already running.
    fn schedule_ai(&mut self) {
        self.ai_at = match self.ai_choice() {
            Some((_, AiDecision::Think(_))) if self.thinking == Some(self.seq) => None,
            Some(_) => Some(Instant::now() + Duration::from_millis(self.app.config.ai_delay_ms)),
            None => None,
        };
    }

    fn send_to(&self, conn: u64, frame: &serde_json::Value) {
        if let Some(watcher) = self.watchers.iter().find(|w| w.conn == conn) {
            let _ = watcher.outbox.send(frame.to_string());
        }
    }

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

    /// Sends every watcher the room as they may see it, and updates the lobby.
    fn broadcast(&self) {
        for watcher in &self.watchers {
            let state = view::room_state(self, Some(watcher.person.id));
            let frame = serde_json::json!({"type": "room", "room": state});
            let _ = watcher.outbox.send(frame.to_string());
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

    /// The running clock: the seat, milliseconds left.
    #[must_use]
    pub fn clock_left(&self) -> Option<(&'static str, u64)> {
        let clock = self.clock?;
        let left = clock.deadline.saturating_duration_since(Instant::now());
        Some((clock.seat, left.as_millis() as u64))
    }

    /// The move time limit in milliseconds.
    #[must_use]
    pub fn move_millis(&self) -> u64 {
        (self.app.config.move_seconds.max(0.0) * 1000.0) as u64
    }
}

/// What the store keeps to start a game again: each seat's deployment and the points every
/// seat had at the start (for the level multiplier).
#[derive(serde::Serialize, serde::Deserialize)]
struct StartState {
    deployments: BTreeMap<String, String>,
    points: Vec<i64>,
}

/// A typed message part as JSON (plain structs of strings and numbers always serialize).
fn json_of(value: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn layout_error(error: UiError) -> ApiError {
    match error {
        UiError::Setup(violations) => ApiError::new("illegal_layout", violations.join("; ")),
        UiError::Unsupported(reason) => ApiError::wrong_phase(reason),
        UiError::Game(error) => ApiError::new("illegal_layout", error.to_string()),
    }
}

fn not_seated() -> ApiError {
    ApiError::new("not_seated", "you hold no seat in this room")
}

/// The instant of a stored time (a time in the future is now).
fn instant_of(time: UnixMillis) -> Instant {
    let ago = u64::try_from(UnixMillis::now().0.saturating_sub(time.0)).unwrap_or(0);
    let now = Instant::now();
    now.checked_sub(Duration::from_millis(ago)).unwrap_or(now)
}

async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
