//! Profiles: each account's points and record, per game family (`junqi`, `shengke`, …).
//!
//! Profiles change only when a game is finished ([`Store::finish_game`]), in the same
//! transaction that writes the result.

use sqlx::any::AnyRow;

use crate::codec::column;
use crate::error::StoreResult;
use crate::ids::UserId;
use crate::store::Store;

/// One account's standing in one game family.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Profile {
    /// Rank points (signed: they may go below zero).
    pub points: i64,
    /// Games finished, whatever their result.
    pub played: i64,
    /// Games won.
    pub won: i64,
    /// Games lost.
    pub lost: i64,
    /// Games drawn.
    pub drawn: i64,
    /// Games left before the end (逃跑).
    pub escaped: i64,
}

/// A line of a leaderboard.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ranked {
    /// The account.
    pub user: UserId,
    /// Its name.
    pub name: String,
    /// Its profile in the family ranked.
    pub profile: Profile,
}

/// The profile columns, in [`profile_from_row`]'s terms.
const PROFILE_COLUMNS: &str = "points, played, won, lost, drawn, escaped";

/// A profile from a row selected with [`PROFILE_COLUMNS`].
fn profile_from_row(row: &AnyRow) -> StoreResult<Profile> {
    Ok(Profile {
        points: column(row, "points")?,
        played: column(row, "played")?,
        won: column(row, "won")?,
        lost: column(row, "lost")?,
        drawn: column(row, "drawn")?,
        escaped: column(row, "escaped")?,
    })
}

impl Store {
    /// An account's profile in a game family; all zeros before its first finished game.
    ///
    /// # Errors
    /// [`crate::StoreError::NotFound`] if there is no such account.
    pub async fn profile(&self, user: UserId, game: &str) -> StoreResult<Profile> {
        let row = sqlx::query(&format!(
            "SELECT {PROFILE_COLUMNS} FROM profiles WHERE user_id = $1 AND game = $2"
        ))
        .bind(user.0)
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => profile_from_row(&row),
            None => {
                // Zeros for a real account, NotFound for a wrong id.
                self.account(user).await?;
                Ok(Profile::default())
            }
        }
    }

    /// The `limit` best accounts of a game family by points (ties: fewer games played first,
    /// then the older account).
    pub async fn leaderboard(&self, game: &str, limit: u32) -> StoreResult<Vec<Ranked>> {
        let rows = sqlx::query(&format!(
            "SELECT users.id AS user_id, users.name AS user_name, {PROFILE_COLUMNS} \
             FROM profiles JOIN users ON users.id = profiles.user_id \
             WHERE profiles.game = $1 \
             ORDER BY points DESC, played ASC, users.id ASC LIMIT $2"
        ))
        .bind(game)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Ranked {
                    user: UserId(column(row, "user_id")?),
                    name: column(row, "user_name")?,
                    profile: profile_from_row(row)?,
                })
            })
            .collect()
    }
}
