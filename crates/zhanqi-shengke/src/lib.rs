//! 五行術·生剋棋 (shengke) for zhanqi, after `shared/rules/shengke.md`.
//!
//! Two players each hold 25 spirit-beast cards in five element piles. Each turn the active
//! player rolls two dice (a chance node), names the element of any 6, draws, places two cards
//! on the 5×5 field and lets them judge their neighbours by the generating and overcoming
//! cycles of the five elements. After 20 turns the cards on the field are counted, with a
//! bonus for the first player. [`Shengke`] implements the core `Game` and `GameNotation`
//! traits; the modules below are its parts, one concept each.

mod action;
pub mod ai;
mod card;
mod client;
pub mod deck;
mod element;
mod field;
mod game;
mod geometry;
mod illegal;
mod interface;
mod judgement;
mod movegen;
pub mod notation;
mod options;
mod pile;
mod position;
mod turn_record;
pub mod ui;
mod view;

pub use action::{Action, Event, EventSink, Placement, Quiet};
pub use card::{CardId, CardSet, FieldCard, Player};
pub use deck::{Deck, DeckCard, DeckList, Violation};
pub use element::{Element, Face};
pub use field::Field;
pub use game::{PendingRecovery, Phase, PlayerCards, Shengke};
pub use geometry::{Cell, Direction, Directions, RangeTable};
pub use illegal::Illegal;
pub use options::{PlacementRule, Resolution, ShengkeOptions, Targets, Tie};
pub use pile::Pile;
pub use position::Position;
pub use view::{PileView, PlayerView, ShengkeView};
