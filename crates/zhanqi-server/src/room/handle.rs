//! How connections reach a room's actor: a [`RoomHandle`] sends it [`Command`]s over an mpsc
//! channel and waits for the answer on a oneshot; a [`Request`] is what a person asks of it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{mpsc, oneshot};
use zhanqi_store::{GameId, UserId};

use super::Watcher;
use crate::error::ApiError;

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
    /// Take a platform action (draws, surrender).
    Platform(zhanqi_core::PlatformAction),
    /// Leave the room.
    Leave,
    /// Keep the finished game in one's replays.
    SaveReplay,
}

/// What the actor receives: a connection starting to watch, closing, or asking something.
pub(super) enum Command {
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
    /// Stop playing (no clock, no AI, no request) and answer with the watchers, so that the
    /// room can move to another node; every later visit is answered [`ROOM_MOVING`].
    HandOver {
        reply: oneshot::Sender<Vec<Watcher>>,
    },
    /// Stop for good after a hand-over.
    Stop,
}

/// The code of a visit to a room that is moving to another node: it was not carried out, and
/// sending it again reaches the room on its new node.
pub const ROOM_MOVING: &str = "room_moving";

/// How to reach a room's actor.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    pub(super) room: GameId,
    /// Boxed, so that a room's queue of waiting commands is small while empty.
    pub(super) commands: mpsc::Sender<Box<Command>>,
    /// Set once the room started moving to another node.
    pub(super) moving: Arc<AtomicBool>,
}

impl RoomHandle {
    async fn ask(
        &self,
        command: impl FnOnce(Reply) -> Command,
    ) -> Result<serde_json::Value, ApiError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(Box::new(command(reply)))
            .await
            .map_err(|_| self.gone())?;
        answer.await.map_err(|_| self.gone())?
    }

    /// Why a command found no actor: the room closed, or it is moving to another node.
    fn gone(&self) -> ApiError {
        if self.moving.load(Ordering::Acquire) {
            moving(self.room)
        } else {
            ApiError::new("no_room", "the room has closed")
        }
    }

    /// Stops the room playing so that it can move to another node, and returns who watches
    /// it; `None` if it already closed.
    pub async fn hand_over(&self) -> Option<Vec<Watcher>> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(Box::new(Command::HandOver { reply }))
            .await
            .ok()?;
        answer.await.ok()
    }

    /// Ends the actor of a room handed over.
    pub async fn stop(&self) {
        // A room that already stopped needs nothing more.
        let _ = self.commands.send(Box::new(Command::Stop)).await;
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
        let _ = self
            .commands
            .send(Box::new(Command::Disconnect { conn }))
            .await;
    }
}

/// The answer to a visit that reached a room while it moves to another node.
pub fn moving(room: GameId) -> ApiError {
    ApiError::new(
        ROOM_MOVING,
        format!(
            "room {} is moving to another server; send that again in a moment",
            room.0
        ),
    )
}
