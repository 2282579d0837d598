//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/siguo.digests` and checked by the core testkit's data reader. Any drift in the
//! rules, the random deployments or the RNG changes some of these positions.
//!
//! The playout is the testkit's (`data::playout`), with the four random deployments drawn from
//! stream 0 of the seed, as `Siguo::deployed(options, seed, none)` draws them (§15.5 `new`).

use zhanqi_core::testkit::data::{self, Playout};
use zhanqi_core::{BySeat, Game, GameNotation, ToAct, Viewer};
use zhanqi_siguo::{Siguo, SiguoOptions};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/siguo.digests");

/// The playout of the data: deployments drawn as `Siguo::deployed` draws them.
fn playout() -> Playout<Siguo> {
    Playout {
        unlisted_stream: 0,
        ..Playout::default()
    }
}

#[test]
fn playout_digests_match_the_data() {
    data::check_digest_file_with::<Siguo>(DATA, &playout());
}

#[test]
fn the_playouts_deploy_as_new_with_random_deployments() {
    let none = BySeat::from_fn(|_| None);
    for seed in 0..3 {
        let deployed = Siguo::deployed(SiguoOptions::default(), seed, &none).expect("deployments");
        let (game, _) =
            data::playout::<Siguo>(&SiguoOptions::default(), seed, 4, &playout()).expect("plies");
        assert_eq!(
            game.position(Viewer::Omniscient),
            deployed.position(Viewer::Omniscient),
            "seed {seed}"
        );
    }
}

#[test]
fn playouts_are_reproducible_and_end() {
    let play = |seed| {
        let (game, plies) =
            data::playout::<Siguo>(&SiguoOptions::default(), seed, u64::MAX, &playout())
                .expect("a playout");
        (game.position(Viewer::Omniscient), plies)
    };
    for seed in 0..3 {
        let (first, played) = play(seed);
        assert_eq!(play(seed).0, first);
        let game = <Siguo as GameNotation>::load(&first, None, 0).expect("the final position");
        assert_eq!(
            game.to_act(),
            ToAct::Over,
            "seed {seed} after {played} plies"
        );
    }
}

/// Prints the data file with the position each playout reaches now.
#[test]
#[ignore = "prints tests/data/siguo.digests with the positions of today; run it to regenerate the file"]
fn regenerate_digests() {
    print!(
        "{}",
        data::regenerated_digest_file_with::<Siguo>(DATA, &playout())
    );
}
