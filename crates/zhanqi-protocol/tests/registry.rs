//! The registry's list of games: typed visits by name, and the options each game declares for
//! the lobby, checked against what the game itself accepts.

use serde_json::{Value, json};
use zhanqi_core::{OptionField, OptionKind};
use zhanqi_protocol::{GAMES, GameError, GameVisitor, RegisteredGame, Registry, visit};

use crate::common::TEST_GAMES;

/// Answers the visited game's name and modes.
struct NameAndModes;

impl GameVisitor for NameAndModes {
    type Output = (&'static str, &'static [&'static str]);

    fn visit<G: RegisteredGame>(self) -> Self::Output {
        (G::NAME, G::MODES)
    }
}

#[test]
fn visit_finds_every_registered_game_and_refuses_an_unknown_name() {
    assert!(!GAMES.is_empty());
    for entry in GAMES {
        assert_eq!(
            visit(entry.name(), NameAndModes),
            Ok((entry.name(), entry.modes())),
            "visit({})",
            entry.name()
        );
    }
    let known: Vec<&str> = GAMES.iter().map(|entry| entry.name()).collect();
    assert_eq!(
        visit("chess", NameAndModes),
        Err(GameError::UnknownGame {
            name: "chess".to_owned(),
            known: known.join(", "),
        })
    );
    assert_eq!(
        visit("", NameAndModes).unwrap_err().to_string(),
        format!("unknown game ''; the games are: {}", known.join(", "))
    );
}

/// The values a field offers that the test tries: every choice, both booleans, an integer
/// range's ends and the step above its least value.
fn sample_values(field: &OptionField) -> Vec<Value> {
    match &field.kind {
        OptionKind::Bool => vec![json!(false), json!(true)],
        OptionKind::Int { min, max, step } => {
            vec![json!(min), json!((min + step).min(*max)), json!(max)]
        }
        OptionKind::Choice { values } => values.iter().map(|value| json!(value.value)).collect(),
    }
}

/// Whether the field's kind offers `value`.
fn offers(field: &OptionField, value: &Value) -> bool {
    match &field.kind {
        OptionKind::Bool => value.is_boolean(),
        OptionKind::Int { min, max, step } => value
            .as_i64()
            .is_some_and(|value| (*min..=*max).contains(&value) && (value - min) % step == 0),
        OptionKind::Choice { values } => values.iter().any(|choice| *value == choice.value),
    }
}

/// Every declared field of every mode: its default is the standard game's, it offers its
/// default, and the game accepts each value it offers (and then plays with it).
fn check_declared_options(registry: Registry) {
    for entry in registry.entries() {
        for field in entry.option_fields(None) {
            for mode in field.modes {
                assert!(
                    entry.modes().contains(mode),
                    "{}'s option {} names the mode {mode}, which the game has not",
                    entry.name(),
                    field.key
                );
            }
        }
        for &mode in entry.modes() {
            let standard = entry
                .new_game(Some(mode), 0, &[])
                .unwrap_or_else(|error| panic!("{} {mode}: {error}", entry.name()))
                .options();
            let fields = entry.option_fields(Some(mode));
            for (index, field) in fields.iter().enumerate() {
                let what = format!("{} {mode} option {}", entry.name(), field.key);
                assert!(field.applies_to(mode), "{what}");
                assert!(
                    fields[..index].iter().all(|other| other.key != field.key),
                    "{what} is declared twice"
                );
                assert_eq!(standard[field.key], field.default, "{what}: the default");
                assert!(offers(field, &field.default), "{what}: the default");
                assert!(!field.label_en.is_empty() && !field.label_zh.is_empty());
                for value in sample_values(field) {
                    assert!(offers(field, &value), "{what} = {value}");
                    let options = json!({ field.key: value });
                    let game = entry
                        .new_game_with(Some(mode), Some(&options), 0, &[])
                        .unwrap_or_else(|error| panic!("{what} = {value} is refused: {error}"));
                    assert_eq!(game.options()[field.key], value, "{what} = {value}");
                }
            }
        }
    }
}

#[test]
fn every_declared_option_has_the_standard_default_and_its_values_are_accepted() {
    check_declared_options(Registry::standard());
    check_declared_options(TEST_GAMES);
}

#[test]
fn option_fields_are_filtered_by_mode_and_serialize_for_the_lobby() {
    let race = TEST_GAMES.find("race").unwrap();
    assert_eq!(race.option_fields(None).len(), 2);
    let long = race.option_fields(Some("long"));
    assert_eq!(
        serde_json::to_value(&long).unwrap(),
        json!([{
            "key": "target",
            "kind": {"type": "int", "min": 1, "max": 50, "step": 1},
            "default": 9,
            "modes": ["long"],
            "label_en": "Posts to the finish",
            "label_zh": "终点",
        }])
    );
    assert_eq!(race.seat_count(Some("long")), Ok(2));
    assert!(race.seat_count(Some("huge")).is_err());
}

#[test]
fn a_game_without_an_importer_imports_nothing() {
    let race = TEST_GAMES.find("race").unwrap();
    assert!(race.import_record("a.jgs", b"QQGame JQS").is_none());
    assert!(TEST_GAMES.import_record("a.jgs", b"").is_none());
}
