//! Seats, teams and the typed containers indexed by them.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// The most seats any zhanqi game has.
pub const MAX_SEATS: usize = 4;

/// A place at the table, numbered from 0 in the game's own seat order.
///
/// Each game names its seats in its notation (junqi: `s e n w`); the index is only the
/// position in that order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Seat(u8);

impl Seat {
    /// The seat with this index.
    ///
    /// # Panics
    /// If `index` is not below [`MAX_SEATS`].
    #[must_use]
    pub const fn new(index: usize) -> Seat {
        assert!(index < MAX_SEATS, "seat index out of range");
        Seat(index as u8)
    }

    /// The index of the seat, from 0.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats, as a bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The seats `0..count`.
    #[must_use]
    pub const fn first(count: usize) -> SeatSet {
        SeatSet(((1u16 << count) - 1) as u8)
    }

    /// The set holding one seat.
    #[must_use]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds a seat.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// The set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// The set with `seat` removed.
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// Seats in both sets.
    #[must_use]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// Seats in either set.
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat of the set, if any.
    #[must_use]
    pub fn lowest(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The seats in index order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Seat::index)).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

/// A side that wins or loses together; in a game without partners each seat is its own team.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Team(pub u8);

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct BySeat<T>(pub [T; MAX_SEATS]);

impl<T> BySeat<T> {
    /// A value for each seat, computed from the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(std::array::from_fn(|i| f(Seat::new(i))))
    }

    /// The values with their seats, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat::new(i), v))
    }
}

impl<T: Copy> BySeat<T> {
    /// The same value for every seat.
    pub const fn splat(value: T) -> BySeat<T> {
        BySeat([value; MAX_SEATS])
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// Who is looking at a game: one seat, a spectator, or the engine itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Viewer {
    /// A player, who sees what their seat may see.
    Seat(Seat),
    /// A spectator, who sees only public information.
    Spectator,
    /// Everything, hidden or not (the engine, replays of finished games, tests).
    Omniscient,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_hold_what_is_inserted() {
        let mut set = SeatSet::EMPTY;
        set.insert(Seat::new(3));
        set.insert(Seat::new(1));
        assert_eq!(set.len(), 2);
        assert!(set.contains(Seat::new(1)));
        assert!(!set.contains(Seat::new(0)));
        assert_eq!(set.lowest(), Some(Seat::new(1)));
        assert_eq!(set.iter().map(Seat::index).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(SeatSet::first(4).len(), 4);
        assert_eq!(set.without(Seat::new(1)), SeatSet::only(Seat::new(3)));
    }
}
