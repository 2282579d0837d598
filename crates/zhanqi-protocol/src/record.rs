//! The zhanqi game record: a whole game as data, for replays, import and export.
//!
//! A record is a JSON document: the game, its options, the seed, optionally the starting
//! position (for games that did not start from the seed, such as imported ones), the players
//! and every action as a record line `<seat>: <action>` in the game's notation.
//!
//! ```json
//! {"format":"zhanqi-record/1","game":"junqi","mode":"4p","options":{...},"seed":0,
//!  "start":"4p …","players":{"s":"…"},"actions":["n: j14-j13","w: f7xg6=X"],
//!  "result":{"result":"win","winners":["s","n"],"reason":"flag_captured"},"source":"000001.jgs"}
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use zhanqi_core::Viewer;

use crate::{DynGame, GameError, Registry};

/// The value of [`GameRecord::format`].
pub const RECORD_FORMAT: &str = "zhanqi-record/1";

/// A whole game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The game's name (`junqi`).
    pub game: String,
    /// The mode (`2p`, `4p`, `dark`).
    pub mode: String,
    /// The game's options, as the game serializes them.
    pub options: serde_json::Value,
    /// The seed the game was created from.
    pub seed: u64,
    /// The starting position, when the game did not start from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Player names by seat name.
    #[serde(default)]
    pub players: BTreeMap<String, String>,
    /// Every action in order, as record lines `<seat>: <action>`.
    pub actions: Vec<String>,
    /// The result, if the game ended, as the engine protocol's `outcome` writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<serde_json::Value>,
    /// Where the record came from (a file name), if it was imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One position of a replayed record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// The record line that led here (`None` for the start).
    pub action: Option<String>,
    /// The full position after it.
    pub position: String,
}

/// Why a record cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// The record is not JSON of the record format.
    #[error("not a zhanqi record: {0}")]
    Malformed(String),
    /// The game cannot be created.
    #[error("the record's game cannot be set up: {0}")]
    Setup(GameError),
    /// An action line is not `<seat>: <action>`.
    #[error("action {index} ('{line}') is not of the form '<seat>: <action>'")]
    BadLine {
        /// Its index, from 0.
        index: usize,
        /// The line.
        line: String,
    },
    /// An action is refused by the game.
    #[error("action {index} ('{line}') is refused: {error}")]
    Refused {
        /// Its index, from 0.
        index: usize,
        /// The line.
        line: String,
        /// Why.
        error: GameError,
    },
    /// The game records an action differently from the record.
    #[error("action {index} ('{line}') was recorded by the game as '{played}'")]
    Differs {
        /// Its index, from 0.
        index: usize,
        /// The record's line.
        line: String,
        /// What the game wrote.
        played: String,
    },
}

impl GameRecord {
    /// Reads a record from JSON.
    ///
    /// # Errors
    /// If the text is not a record.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let record: GameRecord = serde_json::from_str(text)
            .map_err(|error| RecordError::Malformed(error.to_string()))?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Malformed(format!(
                "format is '{}', expected '{RECORD_FORMAT}'",
                record.format
            )));
        }
        Ok(record)
    }

    /// Writes the record as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Replays the record through the game, checking that every action is legal and is
    /// recorded as the record writes it; returns every position (with full information) and
    /// the game at the end.
    ///
    /// # Errors
    /// The first action that cannot be replayed.
    pub fn replay(
        &self,
        registry: &Registry,
    ) -> Result<(Vec<Step>, Box<dyn DynGame>), RecordError> {
        let entry = registry.find(&self.game).map_err(RecordError::Setup)?;
        let mut game = match &self.start {
            Some(start) => entry.load_game(start, Some(&self.options), self.seed),
            // A game from its seed starts as the engine protocol's `new` starts it.
            None => entry.new_game_with(
                Some(&self.mode),
                Some(&self.options).filter(|options| !options.is_null()),
                self.seed,
                &[],
            ),
        }
        .map_err(RecordError::Setup)?;
        let mut steps = vec![Step {
            action: None,
            position: game.position(Viewer::Omniscient),
        }];
        for (index, line) in self.actions.iter().enumerate() {
            let (seat, action) = line.split_once(": ").ok_or_else(|| RecordError::BadLine {
                index,
                line: line.clone(),
            })?;
            let played = game
                .play(seat, action)
                .map_err(|error| RecordError::Refused {
                    index,
                    line: line.clone(),
                    error,
                })?;
            // A line is the action's record, or the bare action where the game's records
            // carry more than its actions read (a shengke roll's `13` for `13 +M4 +T1`).
            if played.record != action && !played.record.starts_with(&format!("{action} ")) {
                return Err(RecordError::Differs {
                    index,
                    line: line.clone(),
                    played: played.record,
                });
            }
            steps.push(Step {
                action: Some(line.clone()),
                position: played.position,
            });
        }
        Ok((steps, game))
    }
}
