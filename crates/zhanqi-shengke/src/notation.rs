//! Actions and records in the notation of §9.3 and §14.3–14.4; whole turn records are in
//! [`TurnRecord`].

use std::fmt::Write as _;

use zhanqi_core::NotationError;

use crate::position::parse_card;
pub use crate::turn_record::{TurnRecord, TurnRecorder};
use crate::{Action, Cell, Element, Event, Placement};

/// Writes an action (`65`, `=H`, `=S,J`, `M4@b2 T1@c3`, `-`, `xs:J4`).
#[must_use]
pub fn action_text(action: &Action) -> String {
    match *action {
        Action::Roll([first, second]) => format!("{first}{second}"),
        Action::Choose(first, None) => format!("={first}"),
        Action::Choose(first, Some(second)) => format!("={first},{second}"),
        Action::Place(placement) => placement_text(placement),
        Action::Recover(card) => format!("xs:{card}"),
    }
}

/// Writes a placement: `-`, `H3@a1` or `M4@b2 T1@c3`.
#[must_use]
pub fn placement_text(placement: Placement) -> String {
    if placement.is_empty() {
        return "-".to_owned();
    }
    let parts: Vec<String> = placement
        .iter()
        .map(|(card, cell)| format!("{card}@{cell}"))
        .collect();
    parts.join(" ")
}

/// Reads an action. Checks the form only, not legality.
///
/// # Errors
/// If the text is no action of 生剋棋, naming the offset of the fault.
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let field = format!("move '{text}'");
    let error = |offset: usize, message: String| {
        let offset = text
            .char_indices()
            .take_while(|&(index, _)| index < offset)
            .count();
        NotationError::new(field.clone(), offset, message)
    };
    let bytes = text.as_bytes();
    if let [first @ b'0'..=b'9', second @ b'0'..=b'9'] = bytes {
        if !(b'1'..=b'6').contains(first) {
            return Err(error(
                0,
                format!("'{}' is not a die face 1–6", char::from(*first)),
            ));
        }
        if !(b'1'..=b'6').contains(second) {
            return Err(error(
                1,
                format!("'{}' is not a die face 1–6", char::from(*second)),
            ));
        }
        return Ok(Action::Roll([first - b'0', second - b'0']));
    }
    if let Some(choice) = text.strip_prefix('=') {
        let element = |offset: usize, code: &str| -> Result<Element, NotationError> {
            let mut chars = code.chars();
            match (chars.next().and_then(Element::from_code), chars.next()) {
                (Some(element), None) => Ok(element),
                _ => Err(error(
                    offset,
                    format!("'{code}' is not an element; expected M, H, T, J or S"),
                )),
            }
        };
        return match choice.split_once(',') {
            None => Ok(Action::Choose(element(1, choice)?, None)),
            Some((first, second)) => Ok(Action::Choose(
                element(1, first)?,
                Some(element(2 + first.len(), second)?),
            )),
        };
    }
    if text == "-" {
        return Ok(Action::Place(Placement::NONE));
    }
    if let Some(card) = text.strip_prefix("xs:") {
        return match parse_card(card) {
            Some(card) => Ok(Action::Recover(card)),
            None => Err(error(
                3,
                format!("'{card}' is not a card id; expected M1 … S5"),
            )),
        };
    }
    let mut placed = Vec::with_capacity(2);
    let mut offset = 0;
    for item in text.split(' ') {
        if placed.len() == 2 {
            return Err(error(offset, "a turn places at most two cards".to_owned()));
        }
        let Some((card_text, cell_text)) = item.split_once('@') else {
            return Err(error(
                offset,
                format!(
                    "'{item}' is not an action: expected a roll (65), an element (=H), a \
                     placement (M4@b2 T1@c3, or -) or a recovery (xs:J4)"
                ),
            ));
        };
        let Some(card) = parse_card(card_text) else {
            return Err(error(
                offset,
                format!("'{card_text}' is not a card id; expected M1 … S5"),
            ));
        };
        let Some(cell) = Cell::parse(cell_text) else {
            return Err(error(
                offset + card_text.len() + 1,
                format!("'{cell_text}' is not a cell a1 … e5"),
            ));
        };
        placed.push((card, cell));
        offset += item.len() + 1;
    }
    Ok(Action::Place(match placed[..] {
        [(card, cell)] => Placement::one(card, cell),
        [first, second] => Placement::two(first, second),
        _ => return Err(error(0, "an empty action".to_owned())),
    }))
}

/// Writes one judgement-log entry (§9.3), or `None` for events that are no entry.
pub(crate) fn entry(event: &Event) -> Option<String> {
    Some(match event {
        Event::Overcame { card, cell } => format!("xk:{card}@{cell}"),
        Event::Overcome { card, cell } => format!("kx:{card}@{cell}"),
        Event::Recovered(Some(card)) => format!("xs:{card}"),
        Event::Recovered(None) => "xs:-".to_owned(),
        Event::Generated(Some(card)) => format!("sx:{card}"),
        Event::Generated(None) => "sx:-".to_owned(),
        Event::Drew(_) | Event::AwaitingRecovery(_) | Event::TurnEnded(_) => return None,
    })
}

/// The field counts at the end of the turn, if the events reach it.
fn turn_end(events: &[Event]) -> Option<[u8; 2]> {
    events.iter().find_map(|event| match event {
        Event::TurnEnded(counts) => Some(*counts),
        _ => None,
    })
}

/// Writes an action as the record of §14.4 (`13 +M4 +T1`, `=H +H1 +S1`,
/// `M4@b2 T1@c3 | xk:1T1@c3 | 3-2`, `T1@c3 T5@e3 | xk:2S2@b2`, `xs:J3 sx:T2 | 3-3`), from the
/// events it produced.
#[must_use]
pub fn record_text(action: &Action, events: &[Event]) -> String {
    let mut out = String::new();
    let entries: Vec<String> = events.iter().filter_map(entry).collect();
    match action {
        Action::Roll(_) | Action::Choose(..) => {
            out.push_str(&action_text(action));
            for event in events {
                if let Event::Drew(card) = event {
                    let _ = write!(out, " +{card}");
                }
            }
        }
        Action::Place(_) => {
            out.push_str(&action_text(action));
            match turn_end(events) {
                Some([first, second]) => {
                    let log = if entries.is_empty() {
                        "-".to_owned()
                    } else {
                        entries.join(" ")
                    };
                    let _ = write!(out, " | {log} | {first}-{second}");
                }
                None => {
                    out.push_str(" |");
                    for entry in &entries {
                        let _ = write!(out, " {entry}");
                    }
                }
            }
        }
        Action::Recover(_) => {
            out.push_str(&entries.join(" "));
            if let Some([first, second]) = turn_end(events) {
                let _ = write!(out, " | {first}-{second}");
            }
        }
    }
    out
}
