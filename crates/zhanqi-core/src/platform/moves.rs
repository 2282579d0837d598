//! Move-count floors before which a draw may not be offered nor a game surrendered
//! (junqi's: junqi.md DR-1, SR-1).

/// The number of completed moves a game needs before draw offers and surrender are allowed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveFloors {
    /// Draw offers are allowed once this many moves have been completed.
    pub draw_offer: u32,
    /// Surrender is allowed once this many moves have been completed.
    pub surrender: u32,
}

impl MoveFloors {
    /// Whether a draw may be offered after `moves` completed moves.
    #[must_use]
    pub const fn draw_offer_allowed(&self, moves: u32) -> bool {
        moves >= self.draw_offer
    }

    /// Whether a player may surrender after `moves` completed moves.
    #[must_use]
    pub const fn surrender_allowed(&self, moves: u32) -> bool {
        moves >= self.surrender
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Example floors: 40 moves for both (junqi's numbers, so its test vectors apply).
    const EXAMPLE: MoveFloors = MoveFloors {
        draw_offer: 40,
        surrender: 40,
    };

    #[test]
    fn tv_18_draw_offer_move_floor() {
        let floors = EXAMPLE;
        assert!(!floors.draw_offer_allowed(32));
        assert!(!floors.draw_offer_allowed(39));
        assert!(floors.draw_offer_allowed(40));
    }

    #[test]
    fn tv_19_surrender_floor() {
        let floors = EXAMPLE;
        assert!(!floors.surrender_allowed(39));
        assert!(floors.surrender_allowed(40));
    }

    #[test]
    fn no_floor_allows_from_the_first_move() {
        let floors = MoveFloors {
            draw_offer: 0,
            surrender: 0,
        };
        assert!(floors.draw_offer_allowed(0));
        assert!(floors.surrender_allowed(0));
    }
}
