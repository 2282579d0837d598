//! Helpers shared by the tests: loading positions, listing and playing actions by their text.

#![allow(dead_code)]

use zhanqi_core::{Game, GameNotation, Seat, Viewer};
use zhanqi_siguo::{Action, Siguo};

/// The seat with the spec's number 1–4.
pub fn seat(number: usize) -> Seat {
    Seat::new(number - 1)
}

/// Loads a position string or piece list under the default options.
pub fn load(text: &str) -> Siguo {
    <Siguo as GameNotation>::load(text, None, 0).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// The load error for a text that must be refused.
pub fn refused(text: &str) -> String {
    match <Siguo as GameNotation>::load(text, None, 0) {
        Ok(_) => panic!("load accepted {text}"),
        Err(error) => error.to_string(),
    }
}

/// A piece list with the seat to move and the rights field replaced.
pub fn load_at(pieces: &str, to_move: usize, rights: &str) -> Siguo {
    let position = load(pieces).position(Viewer::Omniscient);
    let mut fields: Vec<String> = position.split(' ').map(str::to_owned).collect();
    fields[1] = to_move.to_string();
    fields[3] = rights.to_owned();
    load(&fields.join(" "))
}

/// The full position string.
pub fn fen(game: &Siguo) -> String {
    game.position(Viewer::Omniscient)
}

/// A field (1–6) of the full position string.
pub fn field(game: &Siguo, index: usize) -> String {
    fen(game).split(' ').nth(index - 1).unwrap_or("").to_owned()
}

/// The seat to act now.
pub fn to_move(game: &Siguo) -> Seat {
    match game.to_act() {
        zhanqi_core::ToAct::Seats(seats) if seats.len() == 1 => seats.lowest().unwrap(),
        other => panic!("no single seat to act: {other:?}"),
    }
}

/// The legal actions of `seat`, as sorted texts.
pub fn legal_of(game: &Siguo, seat: Seat) -> Vec<String> {
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    let mut texts: Vec<String> = actions.iter().map(|a| game.action_text(a)).collect();
    texts.sort();
    texts
}

/// The legal actions of the seat to move, as sorted texts.
pub fn legal(game: &Siguo) -> Vec<String> {
    legal_of(game, to_move(game))
}

/// The moves and captures of the piece on `from`, as sorted texts.
pub fn moves_of(game: &Siguo, from: &str) -> Vec<String> {
    let prefix_move = format!("{from}-");
    let prefix_capture = format!("{from}x");
    legal(game)
        .into_iter()
        .filter(|text| text.starts_with(&prefix_move) || text.starts_with(&prefix_capture))
        .collect()
}

/// The destinations of the piece on `from` (moves and captures), sorted by name.
pub fn destinations(game: &Siguo, from: &str) -> Vec<String> {
    let mut points: Vec<String> = moves_of(game, from)
        .into_iter()
        .map(|text| text[from.len() + 1..].to_owned())
        .collect();
    points.sort();
    points
}

/// Reads an action of the seat to move.
pub fn action(game: &Siguo, text: &str) -> Action {
    game.parse_action(to_move(game), text)
        .unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// Plays an action of the seat to move, which must be legal.
pub fn play(game: &mut Siguo, text: &str) {
    let seat = to_move(game);
    let parsed = action(game, text);
    game.apply(seat, &parsed)
        .unwrap_or_else(|error| panic!("{text} for seat {}: {error}", seat.index() + 1));
}

/// Plays an action of the seat to move, which must be refused; returns the reason.
pub fn refuse(game: &mut Siguo, text: &str) -> String {
    let seat = to_move(game);
    let parsed = action(game, text);
    let before = fen(game);
    match game.apply(seat, &parsed) {
        Ok(_) => panic!("{text} was accepted"),
        Err(error) => {
            assert_eq!(before, fen(game), "a refusal changed the state");
            error.to_string()
        }
    }
}

/// The §12.1 demo deployment strings of seats 1–4.
pub const DEMO: [&str; 4] = [
    "Ga1 Rd1 Ca4 Sa5 Sa6 Sb5 Sb6 Sc5 Sc6 Sd5 Sd6 Se1 Se2 Se3 Se4 Se5 Se6 Sf1 Sf2 Sf3 Sf4 Sf5 Sf6",
    "Gr1 Ro1 Cr4 Sm1 Sm2 Sm3 Sm4 Sm5 Sm6 Sn1 Sn2 Sn3 Sn4 Sn5 Sn6 So5 So6 Sp5 Sp6 Sq5 Sq6 Sr5 Sr6",
    "Gr18 Ro18 Cr15 Sm13 Sm14 Sm15 Sm16 Sm17 Sm18 Sn13 Sn14 Sn15 Sn16 Sn17 Sn18 So13 So14 Sp13 Sp14 Sq13 Sq14 Sr13 Sr14",
    "Ga18 Rd18 Ca15 Sa13 Sa14 Sb13 Sb14 Sc13 Sc14 Sd13 Sd14 Se13 Se14 Se15 Se16 Se17 Se18 Sf13 Sf14 Sf15 Sf16 Sf17 Sf18",
];

/// The §12.1 start position.
pub const START: &str = "G42R4S4S46S3S3R32G3/4S4S46S3S34/4S4S46S3S34/C43S4S46S3S33C3/S4S4S4S4S4S46S3S3S3S3S3S3/S4S4S4S4S4S46S3S3S3S3S3S3/18/18/18/18/18/18/S1S1S1S1S1S16S2S2S2S2S2S2/S1S1S1S1S1S16S2S2S2S2S2S2/C13S1S16S2S23C2/4S1S16S2S24/4S1S16S2S24/G12R1S1S16S2S2R22G2 1 4/2,4/2,4/2,4/2 - 0 0";

/// The empty board before anyone deploys.
pub const EMPTY: &str =
    "18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18 d1234 4/2,4/2,4/2,4/2 - 0 0";
