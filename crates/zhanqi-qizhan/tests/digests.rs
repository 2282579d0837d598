//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/qizhan.digests` and checked by the core testkit's data reader. Any drift in the
//! rules, the setup shuffles, the random discards or the RNG changes some of these positions.
//!
//! The playout is the testkit's (`data::playout`): `Game::new` with the options of the case
//! and the seed, random discards drawn with `roll` (not counted as plies), and each seat action
//! picked uniformly with `GameRng::stream(seed, 2)` from `legal_actions` sorted by their text,
//! applied with `apply_unchecked`.

use zhanqi_core::testkit::data;
use zhanqi_qizhan::Qizhan;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/qizhan.digests");

#[test]
fn playout_digests_match_the_data() {
    data::check_digest_file::<Qizhan>(DATA);
}

/// Prints the data file with the position each playout reaches now.
#[test]
#[ignore = "prints tests/data/qizhan.digests with the positions of today; run it to regenerate the file"]
fn regenerate_digests() {
    print!("{}", data::regenerated_digest_file::<Qizhan>(DATA));
}
