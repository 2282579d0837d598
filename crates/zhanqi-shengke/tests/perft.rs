//! Perft: the number of action sequences of each length from the positions of
//! `tests/data/shengke.perft` (the core testkit's `data::perft`: at a roll each of the 36
//! chance outcomes once, whatever its probability), checked against the engine protocol's
//! perft, and a slow placement generator written straight from §7.4 that checks the engine's
//! placement lists, on those positions and over random play.

use crate::common;

use std::collections::BTreeSet;

use zhanqi_core::testkit::data::{self, perft_cases};
use zhanqi_core::{Game, GameRng, Seat, ToAct};
use zhanqi_protocol::Erased;
use zhanqi_shengke::{Cell, Phase, PlacementRule, Player, Shengke, ShengkeOptions};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shengke.perft");

fn acting_seat(game: &Shengke) -> Seat {
    match game.to_act() {
        ToAct::Seats(seats) => seats.lowest().expect("a seat acts"),
        _ => Seat::new(0),
    }
}

#[test]
fn perft_counts_match_the_data() {
    data::check_perft_file::<Shengke>(DATA);
}

#[test]
fn the_engine_protocol_counts_alike() {
    for case in perft_cases::<Shengke>(DATA) {
        let boxed = Erased::boxed(case.game.clone());
        for &(depth, nodes) in case.counts.iter().filter(|(depth, _)| *depth <= 2) {
            assert_eq!(
                boxed.perft(depth).unwrap(),
                nodes,
                "{} at depth {depth}",
                case.name
            );
        }
    }
}

/// Prints the data file with every count as the engine gives it now, to fill in a new case.
#[test]
#[ignore = "prints tests/data/shengke.perft with the counts of today"]
fn regenerate_perft_counts() {
    print!("{}", data::regenerated_perft_file::<Shengke>(DATA));
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
    for case in perft_cases::<Shengke>(DATA) {
        if let Phase::Place(_) = case.game.phase() {
            assert_eq!(
                fast_placements(&case.game),
                slow_placements(&case.game),
                "{}",
                case.name
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
