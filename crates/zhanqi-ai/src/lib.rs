//! AI players for every zhanqi game.
//!
//! A player sees a game only through an [`Observation`]: its seat's view, its legal actions
//! and a determinizer that samples full states consistent with what the seat has seen. The
//! true state sits in a private field, so no player can read a hidden identity.
//!
//! Players are named by a [`PlayerSpec`] (`random`, `heuristic`, `ismcts:ms=200`, `hard`…)
//! and built by [`make_player`] for any game that implements [`AiGame`].

mod observation;
mod player;
mod random;
mod spec;

pub use observation::Observation;
pub use player::{AiGame, Player, make_player};
pub use random::RandomPlayer;
pub use spec::{Budget, Level, PlayerSpec, SpecError};
