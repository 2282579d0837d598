//! The field (場地區): at most one card a cell, with masks by owner and by element so that
//! the judgements are a few bit operations.

use crate::geometry::{ALL_CELLS, CELLS};
use crate::{CardId, Cell, Element, FieldCard, Player};

/// An empty cell in [`Field::cells`].
const EMPTY: u8 = u8::MAX;

/// The cards on the field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Field {
    /// Each cell: `EMPTY`, or the owner's index times 32 plus the card number.
    cells: [u8; CELLS],
    /// The cells holding each player's cards.
    owned: [u32; 2],
    /// The cells holding cards of each element.
    elements: [u32; 5],
}

impl Default for Field {
    fn default() -> Field {
        Field::EMPTY
    }
}

impl Field {
    /// A field with no card.
    pub const EMPTY: Field = Field {
        cells: [EMPTY; CELLS],
        owned: [0; 2],
        elements: [0; 5],
    };

    /// The card on `cell`, if any.
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<FieldCard> {
        let value = self.cells[usize::from(cell.index())];
        (value != EMPTY).then(|| FieldCard {
            owner: Player::from_index(usize::from(value >> 5)),
            card: CardId::from_number(value & 31),
        })
    }

    /// Whether `card` stands on `cell`.
    #[must_use]
    pub fn holds(&self, cell: Cell, card: FieldCard) -> bool {
        self.cells[usize::from(cell.index())] == encode(card)
    }

    /// Puts a card on an empty cell.
    pub fn put(&mut self, cell: Cell, card: FieldCard) {
        debug_assert!(self.get(cell).is_none(), "{cell} is not empty");
        self.cells[usize::from(cell.index())] = encode(card);
        self.owned[card.owner.index()] |= cell.bit();
        self.elements[card.card.element().index()] |= cell.bit();
    }

    /// Takes the card off `cell`.
    pub fn take(&mut self, cell: Cell) -> Option<FieldCard> {
        let card = self.get(cell)?;
        self.cells[usize::from(cell.index())] = EMPTY;
        self.owned[card.owner.index()] &= !cell.bit();
        self.elements[card.card.element().index()] &= !cell.bit();
        Some(card)
    }

    /// The cells holding `player`'s cards.
    #[must_use]
    pub const fn owned(&self, player: Player) -> u32 {
        self.owned[player as usize]
    }

    /// The cells holding cards of `element`.
    #[must_use]
    pub const fn of_element(&self, element: Element) -> u32 {
        self.elements[element as usize]
    }

    /// The empty cells.
    #[must_use]
    pub const fn empty(&self) -> u32 {
        ALL_CELLS & !(self.owned[0] | self.owned[1])
    }

    /// How many cards `player` has on the field.
    #[must_use]
    pub const fn count(&self, player: Player) -> u8 {
        self.owned[player as usize].count_ones() as u8
    }

    /// The cards of `player` on the field.
    pub fn cards_of(&self, player: Player) -> impl Iterator<Item = CardId> + '_ {
        Cell::of_mask(self.owned(player)).filter_map(|cell| self.get(cell).map(|card| card.card))
    }
}

fn encode(card: FieldCard) -> u8 {
    (card.owner.index() as u8) << 5 | card.card.number()
}
