//! Pieces: the twelve kinds of §2.1 and how a board cell stores one.

use std::fmt;

/// A kind of piece (junqi.md §2.1), in notation order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Kind {
    /// 司令 Commander, rank 9.
    Commander = 1,
    /// 军长 Corps commander, rank 8.
    Corps,
    /// 师长 Division commander, rank 7.
    Division,
    /// 旅长 Brigade commander, rank 6.
    Brigade,
    /// 团长 Regiment commander, rank 5.
    Regiment,
    /// 营长 Battalion commander, rank 4.
    Battalion,
    /// 连长 Company commander, rank 3.
    Company,
    /// 排长 Platoon commander, rank 2.
    Platoon,
    /// 工兵 Engineer, rank 1: runs the railway network and clears mines.
    Engineer,
    /// 炸弹 Bomb: removed together with whatever it meets.
    Bomb,
    /// 地雷 Mine: never moves; only an engineer survives attacking it.
    Mine,
    /// 军旗 Flag: never moves; losing it defeats its owner.
    Flag,
}

impl Kind {
    /// Every kind, in notation order.
    pub const ALL: [Kind; 12] = [
        Kind::Commander,
        Kind::Corps,
        Kind::Division,
        Kind::Brigade,
        Kind::Regiment,
        Kind::Battalion,
        Kind::Company,
        Kind::Platoon,
        Kind::Engineer,
        Kind::Bomb,
        Kind::Mine,
        Kind::Flag,
    ];

    /// How many of this kind each player has (§2.1).
    #[must_use]
    pub const fn count(self) -> u8 {
        match self {
            Kind::Commander | Kind::Corps | Kind::Flag => 1,
            Kind::Company | Kind::Platoon | Kind::Engineer | Kind::Mine => 3,
            _ => 2,
        }
    }

    /// The officer rank (9 for the commander down to 1 for the engineer), or 0 for bombs,
    /// mines and flags.
    #[must_use]
    pub const fn rank(self) -> u8 {
        match self {
            Kind::Bomb | Kind::Mine | Kind::Flag => 0,
            kind => 10 - kind as u8,
        }
    }

    /// Whether the piece can ever move (not a mine or a flag).
    #[must_use]
    pub const fn is_movable(self) -> bool {
        !matches!(self, Kind::Mine | Kind::Flag)
    }

    /// The notation letter (`S J D L T Y C P E B M F`).
    #[must_use]
    pub const fn letter(self) -> char {
        ['S', 'J', 'D', 'L', 'T', 'Y', 'C', 'P', 'E', 'B', 'M', 'F'][self as usize - 1]
    }

    /// The kind with this notation letter (upper case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.letter() == letter)
    }

    /// The Chinese name.
    #[must_use]
    pub const fn name_zh(self) -> &'static str {
        [
            "司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "炸弹", "地雷",
            "军旗",
        ][self as usize - 1]
    }

    /// The kind with this code (1–12, notation order).
    pub(crate) const fn from_code(code: u8) -> Option<Kind> {
        if code >= 1 && code <= 12 {
            Some(Kind::ALL[code as usize - 1])
        } else {
            None
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The content of one post, packed in a byte: empty, or a piece with its owner, its identity
/// (or "unknown" in a view) and, in dark chess, whether it lies face down.
///
/// Layout: bits 0–3 the kind (0 empty, 1–12 [`Kind`], 13 unknown), bits 4–5 the owner (a seat
/// index in 2p/4p, a colour in dark), bit 6 "owner unknown" (`x` in dark views), bit 7 face down.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cell(u8);

const KIND_MASK: u8 = 0x0F;
const UNKNOWN_KIND: u8 = 13;
const OWNER_SHIFT: u8 = 4;
const OWNER_UNKNOWN: u8 = 0x40;
const FACE_DOWN: u8 = 0x80;

impl Cell {
    /// An empty post.
    pub const EMPTY: Cell = Cell(0);

    /// A face-up piece of a known kind.
    #[must_use]
    pub const fn piece(owner: u8, kind: Kind) -> Cell {
        Cell((owner << OWNER_SHIFT) | kind as u8)
    }

    /// A piece whose identity the viewer does not know (`s?`).
    #[must_use]
    pub const fn unknown(owner: u8) -> Cell {
        Cell((owner << OWNER_SHIFT) | UNKNOWN_KIND)
    }

    /// A face-down dark-chess piece that the viewer knows nothing of (`x?`).
    pub const HIDDEN: Cell = Cell(OWNER_UNKNOWN | FACE_DOWN | UNKNOWN_KIND);

    /// The same piece, face down.
    #[must_use]
    pub const fn face_down(self) -> Cell {
        Cell(self.0 | FACE_DOWN)
    }

    /// The same piece, face up.
    #[must_use]
    pub const fn face_up(self) -> Cell {
        Cell(self.0 & !FACE_DOWN)
    }

    /// Whether the post is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether a piece stands here.
    #[must_use]
    pub const fn is_piece(self) -> bool {
        self.0 != 0
    }

    /// The owner (seat index, or colour in dark), if known.
    #[must_use]
    pub const fn owner(self) -> Option<u8> {
        if self.0 == 0 || self.0 & OWNER_UNKNOWN != 0 {
            None
        } else {
            Some((self.0 >> OWNER_SHIFT) & 3)
        }
    }

    /// The owner bits, for hot paths that already know the post holds a piece of known owner.
    #[must_use]
    pub const fn owner_bits(self) -> u8 {
        (self.0 >> OWNER_SHIFT) & 3
    }

    /// The kind, if known.
    #[must_use]
    pub const fn kind(self) -> Option<Kind> {
        Kind::from_code(self.0 & KIND_MASK)
    }

    /// Whether the piece is face down (dark chess).
    #[must_use]
    pub const fn is_face_down(self) -> bool {
        self.0 & FACE_DOWN != 0
    }

    /// Whether the identity is hidden from the viewer (`?`).
    #[must_use]
    pub const fn is_unknown(self) -> bool {
        self.0 & KIND_MASK == UNKNOWN_KIND
    }

    /// The same piece with its identity hidden (`?`), owner kept.
    #[must_use]
    pub const fn hide_kind(self) -> Cell {
        Cell((self.0 & !KIND_MASK) | UNKNOWN_KIND)
    }

    /// The raw byte, for hashing and compact storage.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "Cell(empty)");
        }
        write!(
            f,
            "Cell(owner {:?}, kind {:?}{})",
            self.owner(),
            self.kind(),
            if self.is_face_down() {
                ", face down"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_five_pieces_per_player() {
        let total: u8 = Kind::ALL.iter().map(|kind| kind.count()).sum();
        assert_eq!(total, 25);
    }

    #[test]
    fn ranks_and_letters() {
        assert_eq!(Kind::Commander.rank(), 9);
        assert_eq!(Kind::Engineer.rank(), 1);
        assert_eq!(Kind::Bomb.rank(), 0);
        for kind in Kind::ALL {
            assert_eq!(Kind::from_letter(kind.letter()), Some(kind));
        }
    }

    #[test]
    fn cells_pack_and_unpack() {
        let cell = Cell::piece(3, Kind::Flag);
        assert_eq!(cell.owner(), Some(3));
        assert_eq!(cell.kind(), Some(Kind::Flag));
        assert!(!cell.is_face_down());
        assert!(cell.face_down().is_face_down());
        assert_eq!(cell.face_down().face_up(), cell);
        assert!(Cell::unknown(0).is_piece());
        assert!(Cell::unknown(0).is_unknown());
        assert_eq!(Cell::HIDDEN.owner(), None);
        assert_eq!(Cell::piece(2, Kind::Bomb).hide_kind(), Cell::unknown(2));
    }
}
