//! A rolling upgrade's step: one node of a three-node cluster is stopped as SIGTERM stops it
//! (docs/operations.md) while games are played, and no game notices. Its rooms go on at once on
//! the other nodes with every acknowledged move; the players on the other nodes keep playing
//! without an error; its own players are told to reconnect (close code 1012) and find their
//! game on another node.
//!
//! Runs when `ZHANQI_TEST_DATABASE_URL` and `ZHANQI_TEST_NATS_URL` are set; fails instead of
//! skipping when `ZHANQI_REQUIRE_CLUSTER=1` (CI sets it).

use crate::cluster::{Schema, cluster_services, metric, node, play, unique_name};
use crate::common;

use std::time::{Duration, Instant};

use common::leaks::check_frame;
use common::{Person, Socket, TestServer, quiet_move};
use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use zhanqi_server::ServerConfig;

/// Leases far longer than a hand-over takes: a drain that waited for them to lapse would take
/// at least this long, so finishing sooner shows the rooms were handed over, not taken over.
const LEASE_SECONDS: f64 = 30.0;

/// Moves played in the room of the other nodes' players before the drain starts, and in all.
const MOVES_BEFORE_DRAIN: u64 = 4;
const MOVES_IN_ALL: u64 = 24;

fn long_leased(schema: &Schema, nats: &str, prefix: &str, name: &str) -> ServerConfig {
    let mut config = node(schema, nats, prefix, name);
    config.lease_seconds = LEASE_SECONDS;
    config
}

/// Sits both sockets in `room` (seats `s` and `n`) and readies them.
async fn start_game(room: i64, south: &mut Socket, north: &mut Socket) {
    for (socket, seat) in [(south, "s"), (north, "n")] {
        socket.join_and_sit(room, seat).await;
        socket.ok(json!({"type": "ready", "room": room})).await;
    }
}

/// Reads the socket until the server closes it, and returns the close code.
async fn close_code(socket: &mut Socket) -> u16 {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(60), socket.stream.next())
            .await
            .expect("the draining node closes the socket")
            .expect("a close frame, not a dropped connection")
            .expect("a readable frame");
        if let Message::Close(frame) = message {
            return frame.map_or(1005, |frame| u16::from(frame.code));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draining_node_hands_its_rooms_over_and_no_game_notices() {
    let Some((database, nats)) = cluster_services() else {
        return;
    };
    let schema = Schema::create(&database).await;
    let prefix = unique_name();
    let mut node_a = TestServer::start(long_leased(&schema, &nats, &prefix, "a"));
    let node_b = TestServer::start(long_leased(&schema, &nats, &prefix, "b"));
    let node_c = TestServer::start(long_leased(&schema, &nats, &prefix, "c"));

    // Both rooms run on node A: the first has a player on A (alice) and one on B (bob); the
    // second only players on B and C (erin, frank).
    let alice = Person::guest(&node_a, "alice").await;
    let bob = Person::guest(&node_b, "bob").await;
    let erin = Person::guest(&node_b, "erin").await;
    let frank = Person::guest(&node_c, "frank").await;
    let (mut a, mut b) = (alice.socket().await, bob.socket().await);
    let (mut e, mut f) = (erin.socket().await, frank.socket().await);
    let mixed = a
        .ok(json!({"type": "create", "game": "junqi", "mode": "2p"}))
        .await["room"]
        .as_i64()
        .unwrap();
    let elsewhere = a
        .ok(json!({"type": "create", "game": "junqi", "mode": "2p"}))
        .await["room"]
        .as_i64()
        .unwrap();
    start_game(mixed, &mut a, &mut b).await;
    start_game(elsewhere, &mut e, &mut f).await;
    let mixed_moves = play(mixed, &mut a, &mut b, 0, 4).await;

    // Erin and Frank play on, each move acknowledged, while node A drains under them.
    let (drain_now, drain_signal) = tokio::sync::oneshot::channel();
    let players = tokio::spawn(async move {
        let mut drain_now = Some(drain_now);
        for moves in 0..MOVES_IN_ALL {
            if moves == MOVES_BEFORE_DRAIN
                && let Some(now) = drain_now.take()
            {
                let _ = now.send(());
            }
            quiet_move(&mut [&mut e, &mut f], elsewhere, moves).await;
        }
        (e, f)
    });
    drain_signal.await.expect("the players reach the drain");
    let started = Instant::now();
    node_a.stop_gracefully().await;
    let drained_in = started.elapsed();
    eprintln!("node A drained in {drained_in:?}");
    assert!(
        drained_in < Duration::from_secs_f64(LEASE_SECONDS),
        "the drain took {drained_in:?}: it waited for the leases to lapse instead of handing the rooms over"
    );

    // Nobody on B or C saw an error: every move was acknowledged (`ok` asserts it) and no
    // error frame came, and the game went on to its last move.
    let (mut e, mut f) = players.await.expect("the players on B and C");
    for (socket, seat) in [(&mut e, "s"), (&mut f, "n")] {
        let state = socket
            .room_until(|room| room["view"]["moves"] == json!(MOVES_IN_ALL))
            .await;
        assert_eq!(state["phase"], "playing", "{state}");
        assert!(
            !socket.frames.iter().any(|frame| frame["type"] == "error"),
            "a player on another node saw an error: {:?}",
            socket
                .frames
                .iter()
                .filter(|frame| frame["type"] == "error")
                .collect::<Vec<_>>()
        );
        for frame in &socket.frames {
            check_frame(frame, Some(seat));
        }
    }

    // Alice's node told her to reconnect; she does, on node C, and finds her game with every
    // acknowledged move, while Bob's socket on B never closed.
    assert_eq!(
        close_code(&mut a).await,
        1012,
        "a draining node's close code"
    );
    let alice = alice.at(&node_c);
    let mut a = alice.socket().await;
    assert!(
        a.frames[0]["seated"]
            .as_array()
            .is_some_and(|seated| seated.contains(&json!(mixed))),
        "the reconnected player is told of her game: {}",
        a.frames[0]
    );
    a.ok(json!({"type": "join", "room": mixed})).await;
    let state = a.last_room();
    assert_eq!(state["you"], "s", "{state}");
    assert_eq!(state["view"]["moves"], json!(mixed_moves), "{state}");
    let mixed_moves = play(mixed, &mut a, &mut b, mixed_moves, 4).await;
    assert_eq!(mixed_moves, 8);
    assert!(
        !b.frames.iter().any(|frame| frame["type"] == "error"),
        "bob saw an error"
    );

    let (status, text) = bob.get("/metrics").await;
    assert_eq!(status, 200);
    let handed = |change: &str| {
        metric(
            &text,
            &format!("zhanqi_lease_changes_total{{change=\"{change}\"}}"),
        )
    };
    assert!(handed("handed_out") >= 2.0, "{text}");
    assert!(handed("handed_in") >= 2.0, "{text}");

    node_b.kill();
    node_c.kill();
    drop(node_a);
    schema.drop().await;
}
