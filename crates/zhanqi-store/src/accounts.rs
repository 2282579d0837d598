//! Accounts: registered players with an argon2id password hash, and guests without one.
//!
//! Names are unique whatever their case ("Alice" and "alice" are one name); the name keeps the
//! case its owner chose. Hashing and checking passwords is the server's work: the store keeps
//! the PHC string it is given.

use sqlx::any::AnyRow;

use crate::codec::{column, flag};
use crate::error::{StoreError, StoreResult, conflict_if_unique};
use crate::ids::{UnixMillis, UserId};
use crate::store::Store;

/// A stored account.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Account {
    /// Its id, never reused.
    pub id: UserId,
    /// Its name as its owner wrote it.
    pub name: String,
    /// The argon2id hash in PHC string format; `None` for a guest.
    pub password_hash: Option<String>,
    /// Whether this is a guest account (no password, may be registered later).
    pub guest: bool,
    /// Gold not frozen in a running game.
    pub gold: i64,
    /// When it was created.
    pub created_at: UnixMillis,
}

/// What creating an account needs.
#[derive(Clone, Copy, Debug)]
pub struct NewAccount<'a> {
    /// The name, unique whatever its case.
    pub name: &'a str,
    /// The argon2id PHC string; `None` makes a guest.
    pub password_hash: Option<&'a str>,
    /// The gold the account starts with.
    pub gold: i64,
}

/// The columns every account query selects, in [`account_from_row`]'s terms.
pub(crate) const ACCOUNT_COLUMNS: &str = "users.id AS user_id, users.name AS user_name, users.password_hash, users.guest, \
     users.gold, users.created_at AS user_created_at";

/// An account from a row selected with [`ACCOUNT_COLUMNS`].
pub(crate) fn account_from_row(row: &AnyRow) -> StoreResult<Account> {
    Ok(Account {
        id: UserId(column(row, "user_id")?),
        name: column(row, "user_name")?,
        password_hash: column(row, "password_hash")?,
        guest: flag(row, "guest")?,
        gold: column(row, "gold")?,
        created_at: UnixMillis(column(row, "user_created_at")?),
    })
}

/// The key that makes names unique whatever their case.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

impl Store {
    /// Creates an account; a guest when `new.password_hash` is `None`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the name is taken (in any case) or the gold is negative.
    pub async fn create_account(
        &self,
        new: &NewAccount<'_>,
        now: UnixMillis,
    ) -> StoreResult<Account> {
        if new.gold < 0 {
            return Err(StoreError::Conflict(format!(
                "an account cannot start with {} gold",
                new.gold
            )));
        }
        let row = sqlx::query(&format!(
            "INSERT INTO users (name, name_key, password_hash, guest, gold, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING {ACCOUNT_COLUMNS}"
        ))
        .bind(new.name)
        .bind(name_key(new.name))
        .bind(new.password_hash)
        .bind(i64::from(new.password_hash.is_none()))
        .bind(new.gold)
        .bind(now.0)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| {
            conflict_if_unique(error, || format!("the name {:?} is taken", new.name))
        })?;
        account_from_row(&row)
    }

    /// The account with this id.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is none.
    pub async fn account(&self, id: UserId) -> StoreResult<Account> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = $1"
        ))
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        account_from_row(&row)
    }

    /// The account with this name, whatever its case (for signing in).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is none.
    pub async fn account_by_name(&self, name: &str) -> StoreResult<Account> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM users WHERE name_key = $1"
        ))
        .bind(name_key(name))
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| StoreError::NotFound(format!("the account {name:?}")))?;
        account_from_row(&row)
    }

    /// Replaces the password hash of a registered account (a new password, or a rehash with
    /// stronger parameters).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such registered account (guests have no
    /// password: [`Store::register_guest`] gives them one).
    pub async fn set_password_hash(&self, id: UserId, password_hash: &str) -> StoreResult<()> {
        let done = sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1 AND guest = 0")
            .bind(id.0)
            .bind(password_hash)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("registered account {}", id.0)));
        }
        Ok(())
    }

    /// Turns a guest into a registered account with a name and a password, keeping its id,
    /// gold, profiles and games.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such guest; [`StoreError::Conflict`] if the name
    /// is taken.
    pub async fn register_guest(
        &self,
        id: UserId,
        name: &str,
        password_hash: &str,
    ) -> StoreResult<Account> {
        let row = sqlx::query(&format!(
            "UPDATE users SET name = $2, name_key = $3, password_hash = $4, guest = 0 \
             WHERE id = $1 AND guest = 1 RETURNING {ACCOUNT_COLUMNS}"
        ))
        .bind(id.0)
        .bind(name)
        .bind(name_key(name))
        .bind(password_hash)
        .fetch_optional(&self.pool)
        .await
        .map_err(|error| conflict_if_unique(error, || format!("the name {name:?} is taken")))?
        .ok_or_else(|| StoreError::NotFound(format!("guest account {}", id.0)))?;
        account_from_row(&row)
    }

    /// Adds `delta` gold to an account (a grant when positive, a purchase when negative) and
    /// returns the new balance.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such account; [`StoreError::Conflict`] if the
    /// balance would fall below zero (nothing changes).
    pub async fn add_gold(&self, id: UserId, delta: i64) -> StoreResult<i64> {
        let row = sqlx::query(
            "UPDATE users SET gold = gold + $2 WHERE id = $1 AND gold + $2 >= 0 RETURNING gold",
        )
        .bind(id.0)
        .bind(delta)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => column(&row, "gold"),
            None => {
                let account = self.account(id).await?;
                Err(StoreError::Conflict(format!(
                    "{} has {} gold, too little to pay {}",
                    account.name, account.gold, -delta
                )))
            }
        }
    }
}
