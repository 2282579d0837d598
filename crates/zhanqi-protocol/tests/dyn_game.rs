//! The dyn layer and the registry, used directly as the server and the command line use them.

use crate::common;

use common::TEST_GAMES;
use common::race::{Race, RaceOptions};
use zhanqi_core::{Game, Viewer};
use zhanqi_protocol::{
    ChanceOutcome, Choices, Erased, GameError, OutcomeSummary, Played, Rolled, Turn, entry,
};

#[test]
fn the_registry_finds_games_by_name() {
    assert_eq!(
        TEST_GAMES
            .entries()
            .iter()
            .map(|entry| entry.name())
            .collect::<Vec<_>>(),
        ["race"]
    );
    assert_eq!(
        TEST_GAMES.find("race").map(|entry| entry.modes()),
        Ok(&["short", "long"][..])
    );
    assert_eq!(
        TEST_GAMES.find("junqi").map(|entry| entry.name()),
        Err(GameError::UnknownGame {
            name: "junqi".to_owned(),
            known: "race".to_owned()
        })
    );
    assert_eq!(entry::<Race>().name(), "race");
}

#[test]
fn a_game_speaks_its_notation_through_the_dyn_layer() {
    let mut game = TEST_GAMES
        .find("race")
        .unwrap()
        .new_game(Some("short"), 7, &[("n", "111")])
        .unwrap();
    assert_eq!((game.name(), game.mode()), ("race", "short"));
    assert_eq!(
        game.options(),
        serde_json::json!({"mode":"short","target":5})
    );
    assert_eq!(game.seat_names(), ["s", "n"]);
    assert_eq!(game.seat("n").map(|seat| seat.index()), Ok(1));
    assert_eq!(game.to_act(), Turn::Seats(vec!["s"]));
    assert_eq!(
        game.legal_actions("s"),
        Ok(Choices::Listed(vec!["+1".into(), "+2".into(), "d".into()]))
    );
    assert_eq!(game.legal_actions("n"), Ok(Choices::Listed(Vec::new())));
    assert_eq!(game.chance_outcomes(), []);
    assert_eq!(game.position(Viewer::Spectator), "short ? ? 0 0 s 0");

    let before = game.clone();
    assert_eq!(
        game.play("s", "d"),
        Ok(Played {
            record: "d".to_owned(),
            position: "short 120 111 0 0 s* 0".to_owned()
        })
    );
    assert_eq!(
        before.position(Viewer::Omniscient),
        "short 120 111 0 0 s 0",
        "a clone is independent"
    );
    assert_eq!(game.to_act(), Turn::Chance);
    assert_eq!(
        game.chance_outcomes(),
        [("1", 1), ("2", 1), ("3", 2)].map(|(text, weight)| ChanceOutcome {
            text: text.to_owned(),
            weight
        })
    );
    assert_eq!(
        game.roll(),
        Ok(Rolled {
            outcome: "1".to_owned(),
            position: "short 120 111 1 0 n 1".to_owned()
        })
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.perft(2), Ok(9));
    assert_eq!(
        game.play("n", "resign").map(|played| played.record),
        Ok("resign".to_owned())
    );
    assert_eq!(
        game.outcome(),
        Some(OutcomeSummary {
            result: "win",
            winners: vec!["s"],
            reason: "surrender"
        })
    );
    assert_eq!(game.to_act(), Turn::Over);
}

#[test]
fn a_refused_change_leaves_the_game_as_it_was() {
    let mut game = Erased::boxed(Race::new(&RaceOptions::default(), 1).unwrap());
    assert_eq!(game.to_act(), Turn::Seats(vec!["s", "n"]));
    assert_eq!(game.legal_actions("s"), Ok(Choices::Unlisted));
    assert_eq!(
        game.perft(1),
        Err(GameError::UnlistedChoice {
            seat: "s".to_owned()
        })
    );
    let position = game.position(Viewer::Omniscient);
    assert_eq!(
        game.play("s", "222"),
        Err(GameError::Illegal {
            seat: "s".to_owned(),
            action: "222".to_owned(),
            reason: "a plan's digits must add up to 3, but these add up to 6".to_owned()
        })
    );
    assert!(matches!(game.play("s", "2x2"), Err(GameError::Notation(error)) if error.offset == 1));
    assert_eq!(
        game.roll(),
        Err(GameError::NotAtChanceNode { what: "roll" })
    );
    assert_eq!(
        game.play("chance", "1"),
        Err(GameError::NotAtChanceNode { what: "play" })
    );
    assert_eq!(
        game.legal_actions("w"),
        Err(GameError::UnknownSeat {
            seat: "w".to_owned(),
            known: "s, n".to_owned()
        })
    );
    assert_eq!(game.position(Viewer::Omniscient), position);
}
