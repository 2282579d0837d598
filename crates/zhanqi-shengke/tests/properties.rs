//! The core testkit's properties over thousands of random games, under the standard options and
//! under each alternative of §13.
//!
//! Every property at every position of a game (applying hundreds of listed placements a
//! turn) runs over a couple of hundred games. Over thousands of games, the cheaper properties
//! (views hide, determinize ignores the truth, replay, games end) are checked at every
//! position, and the expensive ones (listed actions apply, the notation reads back) at a
//! window of plies of each game, starting at a random ply ([`MidGame`]): the run stays well
//! under a minute in a debug build. The counts are in `docs/shengke.md`.

use zhanqi_core::testkit::{self, PlayoutConfig, Property, check, check_all};
use zhanqi_shengke::{Face, PlacementRule, Resolution, Shengke, ShengkeOptions, Targets, Tie};

const CHEAP: [Property; 2] = [Property::GamesEnd, Property::ReplayReproduces];

/// How many plies of each game the testkit checks (with `max_plies`), from the random start.
const WINDOW: usize = 8;

/// [`Shengke`], started at a ply drawn from `0..45`: a standard game lasts about 45 plies (20
/// turns of a roll, a placement and now and then an element or a recovery).
type MidGame = testkit::MidGame<Shengke, 45>;

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 200,
        seed,
    }
}

#[test]
fn every_property_over_random_standard_games() {
    check_all::<Shengke>(&ShengkeOptions::default(), &config(120, 0));
}

/// The alternatives of §13, each option set changing one or more parameters.
fn alternatives() -> [ShengkeOptions; 4] {
    [
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
    ]
}

/// Games per run over thousands: the standard options, then each alternative.
const STANDARD_GAMES: usize = 1400;
const ALTERNATIVE_GAMES: usize = 150;

#[test]
fn every_property_under_the_alternative_rules() {
    for (index, options) in alternatives().iter().enumerate() {
        check_all::<Shengke>(options, &config(30, 1000 * (index as u64 + 1)));
    }
}

/// Views hide the hands and piles, determinize resamples them from what the observer knows,
/// replays reproduce and games end: at every position of 2,000 games.
#[test]
fn thousands_of_games_hide_and_determinize_at_every_position() {
    let properties = [
        Property::ViewsHide,
        Property::DeterminizeIgnoresTruth,
        Property::ReplayReproduces,
        Property::GamesEnd,
    ];
    check::<Shengke>(
        &ShengkeOptions::default(),
        &config(STANDARD_GAMES, 200_000),
        &properties,
    );
    for (index, options) in alternatives().iter().enumerate() {
        let seed = 300_000 + 10_000 * index as u64;
        check::<Shengke>(options, &config(ALTERNATIVE_GAMES, seed), &properties);
    }
}

/// Every listed action applies and the notation reads back, at a window of
/// [`WINDOW`] plies of each of 2,000 games, from a random ply on.
#[test]
fn thousands_of_games_apply_listed_actions_and_read_back_in_windows() {
    let properties = [
        Property::ListedActionsApply,
        Property::NotationRoundTrips,
        Property::ReplayReproduces,
    ];
    let window = |games, seed| PlayoutConfig {
        games,
        max_plies: WINDOW,
        seed,
    };
    check::<MidGame>(
        &ShengkeOptions::default(),
        &window(STANDARD_GAMES, 400_000),
        &properties,
    );
    for (index, options) in alternatives().iter().enumerate() {
        let seed = 500_000 + 10_000 * index as u64;
        check::<MidGame>(options, &window(ALTERNATIVE_GAMES, seed), &properties);
    }
}

#[test]
fn thousands_of_games_end_and_replay() {
    check::<Shengke>(&ShengkeOptions::default(), &config(5000, 100_000), &CHEAP);
}

/// The client contract (tables, events and clickable placements per viewer) over random games.
#[test]
fn the_client_contract_over_random_standard_games() {
    zhanqi_core::testkit::check_client_contract::<Shengke>(
        &ShengkeOptions::default(),
        &config(30, 40_000),
    );
}
