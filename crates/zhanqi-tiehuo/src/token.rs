//! A card in a battle deck and its token `ID[:D][a][c][f][m][*N|*t]` (§17.2), face-down
//! classes (6.3) and the two players.

use std::cmp::Ordering;
use std::fmt::Write as _;

use zhanqi_core::Seat;

use crate::catalog::{CardIndex, Catalog};

/// One of the two players: P1 (seat `1`) and P2 (seat `2`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Player {
    /// P1, seat `1`, moves first.
    One,
    /// P2, seat `2`.
    Two,
}

impl Player {
    /// Both players, P1 first.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for P1, 1 for P2.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// Its seat.
    #[must_use]
    pub fn seat(self) -> Seat {
        Seat::new(self.index())
    }

    /// The player of a seat.
    #[must_use]
    pub fn of_seat(seat: Seat) -> Option<Player> {
        match seat.index() {
            0 => Some(Player::One),
            1 => Some(Player::Two),
            _ => None,
        }
    }

    /// Its seat's name, `1` or `2`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Player::One => "1",
            Player::Two => "2",
        }
    }
}

/// The focus mark of a card (§17.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum FocusMark {
    /// No mark.
    #[default]
    None,
    /// Participant number `N` (1, 2, …).
    Participant(u8),
    /// The focus target.
    Target,
}

/// A card in a battle deck, which is also its token: cards with equal tokens are in the same
/// state and interchangeable (§17.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BattleCard {
    /// Which card.
    pub card: CardIndex,
    /// Damage `D`.
    pub damage: u16,
    /// Attacked this round.
    pub attacked: bool,
    /// Cut off (后勤断绝).
    pub cut_off: bool,
    /// Face down (fog only).
    pub face_down: bool,
    /// The mark `m`: a designation of it failed on camouflage (§13.2).
    pub marked: bool,
    /// Its focus mark.
    pub focus: FocusMark,
}

impl BattleCard {
    /// A fresh card: no damage, no flags.
    #[must_use]
    pub fn new(card: CardIndex) -> BattleCard {
        BattleCard {
            card,
            damage: 0,
            attacked: false,
            cut_off: false,
            face_down: false,
            marked: false,
            focus: FocusMark::None,
        }
    }

    /// Whether it is heavily damaged (7.7): `2·D > cv`.
    #[must_use]
    pub fn heavy(&self, cv: u16) -> bool {
        2 * u32::from(self.damage) > u32::from(cv)
    }

    /// Its face-down class (meaningful for a face-down battle card).
    #[must_use]
    pub fn class(&self, cv: u16) -> Class {
        Class {
            heavy: self.heavy(cv),
            cut_off: self.cut_off,
            marked: self.marked,
        }
    }

    /// Appends its token to `out`.
    pub fn write(&self, catalog: &Catalog, out: &mut String) {
        out.push_str(&catalog.card(self.card).id);
        if self.damage > 0 {
            let _ = write!(out, ":{}", self.damage);
        }
        self.write_flags(out);
    }

    /// Appends `a`, `c`, `f`, `m` and the focus mark.
    fn write_flags(&self, out: &mut String) {
        for (on, flag) in [
            (self.attacked, 'a'),
            (self.cut_off, 'c'),
            (self.face_down, 'f'),
            (self.marked, 'm'),
        ] {
            if on {
                out.push(flag);
            }
        }
        write_focus(self.focus, out);
    }

    /// Its token.
    #[must_use]
    pub fn token(&self, catalog: &Catalog) -> String {
        let mut out = String::new();
        self.write(catalog, &mut out);
        out
    }

    /// The token's bytes in a fixed buffer, for sorting by byte order without allocating.
    fn key(&self, catalog: &Catalog) -> ([u8; 32], usize) {
        let mut buffer = [0u8; 32];
        let mut len = 0;
        let mut push = |bytes: &[u8]| {
            let end = (len + bytes.len()).min(buffer.len());
            buffer[len..end].copy_from_slice(&bytes[..end - len]);
            len = end;
        };
        push(catalog.card(self.card).id.as_bytes());
        if self.damage > 0 {
            push(b":");
            let mut digits = [0u8; 5];
            let mut value = self.damage;
            let mut count = 0;
            while value > 0 {
                digits[4 - count] = b'0' + (value % 10) as u8;
                value /= 10;
                count += 1;
            }
            push(&digits[5 - count..]);
        }
        for (on, flag) in [
            (self.attacked, b'a'),
            (self.cut_off, b'c'),
            (self.face_down, b'f'),
            (self.marked, b'm'),
        ] {
            if on {
                push(&[flag]);
            }
        }
        match self.focus {
            FocusMark::None => {}
            FocusMark::Target => push(b"*t"),
            FocusMark::Participant(n) => {
                push(b"*");
                if n >= 100 {
                    push(&[b'0' + n / 100]);
                }
                if n >= 10 {
                    push(&[b'0' + (n / 10) % 10]);
                }
                push(&[b'0' + n % 10]);
            }
        }
        (buffer, len)
    }

    /// Compares two tokens by byte order (§17.3.4).
    #[must_use]
    #[inline]
    pub fn cmp_tokens(&self, other: &BattleCard, catalog: &Catalog) -> Ordering {
        // Ids none of which is a prefix of another: the ids decide first (the fast path of
        // every standard game), then the rest of the token.
        if self.card != other.card {
            if catalog.prefix_free {
                return self.card.cmp(&other.card);
            }
            let (a, la) = self.key(catalog);
            let (b, lb) = other.key(catalog);
            return a[..la].cmp(&b[..lb]);
        }
        if self == other {
            return Ordering::Equal;
        }
        self.suffix_key().cmp(&other.suffix_key())
    }

    /// The token after its id, `[:D][a][c][f][m][*N|*t]` (at most 14 bytes), packed
    /// big-endian and left-aligned into a number: numbers compare as the bytes do, a shorter
    /// suffix that is a prefix of a longer one being smaller (every byte is above 0).
    fn suffix_key(&self) -> u128 {
        let mut key: u128 = 0;
        let mut len = 0u32;
        let mut push = |byte: u8| {
            key = (key << 8) | u128::from(byte);
            len += 1;
        };
        if self.damage > 0 {
            push(b':');
            let mut divisor = 10_000u16;
            while divisor > self.damage {
                divisor /= 10;
            }
            while divisor > 0 {
                push(b'0' + ((self.damage / divisor) % 10) as u8);
                divisor /= 10;
            }
        }
        for (on, flag) in [
            (self.attacked, b'a'),
            (self.cut_off, b'c'),
            (self.face_down, b'f'),
            (self.marked, b'm'),
        ] {
            if on {
                push(flag);
            }
        }
        match self.focus {
            FocusMark::None => {}
            FocusMark::Target => {
                push(b'*');
                push(b't');
            }
            FocusMark::Participant(n) => {
                push(b'*');
                if n >= 100 {
                    push(b'0' + n / 100);
                }
                if n >= 10 {
                    push(b'0' + (n / 10) % 10);
                }
                push(b'0' + n % 10);
            }
        }
        if len == 0 { 0 } else { key << (8 * (16 - len)) }
    }
}

/// Appends a focus mark.
pub(crate) fn write_focus(focus: FocusMark, out: &mut String) {
    match focus {
        FocusMark::None => {}
        FocusMark::Participant(n) => {
            let _ = write!(out, "*{n}");
        }
        FocusMark::Target => out.push_str("*t"),
    }
}

/// A face-down class (6.3): the public marks of a face-down battle card, written `?[h][c][m]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Class {
    /// Heavy (turned sideways).
    pub heavy: bool,
    /// Cut off.
    pub cut_off: bool,
    /// The mark `m`.
    pub marked: bool,
}

impl Class {
    /// Appends `?[h][c][m]`.
    pub fn write(&self, out: &mut String) {
        out.push('?');
        for (on, flag) in [(self.heavy, 'h'), (self.cut_off, 'c'), (self.marked, 'm')] {
            if on {
                out.push(flag);
            }
        }
    }

    /// `?[h][c][m]`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    /// Reads `?[h][c][m]`, the flags in order, each at most once.
    #[must_use]
    pub fn parse(text: &str) -> Option<Class> {
        let rest = text.strip_prefix('?')?;
        let mut class = Class::default();
        let mut flags = rest.chars().peekable();
        if flags.peek() == Some(&'h') {
            class.heavy = true;
            flags.next();
        }
        if flags.peek() == Some(&'c') {
            class.cut_off = true;
            flags.next();
        }
        if flags.peek() == Some(&'m') {
            class.marked = true;
            flags.next();
        }
        flags.next().is_none().then_some(class)
    }
}

/// Reads a token `ID[:D][a][c][f][m][*N|*t]`; `None` unless it is canonical.
#[must_use]
pub fn parse_token(text: &str, catalog: &Catalog) -> Option<BattleCard> {
    let id_end = text
        .char_indices()
        .skip(1)
        .find(|&(_, c)| !(c.is_ascii_uppercase() || c.is_ascii_digit()))
        .map_or(text.len(), |(i, _)| i);
    let id = &text[..id_end];
    if !id.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let card = catalog.index_of(id)?;
    let mut result = BattleCard::new(card);
    let mut rest = &text[id_end..];
    if let Some(after) = rest.strip_prefix(':') {
        let digits = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        let number = &after[..digits];
        if number.is_empty() || number.starts_with('0') {
            return None;
        }
        result.damage = number.parse().ok()?;
        rest = &after[digits..];
    }
    for (flag, slot) in [
        ('a', &mut result.attacked),
        ('c', &mut result.cut_off),
        ('f', &mut result.face_down),
        ('m', &mut result.marked),
    ] {
        if let Some(after) = rest.strip_prefix(flag) {
            *slot = true;
            rest = after;
        }
    }
    if let Some(after) = rest.strip_prefix('*') {
        if after == "t" {
            result.focus = FocusMark::Target;
        } else if !after.starts_with('0') {
            result.focus = FocusMark::Participant(after.parse().ok().filter(|&n| n > 0)?);
        } else {
            return None;
        }
        rest = "";
    }
    rest.is_empty().then_some(result)
}
