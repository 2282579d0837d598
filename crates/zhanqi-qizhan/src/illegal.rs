//! Why an action was refused, as one sentence.

/// Why an action was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Illegal {
    /// The game is over: nothing can be played.
    #[error("the game is over; no action can be played")]
    GameOver,
    /// The seat is not the one to act.
    #[error("it is not seat {seat}'s turn to act; {expected} acts now")]
    NotYourTurn {
        /// The seat that tried.
        seat: String,
        /// Who acts now (`seat A`, `chance`).
        expected: String,
    },
    /// No chance node is pending.
    #[error("no random discard is pending, so nothing can be rolled")]
    NoChance,
    /// The action is not among the legal ones, with the reason.
    #[error("'{action}' cannot be played now: {reason}")]
    NotLegal {
        /// The action as written.
        action: String,
        /// Why, and what would be right.
        reason: String,
    },
}
