//! Notation (§8): position strings (JFEN), moves and records.
//!
//! One extension: a position still in the deployment phase writes `*` as its to-move field,
//! and seats that have not deployed yet have empty areas.

use std::fmt::Write as _;

use zhanqi_core::{BySeat, NotationError, PlatformAction, Seat, SeatSet};

use crate::action::Event;
use crate::board::{Board, Post};
use crate::combat::Battle;
use crate::game::NO_ATTACK_LIMIT;
use crate::position::{BLUE, RED, SeatState, Status, Turn};
use crate::{Action, Cell, Deployment, Junqi, JunqiOptions, Kind, Mode, Position};

/// Writes a position (or a view) as a position string.
#[must_use]
pub fn write_position(position: &Position) -> String {
    let board = position.board();
    let mut out = String::with_capacity(160);
    out.push_str(position.mode.name());
    out.push(' ');
    for (index, row) in board.rank_rows().iter().enumerate() {
        if index > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for &post in row {
            let cell = position.cell(post);
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
                empty = 0;
            }
            write_token(position.mode, cell, &mut out);
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
    }
    out.push(' ');
    match position.turn {
        Turn::Seat(seat) => out.push_str(position.seat_name(seat)),
        Turn::Over => out.push('-'),
        Turn::Deploying => out.push('*'),
    }
    out.push(' ');
    for (seat, state) in position.seats.iter() {
        if let Some(state) = state {
            let _ = write!(
                out,
                "{}{}{}",
                position.seat_name(seat),
                state.status.mark(),
                state.timeouts
            );
        }
    }
    out.push(' ');
    if position.mode == Mode::Dark {
        out.push_str(match position.south_colour {
            None => "-",
            Some(RED) => "s=r",
            Some(_) => "s=u",
        });
    } else if position.flags_public.is_empty() {
        out.push('-');
    } else {
        for seat in position.flags_public.iter() {
            out.push_str(position.seat_name(seat));
        }
    }
    let _ = write!(out, " {} {}", position.no_attack, position.moves);
    out
}

fn write_token(mode: Mode, cell: Cell, out: &mut String) {
    out.push(match (cell.owner(), mode) {
        (None, _) => 'x',
        (Some(RED), Mode::Dark) => 'r',
        (Some(_), Mode::Dark) => 'u',
        (Some(owner), _) => mode.seat_names()[usize::from(owner)]
            .chars()
            .next()
            .unwrap_or('?'),
    });
    out.push(match cell.kind() {
        None => '?',
        Some(kind) if cell.is_face_down() => kind.letter().to_ascii_lowercase(),
        Some(kind) => kind.letter(),
    });
}

/// The fields of a position string, for error messages.
const FIELDS: [&str; 7] = ["variant", "placement", "to-move", "seats", "f5", "Q", "M"];

/// Reads a position string. Views (with `?` identities) are accepted here; [`check_full`]
/// says whether a position can be played from.
///
/// # Errors
/// If the string is malformed, naming the field and the character offset.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    let mut fields: Vec<(usize, &str)> = Vec::with_capacity(7);
    let mut start = 0;
    for part in text.split(' ') {
        fields.push((start, part));
        start += part.len() + 1;
    }
    if fields.len() != 7 {
        let offset = fields.get(7).map_or(text.len(), |(offset, _)| *offset);
        return Err(NotationError::new(
            "position",
            offset,
            format!(
                "a position has 7 fields separated by single spaces ({}), this one has {}",
                FIELDS.join(", "),
                fields.len()
            ),
        ));
    }
    for (index, (offset, field)) in fields.iter().enumerate() {
        if field.is_empty() {
            return Err(NotationError::new(
                FIELDS[index],
                *offset,
                "the field is empty",
            ));
        }
    }
    let (variant_at, variant) = fields[0];
    let mode = Mode::from_name(variant).ok_or_else(|| {
        NotationError::new(
            "variant",
            variant_at,
            format!("'{variant}' is not a variant; expected 2p, 4p or dark"),
        )
    })?;
    let seats = parse_seats(mode, fields[3])?;
    let in_play: SeatSet = seats
        .iter()
        .filter(|(_, state)| state.is_some())
        .map(|(seat, _)| seat)
        .collect();
    let mut position = Position::empty(mode, in_play);
    position.seats = seats;
    parse_placement(&mut position, fields[1])?;
    position.turn = parse_turn(mode, in_play, fields[2])?;
    parse_f5(&mut position, in_play, fields[4])?;
    position.no_attack = parse_counter("Q", fields[5])?;
    position.moves = parse_counter("M", fields[6])?;
    Ok(position)
}

fn parse_seats(
    mode: Mode,
    (offset, field): (usize, &str),
) -> Result<BySeat<Option<SeatState>>, NotationError> {
    let error = |at: usize, message: String| NotationError::new("seats", offset + at, message);
    let bytes = field.as_bytes();
    if bytes.len() % 3 != 0 {
        return Err(error(
            bytes.len(),
            "each seat is written as three characters: seat, state (+ - !), timeouts (0-5)".into(),
        ));
    }
    let names = mode.seat_names();
    let mut seats = BySeat::splat(None);
    let mut last: Option<usize> = None;
    for (chunk_index, chunk) in bytes.chunks(3).enumerate() {
        let at = chunk_index * 3;
        let name = char::from(chunk[0]).to_string();
        let Some(index) = names.iter().position(|&n| n == name) else {
            return Err(error(
                at,
                format!(
                    "'{name}' is not a seat of {}; seats are {}",
                    mode.name(),
                    names.join(" ")
                ),
            ));
        };
        if last.is_some_and(|previous| previous >= index) {
            return Err(error(
                at,
                format!(
                    "seats must be listed once each, in the order {}",
                    names.join(" ")
                ),
            ));
        }
        last = Some(index);
        let status = match chunk[1] {
            b'+' => Status::Active,
            b'-' => Status::Defeated,
            b'!' => Status::Escaped,
            other => {
                return Err(error(
                    at + 1,
                    format!(
                        "'{}' is not a seat state; expected +, - or !",
                        char::from(other)
                    ),
                ));
            }
        };
        let timeouts = match chunk[2] {
            digit @ b'0'..=b'5' => digit - b'0',
            other => {
                return Err(error(
                    at + 2,
                    format!("'{}' is not a timeout count from 0 to 5", char::from(other)),
                ));
            }
        };
        seats[Seat::new(index)] = Some(SeatState { status, timeouts });
    }
    let listed: String = seats
        .iter()
        .filter(|(_, s)| s.is_some())
        .map(|(seat, _)| names[seat.index()])
        .collect();
    let allowed: &[&str] = if mode == Mode::FourPlayer {
        &["senw", "sn"]
    } else {
        &["sn"]
    };
    if !allowed.contains(&listed.as_str()) {
        return Err(error(
            0,
            format!("{} lists the seats {}", mode.name(), allowed.join(" or ")),
        ));
    }
    Ok(seats)
}

fn parse_placement(
    position: &mut Position,
    (offset, field): (usize, &str),
) -> Result<(), NotationError> {
    let board = position.board();
    let rows = board.rank_rows();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != rows.len() {
        return Err(NotationError::new(
            "placement",
            offset,
            format!(
                "{} has {} ranks separated by '/', this placement has {}",
                position.mode.name(),
                rows.len(),
                ranks.len()
            ),
        ));
    }
    let mut at = offset;
    for (rank_text, row) in ranks.iter().zip(rows) {
        let rank_number = board.info(row[0]).rank;
        parse_rank(position, rank_text, row, rank_number, at)?;
        at += rank_text.len() + 1;
    }
    Ok(())
}

fn parse_rank(
    position: &mut Position,
    text: &str,
    row: &[Post],
    rank: u8,
    offset: usize,
) -> Result<(), NotationError> {
    let error = |at: usize, message: String| NotationError::new("placement", offset + at, message);
    let bytes = text.as_bytes();
    let mut filled = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            if bytes[i] == b'0' {
                return Err(error(i, "an empty run never starts with 0".into()));
            }
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let run: usize = text[start..i]
                .parse()
                .map_err(|_| error(start, "the empty run is too long".into()))?;
            filled += run;
            if filled > row.len() {
                return Err(error(
                    start,
                    format!(
                        "rank {rank} has {} posts, but this rank covers more",
                        row.len()
                    ),
                ));
            }
            continue;
        }
        if i + 1 >= bytes.len() {
            return Err(error(
                i,
                "a piece is written as two characters: owner, then code".into(),
            ));
        }
        if filled >= row.len() {
            return Err(error(
                i,
                format!(
                    "rank {rank} has {} posts, but this rank covers more",
                    row.len()
                ),
            ));
        }
        let cell = parse_token(position.mode, bytes[i], bytes[i + 1])
            .map_err(|message| error(i, message))?;
        position.cells[usize::from(row[filled])] = cell;
        filled += 1;
        i += 2;
    }
    if filled != row.len() {
        return Err(error(
            bytes.len(),
            format!(
                "rank {rank} has {} posts, but this rank covers {filled}",
                row.len()
            ),
        ));
    }
    Ok(())
}

fn parse_token(mode: Mode, owner: u8, code: u8) -> Result<Cell, String> {
    let owner_char = char::from(owner);
    let code_char = char::from(code);
    let owner_index = match (mode, owner) {
        (Mode::Dark, b'r') => Some(RED),
        (Mode::Dark, b'u') => Some(BLUE),
        (Mode::Dark, b'x') => None,
        // Dark pieces belong to colours, never to seats.
        (_, _) => match mode
            .seat_names()
            .iter()
            .position(|name| mode != Mode::Dark && name.as_bytes()[0] == owner)
        {
            Some(index) => Some(index as u8),
            None => {
                let owners = if mode == Mode::Dark {
                    "r, u or x".to_string()
                } else {
                    mode.seat_names().join(", ")
                };
                return Err(format!(
                    "'{owner_char}' is not an owner in {}; expected {owners}",
                    mode.name()
                ));
            }
        },
    };
    let unknown = code == b'?';
    let face_down = code.is_ascii_lowercase();
    if face_down && mode != Mode::Dark {
        return Err(format!(
            "'{owner_char}{code_char}': face-down (lower-case) pieces exist only in dark"
        ));
    }
    let kind = if unknown {
        None
    } else {
        Some(Kind::from_letter(code_char.to_ascii_uppercase()).ok_or_else(|| {
            format!("'{code_char}' is not a piece code; expected one of S J D L T Y C P E B M F or ?")
        })?)
    };
    let cell = match (owner_index, kind) {
        (Some(owner), Some(kind)) => Cell::piece(owner, kind),
        (Some(owner), None) => Cell::unknown(owner),
        (None, None) => return Ok(Cell::HIDDEN),
        (None, Some(_)) => {
            return Err(format!(
                "'x{code_char}': a piece of unknown colour must have unknown identity (x?)"
            ));
        }
    };
    // `x?` is face down by nature; a dark `r?`/`u?` is a face-down piece of known colour.
    let face_down = face_down || (mode == Mode::Dark && unknown);
    Ok(if face_down { cell.face_down() } else { cell })
}

fn parse_turn(
    mode: Mode,
    in_play: SeatSet,
    (offset, field): (usize, &str),
) -> Result<Turn, NotationError> {
    match field {
        "-" => Ok(Turn::Over),
        "*" => Ok(Turn::Deploying),
        name => mode
            .seat_names()
            .iter()
            .position(|&n| n == name)
            .map(Seat::new)
            .filter(|&seat| in_play.contains(seat))
            .map(Turn::Seat)
            .ok_or_else(|| {
                NotationError::new(
                    "to-move",
                    offset,
                    format!("'{name}' is not a seat in play, '-' (game over) or '*' (deploying)"),
                )
            }),
    }
}

fn parse_f5(
    position: &mut Position,
    in_play: SeatSet,
    (offset, field): (usize, &str),
) -> Result<(), NotationError> {
    if position.mode == Mode::Dark {
        position.south_colour = match field {
            "-" => None,
            "s=r" => Some(RED),
            "s=u" => Some(BLUE),
            _ => {
                return Err(NotationError::new(
                    "f5",
                    offset,
                    format!("'{field}' is not a colour assignment; expected -, s=r or s=u"),
                ));
            }
        };
        return Ok(());
    }
    if field == "-" {
        return Ok(());
    }
    let names = position.mode.seat_names();
    let mut last = None;
    for (at, ch) in field.char_indices() {
        let index = names
            .iter()
            .position(|name| name.starts_with(ch))
            .filter(|&i| in_play.contains(Seat::new(i)));
        let Some(index) = index else {
            return Err(NotationError::new(
                "f5",
                offset + at,
                format!("'{ch}' is not a seat in play"),
            ));
        };
        if last.is_some_and(|previous| previous >= index) {
            return Err(NotationError::new(
                "f5",
                offset + at,
                format!(
                    "seats must be listed once each, in the order {}",
                    names.join(" ")
                ),
            ));
        }
        last = Some(index);
        position.flags_public.insert(Seat::new(index));
    }
    Ok(())
}

fn parse_counter(field: &'static str, (offset, text): (usize, &str)) -> Result<u32, NotationError> {
    if !text.bytes().all(|b| b.is_ascii_digit()) || (text.len() > 1 && text.starts_with('0')) {
        return Err(NotationError::new(
            field,
            offset,
            format!("'{text}' is not a decimal number"),
        ));
    }
    text.parse()
        .map_err(|_| NotationError::new(field, offset, format!("'{text}' is too large")))
}

/// Checks that a parsed position can be played from (CL-6): no hidden identities, piece
/// counts within §2.1, flags on headquarters, defeated seats off the board, a seat to move
/// that is active and can act, counters in range. `options` must be those of the position.
///
/// # Errors
/// The first inconsistency found, as one sentence.
pub fn check_full(position: &Position, options: &JunqiOptions) -> Result<(), NotationError> {
    let fault = |message: String| Err(NotationError::new("position", 0, message));
    let board = position.board();
    let mut counts = [[0u8; 13]; 4];
    for post in board.posts() {
        let cell = position.cell(post);
        if cell.is_empty() {
            continue;
        }
        let name = board.name(post);
        let (Some(owner), Some(kind)) = (cell.owner(), cell.kind()) else {
            return fault(format!(
                "the piece on {name} is hidden ('?'); a full position names every piece"
            ));
        };
        counts[usize::from(owner)][kind as usize] += 1;
        if position.mode == Mode::Dark {
            if board.is_camp(post) && cell.is_face_down() {
                return fault(format!("a face-down piece stands on the camp {name}"));
            }
            continue;
        }
        let seat = Seat::new(usize::from(owner));
        if position.status(seat).is_none() {
            return fault(format!(
                "a piece on {name} belongs to {}, who is not in play",
                position.seat_name(seat)
            ));
        }
        if position.status(seat) != Some(Status::Active) {
            return fault(format!(
                "{} is out of the game but still has a piece on {name}",
                position.seat_name(seat)
            ));
        }
        if kind == Kind::Flag && !board.is_headquarters(post) {
            return fault(format!(
                "a flag stands on {name}, which is not a headquarters"
            ));
        }
    }
    for (owner, owner_counts) in counts.iter().enumerate() {
        for kind in Kind::ALL {
            if owner_counts[kind as usize] > kind.count() {
                let who = if position.mode == Mode::Dark {
                    if owner as u8 == RED { "red" } else { "blue" }
                } else {
                    position.mode.seat_names()[owner]
                };
                return fault(format!(
                    "{who} has {} of {kind}, more than the {} a player has",
                    owner_counts[kind as usize],
                    kind.count()
                ));
            }
        }
    }
    // CL-6: refused whether or not the game is over (the fifth timeout defeats, EL-3).
    for (seat, state) in position.seats.iter() {
        if let Some(state) = state {
            if state.status == Status::Active && state.timeouts >= 5 {
                return fault(format!(
                    "{} is active with 5 timeouts",
                    position.seat_name(seat)
                ));
            }
        }
    }
    match position.turn {
        Turn::Over => Ok(()),
        Turn::Deploying => check_deploying(position),
        Turn::Seat(seat) => {
            if position.status(seat) != Some(Status::Active) {
                return fault(format!(
                    "{} is to move but is not active",
                    position.seat_name(seat)
                ));
            }
            if position.no_attack >= NO_ATTACK_LIMIT {
                return fault(format!(
                    "Q is {}, but the game ends when it reaches {NO_ATTACK_LIMIT}",
                    position.no_attack
                ));
            }
            let game = Junqi::from_position(*options, *position, 0);
            if !game.has_legal_action(seat) {
                return fault(format!(
                    "{} is to move but has no legal move",
                    position.seat_name(seat)
                ));
            }
            Ok(())
        }
    }
}

fn check_deploying(position: &Position) -> Result<(), NotationError> {
    let board = position.board();
    for seat in position.seats_in_play().iter() {
        let area = board.area(seat.index() as u8);
        if area.iter().all(|&post| position.cell(post).is_empty()) {
            continue;
        }
        let deployment =
            Deployment::from_cells(std::array::from_fn(|i| position.cell(area[i]).kind()));
        if let Err(error) = deployment.validate() {
            return Err(NotationError::new(
                "placement",
                0,
                format!("{}'s deployment: {error}", position.seat_name(seat)),
            ));
        }
    }
    if position.moves != 0 || position.no_attack != 0 {
        return Err(NotationError::new(
            "M",
            0,
            "a position still deploying has no moves yet",
        ));
    }
    Ok(())
}

/// Reads an action in the notation of §8.2 (and a deployment string, §8.3).
///
/// # Errors
/// If the text is not an action, naming what is wrong.
pub fn parse_action(board: &Board, mode: Mode, text: &str) -> Result<Action, NotationError> {
    let field = || format!("move '{text}'");
    let platform = match text {
        "T" => Some(PlatformAction::Timeout),
        "draw?" => Some(PlatformAction::OfferDraw),
        "draw+" => Some(PlatformAction::AcceptDraw),
        "draw-" => Some(PlatformAction::RefuseDraw),
        "resign" => Some(PlatformAction::Resign),
        "escape" => Some(PlatformAction::Escape),
        _ => None,
    };
    if let Some(platform) = platform {
        return Ok(Action::Platform(platform));
    }
    if text.contains('/') {
        return Deployment::parse(text)
            .map(Action::Deploy)
            .map_err(|error| NotationError {
                field: field(),
                ..error
            });
    }
    let post = |name: &str, at: usize| {
        board.post(name).ok_or_else(|| {
            NotationError::new(
                field(),
                at,
                format!("'{name}' is not a post of the {} board", mode.shape_name()),
            )
        })
    };
    if let Some(rest) = text.strip_prefix('*') {
        let name = rest.split_once('=').map_or(rest, |(name, _)| name);
        return Ok(Action::Flip(post(name, 1)?));
    }
    let body = match text.split_once('=') {
        Some((body, result)) => {
            if result.len() != 1
                || Battle::from_letter(result.chars().next().unwrap_or(' ')).is_none()
            {
                return Err(NotationError::new(
                    field(),
                    body.len() + 1,
                    format!("'{result}' is not a battle result; expected A, D or X"),
                ));
            }
            body
        }
        None => text,
    };
    let Some(at) = body.find(['-', 'x']).filter(|&at| at > 0) else {
        return Err(NotationError::new(
            field(),
            0,
            format!(
                "'{text}' is not a move: expected <from>-<to> or <from>x<to> (such as c5-c4), *<post>, T, draw?, draw+, draw-, resign or escape"
            ),
        ));
    };
    let from = post(&body[..at], 0)?;
    let to = post(&body[at + 1..], at + 1)?;
    Ok(Action::Move { from, to })
}

/// Writes an action about to be played from `position`.
#[must_use]
pub fn action_text(position: &Position, action: &Action) -> String {
    let board = position.board();
    match action {
        Action::Move { from, to } => {
            let separator = if position.cell(*to).is_piece() {
                'x'
            } else {
                '-'
            };
            format!("{}{separator}{}", board.name(*from), board.name(*to))
        }
        Action::Flip(post) => format!("*{}", board.name(*post)),
        Action::Deploy(deployment) => deployment.to_string(),
        Action::Platform(platform) => platform_text(*platform).to_string(),
    }
}

/// The record notation of a platform action.
#[must_use]
pub const fn platform_text(action: PlatformAction) -> &'static str {
    match action {
        PlatformAction::Timeout => "T",
        PlatformAction::OfferDraw => "draw?",
        PlatformAction::AcceptDraw => "draw+",
        PlatformAction::RefuseDraw => "draw-",
        PlatformAction::Resign => "resign",
        PlatformAction::Escape => "escape",
    }
}

/// Writes an action as a record writes it, from the position before it and its events.
#[must_use]
pub fn record_text(position: &Position, action: &Action, events: &[Event]) -> String {
    let mut text = action_text(position, action);
    for event in events {
        match event {
            Event::Moved {
                battle: Some(battle),
                ..
            } => {
                let _ = write!(text, "={}", battle.letter());
            }
            Event::Flipped { cell, .. } => {
                text.push('=');
                write_token(position.mode, *cell, &mut text);
            }
            _ => {}
        }
    }
    text
}
