//! The core testkit's properties over thousands of random games, under the standard options and
//! under each alternative of §13.
//!
//! The full set of properties applies every listed action at every position (hundreds of
//! placements a turn), determinizes and reloads each position, so it runs over hundreds of
//! games per option set; the cheap ones run over thousands.

use zhanqi_core::testkit::{PlayoutConfig, Property, check, check_all};
use zhanqi_shengke::{Face, PlacementRule, Resolution, ShengkeOptions, Targets, Tie};

const CHEAP: [Property; 2] = [Property::GamesEnd, Property::ReplayReproduces];

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 200,
        seed,
    }
}

#[test]
fn every_property_over_random_standard_games() {
    check_all::<zhanqi_shengke::Shengke>(&ShengkeOptions::default(), &config(120, 0));
}

#[test]
fn every_property_under_the_alternative_rules() {
    let alternatives = [
        ShengkeOptions {
            placement: PlacementRule::Optional,
            ..ShengkeOptions::default()
        },
        ShengkeOptions {
            judgement_targets: Targets::OpponentOnly,
            tie: Tie::SecondPlayerWins,
            ..ShengkeOptions::default()
        },
        ShengkeOptions {
            resolution: Resolution::ByCard,
            bonus_per_target: true,
            turns: 30,
            ..ShengkeOptions::default()
        },
        ShengkeOptions {
            bonus_per_target: true,
            die_faces: [
                Face::Any,
                Face::Any,
                Face::Any,
                Face::STANDARD[0],
                Face::STANDARD[3],
                Face::Any,
            ],
            first_player_bonus: 0,
            ..ShengkeOptions::default()
        },
    ];
    for (index, options) in alternatives.iter().enumerate() {
        check_all::<zhanqi_shengke::Shengke>(options, &config(30, 1000 * (index as u64 + 1)));
    }
}

#[test]
fn thousands_of_games_end_and_replay() {
    check::<zhanqi_shengke::Shengke>(&ShengkeOptions::default(), &config(5000, 100_000), &CHEAP);
}
