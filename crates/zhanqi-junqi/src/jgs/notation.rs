//! The spec's record lines (`junqi.md` §8.2) for the file's records.

use super::DefeatReason;
use super::JgsRecord;

impl JgsRecord {
    /// The spec record line `<seat>: <action>` for this record, translated as jgs-format.md §11
    /// step 4 says, or `None` when the spec derives the event itself or has no notation for it.
    ///
    /// * a move: `n: j14-j13`, an attack with its result: `w: f7xg6=X`;
    /// * a timeout, and a defeat by the fifth timeout (which has no timeout record of its
    ///   own): `s: T`;
    /// * a surrender: `e: resign`; an escape (defeat code 6): `w: escape`;
    /// * `None` for defeats by a lost flag or for want of a move (the engine derives them from
    ///   the move), for defeats with an unknown code, for leaving the table and for the end of
    ///   the game.
    #[must_use]
    pub fn record_line(&self) -> Option<String> {
        match self {
            JgsRecord::Move {
                mover,
                from,
                to,
                outcome: None,
                ..
            } => Some(format!("{mover}: {from}-{to}")),
            JgsRecord::Move {
                mover,
                from,
                to,
                outcome: Some(combat),
                ..
            } => Some(format!("{mover}: {from}x{to}={}", combat.letter())),
            JgsRecord::Timeout { seat, .. } => Some(format!("{seat}: T")),
            JgsRecord::Defeat { seat, reason, .. } => {
                let action = match reason {
                    DefeatReason::Timeouts => "T",
                    DefeatReason::Surrender => "resign",
                    DefeatReason::Escape => "escape",
                    DefeatReason::FlagLost | DefeatReason::NoMoves | DefeatReason::Other(_) => {
                        return None;
                    }
                };
                Some(format!("{seat}: {action}"))
            }
            JgsRecord::LeftTable { .. } | JgsRecord::GameOver { .. } => None,
        }
    }

    /// The seat this record names to act next, or `None` after a defeat that ends the game
    /// and after the game-over record.
    #[must_use]
    pub fn next_to_act(&self) -> Option<char> {
        match self {
            JgsRecord::Move { next, .. }
            | JgsRecord::Timeout { next, .. }
            | JgsRecord::LeftTable { next, .. } => Some(*next),
            JgsRecord::Defeat { next, .. } => *next,
            JgsRecord::GameOver { .. } => None,
        }
    }
}
