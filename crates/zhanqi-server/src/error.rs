//! The one error type of the server's boundary, mapped once to HTTP answers and WebSocket
//! error frames.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use zhanqi_core::Reason;
use zhanqi_store::StoreError;

/// Why a request or a command was refused, with a code the client can act on, the reasons a
/// client turns into one sentence in its page's language, and an English sentence for the
/// engine's users, logs and as the last fallback.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The machine-readable code (`illegal`, `seat_taken`, …; see docs/wire-protocol.md).
    pub code: &'static str,
    /// The sentence for people.
    pub message: String,
    /// The places of a refused arrangement that its violations name, in the game's editor
    /// vocabulary (a deck's `line:3`, a post `c5`): the editor marks them. Usually empty.
    pub marks: Vec<String>,
    /// What the client says, as typed reasons with named arguments (docs/wire-protocol.md,
    /// "Refusals"): the platform's own (`seat_taken {seat}`), or a game's (a junqi deployment's
    /// `mine_too_far_forward {post}`). Empty: the client says the code's general sentence.
    pub reasons: Vec<Reason>,
}

/// Every code an [`ApiError`] has: the client has a sentence for each (`refusal_<code>` in
/// `web/lang/*.js`, checked by a test here).
pub const CODES: &[&str] = &[
    "bad_credentials",
    "bad_message",
    "bad_request",
    "conflict",
    "forbidden",
    "illegal",
    "illegal_layout",
    "internal",
    "name_taken",
    "no_owner",
    "no_room",
    "no_seat",
    "not_enough_gold",
    "not_finished",
    "not_found",
    "not_seated",
    "not_signed_in",
    "rate_limited",
    "room_moving",
    "room_unavailable",
    "seat_taken",
    "server_busy",
    "too_many_rooms",
    "wrong_phase",
];

/// Every kind of reason the platform itself gives ([`ApiError::because`]): the client has a
/// sentence for each (`refusal_<kind>` in `web/lang/*.js`, checked by a test here).
pub const PLATFORM_REASONS: &[&str] = &[
    "account_locked",
    "ai_for_players_only",
    "ai_has_no_gold",
    "already_seated",
    "game_not_started",
    "name_invisible",
    "name_length",
    "name_lookalike",
    "name_mixed_scripts",
    "no_ai_in_seat",
    "password_length",
    "ready_already",
    "rooms_too_fast",
    "seat_taken",
    "stake_needs_gold",
    "stake_range",
    "too_many_connections",
];

impl ApiError {
    /// An error with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> ApiError {
        debug_assert!(
            CODES.contains(&code),
            "no client sentence for the code {code}"
        );
        ApiError {
            code,
            message: message.into(),
            marks: Vec::new(),
            reasons: Vec::new(),
        }
    }

    /// The error, saying `reason` to a person (its kind a key of the platform's strings).
    #[must_use]
    pub fn because(mut self, reason: Reason) -> ApiError {
        debug_assert!(
            PLATFORM_REASONS.contains(&reason.kind.as_str()),
            "no client sentence for the reason {}",
            reason.kind
        );
        self.reasons.push(reason);
        self
    }

    /// The error, saying these reasons (a game's, translated by the game's strings).
    #[must_use]
    pub fn with_reasons(mut self, reasons: Vec<Reason>) -> ApiError {
        self.reasons.extend(reasons);
        self
    }

    /// The message is not one the protocol knows.
    pub fn bad_message(message: impl Into<String>) -> ApiError {
        ApiError::new("bad_message", message)
    }

    /// The command is not allowed in the room's present phase.
    pub fn wrong_phase(message: impl Into<String>) -> ApiError {
        ApiError::new("wrong_phase", message)
    }

    /// Something failed inside the server; the details go to the log, not to the client.
    pub fn internal(what: &str, error: impl std::fmt::Display) -> ApiError {
        tracing::error!("{what}: {error}");
        ApiError::new(
            "internal",
            format!("the server could not {what}; try again"),
        )
    }

    fn status(&self) -> StatusCode {
        match self.code {
            "not_signed_in" | "bad_credentials" => StatusCode::UNAUTHORIZED,
            "not_found" | "no_room" => StatusCode::NOT_FOUND,
            "name_taken" | "not_finished" | "seat_taken" => StatusCode::CONFLICT,
            "rate_limited" => StatusCode::TOO_MANY_REQUESTS,
            "forbidden" => StatusCode::FORBIDDEN,
            "internal" => StatusCode::INTERNAL_SERVER_ERROR,
            "server_busy" => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        }
    }

    /// The error, with the places of an arrangement its sentences name.
    #[must_use]
    pub fn marking(mut self, marks: Vec<String>) -> ApiError {
        self.marks = marks;
        self
    }

    /// The error frame of the WebSocket protocol, answering the message with `id`.
    pub fn frame(&self, id: Option<&serde_json::Value>) -> serde_json::Value {
        crate::metrics::error(self.code);
        let mut frame = serde_json::json!({
            "type": "error",
            "code": self.code,
            "message": self.message,
        });
        if let Some(id) = id {
            frame["id"] = id.clone();
        }
        if !self.marks.is_empty() {
            frame["marks"] = serde_json::json!(self.marks);
        }
        if !self.reasons.is_empty() {
            frame["reasons"] = serde_json::json!(self.reasons);
        }
        frame
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        crate::metrics::error(self.code);
        let mut error = serde_json::json!({"code": self.code, "message": self.message});
        if !self.reasons.is_empty() {
            error["reasons"] = serde_json::json!(self.reasons);
        }
        (self.status(), Json(serde_json::json!({ "error": error }))).into_response()
    }
}

/// A JSON request body whose refusal is an [`ApiError`] of one sentence, not axum's text with
/// serde's words in it.
pub type ApiJson<T> = axum_extra::extract::WithRejection<Json<T>, ApiError>;

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let message = match &rejection {
            JsonRejection::MissingJsonContentType(_) => {
                "the request body must be JSON sent with the header Content-Type: application/json"
                    .to_owned()
            }
            JsonRejection::JsonSyntaxError(_) => {
                r#"the request body is not JSON; send one JSON object, such as {"name":"alice"}"#
                    .to_owned()
            }
            JsonRejection::JsonDataError(error) => body_mistake(&error.body_text()),
            _ => "the request body could not be read; send one small JSON object".to_owned(),
        };
        ApiError::bad_message(message)
    }
}

/// One sentence for a JSON body of the wrong shape, from axum's text (serde's error, after the
/// path of the field it is about) without serde's own words.
fn body_mistake(text: &str) -> String {
    let detail = text
        .split_once("target type: ")
        .map_or(text, |(_, rest)| rest);
    let quoted = |marker: &str| {
        let rest = detail.split_once(marker)?.1;
        let name = rest.split_once('`')?.0;
        Some(
            name.chars()
                .take(32)
                .flat_map(char::escape_debug)
                .collect::<String>(),
        )
    };
    if let Some(field) = quoted("missing field `") {
        return format!("the request needs the field \"{field}\"");
    }
    if let Some(field) = quoted("unknown field `") {
        return format!(
            "the request has no field \"{field}\"; send only the fields docs/wire-protocol.md lists for it"
        );
    }
    let field = detail
        .split_once(": ")
        .map(|(path, _)| path)
        // A field of the body's object; a path into an array means the body was none.
        .filter(|path| {
            !path.is_empty()
                && path.len() <= 32
                && path.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
    let Some(field) = field else {
        return "the request body must be a JSON object with the fields docs/wire-protocol.md lists for it"
            .to_owned();
    };
    let kind = if detail.contains("expected a string") {
        "a string"
    } else if ["expected i", "expected u", "expected an integer"]
        .iter()
        .any(|expected| detail.contains(expected))
    {
        "a whole number"
    } else {
        "a value of the kind docs/wire-protocol.md gives it"
    };
    format!("\"{field}\" must be {kind}")
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            StoreError::NotFound(what) => ApiError::new("not_found", format!("{what} not found")),
            StoreError::Conflict(message) => ApiError::new("conflict", message),
            other => ApiError::internal("reach the database", other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys `refusal_<kind>` that `web/lang/<language>.js` lacks.
    fn missing(language: &str, kinds: &[&str]) -> Vec<String> {
        let path = format!(
            "{}/../../web/lang/{language}.js",
            env!("CARGO_MANIFEST_DIR")
        );
        let table = std::fs::read_to_string(&path).expect("the shell's strings are readable");
        kinds
            .iter()
            .map(|kind| format!("refusal_{kind}"))
            .filter(|key| !table.contains(&format!("\n  {key}:")))
            .collect()
    }

    #[test]
    fn every_code_and_platform_reason_has_an_english_and_a_chinese_sentence() {
        for language in ["en", "zh"] {
            assert_eq!(missing(language, CODES), Vec::<String>::new(), "{language}");
            assert_eq!(
                missing(language, PLATFORM_REASONS),
                Vec::<String>::new(),
                "{language}"
            );
            // The page's own: a reply without a code, and a dropped connection.
            assert_eq!(
                missing(
                    language,
                    &["unknown", "network", "disconnected", "nothing_to_arrange"]
                ),
                Vec::<String>::new(),
                "{language}"
            );
        }
    }

    #[test]
    fn the_reasons_travel_in_frames_and_http_bodies() {
        let error = ApiError::new("seat_taken", "seat s is taken")
            .because(Reason::new("seat_taken").with("seat", "s"));
        let frame = error.frame(Some(&serde_json::json!(7)));
        assert_eq!(
            frame["reasons"],
            serde_json::json!([{"kind": "seat_taken", "seat": "s"}])
        );
        assert_eq!(frame["id"], 7);
        let plain = ApiError::new("no_room", "the room has closed").frame(None);
        assert!(plain.get("reasons").is_none(), "{plain}");
    }
}
