//! Perft counts recorded in `tests/data/siguo.perft`, checked by the core testkit's data
//! reader: any change in move generation, bases, redeployment, bombs, exchanges or the end of
//! the game changes some of them. The game's own perft (§15.5) must count alike.

use zhanqi_core::testkit::data::{self, perft_cases};
use zhanqi_siguo::Siguo;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/siguo.perft");

#[test]
fn perft_counts_match_the_data() {
    data::check_perft_file::<Siguo>(DATA);
}

#[test]
fn the_games_own_perft_counts_alike() {
    for case in perft_cases::<Siguo>(DATA) {
        for (depth, expected) in case.counts {
            assert_eq!(
                case.game.perft(depth),
                Some(expected),
                "{} at depth {depth}",
                case.name
            );
        }
    }
}

#[test]
fn perft_is_refused_during_the_deployment() {
    let game = Siguo::start(zhanqi_siguo::SiguoOptions::default());
    assert_eq!(game.perft(1), None);
}

/// Prints the data file with every count as the engine gives it now, to fill in a new case.
#[test]
#[ignore = "prints tests/data/siguo.perft with the counts of today"]
fn regenerate_perft_counts() {
    print!("{}", data::regenerated_perft_file::<Siguo>(DATA));
}
