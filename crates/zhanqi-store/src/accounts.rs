//! Accounts: registered players with an argon2id password hash, and guests without one.
//!
//! Names are unique whatever their case and however they are spelt to look alike ("Alice",
//! "alice", "ALİCE" and "аlice" with a Cyrillic а are one name: see [`name_key`]); the name keeps
//! the spelling its owner chose. Hashing and checking passwords is the server's work: the store keeps
//! the PHC string it is given.

use sqlx::any::AnyRow;
use unicode_normalization::UnicodeNormalization;

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

/// The rule [`name_key`] follows, stored beside each key (`users.name_key_version`) so that a
/// store computed by an older rule is brought up to date when it connects.
const NAME_KEY_VERSION: i64 = 2;

/// The key that makes look-alike names one name: the UTS #39 confusable skeleton of the
/// NFKC-normalised, lower-cased name, lower-cased again, with runs of spaces as one space.
///
/// "Alice", "ALICE", "ＡＬＩＣＥ", "ALİCE" (whose lower case is i with a dot above) and "аlice"
/// (Cyrillic а) all have the key `alice`; so do "bob1" and "bobl", whose 1 and l look alike.
/// Chinese names are their own key.
#[must_use]
pub fn name_key(name: &str) -> String {
    let folded = name.trim().nfkc().collect::<String>().to_lowercase();
    let mut key = String::with_capacity(folded.len());
    let mut previous = ' ';
    for character in unicode_security::skeleton(&folded) {
        // The dot above a lower-case i or j is invisible: it is how ALİCE lower-cases.
        if character == '\u{307}' && matches!(previous, 'i' | 'j') {
            continue;
        }
        if character.is_whitespace() {
            if previous != ' ' {
                key.push(' ');
            }
            previous = ' ';
            continue;
        }
        // The skeleton maps some characters to capitals (0 to O): fold them again.
        key.extend(character.to_lowercase());
        previous = character;
    }
    key.trim_end().to_owned()
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
            "INSERT INTO users (name, name_key, password_hash, guest, gold, created_at, \
             name_key_version) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {ACCOUNT_COLUMNS}"
        ))
        .bind(new.name)
        .bind(name_key(new.name))
        .bind(new.password_hash)
        .bind(i64::from(new.password_hash.is_none()))
        .bind(new.gold)
        .bind(now.0)
        .bind(NAME_KEY_VERSION)
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
            "UPDATE users SET name = $2, name_key = $3, password_hash = $4, guest = 0, \
             name_key_version = $5 WHERE id = $1 AND guest = 1 RETURNING {ACCOUNT_COLUMNS}"
        ))
        .bind(id.0)
        .bind(name)
        .bind(name_key(name))
        .bind(password_hash)
        .bind(NAME_KEY_VERSION)
        .fetch_optional(&self.pool)
        .await
        .map_err(|error| conflict_if_unique(error, || format!("the name {name:?} is taken")))?
        .ok_or_else(|| StoreError::NotFound(format!("guest account {}", id.0)))?;
        account_from_row(&row)
    }

    /// Recomputes the name keys an older rule wrote (see [`name_key`]), oldest account first.
    /// When two old names now have one key, the older account keeps it and the newer one gets
    /// a key no name can have, so it is no longer found by name: such a pair was a look-alike.
    ///
    /// # Errors
    /// If the store fails.
    pub(crate) async fn rekey_names(&self) -> StoreResult<()> {
        let rows =
            sqlx::query("SELECT id, name FROM users WHERE name_key_version < $1 ORDER BY id")
                .bind(NAME_KEY_VERSION)
                .fetch_all(&self.pool)
                .await?;
        for row in rows {
            let id: i64 = column(&row, "id")?;
            let name: String = column(&row, "name")?;
            let key = name_key(&name);
            let rekeyed = self.set_name_key(id, &key).await;
            if let Err(error) = rekeyed {
                if !error.is_conflict() {
                    return Err(error);
                }
                // A control character: names never contain one, so this key matches no name.
                self.set_name_key(id, &format!("{key}\nuser {id}")).await?;
            }
        }
        Ok(())
    }

    async fn set_name_key(&self, id: i64, key: &str) -> StoreResult<()> {
        sqlx::query("UPDATE users SET name_key = $2, name_key_version = $3 WHERE id = $1")
            .bind(id)
            .bind(key)
            .bind(NAME_KEY_VERSION)
            .execute(&self.pool)
            .await
            .map_err(|error| conflict_if_unique(error, || format!("the name key {key:?}")))?;
        Ok(())
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
