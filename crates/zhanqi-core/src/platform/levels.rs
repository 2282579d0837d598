//! Rank levels (等级) and the points multiplier they give a table (junqi.md §6.1, SC-1).

use serde::Serialize;

/// One rank level: its points threshold and its titles.
struct LevelRow {
    threshold: i64,
    title_zh: &'static str,
    title_en: &'static str,
}

/// The 20 levels in order; level `n` is `LEVELS[n - 1]`. Level 1 has no threshold of its own.
const LEVELS: [LevelRow; 20] = [
    row(i64::MIN, "新兵", "Recruit"),
    row(10, "老兵", "Veteran"),
    row(20, "志愿兵", "Volunteer (sergeant)"),
    row(50, "副班长", "Deputy squad leader"),
    row(100, "班长", "Squad leader"),
    row(200, "副排长", "Deputy platoon commander"),
    row(300, "排长", "Platoon commander"),
    row(500, "副连长", "Deputy company commander"),
    row(700, "连长", "Company commander"),
    row(1_000, "副营长", "Deputy battalion commander"),
    row(2_000, "营长", "Battalion commander"),
    row(3_000, "副团长", "Deputy regiment commander"),
    row(5_000, "团长", "Regiment commander"),
    row(10_000, "副旅长", "Deputy brigade commander"),
    row(20_000, "旅长", "Brigade commander"),
    row(50_000, "副师长", "Deputy division commander"),
    row(100_000, "师长", "Division commander"),
    row(200_000, "副军长", "Deputy corps commander"),
    row(500_000, "军长", "Corps commander"),
    row(1_000_000, "司令", "Commander-in-chief"),
];

const fn row(threshold: i64, title_zh: &'static str, title_en: &'static str) -> LevelRow {
    LevelRow {
        threshold,
        title_zh,
        title_en,
    }
}

/// The highest level whose multiplier is still ×1 (副班长); each level above it doubles.
const UNMULTIPLIED_LEVEL: u8 = 4;

/// A rank level, from 1 (新兵, Recruit) to 20 (司令, Commander-in-chief).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(transparent)]
pub struct Level(u8);

impl Level {
    /// The lowest level, 新兵 (Recruit).
    pub const LOWEST: Level = Level(1);
    /// The highest level, 司令 (Commander-in-chief).
    pub const HIGHEST: Level = Level(LEVELS.len() as u8);

    /// The level with this number, if it is in `1..=20`.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Level> {
        if number >= 1 && number as usize <= LEVELS.len() {
            Some(Level(number))
        } else {
            None
        }
    }

    /// The level's number, from 1 to 20.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The Chinese title, e.g. `班长`.
    #[must_use]
    pub const fn title_zh(self) -> &'static str {
        self.row().title_zh
    }

    /// The English title, e.g. `Squad leader`.
    #[must_use]
    pub const fn title_en(self) -> &'static str {
        self.row().title_en
    }

    /// The fewest points that give this level; `i64::MIN` for level 1, which every score reaches.
    #[must_use]
    pub const fn threshold(self) -> i64 {
        self.row().threshold
    }

    const fn row(self) -> &'static LevelRow {
        &LEVELS[self.0 as usize - 1]
    }
}

/// The level of a player with these points: the highest whose threshold they reach (§6.1).
#[must_use]
pub fn level(points: i64) -> Level {
    let reached = LEVELS.iter().filter(|row| row.threshold <= points).count();
    // Level 1's threshold is i64::MIN, so at least one level is always reached.
    Level(reached as u8)
}

/// The points multiplier of a table (SC-1): `2^max(0, Lmin − 4)`, where `Lmin` is the level of
/// the lowest points among all seated players at game start; 1 for an empty table.
#[must_use]
pub fn multiplier(points_at_start: &[i64]) -> i64 {
    let Some(&lowest) = points_at_start.iter().min() else {
        return 1;
    };
    let doublings = level(lowest).number().saturating_sub(UNMULTIPLIED_LEVEL);
    1 << doublings
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(level(points).number(), expected, "level({points})");
        }
    }

    #[test]
    fn tv_23_multiplier_low_table() {
        let points = [30, 120, 800, 5000];
        assert_eq!(level(30).number(), 3);
        assert_eq!(multiplier(&points), 1);
    }

    #[test]
    fn tv_23_multiplier_squad_leader_table() {
        let points = [130, 210, 980, 305];
        assert_eq!(level(130).title_zh(), "班长");
        assert_eq!(multiplier(&points), 2);
    }

    #[test]
    fn tv_24_multiplier_platoon_commander_table() {
        // TV-24: Lmin = 7 gives m = 8.
        assert_eq!(level(300).number(), 7);
        assert_eq!(multiplier(&[300, 450, 2_000, 10_000]), 8);
    }

    #[test]
    fn negative_and_extreme_points_give_levels_1_and_20() {
        assert_eq!(level(i64::MIN), Level::LOWEST);
        assert_eq!(level(-1_000), Level::LOWEST);
        assert_eq!(level(0), Level::LOWEST);
        assert_eq!(level(i64::MAX), Level::HIGHEST);
        assert_eq!(Level::HIGHEST.number(), 20);
        assert_eq!(Level::HIGHEST.title_zh(), "司令");
        assert_eq!(Level::HIGHEST.title_en(), "Commander-in-chief");
        assert_eq!(Level::HIGHEST.threshold(), 1_000_000);
    }

    #[test]
    fn multiplier_runs_from_1_to_2_pow_16() {
        assert_eq!(multiplier(&[]), 1);
        assert_eq!(multiplier(&[-50, 1_000_000]), 1);
        assert_eq!(multiplier(&[50]), 1);
        assert_eq!(multiplier(&[200]), 4);
        assert_eq!(multiplier(&[1_000_000, 2_000_000]), 1 << 16);
    }

    #[test]
    fn each_threshold_gives_its_own_level_and_one_less_gives_the_level_below() {
        for number in 2..=20 {
            let this = Level::from_number(number).unwrap();
            assert_eq!(level(this.threshold()), this);
            assert_eq!(level(this.threshold() - 1).number(), number - 1);
        }
    }

    #[test]
    fn level_numbers_outside_1_to_20_do_not_exist() {
        assert_eq!(Level::from_number(0), None);
        assert_eq!(Level::from_number(21), None);
        assert_eq!(
            Level::from_number(5).map(Level::title_en),
            Some("Squad leader")
        );
    }
}
