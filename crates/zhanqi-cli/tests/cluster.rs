//! Two nodes in one process sharing a PostgreSQL schema and a NATS server: players on
//! different nodes play in one room, and when the room's node dies the other takes the room
//! over from the action log and the game goes on with no acknowledged move lost.
//!
//! Runs when `ZHANQI_TEST_DATABASE_URL` and `ZHANQI_TEST_NATS_URL` are set; fails instead of
//! skipping when `ZHANQI_REQUIRE_CLUSTER=1` (CI sets it).

use crate::common;

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use common::leaks::check_frame;
use common::{Database, Person, Socket, TestServer, config, my_turn};
use serde_json::{Value, json};
use sqlx::Connection;
use sqlx::postgres::PgConnection;
use zhanqi_server::ServerConfig;

/// Short leases, so that a takeover comes soon after a node dies.
const LEASE_SECONDS: f64 = 1.5;

/// The PostgreSQL and NATS URLs, or `None` (with a loud message) when the cluster tests skip.
pub(crate) fn cluster_services() -> Option<(String, String)> {
    let variable = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    match (
        variable("ZHANQI_TEST_DATABASE_URL"),
        variable("ZHANQI_TEST_NATS_URL"),
    ) {
        (Some(database), Some(nats)) => Some((database, nats)),
        _ => {
            zhanqi_core::testkit::skip(
                "the cluster tests",
                "they need ZHANQI_TEST_DATABASE_URL and ZHANQI_TEST_NATS_URL",
                "ZHANQI_REQUIRE_CLUSTER",
            );
            None
        }
    }
}

/// A name no other test run uses: the PostgreSQL schema and the NATS subject prefix.
pub(crate) fn unique_name() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .subsec_nanos();
    format!(
        "zhanqi_cluster_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// A schema of its own, dropped at the end.
pub(crate) struct Schema {
    base: String,
    name: String,
    pub(crate) url: String,
}

impl Schema {
    pub(crate) async fn create(base: &str) -> Schema {
        let name = unique_name();
        let mut admin = PgConnection::connect(base).await.expect("reach PostgreSQL");
        sqlx::query(&format!("CREATE SCHEMA {name}"))
            .execute(&mut admin)
            .await
            .expect("create a schema");
        admin.close().await.expect("close");
        let separator = if base.contains('?') { '&' } else { '?' };
        Schema {
            url: format!("{base}{separator}options[search_path]={name}"),
            base: base.to_owned(),
            name,
        }
    }

    pub(crate) async fn drop(self) {
        let mut admin = PgConnection::connect(&self.base)
            .await
            .expect("reach PostgreSQL");
        sqlx::query(&format!("DROP SCHEMA {} CASCADE", self.name))
            .execute(&mut admin)
            .await
            .expect("drop the schema");
        admin.close().await.expect("close");
    }
}

/// A node of the test cluster.
pub(crate) fn node(schema: &Schema, nats: &str, prefix: &str, name: &str) -> ServerConfig {
    let mut config = config(&Database::sqlite());
    config.database_url = schema.url.clone();
    config.nats_url = Some(nats.to_owned());
    config.nats_prefix = prefix.to_owned();
    config.node_id = Some(name.to_owned());
    config.lease_seconds = LEASE_SECONDS;
    config
}

/// Plays `count` moves from move number `moves` on, each by the seat to move, and returns the
/// new move number. Every move is acknowledged (`ok`) before the next.
pub(crate) async fn play(
    room: i64,
    a: &mut Socket,
    b: &mut Socket,
    mut moves: u64,
    count: u64,
) -> u64 {
    for _ in 0..count {
        let at = |state: &Value| state["view"]["moves"] == json!(moves);
        let state_a = a.room_until(at).await;
        let state_b = b.room_until(at).await;
        let (mover, state) = if my_turn(&state_a) {
            (&mut *a, state_a)
        } else {
            (&mut *b, state_b)
        };
        assert!(my_turn(&state), "somebody must be to move: {state}");
        let action = state["legal"][0].as_str().unwrap().to_owned();
        mover
            .ok(json!({"type": "act", "room": room, "action": action}))
            .await;
        moves += 1;
    }
    moves
}

/// Reads lobby frames until one lists `room`.
async fn lobby_lists(socket: &mut Socket, room: i64) -> Value {
    loop {
        let frame = socket.next_frame().await;
        if frame["type"] == "lobby"
            && frame["rooms"]
                .as_array()
                .is_some_and(|rooms| rooms.iter().any(|listed| listed["id"] == json!(room)))
        {
            return frame;
        }
    }
}

/// Sends `message` until the room's new node answers it: while the dead node's lease runs
/// out the answer is `room_unavailable`. Bounded, so that a broken takeover fails the test.
async fn until_taken_over(socket: &mut Socket, message: Value) -> Value {
    for _ in 0..240 {
        let answer = socket.command(message.clone()).await;
        if answer["type"] == "ok" {
            return answer;
        }
        assert_eq!(answer["code"], "room_unavailable", "{message}: {answer}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!("no node took the room over");
}

pub(crate) fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|line| line.starts_with(name))
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_nodes_share_a_room_and_the_survivor_takes_it_over() {
    let Some((database, nats)) = cluster_services() else {
        return;
    };
    let schema = Schema::create(&database).await;
    let prefix = unique_name();
    let node_a = TestServer::start(node(&schema, &nats, &prefix, "a"));
    let node_b = TestServer::start(node(&schema, &nats, &prefix, "b"));

    let alice = Person::guest(&node_a, "alice").await;
    let bob = Person::guest(&node_b, "bob").await;
    let mut a = alice.socket().await;
    let mut b = bob.socket().await;

    // Alice opens the room on node A; node B's lobby lists it.
    b.ok(json!({"type": "lobby"})).await;
    let created = a
        .ok(json!({"type": "create", "game": "junqi", "mode": "2p"}))
        .await;
    let room = created["room"].as_i64().unwrap();
    let listed = lobby_lists(&mut b, room).await;
    assert_eq!(listed["rooms"].as_array().unwrap().len(), 1, "{listed}");

    // Bob, on node B, joins, sits and readies in the room node A runs.
    a.ok(json!({"type": "join", "room": room})).await;
    b.ok(json!({"type": "join", "room": room})).await;
    for (socket, seat) in [(&mut a, "s"), (&mut b, "n")] {
        socket
            .ok(json!({"type": "sit", "room": room, "seat": seat}))
            .await;
        socket.ok(json!({"type": "ready", "room": room})).await;
    }
    let state = b.last_room();
    assert_eq!(state["you"], "n", "{state}");
    let moves = play(room, &mut a, &mut b, 0, 6).await;
    for frame in &a.frames {
        check_frame(frame, Some("s"));
    }

    // Node A dies without a word: its tasks stop, its leases stay until they lapse.
    node_a.kill();
    let alice = alice.at(&node_b);
    let mut a = alice.socket().await;
    until_taken_over(&mut a, json!({"type": "join", "room": room})).await;
    let state = a.last_room();
    assert_eq!(state["phase"], "playing", "{state}");
    assert_eq!(state["you"], "s", "{state}");
    assert_eq!(
        state["view"]["moves"],
        json!(moves),
        "every acknowledged move survived the takeover: {state}"
    );

    // Bob's connection to node B never closed: it watches the room on its new node.
    let moves = play(room, &mut a, &mut b, moves, 4).await;
    assert_eq!(moves, 10);

    // Nothing either seat received, on either node, showed the other seat's pieces.
    for frame in &a.frames {
        check_frame(frame, Some("s"));
    }
    for frame in &b.frames {
        check_frame(frame, Some("n"));
    }

    let (status, text) = bob.get("/metrics").await;
    assert_eq!(status, 200);
    assert!(
        metric(&text, "zhanqi_room_takeovers_total") >= 1.0,
        "{text}"
    );
    assert!(metric(&text, "zhanqi_bus_commands_total") >= 1.0, "{text}");

    node_b.kill();
    schema.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_node_needs_postgresql() {
    let Some((_, nats)) = cluster_services() else {
        return;
    };
    let database = Database::sqlite();
    let mut config = config(&database);
    config.nats_url = Some(nats);
    let refused = std::thread::spawn(move || {
        tokio::runtime::Runtime::new()
            .expect("runtime")
            .block_on(zhanqi_server::Server::bind(config))
            .err()
            .map(|error| error.to_string())
    })
    .join()
    .expect("the thread");
    let message = refused.expect("an SQLite node cannot join a cluster");
    assert!(message.contains("PostgreSQL"), "{message}");
}
