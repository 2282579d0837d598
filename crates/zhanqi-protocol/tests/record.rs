//! zhanqi records: written, read back and replayed through the game, with every action checked.

use zhanqi_core::Viewer;
use zhanqi_protocol::{GameRecord, RECORD_FORMAT, RecordError, Registry};

const EX1: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 0";
const EX2: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/sC2sDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4";

fn record(actions: &[&str]) -> GameRecord {
    GameRecord {
        format: RECORD_FORMAT.into(),
        game: "junqi".into(),
        mode: "2p".into(),
        options: serde_json::json!({"mode": "2p"}),
        seed: 0,
        start: Some(EX1.into()),
        players: Default::default(),
        actions: actions.iter().map(|line| line.to_string()).collect(),
        result: None,
        source: None,
    }
}

#[test]
fn a_record_round_trips_and_replays_to_the_spec_position() {
    let written = record(&["s: c6xc7=X", "n: d7-c7", "s: b6-c6", "n: c7xc6=X"]);
    let read = GameRecord::from_json(&written.to_json()).expect("a record reads back");
    assert_eq!(read, written);
    let (steps, game) = read
        .replay(&Registry::standard())
        .expect("the record replays");
    assert_eq!(steps.len(), 5);
    assert_eq!(steps[0].position, EX1);
    assert_eq!(steps[4].action.as_deref(), Some("n: c7xc6=X"));
    assert_eq!(steps[4].position, EX2);
    assert_eq!(game.position(Viewer::Omniscient), EX2);
}

#[test]
fn bad_records_are_refused_with_the_action_named() {
    let registry = Registry::standard();
    let error = |record: GameRecord| {
        record
            .replay(&registry)
            .err()
            .expect("the record is refused")
    };
    let refused = error(record(&["s: c6xc7=X", "s: d7-c7"]));
    assert!(
        matches!(refused, RecordError::Refused { index: 1, .. }),
        "{refused}"
    );
    let differs = error(record(&["s: c6xc7=A"]));
    assert!(
        matches!(differs, RecordError::Differs { index: 0, ref played, .. } if played == "c6xc7=X"),
        "{differs}"
    );
    let bad_line = error(record(&["c6xc7"]));
    assert!(
        matches!(bad_line, RecordError::BadLine { index: 0, .. }),
        "{bad_line}"
    );
    assert!(matches!(
        GameRecord::from_json("{}"),
        Err(RecordError::Malformed(_))
    ));
    let mut wrong_format = record(&[]);
    wrong_format.format = "something-else/9".into();
    assert!(matches!(
        GameRecord::from_json(&wrong_format.to_json()),
        Err(RecordError::Malformed(_))
    ));
}
