//! Why an action was refused, as one sentence.

use crate::{CardId, Cell, Element};

/// Why an action was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Illegal {
    /// The game is over: nothing can be played.
    #[error("the game is over; no action can be played")]
    GameOver,
    /// The seat is not the one to act.
    #[error("it is not seat {seat}'s turn to act; {expected} acts now")]
    NotYourTurn {
        /// The seat that tried (`1`, `2`).
        seat: String,
        /// Who acts now (`seat 1`, `chance`).
        expected: String,
    },
    /// The action is of another kind than the game waits for.
    #[error("the game waits for {waits}, not {given}")]
    WrongKind {
        /// What the game waits for.
        waits: &'static str,
        /// What was given.
        given: &'static str,
    },
    /// A die face outside 1–6.
    #[error("a die shows 1 to 6, not {0}")]
    BadFace(u8),
    /// The element choice names the wrong number of elements.
    #[error("{dice} {verb} \"any\"; name one element for each, as in {example}")]
    ChoiceCount {
        /// `one die` or `both dice`.
        dice: &'static str,
        /// `shows` or `show`.
        verb: &'static str,
        /// `=H` or `=H,S`.
        example: &'static str,
    },
    /// A placed card is not in the active player's hand.
    #[error("{0} is not in your hand")]
    NotInHand(CardId),
    /// A placed card is not of a rolled element.
    #[error("{card} is {element}, but the rolled elements are {rolled0},{rolled1}")]
    NotRolled {
        /// The card.
        card: CardId,
        /// Its element.
        element: Element,
        /// The first rolled element.
        rolled0: Element,
        /// The second rolled element.
        rolled1: Element,
    },
    /// Two placed cards are not one of each rolled element.
    #[error("the two placed cards must be one {0} and one {1}")]
    NotOneOfEach(Element, Element),
    /// The same card is placed twice.
    #[error("{0} cannot be placed twice")]
    SameCard(CardId),
    /// A cell is not empty.
    #[error("{0} is not empty")]
    CellTaken(Cell),
    /// Both cards are placed on one cell.
    #[error("both cards cannot go on {0}")]
    SameCell(Cell),
    /// The two cells are orthogonal neighbours (§7.4.2).
    #[error("{0} and {1} are adjacent; the two cards placed in a turn may not be")]
    Adjacent(Cell, Cell),
    /// Fewer cards are placed than the rules require (§7.4.3).
    #[error("you must place {must} card(s) this turn (as many as possible), not {placed}")]
    TooFew {
        /// How many must be placed.
        must: usize,
        /// How many were.
        placed: usize,
    },
    /// The card is not one the pending 行生 may recover.
    #[error("{card} cannot be recovered: the discard pile holds no such {element} card")]
    NotRecoverable {
        /// The card named.
        card: CardId,
        /// The element being recovered.
        element: Element,
    },
}
