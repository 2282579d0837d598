//! A head-to-head match between two players, decided by a sequential probability ratio test
//! on game pairs.
//!
//! Each pair is two games from the same seed (the same deals and the same first seat to
//! move) with the players' sides swapped: player A takes the team of the first seat in play
//! and B every other seat, then the reverse. Pairs are scored as a pentanomial (0, ¼, ½, ¾, 1
//! per game on average) and fed to the GSPRT in pair order, so the verdict does not depend on
//! the thread count.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;
use zhanqi_ai::AiGame;
use zhanqi_core::{BySeat, GameNotation, SeatSet};

use crate::SimError;
use crate::entrant::Entrant;
use crate::playout::{GameSeeds, play};
use crate::progress::{Progress, ProgressMode};
use crate::stats::{EloEstimate, Interval, Samples, SprtParameters, Verdict, elo_estimate, llr};
use crate::workers::{Flow, run_queue};

/// A match to run.
pub struct Match<G: AiGame + GameNotation> {
    /// The mode; the game's first mode when `None`.
    pub mode: Option<String>,
    /// Options merged over the mode's defaults (a JSON object), as `--options` gives them.
    pub options: Option<serde_json::Value>,
    /// Player A (the one whose Elo advantage is tested).
    pub a: Entrant<G>,
    /// Player B.
    pub b: Entrant<G>,
    /// Games after which the match stops undecided (rounded up to whole pairs).
    pub max_games: u64,
    /// The test.
    pub sprt: SprtParameters,
    /// The match seed: with the pair index it decides every game.
    pub seed: u64,
    /// Listed moves after which a game is stopped and counted as a draw.
    pub max_plies: u64,
    /// Worker threads.
    pub threads: usize,
    /// How progress is shown.
    pub progress: ProgressMode,
}

/// How a match ended.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct MatchReport {
    /// The game's name.
    pub game: String,
    /// The mode.
    pub mode: String,
    /// The game's full options, as JSON.
    pub options: serde_json::Value,
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// The match seed.
    pub seed: u64,
    /// Games counted (two per pair).
    pub games: u64,
    /// Pairs counted.
    pub pairs: u64,
    /// A's wins.
    pub wins: u64,
    /// Draws (and games stopped at the ply limit).
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// Pairs by A's half points out of 4: lost both, …, won both.
    pub pentanomial: [u64; 5],
    /// A's mean score per game.
    pub score: f64,
    /// A's Elo advantage with its 95 % interval (from the pentanomial); `None` with no pair.
    pub elo: Option<EloEstimate>,
    /// The test's parameters.
    pub sprt: SprtParameters,
    /// The log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// The LLR bounds: H0 accepted at or below `low`, H1 at or above `high`.
    pub bounds: Interval,
    /// The verdict.
    pub verdict: Verdict,
    /// Whether the test decided before the game limit.
    pub stopped_early: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl MatchReport {
    /// The report as people read it, several lines.
    #[must_use]
    pub fn describe(&self) -> String {
        let elo = self.elo.map_or_else(
            || "no games".to_owned(),
            |elo| {
                format!(
                    "{:+.1} [{:+.1}, {:+.1}] (95 %)",
                    elo.elo, elo.interval.low, elo.interval.high
                )
            },
        );
        format!(
            "{} {}: {} (A) vs {} (B), {} games in {} pairs, {:.1} s\n\
             Score of A: {} - {} - {} (W-D-L)  [{:.3}]\n\
             Pairs (A lost both … won both): {:?}\n\
             Elo difference: {elo}\n\
             SPRT: elo0 = {}, elo1 = {}, alpha = {}, beta = {}\n\
             LLR: {:.2} ({:.2}, {:.2}): {}{}",
            self.game,
            self.mode,
            self.a,
            self.b,
            self.games,
            self.pairs,
            self.seconds,
            self.wins,
            self.draws,
            self.losses,
            self.score,
            self.pentanomial,
            self.sprt.elo0,
            self.sprt.elo1,
            self.sprt.alpha,
            self.sprt.beta,
            self.llr,
            self.bounds.low,
            self.bounds.high,
            self.verdict.describe(),
            if self.verdict == Verdict::Inconclusive {
                " (game limit reached)"
            } else {
                ""
            },
        )
    }
}

/// A's score in each game of a pair (1 win, ½ draw, 0 loss).
type PairScores = [f64; 2];

/// Runs a match until the SPRT decides or the game limit is reached.
///
/// # Errors
/// If the settings are unusable or a game fails.
pub fn run_match<G: AiGame + GameNotation>(settings: &Match<G>) -> Result<MatchReport, SimError> {
    if settings.sprt.elo1 <= settings.sprt.elo0 {
        return Err(SimError::Settings(format!(
            "elo1 ({}) must be above elo0 ({})",
            settings.sprt.elo1, settings.sprt.elo0
        )));
    }
    let in_unit = |p: f64| p > 0.0 && p < 1.0;
    if !in_unit(settings.sprt.alpha) || !in_unit(settings.sprt.beta) {
        return Err(SimError::Settings(
            "alpha and beta must lie strictly between 0 and 1".into(),
        ));
    }
    let options = crate::game_options::<G>(settings.mode.as_deref(), settings.options.as_ref())?;
    let probe = G::new(&options, 0).map_err(|error| SimError::Game(error.to_string()))?;
    let max_pairs = settings.max_games.div_ceil(2).max(1);
    let pairs: Vec<u64> = (0..max_pairs).collect();
    let label = format!("{} {}", G::NAME, probe.mode());
    let mut progress = Progress::new(settings.progress, &label, max_pairs * 2, 0);
    let start = Instant::now();

    let mut waiting: BTreeMap<u64, PairScores> = BTreeMap::new();
    let mut next_pair = 0;
    let mut pentanomial = [0u64; 5];
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut current_llr = 0.0;
    let mut verdict = Verdict::Inconclusive;
    run_queue(
        settings.threads,
        &pairs,
        |pair| play_pair(settings, &options, pair),
        |pair, scores| {
            waiting.insert(pair, scores?);
            // Pairs are counted in order, whatever order they finish in.
            while let Some(scores) = waiting.remove(&next_pair) {
                next_pair += 1;
                for score in scores {
                    match score {
                        s if s >= 1.0 => wins += 1,
                        s if s <= 0.0 => losses += 1,
                        _ => draws += 1,
                    }
                }
                pentanomial[((scores[0] + scores[1]) * 2.0).round() as usize] += 1;
                current_llr = llr(&Samples::pentanomial(pentanomial), &settings.sprt);
                verdict = settings.sprt.verdict(current_llr);
                let message = format!("{wins}-{draws}-{losses}  LLR {current_llr:.2}");
                progress.advance(&message);
                progress.advance(&message);
                if verdict != Verdict::Inconclusive {
                    return Ok(Flow::Stop);
                }
            }
            Ok(Flow::Continue)
        },
    )?;
    progress.finish();
    let samples = Samples::pentanomial(pentanomial);
    Ok(MatchReport {
        game: G::NAME.to_owned(),
        mode: probe.mode().to_owned(),
        options: serde_json::to_value(&options).map_err(SimError::Json)?,
        a: settings.a.name().to_owned(),
        b: settings.b.name().to_owned(),
        seed: settings.seed,
        games: 2 * next_pair,
        pairs: next_pair,
        wins,
        draws,
        losses,
        pentanomial,
        score: samples.mean_and_variance().map_or(0.5, |(mean, _)| mean),
        elo: elo_estimate(&samples),
        sprt: settings.sprt,
        llr: current_llr,
        bounds: settings.sprt.bounds(),
        verdict,
        stopped_early: verdict != Verdict::Inconclusive && next_pair < max_pairs,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Plays pair `pair`: two games from the same seeds, A on the first seat's team in the
/// first game and on the other side in the second. Each seat's player seed belongs to the
/// seat, so only the players differ between the two games.
fn play_pair<G: AiGame + GameNotation>(
    settings: &Match<G>,
    options: &G::Options,
    pair: u64,
) -> Result<PairScores, SimError> {
    let seeds = GameSeeds::derive(settings.seed, pair);
    let mut scores = [0.0; 2];
    for (swapped, score) in scores.iter_mut().enumerate() {
        let game =
            G::new(options, seeds.game).map_err(|error| SimError::Game(error.to_string()))?;
        let seats = game.seats();
        let first = seats.lowest().ok_or(SimError::NobodyToAct)?;
        let team_a = game.team(first);
        let a_seats: SeatSet = seats
            .iter()
            .filter(|&seat| (game.team(seat) == team_a) != (swapped == 1))
            .collect();
        let mut players = BySeat::from_fn(|_| None);
        for seat in seats.iter() {
            let entrant = if a_seats.contains(seat) {
                &settings.a
            } else {
                &settings.b
            };
            players[seat] = Some(entrant.build(seeds.players[seat]));
        }
        let played = play(game, &mut players, settings.max_plies)?;
        *score = if played.winners.is_empty() {
            0.5
        } else if played.winners.intersection(a_seats).is_empty() {
            0.0
        } else {
            1.0
        };
    }
    Ok(scores)
}
