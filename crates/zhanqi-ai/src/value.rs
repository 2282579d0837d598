//! The value the search players give a state: the result when it is over, the evaluator's
//! judgement before.

use zhanqi_core::ai::{Evaluator, outcome_values};
use zhanqi_core::{BySeat, Game};

/// The value of any state: its result once the game is over, the evaluator's judgement before.
pub(crate) fn value_of<G: Game>(evaluator: &dyn Evaluator<G>, state: &G) -> BySeat<f32> {
    match state.outcome() {
        Some(outcome) => outcome_values(&outcome),
        None => evaluator.evaluate(state),
    }
}
