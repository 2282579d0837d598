//! The player trait and the factory that builds players from specs.

use zhanqi_core::Game;

use crate::{Observation, PlayerSpec, RandomPlayer};

/// Something that chooses actions for one seat.
///
/// A player owns its random stream (seeded when it is built), so a game between players is
/// reproducible from the seeds alone (for time budgets, only up to the clock: use an
/// iteration budget where reproducibility matters).
pub trait Player<G: Game>: Send {
    /// The spec this player was built from, as text (`ismcts:ms=200`).
    fn name(&self) -> String;

    /// The action for the observed seat, or `None` when the seat has nothing to choose.
    fn choose(&mut self, observation: &Observation<'_, G>) -> Option<G::Action>;
}

/// A game the AI can play: what the generic players need beyond [`Game`].
///
/// Every game crate's AI support lives in this crate (games never depend on the AI); a new
/// game gets its evaluator here and one `impl AiGame`.
pub trait AiGame: Game {}

impl AiGame for zhanqi_junqi::Junqi {}

/// Builds the player a spec names, drawing its randomness from `seed`.
#[must_use]
pub fn make_player<G: AiGame>(spec: &PlayerSpec, seed: u64) -> Box<dyn Player<G>> {
    match spec {
        PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
        // The heuristic and ISMCTS players land with their own modules.
        PlayerSpec::Heuristic | PlayerSpec::Ismcts { .. } | PlayerSpec::Level(_) => {
            Box::new(RandomPlayer::new(seed))
        }
    }
}
