//! The core testkit's properties over thousands of random 2p, 4p and dark games.

use zhanqi_core::testkit::{PlayoutConfig, check_all};
use zhanqi_junqi::{Junqi, JunqiOptions, Mode};

fn config(games: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies: 3000,
        seed,
    }
}

#[test]
fn random_two_player_games() {
    check_all::<Junqi>(&JunqiOptions::of_mode(Mode::TwoPlayer), &config(1000, 0));
}

#[test]
fn random_four_player_games() {
    check_all::<Junqi>(
        &JunqiOptions::of_mode(Mode::FourPlayer),
        &config(1000, 10_000),
    );
}

#[test]
fn random_dark_games() {
    check_all::<Junqi>(&JunqiOptions::of_mode(Mode::Dark), &config(1000, 20_000));
}

#[test]
fn random_two_player_games_on_the_four_player_board() {
    let options = JunqiOptions {
        two_players_on_4p: true,
        ..JunqiOptions::of_mode(Mode::FourPlayer)
    };
    check_all::<Junqi>(&options, &config(300, 30_000));
}

#[test]
fn random_four_player_games_with_visible_allies() {
    let options = JunqiOptions {
        ally_visible: true,
        ..JunqiOptions::of_mode(Mode::FourPlayer)
    };
    check_all::<Junqi>(&options, &config(300, 40_000));
}
