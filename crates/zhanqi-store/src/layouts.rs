//! Saved deployment layouts, per account and game mode, by name.
//!
//! The layout text is the game's own notation, opaque to the store. The layout deployed most
//! recently is the default next time ([`Store::default_layout`]).

use sqlx::any::AnyRow;

use crate::codec::column;
use crate::error::{StoreError, StoreResult};
use crate::ids::{UnixMillis, UserId};
use crate::store::Store;

/// A saved layout.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    /// Its name, unique per account, game and mode.
    pub name: String,
    /// The deployment in the game's notation.
    pub layout: String,
    /// When it was last saved.
    pub saved_at: UnixMillis,
    /// When it was last deployed, if ever.
    pub used_at: Option<UnixMillis>,
}

/// Which layouts: one account's, for one mode of one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LayoutShelf<'a> {
    /// The owner.
    pub user: UserId,
    /// The game family, e.g. `junqi`.
    pub game: &'a str,
    /// The mode, e.g. `2p` or `4p`.
    pub mode: &'a str,
}

const LAYOUT_COLUMNS: &str = "name, layout, saved_at, used_at";

fn layout_from_row(row: &AnyRow) -> StoreResult<Layout> {
    Ok(Layout {
        name: column(row, "name")?,
        layout: column(row, "layout")?,
        saved_at: UnixMillis(column(row, "saved_at")?),
        used_at: column::<Option<i64>>(row, "used_at")?.map(UnixMillis),
    })
}

impl Store {
    /// Saves a layout under `name`, replacing one of the same name (its last use is kept).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such account.
    pub async fn save_layout(
        &self,
        shelf: LayoutShelf<'_>,
        name: &str,
        layout: &str,
        now: UnixMillis,
    ) -> StoreResult<()> {
        self.account(shelf.user).await?;
        sqlx::query(
            "INSERT INTO layouts (user_id, game, mode, name, layout, saved_at) \
             VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (user_id, game, mode, name) \
             DO UPDATE SET layout = excluded.layout, saved_at = excluded.saved_at",
        )
        .bind(shelf.user.0)
        .bind(shelf.game)
        .bind(shelf.mode)
        .bind(name)
        .bind(layout)
        .bind(now.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The layouts on a shelf, by name.
    pub async fn layouts(&self, shelf: LayoutShelf<'_>) -> StoreResult<Vec<Layout>> {
        let rows = sqlx::query(&format!(
            "SELECT {LAYOUT_COLUMNS} FROM layouts \
             WHERE user_id = $1 AND game = $2 AND mode = $3 ORDER BY name"
        ))
        .bind(shelf.user.0)
        .bind(shelf.game)
        .bind(shelf.mode)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(layout_from_row).collect()
    }

    /// The layout to load by default: the one deployed last, or if none was ever deployed the
    /// one saved last; `None` on an empty shelf.
    pub async fn default_layout(&self, shelf: LayoutShelf<'_>) -> StoreResult<Option<Layout>> {
        let row = sqlx::query(&format!(
            "SELECT {LAYOUT_COLUMNS} FROM layouts \
             WHERE user_id = $1 AND game = $2 AND mode = $3 \
             ORDER BY COALESCE(used_at, -1) DESC, saved_at DESC, name ASC LIMIT 1"
        ))
        .bind(shelf.user.0)
        .bind(shelf.game)
        .bind(shelf.mode)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(layout_from_row).transpose()
    }

    /// Records that the layout `name` was deployed at `now`, making it the default.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such layout.
    pub async fn mark_layout_used(
        &self,
        shelf: LayoutShelf<'_>,
        name: &str,
        now: UnixMillis,
    ) -> StoreResult<()> {
        let done = sqlx::query(
            "UPDATE layouts SET used_at = $5 \
             WHERE user_id = $1 AND game = $2 AND mode = $3 AND name = $4",
        )
        .bind(shelf.user.0)
        .bind(shelf.game)
        .bind(shelf.mode)
        .bind(name)
        .bind(now.0)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("the layout {name:?}")));
        }
        Ok(())
    }

    /// Deletes the layout `name`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such layout.
    pub async fn delete_layout(&self, shelf: LayoutShelf<'_>, name: &str) -> StoreResult<()> {
        let done = sqlx::query(
            "DELETE FROM layouts WHERE user_id = $1 AND game = $2 AND mode = $3 AND name = $4",
        )
        .bind(shelf.user.0)
        .bind(shelf.game)
        .bind(shelf.mode)
        .bind(name)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("the layout {name:?}")));
        }
        Ok(())
    }
}
