//! Helpers shared by the tests: loading positions, listing and playing actions by text.

#![allow(dead_code)]

use zhanqi_core::{Game, GameNotation, Seat, ToAct, Viewer};
use zhanqi_tiehuo::{Tiehuo, TiehuoOptions};

/// Loads a position with the standard options (line 1 decides fog and logistics).
pub fn load(text: &str) -> Tiehuo {
    <Tiehuo as GameNotation>::load(text.trim_matches('\n'), None, 7)
        .unwrap_or_else(|error| panic!("load failed: {error}\n{text}"))
}

/// Loads a position with options.
pub fn load_with(text: &str, options: &TiehuoOptions) -> Tiehuo {
    let extra = serde_json::to_value(options).expect("options serialize");
    <Tiehuo as GameNotation>::load(text.trim_matches('\n'), Some(&extra), 7)
        .unwrap_or_else(|error| panic!("load failed: {error}\n{text}"))
}

/// The `legal` answer: who acts and the sorted action texts (with weights at a chance node).
pub fn legal(game: &Tiehuo) -> (String, Vec<String>, Vec<u32>) {
    match game.to_act() {
        ToAct::Over => (String::new(), Vec::new(), Vec::new()),
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            let mut texts: Vec<(String, u32)> = outcomes
                .iter()
                .map(|(action, weight)| (game.action_text(action), *weight))
                .collect();
            texts.sort();
            (
                "chance".to_owned(),
                texts.iter().map(|(t, _)| t.clone()).collect(),
                texts.iter().map(|&(_, w)| w).collect(),
            )
        }
        ToAct::Seats(seats) => {
            let seat = seats.lowest().expect("a seat");
            let mut actions = Vec::new();
            game.legal_actions(seat, &mut actions);
            let mut texts: Vec<String> = actions.iter().map(|a| game.action_text(a)).collect();
            texts.sort();
            (game.seat_name(seat).to_owned(), texts, Vec::new())
        }
    }
}

/// Asserts the acting seat and its sorted actions.
pub fn assert_legal(game: &Tiehuo, seat: &str, moves: &[&str]) {
    let (acting, texts, _) = legal(game);
    assert_eq!(
        acting,
        seat,
        "who acts in\n{}",
        game.position(Viewer::Omniscient)
    );
    assert_eq!(
        texts,
        moves,
        "legal actions in\n{}",
        game.position(Viewer::Omniscient)
    );
}

/// Plays an action by text for seat `1`, `2` or `chance`.
pub fn play(game: &mut Tiehuo, seat: &str, text: &str) {
    let seat = match seat {
        "2" => Seat::new(1),
        _ => Seat::new(0),
    };
    let action = game
        .parse_action(seat, text)
        .unwrap_or_else(|error| panic!("cannot read '{text}': {error}"));
    game.apply(seat, &action).unwrap_or_else(|error| {
        panic!(
            "'{text}' refused: {error}\n{}",
            game.position(Viewer::Omniscient)
        )
    });
}

/// The line of the omniscient position that starts with `prefix ` (or is `prefix`).
pub fn line(game: &Tiehuo, prefix: &str) -> String {
    let position = game.position(Viewer::Omniscient);
    position
        .lines()
        .find(|line| line.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line '{prefix}' in\n{position}"))
        .to_owned()
}

/// Asserts that each given line is in the omniscient position.
pub fn assert_lines(game: &Tiehuo, lines: &[&str]) {
    let position = game.position(Viewer::Omniscient);
    for expected in lines {
        assert!(
            position.lines().any(|line| line == *expected),
            "line '{expected}' missing in\n{position}"
        );
    }
}
