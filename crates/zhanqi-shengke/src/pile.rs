//! An element pile (屬性牌組區): at most five cards of one element, face down, in order.

/// The cards of one element pile, top first, each as its index 0–4 within the element.
///
/// Packed three bits a card with the top card in the lowest bits, so that drawing the top and
/// putting a card at the bottom are shifts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Pile {
    packed: u16,
    len: u8,
}

impl Pile {
    /// An empty pile.
    pub const EMPTY: Pile = Pile { packed: 0, len: 0 };

    /// The pile holding these card indices (0–4), top first.
    ///
    /// # Panics
    /// If more than five cards are given.
    #[must_use]
    pub fn from_top(indices: &[u8]) -> Pile {
        assert!(indices.len() <= 5, "a pile holds at most five cards");
        let mut pile = Pile::EMPTY;
        for &index in indices {
            pile.put_bottom(index);
        }
        pile
    }

    /// How many cards the pile holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Takes the top card, if any.
    pub fn draw(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        let top = (self.packed & 0b111) as u8;
        self.packed >>= 3;
        self.len -= 1;
        Some(top)
    }

    /// Puts a card at the bottom.
    pub fn put_bottom(&mut self, index: u8) {
        debug_assert!(self.len < 5 && index < 5, "a pile holds at most five cards");
        self.packed |= u16::from(index) << (3 * self.len);
        self.len += 1;
    }

    /// The card indices, top first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..self.len).map(move |position| ((self.packed >> (3 * position)) & 0b111) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_from_the_top_and_recovers_to_the_bottom() {
        let mut pile = Pile::from_top(&[3, 0, 1]);
        assert_eq!(pile.draw(), Some(3));
        pile.put_bottom(4);
        assert_eq!(pile.iter().collect::<Vec<_>>(), [0, 1, 4]);
        assert_eq!(pile.len(), 3);
        assert_eq!(
            (pile.draw(), pile.draw(), pile.draw()),
            (Some(0), Some(1), Some(4))
        );
        assert_eq!(pile.draw(), None);
        assert!(pile.is_empty());
    }
}
