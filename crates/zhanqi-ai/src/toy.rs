//! The players on the core testkit's toy game, which has what junqi lacks: chance nodes (a
//! weighted die) and a simultaneous hidden phase that is unlisted for both seats at once.

use zhanqi_core::testkit::toy::{HiddenRace, HiddenRaceOptions};
use zhanqi_core::{Game, Seat, ToAct};

use crate::{Observation, PlayerSpec, make_player};

#[test]
fn every_player_finishes_toy_games_through_dice_and_hidden_orderings() {
    let specs = [
        "ismcts:iters=80",
        "heuristic",
        "random",
        "ismcts:iters=40,threads=2",
    ];
    for seed in 0..12u64 {
        let mut game = HiddenRace::new(&HiddenRaceOptions::default(), seed).unwrap();
        let mut players: Vec<_> = (0..2)
            .map(|i| {
                let spec: PlayerSpec = specs[(seed as usize + i) % specs.len()].parse().unwrap();
                make_player::<HiddenRace>(&spec, seed + i as u64)
            })
            .collect();
        let mut plies = 0;
        loop {
            match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    game.roll().unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat: Seat = seats.lowest().unwrap();
                    let action = players[seat.index()]
                        .choose(&Observation::new(&game, seat))
                        .expect("a seat to act has a choice");
                    game.apply(seat, &action).unwrap();
                }
            }
            plies += 1;
            assert!(plies < 1000, "game {seed} does not end");
        }
        assert!(game.outcome().is_some());
    }
}
