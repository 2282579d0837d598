//! How fast the store writes action logs: one room's sequential appends, each committed before
//! the next, as the server does; then many rooms at once, whose appends the store writes
//! together (group commit), with the time each room waited for its append.
//!
//! ```sh
//! cargo run --release -p zhanqi-store --example append_rate                    # SQLite temp file
//! cargo run --release -p zhanqi-store --example append_rate -- postgres://postgres@127.0.0.1/test
//! ```
//!
//! On PostgreSQL it writes into the database named by the URL (a game row and its actions).

use std::time::{Duration, Instant};

use zhanqi_core::Seat;
use zhanqi_store::{
    Clock, GameId, GameStart, NewAction, NewGame, Occupant, Store, StoreError, UnixMillis,
};

const ACTIONS: u32 = 2_000;

/// Rooms appending at once in the second part, and the actions each appends.
const ROOMS: u32 = 1_000;
/// See [`ROOMS`].
const ROOM_ACTIONS: u32 = 20;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), StoreError> {
    let directory = tempfile::tempdir().expect("temporary directory");
    let url = std::env::args().nth(1).unwrap_or_else(|| {
        format!(
            "sqlite://{}?mode=rwc",
            directory.path().join("rate.db").display()
        )
    });
    let store = Store::connect(&url).await?;
    let new = NewGame {
        game: "junqi",
        mode: "2p",
        options: "{}",
        seed: 1,
        stake: 0,
        host: None,
    };
    let id = started_game(&store, &new).await?;
    let started = Instant::now();
    append_all(&store, id, ACTIONS).await?;
    let elapsed = started.elapsed();
    println!(
        "{:?}: {ACTIONS} appends in {:.2} s = {:.0} per second ({:.2} ms each)",
        store.backend(),
        elapsed.as_secs_f64(),
        f64::from(ACTIONS) / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / f64::from(ACTIONS)
    );

    let mut ids = Vec::new();
    for _ in 0..ROOMS {
        ids.push(started_game(&store, &new).await?);
    }
    let started = Instant::now();
    let mut rooms = tokio::task::JoinSet::new();
    for id in ids {
        let store = store.clone();
        rooms.spawn(async move { append_all(&store, id, ROOM_ACTIONS).await });
    }
    let mut waits = Vec::new();
    while let Some(room) = rooms.join_next().await {
        waits.extend(room.expect("a room task")?);
    }
    let elapsed = started.elapsed();
    waits.sort_unstable();
    let percentile = |p: f64| waits[((waits.len() - 1) as f64 * p) as usize].as_secs_f64() * 1e3;
    println!(
        "{:?}: {ROOMS} rooms at once, {} appends in {:.2} s = {:.0} per second; \
         wait p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        store.backend(),
        waits.len(),
        elapsed.as_secs_f64(),
        waits.len() as f64 / elapsed.as_secs_f64(),
        percentile(0.5),
        percentile(0.99),
        percentile(1.0)
    );
    let started = Instant::now();
    let records = store.unfinished_games().await?;
    println!(
        "unfinished_games: {} games, {} actions read in {:.1} ms",
        records.len(),
        records.iter().map(|r| r.actions.len()).sum::<usize>(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    store.close().await;
    Ok(())
}

/// A playing game of two AI seats.
async fn started_game(store: &Store, new: &NewGame<'_>) -> Result<GameId, StoreError> {
    let now = UnixMillis::now();
    let id = store.create_game(new, now).await?.id;
    for index in 0..2 {
        store
            .take_seat(id, Seat::new(index), &Occupant::Ai("random".to_owned()))
            .await?;
    }
    let start = GameStart {
        frozen_gold: 0,
        state: "{}",
        clock: &clock(),
    };
    store.start_game(id, &start, now).await?;
    Ok(id)
}

/// The clock every action stores.
fn clock() -> Clock {
    Clock {
        deadline: Some(UnixMillis::now().plus_millis(30_000)),
        state: "{\"used\":[0,0]}".to_owned(),
    }
}

/// Appends `count` actions to game `id`, each after the last returned: how long each took.
async fn append_all(store: &Store, id: GameId, count: u32) -> Result<Vec<Duration>, StoreError> {
    let clock = clock();
    let mut waits = Vec::with_capacity(count as usize);
    for seq in 0..count {
        let text = format!("a{}-b{}", seq % 60, (seq + 7) % 60);
        let action = NewAction {
            seq,
            seat: Some(Seat::new(seq as usize % 2)),
            action: &text,
            at: UnixMillis::now(),
            clock: &clock,
        };
        let started = Instant::now();
        store.append_action(id, &action).await?;
        waits.push(started.elapsed());
    }
    Ok(waits)
}
