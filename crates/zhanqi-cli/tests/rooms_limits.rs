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

/// Words of serde's (and axum's) own error texts, which no error a person sees may carry.
const SERDE_WORDS: &[&str] = &[
    "invalid type",
    "expected",
    "internally tagged",
    "untagged",
    "at line",
    "ClientMessage",
    "struct ",
    "Failed to",
    "deserialize",
];

fn assert_one_plain_sentence(asked: &str, message: &str) {
    assert!(!message.trim().is_empty(), "{asked}: an empty message");
    assert!(
        !message.contains('\n'),
        "{asked}: {message:?} is more than a line"
    );
    assert!(message.len() < 300, "{asked}: {message:?} is long");
    for word in SERDE_WORDS {
        assert!(
            !message.contains(word),
            "{asked}: {message:?} shows serde's words ({word:?})"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_frames_and_bodies_are_refused_in_one_plain_sentence() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let mut a = alice.socket().await;
    let deep_array = format!("{}{}", "[".repeat(300), "]".repeat(300));
    let deep_object = format!(r#"{}1{}"#, r#"{"a":"#.repeat(300), "}".repeat(300));
    let deep_field = format!(
        r#"{{"type":"join","room":{}1{}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    let frames = [
        ("null", "a JSON object"),
        ("[]", "a JSON object"),
        ("[1,2,3]", "a JSON object"),
        ("42", "a JSON object"),
        (r#""join""#, "a JSON object"),
        ("true", "a JSON object"),
        ("not json", "not JSON"),
        ("{}", r#"needs a "type" field"#),
        (r#"{"room":1}"#, r#"needs a "type" field"#),
        (r#"{"type":null}"#, r#""type" must be a string"#),
        (r#"{"type":5}"#, r#""type" must be a string"#),
        (r#"{"type":["join"]}"#, r#""type" must be a string"#),
        (r#"{"type":"fly","room":1}"#, "is not a message type"),
        (r#"{"type":"act"}"#, r#"needs the field "room""#),
        (r#"{"type":"act","room":1}"#, r#"needs the field "action""#),
        (r#"{"type":"sit","room":1}"#, r#"needs the field "seat""#),
        (
            r#"{"type":"act","room":"x","action":"a"}"#,
            r#""room" must be a whole number"#,
        ),
        (
            r#"{"type":"act","room":null,"action":"a"}"#,
            r#""room" must be a whole number"#,
        ),
        (
            r#"{"type":"act","room":1.5,"action":"a"}"#,
            r#""room" must be a whole number"#,
        ),
        (
            r#"{"type":"act","room":1e300,"action":"a"}"#,
            r#""room" must be a whole number"#,
        ),
        (
            r#"{"type":"join","room":99999999999999999999999999}"#,
            r#""room" must be a whole number"#,
        ),
        (
            r#"{"type":"act","room":1,"action":5}"#,
            r#""action" must be a string"#,
        ),
        (
            r#"{"type":"sit","room":1,"seat":null}"#,
            r#""seat" must be a string"#,
        ),
        (
            r#"{"type":"ai","room":1,"seat":"n","level":3}"#,
            r#""level" must be a string"#,
        ),
        (
            r#"{"type":"create","game":["junqi"],"mode":"2p"}"#,
            r#""game" must be a string"#,
        ),
        (
            r#"{"type":"create","game":"junqi","mode":"2p","stake":"lots"}"#,
            r#""stake" must be a whole number"#,
        ),
        (
            r#"{"type":"create","game":"junqi","mode":"2p","first_player":7}"#,
            r#""first_player" must be a string"#,
        ),
        (
            r#"{"type":"ping","id":{"a":1}}"#,
            r#""id" must be a number or a string"#,
        ),
        (
            r#"{"type":"ping","id":[1]}"#,
            r#""id" must be a number or a string"#,
        ),
        (
            r#"{"type":"act","room":1,"action":"a","extra":1}"#,
            r#"has no field "extra""#,
        ),
        (r#"{"type":"lobby","room":1}"#, r#"has no field "room""#),
        (
            r#"{"type":"join","room":{"nested":{"deeper":[1,2,3]}}}"#,
            r#""room" must be a whole number"#,
        ),
        (&deep_array, "nests too deeply"),
        (&deep_object, "nests too deeply"),
        (&deep_field, "nests too deeply"),
    ];
    for (frame, wanted) in frames {
        a.send_text(frame).await;
        let answer = a.next_frame().await;
        let shown: String = frame.chars().take(60).collect();
        assert_eq!(answer["type"], "error", "{shown}: {answer}");
        assert_eq!(answer["code"], "bad_message", "{shown}: {answer}");
        let message = answer["message"].as_str().unwrap();
        assert_one_plain_sentence(&shown, message);
        assert!(message.contains(wanted), "{shown}: {message:?}");
    }

    // The HTTP API's JSON bodies, through the same one place.
    let post = |body: &'static str, json: bool| {
        let mut request = alice
            .http
            .post(format!("{}/api/guest", alice.base))
            .body(body);
        if json {
            request = request.header("content-type", "application/json");
        }
        async move {
            let answer = request.send().await.unwrap();
            let status = answer.status().as_u16();
            (status, answer.json::<Value>().await.unwrap())
        }
    };
    for (body, json, wanted) in [
        ("null", true, "a JSON object"),
        ("[1]", true, "a JSON object"),
        ("7", true, "a JSON object"),
        ("{}", true, r#"needs the field "name""#),
        (r#"{"name":5}"#, true, r#""name" must be a string"#),
        (r#"{"name":null}"#, true, r#""name" must be a string"#),
        (
            r#"{"name":"x","admin":true}"#,
            true,
            r#"has no field "admin""#,
        ),
        ("{not json", true, "not JSON"),
        (r#"{"name":"x"}"#, false, "Content-Type: application/json"),
    ] {
        let (status, answer) = post(body, json).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["error"]["code"], "bad_message", "{body}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert_one_plain_sentence(body, message);
        assert!(message.contains(wanted), "{body}: {message:?}");
    }
    let (status, answer) = alice.post("/api/login", &json!({"name": "alice"})).await;
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert_one_plain_sentence("login without a password", message);
    assert!(
        message.contains(r#"needs the field "password""#),
        "{message}"
    );
    server.kill();
}
