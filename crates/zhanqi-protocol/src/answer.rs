//! The answers of the engine protocol, written with their fields in the specification's order.

use serde::{Serialize, Serializer, ser::SerializeMap};
use serde_json::Value;

use crate::dyn_game::OutcomeSummary;

/// The body of an answer: the fields after `"ok"` (and `"id"`).
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub(crate) enum Reply {
    Games {
        games: Vec<GameInfo>,
    },
    Position {
        position: String,
    },
    Rolled {
        outcome: String,
        position: String,
    },
    Legal {
        to_move: Vec<&'static str>,
        moves: SeatMoves,
        #[serde(skip_serializing_if = "Option::is_none")]
        weights: Option<Vec<u32>>,
    },
    Played {
        position: String,
        record: String,
    },
    Outcome {
        outcome: Option<OutcomeSummary>,
    },
    Nodes {
        nodes: u64,
    },
    Thought {
        #[serde(rename = "move")]
        action: String,
    },
    Done {},
    Error {
        error: String,
    },
}

/// One game of the `games` answer.
#[derive(Serialize, Debug)]
pub(crate) struct GameInfo {
    pub(crate) game: &'static str,
    pub(crate) modes: &'static [&'static str],
}

/// The `moves` object of the `legal` answer: each acting seat's actions (`null` when too many
/// to list), in seat order.
#[derive(Debug, Default)]
pub(crate) struct SeatMoves(pub(crate) Vec<(&'static str, Option<Vec<String>>)>);

impl Serialize for SeatMoves {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (seat, moves) in &self.0 {
            map.serialize_entry(seat, moves)?;
        }
        map.end()
    }
}

/// A whole answer line: `{"ok":…,"id":…,…}`.
#[derive(Serialize)]
struct Envelope<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    #[serde(flatten)]
    reply: &'a Reply,
}

/// The answer line for `reply`, without its line end.
pub(crate) fn answer_line(id: Option<&Value>, reply: &Reply) -> String {
    let ok = !matches!(reply, Reply::Error { .. });
    serde_json::to_string(&Envelope { ok, id, reply }).unwrap_or_else(|error| {
        // Unreachable with these types (every map key is a string); kept as an answer, not a panic.
        serde_json::json!({ "ok": false, "error": format!("internal error while writing the answer: {error}") })
            .to_string()
    })
}
