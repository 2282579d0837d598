//! Perft (§15.5): the number of sequences of protocol actions of a given length.

use zhanqi_core::Game;

use crate::position::Turn;
use crate::{Action, Siguo};

impl Siguo {
    /// The number of sequences of `depth` protocol actions from this position (each redeploy
    /// step and each `stop` is one action). A sequence that reaches the end of the game before
    /// `depth` actions is not counted. `None` during the deployment, whose choices are not
    /// listed.
    #[must_use]
    pub fn perft(&self, depth: u32) -> Option<u64> {
        if matches!(self.position.turn, Turn::Deploying(_)) {
            return None;
        }
        let mut buffers: Vec<Vec<Action>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        Some(count(self, depth, &mut buffers))
    }
}

fn count(game: &Siguo, depth: u32, buffers: &mut [Vec<Action>]) -> u64 {
    let Turn::Seat(seat) = game.position.turn else {
        return u64::from(depth == 0);
    };
    if depth == 0 {
        return 1;
    }
    let (actions, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    actions.clear();
    game.legal_actions(seat, actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    let mut total = 0;
    for action in actions.iter() {
        let mut next = game.clone();
        next.apply_unchecked(seat, action);
        total += count(&next, depth - 1, deeper);
    }
    total
}
