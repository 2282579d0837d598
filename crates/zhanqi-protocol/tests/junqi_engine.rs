//! `zhanqi engine` with the real junqi game: whole random games through the protocol, and
//! hostile `play` lines that must be refused without changing anything.

use serde_json::{Value, json};
use zhanqi_core::GameRng;
use zhanqi_protocol::{Engine, Registry};

fn ask(engine: &mut Engine, request: Value) -> Value {
    let answer = engine.answer(request.to_string().as_bytes());
    serde_json::from_str(&answer.line).expect("every answer is JSON")
}

fn state(engine: &mut Engine) -> (Value, Value) {
    (
        ask(engine, json!({"op":"position"})),
        ask(engine, json!({"op":"legal"})),
    )
}

/// Moves that look like junqi but are mostly wrong: other seats' moves, off-board posts,
/// truncated and decorated texts.
fn hostile(rng: &mut GameRng, listed: &[String]) -> String {
    let files = "abcdefghijklmnopqz";
    let post = |rng: &mut GameRng| {
        format!(
            "{}{}",
            files.as_bytes()[rng.below(files.len())] as char,
            rng.below(19)
        )
    };
    match rng.below(8) {
        0 => format!("{}-{}", post(rng), post(rng)),
        1 => format!("{}x{}", post(rng), post(rng)),
        2 => format!("*{}", post(rng)),
        3 => listed
            .get(rng.below(listed.len().max(1)))
            .map_or("T".into(), |m| format!("{m}=Q")),
        4 => listed
            .get(rng.below(listed.len().max(1)))
            .map_or("".into(), |m| m[..m.len() / 2].to_string()),
        5 => [
            "draw+",
            "draw-",
            "resign",
            "",
            " ",
            "c6-c7 ",
            "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC",
        ][rng.below(7)]
        .into(),
        6 => "a1-a1".into(),
        _ => format!("{}{}", post(rng), "-".repeat(rng.below(3))),
    }
}

#[test]
fn random_games_through_the_protocol_with_hostile_moves_between() {
    let mut rng = GameRng::from_seed(99);
    for (index, mode) in ["2p", "4p", "dark"].iter().cycle().take(30).enumerate() {
        let mut engine = Engine::new(Registry::standard());
        let created = ask(
            &mut engine,
            json!({"op":"new","game":"junqi","mode":mode,"seed":index}),
        );
        assert_eq!(created["ok"], true, "{created}");
        for _ply in 0..400 {
            let legal = ask(&mut engine, json!({"op":"legal"}));
            let seats = legal["to_move"]
                .as_array()
                .expect("to_move is a list")
                .clone();
            let Some(seat) = seats.first().and_then(Value::as_str).map(String::from) else {
                break;
            };
            let listed: Vec<String> = legal["moves"][&seat]
                .as_array()
                .expect("moves are listed")
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            assert!(
                listed.windows(2).all(|pair| pair[0] < pair[1]),
                "legal moves are sorted and distinct"
            );
            // A hostile line for a random seat: refused and harmless, or legal and played.
            let before = state(&mut engine);
            let attempt = hostile(&mut rng, &listed);
            let victim = ["s", "e", "n", "w"][rng.below(4)];
            let answer = ask(
                &mut engine,
                json!({"op":"play","seat":victim,"move":attempt}),
            );
            if answer["ok"] == false {
                assert!(
                    answer["error"]
                        .as_str()
                        .is_some_and(|e| !e.is_empty() && !e.starts_with("internal")),
                    "{answer}"
                );
                assert_eq!(
                    state(&mut engine),
                    before,
                    "a refused '{attempt}' for {victim} changed the game"
                );
            } else {
                continue;
            }
            let Some(choice) = listed.get(rng.below(listed.len().max(1))) else {
                break;
            };
            let played = ask(&mut engine, json!({"op":"play","seat":seat,"move":choice}));
            assert_eq!(played["ok"], true, "listed move {choice} refused: {played}");
        }
        let outcome = ask(&mut engine, json!({"op":"outcome"}));
        assert_eq!(outcome["ok"], true);
    }
}

#[test]
fn new_takes_junqis_options_and_refuses_them_with_the_games_reason() {
    let mut engine = Engine::new(Registry::standard());
    let answer = ask(
        &mut engine,
        json!({"op":"new","game":"junqi","mode":"4p","seed":3,"options":{"two_players_on_4p":true}}),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    let legal = ask(&mut engine, json!({"op":"legal"}));
    assert_eq!(legal["to_move"], json!(["s"]), "only s and n play: {legal}");
    let error = |request: Value| {
        let mut engine = Engine::new(Registry::standard());
        let answer = ask(&mut engine, request);
        assert_eq!(answer["ok"], false, "{answer}");
        answer["error"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        error(json!({"op":"new","game":"junqi","seed":3,"options":{"ally_visible":true}})),
        "invalid game options: two_players_on_4p and ally_visible belong to the 4p mode"
    );
    assert!(
        error(json!({"op":"new","game":"junqi","seed":3,"options":{"fog":true}}))
            .starts_with("options at character 0: unknown field `fog`"),
    );
    assert!(
        error(json!({"op":"new","game":"junqi","mode":"dark","seed":3,"options":{"colour_rule":"three_same"}}))
            .starts_with("options at character 0: unknown variant `three_same`"),
    );
}
