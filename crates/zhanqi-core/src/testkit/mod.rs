//! Generic property tests over random playouts, for every game.
//!
//! Each game crate runs [`check_all`] (or the single properties, `check_…`) in its tests. The
//! testkit plays random games from [`Game::new`](crate::Game::new) and, at every position,
//! checks the [`Property`]s the whole platform relies on.
//!
//! A random playout, at [`ToAct::Seats`], picks one of the seats at random and plays one of its
//! listed actions uniformly, or
//! [`Game::random_unlisted_action`](crate::Game::random_unlisted_action) when its choice is not
//! listed; now and then (one ply in [`PLATFORM_ACTION_ONE_IN`]) it first tries a random
//! platform action for a random seat. At [`ToAct::Chance`] it calls
//! [`Game::roll`](crate::Game::roll). Every random choice comes from [`GameRng`] streams of the
//! game's seed, so a failure names the seed that reproduces it: game `i` of a run has the seed
//! `config.seed + i`, and `PlayoutConfig { games: 1, seed, .. }` replays it alone.
//!
//! ```
//! use zhanqi_core::testkit::{self, PlayoutConfig, toy::HiddenRace};
//!
//! let config = PlayoutConfig { games: 20, ..PlayoutConfig::default() };
//! testkit::check_all::<HiddenRace>(&Default::default(), &config);
//! ```

mod client;
pub mod data;
mod mid_game;
mod playout;
mod property;
mod refusals;
mod skip;
#[cfg(test)]
mod tests;
pub mod toy;

use std::fmt;
use std::panic::{self, AssertUnwindSafe};

pub use client::check_client_contract;
pub use mid_game::{MidGame, random_plies};
pub use playout::PLATFORM_ACTION_ONE_IN;
pub use property::Property;
pub use refusals::{assert_player_vocabulary, missing_refusal_strings};
pub use skip::{skip, skip_once};

use crate::{GameNotation, GameRng, ToAct, Viewer};

/// How many random games to play, how long each may last, and the seed of the first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayoutConfig {
    /// How many games to play; game `i` has the seed `seed + i`.
    pub games: usize,
    /// A game still going after this many plies (chance outcomes included) is stopped there.
    pub max_plies: usize,
    /// The seed of the first game.
    pub seed: u64,
}

impl Default for PlayoutConfig {
    fn default() -> PlayoutConfig {
        PlayoutConfig {
            games: 100,
            max_plies: 1000,
            seed: 0,
        }
    }
}

/// Checks every [`Property`] over random playouts.
///
/// # Panics
/// On the first failure, with a message naming the property, the game's seed, the ply, the
/// position and the [`PlayoutConfig`] that reproduces it.
pub fn check_all<G: GameNotation>(options: &G::Options, config: &PlayoutConfig) {
    check::<G>(options, config, &Property::ALL);
}

/// Checks the given properties over random playouts.
///
/// # Panics
/// As [`check_all`].
pub fn check<G: GameNotation>(
    options: &G::Options,
    config: &PlayoutConfig,
    properties: &[Property],
) {
    if let Err(failure) = run::<G>(options, config, properties) {
        panic!("{failure}");
    }
}

/// Checks [`Property::ListedActionsApply`].
///
/// # Panics
/// As [`check_all`].
pub fn check_listed_actions_apply<G: GameNotation>(options: &G::Options, config: &PlayoutConfig) {
    check::<G>(options, config, &[Property::ListedActionsApply]);
}

/// Checks [`Property::UnlistedActionsRefused`].
///
/// # Panics
/// As [`check_all`].
pub fn check_unlisted_actions_refused<G: GameNotation>(
    options: &G::Options,
    config: &PlayoutConfig,
) {
    check::<G>(options, config, &[Property::UnlistedActionsRefused]);
}

/// Checks [`Property::ViewsHide`].
///
/// # Panics
/// As [`check_all`].
pub fn check_views_hide<G: GameNotation>(options: &G::Options, config: &PlayoutConfig) {
    check::<G>(options, config, &[Property::ViewsHide]);
}

/// Checks [`Property::NotationRoundTrips`].
///
/// # Panics
/// As [`check_all`].
pub fn check_notation_round_trips<G: GameNotation>(options: &G::Options, config: &PlayoutConfig) {
    check::<G>(options, config, &[Property::NotationRoundTrips]);
}

/// Checks [`Property::ReplayReproduces`].
///
/// # Panics
/// As [`check_all`].
pub fn check_replay_reproduces<G: GameNotation>(options: &G::Options, config: &PlayoutConfig) {
    check::<G>(options, config, &[Property::ReplayReproduces]);
}

/// Checks [`Property::GamesEnd`].
///
/// # Panics
/// As [`check_all`].
pub fn check_games_end<G: GameNotation>(options: &G::Options, config: &PlayoutConfig) {
    check::<G>(options, config, &[Property::GamesEnd]);
}

/// Checks [`Property::DeterminizeIgnoresTruth`].
///
/// # Panics
/// As [`check_all`].
pub fn check_determinize_ignores_truth<G: GameNotation>(
    options: &G::Options,
    config: &PlayoutConfig,
) {
    check::<G>(options, config, &[Property::DeterminizeIgnoresTruth]);
}

/// The first failure of a run, and how to reproduce it.
#[derive(Debug)]
struct Failure {
    game: &'static str,
    /// The property that failed, or what else went wrong.
    check: &'static str,
    /// The ply and the omniscient position where it failed, when one game failed.
    at: Option<At>,
    problem: String,
    reproduce: PlayoutConfig,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "testkit: {} fails \"{}\"", self.game, self.check)?;
        match &self.at {
            Some(at) => {
                writeln!(
                    f,
                    "  in the game with seed {} at ply {}",
                    self.reproduce.seed, at.ply
                )?;
                writeln!(f, "  position: {}", at.position)?;
            }
            None => writeln!(
                f,
                "  over {} games from seed {}",
                self.reproduce.games, self.reproduce.seed
            )?,
        }
        writeln!(f, "  problem: {}", self.problem)?;
        write!(f, "  reproduce with {:?}", self.reproduce)
    }
}

/// Where a playout is: what a failure names.
#[derive(Clone, PartialEq, Eq, Debug)]
struct At {
    ply: usize,
    position: String,
}

/// The name of failures that belong to no property: the random playout itself went wrong.
const PLAYOUT: &str = "random playouts can be played";

fn run<G: GameNotation>(
    options: &G::Options,
    config: &PlayoutConfig,
    properties: &[Property],
) -> Result<(), Failure> {
    let mut tally = property::HiddenTally::default();
    for index in 0..config.games {
        let seed = config.seed.wrapping_add(index as u64);
        check_game::<G>(options, config, seed, properties, &mut tally)?;
    }
    if properties.contains(&Property::ViewsHide) && tally.hidden && !tally.resampled {
        let problem = "seats' positions hide something, but determinize never changed the full \
                       position: it must resample what the observer cannot see";
        return Err(Failure {
            game: G::NAME,
            check: Property::ViewsHide.name(),
            at: None,
            problem: problem.to_owned(),
            reproduce: *config,
        });
    }
    Ok(())
}

/// Plays one random game and checks `properties` along it; reports a panic as a failure.
fn check_game<G: GameNotation>(
    options: &G::Options,
    config: &PlayoutConfig,
    seed: u64,
    properties: &[Property],
    tally: &mut property::HiddenTally,
) -> Result<(), Failure> {
    let mut at = At {
        ply: 0,
        position: "(the game is not created yet)".to_owned(),
    };
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        play_and_check::<G>(options, seed, config.max_plies, properties, tally, &mut at)
    }));
    let (check, problem) = match result {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(found)) => found,
        Err(payload) => (
            Property::GamesEnd.name(),
            format!("panicked: {}", panic_text(payload.as_ref())),
        ),
    };
    let reproduce = PlayoutConfig {
        games: 1,
        seed,
        ..*config
    };
    Err(Failure {
        game: G::NAME,
        check,
        at: Some(at),
        problem,
        reproduce,
    })
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    match payload.downcast_ref::<&str>() {
        Some(text) => text,
        None => payload
            .downcast_ref::<String>()
            .map_or("(not a text)", String::as_str),
    }
}

/// The random playout: checks `properties` at each position, keeping `at` on the current one,
/// and the replay at the end. Fails with the check's name and the problem.
fn play_and_check<G: GameNotation>(
    options: &G::Options,
    seed: u64,
    max_plies: usize,
    properties: &[Property],
    tally: &mut property::HiddenTally,
    at: &mut At,
) -> Result<(), (&'static str, String)> {
    let mut game = G::new(options, seed)
        .map_err(|error| (PLAYOUT, format!("new refused the options: {error}")))?;
    let mut choices = GameRng::stream(seed, 1);
    let mut rngs: Vec<GameRng> = properties
        .iter()
        .map(|property| property.rng(seed))
        .collect();
    let mut earlier = Vec::new();
    let mut log = Vec::new();
    for ply in 0.. {
        *at = At {
            ply,
            position: game.position(Viewer::Omniscient),
        };
        for (property, rng) in properties.iter().zip(&mut rngs) {
            property
                .check_position(&game, &earlier, rng, tally)
                .map_err(|problem| (property.name(), problem))?;
        }
        if game.to_act() == ToAct::Over || ply == max_plies {
            break;
        }
        playout::remember_actions(&game, &mut earlier);
        let step =
            playout::advance(&mut game, &mut choices).map_err(|problem| (PLAYOUT, problem))?;
        earlier.push(step.action.clone());
        log.push(step);
    }
    if properties.contains(&Property::ReplayReproduces) {
        if let Err((ply, problem)) = property::check_replay::<G>(options, seed, &log) {
            *at = At {
                ply,
                position: log[ply].before.clone(),
            };
            return Err((Property::ReplayReproduces.name(), problem));
        }
    }
    Ok(())
}
