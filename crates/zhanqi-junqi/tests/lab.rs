//! End-to-end tests of the self-play lab (`zhanqi-sim`) on junqi: studies written to a folder, reproducibility across
//! thread counts, resuming, and matches that stop as soon as the test decides.

use std::path::Path;

use zhanqi_ai::{Observation, Player, PlayerSpec};
use zhanqi_core::{GameRng, PlatformAction};
use zhanqi_junqi::{Action, Junqi};
use zhanqi_sim::stats::{SprtParameters, Verdict};
use zhanqi_sim::{
    Entrant, Match, ProgressMode, SimError, Study, Summary, game_options, read_results, run_match,
    run_study, without_timings,
};

fn study(mode: &str, players: &str, games: u64, threads: usize, out: &Path) -> Study<Junqi> {
    let players = PlayerSpec::parse_list(players).unwrap();
    Study {
        mode: Some(mode.to_owned()),
        seed: 7,
        threads,
        ..Study::new(players.iter().map(Entrant::from_spec).collect(), games, out)
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn a_study_writes_results_summary_report_and_plots_for_2p_and_4p() {
    for (mode, seats, teams) in [("2p", 2, 2), ("4p", 4, 2)] {
        let folder = tempfile::tempdir().unwrap();
        let outcome = run_study(&study(mode, "random", 20, 2, folder.path())).unwrap();
        assert_eq!((outcome.played, outcome.skipped), (20, 0));

        let records = read_results(&folder.path().join("results.jsonl")).unwrap();
        let mut indices: Vec<u64> = records.iter().map(|record| record.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..20).collect::<Vec<_>>(), "{mode}");
        for record in &records {
            assert_eq!(record.seats.len(), seats);
            assert!(record.plies > 0);
            let wins = record
                .seats
                .iter()
                .filter(|s| s.result == zhanqi_sim::SeatOutcome::Win);
            match record.winning_team {
                Some(team) => assert!(wins.clone().all(|seat| seat.team == team)),
                None => assert_eq!(wins.count(), 0),
            }
        }

        let text = std::fs::read_to_string(folder.path().join("summary.json")).unwrap();
        let summary: Summary = serde_json::from_str(&text).unwrap();
        assert_eq!(summary.games, outcome.summary.games);
        assert_eq!(summary.seats.len(), outcome.summary.seats.len());
        assert_eq!(summary.games, 20);
        assert_eq!(summary.plies, records.iter().map(|r| r.plies).sum::<u64>());
        assert_eq!(summary.seats.len(), seats);
        assert_eq!(summary.teams.len(), teams);
        let all_rates = summary
            .seats
            .iter()
            .map(|seat| &seat.rates)
            .chain(summary.teams.iter().map(|team| &team.rates))
            .chain(std::iter::once(&summary.first_mover.rates));
        for rates in all_rates {
            assert_eq!(rates.count, 20);
            assert_eq!(rates.wins + rates.draws + rates.losses, 20);
            assert!(close(
                rates.win_rate + rates.draw_rate + rates.loss_rate,
                1.0
            ));
            assert!(rates.win_interval.low <= rates.win_rate);
            assert!(rates.win_rate <= rates.win_interval.high);
        }
        // One player on every seat: it holds every seat of every game.
        assert_eq!(summary.players[0].rates.count, 20 * seats as u64);
        let team_wins: u64 = summary.teams.iter().map(|team| team.rates.wins).sum();
        let drawn = records.iter().filter(|r| r.winning_team.is_none()).count() as u64;
        assert_eq!(team_wins + drawn, 20);
        assert_eq!(summary.reasons.iter().map(|r| r.count).sum::<u64>(), 20);
        assert_eq!(
            summary
                .lengths
                .histogram
                .iter()
                .map(|bin| bin.count)
                .sum::<u64>(),
            20
        );
        assert!(summary.lengths.min as f64 <= summary.lengths.q1);
        assert!(summary.lengths.q1 <= summary.lengths.median);
        assert!(summary.lengths.median <= summary.lengths.q3);
        assert!(summary.lengths.q3 <= summary.lengths.max as f64);
        assert_eq!(summary.first_mover.observed_games, 20);
        assert_eq!(summary.first_mover.basis, "first listed move");

        let report = std::fs::read_to_string(folder.path().join("report.html")).unwrap();
        assert_eq!(report.matches("<svg").count(), 3, "three inline plots");
        assert!(!report.contains("http://") && !report.contains("https://"));
        assert!(report.contains("zhanqi sim junqi"), "the command line");
        for png in ["win-rate-by-seat.png", "game-length.png", "end-reasons.png"] {
            let bytes = std::fs::read(folder.path().join(png)).unwrap();
            assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{png} is a PNG");
        }
    }
}

#[test]
fn players_rotate_over_the_seats() {
    let folder = tempfile::tempdir().unwrap();
    run_study(&study("4p", "random,heuristic,random", 6, 2, folder.path())).unwrap();
    let records = without_timings(&read_results(&folder.path().join("results.jsonl")).unwrap());
    for record in &records {
        for (position, seat) in record.seats.iter().enumerate() {
            assert_eq!(seat.player, (position + record.index as usize) % 3);
        }
    }
    let text = std::fs::read_to_string(folder.path().join("summary.json")).unwrap();
    let summary: Summary = serde_json::from_str(&text).unwrap();
    let held: Vec<u64> = summary.players.iter().map(|p| p.rates.count).collect();
    // 6 games x 4 seats, rotated over 3 players: 8 seats each.
    assert_eq!(held, vec![8, 8, 8]);
}

#[test]
fn a_game_depends_on_seed_and_index_not_on_threads() {
    let one = tempfile::tempdir().unwrap();
    let three = tempfile::tempdir().unwrap();
    run_study(&study("2p", "random,heuristic", 12, 1, one.path())).unwrap();
    run_study(&study("2p", "random,heuristic", 12, 3, three.path())).unwrap();
    let a = without_timings(&read_results(&one.path().join("results.jsonl")).unwrap());
    let b = without_timings(&read_results(&three.path().join("results.jsonl")).unwrap());
    assert_eq!(a, b);
    // And the games differ from one another: the index reaches the seeds.
    assert!(a.windows(2).all(|pair| pair[0].seed != pair[1].seed));
}

#[test]
fn resume_after_an_interrupt_plays_exactly_the_missing_games() {
    let full = tempfile::tempdir().unwrap();
    run_study(&study("2p", "random", 20, 2, full.path())).unwrap();
    let expected = without_timings(&read_results(&full.path().join("results.jsonl")).unwrap());

    let cut = tempfile::tempdir().unwrap();
    run_study(&study("2p", "random", 20, 2, cut.path())).unwrap();
    let results = cut.path().join("results.jsonl");
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Twelve whole lines and half of the thirteenth, as an interrupt mid-write leaves them.
    let mut truncated: String = lines[..12].iter().map(|line| format!("{line}\n")).collect();
    truncated.push_str(&lines[12][..lines[12].len() / 2]);
    std::fs::write(&results, truncated).unwrap();

    let mut resumed = study("2p", "random", 20, 2, cut.path());
    resumed.resume = true;
    let outcome = run_study(&resumed).unwrap();
    assert_eq!((outcome.played, outcome.skipped), (8, 12));
    assert_eq!(outcome.summary.games, 20);
    let records = read_results(&results).unwrap();
    assert_eq!(records.len(), 20, "no duplicate and no torn line");
    assert_eq!(without_timings(&records), expected);

    // Nothing left: a second resume plays nothing and keeps the same summary of games.
    let again = run_study(&resumed).unwrap();
    assert_eq!((again.played, again.skipped), (0, 20));
    assert_eq!(again.summary.seats, outcome.summary.seats);
}

#[test]
fn resume_refuses_other_settings_and_a_fresh_run_refuses_a_used_folder() {
    let folder = tempfile::tempdir().unwrap();
    run_study(&study("2p", "random", 4, 1, folder.path())).unwrap();

    let error = run_study(&study("2p", "random", 4, 1, folder.path())).unwrap_err();
    assert!(matches!(error, SimError::AlreadyStarted(_)), "{error}");

    let mut other_seed = study("2p", "random", 4, 1, folder.path());
    other_seed.resume = true;
    other_seed.seed = 8;
    let error = run_study(&other_seed).unwrap_err();
    assert!(
        matches!(error, SimError::ConfigMismatch { field: "seed", .. }),
        "{error}"
    );
    assert!(error.to_string().contains("seed = 7"), "{error}");

    let mut other_players = study("2p", "random,heuristic", 4, 1, folder.path());
    other_players.resume = true;
    let error = run_study(&other_players).unwrap_err();
    assert!(matches!(
        error,
        SimError::ConfigMismatch {
            field: "players",
            ..
        }
    ));

    let mut other_mode = study("4p", "random", 4, 1, folder.path());
    other_mode.resume = true;
    let error = run_study(&other_mode).unwrap_err();
    assert!(matches!(
        error,
        SimError::ConfigMismatch { field: "mode", .. }
    ));

    let empty = tempfile::tempdir().unwrap();
    let mut nothing = study("2p", "random", 4, 1, empty.path());
    nothing.resume = true;
    let error = run_study(&nothing).unwrap_err();
    assert!(matches!(error, SimError::NothingToResume(_)));
}

/// A deliberately hopeless player: deploys at random, then lets its clock run out on every
/// move, so the rules defeat it after the timeout limit.
struct Sleeper {
    rng: GameRng,
}

impl Player<Junqi> for Sleeper {
    fn name(&self) -> String {
        "sleeper".to_owned()
    }

    fn choose(&mut self, observation: &Observation<'_, Junqi>) -> Option<Action> {
        if observation.has_unlisted_actions() {
            return observation.random_unlisted_action(&mut self.rng);
        }
        Some(Action::Platform(PlatformAction::Timeout))
    }
}

fn sleeper() -> Entrant<Junqi> {
    Entrant::new("sleeper", |seed| {
        Box::new(Sleeper {
            rng: GameRng::from_seed(seed),
        })
    })
}

fn lopsided(mode: &str, a: Entrant<Junqi>, b: Entrant<Junqi>, threads: usize) -> Match<Junqi> {
    Match {
        mode: Some(mode.to_owned()),
        options: None,
        a,
        b,
        max_games: 1000,
        sprt: SprtParameters::default(),
        seed: 3,
        max_plies: 100_000,
        threads,
        progress: ProgressMode::Hidden,
    }
}

#[test]
fn a_match_stops_as_soon_as_a_lopsided_pairing_is_decided() {
    let random = || Entrant::from_spec(&PlayerSpec::Random);
    for mode in ["2p", "4p"] {
        let report = run_match(&lopsided(mode, random(), sleeper(), 2)).unwrap();
        assert_eq!(report.verdict, Verdict::H1Accepted, "{mode}");
        assert!(report.stopped_early);
        // Every pair is won twice. Each such pair multiplies the likelihood ratio by
        // s1/s0 = score_from_elo(10) / 0.5 = 1.02878, so the upper bound ln(19) = 2.9444 is
        // passed after ceil(2.9444 / ln 1.02878) = ceil(103.8) = 104 pairs, far below the
        // 500 allowed.
        assert_eq!(report.pairs, 104, "{mode}");
        assert_eq!(report.games, 2 * report.pairs);
        assert_eq!(report.wins + report.draws + report.losses, report.games);
        assert_eq!(report.losses, 0, "the sleeper never wins");
        assert!(report.llr >= report.bounds.high);
        assert!(report.elo.unwrap().interval.low > 0.0);

        let reverse = run_match(&lopsided(mode, sleeper(), random(), 2)).unwrap();
        assert_eq!(reverse.verdict, Verdict::H0Accepted, "{mode}");
        assert_eq!(reverse.wins, 0);
        assert!(reverse.llr <= reverse.bounds.low);
        // Each pair lost twice: a factor (1 - s1) / (1 - s0) = 0.97122 per pair, so the
        // lower bound -2.9444 is passed after ceil(2.9444 / 0.029203) = ceil(100.8) = 101.
        assert_eq!(reverse.pairs, 101, "{mode}");
    }
}

#[test]
fn a_match_verdict_does_not_depend_on_threads() {
    let random = || Entrant::from_spec(&PlayerSpec::Random);
    let mut one = run_match(&lopsided("2p", random(), random(), 1)).unwrap();
    let mut three = run_match(&lopsided("2p", random(), random(), 3)).unwrap();
    one.seconds = 0.0;
    three.seconds = 0.0;
    assert_eq!(one, three);
    assert_eq!(one.a, "random");
}

#[test]
fn an_unknown_option_is_refused() {
    let junqi = game_options::<Junqi>(Some("2p"), Some(&serde_json::json!({"handicap": 0})));
    assert!(matches!(junqi, Err(SimError::Settings(_))), "{junqi:?}");
}
