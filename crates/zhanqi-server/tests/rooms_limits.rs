//! What strangers can do to rooms: rooms nobody attends close (also across a restart), a user
//! has few open rooms at once, the lobby lists a bounded number, and only a room's players and
//! its creator choose its AIs.

use std::time::Duration;

use crate::common;

use common::{Database, Person, TestServer, config};
use serde_json::{Value, json};
use zhanqi_store::{ABANDONED_OUTCOME, GameId, GameStatus, Store};

/// An abandon period of three seconds, so that the tests see rooms close.
const SHORT_ABANDON_MINUTES: f64 = 0.05;

/// Polls the lobby (`/api/rooms`) until `wanted` holds for its room ids; a guard of a minute
/// against hanging, not a measurement.
async fn lobby_until(person: &Person, wanted: impl Fn(&[i64]) -> bool) -> Vec<i64> {
    for _ in 0..600 {
        let (status, body) = person.get("/api/rooms").await;
        assert_eq!(status, 200, "{body}");
        let body: Value = serde_json::from_str(&body).unwrap();
        let ids: Vec<i64> = body["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|room| room["id"].as_i64().unwrap())
            .collect();
        if wanted(&ids) {
            return ids;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the lobby never became as wanted");
}

async fn assert_abandoned(store: &Store, room: i64) {
    let info = store.game(GameId(room)).await.unwrap();
    assert_eq!(info.status, GameStatus::Finished, "room {room}");
    assert_eq!(
        info.outcome.as_deref(),
        Some(ABANDONED_OUTCOME),
        "room {room}"
    );
    assert!(info.started_at.is_none());
    assert!(store.seats(GameId(room)).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_nobody_attends_before_the_start_close_as_abandoned() {
    for database in Database::all() {
        let mut short = config(&database);
        short.abandoned_room_minutes = SHORT_ABANDON_MINUTES;
        let server = TestServer::start(short);
        let store = Store::connect(&database.url).await.unwrap();
        let alice = Person::guest(&server, "alice").await;
        let bob = Person::guest(&server, "bob").await;
        let mut a = alice.socket().await;
        let mut b = bob.socket().await;

        // Created and never joined.
        let created = a
            .ok(json!({"type": "create", "game": "junqi", "mode": "2p"}))
            .await;
        let unjoined = created["room"].as_i64().unwrap();
        // Sat in, then the creator's connection went away with the seat held.
        let mut gone = alice.socket().await;
        let left = gone.open_room("2p", 0).await;
        gone.ok(json!({"type": "sit", "room": left, "seat": "s"}))
            .await;
        drop(gone);
        // Watched by a spectator only: the room closes on them, and they are told why.
        let watched = b.open_room("2p", 0).await;
        // A seated, connected player keeps a room open.
        let played = a.open_room("2p", 0).await;
        a.ok(json!({"type": "sit", "room": played, "seat": "s"}))
            .await;

        let closing = [unjoined, left, watched];
        lobby_until(&alice, |ids| {
            closing.iter().all(|room| !ids.contains(room)) && ids.contains(&played)
        })
        .await;
        for room in closing {
            assert_abandoned(&store, room).await;
        }
        let told = loop {
            let frame = b.next_frame().await;
            if frame["type"] == "error" {
                break frame;
            }
        };
        assert_eq!(told["code"], "no_room", "{told}");
        let message = told["message"].as_str().unwrap();
        assert!(message.contains("no player sat in it"), "{message}");
        let refused = b.command(json!({"type": "join", "room": watched})).await;
        assert_eq!(refused["code"], "no_room", "{refused}");
        assert_eq!(
            store.game(GameId(played)).await.unwrap().status,
            GameStatus::Open
        );
        server.kill();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_rooms_stay_closed_across_a_restart() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let store = Store::connect(&database.url).await.unwrap();
        let alice = Person::guest(&server, "alice").await;
        let mut a = alice.socket().await;
        let create = json!({"type": "create", "game": "junqi", "mode": "2p"});
        // Neither joined, so that they stay open until the restart.
        let empty = a.ok(create.clone()).await["room"].as_i64().unwrap();
        let fresh = a.ok(create).await["room"].as_i64().unwrap();
        let seated = a.open_room("2p", 0).await;
        a.ok(json!({"type": "sit", "room": seated, "seat": "s"}))
            .await;
        drop(a);
        server.kill();
        // The empty room was opened long before the restart; the fresh one just now.
        let hour_ago = zhanqi_store::UnixMillis::now().0 - 3_600_000;
        sqlx::query("UPDATE games SET created_at = $1 WHERE id = $2")
            .bind(hour_ago)
            .bind(empty)
            .execute(store.pool())
            .await
            .unwrap();

        // Restored with the default ten minutes: the old empty room closes at once, the
        // others come back (the seated person gets the whole period to return).
        let server = TestServer::start(config(&database));
        let alice = alice.at(&server);
        let listed = lobby_until(&alice, |ids| ids.contains(&seated)).await;
        assert!(listed.contains(&fresh), "{listed:?}");
        assert!(!listed.contains(&empty), "{listed:?}");
        assert_abandoned(&store, empty).await;
        assert_eq!(
            store.game(GameId(seated)).await.unwrap().status,
            GameStatus::Open
        );
        server.kill();

        // Restored with a short period, nobody comes back: both close when their timers fire.
        let mut short = config(&database);
        short.abandoned_room_minutes = SHORT_ABANDON_MINUTES;
        let server = TestServer::start(short);
        let alice = alice.at(&server);
        lobby_until(&alice, |ids| {
            !ids.contains(&seated) && !ids.contains(&fresh)
        })
        .await;
        assert_abandoned(&store, seated).await;
        assert_abandoned(&store, fresh).await;
        server.kill();

        // And a third start brings none of them back.
        let server = TestServer::start(config(&database));
        let alice = alice.at(&server);
        let listed = lobby_until(&alice, |_| true).await;
        for room in [empty, seated, fresh] {
            assert!(!listed.contains(&room), "{listed:?}");
        }
        server.kill();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_has_few_open_rooms_and_the_lobby_lists_a_bounded_number() {
    let database = Database::sqlite();
    let mut limited = config(&database);
    limited.open_rooms_per_user = 2;
    limited.lobby_rooms = 3;
    let server = TestServer::start(limited);
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    let mut a = alice.socket().await;
    let mut b = bob.socket().await;
    let first = a.open_room("2p", 0).await;
    a.open_room("2p", 0).await;
    let refused = a
        .command(json!({"type": "create", "game": "junqi", "mode": "2p"}))
        .await;
    assert_eq!(refused["code"], "too_many_rooms", "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("2 open rooms") && !message.contains('\n'),
        "{message}"
    );
    // Leaving a room nobody else is in closes it, and frees a place.
    a.ok(json!({"type": "leave", "room": first})).await;
    lobby_until(&alice, |ids| !ids.contains(&first)).await;
    a.open_room("2p", 0).await;

    b.open_room("2p", 0).await;
    b.open_room("2p", 0).await;
    // Four open rooms, three listed: the oldest.
    let listed = lobby_until(&alice, |ids| ids.len() == 3).await;
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    assert_eq!(listed, sorted);
    server.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_players_and_the_creator_choose_a_room_s_ais() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let mallory = Person::guest(&server, "mallory").await;
    let carol = Person::guest(&server, "carol").await;
    let mut a = alice.socket().await;
    let mut m = mallory.socket().await;
    let mut c = carol.socket().await;

    // Bob's room: he sits and waits; a spectator may not fill his empty seat with an AI.
    let bob = Person::guest(&server, "bob").await;
    let mut b = bob.socket().await;
    let room = b.open_room("2p", 0).await;
    b.ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    m.ok(json!({"type": "join", "room": room})).await;
    let refused = m
        .command(json!({"type": "ai", "room": room, "seat": "n", "level": "expert"}))
        .await;
    assert_eq!(refused["code"], "forbidden", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("only the room's players and its creator"),
        "{refused}"
    );
    let state = b.last_room();
    assert_eq!(state["seats"][1]["seat"], "n", "{state}");
    assert!(state["seats"][1]["player"].is_null(), "{state}");

    // The seated player may; then the spectator may not take the AI out either.
    b.ok(json!({"type": "ai", "room": room, "seat": "n", "level": "easy"}))
        .await;
    let refused = m
        .command(json!({"type": "unseat_ai", "room": room, "seat": "n"}))
        .await;
    assert_eq!(refused["code"], "forbidden", "{refused}");
    b.ok(json!({"type": "unseat_ai", "room": room, "seat": "n"}))
        .await;

    // A creator who only watches may seat AIs in their own room (an AI game), a stranger not.
    let own = a.open_room("2p", 0).await;
    c.ok(json!({"type": "join", "room": own})).await;
    let refused = c
        .command(json!({"type": "ai", "room": own, "seat": "s", "level": "easy"}))
        .await;
    assert_eq!(refused["code"], "forbidden", "{refused}");
    a.ok(json!({"type": "ai", "room": own, "seat": "s", "level": "easy"}))
        .await;
    server.kill();
}
