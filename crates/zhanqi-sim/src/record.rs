//! The record of one finished game: one line of `results.jsonl`.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::SimError;

/// A seat's result, as the statistics count it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatOutcome {
    /// The seat's team won.
    Win,
    /// Nobody won (a draw, or the ply limit).
    Draw,
    /// Another team won.
    Loss,
}

/// One seat of a finished game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat's index in the game's seat order.
    pub seat: usize,
    /// The seat's name in the game's notation (junqi: `s`, `e`, `n`, `w`).
    pub name: String,
    /// The seat's team.
    pub team: u8,
    /// Which entrant of the study's list played the seat (from 0).
    pub player: usize,
    /// That entrant's name (its spec).
    pub spec: String,
    /// The seat's result.
    pub result: SeatOutcome,
    /// What the seat put into play ([`zhanqi_core::AiGame::study_labels`]: the cards it
    /// played, say), each once, sorted; absent for a game without labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
}

/// One finished game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the study (from 0).
    pub index: u64,
    /// The seed given to the game (its deals, shuffles and first mover).
    pub seed: u64,
    /// Every seat in play, in seat order.
    pub seats: Vec<SeatRecord>,
    /// The seats that won; empty for a draw.
    pub winners: Vec<usize>,
    /// The winning team, if any.
    pub winning_team: Option<u8>,
    /// Why the game ended (`ply_limit` when it was stopped).
    pub reason: String,
    /// The first seat that made a listed move (after deployment), if any did.
    pub first_mover: Option<usize>,
    /// Listed moves played (deployments are not plies).
    pub plies: u64,
    /// Wall-clock time of the game, in milliseconds.
    pub duration_ms: f64,
}

/// Appends records to `results.jsonl`, one flushed line each, so an interrupted study loses
/// no finished game.
pub struct ResultsWriter {
    file: File,
    line: Vec<u8>,
}

impl ResultsWriter {
    /// Opens `path` for appending, creating it if needed.
    ///
    /// # Errors
    /// If the file cannot be opened.
    pub fn append(path: &Path) -> Result<Self, SimError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| SimError::io(path, error))?;
        Ok(ResultsWriter {
            file,
            line: Vec::with_capacity(512),
        })
    }

    /// Writes one record as one line with a single write, and flushes it to the file.
    ///
    /// # Errors
    /// If the write fails.
    pub fn write(&mut self, record: &GameRecord, path: &Path) -> Result<(), SimError> {
        self.line.clear();
        serde_json::to_writer(&mut self.line, record).map_err(SimError::Json)?;
        self.line.push(b'\n');
        self.file
            .write_all(&self.line)
            .and_then(|()| self.file.flush())
            .map_err(|error| SimError::io(path, error))
    }
}

/// The records without their timings, in index order: what a study's seed reproduces, whatever
/// the threads and the machine.
#[must_use]
pub fn without_timings(records: &[GameRecord]) -> Vec<GameRecord> {
    let mut games: Vec<GameRecord> = records
        .iter()
        .cloned()
        .map(|mut record| {
            record.duration_ms = 0.0;
            record
        })
        .collect();
    games.sort_by_key(|record| record.index);
    games
}

/// Reads every record of `results.jsonl`. A last line cut short by an interrupt (unreadable
/// and without its newline) is dropped and cut from the file, so that appending resumes on a
/// clean line; an unreadable line anywhere else is an error. A missing file holds no records.
///
/// # Errors
/// If the file cannot be read or holds an unreadable complete line.
pub fn read_results(path: &Path) -> Result<Vec<GameRecord>, SimError> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(SimError::io(path, error)),
    };
    let mut reader = BufReader::new(file);
    let mut records = Vec::new();
    let mut line = String::new();
    let mut good_length = 0u64;
    let mut number = 0;
    loop {
        line.clear();
        let read = reader
            .read_line(&mut line)
            .map_err(|error| SimError::io(path, error))?;
        if read == 0 {
            break;
        }
        number += 1;
        let complete = line.ends_with('\n');
        if line.trim().is_empty() {
            good_length += read as u64;
            continue;
        }
        match serde_json::from_str::<GameRecord>(line.trim_end()) {
            Ok(record) if complete => {
                records.push(record);
                good_length += read as u64;
            }
            // A readable line without its newline was written whole; keep it and end the
            // line so the next append starts a new one.
            Ok(record) => {
                records.push(record);
                let mut file = OpenOptions::new()
                    .append(true)
                    .open(path)
                    .map_err(|error| SimError::io(path, error))?;
                file.write_all(b"\n")
                    .map_err(|error| SimError::io(path, error))?;
                return Ok(records);
            }
            Err(_) if !complete => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|error| SimError::io(path, error))?;
                file.set_len(good_length)
                    .map_err(|error| SimError::io(path, error))?;
                return Ok(records);
            }
            Err(error) => {
                return Err(SimError::BadResultLine {
                    path: path.to_owned(),
                    line: number,
                    message: error.to_string(),
                });
            }
        }
    }
    Ok(records)
}
