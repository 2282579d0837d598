//! Text forms of games: positions, views, actions and records.

use std::fmt;

use crate::{Game, ImportError, ImportedRecord, Seat, Viewer};

/// A string in a game's notation could not be read.
///
/// Displayed as one sentence naming what was being read, where, and what was wrong, for
/// example `placement at character 14: rank 9 covers 6 posts, but it has 5`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError {
    /// What was being read: a field of a position (`placement`, `to-move`), or `move 'zz'`.
    pub field: String,
    /// The character offset of the fault in the whole string that was read.
    pub offset: usize,
    /// What was wrong, and if possible what would be right.
    pub message: String,
}

impl NotationError {
    /// An error in `field` at character `offset`.
    pub fn new(
        field: impl Into<String>,
        offset: usize,
        message: impl Into<String>,
    ) -> NotationError {
        NotationError {
            field: field.into(),
            offset,
            message: message.into(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at character {}: {}",
            self.field, self.offset, self.message
        )
    }
}

impl std::error::Error for NotationError {}

/// A game's notation, as its rules specification defines it: what the engine protocol, the
/// server and the replay files speak.
pub trait GameNotation: Game {
    /// The game's name in the engine protocol (`junqi`).
    const NAME: &'static str;
    /// The game's modes (`2p`, `4p`, `dark`), the first being the default.
    const MODES: &'static [&'static str];
    /// The modes the engine protocol's `games` answer lists: [`GameNotation::MODES`], unless
    /// the game's specification names none (qizhan §12.1 lists `"modes":[]`: requests carry no
    /// `mode`), while the platform still calls the one mode by its name in `MODES`.
    const PROTOCOL_MODES: &'static [&'static str] = Self::MODES;
    /// Whether the engine protocol's `new` and `load` take a non-empty `"options"` object: yes,
    /// unless the game's specification has the engine play only the default rules (siguo
    /// §15.5), while rooms still offer every option.
    const ENGINE_OPTIONS: bool = true;

    /// The options of a mode, with optional extra options (the engine protocol's `"options"`
    /// object) on top.
    ///
    /// # Errors
    /// If the mode is unknown or the extra options do not fit it.
    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<Self::Options, NotationError>;

    /// The mode of this game.
    fn mode(&self) -> &'static str;

    /// The name of a seat in the notation (junqi: `s`, `e`, `n`, `w`).
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// The seat with this name, if it is in play.
    fn seat_by_name(&self, name: &str) -> Option<Seat> {
        self.seats()
            .iter()
            .find(|&seat| self.seat_name(seat) == name)
    }

    /// The position as `viewer` may see it, in canonical notation.
    fn position(&self, viewer: Viewer) -> String;

    /// A game at the position `text`. `extra` holds options a position cannot hold; `seed`
    /// seeds the RNG for any chance still to come.
    ///
    /// # Errors
    /// If the text is malformed or describes an impossible position.
    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Self, NotationError>;

    /// Reads an action of `seat` in the notation. Checks only the form, not legality.
    ///
    /// # Errors
    /// If the text is not an action of this game, naming where.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, NotationError>;

    /// Writes an action about to be played from this position (`a6xa7`, `c5-c4`).
    fn action_text(&self, action: &Self::Action) -> String;

    /// Writes an action as a game record writes it, with its result where the notation has one
    /// (`a6xa7=D`). Called on the state *before* the action, with the events it produced.
    fn record_text(&self, action: &Self::Action, events: &[Self::Event]) -> String;

    /// Reads a record of another program (`file_name` and its bytes) and replays it through
    /// the rules, when it is a record of this game that the game can import; `None` when it
    /// is not (the default: a game without an importer needs nothing).
    ///
    /// # Errors
    /// Inside the `Some`: the file is this game's kind but unreadable, or the rules refuse
    /// one of its moves.
    fn import_record(
        _file_name: &str,
        _bytes: &[u8],
    ) -> Option<Result<ImportedRecord<Self>, ImportError>> {
        None
    }
}
