//! Scoring a finished game (§6): points with the level multiplier and anti-farming, and gold.
//!
//! The rules live once in `zhanqi_core::platform`; this module gives them junqi's numbers.

use zhanqi_core::platform::{
    GoldSettlement, PointsSettlement, PointsTable, points_settlement, settle_gold, stake,
};
use zhanqi_core::{BySeat, Game};

use crate::{Junqi, Mode, platform};

impl Junqi {
    /// The points table of this game's mode (SC-2, SC-3): 4p, or 2p (dark is scored as 2p).
    #[must_use]
    pub fn points_table(&self) -> PointsTable {
        match self.options.mode {
            Mode::FourPlayer if !self.options.two_players_on_4p => platform::POINTS_4P,
            _ => platform::POINTS_2P,
        }
    }

    /// Each seat's change in points once the game is over (SC-1 … SC-4), from the points of
    /// every seated player at the start (escapees included); `None` while the game goes on.
    #[must_use]
    pub fn points_change(&self, points_at_start: &[i64]) -> Option<BySeat<i64>> {
        Some(self.points_settlement(points_at_start)?.change)
    }

    /// Each seat's change in points ([`Junqi::points_change`]) with the reason of a short
    /// game's 0 for its winners (SC-3), once the game is over.
    #[must_use]
    pub fn points_settlement(&self, points_at_start: &[i64]) -> Option<PointsSettlement> {
        let outcome = self.outcome()?;
        Some(points_settlement(
            &self.points_table(),
            &outcome.results,
            self.position.moves,
            platform::LADDER.multiplier(points_at_start),
        ))
    }

    /// The gold settlement of a gold room with base stake `base` (GD-1 … GD-5), once the game
    /// is over; `None` while it goes on.
    #[must_use]
    pub fn gold_settlement(&self, base: i64, points_at_start: &[i64]) -> Option<GoldSettlement> {
        let outcome = self.outcome()?;
        let ladder = platform::LADDER;
        let frozen = stake(
            base,
            ladder.gold_multiplier(ladder.multiplier(points_at_start)),
        );
        Some(settle_gold(frozen, &outcome.results))
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{GameNotation, Seat, Viewer};

    use crate::Junqi;

    fn play(game: &mut Junqi, seat: usize, text: &str) {
        let seat = Seat::new(seat);
        let action = game.parse_action(seat, text).unwrap();
        zhanqi_core::Game::apply(game, seat, &action).unwrap();
    }

    #[test]
    fn tv_23_a_2p_win_after_move_31_scores_one_point() {
        // TV-09's engineer takes the flag, here as the 31st move.
        let mut game = <Junqi as GameNotation>::load(
            "2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 30",
            None,
            0,
        )
        .unwrap();
        play(&mut game, 0, "d11xd12");
        assert_eq!(game.position.moves, 31);
        let change = game.points_change(&[0, 0]).unwrap();
        assert_eq!((change[Seat::new(0)], change[Seat::new(1)]), (1, -1));
    }

    #[test]
    fn tv_23_a_2p_win_at_move_30_scores_nothing_for_the_winner() {
        let mut game = <Junqi as GameNotation>::load(
            "2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 29",
            None,
            0,
        )
        .unwrap();
        play(&mut game, 0, "d11xd12");
        let change = game.points_change(&[0, 0]).unwrap();
        assert_eq!((change[Seat::new(0)], change[Seat::new(1)]), (0, -1));
    }

    #[test]
    fn tv_24_a_2p_gold_room() {
        let mut game = <Junqi as GameNotation>::load(
            "2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 50",
            None,
            0,
        )
        .unwrap();
        assert!(
            game.gold_settlement(100, &[300, 400]).is_none(),
            "nothing is settled during play"
        );
        play(&mut game, 0, "d11xd12");
        // Lmin = 7 (排长), m = 8, g = 5: the stake is 500.
        let gold = game.gold_settlement(100, &[300, 400]).unwrap();
        assert_eq!(
            (
                gold.change[Seat::new(0)],
                gold.change[Seat::new(1)],
                gold.house
            ),
            (500, -500, 0)
        );
        assert_eq!(game.points_change(&[300, 400]).unwrap()[Seat::new(0)], 8);
        assert!(GameNotation::position(&game, Viewer::Omniscient).contains(" - s+0n-0 "));
    }

    #[test]
    fn tv_20_4p_escape_then_defeat_scores() {
        // Ex 4 at M = 120: East escapes, then West resigns; South and North win at M = 120 ≥ 41.
        let mut game = <Junqi as GameNotation>::load(
            "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB3eT4eM/10sDeF/10eE3eM/5/5/sE4/5/1sM3/sMsF3 s s+0e+1n+0w+0 - 3 120",
            None,
            0,
        )
        .unwrap();
        play(&mut game, 1, "escape");
        play(&mut game, 3, "resign");
        let change = game.points_change(&[0, 0, 0, 0]).unwrap();
        assert_eq!(change.0, [2, -4, 2, -2]);
    }
}
