//! The summary of a study: rates with intervals per seat, team and player, the first mover's
//! advantage, game lengths, end reasons and speed. Written as `summary.json`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::record::{GameRecord, SeatOutcome};
use crate::stats::{Interval, Z_95, difference_interval, quantile, wilson};
use crate::study::StudyConfig;

/// Wins, draws and losses, with their rates and 95 % Wilson intervals.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rates {
    /// Results counted (games, or seats played for a player).
    pub count: u64,
    /// Wins.
    pub wins: u64,
    /// Draws (and games stopped at the ply limit).
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Wins / count.
    pub win_rate: f64,
    /// Draws / count.
    pub draw_rate: f64,
    /// Losses / count.
    pub loss_rate: f64,
    /// 95 % Wilson interval of the win rate.
    pub win_interval: Interval,
    /// 95 % Wilson interval of the draw rate.
    pub draw_interval: Interval,
    /// 95 % Wilson interval of the loss rate.
    pub loss_interval: Interval,
}

impl Rates {
    fn from_results(results: impl IntoIterator<Item = SeatOutcome>) -> Rates {
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for result in results {
            match result {
                SeatOutcome::Win => wins += 1,
                SeatOutcome::Draw => draws += 1,
                SeatOutcome::Loss => losses += 1,
            }
        }
        let count = wins + draws + losses;
        let rate = |n: u64| {
            if count == 0 {
                0.0
            } else {
                n as f64 / count as f64
            }
        };
        Rates {
            count,
            wins,
            draws,
            losses,
            win_rate: rate(wins),
            draw_rate: rate(draws),
            loss_rate: rate(losses),
            win_interval: wilson(wins, count, Z_95),
            draw_interval: wilson(draws, count, Z_95),
            loss_interval: wilson(losses, count, Z_95),
        }
    }
}

/// One seat's results.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SeatRates {
    /// The seat's index.
    pub seat: usize,
    /// The seat's name in the game's notation.
    pub name: String,
    /// The seat's team.
    pub team: u8,
    /// Its results.
    #[serde(flatten)]
    pub rates: Rates,
}

/// One team's results.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TeamRates {
    /// The team.
    pub team: u8,
    /// The names of its seats.
    pub seats: Vec<String>,
    /// Its results (one per game).
    #[serde(flatten)]
    pub rates: Rates,
}

/// One entrant's results, one per seat it played (an entrant on two seats of a game counts
/// twice).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PlayerRates {
    /// The entrant's place in the list (from 0).
    pub player: usize,
    /// Its name (spec).
    pub spec: String,
    /// Its results.
    #[serde(flatten)]
    pub rates: Rates,
}

/// The results of the seat that moved first.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct FirstMover {
    /// How the first mover was known: `first listed move` (the first seat to make a move
    /// the game lists, after any deployment) when every game shows it, `seat 0` when none
    /// does, or `first listed move where seen, else seat 0`.
    pub basis: String,
    /// Games whose first mover was seen.
    pub observed_games: u64,
    /// The first mover's results.
    #[serde(flatten)]
    pub rates: Rates,
    /// Games each seat moved first.
    pub first_by_seat: BTreeMap<String, u64>,
}

/// What one label ([`zhanqi_core::AiGame::study_labels`]: a card, say) did for the seats that
/// put it into play, against the seats that did not. Every seat of every game is one result.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LabelRates {
    /// The label, as the game names it (a card id).
    pub label: String,
    /// Share of all seat results whose seat put it into play.
    pub play_rate: f64,
    /// The results of the seats that put it into play.
    pub played: Rates,
    /// The results of the seats that did not.
    pub not_played: Rates,
    /// Win rate when played minus win rate when not.
    pub win_rate_difference: f64,
    /// Newcombe's 95 % interval of that difference.
    pub difference_interval: Interval,
}

/// One histogram bin: games with `low <= plies < high`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Bin {
    /// Lowest length in the bin.
    pub low: u64,
    /// First length past the bin.
    pub high: u64,
    /// Games in the bin.
    pub count: u64,
}

/// The distribution of game lengths in plies (listed moves).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Lengths {
    /// Shortest game.
    pub min: u64,
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
    /// Longest game.
    pub max: u64,
    /// Mean.
    pub mean: f64,
    /// Equal-width bins from `min` to `max` (about √games of them, at most 30).
    pub histogram: Vec<Bin>,
}

/// How many games ended for one reason.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ReasonCount {
    /// The game's name for the reason (`flag_captured`, `ply_limit`…).
    pub reason: String,
    /// Games.
    pub count: u64,
    /// Share of all games.
    pub share: f64,
}

/// How fast the games were played.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Throughput {
    /// Games played by this run (a resumed run skips those already done).
    pub run_games: u64,
    /// Plies played by this run.
    pub run_plies: u64,
    /// Wall-clock seconds of this run.
    pub run_seconds: f64,
    /// Worker threads of this run.
    pub threads: usize,
    /// This run's games per wall-clock second.
    pub games_per_second: f64,
    /// This run's plies per wall-clock second.
    pub plies_per_second: f64,
    /// All recorded games per second of game time (one thread's rate).
    pub games_per_thread_second: f64,
    /// All recorded plies per second of game time (one thread's rate).
    pub plies_per_thread_second: f64,
}

/// Everything `summary.json` holds.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Summary {
    /// The study's settings.
    pub config: StudyConfig,
    /// The command that produced this summary.
    pub command_line: String,
    /// Games summarised.
    pub games: u64,
    /// Plies over all games.
    pub plies: u64,
    /// Results per seat.
    pub seats: Vec<SeatRates>,
    /// Results per team.
    pub teams: Vec<TeamRates>,
    /// Results per entrant.
    pub players: Vec<PlayerRates>,
    /// The first mover's results.
    pub first_mover: FirstMover,
    /// Game lengths.
    pub lengths: Lengths,
    /// End reasons, most frequent first.
    pub reasons: Vec<ReasonCount>,
    /// Speed.
    pub throughput: Throughput,
    /// Per label, the win rate with and without it, highest difference first; empty for a
    /// game without labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<LabelRates>,
}

/// What the run itself measured, for [`Throughput`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RunFigures {
    /// Games this run played.
    pub games: u64,
    /// Plies this run played.
    pub plies: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

/// Summarises `records` (sorted by index, one per game).
#[must_use]
pub fn summarise(
    config: &StudyConfig,
    command_line: &str,
    records: &[GameRecord],
    run: RunFigures,
) -> Summary {
    let plies: u64 = records.iter().map(|record| record.plies).sum();
    let game_seconds: f64 = records.iter().map(|r| r.duration_ms).sum::<f64>() / 1000.0;
    let per_second = |n: u64, seconds: f64| {
        if seconds > 0.0 {
            n as f64 / seconds
        } else {
            0.0
        }
    };
    Summary {
        config: config.clone(),
        command_line: command_line.to_owned(),
        games: records.len() as u64,
        plies,
        seats: seat_rates(records),
        teams: team_rates(records),
        players: player_rates(config, records),
        first_mover: first_mover(records),
        lengths: lengths(records),
        reasons: reasons(records),
        throughput: Throughput {
            run_games: run.games,
            run_plies: run.plies,
            run_seconds: run.seconds,
            threads: run.threads,
            games_per_second: per_second(run.games, run.seconds),
            plies_per_second: per_second(run.plies, run.seconds),
            games_per_thread_second: per_second(records.len() as u64, game_seconds),
            plies_per_thread_second: per_second(plies, game_seconds),
        },
        labels: label_rates(records),
    }
}

fn seat_rates(records: &[GameRecord]) -> Vec<SeatRates> {
    let mut seats: BTreeMap<usize, (String, u8, Vec<SeatOutcome>)> = BTreeMap::new();
    for seat in records.iter().flat_map(|record| &record.seats) {
        seats
            .entry(seat.seat)
            .or_insert_with(|| (seat.name.clone(), seat.team, Vec::new()))
            .2
            .push(seat.result);
    }
    seats
        .into_iter()
        .map(|(seat, (name, team, results))| SeatRates {
            seat,
            name,
            team,
            rates: Rates::from_results(results),
        })
        .collect()
}

fn team_rates(records: &[GameRecord]) -> Vec<TeamRates> {
    let mut teams: BTreeMap<u8, (Vec<String>, Vec<SeatOutcome>)> = BTreeMap::new();
    for record in records {
        let mut seen = Vec::new();
        for seat in &record.seats {
            let entry = teams.entry(seat.team).or_default();
            if !entry.0.contains(&seat.name) {
                entry.0.push(seat.name.clone());
            }
            // A team has one result per game: its first seat's.
            if !seen.contains(&seat.team) {
                seen.push(seat.team);
                entry.1.push(seat.result);
            }
        }
    }
    teams
        .into_iter()
        .map(|(team, (seats, results))| TeamRates {
            team,
            seats,
            rates: Rates::from_results(results),
        })
        .collect()
}

fn player_rates(config: &StudyConfig, records: &[GameRecord]) -> Vec<PlayerRates> {
    config
        .players
        .iter()
        .enumerate()
        .map(|(player, spec)| PlayerRates {
            player,
            spec: spec.clone(),
            rates: Rates::from_results(
                records
                    .iter()
                    .flat_map(|record| &record.seats)
                    .filter(|seat| seat.player == player)
                    .map(|seat| seat.result),
            ),
        })
        .collect()
}

fn label_rates(records: &[GameRecord]) -> Vec<LabelRates> {
    let seats = || records.iter().flat_map(|record| &record.seats);
    let all = seats().count();
    let names: std::collections::BTreeSet<&str> = seats()
        .flat_map(|seat| seat.labels.iter().map(String::as_str))
        .collect();
    let mut labels: Vec<LabelRates> = names
        .into_iter()
        .map(|label| {
            let (with, without): (Vec<_>, Vec<_>) =
                seats().partition(|seat| seat.labels.iter().any(|name| name == label));
            let played = Rates::from_results(with.iter().map(|seat| seat.result));
            let not_played = Rates::from_results(without.iter().map(|seat| seat.result));
            LabelRates {
                label: label.to_owned(),
                play_rate: played.count as f64 / all as f64,
                win_rate_difference: played.win_rate - not_played.win_rate,
                difference_interval: difference_interval(
                    (played.wins, played.count),
                    (not_played.wins, not_played.count),
                    Z_95,
                ),
                played,
                not_played,
            }
        })
        .collect();
    labels.sort_by(|a, b| {
        b.win_rate_difference
            .total_cmp(&a.win_rate_difference)
            .then_with(|| a.label.cmp(&b.label))
    });
    labels
}

fn first_mover(records: &[GameRecord]) -> FirstMover {
    let mut first_by_seat = BTreeMap::new();
    let mut observed_games = 0;
    let mut results = Vec::new();
    for record in records {
        let first = match record.first_mover {
            Some(seat) => {
                observed_games += 1;
                seat
            }
            None => record.seats.first().map_or(0, |seat| seat.seat),
        };
        if let Some(seat) = record.seats.iter().find(|seat| seat.seat == first) {
            *first_by_seat.entry(seat.name.clone()).or_insert(0) += 1;
            results.push(seat.result);
        }
    }
    let basis = if observed_games == records.len() as u64 {
        "first listed move"
    } else if observed_games == 0 {
        "seat 0"
    } else {
        "first listed move where seen, else seat 0"
    };
    FirstMover {
        basis: basis.to_owned(),
        observed_games,
        rates: Rates::from_results(results),
        first_by_seat,
    }
}

/// The most histogram bins drawn.
const MAX_BINS: u64 = 30;

fn lengths(records: &[GameRecord]) -> Lengths {
    let mut plies: Vec<u64> = records.iter().map(|record| record.plies).collect();
    plies.sort_unstable();
    let (Some(&min), Some(&max)) = (plies.first(), plies.last()) else {
        return Lengths {
            min: 0,
            q1: 0.0,
            median: 0.0,
            q3: 0.0,
            max: 0,
            mean: 0.0,
            histogram: Vec::new(),
        };
    };
    let bins = ((plies.len() as f64).sqrt().ceil() as u64).clamp(1, MAX_BINS);
    let width = (max - min + 1).div_ceil(bins).max(1);
    let mut histogram: Vec<Bin> = (0..bins)
        .map(|bin| Bin {
            low: min + bin * width,
            high: min + (bin + 1) * width,
            count: 0,
        })
        .take_while(|bin| bin.low <= max)
        .collect();
    for &length in &plies {
        histogram[((length - min) / width) as usize].count += 1;
    }
    Lengths {
        min,
        q1: quantile(&plies, 0.25).unwrap_or(0.0),
        median: quantile(&plies, 0.5).unwrap_or(0.0),
        q3: quantile(&plies, 0.75).unwrap_or(0.0),
        max,
        mean: plies.iter().sum::<u64>() as f64 / plies.len() as f64,
        histogram,
    }
}

fn reasons(records: &[GameRecord]) -> Vec<ReasonCount> {
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    for record in records {
        *counts.entry(&record.reason).or_insert(0) += 1;
    }
    let mut reasons: Vec<ReasonCount> = counts
        .into_iter()
        .map(|(reason, count)| ReasonCount {
            reason: reason.to_owned(),
            count,
            share: count as f64 / records.len() as f64,
        })
        .collect();
    reasons.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.reason.cmp(&b.reason)));
    reasons
}
