//! The connection pool, the choice of database, and the migrations run on connect.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::AnyConnection;
use sqlx::any::AnyPoolOptions;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor};

use crate::error::{StoreError, StoreResult};
use crate::group_commit::Appender;

/// The database `zhanqi serve` uses when given no URL: an SQLite file in the working directory,
/// created if missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://zhanqi.db?mode=rwc";

/// How long an SQLite connection waits for another writer before giving up, in milliseconds.
const SQLITE_BUSY_TIMEOUT_MS: u32 = 10_000;

/// The database behind a [`Store`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Backend {
    /// An embedded SQLite file (or memory database).
    Sqlite,
    /// A PostgreSQL server, shared by every node of a site.
    Postgres,
}

impl Backend {
    /// The backend a database URL names.
    ///
    /// # Errors
    /// [`StoreError::UnsupportedUrl`] for any scheme but `sqlite:`, `postgres:` and `postgresql:`.
    pub fn of_url(url: &str) -> StoreResult<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::UnsupportedUrl(url.to_owned()))
        }
    }

    /// The migrations of this backend, oldest first.
    fn migrations(self) -> EmbeddedMigrations {
        EmbeddedMigrations(match self {
            Backend::Sqlite => SQLITE_MIGRATIONS,
            Backend::Postgres => POSTGRES_MIGRATIONS,
        })
    }
}

/// The persistence of the zhanqi server: a pool of connections to one database.
///
/// Cloning is cheap and shares the pool. Methods are grouped by concern in the modules
/// `accounts`, `profiles`, `sessions`, `layouts`, `games`, `replays` and `leases`.
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: AnyPool,
    backend: Backend,
    /// The group-commit writer of the action logs ([`crate::group_commit`]).
    pub(crate) appender: Appender,
}

impl Store {
    /// Connects to `url` (`sqlite://FILE?mode=rwc`, `sqlite::memory:` or `postgres://…`) and
    /// brings the schema up to date.
    ///
    /// SQLite files run in WAL mode with `synchronous = FULL` (a committed action survives a
    /// power cut, not only `kill -9`), foreign keys on and a busy timeout, so several
    /// connections can share one file. A memory database gets a single connection that is
    /// never closed, since each SQLite memory connection would be a database of its own.
    ///
    /// # Errors
    /// [`StoreError::UnsupportedUrl`] for an unknown scheme, [`StoreError::Database`] if the
    /// database cannot be reached, [`StoreError::Migration`] if the schema cannot be migrated
    /// (for instance a database written by a newer zhanqi).
    pub async fn connect(url: &str) -> StoreResult<Store> {
        let backend = Backend::of_url(url)?;
        // Once per process; later calls do nothing.
        sqlx::any::install_default_drivers();
        let mut options = AnyPoolOptions::new();
        if backend == Backend::Sqlite {
            options = options.after_connect(|connection, _metadata| {
                Box::pin(async move { configure_sqlite(connection).await })
            });
            if is_sqlite_memory(url) {
                options = options
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None);
            }
        }
        let pool = options.connect(url).await?;
        let writers = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => 4,
        };
        let appender = Appender::start(pool.clone(), writers);
        let store = Store {
            pool,
            backend,
            appender,
        };
        store.migrate().await?;
        store.rekey_names().await?;
        Ok(store)
    }

    /// The database behind this store.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The connection pool, for health checks and pool metrics.
    #[must_use]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Waits for the connections in use to be returned, then closes them all.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Applies the migrations this database has not seen yet.
    async fn migrate(&self) -> StoreResult<()> {
        let migrator = Migrator::new(self.backend.migrations()).await?;
        migrator.run(&self.pool).await?;
        Ok(())
    }
}

/// The SQLite settings that are per connection (WAL is stored in the file, the rest is not).
async fn configure_sqlite(connection: &mut AnyConnection) -> Result<(), sqlx::Error> {
    connection.execute("PRAGMA journal_mode = WAL").await?;
    connection.execute("PRAGMA synchronous = FULL").await?;
    connection.execute("PRAGMA foreign_keys = ON").await?;
    let busy_timeout = format!("PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}");
    connection.execute(busy_timeout.as_str()).await?;
    Ok(())
}

/// Whether an SQLite URL names a memory database rather than a file.
fn is_sqlite_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// One migration file, compiled into the binary so a deployed server needs no files beside it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EmbeddedMigration {
    /// The number before `_` in the file name; the same in both folders.
    pub(crate) version: i64,
    /// The rest of the file name, without `.sql`.
    pub(crate) description: &'static str,
    /// The file's text.
    pub(crate) sql: &'static str,
}

/// `migrations/sqlite/`, oldest first. A test checks this list against the folder.
pub(crate) const SQLITE_MIGRATIONS: &[EmbeddedMigration] = &[
    EmbeddedMigration {
        version: 1,
        description: "initial",
        sql: include_str!("../migrations/sqlite/0001_initial.sql"),
    },
    EmbeddedMigration {
        version: 2,
        description: "platform",
        sql: include_str!("../migrations/sqlite/0002_platform.sql"),
    },
    EmbeddedMigration {
        version: 3,
        description: "name_keys",
        sql: include_str!("../migrations/sqlite/0003_name_keys.sql"),
    },
];

/// `migrations/postgres/`, oldest first, with the same versions as [`SQLITE_MIGRATIONS`].
pub(crate) const POSTGRES_MIGRATIONS: &[EmbeddedMigration] = &[
    EmbeddedMigration {
        version: 1,
        description: "initial",
        sql: include_str!("../migrations/postgres/0001_initial.sql"),
    },
    EmbeddedMigration {
        version: 2,
        description: "platform",
        sql: include_str!("../migrations/postgres/0002_platform.sql"),
    },
    EmbeddedMigration {
        version: 3,
        description: "name_keys",
        sql: include_str!("../migrations/postgres/0003_name_keys.sql"),
    },
];

/// One backend's embedded migrations, as a source for sqlx's migrator.
///
/// sqlx's `migrate!` would embed the folder too, but it needs the proc-macro crate, which
/// compiles both drivers a second time.
#[derive(Debug)]
struct EmbeddedMigrations(&'static [EmbeddedMigration]);

impl MigrationSource<'static> for EmbeddedMigrations {
    #[allow(clippy::type_complexity)]
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        let migrations = self
            .0
            .iter()
            .map(|embedded| {
                Migration::new(
                    embedded.version,
                    Cow::Borrowed(embedded.description),
                    MigrationType::Simple,
                    Cow::Borrowed(embedded.sql),
                    false,
                )
            })
            .collect();
        Box::pin(std::future::ready(Ok(migrations)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a migration folder as (version, description, text), sorted by version.
    fn folder(name: &str) -> Vec<(i64, String, String)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(name);
        let mut files: Vec<(i64, String, String)> = std::fs::read_dir(&dir)
            .expect("migration folder")
            .map(|entry| {
                let path = entry.expect("folder entry").path();
                let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
                let (version, description) = stem.split_once('_').expect("VERSION_DESCRIPTION");
                let text = std::fs::read_to_string(&path).expect("migration text");
                (
                    version.parse().expect("numeric version"),
                    description.to_owned(),
                    text,
                )
            })
            .collect();
        files.sort();
        files
    }

    fn embedded(list: &[EmbeddedMigration]) -> Vec<(i64, String, String)> {
        list.iter()
            .map(|m| (m.version, m.description.to_owned(), m.sql.to_owned()))
            .collect()
    }

    #[test]
    fn embedded_migrations_are_the_folders() {
        assert_eq!(embedded(SQLITE_MIGRATIONS), folder("sqlite"));
        assert_eq!(embedded(POSTGRES_MIGRATIONS), folder("postgres"));
    }

    #[test]
    fn both_backends_have_the_same_versions() {
        let versions = |list: &[EmbeddedMigration]| -> Vec<(i64, &str)> {
            list.iter().map(|m| (m.version, m.description)).collect()
        };
        assert_eq!(versions(SQLITE_MIGRATIONS), versions(POSTGRES_MIGRATIONS));
    }

    #[test]
    fn urls_choose_the_backend() {
        assert_eq!(
            Backend::of_url(DEFAULT_DATABASE_URL).unwrap(),
            Backend::Sqlite
        );
        assert_eq!(Backend::of_url("sqlite::memory:").unwrap(), Backend::Sqlite);
        assert_eq!(
            Backend::of_url("postgres://postgres@127.0.0.1/test").unwrap(),
            Backend::Postgres
        );
        assert_eq!(
            Backend::of_url("postgresql://h/db").unwrap(),
            Backend::Postgres
        );
        assert!(matches!(
            Backend::of_url("mysql://h/db"),
            Err(StoreError::UnsupportedUrl(_))
        ));
    }
}
