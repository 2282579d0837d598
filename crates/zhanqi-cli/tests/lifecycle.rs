//! A room from its start to after its end, as the server tells the page (issue 12 items 4, 5,
//! 6, 9): the grace period of a dropped seat in the room state, whether AI may be seated, the
//! typed reason of a short game's 0, a finished room read back from the store, and a person's
//! history of games played.

use crate::common;

use common::{Database, Person, Socket, TestServer, config, two_player_room};
use serde_json::{Value, json};
use zhanqi_junqi::platform as junqi;

/// A grace period long enough to read while it runs.
const LONG_GRACE: f64 = 30.0;

/// `path` as `person`: the status and the JSON answer.
async fn get_json(person: &Person, path: &str) -> (u16, Value) {
    let (status, body) = person.get(path).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// Bob (`n`) leaves the started game of `room` at once: Alice (`s`) wins within the move floor.
async fn bob_escapes_at_once(a: &mut Socket, b: &mut Socket, room: i64) -> Value {
    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    a.room_until(|state| state["phase"] == "playing").await;
    b.ok(json!({"type": "leave", "room": room})).await;
    a.room_until(|state| state["phase"] == "over").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_seat_shows_its_grace_period_and_ai_seats_are_offered_only_where_allowed() {
    for database in Database::all() {
        let mut long = config(&database);
        long.grace_seconds = LONG_GRACE;
        let server = TestServer::start(long);
        let (_alice, bob, mut a, mut b, room) = two_player_room(&server).await;
        let setup = a.last_room();
        assert_eq!(setup["seat_ai"], true, "a player may seat an AI: {setup}");
        assert_eq!(setup["seats"][0]["escape_in_ms"], Value::Null);

        // A spectator may not seat an AI, nor may anyone in a gold room.
        let carol = Person::guest(&server, "carol").await;
        let mut c = carol.socket().await;
        c.ok(json!({"type": "join", "room": room})).await;
        assert_eq!(c.last_room()["seat_ai"], false, "a spectator may not");
        let gold_room = c.open_room("2p", 10).await;
        assert_eq!(c.last_room()["id"], gold_room);
        assert_eq!(
            c.last_room()["seat_ai"],
            false,
            "an AI has no gold to stake"
        );

        a.ok(json!({"type": "ready", "room": room})).await;
        b.ok(json!({"type": "ready", "room": room})).await;
        let playing = a.room_until(|state| state["phase"] == "playing").await;
        assert_eq!(playing["seat_ai"], false, "not once the game runs");
        assert_eq!(playing["seats"][1]["escape_in_ms"], Value::Null);

        drop(b);
        let away = a
            .room_until(|state| state["seats"][1]["connected"] == false)
            .await;
        let left = away["seats"][1]["escape_in_ms"]
            .as_u64()
            .unwrap_or_else(|| panic!("the dropped seat's grace period is sent: {away}"));
        let grace = (LONG_GRACE * 1000.0) as u64;
        assert!(
            left <= grace && left > grace - 5_000,
            "{left} ms of {grace}"
        );
        assert_eq!(
            away["seats"][0]["escape_in_ms"],
            Value::Null,
            "Alice is here"
        );

        let mut b = bob.socket().await;
        b.ok(json!({"type": "join", "room": room})).await;
        let back = a
            .room_until(|state| state["seats"][1]["connected"] == true)
            .await;
        assert_eq!(back["seats"][1]["escape_in_ms"], Value::Null, "{back}");
        assert_eq!(back["phase"], "playing");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_game_says_why_its_win_scores_nothing_and_stays_readable_after_its_end() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let (alice, bob, mut a, mut b, room) = two_player_room(&server).await;
        let over = bob_escapes_at_once(&mut a, &mut b, room).await;
        let floor = junqi::POINTS_2P.anti_farming_max_moves;
        let seats = &over["result"]["seats"];
        assert_eq!(seats["s"]["result"], "win", "{over}");
        assert_eq!(seats["s"]["points"], 0, "{over}");
        assert_eq!(
            seats["s"]["note"],
            json!({"kind": "short_game", "max_moves": floor}),
            "{over}"
        );
        assert_eq!(seats["n"]["points"], junqi::POINTS_2P.escape, "{over}");
        assert!(
            seats["n"].get("note").is_none(),
            "an escape is its table value: {over}"
        );

        // The room read back from the store once nobody plays in it.
        let (status, summary) = get_json(&alice, &format!("/api/games/{room}")).await;
        assert_eq!(status, 200, "{summary}");
        assert_eq!(summary["status"], "finished", "{summary}");
        assert_eq!(
            summary["result"], over["result"],
            "the result as the room showed it"
        );
        assert_eq!(
            summary["players"],
            json!([
                {"seat": "s", "name": alice.name, "ai": null},
                {"seat": "n", "name": bob.name, "ai": null},
            ])
        );
        let (status, missing) = get_json(&alice, "/api/games/987654321").await;
        assert_eq!(
            (status, &missing["error"]["code"]),
            (404, &json!("not_found"))
        );

        // Both histories list it, with the result, the points and the reason.
        let (status, history) = get_json(&alice, &format!("/api/users/{}/games", alice.name)).await;
        assert_eq!(status, 200, "{history}");
        assert_eq!(history["more"], false);
        let games = history["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{history}");
        let game = &games[0];
        assert_eq!(game["id"], room);
        assert_eq!(
            (&game["game"], &game["mode"]),
            (&json!("junqi"), &json!("2p"))
        );
        assert_eq!(
            (&game["seat"], &game["result"]),
            (&json!("s"), &json!("win"))
        );
        assert_eq!(game["points"], 0);
        assert_eq!(game["note"]["kind"], "short_game");
        assert!(game["finished_ms"].as_i64().is_some(), "{game}");
        assert_eq!(game["players"][1]["name"], bob.name.as_str());
        let (_, bobs) = get_json(&bob, &format!("/api/users/{}/games", bob.name)).await;
        assert_eq!(bobs["games"][0]["result"], "escaped", "{bobs}");
        assert_eq!(bobs["games"][0]["points"], junqi::POINTS_2P.escape);
        assert_eq!(bobs["games"][0]["note"], Value::Null);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_comes_a_bounded_page_at_a_time_newest_first() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    let (mut a, mut b) = (alice.socket().await, bob.socket().await);
    let mut rooms = Vec::new();
    for _ in 0..21 {
        let room = a.open_room("2p", 0).await;
        a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
            .await;
        b.join_and_sit(room, "n").await;
        bob_escapes_at_once(&mut a, &mut b, room).await;
        a.ok(json!({"type": "leave", "room": room})).await;
        rooms.push(room);
    }
    let path = format!("/api/users/{}/games", alice.name);
    let (_, first) = get_json(&alice, &path).await;
    let ids = |page: &Value| -> Vec<i64> {
        page["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|game| game["id"].as_i64().unwrap())
            .collect()
    };
    let newest: Vec<i64> = rooms.iter().rev().copied().collect();
    assert_eq!(ids(&first), newest[..20], "a page of 20, newest first");
    assert_eq!(first["more"], true);
    let (_, second) = get_json(&alice, &format!("{path}?skip=20")).await;
    assert_eq!(ids(&second), newest[20..]);
    assert_eq!(second["more"], false);
    // A room that never started is no game played.
    let never = a.open_room("2p", 0).await;
    a.ok(json!({"type": "leave", "room": never})).await;
    let (_, again) = get_json(&alice, &path).await;
    assert!(!ids(&again).contains(&never));
}
