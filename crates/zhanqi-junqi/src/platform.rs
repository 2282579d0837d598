//! Junqi's numbers for the platform rules of `zhanqi_core::platform`: points, the timeout limit
//! and the move floors. The rules are core's, parameterised; the numbers are junqi's, from
//! `shared/rules/junqi.md`.

use zhanqi_core::platform::{MoveFloors, PointsTable, TimeoutLimit};

/// Points on the four-player board (junqi.md §6.2, SC-2 and SC-3): a win +2, a loss −2, an
/// escape −4, a draw 0; winners score nothing when the game ends within 40 moves.
pub const POINTS_4P: PointsTable = PointsTable {
    win: 2,
    loss: -2,
    escape: -4,
    draw: 0,
    anti_farming_max_moves: 40,
};

/// Points on the two-player board and in dark chess (junqi.md §6.2, SC-2 and SC-3): a win +1, a
/// loss −1, an escape −2, a draw 0; winners score nothing when the game ends within 30 moves.
pub const POINTS_2P: PointsTable = PointsTable {
    win: 1,
    loss: -1,
    escape: -2,
    draw: 0,
    anti_farming_max_moves: 30,
};

/// Every mode: the 5th timeout of the game defeats the player (junqi.md TN-2, EL-3).
pub const TIMEOUT_LIMIT: TimeoutLimit = TimeoutLimit(5);

/// Every mode: draw offers and surrender are allowed from the 40th completed move (junqi.md
/// DR-1, SR-1).
pub const MOVE_FLOORS: MoveFloors = MoveFloors {
    draw_offer: 40,
    surrender: 40,
};

#[cfg(test)]
mod tests {
    use zhanqi_core::platform::points_change;
    use zhanqi_core::{BySeat, SeatResult};

    use super::*;
    use SeatResult::{Absent, Escaped, Loss, Win};

    #[test]
    fn tv_17_fifth_timeout_defeats() {
        // s+4 plus one more timeout is the 5th: defeated. s+3 plus one is the 4th: play goes on.
        assert!(TIMEOUT_LIMIT.defeats(5));
        assert!(!TIMEOUT_LIMIT.defeats(4));
        assert!(!TIMEOUT_LIMIT.defeats(1));
    }

    #[test]
    fn tv_18_draw_offer_move_floor() {
        assert!(!MOVE_FLOORS.draw_offer_allowed(32));
        assert!(!MOVE_FLOORS.draw_offer_allowed(39));
        assert!(MOVE_FLOORS.draw_offer_allowed(40));
    }

    #[test]
    fn tv_19_surrender_floor() {
        assert!(!MOVE_FLOORS.surrender_allowed(39));
        assert!(MOVE_FLOORS.surrender_allowed(40));
    }

    #[test]
    fn tv_23_points_4p_sn_wins_at_57_and_at_40() {
        let results = BySeat([Win, Loss, Win, Loss]);
        assert_eq!(
            points_change(&POINTS_4P, &results, 57, 2),
            BySeat([4, -4, 4, -4])
        );
        assert_eq!(
            points_change(&POINTS_4P, &results, 40, 2),
            BySeat([0, -4, 0, -4])
        );
    }

    #[test]
    fn tv_23_points_2p_win_at_31_and_at_30_and_escape_at_12() {
        let results = BySeat([Win, Loss, Absent, Absent]);
        assert_eq!(
            points_change(&POINTS_2P, &results, 31, 1),
            BySeat([1, -1, 0, 0])
        );
        assert_eq!(
            points_change(&POINTS_2P, &results, 30, 1),
            BySeat([0, -1, 0, 0])
        );
        let escaped = BySeat([Escaped, Win, Absent, Absent]);
        assert_eq!(
            points_change(&POINTS_2P, &escaped, 12, 1),
            BySeat([-2, 0, 0, 0])
        );
    }
}
