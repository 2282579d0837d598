//! Helpers shared by the shengke tests: positions written from parts, actions played by their
//! text, and an engine session.

#![allow(dead_code)]

use serde_json::Value;
use zhanqi_core::{Game, GameNotation, Seat, ToAct, Viewer};
use zhanqi_protocol::{Engine, Registry};
use zhanqi_shengke::Shengke;
use zhanqi_shengke::notation::{TurnRecord, TurnRecorder};

/// Empty piles, as a piles value.
pub const NO_PILES: &str = "M:- H:- T:- J:- S:-";

/// The field line of a field holding these `(cell, field card)` pairs.
pub fn field_line(cards: &[(&str, &str)]) -> String {
    let mut rows = Vec::new();
    for row in (1..=5).rev() {
        let cells: Vec<String> = "abcde"
            .chars()
            .map(|column| {
                let cell = format!("{column}{row}");
                cards
                    .iter()
                    .find(|(at, _)| *at == cell)
                    .map_or(".".to_owned(), |(_, card)| (*card).to_owned())
            })
            .collect();
        rows.push(cells.join(","));
    }
    format!("field {}", rows.join("/"))
}

/// A state block from line 1, the field and each player's `[piles, hand, discard]` values.
pub fn block(line1: &str, field: &[(&str, &str)], p1: [&str; 3], p2: [&str; 3]) -> String {
    format!(
        "{line1}\n{}\np1 piles {}\np1 hand {}\np1 discard {}\np2 piles {}\np2 hand {}\np2 discard {}",
        field_line(field),
        p1[0],
        p1[1],
        p1[2],
        p2[0],
        p2[1],
        p2[2]
    )
}

/// The game at a position, standard options.
pub fn load(text: &str) -> Shengke {
    Shengke::load(text, None, 0).unwrap_or_else(|error| panic!("load refused: {error}\n{text}"))
}

/// The seat named `1` or `2`.
pub fn seat(name: &str) -> Seat {
    match name {
        "1" => Seat::new(0),
        "2" => Seat::new(1),
        other => panic!("no seat {other}"),
    }
}

/// Plays `text` for the seat to act (chance at a roll); answers the record.
pub fn play(game: &mut Shengke, text: &str) -> String {
    play_recorded(game, &mut TurnRecorder::default(), text).0
}

/// Plays `text` for the seat to act (or the dice), noting it in `recorder`: the action's
/// record (§14.4), and the turn record (§9.3) if the action ended the turn.
pub fn play_recorded(
    game: &mut Shengke,
    recorder: &mut TurnRecorder,
    text: &str,
) -> (String, Option<TurnRecord>) {
    let seat = match game.to_act() {
        ToAct::Seats(seats) => seats.lowest().expect("a seat acts"),
        _ => Seat::new(0),
    };
    let action = game
        .parse_action(seat, text)
        .unwrap_or_else(|error| panic!("'{text}' does not parse: {error}"));
    let before = game.clone();
    let events = game
        .apply(seat, &action)
        .unwrap_or_else(|error| panic!("'{text}' refused: {error}"));
    (
        before.record_text(&action, &events),
        recorder.push(before.turn(), &action, &events),
    )
}

/// The refusal of `text` for the seat to act, as a sentence.
pub fn refusal(game: &Shengke, text: &str) -> String {
    let seat = match game.to_act() {
        ToAct::Seats(seats) => seats.lowest().expect("a seat acts"),
        _ => Seat::new(0),
    };
    let action = game
        .parse_action(seat, text)
        .unwrap_or_else(|error| panic!("'{text}' does not parse: {error}"));
    let mut probe = game.clone();
    match probe.apply(seat, &action) {
        Ok(_) => panic!("'{text}' was accepted"),
        Err(error) => error.to_string(),
    }
}

/// The legal actions of the seat to act, as sorted texts.
pub fn legal(game: &Shengke) -> Vec<String> {
    let ToAct::Seats(seats) = game.to_act() else {
        return Vec::new();
    };
    let seat = seats.lowest().expect("a seat acts");
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    let mut texts: Vec<String> = actions.iter().map(|a| game.action_text(a)).collect();
    texts.sort();
    texts
}

/// The full position.
pub fn full(game: &Shengke) -> String {
    game.position(Viewer::Omniscient)
}

/// A line of the full position, by its first word(s): `field`, `p1 hand`…
pub fn line(game: &Shengke, prefix: &str) -> String {
    full(game)
        .lines()
        .find(|line| line.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line {prefix}"))
        .to_owned()
}

/// An engine session over the standard registry.
pub struct Session(Engine);

impl Session {
    /// A new session.
    pub fn new() -> Session {
        Session(Engine::new(Registry::standard()))
    }

    /// Sends one request (JSON text), answers the answer line.
    pub fn send(&mut self, request: &Value) -> String {
        self.0.answer(request.to_string().as_bytes()).line
    }

    /// Sends one request and parses the answer.
    pub fn ask(&mut self, request: &Value) -> Value {
        serde_json::from_str(&self.send(request)).expect("answers are JSON")
    }

    /// Loads a position, which must be accepted.
    pub fn load(&mut self, position: &str) -> Value {
        let answer =
            self.ask(&serde_json::json!({"op":"load","game":"shengke","position":position}));
        assert_eq!(answer["ok"], true, "load refused: {answer}\n{position}");
        answer
    }

    /// Plays a move, which must be accepted; answers (record, position).
    pub fn play(&mut self, seat: &str, text: &str) -> (String, String) {
        let answer = self.ask(&serde_json::json!({"op":"play","seat":seat,"move":text}));
        assert_eq!(answer["ok"], true, "play {seat} {text} refused: {answer}");
        (
            answer["record"].as_str().unwrap_or_default().to_owned(),
            answer["position"].as_str().unwrap_or_default().to_owned(),
        )
    }
}
