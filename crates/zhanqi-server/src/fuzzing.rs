//! The invariant of the `client_frame` fuzz target (`fuzz/`, docs/fuzzing.md): reading a
//! WebSocket text frame never panics, and every refusal is a `bad_message` of one sentence
//! that a person can read, with no serde internals, and a correlation id only of the
//! protocol's kinds. The game parsers' targets are in `zhanqi_protocol::fuzzing`.

use crate::wire::{ClientMessage, MAX_FRAME_BYTES};

/// Words of serde's own error texts, which a person should never be shown.
const INTERNALS: &[&str] = &[
    "internally tagged",
    "ClientMessage",
    "RoomRef",
    "SeatRef",
    "invalid type:",
    "at line ",
    "struct variant",
];

/// Reads `data` as a client's text frame and checks the answer (see the module).
pub fn client_frame(data: &[u8]) {
    // A WebSocket text frame is UTF-8 (tungstenite refuses others before the server reads).
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match ClientMessage::parse(text) {
        Ok(message) => {
            assert!(
                text.len() <= MAX_FRAME_BYTES,
                "a frame over the limit was read"
            );
            if let Some(id) = message.id() {
                assert!(
                    id.is_string() || id.is_number(),
                    "{text:?}: the id {id} was accepted"
                );
            }
        }
        Err((error, id)) => {
            assert_eq!(error.code, "bad_message", "{text:?}");
            let message = &error.message;
            assert!(!message.trim().is_empty(), "{text:?}: an empty message");
            assert!(
                !message.contains('\n') || text.contains('\n'),
                "{text:?}: {message:?} is more than one line"
            );
            // A word the frame itself holds may be quoted from it.
            for word in INTERNALS.iter().filter(|word| !text.contains(*word)) {
                assert!(
                    !message.contains(word),
                    "{text:?}: {message:?} shows serde's internals"
                );
            }
            if let Some(id) = id {
                assert!(
                    id.is_string() || id.is_number(),
                    "{text:?}: the refusal echoes the id {id}"
                );
            }
        }
    }
}
