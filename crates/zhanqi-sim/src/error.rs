//! The one error type of the lab.

use std::path::{Path, PathBuf};

/// Why a study or a match could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A file or folder could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// JSON could not be written or read.
    #[error("JSON: {0}")]
    Json(#[source] serde_json::Error),
    /// A complete line of `results.jsonl` is not a game record.
    #[error(
        "{path} line {line} is not a game record ({message}); remove the line or start a new --out folder"
    )]
    BadResultLine {
        /// The results file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What the JSON reader said.
        message: String,
    },
    /// `--resume` on a folder made by a study with other settings.
    #[error(
        "{path} was made with {field} = {stored}, but this run has {field} = {given}; resume with the same settings or use another --out folder"
    )]
    ConfigMismatch {
        /// The config file.
        path: PathBuf,
        /// The setting that differs.
        field: &'static str,
        /// Its stored value.
        stored: String,
        /// Its value in this run.
        given: String,
    },
    /// The output folder already holds results and `--resume` was not given.
    #[error(
        "{0} already holds results; pass --resume to continue that study or choose another --out folder"
    )]
    AlreadyStarted(PathBuf),
    /// `--resume` on a folder with no study in it.
    #[error("{0} holds no config.json to resume; run without --resume to start a study there")]
    NothingToResume(PathBuf),
    /// The study or match settings are unusable.
    #[error("{0}")]
    Settings(String),
    /// The game refused to start or to roll.
    #[error("game error: {0}")]
    Game(String),
    /// A seat must act but nobody is named to act.
    #[error("the game asks for a move from an empty set of seats")]
    NobodyToAct,
    /// A seat must act but has no player.
    #[error("seat {seat} must act but has no player")]
    NoPlayer {
        /// The seat's index.
        seat: usize,
    },
    /// A player returned no action when it had to act.
    #[error("player {player} on seat {seat} returned no action when it had to act")]
    NoAction {
        /// The seat's index.
        seat: usize,
        /// The player's name.
        player: String,
    },
    /// A plot could not be drawn.
    #[error("plot {name}: {message}")]
    Plot {
        /// The plot.
        name: &'static str,
        /// What went wrong.
        message: String,
    },
    /// The worker threads could not be started.
    #[error("thread pool: {0}")]
    Threads(String),
}

impl SimError {
    /// An I/O error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> SimError {
        SimError::Io {
            path: path.to_owned(),
            source,
        }
    }
}
