//! One line of the engine protocol, read into a request whose fields are checked one by one.

use serde_json::{Map, Value};

use crate::error::GameError;

/// The ops of the engine protocol, in the order its specification lists them.
pub(crate) const OPS: &[&str] = &[
    "games", "new", "load", "position", "view", "roll", "legal", "play", "outcome", "perft",
    "think", "quit",
];

/// Why a request got `"ok":false`: one sentence, and nothing changed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RequestError {
    /// The line is not UTF-8.
    #[error("the request is not UTF-8 text")]
    NotUtf8,
    /// The line is not JSON.
    #[error("the request is not JSON: {0}")]
    NotJson(String),
    /// The line is JSON but not an object.
    #[error("the request must be a JSON object such as {{\"op\":\"legal\"}}, not {0}")]
    NotObject(&'static str),
    /// The request names no op.
    #[error("the request has no 'op' field; every request names one, such as {{\"op\":\"legal\"}}")]
    NoOp,
    /// The op is not one of the protocol's.
    #[error("unknown op '{op}'; the ops are: {known}")]
    UnknownOp {
        /// The op sent.
        op: String,
        /// The protocol's ops.
        known: String,
    },
    /// A required field is missing.
    #[error("the {op} request needs a '{field}' field")]
    Missing {
        /// The op of the request.
        op: String,
        /// The missing field.
        field: &'static str,
    },
    /// A field has the wrong type.
    #[error("field '{field}' of the {op} request must be {expected}, but it is {found}")]
    Mistyped {
        /// The op of the request.
        op: String,
        /// The field (`deployments.s` for a member of an object field).
        field: String,
        /// What it must be.
        expected: &'static str,
        /// What it is.
        found: &'static str,
    },
    /// The request needs a current game and there is none.
    #[error("there is no current game; start one with new or load")]
    NoGame,
    /// The `player` of a `think` request names no player.
    #[error(transparent)]
    Player(#[from] zhanqi_ai::SpecError),
    /// The game refused the request.
    #[error(transparent)]
    Game(#[from] GameError),
    /// Handling the request panicked: a bug, reported on standard error.
    #[error(
        "internal error while handling the {op} request (a bug in zhanqi, reported on standard error)"
    )]
    Panicked {
        /// The op of the request.
        op: String,
    },
}

/// A request: a JSON object with an `op`.
pub(crate) struct Request {
    fields: Map<String, Value>,
    /// The `id` to echo, if the request has one.
    pub(crate) id: Option<Value>,
}

impl Request {
    /// Reads one line (without its line end).
    pub(crate) fn parse(line: &[u8]) -> Result<Request, (Option<Value>, RequestError)> {
        let text = std::str::from_utf8(line).map_err(|_| (None, RequestError::NotUtf8))?;
        let value: Value = serde_json::from_str(text)
            .map_err(|error| (None, RequestError::NotJson(error.to_string())))?;
        let Value::Object(mut fields) = value else {
            return Err((None, RequestError::NotObject(kind(&value))));
        };
        let id = fields.remove("id");
        Ok(Request { fields, id })
    }

    /// The op.
    pub(crate) fn op(&self) -> Result<&str, RequestError> {
        match self.fields.get("op") {
            None | Some(Value::Null) => Err(RequestError::NoOp),
            Some(Value::String(op)) => Ok(op),
            Some(other) => Err(self.mistyped("op", "a string", other)),
        }
    }

    fn op_name(&self) -> String {
        match self.fields.get("op") {
            Some(Value::String(op)) => op.clone(),
            _ => "unnamed".to_owned(),
        }
    }

    /// A field that may be absent (a JSON `null` counts as absent).
    fn optional(&self, field: &str) -> Option<&Value> {
        self.fields.get(field).filter(|value| !value.is_null())
    }

    fn required(&self, field: &'static str) -> Result<&Value, RequestError> {
        self.optional(field).ok_or_else(|| RequestError::Missing {
            op: self.op_name(),
            field,
        })
    }

    fn mistyped(
        &self,
        field: impl Into<String>,
        expected: &'static str,
        found: &Value,
    ) -> RequestError {
        RequestError::Mistyped {
            op: self.op_name(),
            field: field.into(),
            expected,
            found: kind(found),
        }
    }

    /// A required string field.
    pub(crate) fn string(&self, field: &'static str) -> Result<&str, RequestError> {
        let value = self.required(field)?;
        value
            .as_str()
            .ok_or_else(|| self.mistyped(field, "a string", value))
    }

    /// An optional string field.
    pub(crate) fn optional_string(
        &self,
        field: &'static str,
    ) -> Result<Option<&str>, RequestError> {
        self.optional(field)
            .map(|value| {
                value
                    .as_str()
                    .ok_or_else(|| self.mistyped(field, "a string", value))
            })
            .transpose()
    }

    /// A required unsigned 64-bit integer field.
    pub(crate) fn unsigned(&self, field: &'static str) -> Result<u64, RequestError> {
        let value = self.required(field)?;
        value
            .as_u64()
            .ok_or_else(|| self.mistyped(field, "an unsigned 64-bit integer", value))
    }

    /// An optional unsigned 64-bit integer field.
    pub(crate) fn optional_unsigned(
        &self,
        field: &'static str,
    ) -> Result<Option<u64>, RequestError> {
        self.optional(field)
            .map(|value| {
                value
                    .as_u64()
                    .ok_or_else(|| self.mistyped(field, "an unsigned 64-bit integer", value))
            })
            .transpose()
    }

    /// A required unsigned 32-bit integer field.
    pub(crate) fn small_unsigned(&self, field: &'static str) -> Result<u32, RequestError> {
        let expected = "an unsigned integer below 2^32";
        let value = self.required(field)?;
        match value.as_u64().map(u32::try_from) {
            Some(Ok(number)) => Ok(number),
            Some(Err(_)) => Err(RequestError::Mistyped {
                op: self.op_name(),
                field: field.to_owned(),
                expected,
                found: "too large",
            }),
            None => Err(self.mistyped(field, expected, value)),
        }
    }

    /// An optional object field.
    pub(crate) fn optional_object(
        &self,
        field: &'static str,
    ) -> Result<Option<&Value>, RequestError> {
        self.optional(field)
            .map(|value| {
                if value.is_object() {
                    Ok(value)
                } else {
                    Err(self.mistyped(field, "an object", value))
                }
            })
            .transpose()
    }

    /// An optional object of strings by name (`"deployments":{"s":"…"}`), as pairs.
    pub(crate) fn optional_string_map(
        &self,
        field: &'static str,
    ) -> Result<Vec<(&str, &str)>, RequestError> {
        let Some(value) = self.optional(field) else {
            return Ok(Vec::new());
        };
        let Value::Object(map) = value else {
            return Err(self.mistyped(field, "an object of seat names to strings", value));
        };
        map.iter()
            .map(|(name, text)| {
                text.as_str()
                    .map(|text| (name.as_str(), text))
                    .ok_or_else(|| self.mistyped(format!("{field}.{name}"), "a string", text))
            })
            .collect()
    }
}

/// What kind of JSON value this is, for error messages.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(number) if number.is_u64() => "an unsigned integer",
        Value::Number(number) if number.is_i64() => "a negative integer",
        Value::Number(number) => match number.as_f64() {
            Some(float) if float.fract() != 0.0 => "a fractional number",
            Some(float) if float.abs() >= 9.2e18 => "a number out of range",
            _ => "a number with a decimal point or an exponent",
        },
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
