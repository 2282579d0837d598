//! Hostile WebSocket frames, the `client_frame` fuzz target (docs/fuzzing.md): reading a frame
//! never panics and every refusal is one sentence (over the corpus, the regressions and
//! proptest's inputs), and against a real room in play a refused frame changes nothing.

#[path = "../../../fuzz/harness.rs"]
mod harness;

use crate::common;

use common::{Database, Socket, TestServer, config, two_player_room};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::{Value, json};
use zhanqi_server::ClientMessage;
use zhanqi_server::fuzzing::client_frame;

/// Frames sent to the room.
const FRAMES: usize = 300;

#[test]
fn client_frames() {
    harness::run("client_frame", client_frame, 20_000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_frames_leave_a_room_in_play_unchanged() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let (_alice, _bob, mut a, mut b, room) = two_player_room(&server).await;
    a.ok(json!({"type": "ready", "room": room})).await;
    b.ok(json!({"type": "ready", "room": room})).await;
    a.room_until(|state| state["phase"] == "playing").await;

    let mut before = snapshot(&mut a, room).await;
    let (mut refused, mut accepted) = (0, 0);
    for frame in hostile_frames(room) {
        client_frame(frame.as_bytes());
        // Leaving is an escape, which ends the game: the rest would test a finished room.
        if matches!(ClientMessage::parse(&frame), Ok(ClientMessage::Leave(_))) {
            continue;
        }
        a.send_text(&frame).await;
        let answer = loop {
            let reply = a.next_frame().await;
            if ["ok", "error", "pong"].contains(&reply["type"].as_str().unwrap_or("")) {
                break reply;
            }
        };
        let now = snapshot(&mut a, room).await;
        if answer["type"] == "error" {
            refused += 1;
            let message = answer["message"].as_str().unwrap_or("");
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{frame}: {answer}"
            );
            assert_eq!(
                now, before,
                "{frame} was refused ({answer}) but changed the room"
            );
        } else {
            accepted += 1;
            before = now;
        }
    }
    assert!(
        refused > FRAMES / 2,
        "{refused} refused, {accepted} accepted"
    );
}

/// What a refused frame must not change: the room as the player sees it.
async fn snapshot(socket: &mut Socket, room: i64) -> Value {
    socket.ok(json!({"type": "join", "room": room})).await;
    let state = socket.last_room();
    json!({
        "phase": state["phase"],
        "seats": state["seats"],
        "view": state["view"],
        "setup": state["setup"],
        "legal": state["legal"],
        "can": state["can"],
    })
}

/// Hostile frames about `room`: the corpus's frames and frames of every type with mangled
/// fields, edited as the harness edits inputs. Always the same frames (a fixed seed).
fn hostile_frames(room: i64) -> Vec<String> {
    let corpus: Vec<Vec<u8>> = harness::files("corpus", "client_frame")
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("a readable corpus file"))
        .map(|frame| frame.replace(r#""room":1"#, &format!(r#""room":{room}"#)))
        .map(String::into_bytes)
        .collect();
    let text =
        "[a-l][0-9]{1,2}[-x][a-l][0-9]{1,2}|\\PC{0,12}|T|escape|resign|draw[?+-]|\\*[a-e][0-9]";
    let types = proptest::sample::select(vec![
        "act",
        "act",
        "act",
        "swap",
        "layout",
        "sit",
        "stand",
        "ai",
        "unseat_ai",
        "ready",
        "unready",
        "random_layout",
        "save_replay",
        "join",
        "ping",
    ]);
    let rooms = proptest::sample::select(vec![
        json!(room),
        json!(room),
        json!(room + 1),
        json!(-1),
        json!(u64::MAX),
        json!(1.5),
        json!(room.to_string()),
        Value::Null,
    ]);
    let structured = (types, rooms, text, text, text).prop_map(|(kind, room, x, y, z)| {
        json!({"type": kind, "room": room, "action": x, "seat": y, "a": x, "b": z,
               "layout": y, "level": z})
    });
    let structured = structured.prop_map(|frame: Value| {
        // Keep only the fields of the type, most of the time, so that the frame is read.
        let mut frame = frame;
        let keep: &[&str] = match frame["type"].as_str() {
            Some("act") => &["type", "room", "action"],
            Some("swap") => &["type", "room", "a", "b"],
            Some("layout") => &["type", "room", "layout"],
            Some("sit" | "unseat_ai") => &["type", "room", "seat"],
            Some("ai") => &["type", "room", "seat", "level"],
            Some("ping") => &["type"],
            _ => &["type", "room"],
        };
        if let Value::Object(fields) = &mut frame {
            fields.retain(|name, _| keep.contains(&name.as_str()));
        }
        frame.to_string().into_bytes()
    });
    let mut pool = corpus.clone();
    let mut runner = TestRunner::deterministic();
    pool.extend((0..40).map(|_| sample(&structured, &mut runner)));
    let edited = harness::input(pool.clone());
    let mut frames: Vec<String> = pool
        .into_iter()
        .chain((0..FRAMES).map(|_| sample(&edited, &mut runner)))
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect();
    frames.truncate(FRAMES);
    frames
}

fn sample<S: Strategy>(strategy: &S, runner: &mut TestRunner) -> S::Value {
    strategy
        .new_tree(runner)
        .expect("the strategies never reject")
        .current()
}
