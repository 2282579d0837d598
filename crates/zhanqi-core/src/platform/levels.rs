//! Rank levels (等级), the points multiplier they give a table and the cap of the gold
//! multiplier: the rules, parameterised by a game family's own [`Ladder`] (junqi's 20 ranks are
//! `zhanqi_junqi::platform::LADDER`, from junqi.md §6.1, SC-1 and GD-1).

/// One rank of a ladder: its points threshold and its titles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rank {
    /// The fewest points that give this rank (ignored for the lowest, which every score reaches).
    pub threshold: i64,
    /// The Chinese title, e.g. `班长`.
    pub title_zh: &'static str,
    /// The English title, e.g. `Squad leader`.
    pub title_en: &'static str,
}

/// A game family's ranks and the multipliers they give a table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ladder {
    /// The ranks from the lowest (level 1) up, thresholds rising; at least one.
    pub ranks: &'static [Rank],
    /// The highest level whose points multiplier is still ×1; each level above it doubles.
    pub unmultiplied: u8,
    /// The largest gold multiplier, whatever the points multiplier.
    pub gold_multiplier_cap: i64,
}

/// A rank level of a ladder, from 1 (its lowest rank) up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Level {
    number: u8,
    rank: &'static Rank,
}

impl Level {
    /// The level's number, from 1.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.number
    }

    /// The Chinese title, e.g. `班长`.
    #[must_use]
    pub const fn title_zh(self) -> &'static str {
        self.rank.title_zh
    }

    /// The English title, e.g. `Squad leader`.
    #[must_use]
    pub const fn title_en(self) -> &'static str {
        self.rank.title_en
    }

    /// The fewest points that give this level; `i64::MIN` for level 1, which every score reaches.
    #[must_use]
    pub const fn threshold(self) -> i64 {
        if self.number == 1 {
            i64::MIN
        } else {
            self.rank.threshold
        }
    }
}

impl Ladder {
    /// The level with this number, if the ladder has it.
    #[must_use]
    pub fn level_numbered(&self, number: u8) -> Option<Level> {
        let index = usize::from(number).checked_sub(1)?;
        self.ranks.get(index).map(|rank| Level { number, rank })
    }

    /// The highest level of the ladder.
    #[must_use]
    pub fn highest(&self) -> Level {
        let number = u8::try_from(self.ranks.len()).expect("a ladder has at most 255 ranks");
        self.level_numbered(number)
            .expect("a ladder has at least one rank")
    }

    /// The level of a player with these points: the highest whose threshold they reach.
    #[must_use]
    pub fn level(&self, points: i64) -> Level {
        let reached = 1 + self
            .ranks
            .iter()
            .skip(1)
            .take_while(|rank| rank.threshold <= points)
            .count();
        self.level_numbered(u8::try_from(reached).expect("a ladder has at most 255 ranks"))
            .expect("the reached level is on the ladder")
    }

    /// The points multiplier of a table (junqi's SC-1): `2^max(0, Lmin − unmultiplied)`, where
    /// `Lmin` is the level of the lowest points among all seated players at game start; 1 for an
    /// empty table.
    #[must_use]
    pub fn multiplier(&self, points_at_start: &[i64]) -> i64 {
        let Some(&lowest) = points_at_start.iter().min() else {
            return 1;
        };
        let doublings = self
            .level(lowest)
            .number()
            .saturating_sub(self.unmultiplied);
        1_i64 << doublings.min(62)
    }

    /// The gold multiplier of a table (junqi's GD-1): its points multiplier, capped.
    #[must_use]
    pub fn gold_multiplier(&self, points_multiplier: i64) -> i64 {
        points_multiplier.min(self.gold_multiplier_cap)
    }
}

/// The points multiplier of a table under `ladder`; ×1 for a game family without ranks.
#[must_use]
pub fn multiplier(ladder: Option<&Ladder>, points_at_start: &[i64]) -> i64 {
    ladder.map_or(1, |ladder| ladder.multiplier(points_at_start))
}

/// The gold multiplier of a table under `ladder`; ×1 for a game family without ranks.
#[must_use]
pub fn gold_multiplier(ladder: Option<&Ladder>, points_multiplier: i64) -> i64 {
    ladder.map_or(1, |ladder| ladder.gold_multiplier(points_multiplier))
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn rank(threshold: i64, title: &'static str) -> Rank {
        Rank {
            threshold,
            title_zh: title,
            title_en: title,
        }
    }

    /// A small ladder of four ranks, doubling from the third.
    const SMALL: Ladder = Ladder {
        ranks: &[
            rank(0, "one"),
            rank(10, "two"),
            rank(100, "three"),
            rank(1_000, "four"),
        ],
        unmultiplied: 2,
        gold_multiplier_cap: 2,
    };

    #[test]
    fn a_player_has_the_highest_level_whose_threshold_they_reach() {
        assert_eq!(SMALL.level(i64::MIN).number(), 1);
        assert_eq!(SMALL.level(-5).title_en(), "one");
        assert_eq!(SMALL.level(9).number(), 1);
        assert_eq!(SMALL.level(10).number(), 2);
        assert_eq!(SMALL.level(999).number(), 3);
        assert_eq!(SMALL.level(i64::MAX).number(), 4);
        assert_eq!(SMALL.highest().title_zh(), "four");
        assert_eq!(
            SMALL.level_numbered(1).map(Level::threshold),
            Some(i64::MIN)
        );
        assert_eq!(SMALL.level_numbered(3).map(Level::threshold), Some(100));
        assert_eq!(SMALL.level_numbered(0), None);
        assert_eq!(SMALL.level_numbered(5), None);
    }

    #[test]
    fn the_lowest_player_s_level_doubles_the_table_above_the_unmultiplied_level() {
        assert_eq!(SMALL.multiplier(&[]), 1);
        assert_eq!(SMALL.multiplier(&[5_000, 50]), 1);
        assert_eq!(SMALL.multiplier(&[5_000, 500]), 2);
        assert_eq!(SMALL.multiplier(&[5_000, 1_000]), 4);
        assert_eq!(SMALL.gold_multiplier(4), 2);
        assert_eq!(SMALL.gold_multiplier(1), 1);
        assert_eq!(multiplier(None, &[5_000]), 1);
        assert_eq!(gold_multiplier(None, 16), 1);
        assert_eq!(multiplier(Some(&SMALL), &[5_000]), 4);
        assert_eq!(gold_multiplier(Some(&SMALL), 4), 2);
    }
}
