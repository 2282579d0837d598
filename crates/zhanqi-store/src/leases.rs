//! Room leases for scale-out: each unfinished room is run by one node at a time.
//!
//! A node acquires a room's lease before running it and renews it well before it expires. When
//! a node dies its leases expire and another node steals them, then rebuilds the rooms from
//! their logs. Every change is one atomic statement, so two nodes never both succeed. A node
//! that kept running after losing its lease is stopped by the action log: its next append
//! finds its sequence number taken.

use sqlx::any::AnyRow;

use crate::codec::column;
use crate::error::{StoreError, StoreResult};
use crate::ids::{GameId, UnixMillis};
use crate::store::Store;

/// Who runs a room, and until when.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Lease {
    /// The room.
    pub game_id: GameId,
    /// The node holding it.
    pub node: String,
    /// When it lapses unless renewed: expired at any `now >= expires_at`.
    pub expires_at: UnixMillis,
}

fn lease_from_row(row: &AnyRow) -> StoreResult<Lease> {
    Ok(Lease {
        game_id: GameId(column(row, "game_id")?),
        node: column(row, "node")?,
        expires_at: UnixMillis(column(row, "expires_at")?),
    })
}

impl Store {
    /// Acquires, renews or steals a room's lease for `node` until `expires_at`: it succeeds if
    /// nobody holds the lease, `node` already does, or the holder's lease expired at `now`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such room; [`StoreError::Conflict`] if another
    /// node holds a live lease.
    pub async fn acquire_lease(
        &self,
        id: GameId,
        node: &str,
        now: UnixMillis,
        expires_at: UnixMillis,
    ) -> StoreResult<Lease> {
        self.game(id).await?;
        let acquired = sqlx::query(
            "INSERT INTO room_leases (game_id, node, expires_at) VALUES ($1, $2, $4) \
             ON CONFLICT (game_id) DO UPDATE \
             SET node = excluded.node, expires_at = excluded.expires_at \
             WHERE room_leases.node = excluded.node OR room_leases.expires_at <= $3 \
             RETURNING game_id, node, expires_at",
        )
        .bind(id.0)
        .bind(node)
        .bind(now.0)
        .bind(expires_at.0)
        .fetch_optional(&self.pool)
        .await?;
        match acquired {
            Some(row) => lease_from_row(&row),
            None => {
                let holder = self.lease(id).await?;
                Err(StoreError::Conflict(match holder {
                    Some(holder) => format!(
                        "{id} is run by node {:?} until {}",
                        holder.node, holder.expires_at
                    ),
                    None => format!("{id} was leased by another node"),
                }))
            }
        }
    }

    /// The lease of a room, live or expired, if any.
    pub async fn lease(&self, id: GameId) -> StoreResult<Option<Lease>> {
        let row =
            sqlx::query("SELECT game_id, node, expires_at FROM room_leases WHERE game_id = $1")
                .bind(id.0)
                .fetch_optional(&self.pool)
                .await?;
        row.as_ref().map(lease_from_row).transpose()
    }

    /// Hands a room's lease held by `from` straight to node `to`, until `expires_at`, so that
    /// no other node can take the room in between (a graceful drain); returns whether `from`
    /// held it.
    pub async fn hand_lease(
        &self,
        id: GameId,
        from: &str,
        to: &str,
        expires_at: UnixMillis,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE room_leases SET node = $3, expires_at = $4 WHERE game_id = $1 AND node = $2",
        )
        .bind(id.0)
        .bind(from)
        .bind(to)
        .bind(expires_at.0)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Gives up a room's lease held by `node` (a clean shutdown, or the game finished);
    /// returns whether `node` held it.
    pub async fn release_lease(&self, id: GameId, node: &str) -> StoreResult<bool> {
        let done = sqlx::query("DELETE FROM room_leases WHERE game_id = $1 AND node = $2")
            .bind(id.0)
            .bind(node)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The unfinished rooms that no node runs at `now` (no lease, or an expired one), oldest
    /// first: what a node looks for to take over after another died.
    pub async fn unleased_games(&self, now: UnixMillis) -> StoreResult<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT games.id AS game_id FROM games \
             LEFT JOIN room_leases ON room_leases.game_id = games.id \
             WHERE games.status <> 'finished' \
             AND (room_leases.game_id IS NULL OR room_leases.expires_at <= $1) \
             ORDER BY games.id",
        )
        .bind(now.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(GameId(column(row, "game_id")?)))
            .collect()
    }
}
