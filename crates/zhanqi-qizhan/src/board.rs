//! The board graph (§2): sides, locations, zones, adjacency and distance.

use std::fmt;
use std::ops::{Index, IndexMut};

use zhanqi_core::Seat;

/// The most frontier/landing pairs the engine supports (a location set must fit a `u64`).
pub const MAX_ARMS: u32 = 16;

/// One of the two sides (§0.1): A moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// Side one (第一戰方), seat `A`.
    A,
    /// Side two (第二戰方), seat `B`.
    B,
}

impl Side {
    /// Both sides, A first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// 0 for A, 1 for B.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// The letter of the notation.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::A => 'A',
            Side::B => 'B',
        }
    }

    /// The side of a letter.
    #[must_use]
    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "A" => Some(Side::A),
            "B" => Some(Side::B),
            _ => None,
        }
    }

    /// The platform seat of the side.
    #[must_use]
    pub const fn seat(self) -> Seat {
        Seat::new(self.index())
    }

    /// The side playing a seat.
    #[must_use]
    pub fn of_seat(seat: Seat) -> Option<Side> {
        match seat.index() {
            0 => Some(Side::A),
            1 => Some(Side::B),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value per side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    /// A value per side, computed from the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide([f(Side::A), f(Side::B)])
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

/// The three kinds of board zone.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum ZoneKind {
    /// The front line (前線區).
    Front,
    /// A frontier zone (前沿區).
    Frontier,
    /// A landing zone (登陸區).
    Landing,
}

impl ZoneKind {
    /// The kinds in pile order.
    pub const ALL: [ZoneKind; 3] = [ZoneKind::Front, ZoneKind::Frontier, ZoneKind::Landing];

    /// 0, 1, 2 in pile order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name of card data (`front`, `frontier`, `landing`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ZoneKind::Front => "front",
            ZoneKind::Frontier => "frontier",
            ZoneKind::Landing => "landing",
        }
    }

    /// The kind of a card-data name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<ZoneKind> {
        ZoneKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// A set of zone kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ZoneKinds(u8);

impl ZoneKinds {
    /// All three kinds.
    pub const ALL: ZoneKinds = ZoneKinds(0b111);
    /// Landing zones only (the default `deploy_zones`).
    pub const LANDING: ZoneKinds = ZoneKinds(0b100);

    /// Whether `kind` is in the set.
    #[must_use]
    pub const fn contains(self, kind: ZoneKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// Adds a kind.
    pub fn insert(&mut self, kind: ZoneKind) {
        self.0 |= 1 << kind as u8;
    }

    /// The kinds in both sets.
    #[must_use]
    pub const fn and(self, other: ZoneKinds) -> ZoneKinds {
        ZoneKinds(self.0 & other.0)
    }

    /// Whether every kind of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: ZoneKinds) -> bool {
        self.0 & !other.0 == 0
    }
}

/// A board zone (§2.3): a side's half of one location. Locations are numbered 0 = `FL`,
/// 1 … N = `F1` … `FN`, N+1 … 2N = `L1` … `LN`, which is the zone order of 5.7(d).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Zone {
    /// The side the zone belongs to.
    pub side: Side,
    /// The location number.
    pub loc: u8,
}

impl Zone {
    /// The zone of `side` at location `loc`.
    #[must_use]
    pub const fn new(side: Side, loc: u8) -> Zone {
        Zone { side, loc }
    }
}

/// The location graph and the zone distances of one board size (§2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardGraph {
    arms: u8,
    ring: bool,
    /// Intra-side neighbours of each location, as a bit set of locations.
    neighbours: Vec<u64>,
    /// Location-graph distance, `locations × locations`.
    location_distance: Vec<u8>,
    /// For each location and each range 0 … the widest distance, the other side's locations
    /// within that range of it, as a bit set: `locations × (widest + 1)`.
    across_within: Vec<u64>,
    /// The widest distance between two locations.
    widest: u8,
}

impl BoardGraph {
    /// The graph with `arms` frontier/landing pairs (1 … [`MAX_ARMS`]), with or without the
    /// frontier ring.
    #[must_use]
    pub fn new(arms: u8, ring: bool) -> BoardGraph {
        let arms = arms.clamp(1, MAX_ARMS as u8);
        let count = 1 + 2 * usize::from(arms);
        let mut neighbours = vec![0u64; count];
        let mut link = |x: usize, y: usize| {
            if x != y {
                neighbours[x] |= 1 << y;
                neighbours[y] |= 1 << x;
            }
        };
        for i in 1..=usize::from(arms) {
            link(0, i);
            link(i, i + usize::from(arms));
            if ring {
                link(i, i % usize::from(arms) + 1);
            }
        }
        let mut location_distance = vec![u8::MAX; count * count];
        for start in 0..count {
            location_distance[start * count + start] = 0;
            let mut frontier = vec![start];
            let mut depth = 0;
            while !frontier.is_empty() {
                depth += 1;
                let mut next = Vec::new();
                for &x in &frontier {
                    for y in 0..count {
                        if neighbours[x] & (1 << y) != 0
                            && location_distance[start * count + y] == u8::MAX
                        {
                            location_distance[start * count + y] = depth;
                            next.push(y);
                        }
                    }
                }
                frontier = next;
            }
        }
        let widest = usize::from(location_distance.iter().copied().max().unwrap_or(0));
        let mut across_within = vec![0u64; count * (widest + 1)];
        for x in 0..count {
            for y in 0..count {
                // §2.7: across the sides the distance is max(1, d).
                let d = usize::from(location_distance[x * count + y].max(1));
                for range in d..=widest {
                    across_within[x * (widest + 1) + range] |= 1 << y;
                }
            }
        }
        BoardGraph {
            arms,
            ring,
            neighbours,
            location_distance,
            across_within,
            widest: widest as u8,
        }
    }

    /// The number of frontier/landing pairs.
    #[must_use]
    pub const fn arms(&self) -> u8 {
        self.arms
    }

    /// Whether the frontier ring links neighbouring frontier zones.
    #[must_use]
    pub const fn ring(&self) -> bool {
        self.ring
    }

    /// The number of locations, 1 + 2N.
    #[must_use]
    pub const fn locations(&self) -> u8 {
        1 + 2 * self.arms
    }

    /// Every zone, side A first, each side in zone order.
    pub fn zones(&self) -> impl Iterator<Item = Zone> + '_ {
        Side::BOTH
            .into_iter()
            .flat_map(move |side| (0..self.locations()).map(move |loc| Zone::new(side, loc)))
    }

    /// The kind of a location.
    #[must_use]
    pub const fn kind(&self, loc: u8) -> ZoneKind {
        if loc == 0 {
            ZoneKind::Front
        } else if loc <= self.arms {
            ZoneKind::Frontier
        } else {
            ZoneKind::Landing
        }
    }

    /// The locations whose kind is in `kinds`, as a bit set.
    #[must_use]
    pub const fn locations_of(&self, kinds: ZoneKinds) -> u64 {
        let arm = (1u64 << self.arms) - 1;
        let mut set = 0;
        if kinds.contains(ZoneKind::Front) {
            set |= 1;
        }
        if kinds.contains(ZoneKind::Frontier) {
            set |= arm << 1;
        }
        if kinds.contains(ZoneKind::Landing) {
            set |= arm << (1 + self.arms);
        }
        set
    }

    /// The intra-side neighbours of a location, as a bit set.
    #[must_use]
    pub fn neighbours(&self, loc: u8) -> u64 {
        self.neighbours[usize::from(loc)]
    }

    /// The location-graph distance `d` (§2.7).
    #[must_use]
    pub fn location_distance(&self, x: u8, y: u8) -> u8 {
        self.location_distance[usize::from(x) * usize::from(self.locations()) + usize::from(y)]
    }

    /// The zone distance (§2.7): `d` on one side, `max(1, d)` across.
    #[must_use]
    pub fn distance(&self, from: Zone, to: Zone) -> u8 {
        let d = self.location_distance(from.loc, to.loc);
        if from.side == to.side { d } else { d.max(1) }
    }

    /// The locations of the other side within `range` of location `loc` (§2.7), as a bit
    /// set: what a card there reaches with that attack range, without a distance per target.
    #[must_use]
    pub fn across_within(&self, loc: u8, range: i32) -> u64 {
        let Ok(range) = usize::try_from(range) else {
            return 0;
        };
        let widest = usize::from(self.widest);
        self.across_within[usize::from(loc) * (widest + 1) + range.min(widest)]
    }

    /// Whether two zones are adjacent in the full zone graph (§2.4–2.5).
    #[must_use]
    pub fn adjacent(&self, x: Zone, y: Zone) -> bool {
        let edge = self.neighbours(x.loc) & (1 << y.loc) != 0;
        if x.side == y.side {
            edge
        } else {
            edge || x.loc == y.loc
        }
    }

    /// The name of a location (`FL`, `F2`, `L3`).
    #[must_use]
    pub fn location_name(&self, loc: u8) -> String {
        match self.kind(loc) {
            ZoneKind::Front => "FL".to_owned(),
            ZoneKind::Frontier => format!("F{loc}"),
            ZoneKind::Landing => format!("L{}", loc - self.arms),
        }
    }

    /// The location of a name, if it is on this board.
    #[must_use]
    pub fn parse_location(&self, text: &str) -> Option<u8> {
        if text == "FL" {
            return Some(0);
        }
        let (kind, number) = text.split_at_checked(1)?;
        if number.starts_with('0') || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let number: u8 = number.parse().ok()?;
        if number == 0 || number > self.arms {
            return None;
        }
        match kind {
            "F" => Some(number),
            "L" => Some(number + self.arms),
            _ => None,
        }
    }

    /// The name of a zone (`A.F1`).
    #[must_use]
    pub fn zone_name(&self, zone: Zone) -> String {
        format!("{}.{}", zone.side, self.location_name(zone.loc))
    }

    /// The zone of a name (`B.L3`), if it is on this board.
    #[must_use]
    pub fn parse_zone(&self, text: &str) -> Option<Zone> {
        let (side, loc) = text.split_once('.')?;
        Some(Zone::new(
            Side::from_letter(side)?,
            self.parse_location(loc)?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Breadth-first search over the full zone graph, straight from §2.4–2.5.
    fn slow_distance(graph: &BoardGraph, from: Zone, to: Zone) -> u8 {
        let zones: Vec<Zone> = graph.zones().collect();
        let mut seen = vec![from];
        let mut layer = vec![from];
        let mut depth = 0;
        while !layer.contains(&to) {
            depth += 1;
            let mut next = Vec::new();
            for &x in &layer {
                for &y in &zones {
                    if graph.adjacent(x, y) && !seen.contains(&y) {
                        seen.push(y);
                        next.push(y);
                    }
                }
            }
            layer = next;
        }
        depth
    }

    /// The location set of every set of kinds is the locations whose kind is in it.
    #[test]
    fn locations_of_kinds_match_each_location_kind() {
        for arms in 1..=MAX_ARMS as u8 {
            let graph = BoardGraph::new(arms, false);
            for bits in 0..8u8 {
                let kinds = ZoneKinds(bits);
                let expected = (0..graph.locations())
                    .filter(|&loc| kinds.contains(graph.kind(loc)))
                    .fold(0u64, |set, loc| set | 1 << loc);
                assert_eq!(
                    graph.locations_of(kinds),
                    expected,
                    "arms {arms}, kinds {bits:03b}"
                );
            }
        }
    }

    #[test]
    fn distance_formula_matches_breadth_first_search() {
        for (arms, ring) in [(4, false), (4, true), (1, false), (3, true), (6, true)] {
            let graph = BoardGraph::new(arms, ring);
            for x in graph.zones() {
                for y in graph.zones() {
                    assert_eq!(
                        graph.distance(x, y),
                        slow_distance(&graph, x, y),
                        "arms {arms} ring {ring}: {} to {}",
                        graph.zone_name(x),
                        graph.zone_name(y)
                    );
                }
            }
        }
    }

    /// The reach sets are the distances of §2.7, checked for every range.
    #[test]
    fn across_within_holds_the_locations_in_range() {
        for (arms, ring) in [(4, false), (4, true), (1, false), (6, true)] {
            let graph = BoardGraph::new(arms, ring);
            for from in 0..graph.locations() {
                for range in -1..8 {
                    let expected = (0..graph.locations())
                        .filter(|&to| {
                            i32::from(
                                graph.distance(Zone::new(Side::A, from), Zone::new(Side::B, to)),
                            ) <= range
                        })
                        .fold(0u64, |set, to| set | 1 << to);
                    assert_eq!(
                        graph.across_within(from, range),
                        expected,
                        "arms {arms} ring {ring}: from {from}, range {range}"
                    );
                }
            }
        }
    }

    #[test]
    fn zone_names_read_back() {
        let graph = BoardGraph::new(4, false);
        for zone in graph.zones() {
            assert_eq!(graph.parse_zone(&graph.zone_name(zone)), Some(zone));
        }
        assert_eq!(graph.parse_zone("A.F5"), None);
        assert_eq!(graph.parse_zone("C.FL"), None);
        assert_eq!(graph.parse_zone("A.L01"), None);
    }
}
