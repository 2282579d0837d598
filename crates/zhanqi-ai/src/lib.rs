//! AI players for every zhanqi game.
//!
//! This crate knows no game: the players are generic over [`AiGame`], which each game crate
//! implements beside its rules (its evaluator, its deployment or deck chooser). [`AiGame`],
//! [`Evaluator`] and [`Observation`] live in `zhanqi_core::ai` and are re-exported here.
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

pub mod arena;
mod heuristic;
pub mod ismcts;
mod player;
mod random;
mod spec;
#[cfg(test)]
mod toy;
mod value;

pub use heuristic::{HEURISTIC_DETERMINIZATIONS, HeuristicPlayer};
pub use ismcts::{IsmctsConfig, IsmctsPlayer};
pub use player::{Player, level_spec, make_player};
pub use random::RandomPlayer;
pub use spec::{Budget, Level, PlayerSpec, SpecError};
pub use zhanqi_core::ai::{AiGame, Evaluator, Observation, OutcomeEvaluator, outcome_values};
