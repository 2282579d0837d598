//! The game abstraction shared by every zhanqi game, and the platform rules they share.
//!
//! A game implements [`Game`] (rules and state) and [`GameNotation`] (its text forms); the
//! server, the AI, the engine protocol and the simulator see games only through these traits.
//! A game's AI knowledge (its evaluator, its chooser for unlisted actions) is its
//! implementation of [`ai::AiGame`]; what a player's screen needs of it, its
//! [`ClientGame`] (the client contract).

pub mod ai;
pub mod client;
mod game;
mod import;
mod notation;
pub mod platform;
mod rng;
mod seat;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use client::{
    Choice, ClientGame, OptionField, OptionKind, OptionValue, Progress, Reason, SeatProgress,
    SetupEditor, SetupError, TimeoutRule,
};
pub use game::{Game, OptionsError, Outcome, PlatformAction, Rolled, SeatResult, ToAct};
pub use import::{ImportError, ImportedRecord};
pub use notation::{GameNotation, NotationError};
pub use rng::GameRng;
pub use seat::{BySeat, MAX_SEATS, Seat, SeatSet, Team, Viewer};
