//! Replaying a QQ record through the engine (jgs-format.md §11), checking every move.

use zhanqi_core::{Game, GameNotation, Seat, Viewer};

use super::{Combat, DefeatReason, JgsGame, JgsRecord, JgsResult};
use crate::position::Turn;
use crate::{Cell, Compat, Deployment, Event, Junqi, JunqiOptions, Mode, Position, Status};

/// A QQ game replayed through the engine.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The options the game was replayed with (4p, QQ compatibility).
    pub options: JunqiOptions,
    /// The starting position, after the deployments.
    pub start: String,
    /// The players' names by seat letter.
    pub players: Vec<(char, String)>,
    /// Every action as a record line (`s: a6xa7=D`), as the engine recorded it.
    pub actions: Vec<String>,
    /// How many moves were replayed.
    pub moves: usize,
    /// The game at the end of the record.
    pub game: Junqi,
    /// What the record says of the end, checked against the engine.
    pub ending: Ending,
}

/// How a replayed record ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// Decided, and the engine agrees on the winners.
    Decided,
    /// Drawn: by the no-attack limit (the engine agrees), or by agreement (the engine was
    /// given the draw offer and its acceptance).
    Draw,
    /// Abandoned while both teams still played (result codes 6 and 7): no result.
    Abandoned,
}

/// Where a record and the engine disagree.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayError {
    /// A deployment breaks §3.
    #[error("seat {seat}'s deployment {deployment} is illegal: {why}")]
    Deployment {
        /// The seat.
        seat: char,
        /// The deployment string.
        deployment: String,
        /// Why.
        why: String,
    },
    /// A record the engine cannot follow.
    #[error("record {record} ({what}): {problem}")]
    Mismatch {
        /// The record's index in the file, from 0.
        record: usize,
        /// The record as a line.
        what: String,
        /// What went wrong.
        problem: String,
    },
}

/// The full position string of a game.
fn jfen(game: &Junqi) -> String {
    GameNotation::position(game, Viewer::Omniscient)
}

/// The letter of a seat.
fn letter(game: &Junqi, seat: Seat) -> char {
    game.seat_name(seat).chars().next().unwrap_or('?')
}

/// The 4p seat with this letter (the parser only produces seat letters of the 4p board).
fn seat_of(letter: char) -> Seat {
    let index = Mode::FourPlayer
        .seat_names()
        .iter()
        .position(|name| name.starts_with(letter));
    Seat::new(index.expect("the .jgs parser yields only s, e, n and w"))
}

/// The record, a two-player game whose players sit at `e` and `w` turned a quarter turn onto
/// `s` and `n`.
fn seated_south_north(record: &JgsGame) -> JgsGame {
    if record.is_two_player() && record.players.iter().any(|p| p.seat == 'e') {
        record.rotated_to_south_north()
    } else {
        record.clone()
    }
}

/// The options of the spec's game a record is played on: the four-player board, with two
/// players alone on it for a two-player record.
fn record_options(record: &JgsGame) -> JunqiOptions {
    JunqiOptions {
        two_players_on_4p: record.is_two_player(),
        ..JunqiOptions::of_mode(Mode::FourPlayer)
    }
}

/// The record's position before its first move: its deployments checked against §3, its
/// first mover to act.
fn start_position(record: &JgsGame) -> Result<Position, ReplayError> {
    let options = record_options(record);
    let mut position = Position::empty(Mode::FourPlayer, options.seats());
    for player in &record.players {
        let deployment = Deployment::parse(&player.deployment)
            .map_err(|error| error.to_string())
            .and_then(|deployment| deployment.validate().map_err(|error| error.to_string()))
            .map_err(|why| ReplayError::Deployment {
                seat: player.seat,
                deployment: player.deployment.clone(),
                why,
            })?;
        let seat = seat_of(player.seat);
        let area = position.board().area(seat.index() as u8);
        for (post, kind) in area.iter().zip(deployment.cells()) {
            position.cells[usize::from(*post)] =
                kind.map_or(Cell::EMPTY, |kind| Cell::piece(seat.index() as u8, kind));
        }
    }
    position.turn = Turn::Seat(seat_of(record.first_mover));
    Ok(position)
}

/// A new game from a record's deployments, to be played on under the rules of junqi.md (not
/// the QQ client's, which [`replay`] follows: there a seat with no legal move is not
/// defeated but keeps the turn, which ordinary play cannot give it), seeded with `seed`. The
/// record's first mover acts first; a two-player game at `e` and `w` is turned onto `s` and
/// `n`.
///
/// # Errors
/// If a deployment breaks §3.
pub fn starting_game(record: &JgsGame, seed: u64) -> Result<Junqi, ReplayError> {
    let record = seated_south_north(record);
    let position = start_position(&record)?;
    Ok(Junqi::from_position(
        record_options(&record),
        position,
        seed,
    ))
}

/// Replays a QQ game: deployments checked against §3, every move applied with the checked
/// path (so it must be legal), every combat result and flag reveal compared with the record,
/// and the end compared with the record's result. A two-player game whose players sit at `e`
/// and `w` is first turned a quarter turn onto `s` and `n`.
///
/// # Errors
/// The first place where the record and the engine disagree.
pub fn replay(record: &JgsGame) -> Result<Replay, ReplayError> {
    replay_observed(record, |_| {})
}

/// [`replay`], showing `before_move` the game before every recorded move (to learn from or
/// measure on real positions).
///
/// # Errors
/// The first place where the record and the engine disagree; `before_move` has then seen the
/// positions up to there.
pub fn replay_observed(
    record: &JgsGame,
    mut before_move: impl FnMut(&Junqi),
) -> Result<Replay, ReplayError> {
    let record = seated_south_north(record);
    let options = JunqiOptions {
        compat: Compat::Qq,
        ..record_options(&record)
    };
    let position = start_position(&record)?;
    let game = Junqi::from_position(options, position, 0);
    let mut replay = Replay {
        options,
        start: jfen(&game),
        players: record
            .players
            .iter()
            .map(|p| (p.seat, p.name.clone()))
            .collect(),
        actions: Vec::new(),
        moves: 0,
        game,
        ending: Ending::Abandoned,
    };
    for (index, item) in record.records.iter().enumerate() {
        let mismatch = |problem: String| ReplayError::Mismatch {
            record: index,
            what: item.record_line().unwrap_or_else(|| format!("{item:?}")),
            problem,
        };
        match item {
            JgsRecord::Move {
                mover,
                from,
                to,
                outcome,
                attacker_flag_revealed,
                defender_flag_revealed,
                ..
            } => {
                before_move(&replay.game);
                let text = format!("{from}-{to}");
                let events = replay.play(*mover, &text).map_err(mismatch)?;
                replay.moves += 1;
                check_move(
                    &replay.game,
                    *mover,
                    *outcome,
                    attacker_flag_revealed,
                    defender_flag_revealed,
                    &events,
                )
                .map_err(mismatch)?;
            }
            JgsRecord::Timeout { seat, .. } => {
                replay.play(*seat, "T").map_err(mismatch)?;
            }
            JgsRecord::Defeat { seat, reason, .. } => match reason {
                DefeatReason::Timeouts => {
                    replay.play(*seat, "T").map_err(mismatch)?;
                    replay.expect_out(*seat).map_err(mismatch)?;
                }
                DefeatReason::Surrender => {
                    replay.play(*seat, "resign").map_err(mismatch)?;
                }
                DefeatReason::Escape => {
                    replay.play(*seat, "escape").map_err(mismatch)?;
                }
                DefeatReason::FlagLost | DefeatReason::NoMoves | DefeatReason::Other(_) => {
                    replay.expect_out(*seat).map_err(mismatch)?;
                }
            },
            JgsRecord::LeftTable { seat, .. } => replay.expect_out(*seat).map_err(mismatch)?,
            JgsRecord::GameOver { .. } => {
                replay.ending = replay.finish(&record).map_err(mismatch)?;
            }
        }
    }
    Ok(replay)
}

impl Replay {
    /// Applies one action for a seat with the checked path, keeping its record line.
    fn play(&mut self, seat_letter: char, text: &str) -> Result<Vec<Event>, String> {
        let seat = seat_of(seat_letter);
        let action = self
            .game
            .parse_action(seat, text)
            .map_err(|error| error.to_string())?;
        let before = self.game.clone();
        let events = self.game.apply(seat, &action).map_err(|error| {
            format!(
                "the engine refuses it: {error} (position {})",
                jfen(&before)
            )
        })?;
        self.actions.push(format!(
            "{seat_letter}: {}",
            before.record_text(&action, &events)
        ));
        Ok(events)
    }

    fn expect_out(&self, seat_letter: char) -> Result<(), String> {
        match self.game.position.status(seat_of(seat_letter)) {
            Some(Status::Active) => Err(format!(
                "the record has {seat_letter} out of the game, but the engine still has it playing (position {})",
                jfen(&self.game)
            )),
            _ => Ok(()),
        }
    }

    /// Compares the record's result with the engine's, completing an agreed draw.
    fn finish(&mut self, record: &JgsGame) -> Result<Ending, String> {
        match record.result {
            JgsResult::Decided => {
                let outcome = self
                    .game
                    .outcome()
                    .ok_or("the record ends the game, but the engine plays on")?;
                let mut expected: Vec<char> = record
                    .winning_seats()
                    .into_iter()
                    .filter(|&seat| {
                        self.game.position.status(seat_of(seat)) != Some(Status::Escaped)
                    })
                    .collect();
                expected.sort_unstable();
                let mut winners: Vec<char> = outcome
                    .winners
                    .iter()
                    .map(|seat| letter(&self.game, seat))
                    .collect();
                winners.sort_unstable();
                if winners != expected {
                    return Err(format!(
                        "the record's winners are {expected:?}, the engine's {winners:?}"
                    ));
                }
                Ok(Ending::Decided)
            }
            JgsResult::Draw => {
                if self.game.outcome().is_none() {
                    // A draw by agreement: the seat to act offers, every other active seat accepts.
                    let Turn::Seat(offerer) = self.game.position.turn else {
                        return Err("the record is drawn, but nobody is to act".into());
                    };
                    let offerer = letter(&self.game, offerer);
                    self.play(offerer, "draw?")?;
                    let others: Vec<char> = self
                        .game
                        .position
                        .active()
                        .iter()
                        .map(|seat| letter(&self.game, seat))
                        .filter(|&seat| seat != offerer)
                        .collect();
                    for seat in others {
                        self.play(seat, "draw+")?;
                    }
                }
                match self.game.outcome() {
                    Some(outcome) if outcome.is_draw() => Ok(Ending::Draw),
                    _ => Err("the record is drawn, but the engine's game is not".into()),
                }
            }
            JgsResult::Unknown(_) => Ok(Ending::Abandoned),
        }
    }
}

/// Checks a move's combat result and flag reveals against the record.
fn check_move(
    game: &Junqi,
    mover: char,
    outcome: Option<Combat>,
    attacker_flag: &Option<String>,
    defender_flag: &Option<String>,
    events: &[Event],
) -> Result<(), String> {
    let battle = events.iter().find_map(|event| match event {
        Event::Moved { battle, .. } => Some(*battle),
        _ => None,
    });
    let engine = battle.flatten().map(|battle| battle.letter());
    let recorded = outcome.map(Combat::letter);
    if engine != recorded {
        return Err(format!(
            "the record's combat result is {recorded:?}, the engine's {engine:?}"
        ));
    }
    let board = game.board();
    let revealed: Vec<(char, String)> = events
        .iter()
        .filter_map(|event| match event {
            Event::FlagRevealed { seat, post } => Some((
                letter(game, *seat),
                post.map(|post| board.name(post).to_string())
                    .unwrap_or_default(),
            )),
            _ => None,
        })
        .collect();
    let attacker_revealed = revealed
        .iter()
        .find(|(seat, _)| *seat == mover)
        .map(|(_, post)| post.clone());
    let defender_revealed = revealed
        .iter()
        .find(|(seat, _)| *seat != mover)
        .map(|(_, post)| post.clone());
    // The engine reveals a flag once; QQ repeats the reveal when a second commander falls, so
    // only reveals the engine makes now are compared, and each must be in the record.
    if let Some(post) = attacker_revealed {
        if attacker_flag.as_deref() != Some(post.as_str()) {
            return Err(format!(
                "the engine reveals the mover's flag on {post}, the record {attacker_flag:?}"
            ));
        }
    }
    if let Some(post) = defender_revealed {
        if defender_flag.as_deref() != Some(post.as_str()) {
            return Err(format!(
                "the engine reveals the defender's flag on {post}, the record {defender_flag:?}"
            ));
        }
    }
    Ok(())
}
