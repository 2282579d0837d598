//! The AI players (`zhanqi-ai`) over whole 棋戰卡牌 games: the heuristic player, scoring with
//! the qizhan evaluator, beats random play, and ISMCTS with it beats the heuristic.

use zhanqi_ai::arena::duel;
use zhanqi_core::Game;
use zhanqi_qizhan::{Qizhan, QizhanOptions};

fn new_game(seed: u64) -> Qizhan {
    Qizhan::new(&QizhanOptions::default(), seed).unwrap()
}

#[test]
fn heuristic_beats_random() {
    // Seats alternate, so side A's first move favours neither player.
    let tally = duel(new_game, "heuristic", "random", 40, 3_000);
    eprintln!("{tally:?}");
    assert!(tally.first >= 28, "{tally:?}");
}

#[test]
fn ismcts_beats_the_heuristic() {
    let tally = duel(new_game, "ismcts:iters=150", "heuristic", 16, 4_000);
    eprintln!("{tally:?}");
    assert!(tally.first > tally.second, "{tally:?}");
}
