//! The uniformly random player.

use zhanqi_core::{Game, GameRng};

use crate::{Observation, Player};

/// Chooses uniformly among the legal actions (and a uniformly random unlisted choice, such
/// as a deployment, when the seat's choice is too large to list).
pub struct RandomPlayer<G: Game> {
    rng: GameRng,
    buffer: Vec<G::Action>,
}

impl<G: Game> RandomPlayer<G> {
    /// A random player drawing from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: GameRng::from_seed(seed),
            buffer: Vec::new(),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer<G> {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, observation: &Observation<'_, G>) -> Option<G::Action> {
        if observation.has_unlisted_actions() {
            return observation.random_unlisted_action(&mut self.rng);
        }
        self.buffer.clear();
        observation.legal_actions(&mut self.buffer);
        if self.buffer.is_empty() {
            return None;
        }
        let index = self.rng.below(self.buffer.len());
        Some(self.buffer.swap_remove(index))
    }
}
