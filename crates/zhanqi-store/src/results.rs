//! The end of a game: its result, every seat's share, the profiles and the gold, in one
//! transaction.

use sqlx::any::AnyRow;
use zhanqi_core::{Seat, SeatResult};

use crate::codec::{column, result_to_db, seat_to_db};
use crate::error::{StoreError, StoreResult};
use crate::games::{GameStatus, Settlement};
use crate::ids::{GameId, UnixMillis};
use crate::store::Store;

/// How a finished game is written.
#[derive(Clone, Copy, Debug)]
pub struct GameResult<'a> {
    /// The outcome as JSON (winners, reason, per-seat results), for history and replays.
    pub outcome: &'a str,
    /// Every taken seat's share: each taken seat exactly once.
    pub seats: &'a [(Seat, Settlement)],
    /// The family of games whose profiles the points and record go to.
    pub family: &'a str,
}

/// The profile counters a result adds: (played, won, lost, drawn, escaped).
fn record_increments(result: SeatResult) -> Option<[i64; 5]> {
    match result {
        SeatResult::Win => Some([1, 1, 0, 0, 0]),
        SeatResult::Loss => Some([1, 0, 1, 0, 0]),
        SeatResult::Draw => Some([1, 0, 0, 1, 0]),
        SeatResult::Escaped => Some([1, 0, 0, 0, 1]),
        SeatResult::Absent => None,
    }
}

impl Store {
    /// Finishes a playing game, all or nothing: writes the outcome, every seat's share, adds
    /// each person's points and record to their profile for this game family, and pays back
    /// each person's frozen gold plus their gold change.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if the game, or a seat named in `result`, does not exist;
    /// [`StoreError::Conflict`] if the game is not playing, a seat is named twice or not at
    /// all, or a person's gold would fall below zero. Nothing is written then.
    pub async fn finish_game(
        &self,
        id: GameId,
        result: &GameResult<'_>,
        now: UnixMillis,
    ) -> StoreResult<()> {
        // The first statement writes, so SQLite takes the write lock at once.
        let mut transaction = self.pool.begin().await?;
        let finished = sqlx::query(
            "UPDATE games SET status = 'finished', outcome = $2, finished_at = $3 \
             WHERE id = $1 AND status = 'playing' RETURNING game",
        )
        .bind(id.0)
        .bind(result.outcome)
        .bind(now.0)
        .fetch_optional(&mut *transaction)
        .await?;
        let Some(_finished) = finished else {
            transaction.rollback().await?;
            return Err(self.not_in_status(id, GameStatus::Playing).await);
        };
        let family = result.family;

        for &(seat, settlement) in result.seats {
            let settled = sqlx::query(
                "UPDATE seats SET result = $3, points_change = $4, gold_change = $5 \
                 WHERE game_id = $1 AND seat = $2 AND result IS NULL \
                 RETURNING user_id, frozen_gold",
            )
            .bind(id.0)
            .bind(seat_to_db(seat))
            .bind(result_to_db(settlement.result))
            .bind(settlement.points)
            .bind(settlement.gold)
            .fetch_optional(&mut *transaction)
            .await?;
            let Some(settled) = settled else {
                transaction.rollback().await?;
                return Err(self.unsettled_seat(id, seat, result.seats).await);
            };
            if let Err(error) =
                apply_to_person(&mut transaction, &settled, family, settlement).await
            {
                transaction.rollback().await?;
                return Err(error);
            }
        }

        let unsettled = sqlx::query(
            "SELECT seat FROM seats WHERE game_id = $1 AND result IS NULL ORDER BY seat",
        )
        .bind(id.0)
        .fetch_optional(&mut *transaction)
        .await?;
        if let Some(unsettled) = unsettled {
            let seat: i64 = column(&unsettled, "seat")?;
            transaction.rollback().await?;
            return Err(StoreError::Conflict(format!(
                "seat {seat} of {id} is taken but has no result"
            )));
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Why a seat of the result matched no unsettled seat.
    async fn unsettled_seat(
        &self,
        id: GameId,
        seat: Seat,
        named: &[(Seat, Settlement)],
    ) -> StoreError {
        if named.iter().filter(|(other, _)| *other == seat).count() > 1 {
            StoreError::Conflict(format!("{seat} of {id} is named twice in the result"))
        } else {
            StoreError::NotFound(format!("a player in {seat} of {id}"))
        }
    }
}

/// Pays a person's seat: gold back with its change, points and record to the profile. An AI
/// seat has no account and nothing to pay.
async fn apply_to_person(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    settled: &AnyRow,
    family: &str,
    settlement: Settlement,
) -> StoreResult<()> {
    let Some(user) = column::<Option<i64>>(settled, "user_id")? else {
        return Ok(());
    };
    let frozen: i64 = column(settled, "frozen_gold")?;
    let paid = sqlx::query(
        "UPDATE users SET gold = gold + $2 WHERE id = $1 AND gold + $2 >= 0 RETURNING name",
    )
    .bind(user)
    .bind(frozen + settlement.gold)
    .fetch_optional(&mut **transaction)
    .await?;
    if paid.is_none() {
        return Err(StoreError::Conflict(format!(
            "user {user} cannot pay {} gold",
            -(frozen + settlement.gold)
        )));
    }
    let Some([played, won, lost, drawn, escaped]) = record_increments(settlement.result) else {
        return Ok(());
    };
    sqlx::query(
        "INSERT INTO profiles (user_id, game, points, played, won, lost, drawn, escaped) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (user_id, game) DO UPDATE SET \
         points = profiles.points + excluded.points, \
         played = profiles.played + excluded.played, \
         won = profiles.won + excluded.won, \
         lost = profiles.lost + excluded.lost, \
         drawn = profiles.drawn + excluded.drawn, \
         escaped = profiles.escaped + excluded.escaped",
    )
    .bind(user)
    .bind(family)
    .bind(settlement.points)
    .bind(played)
    .bind(won)
    .bind(lost)
    .bind(drawn)
    .bind(escaped)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}
