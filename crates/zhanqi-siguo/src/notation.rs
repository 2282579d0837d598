//! Actions and records in the notation of §11.4 and §15.4.

use zhanqi_core::NotationError;

use crate::deployment::char_offset;
use crate::geometry::{Base, Point};
use crate::{Action, Deployment, FollowUp};

/// Writes an action as `play` takes it: `f6-h6`, `k6xj6`, `redeploy l5 a5>k5`, `b5>m5`,
/// `stop`, `bomb l5`, `exchange g14 l5 + bomb l5`, `pass`, or a deployment string.
#[must_use]
pub fn action_text(action: &Action) -> String {
    match action {
        Action::Deploy(deployment) => deployment.to_string(),
        Action::Move {
            from,
            to,
            capture: false,
        } => format!("{from}-{to}"),
        Action::Move { from, to, .. } => format!("{from}x{to}"),
        Action::Redeploy { base, from, to } => format!("redeploy {base} {from}>{to}"),
        Action::Step { from, to } => format!("{from}>{to}"),
        Action::Stop => "stop".to_owned(),
        Action::Bomb(base) => format!("bomb {base}"),
        Action::Exchange {
            own,
            ally,
            follow_up,
        } => match follow_up {
            FollowUp::Nothing => format!("exchange {own} {ally}"),
            FollowUp::Bomb => format!("exchange {own} {ally} + bomb {ally}"),
            FollowUp::Redeploy { from, to } => {
                format!("exchange {own} {ally} + redeploy {ally} {from}>{to}")
            }
        },
        Action::Pass => "pass".to_owned(),
    }
}

/// Writes an action as the record of §15.4 writes it: as [`action_text`], except that a
/// deployment is `deploy <deployment string>`.
#[must_use]
pub fn record_text(action: &Action) -> String {
    match action {
        Action::Deploy(deployment) => format!("deploy {deployment}"),
        _ => action_text(action),
    }
}

/// Reads an action, or a deployment with or without the `deploy ` of its record. Checks the
/// form only, not legality.
///
/// # Errors
/// If the text is no action of 四國戰棋, naming the character offset of the fault.
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let reader = Reader { text, at: 0 };
    reader.action()
}

/// A cursor over the text of an action.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, offset: usize, message: String) -> NotationError {
        NotationError::new("action", char_offset(self.text, offset), message)
    }

    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn action(mut self) -> Result<Action, NotationError> {
        let text = self.text;
        if let Some(deployment) = text.strip_prefix("deploy ") {
            return Deployment::parse(deployment, 7).map(|d| Action::Deploy(Box::new(d)));
        }
        if text.starts_with('G') {
            return Deployment::parse(text, 0).map(|d| Action::Deploy(Box::new(d)));
        }
        match text {
            "pass" => return Ok(Action::Pass),
            "stop" => return Ok(Action::Stop),
            _ => {}
        }
        if self.keyword("bomb ") {
            let base = self.base()?;
            self.end()?;
            return Ok(Action::Bomb(base));
        }
        if self.keyword("redeploy ") {
            let base = self.base()?;
            self.expect(" ")?;
            let (from, to) = self.step()?;
            self.end()?;
            return Ok(Action::Redeploy { base, from, to });
        }
        if self.keyword("exchange ") {
            return self.exchange();
        }
        let from = self.point()?;
        let separator = self.rest().as_bytes().first().copied();
        self.at += usize::from(separator.is_some());
        let to = self.point_after(separator)?;
        self.end()?;
        match separator {
            Some(b'>') => Ok(Action::Step { from, to }),
            Some(b'-') => Ok(Action::Move {
                from,
                to,
                capture: false,
            }),
            _ => Ok(Action::Move {
                from,
                to,
                capture: true,
            }),
        }
    }

    fn exchange(&mut self) -> Result<Action, NotationError> {
        let own = self.base()?;
        self.expect(" ")?;
        let ally = self.base()?;
        let follow_up = if self.rest().is_empty() {
            FollowUp::Nothing
        } else {
            self.expect(" + ")?;
            let redeploy = self.keyword("redeploy ");
            if !redeploy && !self.keyword("bomb ") {
                return Err(self.error(
                    self.at,
                    "an exchange is followed by '+ bomb <b2>' or '+ redeploy <b2> <from>><to>'"
                        .to_owned(),
                ));
            }
            let at = self.at;
            let base = self.base()?;
            if base != ally {
                return Err(self.error(
                    at,
                    format!("the follow-up acts from the ally's base {ally}, not from {base}"),
                ));
            }
            if redeploy {
                self.expect(" ")?;
                let (from, to) = self.step()?;
                FollowUp::Redeploy { from, to }
            } else {
                FollowUp::Bomb
            }
        };
        self.end()?;
        Ok(Action::Exchange {
            own,
            ally,
            follow_up,
        })
    }

    fn keyword(&mut self, word: &str) -> bool {
        let found = self.rest().starts_with(word);
        if found {
            self.at += word.len();
        }
        found
    }

    fn expect(&mut self, word: &str) -> Result<(), NotationError> {
        if self.keyword(word) {
            Ok(())
        } else {
            Err(self.error(self.at, format!("'{word}' is expected here")))
        }
    }

    fn end(&self) -> Result<(), NotationError> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.error(
                self.at,
                format!("'{}' is left over after the action", self.rest()),
            ))
        }
    }

    fn point(&mut self) -> Result<Point, NotationError> {
        match Point::read(self.rest().as_bytes()) {
            Some((point, length)) => {
                self.at += length;
                Ok(point)
            }
            None => Err(self.error(
                self.at,
                format!(
                    "'{}' is not an action; write a move f6-h6, a capture k6xj6, a step a5>k5, \
                     redeploy, bomb, exchange, stop, pass or a deployment string",
                    self.text
                ),
            )),
        }
    }

    fn point_after(&mut self, separator: Option<u8>) -> Result<Point, NotationError> {
        if !matches!(separator, Some(b'-' | b'x' | b'>')) {
            return Err(self.error(
                self.at.saturating_sub(1),
                "a point is followed by '-' (move), 'x' (capture) or '>' (redeploy step)"
                    .to_owned(),
            ));
        }
        match Point::read(self.rest().as_bytes()) {
            Some((point, length)) => {
                self.at += length;
                Ok(point)
            }
            None => Err(self.error(self.at, "a point a1–r18 is expected here".to_owned())),
        }
    }

    fn step(&mut self) -> Result<(Point, Point), NotationError> {
        let from = self.point()?;
        self.expect(">")?;
        let to = self.point_after(Some(b'>'))?;
        Ok((from, to))
    }

    fn base(&mut self) -> Result<Base, NotationError> {
        let at = self.at;
        let Some((point, length)) = Point::read(self.rest().as_bytes()) else {
            return Err(self.error(at, "a base such as l5 is expected here".to_owned()));
        };
        self.at += length;
        Base::at(point).ok_or_else(|| {
            self.error(
                at,
                format!(
                    "{point} is not a military base; the bases are e7 g5 l5 n7 e12 g14 l14 n12"
                ),
            )
        })
    }
}
