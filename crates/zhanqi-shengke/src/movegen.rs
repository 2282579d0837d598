//! The legal actions (§14.3): listing them, and checking one without listing.

use std::cell::RefCell;

use zhanqi_core::Seat;

use crate::game::Phase;
use crate::{
    Action, CardId, CardSet, Cell, Element, Face, Illegal, Placement, PlacementRule, Player,
    Shengke,
};

/// The 25 choices for two "any" faces, in die order.
const TWO_CHOICES: [(Element, Element); 25] = {
    let mut choices = [(Element::Wood, Element::Wood); 25];
    let mut index = 0;
    while index < 25 {
        choices[index] = (
            Element::from_index(index / 5),
            Element::from_index(index % 5),
        );
        index += 1;
    }
    choices
};

/// The slots a row of partners is written to: five, padded to eight for whole vector stores.
const ROW_SLOTS: usize = 8;

/// The most ordered pairs of distinct, non-adjacent cells: all 25 × 24 on an empty field, less
/// both orders of its 40 adjacent pairs.
const MAX_CELL_PAIRS: usize = 25 * 24 - 2 * 40;

thread_local! {
    /// The ordered cell pairs of the placement being listed (see [`Shengke::push_pairs`]).
    /// A scratch kept per thread, because clearing a fresh 2 KB array for every listing took
    /// 7 % of a random game.
    static CELL_PAIRS: RefCell<[u32; MAX_CELL_PAIRS + ROW_SLOTS]> =
        const { RefCell::new([0; MAX_CELL_PAIRS + ROW_SLOTS]) };
}

/// For each pattern of five cells in a row, the second-cell bits of its columns, in order,
/// padded with zeros.
const ROW_COLUMNS: [[u32; ROW_SLOTS]; 32] = {
    let mut table = [[0u32; ROW_SLOTS]; 32];
    let mut pattern = 0;
    while pattern < 32 {
        let mut kept = 0;
        let mut column = 0;
        while column < 5 {
            if pattern & (1 << column) != 0 {
                table[pattern][kept] =
                    Placement::cell_bits(Cell::from_index(0), Cell::from_index(column as u8));
                kept += 1;
            }
            column += 1;
        }
        pattern += 1;
    }
    table
};

/// For each pattern of five cells in a row, how many cells it holds (a table: the default
/// x86-64 target has no population-count instruction).
const ROW_COUNTS: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut pattern = 0;
    while pattern < 32 {
        table[pattern] = (pattern as u32).count_ones() as u8;
        pattern += 1;
    }
    table
};

/// The second-cell bits of the first cell of each row.
const ROW_BASE: [u32; 5] = {
    let mut table = [0u32; 5];
    let mut row = 0;
    while row < 5 {
        table[row] = Placement::cell_bits(Cell::from_index(0), Cell::from_index(row as u8 * 5));
        row += 1;
    }
    table
};

impl Shengke {
    /// How many of the rolled faces stand for "any".
    fn any_faces(&self, faces: [u8; 2]) -> usize {
        faces
            .iter()
            .filter(|&&face| self.options.face(face) == Face::Any)
            .count()
    }

    /// Whether `seat` is the active player's and the game waits for that player.
    fn seat_acts(&self, seat: Seat) -> bool {
        !matches!(self.phase, Phase::Roll | Phase::Over)
            && Player::of_seat(seat) == Some(self.active())
    }

    /// Appends the legal actions of `seat` to `out`.
    pub(crate) fn push_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.seat_acts(seat) {
            return;
        }
        match self.phase {
            Phase::Dice(faces) => {
                if self.any_faces(faces) == 2 {
                    out.extend(
                        TWO_CHOICES
                            .iter()
                            .map(|&(first, second)| Action::Choose(first, Some(second))),
                    );
                } else {
                    out.extend(
                        Element::ALL
                            .iter()
                            .map(|&first| Action::Choose(first, None)),
                    );
                }
            }
            Phase::Place(rolled) => self.push_placements(rolled, out),
            Phase::Judge(..) => out.extend(self.recovery_candidates().iter().map(Action::Recover)),
            Phase::Roll | Phase::Over => {}
        }
    }

    /// The active player's hand cards of each rolled element.
    fn rolled_cards(&self, rolled: [Element; 2]) -> [CardSet; 2] {
        let hand = self.players[self.active().index()].hand;
        [hand.of(rolled[0]), hand.of(rolled[1])]
    }

    /// Whether some legal placement of two cards exists (§7.4.3).
    fn two_placeable(&self, rolled: [Element; 2]) -> bool {
        let [first, second] = self.rolled_cards(rolled);
        let cards = if rolled[0] == rolled[1] {
            first.len() >= 2
        } else {
            !first.is_empty() && !second.is_empty()
        };
        let empty = self.field.empty();
        // The grid has no triangles, so three empty cells always hold a non-adjacent pair.
        let cells = match empty.count_ones() {
            0 | 1 => false,
            2 => {
                let low = Cell::from_index(empty.trailing_zeros() as u8);
                empty & low.neighbours() == 0
            }
            _ => true,
        };
        cards && cells
    }

    /// The most cards that can be placed this turn: 2, 1 or 0.
    fn most_placeable(&self, rolled: [Element; 2]) -> usize {
        if self.two_placeable(rolled) {
            2
        } else {
            let [first, second] = self.rolled_cards(rolled);
            let any_card = !first.union(second).is_empty();
            usize::from(any_card && self.field.empty() != 0)
        }
    }

    /// Appends the legal placements.
    fn push_placements(&self, rolled: [Element; 2], out: &mut Vec<Action>) {
        let optional = self.options.placement == PlacementRule::Optional;
        let two = self.two_placeable(rolled);
        if two {
            self.push_pairs(rolled, out);
        }
        if optional || !two {
            let [first, second] = self.rolled_cards(rolled);
            let empty = self.field.empty();
            let cards = first.union(second);
            for card in cards.iter() {
                out.extend(
                    Cell::of_mask(empty).map(|cell| Action::Place(Placement::one(card, cell))),
                );
            }
            if optional || cards.is_empty() || empty == 0 {
                out.push(Action::Place(Placement::NONE));
            }
        }
    }

    /// Appends every placement of two cards, each in both orders.
    fn push_pairs(&self, rolled: [Element; 2], out: &mut Vec<Action>) {
        // The ordered pairs of cards, as placement bits (at most 5 × 4 or 2 × 5 × 5).
        let [first, second] = self.rolled_cards(rolled);
        let mut cards = [0u32; 50];
        let mut card_pairs = 0;
        let mut add = |a: CardId, b: CardId| {
            cards[card_pairs] = Placement::card_bits(a, b);
            card_pairs += 1;
        };
        if rolled[0] == rolled[1] {
            for a in first.iter() {
                for b in first.iter().filter(|&b| b != a) {
                    add(a, b);
                }
            }
        } else {
            for a in first.iter() {
                for b in second.iter() {
                    add(a, b);
                    add(b, a);
                }
            }
        }
        let cards = &cards[..card_pairs];
        // Every ordered pair of distinct, non-adjacent empty cells, in placement encoding,
        // first cell by first cell. The partners of a cell are compacted a row at a time from
        // a table (eight slots written, as many kept as the row has partners): no branch per
        // pair, which matters with hundreds of pairs a turn.
        let empty = self.field.empty();
        CELL_PAIRS.with_borrow_mut(|cells| {
            let mut count = 0;
            for first_cell in Cell::of_mask(empty) {
                let partners = empty & !first_cell.neighbours() & !first_cell.bit();
                let base = Placement::cell_bits(first_cell, Cell::from_index(0));
                for (row, row_base) in ROW_BASE.iter().enumerate() {
                    let pattern = ((partners >> (row * 5)) & 31) as usize;
                    let slots = &mut cells[count..count + ROW_SLOTS];
                    for (slot, column) in slots.iter_mut().zip(&ROW_COLUMNS[pattern]) {
                        *slot = base + row_base + column;
                    }
                    count += usize::from(ROW_COUNTS[pattern]);
                }
            }
            let cells = &cells[..count];
            out.reserve(cards.len() * cells.len());
            for &card_bits in cards {
                out.extend(
                    cells
                        .iter()
                        .map(|&bits| Action::Place(Placement::from_bits(card_bits | bits))),
                );
            }
        });
    }

    /// Checks an action of `seat` (ignored at the roll) without playing it.
    pub(crate) fn check(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        let given = match action {
            Action::Roll(_) => "a roll",
            Action::Choose(..) => "an element choice",
            Action::Place(_) => "a placement",
            Action::Recover(_) => "a recovery choice",
        };
        let wrong = |waits| Err(Illegal::WrongKind { waits, given });
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        if let Phase::Roll = self.phase {
            return match action {
                Action::Roll(faces) => match faces.iter().find(|face| !(1..=6).contains(*face)) {
                    Some(&face) => Err(Illegal::BadFace(face)),
                    None => Ok(()),
                },
                _ => wrong("the roll"),
            };
        }
        if !self.seat_acts(seat) {
            return Err(Illegal::NotYourTurn {
                seat: (seat.index() + 1).to_string(),
                expected: format!("seat {}", self.active().number()),
            });
        }
        match (self.phase, action) {
            (Phase::Dice(faces), Action::Choose(_, second)) => {
                match (self.any_faces(faces), second.is_some()) {
                    (2, true) | (1, false) => Ok(()),
                    (2, false) => Err(Illegal::ChoiceCount {
                        dice: "both dice",
                        verb: "show",
                        example: "=H,S",
                    }),
                    _ => Err(Illegal::ChoiceCount {
                        dice: "one die",
                        verb: "shows",
                        example: "=H",
                    }),
                }
            }
            (Phase::Dice(_), _) => wrong("the element of each die that shows \"any\""),
            (Phase::Place(rolled), Action::Place(placement)) => {
                self.check_placement(rolled, *placement)
            }
            (Phase::Place(_), _) => wrong("the placement"),
            (Phase::Judge(..), Action::Recover(card)) => {
                if self.recovery_candidates().contains(*card) {
                    Ok(())
                } else {
                    Err(Illegal::NotRecoverable {
                        card: *card,
                        element: match self.phase {
                            Phase::Judge(_, pending) => pending.card().0.element().generates(),
                            _ => card.element(),
                        },
                    })
                }
            }
            (Phase::Judge(..), _) => wrong("a recovery choice"),
            (Phase::Roll | Phase::Over, _) => Err(Illegal::GameOver),
        }
    }

    /// Checks a placement against §7.4.
    fn check_placement(&self, rolled: [Element; 2], placement: Placement) -> Result<(), Illegal> {
        let hand = self.players[self.active().index()].hand;
        for (card, cell) in placement.iter() {
            if !hand.contains(card) {
                return Err(Illegal::NotInHand(card));
            }
            if !rolled.contains(&card.element()) {
                return Err(Illegal::NotRolled {
                    card,
                    element: card.element(),
                    rolled0: rolled[0],
                    rolled1: rolled[1],
                });
            }
            if self.field.get(cell).is_some() {
                return Err(Illegal::CellTaken(cell));
            }
        }
        if placement.len() == 2 {
            let ((a, x), (b, y)) = (placement.get(0), placement.get(1));
            if a == b {
                return Err(Illegal::SameCard(a));
            }
            if x == y {
                return Err(Illegal::SameCell(x));
            }
            if x.neighbours() & y.bit() != 0 {
                return Err(Illegal::Adjacent(x, y));
            }
            let mut elements = [a.element(), b.element()];
            let mut wanted = rolled;
            elements.sort();
            wanted.sort();
            if elements != wanted {
                return Err(Illegal::NotOneOfEach(rolled[0], rolled[1]));
            }
        }
        if self.options.placement == PlacementRule::MandatoryMax {
            let must = self.most_placeable(rolled);
            if placement.len() < must {
                return Err(Illegal::TooFew {
                    must,
                    placed: placement.len(),
                });
            }
        }
        Ok(())
    }
}
