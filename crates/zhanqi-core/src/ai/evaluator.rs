//! Evaluators: how good a full game state is for each seat's team.

use crate::{BySeat, Game, Outcome, SeatResult};

/// Scores full game states (a determinization, never the true state of a game in play) for
/// the search players.
///
/// Values lie in `[-1, 1]`: 1 is a won game for the seat's team, −1 a lost one, 0 even. Seats
/// of one team get the same value, so allies cooperate; in a two-team game the two teams'
/// values are opposite.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of `state` for each seat's team. Seats not in play get 0.
    fn evaluate(&self, state: &G) -> BySeat<f32>;
}

/// The evaluator of a game that has none of its own: a finished game by its result, a game in
/// progress as even. With it ISMCTS is plain Monte Carlo search, learning only from playouts
/// that reach the end.
#[derive(Clone, Copy, Debug, Default)]
pub struct OutcomeEvaluator;

impl<G: Game> Evaluator<G> for OutcomeEvaluator {
    fn evaluate(&self, state: &G) -> BySeat<f32> {
        state
            .outcome()
            .map_or(BySeat::splat(0.0), |outcome| outcome_values(&outcome))
    }
}

/// The value of a finished game for each seat: 1 for a win, −1 for a loss or an escape, 0 for
/// a draw or an absent seat.
#[must_use]
pub fn outcome_values(outcome: &Outcome) -> BySeat<f32> {
    BySeat::from_fn(|seat| match outcome.results[seat] {
        SeatResult::Win => 1.0,
        SeatResult::Loss | SeatResult::Escaped => -1.0,
        SeatResult::Draw | SeatResult::Absent => 0.0,
    })
}
