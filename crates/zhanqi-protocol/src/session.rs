//! An engine session for Rust code that speaks the engine protocol as JSON values: the game
//! crates' engine tests, and bots embedding the engine. The checking methods panic on an
//! unexpected answer, as a test wants.

use serde_json::{Value, json};

use crate::{Engine, Registry};

/// The engine over the standard registry, asked with JSON values.
pub struct EngineSession(Engine);

impl Default for EngineSession {
    fn default() -> EngineSession {
        EngineSession::new()
    }
}

impl EngineSession {
    /// A session over every registered game, with no game loaded.
    #[must_use]
    pub fn new() -> EngineSession {
        EngineSession(Engine::new(Registry::standard()))
    }

    /// The engine's answer to `request`.
    ///
    /// # Panics
    /// If the answer is not JSON (the engine always answers JSON).
    pub fn ask(&mut self, request: &Value) -> Value {
        let line = self.0.answer(request.to_string().as_bytes()).line;
        serde_json::from_str(&line).expect("answers are JSON")
    }

    /// The answer to a request that must be accepted.
    ///
    /// # Panics
    /// If the engine refuses it.
    pub fn ok(&mut self, request: &Value) -> Value {
        let answer = self.ask(request);
        assert_eq!(answer["ok"], true, "{request} refused: {answer}");
        answer
    }

    /// The answer, as text, to a request that must be refused.
    ///
    /// # Panics
    /// If the engine accepts it.
    pub fn refused(&mut self, request: &Value) -> String {
        let answer = self.ask(request);
        assert_eq!(answer["ok"], false, "{request} accepted: {answer}");
        answer.to_string()
    }

    /// Loads `position` of `game`.
    ///
    /// # Panics
    /// If the engine refuses it.
    pub fn load(&mut self, game: &str, position: &str) -> Value {
        self.ok(&json!({"op":"load","game":game,"position":position}))
    }

    /// Plays `action` for `seat`.
    ///
    /// # Panics
    /// If the engine refuses it.
    pub fn play(&mut self, seat: &str, action: &str) -> Value {
        self.ok(&json!({"op":"play","seat":seat,"move":action}))
    }

    /// The loaded game's position as the engine writes it.
    ///
    /// # Panics
    /// If no game is loaded.
    pub fn position(&mut self) -> String {
        self.ok(&json!({"op":"position"}))["position"]
            .as_str()
            .expect("a position is text")
            .to_owned()
    }
}
