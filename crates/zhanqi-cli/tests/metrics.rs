//! `/metrics` after a short game: the counters of rooms, games, connections, frames, actions,
//! errors and the action-store latency all moved. The recorder is global to the process, and
//! other tests' servers share it, so every check is a floor.

use crate::common;

use common::{Database, Person, TestServer, config, my_turn};
use serde_json::json;

/// The sum of a metric's samples (over its labels), or `None` if it is not in the text.
fn metric(text: &str, name: &str) -> Option<f64> {
    let samples: Vec<f64> = text
        .lines()
        .filter(|line| {
            line.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with('{'))
        })
        .filter_map(|line| line.rsplit(' ').next()?.parse().ok())
        .collect();
    (!samples.is_empty()).then(|| samples.iter().sum())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_a_short_game() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    let (mut a, mut b) = (alice.socket().await, bob.socket().await);

    let created = a
        .ok(json!({"type": "create", "game": "junqi", "mode": "2p"}))
        .await;
    let room = created["room"].as_i64().unwrap();
    for (socket, seat) in [(&mut a, "s"), (&mut b, "n")] {
        socket.ok(json!({"type": "join", "room": room})).await;
        socket
            .ok(json!({"type": "sit", "room": room, "seat": seat}))
            .await;
        socket.ok(json!({"type": "ready", "room": room})).await;
    }
    // The recorder is the process's: other tests of this binary run servers beside this one, so
    // the gauges hold at least this server's room and sockets.
    let (status, during) = alice.get("/metrics").await;
    assert_eq!(status, 200);
    let gauge =
        |name: &str| metric(&during, name).unwrap_or_else(|| panic!("no {name} in {during}"));
    assert!(gauge("zhanqi_rooms_open") >= 1.0, "{during}");
    assert!(gauge("zhanqi_connections_open") >= 2.0, "{during}");

    // One move by whoever is to move, a refused command, then the other seat leaves: an
    // escape, which ends a 2p game.
    // The game starts once both are ready: wait for each seat's first playing state (the
    // last frame before `ok` may still be the deployment's).
    let state_a = a.room_until(|room| room["phase"] == "playing").await;
    b.room_until(|room| room["phase"] == "playing").await;
    let (mover, other) = if my_turn(&state_a) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let action = mover.last_room()["legal"][0].as_str().unwrap().to_owned();
    mover
        .ok(json!({"type": "act", "room": room, "action": action}))
        .await;
    let refused = other
        .command(json!({"type": "act", "room": room, "action": "not-a-move"}))
        .await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    other.ok(json!({"type": "leave", "room": room})).await;
    mover.room_until(|state| state["phase"] == "over").await;

    let (status, text) = alice.get("/metrics").await;
    assert_eq!(status, 200);
    let at_least = |name: &str, floor: f64| {
        let value = metric(&text, name).unwrap_or_else(|| panic!("no {name} in {text}"));
        assert!(
            value >= floor,
            "{name} is {value}, expected at least {floor}"
        );
    };
    at_least("zhanqi_games_started_total", 1.0);
    at_least("zhanqi_games_finished_total", 1.0);
    at_least("zhanqi_connections_total", 2.0);
    at_least("zhanqi_ws_frames_in_total", 8.0);
    at_least("zhanqi_ws_frames_out_total", 8.0);
    // The move and the escape.
    at_least("zhanqi_actions_played_total", 2.0);
    at_least("zhanqi_errors_total{code=\"illegal\"}", 1.0);
    at_least("zhanqi_action_store_seconds_count", 2.0);
    assert!(
        text.contains("zhanqi_action_store_seconds_bucket{le=\"0.01\"}"),
        "the store latency is a histogram: {text}"
    );
}
