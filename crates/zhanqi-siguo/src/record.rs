//! The game record of §11.5 and §15.4: one line per action (a redeployment's steps joined on
//! one line), the deployments first as `0. <seat> deploy <string>` in seat order; written as a
//! game is played and replayed onto a game.

use zhanqi_core::{BySeat, Game, NotationError, Seat};

use crate::notation::{parse_action, record_text};
use crate::position::Turn;
use crate::{Action, Siguo};

/// A game record being written.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameRecord {
    deployments: BySeat<Option<String>>,
    lines: Vec<String>,
}

impl GameRecord {
    /// An empty record.
    #[must_use]
    pub fn new() -> GameRecord {
        GameRecord::default()
    }

    /// Adds the protocol action `action` of `seat`, about to be played at `before`.
    pub fn push(&mut self, before: &Siguo, seat: Seat, action: &Action) {
        let text = record_text(action);
        match action {
            Action::Deploy(_) => {
                self.deployments[seat] = Some(format!("0. {} {text}", seat.index() + 1));
            }
            Action::Step { .. } | Action::Stop if before.position.pending.is_some() => {
                if let Some(line) = self.lines.last_mut() {
                    line.push(' ');
                    line.push_str(&text);
                }
            }
            _ => self.lines.push(format!(
                "{}. {} {text}",
                before.position.actions + 1,
                seat.index() + 1
            )),
        }
    }

    /// The lines: the deployments in seat order, then one line per action.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let deployments = self.deployments.0.iter().flatten().cloned();
        deployments.chain(self.lines.iter().cloned()).collect()
    }

    /// The record as text, one line per action.
    #[must_use]
    pub fn text(&self) -> String {
        self.lines().join("\n")
    }

    /// Plays a record's lines onto `game` (a new game for a record with its deployments);
    /// returns the game after the last line.
    ///
    /// # Errors
    /// A line that is malformed, numbered or seated wrongly, or holds an illegal action,
    /// naming the line and the character offset.
    pub fn replay(text: &str, mut game: Siguo) -> Result<Siguo, NotationError> {
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            replay_line(&mut game, index + 1, line)?;
        }
        Ok(game)
    }
}

fn replay_line(game: &mut Siguo, number: usize, line: &str) -> Result<(), NotationError> {
    let field = format!("record line {number}");
    let error = |offset: usize, message: String| NotationError::new(field.clone(), offset, message);
    let Some((count, rest)) = line.split_once(". ") else {
        return Err(error(0, "a line starts with '<n>. <seat> '".to_owned()));
    };
    let expected = match game.position.turn {
        Turn::Deploying(_) => 0,
        _ => game.position.actions + 1,
    };
    if count != expected.to_string() {
        return Err(error(
            0,
            format!("the line is numbered {count}; it must be {expected}"),
        ));
    }
    let seat_at = count.len() + 2;
    let seat = match rest.as_bytes() {
        [digit @ b'1'..=b'4', b' ', ..] => Seat::new(usize::from(digit - b'1')),
        _ => {
            return Err(error(
                seat_at,
                "a seat 1–4 and a space are expected here".to_owned(),
            ));
        }
    };
    let body = &rest[2..];
    let body_at = seat_at + 2;
    for (offset, record) in split_records(body) {
        let action = parse_action(record)
            .map_err(|inner| error(body_at + offset + inner.offset, inner.message.clone()))?;
        game.apply(seat, &action)
            .map_err(|illegal| error(body_at + offset, illegal.to_string()))?;
    }
    Ok(())
}

/// The protocol records of one line's body, with their byte offsets: a redeployment's first
/// record runs to its first `<from>><to>`, and each later word is a step or `stop`.
fn split_records(body: &str) -> Vec<(usize, &str)> {
    let redeploys = body.starts_with("redeploy ") || body.contains(" + redeploy ");
    if !redeploys {
        return vec![(0, body)];
    }
    let mut records = Vec::new();
    let mut offset = 0;
    let mut first_end = None;
    for word in body.split(' ') {
        let start = offset;
        offset += word.len() + 1;
        if first_end.is_none() {
            if word.contains('>') {
                first_end = Some(offset - 1);
                records.push((0, &body[..offset - 1]));
            }
            continue;
        }
        records.push((start, word));
    }
    if first_end.is_none() {
        records.push((0, body));
    }
    records
}
