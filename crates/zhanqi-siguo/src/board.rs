//! The pieces on the board: a mailbox of 324 points and, per seat, a bit set of the points
//! its pieces stand on (so that move generation visits a seat's pieces without scanning).

use zhanqi_core::{BySeat, Seat};

use crate::geometry::{POINTS, Point};
use crate::{Kind, Piece};

const WORDS: usize = POINTS.div_ceil(64);

/// A set of points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Points([u64; WORDS]);

impl Points {
    /// Whether `point` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, point: Point) -> bool {
        self.0[point.index() / 64] & (1 << (point.index() % 64)) != 0
    }

    #[inline]
    fn insert(&mut self, point: Point) {
        self.0[point.index() / 64] |= 1 << (point.index() % 64);
    }

    #[inline]
    fn remove(&mut self, point: Point) {
        self.0[point.index() / 64] &= !(1 << (point.index() % 64));
    }

    /// How many points are in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The points in index order.
    pub fn iter(self) -> impl Iterator<Item = Point> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(index, mut word)| {
                std::iter::from_fn(move || {
                    (word != 0).then(|| {
                        let bit = word.trailing_zeros() as usize;
                        word &= word - 1;
                        Point::from_index(index * 64 + bit)
                    })
                })
            })
    }
}

/// The board: what stands on each point.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// 0 for empty, else `1 + 4 · seat + kind`.
    cells: [u8; POINTS],
    /// The points of each seat's pieces.
    occupied: BySeat<Points>,
}

impl std::fmt::Debug for Board {
    /// The pieces with their points (`R1@d4 …`): compact, for test failures and view checks.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pieces: Vec<String> = self
            .pieces()
            .map(|(point, piece)| format!("{piece}@{point}"))
            .collect();
        write!(f, "Board[{}]", pieces.join(" "))
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::EMPTY
    }
}

const KINDS: [Kind; 4] = Kind::ALL;

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board {
        cells: [0; POINTS],
        occupied: BySeat([Points([0; WORDS]); 4]),
    };

    /// The piece on `point`.
    #[inline]
    #[must_use]
    pub fn get(&self, point: Point) -> Option<Piece> {
        let code = self.cells[point.index()];
        (code != 0).then(|| {
            let code = code - 1;
            Piece::new(
                KINDS[usize::from(code & 3)],
                Seat::new(usize::from(code >> 2)),
            )
        })
    }

    /// Whether `point` is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self, point: Point) -> bool {
        self.cells[point.index()] == 0
    }

    /// The seat of the piece on `point`.
    #[inline]
    #[must_use]
    pub fn seat_at(&self, point: Point) -> Option<Seat> {
        let code = self.cells[point.index()];
        (code != 0).then(|| Seat::new(usize::from((code - 1) >> 2)))
    }

    /// Puts `piece` on `point`, replacing whatever stood there.
    pub fn put(&mut self, point: Point, piece: Piece) {
        self.clear(point);
        self.cells[point.index()] = 1 + (piece.seat.index() as u8) * 4 + piece.kind as u8;
        self.occupied[piece.seat].insert(point);
    }

    /// Empties `point`; returns what stood there.
    pub fn clear(&mut self, point: Point) -> Option<Piece> {
        let piece = self.get(point)?;
        self.cells[point.index()] = 0;
        self.occupied[piece.seat].remove(point);
        Some(piece)
    }

    /// Moves the piece on `from` to `to`, which must be empty (nothing happens if `from` is).
    #[inline]
    pub fn relocate(&mut self, from: Point, to: Point) {
        let code = self.cells[from.index()];
        if code == 0 {
            return;
        }
        let seat = Seat::new(usize::from((code - 1) >> 2));
        self.cells[from.index()] = 0;
        self.cells[to.index()] = code;
        self.occupied[seat].remove(from);
        self.occupied[seat].insert(to);
    }

    /// The points of `seat`'s pieces.
    #[inline]
    #[must_use]
    pub fn pieces_of(&self, seat: Seat) -> Points {
        self.occupied[seat]
    }

    /// Removes every piece of `seat`; returns how many there were.
    pub fn remove_seat(&mut self, seat: Seat) -> usize {
        let points = self.occupied[seat];
        for point in points.iter() {
            self.cells[point.index()] = 0;
        }
        self.occupied[seat] = Points::default();
        points.len()
    }

    /// The point of `seat`'s general, if it is on the board.
    #[must_use]
    pub fn general_of(&self, seat: Seat) -> Option<Point> {
        self.occupied[seat]
            .iter()
            .find(|&point| self.get(point).is_some_and(|p| p.kind == Kind::General))
    }

    /// Every piece with its point, in point order.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        Point::all().filter_map(|point| self.get(point).map(|piece| (point, piece)))
    }
}
