//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/shengke.digests` and checked by the core testkit's data reader. Any drift in
//! the rules, the setup shuffles, the dice or the RNG changes some of these positions.
//!
//! The playout is the testkit's (`data::playout`): the one `zhanqi bench` runs, except that it
//! sorts the listed actions by their text first, so that a generator that lists the same
//! actions in another order reaches the same positions.

use zhanqi_core::testkit::data;
use zhanqi_shengke::Shengke;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shengke.digests");

#[test]
fn playout_digests_match_the_data() {
    data::check_digest_file::<Shengke>(DATA);
}

/// Prints the data file with the position each playout reaches now.
#[test]
#[ignore = "prints tests/data/shengke.digests with the positions of today; run it to regenerate the file"]
fn regenerate_digests() {
    print!("{}", data::regenerated_digest_file::<Shengke>(DATA));
}
