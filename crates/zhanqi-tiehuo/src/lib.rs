//! 铁与火 (tiehuo) for zhanqi, after `shared/rules/tiehuo.md`.
//!
//! Two players roll an environment and their logistics, deploy battle decks within their
//! logistics, and fight two or three rounds of single attacks and focus fire, with damage,
//! heavy damage, healing, special abilities, optional fog of war, and resupply and cut-off
//! between rounds; the last round ends in a settlement of remaining combat value. Cards are
//! data (`data/*.toml`); armour cards are checked against the card builder of §14. [`Tiehuo`]
//! implements the core `Game` and `GameNotation` traits.

mod action;
pub mod ai;
pub mod builder;
pub mod cards;
pub mod catalog;
mod client;
pub mod deck_file;
mod engine;
mod illegal;
mod interface;
mod movegen;
mod notation;
mod options;
mod state;
mod token;
pub mod ui;
mod view;

pub use action::{Action, Event};
pub use ai::TiehuoEvaluator;
pub use catalog::{CardIndex, Catalog};
pub use client::{BoardUi, SetupUi, TIMEOUT_LIMIT};
pub use engine::hit_value;
pub use illegal::Illegal;
pub use options::{DeckChoice, Decks, LogisticsMode, Mode, TiehuoOptions, option_fields};
pub use state::{
    AttackStage, AttackStep, Cards, Environment, Finish, Flag, Focus, Pending, Phase, PlayerState,
    Reason, TARGETS_INLINE, Tiehuo,
};
pub use token::{BattleCard, Class, FocusMark, Player, parse_token};
pub use view::TiehuoView;
