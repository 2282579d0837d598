//! The one error type of the server's boundary, mapped once to HTTP answers and WebSocket
//! error frames.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use zhanqi_store::StoreError;

/// Why a request or a command was refused, with a code the client can act on and one sentence
/// a person can read.
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
}

impl ApiError {
    /// An error with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            marks: Vec::new(),
        }
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
        frame
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        crate::metrics::error(self.code);
        let body = serde_json::json!({"error": {"code": self.code, "message": self.message}});
        (self.status(), Json(body)).into_response()
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
