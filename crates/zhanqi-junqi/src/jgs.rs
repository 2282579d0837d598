//! The QQ 四国军棋 `.jgs` replay format (`shared/rules/jgs-format.md`).
//!
//! [`parse`] reads a file into a [`JgsGame`]: the occupied seats with their names and
//! deployment strings (`junqi.md` §8.3), the records with every post named as in the spec
//! (`j14`), and the result. [`JgsGame::record_lines`] turns the records into the spec's record
//! lines (`junqi.md` §8.2), ready to be replayed by the engine.
//!
//! This module stands alone: it knows the 4p board only well enough to check that a position
//! is a post, and it applies no rule of the game.
//!
//! ```no_run
//! let bytes = std::fs::read("000001.jgs")?;
//! let game = zhanqi_junqi::jgs::parse(&bytes)?;
//! for line in game.record_lines() {
//!     println!("{line}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::Path;

use zhanqi_core::{ImportError, ImportedRecord};

use crate::Junqi;

mod board;
mod error;
mod notation;
mod reader;
mod replay;
mod rotation;

pub use error::JgsError;
pub use replay::{Ending, Replay, ReplayError, replay, replay_observed, starting_game};

/// One game read from a `.jgs` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JgsGame {
    /// The seat letter (`s`, `e`, `n`, `w`) of the player who saved the file.
    pub viewer: char,
    /// The occupied seats, in seat order `s`, `e`, `n`, `w`.
    pub players: Vec<JgsPlayer>,
    /// The seat that acts first: the first occupied seat in QQ's order `n`, `w`, `s`, `e`
    /// (jgs-format.md §5.3).
    pub first_mover: char,
    /// Every record, in file order.
    pub records: Vec<JgsRecord>,
    /// The result, from the game-over record (jgs-format.md §8).
    pub result: JgsResult,
    /// The move comments (jgs-format.md §9); empty unless the trailer has exactly the length
    /// its comment count implies.
    pub comments: Vec<JgsComment>,
}

/// An occupied seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JgsPlayer {
    /// The seat letter: `s`, `e`, `n` or `w`.
    pub seat: char,
    /// The player's name, decoded leniently from GB18030 (invalid bytes become U+FFFD).
    pub name: String,
    /// The initial deployment as a deployment string (`junqi.md` §8.3), for example
    /// `SEDYP/T.E.Y/JC.EC/L.P.C/BMBTL/DFMMP`. An empty post is written `.` wherever it is.
    pub deployment: String,
}

/// One record of the game (jgs-format.md §6, §7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JgsRecord {
    /// A move, possibly an attack.
    Move {
        /// The seat that moved. The file does not store it: it is the previous record's next
        /// seat, or [`JgsGame::first_mover`] for the first record (jgs-format.md §6).
        mover: char,
        /// The post moved from, for example `j14`.
        from: String,
        /// The post moved to.
        to: String,
        /// The combat result, or `None` for a move to an empty post.
        outcome: Option<Combat>,
        /// The post of the mover's flag, shown because the mover's commander was removed.
        attacker_flag_revealed: Option<String>,
        /// The post of the defender's flag, shown because the defender's commander was removed.
        defender_flag_revealed: Option<String>,
        /// Whether the defending piece was a commander and was removed.
        defender_commander_removed: bool,
        /// The seat named to act next, before the move's consequences (a flag's owner about to
        /// be defeated can be named; the defeat records that follow correct it).
        next: char,
    },
    /// A seat lost its turn (超时).
    Timeout {
        /// The seat that timed out.
        seat: char,
        /// That seat's timeouts so far, this one included.
        count: u8,
        /// The seat to act next.
        next: char,
    },
    /// A seat was defeated (判负).
    Defeat {
        /// The defeated seat.
        seat: char,
        /// Why.
        reason: DefeatReason,
        /// The seat to act next, or `None` when the game ends here.
        next: Option<char>,
    },
    /// A seat that was already out left the table; it changes nothing in the game.
    LeftTable {
        /// The seat that left.
        seat: char,
        /// The seat to act next.
        next: char,
    },
    /// The end of the game; always the last record.
    GameOver {
        /// The result code (jgs-format.md §8).
        code: u8,
    },
}

/// The result of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combat {
    /// The defender is removed and the attacker moves in (`A`).
    AttackerWins,
    /// The attacker is removed (`D`).
    DefenderWins,
    /// Both pieces are removed (`X`).
    BothRemoved,
}

/// Why a seat was defeated (byte 3 of a defeat record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefeatReason {
    /// Code 1: the flag was captured or bombed (`EL-1`).
    FlagLost,
    /// Code 2: no legal move after a move the seat's pieces took part in (`EL-2`, `TN-4`).
    NoMoves,
    /// Code 3: the fifth timeout, which has no timeout record of its own (`EL-3`).
    Timeouts,
    /// Code 4: surrender (`EL-4`).
    Surrender,
    /// Code 6: not documented by QQ; most probably an escape (`ES`).
    Escape,
    /// Any other code.
    Other(u8),
}

/// The result of the game, from the game-over record's code (jgs-format.md §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JgsResult {
    /// Codes 4 and 8: one team is entirely out; see [`JgsGame::winning_seats`].
    Decided,
    /// Codes 1 and 2: a draw, automatic or agreed.
    Draw,
    /// Any other code (6 and 7 end games that were still open): no winner is known.
    Unknown(u8),
}

/// A comment attached to a record (jgs-format.md §9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JgsComment {
    /// The record number as stored; whether it counts from 0 or 1 is not established.
    pub record: u32,
    /// The text, decoded leniently from GB18030.
    pub text: String,
}

/// Reads a `.jgs` file.
///
/// # Errors
/// [`JgsError`] when the bytes are not a well-formed `.jgs` file: a wrong magic string,
/// inconsistent or too short lengths, a bad piece code, a position that is not a post of the
/// 4p board, a colour that is not an occupied seat, an unknown record kind, or a record list
/// that does not end with exactly one game-over record. Never panics.
pub fn parse(bytes: &[u8]) -> Result<JgsGame, JgsError> {
    reader::parse(bytes)
}

/// Imports a QQ record ([`zhanqi_core::GameNotation::import_record`]): a file named `*.jgs`
/// or starting with the `.jgs` magic string is read and replayed; any other file is not
/// junqi's (`None`).
#[must_use]
pub fn import(file_name: &str, bytes: &[u8]) -> Option<Result<ImportedRecord<Junqi>, ImportError>> {
    let named = Path::new(file_name)
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("jgs"));
    if !named && !bytes.starts_with(reader::MAGIC) {
        return None;
    }
    Some(import_bytes(bytes))
}

fn import_bytes(bytes: &[u8]) -> Result<ImportedRecord<Junqi>, ImportError> {
    let replay = replay(&parse(bytes)?)?;
    Ok(ImportedRecord {
        game: replay.game,
        start: replay.start,
        players: replay
            .players
            .into_iter()
            .map(|(seat, name)| (seat.to_string(), name))
            .collect(),
        actions: replay.actions,
        moves: replay.moves,
    })
}

impl JgsGame {
    /// Whether only two seats are occupied.
    #[must_use]
    pub fn is_two_player(&self) -> bool {
        self.players.len() == 2
    }

    /// The game turned a quarter turn so that `e`/`w` players sit at `s`/`n`
    /// (jgs-format.md §11 step 3); a clone for every other game.
    #[must_use]
    pub fn rotated_to_south_north(&self) -> JgsGame {
        rotation::rotated_to_south_north(self)
    }

    /// The spec record lines `<seat>: <action>` (`junqi.md` §8.2), translated as
    /// jgs-format.md §11 step 4 says; see [`JgsRecord::record_line`].
    #[must_use]
    pub fn record_lines(&self) -> Vec<String> {
        self.records
            .iter()
            .filter_map(JgsRecord::record_line)
            .collect()
    }

    /// The seats that won a [`JgsResult::Decided`] game, in seat order; empty for any other
    /// result. In a 4-player game the winning team is the one with a seat never defeated, and
    /// both its seats win; in a 2-player game the winner is the seat never defeated.
    #[must_use]
    pub fn winning_seats(&self) -> Vec<char> {
        if self.result != JgsResult::Decided {
            return Vec::new();
        }
        let defeated: Vec<char> = self
            .records
            .iter()
            .filter_map(|record| match record {
                JgsRecord::Defeat { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        let undefeated: Vec<char> = self
            .players
            .iter()
            .map(|player| player.seat)
            .filter(|seat| !defeated.contains(seat))
            .collect();
        if self.is_two_player() {
            return undefeated;
        }
        self.players
            .iter()
            .map(|player| player.seat)
            .filter(|&seat| {
                undefeated
                    .iter()
                    .any(|&other| other == seat || other == board::ally(seat))
            })
            .collect()
    }
}

impl Combat {
    /// The result letter of the spec's record notation: `A`, `D` or `X`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Combat::AttackerWins => 'A',
            Combat::DefenderWins => 'D',
            Combat::BothRemoved => 'X',
        }
    }
}

impl DefeatReason {
    /// The reason stored as `code` in a defeat record.
    #[must_use]
    pub fn from_code(code: u8) -> DefeatReason {
        match code {
            1 => DefeatReason::FlagLost,
            2 => DefeatReason::NoMoves,
            3 => DefeatReason::Timeouts,
            4 => DefeatReason::Surrender,
            6 => DefeatReason::Escape,
            other => DefeatReason::Other(other),
        }
    }

    /// The code that stores this reason.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            DefeatReason::FlagLost => 1,
            DefeatReason::NoMoves => 2,
            DefeatReason::Timeouts => 3,
            DefeatReason::Surrender => 4,
            DefeatReason::Escape => 6,
            DefeatReason::Other(code) => code,
        }
    }
}

impl JgsResult {
    /// The result given by a game-over record's `code`.
    #[must_use]
    pub fn from_code(code: u8) -> JgsResult {
        match code {
            4 | 8 => JgsResult::Decided,
            1 | 2 => JgsResult::Draw,
            other => JgsResult::Unknown(other),
        }
    }
}
