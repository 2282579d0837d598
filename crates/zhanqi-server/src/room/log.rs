//! A stored game played again from its log: the game set up from the start the store kept,
//! then every stored action in order.
//!
//! This is the one way a game is rebuilt from the store: by a restarted server, by the node
//! that takes a room over when its owner dies (both through [`super::resume_room`]), and by
//! the replay page ([`crate::replay`]).

use std::collections::BTreeMap;

use zhanqi_protocol::{CHANCE, DynGame, GameEntry, PlayedUi, Registry};
use zhanqi_store::{ActionRecord, GameInfo, GameRecord};

use crate::error::ApiError;

/// What the store keeps to start a game again: each seat's deployment and the points every
/// seat had at the start (for the level multiplier).
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct StartState {
    /// Each seat's deployment, by seat name (games with a deployment).
    pub(crate) deployments: BTreeMap<String, String>,
    /// Every seat's points at the start, in seat order.
    pub(crate) points: Vec<i64>,
}

impl StartState {
    /// The start stored with a game; `None` while the game has not started.
    ///
    /// # Errors
    /// `internal` if the stored start cannot be read.
    pub(crate) fn stored(info: &GameInfo) -> Result<Option<StartState>, ApiError> {
        info.start_state
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|error| ApiError::internal("read the stored start", error))
    }

    /// A new game of `entry` in `mode` with the game's `options`, dealt by `seed`, with these
    /// deployments.
    ///
    /// # Errors
    /// `internal` if the game refuses the options or the deployments.
    pub(crate) fn set_up(
        &self,
        entry: &GameEntry,
        mode: &str,
        options: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Box<dyn DynGame>, ApiError> {
        let deployments: Vec<(&str, &str)> = self
            .deployments
            .iter()
            .map(|(seat, layout)| (seat.as_str(), layout.as_str()))
            .collect();
        entry
            .new_game_from_setups(Some(mode), options, seed, &deployments)
            .map_err(|error| ApiError::internal("start the game", error))
    }
}

/// One stored action, played again.
pub(crate) struct LoggedAction {
    /// Its place in the log.
    pub(crate) seq: u32,
    /// Its record line, `<seat>: <action>` (the seat is `chance` for a chance outcome).
    pub(crate) line: String,
    /// What it did, as the game reports it (events per viewer, last moves).
    pub(crate) played: PlayedUi,
}

/// A stored game being played again from its start, one stored action per step.
///
/// Between steps, [`LogReplay::game`] is the game right after the action last yielded.
pub(crate) struct LogReplay<'a> {
    game: Box<dyn DynGame>,
    actions: std::slice::Iter<'a, ActionRecord>,
}

impl<'a> LogReplay<'a> {
    /// Sets up the game of `record` as it started; `None` if it never started.
    ///
    /// # Errors
    /// `internal` if the stored start cannot be read, or the game is unknown or refuses it.
    pub(crate) fn begin(
        record: &'a GameRecord,
    ) -> Result<Option<(StartState, LogReplay<'a>)>, ApiError> {
        let info = &record.info;
        let Some(start) = StartState::stored(info)? else {
            return Ok(None);
        };
        let entry = Registry::standard()
            .find(&info.game)
            .map_err(|error| ApiError::internal("find the game", error))?;
        let options = crate::first_player::game_options(&info.options);
        let game = start.set_up(entry, &info.mode, options.as_ref(), info.seed)?;
        let replay = LogReplay {
            game,
            actions: record.actions.iter(),
        };
        Ok(Some((start, replay)))
    }

    /// The game as far as it has been played again.
    pub(crate) fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// The game as far as it has been played again, to keep.
    pub(crate) fn into_game(self) -> Box<dyn DynGame> {
        self.game
    }

    /// Plays one stored action again.
    fn play(&mut self, action: &ActionRecord) -> Result<LoggedAction, ApiError> {
        // An action without a seat is a chance outcome (a roll).
        let seat = match action.seat {
            None => CHANCE,
            Some(seat) => self.game.seat_name(seat).ok_or_else(|| {
                ApiError::internal("replay a stored action", "an action of no seat in play")
            })?,
        };
        let played = self
            .game
            .play_ui(seat, &action.action)
            .map_err(|error| ApiError::internal("replay a stored action", error))?;
        Ok(LoggedAction {
            seq: action.seq,
            line: format!("{seat}: {}", played.record),
            played,
        })
    }
}

impl Iterator for LogReplay<'_> {
    type Item = Result<LoggedAction, ApiError>;

    fn next(&mut self) -> Option<Self::Item> {
        let action = self.actions.next()?;
        Some(self.play(action))
    }
}
