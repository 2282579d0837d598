//! Replays people keep: a link from an account to a finished game, with a title.
//!
//! The game itself is the replay ([`Store::game_record`]); saving only puts it on the
//! account's list.

use sqlx::any::AnyRow;

use crate::codec::column;
use crate::error::{StoreError, StoreResult, conflict_if_unique};
use crate::games::GameStatus;
use crate::ids::{GameId, UnixMillis, UserId};
use crate::store::Store;

/// A replay on an account's list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replay {
    /// The game.
    pub game_id: GameId,
    /// The title its owner gave it.
    pub title: String,
    /// When it was saved.
    pub saved_at: UnixMillis,
    /// The game family.
    pub game: String,
    /// The mode.
    pub mode: String,
    /// When the game finished.
    pub finished_at: Option<UnixMillis>,
}

fn replay_from_row(row: &AnyRow) -> StoreResult<Replay> {
    Ok(Replay {
        game_id: GameId(column(row, "game_id")?),
        title: column(row, "title")?,
        saved_at: UnixMillis(column(row, "saved_at")?),
        game: column(row, "game")?,
        mode: column(row, "mode")?,
        finished_at: column::<Option<i64>>(row, "finished_at")?.map(UnixMillis),
    })
}

impl Store {
    /// Puts a finished game on an account's replay list.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the account or the game does not exist;
    /// [`StoreError::Conflict`] if the game is not finished or is already on the list.
    pub async fn save_replay(
        &self,
        user: UserId,
        game: GameId,
        title: &str,
        now: UnixMillis,
    ) -> StoreResult<()> {
        self.account(user).await?;
        let inserted = sqlx::query(
            "INSERT INTO replays (user_id, game_id, title, saved_at) SELECT $1, $2, $3, $4 \
             WHERE EXISTS (SELECT 1 FROM games WHERE id = $2 AND status = 'finished')",
        )
        .bind(user.0)
        .bind(game.0)
        .bind(title)
        .bind(now.0)
        .execute(&self.pool)
        .await
        .map_err(|error| {
            conflict_if_unique(error, || format!("{game} is already among the replays"))
        })?;
        if inserted.rows_affected() == 0 {
            return Err(self.not_in_status(game, GameStatus::Finished).await);
        }
        Ok(())
    }

    /// An account's replays, newest saved first.
    pub async fn replays(&self, user: UserId) -> StoreResult<Vec<Replay>> {
        let rows = sqlx::query(
            "SELECT replays.game_id, replays.title, replays.saved_at, games.game, games.mode, \
             games.finished_at FROM replays JOIN games ON games.id = replays.game_id \
             WHERE replays.user_id = $1 ORDER BY replays.saved_at DESC, replays.game_id DESC",
        )
        .bind(user.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(replay_from_row).collect()
    }

    /// Gives a saved replay a new title.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the game is not on the account's list.
    pub async fn rename_replay(&self, user: UserId, game: GameId, title: &str) -> StoreResult<()> {
        let done = sqlx::query("UPDATE replays SET title = $3 WHERE user_id = $1 AND game_id = $2")
            .bind(user.0)
            .bind(game.0)
            .bind(title)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("the replay of {game}")));
        }
        Ok(())
    }

    /// Takes a game off an account's replay list (the game itself stays).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the game is not on the list.
    pub async fn delete_replay(&self, user: UserId, game: GameId) -> StoreResult<()> {
        let done = sqlx::query("DELETE FROM replays WHERE user_id = $1 AND game_id = $2")
            .bind(user.0)
            .bind(game.0)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("the replay of {game}")));
        }
        Ok(())
    }
}
