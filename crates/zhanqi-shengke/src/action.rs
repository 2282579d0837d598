//! Actions (§14.3) and the events they produce (the turn record's entries, §9.3).

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::{CardId, Cell, Element, FieldCard};

/// The cards placed in one turn, in placement order (§7.4.4): none, one or two `card@cell`.
///
/// Packed in 22 bits of one word (count, then card and cell of each) so that the hundreds of
/// placements listed each turn are cheap to write and compare. The word's top byte is always
/// zero and typed so (a one-value enum): that leaves `Action` a niche for its other variants, so
/// that an action is four bytes, not eight.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(4))]
pub struct Placement {
    /// Bits 0–15 of the packed word.
    low: u16,
    /// Bits 16–23 of the packed word.
    middle: u8,
    /// Bits 24–31 of the packed word: always zero.
    top: TopByte,
}

/// The top byte of a [`Placement`]'s word, which is always zero.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum TopByte {
    /// The only value.
    Zero = 0,
}

impl Placement {
    /// Nothing placed (`-`).
    pub const NONE: Placement = Placement::from_bits(0);

    /// One card placed.
    #[must_use]
    pub const fn one(card: CardId, cell: Cell) -> Placement {
        Placement::from_bits(1 | (card.number() as u32) << 2 | (cell.index() as u32) << 7)
    }

    /// Two cards placed, `first` first.
    #[must_use]
    pub const fn two(first: (CardId, Cell), second: (CardId, Cell)) -> Placement {
        Placement::from_bits(
            Placement::card_bits(first.0, second.0) | Placement::cell_bits(first.1, second.1),
        )
    }

    /// The packed word: count in bits 0–1, then card (5 bits) and cell (5 bits) of each card.
    const fn bits(self) -> u32 {
        self.low as u32 | (self.middle as u32) << 16
    }

    /// The count and cards of a two-card placement; or-ed with [`Placement::cell_bits`].
    pub(crate) const fn card_bits(first: CardId, second: CardId) -> u32 {
        2 | (first.number() as u32) << 2 | (second.number() as u32) << 12
    }

    /// The cells of a two-card placement; or-ed with [`Placement::card_bits`].
    pub(crate) const fn cell_bits(first: Cell, second: Cell) -> u32 {
        (first.index() as u32) << 7 | (second.index() as u32) << 17
    }

    /// A placement from its packed word (below 2^24: card and cell bits or-ed together).
    pub(crate) const fn from_bits(bits: u32) -> Placement {
        debug_assert!(bits < 1 << 24, "a placement's word has a zero top byte");
        Placement {
            low: bits as u16,
            middle: (bits >> 16) as u8,
            top: TopByte::Zero,
        }
    }

    /// How many cards are placed.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.bits() & 0b11) as usize
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
            CardId::from_number(((self.bits() >> shift) & 31) as u8),
            Cell::from_index(((self.bits() >> (shift + 5)) & 31) as u8),
        )
    }

    /// The placed cards and their cells, in placement order.
    pub fn iter(self) -> impl Iterator<Item = (CardId, Cell)> {
        (0..self.len()).map(move |index| self.get(index))
    }
}

impl Hash for Placement {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits().hash(state);
    }
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_is_four_bytes() {
        assert_eq!(std::mem::size_of::<Action>(), 4);
    }

    #[test]
    fn placements_keep_their_cards_and_cells() {
        let (j1, s5) = (
            CardId::new(Element::Metal, 1),
            CardId::new(Element::Water, 5),
        );
        let (a1, e5) = (Cell::from_index(0), Cell::from_index(24));
        let two = Placement::two((s5, e5), (j1, a1));
        assert_eq!(two.iter().collect::<Vec<_>>(), [(s5, e5), (j1, a1)]);
        assert_eq!(
            Placement::one(s5, e5).iter().collect::<Vec<_>>(),
            [(s5, e5)]
        );
        assert!(Placement::NONE.is_empty());
        assert_ne!(Action::Place(Placement::NONE), Action::Recover(j1));
        assert_ne!(
            Action::Place(two),
            Action::Place(Placement::two((j1, a1), (s5, e5)))
        );
    }
}
