//! Deployments learned from real layouts: whole layouts drawn from what real QQ players do.
//!
//! # The model
//!
//! The fitted tables (`data/deployment-priors.txt`, written by the `beliefs` example's `fit`
//! command from 7,936 real deployments) count, for each headquarters the flag stood on, how
//! often each kind stood on each post. A layout is drawn in two steps:
//!
//! 1. the flag's headquarters, as often as real players chose it;
//! 2. the other 24 pieces, with probability proportional to the product of their posts'
//!    *weights* among the legal layouts with the flag there: a kind's weight on a post is how
//!    often real players with the flag on that side put the kind there, smoothed, divided by
//!    the kind's share of a set (the deployment prior of `belief.rs`, conditioned on the
//!    flag's side). Conditioning on the flag is what keeps the mines beside it, the decoy
//!    headquarters and the bombs near the flag together; the weights alone place the strong
//!    pieces, engineers and the rest where real players put them.
//!
//! The draw places the mines, then the bombs, then the rest, each on a free legal post in
//! proportion to its weight, and then corrects what that order biased with Metropolis swaps:
//! two pieces exchange posts when both stay legal, accepted with the ratio of the weights after
//! and before (symmetric proposals that keep the counts, so the model's distribution is left
//! unchanged). Every layout is legal by construction and checked with
//! [`Deployment::validate`] all the same.

use std::sync::OnceLock;

use zhanqi_core::GameRng;

use crate::belief::{FLAG_HEADQUARTERS, PriorCounts, shipped_counts};
use crate::deployment::is_camp_index;
use crate::{Deployment, Kind};

/// Pseudo-deployments of the average layout added to every post's counts: every legal kind
/// keeps some weight everywhere, so that layouts vary beyond the records' habits.
const SMOOTHING: f64 = 4.0;

/// Metropolis sweeps after the ordered draw (each sweep proposes one swap per post).
const SWEEPS: usize = 30;

/// The learned model of whole layouts.
struct LayoutModel {
    /// The probability that the flag stands on the first headquarters (6.2).
    first_headquarters: f64,
    /// `[headquarters][local index][kind]`: a kind's weight on a post, given the flag's
    /// headquarters (see the [module](self) documentation).
    weights: [[[f64; 12]; 30]; 2],
}

impl LayoutModel {
    fn from_counts(counts: &PriorCounts) -> LayoutModel {
        let flag = kind_index(Kind::Flag);
        let on_first = f64::from(counts.placed_by_flag[0][FLAG_HEADQUARTERS[0]][flag]);
        let on_second = f64::from(counts.placed_by_flag[1][FLAG_HEADQUARTERS[1]][flag]);
        let mut weights = [[[1.0; 12]; 30]; 2];
        for (side, counts) in weights.iter_mut().zip(&counts.placed_by_flag) {
            for (post, counts) in side.iter_mut().zip(counts) {
                let deployments = f64::from(counts.iter().sum::<u32>());
                for kind in Kind::ALL {
                    let share = f64::from(kind.count()) / 25.0;
                    let seen = f64::from(counts[kind_index(kind)]);
                    post[kind_index(kind)] =
                        (seen + SMOOTHING * share) / (deployments + SMOOTHING) / share;
                }
            }
        }
        LayoutModel {
            first_headquarters: (on_first + 1.0) / (on_first + on_second + 2.0),
            weights,
        }
    }

    /// A layout drawn from the model: legal, with every piece placed.
    fn draw(&self, rng: &mut GameRng) -> [Option<Kind>; 30] {
        let side = usize::from(unit(rng) >= self.first_headquarters);
        let weights = &self.weights[side];
        let mut cells = [None; 30];
        cells[FLAG_HEADQUARTERS[side]] = Some(Kind::Flag);
        for kind in placing_order() {
            let free = |at: usize| !is_camp_index(at) && cells[at].is_none() && allowed(kind, at);
            let shares: Vec<(usize, f64)> = (0..30)
                .filter(|&at| free(at))
                .map(|at| (at, weights[at][kind_index(kind)]))
                .collect();
            if let Some(at) = pick_weighted(&shares, rng) {
                cells[at] = Some(kind);
            }
        }
        let posts: Vec<usize> = (0..30)
            .filter(|&at| !is_camp_index(at) && at != FLAG_HEADQUARTERS[side])
            .collect();
        for _ in 0..SWEEPS * posts.len() {
            let first = posts[rng.below(posts.len())];
            let second = posts[rng.below(posts.len())];
            let (Some(a), Some(b)) = (cells[first], cells[second]) else {
                continue;
            };
            if a == b || !allowed(a, second) || !allowed(b, first) {
                continue;
            }
            let weight = |at: usize, kind: Kind| weights[at][kind_index(kind)];
            let after = weight(first, b) * weight(second, a);
            let before = weight(first, a) * weight(second, b);
            if after >= before || unit(rng) * before < after {
                cells.swap(first, second);
            }
        }
        cells
    }
}

/// The pieces but the flag, the most constrained first: mines, bombs, then the rest.
fn placing_order() -> impl Iterator<Item = Kind> {
    let order = [Kind::Mine, Kind::Bomb].into_iter().chain(
        Kind::ALL
            .into_iter()
            .filter(|kind| !matches!(kind, Kind::Mine | Kind::Bomb | Kind::Flag)),
    );
    order.flat_map(|kind| std::iter::repeat_n(kind, usize::from(kind.count())))
}

/// Whether the rules let `kind` be deployed on the local post `at` (DP-2 … DP-4; camps are
/// left out by the caller).
fn allowed(kind: Kind, at: usize) -> bool {
    let line = at / 5 + 1;
    match kind {
        Kind::Flag => FLAG_HEADQUARTERS.contains(&at),
        Kind::Mine => line >= 5,
        Kind::Bomb => line >= 2,
        _ => true,
    }
}

/// A kind's index in [`Kind::ALL`].
fn kind_index(kind: Kind) -> usize {
    kind as usize - 1
}

/// A random number in `[0, 1)`.
fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_seed() >> 11) as f64 / (1u64 << 53) as f64
}

/// One of `shares`' posts, drawn in proportion to its share; `None` if there is none.
fn pick_weighted(shares: &[(usize, f64)], rng: &mut GameRng) -> Option<usize> {
    let total: f64 = shares.iter().map(|&(_, share)| share).sum();
    let mut pick = unit(rng) * total;
    for &(at, share) in shares {
        if pick < share {
            return Some(at);
        }
        pick -= share;
    }
    // Rounding left `pick` just above the last share.
    shares.last().map(|&(at, _)| at)
}

/// The model, built from the shipped tables once.
fn model() -> &'static LayoutModel {
    static MODEL: OnceLock<LayoutModel> = OnceLock::new();
    MODEL.get_or_init(|| LayoutModel::from_counts(&shipped_counts()))
}

/// A layout drawn from the real layouts' statistics, as drawn: legal by construction, but
/// not checked (the tests check it; [`learned_deployment`] is the checked entry point).
#[must_use]
pub fn learned_layout(rng: &mut GameRng) -> Deployment {
    Deployment::from_cells(model().draw(rng))
}

/// A deployment learned from real layouts (see the [module](self) documentation): the flag's
/// side as often as real players choose it, and every piece where real players with the flag
/// on that side put it. Always legal: checked with [`Deployment::validate`], with a uniformly
/// random legal deployment instead if it ever were not. The same layout serves the 2p and
/// the 4p boards (a deployment is in the area's local coordinates).
pub fn learned_deployment(rng: &mut GameRng) -> Deployment {
    learned_layout(rng)
        .validate()
        .unwrap_or_else(|_| Deployment::random(rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_but_the_flag_is_placed_as_often_as_a_set_has_it() {
        let mut counts = [0u8; 12];
        for kind in placing_order() {
            counts[kind_index(kind)] += 1;
        }
        for kind in Kind::ALL {
            let expected = if kind == Kind::Flag { 0 } else { kind.count() };
            assert_eq!(counts[kind_index(kind)], expected, "{kind}");
        }
    }

    #[test]
    fn weights_follow_the_records() {
        let model = model();
        // With the flag on 6.2, its neighbours 5.2 and 6.1 hold mines far more often than
        // the same posts do with the flag on 6.4.
        let mine = kind_index(Kind::Mine);
        for post in [21, 25] {
            assert!(model.weights[0][post][mine] > 1.5 * model.weights[1][post][mine]);
        }
        assert!((0.3..0.7).contains(&model.first_headquarters));
    }
}
