//! Perft counts, recorded in `tests/data/tiehuo.perft`: the number of action sequences of a
//! given length from a position, each chance outcome counted once whatever its weight,
//! `concede` not counted, sequences that reach game over earlier not counted (§17.10).

use crate::common;

use zhanqi_core::{Game, ToAct};
use zhanqi_tiehuo::Tiehuo;

const DATA: &str = include_str!("data/tiehuo.perft");

/// The perft count of `game` at `depth`.
///
/// # Panics
/// At a deployment, whose choices are not listed.
fn perft(game: &Tiehuo, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves: Vec<(zhanqi_core::Seat, zhanqi_tiehuo::Action)> = match game.to_act() {
        ToAct::Over => return 0,
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            outcomes
                .into_iter()
                .map(|(action, _)| (zhanqi_core::Seat::new(0), action))
                .collect()
        }
        ToAct::Seats(seats) => {
            let seat = seats.lowest().expect("a seat");
            assert!(
                !game.has_unlisted_actions(seat),
                "perft is refused at a deployment"
            );
            let mut actions = Vec::new();
            game.legal_actions(seat, &mut actions);
            actions.into_iter().map(|action| (seat, action)).collect()
        }
    };
    moves
        .iter()
        .map(|(seat, action)| {
            let mut next = game.clone();
            next.apply_unchecked(*seat, action);
            perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_match_the_data() {
    let lines: Vec<&str> = DATA.lines().collect();
    let mut index = 0;
    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut current: Option<(String, Tiehuo)> = None;
    while index < lines.len() {
        let line = lines[index];
        index += 1;
        if let Some(id) = line.strip_prefix("id ") {
            assert_eq!(
                lines.get(index),
                Some(&"position"),
                "tiehuo.perft: 'position' after id {id}"
            );
            let text = lines[index + 1..index + 14].join("\n");
            index += 14;
            current = Some((id.to_owned(), common::load(&text)));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (id, game) = current.as_ref().expect("perft after a position");
            let (depth, nodes) = rest.split_once(' ').expect("perft <depth> <nodes>");
            let (depth, nodes): (u32, u64) =
                (depth.parse().expect("depth"), nodes.parse().expect("nodes"));
            let got = perft(game, depth);
            checked += 1;
            if got != nodes {
                wrong.push(format!("{id}: perft {depth} {got} (data {nodes})"));
            }
        }
    }
    assert!(checked >= 10, "too few perft cases");
    assert!(
        wrong.is_empty(),
        "perft counts differ:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn perft_is_refused_at_a_deployment() {
    let mut game = <Tiehuo as Game>::new(&Default::default(), 0).expect("standard");
    for roll in ["1", "3+5", "6+6"] {
        common::play(&mut game, "chance", roll);
    }
    let refused = std::panic::catch_unwind(|| perft(&game, 1));
    assert!(refused.is_err());
}
