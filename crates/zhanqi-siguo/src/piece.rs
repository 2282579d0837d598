//! The pieces of §1.2: general, chariot, cannon and soldier, each of one seat.

use std::fmt;

use zhanqi_core::Seat;

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// 將, `G`: one step inside its own region.
    General,
    /// 車, `R`: slides.
    Chariot,
    /// 炮, `C`: slides, captures over one screen.
    Cannon,
    /// 兵, `S`: one or two steps.
    Soldier,
}

impl Kind {
    /// The four kinds, in the order of a deployment string.
    pub const ALL: [Kind; 4] = [Kind::General, Kind::Chariot, Kind::Cannon, Kind::Soldier];

    /// The kind's letter in the notation.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::General => 'G',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'S',
        }
    }

    /// The kind with this letter.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Kind> {
        match letter {
            b'G' => Some(Kind::General),
            b'R' => Some(Kind::Chariot),
            b'C' => Some(Kind::Cannon),
            b'S' => Some(Kind::Soldier),
            _ => None,
        }
    }

    /// How many pieces of this kind one seat has (§1.2).
    #[must_use]
    pub const fn count(self) -> usize {
        match self {
            Kind::Soldier => 20,
            _ => 1,
        }
    }

    /// The kind's name in sentences.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Soldier => "soldier",
        }
    }
}

/// A piece: a kind and the seat it belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is.
    pub seat: Seat,
}

impl Piece {
    /// A piece of `kind` of `seat`.
    #[must_use]
    pub const fn new(kind: Kind, seat: Seat) -> Piece {
        Piece { kind, seat }
    }
}

impl fmt::Display for Piece {
    /// The piece token `R1` (§11.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind.letter(), self.seat.index() + 1)
    }
}
