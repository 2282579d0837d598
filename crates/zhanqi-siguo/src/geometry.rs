//! The board of §2: 18×18 points in four 9×9 regions, local coordinates, deployment zones,
//! military bases, their bombing zones and neighbourhoods, and the precomputed neighbour table.

use std::fmt;

use zhanqi_core::Seat;

/// Points on a side of the board.
pub const SIDE: usize = 18;
/// Points on the board.
pub const POINTS: usize = SIDE * SIDE;

/// A point of the board, `a1` … `r18` (§2.1), stored as `(rank − 1) · 18 + (file − 1)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u16);

impl Point {
    /// The point at file `x` and rank `y`, both 1..=18.
    ///
    /// # Panics
    /// If a coordinate is outside 1..=18.
    #[must_use]
    pub const fn at(x: usize, y: usize) -> Point {
        assert!(x >= 1 && x <= SIDE && y >= 1 && y <= SIDE, "off the board");
        Point(((y - 1) * SIDE + (x - 1)) as u16)
    }

    /// The point with this index, 0..324.
    #[must_use]
    pub const fn from_index(index: usize) -> Point {
        Point(index as u16)
    }

    /// The index of the point, 0..324.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1 (`a`) … 18 (`r`).
    #[must_use]
    pub const fn x(self) -> usize {
        self.0 as usize % SIDE + 1
    }

    /// The rank, 1 … 18.
    #[must_use]
    pub const fn y(self) -> usize {
        self.0 as usize / SIDE + 1
    }

    /// The seat whose region holds the point (§2.2).
    #[must_use]
    pub const fn region(self) -> Seat {
        REGION[self.0 as usize]
    }

    /// The bytes of the point's name and their count, for comparing names in byte order.
    #[must_use]
    pub fn name_key(self) -> ([u8; 3], usize) {
        let rank = self.y();
        let file = b'a' + (self.x() - 1) as u8;
        if rank >= 10 {
            ([file, b'1', b'0' + (rank - 10) as u8], 3)
        } else {
            ([file, b'0' + rank as u8, 0], 2)
        }
    }

    /// The orthogonal neighbour in `direction`, if it is on the board.
    #[inline]
    #[must_use]
    pub fn step(self, direction: usize) -> Option<Point> {
        let next = NEIGHBOURS[self.0 as usize][direction];
        (next != NO_POINT).then_some(Point(next))
    }

    /// Every point, in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS).map(Point::from_index)
    }

    /// Reads a point name at the start of `text`; returns the point and the bytes read.
    #[must_use]
    pub fn read(text: &[u8]) -> Option<(Point, usize)> {
        let file = *text.first()?;
        if !(b'a'..=b'r').contains(&file) {
            return None;
        }
        let digits = text[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || text[1] == b'0' {
            return None;
        }
        let rank: usize = text[1..=digits]
            .iter()
            .fold(0, |rank, digit| rank * 10 + usize::from(digit - b'0'));
        (1..=SIDE)
            .contains(&rank)
            .then(|| (Point::at(usize::from(file - b'a') + 1, rank), 1 + digits))
    }

    /// The point named `name` exactly.
    #[must_use]
    pub fn parse(name: &str) -> Option<Point> {
        match Point::read(name.as_bytes()) {
            Some((point, length)) if length == name.len() => Some(point),
            _ => None,
        }
    }
}

/// A point ordered by the byte order of its name (§11.4: `a13` < `a5`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NameOrder(pub Point);

impl Ord for NameOrder {
    fn cmp(&self, other: &NameOrder) -> std::cmp::Ordering {
        let (a, a_len) = self.0.name_key();
        let (b, b_len) = other.0.name_key();
        a[..a_len].cmp(&b[..b_len])
    }
}

impl PartialOrd for NameOrder {
    fn partial_cmp(&self, other: &NameOrder) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + (self.x() - 1) as u8), self.y())
    }
}

/// The four directions: up (rank + 1), down, left (file − 1), right.
pub const DIRECTIONS: usize = 4;

const NO_POINT: u16 = u16::MAX;

/// The orthogonal neighbour of each point in each direction, or [`NO_POINT`] off the board.
static NEIGHBOURS: [[u16; DIRECTIONS]; POINTS] = neighbour_table();

const fn neighbour_table() -> [[u16; DIRECTIONS]; POINTS] {
    let mut table = [[NO_POINT; DIRECTIONS]; POINTS];
    let mut index = 0;
    while index < POINTS {
        let (x, y) = (index % SIDE, index / SIDE);
        if y + 1 < SIDE {
            table[index][0] = (index + SIDE) as u16;
        }
        if y > 0 {
            table[index][1] = (index - SIDE) as u16;
        }
        if x > 0 {
            table[index][2] = (index - 1) as u16;
        }
        if x + 1 < SIDE {
            table[index][3] = (index + 1) as u16;
        }
        index += 1;
    }
    table
}

static REGION: [Seat; POINTS] = region_table();

const fn region_table() -> [Seat; POINTS] {
    let mut table = [Seat::new(0); POINTS];
    let mut index = 0;
    while index < POINTS {
        let (east, north) = (index % SIDE >= 9, index / SIDE >= 9);
        table[index] = Seat::new(match (east, north) {
            (false, false) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, true) => 3,
        });
        index += 1;
    }
    table
}

/// The global point of local coordinates (u, v) in `seat`'s region (§2.5).
#[must_use]
pub const fn local(seat: Seat, u: usize, v: usize) -> Point {
    match seat.index() {
        0 => Point::at(u, v),
        1 => Point::at(19 - u, v),
        2 => Point::at(19 - u, 19 - v),
        _ => Point::at(u, 19 - v),
    }
}

/// The local coordinates (u, v) of a point in its own region (§2.5).
#[must_use]
pub const fn local_of(point: Point) -> (usize, usize) {
    let (x, y) = (point.x(), point.y());
    match point.region().index() {
        0 => (x, y),
        1 => (19 - x, y),
        2 => (19 - x, 19 - y),
        _ => (x, 19 - y),
    }
}

/// The outer corner of a seat's region, where its general is deployed (§2.6).
#[must_use]
pub const fn corner(seat: Seat) -> Point {
    local(seat, 1, 1)
}

/// Whether `point` is in `seat`'s deployment zone (§2.6: 1 ≤ u, v ≤ 6).
#[must_use]
pub const fn in_deployment_zone(seat: Seat, point: Point) -> bool {
    let (u, v) = local_of(point);
    point.region().index() == seat.index() && u <= 6 && v <= 6
}

/// The points of a seat's deployment zone other than its corner, in index order (35).
#[must_use]
pub fn deployment_points(seat: Seat) -> Vec<Point> {
    Point::all()
        .filter(|&point| in_deployment_zone(seat, point) && point != corner(seat))
        .collect()
}

/// The number of military bases (two per region).
pub const BASES: usize = 8;

/// A military base (§2.6), numbered 0..8 in the byte order of the names (`e12 e7 g14 g5 l14
/// l5 n12 n7`), the order of field 4 of a position.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Base(u8);

/// The base points in byte order of their names.
const BASE_POINTS: [Point; BASES] = [
    local(Seat::new(3), 5, 7), // e12
    local(Seat::new(0), 5, 7), // e7
    local(Seat::new(3), 7, 5), // g14
    local(Seat::new(0), 7, 5), // g5
    local(Seat::new(2), 7, 5), // l14
    local(Seat::new(1), 7, 5), // l5
    local(Seat::new(2), 5, 7), // n12
    local(Seat::new(1), 5, 7), // n7
];

static BASE_AT: [u8; POINTS] = base_table();

const fn base_table() -> [u8; POINTS] {
    let mut table = [u8::MAX; POINTS];
    let mut base = 0;
    while base < BASES {
        table[BASE_POINTS[base].index()] = base as u8;
        base += 1;
    }
    table
}

static ZONES: [[Point; 9]; BASES] = zone_table();

const fn zone_table() -> [[Point; 9]; BASES] {
    let mut table = [[Point(0); 9]; BASES];
    let mut base = 0;
    while base < BASES {
        let point = BASE_POINTS[base];
        let seat = point.region();
        let (u, _) = local_of(point);
        // Base A (u = 7) bombs zone A (u 7–9, v 1–3); base B bombs zone B (u 1–3, v 7–9).
        let (u0, v0) = if u == 7 { (7, 1) } else { (1, 7) };
        let mut i = 0;
        while i < 9 {
            table[base][i] = local(seat, u0 + i % 3, v0 + i / 3);
            i += 1;
        }
        base += 1;
    }
    table
}

static AROUND: [[Point; 8]; BASES] = around_table();

const fn around_table() -> [[Point; 8]; BASES] {
    let mut table = [[Point(0); 8]; BASES];
    let mut base = 0;
    while base < BASES {
        let point = BASE_POINTS[base];
        let (x, y) = (point.x(), point.y());
        let mut count = 0;
        let mut dy = 0;
        while dy < 3 {
            let mut dx = 0;
            while dx < 3 {
                if dx != 1 || dy != 1 {
                    table[base][count] = Point::at(x + dx - 1, y + dy - 1);
                    count += 1;
                }
                dx += 1;
            }
            dy += 1;
        }
        base += 1;
    }
    table
}

impl Base {
    /// Every base, in byte order of the names.
    pub const ALL: [Base; BASES] = [
        Base(0),
        Base(1),
        Base(2),
        Base(3),
        Base(4),
        Base(5),
        Base(6),
        Base(7),
    ];

    /// The base on `point`, if there is one.
    #[inline]
    #[must_use]
    pub fn at(point: Point) -> Option<Base> {
        let base = BASE_AT[point.index()];
        (base != u8::MAX).then_some(Base(base))
    }

    /// The number of the base, 0..8.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The base's point.
    #[must_use]
    pub const fn point(self) -> Point {
        BASE_POINTS[self.0 as usize]
    }

    /// The seat whose region holds the base.
    #[must_use]
    pub const fn region(self) -> Seat {
        self.point().region()
    }

    /// The 3×3 bombing zone paired with the base (§2.6).
    #[must_use]
    pub fn zone(self) -> &'static [Point; 9] {
        &ZONES[self.index()]
    }

    /// The base neighbourhood N(b): the 8 points around it, diagonals included (§2.6).
    #[must_use]
    pub fn around(self) -> &'static [Point; 8] {
        &AROUND[self.index()]
    }
}

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.point().fmt(f)
    }
}

/// The seats' partners: team A = {1, 3}, team B = {2, 4} (§3.1).
#[must_use]
pub const fn ally(seat: Seat) -> Seat {
    Seat::new((seat.index() + 2) % 4)
}

/// Whether two seats are enemies (on different teams).
#[inline]
#[must_use]
pub const fn enemies(a: Seat, b: Seat) -> bool {
    (a.index() ^ b.index()) & 1 == 1
}

/// Whether `base` is an enemy base for `seat` (§7.1): in an enemy seat's region.
#[must_use]
pub const fn is_enemy_base(seat: Seat, base: Base) -> bool {
    enemies(seat, base.region())
}
