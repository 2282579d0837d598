//! The state block (§9.2): eight lines that describe a resting position, as data; writing it,
//! reading it, and turning a full one into a game (§14.5 `load`).

use std::fmt::Write as _;

use zhanqi_core::NotationError;

use crate::card::write_list;
use crate::game::{PendingRecovery, Phase, PlayerCards};
use crate::geometry::CELLS;
use crate::{
    CardId, CardSet, Cell, Element, Face, Field, FieldCard, Pile, PileView, Placement, Player,
    PlayerView, Shengke, ShengkeOptions,
};

/// A state block: a full position, or a view of one with counts for what is hidden.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    /// The turn, 1 … `turns`.
    pub turn: u16,
    /// The player whose turn it is.
    pub active: Player,
    /// Where the game waits.
    pub phase: Phase,
    /// The field, by cell index (`a1` first).
    pub field: [Option<FieldCard>; CELLS],
    /// Both players' lines.
    pub players: [PlayerView; 2],
}

impl Position {
    /// Writes the state block: eight lines joined by line feeds, none at the end.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(400);
        self.write_header(&mut out);
        out.push_str("\nfield ");
        for row in (0..5).rev() {
            for column in 0..5 {
                let cell = Cell::at(column, row).unwrap_or(Cell::from_index(0));
                match self.field[usize::from(cell.index())] {
                    Some(card) => {
                        let _ = write!(out, "{card}");
                    }
                    None => out.push('.'),
                }
                out.push(if column < 4 { ',' } else { '/' });
            }
        }
        out.pop();
        for player in Player::BOTH {
            let lines = &self.players[player.index()];
            let label = player.number();
            let _ = write!(out, "\np{label} piles");
            for element in Element::ALL {
                let _ = write!(out, " {}:", element.code());
                match &lines.piles[element.index()] {
                    PileView::Cards(cards) => write_list(cards.iter().copied(), &mut out),
                    PileView::Count(count) => {
                        let _ = write!(out, "{count}");
                    }
                }
            }
            let _ = write!(out, "\np{label} hand ");
            match &lines.hand {
                PileView::Cards(cards) => write_list(cards.iter().copied(), &mut out),
                PileView::Count(count) => {
                    let _ = write!(out, "{count}");
                }
            }
            let _ = write!(out, "\np{label} discard ");
            write_list(lines.discard.iter(), &mut out);
        }
        out
    }

    /// Writes line 1 (§9.2, five forms).
    fn write_header(&self, out: &mut String) {
        let phase = match self.phase {
            Phase::Roll | Phase::Dice(_) => "start",
            Phase::Place(_) => "place",
            Phase::Judge(..) => "judge",
            Phase::Over => "over",
        };
        let _ = write!(
            out,
            "turn {} phase {phase} active {}",
            self.turn,
            self.active.number()
        );
        match self.phase {
            Phase::Dice([first, second]) => {
                let _ = write!(out, " dice {first},{second}");
            }
            Phase::Place([first, second]) => {
                let _ = write!(out, " rolled {first},{second}");
            }
            Phase::Judge([first, second], pending) => {
                let _ = write!(out, " rolled {first},{second} placed ");
                for (index, (card, cell)) in pending.placed.iter().enumerate() {
                    if index > 0 {
                        out.push(',');
                    }
                    let _ = write!(out, "{card}@{cell}");
                }
                let _ = write!(out, " choosing {}", pending.card().0);
                if pending.left >= 2 {
                    let _ = write!(out, " left {}", pending.left);
                }
            }
            Phase::Roll | Phase::Over => {}
        }
    }

    /// Reads a state block (full, or a view with counts). Checks the form of every line and
    /// the five forms of line 1 under `options`; [`Position::into_game`] checks that the cards
    /// fit together.
    ///
    /// # Errors
    /// If the text is not a state block, naming the field and the character offset.
    pub fn parse(text: &str, options: &ShengkeOptions) -> Result<Position, NotationError> {
        Reader::new(text).position(options)
    }

    /// The game at this position, after every check of §14.5 `load`; `seed` seeds future
    /// rolls.
    ///
    /// # Errors
    /// If the position is a view, or its cards do not fit together, naming the field.
    pub fn into_game(&self, options: &ShengkeOptions, seed: u64) -> Result<Shengke, NotationError> {
        let mut players = [PlayerCards::default(); 2];
        let mut field = Field::EMPTY;
        for player in Player::BOTH {
            let label = format!("p{}", player.number());
            let lines = &self.players[player.index()];
            let cards = &mut players[player.index()];
            let mut seen = CardSet::EMPTY;
            let mut note = |card: CardId, place: &str| -> Result<(), NotationError> {
                if seen.contains(card) {
                    return Err(NotationError::new(
                        format!("{label} {place}"),
                        0,
                        format!("{card} appears twice for player {}", player.number()),
                    ));
                }
                seen.insert(card);
                Ok(())
            };
            for (index, slot) in self.field.iter().enumerate() {
                if let Some(card) = slot {
                    if card.owner == player {
                        note(card.card, "field")?;
                        field.put(Cell::from_index(index as u8), *card);
                    }
                }
            }
            for element in Element::ALL {
                let PileView::Cards(pile) = &lines.piles[element.index()] else {
                    return Err(view_error(&label, "piles"));
                };
                for &card in pile {
                    note(card, "piles")?;
                }
                let indices: Vec<u8> = pile.iter().map(|card| card.index() - 1).collect();
                cards.piles[element.index()] = Pile::from_top(&indices);
            }
            let PileView::Cards(hand) = &lines.hand else {
                return Err(view_error(&label, "hand"));
            };
            for &card in hand {
                note(card, "hand")?;
                cards.hand.insert(card);
            }
            for card in lines.discard.iter() {
                note(card, "discard")?;
            }
            cards.discard = lines.discard;
            cards.cards = seen;
        }
        let game =
            Shengke::from_parts(options.clone(), seed, self.turn, self.phase, field, players);
        if let Phase::Judge(rolled, pending) = self.phase {
            check_pending(&game, rolled, pending)?;
        }
        Ok(game)
    }
}

fn view_error(label: &str, line: &str) -> NotationError {
    NotationError::new(
        format!("{label} {line}"),
        0,
        "a count is written only in a view; a position to load lists the cards",
    )
}

/// The checks of §14.5 on a pending recovery choice: the `placed` list could have been
/// placed this turn, and the choosing card has a choice to make.
fn check_pending(
    game: &Shengke,
    rolled: [Element; 2],
    pending: PendingRecovery,
) -> Result<(), NotationError> {
    let fail = |message: String| Err(NotationError::new("placed", 0, message));
    let active = game.active();
    let cards = game.cards(active);
    for (card, cell) in pending.placed.iter() {
        if !rolled.contains(&card.element()) {
            return fail(format!(
                "{card} is not of a rolled element ({},{})",
                rolled[0], rolled[1]
            ));
        }
        if cards.hand.contains(card) {
            return fail(format!(
                "{card} was placed this turn but is still in the hand"
            ));
        }
        let standing = FieldCard {
            owner: active,
            card,
        };
        match game.field().get(cell) {
            Some(other) if other != standing => {
                return fail(format!("{card} was placed on {cell}, which holds {other}"));
            }
            Some(_) => {}
            None if !cards.cards.contains(card)
                || game.field().cards_of(active).any(|c| c == card) =>
            {
                return fail(format!(
                    "{card} was placed on {cell} and destroyed, so it must be in the discard \
                     pile or a pile of player {}",
                    active.number()
                ));
            }
            None => {}
        }
    }
    if pending.placed.len() == 2 {
        let ((a, x), (b, y)) = (pending.placed.get(0), pending.placed.get(1));
        let mut elements = [a.element(), b.element()];
        let mut wanted = rolled;
        elements.sort();
        wanted.sort();
        if a == b || elements != wanted {
            return fail(format!(
                "{a} and {b} are not one card of each rolled element ({},{})",
                rolled[0], rolled[1]
            ));
        }
        if x == y || x.neighbours() & y.bit() != 0 {
            return fail(format!(
                "{x} and {y} are the same or adjacent cells; the two cards of a turn cannot be"
            ));
        }
    }
    let (card, cell) = pending.card();
    let choosing = |message: String| Err(NotationError::new("choosing", 0, message));
    if !game.field().holds(
        cell,
        FieldCard {
            owner: active,
            card,
        },
    ) {
        return choosing(format!(
            "{card} does not stand on {cell}, so no recovery choice is pending"
        ));
    }
    let sources = game.recovery_sources(pending).count_ones();
    let recovers = card.element().generates();
    if sources == 0 {
        return choosing(format!(
            "{card}'s out range points to no {recovers} card, so its 行生 does not trigger"
        ));
    }
    if game.rules().bonus_per_target && u32::from(pending.left) > sources {
        return Err(NotationError::new(
            "left",
            0,
            format!(
                "{card} makes at most {sources} recoveries, not {}",
                pending.left
            ),
        ));
    }
    if game.recovery_candidates().len() < 2 {
        return choosing(format!(
            "player {}'s discard pile holds fewer than two {recovers} cards, so there is \
             nothing to choose",
            active.number()
        ));
    }
    Ok(())
}

/// Reads a state block, keeping the offsets of what it reads for error messages.
struct Reader<'a> {
    text: &'a str,
}

/// One space-free word of a line and where it starts in the whole text.
type Word<'a> = (usize, &'a str);

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader { text }
    }

    /// An error in `field` at byte `offset` of the text (reported as a character offset).
    fn error(&self, field: &str, offset: usize, message: impl Into<String>) -> NotationError {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        NotationError::new(field, self.text[..offset].chars().count(), message)
    }

    /// Splits `line` (starting at `start`) at single spaces.
    fn words(
        &self,
        field: &str,
        start: usize,
        line: &'a str,
    ) -> Result<Vec<Word<'a>>, NotationError> {
        let mut words = Vec::new();
        let mut offset = start;
        for word in line.split(' ') {
            if word.is_empty() {
                return Err(self.error(
                    field,
                    offset,
                    "words are separated by single spaces, with none at the start or end",
                ));
            }
            words.push((offset, word));
            offset += word.len() + 1;
        }
        Ok(words)
    }

    fn position(&self, options: &ShengkeOptions) -> Result<Position, NotationError> {
        let mut lines: Vec<(usize, &str)> = Vec::with_capacity(8);
        let mut start = 0;
        for line in self.text.split('\n') {
            lines.push((start, line));
            start += line.len() + 1;
        }
        if lines.len() != 8 {
            let offset = lines.get(8).map_or(self.text.len(), |(offset, _)| *offset);
            return Err(self.error(
                "position",
                offset,
                format!(
                    "a position has 8 lines joined by line feeds (turn, field, then piles, \
                     hand and discard of p1 and p2), with no line feed at the end; this one has {}",
                    lines.len()
                ),
            ));
        }
        let (turn, active, phase) = self.header(lines[0], options)?;
        let field = self.field(lines[1])?;
        let mut players = Vec::with_capacity(2);
        for player in Player::BOTH {
            let first = 2 + 3 * player.index();
            let label = format!("p{}", player.number());
            players.push(PlayerView {
                piles: self.piles(&label, lines[first])?,
                hand: self.hand(&label, lines[first + 1])?,
                discard: self.discard(&label, lines[first + 2])?,
            });
        }
        let [p1, p2]: [PlayerView; 2] = players
            .try_into()
            .map_err(|_| self.error("position", 0, "two players"))?;
        Ok(Position {
            turn,
            active,
            phase,
            field,
            players: [p1, p2],
        })
    }

    /// Line 1: turn, phase, active player and what the game waits for.
    fn header(
        &self,
        (start, line): (usize, &'a str),
        options: &ShengkeOptions,
    ) -> Result<(u16, Player, Phase), NotationError> {
        let words = self.words("turn", start, line)?;
        let expect = |index: usize, keyword: &str, after: usize| -> Result<(), NotationError> {
            match words.get(index) {
                Some(&(_, word)) if word == keyword => Ok(()),
                Some(&(offset, word)) => Err(self.error(
                    keyword,
                    offset,
                    format!("expected '{keyword}', found '{word}'"),
                )),
                None => Err(self.error(
                    keyword,
                    after,
                    format!("line 1 ends early; expected '{keyword}'"),
                )),
            }
        };
        let value = |index: usize, field: &str| -> Result<Word<'a>, NotationError> {
            words.get(index).copied().ok_or_else(|| {
                self.error(
                    field,
                    start + line.len(),
                    format!("line 1 ends before the {field}"),
                )
            })
        };
        expect(0, "turn", start)?;
        let (turn_at, turn_text) = value(1, "turn")?;
        let turn: u16 = digits(turn_text)
            .and_then(|text| text.parse().ok())
            .ok_or_else(|| {
                self.error(
                    "turn",
                    turn_at,
                    format!("'{turn_text}' is not a turn number"),
                )
            })?;
        if turn == 0 || turn > options.turns {
            return Err(self.error(
                "turn",
                turn_at,
                format!(
                    "turn {turn} is outside 1 … {} (the game's turns)",
                    options.turns
                ),
            ));
        }
        expect(2, "phase", turn_at + turn_text.len() + 1)?;
        let (phase_at, phase_word) = value(3, "phase")?;
        match phase_word {
            "start" | "place" | "judge" | "over" => {}
            "draw" | "end" => {
                return Err(self.error(
                    "phase",
                    phase_at,
                    format!(
                        "the game never waits in phase {phase_word}; a position is in phase \
                         start, place, judge or over"
                    ),
                ));
            }
            other => {
                return Err(self.error(
                    "phase",
                    phase_at,
                    format!("'{other}' is not a phase; expected start, place, judge or over"),
                ));
            }
        }
        expect(4, "active", phase_at + phase_word.len() + 1)?;
        let (active_at, active_text) = value(5, "active")?;
        let active = match active_text {
            "1" => Player::One,
            "2" => Player::Two,
            other => {
                return Err(self.error(
                    "active",
                    active_at,
                    format!("'{other}' is not a player; expected 1 or 2"),
                ));
            }
        };
        if active != Player::of_turn(turn) {
            return Err(self.error(
                "active",
                active_at,
                format!(
                    "player {} does not play turn {turn}; player 1 plays the odd turns and \
                     player 2 the even ones",
                    active.number()
                ),
            ));
        }
        let extras = self.extras(&words[6..], options)?;
        let phase = self.phase(phase_word, phase_at, turn, &extras, options)?;
        Ok((turn, active, phase))
    }

    /// The optional groups after `active`: `dice`, `rolled`, `placed … choosing … [left …]`.
    fn extras(
        &self,
        words: &[Word<'a>],
        options: &ShengkeOptions,
    ) -> Result<Extras, NotationError> {
        let mut extras = Extras::default();
        let mut index = 0;
        let mut rank = 0;
        while index < words.len() {
            let (at, keyword) = words[index];
            let argument = |field: &str| -> Result<Word<'a>, NotationError> {
                words.get(index + 1).copied().ok_or_else(|| {
                    self.error(
                        field,
                        at + keyword.len(),
                        format!("'{keyword}' needs a value after it"),
                    )
                })
            };
            let order = match keyword {
                "dice" => 1,
                "rolled" => 2,
                "placed" => 3,
                "choosing" => 4,
                "left" => 5,
                other => {
                    return Err(self.error(
                        "turn",
                        at,
                        format!(
                            "'{other}' is not part of line 1; after 'active' come only dice, \
                             rolled, placed, choosing and left"
                        ),
                    ));
                }
            };
            if order <= rank {
                return Err(self.error(
                    keyword,
                    at,
                    format!("'{keyword}' is out of place; line 1 writes dice, rolled, placed, choosing, left in that order, each once"),
                ));
            }
            rank = order;
            let (value_at, value) = argument(keyword)?;
            match keyword {
                "dice" => extras.dice = Some((at, self.faces(value_at, value)?)),
                "rolled" => extras.rolled = Some((at, self.rolled(value_at, value)?)),
                "placed" => extras.placed = Some((at, self.placed(value_at, value)?)),
                "choosing" => {
                    extras.choosing = Some((value_at, self.card("choosing", value_at, value)?))
                }
                _ => {
                    let left = digits(value).and_then(|text| text.parse::<u8>().ok());
                    let left = left.filter(|&k| k >= 2).ok_or_else(|| {
                        self.error(
                            "left",
                            value_at,
                            format!("'{value}' is not a count of 2 or more"),
                        )
                    })?;
                    if !options.bonus_per_target {
                        return Err(self.error(
                            "left",
                            at,
                            "'left' is written only under bonus_per_target = true",
                        ));
                    }
                    extras.left = Some(left);
                }
            }
            index += 2;
        }
        Ok(extras)
    }

    /// The phase of line 1, after checking which groups its form allows (§9.2).
    fn phase(
        &self,
        word: &str,
        at: usize,
        turn: u16,
        extras: &Extras,
        options: &ShengkeOptions,
    ) -> Result<Phase, NotationError> {
        if let Some((dice_at, _)) = extras.dice
            && word != "start"
        {
            return Err(self.error("dice", dice_at, "'dice' is written only in phase start"));
        }
        if let Some((rolled_at, _)) = extras.rolled
            && !matches!(word, "place" | "judge")
        {
            return Err(self.error(
                "rolled",
                rolled_at,
                "'rolled' is written only in phases place and judge",
            ));
        }
        if let Some((placed_at, _)) = extras.placed
            && word != "judge"
        {
            return Err(self.error(
                "placed",
                placed_at,
                "'placed … choosing …' is written only in phase judge",
            ));
        }
        if extras.placed.is_none() && (extras.choosing.is_some() || extras.left.is_some()) {
            return Err(self.error(
                "choosing",
                at,
                "'choosing' and 'left' are written only after 'placed'",
            ));
        }
        let need_rolled = || {
            extras.rolled.map(|(_, rolled)| rolled).ok_or_else(|| {
                self.error(
                    "rolled",
                    at,
                    format!("phase {word} needs 'rolled <e1>,<e2>'"),
                )
            })
        };
        match word {
            "start" => match extras.dice {
                None => Ok(Phase::Roll),
                Some((dice_at, faces)) => {
                    if faces.iter().all(|&face| options.face(face) != Face::Any) {
                        return Err(self.error(
                            "dice",
                            dice_at,
                            format!(
                                "dice {},{}: no face stands for any element, so no choice awaits",
                                faces[0], faces[1]
                            ),
                        ));
                    }
                    Ok(Phase::Dice(faces))
                }
            },
            "place" => Ok(Phase::Place(need_rolled()?)),
            "judge" => {
                let rolled = need_rolled()?;
                let Some((placed_at, placed)) = extras.placed.clone() else {
                    return Err(self.error(
                        "placed",
                        at,
                        "phase judge needs 'placed <card>@<cell>[,…] choosing <card>'",
                    ));
                };
                let Some((choosing_at, choosing)) = extras.choosing else {
                    return Err(self.error(
                        "choosing",
                        placed_at,
                        "'placed' needs 'choosing <card>' after it",
                    ));
                };
                let Some(index) = placed.iter().position(|&(card, _)| card == choosing) else {
                    return Err(self.error(
                        "choosing",
                        choosing_at,
                        format!("{choosing} is not one of the placed cards"),
                    ));
                };
                let placement = match placed[..] {
                    [one] => Placement::one(one.0, one.1),
                    [first, second] => Placement::two(first, second),
                    _ => unreachable!("placed lists are checked to hold one or two cards"),
                };
                Ok(Phase::Judge(
                    rolled,
                    PendingRecovery {
                        placed: placement,
                        choosing: index as u8,
                        left: extras.left.unwrap_or(1),
                    },
                ))
            }
            _ => {
                if turn != options.turns {
                    return Err(self.error(
                        "phase",
                        at,
                        format!(
                            "phase over comes only after the last turn ({}), not in turn {turn}",
                            options.turns
                        ),
                    ));
                }
                Ok(Phase::Over)
            }
        }
    }

    fn faces(&self, at: usize, text: &str) -> Result<[u8; 2], NotationError> {
        match text.as_bytes() {
            [first @ b'1'..=b'6', b',', second @ b'1'..=b'6'] => Ok([first - b'0', second - b'0']),
            _ => Err(self.error(
                "dice",
                at,
                format!("'{text}' is not two die faces; expected <d1>,<d2> with faces 1–6"),
            )),
        }
    }

    fn rolled(&self, at: usize, text: &str) -> Result<[Element; 2], NotationError> {
        let element = |byte: u8| Element::from_code(char::from(byte));
        match text.as_bytes() {
            [first, b',', second] => match (element(*first), element(*second)) {
                (Some(first), Some(second)) => Ok([first, second]),
                _ => Err(self.error(
                    "rolled",
                    at,
                    format!("'{text}' is not two elements (M, H, T, J, S)"),
                )),
            },
            _ => Err(self.error(
                "rolled",
                at,
                format!("'{text}' is not two elements; expected <e1>,<e2> such as H,S"),
            )),
        }
    }

    fn placed(&self, at: usize, text: &str) -> Result<Vec<(CardId, Cell)>, NotationError> {
        let mut placed = Vec::new();
        let mut offset = at;
        for item in text.split(',') {
            let Some((card, cell)) = item.split_once('@') else {
                return Err(self.error("placed", offset, format!("'{item}' is not <card>@<cell>")));
            };
            let card = self.card("placed", offset, card)?;
            let cell = Cell::parse(cell).ok_or_else(|| {
                self.error(
                    "placed",
                    offset + item.find('@').unwrap_or(0) + 1,
                    format!("'{cell}' is not a cell a1 … e5"),
                )
            })?;
            if placed.len() == 2 {
                return Err(self.error(
                    "placed",
                    offset,
                    "more than two cards are placed; a turn places at most two",
                ));
            }
            placed.push((card, cell));
            offset += item.len() + 1;
        }
        Ok(placed)
    }

    fn card(&self, field: &str, at: usize, text: &str) -> Result<CardId, NotationError> {
        parse_card(text).ok_or_else(|| {
            self.error(
                field,
                at,
                format!("'{text}' is not a card id; expected M1 … S5"),
            )
        })
    }

    /// Line 2: `field <row5>/…/<row1>`.
    fn field(
        &self,
        (start, line): (usize, &str),
    ) -> Result<[Option<FieldCard>; CELLS], NotationError> {
        let Some(rows) = line.strip_prefix("field ") else {
            return Err(self.error("field", start, "line 2 starts with 'field '"));
        };
        let mut field = [None; CELLS];
        let mut offset = start + "field ".len();
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 5 {
            return Err(self.error(
                "field",
                offset,
                format!("the field has 5 rows separated by '/', not {}", rows.len()),
            ));
        }
        for (position, row_text) in rows.iter().enumerate() {
            let row = 4 - position as i8;
            let cells: Vec<&str> = row_text.split(',').collect();
            if cells.len() != 5 {
                return Err(self.error(
                    "field",
                    offset,
                    format!(
                        "row {} has 5 cells separated by commas, not {}",
                        row + 1,
                        cells.len()
                    ),
                ));
            }
            for (column, cell_text) in cells.iter().enumerate() {
                if *cell_text != "." {
                    let card = parse_field_card(cell_text).ok_or_else(|| {
                        self.error(
                            "field",
                            offset,
                            format!("'{cell_text}' is not '.' or a field card such as 1J1"),
                        )
                    })?;
                    let cell = Cell::at(column as i8, row).unwrap_or(Cell::from_index(0));
                    field[usize::from(cell.index())] = Some(card);
                }
                offset += cell_text.len() + 1;
            }
        }
        Ok(field)
    }

    /// A piles line: `p1 piles M:<ids|-|count> H:… T:… J:… S:…`.
    fn piles(
        &self,
        label: &str,
        (start, line): (usize, &str),
    ) -> Result<[PileView; 5], NotationError> {
        let field = format!("{label} piles");
        let prefix = format!("{field} ");
        let Some(rest) = line.strip_prefix(&prefix) else {
            return Err(self.error(&field, start, format!("this line starts with '{prefix}'")));
        };
        let words = self.words(&field, start + prefix.len(), rest)?;
        if words.len() != 5 {
            return Err(self.error(
                &field,
                start,
                format!("five piles M:… H:… T:… J:… S:…, not {}", words.len()),
            ));
        }
        let mut piles: [PileView; 5] = std::array::from_fn(|_| PileView::Count(0));
        for (element, &(at, word)) in Element::ALL.into_iter().zip(&words) {
            let Some(list) = word
                .strip_prefix(element.code())
                .and_then(|w| w.strip_prefix(':'))
            else {
                return Err(self.error(
                    &field,
                    at,
                    format!("expected the {} pile as {}:…", element, element.code()),
                ));
            };
            let list_at = at + 2;
            let pile = self.list(&field, list_at, list)?;
            if let PileView::Cards(cards) = &pile {
                if cards.len() > 5 {
                    return Err(self.error(&field, list_at, "a pile holds at most five cards"));
                }
                if let Some(card) = cards.iter().find(|card| card.element() != element) {
                    return Err(self.error(
                        &field,
                        list_at,
                        format!("{card} is in the {element} pile; a pile holds only cards of its element"),
                    ));
                }
            }
            piles[element.index()] = pile;
        }
        Ok(piles)
    }

    /// A hand line: `p1 hand <ids|-|count>`, listed in any order.
    fn hand(&self, label: &str, (start, line): (usize, &str)) -> Result<PileView, NotationError> {
        let field = format!("{label} hand");
        let prefix = format!("{field} ");
        let Some(rest) = line.strip_prefix(&prefix) else {
            return Err(self.error(&field, start, format!("this line starts with '{prefix}'")));
        };
        let hand = self.list(&field, start + prefix.len(), rest)?;
        Ok(match hand {
            PileView::Cards(mut cards) => {
                cards.sort();
                PileView::Cards(cards)
            }
            count => count,
        })
    }

    /// A discard line: `p1 discard <ids|->`.
    fn discard(&self, label: &str, (start, line): (usize, &str)) -> Result<CardSet, NotationError> {
        let field = format!("{label} discard");
        let prefix = format!("{field} ");
        let Some(rest) = line.strip_prefix(&prefix) else {
            return Err(self.error(&field, start, format!("this line starts with '{prefix}'")));
        };
        let at = start + prefix.len();
        match self.list(&field, at, rest)? {
            PileView::Cards(cards) => {
                let mut set = CardSet::EMPTY;
                for card in cards {
                    if set.contains(card) {
                        return Err(self.error(&field, at, format!("{card} is listed twice")));
                    }
                    set.insert(card);
                }
                Ok(set)
            }
            PileView::Count(_) => Err(self.error(
                &field,
                at,
                "a discard pile is public: list its cards or write '-'",
            )),
        }
    }

    /// A list of ids, `-` for none, or (in views) a count.
    fn list(&self, field: &str, at: usize, text: &str) -> Result<PileView, NotationError> {
        if text == "-" {
            return Ok(PileView::Cards(Vec::new()));
        }
        if let Some(count) = digits(text) {
            return count
                .parse()
                .ok()
                .filter(|&count| count <= 25)
                .map(PileView::Count)
                .ok_or_else(|| self.error(field, at, format!("'{text}' is not a count of cards")));
        }
        let mut cards = Vec::new();
        let mut offset = at;
        for item in text.split(',') {
            cards.push(self.card(field, offset, item)?);
            offset += item.len() + 1;
        }
        Ok(PileView::Cards(cards))
    }
}

/// What line 1 holds after `active`, with the offset of each keyword.
#[derive(Default)]
struct Extras {
    dice: Option<(usize, [u8; 2])>,
    rolled: Option<(usize, [Element; 2])>,
    placed: Option<(usize, Vec<(CardId, Cell)>)>,
    choosing: Option<(usize, CardId)>,
    left: Option<u8>,
}

/// The text if it is a non-empty run of ASCII digits.
fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.len() <= 5 && text.bytes().all(|b| b.is_ascii_digit()))
        .then_some(text)
}

/// Reads a card id such as `J1`.
#[must_use]
pub fn parse_card(text: &str) -> Option<CardId> {
    match text.as_bytes() {
        [code, index @ b'1'..=b'5'] => {
            Element::from_code(char::from(*code)).map(|element| CardId::new(element, index - b'0'))
        }
        _ => None,
    }
}

/// Reads a field card such as `1J1`.
#[must_use]
pub fn parse_field_card(text: &str) -> Option<FieldCard> {
    let owner = match text.as_bytes().first()? {
        b'1' => Player::One,
        b'2' => Player::Two,
        _ => return None,
    };
    Some(FieldCard {
        owner,
        card: parse_card(text.get(1..)?)?,
    })
}
