//! The heuristic player: a one-ply search over the game's evaluator.

use zhanqi_core::GameRng;

use crate::value::value_of;
use crate::{AiGame, Evaluator, Observation, Player};

/// Determinizations a heuristic player averages each action over.
pub const HEURISTIC_DETERMINIZATIONS: usize = 6;

/// Tries each legal action in a few determinizations of what the seat sees, scores each
/// result with the game's evaluator, and plays the action with the best average (ties broken
/// by the player's random stream). Hidden deployments come from [`AiGame::ai_unlisted_action`].
///
/// All actions are tried in the same determinizations, so that their scores differ by the
/// action and not by the luck of the draw.
pub struct HeuristicPlayer<G: AiGame> {
    name: String,
    rng: GameRng,
    evaluator: Box<dyn Evaluator<G>>,
    determinizations: usize,
    /// Each score is moved by a uniform amount in `[-noise, noise]` before comparing: the
    /// `easy` level's mistakes.
    noise: f32,
    actions: Vec<G::Action>,
    available: Vec<G::Action>,
}

impl<G: AiGame> HeuristicPlayer<G> {
    /// The `heuristic` player, drawing from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        HeuristicPlayer {
            name: "heuristic".to_owned(),
            rng: GameRng::from_seed(seed),
            evaluator: G::evaluator(),
            determinizations: HEURISTIC_DETERMINIZATIONS,
            noise: 0.0,
            actions: Vec::new(),
            available: Vec::new(),
        }
    }

    /// The `easy` level: two determinizations and scores blurred by noise, so that it often
    /// misses the best move but rarely throws a piece away.
    #[must_use]
    pub fn easy(seed: u64) -> Self {
        HeuristicPlayer {
            determinizations: 2,
            noise: 0.12,
            ..HeuristicPlayer::new(seed)
        }
    }

    /// The same player under another name (a level's).
    #[must_use]
    pub fn named(mut self, name: &str) -> Self {
        name.clone_into(&mut self.name);
        self
    }

    /// A uniform number in `[-1, 1)`.
    fn unit_noise(&mut self) -> f32 {
        // 24 random bits are exactly representable in an f32.
        let bits = (self.rng.next_seed() >> 40) as f32;
        bits / (1u32 << 23) as f32 - 1.0
    }
}

impl<G: AiGame> Player<G> for HeuristicPlayer<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, observation: &Observation<'_, G>) -> Option<G::Action> {
        if observation.has_unlisted_actions() {
            return G::ai_unlisted_action(observation, &mut self.rng);
        }
        self.actions.clear();
        observation.legal_actions(&mut self.actions);
        if self.actions.len() <= 1 {
            return self.actions.pop();
        }
        let seat = observation.seat();
        let mut totals = vec![0.0f32; self.actions.len()];
        let mut counts = vec![0u32; self.actions.len()];
        for _ in 0..self.determinizations {
            let state = observation.determinize(&mut self.rng);
            self.available.clear();
            state.legal_actions(seat, &mut self.available);
            for (index, action) in self.actions.iter().enumerate() {
                // An action the determinization does not allow says nothing about the action.
                if !self.available.contains(action) {
                    continue;
                }
                let mut next = state.clone();
                next.apply_unchecked(seat, action);
                totals[index] += value_of(self.evaluator.as_ref(), &next)[seat];
                counts[index] += 1;
            }
        }
        let mut scores = Vec::with_capacity(self.actions.len());
        for (total, count) in totals.iter().zip(&counts) {
            let score = if *count == 0 {
                f32::NEG_INFINITY
            } else {
                total / *count as f32
            };
            let noise = if self.noise > 0.0 {
                self.noise * self.unit_noise()
            } else {
                0.0
            };
            scores.push(score + noise);
        }
        let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let tied: Vec<usize> = (0..scores.len())
            .filter(|&index| scores[index] >= best - 1e-6)
            .collect();
        let pick = tied[self.rng.below(tied.len())];
        Some(self.actions.swap_remove(pick))
    }
}
