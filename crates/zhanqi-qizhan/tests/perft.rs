//! Perft: the number of action sequences of each length from the positions of
//! `tests/data/qizhan.perft` (§12.10 `perft`): actions listed by `legal_actions` for the seat
//! to act and, at a random discard, each chance outcome once, each applied with
//! `apply_unchecked` to a clone; a sequence that reaches game over before its length is not
//! counted, and concessions are not actions here.

use zhanqi_core::{Game, GameNotation, ToAct};
use zhanqi_qizhan::{Action, Qizhan, QizhanOptions};

const DATA: &str = include_str!("data/qizhan.perft");

/// One case of the data file.
struct Case {
    id: String,
    options: Option<serde_json::Value>,
    /// A position, or `new <seed>`.
    start: String,
    counts: Vec<(u32, u64)>,
}

impl Case {
    fn game(&self) -> Qizhan {
        if let Some(seed) = self.start.strip_prefix("new ") {
            let options: QizhanOptions = self
                .options
                .as_ref()
                .map(|o| serde_json::from_value(o.clone()).expect("options"))
                .unwrap_or_default();
            return Qizhan::new(&options, seed.parse().expect("a seed")).expect("a game");
        }
        Qizhan::load(&self.start, self.options.as_ref(), 0)
            .unwrap_or_else(|error| panic!("{}: the position was refused: {error}", self.id))
    }
}

/// Reads the cases: `id <name>`, optionally `options <JSON>`, then `new <seed>` or
/// `position` followed by six lines, then `perft <depth> <nodes>` lines.
fn cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            cases.push(Case {
                id: value.to_owned(),
                options: None,
                start: String::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases.last_mut().expect("an id first");
        match key {
            "options" => case.options = Some(serde_json::from_str(value).expect("options JSON")),
            "new" => case.start = line.to_owned(),
            "position" => {
                let block: Vec<&str> = lines.by_ref().take(6).collect();
                case.start = block.join("\n");
            }
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft <depth> <nodes>");
                case.counts
                    .push((depth.parse().expect("depth"), nodes.parse().expect("nodes")));
            }
            other => panic!("{}: unknown line '{other}'", case.id),
        }
    }
    cases
}

/// The action sequences of length `depth`.
fn perft(game: &Qizhan, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves: Vec<Action> = Vec::new();
    let seat = match game.to_act() {
        ToAct::Over => return 0,
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            moves.extend(outcomes.into_iter().map(|(action, _)| action));
            game.seats().lowest().expect("a seat")
        }
        ToAct::Seats(seats) => {
            let seat = seats.lowest().expect("a seat");
            game.legal_actions(seat, &mut moves);
            seat
        }
    };
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|action| {
            let mut next = game.clone();
            next.apply_unchecked(seat, action);
            perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_match_the_data() {
    let cases = cases(DATA);
    assert!(cases.len() >= 5, "the data file lost cases");
    let mut failures = Vec::new();
    for case in &cases {
        let game = case.game();
        for &(depth, nodes) in &case.counts {
            let found = perft(&game, depth);
            if found != nodes {
                failures.push(format!(
                    "{} perft {depth}: {found}, expected {nodes}",
                    case.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every action listed applies with the checked path too, at depth 2 of every case.
#[test]
fn listed_actions_are_legal_for_the_checked_path() {
    for case in cases(DATA) {
        let game = case.game();
        if let ToAct::Seats(seats) = game.to_act() {
            let seat = seats.lowest().expect("a seat");
            let mut moves = Vec::new();
            game.legal_actions(seat, &mut moves);
            for action in moves {
                let mut checked = game.clone();
                checked.apply(seat, &action).unwrap_or_else(|e| {
                    panic!("{}: '{}' refused: {e}", case.id, game.action_text(&action))
                });
            }
        }
    }
}

/// Prints the counts of every case, to fill in a new case's lines.
#[test]
#[ignore = "prints the perft counts of tests/data/qizhan.perft"]
fn print_perft_counts() {
    for case in cases(DATA) {
        let game = case.game();
        for &(depth, _) in &case.counts {
            println!("{} perft {depth} {}", case.id, perft(&game, depth));
        }
    }
}
