//! The players and the arena on the core testkit's toy game ([`HiddenRace`]: a hidden deal, a
//! simultaneous hidden ordering, a weighted die): whole games end with every choice legal, the
//! tally counts every game, and ISMCTS is reproducible for a seed and an iteration budget. The
//! same machinery over real games is tested in each game crate (`zhanqi-junqi`'s
//! `tests/ai_players.rs`, `zhanqi-shengke`'s).

use zhanqi_ai::arena::{
    Tally, check_deterministic_player, check_deterministic_search, duel, play_out, players,
};
use zhanqi_ai::ismcts::IsmctsConfig;
use zhanqi_ai::{AiGame, Budget, Observation};
use zhanqi_core::testkit::toy::{HiddenRace, HiddenRaceOptions};
use zhanqi_core::{Game, ToAct};

fn new_game(seed: u64) -> HiddenRace {
    HiddenRace::new(&HiddenRaceOptions::default(), seed).unwrap()
}

/// A game after its orderings and `plies` more random plies (dice included), stopped at a seat
/// to play, for searching from.
fn middle_game(seed: u64, plies: usize) -> HiddenRace {
    let mut game = new_game(seed);
    let mut movers = players::<HiddenRace>(&["random"], 2, seed);
    let mut played = 0;
    loop {
        match game.to_act() {
            ToAct::Over => panic!("game {seed} ended before ply {plies}"),
            ToAct::Chance => {
                game.roll().unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().unwrap();
                if seats.len() == 1 && played >= plies {
                    return game;
                }
                let action = movers[seat.index()]
                    .choose(&Observation::new(&game, seat))
                    .unwrap();
                game.apply(seat, &action).unwrap();
            }
        }
        played += 1;
    }
}

#[test]
fn every_player_finishes_games_with_legal_choices() {
    let specs = ["heuristic", "easy", "ismcts:iters=60", "random"];
    for seed in 0..8u64 {
        let mut game = new_game(200 + seed);
        let rotated = [
            specs[seed as usize % specs.len()],
            specs[(seed as usize + 1) % specs.len()],
        ];
        let mut players = players::<HiddenRace>(&rotated, 2, seed);
        let (outcome, plies) = play_out(&mut game, &mut players);
        assert!(
            outcome.is_some(),
            "game {seed} did not end in {plies} plies"
        );
    }
}

#[test]
fn tally_counts_every_game() {
    let Tally {
        first,
        second,
        draws,
    } = duel(new_game, "random", "random", 6, 1);
    assert_eq!(first + second + draws, 6);
}

#[test]
fn ismcts_is_deterministic_for_a_seed_and_an_iteration_budget() {
    let game = middle_game(7, 4);
    let ToAct::Seats(seats) = game.to_act() else {
        panic!("the game goes on")
    };
    let observation = Observation::new(&game, seats.lowest().unwrap());
    let evaluator = HiddenRace::evaluator();
    for threads in [1, 2] {
        let config = IsmctsConfig::new(Budget::Iterations(300), threads);
        check_deterministic_search(
            &observation,
            &config,
            evaluator.as_ref(),
            &format!("{threads} threads"),
        );
    }
    check_deterministic_player::<HiddenRace>("ismcts:iters=200,threads=2", &observation);
}
