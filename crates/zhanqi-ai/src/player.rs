//! The player trait and the factory that builds players from specs.

use zhanqi_core::Game;
use zhanqi_core::ai::{AiGame, Observation};

use crate::heuristic::HeuristicPlayer;
use crate::ismcts::{IsmctsConfig, IsmctsPlayer};
use crate::{Budget, Level, PlayerSpec, RandomPlayer};

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

/// What each level plays as (see docs/ai.md).
#[must_use]
pub fn level_spec(level: Level) -> PlayerSpec {
    match level {
        // Easy and medium are heuristic players; the factory gives easy its noise.
        Level::Easy | Level::Medium => PlayerSpec::Heuristic,
        Level::Hard => PlayerSpec::Ismcts {
            budget: Budget::Millis(1000),
            threads: 1,
        },
        Level::Expert => PlayerSpec::Ismcts {
            budget: Budget::Millis(3000),
            threads: 2,
        },
    }
}

/// Builds the player a spec names, drawing its randomness from `seed`.
#[must_use]
pub fn make_player<G: AiGame>(spec: &PlayerSpec, seed: u64) -> Box<dyn Player<G>> {
    match spec {
        PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
        PlayerSpec::Heuristic => Box::new(HeuristicPlayer::new(seed)),
        PlayerSpec::Ismcts { budget, threads } => Box::new(IsmctsPlayer::new(
            IsmctsConfig::new(*budget, *threads),
            seed,
        )),
        PlayerSpec::Level(Level::Easy) => {
            Box::new(HeuristicPlayer::easy(seed).named(Level::Easy.name()))
        }
        PlayerSpec::Level(level) => {
            let name = level.name();
            match level_spec(*level) {
                PlayerSpec::Ismcts { budget, threads } => Box::new(
                    IsmctsPlayer::new(IsmctsConfig::new(budget, threads), seed).named(name),
                ),
                _ => Box::new(HeuristicPlayer::new(seed).named(name)),
            }
        }
    }
}
