//! Why an action was refused, as one sentence.

/// Why an action was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over; no action can be played")]
    GameOver,
    /// The seat does not act now.
    #[error("seat {seat} does not act now; {expected} acts")]
    NotYourTurn {
        /// The seat that tried.
        seat: String,
        /// Who acts.
        expected: String,
    },
    /// The action is not among the legal actions here.
    #[error("'{action}' is not legal here; the legal actions are {legal}")]
    NotListed {
        /// The action's text.
        action: String,
        /// The legal actions' texts.
        legal: String,
    },
    /// The deployment breaks these rules (6.1), one a line.
    #[error("the deployment is refused:\n{problems}")]
    Deployment {
        /// The deployment's text.
        deployment: String,
        /// Every rule it breaks, one a line.
        problems: String,
    },
    /// `roll` was called where nothing is rolled.
    #[error("nothing is rolled or drawn here; a seat acts")]
    NotChance,
}
