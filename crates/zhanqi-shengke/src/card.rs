//! Players, card ids (§3.3) and sets of cards.

use std::fmt;

use zhanqi_core::Seat;

use crate::Element;

/// Player 1 (先攻, moves first, seat `1`) or player 2 (後攻, seat `2`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Player {
    /// The first player, on the row-1 side; plays the odd turns.
    One = 0,
    /// The second player, on the row-5 side; plays the even turns.
    Two = 1,
}

impl Player {
    /// Both players, in order.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for player 1, 1 for player 2.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with this index (0 or 1).
    #[must_use]
    pub const fn from_index(index: usize) -> Player {
        if index == 0 { Player::One } else { Player::Two }
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// The player's number in the notation: 1 or 2.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player whose turn `turn` is: player 1 plays the odd turns.
    #[must_use]
    pub const fn of_turn(turn: u16) -> Player {
        if turn % 2 == 1 {
            Player::One
        } else {
            Player::Two
        }
    }

    /// The seat the player plays.
    #[must_use]
    pub const fn seat(self) -> Seat {
        Seat::new(self as usize)
    }

    /// The player of a seat, if the seat is in play.
    #[must_use]
    pub const fn of_seat(seat: Seat) -> Option<Player> {
        match seat.index() {
            0 => Some(Player::One),
            1 => Some(Player::Two),
            _ => None,
        }
    }
}

/// One of a player's 25 cards: its element and its index 1–5 within the element (`J1`).
///
/// Stored as `element * 5 + index - 1`, so that sorting by the number sorts by element order
/// M, H, T, J, S and then by index, as hand and discard lists are written.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct CardId(u8);

impl CardId {
    /// The card with this number (0–24).
    ///
    /// # Panics
    /// If `number` is 25 or more.
    #[must_use]
    pub const fn from_number(number: u8) -> CardId {
        assert!(number < 25, "a card number is below 25");
        CardId(number)
    }

    /// The card `index` (1–5) of `element`.
    ///
    /// # Panics
    /// If `index` is not 1–5.
    #[must_use]
    pub const fn new(element: Element, index: u8) -> CardId {
        assert!(index >= 1 && index <= 5, "a card index is 1 to 5");
        CardId(element as u8 * 5 + index - 1)
    }

    /// The card's number, 0–24.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The card's element.
    #[must_use]
    pub const fn element(self) -> Element {
        Element::from_index(self.0 as usize / 5)
    }

    /// The card's index within its element, 1–5.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0 % 5 + 1
    }

    /// Every card id, in list order.
    pub fn all() -> impl Iterator<Item = CardId> {
        (0..25).map(CardId)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.element().code(), self.index())
    }
}

/// A set of one player's cards, as a 25-bit mask in list order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CardSet(pub u32);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 25 cards.
    pub const ALL: CardSet = CardSet((1 << 25) - 1);

    /// The set holding one card.
    #[must_use]
    pub const fn only(card: CardId) -> CardSet {
        CardSet(1 << card.0)
    }

    /// The five cards of an element.
    #[must_use]
    pub const fn of_element(element: Element) -> CardSet {
        CardSet(0b11111 << (element as u32 * 5))
    }

    /// Whether the card is in the set.
    #[must_use]
    pub const fn contains(self, card: CardId) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds a card.
    pub fn insert(&mut self, card: CardId) {
        self.0 |= 1 << card.0;
    }

    /// Removes a card.
    pub fn remove(&mut self, card: CardId) {
        self.0 &= !(1 << card.0);
    }

    /// The cards in both sets.
    #[must_use]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of this set not in `other`.
    #[must_use]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards in either set.
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `element` in the set.
    #[must_use]
    pub const fn of(self, element: Element) -> CardSet {
        self.intersection(CardSet::of_element(element))
    }

    /// How many cards the set holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in list order (element M…S, then index).
    pub fn iter(self) -> impl Iterator<Item = CardId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let number = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(CardId(number))
        })
    }
}

/// A card with its owner, as it stands on the field (`1J1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FieldCard {
    /// Whose card it is.
    pub owner: Player,
    /// Which card.
    pub card: CardId,
}

impl fmt::Display for FieldCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.owner.number(), self.card)
    }
}

/// Writes a list of cards in the notation: comma-separated ids, or `-` when empty.
pub(crate) fn write_list(cards: impl Iterator<Item = CardId>, out: &mut String) {
    let mut any = false;
    for card in cards {
        if any {
            out.push(',');
        }
        any = true;
        out.push(card.element().code());
        out.push(char::from(b'0' + card.index()));
    }
    if !any {
        out.push('-');
    }
}
