//! The append-only action log of each game, and the records that rebuild games after a crash.
//!
//! An action is written before the server acknowledges or broadcasts it. Sequence numbers count
//! from 0 with no gap: the action numbered `n` is the one played after `n` others, so the
//! server appends `log.len()` next. Writing a number twice, or skipping one, is a
//! [`StoreError::Conflict`] and never overwrites: a node that lost its room to another finds
//! out here.

use sqlx::Any;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use tokio::sync::oneshot;
use zhanqi_core::Seat;

use crate::codec::{column, seat_from_db};
use crate::error::{StoreError, StoreResult};
use crate::games::{
    Clock, GAME_COLUMNS, GameInfo, GameStatus, SEAT_COLUMNS, SEAT_FROM, SeatInfo, game_from_row,
    seat_from_row,
};
use crate::group_commit::Pending;
use crate::ids::{GameId, UnixMillis};
use crate::store::{Backend, Store};

/// An action to append.
#[derive(Clone, Copy, Debug)]
pub struct NewAction<'a> {
    /// Its place in the log: the number of actions before it.
    pub seq: u32,
    /// The seat that acted; `None` for a chance outcome or a decision of the platform.
    pub seat: Option<Seat>,
    /// The action in the game's notation (or the platform's: timeout, surrender, escape).
    pub action: &'a str,
    /// When the server accepted it.
    pub at: UnixMillis,
    /// The clock right after it.
    pub clock: &'a Clock,
}

/// A stored action.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActionRecord {
    /// Its place in the log, from 0.
    pub seq: u32,
    /// The seat that acted; `None` for a chance outcome or a decision of the platform.
    pub seat: Option<Seat>,
    /// The action text.
    pub action: String,
    /// When the server accepted it.
    pub at: UnixMillis,
    /// The clock right after it.
    pub clock: Clock,
}

/// Everything stored about one game: enough to rebuild it, resume its clock or replay it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// The room and its game.
    pub info: GameInfo,
    /// Its taken seats, in seat order.
    pub seats: Vec<SeatInfo>,
    /// Its action log, in order.
    pub actions: Vec<ActionRecord>,
}

impl GameRecord {
    /// The clock to resume with: after the last action, or the start clock if none was played.
    #[must_use]
    pub fn current_clock(&self) -> Option<&Clock> {
        match self.actions.last() {
            Some(last) => Some(&last.clock),
            None => self.info.start_clock.as_ref(),
        }
    }
}

const ACTION_COLUMNS: &str = "game_id, seq, seat, action, acted_at, deadline, clock";

fn action_from_row(row: &AnyRow) -> StoreResult<ActionRecord> {
    let seq: i64 = column(row, "seq")?;
    Ok(ActionRecord {
        seq: u32::try_from(seq)
            .map_err(|_| StoreError::corrupt(format!("action number {seq} is out of range")))?,
        seat: column::<Option<i64>>(row, "seat")?
            .map(seat_from_db)
            .transpose()?,
        action: column(row, "action")?,
        at: UnixMillis(column(row, "acted_at")?),
        clock: Clock {
            deadline: column::<Option<i64>>(row, "deadline")?.map(UnixMillis),
            state: column(row, "clock")?,
        },
    })
}

impl Store {
    /// Appends an action to the log of a playing game; it is durable when this returns.
    ///
    /// The appends of many games are written together, one transaction a batch (group
    /// commit, [`crate::group_commit`]); each returns only once its batch is committed.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such game; [`StoreError::Conflict`] if the game
    /// is not playing, or `action.seq` is not the next number (already written, or a gap).
    pub async fn append_action(&self, id: GameId, action: &NewAction<'_>) -> StoreResult<()> {
        let (reply, answer) = oneshot::channel();
        let pending = Pending {
            id,
            seq: action.seq,
            seat: action.seat,
            action: action.action.to_owned(),
            at: action.at,
            clock: action.clock.clone(),
            reply,
        };
        let stopped = || StoreError::Database(sqlx::Error::PoolClosed);
        self.appender.send(pending).await.ok_or_else(stopped)?;
        if answer.await.map_err(|_| stopped())?? {
            Ok(())
        } else {
            Err(self.refused_action(id, action.seq).await)
        }
    }

    /// Why an append wrote nothing.
    async fn refused_action(&self, id: GameId, seq: u32) -> StoreError {
        let game = match self.game(id).await {
            Ok(game) => game,
            Err(error) => return error,
        };
        if game.status != GameStatus::Playing {
            return StoreError::Conflict(format!("{id} is {}, not playing", game.status));
        }
        match self.next_seq(id).await {
            Ok(next) if i64::from(seq) < next => {
                StoreError::Conflict(format!("action {seq} of {id} is already written"))
            }
            Ok(next) => StoreError::Conflict(format!(
                "action {seq} of {id} would leave a gap: the next action is {next}"
            )),
            Err(error) => error,
        }
    }

    /// The number the next action of a game takes.
    async fn next_seq(&self, id: GameId) -> StoreResult<i64> {
        let row =
            sqlx::query("SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM actions WHERE game_id = $1")
                .bind(id.0)
                .fetch_one(&self.pool)
                .await?;
        column(&row, "next")
    }

    /// The action log of a game, in order.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such game.
    pub async fn actions(&self, id: GameId) -> StoreResult<Vec<ActionRecord>> {
        self.game(id).await?;
        let rows = sqlx::query(&format!(
            "SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = $1 ORDER BY seq"
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(action_from_row).collect()
    }

    /// Everything stored about one game (to take over a room, or to replay it).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such game.
    pub async fn game_record(&self, id: GameId) -> StoreResult<GameRecord> {
        let mut records = self.records_where("games.id = $1", Some(id)).await?;
        records
            .pop()
            .ok_or_else(|| StoreError::NotFound(id.to_string()))
    }

    /// Every room not finished (open or playing) with its seats and full action log, oldest
    /// first: what a restarted server resumes.
    pub async fn unfinished_games(&self) -> StoreResult<Vec<GameRecord>> {
        self.records_where("games.status <> 'finished'", None).await
    }

    /// The records of the games matching `condition` (over `games`, with `$1` bound to `id`
    /// when given), read in one transaction so the three queries agree.
    async fn records_where(
        &self,
        condition: &str,
        id: Option<GameId>,
    ) -> StoreResult<Vec<GameRecord>> {
        let mut transaction = self.pool.begin().await?;
        if self.backend() == Backend::Postgres {
            // One snapshot for the three queries; SQLite's read transaction already is one.
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *transaction)
                .await?;
        }
        let games_sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition} ORDER BY id");
        let seats_sql = format!(
            "SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} WHERE seats.game_id IN \
             (SELECT id FROM games WHERE {condition}) ORDER BY seats.game_id, seats.seat"
        );
        let actions_sql = format!(
            "SELECT {ACTION_COLUMNS} FROM actions WHERE game_id IN \
             (SELECT id FROM games WHERE {condition}) ORDER BY game_id, seq"
        );
        let games = query_with_id(&games_sql, id)
            .fetch_all(&mut *transaction)
            .await?;
        let seats = query_with_id(&seats_sql, id)
            .fetch_all(&mut *transaction)
            .await?;
        let actions = query_with_id(&actions_sql, id)
            .fetch_all(&mut *transaction)
            .await?;
        transaction.commit().await?;

        let mut records: Vec<GameRecord> = games
            .iter()
            .map(|row| {
                Ok(GameRecord {
                    info: game_from_row(row)?,
                    seats: Vec::new(),
                    actions: Vec::new(),
                })
            })
            .collect::<StoreResult<_>>()?;
        // Rows come sorted by game id, like the records: find each row's record by search.
        let record_of = |records: &[GameRecord], row: &AnyRow| -> StoreResult<usize> {
            let game = GameId(column(row, "game_id")?);
            records
                .binary_search_by_key(&game, |record| record.info.id)
                .map_err(|_| StoreError::corrupt(format!("a row of {game} has no game row")))
        };
        for row in &seats {
            let index = record_of(&records, row)?;
            records[index].seats.push(seat_from_row(row)?);
        }
        for row in &actions {
            let index = record_of(&records, row)?;
            records[index].actions.push(action_from_row(row)?);
        }
        Ok(records)
    }
}

/// A query with `$1` bound to `id` when there is one.
fn query_with_id(sql: &str, id: Option<GameId>) -> Query<'_, Any, AnyArguments<'_>> {
    let query = sqlx::query(sql);
    match id {
        Some(id) => query.bind(id.0),
        None => query,
    }
}
