//! The AI's knowledge of junqi: its evaluator and its deployments, and the [`AiGame`]
//! implementation through which the generic players of `zhanqi-ai` use them.
//!
//! * [`JunqiEvaluator`]: material, flag safety and threats, for 2p, 4p (team sums) and dark.
//! * [`ai_deployment`]: a sensible random layout by hand-written rules
//!   ([`handmade_deployment`]: flag in a headquarters behind mines, bombs near it, engineers
//!   and strong pieces spread to the front), always legal; [`learned_deployment`] draws one
//!   from the statistics of real layouts (the flag's side, the mines and bombs around it and
//!   every other piece where real players put them), measured against it in docs/ai.md.

mod deployment;
mod distance;
mod evaluator;
mod learned_deployment;

use zhanqi_core::GameRng;
use zhanqi_core::ai::{AiGame, Evaluator, Observation};

use crate::{Action, Junqi};

pub use deployment::{ai_deployment, handmade_deployment};
pub use distance::Distances;
pub use evaluator::JunqiEvaluator;
pub use learned_deployment::{learned_deployment, learned_layout};

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
