//! Playout digests: the position a seeded random playout reaches, recorded in
//! `tests/data/junqi.digests` and checked by the core testkit's data reader. Any drift in the
//! rules, in move generation order or in the RNG changes some of these positions.
//!
//! The playout is the testkit's (`data::playout`): the one `zhanqi bench` runs, except that it
//! sorts the listed actions first (flips, then moves, by post index), so that a faster move
//! generator that lists the same actions in another order reaches the same positions.

use zhanqi_core::testkit::data::{self, ActionOrder, Playout};
use zhanqi_junqi::board::Post;
use zhanqi_junqi::{Action, Junqi};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/junqi.digests");

/// The playout of the data: listed actions drawn in [`order`].
fn playout() -> Playout<Junqi> {
    Playout {
        order: ActionOrder::By(|a, b| order(a).cmp(&order(b))),
        ..Playout::default()
    }
}

/// The order the playout draws from: flips, then moves, by post index.
fn order(action: &Action) -> (u8, Post, Post) {
    match action {
        Action::Flip(post) => (0, *post, 0),
        Action::Move { from, to } => (1, *from, *to),
        other => panic!("legal_actions listed {other:?}, which is neither a move nor a flip"),
    }
}

#[test]
fn playout_digests_match_the_data() {
    data::check_digest_file_with::<Junqi>(DATA, &playout());
}

/// Prints the data file with the position each playout reaches now. A line may end in
/// `position -` until then.
#[test]
#[ignore = "prints tests/data/junqi.digests with the positions of today; run it to regenerate the file"]
fn regenerate_digests() {
    print!(
        "{}",
        data::regenerated_digest_file_with::<Junqi>(DATA, &playout())
    );
}
