//! Platform features over real sockets: layouts being arranged survive a restart and the last
//! used one comes back in the next room, seat cards carry ranks, a thinking AI does not keep
//! its room from answering, a seat may leave and come back in setup, and five lost turns lose
//! the game.

use crate::common;

use common::{Database, Person, TestServer, config, set_standing, two_player_room};
use serde_json::{Value, json};
use zhanqi_core::platform::points_change;
use zhanqi_core::{Seat, SeatResult};
use zhanqi_junqi::platform as junqi;
use zhanqi_store::Store;

/// The cells of a seat's own pieces, as (post, piece), sorted.
fn own_cells(cells: &Value, seat: &str) -> Vec<(String, String)> {
    let mut own: Vec<(String, String)> = cells
        .as_array()
        .unwrap()
        .iter()
        .filter(|cell| cell["owner"] == seat)
        .map(|cell| {
            (
                cell["post"].as_str().unwrap().to_owned(),
                cell["piece"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    own.sort();
    own
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_layout_being_arranged_survives_a_killed_server() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let alice = Person::guest(&server, "alice").await;
        let bob = Person::guest(&server, "bob").await;
        let (mut a, mut b) = (alice.socket().await, bob.socket().await);
        let room = a.open_room("2p", 0).await;
        a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
            .await;
        b.join_and_sit(room, "n").await;
        let layout = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
        a.ok(json!({"type": "layout", "room": room, "layout": layout}))
            .await;
        a.ok(json!({"type": "swap", "room": room, "a": "a6", "b": "b6"}))
            .await;
        let arranged = a.last_room()["setup"].clone();
        assert_eq!(arranged["layout"], "SCPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC");
        b.ok(json!({"type": "ready", "room": room})).await;
        let bob_layout = b.last_room()["setup"]["layout"].clone();
        drop((a, b));
        server.kill();

        let server = TestServer::start(config(&database));
        let (alice, bob) = (alice.at(&server), bob.at(&server));
        let mut a = alice.socket().await;
        a.ok(json!({"type": "join", "room": room})).await;
        let back = a.room_until(|_| true).await;
        assert_eq!(back["phase"], "setup");
        assert_eq!(back["setup"], arranged, "the layout Alice was arranging");
        assert_eq!(
            back["seats"][1]["ready"], true,
            "Bob is still ready: {back}"
        );
        assert_eq!(back["seats"][0]["ready"], false);

        let mut b = bob.socket().await;
        b.ok(json!({"type": "join", "room": room})).await;
        assert_eq!(b.room_until(|_| true).await["setup"]["layout"], bob_layout);
        a.ok(json!({"type": "ready", "room": room})).await;
        let started = a.room_until(|state| state["phase"] == "playing").await;
        assert_eq!(
            own_cells(&started["view"]["cells"], "s"),
            own_cells(&arranged["cells"], "s"),
            "the game starts with the layout arranged before the restart"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_cards_show_each_persons_rank_and_points_and_each_ais_level() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let store = Store::connect(&database.url).await.unwrap();
    let alice = Person::guest(&server, "alice").await;
    let carol = Person::guest(&server, "carol").await;
    set_standing(&store, &alice.name, 130, 1000).await;
    let (mut a, mut c) = (alice.socket().await, carol.socket().await);
    let room = a.open_room("4p", 0).await;
    a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    c.join_and_sit(room, "n").await;
    a.ok(json!({"type": "ai", "room": room, "seat": "e", "level": "hard"}))
        .await;
    let seats = a.last_room()["seats"].clone();
    let player = |seat: usize| seats[seat]["player"].clone();
    assert_eq!(player(0)["points"], 130);
    assert_eq!(player(0)["level"], 5);
    assert_eq!(player(0)["title"], "班长");
    assert_eq!(player(0)["title_en"], "Squad leader");
    assert_eq!(player(2)["points"], 0, "a new guest: {seats}");
    assert_eq!(player(2)["title"], "新兵");
    assert_eq!(player(1)["kind"], "ai");
    assert_eq!(player(1)["ai"], "hard");
    assert!(player(3).is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_answers_while_its_ai_thinks() {
    let database = Database::sqlite();
    let mut slow = config(&database);
    // The expert level searches for three seconds: long enough to ask the room things meanwhile.
    slow.ai_think_ms = None;
    let server = TestServer::start(slow);
    let alice = Person::guest(&server, "alice").await;
    let carol = Person::guest(&server, "carol").await;
    let mut a = alice.socket().await;
    let room = a.open_room("2p", 0).await;
    a.ok(json!({"type": "ai", "room": room, "seat": "n", "level": "expert"}))
        .await;
    a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    a.ok(json!({"type": "ready", "room": room})).await;
    let mut state = a.room_until(|state| state["phase"] == "playing").await;
    if state["view"]["to_move"] == "s" {
        let legal = state["legal"].as_array().unwrap();
        let action = legal
            .iter()
            .find(|action| action.as_str().unwrap().contains('-'))
            .unwrap()
            .clone();
        a.ok(json!({"type": "act", "room": room, "action": action}))
            .await;
        state = a.last_room();
    }
    let moves = state["view"]["moves"].clone();
    assert_eq!(state["view"]["to_move"], "n", "the AI is thinking: {state}");

    // Alice's own request is answered (refused: it is not her turn) while the AI thinks.
    let refused = a
        .command(json!({"type": "act", "room": room, "action": "draw?"}))
        .await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    assert_eq!(
        a.last_room()["view"]["moves"],
        moves,
        "the AI has not moved"
    );
    // A spectator gets in, and sees the AI still to move.
    let mut c = carol.socket().await;
    c.ok(json!({"type": "join", "room": room})).await;
    let seen = c.last_room();
    assert_eq!(seen["view"]["moves"], moves, "answered before the AI moved");
    assert_eq!(seen["view"]["to_move"], "n");
    // And the AI does move in the end.
    let moves = moves.as_u64().unwrap();
    a.room_until(|state| state["view"]["moves"] == json!(moves + 1))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_readied_layout_is_loaded_in_the_next_room() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let mut a = alice.socket().await;
    let first = a.open_room("2p", 0).await;
    a.ok(json!({"type": "sit", "room": first, "seat": "s"}))
        .await;
    let layout = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
    a.ok(json!({"type": "layout", "room": first, "layout": layout}))
        .await;
    a.ok(json!({"type": "swap", "room": first, "a": "a6", "b": "b6"}))
        .await;
    let readied = a.last_room()["setup"]["layout"].clone();
    a.ok(json!({"type": "ready", "room": first})).await;
    let (status, shelf) = alice.get("/api/layouts?game=junqi&mode=2p").await;
    assert_eq!(status, 200, "{shelf}");
    let shelf: Value = serde_json::from_str(&shelf).unwrap();
    assert_eq!(shelf["last"], "上次布阵", "{shelf}");

    let second = a.open_room("2p", 0).await;
    a.ok(json!({"type": "sit", "room": second, "seat": "n"}))
        .await;
    let setup = &a.last_room()["setup"];
    assert_eq!(setup["layout"], readied, "the last used layout: {setup}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_left_in_setup_is_free_and_its_person_may_come_back() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let (_alice, _bob, mut a, mut b, room) = two_player_room(&server).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "leave", "room": room})).await;
    let left = a
        .room_until(|state| state["seats"][1]["player"].is_null())
        .await;
    assert_eq!(left["seats"][1]["ready"], false, "{left}");
    let refused = b.command(json!({"type": "ready", "room": room})).await;
    assert_eq!(refused["type"], "error", "gone from the room: {refused}");

    b.join_and_sit(room, "n").await;
    let back = b.last_room();
    assert_eq!(back["you"], "n", "{back}");
    assert!(
        back["setup"]["layout"].is_string(),
        "a layout again: {back}"
    );
    b.ok(json!({"type": "ready", "room": room})).await;
    a.ok(json!({"type": "ready", "room": room})).await;
    a.room_until(|state| state["phase"] == "playing").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_lost_turns_lose_the_game() {
    let database = Database::sqlite();
    let mut quick = config(&database);
    // Nobody moves: the clock plays every turn.
    quick.move_seconds = 0.05;
    let server = TestServer::start(quick);
    let (_alice, _bob, mut a, mut b, room) = two_player_room(&server).await;
    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    let started = a.room_until(|state| state["phase"] != "setup").await;
    let first = started["clock"]["seat"].as_str().unwrap_or("s").to_owned();
    let over = a.room_until(|state| state["phase"] == "over").await;
    let (loser, winner, loser_index) = if first == "s" {
        ("s", "n", 0)
    } else {
        ("n", "s", 1)
    };
    let seats = &over["result"]["seats"];
    assert_eq!(
        seats[loser]["result"], "loss",
        "the first to move lost first: {over}"
    );
    assert_eq!(seats[winner]["result"], "win", "{over}");
    let timeouts = junqi::TIMEOUT_LIMIT.0;
    assert_eq!(over["seats"][loser_index]["timeouts"], timeouts, "{over}");
    assert_eq!(
        over["seats"][1 - loser_index]["timeouts"],
        timeouts - 1,
        "{over}"
    );
    assert_eq!(over["view"]["moves"], 0, "a lost turn is not a move");
    let results = common::results_by_seat(&[
        (Seat::new(loser_index), SeatResult::Loss),
        (Seat::new(1 - loser_index), SeatResult::Win),
    ]);
    let scored = points_change(
        &junqi::POINTS_2P,
        &results,
        0,
        junqi::LADDER.multiplier(&[0, 0]),
    );
    assert_eq!(seats[loser]["points"], scored.0[loser_index], "{over}");
    assert_eq!(
        seats[winner]["points"],
        scored.0[1 - loser_index],
        "no points for so short a game"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_layout_is_refused_with_every_rule_it_breaks() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let alice = Person::guest(&server, "alice").await;
    let mut a = alice.socket().await;
    let room = a.open_room("2p", 0).await;
    a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    let before = a.last_room()["setup"]["layout"].clone();
    // A mine and a bomb on the front line: two rules broken at once.
    let broken = "MBPDL/E.J.T/DL.BY/T.S.P/YCECE/MFMPC";
    let refused = a
        .command(json!({"type": "layout", "room": room, "layout": broken}))
        .await;
    assert_eq!(refused["code"], "illegal_layout", "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert_eq!(
        message.lines().count(),
        2,
        "both rules, one a line: {message}"
    );
    assert_eq!(a.last_room()["setup"]["layout"], before, "unchanged");
    // The fixed layout, as a file would carry it, is taken.
    let fixed = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
    a.ok(json!({"type": "layout", "room": room, "layout": fixed}))
        .await;
    assert_eq!(a.last_room()["setup"]["layout"], fixed);
}
