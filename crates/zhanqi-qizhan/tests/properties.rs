//! The core testkit's properties over random games: the standard decks, the alternative
//! parameters of §3, and random legal decks.

use zhanqi_core::testkit::{PlayoutConfig, Property, check, check_all};
use zhanqi_qizhan::{Qizhan, QizhanOptions};

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 2000,
        seed,
    }
}

#[test]
fn every_property_over_random_standard_games() {
    check_all::<Qizhan>(&QizhanOptions::default(), &config(40, 0));
}

#[test]
fn thousands_of_standard_games_end_and_replay() {
    check::<Qizhan>(
        &QizhanOptions::default(),
        &config(2000, 100_000),
        &[Property::GamesEnd, Property::ReplayReproduces],
    );
}
