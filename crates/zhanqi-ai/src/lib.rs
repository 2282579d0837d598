//! AI players for every zhanqi game.
//!
//! A player sees a game only through an [`Observation`]: its seat's view, its legal actions
//! and a determinizer that samples full states consistent with what the seat has seen. The
//! true state sits in a private field, so no player can read a hidden identity.
//!
//! Players are named by a [`PlayerSpec`] (`random`, `heuristic`, `ismcts:ms=200`, `hard`…)
//! and built by [`make_player`] for any game that implements [`AiGame`]:
//!
//! * [`RandomPlayer`]: uniform over the legal actions.
//! * [`HeuristicPlayer`]: one ply, each action scored by the game's [`Evaluator`] over a few
//!   determinizations.
//! * [`IsmctsPlayer`]: information-set Monte Carlo tree search ([`ismcts`]).
//!
//! The algorithms, the levels and their measured strength are described in `docs/ai.md`.

mod evaluator;
mod heuristic;
pub mod ismcts;
pub mod junqi;
mod observation;
mod player;
mod random;
mod shengke;
mod spec;
#[cfg(test)]
mod toy;

pub use evaluator::{Evaluator, OutcomeEvaluator, outcome_values};
pub use heuristic::{HEURISTIC_DETERMINIZATIONS, HeuristicPlayer};
pub use ismcts::{IsmctsConfig, IsmctsPlayer};
pub use observation::Observation;
pub use player::{AiGame, Player, level_spec, make_player};
pub use random::RandomPlayer;
pub use spec::{Budget, Level, PlayerSpec, SpecError};
