//! Junqi's numbers for the platform rules of `zhanqi_core::platform`: points, the 20 ranks and
//! the multipliers they give, the timeout limit and the move floors. The rules are core's, parameterised; the numbers are junqi's, from
//! `shared/rules/junqi.md`.

use zhanqi_core::platform::{Ladder, MoveFloors, PointsTable, Rank, TimeoutLimit};

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

/// The 20 ranks (等级, junqi.md §6.1): a table's points multiplier is `2^max(0, Lmin − 4)`, `Lmin`
/// the level of its lowest player at the start (SC-1); the gold multiplier is that, capped at 5
/// (GD-1).
pub const LADDER: Ladder = Ladder {
    ranks: &RANKS,
    unmultiplied: 4,
    gold_multiplier_cap: 5,
};

const RANKS: [Rank; 20] = [
    rank(i64::MIN, "新兵", "Recruit"),
    rank(10, "老兵", "Veteran"),
    rank(20, "志愿兵", "Volunteer (sergeant)"),
    rank(50, "副班长", "Deputy squad leader"),
    rank(100, "班长", "Squad leader"),
    rank(200, "副排长", "Deputy platoon commander"),
    rank(300, "排长", "Platoon commander"),
    rank(500, "副连长", "Deputy company commander"),
    rank(700, "连长", "Company commander"),
    rank(1_000, "副营长", "Deputy battalion commander"),
    rank(2_000, "营长", "Battalion commander"),
    rank(3_000, "副团长", "Deputy regiment commander"),
    rank(5_000, "团长", "Regiment commander"),
    rank(10_000, "副旅长", "Deputy brigade commander"),
    rank(20_000, "旅长", "Brigade commander"),
    rank(50_000, "副师长", "Deputy division commander"),
    rank(100_000, "师长", "Division commander"),
    rank(200_000, "副军长", "Deputy corps commander"),
    rank(500_000, "军长", "Corps commander"),
    rank(1_000_000, "司令", "Commander-in-chief"),
];

const fn rank(threshold: i64, title_zh: &'static str, title_en: &'static str) -> Rank {
    Rank {
        threshold,
        title_zh,
        title_en,
    }
}

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

    #[test]
    fn tv_23_levels() {
        let cases = [
            (-5, 1),
            (9, 1),
            (10, 2),
            (49, 3),
            (50, 4),
            (99, 4),
            (100, 5),
            (999_999, 19),
            (1_000_000, 20),
        ];
        for (points, expected) in cases {
            assert_eq!(LADDER.level(points).number(), expected, "level({points})");
        }
        assert_eq!(LADDER.level(130).title_zh(), "班长");
        assert_eq!(LADDER.level(i64::MIN).number(), 1);
        assert_eq!(LADDER.level(i64::MAX).title_en(), "Commander-in-chief");
        assert_eq!(LADDER.highest().threshold(), 1_000_000);
    }

    #[test]
    fn each_threshold_gives_its_own_level_and_one_less_gives_the_level_below() {
        for number in 2..=20 {
            let this = LADDER.level_numbered(number).unwrap();
            assert_eq!(LADDER.level(this.threshold()), this);
            assert_eq!(LADDER.level(this.threshold() - 1).number(), number - 1);
        }
    }

    #[test]
    fn tv_23_tv_24_multipliers() {
        assert_eq!(LADDER.multiplier(&[30, 120, 800, 5000]), 1);
        assert_eq!(LADDER.multiplier(&[130, 210, 980, 305]), 2);
        // TV-24: Lmin = 7 gives m = 8, and a gold multiplier of 5.
        assert_eq!(LADDER.multiplier(&[300, 450, 2_000, 10_000]), 8);
        assert_eq!(LADDER.gold_multiplier(8), 5);
        assert_eq!(LADDER.multiplier(&[]), 1);
        assert_eq!(LADDER.multiplier(&[-50, 1_000_000]), 1);
        assert_eq!(LADDER.multiplier(&[200]), 4);
        assert_eq!(LADDER.multiplier(&[1_000_000, 2_000_000]), 1 << 16);
    }

    #[test]
    fn the_gold_multiplier_is_capped_at_5() {
        assert_eq!(LADDER.gold_multiplier(1), 1);
        assert_eq!(LADDER.gold_multiplier(4), 4);
        assert_eq!(LADDER.gold_multiplier(1 << 16), 5);
    }
}
