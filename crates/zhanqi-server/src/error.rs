//! The one error type of the server's boundary, mapped once to HTTP answers and WebSocket
//! error frames.

use axum::Json;
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
}

impl ApiError {
    /// An error with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
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

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            StoreError::NotFound(what) => ApiError::new("not_found", format!("{what} not found")),
            StoreError::Conflict(message) => ApiError::new("conflict", message),
            other => ApiError::internal("reach the database", other),
        }
    }
}
