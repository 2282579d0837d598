//! The AI players (`zhanqi-ai`) over whole 生剋棋 games: the heuristic, scoring with the
//! shengke evaluator, beats random.

use zhanqi_ai::arena::duel;
use zhanqi_core::Game;
use zhanqi_shengke::{Shengke, ShengkeOptions};

fn new_game(seed: u64) -> Shengke {
    Shengke::new(&ShengkeOptions::default(), seed).unwrap()
}

#[test]
fn heuristic_beats_random() {
    // Seats alternate, so the first player's handicap favours neither side.
    let tally = duel(new_game, "heuristic", "random", 40, 2_000);
    eprintln!("{tally:?}");
    assert!(tally.first >= 30, "{tally:?}");
}
