//! The 5×5 field (§4): cells, adjacency, directions relative to a card's owner, and the range
//! table (§5) that turns a card's number into the cells it points to.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Player;

/// Cells on the field.
pub const CELLS: usize = 25;

/// A cell `a1` … `e5`, stored as `row * 5 + column` from 0 (`a1` is 0, `e1` is 4, `a2` is 5).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this index (0–24).
    ///
    /// # Panics
    /// If `index` is 25 or more.
    #[must_use]
    pub const fn from_index(index: u8) -> Cell {
        assert!(index < 25, "a cell index is below 25");
        Cell(index)
    }

    /// The cell at `column` (0 = a) and `row` (0 = row 1), if on the field.
    #[must_use]
    pub const fn at(column: i8, row: i8) -> Option<Cell> {
        if column < 0 || column > 4 || row < 0 || row > 4 {
            None
        } else {
            Some(Cell((row * 5 + column) as u8))
        }
    }

    /// The cell's index, 0–24.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The column, 0 (`a`) to 4 (`e`).
    #[must_use]
    pub const fn column(self) -> i8 {
        (self.0 % 5) as i8
    }

    /// The row, 0 (row 1) to 4 (row 5).
    #[must_use]
    pub const fn row(self) -> i8 {
        (self.0 / 5) as i8
    }

    /// The cell as a one-bit mask.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The order in which a step's destructions are logged: by column, then row (§9.3).
    #[must_use]
    pub const fn log_order(self) -> u8 {
        self.0 % 5 * 5 + self.0 / 5
    }

    /// The orthogonal neighbours of the cell (§4.2), as a mask.
    #[must_use]
    pub const fn neighbours(self) -> u32 {
        NEIGHBOURS[self.0 as usize]
    }

    /// The cells of a mask, in index order.
    pub fn of_mask(mask: u32) -> impl Iterator<Item = Cell> {
        let mut bits = mask;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Cell(index))
        })
    }

    /// Reads a cell such as `c3`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Cell> {
        let bytes = text.as_bytes();
        match bytes {
            [column @ b'a'..=b'e', row @ b'1'..=b'5'] => {
                Cell::at((column - b'a') as i8, (row - b'1') as i8)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.column() as u8),
            self.row() + 1
        )
    }
}

/// Every cell of the field, as a mask.
pub const ALL_CELLS: u32 = (1 << CELLS) - 1;

/// The orthogonal neighbours of each cell.
const NEIGHBOURS: [u32; CELLS] = {
    let mut table = [0u32; CELLS];
    let mut index = 0;
    while index < CELLS {
        let (column, row) = ((index % 5) as i8, (index / 5) as i8);
        let steps = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let mut step = 0;
        while step < 4 {
            if let Some(cell) = Cell::at(column + steps[step].0, row + steps[step].1) {
                table[index] |= cell.bit();
            }
            step += 1;
        }
        index += 1;
    }
    table
};

/// A direction relative to a card's owner (§4.3).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Direction {
    /// Front 前.
    F = 0,
    /// Back 後.
    B = 1,
    /// Left 左.
    L = 2,
    /// Right 右.
    R = 3,
    /// Front-left 左前.
    FL = 4,
    /// Front-right 右前.
    FR = 5,
    /// Back-left 左後.
    BL = 6,
    /// Back-right 右後.
    BR = 7,
}

impl Direction {
    /// The eight directions, in the order options write them.
    pub const ALL: [Direction; 8] = [
        Direction::F,
        Direction::B,
        Direction::L,
        Direction::R,
        Direction::FL,
        Direction::FR,
        Direction::BL,
        Direction::BR,
    ];

    /// The direction's name in options (`F`, `FL`…).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::F => "F",
            Direction::B => "B",
            Direction::L => "L",
            Direction::R => "R",
            Direction::FL => "FL",
            Direction::FR => "FR",
            Direction::BL => "BL",
            Direction::BR => "BR",
        }
    }

    /// The direction with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The offset (Δcolumn, Δrow) for `owner`: player 1 faces row 5, and every offset of
    /// player 2 is negated (front, back, left and right all flip).
    #[must_use]
    pub const fn offset(self, owner: Player) -> (i8, i8) {
        let (column, row) = match self {
            Direction::F => (0, 1),
            Direction::B => (0, -1),
            Direction::L => (-1, 0),
            Direction::R => (1, 0),
            Direction::FL => (-1, 1),
            Direction::FR => (1, 1),
            Direction::BL => (-1, -1),
            Direction::BR => (1, -1),
        };
        match owner {
            Player::One => (column, row),
            Player::Two => (-column, -row),
        }
    }
}

/// A set of directions, as a bit mask over [`Direction`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Directions(pub u8);

impl Directions {
    /// The set of these directions.
    #[must_use]
    pub const fn of(directions: &[Direction]) -> Directions {
        let mut bits = 0;
        let mut index = 0;
        while index < directions.len() {
            bits |= 1 << directions[index] as u8;
            index += 1;
        }
        Directions(bits)
    }

    /// Whether the set holds `direction`.
    #[must_use]
    pub const fn contains(self, direction: Direction) -> bool {
        self.0 & (1 << direction as u8) != 0
    }

    /// The directions of the set, in [`Direction::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Direction> {
        Direction::ALL
            .into_iter()
            .filter(move |&d| self.contains(d))
    }

    /// The cells these directions point to from `cell` for a card of `owner`; off-field
    /// cells are dropped (§4.4). A table lookup: judgements ask this for every placed card.
    #[must_use]
    pub fn cells(self, owner: Player, cell: Cell) -> u32 {
        RANGE_CELLS[owner as usize][self.0 as usize][cell.0 as usize]
    }

    /// [`Directions::cells`] computed step by step, from which the table is built.
    #[must_use]
    pub const fn cells_slowly(self, owner: Player, cell: Cell) -> u32 {
        let mut mask = 0;
        let mut index = 0;
        while index < 8 {
            let direction = Direction::ALL[index];
            if self.contains(direction) {
                let (column, row) = direction.offset(owner);
                if let Some(target) = Cell::at(cell.column() + column, cell.row() + row) {
                    mask |= target.bit();
                }
            }
            index += 1;
        }
        mask
    }
}

/// The cells of every direction set from every cell, for each owner.
static RANGE_CELLS: [[[u32; CELLS]; 256]; 2] = {
    let mut table = [[[0u32; CELLS]; 256]; 2];
    let mut owner = 0;
    while owner < 2 {
        let player = if owner == 0 { Player::One } else { Player::Two };
        let mut set = 0;
        while set < 256 {
            let mut cell = 0;
            while cell < CELLS {
                table[owner][set][cell] =
                    Directions(set as u8).cells_slowly(player, Cell(cell as u8));
                cell += 1;
            }
            set += 1;
        }
        owner += 1;
    }
    table
};

/// The range table (§5): the directions of each range number 1–8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RangeTable(pub [Directions; 8]);

impl RangeTable {
    /// The table of §5.
    pub const STANDARD: RangeTable = {
        use Direction::{B, BL, BR, F, FL, FR, L, R};
        RangeTable([
            Directions::of(&[F]),
            Directions::of(&[L, R]),
            Directions::of(&[FL, FR]),
            Directions::of(&[F, L, R]),
            Directions::of(&[F, B, L, R]),
            Directions::of(&[FL, FR, BL, BR]),
            Directions::of(&[L, FL, F, FR, R]),
            Directions::of(&[F, FR, R, BR, B, BL, L, FL]),
        ])
    };

    /// The directions of range number `number` (1–8); none for a number outside 1–8.
    #[must_use]
    pub fn directions(&self, number: u8) -> Directions {
        match number {
            1..=8 => self.0[usize::from(number - 1)],
            _ => Directions(0),
        }
    }

    /// The cells that range number `number` points to from `cell` for a card of `owner`.
    #[must_use]
    pub fn cells(&self, number: u8, owner: Player, cell: Cell) -> u32 {
        self.directions(number).cells(owner, cell)
    }
}

impl Default for RangeTable {
    fn default() -> RangeTable {
        RangeTable::STANDARD
    }
}

impl Serialize for RangeTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<String, Vec<&str>> = (1..=8u8)
            .map(|number| {
                let names = self
                    .directions(number)
                    .iter()
                    .map(Direction::name)
                    .collect();
                (number.to_string(), names)
            })
            .collect();
        map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RangeTable {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RangeTable, D::Error> {
        use serde::de::Error;
        let map = BTreeMap::<String, Vec<String>>::deserialize(deserializer)?;
        let mut table = [Directions(0); 8];
        for (key, names) in &map {
            let number = match key.as_str() {
                "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" => key.as_bytes()[0] - b'0',
                _ => {
                    return Err(D::Error::custom(format!(
                        "'{key}' is not a range number; the keys are \"1\" … \"8\""
                    )));
                }
            };
            let mut set = Directions(0);
            for name in names {
                let direction = Direction::from_name(name).ok_or_else(|| {
                    D::Error::custom(format!(
                        "range {number}: '{name}' is not a direction; expected F, B, L, R, FL, FR, BL or BR"
                    ))
                })?;
                if set.contains(direction) {
                    return Err(D::Error::custom(format!(
                        "range {number} names {name} twice; directions must be distinct"
                    )));
                }
                set.0 |= 1 << direction as u8;
            }
            table[usize::from(number - 1)] = set;
        }
        if map.len() != 8 {
            let missing: Vec<String> = (1..=8u8)
                .map(|n| n.to_string())
                .filter(|n| !map.contains_key(n))
                .collect();
            return Err(D::Error::custom(format!(
                "a range table gives all 8 numbers; missing: {}",
                missing.join(", ")
            )));
        }
        Ok(RangeTable(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(mask: u32) -> Vec<String> {
        Cell::of_mask(mask).map(|cell| cell.to_string()).collect()
    }

    #[test]
    fn neighbours_are_orthogonal() {
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!(names(a1.neighbours()), ["b1", "a2"]);
        let c3 = Cell::parse("c3").unwrap();
        assert_eq!(names(c3.neighbours()), ["c2", "b3", "d3", "c4"]);
    }

    #[test]
    fn log_order_is_column_then_row() {
        let c3 = Cell::parse("c3").unwrap();
        let d1 = Cell::parse("d1").unwrap();
        let c4 = Cell::parse("c4").unwrap();
        assert!(c3.log_order() < c4.log_order());
        assert!(c4.log_order() < d1.log_order());
    }
}
