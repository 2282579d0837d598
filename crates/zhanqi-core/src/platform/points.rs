//! Points won and lost in one game, from the game's own table (junqi's: junqi.md §6.2, SC-2 to
//! SC-4).

use serde::Serialize;

use crate::{BySeat, SeatResult};

/// A game's base points per result, and its anti-farming limit (junqi.md SC-2, SC-3); each game
/// crate holds its own tables.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PointsTable {
    /// Base points for a winner.
    pub win: i64,
    /// Base points for a loser (negative).
    pub loss: i64,
    /// Base points for an escapee, whatever their team's result (negative).
    pub escape: i64,
    /// Base points for each player in a drawn game.
    pub draw: i64,
    /// Winners score nothing when the game ends with at most this many moves (anti-farming).
    pub anti_farming_max_moves: u32,
}

impl PointsTable {
    /// The base points of one result in a game that ended after `moves` moves.
    #[must_use]
    pub fn base(&self, result: SeatResult, moves: u32) -> i64 {
        match result {
            SeatResult::Win if moves <= self.anti_farming_max_moves => 0,
            SeatResult::Win => self.win,
            SeatResult::Loss => self.loss,
            SeatResult::Draw => self.draw,
            SeatResult::Escaped => self.escape,
            SeatResult::Absent => 0,
        }
    }

    /// Why a result in a game that ended after `moves` moves scores other than the table says,
    /// if a rule set the table aside (a win too short to count).
    #[must_use]
    pub fn note(&self, result: SeatResult, moves: u32) -> Option<PointsNote> {
        (result == SeatResult::Win && moves <= self.anti_farming_max_moves).then_some(
            PointsNote::ShortGame {
                max_moves: self.anti_farming_max_moves,
            },
        )
    }
}

/// Why a seat's points are not its table's value for its result: a platform rule players are
/// told about beside the number, so that a 0 for a win never comes without its reason.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PointsNote {
    /// A win scores nothing when the game ended within `max_moves` moves (anti-farming, SC-3).
    ShortGame {
        /// The most moves a game may end within and still score its winners nothing.
        max_moves: u32,
    },
}

/// Each seat's change in points, and why, where a rule set its table's value aside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointsSettlement {
    /// Each seat's change in points.
    pub change: BySeat<i64>,
    /// Each seat's note: the rule that set its table's value aside, if one did.
    pub notes: BySeat<Option<PointsNote>>,
}

/// Each seat's change in points (SC-4): its base value times the table's multiplier.
///
/// `moves` is the number of moves completed when the game ended; winners get 0 when it is at most
/// the table's anti-farming limit (SC-3). Absent seats get 0.
#[must_use]
pub fn points_change(
    table: &PointsTable,
    results: &BySeat<SeatResult>,
    moves: u32,
    multiplier: i64,
) -> BySeat<i64> {
    points_settlement(table, results, moves, multiplier).change
}

/// Each seat's change in points ([`points_change`]) with the reason of every value a rule set
/// aside (a short game's winners score 0: [`PointsNote::ShortGame`]).
#[must_use]
pub fn points_settlement(
    table: &PointsTable,
    results: &BySeat<SeatResult>,
    moves: u32,
    multiplier: i64,
) -> PointsSettlement {
    PointsSettlement {
        change: BySeat::from_fn(|seat| table.base(results[seat], moves).saturating_mul(multiplier)),
        notes: BySeat::from_fn(|seat| table.note(results[seat], moves)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatResult::{Absent, Draw, Escaped, Loss, Win};

    /// A four-seat example table (junqi's 4p numbers, so the junqi test vectors apply).
    const FOUR_SEATS: PointsTable = PointsTable {
        win: 2,
        loss: -2,
        escape: -4,
        draw: 0,
        anti_farming_max_moves: 40,
    };

    /// A two-seat example table (junqi's 2p numbers).
    const TWO_SEATS: PointsTable = PointsTable {
        win: 1,
        loss: -1,
        escape: -2,
        draw: 0,
        anti_farming_max_moves: 30,
    };

    /// Results of a 4p game in junqi seat order s, e, n, w.
    fn four(s: SeatResult, e: SeatResult, n: SeatResult, w: SeatResult) -> BySeat<SeatResult> {
        BySeat([s, e, n, w])
    }

    /// Results of a 2p game in junqi seat order s, n.
    fn two(s: SeatResult, n: SeatResult) -> BySeat<SeatResult> {
        BySeat([s, n, Absent, Absent])
    }

    #[test]
    fn tv_23_points_4p_sn_wins_at_57() {
        let change = points_change(&FOUR_SEATS, &four(Win, Loss, Win, Loss), 57, 2);
        assert_eq!(change, BySeat([4, -4, 4, -4]));
    }

    #[test]
    fn tv_23_points_4p_sn_wins_at_40() {
        let change = points_change(&FOUR_SEATS, &four(Win, Loss, Win, Loss), 40, 2);
        assert_eq!(change, BySeat([0, -4, 0, -4]));
    }

    #[test]
    fn a_short_win_says_why_it_scores_nothing() {
        let settled = points_settlement(&TWO_SEATS, &two(Win, Loss), 30, 1);
        assert_eq!(settled.change, BySeat([0, -1, 0, 0]));
        let short = Some(PointsNote::ShortGame { max_moves: 30 });
        assert_eq!(settled.notes, BySeat([short, None, None, None]));
        let long = points_settlement(&TWO_SEATS, &two(Win, Loss), 31, 1);
        assert_eq!(long.notes, BySeat([None; 4]));
    }

    #[test]
    fn a_points_note_is_tagged_json() {
        let note = PointsNote::ShortGame { max_moves: 30 };
        assert_eq!(
            serde_json::to_value(note).unwrap(),
            serde_json::json!({"kind": "short_game", "max_moves": 30})
        );
    }

    #[test]
    fn tv_23_points_2p_win_at_31() {
        let change = points_change(&TWO_SEATS, &two(Win, Loss), 31, 1);
        assert_eq!(change, BySeat([1, -1, 0, 0]));
    }

    #[test]
    fn tv_23_points_2p_win_at_30() {
        let change = points_change(&TWO_SEATS, &two(Win, Loss), 30, 1);
        assert_eq!(change, BySeat([0, -1, 0, 0]));
    }

    #[test]
    fn tv_23_points_2p_escape_at_12() {
        let change = points_change(&TWO_SEATS, &two(Escaped, Win), 12, 1);
        assert_eq!(change, BySeat([-2, 0, 0, 0]));
    }

    #[test]
    fn tv_19_points_2p_surrender_at_40() {
        // South resigns at M = 40: North wins and scores, as 40 is past the 2p limit of 30.
        let change = points_change(&TWO_SEATS, &two(Loss, Win), 40, 1);
        assert_eq!(change, BySeat([-1, 1, 0, 0]));
    }

    #[test]
    fn tv_20_points_east_and_west_escape_at_130() {
        let change = points_change(&FOUR_SEATS, &four(Win, Escaped, Win, Escaped), 130, 1);
        assert_eq!(change, BySeat([2, -4, 2, -4]));
    }

    #[test]
    fn tv_20_points_east_escapes_west_defeated_at_130() {
        let change = points_change(&FOUR_SEATS, &four(Win, Escaped, Win, Loss), 130, 1);
        assert_eq!(change, BySeat([2, -4, 2, -2]));
    }

    #[test]
    fn tv_20_points_end_at_38() {
        let table = FOUR_SEATS;
        let west_defeated = points_change(&table, &four(Win, Escaped, Win, Loss), 38, 1);
        assert_eq!(west_defeated, BySeat([0, -4, 0, -2]));
        let west_escaped = points_change(&table, &four(Win, Escaped, Win, Escaped), 38, 1);
        assert_eq!(west_escaped, BySeat([0, -4, 0, -4]));
    }

    #[test]
    fn tv_18_points_agreed_draw_scores_nothing() {
        let change = points_change(&FOUR_SEATS, &four(Draw, Draw, Draw, Draw), 90, 4);
        assert_eq!(change, BySeat::splat(0));
    }

    #[test]
    fn draw_with_an_escapee_charges_only_the_escapee() {
        let change = points_change(&FOUR_SEATS, &four(Draw, Escaped, Draw, Draw), 120, 2);
        assert_eq!(change, BySeat([0, -8, 0, 0]));
    }

    #[test]
    fn escape_in_2p_is_charged_at_the_multiplier_and_the_winner_scores_past_the_limit() {
        let change = points_change(&TWO_SEATS, &two(Win, Escaped), 31, 8);
        assert_eq!(change, BySeat([8, -16, 0, 0]));
    }

    #[test]
    fn the_largest_multiplier_does_not_overflow() {
        let change = points_change(&FOUR_SEATS, &four(Win, Loss, Win, Loss), 41, 1 << 16);
        assert_eq!(change, BySeat([1 << 17, -(1 << 17), 1 << 17, -(1 << 17)]));
    }
}
