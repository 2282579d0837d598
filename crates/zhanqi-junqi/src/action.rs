//! Actions and events.

use zhanqi_core::{PlatformAction, Seat, SeatSet};

use crate::board::Post;
use crate::combat::Battle;
use crate::{Cell, Deployment};

/// One action of one seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// A move or an attack from one post to another (`c5-c4`, `a6xa7`).
    Move {
        /// Where the piece stands.
        from: Post,
        /// Where it goes.
        to: Post,
    },
    /// Dark chess: turn a face-down piece over (`*c6`).
    Flip(Post),
    /// A seat's whole deployment, during the deployment phase.
    Deploy(Deployment),
    /// A platform action: `T`, `draw?`, `draw+`, `draw-`, `resign`, `escape`.
    Platform(PlatformAction),
}

/// Why a seat was defeated (§5.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DefeatReason {
    /// EL-1: the flag was captured or destroyed.
    FlagLost,
    /// EL-2: no legal move.
    NoMoves,
    /// EL-3: the fifth timeout.
    Timeouts,
    /// EL-4: surrender.
    Surrender,
}

/// Why the game ended, named as the engine protocol names it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// A flag was captured and that ended the game.
    FlagCaptured,
    /// A player left without a legal move ended the game.
    NoMoves,
    /// A fifth timeout ended the game.
    Timeouts,
    /// END-3: an attack left both remaining sides without a movable piece; the attacker won.
    LastPieces,
    /// END-2: 71 consecutive moves without an attack.
    NoAttackLimit,
    /// END-4: every active player agreed to a draw.
    DrawAgreed,
    /// A surrender ended the game.
    Surrender,
    /// An escape ended the game.
    Escape,
}

impl EndReason {
    /// The name of the reason in the engine protocol.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::FlagCaptured => "flag_captured",
            EndReason::NoMoves => "no_moves",
            EndReason::Timeouts => "timeouts",
            EndReason::LastPieces => "last_pieces",
            EndReason::NoAttackLimit => "no_attack_limit",
            EndReason::DrawAgreed => "draw_agreed",
            EndReason::Surrender => "surrender",
            EndReason::Escape => "escape",
        }
    }

    /// Whether the game ends in a draw for this reason.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(self, EndReason::NoAttackLimit | EndReason::DrawAgreed)
    }
}

impl From<DefeatReason> for EndReason {
    fn from(reason: DefeatReason) -> EndReason {
        match reason {
            DefeatReason::FlagLost => EndReason::FlagCaptured,
            DefeatReason::NoMoves => EndReason::NoMoves,
            DefeatReason::Timeouts => EndReason::Timeouts,
            DefeatReason::Surrender => EndReason::Surrender,
        }
    }
}

/// Something that happened when an action was applied. Events carry only public
/// information: battles give their result, never the identities of the pieces.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A seat submitted its deployment (its content stays hidden).
    Deployed {
        /// The seat.
        seat: Seat,
    },
    /// Every seat has deployed; this seat moves first.
    Started {
        /// The first mover.
        first: Seat,
    },
    /// A piece moved, and attacked if `battle` is set.
    Moved {
        /// The mover.
        seat: Seat,
        /// Start post.
        from: Post,
        /// End post.
        to: Post,
        /// The posts passed, start and end included (CL-11).
        path: Vec<Post>,
        /// The result, for an attack.
        battle: Option<Battle>,
    },
    /// Dark chess: a piece was turned face up.
    Flipped {
        /// Who flipped it.
        seat: Seat,
        /// Where.
        post: Post,
        /// What it is.
        cell: Cell,
    },
    /// Dark chess: the colours are decided; `south` is the colour of `s` (0 red, 1 blue).
    ColoursDecided {
        /// The colour of `s`.
        south: u8,
    },
    /// A commander was removed, so its owner's flag is now public (CB-6).
    FlagRevealed {
        /// Whose flag.
        seat: Seat,
        /// Where it stands, if it is still on the board.
        post: Option<Post>,
    },
    /// A seat let its clock run out.
    TimedOut {
        /// The seat.
        seat: Seat,
        /// Its timeouts so far, this one included.
        count: u8,
    },
    /// A seat was defeated; in 2p and 4p its pieces left the board.
    Defeated {
        /// The seat.
        seat: Seat,
        /// Why.
        reason: DefeatReason,
    },
    /// A seat escaped.
    Escaped {
        /// The seat.
        seat: Seat,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The seat.
        seat: Seat,
    },
    /// A seat accepted the pending draw offer.
    DrawAccepted {
        /// The seat.
        seat: Seat,
    },
    /// A seat refused the pending draw offer.
    DrawRefused {
        /// The seat.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// The winners (empty for a draw).
        winners: SeatSet,
        /// Why.
        reason: EndReason,
    },
}

/// Where an action's events go: a vector when they are wanted, nowhere in playouts.
pub(crate) trait EventSink {
    /// Whether events are collected at all (lets the rules skip computing them).
    fn wanted(&self) -> bool;
    /// Records an event, computing it only when events are wanted.
    fn push_with(&mut self, event: impl FnOnce() -> Event);
}

impl EventSink for Vec<Event> {
    fn wanted(&self) -> bool {
        true
    }
    fn push_with(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}

/// Discards events.
pub(crate) struct NoEvents;

impl EventSink for NoEvents {
    fn wanted(&self) -> bool {
        false
    }
    fn push_with(&mut self, _event: impl FnOnce() -> Event) {}
}
