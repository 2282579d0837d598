//! The core testkit's properties over random games, under the standard options and under
//! alternatives of §14.
//!
//! Every property is checked at every position of a few games from `new` (the hidden
//! deployment and the opening) and of windows of plies anywhere in many more games
//! ([`MidGame`]: bases, redeployments, bombs, exchanges and eliminations come late). The
//! cheaper properties run over a thousand games' deployments and openings, and over hundreds of
//! games played to their end.

use zhanqi_core::testkit::{self, PlayoutConfig, Property, check, check_all};
use zhanqi_siguo::{
    BombIsAction, BombOccupier, CannonScreen, ExchangeFollowup, RedeployWindow, Siguo,
    SiguoOptions, SoldierPath, TurnOrder,
};

/// [`Siguo`], started at a ply drawn from `0..1500`: a standard random game lasts about 1,800
/// plies (most reach the 2,000-action limit).
type MidGame = testkit::MidGame<Siguo, 1500>;

fn config(games: usize, max_plies: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies,
        seed,
    }
}

#[test]
fn every_property_from_the_deployment_on() {
    check_all::<Siguo>(&SiguoOptions::default(), &config(6, 100, 0));
}

#[test]
fn every_property_anywhere_in_random_games() {
    check_all::<MidGame>(&SiguoOptions::default(), &config(100, 10, 500));
}

/// Option sets that change every §14 parameter with an alternative at least once.
pub(crate) fn alternatives() -> Vec<SiguoOptions> {
    let standard = SiguoOptions::default;
    vec![
        SiguoOptions {
            turn_order: TurnOrder::Cw,
            first_seat: 3,
            require_full_deployment: false,
            voluntary_pass: true,
            general_captures: false,
            ..standard()
        },
        SiguoOptions {
            cannon_screen: CannonScreen::NotEnemy,
            soldier_path: SoldierPath::AnyPath,
            redeploy_window: RedeployWindow::WhileOccupied,
            redeploy_max: 2,
            redeploy_occupier_may_move: true,
            ..standard()
        },
        SiguoOptions {
            cannon_screen: CannonScreen::OwnOrAlly,
            bomb_occupier: BombOccupier::Team,
            bomb_requires_target: false,
            bomb_is_action: BombIsAction::Free,
            exchange_followup: ExchangeFollowup::None,
            quiet_limit: 60,
            max_actions: 1200,
            ..standard()
        },
    ]
}

#[test]
fn every_property_under_the_alternative_rules() {
    for (index, options) in alternatives().iter().enumerate() {
        let seed = 1000 * (index as u64 + 1);
        check_all::<Siguo>(options, &config(2, 60, seed));
        check_all::<MidGame>(options, &config(25, 8, seed + 500));
    }
}

/// Views hide the deployments, determinize resamples them from what the observer knows (who
/// has deployed), replays reproduce and games end cleanly: at every position of the four
/// deployments and the first plies after the reveal of a thousand games.
#[test]
fn hidden_deployment_properties_over_a_thousand_games() {
    let properties = [
        Property::GamesEnd,
        Property::ReplayReproduces,
        Property::ViewsHide,
        Property::DeterminizeIgnoresTruth,
    ];
    check::<Siguo>(
        &SiguoOptions::default(),
        &config(1000, 8, 10_000),
        &properties,
    );
}

/// Random games end (each reaches an outcome: victory, the quiet limit or the action limit)
/// and their logs replay, over games played to their end.
#[test]
fn random_games_end_and_replay() {
    let properties = [Property::GamesEnd, Property::ReplayReproduces];
    check::<Siguo>(
        &SiguoOptions::default(),
        &config(120, 2500, 20_000),
        &properties,
    );
    for (index, options) in alternatives().iter().enumerate() {
        check::<Siguo>(
            options,
            &config(10, 2500, 30_000 + 100 * index as u64),
            &properties,
        );
    }
}
