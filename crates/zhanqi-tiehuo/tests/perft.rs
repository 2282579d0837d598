//! Perft counts, recorded in `tests/data/tiehuo.perft` and checked by the core testkit's data
//! reader: the number of action sequences of a given length from a position, each chance
//! outcome counted once whatever its weight, `concede` not counted, sequences that reach game
//! over earlier not counted (§17.10).

use crate::common;

use zhanqi_core::testkit::data::{self, PerftError, perft};
use zhanqi_core::{Game, Seat};
use zhanqi_tiehuo::Tiehuo;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiehuo.perft");

#[test]
fn perft_counts_match_the_data() {
    data::check_perft_file::<Tiehuo>(DATA);
}

#[test]
fn perft_is_refused_at_a_deployment() {
    let mut game = <Tiehuo as Game>::new(&Default::default(), 0).expect("standard");
    for roll in ["1", "3+5", "6+6"] {
        common::play(&mut game, "chance", roll);
    }
    assert_eq!(perft(&game, 1), Err(PerftError { seat: Seat::new(0) }));
}

/// Prints the data file with every count as the engine gives it now, to fill in a new case.
#[test]
#[ignore = "prints tests/data/tiehuo.perft with the counts of today"]
fn regenerate_perft_counts() {
    print!("{}", data::regenerated_perft_file::<Tiehuo>(DATA));
}
