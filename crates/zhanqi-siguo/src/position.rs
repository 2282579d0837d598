//! The position (§11.2): board, who acts, cards, redeploy rights, counters; the rights and the
//! pending redeployment (§7.2, §7.3).

use zhanqi_core::{BySeat, Seat, SeatSet};

use crate::Board;
use crate::geometry::{BASES, Base};

/// One seat's cards (§1.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cards {
    /// Bomb cards held, 0–4.
    pub bombs: u8,
    /// Exchange cards held, 0–2.
    pub exchanges: u8,
}

impl Cards {
    /// The cards a seat receives (§4.1).
    pub const FULL: Cards = Cards {
        bombs: 4,
        exchanges: 2,
    };
}

/// Who acts (§11.2 field 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// The deployment phase: these seats have not deployed yet.
    Deploying(SeatSet),
    /// This seat is to move (also during its pending redeployment).
    Seat(Seat),
    /// The game is over.
    Over,
}

/// The redeploy rights of every seat (§7.2): one bit per seat and base.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Rights(u32);

impl Rights {
    /// No right.
    pub const NONE: Rights = Rights(0);

    #[inline]
    const fn bit(seat: Seat, base: Base) -> u32 {
        1 << (seat.index() * BASES + base.index())
    }

    /// Whether `seat` holds the right on `base`.
    #[must_use]
    pub fn contains(self, seat: Seat, base: Base) -> bool {
        self.0 & Rights::bit(seat, base) != 0
    }

    /// Gives `seat` the right on `base`.
    pub fn insert(&mut self, seat: Seat, base: Base) {
        self.0 |= Rights::bit(seat, base);
    }

    /// Takes the right on `base` from `seat`.
    pub fn remove(&mut self, seat: Seat, base: Base) {
        self.0 &= !Rights::bit(seat, base);
    }

    /// Takes every right from `seat`.
    #[inline]
    pub fn clear_seat(&mut self, seat: Seat) {
        self.0 &= !(0xff << (seat.index() * BASES));
    }

    /// Whether `seat` holds any right.
    #[inline]
    #[must_use]
    pub fn any_of(self, seat: Seat) -> bool {
        self.0 & (0xff << (seat.index() * BASES)) != 0
    }

    /// Whether nobody holds a right.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every right, by seat, then by base name: the order of field 4.
    pub fn iter(self) -> impl Iterator<Item = (Seat, Base)> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                (Seat::new(bit / BASES), Base::ALL[bit % BASES])
            })
        })
    }

    /// The rights of one seat, by base name.
    pub fn of(self, seat: Seat) -> impl Iterator<Item = Base> {
        self.iter()
            .filter(move |&(holder, _)| holder == seat)
            .map(|(_, base)| base)
    }
}

/// A redeployment in progress (§7.3): `seat@base:steps` in field 4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pending {
    /// The seat redeploying (the seat to move).
    pub seat: Seat,
    /// The base whose right is being used.
    pub base: Base,
    /// Steps made so far.
    pub steps: u8,
}

/// Everything a position string holds.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// The pieces.
    pub board: Board,
    /// Who acts.
    pub turn: Turn,
    /// Each seat's cards; `None` for an eliminated seat.
    pub cards: BySeat<Option<Cards>>,
    /// The redeploy rights not in use.
    pub rights: Rights,
    /// The pending redeployment, if any.
    pub pending: Option<Pending>,
    /// Consecutive actions without a removal.
    pub quiet: u32,
    /// Actions played (§11.2 field 6).
    pub actions: u32,
}

impl Position {
    /// The position before anyone has deployed: `18/…/18 d1234 4/2,4/2,4/2,4/2 - 0 0`.
    #[must_use]
    pub fn before_deployment() -> Position {
        Position {
            board: Board::EMPTY,
            turn: Turn::Deploying(SeatSet::first(4)),
            cards: BySeat::splat(Some(Cards::FULL)),
            rights: Rights::NONE,
            pending: None,
            quiet: 0,
            actions: 0,
        }
    }

    /// The seats not eliminated.
    #[must_use]
    pub fn alive(&self) -> SeatSet {
        self.cards
            .iter()
            .filter(|(_, cards)| cards.is_some())
            .map(|(seat, _)| seat)
            .collect()
    }

    /// Whether `seat` is not eliminated.
    #[inline]
    #[must_use]
    pub fn is_alive(&self, seat: Seat) -> bool {
        self.cards[seat].is_some()
    }
}
