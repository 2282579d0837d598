//! The position string of §11.2 and the piece-list form of §11.3: writing, reading with errors
//! that name the field and the character offset.

use std::fmt::Write as _;

use zhanqi_core::{BySeat, NotationError, Seat, SeatSet};

use crate::geometry::{Base, Point, SIDE};
use crate::position::{Cards, Pending, Rights, Turn};
use crate::{Board, Kind, Piece, Position, SiguoOptions};

impl Position {
    /// The position string (§11.2).
    #[must_use]
    pub fn write(&self) -> String {
        let mut text = String::with_capacity(200);
        for y in (1..=SIDE).rev() {
            let mut empty = 0;
            for x in 1..=SIDE {
                match self.board.get(Point::at(x, y)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(text, "{empty}");
                            empty = 0;
                        }
                        let _ = write!(text, "{piece}");
                    }
                }
            }
            if empty > 0 {
                let _ = write!(text, "{empty}");
            }
            text.push(if y > 1 { '/' } else { ' ' });
        }
        match self.turn {
            Turn::Deploying(seats) => {
                text.push('d');
                for seat in seats.iter() {
                    let _ = write!(text, "{}", seat.index() + 1);
                }
            }
            Turn::Seat(seat) => {
                let _ = write!(text, "{}", seat.index() + 1);
            }
            Turn::Over => text.push('-'),
        }
        text.push(' ');
        for (seat, cards) in self.cards.iter() {
            if seat.index() > 0 {
                text.push(',');
            }
            match cards {
                Some(cards) => {
                    let _ = write!(text, "{}/{}", cards.bombs, cards.exchanges);
                }
                None => text.push('-'),
            }
        }
        text.push(' ');
        let mut entries: Vec<(Seat, Base, Option<u8>)> = self
            .rights
            .iter()
            .map(|(seat, base)| (seat, base, None))
            .collect();
        if let Some(pending) = self.pending {
            entries.push((pending.seat, pending.base, Some(pending.steps)));
            entries.sort();
        }
        if entries.is_empty() {
            text.push('-');
        }
        for (index, (seat, base, steps)) in entries.into_iter().enumerate() {
            if index > 0 {
                text.push(',');
            }
            let _ = write!(text, "{}@{base}", seat.index() + 1);
            if let Some(steps) = steps {
                let _ = write!(text, ":{steps}");
            }
        }
        let _ = write!(text, " {} {}", self.quiet, self.actions);
        text
    }

    /// Reads a position string (§11.2) or a piece list (§11.3). Checks the notation only;
    /// [`Position::problems`] checks the rest.
    ///
    /// # Errors
    /// If the text is neither, naming the field and the character offset of the first fault.
    pub fn parse(text: &str, options: &SiguoOptions) -> Result<Position, NotationError> {
        let first = text.split(' ').next().unwrap_or("");
        if first.as_bytes().get(1) == Some(&b':') {
            parse_piece_list(text, options)
        } else {
            parse_string(text)
        }
    }
}

/// An error at byte `offset` of `text`.
fn fault(text: &str, field: &str, offset: usize, message: String) -> NotationError {
    NotationError::new(field, crate::deployment::char_offset(text, offset), message)
}

fn parse_string(text: &str) -> Result<Position, NotationError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 6 {
        return Err(fault(
            text,
            "position",
            0,
            format!(
                "a position has six fields separated by single spaces (board, who acts, cards, \
                 rights, quiet and action counters); this text has {}",
                fields.len()
            ),
        ));
    }
    let mut starts = [0usize; 6];
    for index in 1..6 {
        starts[index] = starts[index - 1] + fields[index - 1].len() + 1;
    }
    let board = parse_board(text, fields[0])?;
    let turn = parse_turn(text, fields[1], starts[1])?;
    let cards = parse_cards(text, fields[2], starts[2])?;
    let (rights, pending) = parse_rights(text, fields[3], starts[3])?;
    let quiet = parse_counter(text, "quiet counter", fields[4], starts[4])?;
    let actions = parse_counter(text, "action counter", fields[5], starts[5])?;
    Ok(Position {
        board,
        turn,
        cards,
        rights,
        pending,
        quiet,
        actions,
    })
}

fn parse_board(text: &str, field: &str) -> Result<Board, NotationError> {
    let name = "board";
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != SIDE {
        return Err(fault(
            text,
            name,
            0,
            format!(
                "the board has {} ranks separated by '/'; it must have 18",
                ranks.len()
            ),
        ));
    }
    let mut board = Board::EMPTY;
    let mut offset = 0;
    for (row, rank) in ranks.iter().enumerate() {
        let y = SIDE - row;
        let bytes = rank.as_bytes();
        let mut x = 0usize;
        let mut index = 0;
        while index < bytes.len() {
            let at = offset + index;
            let byte = bytes[index];
            if let Some(kind) = Kind::from_letter(byte) {
                let seat = bytes.get(index + 1).copied().unwrap_or(b' ');
                if !(b'1'..=b'4').contains(&seat) {
                    return Err(fault(
                        text,
                        name,
                        at + 1,
                        format!(
                            "the piece letter {} must be followed by a seat digit 1–4",
                            kind.letter()
                        ),
                    ));
                }
                x += 1;
                if x > SIDE {
                    return Err(fault(
                        text,
                        name,
                        at,
                        format!("rank {y} covers more than 18 points"),
                    ));
                }
                board.put(
                    Point::at(x, y),
                    Piece::new(kind, Seat::new(usize::from(seat - b'1'))),
                );
                index += 2;
            } else if byte.is_ascii_digit() {
                if byte == b'0' {
                    return Err(fault(
                        text,
                        name,
                        at,
                        "an empty run is a number 1–18 and cannot start with 0".to_owned(),
                    ));
                }
                let digits = bytes[index..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let run: usize = rank[index..index + digits].parse().unwrap_or(usize::MAX);
                x = x.saturating_add(run);
                if x > SIDE {
                    return Err(fault(
                        text,
                        name,
                        at,
                        format!("rank {y} covers more than 18 points"),
                    ));
                }
                index += digits;
            } else {
                return Err(fault(
                    text,
                    name,
                    at,
                    format!(
                        "'{}' is neither a piece letter G, R, C, S nor a digit",
                        char::from(byte)
                    ),
                ));
            }
        }
        if x != SIDE {
            return Err(fault(
                text,
                name,
                offset + bytes.len(),
                format!("rank {y} covers {x} points; it must cover 18"),
            ));
        }
        offset += rank.len() + 1;
    }
    Ok(board)
}

fn parse_turn(text: &str, field: &str, start: usize) -> Result<Turn, NotationError> {
    let name = "who acts";
    let bytes = field.as_bytes();
    match bytes {
        [b'-'] => Ok(Turn::Over),
        [digit @ b'1'..=b'4'] => Ok(Turn::Seat(Seat::new(usize::from(digit - b'1')))),
        [b'd', rest @ ..] if !rest.is_empty() => {
            let mut seats = SeatSet::EMPTY;
            let mut last = 0u8;
            for (index, &digit) in rest.iter().enumerate() {
                if !(b'1'..=b'4').contains(&digit) || digit <= last {
                    return Err(fault(
                        text,
                        name,
                        start + 1 + index,
                        "after 'd' come the seats still to deploy, each once, in increasing \
                         order (as in d124)"
                            .to_owned(),
                    ));
                }
                last = digit;
                seats.insert(Seat::new(usize::from(digit - b'1')));
            }
            Ok(Turn::Deploying(seats))
        }
        _ => Err(fault(
            text,
            name,
            start,
            format!(
                "'{field}' is not who acts; write a seat 1–4, '-' when the game is over, or 'd' \
                 and the seats still to deploy"
            ),
        )),
    }
}

fn parse_cards(
    text: &str,
    field: &str,
    start: usize,
) -> Result<BySeat<Option<Cards>>, NotationError> {
    let name = "cards";
    let entries: Vec<&str> = field.split(',').collect();
    if entries.len() != 4 {
        return Err(fault(
            text,
            name,
            start,
            format!(
                "the cards field has {} entries; it has one per seat, 4, separated by commas",
                entries.len()
            ),
        ));
    }
    let mut cards = BySeat([None; 4]);
    let mut offset = start;
    for (index, entry) in entries.iter().enumerate() {
        cards.0[index] = match entry.as_bytes() {
            [b'-'] => None,
            [bombs @ b'0'..=b'4', b'/', exchanges @ b'0'..=b'2'] => Some(Cards {
                bombs: bombs - b'0',
                exchanges: exchanges - b'0',
            }),
            _ => {
                return Err(fault(
                    text,
                    name,
                    offset,
                    format!(
                        "'{entry}' is not a card entry; write '-' or bombs/exchanges with one \
                         digit 0–4 and one digit 0–2, as in 4/2"
                    ),
                ));
            }
        };
        offset += entry.len() + 1;
    }
    Ok(cards)
}

fn parse_rights(
    text: &str,
    field: &str,
    start: usize,
) -> Result<(Rights, Option<Pending>), NotationError> {
    let name = "rights";
    let mut rights = Rights::NONE;
    let mut pending = None;
    if field == "-" {
        return Ok((rights, pending));
    }
    let mut offset = start;
    let mut seen: Vec<(Seat, Base)> = Vec::new();
    for entry in field.split(',') {
        let error = |message: String| fault(text, name, offset, message);
        let bytes = entry.as_bytes();
        let form = || {
            format!(
                "'{entry}' is not a right; write seat@base or seat@base:k, as in 1@l5 or 1@l5:2"
            )
        };
        let (seat, rest) = match bytes {
            [digit @ b'1'..=b'4', b'@', rest @ ..] => (Seat::new(usize::from(digit - b'1')), rest),
            _ => return Err(error(form())),
        };
        let Some((point, length)) = Point::read(rest) else {
            return Err(error(form()));
        };
        let Some(base) = Base::at(point) else {
            return Err(fault(
                text,
                name,
                offset + 2,
                format!("{point} is not a military base"),
            ));
        };
        if seen.contains(&(seat, base)) {
            return Err(error(format!("'{entry}' repeats a seat and base")));
        }
        seen.push((seat, base));
        match &rest[length..] {
            [] => rights.insert(seat, base),
            [b':', digits @ ..]
                if !digits.is_empty()
                    && digits.iter().all(u8::is_ascii_digit)
                    && digits[0] != b'0'
                    && digits.len() <= 3 =>
            {
                if pending.is_some() {
                    return Err(error(format!(
                        "'{entry}' is a second pending redeployment; there is at most one"
                    )));
                }
                let steps = std::str::from_utf8(digits)
                    .ok()
                    .and_then(|d| d.parse::<u8>().ok())
                    .unwrap_or(u8::MAX);
                pending = Some(Pending { seat, base, steps });
            }
            _ => return Err(error(form())),
        }
        offset += entry.len() + 1;
    }
    Ok((rights, pending))
}

fn parse_counter(text: &str, name: &str, field: &str, start: usize) -> Result<u32, NotationError> {
    let valid = !field.is_empty()
        && field.bytes().all(|b| b.is_ascii_digit())
        && (field == "0" || !field.starts_with('0'));
    match field.parse::<u32>() {
        Ok(value) if valid => Ok(value),
        _ => Err(fault(
            text,
            name,
            start,
            format!("'{field}' is not a counter; write a decimal number without leading zeros"),
        )),
    }
}

/// Reads the piece-list form (§11.3) with its defaults.
fn parse_piece_list(text: &str, options: &SiguoOptions) -> Result<Position, NotationError> {
    let name = "piece list";
    let mut board = Board::EMPTY;
    let mut listed = SeatSet::EMPTY;
    let mut offset = 0;
    for entry in text.split(' ') {
        let bytes = entry.as_bytes();
        let seat = match bytes {
            [digit @ b'1'..=b'4', b':', ..] => Seat::new(usize::from(digit - b'1')),
            _ => {
                return Err(fault(
                    text,
                    name,
                    offset,
                    format!(
                        "'{entry}' is not a seat's entry; write a seat 1–4, a colon and its \
                         pieces, as in 1:Ga1,Rd4"
                    ),
                ));
            }
        };
        if listed.iter().any(|other| other >= seat) {
            return Err(fault(
                text,
                name,
                offset,
                "each seat is listed once, in increasing order".to_owned(),
            ));
        }
        listed.insert(seat);
        let mut piece_offset = offset + 2;
        for token in entry[2..].split(',') {
            let token_bytes = token.as_bytes();
            let kind = token_bytes.first().and_then(|&b| Kind::from_letter(b));
            let point = Point::read(token_bytes.get(1..).unwrap_or(&[]));
            match (kind, point) {
                (Some(kind), Some((point, length))) if length + 1 == token.len() => {
                    if !board.is_empty(point) {
                        return Err(fault(
                            text,
                            name,
                            piece_offset,
                            format!("two pieces are listed on {point}"),
                        ));
                    }
                    board.put(point, Piece::new(kind, seat));
                }
                _ => {
                    return Err(fault(
                        text,
                        name,
                        piece_offset,
                        format!(
                            "'{token}' is not a piece; write a letter G, R, C or S and a point, \
                             as in Rd4"
                        ),
                    ));
                }
            }
            piece_offset += token.len() + 1;
        }
        offset += entry.len() + 1;
    }
    let cards = BySeat::from_fn(|seat| listed.contains(seat).then_some(Cards::FULL));
    let team_gone = (0..2)
        .any(|team| !listed.contains(Seat::new(team)) && !listed.contains(Seat::new(team + 2)));
    let turn = if team_gone {
        Turn::Over
    } else {
        let mut seat = options.first();
        while !listed.contains(seat) {
            seat = options.after(seat);
        }
        Turn::Seat(seat)
    };
    Ok(Position {
        board,
        turn,
        cards,
        rights: Rights::NONE,
        pending: None,
        quiet: 0,
        actions: 0,
    })
}
