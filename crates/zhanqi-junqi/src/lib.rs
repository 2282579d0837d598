//! 军棋 / 四国军棋 / 翻棋 (junqi) for zhanqi, after `shared/rules/junqi.md`.
//!
//! Modes: `2p` (the standard two-player board), `4p` (四国军棋, two teams of two) and `dark`
//! (翻棋, face-down pieces on the two-player board). [`Junqi`] implements the core `Game` and
//! `GameNotation` traits; the modules below are its parts, one concept each.

mod action;
pub mod ai;
pub mod belief;
pub mod board;
mod client;
mod combat;
mod deployment;
mod game;
mod illegal;
mod interface;
pub mod jgs;
pub mod knowledge;
pub mod movegen;
pub mod notation;
mod options;
mod piece;
pub mod platform;
mod position;
mod scoring;
pub mod ui;
mod view;

pub use action::{Action, DefeatReason, EndReason, Event};
pub use belief::{Dealing, PieceBelief};
pub use combat::{Battle, battle};
pub use deployment::{Deployment, DeploymentError, Malformed, Violation};
pub use game::{Junqi, NO_ATTACK_LIMIT};
pub use illegal::Illegal;
pub use knowledge::{KindCounts, KindSet, Track};
pub use options::{ColourRule, Compat, JunqiOptions, Mode};
pub use piece::{Cell, Kind};
pub use position::{Position, SeatState, Status, Turn};
pub use view::JunqiView;
