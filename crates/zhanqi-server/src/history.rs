//! Finished games as their players look back on them: one room's page after its end (its
//! result, who sat where, a link to its replay) and a person's history of games played.
//!
//! Both read the store only; seat names come from a fresh game of the room's kind, as a
//! restored room gets them.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use zhanqi_core::{MAX_SEATS, Seat, SeatResult};
use zhanqi_protocol::Registry;
use zhanqi_store::{ABANDONED_OUTCOME, GameId, GameInfo, GameStatus, Occupant, SeatInfo};

use crate::error::ApiError;
use crate::state::AppState;

/// The most games one page of a history holds.
const HISTORY_PAGE: u32 = 20;

/// A stored room as its page shows it once nobody plays in it (`GET /api/games/{id}`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameSummary {
    /// The room's id (the stored game's).
    #[ts(type = "number")]
    pub id: i64,
    /// The game (`junqi`).
    pub game: String,
    /// The mode.
    pub mode: String,
    /// The base stake of a gold room; 0 for none.
    #[ts(type = "number")]
    pub stake: i64,
    /// `open`, `playing`, `finished` (played to its end) or `abandoned` (closed before it
    /// started).
    #[ts(type = "\"open\" | \"playing\" | \"finished\" | \"abandoned\"")]
    pub status: &'static str,
    /// When the game ended (unix milliseconds).
    #[ts(type = "number | null")]
    pub finished_ms: Option<i64>,
    /// Who sat where, in seat order.
    pub players: Vec<PlayerLine>,
    /// The result as the room showed it at the end (the platform's `GameResult`), once played
    /// to its end.
    #[ts(type = "unknown")]
    pub result: Option<Value>,
}

/// Who sat in a seat of a stored game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PlayerLine {
    /// The seat's name.
    pub seat: &'static str,
    /// The person's name; for an AI, its level's words are the page's.
    pub name: String,
    /// An AI's level (`easy` … `expert`); null for a person.
    pub ai: Option<String>,
}

/// One game of a person's history (`GET /api/users/{name}/games`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct PlayedLine {
    /// The game's id, for its replay.
    #[ts(type = "number")]
    pub id: i64,
    /// The game.
    pub game: String,
    /// The mode.
    pub mode: String,
    /// When it ended (unix milliseconds).
    #[ts(type = "number | null")]
    pub finished_ms: Option<i64>,
    /// The person's seat.
    pub seat: &'static str,
    /// How it ended for them: `win`, `loss`, `draw` or `escaped`.
    #[ts(type = "\"win\" | \"loss\" | \"draw\" | \"escaped\" | \"absent\"")]
    pub result: SeatResult,
    /// Their change in points.
    #[ts(type = "number")]
    pub points: i64,
    /// Their change in gold.
    #[ts(type = "number")]
    pub gold: i64,
    /// Why their points are not the game's table value (a short game's win), as the result
    /// gives it.
    #[ts(type = "{ kind: string, max_moves?: number } | null")]
    pub note: Option<Value>,
    /// Everyone who sat in it, in seat order (the person too).
    pub players: Vec<PlayerLine>,
}

/// A page of a person's history.
#[derive(Clone, Debug, Serialize, TS)]
pub struct History {
    /// The games, newest finished first.
    pub games: Vec<PlayedLine>,
    /// Whether older games follow (ask with `skip` set past these).
    pub more: bool,
}

#[derive(Deserialize)]
pub(crate) struct HistoryQuery {
    #[serde(default)]
    skip: u32,
}

/// `GET /api/games/{id}`: a room's page once its actor is gone.
pub(crate) async fn game_summary(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<Json<GameSummary>, ApiError> {
    let info = state.store.game(GameId(id)).await.map_err(|error| {
        if error.is_not_found() {
            ApiError::new("not_found", format!("there is no room {id}"))
        } else {
            error.into()
        }
    })?;
    let seats = state.store.seats(info.id).await?;
    let names = SeatNames::default().of(&info)?;
    let abandoned = info.outcome.as_deref() == Some(ABANDONED_OUTCOME);
    let status = match info.status {
        GameStatus::Finished if abandoned => "abandoned",
        other => other.as_str(),
    };
    let result = info
        .outcome
        .as_deref()
        .filter(|_| !abandoned)
        .and_then(|outcome| serde_json::from_str(outcome).ok());
    Ok(Json(GameSummary {
        id,
        game: info.game.clone(),
        mode: info.mode.clone(),
        stake: info.stake,
        status,
        finished_ms: info.finished_at.map(|at| at.0),
        players: players(&seats, &names),
        result,
    }))
}

/// `GET /api/users/{name}/games?skip=n`: the games a person played to their end, newest first,
/// a page at a time.
pub(crate) async fn user_games(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<HistoryQuery>,
) -> Result<Json<History>, ApiError> {
    let account = state.store.account_by_name(&name).await?;
    // One more than a page tells whether another page follows.
    let mut played = state
        .store
        .game_history(account.id, HISTORY_PAGE + 1, query.skip)
        .await?;
    let more = played.len() > HISTORY_PAGE as usize;
    played.truncate(HISTORY_PAGE as usize);
    let mut names = SeatNames::default();
    let mut games = Vec::with_capacity(played.len());
    for game in &played {
        let seat_names = names.of(&game.info)?;
        let Some(mine) = game
            .seats
            .iter()
            .find(|seat| seat.occupant == Occupant::User(account.id))
        else {
            continue;
        };
        let Some(seat) = seat_names.get(mine.seat.index()).copied().flatten() else {
            continue;
        };
        let settlement = mine.settlement.unwrap_or(zhanqi_store::Settlement {
            result: SeatResult::Absent,
            points: 0,
            gold: 0,
        });
        let outcome: Option<Value> = game
            .info
            .outcome
            .as_deref()
            .and_then(|outcome| serde_json::from_str(outcome).ok());
        games.push(PlayedLine {
            id: game.info.id.0,
            game: game.info.game.clone(),
            mode: game.info.mode.clone(),
            finished_ms: game.info.finished_at.map(|at| at.0),
            seat,
            result: settlement.result,
            points: settlement.points,
            gold: settlement.gold,
            note: outcome
                .and_then(|outcome| outcome["seats"][seat].get("note").cloned())
                .filter(|note| !note.is_null()),
            players: players(&game.seats, &seat_names),
        });
    }
    Ok(Json(History { games, more }))
}

/// Each game kind's seat names by seat index (`None` for a seat the mode has not), found once
/// per kind and mode.
#[derive(Default)]
struct SeatNames(BTreeMap<(String, String), Vec<Option<&'static str>>>);

impl SeatNames {
    fn of(&mut self, info: &GameInfo) -> Result<Vec<Option<&'static str>>, ApiError> {
        let key = (info.game.clone(), info.mode.clone());
        if let Some(names) = self.0.get(&key) {
            return Ok(names.clone());
        }
        let entry = Registry::standard()
            .find(&info.game)
            .map_err(|error| ApiError::internal("name the seats", error))?;
        let probe = entry
            .new_game(Some(&info.mode), 0, &[])
            .map_err(|error| ApiError::internal("name the seats", error))?;
        let names: Vec<Option<&'static str>> = (0..MAX_SEATS)
            .map(|index| probe.seat_name(Seat::new(index)))
            .collect();
        self.0.insert(key, names.clone());
        Ok(names)
    }
}

/// Who sat where, in seat order.
fn players(seats: &[SeatInfo], names: &[Option<&'static str>]) -> Vec<PlayerLine> {
    seats
        .iter()
        .filter_map(|seat| {
            let name = names.get(seat.seat.index()).copied().flatten()?;
            Some(match &seat.occupant {
                Occupant::User(_) => PlayerLine {
                    seat: name,
                    name: seat.user_name.clone().unwrap_or_default(),
                    ai: None,
                },
                Occupant::Ai(level) => PlayerLine {
                    seat: name,
                    name: format!("AI ({level})"),
                    ai: Some(level.clone()),
                },
            })
        })
        .collect()
}
