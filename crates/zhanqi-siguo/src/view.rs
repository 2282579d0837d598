//! What each viewer may see (§15.5 `view`), and determinization.
//!
//! Only the deployments are ever hidden: until the reveal a seat sees its own submitted
//! deployment and nobody else's; a spectator sees none. After the reveal everything is public.

use zhanqi_core::{GameRng, Seat, Viewer};

use crate::position::Turn;
use crate::{Deployment, Position, Siguo};

/// What one viewer may know of a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The position as they see it: during the deployment, the other seats' pieces are left
    /// off the board.
    pub position: Position,
}

impl Siguo {
    /// The game as `viewer` may see it.
    #[must_use]
    pub fn view_for(&self, viewer: Viewer) -> SiguoView {
        let mut position = self.position.clone();
        if matches!(position.turn, Turn::Deploying(_)) {
            for seat in (0..4).map(Seat::new) {
                if viewer != Viewer::Omniscient && viewer != Viewer::Seat(seat) {
                    position.board.remove_seat(seat);
                }
            }
        }
        SiguoView { viewer, position }
    }

    /// A full game that `observer` cannot tell from this one: before the reveal, every other
    /// seat that has deployed gets a fresh uniformly random deployment (drawn in seat order,
    /// so the sample depends only on who has deployed, which is public); afterwards nothing is
    /// hidden and the game is returned as it is.
    #[must_use]
    pub fn determinized(&self, observer: Seat, rng: &mut GameRng) -> Siguo {
        let mut game = self.clone();
        let Turn::Deploying(waiting) = self.position.turn else {
            return game;
        };
        for seat in (0..4).map(Seat::new) {
            if seat == observer || waiting.contains(seat) {
                continue;
            }
            game.position.board.remove_seat(seat);
            let deployment = Deployment::random(seat, rng);
            for (kind, point) in deployment.pieces() {
                game.position
                    .board
                    .put(point, crate::Piece::new(kind, seat));
            }
        }
        game
    }
}
