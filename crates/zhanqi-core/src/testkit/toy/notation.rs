//! The notation of [`HiddenRace`], as the [module documentation](super) describes it.

use std::fmt;

use super::{
    A, B, Card, DECK_SIZE, HAND_SIZE, HiddenRace, HiddenRaceOptions, Phase, ROW_LIMIT, RaceAction,
    RaceEvent, RaceView, SEATS, seat_label,
};
use crate::{BySeat, Game, GameNotation, GameRng, NotationError, Seat, SeatSet, Viewer};

const REASONS: [&str; 4] = ["finish", "no_cards", "timeouts", "surrender"];
const FIELDS: [&str; 7] = [
    "target", "to-move", "rows", "stock", "played", "scores", "timeouts",
];

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Ordering(pending) => {
                f.write_str("order:")?;
                pending
                    .iter()
                    .try_for_each(|seat| f.write_str(seat_label(seat)))
            }
            Phase::Turn(seat) => f.write_str(seat_label(seat)),
            Phase::Roll(seat) => write!(f, "roll:{}", seat_label(seat)),
            Phase::Over { winners, reason } => {
                write!(
                    f,
                    "end:{}:{reason}",
                    winners.lowest().map_or("-", seat_label)
                )
            }
        }
    }
}

impl fmt::Display for RaceAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaceAction::Order(cards) => {
                f.write_str("order:")?;
                cards.iter().try_for_each(|card| write!(f, "{card}"))
            }
            RaceAction::Play(card) => write!(f, "play:{card}"),
            RaceAction::Draw => f.write_str("draw"),
            RaceAction::Roll(bonus) => write!(f, "roll:{bonus}"),
            RaceAction::Timeout => f.write_str("timeout"),
            RaceAction::Resign => f.write_str("resign"),
        }
    }
}

fn cards_text(cards: impl IntoIterator<Item = Option<Card>>) -> String {
    let text: String = cards
        .into_iter()
        .map(|card| card.map_or('?', Card::letter))
        .collect();
    if text.is_empty() {
        "-".to_owned()
    } else {
        text
    }
}

impl fmt::Display for RaceView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, stock) = (&self.rows, self.stock.iter().copied());
        let played = cards_text(self.played.iter().copied().map(Some));
        write!(
            f,
            "{} {} {}/{} ",
            self.target,
            self.phase,
            cards_text(rows[A].clone()),
            cards_text(rows[B].clone())
        )?;
        write!(
            f,
            "{} {played} {}/{} ",
            cards_text(stock),
            self.scores[A],
            self.scores[B]
        )?;
        write!(f, "{}/{}", self.timeouts[A], self.timeouts[B])
    }
}

/// A piece of a text being read, with where it starts, for naming faults.
#[derive(Clone, Copy)]
struct Field<'a> {
    name: &'a str,
    offset: usize,
    text: &'a str,
}

impl<'a> Field<'a> {
    fn error(self, at: usize, message: impl Into<String>) -> NotationError {
        NotationError::new(self.name, self.offset + at, message)
    }

    fn rest_after(self, prefix: &str) -> Option<Field<'a>> {
        let text = self.text.strip_prefix(prefix)?;
        Some(Field {
            offset: self.offset + prefix.chars().count(),
            text,
            ..self
        })
    }

    fn halves(self) -> Result<(Field<'a>, Field<'a>), NotationError> {
        let (left, right) = self.text.split_once('/').ok_or_else(|| {
            self.error(
                0,
                format!("'{}' is not two values joined by '/'", self.text),
            )
        })?;
        Ok((
            Field { text: left, ..self },
            Field {
                offset: self.offset + left.chars().count() + 1,
                text: right,
                ..self
            },
        ))
    }

    fn cards(self) -> Result<Vec<Card>, NotationError> {
        if self.text.is_empty() {
            return Err(self.error(0, "no card is given"));
        }
        let card = |(at, letter): (usize, char)| match letter {
            '?' => Err(self.error(
                at,
                "the card is hidden ('?'); only a full position can be loaded",
            )),
            _ => Card::from_letter(letter).ok_or_else(|| {
                self.error(
                    at,
                    format!("'{letter}' is not a card; the cards are A to L"),
                )
            }),
        };
        self.text.chars().enumerate().map(card).collect()
    }

    fn card_list(self) -> Result<Vec<Card>, NotationError> {
        if self.text == "-" {
            Ok(Vec::new())
        } else {
            self.cards()
        }
    }

    fn number(self) -> Result<u32, NotationError> {
        self.text
            .parse()
            .map_err(|_| self.error(0, format!("'{}' is not a number", self.text)))
    }

    fn seat(self) -> Result<Seat, NotationError> {
        SEATS
            .iter()
            .find(|&seat| seat_label(seat) == self.text)
            .ok_or_else(|| {
                self.error(
                    0,
                    format!("'{}' is not a seat; the seats are a and b", self.text),
                )
            })
    }

    fn seats(self) -> Result<SeatSet, NotationError> {
        if self.text.is_empty() {
            return Err(self.error(0, "no seat is named"));
        }
        let one = |(at, (start, letter)): (usize, (usize, char))| {
            let text = &self.text[start..start + letter.len_utf8()];
            Field {
                offset: self.offset + at,
                text,
                ..self
            }
            .seat()
        };
        self.text.char_indices().enumerate().map(one).collect()
    }

    fn phase(self) -> Result<Phase, NotationError> {
        if let Some(pending) = self.rest_after("order:") {
            return pending.seats().map(Phase::Ordering);
        }
        if let Some(roller) = self.rest_after("roll:") {
            return roller.seat().map(Phase::Roll);
        }
        let Some(end) = self.rest_after("end:") else {
            return self.seat().map(Phase::Turn);
        };
        let (winner, reason) = end
            .text
            .split_once(':')
            .ok_or_else(|| end.error(0, "an ended game is written end:<winner>:<reason>"))?;
        let winners = if winner == "-" {
            SeatSet::EMPTY
        } else {
            SeatSet::only(
                Field {
                    text: winner,
                    ..end
                }
                .seat()?,
            )
        };
        let reason_at = winner.chars().count() + 1;
        let reason = REASONS
            .into_iter()
            .find(|&known| known == reason)
            .ok_or_else(|| {
                end.error(
                    reason_at,
                    format!(
                        "'{reason}' is not a reason; the reasons are {}",
                        REASONS.join(", ")
                    ),
                )
            })?;
        Ok(Phase::Over { winners, reason })
    }
}

fn read_position(text: &str, seed: u64) -> Result<HiddenRace, NotationError> {
    let parts: Vec<&str> = text.split(' ').collect();
    if parts.len() != FIELDS.len() || parts.contains(&"") {
        let message = format!(
            "a position is seven fields separated by single spaces: {}",
            FIELDS.join(" ")
        );
        return Err(NotationError::new("position", 0, message));
    }
    let (mut fields, mut offset) = (Vec::new(), 0);
    for (name, text) in FIELDS.iter().zip(parts) {
        fields.push(Field { name, offset, text });
        offset += text.chars().count() + 1;
    }
    let [target, to_move, rows, stock, played, scores, timeouts] = fields[..] else {
        unreachable!("seven fields")
    };
    let ((row_a, row_b), (score_a, score_b), (timeouts_a, timeouts_b)) =
        (rows.halves()?, scores.halves()?, timeouts.halves()?);
    let mut game = HiddenRace {
        options: HiddenRaceOptions {
            target: target.number()?,
        },
        rng: GameRng::from_seed(seed),
        phase: to_move.phase()?,
        rows: BySeat::default(),
        stock: stock.card_list()?,
        played: played.card_list()?,
        scores: BySeat::default(),
        timeouts: BySeat::default(),
    };
    (game.rows[A], game.rows[B]) = (row_a.card_list()?, row_b.card_list()?);
    (game.scores[A], game.scores[B]) = (score_a.number()?, score_b.number()?);
    (game.timeouts[A], game.timeouts[B]) = (timeouts_a.number()?, timeouts_b.number()?);
    if !(1..=99).contains(&game.options.target) {
        return Err(target.error(0, "the target must be 1 to 99"));
    }
    let mut cards: Vec<Card> = SEATS
        .iter()
        .flat_map(|seat| game.rows[seat].clone())
        .collect();
    cards.extend(game.stock.iter().chain(&game.played));
    cards.sort_unstable();
    if cards != (1..=DECK_SIZE).map(Card).collect::<Vec<_>>() {
        return Err(rows.error(
            0,
            "the rows, the stock and the played cards must hold each card A to L once",
        ));
    }
    let dealt = SEATS.iter().all(|seat| game.rows[seat].len() == HAND_SIZE);
    if let Phase::Ordering(_) = game.phase {
        if !dealt || !game.played.is_empty() {
            let message = "while the rows are being ordered, each holds the three cards dealt";
            return Err(rows.error(0, message));
        }
    } else if SEATS.iter().any(|seat| game.rows[seat].len() > ROW_LIMIT) {
        return Err(rows.error(0, format!("a row holds at most {ROW_LIMIT} cards")));
    }
    if let Phase::Turn(seat) = game.phase {
        if game.rows[seat].is_empty() && game.stock.is_empty() {
            let message = "the seat to play can neither play nor draw, so the game would be over";
            return Err(to_move.error(0, message));
        }
    }
    Ok(game)
}

impl GameNotation for HiddenRace {
    const NAME: &'static str = "hiddenrace";
    const MODES: &'static [&'static str] = &["standard"];

    /// The extra options are [`HiddenRaceOptions`] as JSON, `{"target": 30}`.
    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<HiddenRaceOptions, NotationError> {
        if let Some(mode) = mode.filter(|&mode| mode != "standard") {
            return Err(NotationError::new(
                "mode",
                0,
                format!("hiddenrace has no mode '{mode}'; its only mode is standard"),
            ));
        }
        let Some(extra) = extra else {
            return Ok(HiddenRaceOptions::default());
        };
        serde_json::from_value(extra.clone())
            .map_err(|error| NotationError::new("options", 0, error.to_string()))
    }

    fn mode(&self) -> &'static str {
        "standard"
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        seat_label(seat)
    }

    fn position(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }

    /// The position holds every option; `extra` is only checked to be valid options.
    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<HiddenRace, NotationError> {
        HiddenRace::options_for(None, extra)?;
        read_position(text, seed)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<RaceAction, NotationError> {
        let name = format!("move '{text}'");
        let whole = Field {
            name: &name,
            offset: 0,
            text,
        };
        match text {
            "draw" => return Ok(RaceAction::Draw),
            "timeout" => return Ok(RaceAction::Timeout),
            "resign" => return Ok(RaceAction::Resign),
            _ => {}
        }
        if let Some(cards) = whole.rest_after("order:") {
            return cards.cards().map(RaceAction::Order);
        }
        if let Some(card) = whole.rest_after("play:") {
            return match card.cards()?[..] {
                [card] => Ok(RaceAction::Play(card)),
                _ => Err(card.error(0, "a play names one card")),
            };
        }
        if let Some(bonus) = whole.rest_after("roll:") {
            let digit = bonus.text.parse().ok().filter(|_| bonus.text.len() == 1);
            return digit
                .map(RaceAction::Roll)
                .ok_or_else(|| bonus.error(0, "the die's outcome is one digit, 0 to 3"));
        }
        let moves = "order:<cards>, play:<card>, draw, roll:<0 to 3>, timeout and resign";
        Err(whole.error(0, format!("the moves of hiddenrace are {moves}")))
    }

    fn action_text(&self, action: &RaceAction) -> String {
        action.to_string()
    }

    fn record_text(&self, action: &RaceAction, _events: &[RaceEvent]) -> String {
        action.to_string()
    }
}
