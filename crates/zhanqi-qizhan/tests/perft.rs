//! Perft: the number of action sequences of each length from the cases of
//! `tests/data/qizhan.perft` (§12.10 `perft`), checked by the core testkit's data reader:
//! actions listed by `legal_actions` for the seat to act and, at a random discard, each chance
//! outcome once, each applied with `apply_unchecked` to a clone; a sequence that reaches game
//! over before its length is not counted, and concessions are not actions here.

use zhanqi_core::testkit::data::{self, perft_cases};
use zhanqi_core::{Game, GameNotation, ToAct};
use zhanqi_qizhan::Qizhan;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/qizhan.perft");

#[test]
fn perft_counts_match_the_data() {
    data::check_perft_file::<Qizhan>(DATA);
}

/// Every action listed at the start of every case applies with the checked path too.
#[test]
fn listed_actions_are_legal_for_the_checked_path() {
    for case in perft_cases::<Qizhan>(DATA) {
        let game = &case.game;
        if let ToAct::Seats(seats) = game.to_act() {
            let seat = seats.lowest().expect("a seat");
            let mut moves = Vec::new();
            game.legal_actions(seat, &mut moves);
            for action in moves {
                let mut checked = game.clone();
                checked.apply(seat, &action).unwrap_or_else(|e| {
                    panic!(
                        "{}: '{}' refused: {e}",
                        case.name,
                        game.action_text(&action)
                    )
                });
            }
        }
    }
}

/// Prints the data file with every count as the engine gives it now, to fill in a new case.
#[test]
#[ignore = "prints tests/data/qizhan.perft with the counts of today"]
fn regenerate_perft_counts() {
    print!("{}", data::regenerated_perft_file::<Qizhan>(DATA));
}
