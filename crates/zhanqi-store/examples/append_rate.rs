//! How fast one room can write its action log: sequential appends, each committed before the
//! next, as the server does.
//!
//! ```sh
//! cargo run --release -p zhanqi-store --example append_rate                    # SQLite temp file
//! cargo run --release -p zhanqi-store --example append_rate -- postgres://postgres@127.0.0.1/test
//! ```
//!
//! On PostgreSQL it writes into the database named by the URL (a game row and its actions).

use std::time::Instant;

use zhanqi_core::Seat;
use zhanqi_store::{Clock, GameStart, NewAction, NewGame, Occupant, Store, UnixMillis};

const ACTIONS: u32 = 2_000;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), zhanqi_store::StoreError> {
    let directory = tempfile::tempdir().expect("temporary directory");
    let url = std::env::args().nth(1).unwrap_or_else(|| {
        format!(
            "sqlite://{}?mode=rwc",
            directory.path().join("rate.db").display()
        )
    });
    let store = Store::connect(&url).await?;
    let now = UnixMillis::now();
    let new = NewGame {
        game: "junqi",
        mode: "2p",
        options: "{}",
        seed: 1,
        stake: 0,
        host: None,
    };
    let id = store.create_game(&new, now).await?.id;
    for index in 0..2 {
        store
            .take_seat(id, Seat::new(index), &Occupant::Ai("random".to_owned()))
            .await?;
    }
    let clock = Clock {
        deadline: Some(now.plus_millis(30_000)),
        state: "{\"used\":[0,0]}".to_owned(),
    };
    store
        .start_game(
            id,
            &GameStart {
                frozen_gold: 0,
                state: "{}",
                clock: &clock,
            },
            now,
        )
        .await?;

    let started = Instant::now();
    for seq in 0..ACTIONS {
        let text = format!("a{}-b{}", seq % 60, (seq + 7) % 60);
        let action = NewAction {
            seq,
            seat: Some(Seat::new(seq as usize % 2)),
            action: &text,
            at: UnixMillis::now(),
            clock: &clock,
        };
        store.append_action(id, &action).await?;
    }
    let elapsed = started.elapsed();
    println!(
        "{:?}: {ACTIONS} appends in {:.2} s = {:.0} per second ({:.2} ms each)",
        store.backend(),
        elapsed.as_secs_f64(),
        f64::from(ACTIONS) / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / f64::from(ACTIONS)
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
