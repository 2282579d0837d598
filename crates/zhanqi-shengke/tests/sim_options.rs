//! The self-play lab's (`zhanqi-sim`) `--options` on shengke: extra game options merged over the mode's defaults, kept in config.json and
//! in a match's report, and refused clearly when a key is unknown or a value is bad.

use std::path::Path;

use zhanqi_ai::PlayerSpec;
use zhanqi_shengke::Shengke;
use zhanqi_sim::stats::SprtParameters;
use zhanqi_sim::{
    Entrant, Match, ProgressMode, SimError, Study, game_options, run_match, run_study,
};

fn study(options: Option<serde_json::Value>, out: &Path) -> Study<Shengke> {
    let players = PlayerSpec::parse_list("random").unwrap();
    Study {
        options,
        seed: 3,
        ..Study::new(players.iter().map(Entrant::from_spec).collect(), 4, out)
    }
}

fn stored_options(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("config.json")).unwrap();
    let config: serde_json::Value = serde_json::from_str(&text).unwrap();
    config["options"].clone()
}

#[test]
fn options_are_merged_over_the_defaults_and_stored() {
    let folder = tempfile::tempdir().unwrap();
    let extra = serde_json::json!({"first_player_bonus": 0, "turns": 10});
    run_study(&study(Some(extra), folder.path())).unwrap();
    let options = stored_options(folder.path());
    assert_eq!(options["first_player_bonus"], 0);
    assert_eq!(options["turns"], 10);
    // Keys not given keep the standard game's values.
    assert_eq!(options["tie"], "draw");
    assert_eq!(options["placement"], "mandatory_max");
}

#[test]
fn without_options_the_standard_game_is_stored() {
    let folder = tempfile::tempdir().unwrap();
    run_study(&study(None, folder.path())).unwrap();
    assert_eq!(stored_options(folder.path())["first_player_bonus"], 2);
}

#[test]
fn a_resume_with_other_options_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let zero = serde_json::json!({"first_player_bonus": 0});
    run_study(&study(Some(zero), folder.path())).unwrap();
    let mut again = study(
        Some(serde_json::json!({"first_player_bonus": 1})),
        folder.path(),
    );
    again.resume = true;
    let error = run_study(&again).unwrap_err();
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

fn settings_error(extra: serde_json::Value) -> String {
    match game_options::<Shengke>(None, Some(&extra)) {
        Err(SimError::Settings(message)) => message,
        other => panic!("expected a settings error, got {other:?}"),
    }
}

#[test]
fn an_unknown_key_is_named() {
    let message = settings_error(serde_json::json!({"handicap": 0}));
    assert!(message.contains("unknown field `handicap`"), "{message}");
    // Junqi's options refuse it too: `zhanqi-junqi`'s tests/lab.rs.
}

#[test]
fn a_bad_value_is_refused() {
    let wrong_type = settings_error(serde_json::json!({"first_player_bonus": "two"}));
    assert!(wrong_type.contains("invalid type"), "{wrong_type}");
    let odd_turns = settings_error(serde_json::json!({"turns": 7}));
    assert!(odd_turns.contains("turns is 7"), "{odd_turns}");
}

#[test]
fn options_must_be_an_object() {
    let message = settings_error(serde_json::json!([1, 2]));
    assert!(message.contains("JSON object"), "{message}");
}

#[test]
fn a_match_reports_its_options() {
    let settings = Match::<Shengke> {
        mode: None,
        options: Some(serde_json::json!({"first_player_bonus": 3})),
        a: Entrant::from_spec(&"random".parse().unwrap()),
        b: Entrant::from_spec(&"random".parse().unwrap()),
        max_games: 2,
        sprt: SprtParameters {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        },
        seed: 1,
        max_plies: 100_000,
        threads: 1,
        progress: ProgressMode::Hidden,
    };
    let report = run_match(&settings).unwrap();
    assert_eq!(report.options["first_player_bonus"], 3);
    assert_eq!(report.games, 2);
}
