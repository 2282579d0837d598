//! What a browser client needs to show 生剋棋, as JSON data: the 5×5 field, each viewer's
//! view of the table, the events of an action with the judgement that caused each, and the
//! deck file a player arranges before play (names, elements, in and out numbers).
//!
//! Nothing here decides a rule. Views are built from [`Shengke::view_for`] alone, so a seat
//! never gets the opponent's hand or the order of any pile. Events explain a judgement by
//! pointing at the placed card and the card in its range that made it happen; they name a
//! card drawn into a hand only by its element.

use std::fmt::Write as _;

use serde_json::{Value, json};
use zhanqi_core::{Reason, Seat, Viewer};

use crate::deck::{DECK_SIZE, Side, describe};
use crate::game::Phase;
use crate::{
    Action, CardId, Cell, Deck, DeckCard, DeckList, Element, Event, Field, FieldCard, PileView,
    Placement, Player, Shengke, Targets, Violation,
};

/// The first line of a deck file.
pub const DECK_HEADER: &str = "# zhanqi shengke deck: element in out name";

/// The longest card name, in characters.
pub const MAX_NAME: usize = 16;

/// The seat name of a player.
fn seat_name(player: Player) -> &'static str {
    match player {
        Player::One => "1",
        Player::Two => "2",
    }
}

/// The geometry of the field: 5×5 cells, seat `1` on the row-1 side (bottom), seat `2` on
/// the row-5 side (top).
#[must_use]
pub fn board_ui() -> Value {
    let cells: Vec<Value> = (0..25u8)
        .map(|index| {
            let cell = Cell::from_index(index);
            json!({"name": cell.to_string(), "x": cell.column(), "y": 4 - cell.row()})
        })
        .collect();
    json!({
        "game": "shengke",
        "mode": crate::interface::MODE,
        "width": 5,
        "height": 5,
        "cells": cells,
        "seats": [{"seat": "1", "side": "bottom"}, {"seat": "2", "side": "top"}],
    })
}

/// A card as the client shows it: id, element and the owner's deck numbers.
fn card_json(deck: &Deck, card: CardId) -> Value {
    json!({
        "card": card.to_string(),
        "element": card.element().code().to_string(),
        "in": deck.in_number(card),
        "out": deck.out_number(card),
    })
}

fn pile_json(deck: &Deck, pile: &PileView) -> Value {
    match pile {
        PileView::Cards(cards) => {
            Value::Array(cards.iter().map(|&card| card_json(deck, card)).collect())
        }
        PileView::Count(count) => json!(count),
    }
}

fn element_list(elements: [Element; 2]) -> Value {
    json!(elements.map(|element| element.code().to_string()))
}

impl Shengke {
    fn deck_of(&self, player: Player) -> &Deck {
        self.rules().deck(player.index())
    }

    fn field_card_json(&self, cell: Cell, card: FieldCard) -> Value {
        let mut value = card_json(self.deck_of(card.owner), card.card);
        value["cell"] = json!(cell.to_string());
        value["owner"] = json!(seat_name(card.owner));
        value
    }

    /// What `viewer` sees, ready to draw: built from [`Shengke::view_for`] alone. A hand or
    /// pile the viewer may not see is a count; a visible one lists its cards.
    #[must_use]
    pub fn view_ui(&self, viewer: Viewer) -> Value {
        let view = self.view_for(viewer);
        let position = &view.position;
        let cells: Vec<Value> = position
            .field
            .iter()
            .enumerate()
            .filter_map(|(index, card)| {
                let card = (*card)?;
                Some(self.field_card_json(Cell::from_index(index as u8), card))
            })
            .collect();
        let players: Vec<Value> = Player::BOTH
            .iter()
            .map(|&player| {
                let lines = &position.players[player.index()];
                let deck = self.deck_of(player);
                let piles: serde_json::Map<String, Value> = Element::ALL
                    .iter()
                    .map(|element| {
                        (
                            element.code().to_string(),
                            pile_json(deck, &lines.piles[element.index()]),
                        )
                    })
                    .collect();
                json!({
                    "seat": seat_name(player),
                    "piles": piles,
                    "hand": pile_json(deck, &lines.hand),
                    "discard": lines.discard.iter().map(|card| card_json(deck, card)).collect::<Vec<_>>(),
                    "field": self.field().count(player),
                })
            })
            .collect();
        let (phase, dice, rolled, pending) = match position.phase {
            Phase::Roll => ("roll", Value::Null, Value::Null, Value::Null),
            Phase::Dice(faces) => ("dice", json!(faces), Value::Null, Value::Null),
            Phase::Place(elements) => ("place", Value::Null, element_list(elements), Value::Null),
            Phase::Judge(elements, pending) => {
                let (card, cell) = pending.card();
                (
                    "judge",
                    Value::Null,
                    element_list(elements),
                    json!({"card": card.to_string(), "cell": cell.to_string()}),
                )
            }
            Phase::Over => ("over", Value::Null, Value::Null, Value::Null),
        };
        let to_move = match position.phase {
            Phase::Dice(_) | Phase::Place(_) | Phase::Judge(..) => Some(seat_name(position.active)),
            Phase::Roll | Phase::Over => None,
        };
        json!({
            "position": position.write(),
            "turn": position.turn,
            "turns": self.rules().turns,
            "active": seat_name(position.active),
            "to_move": to_move,
            "phase": phase,
            "dice": dice,
            "rolled": rolled,
            "choosing": pending,
            "bonus": self.rules().first_player_bonus,
            "cells": cells,
            "players": players,
            "moves": position.turn.saturating_sub(1),
        })
    }

    /// The events of `action`, played by the active player on `self` (the game before it),
    /// by name, for the client's log and animation. Each judgement names its step (`xk` 行剋,
    /// `kx` 剋行, `xs` 行生, `sx` 生行), the card it acted on, the placed card that judged
    /// (`by`) and the card in its range that made the judgement happen (`source`). A card
    /// drawn into a hand is named by its element only.
    #[must_use]
    pub fn events_ui(&self, action: &Action, events: &[Event], after: &Shengke) -> Vec<Value> {
        let seat = seat_name(self.active());
        let mut out = Vec::new();
        let mut judge = Judging::new(self, action);
        match action {
            Action::Roll(faces) => {
                let elements = match (
                    self.rules().face_element(faces[0]),
                    self.rules().face_element(faces[1]),
                ) {
                    (Some(first), Some(second)) => element_list([first, second]),
                    _ => Value::Null,
                };
                out.push(
                    json!({"kind": "rolled", "seat": seat, "dice": faces, "elements": elements}),
                );
            }
            Action::Choose(..) => {
                if let Phase::Place(elements) = after.phase() {
                    out.push(
                        json!({"kind": "chose", "seat": seat, "elements": element_list(elements)}),
                    );
                }
            }
            Action::Place(placement) => {
                let cards: Vec<Value> = placement
                    .iter()
                    .map(|(card, cell)| {
                        self.field_card_json(
                            cell,
                            FieldCard {
                                owner: self.active(),
                                card,
                            },
                        )
                    })
                    .collect();
                out.push(json!({"kind": "placed", "seat": seat, "cards": cards}));
            }
            Action::Recover(_) => {}
        }
        let drawn: Vec<String> = events
            .iter()
            .filter_map(|event| match event {
                Event::Drew(card) => Some(card.element().code().to_string()),
                _ => None,
            })
            .collect();
        if !drawn.is_empty() {
            out.push(
                json!({"kind": "drew", "seat": seat, "count": drawn.len(), "elements": drawn}),
            );
        }
        let mut index = 0;
        while index < events.len() {
            let event = events[index];
            match event {
                Event::Overcame { .. } | Event::Overcome { .. } => {
                    // The destructions of one step happen together: each is explained on the
                    // field as it stood before any of them.
                    let group_end = events[index..]
                        .iter()
                        .position(|later| {
                            std::mem::discriminant(later) != std::mem::discriminant(&event)
                        })
                        .map_or(events.len(), |length| index + length);
                    let group = &events[index..group_end];
                    out.extend(group.iter().filter_map(|event| judge.explain(event)));
                    for event in group {
                        judge.destroy(event);
                    }
                    index = group_end;
                    continue;
                }
                Event::Recovered(_) | Event::Generated(_) => out.extend(judge.explain(&event)),
                Event::AwaitingRecovery(card) => {
                    let cell = judge.placed_cell(card);
                    out.push(json!({"kind": "awaiting_recovery", "seat": seat, "card": card.to_string(), "cell": cell}));
                }
                Event::TurnEnded(counts) => {
                    out.push(json!({"kind": "turn_ended", "seat": seat, "counts": counts}));
                }
                Event::Drew(_) => {}
            }
            index += 1;
        }
        if let Some(outcome) = zhanqi_core::Game::outcome(after) {
            out.push(json!({
                "kind": "game_over",
                "winners": outcome.winners.iter().map(|seat| seat_name(Player::from_index(seat.index()))).collect::<Vec<_>>(),
                "reason": outcome.reason,
                "scores": after.scores(),
            }));
        }
        out
    }
}

/// The judgement of one action, followed event by event to say which placed card did what.
struct Judging<'a> {
    game: &'a Shengke,
    field: Field,
    placed: Placement,
    /// Placed cards (by index) whose 行生 has been explained, and likewise 生行.
    recovered: [bool; 2],
    generated: [bool; 2],
}

impl<'a> Judging<'a> {
    fn new(game: &'a Shengke, action: &Action) -> Judging<'a> {
        let mut field = *game.field();
        let mut recovered = [false; 2];
        let placed = match (action, game.phase()) {
            (Action::Place(placement), _) => {
                for (card, cell) in placement.iter() {
                    field.put(
                        cell,
                        FieldCard {
                            owner: game.active(),
                            card,
                        },
                    );
                }
                *placement
            }
            (Action::Recover(_), Phase::Judge(_, pending)) => {
                for done in recovered.iter_mut().take(usize::from(pending.choosing)) {
                    *done = true;
                }
                pending.placed
            }
            _ => Placement::NONE,
        };
        Judging {
            game,
            field,
            placed,
            recovered,
            generated: [false; 2],
        }
    }

    fn active(&self) -> Player {
        self.game.active()
    }

    fn placed_cell(&self, card: CardId) -> Option<String> {
        self.placed
            .iter()
            .find(|&(placed, _)| placed == card)
            .map(|(_, cell)| cell.to_string())
    }

    /// The cards of `element` that the range `number` of the placed card on `cell` points to.
    fn in_range(&self, number: u8, cell: Cell, element: Element) -> Vec<(Cell, FieldCard)> {
        let mask = self
            .game
            .rules()
            .range_table
            .cells(number, self.active(), cell);
        Cell::of_mask(mask)
            .filter_map(|target| Some((target, self.field.get(target)?)))
            .filter(|(_, card)| card.card.element() == element)
            .filter(|(_, card)| {
                self.game.rules().judgement_targets == Targets::Any || card.owner != self.active()
            })
            .collect()
    }

    /// The placed cards still on the field, with their index, card and cell.
    fn standing(&self) -> impl Iterator<Item = (usize, CardId, Cell)> + '_ {
        self.placed
            .iter()
            .enumerate()
            .filter(|&(_, (card, cell))| {
                self.field.get(cell)
                    == Some(FieldCard {
                        owner: self.active(),
                        card,
                    })
            })
            .map(|(index, (card, cell))| (index, card, cell))
    }

    fn deck(&self) -> &Deck {
        self.game.deck_of(self.active())
    }

    fn reference(&self, cell: Cell, card: FieldCard) -> Value {
        self.game.field_card_json(cell, card)
    }

    fn placed_reference(&self, card: CardId, cell: Cell) -> Value {
        self.reference(
            cell,
            FieldCard {
                owner: self.active(),
                card,
            },
        )
    }

    /// One judgement event, explained.
    fn explain(&mut self, event: &Event) -> Option<Value> {
        let seat = seat_name(self.active());
        let (step, card, by, source) = match *event {
            Event::Overcame { card, cell } => {
                let by = self.standing().find(|&(_, placed, placed_cell)| {
                    placed.element().overcomes() == card.card.element()
                        && self
                            .in_range(
                                self.deck().out_number(placed),
                                placed_cell,
                                card.card.element(),
                            )
                            .iter()
                            .any(|&(target, _)| target == cell)
                });
                let by =
                    by.map(|(_, placed, placed_cell)| self.placed_reference(placed, placed_cell));
                (
                    "xk",
                    self.reference(cell, card),
                    by,
                    Some(self.reference(cell, card)),
                )
            }
            Event::Overcome { card, cell } => {
                let source = self
                    .in_range(
                        self.deck().in_number(card.card),
                        cell,
                        card.card.element().overcome_by(),
                    )
                    .first()
                    .map(|&(source_cell, source)| self.reference(source_cell, source));
                (
                    "kx",
                    self.reference(cell, card),
                    Some(self.reference(cell, card)),
                    source,
                )
            }
            Event::Recovered(recovered) => {
                let found = self.judging(false, recovered.map(CardId::element));
                let card = recovered.map_or(Value::Null, |card| card_json(self.deck(), card));
                ("xs", card, found.0, found.1)
            }
            Event::Generated(drawn) => {
                let found = self.judging(true, drawn.map(CardId::element));
                // The drawn card goes into a hidden hand: only its element is told.
                let card = drawn.map_or(
                    Value::Null,
                    |card| json!({"card": null, "element": card.element().code().to_string()}),
                );
                ("sx", card, found.0, found.1)
            }
            _ => return None,
        };
        Some(json!({
            "kind": "judgement",
            "seat": seat,
            "step": step,
            "card": card,
            "empty": card.is_null(),
            "by": by,
            "source": source,
        }))
    }

    /// The placed card whose 行生 (`generate` false) or 生行 (`generate` true) this is, and
    /// the card in its range that triggered it; `element` is the element recovered or drawn
    /// when known.
    fn judging(
        &mut self,
        generate: bool,
        element: Option<Element>,
    ) -> (Option<Value>, Option<Value>) {
        let done = if generate {
            self.generated
        } else {
            self.recovered
        };
        let candidates: Vec<(usize, CardId, Cell)> = self.standing().collect();
        let matching = |&(_, placed, cell): &(usize, CardId, Cell)| -> Option<(Cell, FieldCard)> {
            let own = placed.element();
            let (gives, number, wanted) = if generate {
                (own, self.deck().in_number(placed), own.generated_by())
            } else {
                (
                    own.generates(),
                    self.deck().out_number(placed),
                    own.generates(),
                )
            };
            if element.is_some_and(|element| element != gives) {
                return None;
            }
            self.in_range(number, cell, wanted).first().copied()
        };
        let pick = candidates
            .iter()
            .filter(|candidate| !done[candidate.0])
            .find_map(|candidate| matching(candidate).map(|source| (*candidate, source)))
            .or_else(|| {
                candidates
                    .iter()
                    .find_map(|candidate| matching(candidate).map(|source| (*candidate, source)))
            });
        let Some(((index, placed, cell), (source_cell, source))) = pick else {
            return (None, None);
        };
        if generate {
            self.generated[index] = true;
        } else {
            self.recovered[index] = true;
        }
        (
            Some(self.placed_reference(placed, cell)),
            Some(self.reference(source_cell, source)),
        )
    }

    fn destroy(&mut self, event: &Event) {
        if let Event::Overcame { cell, .. } | Event::Overcome { cell, .. } = *event {
            self.field.take(cell);
        }
    }
}

/// Why a deck file was refused: every problem, each one sentence on its own line, and the
/// places they name for an editor to mark: `line:N` (the file's line N) and `card:M1` (a card
/// by its id).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}", .problems.join("\n"))]
pub struct DeckFileError {
    /// Every problem, one sentence each.
    pub problems: Vec<String>,
    /// The lines and cards the problems name.
    pub marks: Vec<String>,
    /// The problems as reasons for a person's screen (a line of several problems gives one
    /// reason each), translated by the game's strings.
    pub reasons: Vec<Reason>,
}

/// A deck file read: the list, and each line's problems.
///
/// The format, one card a line in deck order: `<element> <in> <out> <name>`, e.g.
/// `M 4 3 青翼龍`. The element is a code (`M`, `H`, `T`, `J`, `S`), the numbers are whole
/// numbers, and the name is the rest of the line (1–16 characters, no `;`). Blank lines and
/// lines starting with `#` are ignored. Within an element, the first card listed is index 1
/// (§3.3).
///
/// # Errors
/// Every malformed line, by number, then every rule of §3.2 the deck breaks, all at once: a
/// malformed line hides none of the deck's other problems. A malformed line counts as a card
/// when its two numbers could be read (a bad name or element does not change the card count
/// or the sums); one whose numbers could not be read is left out of the rules.
pub fn parse_deck(text: &str) -> Result<DeckList, DeckFileError> {
    let DeckLines {
        list,
        mut problems,
        mut marks,
        mut reasons,
    } = read_lines(text);
    if let Err(violations) = list.build() {
        for violation in &violations {
            let card = violation_card(&list, violation);
            problems.push(match card {
                Some(id) => format!("{id} {violation}"),
                None => violation.to_string(),
            });
            reasons.push(violation_reason(violation, card));
            marks.extend(card.map(|id| format!("card:{id}")));
        }
    }
    if problems.is_empty() {
        Ok(list)
    } else {
        Err(DeckFileError {
            problems,
            marks,
            reasons,
        })
    }
}

/// A deck file read line by line: the cards (those of unreadable lines as far as read), a
/// sentence for each line that is not a card, and those lines (`line:N`).
struct DeckLines {
    list: DeckList,
    problems: Vec<String>,
    marks: Vec<String>,
    reasons: Vec<Reason>,
}

/// The cards of a deck file, whatever the rules of §3.2 say of them, and its unreadable
/// lines by number. An unreadable line whose numbers were read still counts as a card.
fn read_lines(text: &str) -> DeckLines {
    let mut problems = Vec::new();
    let mut marks = Vec::new();
    let mut reasons = Vec::new();
    let mut cards = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_line(line) {
            Ok(card) => cards.push(card),
            Err(Unreadable {
                problem,
                reasons: line_reasons,
                card,
            }) => {
                problems.push(format!("line {}: {problem}", number + 1));
                marks.push(format!("line:{}", number + 1));
                reasons.extend(
                    line_reasons
                        .into_iter()
                        .map(|reason| reason.with("line", number + 1)),
                );
                cards.extend(card);
            }
        }
    }
    DeckLines {
        list: DeckList { cards },
        problems,
        marks,
        reasons,
    }
}

/// A deck's violation of §3.2 as a reason for a person's screen, naming the card it concerns
/// by its id (the editor's first column).
fn violation_reason(violation: &Violation, card: Option<CardId>) -> Reason {
    let side = |side: Side, in_kind: &str, out_kind: &str| match side {
        Side::In => Reason::new(in_kind),
        Side::Out => Reason::new(out_kind),
    };
    match violation {
        Violation::CardCount { found } => Reason::new("deck_card_count").with("found", found),
        Violation::ElementCount { element, found } => Reason::new("deck_element_count")
            .with("sk_element", element.code())
            .with("found", found),
        Violation::NumberOutOfRange {
            card: name,
            side: which,
            value,
        } => side(*which, "deck_in_out_of_range", "deck_out_out_of_range")
            .with(
                "card",
                card.map_or_else(|| name.clone(), |id| id.to_string()),
            )
            .with("value", value),
        Violation::Sum { side: which, sum } => {
            side(*which, "deck_in_sum", "deck_out_sum").with("sum", sum)
        }
    }
}

/// The card a violation concerns, by its id, where it concerns one card.
fn violation_card(list: &DeckList, violation: &Violation) -> Option<CardId> {
    match violation {
        Violation::NumberOutOfRange { card, .. } => card_id_of(list, card),
        _ => None,
    }
}

/// The id (§3.3) of the first card named `name`.
fn card_id_of(list: &DeckList, name: &str) -> Option<CardId> {
    let mut next = [1u8; 5];
    for card in &list.cards {
        let element = Element::from_code(card.element)?;
        let id = CardId::new(element, next[element.index()].min(5));
        next[element.index()] += 1;
        if card.name == name {
            return Some(id);
        }
    }
    None
}

/// A deck-file line that is not a card: what is wrong with it, and the card as far as it
/// could be read (when its numbers were; an unknown element is `?`, a bad name kept as
/// written), which the rules of §3.2 still count.
struct Unreadable {
    problem: String,
    /// Each problem of the line as a reason (the line number is added by the caller).
    reasons: Vec<Reason>,
    card: Option<DeckCard>,
}

fn parse_line(line: &str) -> Result<DeckCard, Unreadable> {
    let (element, rest) = token(line);
    let (in_text, rest) = token(rest);
    let (out_text, name) = token(rest);
    if element.is_empty() || in_text.is_empty() || out_text.is_empty() {
        return Err(Unreadable {
            problem: format!(
                "'{line}' is not a card (write <element> <in> <out> <name>, as in 'M 4 3 青翼龍')"
            ),
            reasons: vec![Reason::new("deck_not_a_card")],
            card: None,
        });
    }
    let mut problems = Vec::new();
    let mut reasons = Vec::new();
    let element = match element.chars().collect::<Vec<_>>()[..] {
        [code] if Element::from_code(code).is_some() => code,
        _ => {
            problems.push(format!(
                "'{element}' is not an element (write M, H, T, J or S)"
            ));
            reasons.push(Reason::new("deck_not_an_element").with("text", element));
            '?'
        }
    };
    let mut number = |text: &str, side: &str| {
        let value = text.parse::<i64>().ok();
        if value.is_none() {
            problems.push(format!("the {side} number '{text}' is not a whole number"));
            reasons.push(Reason::new(format!("deck_{side}_not_a_number")).with("text", text));
        }
        value
    };
    let numbers = (number(in_text, "in"), number(out_text, "out"));
    let name = name.trim().to_owned();
    if name.is_empty() {
        problems.push("the card has no name (write it after the two numbers)".to_owned());
        reasons.push(Reason::new("deck_no_name"));
    } else if name.chars().count() > MAX_NAME || name.contains(';') {
        problems.push(format!(
            "the name '{name}' is too long or holds ';' (a name has 1 to {MAX_NAME} characters without ';')"
        ));
        reasons.push(Reason::new("deck_bad_name").with("max", MAX_NAME));
    }
    let card = match numbers {
        (Some(in_number), Some(out_number)) => Some(DeckCard {
            name,
            element,
            in_number,
            out_number,
        }),
        _ => None,
    };
    match card {
        Some(card) if problems.is_empty() => Ok(card),
        card => Err(Unreadable {
            problem: problems.join("; "),
            reasons,
            card,
        }),
    }
}

/// The first word of `text` and the rest after it.
fn token(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    text.split_once(char::is_whitespace).unwrap_or((text, ""))
}

/// Writes a deck list as a deck file: the header, then one line per card.
#[must_use]
pub fn write_deck(list: &DeckList) -> String {
    let mut out = String::from(DECK_HEADER);
    for card in &list.cards {
        let _ = write!(
            out,
            "\n{} {} {} {}",
            card.element, card.in_number, card.out_number, card.name
        );
    }
    out
}

/// The deck file of a deck list, checked: canonical text (sorted by element, ids in order).
///
/// # Errors
/// As [`parse_deck`].
pub fn check_deck(text: &str) -> Result<String, DeckFileError> {
    let mut list = parse_deck(text)?;
    // Sorting by element keeps the order within an element, so every id stays the same.
    list.cards
        .sort_by_key(|card| Element::from_code(card.element).map_or(5, Element::index));
    Ok(write_deck(&list))
}

/// The deck the game plays with, from a deck file.
///
/// # Errors
/// As [`parse_deck`].
pub fn deck_of_file(text: &str) -> Result<Deck, DeckFileError> {
    let list = parse_deck(text)?;
    list.build().map_err(|violations| DeckFileError {
        problems: vec![describe(&violations)],
        marks: Vec::new(),
        reasons: violations
            .iter()
            .map(|violation| violation_reason(violation, None))
            .collect(),
    })
}

/// The §11 deck as a deck file.
#[must_use]
pub fn standard_deck_file() -> String {
    write_deck(&DeckList::standard())
}

/// The cards of a deck file as the client shows them (id, name, element, in, out), in id
/// order; the file need not be valid, but must be readable.
///
/// # Errors
/// As [`parse_deck`] for unreadable lines (rule violations are not errors here).
pub fn deck_cards_ui(text: &str) -> Result<Vec<Value>, DeckFileError> {
    let DeckLines {
        list,
        problems,
        marks,
        reasons,
    } = read_lines(text);
    if !problems.is_empty() {
        return Err(DeckFileError {
            problems,
            marks,
            reasons,
        });
    }
    let mut next = [1u8; 5];
    let mut out = Vec::with_capacity(DECK_SIZE);
    for card in &list.cards {
        let Some(element) = Element::from_code(card.element) else {
            continue;
        };
        let index = next[element.index()];
        next[element.index()] += 1;
        out.push(json!({
            "card": if index <= 5 { CardId::new(element, index).to_string() } else { format!("{element}{index}") },
            "name": card.name,
            "element": element.code().to_string(),
            "in": card.in_number,
            "out": card.out_number,
        }));
    }
    Ok(out)
}

/// The options a game needs to play with these decks (§14.6): `deck_p1` and `deck_p2` for
/// the seats given (seat `1` is player 1).
///
/// # Errors
/// The first seat whose deck file is refused, with every problem.
pub fn deck_options(decks: &[(Seat, &str)]) -> Result<Value, (Seat, DeckFileError)> {
    let mut options = serde_json::Map::new();
    for &(seat, text) in decks {
        let deck = deck_of_file(text).map_err(|error| (seat, error))?;
        let key = if seat.index() == 0 {
            "deck_p1"
        } else {
            "deck_p2"
        };
        options.insert(
            key.to_owned(),
            serde_json::to_value(deck).unwrap_or(Value::Null),
        );
    }
    Ok(Value::Object(options))
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{Game, GameNotation};

    use super::*;

    fn play(game: &mut Shengke, seat: Seat, text: &str) -> Vec<Value> {
        let action = game.parse_action(seat, text).unwrap();
        let before = game.clone();
        let events = game.apply(seat, &action).unwrap();
        before.events_ui(&action, &events, game)
    }

    #[test]
    fn the_default_deck_file_reads_back_and_is_valid() {
        let text = standard_deck_file();
        assert!(text.starts_with(DECK_HEADER));
        let list = parse_deck(&text).unwrap();
        assert_eq!(list, DeckList::standard());
        assert_eq!(check_deck(&text).unwrap(), text);
        assert_eq!(deck_of_file(&text).unwrap(), Deck::standard());
    }

    #[test]
    fn a_deck_file_reports_every_violation_at_once() {
        // J1's out 7 → 8 (out sum 101) and M1's in 4 → 9 (in sum 105, M1 out of range).
        let text = standard_deck_file()
            .replace("J 2 7 白牙龍", "J 2 8 白牙龍")
            .replace("M 4 3 青翼龍", "M 9 3 青翼龍");
        let error = check_deck(&text).unwrap_err();
        assert_eq!(error.problems.len(), 3, "{error}");
        assert!(
            error.problems[0].starts_with("M1 青翼龍 has the in number 9"),
            "{error}"
        );
        assert!(
            error
                .problems
                .iter()
                .any(|p| p.contains("in numbers add up to 105"))
        );
        assert!(
            error
                .problems
                .iter()
                .any(|p| p.contains("out numbers add up to 101"))
        );
        assert_eq!(
            error.marks,
            ["card:M1"],
            "the card the range violation names"
        );
        // A sixth Wood card: the element counts and the card count are all reported.
        let six = format!("{}\nM 1 1 多餘", standard_deck_file());
        let error = check_deck(&six).unwrap_err();
        assert!(
            error.problems.iter().any(|p| p.contains("26 cards")),
            "{error}"
        );
        assert!(
            error.problems.iter().any(|p| p.contains("6 M cards")),
            "{error}"
        );
    }

    #[test]
    fn unreadable_lines_are_named_by_number() {
        let error = parse_deck("X 1 1 a\nM one 1 b\nM 1 1\nM 1 1 a;b").unwrap_err();
        assert!(error.problems.len() > 4, "{error}");
        assert!(error.problems[0].starts_with("line 1: 'X' is not an element"));
        assert!(error.problems[1].starts_with("line 2: the in number 'one'"));
        assert!(
            error.problems[2].starts_with("line 3: the card has no name"),
            "{error}"
        );
        assert!(error.problems[3].contains("without ';'"));
        assert_eq!(error.marks, ["line:1", "line:2", "line:3", "line:4"]);
    }

    #[test]
    fn a_bad_name_or_element_still_counts_its_numbers() {
        // Only the lines are wrong: the card count and the sums are still right.
        let text = standard_deck_file()
            .replace("M 3 5 青角虎", "M 3 5 青角虎;")
            .replace("H 5 4 赤鱗龍", "Q 5 4 赤鱗龍");
        let error = parse_deck(&text).unwrap_err();
        assert_eq!(
            error.problems,
            [
                "line 3: the name '青角虎;' is too long or holds ';' (a name has 1 to 16 characters without ';')",
                "line 7: 'Q' is not an element (write M, H, T, J or S)",
                "the deck has 4 H cards; it must have exactly 5 of each element",
            ]
        );
        // Two problems on one line are both named.
        let error = parse_deck(&text.replace("Q 5 4 赤鱗龍", "Q 5 4 ;")).unwrap_err();
        assert!(
            error.problems[1]
                .starts_with("line 7: 'Q' is not an element (write M, H, T, J or S); the name ';'"),
            "{error}"
        );
    }

    #[test]
    fn unreadable_lines_hide_none_of_the_rules_the_deck_breaks() {
        // Line 2 (M2) has no out number, line 16 (J1) breaks the out range, and the in
        // numbers of the readable lines add up to 100 - 3 + 7 = 104.
        let text = standard_deck_file()
            .replace("M 3 5 青角虎", "M 3 青角虎")
            .replace("J 2 7 白牙龍", "J 9 0 白牙龍");
        let error = parse_deck(&text).unwrap_err();
        let lines: Vec<&str> = error.problems.iter().map(String::as_str).collect();
        assert!(lines[0].starts_with("line 3: "), "{error}");
        assert!(lines.iter().skip(1).all(|line| !line.starts_with("line ")));
        for expected in [
            "the deck has 24 cards",
            "the deck has 4 M cards",
            "J1 白牙龍 has the in number 9",
            "J1 白牙龍 has the out number 0",
            "the in numbers add up to 104",
            "the out numbers add up to 88",
        ] {
            assert!(
                lines.iter().any(|line| line.starts_with(expected)),
                "{expected}: {error}"
            );
        }
        assert_eq!(lines.len(), 7, "{error}");
    }

    #[test]
    fn deck_options_carry_the_numbers_of_each_seat() {
        let text = standard_deck_file()
            .replace("M 4 3 青翼龍", "M 3 3 青翼龍")
            .replace("M 3 5 青角虎", "M 4 5 青角虎");
        let options = deck_options(&[(Seat::new(1), &text)]).unwrap();
        assert_eq!(options["deck_p2"]["M1"], json!([3, 3]));
        assert!(options.get("deck_p1").is_none());
        let parsed = Shengke::options_for(None, Some(&options)).unwrap();
        assert_eq!(parsed.deck_p2.in_number(CardId::new(Element::Wood, 2)), 4);
    }

    /// The state before turn 7 of §10.
    const BEFORE_TURN_7: &str = "turn 7 phase start active 1
field 1H4,.,.,.,./.,2M1,.,2S2,1J5/.,.,.,.,./.,.,2J4,.,./.,.,.,.,1S5
p1 piles M:M4,M1,M2,M5 H:H1,H2,H3,H5 T:T1,T2,T3,T4,T5 J:J1,J2,J3,J4 S:S1,S2,S3,S4
p1 hand -
p1 discard M3
p2 piles M:M2,M3,M4,M5 H:H1,H2,H3,H4 T:T1,T3,T4,T5 J:J1,J2,J3,J5 S:S1,S3,S4,S5
p2 hand H5
p2 discard T2";

    #[test]
    fn views_hide_the_other_hand_and_every_pile_order() {
        let game = Shengke::load(BEFORE_TURN_7, None, 0).unwrap();
        let one = game.view_ui(Viewer::Seat(Seat::new(0)));
        let two = game.view_ui(Viewer::Seat(Seat::new(1)));
        assert_eq!(one["players"][1]["hand"], json!(1));
        assert_eq!(two["players"][1]["hand"][0]["card"], "H5");
        assert_eq!(two["players"][0]["piles"]["T"], json!(5));
        assert!(!two.to_string().contains("\"H5\"") || two["players"][1]["hand"].is_array());
        assert!(
            !one.to_string().contains("\"H5\""),
            "seat 1 must not see H5"
        );
        let spectator = game.view_ui(Viewer::Spectator);
        assert_eq!(spectator["players"][1]["hand"], json!(1));
        let all = game.view_ui(Viewer::Omniscient);
        assert_eq!(all["players"][0]["piles"]["M"][0]["card"], "M4");
        assert_eq!(all["cells"].as_array().unwrap().len(), 6);
        assert_eq!(one["phase"], "roll");
    }

    #[test]
    fn events_explain_each_judgement_of_the_worked_example() {
        let mut game = Shengke::load(BEFORE_TURN_7, None, 0).unwrap();
        let chance = Seat::new(0);
        let roll = game.parse_action(chance, "13").unwrap();
        let before = game.clone();
        let events = game.apply(chance, &roll).unwrap();
        let rolled = before.events_ui(&roll, &events, &game);
        assert_eq!(rolled[0]["kind"], "rolled");
        assert_eq!(rolled[0]["elements"], json!(["M", "T"]));
        assert_eq!(
            rolled[1],
            json!({"kind": "drew", "seat": "1", "count": 2, "elements": ["M", "T"]})
        );
        let events = play(&mut game, Seat::new(0), "M4@b2 T1@c3");
        let kinds: Vec<(&str, &str)> = events
            .iter()
            .filter(|event| event["kind"] == "judgement")
            .map(|event| {
                (
                    event["step"].as_str().unwrap(),
                    event["card"]["card"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(kinds, [("xk", "T1"), ("xk", "S2"), ("kx", "M4")]);
        let judged: Vec<&Value> = events.iter().filter(|e| e["kind"] == "judgement").collect();
        // 1T1 was destroyed by M4 (Wood overcomes Earth), 2S2 by T1, and M4 by 2J4 in its in range.
        assert_eq!(judged[0]["by"]["card"], "M4");
        assert_eq!(judged[1]["by"]["card"], "T1");
        assert_eq!(judged[1]["card"]["owner"], "2");
        assert_eq!(judged[2]["source"]["card"], "J4");
        assert_eq!(judged[2]["source"]["cell"], "c2");
        assert_eq!(events.last().unwrap()["kind"], "turn_ended");
    }

    #[test]
    fn a_drawn_card_is_named_by_its_element_only() {
        // Vector 24: both placed cards draw (生行); the drawn ids stay hidden.
        let text = "turn 9 phase place active 1 rolled H,T
field .,.,.,.,./.,.,.,.,./2H2,.,.,2M1,./.,.,.,.,./.,.,.,.,.
p1 piles M:- H:H1,H2 T:T1,T2 J:- S:-
p1 hand H3,T4
p1 discard -
p2 piles M:- H:- T:- J:- S:-
p2 hand -
p2 discard -";
        let mut game = Shengke::load(text, None, 0).unwrap();
        let events = play(&mut game, Seat::new(0), "H3@d2 T4@b2");
        let drawn: Vec<&Value> = events.iter().filter(|e| e["step"] == "sx").collect();
        assert_eq!(drawn.len(), 2);
        assert_eq!(drawn[0]["card"], json!({"card": null, "element": "H"}));
        assert_eq!(drawn[0]["by"]["card"], "H3");
        assert_eq!(drawn[0]["source"]["card"], "M1");
        assert_eq!(drawn[1]["by"]["card"], "T4");
        assert!(!serde_json::to_string(&events).unwrap().contains("\"H1\""));
    }

    #[test]
    fn a_recovery_choice_is_announced_and_explained() {
        // Vector 21.
        let text = include_str!("../tests/data/vector_21.txt");
        let mut game = Shengke::load(text, None, 0).unwrap();
        let events = play(&mut game, Seat::new(0), "T1@c3 T5@e3");
        assert_eq!(events.last().unwrap()["kind"], "awaiting_recovery");
        assert_eq!(events.last().unwrap()["card"], "T1");
        let view = game.view_ui(Viewer::Seat(Seat::new(0)));
        assert_eq!(view["choosing"], json!({"card": "T1", "cell": "c3"}));
        let events = play(&mut game, Seat::new(0), "xs:J4");
        assert_eq!(events[0]["step"], "xs");
        assert_eq!(events[0]["card"]["card"], "J4");
        assert_eq!(events[0]["by"]["card"], "T1");
        let events = play(&mut game, Seat::new(0), "xs:J3");
        assert_eq!(events[0]["by"]["card"], "T5");
        assert_eq!(events[1]["step"], "sx");
    }

    /// Every kind of reason a refused deck gives: each needs a sentence in both languages.
    const REFUSAL_KINDS: &[&str] = &[
        "deck_not_a_card",
        "deck_not_an_element",
        "deck_in_not_a_number",
        "deck_out_not_a_number",
        "deck_no_name",
        "deck_bad_name",
        "deck_card_count",
        "deck_element_count",
        "deck_in_out_of_range",
        "deck_out_out_of_range",
        "deck_in_sum",
        "deck_out_sum",
    ];

    fn refusal_kinds(text: &str) -> Vec<String> {
        let error = parse_deck(text).unwrap_err();
        for reason in &error.reasons {
            zhanqi_core::testkit::assert_player_vocabulary(reason);
        }
        error
            .reasons
            .into_iter()
            .map(|reason| reason.kind)
            .collect()
    }

    #[test]
    fn every_deck_problem_is_a_typed_reason() {
        let standard = standard_deck_file();
        let mut seen: Vec<String> = Vec::new();
        for (from, to) in [
            ("M 4 3 青翼龍", "nonsense"),
            ("M 4 3 青翼龍", "X 4 3 青翼龍"),
            ("M 4 3 青翼龍", "M x y 青翼龍"),
            ("M 4 3 青翼龍", "M 4 3"),
            ("M 4 3 青翼龍", "M 4 3 一二三四五六七八九十一二三四五六七"),
            ("M 4 3 青翼龍", "H 4 3 青翼龍"),
            ("M 4 3 青翼龍", "M 9 0 青翼龍"),
        ] {
            let kinds = refusal_kinds(&standard.replacen(from, to, 1));
            assert!(!kinds.is_empty(), "{to}");
            seen.extend(kinds);
        }
        for kind in REFUSAL_KINDS {
            assert!(
                seen.iter().any(|seen| seen == kind),
                "no deck gave {kind}: {seen:?}"
            );
        }
        assert!(
            seen.iter()
                .all(|kind| REFUSAL_KINDS.contains(&kind.as_str())),
            "{seen:?}"
        );
    }

    #[test]
    fn every_refusal_kind_has_an_english_and_a_chinese_sentence() {
        let strings = include_str!("../../../web/games/shengke/strings.js");
        let missing = zhanqi_core::testkit::missing_refusal_strings(strings, REFUSAL_KINDS);
        assert!(
            missing.is_empty(),
            "web/games/shengke/strings.js lacks {missing:?}"
        );
    }
}
