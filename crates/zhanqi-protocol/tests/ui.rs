//! The client presentation through the dyn layer: setup, views, events and scoring by name.

use zhanqi_core::{Seat, SeatResult, Viewer};
use zhanqi_protocol::{Choices, DrawOffer, Registry, UiError};

const EXAMPLE: &str = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";

#[test]
fn a_2p_game_arranged_played_and_scored_through_the_dyn_layer() {
    let entry = Registry::standard().find("junqi").unwrap();
    let probe = entry.new_game(Some("2p"), 9, &[]).unwrap();
    assert!(probe.deploys());
    let random = probe.random_setup(Some("n"), 4).unwrap();
    assert_eq!(probe.check_setup(Some("n"), &random).unwrap(), random);
    assert_eq!(probe.check_setup(None, &random).unwrap(), random);
    assert!(matches!(
        probe.check_setup(Some("x"), &random),
        Err(UiError::Game(_))
    ));
    let swapped = probe.swap_setup("s", EXAMPLE, "a6", "b6").unwrap();
    assert_ne!(swapped, EXAMPLE);
    let refused = probe.swap_setup("s", EXAMPLE, "c3", "c6").unwrap_err();
    assert!(
        matches!(refused, UiError::Setup(ref error) if error.violations.iter().any(|v| v.contains("DP-4")))
    );
    let board = probe.ui_board();
    assert_eq!(board["posts"].as_array().unwrap().len(), 60);

    let mut game = entry
        .new_game(Some("2p"), 9, &[("s", EXAMPLE), ("n", &random)])
        .unwrap();
    let mover = match game.to_act() {
        zhanqi_protocol::Turn::Seats(seats) => seats[0],
        other => panic!("expected a seat to move, got {other:?}"),
    };
    let Choices::Listed(actions) = game.legal_actions(mover).unwrap() else {
        panic!("moves are listed");
    };
    let played = game.play_ui(mover, &actions[0]).unwrap();
    assert_eq!(played.events.spectator[0]["kind"], "moved");
    let spectator = game.ui_view(Viewer::Spectator);
    assert!(
        spectator["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|cell| cell["piece"] == "?")
    );
    let own = game.ui_view(Viewer::Seat(Seat::new(0)));
    assert!(
        own["cells"]
            .as_array()
            .unwrap()
            .iter()
            .any(|cell| cell["piece"] == "F")
    );
    assert!(
        game.points_change(&[0, 0]).is_none(),
        "nothing is scored during play"
    );
    let other = if mover == "s" { "n" } else { "s" };
    game.play_ui(other, "escape").unwrap();
    assert_eq!(game.points_change(&[0, 0]).unwrap().len(), 2);
    let results = game.seat_results().unwrap();
    assert!(results.contains(&SeatResult::Escaped) && results.contains(&SeatResult::Win));
}

#[test]
fn dark_chess_has_no_deployment_to_arrange() {
    let entry = Registry::standard().find("junqi").unwrap();
    let game = entry.new_game(Some("dark"), 1, &[]).unwrap();
    assert!(!game.deploys());
    assert!(matches!(
        game.random_setup(None, 1),
        Err(UiError::Unsupported(_))
    ));
}

/// South has every piece; North an engineer, a mine and its flag, 50 moves in.
const LOPSIDED_2P: &str = "2p 2nMnF1/nE4/5/5/5/5/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 50";

/// junqi.md Ex 4: a 4p middlegame at move 120.
const MIDDLEGAME_4P: &str = "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB3eT4eM/10sDeF/10eE3eM/5/5/sE4/5/1sM3/sMsF3 s s+0e+1n+0w+0 - 3 120";

#[test]
fn the_pending_draw_offer_is_read_through_the_dyn_layer() {
    let entry = Registry::standard().find("junqi").unwrap();
    let mut game = entry.load_game(MIDDLEGAME_4P, None, 3).unwrap();
    assert_eq!(game.draw_offer(), None);
    game.play("s", "draw?").unwrap();
    assert_eq!(
        game.draw_offer(),
        Some(DrawOffer {
            by: "s",
            accepted: Vec::new()
        })
    );
    game.play("n", "draw+").unwrap();
    game.play("e", "draw+").unwrap();
    assert_eq!(
        game.draw_offer(),
        Some(DrawOffer {
            by: "s",
            accepted: vec!["e", "n"]
        })
    );
    game.play("w", "draw-").unwrap();
    assert_eq!(game.draw_offer(), None, "one refusal rejects the offer");
}

#[test]
fn a_seat_far_behind_estimates_its_standing_low_and_the_seat_ahead_high() {
    let entry = Registry::standard().find("junqi").unwrap();
    let game = entry.load_game(LOPSIDED_2P, None, 3).unwrap();
    let ahead = game.estimate("s", 11).unwrap();
    let behind = game.estimate("n", 11).unwrap();
    assert!(ahead > 0.5, "south has everything: {ahead}");
    assert!(behind < -0.5, "north has three pieces: {behind}");
    assert_eq!(
        game.estimate("n", 11).unwrap(),
        behind,
        "same seed, same answer"
    );
    assert!(game.estimate("x", 11).is_err());

    let even = entry.new_game(Some("2p"), 5, &[("s", EXAMPLE), ("n", EXAMPLE)]);
    let even = even.unwrap().estimate("s", 11).unwrap();
    assert!(even.abs() < 0.2, "the same layouts on both sides: {even}");
}

/// The server lists a seat's actions once and takes its `legal` list from the choices, so the
/// choices must be exactly the listed actions, in their order, in every game and mode.
#[test]
fn every_games_choices_are_its_listed_actions_in_order() {
    for entry in Registry::standard().entries() {
        let mut compared = 0;
        for &mode in entry.modes() {
            let mode = (!mode.is_empty()).then_some(mode);
            for seed in 0..4 {
                let Ok(mut game) = entry.new_game(mode, seed, &[]) else {
                    continue;
                };
                for ply in 0..120_u64 {
                    for seat in game.seat_names() {
                        let choices = game.choices(seat).unwrap();
                        let actions: Vec<String> =
                            choices.into_iter().map(|choice| choice.action).collect();
                        match game.legal_actions(seat).unwrap() {
                            Choices::Listed(listed) => assert_eq!(
                                actions,
                                listed,
                                "{} {mode:?} seed {seed} ply {ply} seat {seat}",
                                entry.name()
                            ),
                            Choices::Unlisted => assert!(actions.is_empty()),
                        }
                        compared += 1;
                    }
                    let mover = match game.to_act() {
                        zhanqi_protocol::Turn::Seats(seats) => seats[0],
                        zhanqi_protocol::Turn::Chance => {
                            game.roll().unwrap();
                            continue;
                        }
                        zhanqi_protocol::Turn::Over => break,
                    };
                    let action = match game.legal_actions(mover).unwrap() {
                        Choices::Listed(actions) => {
                            actions[usize::try_from(seed ^ ply).unwrap() % actions.len()].clone()
                        }
                        Choices::Unlisted => game.random_unlisted(mover, seed ^ ply).unwrap(),
                    };
                    game.play(mover, &action).unwrap();
                }
            }
        }
        assert!(compared > 0, "no {} game could be started", entry.name());
    }
}
