//! `zhanqi deck check --game qizhan FILE` (issue 14, item 5): a designer's deck file with a
//! custom card is accepted and printed in canonical form; a broken one is refused with every
//! violation on its own line, each in Chinese and English, naming the card and, for a card
//! definition, the field.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The Azure starter deck (§10.1) with one Spearmen replaced by a designer's card.
const GOOD: &str = r#"["AZ01","AZ02","AZ03","AZ03","AZ04","AZ04","AZ04","AZ05","AZ05","AZ05",
 "AZ06","AZ06","AZ07","AZ07","AZ08","AZ08","AZ09","AZ10","AZ10","AZ11","AZ12","AZ12","AZ13",
 "AZ14","AZ14","AZ15","AZ16","AZ17","AZ18",
 {"id":"XX01","name":"Pikemen","faction":"azure","kind":"troop","cost":2,"troops":4,"atk":2,
  "range":1,"counter":true}]"#;

/// Breaks §9 three ways (size, a general twice, four copies, two factions) and §4 in two
/// definitions (a bad cost, troops and keyword; a main-card key and an unknown operation on an
/// event).
const BROKEN: &str = r#"["AZ01","AZ01","AZ03","AZ03","AZ03","AZ03","CW03",
 {"id":"XX01","faction":"azure","kind":"troop","cost":-2,"troops":0,"atk":2,"range":1,
  "keywords":["flying"],"copies":2},
 {"id":"XX02","kind":"event","cost":1,"troops":3,"effects":["play>explode(1)@enemy"]}]"#;

/// Writes `text` to a file of its own and runs `zhanqi deck check --game qizhan` on it.
fn check(name: &str, text: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("zhanqi-deck-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join(name);
    std::fs::write(&file, text).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_zhanqi"))
        .args(["deck", "check", "--game", "qizhan"])
        .arg(&file)
        .output()
        .expect("zhanqi runs");
    std::fs::remove_file(&file).ok();
    output
}

#[test]
fn a_designers_qizhan_deck_passes_in_canonical_form() {
    let output = check("good.json", GOOD);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let deck: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let entries = deck.as_array().unwrap();
    // Ids sorted, the definition kept with its copies.
    assert_eq!(entries[0], "AZ01", "{stdout}");
    let custom = entries
        .iter()
        .find(|entry| entry["id"] == "XX01")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(custom["troops"], 4, "{stdout}");
    let ids = entries.iter().filter(|entry| entry.is_string()).count();
    let copies = custom["copies"].as_u64().unwrap_or(1) as usize;
    assert_eq!(ids + copies, 30, "{stdout}");
}

#[test]
fn a_broken_qizhan_deck_lists_every_violation_with_card_and_field() {
    let output = check("broken.json", BROKEN);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    for line in &lines {
        // One sentence in each language: Chinese, then English.
        let (zh, en) = line.split_once(" / ").unwrap_or_else(|| panic!("{line}"));
        let chinese = |text: &str| text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        assert!(chinese(zh) && !chinese(en), "{line}");
    }
    let expected = [
        "card XX01, field cost:",
        "card XX01, field troops:",
        "card XX01, field keywords:",
        "card XX02, field troops:",
        "card XX02, field effects[0]:",
        "the general AZ01 has 2 copies",
        "card AZ03 has 4 copies",
        "the deck holds 10 cards; it must hold exactly 30",
        "the deck mixes the factions azure, crimson",
    ];
    for wanted in expected {
        assert!(
            lines.iter().any(|line| line.contains(wanted)),
            "no line says '{wanted}':\n{stdout}"
        );
    }
    assert_eq!(lines.len(), expected.len(), "{stdout}");
    assert!(
        stderr.contains(&format!("{} problem(s)", expected.len())),
        "{stderr}"
    );
}
