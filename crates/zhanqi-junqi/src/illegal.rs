//! Why an action was refused.

use zhanqi_core::platform::DrawError;

use crate::DeploymentError;

/// Why an action was refused: one sentence a person understands.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Illegal {
    /// Nothing can be played once the game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat is not in the game (never was, or was defeated or escaped).
    #[error("seat {seat} is not in the game")]
    NotPlaying {
        /// The seat's name.
        seat: &'static str,
    },
    /// The action needs the turn, and another seat has it.
    #[error("it is not {seat}'s turn")]
    NotYourTurn {
        /// The seat's name.
        seat: &'static str,
    },
    /// Moves, flips and timeouts wait until every seat has deployed.
    #[error("the game has not started: seats are still deploying")]
    StillDeploying,
    /// A deployment outside the deployment phase, or a second one.
    #[error("seat {seat} cannot deploy now: {why}")]
    CannotDeploy {
        /// The seat's name.
        seat: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// The deployment breaks §3.
    #[error(transparent)]
    Deployment(#[from] DeploymentError),
    /// The move or flip is not legal here.
    #[error("{action} is not legal: {why}")]
    Move {
        /// The action as written.
        action: String,
        /// Why not, one clause.
        why: String,
    },
    /// A draw offer or answer that the rules do not allow now.
    #[error(transparent)]
    Draw(#[from] DrawError),
    /// Surrender before the move floor (SR-1).
    #[error("surrender is allowed only once {floor} moves have been played; {moves} have been")]
    SurrenderTooEarly {
        /// Moves played so far.
        moves: u32,
        /// The floor.
        floor: u32,
    },
    /// The action is not one this mode has (a flip outside dark chess, a chance outcome).
    #[error("{0}")]
    NotInThisMode(&'static str),
}
