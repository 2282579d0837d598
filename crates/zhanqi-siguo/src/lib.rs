//! 四國戰棋 (siguo) for zhanqi, after `shared/rules/siguo.md`.
//!
//! Four seats in two diagonal teams deploy 23 pieces each in secret on an 18×18 board of four
//! regions, then move in turn: generals, sliding chariots, xiangqi cannons and one-or-two-step
//! soldiers. A piece arriving on an enemy military base gives a redeploy right (up to four
//! soldiers, one step each); bomb cards clear a 3×3 zone from a base; exchange cards swap two
//! allies' base occupiers. A seat whose general falls is eliminated; the team that eliminates
//! both enemies wins. [`Siguo`] implements the core `Game` and `GameNotation` traits; the
//! modules below are its parts, one concept each.

mod action;
pub mod ai;
mod board;
mod client;
mod deployment;
mod game;
pub mod geometry;
mod illegal;
mod interface;
pub mod layout;
mod load;
mod movegen;
pub mod notation;
mod options;
mod perft;
mod piece;
mod play;
mod position;
mod position_text;
mod record;
pub mod ui;
mod view;

pub use action::{Action, EndReason, Event, EventSink, FollowUp, Quiet};
pub use board::{Board, Points};
pub use client::TIMEOUT_LIMIT;
pub use deployment::{Deployment, Violation, describe};
pub use game::{Siguo, end_reason};
pub use geometry::{Base, Point};
pub use illegal::Illegal;
pub use interface::MODE;
pub use layout::Layout;
pub use options::{
    BombIsAction, BombOccupier, BorderCrossing, CannonScreen, ExchangeFollowup, RedeployWindow,
    SiguoOptions, SoldierPath, TurnOrder,
};
pub use piece::{Kind, Piece};
pub use position::{Cards, Pending, Position, Rights, Turn};
pub use record::GameRecord;
pub use view::SiguoView;
