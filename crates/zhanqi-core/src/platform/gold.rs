//! Gold rooms (金币房): stakes and the settlement of a finished game (junqi.md §6.3).

use serde::Serialize;

use crate::{BySeat, SeatResult, SeatSet};

/// The stake `F = B × g` each seated player has frozen at game start (GD-2), `g` being the
/// table's gold multiplier ([`crate::platform::Ladder::gold_multiplier`]).
#[must_use]
pub fn stake(base: i64, gold_multiplier: i64) -> i64 {
    base.saturating_mul(gold_multiplier)
}

/// Where the gold goes when a game ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct GoldSettlement {
    /// Each seat's net change in gold (negative: the seat paid); the frozen stakes are already
    /// released, so this is all that moves.
    pub change: BySeat<i64>,
    /// What the house keeps: the remainder of a pot that does not split evenly.
    pub house: i64,
}

/// Settles a game in which every seat froze `stake` (GD-3 to GD-5).
///
/// Losers and escapees forfeit their stake into the pot. The pot is split evenly, rounding down,
/// among the winners, or in a draw among the players who did not escape; the remainder, or the
/// whole pot when nobody may share it, goes to the house. Everyone else gets their stake back.
/// Anti-farming does not apply to gold (GD-5), so the number of moves plays no part.
#[must_use]
pub fn settle_gold(stake: i64, results: &BySeat<SeatResult>) -> GoldSettlement {
    let seats_with = |wanted: SeatResult| -> SeatSet {
        results
            .iter()
            .filter(|&(_, &r)| r == wanted)
            .map(|(s, _)| s)
            .collect()
    };
    let payers = seats_with(SeatResult::Loss).union(seats_with(SeatResult::Escaped));
    let winners = seats_with(SeatResult::Win);
    let sharers = if winners.is_empty() {
        seats_with(SeatResult::Draw)
    } else {
        winners
    };

    let pot = stake.saturating_mul(payers.len() as i64);
    let share = if sharers.is_empty() {
        0
    } else {
        pot / sharers.len() as i64
    };
    let change = BySeat::from_fn(|seat| {
        if payers.contains(seat) {
            -stake
        } else if sharers.contains(seat) {
            share
        } else {
            0
        }
    });
    let house = pot - share * sharers.len() as i64;
    GoldSettlement { change, house }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatResult::{Absent, Draw, Escaped, Loss, Win};

    /// TV-24: `B` = 100 and `Lmin` = 7, so `m` = 8, `g` = 5 and `F` = 500.
    const TV_24_STAKE: i64 = 500;

    fn four(s: SeatResult, e: SeatResult, n: SeatResult, w: SeatResult) -> BySeat<SeatResult> {
        BySeat([s, e, n, w])
    }

    fn two(s: SeatResult, n: SeatResult) -> BySeat<SeatResult> {
        BySeat([s, n, Absent, Absent])
    }

    /// Gold is only moved around: what the seats lose, the seats and the house gain.
    fn assert_balanced(settlement: &GoldSettlement) {
        let seats: i64 = settlement.change.0.iter().sum();
        assert_eq!(seats + settlement.house, 0, "{settlement:?}");
        assert!(settlement.house >= 0, "{settlement:?}");
    }

    #[test]
    fn tv_24_stake() {
        // TV-24's gold multiplier is 5 (its points multiplier 8, capped by junqi's ladder).
        assert_eq!(stake(100, 5), TV_24_STAKE);
    }

    #[test]
    fn tv_24_gold_4p_sn_wins() {
        let settlement = settle_gold(TV_24_STAKE, &four(Win, Loss, Win, Loss));
        assert_eq!(settlement.change, BySeat([500, -500, 500, -500]));
        assert_eq!(settlement.house, 0);
        assert_balanced(&settlement);
    }

    #[test]
    fn tv_24_gold_4p_escape() {
        // South escapes and North later wins alone.
        let settlement = settle_gold(TV_24_STAKE, &four(Escaped, Loss, Win, Loss));
        assert_eq!(settlement.change, BySeat([-500, -500, 1500, -500]));
        assert_eq!(settlement.house, 0);
        assert_balanced(&settlement);
    }

    #[test]
    fn tv_24_gold_2p() {
        let settlement = settle_gold(TV_24_STAKE, &two(Loss, Win));
        assert_eq!(settlement.change, BySeat([-500, 500, 0, 0]));
        assert_eq!(settlement.house, 0);
        assert_balanced(&settlement);
    }

    #[test]
    fn tv_24_gold_4p_draw_with_escapee() {
        let settlement = settle_gold(TV_24_STAKE, &four(Draw, Escaped, Draw, Draw));
        assert_eq!(settlement.change, BySeat([166, -500, 166, 166]));
        assert_eq!(settlement.house, 2);
        assert_balanced(&settlement);
    }

    #[test]
    fn gold_2p_escape_pays_the_winner() {
        let settlement = settle_gold(200, &two(Escaped, Win));
        assert_eq!(settlement.change, BySeat([-200, 200, 0, 0]));
        assert_balanced(&settlement);
    }

    #[test]
    fn gold_draw_without_escape_moves_nothing() {
        let settlement = settle_gold(TV_24_STAKE, &four(Draw, Draw, Draw, Draw));
        assert_eq!(settlement.change, BySeat::splat(0));
        assert_eq!(settlement.house, 0);
    }

    #[test]
    fn gold_lone_winner_takes_the_whole_pot() {
        // South's partner escaped; South wins alone and takes every forfeit, the partner's too.
        let settlement = settle_gold(333, &four(Win, Loss, Escaped, Loss));
        assert_eq!(settlement.change, BySeat([999, -333, -333, -333]));
        assert_eq!(settlement.house, 0);
        let split = settle_gold(333, &four(Win, Loss, Win, Escaped));
        assert_eq!(split.change, BySeat([333, -333, 333, -333]));
        assert_balanced(&split);
    }

    #[test]
    fn gold_with_nobody_to_share_goes_to_the_house() {
        let settlement = settle_gold(100, &two(Escaped, Escaped));
        assert_eq!(settlement.change, BySeat([-100, -100, 0, 0]));
        assert_eq!(settlement.house, 200);
        assert_balanced(&settlement);
    }
}
