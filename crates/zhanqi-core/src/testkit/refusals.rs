//! Checks that a game's refusals can be said to a person: every [`Reason`] kind the game
//! produces has a sentence in English and in Chinese in the game's `strings.js`, and its
//! arguments name nothing a person cannot see (no rule id, no local coordinate `1.3`).

use crate::Reason;

/// The kinds of `kinds` that lack a `refusal_<kind>` string in the English or the Chinese table
/// of a game's `strings.js` (its text), each named with the table it is missing from.
#[must_use]
pub fn missing_refusal_strings(strings_js: &str, kinds: &[&str]) -> Vec<String> {
    let table = |name: &str| {
        let start = strings_js
            .find(&format!("const {name} = {{"))
            .unwrap_or(strings_js.len());
        let rest = &strings_js[start..];
        &rest[..rest.find("\n};").unwrap_or(rest.len())]
    };
    let (en, zh) = (table("en"), table("zh"));
    let mut missing = Vec::new();
    for kind in kinds {
        let key = format!("\n  refusal_{kind}:");
        for (language, table) in [("en", en), ("zh", zh)] {
            if !table.contains(&key) {
                missing.push(format!("{language}: refusal_{kind}"));
            }
        }
    }
    missing
}

/// Panics unless every argument of `reason` is in a person's vocabulary: no rule id (`DP-3`)
/// and no local coordinate (`1.3`).
///
/// # Panics
/// When an argument is one of those.
pub fn assert_player_vocabulary(reason: &Reason) {
    for (name, value) in &reason.args {
        let rule_id = value.split_once('-').is_some_and(|(head, tail)| {
            head.len() >= 2
                && head.chars().all(|c| c.is_ascii_uppercase())
                && tail.starts_with(|c: char| c.is_ascii_digit())
        });
        let local_coordinate = value.split_once('.').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && a.chars().all(|c| c.is_ascii_digit())
                && b.chars().all(|c| c.is_ascii_digit())
        });
        assert!(
            !rule_id && !local_coordinate && !value.is_empty(),
            "{}: argument {name} = {value:?} is not a person's word",
            reason.kind
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRINGS: &str = "const en = {\n  refusal_a: 'A.',\n  refusal_b: 'B.',\n};\n\nconst zh = {\n  refusal_a: '甲。',\n};\n";

    #[test]
    fn a_string_missing_from_either_table_is_named() {
        assert_eq!(
            missing_refusal_strings(STRINGS, &["a"]),
            Vec::<String>::new()
        );
        assert_eq!(missing_refusal_strings(STRINGS, &["b"]), ["zh: refusal_b"]);
        assert_eq!(
            missing_refusal_strings(STRINGS, &["c"]),
            ["en: refusal_c", "zh: refusal_c"]
        );
    }

    #[test]
    fn rule_ids_and_local_coordinates_are_refused() {
        assert_player_vocabulary(&Reason::new("x").with("post", "e8").with("count", 3));
        for bad in ["DP-3", "1.3", ""] {
            let refused = std::panic::catch_unwind(|| {
                assert_player_vocabulary(&Reason::new("x").with("post", bad));
            });
            assert!(refused.is_err(), "{bad} passed");
        }
    }
}
