//! Actions (§14.3) and the events they produce (the turn record's entries, §9.3).

use crate::{CardId, Cell, Element, FieldCard};

/// The cards placed in one turn, in placement order (§7.4.4): none, one or two `card@cell`.
///
/// Packed in one word (count, then card and cell of each) so that the hundreds of placements
/// listed each turn are cheap to write and compare.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placement(u32);

impl Placement {
    /// Nothing placed (`-`).
    pub const NONE: Placement = Placement(0);

    /// One card placed.
    #[must_use]
    pub const fn one(card: CardId, cell: Cell) -> Placement {
        Placement(1 | (card.number() as u32) << 2 | (cell.index() as u32) << 7)
    }

    /// Two cards placed, `first` first.
    #[must_use]
    pub const fn two(first: (CardId, Cell), second: (CardId, Cell)) -> Placement {
        Placement(
            2 | (first.0.number() as u32) << 2
                | (first.1.index() as u32) << 7
                | (second.0.number() as u32) << 12
                | (second.1.index() as u32) << 17,
        )
    }

    /// The count and cards of a two-card placement; or-ed with [`Placement::cell_bits`].
    pub(crate) const fn card_bits(first: CardId, second: CardId) -> u32 {
        2 | (first.number() as u32) << 2 | (second.number() as u32) << 12
    }

    /// The cells of a two-card placement; or-ed with [`Placement::card_bits`].
    pub(crate) const fn cell_bits(first: Cell, second: Cell) -> u32 {
        (first.index() as u32) << 7 | (second.index() as u32) << 17
    }

    /// A two-card placement from its card and cell bits.
    pub(crate) const fn from_bits(bits: u32) -> Placement {
        Placement(bits)
    }

    /// How many cards are placed.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0 & 0b11) as usize
    }

    /// Whether nothing is placed.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The `index`-th placed card (0 or 1) and its cell.
    #[must_use]
    pub const fn get(self, index: usize) -> (CardId, Cell) {
        let shift = 2 + 10 * index as u32;
        (
            CardId::from_number(((self.0 >> shift) & 31) as u8),
            Cell::from_index(((self.0 >> (shift + 5)) & 31) as u8),
        )
    }

    /// The placed cards and their cells, in placement order.
    pub fn iter(self) -> impl Iterator<Item = (CardId, Cell)> {
        (0..self.len()).map(move |index| self.get(index))
    }
}

/// An action of a seat, or a chance outcome.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// The roll (chance): the faces of die 1 and die 2, each 1–6 (`65`).
    Roll([u8; 2]),
    /// The elements chosen for the dice that show "any", in die order (`=H`, `=S,J`).
    Choose(Element, Option<Element>),
    /// The placement (`M4@b2 T1@c3`, `H3@a1`, `-`).
    Place(Placement),
    /// The card recovered by a pending 行生 (`xs:J4`).
    Recover(CardId),
}

/// What happened, in order: the entries of a turn record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Event {
    /// The active player drew this card in the draw phase (`+M4`).
    Drew(CardId),
    /// 行剋: this card was destroyed by a placed card's out range (`xk:1T1@c3`).
    Overcame {
        /// The destroyed card.
        card: FieldCard,
        /// Where it stood.
        cell: Cell,
    },
    /// 剋行: this placed card was destroyed by a card in its in range (`kx:1M4@b2`).
    Overcome {
        /// The destroyed card.
        card: FieldCard,
        /// Where it stood.
        cell: Cell,
    },
    /// 行生: this card went from the discard pile to the bottom of its pile, or nothing could
    /// be recovered (`xs:J4`, `xs:-`).
    Recovered(Option<CardId>),
    /// 生行: this card was drawn from the placed card's own pile, or the pile was empty
    /// (`sx:T2`, `sx:-`).
    Generated(Option<CardId>),
    /// The judgement stopped: the active player must choose the card this placed card
    /// recovers.
    AwaitingRecovery(CardId),
    /// The turn ended with these field counts (player 1, player 2).
    TurnEnded([u8; 2]),
}

/// Where the rules write their events: a `Vec` when someone wants them, nothing on the fast
/// path of search and simulation.
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// An event sink that drops everything.
pub struct Quiet;

impl EventSink for Quiet {
    #[inline]
    fn push(&mut self, _event: Event) {}
}
