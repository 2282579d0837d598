//! Positions in the notation of §12.3: writing (for any viewer, §12.8) and reading a full
//! resting position back with every check of `load` (§12.10), errors naming line, field and
//! offset.

use std::fmt::Write as _;
use std::sync::Arc;

use zhanqi_core::{GameRng, NotationError, Viewer};

use crate::board::{BySide, Side};
use crate::cards::{CardIndex, Kind};
use crate::effect::{Keyword, Stat, Trigger};
use crate::notation::ref_text;
use crate::options::Rules;
use crate::state::{
    Attachment, BoardCard, CardRef, Extra, Frame, GameResult, HandCard, Lasting, Modifier,
    ModifierKind, Phase, Qizhan, Reason, SideCards,
};

/// Writes a list, `-` when empty.
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    if items.is_empty() {
        "-".to_owned()
    } else {
        items.join(",")
    }
}

/// The text of a modifier (`atk+2:t`, `guard:rA`).
fn modifier_text(modifier: &Modifier) -> String {
    let lasting = match modifier.lasting {
        Lasting::Turn => "t".to_owned(),
        Lasting::Round(side) => format!("r{side}"),
        Lasting::Perm => "p".to_owned(),
    };
    match modifier.kind {
        ModifierKind::Buff(stat, delta) => {
            let sign = if delta < 0 { '-' } else { '+' };
            format!("{}{sign}{}:{lasting}", stat.name(), delta.unsigned_abs())
        }
        ModifierKind::Grant(keyword) => format!("{}:{lasting}", keyword.name()),
    }
}

impl Qizhan {
    /// The position as `viewer` may see it (§12.3, §12.8).
    #[must_use]
    pub fn position_text(&self, viewer: Viewer) -> String {
        let table = &self.rules.table;
        let graph = &self.rules.graph;
        let mut out = String::new();
        let _ = write!(
            out,
            "qizhan {} {} turn {} spent {} bonus {} played {} last {}{} seq {}",
            self.phase.name(),
            self.active,
            self.turn,
            self.spent,
            self.bonus,
            u8::from(self.played),
            u8::from(self.last[Side::A]),
            u8::from(self.last[Side::B]),
            self.seq
        );
        if let Some(result) = self.result {
            let winner = result
                .winner
                .map_or_else(|| "draw".to_owned(), |side| side.to_string());
            let _ = write!(out, " result {winner} {}", result.reason.name());
        }
        for side in Side::BOTH {
            let cards = &self.sides[side];
            let sees_hand = match viewer {
                Viewer::Omniscient => true,
                Viewer::Seat(seat) => Side::of_seat(seat) == Some(side),
                Viewer::Spectator => false,
            };
            let count = |n: usize| {
                if n == 0 {
                    "-".to_owned()
                } else {
                    format!("?{n}")
                }
            };
            let hand = if sees_hand {
                list(
                    cards
                        .hand
                        .iter()
                        .map(|c| format!("{}#{}", table.id(c.card), c.entry)),
                )
            } else {
                count(cards.hand.len())
            };
            let deck = if viewer == Viewer::Omniscient {
                list(cards.deck.iter().rev().map(|&c| table.id(c).to_owned()))
            } else {
                count(cards.deck.len())
            };
            let piles: Vec<String> = cards
                .discard
                .iter()
                .map(|pile| list(pile.iter().map(|&c| table.id(c).to_owned())))
                .collect();
            let exile = list(cards.exile.iter().map(|&c| table.id(c).to_owned()));
            let _ = write!(
                out,
                "\n{side} hand {hand} deck {deck} discard {} exile {exile}",
                piles.join("/")
            );
            let _ = write!(out, "\n{side} board");
            if cards.board.is_empty() {
                out.push_str(" -");
            }
            let mut previous = None;
            for card in &cards.board {
                if previous == Some(card.loc) {
                    out.push(',');
                } else {
                    let _ = write!(out, " {}=", graph.location_name(card.loc));
                }
                previous = Some(card.loc);
                self.write_board_card(&mut out, card);
            }
        }
        out.push_str("\nstack");
        if self.stack.is_empty() {
            out.push_str(" -");
        }
        for frame in self.stack.iter().rev() {
            let source = match frame.source {
                None => "-".to_owned(),
                Some(source) => {
                    let zone = self.source_zone(Some(source)).unwrap_or(source.zone);
                    ref_text(
                        graph,
                        CardRef {
                            zone,
                            entry: source.entry,
                        },
                    )
                }
            };
            let _ = write!(
                out,
                " {}:{}:{}:{source}:{}",
                frame.trigger.name(),
                table.id(frame.card),
                frame.side,
                frame.next
            );
            match &frame.extra {
                Extra::None => {}
                Extra::Left(k) => {
                    let _ = write!(out, ":left={k}");
                }
                Extra::Shift(cards) => {
                    let refs: Vec<String> = cards.iter().map(|&c| ref_text(graph, c)).collect();
                    let _ = write!(out, ":shift={}", refs.join(","));
                }
            }
        }
        out
    }

    /// Writes one board card (`AZ03#24:3/1/1!+AZ12[atk+2:t]`).
    fn write_board_card(&self, out: &mut String, card: &BoardCard) {
        let table = &self.rules.table;
        let _ = write!(
            out,
            "{}#{}:{}/{}/{}",
            table.id(card.card),
            card.entry,
            card.troops,
            card.ap,
            card.mp
        );
        if card.stunned {
            out.push('!');
        }
        for attached in self.attachments_of(card.entry) {
            let _ = write!(out, "+{}", table.id(attached));
        }
        let mut modifiers: Vec<String> = self
            .modifiers
            .iter()
            .filter(|m| m.host == card.entry)
            .map(modifier_text)
            .collect();
        modifiers.sort();
        for modifier in modifiers {
            let _ = write!(out, "[{modifier}]");
        }
    }
}

/// Reads one resting position (§12.10 `load`).
struct Loader<'a> {
    text: &'a str,
    rules: &'a Rules,
}

/// A token with its offset in the whole text.
#[derive(Clone, Copy)]
struct Token<'a> {
    at: usize,
    text: &'a str,
}

impl<'a> Loader<'a> {
    fn error(&self, line: usize, field: &str, at: usize, message: String) -> NotationError {
        let offset = self.text[..at.min(self.text.len())].chars().count();
        NotationError::new(format!("line {line} {field}"), offset, message)
    }

    fn tokens(line: &'a str, start: usize) -> Vec<Token<'a>> {
        let mut out = Vec::new();
        let mut at = start;
        for text in line.split(' ') {
            out.push(Token { at, text });
            at += text.len() + 1;
        }
        out
    }

    fn expect(
        &self,
        line: usize,
        tokens: &[Token<'_>],
        index: usize,
        word: &str,
    ) -> Result<(), NotationError> {
        match tokens.get(index) {
            Some(t) if t.text == word => Ok(()),
            Some(t) => Err(self.error(
                line,
                word,
                t.at,
                format!("expected '{word}', found '{}'", t.text),
            )),
            None => Err(self.error(
                line,
                word,
                self.line_end(tokens),
                format!("expected '{word}', but the line ends"),
            )),
        }
    }

    fn line_end(&self, tokens: &[Token<'_>]) -> usize {
        tokens.last().map_or(0, |t| t.at + t.text.len())
    }

    fn value(
        &self,
        line: usize,
        tokens: &[Token<'a>],
        index: usize,
        field: &str,
    ) -> Result<Token<'a>, NotationError> {
        tokens.get(index).copied().ok_or_else(|| {
            self.error(
                line,
                field,
                self.line_end(tokens),
                format!("the {field} is missing"),
            )
        })
    }

    fn number(
        &self,
        line: usize,
        field: &str,
        token: &str,
        at: usize,
    ) -> Result<u32, NotationError> {
        if token.is_empty()
            || (token.len() > 1 && token.starts_with('0'))
            || !token.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(self.error(
                line,
                field,
                at,
                format!("'{token}' is not a number in canonical form"),
            ));
        }
        token
            .parse()
            .map_err(|_| self.error(line, field, at, format!("'{token}' is too large")))
    }

    fn card_id(
        &self,
        line: usize,
        field: &str,
        token: &str,
        at: usize,
    ) -> Result<CardIndex, NotationError> {
        self.rules.table.index(token).ok_or_else(|| {
            self.error(
                line,
                field,
                at,
                format!("'{token}' is not a card id of this game's table"),
            )
        })
    }

    /// A comma list (`-` when empty), each item with its offset.
    fn items(token: Token<'a>) -> Vec<Token<'a>> {
        if token.text == "-" {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut at = token.at;
        for text in token.text.split(',') {
            out.push(Token { at, text });
            at += text.len() + 1;
        }
        out
    }

    fn ids(
        &self,
        line: usize,
        field: &str,
        token: Token<'a>,
    ) -> Result<Vec<CardIndex>, NotationError> {
        Loader::items(token)
            .into_iter()
            .map(|item| self.card_id(line, field, item.text, item.at))
            .collect()
    }

    fn hand_card(&self, line: usize, item: Token<'_>) -> Result<HandCard, NotationError> {
        if item.text.starts_with('?') {
            return Err(self.error(
                line,
                "hand",
                item.at,
                "a hidden hand cannot be loaded; load takes a full position".to_owned(),
            ));
        }
        let Some((id, entry)) = item.text.split_once('#') else {
            return Err(self.error(
                line,
                "hand",
                item.at,
                format!("'{}' is not a hand card <id>#<n>", item.text),
            ));
        };
        Ok(HandCard {
            card: self.card_id(line, "hand", id, item.at)?,
            entry: self.number(line, "hand", entry, item.at + id.len() + 1)?,
        })
    }

    fn zone_ref(
        &self,
        line: usize,
        field: &str,
        token: &str,
        at: usize,
    ) -> Result<CardRef, NotationError> {
        let Some((zone, entry)) = token.split_once('#') else {
            return Err(self.error(
                line,
                field,
                at,
                format!("'{token}' is not a card reference <zone>#<n>"),
            ));
        };
        let zone_value = self.rules.graph.parse_zone(zone).ok_or_else(|| {
            self.error(
                line,
                field,
                at,
                format!("'{zone}' is not a zone of this board"),
            )
        })?;
        Ok(CardRef {
            zone: zone_value,
            entry: self.number(line, field, entry, at + zone.len() + 1)?,
        })
    }
}

/// A card read from a board line, before it joins the game.
struct ReadCard {
    card: BoardCard,
    attachments: Vec<CardIndex>,
    modifiers: Vec<(ModifierKind, Lasting)>,
    at: usize,
}

impl Loader<'_> {
    fn board_card(&self, line: usize, loc: u8, item: Token<'_>) -> Result<ReadCard, NotationError> {
        let field = "board";
        let text = item.text;
        let bad = |at: usize, message: String| self.error(line, field, item.at + at, message);
        let Some((head, rest)) = text.split_once(':') else {
            return Err(bad(
                0,
                format!("'{text}' is not a board card <id>#<n>:<troops>/<ap>/<mp>"),
            ));
        };
        let Some((id, entry)) = head.split_once('#') else {
            return Err(bad(0, format!("'{head}' is not <id>#<n>")));
        };
        let card = self.card_id(line, field, id, item.at)?;
        let entry = self.number(line, field, entry, item.at + id.len() + 1)?;
        let base = head.len() + 1;
        let end = rest.find(['!', '+', '[']).unwrap_or(rest.len());
        let numbers: Vec<&str> = rest[..end].split('/').collect();
        if numbers.len() != 3 {
            return Err(bad(
                base,
                format!("'{}' is not <troops>/<ap>/<mp>", &rest[..end]),
            ));
        }
        let mut values = [0u32; 3];
        let mut at = base;
        for (slot, number) in values.iter_mut().zip(&numbers) {
            *slot = self.number(line, field, number, item.at + at)?;
            at += number.len() + 1;
        }
        let mut suffix = &rest[end..];
        let mut offset = base + end;
        let mut stunned = false;
        if let Some(after) = suffix.strip_prefix('!') {
            stunned = true;
            suffix = after;
            offset += 1;
        }
        let mut attachments = Vec::new();
        while let Some(after) = suffix.strip_prefix('+') {
            let len = after.find(['+', '[']).unwrap_or(after.len());
            attachments.push(self.card_id(line, field, &after[..len], item.at + offset + 1)?);
            suffix = &after[len..];
            offset += len + 1;
        }
        let mut modifiers = Vec::new();
        while let Some(after) = suffix.strip_prefix('[') {
            let Some(close) = after.find(']') else {
                return Err(bad(offset, "a modifier lacks its closing ']'".to_owned()));
            };
            modifiers.push(self.modifier(line, &after[..close], item.at + offset + 1)?);
            suffix = &after[close + 1..];
            offset += close + 2;
        }
        if !suffix.is_empty() {
            return Err(bad(
                offset,
                format!("'{suffix}' is not a stun mark, attachment or modifier"),
            ));
        }
        if values[1] > u32::from(u16::MAX)
            || values[2] > u32::from(u16::MAX)
            || values[0] > i32::MAX as u32
        {
            return Err(bad(base, "a value is too large".to_owned()));
        }
        Ok(ReadCard {
            card: BoardCard {
                card,
                entry,
                loc,
                troops: values[0] as i32,
                ap: values[1] as u16,
                mp: values[2] as u16,
                stunned,
                marked: false,
            },
            attachments,
            modifiers,
            at: item.at,
        })
    }

    fn modifier(
        &self,
        line: usize,
        text: &str,
        at: usize,
    ) -> Result<(ModifierKind, Lasting), NotationError> {
        let bad = || {
            self.error(line, "board", at, format!(
                "'{text}' is not a modifier; expected <stat><+|-><k>:<t|rA|rB|p> or <keyword>:<t|rA|rB|p>"
            ))
        };
        let (what, lasting) = text.rsplit_once(':').ok_or_else(bad)?;
        let lasting = match lasting {
            "t" => Lasting::Turn,
            "rA" => Lasting::Round(Side::A),
            "rB" => Lasting::Round(Side::B),
            "p" => Lasting::Perm,
            _ => return Err(bad()),
        };
        if let Some(keyword) = Keyword::from_name(what) {
            return Ok((ModifierKind::Grant(keyword), lasting));
        }
        let sign_at = what.find(['+', '-']).ok_or_else(bad)?;
        let stat = Stat::from_name(&what[..sign_at]).ok_or_else(bad)?;
        let amount = &what[sign_at + 1..];
        if amount.is_empty()
            || (amount.len() > 1 && amount.starts_with('0'))
            || !amount.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let amount: i16 = amount.parse().map_err(|_| bad())?;
        let negative = what.as_bytes()[sign_at] == b'-';
        if negative && amount == 0 {
            return Err(bad());
        }
        Ok((
            ModifierKind::Buff(stat, if negative { -amount } else { amount }),
            lasting,
        ))
    }

    fn frame(&self, line: usize, token: Token<'_>) -> Result<Frame, NotationError> {
        let parts: Vec<&str> = token.text.splitn(6, ':').collect();
        let bad = |message: String| self.error(line, "stack", token.at, message);
        if parts.len() < 5 {
            return Err(bad(format!(
                "'{}' is not a frame <trigger>:<card>:<side>:<src>:<next>[:<extra>]",
                token.text
            )));
        }
        let trigger = Trigger::from_name(parts[0])
            .filter(|t| *t != Trigger::Static)
            .ok_or_else(|| {
                bad(format!(
                    "'{}' is not a frame trigger; expected play, turn_start, attack or destroyed",
                    parts[0]
                ))
            })?;
        let mut at = token.at + parts[0].len() + 1;
        let card = self.card_id(line, "stack", parts[1], at)?;
        at += parts[1].len() + 1;
        let side = Side::from_letter(parts[2])
            .ok_or_else(|| bad(format!("'{}' is not a side A or B", parts[2])))?;
        at += parts[2].len() + 1;
        let source = if parts[3] == "-" {
            None
        } else {
            Some(self.zone_ref(line, "stack", parts[3], at)?)
        };
        at += parts[3].len() + 1;
        let next = self.number(line, "stack", parts[4], at)?;
        at += parts[4].len() + 1;
        let effects = self.rules.table.card(card).effects.len();
        if next as usize > effects {
            return Err(self.error(
                line,
                "stack",
                at - parts[4].len() - 1,
                format!(
                    "<next> {next} is past the end of {}'s {effects} effect(s)",
                    self.rules.table.id(card)
                ),
            ));
        }
        let extra = match parts.get(5) {
            None => Extra::None,
            Some(extra) => {
                if let Some(k) = extra.strip_prefix("left=") {
                    let k = self.number(line, "stack", k, at + 5)?;
                    if k == 0 || k > u32::from(u16::MAX) {
                        return Err(self.error(
                            line,
                            "stack",
                            at + 5,
                            "left= takes 1 or more cards".to_owned(),
                        ));
                    }
                    Extra::Left(k as u16)
                } else if let Some(refs) = extra.strip_prefix("shift=") {
                    let mut list = Vec::new();
                    let mut offset = at + 6;
                    for item in refs.split(',') {
                        list.push(self.zone_ref(line, "stack", item, offset)?);
                        offset += item.len() + 1;
                    }
                    Extra::Shift(list)
                } else {
                    return Err(self.error(
                        line,
                        "stack",
                        at,
                        format!("'{extra}' is not left=<k> or shift=<refs>"),
                    ));
                }
            }
        };
        if next > u32::from(u8::MAX) {
            return Err(bad("<next> is too large".to_owned()));
        }
        Ok(Frame {
            trigger,
            card,
            side,
            source,
            next: next as u8,
            extra,
        })
    }
}

/// Reads a full resting position into a game with these rules, checking everything `load`
/// refuses (§12.10).
///
/// # Errors
/// The first fault, naming its line, field and offset.
pub fn load_position(text: &str, rules: Arc<Rules>, seed: u64) -> Result<Qizhan, NotationError> {
    let loader = Loader {
        text,
        rules: &rules,
    };
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() != 6 {
        return Err(loader.error(
            1,
            "position",
            text.len(),
            format!(
                "a position has 6 lines joined by line feeds, not {}",
                lines.len()
            ),
        ));
    }
    let mut starts = Vec::new();
    let mut at = 0;
    for line in &lines {
        starts.push(at);
        at += line.len() + 1;
    }
    // Line 1.
    let head = Loader::tokens(lines[0], 0);
    loader.expect(1, &head, 0, "qizhan")?;
    let phase_token = loader.value(1, &head, 1, "phase")?;
    let phase = match phase_token.text {
        "discard" => Phase::Discard,
        "swap" => Phase::Swap,
        "main" => Phase::Main,
        "trim" => Phase::Trim,
        "over" => Phase::Over,
        other => {
            return Err(loader.error(
                1,
                "phase",
                phase_token.at,
                format!("'{other}' is not a phase; expected discard, swap, main, trim or over"),
            ));
        }
    };
    let side_token = loader.value(1, &head, 2, "side")?;
    let active = Side::from_letter(side_token.text).ok_or_else(|| {
        loader.error(
            1,
            "side",
            side_token.at,
            format!("'{}' is not a side A or B", side_token.text),
        )
    })?;
    let mut numbers = [0u32; 5];
    for (i, name) in ["turn", "spent", "bonus", "played"].iter().enumerate() {
        loader.expect(1, &head, 3 + 2 * i, name)?;
        let token = loader.value(1, &head, 4 + 2 * i, name)?;
        numbers[i] = loader.number(1, name, token.text, token.at)?;
    }
    let [turn, spent, bonus, played, _] = numbers;
    if played > 1 {
        return Err(loader.error(1, "played", head[10].at, "played is 0 or 1".to_owned()));
    }
    loader.expect(1, &head, 11, "last")?;
    let last_token = loader.value(1, &head, 12, "last")?;
    let last = match last_token.text.as_bytes() {
        [a @ (b'0' | b'1'), b @ (b'0' | b'1')] => BySide([*a == b'1', *b == b'1']),
        _ => {
            return Err(loader.error(
                1,
                "last",
                last_token.at,
                format!("'{}' is not two flags 0 or 1, as 01", last_token.text),
            ));
        }
    };
    loader.expect(1, &head, 13, "seq")?;
    let seq_token = loader.value(1, &head, 14, "seq")?;
    let seq = loader.number(1, "seq", seq_token.text, seq_token.at)?;
    let result = if head.len() > 15 {
        loader.expect(1, &head, 15, "result")?;
        let winner_token = loader.value(1, &head, 16, "result")?;
        let winner = match winner_token.text {
            "draw" => None,
            other => Some(Side::from_letter(other).ok_or_else(|| {
                loader.error(
                    1,
                    "result",
                    winner_token.at,
                    format!("'{other}' is not A, B or draw"),
                )
            })?),
        };
        let reason_token = loader.value(1, &head, 17, "result")?;
        let reason = match reason_token.text {
            "no_cards" => Reason::NoCards,
            "turn_limit" => Reason::TurnLimit,
            "concede" => Reason::Concede,
            other => {
                return Err(loader.error(
                    1,
                    "result",
                    reason_token.at,
                    format!("'{other}' is not a reason no_cards, turn_limit or concede"),
                ));
            }
        };
        if head.len() > 18 {
            return Err(loader.error(
                1,
                "result",
                head[18].at,
                "the line goes on after the result".to_owned(),
            ));
        }
        if reason == Reason::Concede && winner.is_none() {
            return Err(loader.error(
                1,
                "result",
                winner_token.at,
                "a concession has a winner, A or B".to_owned(),
            ));
        }
        Some(GameResult { winner, reason })
    } else {
        None
    };
    if (phase == Phase::Over) != result.is_some() {
        return Err(loader.error(
            1,
            "result",
            loader.line_end(&head),
            if phase == Phase::Over {
                "phase over needs a result <winner> <reason>".to_owned()
            } else {
                "only phase over has a result".to_owned()
            },
        ));
    }
    let turn_limit = rules.options.turn_limit;
    if turn == 0 || (turn_limit > 0 && turn > turn_limit) {
        return Err(loader.error(
            1,
            "turn",
            head[4].at,
            format!(
                "turn {turn} is outside 1 … {}",
                if turn_limit > 0 {
                    turn_limit.to_string()
                } else {
                    "∞".to_owned()
                }
            ),
        ));
    }
    // Lines 2–5.
    let mut sides = BySide::from_fn(|_| SideCards::default());
    let mut read_cards: Vec<(Side, ReadCard, usize)> = Vec::new();
    let mut entries: Vec<(u32, usize, usize)> = Vec::new();
    for side in Side::BOTH {
        let line = 2 + 2 * side.index();
        let tokens = Loader::tokens(lines[line - 1], starts[line - 1]);
        let side_token = loader.value(line, &tokens, 0, "side")?;
        if side_token.text != side.letter().to_string() {
            return Err(loader.error(
                line,
                "side",
                side_token.at,
                format!("this line is side {side}'s"),
            ));
        }
        loader.expect(line, &tokens, 1, "hand")?;
        let hand_token = loader.value(line, &tokens, 2, "hand")?;
        for item in Loader::items(hand_token) {
            let card = loader.hand_card(line, item)?;
            entries.push((card.entry, line, item.at));
            sides[side].hand.push(card);
        }
        sides[side].hand.sort();
        loader.expect(line, &tokens, 3, "deck")?;
        let deck_token = loader.value(line, &tokens, 4, "deck")?;
        if deck_token.text.starts_with('?') {
            return Err(loader.error(
                line,
                "deck",
                deck_token.at,
                "a hidden deck cannot be loaded; load takes a full position".to_owned(),
            ));
        }
        let mut deck = loader.ids(line, "deck", deck_token)?;
        deck.reverse();
        sides[side].deck = deck;
        loader.expect(line, &tokens, 5, "discard")?;
        let discard_token = loader.value(line, &tokens, 6, "discard")?;
        let piles: Vec<&str> = discard_token.text.split('/').collect();
        if piles.len() != 4 {
            return Err(loader.error(
                line,
                "discard",
                discard_token.at,
                "discard is four piles <front>/<frontier>/<landing>/<general>".to_owned(),
            ));
        }
        let mut offset = discard_token.at;
        for (index, pile) in piles.iter().enumerate() {
            let mut ids = loader.ids(
                line,
                "discard",
                Token {
                    at: offset,
                    text: pile,
                },
            )?;
            if index < 3 {
                if let Some(&bad) = ids.iter().find(|&&c| !rules.table.card(c).kind.is_main()) {
                    return Err(loader.error(
                        line,
                        "discard",
                        offset,
                        format!(
                            "{} is not a main card, so it cannot be in DISCARD.{}",
                            rules.table.id(bad),
                            ["FRONT", "FRONTIER", "LANDING"][index]
                        ),
                    ));
                }
            }
            ids.sort_unstable();
            sides[side].discard[index] = ids;
            offset += pile.len() + 1;
        }
        loader.expect(line, &tokens, 7, "exile")?;
        let exile_token = loader.value(line, &tokens, 8, "exile")?;
        let mut exile = loader.ids(line, "exile", exile_token)?;
        exile.sort_unstable();
        sides[side].exile = exile;
        if tokens.len() > 9 {
            return Err(loader.error(
                line,
                "exile",
                tokens[9].at,
                "the line goes on after exile".to_owned(),
            ));
        }
        // The board line.
        let line = line + 1;
        let tokens = Loader::tokens(lines[line - 1], starts[line - 1]);
        let side_token = loader.value(line, &tokens, 0, "side")?;
        if side_token.text != side.letter().to_string() {
            return Err(loader.error(
                line,
                "side",
                side_token.at,
                format!("this line is side {side}'s"),
            ));
        }
        loader.expect(line, &tokens, 1, "board")?;
        let zones = &tokens[2..];
        if zones.is_empty() {
            return Err(loader.error(
                line,
                "board",
                loader.line_end(&tokens),
                "an empty board is written '-'".to_owned(),
            ));
        }
        if !(zones.len() == 1 && zones[0].text == "-") {
            let mut seen_locs = Vec::new();
            for entry in zones {
                let Some((loc_text, cards)) = entry.text.split_once('=') else {
                    return Err(loader.error(
                        line,
                        "board",
                        entry.at,
                        format!("'{}' is not <loc>=<cards>", entry.text),
                    ));
                };
                let loc = rules.graph.parse_location(loc_text).ok_or_else(|| {
                    loader.error(
                        line,
                        "board",
                        entry.at,
                        format!("'{loc_text}' is not a location of this board"),
                    )
                })?;
                if seen_locs.contains(&loc) {
                    return Err(loader.error(
                        line,
                        "board",
                        entry.at,
                        format!("zone {loc_text} is written twice"),
                    ));
                }
                seen_locs.push(loc);
                let cards_token = Token {
                    at: entry.at + loc_text.len() + 1,
                    text: cards,
                };
                let items = Loader::items(cards_token);
                if items.is_empty() {
                    return Err(loader.error(
                        line,
                        "board",
                        cards_token.at,
                        "a zone entry lists at least one card".to_owned(),
                    ));
                }
                let capacity = rules.options.zone_capacity as usize;
                if capacity > 0 && items.len() > capacity {
                    return Err(loader.error(
                        line,
                        "board",
                        entry.at,
                        format!(
                            "zone {side}.{loc_text} holds {} cards, over zone_capacity {capacity}",
                            items.len()
                        ),
                    ));
                }
                for item in items {
                    let read = loader.board_card(line, loc, item)?;
                    let printed = rules.table.card(read.card.card);
                    let kind = rules.graph.kind(loc);
                    if !printed.kind.is_main() {
                        return Err(loader.error(
                            line,
                            "board",
                            item.at,
                            format!(
                                "{} is not a main card; only main cards occupy board zones",
                                printed.id
                            ),
                        ));
                    }
                    if !printed.may_occupy(kind) {
                        return Err(loader.error(
                            line,
                            "board",
                            item.at,
                            format!("{} may not be in a {} zone", printed.id, kind.name()),
                        ));
                    }
                    if read.attachments.len() > rules.options.equip_limit as usize {
                        return Err(loader.error(
                            line,
                            "board",
                            item.at,
                            format!(
                                "{} holds {} attachments, more than equip_limit {}",
                                printed.id,
                                read.attachments.len(),
                                rules.options.equip_limit
                            ),
                        ));
                    }
                    if !read.attachments.is_empty() && printed.kind == Kind::Building {
                        return Err(loader.error(
                            line,
                            "board",
                            item.at,
                            format!("{} is a building, which holds no attachments", printed.id),
                        ));
                    }
                    if let Some(&bad) = read
                        .attachments
                        .iter()
                        .find(|&&a| !rules.table.card(a).attaches())
                    {
                        return Err(loader.error(
                            line,
                            "board",
                            item.at,
                            format!(
                                "{} is not equipment or an attachable skill",
                                rules.table.id(bad)
                            ),
                        ));
                    }
                    entries.push((read.card.entry, line, item.at));
                    read_cards.push((side, read, line));
                }
            }
        }
    }
    entries.sort_unstable();
    for pair in entries.windows(2) {
        if pair[0].0 == pair[1].0 {
            return Err(loader.error(
                pair[1].1,
                "entry",
                pair[1].2,
                format!("entry number {} is used twice", pair[1].0),
            ));
        }
    }
    if let Some(&(entry, line, at)) = entries.iter().find(|e| e.0 > seq) {
        return Err(loader.error(
            line,
            "entry",
            at,
            format!("entry number {entry} is above seq {seq}"),
        ));
    }
    let mut attachments = Vec::new();
    let mut modifiers = Vec::new();
    for (side, read, _) in &read_cards {
        sides[*side].board_insert(read.card);
        for &card in &read.attachments {
            attachments.push(Attachment {
                host: read.card.entry,
                card,
            });
        }
        for &(kind, lasting) in &read.modifiers {
            modifiers.push(Modifier {
                host: read.card.entry,
                kind,
                lasting,
            });
        }
    }
    // Line 6.
    let tokens = Loader::tokens(lines[5], starts[5]);
    loader.expect(6, &tokens, 0, "stack")?;
    let mut stack = Vec::new();
    let frames = &tokens[1..];
    if frames.is_empty() {
        return Err(loader.error(
            6,
            "stack",
            loader.line_end(&tokens),
            "an empty stack is written '-'".to_owned(),
        ));
    }
    if !(frames.len() == 1 && frames[0].text == "-") {
        for token in frames {
            let frame = loader.frame(6, *token)?;
            if let Some(source) = frame.source {
                let in_hand = Side::BOTH
                    .into_iter()
                    .any(|s| sides[s].hand.iter().any(|c| c.entry == source.entry));
                let elsewhere = read_cards.iter().any(|(side, read, _)| {
                    read.card.entry == source.entry
                        && (*side != source.zone.side || read.card.loc != source.zone.loc)
                });
                if in_hand || elsewhere {
                    return Err(loader.error(
                        6,
                        "stack",
                        token.at,
                        format!(
                            "the source #{} is {} ",
                            source.entry,
                            if in_hand {
                                "a card in a hand"
                            } else {
                                "a card in another zone"
                            }
                        )
                        .trim_end()
                        .to_owned(),
                    ));
                }
            }
            stack.push(frame);
        }
        stack.reverse();
    }
    let mut game = Qizhan {
        rules: rules.clone(),
        rng: GameRng::from_seed(seed),
        phase,
        active,
        turn,
        spent,
        bonus,
        played: played == 1,
        last,
        seq,
        result,
        sides,
        attachments,
        modifiers,
        stack,
        scratch: Vec::with_capacity(16),
        aura_sources: Vec::new(),
        board_before: Vec::new(),
    };
    game.refresh_auras();
    for (side, read, line) in &read_cards {
        let max = game.effective(*side, &read.card).max_troops;
        // With destroy_on_zero = false a card lives on at 0 troops (§6.6).
        let least = i32::from(rules.options.destroy_on_zero);
        if read.card.troops < least || read.card.troops > max {
            return Err(loader.error(
                *line,
                "board",
                read.at,
                format!(
                    "troops {} of {} is outside {least} … {max} (its effective max_troops)",
                    read.card.troops,
                    rules.table.id(read.card.card)
                ),
            ));
        }
    }
    resting_problem(&game).map_or(Ok(game), |message| {
        Err(loader.error(1, "phase", head[1].at, message))
    })
}

/// Why a position is not a resting one (§12.10), if it is not.
fn resting_problem(game: &Qizhan) -> Option<String> {
    let hand = &game.sides[game.active].hand;
    if !game.stack.is_empty() && game.phase != Phase::Main {
        return Some(format!(
            "phase {} cannot have a stack; only main can",
            game.phase.name()
        ));
    }
    match game.phase {
        Phase::Discard => {
            if game.turn == 1 || game.last[game.active] {
                return Some(
                    "phase discard needs a turn after one without a play (7.3(c))".to_owned(),
                );
            }
            if !game.sides[game.active].hand_has_two_ids() {
                return Some(
                    "phase discard needs a hand with two or more different ids".to_owned(),
                );
            }
        }
        Phase::Swap if hand.is_empty() => {
            return Some("phase swap needs a non-empty hand".to_owned());
        }
        Phase::Trim
            if hand.len() <= game.rules.options.hand_limit as usize
                || !game.sides[game.active].hand_has_two_ids() =>
        {
            return Some(format!(
                "phase trim needs more than hand_limit = {} cards with two or more different ids",
                game.rules.options.hand_limit
            ));
        }
        Phase::Main if !game.stack.is_empty() => {
            let waits = game.stack.last().is_some_and(|frame| {
                let effects = &game.card(frame.card).effects;
                effects.get(usize::from(frame.next)).is_some_and(|e| {
                    e.trigger == frame.trigger
                        && (game.on_board(frame.source)
                            || !matches!(frame.trigger, Trigger::Attack | Trigger::TurnStart))
                })
            });
            let mut options = 0;
            if waits && game.pending_choice().is_some() {
                game.for_each_option(|_| options += 1);
            }
            if options < 2 {
                return Some("the top frame of the stack does not wait for a choice with two or more options".to_owned());
            }
        }
        _ => {}
    }
    None
}
