//! Hostile messages change nothing; draws and surrender keep their move floors; a server
//! killed mid-game comes back with the game, its moves and its clock.

use crate::common;

use common::{Database, Person, TestServer, config, quiet_move, two_player_room};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_frames_get_errors_and_change_nothing() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let (alice, _bob, mut a, mut b, room) = two_player_room(&server).await;

    // An illegal swap is refused with the rule and leaves the layout as it was.
    let before = a.last_room()["setup"]["layout"].clone();
    assert!(before.is_string(), "a seated player gets a layout");
    let refused = a
        .command(json!({"type": "swap", "room": room, "a": "a6", "b": "a12"}))
        .await;
    assert_eq!(refused["code"], "illegal_layout", "{refused}");
    let layout = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
    a.ok(json!({"type": "layout", "room": room, "layout": layout}))
        .await;
    let refused = a
        .command(json!({"type": "swap", "room": room, "a": "c3", "b": "c6"}))
        .await;
    assert_eq!(refused["code"], "illegal_layout");
    assert!(
        refused["message"].as_str().unwrap().contains("DP-4"),
        "{refused}"
    );
    a.ok(json!({"type": "swap", "room": room, "a": "a6", "b": "b6"}))
        .await;
    let after = a.last_room()["setup"]["layout"].clone();
    assert_ne!(before, after);
    assert_eq!(after, "SCPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC");

    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    let start = a.room_until(|state| state["phase"] == "playing").await;

    let hostile = [
        "not json".to_owned(),
        "{}".to_owned(),
        "[1,2,3]".to_owned(),
        json!({"type": "act", "room": room}).to_string(),
        json!({"type": "act", "room": room, "action": "a1-a12"}).to_string(),
        json!({"type": "act", "room": room, "action": "T"}).to_string(),
        json!({"type": "act", "room": room, "action": "escape"}).to_string(),
        json!({"type": "act", "room": room, "action": "draw?"}).to_string(),
        json!({"type": "act", "room": room, "action": "resign"}).to_string(),
        json!({"type": "act", "room": room + 1000, "action": "a1-a2"}).to_string(),
        json!({"type": "act", "room": room, "action": "\u{0}".repeat(100)}).to_string(),
        json!({"type": "sit", "room": room, "seat": "n"}).to_string(),
        json!({"type": "swap", "room": room, "a": "a6", "b": "b6"}).to_string(),
        json!({"type": "ai", "room": room, "seat": "n", "level": "godlike"}).to_string(),
        json!({"type": "create", "game": "chess", "mode": "2p"}).to_string(),
        json!({"type": "create", "game": "junqi", "mode": "9p"}).to_string(),
        json!({"type": "create", "game": "junqi", "mode": "2p", "stake": -5}).to_string(),
        json!({"type": "ping", "id": {"nested": true}}).to_string(),
        format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(20_000)),
    ];
    for text in &hostile {
        a.send_text(text).await;
        let answer = loop {
            let frame = a.next_frame().await;
            if frame["type"] == "error" || frame["type"] == "ok" {
                break frame;
            }
        };
        assert_eq!(answer["type"], "error", "{text} was accepted: {answer}");
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // A binary frame too.
    use futures_util::SinkExt;
    a.stream
        .send(tokio_tungstenite::tungstenite::Message::Binary(
            vec![1, 2, 3].into(),
        ))
        .await
        .unwrap();
    // Nothing changed: joining again shows the same position.
    a.ok(json!({"type": "join", "room": room})).await;
    let now = a.room_until(|_| true).await;
    assert_eq!(now["view"]["position"], start["view"]["position"]);
    assert_eq!(now["seats"], start["seats"]);

    // The socket refuses a foreign origin and a missing session.
    let url = alice.base.replace("http://", "ws://") + "/ws";
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = url.clone().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("cookie", alice.cookie.parse().unwrap());
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_and_surrender_wait_for_move_40_and_points_are_scored() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let (alice, bob, mut a, mut b, room) = two_player_room(&server).await;
    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    let early = a
        .command(json!({"type": "act", "room": room, "action": "draw?"}))
        .await;
    assert_eq!(early["code"], "illegal", "{early}");
    let early = b
        .command(json!({"type": "act", "room": room, "action": "resign"}))
        .await;
    assert_eq!(early["code"], "illegal", "{early}");
    for moves in 0..41 {
        quiet_move(&mut [&mut a, &mut b], room, moves).await;
    }
    let state = a
        .room_until(|state| state["view"]["moves"] == json!(41))
        .await;
    assert_eq!(state["can"]["offer_draw"], true, "{state}");
    a.ok(json!({"type": "act", "room": room, "action": "draw?"}))
        .await;
    let twice = a
        .command(json!({"type": "act", "room": room, "action": "draw?"}))
        .await;
    assert_eq!(twice["code"], "illegal", "one offer per move: {twice}");
    let offered = b.room_until(|state| state["draw_offer"].is_object()).await;
    assert_eq!(offered["can"]["accept_draw"], true);
    b.ok(json!({"type": "act", "room": room, "action": "draw-"}))
        .await;
    a.ok(json!({"type": "act", "room": room, "action": "resign"}))
        .await;
    let over = b.room_until(|state| state["phase"] == "over").await;
    let seats = &over["result"]["seats"];
    assert_eq!(seats["s"]["result"], "loss", "{over}");
    assert_eq!(seats["s"]["points"], -1);
    assert_eq!(seats["n"]["points"], 1);
    let (_, profile) = bob.get(&format!("/api/users/{}", bob.name)).await;
    let profile: Value = serde_json::from_str(&profile).unwrap();
    assert_eq!(profile["user"]["points"], 1, "{profile}");
    assert_eq!(profile["user"]["games"]["won"], 1);
    let (_, profile) = alice.get(&format!("/api/users/{}", alice.name)).await;
    let profile: Value = serde_json::from_str(&profile).unwrap();
    assert_eq!(profile["user"]["games"]["lost"], 1, "{profile}");
    // Saved to the replays at the end.
    a.ok(json!({"type": "save_replay", "room": room})).await;
    let (_, replays) = alice.get("/api/replays").await;
    assert!(replays.contains(&format!("\"id\":{room}")), "{replays}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_the_game_with_its_moves_and_clock() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let (alice, bob, mut a, mut b, room) = two_player_room(&server).await;
        a.ok(json!({"type": "ready", "room": room})).await;
        b.ok(json!({"type": "ready", "room": room})).await;
        for moves in 0..6 {
            quiet_move(&mut [&mut a, &mut b], room, moves).await;
        }
        let before = a
            .room_until(|state| state["view"]["moves"] == json!(6))
            .await;
        drop((a, b));
        server.kill();

        let server = TestServer::start(config(&database));
        let (alice, bob) = (alice.at(&server), bob.at(&server));
        let (mut a, mut b) = (alice.socket().await, bob.socket().await);
        a.ok(json!({"type": "join", "room": room})).await;
        b.ok(json!({"type": "join", "room": room})).await;
        let after = a.room_until(|_| true).await;
        assert_eq!(after["phase"], "playing");
        assert_eq!(after["view"]["position"], before["view"]["position"]);
        assert_eq!(after["last_moves"], before["last_moves"]);
        for seat in 0..2 {
            let player = &after["seats"][seat]["player"];
            assert_eq!(player, &before["seats"][seat]["player"], "{after}");
            assert_eq!(player["kind"], "guest", "still a guest after the restart");
        }
        let clock = &after["clock"];
        assert_eq!(clock["seat"], before["clock"]["seat"]);
        assert!(
            clock["remaining_ms"].as_u64().unwrap()
                <= before["clock"]["remaining_ms"].as_u64().unwrap()
        );
        quiet_move(&mut [&mut a, &mut b], room, 6).await;
        a.room_until(|state| state["view"]["moves"] == json!(7))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_ran_out_while_the_server_was_down_times_out_on_restart() {
    let database = Database::sqlite();
    let mut short = config(&database);
    short.move_seconds = 0.5;
    let server = TestServer::start(short);
    let (alice, _bob, mut a, mut b, room) = two_player_room(&server).await;
    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    let started = a.room_until(|state| state["phase"] == "playing").await;
    let first = started["clock"]["seat"].clone();
    server.kill();
    // Let the stored deadline pass while no server runs.
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    let server = TestServer::start(config(&database));
    let alice = alice.at(&server);
    let mut a = alice.socket().await;
    a.ok(json!({"type": "join", "room": room})).await;
    // The restored room plays the lost turn as soon as it runs, before or after this join.
    let state = a
        .room_until(|state| {
            state["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|seat| seat["seat"] == first && seat["timeouts"] == 1)
        })
        .await;
    assert_ne!(state["clock"]["seat"], first, "the turn passed: {state}");
}

/// Shengke has no timeout action of its own: the room counts lost turns itself, and a restart
/// must give the counts back (five lose the game), not start every seat at zero again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lost_turns_counted_by_the_room_survive_a_restart() {
    let database = Database::sqlite();
    let mut short = config(&database);
    short.move_seconds = 0.3;
    let server = TestServer::start(short);
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    let (mut a, mut b) = (alice.socket().await, bob.socket().await);
    let create = json!({"type": "create", "game": "shengke", "mode": "standard",
                        "first_player": "seats"});
    let room = a.ok(create).await["room"].as_i64().unwrap();
    a.ok(json!({"type": "join", "room": room})).await;
    b.ok(json!({"type": "join", "room": room})).await;
    a.ok(json!({"type": "sit", "room": room, "seat": "1"}))
        .await;
    b.ok(json!({"type": "sit", "room": room, "seat": "2"}))
        .await;
    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    let timeouts = |state: &Value| -> Vec<u64> {
        state["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| seat["timeouts"].as_u64().unwrap_or(0))
            .collect()
    };
    // Nobody plays: the clock takes turns away until seat 1 has lost two.
    let before = a.room_until(|state| timeouts(state)[0] >= 2).await;
    let before = timeouts(&before);
    drop((a, b));
    server.kill();

    let server = TestServer::start(config(&database));
    let alice = alice.at(&server);
    let mut a = alice.socket().await;
    a.ok(json!({"type": "join", "room": room})).await;
    let after = a.room_until(|state| state["phase"] == "playing").await;
    let after = timeouts(&after);
    // Turns lost between the last frame and the kill count too, so at least as many.
    for (seat, (was, is)) in before.iter().zip(&after).enumerate() {
        assert!(
            is >= was,
            "seat {seat}: {was} lost turns before the restart, {is} after"
        );
    }
    assert!(after[0] >= 2, "{after:?}");
}
