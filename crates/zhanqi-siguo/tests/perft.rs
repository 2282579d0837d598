//! Perft counts recorded in `tests/data/siguo.perft`: any change in move generation, bases,
//! redeployment, bombs, exchanges or the end of the game changes some of them.

use zhanqi_core::GameNotation;
use zhanqi_siguo::Siguo;

const DATA: &str = include_str!("data/siguo.perft");

/// One case of the data file.
struct Case {
    id: String,
    options: Option<serde_json::Value>,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (number, line) in DATA.lines().enumerate() {
        let at = || format!("siguo.perft line {}", number + 1);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: no value", at()));
        if key == "id" {
            cases.push(Case {
                id: value.to_owned(),
                options: None,
                position: String::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{}: before any id", at()));
        match key {
            "options" => case.options = Some(serde_json::from_str(value).expect("options JSON")),
            "position" => case.position = value.to_owned(),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("perft <depth> <count>");
                case.counts
                    .push((depth.parse().expect("depth"), count.parse().expect("count")));
            }
            _ => panic!("{}: unknown key {key}", at()),
        }
    }
    cases
}

#[test]
fn perft_counts_match_the_data() {
    let cases = cases();
    assert!(cases.len() >= 7);
    for case in cases {
        let game = <Siguo as GameNotation>::load(&case.position, case.options.as_ref(), 0)
            .unwrap_or_else(|error| panic!("{}: {error}", case.id));
        for (depth, expected) in case.counts {
            assert_eq!(
                game.perft(depth),
                Some(expected),
                "{} at depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn perft_is_refused_during_the_deployment() {
    let game = Siguo::start(zhanqi_siguo::SiguoOptions::default());
    assert_eq!(game.perft(1), None);
}
