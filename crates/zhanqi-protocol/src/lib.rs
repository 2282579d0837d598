//! The game registry and the engine protocol.
//!
//! * [`DynGame`]: every [`zhanqi_core::GameNotation`] game behind one object-safe trait that
//!   speaks the game's notation (seat names, actions, positions as text), through [`Erased`].
//! * [`Registry`] and [`GAMES`]: the games by name; adding a game is one [`entry`] line.
//! * [`run_engine`]: `zhanqi engine`, the JSON-lines protocol of
//!   `shared/rules/engine-protocol.md` (user guide: `docs/engine-protocol.md`).

mod answer;
mod dyn_game;
mod engine;
mod error;
/// The invariant checks of the fuzz targets (`fuzz/`, docs/fuzzing.md).
pub mod fuzzing;
mod perft;
mod record;
mod registry;
mod request;
mod session;
mod ui;

pub use dyn_game::{
    CHANCE, ChanceOutcome, Choices, DrawOffer, DynGame, ESTIMATE_DETERMINIZATIONS, Erased,
    OutcomeSummary, Played, Rolled, Turn,
};
pub use engine::{Answer, Engine, run_engine, run_engine_with};
pub use error::GameError;
pub use record::{GameRecord, RECORD_FORMAT, RecordError, Step};
pub use registry::{
    DEPLOYMENT_STREAM, GAMES, GameEntry, GameVisitor, ImportedGame, RegisteredGame, Registry,
    entry, visit,
};
pub use request::RequestError;
pub use session::EngineSession;
pub use ui::{PlayedUi, UiError, ViewerEvents};
