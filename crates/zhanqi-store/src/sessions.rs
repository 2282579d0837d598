//! Sign-in sessions, found by the hash of their opaque token.
//!
//! The server makes a random token, sends it in an HttpOnly cookie and gives the store only its
//! hash, so a copy of the database opens no session.

use crate::accounts::{ACCOUNT_COLUMNS, Account, account_from_row};
use crate::codec::column;
use crate::error::{StoreError, StoreResult, conflict_if_unique};
use crate::ids::{UnixMillis, UserId};
use crate::store::Store;

impl Store {
    /// Records a session of `user`, valid until `expires_at`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such account; [`StoreError::Conflict`] if the
    /// token hash is already in use.
    pub async fn create_session(
        &self,
        token_hash: &str,
        user: UserId,
        now: UnixMillis,
        expires_at: UnixMillis,
    ) -> StoreResult<()> {
        // Checked first so a wrong id reads as NotFound on both databases, not as a foreign-key
        // failure worded by each database its own way.
        self.account(user).await?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(user.0)
        .bind(now.0)
        .bind(expires_at.0)
        .execute(&self.pool)
        .await
        .map_err(|error| conflict_if_unique(error, || "this session token is in use".to_owned()))?;
        Ok(())
    }

    /// The account signed in with the token whose hash this is, if the session has not
    /// expired at `now`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown or expired session.
    pub async fn session_account(&self, token_hash: &str, now: UnixMillis) -> StoreResult<Account> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM sessions JOIN users ON users.id = sessions.user_id \
             WHERE sessions.token_hash = $1 AND sessions.expires_at > $2"
        ))
        .bind(token_hash)
        .bind(now.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| StoreError::NotFound("this session".to_owned()))?;
        account_from_row(&row)
    }

    /// Moves the expiry of a live session (sliding sessions).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown session or one expired at `now`.
    pub async fn extend_session(
        &self,
        token_hash: &str,
        now: UnixMillis,
        expires_at: UnixMillis,
    ) -> StoreResult<()> {
        let done = sqlx::query(
            "UPDATE sessions SET expires_at = $3 WHERE token_hash = $1 AND expires_at > $2",
        )
        .bind(token_hash)
        .bind(now.0)
        .bind(expires_at.0)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound("this session".to_owned()));
        }
        Ok(())
    }

    /// Signs out one session; returns whether it existed (signing out twice is no error).
    pub async fn delete_session(&self, token_hash: &str) -> StoreResult<bool> {
        let done = sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Signs out every session of an account (after a password change); returns how many.
    pub async fn delete_user_sessions(&self, user: UserId) -> StoreResult<u64> {
        let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(user.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Deletes the sessions expired at `now`; returns how many.
    pub async fn delete_expired_sessions(&self, now: UnixMillis) -> StoreResult<u64> {
        let done = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
            .bind(now.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// How many live sessions an account has at `now`.
    pub async fn session_count(&self, user: UserId, now: UnixMillis) -> StoreResult<u64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS live FROM sessions WHERE user_id = $1 AND expires_at > $2",
        )
        .bind(user.0)
        .bind(now.0)
        .fetch_one(&self.pool)
        .await?;
        let live: i64 = column(&row, "live")?;
        Ok(live.unsigned_abs())
    }
}
