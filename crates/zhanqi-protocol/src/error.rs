//! Why the dyn layer refused to create, change or question a game.

use zhanqi_core::{NotationError, OptionsError};

/// Why a game could not be created, questioned or changed through [`crate::DynGame`] or the
/// [`crate::Registry`]. Displayed as one sentence a person understands; a refused change leaves
/// the game as it was.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    /// No game of this name is registered.
    #[error("unknown game '{name}'; the games are: {known}")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma separated.
        known: String,
    },
    /// The game has no such mode.
    #[error("unknown mode '{mode}' for {game}; its modes are: {known}")]
    UnknownMode {
        /// The game.
        game: &'static str,
        /// The mode asked for.
        mode: String,
        /// The game's modes, comma separated.
        known: String,
    },
    /// The game's options describe no playable game.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// A position, an action or options could not be read (names the field and the offset).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The game has no seat of this name.
    #[error("unknown seat '{seat}'; the seats are: {known}")]
    UnknownSeat {
        /// The name asked for.
        seat: String,
        /// The game's seat names, comma separated.
        known: String,
    },
    /// The rules refuse the action.
    #[error("seat {seat} cannot play '{action}': {reason}")]
    Illegal {
        /// The seat that tried to act.
        seat: String,
        /// The action as it was sent.
        action: String,
        /// The game's reason.
        reason: String,
    },
    /// A deployment given to `new` could not be read.
    #[error("the deployment of seat {seat} is malformed: {error}")]
    DeploymentMalformed {
        /// The seat whose deployment it is.
        seat: String,
        /// What was wrong with it.
        error: NotationError,
    },
    /// A deployment given to `new` breaks the rules.
    #[error("the deployment of seat {seat} is illegal: {reason}")]
    DeploymentIllegal {
        /// The seat whose deployment it is.
        seat: String,
        /// The game's reason (every rule it breaks).
        reason: String,
    },
    /// Options sent to the engine for a game whose engine plays only its default rules.
    #[error(
        "{game} takes no options in the engine protocol, which plays its default rules; send no \"options\" or an empty object"
    )]
    NoEngineOptions {
        /// The game.
        game: &'static str,
    },
    /// A seat tried to act while the game waits for a chance outcome.
    #[error(
        "seat {seat} cannot act now: the game is at a chance node, so send roll or play an outcome with seat \"chance\""
    )]
    AtChanceNode {
        /// The seat that tried to act.
        seat: String,
    },
    /// A seat was asked to act while it need not.
    #[error("seat {seat} has nothing to choose now; the seats to act are: {to_act}")]
    NotToAct {
        /// The seat asked about.
        seat: String,
        /// The seats that must act now, comma separated.
        to_act: String,
    },
    /// The game is over: nobody acts any more.
    #[error("the game is over, so no seat has anything to choose")]
    GameOver,
    /// A chance outcome was asked for while the game is not at a chance node.
    #[error("the game is not at a chance node, so there is no outcome to {what}")]
    NotAtChanceNode {
        /// What was asked: `roll` or `play`.
        what: &'static str,
    },
    /// The text is not one of the chance outcomes listed now.
    #[error("'{outcome}' is not a chance outcome here; the outcomes are: {known}")]
    NotAnOutcome {
        /// The text sent.
        outcome: String,
        /// The listed outcomes, comma separated.
        known: String,
    },
    /// Perft met a seat whose choice is too large to list.
    #[error(
        "perft cannot count from here: seat {seat} must make a choice too large to list (such as a whole deployment)"
    )]
    UnlistedChoice {
        /// The seat with the unlisted choice.
        seat: String,
    },
    /// The game refused an action or outcome that it listed itself: a bug in the game.
    #[error("the game refused its own listed action '{action}': {reason}")]
    ListedActionRefused {
        /// The listed action.
        action: String,
        /// The game's reason.
        reason: String,
    },
}

/// Joins names for an error message: `s, e, n, w`.
pub(crate) fn join<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> String {
    let mut joined = String::new();
    for name in names {
        if !joined.is_empty() {
            joined.push_str(", ");
        }
        joined.push_str(name.as_ref());
    }
    if joined.is_empty() {
        "(none)".to_owned()
    } else {
        joined
    }
}
