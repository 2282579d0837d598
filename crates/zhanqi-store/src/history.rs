//! The games a person played, newest first, with every seat of each: the history their
//! profile lists (game, mode, date, opponents, result and points, a link to the replay).

use crate::codec::column;
use crate::error::StoreResult;
use crate::games::{GAME_COLUMNS, GameInfo, SEAT_COLUMNS, SeatInfo, game_from_row, seat_from_row};
use crate::ids::{GameId, UserId};
use crate::store::Store;

/// A finished game on a person's history, with every seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedGame {
    /// The game.
    pub info: GameInfo,
    /// Every taken seat, in seat order (the person's own among them).
    pub seats: Vec<SeatInfo>,
}

impl Store {
    /// Up to `limit` games `user` sat in that were played to their end, newest finished
    /// first, skipping the first `skip` of them (a page of the history). Rooms closed before
    /// their game started are not games played.
    pub async fn game_history(
        &self,
        user: UserId,
        limit: u32,
        skip: u32,
    ) -> StoreResult<Vec<PlayedGame>> {
        // One page of game ids first, then every seat of those games in one join.
        let page = "SELECT games.id FROM games JOIN seats ON seats.game_id = games.id \
             WHERE seats.user_id = $1 AND games.status = 'finished' \
             AND games.started_at IS NOT NULL \
             ORDER BY games.finished_at DESC, games.id DESC LIMIT $2 OFFSET $3";
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS}, {SEAT_COLUMNS} FROM games \
             JOIN seats ON seats.game_id = games.id LEFT JOIN users ON users.id = seats.user_id \
             WHERE games.id IN ({page}) \
             ORDER BY games.finished_at DESC, games.id DESC, seats.seat"
        ))
        .bind(user.0)
        .bind(i64::from(limit))
        .bind(i64::from(skip))
        .fetch_all(&self.pool)
        .await?;
        let mut games: Vec<PlayedGame> = Vec::new();
        for row in &rows {
            let id = GameId(column(row, "game_id")?);
            let seat = seat_from_row(row)?;
            match games.last_mut() {
                Some(last) if last.info.id == id => last.seats.push(seat),
                _ => games.push(PlayedGame {
                    info: game_from_row(row)?,
                    seats: vec![seat],
                }),
            }
        }
        Ok(games)
    }
}
