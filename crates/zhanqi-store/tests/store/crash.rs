//! `kill -9` in the middle of appending: every acknowledged action is still there.
//!
//! The test runs its own binary again as a writer process that appends actions to an SQLite
//! file and prints the number of each one once `append_action` has returned. The test kills it
//! with SIGKILL while it writes, reopens the file, and checks that every acknowledged action is
//! stored, in order, with no gap.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use zhanqi_store::{Clock, GameId, NewAction, Occupant, Store, UnixMillis};

use crate::common::{NOW, playing_game, sqlite_url};

/// Set in the writer process: the database URL to write to.
const WRITER_URL: &str = "ZHANQI_STORE_CRASH_WRITER_URL";
/// The writer's test name, as the harness filters it.
const WRITER_TEST: &str = "store::crash::writer_process";
/// How many actions the writer appends at most (it is killed long before).
const WRITER_LIMIT: u32 = 100_000;
/// How many acknowledgements the test waits for before killing the writer.
const KILL_AFTER: u32 = 200;

#[test]
#[ignore = "the writer process of kill_9_loses_no_acknowledged_action, run by that test"]
fn writer_process() {
    let Ok(url) = std::env::var(WRITER_URL) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let store = Store::connect(&url).await.expect("connect");
        let id = playing_game(&store, &[Occupant::Ai("random".to_owned())], 0).await;
        println!("game {}", id.0);
        let clock = Clock {
            deadline: None,
            state: "{}".to_owned(),
        };
        for seq in 0..WRITER_LIMIT {
            let text = format!("move-{seq}");
            let action = NewAction {
                seq,
                seat: None,
                action: &text,
                at: NOW,
                clock: &clock,
            };
            store.append_action(id, &action).await.expect("append");
            println!("ack {seq}");
        }
    });
}

#[tokio::test]
async fn kill_9_loses_no_acknowledged_action() {
    let directory = tempfile::tempdir().unwrap();
    let url = sqlite_url(&directory.path().join("crash.db"));
    let mut writer = Command::new(std::env::current_exe().unwrap())
        .args([
            WRITER_TEST,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(WRITER_URL, &url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(writer.stdout.take().unwrap()).lines();
    let mut game = None;
    let mut acknowledged = None;
    for line in lines.by_ref() {
        let line = line.unwrap();
        // The harness prints "test NAME ... " before the writer's first line.
        if let Some((_, id)) = line.split_once("game ") {
            game = Some(GameId(id.parse().unwrap()));
        } else if let Some(seq) = line.strip_prefix("ack ") {
            let seq: u32 = seq.parse().unwrap();
            acknowledged = Some(seq);
            if seq + 1 == KILL_AFTER {
                break;
            }
        }
    }
    // Child::kill sends SIGKILL: no destructor, no flush, no checkpoint runs in the writer.
    writer.kill().unwrap();
    writer.wait().unwrap();
    // Acknowledgements printed between the last read and the kill count too.
    for line in lines {
        let Ok(line) = line else { break };
        if let Some(seq) = line.strip_prefix("ack ") {
            acknowledged = Some(seq.parse().unwrap());
        }
    }
    let game = game.expect("the writer created a game");
    let acknowledged = acknowledged.expect("the writer acknowledged actions");
    assert!(acknowledged + 1 >= KILL_AFTER);

    let store = Store::connect(&url).await.unwrap();
    let actions = store.actions(game).await.unwrap();
    assert!(
        actions.len() as u64 > u64::from(acknowledged),
        "{} actions stored, action {acknowledged} acknowledged",
        actions.len()
    );
    for (index, action) in actions.iter().enumerate() {
        assert_eq!(action.seq as usize, index);
        assert_eq!(action.action, format!("move-{index}"));
        assert_eq!(action.at, UnixMillis(NOW.0));
    }
    // The restarted server carries on where the log ends.
    let record = store.unfinished_games().await.unwrap();
    assert_eq!(record.len(), 1);
    assert_eq!(record[0].actions.len(), actions.len());
    store.close().await;
}
