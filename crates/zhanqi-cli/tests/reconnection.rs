//! Dropped connections (junqi.md ES-1): a seat that comes back within the grace period finds
//! its game as it was; one that stays away past it escapes, whether it dropped during play or
//! during setup, and is scored as core's pure functions say.

use crate::common;

use common::{
    Database, FOUR_SEATS, Person, Socket, TestServer, config, east_and_west_escaped, four_people,
    my_turn, profile, quiet_move, results_by_seat, seat_four_ready, two_player_room,
};
use serde_json::{Value, json};
use zhanqi_core::platform::points_change;
use zhanqi_core::{Seat, SeatResult};
use zhanqi_junqi::platform as junqi;

/// A grace period short enough to wait out in a test.
const SHORT_GRACE: f64 = 0.3;

/// Waits until `watcher` sees Bob's seat (`n`) without a connection.
async fn bob_is_gone(watcher: &mut Socket) -> Value {
    watcher
        .room_until(|state| state["seats"][1]["connected"] == false)
        .await
}

/// Checks that Bob (`n`) escaped and Alice (`s`) won, with the points of core's table, in the
/// result and on both profiles.
async fn assert_bob_escaped(over: &Value, alice: &Person, bob: &Person) {
    assert_eq!(over["result"]["reason"], "escape", "{over}");
    let seats = &over["result"]["seats"];
    assert_eq!(seats["n"]["result"], "escaped", "{over}");
    assert_eq!(seats["s"]["result"], "win", "{over}");
    let results = results_by_seat(&[
        (Seat::new(0), SeatResult::Win),
        (Seat::new(1), SeatResult::Escaped),
    ]);
    let moves = over["view"]["moves"].as_u64().unwrap() as u32;
    // Two new guests: both at 0 points, so the level multiplier is 1.
    let scored = points_change(
        &junqi::POINTS_2P,
        &results,
        moves,
        junqi::LADDER.multiplier(&[0, 0]),
    );
    assert_eq!(scored.0[1], junqi::POINTS_2P.escape, "double the loss");
    assert_eq!(seats["s"]["points"], scored.0[0], "{over}");
    assert_eq!(seats["n"]["points"], scored.0[1], "{over}");
    let bob_now = profile(bob).await;
    assert_eq!(bob_now["points"], scored.0[1], "{bob_now}");
    assert_eq!(bob_now["games"]["escaped"], 1, "{bob_now}");
    assert_eq!(
        bob_now["games"]["lost"], 0,
        "an escape, not a loss: {bob_now}"
    );
    let alice_now = profile(alice).await;
    assert_eq!(alice_now["games"]["won"], 1, "{alice_now}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_socket_that_comes_back_within_the_grace_period_finds_its_game() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let (_alice, bob, mut a, mut b, room) = two_player_room(&server).await;
        a.ok(json!({"type": "ready", "room": room})).await;
        b.ok(json!({"type": "ready", "room": room})).await;
        for moves in 0..5 {
            quiet_move(&mut [&mut a, &mut b], room, moves).await;
        }
        let before = b
            .room_until(|state| state["view"]["moves"] == json!(5))
            .await;
        drop(b);
        let seen = bob_is_gone(&mut a).await;
        assert_eq!(seen["phase"], "playing", "{seen}");

        let mut b = bob.socket().await;
        let hello = b.frames[0].clone();
        assert!(
            hello["seated"].as_array().unwrap().contains(&json!(room)),
            "the hello names the room Bob sits in: {hello}"
        );
        b.ok(json!({"type": "join", "room": room})).await;
        let back = b.last_room();
        assert_eq!(back["phase"], "playing");
        assert_eq!(back["you"], "n", "Bob has his seat back");
        assert_eq!(back["seats"][1]["connected"], true);
        assert_eq!(back["seats"][1]["status"], "active");
        assert_eq!(back["view"], before["view"], "the position as it was");
        assert_eq!(back["legal"], before["legal"]);
        assert_eq!(back["last_moves"], before["last_moves"]);
        assert_eq!(back["clock"]["seat"], before["clock"]["seat"]);
        assert!(
            back["clock"]["remaining_ms"].as_u64() <= before["clock"]["remaining_ms"].as_u64(),
            "the clock ran on and did not restart: {} then {}",
            before["clock"],
            back["clock"]
        );
        // And the game goes on.
        quiet_move(&mut [&mut a, &mut b], room, 5).await;
        a.room_until(|state| state["view"]["moves"] == json!(6))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drop_that_outlasts_the_grace_period_is_an_escape() {
    for database in Database::all() {
        let mut short = config(&database);
        short.grace_seconds = SHORT_GRACE;
        let server = TestServer::start(short);
        let (alice, bob, mut a, mut b, room) = two_player_room(&server).await;
        a.ok(json!({"type": "ready", "room": room})).await;
        b.ok(json!({"type": "ready", "room": room})).await;
        for moves in 0..4 {
            quiet_move(&mut [&mut a, &mut b], room, moves).await;
        }
        drop(b);
        let over = a.room_until(|state| state["phase"] == "over").await;
        assert_eq!(over["seats"][1]["status"], "escaped", "{over}");
        assert_bob_escaped(&over, &alice, &bob).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_dropped_after_ready_escapes_once_the_game_starts_without_it() {
    let database = Database::sqlite();
    let mut short = config(&database);
    short.grace_seconds = SHORT_GRACE;
    let server = TestServer::start(short);
    let (alice, bob, mut a, mut b, room) = two_player_room(&server).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    drop(b);
    let seen = bob_is_gone(&mut a).await;
    assert_eq!(seen["phase"], "setup");
    assert_eq!(seen["seats"][1]["ready"], true, "{seen}");
    a.ok(json!({"type": "ready", "room": room})).await;
    let over = a.room_until(|state| state["phase"] == "over").await;
    assert_eq!(over["view"]["moves"], 0, "{over}");
    let timeouts = &over["seats"][1]["timeouts"];
    assert!(timeouts.as_u64() < Some(5), "not five timeouts: {over}");
    assert_bob_escaped(&over, &alice, &bob).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_4p_a_dropped_seat_escapes_and_play_goes_on_until_its_ally_drops_too() {
    let database = Database::sqlite();
    let mut short = config(&database);
    short.grace_seconds = SHORT_GRACE;
    let server = TestServer::start(short);
    let (people, mut sockets) = four_people(&server).await;
    let room = seat_four_ready(&mut sockets, 0).await;
    let mut west = sockets.pop().unwrap();
    let east = sockets.remove(1);

    // East drops: it escapes, and the three others play on (ES-2).
    drop(east);
    let mut mover = None;
    for socket in sockets.iter_mut().chain([&mut west]) {
        let going_on = socket
            .room_until(|state| state["seats"][1]["status"] == "escaped")
            .await;
        assert_eq!(going_on["phase"], "playing", "{going_on}");
        if my_turn(&going_on) {
            mover = Some((socket, going_on));
        }
    }
    let (socket, state) = mover.expect("one of the three is to move");
    let action = state["legal"][0].clone();
    socket
        .ok(json!({"type": "act", "room": room, "action": action}))
        .await;

    // Then West, East's ally, drops: South and North win.
    drop(west);
    let over = sockets[0]
        .room_until(|state| state["phase"] == "over")
        .await;
    let results = east_and_west_escaped();
    let moves = over["view"]["moves"].as_u64().unwrap() as u32;
    let scored = points_change(
        &junqi::POINTS_4P,
        &results,
        moves,
        junqi::LADDER.multiplier(&[0; 4]),
    );
    for (index, (person, seat)) in people.iter().zip(FOUR_SEATS).enumerate() {
        let line = &over["result"]["seats"][seat];
        assert_eq!(line["points"], scored.0[index], "{seat}: {over}");
        assert_eq!(profile(person).await["points"], scored.0[index], "{seat}");
    }
    assert_eq!(over["result"]["seats"]["e"]["result"], "escaped");
    assert_eq!(over["result"]["seats"]["w"]["result"], "escaped");
    assert_eq!(scored.0[1], junqi::POINTS_4P.escape, "double the loss");
}
