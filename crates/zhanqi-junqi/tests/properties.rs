//! The core testkit's properties over thousands of random 2p, 4p and dark games.
//!
//! Every property runs over a few hundred games per mode (the full set costs tens of
//! milliseconds a game: it applies every listed action of every ply, tries unlisted ones,
//! determinizes and reloads each position); the cheap ones — games end cleanly, replaying the
//! log reproduces the game — run over thousands.

use zhanqi_core::testkit::{PlayoutConfig, Property, check, check_all};
use zhanqi_junqi::{Junqi, JunqiOptions, Mode};

const CHEAP: [Property; 2] = [Property::GamesEnd, Property::ReplayReproduces];

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 3000,
        seed,
    }
}

#[test]
fn every_property_over_random_two_player_games() {
    check_all::<Junqi>(&JunqiOptions::of_mode(Mode::TwoPlayer), &config(150, 0));
}

#[test]
fn every_property_over_random_four_player_games() {
    check_all::<Junqi>(
        &JunqiOptions::of_mode(Mode::FourPlayer),
        &config(30, 10_000),
    );
}

#[test]
fn every_property_over_random_dark_games() {
    check_all::<Junqi>(&JunqiOptions::of_mode(Mode::Dark), &config(150, 20_000));
}

#[test]
fn every_property_over_two_players_on_the_four_player_board() {
    let options = JunqiOptions {
        two_players_on_4p: true,
        ..JunqiOptions::of_mode(Mode::FourPlayer)
    };
    check_all::<Junqi>(&options, &config(30, 30_000));
}

#[test]
fn every_property_over_four_player_games_with_visible_allies() {
    let options = JunqiOptions {
        ally_visible: true,
        ..JunqiOptions::of_mode(Mode::FourPlayer)
    };
    check_all::<Junqi>(&options, &config(30, 40_000));
}

#[test]
fn thousands_of_two_player_games_end_and_replay() {
    check::<Junqi>(
        &JunqiOptions::of_mode(Mode::TwoPlayer),
        &config(2000, 100_000),
        &CHEAP,
    );
}

#[test]
fn thousands_of_four_player_games_end_and_replay() {
    check::<Junqi>(
        &JunqiOptions::of_mode(Mode::FourPlayer),
        &config(1000, 200_000),
        &CHEAP,
    );
}

#[test]
fn thousands_of_dark_games_end_and_replay() {
    check::<Junqi>(
        &JunqiOptions::of_mode(Mode::Dark),
        &config(2000, 300_000),
        &CHEAP,
    );
}

/// The client contract (tables, events and choices per viewer) over random games of each mode.
#[test]
fn the_client_contract_over_random_games_of_every_mode() {
    for (mode, games) in [
        (Mode::TwoPlayer, 40),
        (Mode::FourPlayer, 8),
        (Mode::Dark, 40),
    ] {
        zhanqi_core::testkit::check_client_contract::<Junqi>(
            &JunqiOptions::of_mode(mode),
            &config(games, 30_000),
        );
    }
}
