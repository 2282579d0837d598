//! Perft: the number of action sequences of each length from the positions of
//! `tests/data/shengke.perft`, and a slow placement generator written straight from §7.4 that
//! checks the engine's placement lists, on those positions and over random play.
//!
//! Perft counts sequences of actions listed by `legal_actions` for the seat to act, and at a
//! roll each of the 36 chance outcomes once (whatever its probability), each applied with
//! `apply_unchecked` to a clone; a finished game has no sequences. It is the engine
//! protocol's `perft` without the protocol, and the test checks that the two agree.

use crate::common;

use std::collections::BTreeSet;

use zhanqi_core::{Game, GameNotation, GameRng, Seat, ToAct};
use zhanqi_protocol::Erased;
use zhanqi_shengke::{Cell, Phase, PlacementRule, Player, Shengke, ShengkeOptions};

const DATA: &str = include_str!("data/shengke.perft");

/// One case of the data file.
struct Case {
    id: String,
    options: Option<serde_json::Value>,
    position: String,
    counts: Vec<(u32, u64)>,
}

impl Case {
    fn load(&self) -> Shengke {
        Shengke::load(&self.position, self.options.as_ref(), 0)
            .unwrap_or_else(|error| panic!("{}: the position was refused: {error}", self.id))
    }
}

/// Reads the cases: `id <name>`, optionally `options <JSON>`, then `position` followed by the
/// eight lines of a state block, then `perft <depth> <nodes>` lines. `#` starts a comment.
fn cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let line_number = index + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
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
            .unwrap_or_else(|| panic!("shengke.perft line {line_number}: '{key}' before any 'id'"));
        match key {
            "options" => {
                case.options = Some(serde_json::from_str(value).unwrap_or_else(|error| {
                    panic!("shengke.perft line {line_number}: bad options JSON: {error}")
                }));
            }
            "position" => {
                let block: Vec<&str> = lines.by_ref().take(8).map(|(_, line)| line).collect();
                case.position = block.join("\n");
            }
            "perft" => {
                let numbers: Vec<u64> = value
                    .split_whitespace()
                    .map(|number| {
                        number.parse().unwrap_or_else(|error| {
                            panic!(
                                "shengke.perft line {line_number}: bad number '{number}': {error}"
                            )
                        })
                    })
                    .collect();
                let [depth, nodes] = numbers[..] else {
                    panic!("shengke.perft line {line_number}: expected 'perft <depth> <nodes>'");
                };
                case.counts.push((depth as u32, nodes));
            }
            other => panic!("shengke.perft line {line_number}: unknown key '{other}'"),
        }
    }
    cases
}

/// The number of action sequences of length `depth` from `game`.
fn perft(game: &Shengke, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    match game.to_act() {
        ToAct::Over => return 0,
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            actions.extend(outcomes.into_iter().map(|(outcome, _)| outcome));
        }
        ToAct::Seats(seats) => {
            let seat = seats.lowest().expect("a seat acts");
            game.legal_actions(seat, &mut actions);
        }
    }
    if depth == 1 {
        return actions.len() as u64;
    }
    let seat = acting_seat(game);
    actions
        .iter()
        .map(|action| {
            let mut next = game.clone();
            next.apply_unchecked(seat, action);
            perft(&next, depth - 1)
        })
        .sum()
}

fn acting_seat(game: &Shengke) -> Seat {
    match game.to_act() {
        ToAct::Seats(seats) => seats.lowest().expect("a seat acts"),
        _ => Seat::new(0),
    }
}

#[test]
fn perft_counts_match_the_data() {
    let cases = cases(DATA);
    assert!(cases.len() >= 8, "the data file lost cases");
    for case in &cases {
        let game = case.load();
        assert!(!case.counts.is_empty(), "{}: no perft lines", case.id);
        for &(depth, nodes) in &case.counts {
            assert_eq!(perft(&game, depth), nodes, "{} at depth {depth}", case.id);
        }
    }
}

#[test]
fn the_engine_protocol_counts_alike() {
    for case in cases(DATA) {
        let game = case.load();
        let boxed = Erased::boxed(game.clone());
        for &(depth, nodes) in case.counts.iter().filter(|(depth, _)| *depth <= 2) {
            assert_eq!(
                boxed.perft(depth).unwrap(),
                nodes,
                "{} at depth {depth}",
                case.id
            );
        }
    }
}

/// Prints the counts of every case to depth 3 (depth 4 where quick), to fill the data file.
#[test]
#[ignore = "prints perft counts for tests/data/shengke.perft"]
fn print_perft_counts() {
    for case in cases(DATA) {
        let game = case.load();
        println!("id {}", case.id);
        for depth in 1..=3 {
            println!("perft {depth} {}", perft(&game, depth));
        }
    }
}

/// The placements of §7.4, enumerated by brute force from the rules' words: every card of a
/// rolled element in hand on every empty cell, pairs of distinct cards that are one of each
/// rolled element on distinct cells that are not orthogonal neighbours, as many cards as
/// possible under `mandatory_max`.
fn slow_placements(game: &Shengke) -> BTreeSet<String> {
    let Phase::Place(rolled) = game.phase() else {
        return BTreeSet::new();
    };
    let active = Player::of_turn(game.turn());
    let hand: Vec<_> = game
        .cards(active)
        .hand
        .iter()
        .filter(|card| rolled.contains(&card.element()))
        .collect();
    let empty: Vec<Cell> = (0..25)
        .map(Cell::from_index)
        .filter(|&cell| game.field().get(cell).is_none())
        .collect();
    let adjacent =
        |a: Cell, b: Cell| (a.column() - b.column()).abs() + (a.row() - b.row()).abs() == 1;
    let mut pairs = BTreeSet::new();
    for &a in &hand {
        for &b in &hand {
            let mut elements = [a.element(), b.element()];
            let mut wanted = rolled;
            elements.sort();
            wanted.sort();
            if a == b || elements != wanted {
                continue;
            }
            for &x in &empty {
                for &y in &empty {
                    if x != y && !adjacent(x, y) {
                        pairs.insert(format!("{a}@{x} {b}@{y}"));
                    }
                }
            }
        }
    }
    let mut singles = BTreeSet::new();
    for &card in &hand {
        for &cell in &empty {
            singles.insert(format!("{card}@{cell}"));
        }
    }
    let optional = game.rules().placement == PlacementRule::Optional;
    if optional {
        let mut all = pairs;
        all.extend(singles);
        all.insert("-".to_owned());
        all
    } else if !pairs.is_empty() {
        pairs
    } else if !singles.is_empty() {
        singles
    } else {
        BTreeSet::from(["-".to_owned()])
    }
}

fn fast_placements(game: &Shengke) -> BTreeSet<String> {
    common::legal(game).into_iter().collect()
}

#[test]
fn slow_generator_agrees_on_the_perft_positions() {
    for case in cases(DATA) {
        let game = case.load();
        if let Phase::Place(_) = game.phase() {
            assert_eq!(
                fast_placements(&game),
                slow_placements(&game),
                "{}",
                case.id
            );
        }
    }
}

#[test]
fn slow_generator_agrees_over_random_games() {
    let optional = ShengkeOptions {
        placement: PlacementRule::Optional,
        ..ShengkeOptions::default()
    };
    for (options, games) in [(ShengkeOptions::default(), 300), (optional, 60)] {
        for seed in 0..games {
            let mut game = Shengke::new(&options, seed).expect("valid options");
            let mut rng = GameRng::stream(seed, 9);
            let mut actions = Vec::new();
            while game.to_act() != ToAct::Over {
                if game.to_act() == ToAct::Chance {
                    game.roll().expect("a roll");
                    continue;
                }
                if let Phase::Place(_) = game.phase() {
                    assert_eq!(
                        fast_placements(&game),
                        slow_placements(&game),
                        "seed {seed}\n{}",
                        common::full(&game)
                    );
                }
                let seat = acting_seat(&game);
                actions.clear();
                game.legal_actions(seat, &mut actions);
                let action = actions[rng.below(actions.len())];
                game.apply_unchecked(seat, &action);
            }
        }
    }
}
