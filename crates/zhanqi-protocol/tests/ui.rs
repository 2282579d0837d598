//! The client presentation through the dyn layer: setup, views, events and scoring by name.

use zhanqi_core::{Seat, Viewer};
use zhanqi_protocol::{Choices, Registry, UiError};

const EXAMPLE: &str = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";

#[test]
fn a_2p_game_arranged_played_and_scored_through_the_dyn_layer() {
    let entry = Registry::standard().find("junqi").unwrap();
    let probe = entry.new_game(Some("2p"), 9, &[]).unwrap();
    assert!(probe.deploys());
    let random = probe.random_setup(4).unwrap();
    assert_eq!(probe.check_setup(&random).unwrap(), random);
    let swapped = probe.swap_setup("s", EXAMPLE, "a6", "b6").unwrap();
    assert_ne!(swapped, EXAMPLE);
    let refused = probe.swap_setup("s", EXAMPLE, "c3", "c6").unwrap_err();
    assert!(matches!(refused, UiError::Setup(ref reason) if reason.contains("DP-4")));
    let board = probe.ui_board().unwrap();
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
    assert_eq!(played.events[0]["kind"], "moved");
    let spectator = game.ui_view(Viewer::Spectator).unwrap();
    assert!(
        spectator["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|cell| cell["piece"] == "?")
    );
    let own = game.ui_view(Viewer::Seat(Seat::new(0))).unwrap();
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
    assert!(results.contains(&"escaped") && results.contains(&"win"));
}

#[test]
fn dark_chess_has_no_deployment_to_arrange() {
    let entry = Registry::standard().find("junqi").unwrap();
    let game = entry.new_game(Some("dark"), 1, &[]).unwrap();
    assert!(!game.deploys());
    assert!(matches!(game.random_setup(1), Err(UiError::Unsupported(_))));
}
