//! Rooms and their games: creation in the lobby, seats, and the start that freezes the stakes.
//!
//! A room is one row from the lobby to the replay: `open` while players sit down, `playing`
//! once started, `finished` with its outcome (or, for a room nobody attended before it started,
//! [`ABANDONED_OUTCOME`]). A game is stored as its name, mode, options JSON
//! and seed plus its action log (`actions.rs`); replaying the log rebuilds it.

use std::fmt;

use sqlx::any::AnyRow;
use zhanqi_core::{Seat, SeatResult};

use crate::codec::{column, result_from_db, seat_from_db, seat_to_db, seed_from_db, seed_to_db};
use crate::error::{StoreError, StoreResult};
use crate::ids::{GameId, UnixMillis, UserId};
use crate::store::Store;

/// Where a room is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameStatus {
    /// In the lobby: seats may be taken and left.
    Open,
    /// Started: actions are appended to its log.
    Playing,
    /// Over: its result is written and its log closed.
    Finished,
}

impl GameStatus {
    /// The status as stored in `games.status`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
        }
    }

    fn from_db(text: &str) -> StoreResult<GameStatus> {
        match text {
            "open" => Ok(GameStatus::Open),
            "playing" => Ok(GameStatus::Playing),
            "finished" => Ok(GameStatus::Finished),
            other => Err(StoreError::corrupt(format!(
                "unknown game status {other:?}"
            ))),
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The outcome stored for a room that closed before its game started because nobody attended
/// it ([`Store::abandon_open_game`]).
pub const ABANDONED_OUTCOME: &str = r#"{"result":"abandoned"}"#;

/// The clock as the server needs it to resume after a restart.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Clock {
    /// When the seat (or seats) to act run out of time, if a deadline is running.
    pub deadline: Option<UnixMillis>,
    /// Everything else the server's clock keeps (time used, timeouts counted), as JSON; opaque
    /// to the store.
    pub state: String,
}

/// What creating a room needs.
#[derive(Clone, Copy, Debug)]
pub struct NewGame<'a> {
    /// The game family, as the registry names it (`junqi`).
    pub game: &'a str,
    /// The mode (`2p`, `4p`, `dark`).
    pub mode: &'a str,
    /// The game options as JSON.
    pub options: &'a str,
    /// The seed of the game's random number generator.
    pub seed: u64,
    /// The base gold stake of a gold room; 0 for a room without gold.
    pub stake: i64,
    /// The account that opened the room, if any (rooms may be opened by the server).
    pub host: Option<UserId>,
}

/// A stored room and its game, without seats and actions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameInfo {
    /// Its id.
    pub id: GameId,
    /// The game family.
    pub game: String,
    /// The mode.
    pub mode: String,
    /// The options JSON.
    pub options: String,
    /// The seed.
    pub seed: u64,
    /// Where it is in its life.
    pub status: GameStatus,
    /// Who opened it.
    pub host: Option<UserId>,
    /// The base gold stake (0: no gold).
    pub stake: i64,
    /// When the room was opened.
    pub created_at: UnixMillis,
    /// When the game started.
    pub started_at: Option<UnixMillis>,
    /// When the game finished.
    pub finished_at: Option<UnixMillis>,
    /// What the server fixed at the start (for junqi the points multiplier), as JSON.
    pub start_state: Option<String>,
    /// The clock at the start, before any action.
    pub start_clock: Option<Clock>,
    /// The outcome JSON, once finished.
    pub outcome: Option<String>,
}

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Occupant {
    /// A person's account.
    User(UserId),
    /// An AI player, by its spec text (`heuristic`, `ismcts:ms=500`, `hard`).
    Ai(String),
}

/// A seat's share of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settlement {
    /// How the game ended for the seat.
    pub result: SeatResult,
    /// The change in rank points.
    pub points: i64,
    /// The net change in gold, the frozen stake already released (as `GoldSettlement::change`).
    pub gold: i64,
}

/// A taken seat of a room.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatInfo {
    /// Which seat.
    pub seat: Seat,
    /// Who sits there.
    pub occupant: Occupant,
    /// The account's name, for a person.
    pub user_name: Option<String>,
    /// The gold frozen at the start.
    pub frozen_gold: i64,
    /// The seat's share of the result, once finished.
    pub settlement: Option<Settlement>,
    /// The layout being arranged while the room is open (games with a deployment).
    pub layout: Option<String>,
    /// Whether the seat declared ready while the room is open.
    pub ready: bool,
}

/// What starting a game fixes.
#[derive(Clone, Copy, Debug)]
pub struct GameStart<'a> {
    /// The gold frozen from every seated person (GD-2); 0 for a room without gold.
    pub frozen_gold: i64,
    /// What the server fixes for the whole game (for junqi the points multiplier), as JSON.
    pub state: &'a str,
    /// The clock before the first action.
    pub clock: &'a Clock,
}

pub(crate) const GAME_COLUMNS: &str = "games.id AS game_id, games.game, games.mode, \
    games.options, games.seed, games.status, games.host_id, games.stake, games.created_at, \
    games.started_at, games.finished_at, games.start_state, games.start_deadline, \
    games.start_clock, games.outcome";

pub(crate) fn game_from_row(row: &AnyRow) -> StoreResult<GameInfo> {
    let start_clock = match column::<Option<String>>(row, "start_clock")? {
        Some(state) => Some(Clock {
            deadline: column::<Option<i64>>(row, "start_deadline")?.map(UnixMillis),
            state,
        }),
        None => None,
    };
    Ok(GameInfo {
        id: GameId(column(row, "game_id")?),
        game: column(row, "game")?,
        mode: column(row, "mode")?,
        options: column(row, "options")?,
        seed: seed_from_db(column(row, "seed")?),
        status: GameStatus::from_db(&column::<String>(row, "status")?)?,
        host: column::<Option<i64>>(row, "host_id")?.map(UserId),
        stake: column(row, "stake")?,
        created_at: UnixMillis(column(row, "created_at")?),
        started_at: column::<Option<i64>>(row, "started_at")?.map(UnixMillis),
        finished_at: column::<Option<i64>>(row, "finished_at")?.map(UnixMillis),
        start_state: column(row, "start_state")?,
        start_clock,
        outcome: column(row, "outcome")?,
    })
}

pub(crate) const SEAT_COLUMNS: &str = "seats.game_id, seats.seat, seats.user_id, seats.ai, \
    users.name AS user_name, seats.frozen_gold, seats.result, seats.points_change, \
    seats.gold_change, seats.layout, seats.ready";

/// The `FROM` clause that goes with [`SEAT_COLUMNS`].
pub(crate) const SEAT_FROM: &str = "seats LEFT JOIN users ON users.id = seats.user_id";

pub(crate) fn seat_from_row(row: &AnyRow) -> StoreResult<SeatInfo> {
    let occupant = match (
        column::<Option<i64>>(row, "user_id")?,
        column::<Option<String>>(row, "ai")?,
    ) {
        (Some(user), None) => Occupant::User(UserId(user)),
        (None, Some(ai)) => Occupant::Ai(ai),
        _ => {
            return Err(StoreError::corrupt(
                "a seat must hold a user or an AI".to_owned(),
            ));
        }
    };
    let settlement = match column::<Option<String>>(row, "result")? {
        Some(result) => Some(Settlement {
            result: result_from_db(&result)?,
            points: column::<Option<i64>>(row, "points_change")?.unwrap_or(0),
            gold: column::<Option<i64>>(row, "gold_change")?.unwrap_or(0),
        }),
        None => None,
    };
    Ok(SeatInfo {
        seat: seat_from_db(column(row, "seat")?)?,
        occupant,
        user_name: column(row, "user_name")?,
        frozen_gold: column(row, "frozen_gold")?,
        settlement,
        layout: column(row, "layout")?,
        ready: column::<i64>(row, "ready")? != 0,
    })
}

impl Store {
    /// Opens a room; its game is `open` until [`Store::start_game`].
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the host is no account; [`StoreError::Conflict`] for a
    /// negative stake.
    pub async fn create_game(&self, new: &NewGame<'_>, now: UnixMillis) -> StoreResult<GameInfo> {
        if new.stake < 0 {
            return Err(StoreError::Conflict(format!(
                "a stake of {} gold is negative",
                new.stake
            )));
        }
        if let Some(host) = new.host {
            self.account(host).await?;
        }
        let row = sqlx::query(&format!(
            "INSERT INTO games (game, mode, options, seed, status, host_id, stake, created_at) \
             VALUES ($1, $2, $3, $4, 'open', $5, $6, $7) \
             RETURNING {}",
            GAME_COLUMNS.replace("games.", "")
        ))
        .bind(new.game)
        .bind(new.mode)
        .bind(new.options)
        .bind(seed_to_db(new.seed))
        .bind(new.host.map(|host| host.0))
        .bind(new.stake)
        .bind(now.0)
        .fetch_one(&self.pool)
        .await?;
        game_from_row(&row)
    }

    /// The room with this id.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is none.
    pub async fn game(&self, id: GameId) -> StoreResult<GameInfo> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        game_from_row(&row)
    }

    /// Up to `limit` rooms with this status, oldest first (the lobby lists open and playing
    /// rooms).
    pub async fn games_with_status(
        &self,
        status: GameStatus,
        limit: u32,
    ) -> StoreResult<Vec<GameInfo>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = $1 ORDER BY id LIMIT $2"
        ))
        .bind(status.as_str())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Up to `limit` games an account sat in, newest first.
    pub async fn games_of_user(&self, user: UserId, limit: u32) -> StoreResult<Vec<GameInfo>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games JOIN seats ON seats.game_id = games.id \
             WHERE seats.user_id = $1 ORDER BY games.id DESC LIMIT $2"
        ))
        .bind(user.0)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The taken seats of a room, in seat order.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such room.
    pub async fn seats(&self, id: GameId) -> StoreResult<Vec<SeatInfo>> {
        self.game(id).await?;
        let rows = sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} WHERE seats.game_id = $1 ORDER BY seats.seat"
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(seat_from_row).collect()
    }

    /// Seats a person or an AI in an open room.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the room or the account does not exist;
    /// [`StoreError::Conflict`] if the room is not open, the seat is taken, or the person
    /// already sits elsewhere in this room.
    pub async fn take_seat(&self, id: GameId, seat: Seat, occupant: &Occupant) -> StoreResult<()> {
        let (user, ai) = match occupant {
            Occupant::User(user) => {
                self.account(*user).await?;
                (Some(user.0), None)
            }
            Occupant::Ai(spec) => (None, Some(spec.as_str())),
        };
        let inserted = sqlx::query(
            "INSERT INTO seats (game_id, seat, user_id, ai) SELECT $1, $2, $3, $4 \
             WHERE EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'open')",
        )
        .bind(id.0)
        .bind(seat_to_db(seat))
        .bind(user)
        .bind(ai)
        .execute(&self.pool)
        .await;
        match inserted {
            Ok(done) if done.rows_affected() == 1 => Ok(()),
            Ok(_) => Err(self.not_in_status(id, GameStatus::Open).await),
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                let seats = self.seats(id).await?;
                if seats.iter().any(|taken| taken.seat == seat) {
                    Err(StoreError::Conflict(format!("{seat} of {id} is taken")))
                } else {
                    Err(StoreError::Conflict(format!(
                        "this player already sits in {id}"
                    )))
                }
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Frees a seat of an open room.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the room does not exist or the seat is empty;
    /// [`StoreError::Conflict`] if the room is not open.
    pub async fn leave_seat(&self, id: GameId, seat: Seat) -> StoreResult<()> {
        let done = sqlx::query(
            "DELETE FROM seats WHERE game_id = $1 AND seat = $2 \
             AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'open')",
        )
        .bind(id.0)
        .bind(seat_to_db(seat))
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            return Ok(());
        }
        Err(self.no_open_seat(id, seat).await)
    }

    /// Keeps what a seat of an open room is arranging: its layout and whether it is ready,
    /// so that a restarted server gives them back.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the room does not exist or the seat is empty;
    /// [`StoreError::Conflict`] if the room is not open.
    pub async fn set_seat_setup(
        &self,
        id: GameId,
        seat: Seat,
        layout: Option<&str>,
        ready: bool,
    ) -> StoreResult<()> {
        let done = sqlx::query(
            "UPDATE seats SET layout = $3, ready = $4 WHERE game_id = $1 AND seat = $2 \
             AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'open')",
        )
        .bind(id.0)
        .bind(seat_to_db(seat))
        .bind(layout)
        .bind(i64::from(ready))
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            return Ok(());
        }
        Err(self.no_open_seat(id, seat).await)
    }

    /// Swaps who sits in two seats of an open room, with everything the seat keeps for its
    /// occupant (layout, ready), in one transaction; an empty seat swaps too.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the room does not exist; [`StoreError::Conflict`] if it is
    /// not open.
    pub async fn swap_seats(&self, id: GameId, a: Seat, b: Seat) -> StoreResult<()> {
        // The first statement writes, so SQLite takes the write lock at once (as in
        // `start_game`); it also checks that the room is open.
        let mut transaction = self.pool.begin().await?;
        let open =
            sqlx::query("UPDATE games SET status = status WHERE id = $1 AND status = 'open'")
                .bind(id.0)
                .execute(&mut *transaction)
                .await?;
        if open.rows_affected() == 0 {
            transaction.rollback().await?;
            return Err(self.not_in_status(id, GameStatus::Open).await);
        }
        let rows = sqlx::query(
            "SELECT seat, user_id, ai, layout, ready FROM seats \
             WHERE game_id = $1 AND seat IN ($2, $3)",
        )
        .bind(id.0)
        .bind(seat_to_db(a))
        .bind(seat_to_db(b))
        .fetch_all(&mut *transaction)
        .await?;
        // The primary key and the one-seat-per-person key are checked row by row, so the rows
        // are deleted and written again at their new seats rather than updated in place.
        sqlx::query("DELETE FROM seats WHERE game_id = $1 AND seat IN ($2, $3)")
            .bind(id.0)
            .bind(seat_to_db(a))
            .bind(seat_to_db(b))
            .execute(&mut *transaction)
            .await?;
        for row in &rows {
            let seat = seat_from_db(column(row, "seat")?)?;
            let other = if seat == a { b } else { a };
            sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, ai, layout, ready) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id.0)
            .bind(seat_to_db(other))
            .bind(column::<Option<i64>>(row, "user_id")?)
            .bind(column::<Option<String>>(row, "ai")?)
            .bind(column::<Option<String>>(row, "layout")?)
            .bind(column::<i64>(row, "ready")?)
            .execute(&mut *transaction)
            .await?;
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Why a change to a seat of an open room matched no row: the room is missing or not
    /// open, or the seat is empty.
    async fn no_open_seat(&self, id: GameId, seat: Seat) -> StoreError {
        match self.game(id).await {
            Ok(game) if game.status != GameStatus::Open => {
                StoreError::Conflict(format!("{id} is {}, not open", game.status))
            }
            Ok(_) => StoreError::NotFound(format!("a player in {seat} of {id}")),
            Err(error) => error,
        }
    }

    /// Deletes a room that never started, with its seats.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such room; [`StoreError::Conflict`] if it has
    /// started (a started game is finished, never deleted).
    pub async fn delete_open_game(&self, id: GameId) -> StoreResult<()> {
        // Seats and any lease go with it (ON DELETE CASCADE); replays need a finished game.
        let done = sqlx::query("DELETE FROM games WHERE id = $1 AND status = 'open'")
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(self.not_in_status(id, GameStatus::Open).await);
        }
        Ok(())
    }

    /// Closes a room that never started because nobody attended it: it is stored as finished
    /// with the outcome [`ABANDONED_OUTCOME`] and no seats, so that it leaves the lobby and a
    /// restarted server does not bring it back. Its id stays taken.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such room; [`StoreError::Conflict`] if it has
    /// started (a started game is played to its end).
    pub async fn abandon_open_game(&self, id: GameId, now: UnixMillis) -> StoreResult<()> {
        // The first statement writes, so SQLite takes the write lock at once.
        let mut transaction = self.pool.begin().await?;
        let closed = sqlx::query(
            "UPDATE games SET status = 'finished', finished_at = $2, outcome = $3 \
             WHERE id = $1 AND status = 'open'",
        )
        .bind(id.0)
        .bind(now.0)
        .bind(ABANDONED_OUTCOME)
        .execute(&mut *transaction)
        .await?;
        if closed.rows_affected() == 0 {
            transaction.rollback().await?;
            return Err(self.not_in_status(id, GameStatus::Open).await);
        }
        sqlx::query("DELETE FROM seats WHERE game_id = $1")
            .bind(id.0)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// How many rooms `host` opened that are still open (not started, not closed).
    ///
    /// # Errors
    /// If the database cannot be read.
    pub async fn open_games_hosted_by(&self, host: UserId) -> StoreResult<u64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS rooms FROM games WHERE host_id = $1 AND status = 'open'",
        )
        .bind(host.0)
        .fetch_one(&self.pool)
        .await?;
        let rooms: i64 = column(&row, "rooms")?;
        Ok(u64::try_from(rooms).unwrap_or(0))
    }

    /// Starts an open game: fixes its start state and clock and freezes `frozen_gold` from
    /// every seated person, all or nothing.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such room; [`StoreError::Conflict`] if it is not
    /// open, the frozen gold is negative, or a seated person has less gold than it (nothing
    /// changes then).
    pub async fn start_game(
        &self,
        id: GameId,
        start: &GameStart<'_>,
        now: UnixMillis,
    ) -> StoreResult<()> {
        if start.frozen_gold < 0 {
            return Err(StoreError::Conflict(format!(
                "a frozen stake of {} gold is negative",
                start.frozen_gold
            )));
        }
        // The first statement writes, so SQLite takes the write lock at once and never has to
        // upgrade a read snapshot (which would fail with SQLITE_BUSY instead of waiting).
        let mut transaction = self.pool.begin().await?;
        let started = sqlx::query(
            "UPDATE games SET status = 'playing', started_at = $2, start_state = $3, \
             start_deadline = $4, start_clock = $5 WHERE id = $1 AND status = 'open'",
        )
        .bind(id.0)
        .bind(now.0)
        .bind(start.state)
        .bind(start.clock.deadline.map(|deadline| deadline.0))
        .bind(start.clock.state.as_str())
        .execute(&mut *transaction)
        .await?;
        if started.rows_affected() == 0 {
            transaction.rollback().await?;
            return Err(self.not_in_status(id, GameStatus::Open).await);
        }
        if start.frozen_gold > 0 {
            sqlx::query(
                "UPDATE seats SET frozen_gold = $2 WHERE game_id = $1 AND user_id IS NOT NULL",
            )
            .bind(id.0)
            .bind(start.frozen_gold)
            .execute(&mut *transaction)
            .await?;
            let frozen = sqlx::query(
                "UPDATE users SET gold = gold - $2 WHERE gold >= $2 \
                 AND id IN (SELECT user_id FROM seats WHERE game_id = $1)",
            )
            .bind(id.0)
            .bind(start.frozen_gold)
            .execute(&mut *transaction)
            .await?;
            let people = sqlx::query(
                "SELECT COUNT(*) AS people FROM seats WHERE game_id = $1 AND user_id IS NOT NULL",
            )
            .bind(id.0)
            .fetch_one(&mut *transaction)
            .await?;
            let people: i64 = column(&people, "people")?;
            if frozen.rows_affected() != people.unsigned_abs() {
                transaction.rollback().await?;
                return Err(self.short_of_gold(id, start.frozen_gold).await);
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    /// The error for a call that needs the room in `wanted` status: NotFound if it does not
    /// exist, otherwise Conflict naming its status.
    pub(crate) async fn not_in_status(&self, id: GameId, wanted: GameStatus) -> StoreError {
        match self.game(id).await {
            Ok(game) => StoreError::Conflict(format!("{id} is {}, not {wanted}", game.status)),
            Err(error) => error,
        }
    }

    /// The error for a start whose stake some seated person cannot pay.
    async fn short_of_gold(&self, id: GameId, frozen_gold: i64) -> StoreError {
        let rows = sqlx::query(
            "SELECT users.name AS user_name, users.gold FROM seats \
             JOIN users ON users.id = seats.user_id \
             WHERE seats.game_id = $1 AND users.gold < $2 ORDER BY seats.seat",
        )
        .bind(id.0)
        .bind(frozen_gold)
        .fetch_all(&self.pool)
        .await;
        let rows = match rows {
            Ok(rows) => rows,
            Err(error) => return error.into(),
        };
        let short: Vec<String> = rows
            .iter()
            .filter_map(|row| {
                let name: String = column(row, "user_name").ok()?;
                let gold: i64 = column(row, "gold").ok()?;
                Some(format!("{name} has {gold}"))
            })
            .collect();
        StoreError::Conflict(format!(
            "every seated player needs {frozen_gold} gold to start {id}: {}",
            short.join(", ")
        ))
    }
}
