//! What each viewer may see (§1.5, §12.8), and determinization.

use zhanqi_core::{GameRng, Seat, Viewer};

use crate::board::Side;
use crate::cards::CardIndex;
use crate::state::Qizhan;

/// What one viewer may know of a game: the position with the other side's hand and both
/// decks written as counts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct QizhanView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The position as they see it (§12.8).
    pub position: String,
}

impl Qizhan {
    /// The game as `viewer` may see it.
    #[must_use]
    pub fn view_for(&self, viewer: Viewer) -> QizhanView {
        QizhanView {
            viewer,
            position: self.position_text(viewer),
        }
    }

    /// A full game that `observer` cannot tell from this one: the opponent's hand and deck
    /// are dealt again from their cards together (the hand keeps its entry numbers), and the
    /// observer's own deck is shuffled again. The cards are sorted before each shuffle, so the
    /// result for a given `rng` does not depend on the hidden truth. Future chance is reseeded
    /// from `rng`.
    #[must_use]
    pub fn determinized(&self, observer: Seat, rng: &mut GameRng) -> Qizhan {
        let mut game = self.clone();
        game.rng = GameRng::from_seed(rng.next_seed());
        let Some(own) = Side::of_seat(observer) else {
            return game;
        };
        let opponent = own.other();
        let cards = &mut game.sides[opponent];
        let mut pool: Vec<CardIndex> = cards.hand.iter().map(|c| c.card).collect();
        pool.extend(cards.deck.iter().copied());
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let mut entries: Vec<u32> = cards.hand.iter().map(|c| c.entry).collect();
        entries.sort_unstable();
        let in_hand = entries.len();
        for (slot, (&card, &entry)) in cards.hand.iter_mut().zip(pool.iter().zip(&entries)) {
            slot.card = card;
            slot.entry = entry;
        }
        cards.hand.sort();
        cards.deck = pool[in_hand..].to_vec();
        let deck = &mut game.sides[own].deck;
        deck.sort_unstable();
        rng.shuffle(deck);
        game
    }
}
