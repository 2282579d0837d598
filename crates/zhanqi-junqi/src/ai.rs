//! The AI's knowledge of junqi: its evaluator and its deployments, and the [`AiGame`]
//! implementation through which the generic players of `zhanqi-ai` use them.
//!
//! * [`JunqiEvaluator`]: material, flag safety and threats, for 2p, 4p (team sums) and dark.
//! * [`ai_deployment`]: a sensible random layout (flag in a headquarters behind mines, bombs
//!   near it, engineers and strong pieces spread to the front), always legal.

mod deployment;
mod distance;
mod evaluator;

use zhanqi_core::GameRng;
use zhanqi_core::ai::{AiGame, Evaluator, Observation};

use crate::{Action, Junqi};

pub use deployment::ai_deployment;
pub use distance::Distances;
pub use evaluator::JunqiEvaluator;

impl AiGame for Junqi {
    fn evaluator() -> Box<dyn Evaluator<Junqi>> {
        Box::new(JunqiEvaluator)
    }

    fn ai_unlisted_action(
        observation: &Observation<'_, Junqi>,
        rng: &mut GameRng,
    ) -> Option<Action> {
        observation
            .has_unlisted_actions()
            .then(|| Action::Deploy(ai_deployment(rng)))
    }
}
