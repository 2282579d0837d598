//! The messages a browser sends over the WebSocket (docs/wire-protocol.md §3.1), read strictly:
//! anything else is answered with an error frame and changes nothing.

use serde::Deserialize;
use ts_rs::TS;
use zhanqi_core::PlatformAction;
use zhanqi_store::GameId;

use crate::error::ApiError;

/// The largest text frame read, in bytes.
pub const MAX_FRAME_BYTES: usize = 16 * 1024;

/// A client's correlation id as TypeScript writes it: a number or a string.
#[derive(TS)]
#[ts(untagged)]
#[allow(dead_code)] // Only its TypeScript form is used; the server reads ids as JSON.
enum CommandId {
    Number(f64),
    Text(String),
}

/// One client message, by its `type`.
#[derive(Clone, PartialEq, Debug, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[ts(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Subscribe to the lobby.
    Lobby {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
    },
    /// Create a room.
    Create {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
        /// The game (`junqi`).
        game: String,
        /// The mode.
        mode: String,
        /// The base stake of a gold room; 0 for none.
        #[serde(default)]
        #[ts(optional, as = "Option<f64>")]
        stake: i64,
        /// Who takes the first seat, in a game whose rules draw it (shengke): `random`
        /// (the default: a coin at the start) or `seats` (as seated).
        #[serde(default)]
        #[ts(optional)]
        first_player: Option<String>,
        /// The game's options, as the game's `option_fields` in `GET /api/games` describe
        /// them; a key left out keeps its default.
        #[serde(default)]
        #[ts(optional, type = "Record<string, unknown>")]
        options: Option<serde_json::Value>,
    },
    /// Watch a room.
    Join(RoomRef),
    /// Take a seat.
    Sit(SeatRef),
    /// Give a seat back.
    Stand(RoomRef),
    /// Put an AI in a seat.
    Ai {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
        /// The room.
        #[ts(type = "number")]
        room: i64,
        /// The seat.
        seat: String,
        /// `easy`, `medium`, `hard` or `expert`.
        level: String,
    },
    /// Take an AI out of a seat.
    UnseatAi(SeatRef),
    /// Swap two pieces of one's layout.
    Swap {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
        /// The room.
        #[ts(type = "number")]
        room: i64,
        /// One post.
        a: String,
        /// The other post.
        b: String,
    },
    /// Replace one's whole layout.
    Layout {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
        /// The room.
        #[ts(type = "number")]
        room: i64,
        /// The layout string.
        layout: String,
    },
    /// A new random layout.
    RandomLayout(RoomRef),
    /// Ready to start.
    Ready(RoomRef),
    /// Not ready after all.
    Unready(RoomRef),
    /// Play an action.
    Act {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
        /// The room.
        #[ts(type = "number")]
        room: i64,
        /// The action in the game's notation.
        action: String,
    },
    /// Leave a room (an escape during play).
    Leave(RoomRef),
    /// Take a platform action: offer, accept or refuse a draw, or surrender. The game says
    /// whether it is allowed now (the room's `can`) and plays its own action for it.
    Platform {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
        /// The room.
        #[ts(type = "number")]
        room: i64,
        /// Which platform action.
        #[ts(type = "\"offer_draw\" | \"accept_draw\" | \"refuse_draw\" | \"resign\"")]
        action: PlatformAction,
    },
    /// Keep the finished game in one's replays.
    SaveReplay(RoomRef),
    /// Are you there?
    Ping {
        /// The client's correlation id.
        #[serde(default)]
        #[ts(optional, as = "Option<CommandId>")]
        id: Option<serde_json::Value>,
    },
}

/// A message about one room.
#[derive(Clone, PartialEq, Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RoomRef {
    /// The client's correlation id.
    #[serde(default)]
    #[ts(optional, as = "Option<CommandId>")]
    pub id: Option<serde_json::Value>,
    /// The room.
    #[ts(type = "number")]
    pub room: i64,
}

/// A message about one seat of a room.
#[derive(Clone, PartialEq, Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SeatRef {
    /// The client's correlation id.
    #[serde(default)]
    #[ts(optional, as = "Option<CommandId>")]
    pub id: Option<serde_json::Value>,
    /// The room.
    #[ts(type = "number")]
    pub room: i64,
    /// The seat.
    pub seat: String,
}

impl ClientMessage {
    /// Reads one text frame.
    ///
    /// # Errors
    /// `bad_message` for anything that is not one of the protocol's messages.
    pub fn parse(text: &str) -> Result<ClientMessage, (ApiError, Option<serde_json::Value>)> {
        if text.len() > MAX_FRAME_BYTES {
            return Err((
                ApiError::bad_message(format!(
                    "the message is larger than {MAX_FRAME_BYTES} bytes; send a shorter one"
                )),
                None,
            ));
        }
        let value: serde_json::Value = serde_json::from_str(text).map_err(|error| {
            let message = if error.to_string().starts_with("recursion limit exceeded") {
                r#"the message nests too deeply; send one flat JSON object, such as {"type":"ping"}"#
            } else {
                r#"the message is not JSON: send one JSON object, such as {"type":"ping"}"#
            };
            (ApiError::bad_message(message), None)
        })?;
        // An id is echoed only when it is of the protocol's kinds.
        let id = value
            .get("id")
            .filter(|id| id.is_string() || id.is_number())
            .cloned();
        let message: ClientMessage = serde_json::from_value(value.clone())
            .map_err(|error| (ApiError::bad_message(explain(&value, &error)), id.clone()))?;
        if let Some(id) = message.id()
            && !(id.is_string() || id.is_number())
        {
            return Err((
                ApiError::bad_message(r#""id" must be a number or a string, such as 7"#),
                None,
            ));
        }
        Ok(message)
    }

    /// The client's correlation id.
    #[must_use]
    pub fn id(&self) -> Option<&serde_json::Value> {
        match self {
            ClientMessage::Lobby { id }
            | ClientMessage::Ping { id }
            | ClientMessage::Create { id, .. }
            | ClientMessage::Ai { id, .. }
            | ClientMessage::Swap { id, .. }
            | ClientMessage::Layout { id, .. }
            | ClientMessage::Act { id, .. }
            | ClientMessage::Platform { id, .. } => id.as_ref(),
            ClientMessage::Join(r)
            | ClientMessage::Stand(r)
            | ClientMessage::RandomLayout(r)
            | ClientMessage::Ready(r)
            | ClientMessage::Unready(r)
            | ClientMessage::Leave(r)
            | ClientMessage::SaveReplay(r) => r.id.as_ref(),
            ClientMessage::Sit(s) | ClientMessage::UnseatAi(s) => s.id.as_ref(),
        }
    }

    /// The room the message is about, if any.
    #[must_use]
    pub fn room(&self) -> Option<GameId> {
        match self {
            ClientMessage::Lobby { .. }
            | ClientMessage::Ping { .. }
            | ClientMessage::Create { .. } => None,
            ClientMessage::Ai { room, .. }
            | ClientMessage::Swap { room, .. }
            | ClientMessage::Layout { room, .. }
            | ClientMessage::Act { room, .. }
            | ClientMessage::Platform { room, .. } => Some(GameId(*room)),
            ClientMessage::Join(r)
            | ClientMessage::Stand(r)
            | ClientMessage::RandomLayout(r)
            | ClientMessage::Ready(r)
            | ClientMessage::Unready(r)
            | ClientMessage::Leave(r)
            | ClientMessage::SaveReplay(r) => Some(GameId(r.room)),
            ClientMessage::Sit(s) | ClientMessage::UnseatAi(s) => Some(GameId(s.room)),
        }
    }
}

/// The message types, as an error names them.
const TYPES: &str = "lobby, create, join, sit, stand, ai, unseat_ai, swap, layout, \
                     random_layout, ready, unready, act, platform, leave, save_replay or ping";

/// One sentence for a JSON value that is not a client message: what is wrong and what would
/// be right, without serde's own words.
fn explain(value: &serde_json::Value, error: &serde_json::Error) -> String {
    let Some(object) = value.as_object() else {
        return r#"a message is a JSON object with a "type", such as {"type":"ping"}"#.to_owned();
    };
    let kind = match object.get("type") {
        None => {
            return format!(
                r#"the message needs a "type" field naming what it asks for, one of {TYPES}"#
            );
        }
        Some(serde_json::Value::String(kind)) => shown(kind),
        Some(_) => {
            return format!(
                r#""type" must be a string naming what the message asks for, one of {TYPES}"#
            );
        }
    };
    let error = error.to_string();
    let quoted = |prefix: &str| {
        let rest = error.strip_prefix(prefix)?;
        rest.split_once('`').map(|(name, _)| shown(name))
    };
    if error.starts_with("unknown variant") {
        format!("'{kind}' is not a message type; the types are {TYPES}")
    } else if let Some(field) = quoted("missing field `") {
        format!("a '{kind}' message needs the field \"{field}\"")
    } else if let Some(field) = quoted("unknown field `") {
        format!(
            "a '{kind}' message has no field \"{field}\"; send only the fields docs/wire-protocol.md lists for it"
        )
    } else if let Some(wrong) = object
        .iter()
        .find_map(|(field, value)| wrong_kind(field, value))
    {
        wrong
    } else {
        format!(
            "a field of the '{kind}' message has a wrong value: room and stake are whole numbers, the other fields strings"
        )
    }
}

/// What is wrong with a field's value, by the kind every message gives that field: `room` and
/// `stake` whole numbers, `id` a number or a string, the others strings.
fn wrong_kind(field: &str, value: &serde_json::Value) -> Option<String> {
    match field {
        "type" => None,
        "id" => (!(value.is_number() || value.is_string() || value.is_null()))
            .then(|| r#""id" must be a number or a string, such as 7"#.to_owned()),
        "room" | "stake" => (!value.is_i64()).then(|| {
            let example = if field == "room" { "7" } else { "100" };
            format!("\"{field}\" must be a whole number, such as {example}")
        }),
        "first_player" if value.is_null() => None,
        _ => (!value.is_string()).then(|| format!("\"{}\" must be a string", shown(field))),
    }
}

/// A name from a client, as an error quotes it: at most 32 characters, control characters
/// escaped.
fn shown(name: &str) -> String {
    let mut text: String = name.chars().take(32).flat_map(char::escape_debug).collect();
    if name.chars().nth(32).is_some() {
        text.push('…');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_messages_are_read_and_everything_else_is_refused() {
        let act =
            ClientMessage::parse(r#"{"type":"act","room":3,"action":"c5-c4","id":7}"#).unwrap();
        assert_eq!(act.room(), Some(GameId(3)));
        assert_eq!(act.id(), Some(&serde_json::json!(7)));
        for bad in [
            "",
            "null",
            "[]",
            r#"{"type":"act"}"#,
            r#"{"type":"fly","room":1}"#,
            r#"{"type":"act","room":"x","action":"a"}"#,
            r#"{"type":"act","room":1,"action":"a","extra":1}"#,
            r#"{"type":"ping","id":{"a":1}}"#,
        ] {
            assert!(ClientMessage::parse(bad).is_err(), "{bad}");
        }
        let huge = format!(
            r#"{{"type":"ping","id":"{}"}}"#,
            "x".repeat(MAX_FRAME_BYTES)
        );
        assert!(ClientMessage::parse(&huge).is_err());
        let (_, id) = ClientMessage::parse(r#"{"type":"act","id":5}"#).unwrap_err();
        assert_eq!(id, Some(serde_json::json!(5)));
    }
}
