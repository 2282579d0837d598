//! zhanqi's self-play lab.
//!
//! A **study** ([`run_study`]) plays many games between players in parallel, each game
//! reproducible from (study seed, game index), and writes a folder: `config.json`,
//! `results.jsonl` (one line per finished game, flushed as it finishes), `summary.json`
//! (rates with Wilson intervals per seat, team and player, first-mover advantage, lengths,
//! end reasons, speed), `report.html` and PNG plots. A **match** ([`run_match`]) pits two
//! players against each other in game pairs with swapped seats until a sequential
//! probability ratio test decides. docs/sim.md is the guide.
//!
//! The lab sees games only through [`zhanqi_core::Game`] and [`zhanqi_core::GameNotation`],
//! and players only through [`zhanqi_ai::Player`].

mod entrant;
mod error;
mod matchup;
mod playout;
mod plot;
mod progress;
mod record;
mod report;
pub mod stats;
mod study;
mod summary;
mod workers;

pub use entrant::{Entrant, PlayerFactory};
pub use error::SimError;
pub use matchup::{Match, MatchReport, run_match};
pub use playout::{GameSeeds, PLY_LIMIT_REASON, Played, play};
pub use plot::{Plot, draw_plots};
pub use progress::ProgressMode;
pub use record::{GameRecord, SeatOutcome, SeatRecord, read_results, without_timings};
pub use report::write_report;
pub use study::{Study, StudyConfig, StudyFiles, StudyOutcome, run_study};
pub use summary::{
    Bin, FirstMover, LabelRates, Lengths, PlayerRates, Rates, ReasonCount, SeatRates, Summary,
    TeamRates, Throughput,
};

/// The options of a study or match: the mode's defaults with `extra` (a JSON object, as
/// `--options` gives it) merged over them.
///
/// # Errors
/// [`SimError::Settings`] if `extra` is not an object, names an unknown key, holds a bad value,
/// or the mode is unknown.
pub fn game_options<G: zhanqi_core::GameNotation>(
    mode: Option<&str>,
    extra: Option<&serde_json::Value>,
) -> Result<G::Options, SimError> {
    if let Some(extra) = extra
        && !extra.is_object()
    {
        return Err(SimError::Settings(format!(
            "--options must be a JSON object such as {{\"first_player_bonus\":0}}, not {extra}"
        )));
    }
    G::options_for(mode, extra)
        .map_err(|error| SimError::Settings(format!("bad --options for {}: {error}", G::NAME)))
}
