//! The harness: one test body, run on each configured database in a fresh schema.

use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::Connection;
use sqlx::postgres::PgConnection;
use zhanqi_core::Seat;
use zhanqi_store::{
    Account, Clock, GameId, GameStart, NewAccount, NewGame, Occupant, Store, UnixMillis,
};

/// The variable naming the PostgreSQL database to test against (CI sets it).
pub const POSTGRES_URL_VARIABLE: &str = "ZHANQI_TEST_DATABASE_URL";

/// A fixed moment, so tests never read the wall clock.
pub const NOW: UnixMillis = UnixMillis(1_700_000_000_000);

/// Runs `test` on a fresh SQLite file, then on a fresh PostgreSQL schema when configured.
///
/// The body runs in its own task so that the PostgreSQL schema is dropped even when it panics;
/// the panic is then passed on, after naming the database it happened on.
pub async fn each_backend<F, Fut>(test: F)
where
    F: Fn(Store) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let directory = tempfile::tempdir().expect("temporary directory");
    let url = sqlite_url(&directory.path().join("store.db"));
    let store = Store::connect(&url).await.expect("connect to SQLite");
    run_on("SQLite", store, &test).await;

    if let Some(base) = postgres_base_url() {
        let schema = PostgresSchema::create(&base).await;
        let store = Store::connect(&schema.url)
            .await
            .expect("connect to PostgreSQL");
        let outcome = tokio::spawn(test(store.clone())).await;
        store.close().await;
        schema.drop().await;
        if let Err(failure) = outcome {
            eprintln!("the test failed on PostgreSQL");
            std::panic::resume_unwind(failure.into_panic());
        }
    }
}

async fn run_on<F, Fut>(database: &str, store: Store, test: &F)
where
    F: Fn(Store) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let outcome = tokio::spawn(test(store.clone())).await;
    store.close().await;
    if let Err(failure) = outcome {
        eprintln!("the test failed on {database}");
        std::panic::resume_unwind(failure.into_panic());
    }
}

/// The URL of an SQLite file, created if missing.
pub fn sqlite_url(path: &std::path::Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

/// The PostgreSQL URL to test against, if any; without one, the run says once that PostgreSQL
/// is not tested (or fails, when `ZHANQI_REQUIRE_POSTGRES=1`).
pub fn postgres_base_url() -> Option<String> {
    static SAID: std::sync::Once = std::sync::Once::new();
    let url = std::env::var(POSTGRES_URL_VARIABLE)
        .ok()
        .filter(|url| !url.is_empty());
    if url.is_none() {
        zhanqi_core::testkit::skip_once(
            &SAID,
            "the store's PostgreSQL tests",
            "ZHANQI_TEST_DATABASE_URL is not set (they ran on SQLite only)",
            "ZHANQI_REQUIRE_POSTGRES",
        );
    }
    url
}

/// A schema of its own for one test, so parallel tests and test binaries never meet.
pub struct PostgresSchema {
    base: String,
    name: String,
    /// The base URL with this schema as the search path.
    pub url: String,
}

impl PostgresSchema {
    /// Creates a schema with a name no other test run uses.
    pub async fn create(base: &str) -> PostgresSchema {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock after 1970")
            .subsec_nanos();
        let name = format!(
            "zhanqi_test_{}_{}_{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(base)
            .await
            .expect("connect to PostgreSQL");
        sqlx::query(&format!("CREATE SCHEMA {name}"))
            .execute(&mut admin)
            .await
            .expect("create a test schema");
        admin.close().await.expect("close");
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options[search_path]={name}");
        PostgresSchema {
            base: base.to_owned(),
            name,
            url,
        }
    }

    /// Drops the schema and everything in it.
    pub async fn drop(self) {
        let mut admin = PgConnection::connect(&self.base)
            .await
            .expect("connect to PostgreSQL");
        sqlx::query(&format!("DROP SCHEMA {} CASCADE", self.name))
            .execute(&mut admin)
            .await
            .expect("drop the test schema");
        admin.close().await.expect("close");
    }
}

/// A registered account with this much gold.
pub async fn person(store: &Store, name: &str, gold: i64) -> Account {
    let new = NewAccount {
        name,
        password_hash: Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"),
        gold,
    };
    store
        .create_account(&new, NOW)
        .await
        .expect("create account")
}

/// The seat with this index.
pub fn seat(index: usize) -> Seat {
    Seat::new(index)
}

/// A clock with this deadline and a small state.
pub fn clock(deadline: i64, used: i64) -> Clock {
    Clock {
        deadline: Some(UnixMillis(deadline)),
        state: format!("{{\"used\":{used}}}"),
    }
}

/// A 2p junqi room with stake `stake`, not started.
pub async fn open_game(store: &Store, stake: i64) -> GameId {
    let new = NewGame {
        game: "junqi",
        mode: "2p",
        options: "{\"mode\":\"2p\"}",
        seed: 42,
        stake,
        host: None,
    };
    store.create_game(&new, NOW).await.expect("create game").id
}

/// A started 2p junqi game with these occupants in seats 0, 1, …, each person frozen
/// `frozen_gold`.
pub async fn playing_game(store: &Store, occupants: &[Occupant], frozen_gold: i64) -> GameId {
    let id = open_game(store, frozen_gold).await;
    for (index, occupant) in occupants.iter().enumerate() {
        store
            .take_seat(id, seat(index), occupant)
            .await
            .expect("take seat");
    }
    let start_clock = clock(NOW.0 + 60_000, 0);
    let start = GameStart {
        frozen_gold,
        state: "{\"multiplier\":1}",
        clock: &start_clock,
    };
    store.start_game(id, &start, NOW).await.expect("start game");
    id
}
