//! What each viewer may see (§9.2 "Public view"), and determinization.

use zhanqi_core::{GameRng, Seat, Viewer};

use crate::geometry::CELLS;
use crate::{CardId, CardSet, Cell, Element, Pile, Player, Position, Shengke};

/// A list of cards a viewer may see, or only how many there are.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PileView {
    /// The cards, in order (a pile: top first; a hand: sorted).
    Cards(Vec<CardId>),
    /// Only the number of cards.
    Count(usize),
}

impl PileView {
    /// How many cards.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            PileView::Cards(cards) => cards.len(),
            PileView::Count(count) => *count,
        }
    }

    /// Whether there are no cards.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One player's lines of a state block (§9.2), as a viewer sees them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerView {
    /// The five element piles, M…S.
    pub piles: [PileView; 5],
    /// The hand.
    pub hand: PileView,
    /// The discard pile (always public).
    pub discard: CardSet,
}

/// What one viewer may know of a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShengkeView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The state block as they see it.
    pub position: Position,
}

impl Shengke {
    /// The game as `viewer` may see it: an omniscient viewer sees everything; a seat sees its
    /// own hand; piles and the other hands are counts.
    #[must_use]
    pub fn view_for(&self, viewer: Viewer) -> ShengkeView {
        let mut field = [None; CELLS];
        for (index, slot) in field.iter_mut().enumerate() {
            *slot = self.field.get(Cell::from_index(index as u8));
        }
        let players = Player::BOTH.map(|player| {
            let cards = &self.players[player.index()];
            let sees_hand = match viewer {
                Viewer::Omniscient => true,
                Viewer::Seat(seat) => seat == player.seat(),
                Viewer::Spectator => false,
            };
            let piles = Element::ALL.map(|element| {
                if viewer == Viewer::Omniscient {
                    PileView::Cards(cards.pile(element).collect())
                } else {
                    PileView::Count(cards.piles[element.index()].len())
                }
            });
            PlayerView {
                piles,
                hand: if sees_hand {
                    PileView::Cards(cards.hand.iter().collect())
                } else {
                    PileView::Count(cards.hand.len())
                },
                discard: cards.discard,
            }
        });
        ShengkeView {
            viewer,
            position: Position {
                turn: self.turn,
                active: self.active(),
                phase: self.phase,
                field,
                players,
            },
        }
    }

    /// A full game that `observer` cannot tell from this one.
    ///
    /// What the observer cannot see is dealt again: the order of every pile (both players':
    /// nobody sees a shuffled pile), and which of the opponent's unseen cards are in hand and
    /// which in the piles. The opponent's unseen cards of an element are those of the
    /// player's cards in play not on the field or in the discard pile; the pile counts fix
    /// how many of them are in hand. The cards are dealt from that public multiset in a fixed
    /// order, so the result for a given `rng` does not depend on the hidden truth. Future
    /// rolls are reseeded from `rng` as well.
    ///
    /// Limitation: public history is not used. A card recovered to the bottom of a pile is
    /// known to be there, but is reshuffled with the rest.
    #[must_use]
    pub fn determinized(&self, observer: Seat, rng: &mut GameRng) -> Shengke {
        let mut game = self.clone();
        game.rng = GameRng::from_seed(rng.next_seed());
        for player in Player::BOTH {
            let own = Some(player) == Player::of_seat(observer);
            let field_cards: CardSet =
                self.field
                    .cards_of(player)
                    .fold(CardSet::EMPTY, |mut set, card| {
                        set.insert(card);
                        set
                    });
            let cards = &mut game.players[player.index()];
            let mut unseen = cards
                .cards
                .difference(field_cards)
                .difference(cards.discard);
            if own {
                unseen = unseen.difference(cards.hand);
            } else {
                cards.hand = CardSet::EMPTY;
            }
            for element in Element::ALL {
                let mut deal: Vec<u8> = unseen.of(element).iter().map(|c| c.index() - 1).collect();
                rng.shuffle(&mut deal);
                let in_pile = cards.piles[element.index()].len();
                let in_hand = deal.len() - in_pile.min(deal.len());
                for &index in &deal[..in_hand] {
                    cards.hand.insert(CardId::new(element, index + 1));
                }
                cards.piles[element.index()] = Pile::from_top(&deal[in_hand..]);
            }
        }
        game
    }
}
