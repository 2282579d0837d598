//! The client contract through the dyn layer: a game's [`ClientGame`] values as JSON, by seat
//! name, for the server, the replay page and the browser. This is the wire's edge: the typed
//! values of each game's crate become JSON here and nowhere earlier.

use serde::Serialize;
use serde_json::Value;
use zhanqi_core::{ClientGame, Seat, SetupError, Viewer};

use crate::GameError;

/// Why a client-side request about a game was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum UiError {
    /// The game or seat has nothing to arrange.
    #[error("{0}")]
    Unsupported(String),
    /// An arrangement is malformed or breaks the rules: every violation, one sentence each,
    /// and the places they name for the editor to mark.
    #[error("{0}")]
    Setup(SetupError),
    /// The game refused the request.
    #[error(transparent)]
    Game(#[from] GameError),
}

impl UiError {
    /// The violations of a refused arrangement (empty for other refusals).
    #[must_use]
    pub fn violations(&self) -> &[String] {
        match self {
            UiError::Setup(error) => &error.violations,
            _ => &[],
        }
    }
}

impl From<SetupError> for UiError {
    fn from(error: SetupError) -> UiError {
        UiError::Setup(error)
    }
}

/// The events of one action for every kind of viewer: each seat gets only what it may see,
/// spectators theirs, and the omniscient view (a finished game's replay) everything.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct ViewerEvents {
    /// Each seat's events, by seat name, in seat order.
    pub seats: Vec<(&'static str, Vec<Value>)>,
    /// What a spectator sees.
    pub spectator: Vec<Value>,
    /// Everything.
    pub omniscient: Vec<Value>,
}

impl ViewerEvents {
    /// The events of a watcher: a seat's by name, or a spectator's for `None`.
    #[must_use]
    pub fn of(&self, seat: Option<&str>) -> &[Value] {
        seat.and_then(|seat| self.seats.iter().find(|(name, _)| *name == seat))
            .map_or(&self.spectator, |(_, events)| events)
    }
}

/// What an action did, for the client.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayedUi {
    /// The action as a game record writes it (a chance outcome: the outcome's notation).
    pub record: String,
    /// The events, per viewer.
    pub events: ViewerEvents,
    /// Whether the action restarts the clock for the next seat to act (a draw offer does not,
    /// junqi DR-4); the platform also keeps the clock when another seat than the one whose
    /// clock runs acted.
    pub restarts_clock: bool,
    /// The seats whose move the action shows, with the event drawn as that seat's last move.
    pub moved: Vec<(&'static str, Value)>,
}

pub(crate) fn json(value: impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The client's account of `action`, played on `before` to give `after`.
pub(crate) fn played<G: ClientGame>(
    before: &G,
    after: &G,
    action: &G::Action,
    events: &[G::Event],
    record: String,
    restarts_clock: bool,
) -> PlayedUi {
    let views = |viewer: Viewer| after.event_views(before, action, events, viewer);
    let spectator = views(Viewer::Spectator);
    let moved = spectator
        .iter()
        .filter_map(|event| {
            let seat: Seat = after.moved_by(event)?;
            Some((after.seat_name(seat), json(event)))
        })
        .collect();
    PlayedUi {
        record,
        events: ViewerEvents {
            seats: after
                .seats()
                .iter()
                .map(|seat| {
                    let events = views(Viewer::Seat(seat)).iter().map(json).collect();
                    (after.seat_name(seat), events)
                })
                .collect(),
            spectator: spectator.iter().map(json).collect(),
            omniscient: views(Viewer::Omniscient).iter().map(json).collect(),
        },
        restarts_clock,
        moved,
    }
}
