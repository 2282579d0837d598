//! A position: what a position string (§8.1) holds.

use zhanqi_core::{BySeat, Seat, SeatSet};

use crate::board::{Board, MAX_POSTS, Post};
use crate::{Cell, Mode};

/// Whether a seat still plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// `+`: in the game.
    Active,
    /// `-`: defeated.
    Defeated,
    /// `!`: escaped.
    Escaped,
}

impl Status {
    /// The notation mark (`+`, `-`, `!`).
    #[must_use]
    pub const fn mark(self) -> char {
        match self {
            Status::Active => '+',
            Status::Defeated => '-',
            Status::Escaped => '!',
        }
    }
}

/// One seat's state in a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SeatState {
    /// Active, defeated or escaped.
    pub status: Status,
    /// Timeouts so far, 0–5.
    pub timeouts: u8,
}

/// Whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// Players are still deploying (written `*`; an extension of §8.1 for positions before
    /// the first move).
    Deploying,
    /// This seat moves.
    Seat(Seat),
    /// The game is over (`-`).
    Over,
}

/// Dark-chess colours: red `r` (0) and blue `u` (1).
pub const RED: u8 = 0;
/// Blue, `u`.
pub const BLUE: u8 = 1;

/// A position: the placement, the turn, the seats, the public flags (or dark colours) and the
/// two counters. Views are positions too, with unknown identities.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// The mode.
    pub mode: Mode,
    /// What stands on each post, by post index.
    pub cells: [Cell; MAX_POSTS],
    /// Whose turn it is.
    pub turn: Turn,
    /// Each seat in play; `None` for seats not in play.
    pub seats: BySeat<Option<SeatState>>,
    /// 2p/4p: the seats whose flag is public (CB-6).
    pub flags_public: SeatSet,
    /// Dark: the colour of `s`, once colours are decided.
    pub south_colour: Option<u8>,
    /// `Q`: consecutive moves without an attack.
    pub no_attack: u32,
    /// `M`: moves completed.
    pub moves: u32,
}

impl Position {
    /// An empty board of a mode with the given seats in play, all active.
    #[must_use]
    pub fn empty(mode: Mode, seats: SeatSet) -> Position {
        Position {
            mode,
            cells: [Cell::EMPTY; MAX_POSTS],
            turn: Turn::Deploying,
            seats: BySeat::from_fn(|seat| {
                seats.contains(seat).then_some(SeatState {
                    status: Status::Active,
                    timeouts: 0,
                })
            }),
            flags_public: SeatSet::EMPTY,
            south_colour: None,
            no_attack: 0,
            moves: 0,
        }
    }

    /// The board of the position's mode.
    #[must_use]
    pub fn board(&self) -> &'static Board {
        Board::get(self.mode.shape())
    }

    /// What stands on a post.
    #[must_use]
    pub fn cell(&self, post: Post) -> Cell {
        self.cells[usize::from(post)]
    }

    /// The seats in play.
    #[must_use]
    pub fn seats_in_play(&self) -> SeatSet {
        self.seats
            .iter()
            .filter(|(_, state)| state.is_some())
            .map(|(seat, _)| seat)
            .collect()
    }

    /// The seats still active.
    #[must_use]
    pub fn active(&self) -> SeatSet {
        self.seats
            .iter()
            .filter(|(_, state)| {
                matches!(
                    state,
                    Some(SeatState {
                        status: Status::Active,
                        ..
                    })
                )
            })
            .map(|(seat, _)| seat)
            .collect()
    }

    /// A seat's status, if it is in play.
    #[must_use]
    pub fn status(&self, seat: Seat) -> Option<Status> {
        self.seats[seat].map(|state| state.status)
    }

    /// The name of a seat (`s`, `e`, `n`, `w`).
    #[must_use]
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.mode.seat_names()[seat.index()]
    }

    /// The cell owner that stands for a seat's pieces: the seat index, or in dark its colour
    /// (`None` before colours are decided).
    #[must_use]
    pub fn owner_of(&self, seat: Seat) -> Option<u8> {
        match self.mode {
            Mode::Dark => self
                .south_colour
                .map(|south| if seat.index() == 0 { south } else { 1 - south }),
            _ => Some(seat.index() as u8),
        }
    }

    /// The seat whose pieces carry `owner` (in dark, the seat playing that colour).
    #[must_use]
    pub fn seat_of_owner(&self, owner: u8) -> Option<Seat> {
        match self.mode {
            Mode::Dark => self
                .south_colour
                .map(|south| Seat::new(usize::from(owner != south))),
            _ => Some(Seat::new(usize::from(owner))),
        }
    }
}
