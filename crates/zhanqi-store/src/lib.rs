//! The persistence of the zhanqi server, on an embedded SQLite file or on PostgreSQL.
//!
//! One [`Store`] over an sqlx `AnyPool` speaks both databases with the same portable SQL
//! (`$n` placeholders, integers for flags, unix-millisecond timestamps, JSON as text). The
//! schema lives in `migrations/sqlite` and `migrations/postgres`, with the same version numbers,
//! compiled in and applied by [`Store::connect`].
//!
//! The store knows no game's rules: a game is its name, mode, options JSON, seed and the texts
//! of its actions. Every time is passed in by the caller as [`UnixMillis`].
//!
//! ```
//! # tokio_test_block_on(async {
//! use zhanqi_store::{NewAccount, Store, UnixMillis};
//!
//! let store = Store::connect("sqlite::memory:").await?;
//! let now = UnixMillis(1_700_000_000_000);
//! let new = NewAccount { name: "Alice", password_hash: Some("$argon2id$v=19$..."), gold: 100 };
//! let alice = store.create_account(&new, now).await?;
//! assert_eq!(store.account_by_name("alice").await?.id, alice.id);
//! # Ok::<(), zhanqi_store::StoreError>(())
//! # });
//! # fn tokio_test_block_on<F: std::future::Future>(future: F) -> F::Output {
//! #     tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
//! # }
//! ```

mod accounts;
mod actions;
mod codec;
mod error;
mod games;
mod group_commit;
mod history;
mod ids;
mod layouts;
mod leases;
mod profiles;
mod replays;
mod results;
mod sessions;
mod store;

pub use accounts::{Account, NewAccount, name_key};
pub use actions::{ActionRecord, GameRecord, NewAction};
pub use error::{StoreError, StoreResult};
pub use games::{
    ABANDONED_OUTCOME, Clock, GameInfo, GameStart, GameStatus, NewGame, Occupant, SeatInfo,
    Settlement,
};
pub use history::PlayedGame;
pub use ids::{GameId, UnixMillis, UserId};
pub use layouts::{Layout, LayoutShelf};
pub use leases::Lease;
pub use profiles::{Profile, Ranked};
pub use replays::Replay;
pub use results::GameResult;
pub use store::{Backend, DEFAULT_DATABASE_URL, Store};
