//! Whole games over real sockets: two people in 2p and in dark chess, one person with three
//! AIs in 4p, with a spectator watching; every frame each of them received is checked for
//! leaks, field by field and string by string against the replay's secrets.

use crate::common;

use common::leaks::{Fact, Secrets, check_frame_of_mode, true_facts};
use common::{Database, Person, Socket, TestServer, config, my_turn};
use serde_json::{Value, json};

/// A small deterministic chooser, so a failing game can be told apart from another.
struct Chooser(u64);

impl Chooser {
    fn pick<'a>(&mut self, actions: &'a [Value]) -> &'a str {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        actions[(self.0 >> 33) as usize % actions.len()]
            .as_str()
            .unwrap()
    }
}

fn check_all(socket: &Socket, me: Option<&str>, shown: &mut Vec<Fact>) {
    let mut dark = false;
    for frame in &socket.frames {
        shown.extend(check_frame_of_mode(frame, me, &mut dark));
    }
}

async fn sit_ready(socket: &mut Socket, room: i64, seat: &str) {
    socket
        .ok(json!({"type": "sit", "room": room, "seat": seat}))
        .await;
    socket.ok(json!({"type": "ready", "room": room})).await;
}

/// Two people play a whole game of `mode` with random moves while a third watches; every
/// frame each of them got is checked for leaks, the replay and the exports against the moves.
async fn two_people_play_a_whole_game(server: &TestServer, mode: &str, seed: u64) {
    let alice = Person::guest(server, "alice").await;
    let bob = Person::guest(server, "bob").await;
    let carol = Person::guest(server, "carol").await;
    let (mut a, mut b, mut watcher) = (
        alice.socket().await,
        bob.socket().await,
        carol.socket().await,
    );

    let created = a
        .ok(json!({"type": "create", "game": "junqi", "mode": mode}))
        .await;
    let room = created["room"].as_i64().unwrap();
    for socket in [&mut a, &mut b, &mut watcher] {
        socket.ok(json!({"type": "join", "room": room})).await;
    }
    sit_ready(&mut a, room, "s").await;
    sit_ready(&mut b, room, "n").await;

    let mut chooser = Chooser(seed);
    let mut moves = 0u64;
    let (over, final_b) = loop {
        let at = |room: &Value| room["phase"] == "over" || room["view"]["moves"] == json!(moves);
        let state_a = a.room_until(at).await;
        let state_b = b.room_until(at).await;
        watcher.room_until(at).await;
        if state_a["phase"] == "over" {
            break (state_a, state_b);
        }
        let (mover, state) = if my_turn(&state_a) {
            (&mut a, state_a)
        } else {
            (&mut b, state_b)
        };
        assert!(my_turn(&state), "somebody must be to move: {state}");
        let action = chooser.pick(state["legal"].as_array().unwrap()).to_owned();
        mover
            .ok(json!({"type": "act", "room": room, "action": action}))
            .await;
        moves += 1;
    };
    assert!(over["result"]["reason"].is_string(), "{over}");
    assert_eq!(over["result"], final_b["result"]);

    let (status, replay) = alice.get(&format!("/api/games/{room}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let replay: Value = serde_json::from_str(&replay).unwrap();
    assert_eq!(replay["steps"].as_array().unwrap().len() as u64, moves + 1);
    let truth = true_facts(&replay);
    let secrets = Secrets::from_replay(&replay);
    let mut shown = Vec::new();
    for (socket, me) in [(&a, Some("s")), (&b, Some("n")), (&watcher, None)] {
        check_all(socket, me, &mut shown);
        secrets.check_frames(&socket.frames, me);
    }
    for planted in secrets.planted_leaks() {
        let frames = [planted];
        let caught = std::panic::catch_unwind(|| secrets.check_frames(&frames, None))
            .expect_err("the check finds a planted leak");
        let message = caught.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(message.contains("was told"), "{message}: {}", frames[0]);
    }
    assert!(!shown.is_empty(), "the seats saw pieces");
    for fact in shown {
        assert!(truth.contains(&fact), "{fact:?} was shown but never true");
    }
    // After the game everyone sees everything: the last frame equals the final truth.
    let final_cells = &replay["steps"].as_array().unwrap().last().unwrap()["cells"];
    assert_eq!(&over["view"]["cells"], final_cells);

    let (status, record) = alice.get(&format!("/api/games/{room}/record")).await;
    assert_eq!(status, 200);
    let record = zhanqi_protocol::GameRecord::from_json(&record).unwrap();
    let (steps, _) = record
        .replay(&zhanqi_protocol::Registry::standard())
        .unwrap();
    assert_eq!(steps.len() as u64, moves + 1, "the exported record replays");
    let (status, positions) = alice.get(&format!("/api/games/{room}/positions")).await;
    assert_eq!(status, 200);
    assert_eq!(positions.lines().count() as u64, moves + 1);

    // The players' profiles count the game.
    let (_, profile) = alice.get(&format!("/api/users/{}", alice.name)).await;
    let profile: Value = serde_json::from_str(&profile).unwrap();
    assert_eq!(profile["user"]["games"]["played"], 1, "{profile}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_2p_game_between_two_people_with_a_spectator_leaks_nothing() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        two_people_play_a_whole_game(&server, "2p", 7).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_dark_game_between_two_people_with_a_spectator_leaks_nothing() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    two_people_play_a_whole_game(&server, "dark", 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_4p_game_with_three_ai_seats_is_played_to_the_end() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let dan = Person::guest(&server, "dan").await;
        let eve = Person::guest(&server, "eve").await;
        let (mut d, mut watcher) = (dan.socket().await, eve.socket().await);
        let room = d
            .ok(json!({"type": "create", "game": "junqi", "mode": "4p"}))
            .await["room"]
            .as_i64()
            .unwrap();
        d.ok(json!({"type": "join", "room": room})).await;
        watcher.ok(json!({"type": "join", "room": room})).await;
        for (seat, level) in [("e", "easy"), ("n", "medium"), ("w", "hard")] {
            d.ok(json!({"type": "ai", "room": room, "seat": seat, "level": level}))
                .await;
        }
        sit_ready(&mut d, room, "s").await;
        let mut chooser = Chooser(11);
        let over = loop {
            let state = d
                .room_until(|room| room["phase"] == "over" || my_turn(room))
                .await;
            if state["phase"] == "over" {
                break state;
            }
            let action = chooser.pick(state["legal"].as_array().unwrap()).to_owned();
            let answer = d
                .command(json!({"type": "act", "room": room, "action": action}))
                .await;
            // The turn may have passed meanwhile only if the clock ran out, which it cannot here.
            assert_eq!(answer["type"], "ok", "{answer}");
        };
        let seats = over["result"]["seats"].as_object().unwrap();
        assert_eq!(seats.len(), 4);
        watcher.room_until(|room| room["phase"] == "over").await;
        let mut shown = Vec::new();
        check_all(&d, Some("s"), &mut shown);
        check_all(&watcher, None, &mut shown);
        let (status, replay) = dan.get(&format!("/api/games/{room}/replay")).await;
        assert_eq!(status, 200);
        let replay: Value = serde_json::from_str(&replay).unwrap();
        let secrets = Secrets::from_replay(&replay);
        secrets.check_frames(&d.frames, Some("s"));
        secrets.check_frames(&watcher.frames, None);
        let truth = true_facts(&replay);
        for fact in shown {
            assert!(truth.contains(&fact), "{fact:?} was shown but never true");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_shengke_game_with_a_custom_deck_against_an_ai_leaks_nothing() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let fay = Person::guest(&server, "fay").await;
    let gus = Person::guest(&server, "gus").await;
    let (mut f, mut watcher) = (fay.socket().await, gus.socket().await);
    let room = f
        // As seated: fay in seat 1 moves first (tests/first_player.rs tosses the coin).
        .ok(
            json!({"type": "create", "game": "shengke", "mode": "standard",
                   "first_player": "seats"}),
        )
        .await["room"]
        .as_i64()
        .unwrap();
    f.ok(json!({"type": "join", "room": room})).await;
    watcher.ok(json!({"type": "join", "room": room})).await;
    f.ok(json!({"type": "sit", "room": room, "seat": "1"}))
        .await;
    let start = f.room_until(|room| room["setup"]["cards"].is_array()).await;
    let deck = start["setup"]["layout"].as_str().unwrap().to_owned();
    // Two broken rules at once: both are reported, and the deck is unchanged.
    let broken = deck.replace("M 4 3 青翼龍", "M 9 3 青翼龍");
    let refused = f
        .command(json!({"type": "layout", "room": room, "layout": broken}))
        .await;
    assert_eq!(refused["code"], "illegal_layout", "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert_eq!(message.lines().count(), 2, "{message}");
    assert!(
        message.contains("M1 青翼龍 has the in number 9"),
        "{message}"
    );
    // M1 4/3 → 3/3 and M2 3/5 → 4/5: still 100 and 100, with a new name.
    let custom = deck
        .replace("M 4 3 青翼龍", "M 3 3 小青龍")
        .replace("M 3 5 青角虎", "M 4 5 青角虎");
    f.ok(json!({"type": "layout", "room": room, "layout": custom}))
        .await;
    f.ok(json!({"type": "ai", "room": room, "seat": "2", "level": "easy"}))
        .await;
    f.ok(json!({"type": "ready", "room": room})).await;

    let mut chooser = Chooser(5);
    let over = loop {
        let state = f
            .room_until(|room| room["phase"] == "over" || my_turn(room))
            .await;
        if state["phase"] == "over" {
            break state;
        }
        assert_eq!(state["decks"]["1"][0]["name"], "小青龍", "{state}");
        let action = chooser.pick(state["legal"].as_array().unwrap()).to_owned();
        let answer = f
            .command(json!({"type": "act", "room": room, "action": action}))
            .await;
        assert_eq!(answer["type"], "ok", "{answer}");
    };
    assert_eq!(over["result"]["reason"], "score", "{over}");
    assert_eq!(over["view"]["turn"], 20);
    watcher.room_until(|room| room["phase"] == "over").await;
    check_all(&f, Some("1"), &mut Vec::new());
    check_all(&watcher, None, &mut Vec::new());
    let judged = f
        .frames
        .iter()
        .filter(|frame| frame["type"] == "events")
        .flat_map(|frame| frame["events"].as_array().cloned().unwrap_or_default())
        .filter(|event| event["kind"] == "judgement")
        .count();
    assert!(judged > 0, "twenty turns without a single judgement");

    let (status, replay) = fay.get(&format!("/api/games/{room}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let replay: Value = serde_json::from_str(&replay).unwrap();
    assert_eq!(replay["decks"]["1"][0]["name"], "小青龍");
    let last = replay["steps"].as_array().unwrap().last().unwrap();
    assert_eq!(last["view"]["phase"], "over");
    assert!(
        last["view"]["players"][1]["hand"].is_array(),
        "a replay shows everything"
    );
    let (status, record) = fay.get(&format!("/api/games/{room}/record")).await;
    assert_eq!(status, 200);
    let record = zhanqi_protocol::GameRecord::from_json(&record).unwrap();
    assert_eq!(record.options["deck_p1"]["M1"], json!([3, 3]));
    record
        .replay(&zhanqi_protocol::Registry::standard())
        .expect("the exported record replays");
}
