//! End-to-end tests of the lab's machinery on the core testkit's toy game ([`HiddenRace`]):
//! studies written to a folder, reproducibility across thread counts, resuming, options, and
//! matches that stop as soon as the test decides. The same lab over real games is tested in the
//! game crates (`zhanqi-junqi`'s `tests/lab.rs`, `zhanqi-shengke`'s `tests/sim_options.rs`).

use std::path::Path;

use zhanqi_ai::{Observation, Player, PlayerSpec};
use zhanqi_core::GameRng;
use zhanqi_core::testkit::toy::{HiddenRace, RaceAction};
use zhanqi_sim::stats::{SprtParameters, Verdict};
use zhanqi_sim::{
    Entrant, Match, ProgressMode, SimError, Study, Summary, game_options, read_results, run_match,
    run_study, without_timings,
};

fn study(players: &str, games: u64, threads: usize, out: &Path) -> Study<HiddenRace> {
    let players = PlayerSpec::parse_list(players).unwrap();
    Study {
        mode: Some("standard".to_owned()),
        seed: 7,
        threads,
        ..Study::new(players.iter().map(Entrant::from_spec).collect(), games, out)
    }
}

#[test]
fn a_study_writes_results_summary_report_and_plots() {
    let folder = tempfile::tempdir().unwrap();
    let outcome = run_study(&study("random,heuristic", 20, 2, folder.path())).unwrap();
    assert_eq!((outcome.played, outcome.skipped), (20, 0));

    let records = read_results(&folder.path().join("results.jsonl")).unwrap();
    let mut indices: Vec<u64> = records.iter().map(|record| record.index).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..20).collect::<Vec<_>>());
    for record in &records {
        assert_eq!(record.seats.len(), 2);
        assert!(record.plies > 0);
        for (position, seat) in record.seats.iter().enumerate() {
            assert_eq!(
                seat.player,
                (position + record.index as usize) % 2,
                "rotated"
            );
        }
    }

    let text = std::fs::read_to_string(folder.path().join("summary.json")).unwrap();
    let summary: Summary = serde_json::from_str(&text).unwrap();
    assert_eq!(summary.games, 20);
    assert_eq!(summary.plies, records.iter().map(|r| r.plies).sum::<u64>());
    assert_eq!((summary.seats.len(), summary.teams.len()), (2, 2));
    for rates in summary.seats.iter().map(|seat| &seat.rates) {
        assert_eq!(rates.count, 20);
        assert_eq!(rates.wins + rates.draws + rates.losses, 20);
    }
    let held: Vec<u64> = summary.players.iter().map(|p| p.rates.count).collect();
    assert_eq!(
        held,
        vec![20, 20],
        "each player holds one seat of every game"
    );
    assert_eq!(summary.reasons.iter().map(|r| r.count).sum::<u64>(), 20);

    // Labels: the cards each seat played (the toy's `study_labels`), counted per seat result.
    assert!(
        !summary.labels.is_empty(),
        "the toy labels the cards played"
    );
    for label in &summary.labels {
        let played = records
            .iter()
            .flat_map(|record| &record.seats)
            .filter(|seat| seat.labels.contains(&label.label))
            .count() as u64;
        assert_eq!(label.played.count, played, "{}", label.label);
        assert_eq!(label.played.count + label.not_played.count, 40);
        assert!((label.play_rate - played as f64 / 40.0).abs() < 1e-12);
        let interval = label.difference_interval;
        assert!(interval.low <= label.win_rate_difference);
        assert!(label.win_rate_difference <= interval.high);
    }
    let differences: Vec<f64> = summary
        .labels
        .iter()
        .map(|l| l.win_rate_difference)
        .collect();
    assert!(
        differences.windows(2).all(|pair| pair[0] >= pair[1]),
        "highest difference first"
    );

    let report = std::fs::read_to_string(folder.path().join("report.html")).unwrap();
    assert_eq!(report.matches("<svg").count(), 5, "five inline plots");
    assert!(report.contains("zhanqi sim hiddenrace"), "the command line");
    assert!(report.contains("What each seat put into play"));
    for png in [
        "win-rate-by-seat.png",
        "game-length.png",
        "end-reasons.png",
        "label-win-difference.png",
        "label-play-rate.png",
    ] {
        let bytes = std::fs::read(folder.path().join(png)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{png} is a PNG");
    }
}

#[test]
fn a_game_depends_on_seed_and_index_not_on_threads() {
    let one = tempfile::tempdir().unwrap();
    let three = tempfile::tempdir().unwrap();
    run_study(&study("random,heuristic", 12, 1, one.path())).unwrap();
    run_study(&study("random,heuristic", 12, 3, three.path())).unwrap();
    let a = without_timings(&read_results(&one.path().join("results.jsonl")).unwrap());
    let b = without_timings(&read_results(&three.path().join("results.jsonl")).unwrap());
    assert_eq!(a, b);
    assert!(a.windows(2).all(|pair| pair[0].seed != pair[1].seed));
}

#[test]
fn resume_plays_exactly_the_missing_games_and_refuses_other_settings() {
    let full = tempfile::tempdir().unwrap();
    run_study(&study("random", 10, 2, full.path())).unwrap();
    let expected = without_timings(&read_results(&full.path().join("results.jsonl")).unwrap());

    let cut = tempfile::tempdir().unwrap();
    run_study(&study("random", 10, 2, cut.path())).unwrap();
    let results = cut.path().join("results.jsonl");
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Six whole lines and half of the seventh, as an interrupt mid-write leaves them.
    let mut truncated: String = lines[..6].iter().map(|line| format!("{line}\n")).collect();
    truncated.push_str(&lines[6][..lines[6].len() / 2]);
    std::fs::write(&results, truncated).unwrap();

    let mut resumed = study("random", 10, 2, cut.path());
    resumed.resume = true;
    let outcome = run_study(&resumed).unwrap();
    assert_eq!((outcome.played, outcome.skipped), (4, 6));
    assert_eq!(without_timings(&read_results(&results).unwrap()), expected);

    let error = run_study(&study("random", 10, 2, cut.path())).unwrap_err();
    assert!(matches!(error, SimError::AlreadyStarted(_)), "{error}");
    let mut other_options = study("random", 10, 2, cut.path());
    other_options.resume = true;
    other_options.options = Some(serde_json::json!({"target": 30}));
    let error = run_study(&other_options).unwrap_err();
    assert!(
        matches!(
            error,
            SimError::ConfigMismatch {
                field: "options",
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn options_are_merged_stored_and_checked() {
    let folder = tempfile::tempdir().unwrap();
    let mut with_target = study("random", 2, 1, folder.path());
    with_target.options = Some(serde_json::json!({"target": 30}));
    run_study(&with_target).unwrap();
    let text = std::fs::read_to_string(folder.path().join("config.json")).unwrap();
    let config: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(config["options"]["target"], 30);

    let unknown = game_options::<HiddenRace>(None, Some(&serde_json::json!({"handicap": 0})));
    assert!(
        matches!(&unknown, Err(SimError::Settings(m)) if m.contains("unknown field `handicap`")),
        "{unknown:?}"
    );
    let not_object = game_options::<HiddenRace>(None, Some(&serde_json::json!([1, 2])));
    assert!(
        matches!(&not_object, Err(SimError::Settings(m)) if m.contains("JSON object")),
        "{not_object:?}"
    );
}

/// A deliberately hopeless player: orders its row at random, then lets its clock run out on
/// every turn, so the rules defeat it at its third timeout.
struct Sleeper {
    rng: GameRng,
}

impl Player<HiddenRace> for Sleeper {
    fn name(&self) -> String {
        "sleeper".to_owned()
    }

    fn choose(&mut self, observation: &Observation<'_, HiddenRace>) -> Option<RaceAction> {
        if observation.has_unlisted_actions() {
            return observation.random_unlisted_action(&mut self.rng);
        }
        Some(RaceAction::Timeout)
    }
}

fn sleeper() -> Entrant<HiddenRace> {
    Entrant::new("sleeper", |seed| {
        Box::new(Sleeper {
            rng: GameRng::from_seed(seed),
        })
    })
}

fn lopsided(a: Entrant<HiddenRace>, b: Entrant<HiddenRace>, threads: usize) -> Match<HiddenRace> {
    Match {
        mode: None,
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
    let report = run_match(&lopsided(random(), sleeper(), 2)).unwrap();
    assert_eq!(report.verdict, Verdict::H1Accepted);
    assert!(report.stopped_early);
    // Every pair won twice: ceil(ln 19 / ln 1.02878) = 104 pairs (see junqi's tests/lab.rs).
    assert_eq!(report.pairs, 104);
    assert_eq!(report.games, 2 * report.pairs);
    assert_eq!(report.losses, 0, "the sleeper never wins");

    let reverse = run_match(&lopsided(sleeper(), random(), 2)).unwrap();
    assert_eq!(reverse.verdict, Verdict::H0Accepted);
    assert_eq!(reverse.wins, 0);
    // Every pair lost twice: ceil(2.9444 / 0.029203) = 101 pairs.
    assert_eq!(reverse.pairs, 101);
}

#[test]
fn a_match_verdict_does_not_depend_on_threads() {
    let random = || Entrant::from_spec(&PlayerSpec::Random);
    let mut one = run_match(&lopsided(random(), random(), 1)).unwrap();
    let mut three = run_match(&lopsided(random(), random(), 3)).unwrap();
    one.seconds = 0.0;
    three.seconds = 0.0;
    assert_eq!(one, three);
}
