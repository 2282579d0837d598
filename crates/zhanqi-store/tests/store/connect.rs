//! Connecting, migrating, reopening, and the SQLite settings.

use sqlx::Row;
use zhanqi_store::{Backend, NewAccount, Store, StoreError};

use crate::common::{NOW, PostgresSchema, each_backend, person, postgres_base_url, sqlite_url};

#[tokio::test]
async fn reopening_an_sqlite_file_keeps_its_data() {
    let directory = tempfile::tempdir().unwrap();
    let url = sqlite_url(&directory.path().join("kept.db"));
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.backend(), Backend::Sqlite);
    let alice = person(&store, "Alice", 7).await;
    store.close().await;

    // Migrations are not applied twice, and the account is still there.
    let reopened = Store::connect(&url).await.unwrap();
    assert_eq!(reopened.account_by_name("alice").await.unwrap(), alice);
    let applied = sqlx::query("SELECT COUNT(*) AS applied FROM _sqlx_migrations")
        .fetch_one(reopened.pool())
        .await
        .unwrap();
    let migrations = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite"))
        .unwrap()
        .count();
    assert_eq!(applied.get::<i64, _>("applied"), migrations as i64);
    reopened.close().await;
}

#[tokio::test]
async fn reconnecting_to_postgres_keeps_its_data() {
    let Some(base) = postgres_base_url() else {
        return;
    };
    let schema = PostgresSchema::create(&base).await;
    let store = Store::connect(&schema.url).await.unwrap();
    assert_eq!(store.backend(), Backend::Postgres);
    let alice = person(&store, "Alice", 7).await;
    store.close().await;
    let reopened = Store::connect(&schema.url).await.unwrap();
    assert_eq!(reopened.account_by_name("ALICE").await.unwrap(), alice);
    reopened.close().await;
    schema.drop().await;
}

#[tokio::test]
async fn sqlite_files_run_in_wal_mode_with_foreign_keys_and_a_busy_timeout() {
    let directory = tempfile::tempdir().unwrap();
    let store = Store::connect(&sqlite_url(&directory.path().join("wal.db")))
        .await
        .unwrap();
    let pragma = |name: &'static str| {
        let store = store.clone();
        async move {
            let row = sqlx::query(&format!("PRAGMA {name}"))
                .fetch_one(store.pool())
                .await
                .unwrap();
            row.try_get::<String, _>(0)
                .or_else(|_| row.try_get::<i64, _>(0).map(|n| n.to_string()))
                .unwrap()
        }
    };
    assert_eq!(pragma("journal_mode").await, "wal");
    assert_eq!(pragma("foreign_keys").await, "1");
    assert_eq!(pragma("busy_timeout").await, "10000");
    assert_eq!(pragma("synchronous").await, "2", "FULL");
    store.close().await;
}

#[tokio::test]
async fn a_memory_database_is_one_database() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let alice = person(&store, "Alice", 0).await;
    // Many calls at once must all see the same database.
    let mut lookups = tokio::task::JoinSet::new();
    for _ in 0..4 {
        let store = store.clone();
        lookups.spawn(async move { store.account_by_name("alice").await.map(|a| a.id) });
    }
    for found in lookups.join_all().await {
        assert_eq!(found.unwrap(), alice.id);
    }
}

#[tokio::test]
async fn unknown_databases_are_refused() {
    let error = Store::connect("mysql://localhost/zhanqi")
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::UnsupportedUrl(_)), "{error}");
    let directory = tempfile::tempdir().unwrap();
    let missing = format!(
        "sqlite://{}?mode=rw",
        directory.path().join("absent.db").display()
    );
    let error = Store::connect(&missing).await.unwrap_err();
    assert!(matches!(error, StoreError::Database(_)), "{error}");
}

#[tokio::test]
async fn texts_keep_every_character() {
    each_backend(|store| async move {
        let name = "军棋 'quoted' \"double\" \\ 🙂";
        let new = NewAccount {
            name,
            password_hash: Some("h"),
            gold: 0,
        };
        let account = store.create_account(&new, NOW).await.unwrap();
        assert_eq!(store.account(account.id).await.unwrap().name, name);
    })
    .await;
}

#[tokio::test]
async fn postgres_urls_that_require_tls_are_refused() {
    let Some(base) = postgres_base_url() else {
        return;
    };
    let separator = if base.contains('?') { '&' } else { '?' };
    let error = Store::connect(&format!("{base}{separator}sslmode=require"))
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Database(_)), "{error}");
}
