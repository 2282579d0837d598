//! `kill -9` of the real `zhanqi serve` process, then a restart on the same database
//! (issue 4, item 10; docs/server.md, "Persistence and restarts"): every unfinished room comes
//! back, every acknowledged move is there, the seat to move keeps the clock it had (its
//! deadline kept running while the server was down) and every game plays on.
//!
//! Six rooms are left unfinished: a 2p game of two guests, killed right after the `ok` of a
//! move; a 2p game that started (the last seat's `ready`) just before; a 4p game of the same
//! guests with two AI seats, waiting for a person; a 4p game of one guest and three AI seats,
//! answering her move while that last 2p move is played; a 2p room in setup with one seat
//! taken, a layout arranged and declared ready; and a 4p room in setup with two AI seats.

use crate::common;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{Database, Person, Socket, my_turn, quiet_move};
use serde_json::{Value, json};

/// How long the server may take to print its address.
const STARTUP: Duration = Duration::from_secs(60);

/// How long one database's run may take in all: a guard against hanging.
const WHOLE_RUN: Duration = Duration::from_secs(300);

/// How long the server stays down: long enough that a clock restarted from a full turn, instead
/// of resumed, is told apart from the resumed one with room to spare.
const DOWNTIME: Duration = Duration::from_secs(1);

/// How far a resumed clock may be off what the stored deadline gives: the server's
/// milliseconds are truncated, and wall-clock and monotonic time are read a moment apart.
const CLOCK_SLACK_MS: i64 = 25;

/// The move time: long enough that no turn times out during the test.
const MOVE_SECONDS: u64 = 600;

/// A layout for the room in setup, and the same after swapping `a6` and `b6`.
const LAYOUT: &str = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
const SWAPPED: &str = "SCPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";

/// A running `zhanqi serve` child process, killed when dropped.
struct ServerProcess {
    child: Child,
    addr: String,
    log: PathBuf,
}

impl ServerProcess {
    /// Starts the binary on `database_url` with test options and waits for its address. Its
    /// standard error is appended to `log`.
    fn start(database_url: &str, log: &Path) -> ServerProcess {
        let stderr = File::options()
            .create(true)
            .append(true)
            .open(log)
            .expect("the server log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_zhanqi"));
        // Settings from the environment (a NATS cluster, another database) must not leak in.
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("ZHANQI_") {
                command.env_remove(name);
            }
        }
        let move_seconds = MOVE_SECONDS.to_string();
        command
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--database-url",
                database_url,
            ])
            .args(["--move-seconds", &move_seconds, "--grace-seconds", "600"])
            .args(["--ai-delay-ms", "0", "--ai-think-ms", "20"])
            .args(["--login-per-minute", "1000", "--rooms-per-minute", "1000"])
            .args(["--messages-per-second", "1000"])
            // The test's two guests hold six unstarted rooms at once (issue 10's cap is 3).
            .args(["--open-rooms-per-user", "100", "--guest-per-minute", "1000"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr);
        let mut child = command.spawn().expect("the zhanqi binary starts");
        let stdout = child.stdout.take().expect("a piped standard output");
        let (lines, address) = mpsc::channel();
        // Reads standard output to its end, so that the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        let mut server = ServerProcess {
            child,
            addr: String::new(),
            log: log.to_owned(),
        };
        let deadline = Instant::now() + STARTUP;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match address.recv_timeout(left) {
                Ok(line) => {
                    if let Some(addr) = line.strip_prefix("listening on http://") {
                        server.addr = addr.trim().to_owned();
                        return server;
                    }
                }
                Err(error) => panic!(
                    "the server printed no address ({error}); its log:\n{}",
                    server.log_text()
                ),
            }
        }
    }

    /// The server's standard error so far.
    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Sends SIGKILL (what `Child::kill` sends on Unix) and checks that it was what ended it.
    fn kill_9(mut self) {
        self.child.kill().expect("SIGKILL is sent");
        let status = self.child.wait().expect("the killed server is reaped");
        assert_eq!(status.signal(), Some(9), "killed by SIGKILL: {status}");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("the server's log:\n{}", self.log_text());
        }
    }
}

/// Signs in as a guest named (a unique form of) `name` on the server at `addr` (the helpers'
/// `Person::guest` wants an in-process `TestServer`).
async fn guest(addr: &str, name: &str) -> Person {
    let base = format!("http://{addr}");
    let answer = http()
        .post(format!("{base}/api/guest"))
        .json(&json!({"name": name}))
        .send()
        .await
        .expect("the guest sign-in is answered");
    assert_eq!(answer.status(), 200, "guest sign-in of {name}");
    let cookie = answer.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let body: Value = answer.json().await.unwrap();
    Person {
        http: http(),
        base,
        cookie,
        name: body["user"]["name"].as_str().unwrap().to_owned(),
    }
}

/// The same person, with the same session cookie, at the restarted server's address.
fn at(person: &Person, addr: &str) -> Person {
    Person {
        http: http(),
        base: format!("http://{addr}"),
        cookie: person.cookie.clone(),
        name: person.name.clone(),
    }
}

/// An HTTP client whose requests give up rather than hang.
fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(STARTUP)
        .build()
        .expect("an HTTP client")
}

/// A room state one person saw, and when: the server built it after `after` and before `seen`.
struct Seen {
    state: Value,
    after: Instant,
    seen: Instant,
}

/// Whether a person (not an AI) holds the seat to move.
fn person_to_move(state: &Value) -> bool {
    let to_move = &state["view"]["to_move"];
    state["phase"] == "playing"
        && state["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|seat| &seat["seat"] == to_move && seat["player"]["kind"] != "ai")
}

/// Waits until the AI seats have moved and a person is to move, with at least `moves` moves
/// played; nothing changes then until that person acts. Returns each socket's state.
async fn until_people_move(sockets: &mut [&mut Socket], moves: u64) -> Vec<Value> {
    let first = sockets[0]
        .room_until(|state| {
            assert_ne!(state["phase"], "over", "the game ended: {state}");
            state["view"]["moves"].as_u64().is_some_and(|m| m >= moves) && person_to_move(state)
        })
        .await;
    let settled = first["view"]["moves"].clone();
    let mut states = vec![first];
    for socket in sockets.iter_mut().skip(1) {
        states.push(
            socket
                .room_until(|state| state["view"]["moves"] == settled)
                .await,
        );
    }
    states
}

/// Plays `count` quiet moves of the people in a room with AI seats (the AIs answer in
/// between) and returns what each socket saw once a person was to move again.
async fn play_with_ais(sockets: &mut [&mut Socket], room: i64, count: usize) -> Vec<Seen> {
    let mut moves = 0;
    let mut after = Instant::now();
    for _ in 0..count {
        let states = until_people_move(sockets, moves).await;
        let mover = states
            .iter()
            .position(my_turn)
            .expect("a person is to move");
        let action = quiet_action(&states[mover]);
        after = Instant::now();
        sockets[mover]
            .ok(json!({"type": "act", "room": room, "action": action}))
            .await;
        moves = states[mover]["view"]["moves"].as_u64().unwrap() + 1;
    }
    let states = until_people_move(sockets, moves).await;
    let seen = Instant::now();
    states
        .into_iter()
        .map(|state| Seen { state, after, seen })
        .collect()
}

/// A listed move that attacks nothing, if there is one.
fn quiet_action(state: &Value) -> Value {
    let legal = state["legal"].as_array().unwrap();
    legal
        .iter()
        .find(|action| action.as_str().unwrap().contains('-'))
        .unwrap_or(&legal[0])
        .clone()
}

/// Takes `seat` in `room` (already joined) and declares ready.
async fn sit_ready(socket: &mut Socket, room: i64, seat: &str) {
    socket
        .ok(json!({"type": "sit", "room": room, "seat": seat}))
        .await;
    socket.ok(json!({"type": "ready", "room": room})).await;
}

/// Joins `room` again after the restart: the state it sends, built between the two times given.
async fn rejoin(socket: &mut Socket, room: i64) -> (Value, Instant, Instant) {
    let sent = Instant::now();
    socket.ok(json!({"type": "join", "room": room})).await;
    // The state comes before the `ok`, and stays in the backlog for the next waits.
    (socket.last_room(), sent, Instant::now())
}

/// Checks that a game came back as `before` left it: the moves, the position as this person
/// sees it, every seat's last move and player, and the seat to move with the clock its stored
/// deadline gives (not a fresh turn).
fn assert_resumed(before: &Seen, after: &Value, rejoined: Instant, arrived: Instant) {
    let old = &before.state;
    let context = format!("before the kill: {old}\nafter the restart: {after}");
    assert_eq!(after["phase"], "playing", "{context}");
    assert_eq!(after["view"]["moves"], old["view"]["moves"], "{context}");
    assert_eq!(
        after["view"]["position"], old["view"]["position"],
        "{context}"
    );
    assert_eq!(
        after["view"]["to_move"], old["view"]["to_move"],
        "{context}"
    );
    assert_eq!(after["last_moves"], old["last_moves"], "{context}");
    assert_eq!(after["legal"], old["legal"], "{context}");
    for (seat, old_seat) in after["seats"]
        .as_array()
        .unwrap()
        .iter()
        .zip(old["seats"].as_array().unwrap())
    {
        assert_eq!(seat["player"], old_seat["player"], "{context}");
        assert_eq!(seat["timeouts"], old_seat["timeouts"], "{context}");
    }
    let (clock, old_clock) = (&after["clock"], &old["clock"]);
    assert_eq!(clock["seat"], old["view"]["to_move"], "{context}");
    assert_eq!(clock["seat"], old_clock["seat"], "{context}");
    assert_eq!(clock["limit_ms"], json!(MOVE_SECONDS * 1000), "{context}");
    // The deadline D was fixed when the turn began; the old state was built at some t0 in
    // [before.after, before.seen] with remaining D - t0, the new one at t1 in
    // [rejoined, arrived] with remaining D - t1.
    let millis = |duration: Duration| duration.as_millis() as i64;
    let old_left = old_clock["remaining_ms"].as_i64().unwrap();
    let left = clock["remaining_ms"].as_i64().unwrap();
    let most = old_left - millis(rejoined - before.seen) + CLOCK_SLACK_MS;
    let least = old_left - millis(arrived - before.after) - CLOCK_SLACK_MS;
    assert!(
        (least..=most).contains(&left),
        "the clock resumes from its stored deadline: {left} ms left, expected {least}..={most}; \
         {context}"
    );
}

/// Reads what a socket still receives until the killed server's end closes it; every frame
/// lands in `socket.frames`.
async fn drain(socket: &mut Socket) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    while let Some(Ok(message)) = tokio::time::timeout(STARTUP, socket.stream.next())
        .await
        .expect("the killed server's socket closes")
    {
        if let Message::Text(text) = message {
            socket
                .frames
                .push(serde_json::from_str(text.as_str()).expect("frames are JSON"));
        }
    }
}

/// Checks that a game whose AI seats were answering when the server was killed lost nothing
/// that was shown: `after` has every move of `shown` (the last state a person received), and
/// maybe AI moves stored but not yet sent, or played since the restart.
fn assert_nothing_shown_is_lost(shown: &Value, after: &Value) {
    let context = format!("last shown before the kill: {shown}\nafter the restart: {after}");
    let (moves, shown_moves) = (&after["view"]["moves"], &shown["view"]["moves"]);
    assert!(moves.as_u64() >= shown_moves.as_u64(), "{context}");
    assert_ne!(after["phase"], "setup", "{context}");
    assert_eq!(
        after["last_moves"]["s"], shown["last_moves"]["s"],
        "{context}"
    );
    if moves == shown_moves {
        assert_eq!(
            after["view"]["position"], shown["view"]["position"],
            "{context}"
        );
        assert_eq!(after["last_moves"], shown["last_moves"], "{context}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_process_resumes_every_room_with_its_moves_and_clocks() {
    for database in Database::all() {
        tokio::time::timeout(WHOLE_RUN, kill_and_restart(&database))
            .await
            .unwrap_or_else(|_| panic!("the run on {} took too long", database.url));
    }
}

/// Creates a 4p room, puts AIs of `level` in `ai_seats`, and seats the people of `sockets`
/// in the other seats in turn order, ready; seats left over stay empty.
async fn four_player_room(sockets: &mut [&mut Socket], ai_seats: &[&str], level: &str) -> i64 {
    let room = sockets[0].open_room("4p", 0).await;
    for seat in ai_seats {
        sockets[0]
            .ok(json!({"type": "ai", "room": room, "seat": seat, "level": level}))
            .await;
    }
    let free = ["s", "e", "n", "w"]
        .into_iter()
        .filter(|seat| !ai_seats.contains(seat));
    for (index, (socket, seat)) in sockets.iter_mut().zip(free).enumerate() {
        if index > 0 {
            socket.ok(json!({"type": "join", "room": room})).await;
        }
        sit_ready(socket, room, seat).await;
    }
    room
}

/// A 2p room in setup: Alice at s with an arranged layout, ready; seat n empty.
async fn room_in_setup(alice: &mut Socket) -> i64 {
    let room = alice.open_room("2p", 0).await;
    alice
        .ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    alice
        .ok(json!({"type": "layout", "room": room, "layout": LAYOUT}))
        .await;
    alice
        .ok(json!({"type": "swap", "room": room, "a": "a6", "b": "b6"}))
        .await;
    alice.ok(json!({"type": "ready", "room": room})).await;
    assert_eq!(alice.last_room()["setup"]["layout"], SWAPPED);
    room
}

/// Checks that the restarted server knows `person` by their old session, tells them (in
/// `hello`) of every room where they hold a seat, and lists each room in its phase.
async fn assert_seated_and_listed(person: &Person, hello: &Value, rooms: &[(i64, &str)]) {
    assert_eq!(hello["user"]["name"], json!(person.name), "{hello}");
    assert_eq!(hello["user"]["kind"], "guest", "{hello}");
    let mut seated: Vec<i64> = hello["seated"]
        .as_array()
        .unwrap()
        .iter()
        .map(|room| room.as_i64().unwrap())
        .collect();
    seated.sort_unstable();
    let mut expected: Vec<i64> = rooms.iter().map(|&(room, _)| room).collect();
    expected.sort_unstable();
    assert_eq!(seated, expected, "{hello}");
    let (status, lobby) = person.get("/api/rooms").await;
    assert_eq!(status, 200, "{lobby}");
    let lobby: Value = serde_json::from_str(&lobby).expect("the lobby is JSON");
    for &(room, phase) in rooms {
        let listed = lobby["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .find(|listed| listed["id"] == room);
        assert_eq!(
            listed.map(|listed| &listed["phase"]),
            Some(&json!(phase)),
            "room {room}: {lobby}"
        );
    }
}

/// The whole scenario on one database: six rooms left unfinished, `kill -9`, a restart,
/// every room checked and played on.
async fn kill_and_restart(database: &Database) {
    let logs = tempfile::tempdir().expect("a folder for the server log");
    let log = logs.path().join("server.log");
    let server = ServerProcess::start(&database.url, &log);
    let alice = guest(&server.addr, "alice").await;
    let bob = guest(&server.addr, "bob").await;
    // One socket per person and room, so that each reads one room's frames.
    let (mut a2, mut b2) = (alice.socket().await, bob.socket().await);
    let (mut a4, mut b4) = (alice.socket().await, bob.socket().await);
    let (mut a_setup, mut a_race) = (alice.socket().await, alice.socket().await);
    let mut a_setup_ai = alice.socket().await;
    let (mut a_fresh, mut b_fresh) = (alice.socket().await, bob.socket().await);

    // The 4p room: Alice at s, Bob at n, AIs at e and w; it waits for a person.
    let four = four_player_room(&mut [&mut a4, &mut b4], &["e", "w"], "easy").await;
    let four_before = play_with_ais(&mut [&mut a4, &mut b4], four, 4).await;

    // The 4p room with three AI seats, where Alice moves just before the kill. At the `hard`
    // level each AI thinks for `--ai-think-ms`, so the kill finds them still answering.
    let race = four_player_room(&mut [&mut a_race], &["e", "n", "w"], "hard").await;
    let race_turn = play_with_ais(&mut [&mut a_race], race, 2).await;

    let setup = room_in_setup(&mut a_setup).await;
    // A 4p room in setup with AIs at e and w, Alice ready at s, seat n empty.
    let setup_ai = four_player_room(&mut [&mut a_setup_ai], &["e", "w"], "easy").await;
    let setup_ai_before = a_setup_ai.last_room();

    // A 2p game that Bob's ready starts just before the kill: its first clock is stored with
    // the start, not with a move.
    let fresh = a_fresh.open_room("2p", 0).await;
    b_fresh.ok(json!({"type": "join", "room": fresh})).await;
    sit_ready(&mut a_fresh, fresh, "s").await;
    b_fresh
        .ok(json!({"type": "sit", "room": fresh, "seat": "n"}))
        .await;

    // The 2p game, killed right after the `ok` of its seventh move.
    let two = a2.open_room("2p", 0).await;
    b2.ok(json!({"type": "join", "room": two})).await;
    sit_ready(&mut a2, two, "s").await;
    sit_ready(&mut b2, two, "n").await;
    for moves in 0..6 {
        quiet_move(&mut [&mut a2, &mut b2], two, moves).await;
    }
    let sixth = a2
        .room_until(|state| state["view"]["moves"] == json!(6))
        .await;
    b2.room_until(|state| state["view"]["moves"] == json!(6))
        .await;
    let alice_moves = my_turn(&sixth);
    // Alice moves in the AI room, whose AIs answer while the last 2p move is played.
    let action = quiet_action(&race_turn[0].state);
    a_race
        .ok(json!({"type": "act", "room": race, "action": action}))
        .await;
    let after = Instant::now();
    b_fresh.ok(json!({"type": "ready", "room": fresh})).await;
    let fresh_before = Seen {
        state: b_fresh.last_room(),
        after,
        seen: Instant::now(),
    };
    assert_eq!(
        fresh_before.state["phase"], "playing",
        "{}",
        fresh_before.state
    );
    let mover = if alice_moves { &mut a2 } else { &mut b2 };
    let action = quiet_action(&mover.last_room());
    let after = Instant::now();
    mover
        .ok(json!({"type": "act", "room": two, "action": action}))
        .await;
    let seen = Instant::now();
    server.kill_9();
    let two_before = Seen {
        state: mover.last_room(),
        after,
        seen,
    };
    assert_eq!(two_before.state["view"]["moves"], 7, "{}", two_before.state);
    drain(&mut a_race).await;
    let race_shown = a_race.last_room();
    drop((
        a2, b2, a4, b4, a_setup, a_race, a_fresh, b_fresh, a_setup_ai,
    ));

    // The clocks keep running while the server is down.
    tokio::time::sleep_until((seen + DOWNTIME).into()).await;
    let server = ServerProcess::start(&database.url, &log);
    assert!(
        server.log_text().contains("resumed 6 unfinished rooms"),
        "every unfinished room comes back: {}",
        server.log_text()
    );
    let (alice, bob) = (at(&alice, &server.addr), at(&bob, &server.addr));

    // Same sessions, same people; each is told where they hold seats.
    let (mut a2, mut b2) = (alice.socket().await, bob.socket().await);
    let (mut a4, mut b4) = (alice.socket().await, bob.socket().await);
    let (mut a_setup, mut a_race) = (alice.socket().await, alice.socket().await);
    let mut a_setup_ai = alice.socket().await;
    let (mut a_fresh, mut b_fresh) = (alice.socket().await, bob.socket().await);
    let rooms = [
        (two, "playing"),
        (four, "playing"),
        (race, "playing"),
        (fresh, "playing"),
        (setup, "setup"),
        (setup_ai, "setup"),
    ];
    assert_seated_and_listed(&alice, &a2.frames[0], &rooms).await;

    // The 2p game: the acknowledged move is there, and the clock of the seat to move resumes.
    let (state, rejoined, arrived) = rejoin(if alice_moves { &mut a2 } else { &mut b2 }, two).await;
    assert_resumed(&two_before, &state, rejoined, arrived);
    let (state, _, _) = rejoin(if alice_moves { &mut b2 } else { &mut a2 }, two).await;
    assert_eq!(state["view"]["moves"], 7, "{state}");
    assert_eq!(
        state["last_moves"], two_before.state["last_moves"],
        "{state}"
    );
    assert_eq!(state["clock"]["seat"], two_before.state["clock"]["seat"]);

    // The 4p game, seen by both people.
    for (socket, before) in [&mut a4, &mut b4].into_iter().zip(&four_before) {
        let (state, rejoined, arrived) = rejoin(socket, four).await;
        assert_resumed(before, &state, rejoined, arrived);
    }

    // The 4p room in setup: its AI seats and Alice's seat, layout and readiness.
    let (state, _, _) = rejoin(&mut a_setup_ai, setup_ai).await;
    assert_eq!(state["phase"], "setup", "{state}");
    assert_eq!(state["seats"], setup_ai_before["seats"], "{state}");
    assert_eq!(state["setup"], setup_ai_before["setup"], "{state}");

    // The room in setup: Alice's seat, layout and readiness.
    let (state, _, _) = rejoin(&mut a_setup, setup).await;
    assert_eq!(state["phase"], "setup", "{state}");
    assert_eq!(state["you"], "s", "{state}");
    assert_eq!(state["setup"]["layout"], SWAPPED, "{state}");
    assert_eq!(state["setup"]["ready"], true, "{state}");

    // The game started just before the kill: its first turn's clock kept running.
    let (state, rejoined, arrived) = rejoin(&mut b_fresh, fresh).await;
    assert_resumed(&fresh_before, &state, rejoined, arrived);
    a_fresh.ok(json!({"type": "join", "room": fresh})).await;

    // The AI room: nothing Alice was shown is lost.
    let (state, _, _) = rejoin(&mut a_race, race).await;
    assert_nothing_shown_is_lost(&race_shown, &state);

    // Every game plays on: a move in the 2p game, a person's move and the AI's answer in the 4p
    // game, and the room in setup starts when Bob takes the other seat.
    quiet_move(&mut [&mut a2, &mut b2], two, 7).await;
    a2.room_until(|state| state["view"]["moves"] == 8).await;
    let moves = four_before[0].state["view"]["moves"].as_u64().unwrap();
    // After a person's move an AI is to move: a person's turn again means it answered.
    let answered = play_with_ais(&mut [&mut a4, &mut b4], four, 1).await;
    let now = answered[0].state["view"]["moves"].as_u64().unwrap();
    assert!(now >= moves + 2, "{}", answered[0].state);
    play_with_ais(&mut [&mut a_race], race, 1).await;
    quiet_move(&mut [&mut a_fresh, &mut b_fresh], fresh, 0).await;
    b_fresh
        .room_until(|state| state["view"]["moves"] == 1)
        .await;
    let mut b_setup = bob.socket().await;
    b_setup.ok(json!({"type": "join", "room": setup})).await;
    sit_ready(&mut b_setup, setup, "n").await;
    a_setup
        .room_until(|state| state["phase"] == "playing")
        .await;
    let mut b_setup_ai = bob.socket().await;
    b_setup_ai
        .ok(json!({"type": "join", "room": setup_ai}))
        .await;
    sit_ready(&mut b_setup_ai, setup_ai, "n").await;
    play_with_ais(&mut [&mut a_setup_ai, &mut b_setup_ai], setup_ai, 1).await;
}
