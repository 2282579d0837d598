//! The core testkit's properties over random games: fog off and on, both logistics modes.

use zhanqi_core::testkit::{PlayoutConfig, Property, check, check_all};
use zhanqi_tiehuo::{LogisticsMode, Tiehuo, TiehuoOptions};

/// `games` random games of at most 400 plies from `seed`.
pub(crate) fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 400,
        seed,
    }
}

/// The standard options with fog of war and the logistics mode as given.
pub(crate) fn options(fog: bool, logistics: LogisticsMode) -> TiehuoOptions {
    TiehuoOptions {
        fog_of_war: fog,
        logistics_mode: logistics,
        ..TiehuoOptions::default()
    }
}

#[test]
fn every_property_without_fog() {
    check_all::<Tiehuo>(&options(false, LogisticsMode::Individual), &config(100, 0));
}

#[test]
fn every_property_under_fog() {
    check_all::<Tiehuo>(
        &options(true, LogisticsMode::Individual),
        &config(100, 10_000),
    );
}

#[test]
fn every_property_with_shared_logistics() {
    check_all::<Tiehuo>(&options(false, LogisticsMode::Shared), &config(60, 20_000));
    check_all::<Tiehuo>(&options(true, LogisticsMode::Shared), &config(60, 30_000));
}

#[test]
fn cheap_properties_over_thousands_of_games() {
    let cheap = [Property::GamesEnd, Property::ReplayReproduces];
    for (index, fog) in [false, true].into_iter().enumerate() {
        for (offset, logistics) in [LogisticsMode::Individual, LogisticsMode::Shared]
            .into_iter()
            .enumerate()
        {
            let seed = 100_000 * (1 + 2 * index as u64 + offset as u64);
            check::<Tiehuo>(&options(fog, logistics), &config(500, seed), &cheap);
        }
    }
}

#[test]
fn every_property_with_custom_rules() {
    let custom = TiehuoOptions {
        fog_of_war: true,
        destroy_on_zero: false,
        logistics_cost_strict: false,
        focus_min_participants: 3,
        focus_bonus_q: 2,
        resupply_max: 2,
        banned_cards: vec!["DE06".to_owned(), "SU07".to_owned()],
        ..TiehuoOptions::default()
    };
    check_all::<Tiehuo>(&custom, &config(60, 40_000));
}
