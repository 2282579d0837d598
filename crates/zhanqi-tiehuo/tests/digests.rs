//! Playout digests, recorded in `tests/data/tiehuo.digests` and checked by the core testkit's
//! data reader: the FNV-1a hash of the omniscient position a seeded random playout reaches.
//! Any drift in the rules, the notation, the random deployment or the RNG changes some of them.
//!
//! The playout is the testkit's (`data::playout`): `Game::new(options, seed)`, chance nodes
//! drawn with the game's own `roll` (not counted as plies), and each seat action picked with
//! `GameRng::stream(seed, 2)`: a random deployment at the deployment, else uniformly among the
//! listed actions sorted by their text.

use zhanqi_core::testkit::data;
use zhanqi_tiehuo::Tiehuo;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiehuo.digests");

#[test]
fn playout_digests_match_the_data() {
    data::check_digest_file::<Tiehuo>(DATA);
}

/// Prints the data file with the digest each playout reaches now.
#[test]
#[ignore = "prints tests/data/tiehuo.digests with the digests of today; run it to regenerate the file"]
fn regenerate_digests() {
    print!("{}", data::regenerated_digest_file::<Tiehuo>(DATA));
}
