//! The parsers never panic, and whatever they accept they write back canonically: valid
//! positions, actions and records mutated at random (bytes replaced, inserted, deleted,
//! multi-byte characters included), thousands of times.

use crate::common;

use common::*;
use zhanqi_core::{GameNotation, GameRng, Viewer};
use zhanqi_siguo::notation::{action_text, parse_action};
use zhanqi_siguo::{GameRecord, Siguo, SiguoOptions};

const PIECES: [&str; 12] = ["G", "R", "C", "S", "1", "4", "0", "/", " ", ",", "-", "é"];
const EXTRA: [&str; 10] = ["@", ":", ">", "x", "+", "d", "9", "18", "a", "中"];

/// `text` with one to three random edits.
fn mutate(text: &str, rng: &mut GameRng) -> String {
    let mut chars: Vec<String> = text.chars().map(String::from).collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let piece = if rng.coin() {
            PIECES[rng.below(PIECES.len())]
        } else {
            EXTRA[rng.below(EXTRA.len())]
        };
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = piece.to_owned(),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.insert(at, piece.to_owned()),
        }
    }
    chars.concat()
}

#[test]
fn mutated_positions_are_refused_or_read_canonically() {
    let mut rng = GameRng::from_seed(11);
    let seeds = [
        START.to_owned(),
        EMPTY.to_owned(),
        "18/G416G3/18/18/18/18/18/18/18/18/18/18/12S25/1S1S1S1S15S1R16/10S27/9S28/10S2C46/G19S35G21 1 4/2,4/2,4/2,4/2 1@l5:1 4 4".to_owned(),
        "1:Ga1,Rl5,Sa5 2:Gr1,Sk4 3:Gr18 4:Ga18".to_owned(),
    ];
    let mut accepted = 0;
    for round in 0..4000 {
        let text = mutate(&seeds[round % seeds.len()], &mut rng);
        if let Ok(game) = <Siguo as GameNotation>::load(&text, None, 0) {
            accepted += 1;
            let canonical = game.position(Viewer::Omniscient);
            let again = <Siguo as GameNotation>::load(&canonical, None, 0)
                .unwrap_or_else(|error| panic!("{text} -> {canonical}: {error}"));
            assert_eq!(again.position(Viewer::Omniscient), canonical);
        }
    }
    assert!(accepted > 0);
}

#[test]
fn mutated_actions_are_refused_or_read_canonically() {
    let mut rng = GameRng::from_seed(12);
    let seeds = [
        "f6-h6",
        "k6xj6",
        "redeploy l5 a5>k5",
        "b5>m5",
        "exchange g14 l5 + redeploy l5 a5>k5",
        "exchange g14 l5 + bomb l5",
        "bomb e12",
        DEMO[0],
        DEMO[2],
    ];
    for round in 0..6000 {
        let text = mutate(seeds[round % seeds.len()], &mut rng);
        if let Ok(action) = parse_action(&text) {
            let written = action_text(&action);
            assert_eq!(
                parse_action(&written).unwrap(),
                action,
                "{text} -> {written}"
            );
        }
    }
}

#[test]
fn mutated_records_never_panic() {
    let mut rng = GameRng::from_seed(13);
    let record =
        "1. 1 l8-l5\n2. 2 r1-q1\n3. 3 r18-r17\n4. 4 a18-a17\n5. 1 redeploy l5 a5>k5 b5>m5 stop";
    let start = load("1:Ga1,Rl8,Sa5,Sb5,Sc5,Sd5,Se5 2:Gr1,Sk4,Sm6,Sk2,Sj3 3:Gr18,Sk1 4:Ga18,Cl2");
    for _ in 0..2000 {
        let text = mutate(record, &mut rng);
        let _ = GameRecord::replay(&text, start.clone());
        let _ = GameRecord::replay(&text, Siguo::start(SiguoOptions::default()));
    }
}
