//! Shengke's first player (§6.2): by default a coin at the start decides which of the two
//! seated people takes seat 1 (which moves first), and each takes their deck along; with
//! `first_player: "seats"` the room plays as seated.

use crate::common;

use common::{Database, Person, Socket, TestServer, config, my_turn};
use serde_json::{Value, json};

/// Alice's deck: the standard one with a renamed, reshaped M1 (and M2 to keep the totals).
fn custom(deck: &str) -> String {
    deck.replace("M 4 3 青翼龍", "M 3 3 小青龍")
        .replace("M 3 5 青角虎", "M 4 5 青角虎")
}

/// Opens a shengke room with `first_player` (left out when `None`), seats Alice in 1 with
/// her custom deck and Bob in 2 with the standard one, and starts it; gives the room.
async fn seat_and_start(a: &mut Socket, b: &mut Socket, first_player: Option<&str>) -> i64 {
    let mut create = json!({"type": "create", "game": "shengke", "mode": "standard"});
    if let Some(first_player) = first_player {
        create["first_player"] = json!(first_player);
    }
    let room = a.ok(create).await["room"].as_i64().unwrap();
    for socket in [&mut *a, &mut *b] {
        socket.ok(json!({"type": "join", "room": room})).await;
    }
    a.ok(json!({"type": "sit", "room": room, "seat": "1"}))
        .await;
    let setup = a
        .room_until(|state| state["id"] == room && state["setup"]["cards"].is_array())
        .await;
    let deck = custom(setup["setup"]["layout"].as_str().unwrap());
    a.ok(json!({"type": "layout", "room": room, "layout": deck}))
        .await;
    b.ok(json!({"type": "sit", "room": room, "seat": "2"}))
        .await;
    b.ok(json!({"type": "ready", "room": room})).await;
    a.ok(json!({"type": "ready", "room": room})).await;
    room
}

/// Who the room says sits in each seat, who moves first and whose deck each seat plays,
/// checked to agree; gives the seat Alice ended up in.
async fn alice_seat(a: &mut Socket, b: &mut Socket, room: i64) -> String {
    let playing = |state: &Value| state["id"] == room && state["phase"] == "playing";
    let state_a = a.room_until(playing).await;
    let state_b = b.room_until(playing).await;
    let seat_a = state_a["you"].as_str().unwrap().to_owned();
    let seat_b = state_b["you"].as_str().unwrap().to_owned();
    assert_ne!(seat_a, seat_b, "{state_a}");
    let seats = state_a["seats"].as_array().unwrap();
    let named = |seat: &str| {
        seats.iter().find(|slot| slot["seat"] == seat).unwrap()["player"]["name"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(named(&seat_a), "alice", "{state_a}");
    assert_eq!(named(&seat_b), "bob", "{state_a}");
    // Seat 1 always moves first, and the person the seat card shows there is the one to move.
    assert_eq!(state_a["view"]["to_move"], "1", "{state_a}");
    assert_eq!(my_turn(&state_a), seat_a == "1", "{state_a}");
    assert_eq!(my_turn(&state_b), seat_b == "1", "{state_b}");
    // Each deck went with its owner.
    assert_eq!(state_a["decks"][&seat_a][0]["name"], "小青龍", "{state_a}");
    assert_eq!(state_a["decks"][&seat_b][0]["name"], "青翼龍", "{state_a}");
    seat_a
}

/// The `first_player` log event the socket got, if one was sent (one room per socket).
fn first_player_event(socket: &Socket) -> Option<Value> {
    socket
        .frames
        .iter()
        .filter(|frame| frame["type"] == "events")
        .flat_map(|frame| frame["events"].as_array().cloned().unwrap_or_default())
        .find(|event| event["kind"] == "first_player")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coin_decides_who_takes_seat_1_and_each_deck_goes_with_its_owner() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    let mut orders = Vec::new();
    // Sixteen coins all falling the same way would happen once in 32768 runs.
    for _ in 0..16 {
        let (mut a, mut b) = (alice.socket().await, bob.socket().await);
        let room = seat_and_start(&mut a, &mut b, None).await;
        let seat = alice_seat(&mut a, &mut b, room).await;
        let event = first_player_event(&a).expect("a first_player event");
        assert_eq!(
            event,
            json!({"kind": "first_player", "seat": "1", "drawn": true})
        );
        // Bob leaves, so that the game is over and its record tells which deck it dealt whom.
        b.ok(json!({"type": "leave", "room": room})).await;
        a.room_until(|state| state["id"] == room && state["phase"] == "over")
            .await;
        let (status, record) = alice.get(&format!("/api/games/{room}/record")).await;
        assert_eq!(status, 200, "{record}");
        let record = zhanqi_protocol::GameRecord::from_json(&record).unwrap();
        let deck_key = if seat == "1" { "deck_p1" } else { "deck_p2" };
        assert_eq!(record.options[deck_key]["M1"], json!([3, 3]), "{seat}");
        orders.push(seat);
    }
    assert!(orders.iter().any(|seat| seat == "1"), "{orders:?}");
    assert!(orders.iter().any(|seat| seat == "2"), "{orders:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn as_seated_keeps_the_order_and_other_games_or_values_are_refused() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    for _ in 0..6 {
        let (mut a, mut b) = (alice.socket().await, bob.socket().await);
        let room = seat_and_start(&mut a, &mut b, Some("seats")).await;
        assert_eq!(alice_seat(&mut a, &mut b, room).await, "1");
        assert_eq!(first_player_event(&a), None);
    }

    let mut a = alice.socket().await;
    let unknown = a
        .command(
            json!({"type": "create", "game": "shengke", "mode": "standard",
                        "first_player": "dice"}),
        )
        .await;
    assert_eq!(unknown["code"], "bad_message", "{unknown}");
    assert!(
        unknown["message"]
            .as_str()
            .unwrap()
            .contains("random or seats"),
        "{unknown}"
    );
    let junqi = a
        .command(json!({"type": "create", "game": "junqi", "mode": "2p",
                        "first_player": "random"}))
        .await;
    assert_eq!(junqi["code"], "bad_message", "{junqi}");
}
