//! Finished games replayed from the store: every step with full information, the zhanqi
//! record and JFEN per move.
//!
//! The game is rebuilt from the store the way a restarted room is ([`crate::room::log`]).

use std::collections::BTreeMap;

use serde_json::{Value, json};
use zhanqi_core::Viewer;
use zhanqi_protocol::{DynGame, RECORD_FORMAT};
use zhanqi_store::{GameRecord as StoredGame, GameStatus, Occupant};

use crate::error::ApiError;
use crate::room::log::LogReplay;

/// One position of a replay.
pub struct ReplayStep {
    /// The record line that led here (`None` for the start).
    pub action: Option<String>,
    /// The full position.
    pub position: String,
    /// Every piece, with nothing hidden.
    pub cells: Value,
    /// The whole view with nothing hidden (hands and piles of a card game).
    pub view: Value,
    /// What the action did.
    pub events: Vec<Value>,
}

/// A stored game replayed from its start.
pub struct Replayed {
    /// Every step.
    pub steps: Vec<ReplayStep>,
    /// The game at the end.
    pub game: Box<dyn DynGame>,
    /// The action lines `<seat>: <action>`.
    pub lines: Vec<String>,
    /// The deployments everybody may see, by seat (shengke decks with card names).
    pub decks: Value,
}

/// Replays a finished stored game.
///
/// # Errors
/// `not_finished` while it is played (a replay shows everything), `internal` if the log does
/// not replay.
pub fn replay(stored: &StoredGame) -> Result<Replayed, ApiError> {
    if stored.info.status != GameStatus::Finished {
        return Err(ApiError::new(
            "not_finished",
            "a game can be replayed only once it is over",
        ));
    }
    let Some((start, mut log)) = LogReplay::begin(stored)? else {
        return Err(ApiError::new("not_finished", "this game never started"));
    };
    let cells = |game: &dyn DynGame| game.ui_view(Viewer::Omniscient)["cells"].clone();
    let full = |game: &dyn DynGame| game.ui_view(Viewer::Omniscient);
    let step = |action: Option<String>, game: &dyn DynGame, events: Vec<Value>| ReplayStep {
        action,
        position: game.position(Viewer::Omniscient),
        cells: cells(game),
        view: full(game),
        events,
    };
    let mut steps = vec![step(None, log.game(), Vec::new())];
    let mut lines = Vec::new();
    while let Some(action) = log.next() {
        let action = action?;
        lines.push(action.line.clone());
        steps.push(step(
            Some(action.line),
            log.game(),
            action.played.events.omniscient,
        ));
    }
    let game = log.into_game();
    let decks = start
        .deployments
        .iter()
        .filter_map(|(seat, layout)| Some((seat.clone(), game.public_setup(layout)?)))
        .collect::<serde_json::Map<String, Value>>()
        .into();
    Ok(Replayed {
        steps,
        game,
        lines,
        decks,
    })
}

fn players(stored: &StoredGame, game: &dyn DynGame) -> BTreeMap<String, String> {
    stored
        .seats
        .iter()
        .filter_map(|seat| {
            let name = game.seat_name(seat.seat)?;
            let player = match &seat.occupant {
                Occupant::User(_) => seat.user_name.clone().unwrap_or_default(),
                Occupant::Ai(level) => format!("AI ({level})"),
            };
            Some((name.to_owned(), player))
        })
        .collect()
}

/// The level of every AI seat, by seat name.
fn ai_levels(stored: &StoredGame, game: &dyn DynGame) -> BTreeMap<String, String> {
    stored
        .seats
        .iter()
        .filter_map(|seat| match &seat.occupant {
            Occupant::Ai(level) => Some((game.seat_name(seat.seat)?.to_owned(), level.clone())),
            Occupant::User(_) => None,
        })
        .collect()
}

/// The replay as the protocol's `Replay` (docs/wire-protocol.md §6).
#[must_use]
pub fn replay_json(stored: &StoredGame, replayed: &Replayed) -> Value {
    let result = stored
        .info
        .outcome
        .as_deref()
        .and_then(|outcome| serde_json::from_str::<Value>(outcome).ok());
    json!({
        "id": stored.info.id.0,
        "game": stored.info.game,
        "mode": stored.info.mode,
        "players": players(stored, replayed.game.as_ref()),
        // The AI seats' levels, so that the page names them in its own language.
        "ai": ai_levels(stored, replayed.game.as_ref()),
        "board": replayed.game.ui_board(),
        "result": result,
        "steps": replayed.steps.iter().map(|step| json!({
            "action": step.action,
            "position": step.position,
            "cells": step.cells,
            "view": step.view,
            "events": step.events,
        })).collect::<Vec<_>>(),
        "decks": replayed.decks,
    })
}

/// The zhanqi record of the game (`zhanqi-record/1`), starting from the position after
/// deployment.
#[must_use]
pub fn record(stored: &StoredGame, replayed: &Replayed) -> zhanqi_protocol::GameRecord {
    zhanqi_protocol::GameRecord {
        format: RECORD_FORMAT.to_owned(),
        game: stored.info.game.clone(),
        mode: stored.info.mode.clone(),
        // The options the game was played with (a shengke room's decks become options).
        options: replayed.game.options(),
        seed: stored.info.seed,
        start: replayed.steps.first().map(|step| step.position.clone()),
        players: players(stored, replayed.game.as_ref()),
        actions: replayed.lines.clone(),
        result: replayed
            .game
            .outcome()
            .and_then(|outcome| serde_json::to_value(outcome).ok()),
        source: Some(format!("zhanqi game {}", stored.info.id.0)),
    }
}

/// One line per position: `<step>\t<record line or ->\t<position in the game's notation>`.
#[must_use]
pub fn position_lines(replayed: &Replayed) -> String {
    let mut text = String::new();
    for (index, step) in replayed.steps.iter().enumerate() {
        text.push_str(&format!(
            "{index}\t{}\t{}\n",
            step.action.as_deref().unwrap_or("-"),
            step.position
        ));
    }
    text
}
