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
pub use record::{GameRecord, SeatOutcome, SeatRecord, read_results};
pub use report::write_report;
pub use study::{Study, StudyConfig, StudyFiles, StudyOutcome, run_study};
pub use summary::{
    Bin, FirstMover, Lengths, PlayerRates, Rates, ReasonCount, SeatRates, Summary, TeamRates,
    Throughput,
};
