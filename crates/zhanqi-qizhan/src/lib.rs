//! 棋戰卡牌 (qizhan) for zhanqi, after `shared/rules/qizhan.md`.
//!
//! Two sides play main cards (generals, troops, buildings) onto a board of zones — a front
//! line, frontier and landing zones per side — and aux cards (equipment, skills, soul skills,
//! events) onto them, move, attack with counter-attacks, and resolve a closed vocabulary of
//! card effects on a stack. A side with no card in hand or on the board loses. [`Qizhan`]
//! implements the core `Game` and `GameNotation` traits; the modules below are its parts, one
//! concept each.

mod action;
pub mod ai;
mod board;
mod cards;
mod client;
mod combat;
mod deck_file;
mod effect;
mod illegal;
mod interface;
mod movegen;
pub mod notation;
mod options;
mod position;
mod resolve;
mod state;
mod stats;
mod turn;
mod ui;
mod view;
mod wording;

pub use action::{Action, Event};
pub use board::{BoardGraph, BySide, MAX_ARMS, Side, Zone, ZoneKind, ZoneKinds};
pub use cards::{
    AttackType, Card, CardIndex, CardRules, CardSpec, CardTable, CardViolation, Kind,
    STARTER_DECKS, read_deck_file, starter_deck,
};
pub use client::TIMEOUT_LIMIT;
pub use combat::attack_damage;
pub use effect::{
    Duration, Effect, EffectRecord, EffectSpec, Keyword, Keywords, Op, Selector, Stat, Trigger,
    parse_effect, parse_effects,
};
pub use illegal::Illegal;
pub use interface::MODE;
pub use options::{DeckEntry, DeckSpec, Decks, QizhanOptions, Rules, deck_violations};
pub use position::load_position;
pub use state::{
    Attachment, BoardCard, CardRef, Extra, Frame, GameResult, HandCard, Lasting, Modifier,
    ModifierKind, PILE_GENERAL, Phase, Qizhan, Reason, SideCards,
};
pub use stats::Effective;
pub use view::QizhanView;
pub use wording::{Words, card_json, effect_words, effect_words_on};
