//! Actions in the notation of §12.5 (`play AZ03 A.L1`, `attack A.F1#27 B.F1#33`, `CW03#14`):
//! writing, and reading with errors that name the offset.

use zhanqi_core::NotationError;

use crate::action::Action;
use crate::board::{BoardGraph, Zone};
use crate::cards::{CardIndex, CardTable};
use crate::state::CardRef;

/// Writes a board card reference (`A.F1#23`).
#[must_use]
pub fn ref_text(graph: &BoardGraph, card: CardRef) -> String {
    format!("{}#{}", graph.zone_name(card.zone), card.entry)
}

/// Writes an action.
#[must_use]
pub fn action_text(table: &CardTable, graph: &BoardGraph, action: &Action) -> String {
    let id = |card: CardIndex| table.id(card).to_owned();
    let zone = |zone: Zone| graph.zone_name(zone);
    let card = |card: CardRef| ref_text(graph, card);
    match *action {
        Action::Discard(c) => format!("discard {}", id(c)),
        Action::NoSwap => "noswap".to_owned(),
        Action::Swap(c) => format!("swap {}", id(c)),
        Action::End => "end".to_owned(),
        Action::PlayInto(c, z) => format!("play {} {}", id(c), zone(z)),
        Action::PlayOn(c, host) => format!("play {} {}", id(c), card(host)),
        Action::PlayEvent(c) => format!("play {}", id(c)),
        Action::Move(from, to) => format!("move {} {}", card(from), zone(to)),
        Action::Attack(x, y) => format!("attack {} {}", card(x), card(y)),
        Action::TargetCard(target) => format!("target {}", card(target)),
        Action::TargetZone(z) => format!("target {}", zone(z)),
        Action::To(z) => format!("to {}", zone(z)),
        Action::Revive(c, z) => format!("revive {} {}", id(c), zone(z)),
        Action::Take(c, entry) => format!("{}#{entry}", id(c)),
        Action::Concede => "concede".to_owned(),
    }
}

/// Reads tokens of one text, each with its byte offset.
struct Reader<'a> {
    text: &'a str,
    field: String,
    table: &'a CardTable,
    graph: &'a BoardGraph,
}

impl Reader<'_> {
    fn error(&self, offset: usize, message: String) -> NotationError {
        let offset = self.text[..offset.min(self.text.len())].chars().count();
        NotationError::new(self.field.clone(), offset, message)
    }

    fn card_id(&self, token: &str, offset: usize) -> Result<CardIndex, NotationError> {
        self.table
            .index(token)
            .ok_or_else(|| self.error(offset, format!("'{token}' is not a card id of this game")))
    }

    fn zone(&self, token: &str, offset: usize) -> Result<Zone, NotationError> {
        self.graph.parse_zone(token).ok_or_else(|| {
            self.error(
                offset,
                format!(
                    "'{token}' is not a zone; expected A. or B. with FL, F1 … F{n} or L1 … L{n}",
                    n = self.graph.arms()
                ),
            )
        })
    }

    fn entry(&self, token: &str, offset: usize) -> Result<u32, NotationError> {
        if token.is_empty() || token.starts_with('0') || !token.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(self.error(
                offset,
                format!("'{token}' is not an entry number; expected 1, 2, …"),
            ));
        }
        token
            .parse()
            .map_err(|_| self.error(offset, format!("entry number '{token}' is too large")))
    }

    fn reference(&self, token: &str, offset: usize) -> Result<CardRef, NotationError> {
        let Some((zone, entry)) = token.split_once('#') else {
            return Err(self.error(
                offset,
                format!("'{token}' is not a card reference; expected <zone>#<n>, as A.F1#23"),
            ));
        };
        Ok(CardRef {
            zone: self.zone(zone, offset)?,
            entry: self.entry(entry, offset + zone.len() + 1)?,
        })
    }
}

/// Reads an action; checks the form only, not legality.
///
/// # Errors
/// If the text is no action of 棋戰卡牌, naming the offset of the fault.
pub fn parse_action(
    table: &CardTable,
    graph: &BoardGraph,
    text: &str,
) -> Result<Action, NotationError> {
    let reader = Reader {
        text,
        field: format!("action '{text}'"),
        table,
        graph,
    };
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for token in text.split(' ') {
        if token.is_empty() {
            return Err(reader.error(offset, "tokens are separated by single spaces".to_owned()));
        }
        tokens.push((offset, token));
        offset += token.len() + 1;
    }
    let arity = |n: usize| -> Result<(), NotationError> {
        if tokens.len() == n {
            Ok(())
        } else {
            let at = tokens.get(n).map_or(text.len(), |t| t.0);
            Err(reader.error(
                at,
                format!(
                    "'{}' takes {} word(s) after it, not {}",
                    tokens[0].1,
                    n - 1,
                    tokens.len() - 1
                ),
            ))
        }
    };
    let (_, verb) = tokens[0];
    let word = |i: usize| tokens[i];
    Ok(match verb {
        "concede" | "end" | "noswap" => {
            arity(1)?;
            match verb {
                "concede" => Action::Concede,
                "end" => Action::End,
                _ => Action::NoSwap,
            }
        }
        "discard" | "swap" => {
            arity(2)?;
            let (at, id) = word(1);
            let card = reader.card_id(id, at)?;
            if verb == "discard" {
                Action::Discard(card)
            } else {
                Action::Swap(card)
            }
        }
        "play" => {
            if tokens.len() == 2 {
                let (at, id) = word(1);
                Action::PlayEvent(reader.card_id(id, at)?)
            } else {
                arity(3)?;
                let (at, id) = word(1);
                let card = reader.card_id(id, at)?;
                let (at, place) = word(2);
                if place.contains('#') {
                    Action::PlayOn(card, reader.reference(place, at)?)
                } else {
                    Action::PlayInto(card, reader.zone(place, at)?)
                }
            }
        }
        "move" => {
            arity(3)?;
            let (at, from) = word(1);
            let (to_at, to) = word(2);
            Action::Move(reader.reference(from, at)?, reader.zone(to, to_at)?)
        }
        "attack" => {
            arity(3)?;
            let (at, x) = word(1);
            let (y_at, y) = word(2);
            Action::Attack(reader.reference(x, at)?, reader.reference(y, y_at)?)
        }
        "target" => {
            arity(2)?;
            let (at, target) = word(1);
            if target.contains('#') {
                Action::TargetCard(reader.reference(target, at)?)
            } else {
                Action::TargetZone(reader.zone(target, at)?)
            }
        }
        "to" => {
            arity(2)?;
            let (at, zone) = word(1);
            Action::To(reader.zone(zone, at)?)
        }
        "revive" => {
            arity(3)?;
            let (at, id) = word(1);
            let (zone_at, zone) = word(2);
            Action::Revive(reader.card_id(id, at)?, reader.zone(zone, zone_at)?)
        }
        other if other.contains('#') => {
            arity(1)?;
            let (id, entry) = other.split_once('#').unwrap_or((other, ""));
            Action::Take(reader.card_id(id, 0)?, reader.entry(entry, id.len() + 1)?)
        }
        other => {
            return Err(reader.error(
                0,
                format!(
                    "'{other}' is not an action; expected end, play, move, attack, target, to, \
                     revive, discard, swap, noswap, concede or a hand card <id>#<n>"
                ),
            ));
        }
    })
}
