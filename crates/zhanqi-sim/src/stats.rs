//! The statistics of the lab: Wilson intervals for rates, Elo from a score, and the
//! generalised sequential probability ratio test (GSPRT) that decides a match.
//!
//! The SPRT follows fishtest (Michel Van den Bergh's GSPRT): the log-likelihood ratio of two
//! maximum-likelihood multinomial models of the observed outcomes, each constrained to the
//! expected score of one hypothesis. docs/sim.md states the formulas.

use serde::{Deserialize, Serialize};

/// The normal quantile for a two-sided 95 % interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// A closed interval `[low, high]`.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Interval {
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

/// The Wilson score interval of a proportion: `successes` out of `trials` at normal quantile
/// `z` (use [`Z_95`]). With no trials it is the whole of `[0, 1]`.
#[must_use]
pub fn wilson(successes: u64, trials: u64, z: f64) -> Interval {
    if trials == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Newcombe's hybrid score interval (his method 10) of the difference `p₁ − p₂` of two
/// independent proportions, `a = (successes, trials)` and `b` likewise, built from their
/// Wilson intervals at `z`: `d − √((p₁ − l₁)² + (u₂ − p₂)²)` to `d + √((u₁ − p₁)² + (p₂ − l₂)²)`.
/// With no trials on a side, that side's rate counts as 0 with the interval `[0, 1]`.
#[must_use]
pub fn difference_interval(a: (u64, u64), b: (u64, u64), z: f64) -> Interval {
    let rate = |(successes, trials): (u64, u64)| {
        if trials == 0 {
            0.0
        } else {
            successes as f64 / trials as f64
        }
    };
    let (p1, p2) = (rate(a), rate(b));
    let (w1, w2) = (wilson(a.0, a.1, z), wilson(b.0, b.1, z));
    let difference = p1 - p2;
    Interval {
        low: difference - ((p1 - w1.low).powi(2) + (w2.high - p2).powi(2)).sqrt(),
        high: difference + ((w1.high - p1).powi(2) + (p2 - w2.low).powi(2)).sqrt(),
    }
}

/// The logistic Elo difference that gives an expected score `score` (0 to 1): infinite at 0
/// and 1.
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    // Written as 0 − x so that an even score gives +0, not −0.
    0.0 - 400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score (0 to 1) of a player `elo` logistic Elo points stronger.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Outcomes observed in a match, each a score in `[0, 1]` with how often it occurred: the
/// trinomial of single games (0, ½, 1) or the pentanomial of game pairs (0, ¼, ½, ¾, 1).
#[derive(Clone, PartialEq, Debug)]
pub struct Samples {
    /// `(score, count)` for each possible outcome.
    pub outcomes: Vec<(f64, u64)>,
}

impl Samples {
    /// The pentanomial of game pairs: `counts[k]` pairs scored `k` half points out of 4
    /// (0: lost both … 4: won both), each pair's score being its mean per game.
    #[must_use]
    pub fn pentanomial(counts: [u64; 5]) -> Samples {
        Samples {
            outcomes: (0..5).map(|k| (k as f64 / 4.0, counts[k])).collect(),
        }
    }

    /// The trinomial of single games: losses, draws, wins.
    #[must_use]
    pub fn trinomial(losses: u64, draws: u64, wins: u64) -> Samples {
        Samples {
            outcomes: vec![(0.0, losses), (0.5, draws), (1.0, wins)],
        }
    }

    /// How many samples were observed.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.outcomes.iter().map(|&(_, count)| count).sum()
    }

    /// The mean score and the variance of one sample's score; `None` with no samples.
    #[must_use]
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let n = total as f64;
        let mean = self
            .outcomes
            .iter()
            .map(|&(score, count)| score * count as f64)
            .sum::<f64>()
            / n;
        let variance = self
            .outcomes
            .iter()
            .map(|&(score, count)| (score - mean).powi(2) * count as f64)
            .sum::<f64>()
            / n;
        Some((mean, variance))
    }
}

/// An Elo difference with its 95 % interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct EloEstimate {
    /// The mean score per game (0 to 1).
    pub score: f64,
    /// The Elo difference for that score (infinite, written `null` in JSON, for 0 or 1).
    pub elo: f64,
    /// The 95 % interval of the Elo difference.
    pub interval: Interval,
}

/// The Elo difference the samples show, with a 95 % interval from the normal approximation
/// of the mean score (its standard error is the sample deviation over √N, as cutechess and
/// fishtest compute it); `None` with no samples.
#[must_use]
pub fn elo_estimate(samples: &Samples) -> Option<EloEstimate> {
    let (mean, variance) = samples.mean_and_variance()?;
    let error = Z_95 * (variance / samples.total() as f64).sqrt();
    Some(EloEstimate {
        score: mean,
        elo: elo_from_score(mean),
        interval: Interval {
            low: elo_from_score((mean - error).max(0.0)),
            high: elo_from_score((mean + error).min(1.0)),
        },
    })
}

/// The parameters of a sequential probability ratio test.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct SprtParameters {
    /// H0: the Elo difference is `elo0` (logistic Elo).
    pub elo0: f64,
    /// H1: the Elo difference is `elo1` (logistic Elo), above `elo0`.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for SprtParameters {
    fn default() -> Self {
        SprtParameters {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl SprtParameters {
    /// Wald's bounds on the log-likelihood ratio: H0 is accepted at or below the first, H1 at
    /// or above the second.
    #[must_use]
    pub fn bounds(&self) -> Interval {
        Interval {
            low: (self.beta / (1.0 - self.alpha)).ln(),
            high: ((1.0 - self.beta) / self.alpha).ln(),
        }
    }

    /// What the test says of a log-likelihood ratio.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> Verdict {
        let bounds = self.bounds();
        if llr >= bounds.high {
            Verdict::H1Accepted
        } else if llr <= bounds.low {
            Verdict::H0Accepted
        } else {
            Verdict::Inconclusive
        }
    }
}

/// The state of a sequential test.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The LLR reached the upper bound: the difference is at least `elo1`.
    H1Accepted,
    /// The LLR reached the lower bound: the difference is at most `elo0`.
    H0Accepted,
    /// Neither bound was reached.
    Inconclusive,
}

impl Verdict {
    /// The verdict as people read it.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::H1Accepted => "H1 accepted",
            Verdict::H0Accepted => "H0 accepted",
            Verdict::Inconclusive => "inconclusive",
        }
    }
}

/// Count given to an outcome never observed, so that the maximum-likelihood models stay
/// inside the simplex (fishtest regularises the same way).
const UNSEEN_COUNT: f64 = 1e-3;

/// The generalised log-likelihood ratio of H1 (expected score `score_from_elo(elo1)`)
/// against H0 (`score_from_elo(elo0)`) for the samples: `N Σ pᵢ ln(q1ᵢ / q0ᵢ)`, where `p`
/// is the observed distribution and `q0`, `q1` the distributions nearest to it (maximum
/// likelihood) whose mean is each hypothesis' score. Zero with no samples.
#[must_use]
pub fn llr(samples: &Samples, parameters: &SprtParameters) -> f64 {
    if samples.total() == 0 {
        return 0.0;
    }
    let counts: Vec<f64> = samples
        .outcomes
        .iter()
        .map(|&(_, count)| {
            if count == 0 {
                UNSEEN_COUNT
            } else {
                count as f64
            }
        })
        .collect();
    let n: f64 = counts.iter().sum();
    let observed: Vec<(f64, f64)> = samples
        .outcomes
        .iter()
        .zip(&counts)
        .map(|(&(score, _), &count)| (score, count / n))
        .collect();
    let under_h0 = constrained_mle(&observed, score_from_elo(parameters.elo0));
    let under_h1 = constrained_mle(&observed, score_from_elo(parameters.elo1));
    n * observed
        .iter()
        .zip(under_h0.iter().zip(&under_h1))
        .map(|(&(_, p), (&q0, &q1))| p * (q1 / q0).ln())
        .sum::<f64>()
}

/// The normal approximation of [`llr`]: `N (s1 − s0)(2μ − s0 − s1) / (2σ²)` with `μ`, `σ²`
/// the sample mean and variance. Close to the exact ratio when `elo1 − elo0` is small; used
/// as a check.
#[must_use]
pub fn llr_normal_approximation(samples: &Samples, parameters: &SprtParameters) -> f64 {
    let Some((mean, variance)) = samples.mean_and_variance() else {
        return 0.0;
    };
    let (s0, s1) = (
        score_from_elo(parameters.elo0),
        score_from_elo(parameters.elo1),
    );
    samples.total() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
}

/// The distribution `q` that maximises `Σ pᵢ ln qᵢ` subject to `Σ qᵢ xᵢ = target`: by
/// Lagrange, `qᵢ = pᵢ / (1 + θ (xᵢ − target))` with `θ` the root of
/// `Σ pᵢ (xᵢ − target) / (1 + θ (xᵢ − target)) = 0`, which decreases in `θ` over the
/// interval where every denominator is positive; found by bisection.
fn constrained_mle(observed: &[(f64, f64)], target: f64) -> Vec<f64> {
    let deviations: Vec<(f64, f64)> = observed
        .iter()
        .map(|&(score, p)| (score - target, p))
        .collect();
    let largest = deviations.iter().map(|&(d, _)| d).fold(f64::MIN, f64::max);
    let smallest = deviations.iter().map(|&(d, _)| d).fold(f64::MAX, f64::min);
    if largest <= 0.0 || smallest >= 0.0 {
        // The target lies outside the possible scores: no distribution has that mean, and
        // the nearest puts everything on the outcome closest to it.
        return deviations
            .iter()
            .map(|&(d, _)| if d == largest.max(smallest) { 1.0 } else { 0.0 })
            .collect();
    }
    let slope = |theta: f64| -> f64 {
        deviations
            .iter()
            .map(|&(d, p)| p * d / (1.0 + theta * d))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / largest, -1.0 / smallest);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = 0.5 * (low + high);
    deviations
        .iter()
        .map(|&(d, p)| p / (1.0 + theta * d))
        .collect()
}

/// The `fraction` quantile (0 to 1) of sorted values, interpolating linearly between ranks
/// (the method of NumPy's default and of R's type 7); `None` when there are no values.
#[must_use]
pub fn quantile(sorted: &[u64], fraction: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let rank = fraction.clamp(0.0, 1.0) * last as f64;
    let below = rank.floor() as usize;
    let above = rank.ceil() as usize;
    let weight = rank - below as f64;
    Some(sorted[below] as f64 * (1.0 - weight) + sorted[above] as f64 * weight)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    #[test]
    fn difference_intervals_match_newcombes_example() {
        // Newcombe (1998), "Interval estimation for the difference between independent
        // proportions", Statistics in Medicine 17: 56/70 against 48/80 gives 0.2000 with
        // method 10's interval 0.0524 to 0.3339.
        let interval = difference_interval((56, 70), (48, 80), Z_95);
        close(interval.low, 0.0524, 0.0001);
        close(interval.high, 0.3339, 0.0001);
        // Equal samples: the interval is symmetric about 0.
        let even = difference_interval((30, 60), (30, 60), Z_95);
        close(even.low, -even.high, 1e-12);
        assert!(even.high > 0.0);
    }

    #[test]
    fn wilson_intervals_match_newcombes_table() {
        // Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        // Statistics in Medicine 17: the worked examples of the score method without
        // continuity correction, to four decimals.
        for (successes, trials, low, high) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let interval = wilson(successes, trials, Z_95);
            close(interval.low, low, 5e-5);
            close(interval.high, high, 5e-5);
        }
    }

    #[test]
    fn wilson_with_no_trials_is_everything() {
        assert_eq!(
            wilson(0, 0, Z_95),
            Interval {
                low: 0.0,
                high: 1.0
            }
        );
    }

    #[test]
    fn elo_and_score_are_inverse() {
        // 0.75 = 1 / (1 + 10^(-d/400)) gives d = 400 log10(3) = 190.85.
        close(elo_from_score(0.75), 400.0 * 3f64.log10(), 1e-9);
        close(elo_from_score(0.75), 190.8485, 1e-4);
        close(elo_from_score(0.5), 0.0, 1e-12);
        close(score_from_elo(100.0), 0.640_065, 1e-6);
        for elo in [-300.0, -5.0, 0.0, 42.0, 250.0] {
            close(elo_from_score(score_from_elo(elo)), elo, 1e-9);
        }
        assert!(elo_from_score(1.0).is_infinite());
    }

    #[test]
    fn elo_estimate_of_an_even_match_is_centred_on_zero() {
        let samples = Samples::trinomial(30, 40, 30);
        let estimate = elo_estimate(&samples).unwrap();
        close(estimate.elo, 0.0, 1e-9);
        // Per-game variance 0.15 (60 % of games at ±0.5): error 1.96 √(0.15/100) = 0.0759
        // in score, elo_from_score(0.57591) = -400 log10(0.73638) = 53.16.
        close(
            estimate.interval.high,
            elo_from_score(0.5 + Z_95 * 0.0015f64.sqrt()),
            1e-9,
        );
        close(estimate.interval.high, 53.16, 0.01);
        close(estimate.interval.low, -estimate.interval.high, 1e-9);
    }

    #[test]
    fn bounds_are_walds() {
        // ln(0.05 / 0.95) = -2.9444: the (-2.94, 2.94) fishtest shows.
        let bounds = SprtParameters::default().bounds();
        close(bounds.low, -2.944_439, 1e-6);
        close(bounds.high, 2.944_439, 1e-6);
    }

    #[test]
    fn llr_of_wins_and_losses_is_the_binomial_sprt() {
        // With only wins and losses the constrained model is (1 - s, s), so the LLR is Wald's
        // W ln(s1/s0) + L ln((1-s1)/(1-s0)). elo0 = 0 (s0 = 0.5), elo1 = 200
        // (s1 = 0.759747), 60 wins, 40 losses: 60 ln(1.519494) + 40 ln(0.480506) = -4.21397.
        let parameters = SprtParameters {
            elo0: 0.0,
            elo1: 200.0,
            ..SprtParameters::default()
        };
        let samples = Samples::trinomial(40, 0, 60);
        close(llr(&samples, &parameters), -4.213_973, 1e-3);
    }

    #[test]
    fn llr_agrees_with_its_normal_approximation_for_close_hypotheses() {
        let parameters = SprtParameters {
            elo0: 0.0,
            elo1: 5.0,
            ..SprtParameters::default()
        };
        let samples = Samples::pentanomial([300, 2000, 4000, 2200, 350]);
        let exact = llr(&samples, &parameters);
        let approximate = llr_normal_approximation(&samples, &parameters);
        assert!(exact > 0.5, "a 55 % score favours H1: {exact}");
        close(exact, approximate, 0.02 * approximate.abs());
    }

    #[test]
    fn llr_sign_follows_the_score() {
        let parameters = SprtParameters::default();
        let strong = Samples::pentanomial([1, 5, 20, 30, 20]);
        // 76 pairs at a 29 % score give an LLR of only -2.09 against elo1 = 10 (far from
        // both hypotheses the exact ratio grows more slowly than its normal approximation);
        // three times as many decide.
        let weak = Samples::pentanomial([60, 90, 60, 15, 3]);
        assert!(llr(&strong, &parameters) > 0.0);
        assert!(llr(&weak, &parameters) < 0.0);
        assert_eq!(llr(&Samples::pentanomial([0; 5]), &parameters), 0.0);
        assert_eq!(
            parameters.verdict(llr(&weak, &parameters)),
            Verdict::H0Accepted
        );
    }

    #[test]
    fn constrained_mle_has_the_target_mean_and_sums_to_one() {
        let observed = [(0.0, 0.2), (0.5, 0.3), (1.0, 0.5)];
        let q = constrained_mle(&observed, 0.55);
        close(q.iter().sum::<f64>(), 1.0, 1e-9);
        let mean: f64 = observed.iter().zip(&q).map(|(&(x, _), &q)| x * q).sum();
        close(mean, 0.55, 1e-9);
    }

    #[test]
    fn quantiles_interpolate_between_ranks() {
        let values = [1, 2, 3, 4, 10];
        assert_eq!(quantile(&values, 0.0), Some(1.0));
        assert_eq!(quantile(&values, 0.5), Some(3.0));
        assert_eq!(quantile(&values, 1.0), Some(10.0));
        // rank 0.75 * 4 = 3: the fourth value.
        assert_eq!(quantile(&values, 0.75), Some(4.0));
        // rank 0.1 * 4 = 0.4: 1 + 0.4 * (2 - 1).
        close(quantile(&values, 0.1).unwrap(), 1.4, 1e-12);
        assert_eq!(quantile(&[], 0.5), None);
    }
}
