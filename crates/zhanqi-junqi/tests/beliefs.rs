//! Beliefs (`src/belief.rs`): they stay within what the observer knows, and on held-out real
//! QQ records they put more probability on the true identities than the uniform deal does.

use zhanqi_core::{Game, GameRng, Seat, Viewer};
use zhanqi_junqi::{Dealing, Junqi, JunqiOptions, Kind, Mode, jgs};

use crate::jgs_replay::corpus;
use crate::knowledge::random_game;

/// Every belief of `observer` sums to 1 and gives a kind a probability exactly when the
/// observer's knowledge allows it. Returns how many pieces it checked.
fn assert_beliefs_within_knowledge(game: &Junqi, observer: Seat, dealing: Dealing) -> usize {
    let beliefs = game.beliefs(observer, dealing, 6, &mut GameRng::from_seed(7));
    let hidden = game.view(Viewer::Seat(observer)).possible.len();
    // Every hidden piece has a belief (a revealed flag, shown in the view, has one too).
    assert!(
        beliefs.len() >= hidden,
        "{} beliefs, {hidden} hidden",
        beliefs.len()
    );
    for belief in beliefs {
        let allowed = game.possible_kinds(Viewer::Seat(observer), belief.post);
        let total: f64 = belief.probabilities.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        for kind in Kind::ALL {
            let probability = belief.probability(kind);
            assert_eq!(
                probability > 0.0,
                allowed.contains(kind),
                "{dealing:?}: {kind} has {probability} on {}, where {allowed} is possible",
                game.board().name(belief.post)
            );
        }
    }
    hidden
}

#[test]
fn beliefs_never_give_a_ruled_out_kind_any_probability() {
    for (mode, seed) in [(Mode::TwoPlayer, 21), (Mode::FourPlayer, 22)] {
        for plies in [1, 40, 120] {
            let game = random_game(JunqiOptions::of_mode(mode), seed, plies);
            let mut checked = 0;
            for observer in game.position().active().iter() {
                for dealing in [Dealing::Uniform, Dealing::Prior, Dealing::Belief] {
                    checked += assert_beliefs_within_knowledge(&game, observer, dealing);
                }
            }
            assert!(
                checked > 0,
                "{mode:?} after {plies} plies: pick a game still going"
            );
        }
    }
}

/// The first held-out records (`shared/data/qq-jgs`, which the priors never saw), or `None`
/// when the corpus is absent (see [`corpus`]).
fn held_out_records(count: usize) -> Option<Vec<jgs::JgsGame>> {
    let records = corpus()?
        .iter()
        .take(count)
        .map(|path| {
            let bytes = std::fs::read(path).expect("a readable record");
            jgs::parse(&bytes).expect("a well-formed record")
        })
        .collect();
    Some(records)
}

/// Mean log-likelihood of the true identities and the share guessed right, over every hidden
/// piece of every active seat at every fifth move of `records`.
fn score(records: &[jgs::JgsGame], dealing: Dealing) -> (f64, f64) {
    let (mut pieces, mut log_likelihood, mut right) = (0usize, 0.0, 0usize);
    for record in records {
        let mut at = 0u64;
        jgs::replay_observed(record, |game| {
            at += 1;
            if at % 5 != 0 {
                return;
            }
            for observer in game.position().active().iter() {
                let mut rng = GameRng::from_seed(at);
                for belief in game.beliefs(observer, dealing, 8, &mut rng) {
                    let truth = game.position().cell(belief.post).kind().expect("known");
                    pieces += 1;
                    log_likelihood += belief.probability(truth).ln();
                    right += usize::from(belief.most_likely() == truth);
                }
            }
        })
        .expect("the record replays");
    }
    (log_likelihood / pieces as f64, right as f64 / pieces as f64)
}

#[test]
fn on_held_out_records_beliefs_beat_the_uniform_deal() {
    let Some(records) = held_out_records(4) else {
        return;
    };
    let (uniform, uniform_right) = score(&records, Dealing::Uniform);
    let (belief, belief_right) = score(&records, Dealing::Belief);
    assert!(
        belief > uniform + 0.1,
        "mean log-likelihood: beliefs {belief:.3}, uniform {uniform:.3}"
    );
    assert!(
        belief_right > uniform_right + 0.03,
        "top-1: beliefs {belief_right:.3}, uniform {uniform_right:.3}"
    );
}
