//! What a game implements for the AI, and what an AI player may see of a game.
//!
//! A game crate holds its own AI knowledge (DESIGN.md §1): it implements [`AiGame`] for its
//! game, usually with an [`Evaluator`] of its own and, for a choice too large to list (a hidden
//! deployment, a deck), its own chooser. The players themselves live in `zhanqi-ai` and see a
//! game only through an [`Observation`]: the seat's view, its legal actions and a determinizer,
//! never the true state.

mod evaluator;
mod observation;

pub use evaluator::{Evaluator, OutcomeEvaluator, outcome_values};
pub use observation::Observation;

use crate::{Game, GameRng, Seat};

/// A game the AI can play: what the generic players need beyond [`Game`].
///
/// Each game crate implements it for its game, beside the rules (the AI crate knows no game).
/// Both methods have defaults, so a game without AI knowledge of its own (`impl AiGame for
/// MyGame {}`) is still played by every player: ISMCTS then learns from playouts alone.
pub trait AiGame: Game {
    /// The evaluator the heuristic and ISMCTS players score states with.
    #[must_use]
    fn evaluator() -> Box<dyn Evaluator<Self>> {
        Box::new(OutcomeEvaluator)
    }

    /// The AI's choice for a seat whose choice is too large to list (a hidden deployment), or
    /// `None` when the seat has no such choice. Defaults to a uniformly random one.
    #[must_use]
    fn ai_unlisted_action(
        observation: &Observation<'_, Self>,
        rng: &mut GameRng,
    ) -> Option<Self::Action> {
        observation.random_unlisted_action(rng)
    }

    /// What a study counts for `seat` when it plays `action` in this state (docs/sim.md,
    /// "Labels"): the names of what the action puts into play, such as the ids of the cards it
    /// plays or deploys, pushed onto `labels`. `zhanqi sim` reports each label's play rate and
    /// the seat's win rate in the games it played it and in those it did not. None by default.
    fn study_labels(&self, seat: Seat, action: &Self::Action, labels: &mut Vec<String>) {
        let _ = (seat, action, labels);
    }
}
