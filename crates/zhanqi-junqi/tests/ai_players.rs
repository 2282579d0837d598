//! The AI players (`zhanqi-ai`) over whole junqi games, with junqi's evaluator and deployments:
//! they never panic and always play legally, ISMCTS is reproducible, AI deployments are legal,
//! and the heuristic beats random.

use zhanqi_ai::arena::{
    Tally, check_deterministic_player, check_deterministic_search, duel, play_out, players,
};
use zhanqi_ai::ismcts::{IsmctsConfig, search};
use zhanqi_ai::{AiGame, Budget, Observation, make_player};
use zhanqi_core::{Game, GameRng, Seat, ToAct};
use zhanqi_junqi::ai::ai_deployment;
use zhanqi_junqi::{Action, Junqi, JunqiOptions, Mode};

fn new_game(mode: Mode, seed: u64) -> Junqi {
    Junqi::new(&JunqiOptions::of_mode(mode), seed).unwrap()
}

/// A game of `mode` after its deployments and `plies` random moves, for searching from.
fn middle_game(mode: Mode, seed: u64, plies: usize) -> Junqi {
    let mut game = new_game(mode, seed);
    let mut movers = players::<Junqi>(&["random"], 4, seed);
    for _ in 0..plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().unwrap();
        let action = movers[seat.index()]
            .choose(&Observation::new(&game, seat))
            .unwrap();
        game.apply(seat, &action).unwrap();
    }
    game
}

#[test]
fn every_player_finishes_games_in_every_mode() {
    let specs = ["heuristic", "easy", "ismcts:iters=60", "random"];
    for (mode, games) in [(Mode::TwoPlayer, 3), (Mode::FourPlayer, 2), (Mode::Dark, 3)] {
        for seed in 0..games {
            let mut game = new_game(mode, 100 + seed);
            let seats = game.seats().len();
            let rotated: Vec<&str> = (0..seats)
                .map(|i| specs[(i + seed as usize) % specs.len()])
                .collect();
            let mut players = players::<Junqi>(&rotated, seats, seed);
            let (outcome, plies) = play_out(&mut game, &mut players);
            assert!(
                outcome.is_some(),
                "{mode:?} game {seed} did not end in {plies} plies"
            );
        }
    }
}

#[test]
fn heuristic_beats_random() {
    let tally = duel(
        |seed| new_game(Mode::TwoPlayer, seed),
        "heuristic",
        "random",
        20,
        500,
    );
    assert!(tally.first >= 15, "{tally:?}");
}

#[test]
fn the_heuristic_team_beats_random_in_4p() {
    let tally = duel(
        |seed| new_game(Mode::FourPlayer, seed),
        "heuristic",
        "random",
        4,
        900,
    );
    assert!(tally.first >= 3, "{tally:?}");
}

#[test]
fn ismcts_is_deterministic_for_a_seed_and_an_iteration_budget() {
    let game = middle_game(Mode::TwoPlayer, 7, 40);
    let ToAct::Seats(seats) = game.to_act() else {
        panic!("the game goes on")
    };
    let observation = Observation::new(&game, seats.lowest().unwrap());
    let evaluator = Junqi::evaluator();
    let without_priors = IsmctsConfig {
        prior_visits: 0.0,
        playout_plies: 4,
        ..IsmctsConfig::new(Budget::Iterations(400), 1)
    };
    for (threads, priors) in [(1, true), (2, true), (1, false), (2, false)] {
        let config = IsmctsConfig {
            threads,
            ..if priors {
                IsmctsConfig::new(Budget::Iterations(400), 1)
            } else {
                without_priors
            }
        };
        check_deterministic_search(
            &observation,
            &config,
            evaluator.as_ref(),
            &format!("{threads} threads, priors {priors}"),
        );
    }
    // The player too: the same seed gives the same choices.
    check_deterministic_player::<Junqi>("ismcts:iters=300,threads=2", &observation);
}

#[test]
fn ismcts_takes_a_flag_it_can_see() {
    // Both commanders are gone (flags public) and south's regiment stands beside north's
    // flag on d12: taking it wins at once.
    let position = "2p nCnPnMnFsT/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/sC2sDsL/sE1sJ2/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4";
    let game = <Junqi as zhanqi_core::GameNotation>::load(position, None, 1).unwrap();
    let observation = Observation::new(&game, Seat::new(0));
    let config = IsmctsConfig::new(Budget::Iterations(2000), 1);
    let found = search(&observation, &config, Junqi::evaluator().as_ref(), 3).unwrap();
    let board = game.board();
    let expected = Action::Move {
        from: board.post("e12").unwrap(),
        to: board.post("d12").unwrap(),
    };
    assert_eq!(found.action, expected, "{:?}", found.root);
}

#[test]
fn ismcts_removes_a_piece_beside_its_own_flag() {
    // The flag position of the test above, with north to move and its division on e11 (the
    // battalion it swapped with is on e9): south's piece on e12, beside north's public flag
    // on d12, takes it next move unless e11 attacks it now. Only a search that looks at the
    // opponent's reply sees that.
    let position = "2p nCnPnMnFsT/nEnCnEnMnD/nP1nB1nT/nYnB1nLnY/nT1nJ1nE/nLnD2nC/sC2sDsL/sE1sJ2/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC n s+0n+0 sn 0 4";
    let game = <Junqi as zhanqi_core::GameNotation>::load(position, None, 1).unwrap();
    let observation = Observation::new(&game, Seat::new(1));
    let board = game.board();
    let expected = Action::Move {
        from: board.post("e11").unwrap(),
        to: board.post("e12").unwrap(),
    };
    for seed in 0..3 {
        let config = IsmctsConfig::new(Budget::Iterations(1000), 1);
        let found = search(&observation, &config, Junqi::evaluator().as_ref(), seed).unwrap();
        assert_eq!(found.action, expected, "seed {seed}: {:?}", found.root);
    }
}

#[test]
fn ai_deployments_are_accepted_by_the_game_in_2p_and_4p() {
    let mut rng = GameRng::from_seed(8);
    for mode in [Mode::TwoPlayer, Mode::FourPlayer] {
        for seed in 0..200 {
            let mut game = new_game(mode, seed);
            for seat in game.seats().iter() {
                let deployment = Action::Deploy(ai_deployment(&mut rng));
                game.apply(seat, &deployment).unwrap();
            }
            assert!(matches!(game.to_act(), ToAct::Seats(seats) if seats.len() == 1));
        }
    }
}

#[test]
fn players_deploy_through_the_hook() {
    let game = new_game(Mode::TwoPlayer, 1);
    let observation = Observation::new(&game, Seat::new(1));
    for spec in ["heuristic", "easy", "ismcts:iters=10"] {
        let mut player = make_player::<Junqi>(&spec.parse().unwrap(), 4);
        let action = player.choose(&observation).unwrap();
        assert!(matches!(action, Action::Deploy(_)), "{spec}: {action:?}");
        game.clone().apply(Seat::new(1), &action).unwrap();
    }
}

#[test]
fn tally_counts_every_game() {
    let Tally {
        first,
        second,
        draws,
    } = duel(|seed| new_game(Mode::Dark, seed), "random", "random", 4, 1);
    assert_eq!(first + second + draws, 4);
}
