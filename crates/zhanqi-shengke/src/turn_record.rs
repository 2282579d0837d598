//! The turn record of §9.3: one line per turn, made of the records of the turn's actions
//! (§14.4), e.g. `8. P2 65=H +H1 +S1 | H5@a4 S1@d3 | sx:H2 sx:S3 | 3-4`.

use std::fmt;
use std::str::FromStr;

use zhanqi_core::NotationError;

use crate::notation::{action_text, entry, parse_action};
use crate::position::{parse_card, parse_field_card};
use crate::{Action, CardId, Cell, Element, Event, Placement, Player};

/// The elements named for the dice that stand for any: die 1's (or the only one), then die 2's.
type Choice = (Element, Option<Element>);

/// One whole turn, as §9.3 writes it.
///
/// Reading checks the form only, not legality (as [`parse_action`] does): the record does not
/// say which `xs:` entries were the player's choices (§9.4) and which followed with no choice,
/// nor what the dice faces stand for under other `die_faces`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TurnRecord {
    /// The turn, 1 … `turns`; its player follows from it (§7.1).
    pub turn: u16,
    /// The faces of die 1 and die 2.
    pub roll: [u8; 2],
    /// The elements named for the dice that stand for any (`=H`, `=S,J`), if any.
    pub choice: Option<Choice>,
    /// The cards drawn in the draw phase, in order (`+M4 +T1`).
    pub drawn: Vec<CardId>,
    /// The cards placed, in placement order.
    pub placement: Placement,
    /// The judgement log, in the order it happened: only [`Event::Overcame`],
    /// [`Event::Overcome`], [`Event::Recovered`] and [`Event::Generated`].
    pub log: Vec<Event>,
    /// The field counts of players 1 and 2 after the turn.
    pub counts: [u8; 2],
}

impl TurnRecord {
    /// The player of the turn (`P1` plays the odd turns).
    #[must_use]
    pub fn player(&self) -> Player {
        Player::of_turn(self.turn)
    }
}

impl fmt::Display for TurnRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [first, second] = self.roll;
        write!(
            f,
            "{}. P{} {first}{second}",
            self.turn,
            self.player().number()
        )?;
        if let Some((element, other)) = self.choice {
            f.write_str(&action_text(&Action::Choose(element, other)))?;
        }
        for card in &self.drawn {
            write!(f, " +{card}")?;
        }
        let log: Vec<String> = self.log.iter().filter_map(entry).collect();
        let log = if log.is_empty() {
            "-".to_owned()
        } else {
            log.join(" ")
        };
        let [ones, twos] = self.counts;
        let placement = action_text(&Action::Place(self.placement));
        write!(f, " | {placement} | {log} | {ones}-{twos}")
    }
}

/// Reads a turn record, reporting the part at fault (`turn`, `player`, `roll`, `drawn card`,
/// `placement`, `judgement log`, `counts`) and its character offset in the whole line.
impl FromStr for TurnRecord {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<TurnRecord, NotationError> {
        let reader = Reader { text };
        let parts: Vec<(usize, &str)> = split_at(text, " | ");
        let [
            (_, head),
            (placement_at, placement),
            (log_at, log),
            (counts_at, counts),
        ] = parts[..]
        else {
            return Err(reader.error(
                "turn record",
                0,
                format!(
                    "a turn record has four parts separated by ' | ' (found {}): <n>. P<p> \
                     <roll> +<drawn> | <placement> | <judgement log> | <n1>-<n2>",
                    parts.len()
                ),
            ));
        };
        let (turn, roll_at) = reader.turn_and_player(head)?;
        let TurnStart {
            roll,
            choice,
            drawn,
        } = reader.roll(roll_at, &head[roll_at..])?;
        Ok(TurnRecord {
            turn,
            roll,
            choice,
            drawn,
            placement: reader.placement(placement_at, placement)?,
            log: reader.log(log_at, log)?,
            counts: reader.counts(counts_at, counts)?,
        })
    }
}

/// The pieces of `text` between the separators, each with its byte offset.
fn split_at<'a>(text: &'a str, separator: &str) -> Vec<(usize, &'a str)> {
    let mut offset = 0;
    text.split(separator)
        .map(|piece| {
            let at = offset;
            offset += piece.len() + separator.len();
            (at, piece)
        })
        .collect()
}

/// The first part of a turn record after the player: the roll, the element choice, the draw.
struct TurnStart {
    roll: [u8; 2],
    choice: Option<Choice>,
    drawn: Vec<CardId>,
}

/// Reads the parts of one turn record, naming offsets in the whole line.
struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    /// An error in `field` at byte `at` of the line, given as a character offset.
    fn error(&self, field: &str, at: usize, message: String) -> NotationError {
        let offset = self
            .text
            .char_indices()
            .take_while(|&(index, _)| index < at)
            .count();
        NotationError::new(field, offset, message)
    }

    /// `<n>. P<p> `: the turn and where the roll starts; `P<p>` must be the turn's player.
    fn turn_and_player(&self, head: &str) -> Result<(u16, usize), NotationError> {
        let Some((number, rest)) = head.split_once(". ") else {
            return Err(self.error(
                "turn",
                0,
                "a turn record starts with the turn number and a full stop, as in '7. P1 '"
                    .to_owned(),
            ));
        };
        let turn = match number.parse::<u16>() {
            Ok(turn) if turn >= 1 && number.bytes().all(|b| b.is_ascii_digit()) => turn,
            _ => {
                return Err(self.error(
                    "turn",
                    0,
                    format!("'{number}' is not a turn number 1, 2, …"),
                ));
            }
        };
        let player_at = number.len() + 2;
        let Some((label, _)) = rest.split_once(' ') else {
            return Err(self.error(
                "player",
                player_at,
                "the player label P1 or P2 is followed by a space and the roll".to_owned(),
            ));
        };
        let player = Player::of_turn(turn);
        let expected = format!("P{}", player.number());
        if label != expected {
            return Err(self.error(
                "player",
                player_at,
                format!("'{label}' does not play turn {turn}; {expected} does (§7.1)"),
            ));
        }
        Ok((turn, player_at + label.len() + 1))
    }

    /// `<d1><d2>[=E[,F]]` and the drawn cards ` +<id>` after it.
    fn roll(&self, at: usize, text: &str) -> Result<TurnStart, NotationError> {
        let mut words = split_at(text, " ").into_iter();
        let (_, dice) = words.next().unwrap_or((0, ""));
        let split = dice
            .char_indices()
            .nth(2)
            .map_or(dice.len(), |(index, _)| index);
        let (faces, choice_text) = dice.split_at(split);
        if faces.len() != 2 || !faces.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(
                "roll",
                at,
                format!("'{dice}' is not a roll; expected two die faces such as 13 or 65=H"),
            ));
        }
        let roll = match parse_action(faces) {
            Ok(Action::Roll(roll)) => roll,
            Err(error) => return Err(self.moved("roll", at, &error, faces)),
            Ok(_) => return Err(self.error("roll", at, format!("'{faces}' is not a roll"))),
        };
        let choice = if choice_text.is_empty() {
            None
        } else {
            match parse_action(choice_text) {
                Ok(Action::Choose(element, other)) => Some((element, other)),
                Ok(_) => {
                    return Err(self.error(
                        "roll",
                        at + split,
                        format!(
                            "'{choice_text}' is no element choice; after the faces write =E \
                             or =E,F for the dice that stand for any"
                        ),
                    ));
                }
                Err(error) => return Err(self.moved("roll", at + split, &error, choice_text)),
            }
        };
        let mut drawn = Vec::new();
        for (offset, word) in words {
            let card = word.strip_prefix('+').and_then(parse_card);
            match card {
                Some(card) if drawn.len() < 2 => drawn.push(card),
                Some(_) => {
                    return Err(self.error(
                        "drawn card",
                        at + offset,
                        "the draw phase draws at most two cards".to_owned(),
                    ));
                }
                None => {
                    return Err(self.error(
                        "drawn card",
                        at + offset,
                        format!("'{word}' is not a drawn card; expected + and an id, as in +M4"),
                    ));
                }
            }
        }
        Ok(TurnStart {
            roll,
            choice,
            drawn,
        })
    }

    /// The placement: `-`, `H3@a1` or `M4@b2 T1@c3`.
    fn placement(&self, at: usize, text: &str) -> Result<Placement, NotationError> {
        match parse_action(text) {
            Ok(Action::Place(placement)) => Ok(placement),
            Ok(_) => Err(self.error(
                "placement",
                at,
                format!("'{text}' is not a placement; expected -, H3@a1 or M4@b2 T1@c3"),
            )),
            Err(error) => Err(self.moved("placement", at, &error, text)),
        }
    }

    /// The judgement log: `-`, or entries `xk:1T1@c3`, `kx:1M4@b2`, `xs:J4`, `xs:-`,
    /// `sx:H2`, `sx:-` separated by single spaces.
    fn log(&self, at: usize, text: &str) -> Result<Vec<Event>, NotationError> {
        if text == "-" {
            return Ok(Vec::new());
        }
        split_at(text, " ")
            .into_iter()
            .map(|(offset, word)| {
                log_entry(word).ok_or_else(|| {
                    self.error(
                        "judgement log",
                        at + offset,
                        format!(
                            "'{word}' is not a judgement entry; expected xk:1T1@c3, \
                             kx:1M4@b2, xs:J4, xs:-, sx:H2, sx:- (or - alone for none)"
                        ),
                    )
                })
            })
            .collect()
    }

    /// `<n1>-<n2>`, each 0–25.
    fn counts(&self, at: usize, text: &str) -> Result<[u8; 2], NotationError> {
        let count = |part: &str| {
            part.parse::<u8>()
                .ok()
                .filter(|&count| count <= 25 && part.bytes().all(|b| b.is_ascii_digit()))
        };
        match text.split_once('-') {
            Some((ones, twos)) => match (count(ones), count(twos)) {
                (Some(ones), Some(twos)) => Ok([ones, twos]),
                (None, _) => {
                    Err(self.error("counts", at, format!("'{ones}' is not a field count 0–25")))
                }
                (_, None) => Err(self.error(
                    "counts",
                    at + ones.len() + 1,
                    format!("'{twos}' is not a field count 0–25"),
                )),
            },
            None => Err(self.error(
                "counts",
                at,
                format!("'{text}' is not the field counts; expected <n1>-<n2>, as in 3-2"),
            )),
        }
    }

    /// An error of [`parse_action`] on the part `part` at byte `at`, moved to the whole line.
    fn moved(&self, field: &str, at: usize, error: &NotationError, part: &str) -> NotationError {
        let inner = part
            .char_indices()
            .nth(error.offset)
            .map_or(part.len(), |(index, _)| index);
        self.error(field, at + inner, error.message.clone())
    }
}

/// Reads one judgement-log entry (§9.3).
fn log_entry(word: &str) -> Option<Event> {
    let (kind, rest) = word.split_once(':')?;
    let card = |rest: &str| match rest {
        "-" => Some(None),
        _ => parse_card(rest).map(Some),
    };
    let destroyed = |rest: &str| -> Option<(crate::FieldCard, Cell)> {
        let (card, cell) = rest.split_once('@')?;
        Some((parse_field_card(card)?, Cell::parse(cell)?))
    };
    match kind {
        "xk" => destroyed(rest).map(|(card, cell)| Event::Overcame { card, cell }),
        "kx" => destroyed(rest).map(|(card, cell)| Event::Overcome { card, cell }),
        "xs" => card(rest).map(Event::Recovered),
        "sx" => card(rest).map(Event::Generated),
        _ => None,
    }
}

/// Gathers the actions of a game as they are played and gives each turn's record when the
/// turn ends.
#[derive(Clone, Debug, Default)]
pub struct TurnRecorder {
    /// The record of the turn being played, from its roll on.
    partial: Option<TurnRecord>,
}

impl TurnRecorder {
    /// Notes an action played in turn `turn` (the turn before the action was played) with
    /// the events it produced; answers the turn's record when the turn ends. A turn whose roll
    /// was not noted (a game loaded after its roll) gives no record.
    pub fn push(&mut self, turn: u16, action: &Action, events: &[Event]) -> Option<TurnRecord> {
        if let Action::Roll(roll) = *action {
            self.partial = Some(TurnRecord {
                turn,
                roll,
                choice: None,
                drawn: Vec::new(),
                placement: Placement::NONE,
                log: Vec::new(),
                counts: [0, 0],
            });
        }
        let record = self.partial.as_mut()?;
        match *action {
            Action::Choose(element, other) => record.choice = Some((element, other)),
            Action::Place(placement) => record.placement = placement,
            Action::Roll(_) | Action::Recover(_) => {}
        }
        for event in events {
            match *event {
                Event::Drew(card) => record.drawn.push(card),
                Event::TurnEnded(counts) => {
                    record.counts = counts;
                    return self.partial.take();
                }
                Event::AwaitingRecovery(_) => {}
                entry => record.log.push(entry),
            }
        }
        None
    }
}
