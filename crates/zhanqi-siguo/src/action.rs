//! Actions (§5, §15.3) and the events they produce.

use zhanqi_core::Seat;

use crate::geometry::{Base, Point};
use crate::{Deployment, Piece};

/// What an exchange is followed by in the same turn (§9.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FollowUp {
    /// Nothing.
    Nothing,
    /// A bomb from the second base: `+ bomb <b2>`.
    Bomb,
    /// The first step of a redeployment around the second base: `+ redeploy <b2> <from>><to>`.
    Redeploy {
        /// The soldier's point.
        from: Point,
        /// An empty point of N(b2).
        to: Point,
    },
}

/// One protocol action of a seat.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// A hidden deployment (§4.2), the deployment string.
    Deploy(Box<Deployment>),
    /// A move or a capture: `f6-h6`, `k6xj6` (`capture` says which was written).
    Move {
        /// Where the piece stands.
        from: Point,
        /// Where it goes.
        to: Point,
        /// Whether it captures (written `x`).
        capture: bool,
    },
    /// The first step of a redeployment: `redeploy <base> <from>><to>`.
    Redeploy {
        /// The base whose right is used.
        base: Base,
        /// The soldier's point.
        from: Point,
        /// An empty point of N(base).
        to: Point,
    },
    /// A later step of the pending redeployment: `<from>><to>`.
    Step {
        /// The soldier's point.
        from: Point,
        /// An empty point of N(base).
        to: Point,
    },
    /// Ends the pending redeployment: `stop`.
    Stop,
    /// A bomb card played from a base: `bomb <base>`.
    Bomb(Base),
    /// An exchange card: `exchange <b1> <b2>` and its follow-up.
    Exchange {
        /// The base of the seat's own piece.
        own: Base,
        /// The base of the ally's piece.
        ally: Base,
        /// What follows in the same turn.
        follow_up: FollowUp,
    },
    /// `pass`.
    Pass,
}

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// Both generals of a team were captured.
    GeneralsCaptured,
    /// The quiet counter reached `quiet_limit`.
    QuietLimit,
    /// `max_actions` actions were played.
    MaxActions,
}

impl EndReason {
    /// The reason as §15.5 names it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::GeneralsCaptured => "generals_captured",
            EndReason::QuietLimit => "quiet_limit",
            EndReason::MaxActions => "max_actions",
        }
    }
}

/// What happened when an action was applied.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A seat submitted its deployment (the pieces stay hidden until the reveal).
    Deployed(Seat),
    /// The fourth deployment came in: every deployment is revealed.
    Revealed,
    /// A piece moved.
    Moved {
        /// From.
        from: Point,
        /// To.
        to: Point,
    },
    /// A piece was removed by a capture or a bomb.
    Removed {
        /// Where it stood.
        at: Point,
        /// What it was.
        piece: Piece,
    },
    /// A bomb card was played from `base`.
    Bombed(Base),
    /// Two pieces were swapped by an exchange card.
    Exchanged(Base, Base),
    /// A seat gained a redeploy right.
    RightGained(Seat, Base),
    /// A seat lost its general and every other piece.
    Eliminated(Seat),
    /// The game ended.
    Ended(EndReason),
}

/// Where events go: a vector collects them, [`Quiet`] drops them (playouts).
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// Drops every event.
pub struct Quiet;

impl EventSink for Quiet {
    #[inline]
    fn push(&mut self, _event: Event) {}
}
