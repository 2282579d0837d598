//! The one error type of the store.

/// What went wrong in a store call.
///
/// The server maps [`StoreError::NotFound`] and [`StoreError::Conflict`] to answers for people
/// (they describe the request, as one sentence); everything else is a failure of the database
/// or of its connection and is logged.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row the call is about does not exist (an unknown name, id, token or seat).
    #[error("{0} not found")]
    NotFound(String),
    /// The call contradicts what is stored: a name already taken, a seat already occupied, an
    /// action sequence number already written or skipped, a lease held by another node, a game
    /// in the wrong status.
    #[error("{0}")]
    Conflict(String),
    /// The URL names no database this store speaks.
    #[error("unsupported database URL {0:?}: expected sqlite:… or postgres://…")]
    UnsupportedUrl(String),
    /// The database or its connection failed, or returned a row the store cannot read.
    #[error("database failure: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("migration failure: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// Whether this is [`StoreError::NotFound`].
    #[must_use]
    pub fn is_not_found(&self) -> bool {
        matches!(self, StoreError::NotFound(_))
    }

    /// Whether this is [`StoreError::Conflict`].
    #[must_use]
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Conflict(_))
    }

    /// A stored value the store cannot read back: a database failure, not a caller's mistake.
    pub(crate) fn corrupt(what: String) -> StoreError {
        StoreError::Database(sqlx::Error::Decode(what.into()))
    }
}

/// Turns a unique-key violation into [`StoreError::Conflict`] with `message`; any other error
/// stays a database failure.
pub(crate) fn conflict_if_unique(
    error: sqlx::Error,
    message: impl FnOnce() -> String,
) -> StoreError {
    match &error {
        sqlx::Error::Database(database) if database.is_unique_violation() => {
            StoreError::Conflict(message())
        }
        _ => StoreError::Database(error),
    }
}

/// Shorthand for results of store calls.
pub type StoreResult<T> = Result<T, StoreError>;
