//! `zhanqi deck check --game tiehuo FILE` (issue 15, item 5): a deck file is a seat's value of
//! the engine's `decks` option, checked through the registry's deck editor. A good deck prints in
//! canonical form and exits 0; a broken one prints every violation, one a line, and fails; a
//! deck with a tank built by the card builder gets its numbers from the recipe and checks;
//! `deck options` turns two files into the engine's options.

use std::path::Path;
use std::process::{Command, Output};

fn zhanqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_zhanqi"))
        .args(args)
        .output()
        .expect("the zhanqi binary runs")
}

fn check(dir: &Path, name: &str, deck: &str) -> (bool, Vec<String>) {
    let file = dir.join(name);
    std::fs::write(&file, deck).unwrap();
    let output = zhanqi(&["deck", "check", "--game", "tiehuo", file.to_str().unwrap()]);
    let lines = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    (output.status.success(), lines)
}

/// The German default deck's 30 cards, one id a copy, with one Tiger fewer and one Panther more.
fn good_deck() -> String {
    let mut ids: Vec<&str> = Vec::new();
    for (id, copies) in [
        ("DE01", 4),
        ("DE02", 3),
        ("DE03", 2),
        ("DE04", 2),
        ("DE05", 3),
        ("DE07", 2),
        ("DE08", 2),
        ("DE09", 1),
        ("DE10", 2),
        ("DE11", 1),
        ("DE12", 1),
        ("DE13", 1),
        ("DE14", 1),
        ("DE15", 1),
        ("DE16", 1),
        ("DE17", 1),
        ("DE18", 1),
        ("DE19", 1),
    ] {
        ids.extend(std::iter::repeat_n(id, copies));
    }
    // Out of order, and a Soviet card among them: the canonical form sorts the ids.
    ids.reverse();
    ids.push("SU05");
    serde_json::to_string(&ids).unwrap()
}

#[test]
fn deck_check_tiehuo_passes_a_good_deck_in_canonical_form() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, lines) = check(dir.path(), "good.json", &good_deck());
    assert!(ok, "{lines:?}");
    assert_eq!(lines.len(), 1, "{lines:?}");
    let canonical: Vec<String> = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(canonical.len(), 31);
    assert!(canonical.is_sorted(), "{canonical:?}");
    assert_eq!(canonical.last().map(String::as_str), Some("SU05"));
    let (ok, lines) = check(dir.path(), "named.json", "\"ussr\"\n");
    assert!(ok && lines == ["\"ussr\""], "{lines:?}");
}

#[test]
fn deck_check_tiehuo_reports_every_violation_of_a_broken_deck() {
    let dir = tempfile::tempdir().unwrap();
    // Two unknown ids; then a deck of special-ability cards only, far too small.
    let (ok, lines) = check(dir.path(), "unknown.json", r#"["DE01","ZZ9","de05"]"#);
    assert!(!ok);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].contains("ZZ9") && lines[1].contains("de05"),
        "{lines:?}"
    );
    let (ok, lines) = check(dir.path(), "small.json", r#"["DE16","DE17","SU19"]"#);
    assert!(!ok);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].contains("holds 3 cards") && lines[0].contains("30"),
        "{lines:?}"
    );
    assert!(lines[1].contains("no battle card"), "{lines:?}");
    for line in &lines {
        assert!(
            line.contains(" / ") && !line.contains('§'),
            "both languages, no rule ids: {line}"
        );
    }
    let (ok, lines) = check(dir.path(), "junk.json", "{not json");
    assert!(
        !ok && lines.len() == 1 && lines[0].contains("does not read"),
        "{lines:?}"
    );
}

#[test]
fn deck_check_tiehuo_builds_a_tank_from_its_recipe() {
    let dir = tempfile::tempdir().unwrap();
    let tank = serde_json::json!({
        "id": "XT01", "name": "Tiger II", "name_zh": "虎王", "category": "armour",
        "builder": {
            "engine": "petrol", "chassis": "tracked", "suspension": "torsion_bar",
            "suspension_addons": ["interleaved"], "transmission": "hydromech",
            "armour": "rolled", "armour_addons": ["sloped"]
        },
        "attacks": ["AP: vs arm 3~5"],
        "abilities": [{ "ability": "field_repair", "mode": "latent" }],
        "copies": 1
    });
    let mut deck: Vec<serde_json::Value> = serde_json::from_str(&good_deck()).unwrap();
    deck.push(tank.clone());
    let (ok, lines) = check(
        dir.path(),
        "built.json",
        &serde_json::to_string(&deck).unwrap(),
    );
    // The tank is a card of the deck like any other: the canonical form holds it, its numbers
    // filled in from the recipe (P = 6: cv 18, logistics 6).
    assert!(ok, "{lines:?}");
    assert_eq!(lines.len(), 1, "{lines:?}");
    let canonical: Vec<serde_json::Value> = serde_json::from_str(&lines[0]).unwrap();
    let built = canonical.last().unwrap();
    assert_eq!(
        (&built["id"], &built["cv"], &built["logistics"]),
        (&"XT01".into(), &18.into(), &6.into()),
        "{lines:?}"
    );
    // A recipe that does not build, and a cv that its recipe does not give: card and field.
    let mut broken = tank;
    broken["builder"]["engine"] = "steam".into();
    broken["cv"] = 30.into();
    broken["builder"]["armour_addons"] = serde_json::json!(["sloped", "sloped"]);
    let (ok, lines) = check(
        dir.path(),
        "broken.json",
        &serde_json::to_string(&[broken]).unwrap(),
    );
    assert!(!ok);
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        assert!(line.contains("card XT01, field builder"), "{line}");
    }
}

#[test]
fn deck_options_tiehuo_gives_the_engine_options_of_two_files() {
    let dir = tempfile::tempdir().unwrap();
    let p1 = dir.path().join("p1.json");
    std::fs::write(&p1, good_deck()).unwrap();
    let output = zhanqi(&[
        "deck",
        "options",
        "--game",
        "tiehuo",
        "--p1",
        p1.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let options: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(options["decks"]["1"].as_array().unwrap().len(), 31);
    assert_eq!(options["decks"]["2"], "ussr");
}
