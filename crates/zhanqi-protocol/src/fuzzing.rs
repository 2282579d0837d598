//! The invariants of the fuzz targets (`fuzz/`, docs/fuzzing.md): each target is a
//! `fn(&[u8])` that panics when an invariant breaks, run by cargo-fuzz and by the stable
//! harness of the tests over the corpus, the regressions and proptest's inputs.
//!
//! Beyond "no panic": a parsed position prints back to an equal parse, a parsed action prints
//! back to an equal action, a refused action changes nothing, every listed action applies, and
//! a determinized game keeps its observer's view.

use std::sync::OnceLock;

use serde_json::Value;
use zhanqi_core::{Game, GameNotation, GameRng, NotationError, Seat, ToAct, Viewer};
use zhanqi_junqi::jgs;
use zhanqi_junqi::notation::parse_position;
use zhanqi_junqi::{Deployment, Junqi};
use zhanqi_shengke::Shengke;
use zhanqi_shengke::notation::TurnRecord;
use zhanqi_shengke::ui::{check_deck, deck_cards_ui, deck_of_file, parse_deck, write_deck};

use crate::{Engine, GAMES, GameRecord, RECORD_FORMAT, Registry};

/// A fuzz target: its name (the directory of its corpus) and its check.
pub type Target = (&'static str, fn(&[u8]));

/// Every target, by the name of its `fuzz/fuzz_targets/<name>.rs` and corpus directory.
pub static TARGETS: &[Target] = &[
    ("junqi_position", junqi_position),
    ("junqi_action", junqi_action),
    ("junqi_record", junqi_record),
    ("junqi_deployment", junqi_deployment),
    ("shengke_position", shengke_position),
    ("shengke_action", shengke_action),
    ("shengke_deck", shengke_deck),
    ("shengke_turn_record", shengke_turn_record),
    ("jgs_import", jgs_import),
    ("zhanqi_record", zhanqi_record),
    ("engine_line", engine_line),
];

/// A JFEN position (junqi.md §8): refused with an offset inside the text, or loaded, printed
/// back to an equal parse, its views readable, and the game playable (see [`playable`]).
pub fn junqi_position(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let Some(game) = position::<Junqi>(text) else {
        return;
    };
    let mut viewers = vec![Viewer::Spectator];
    viewers.extend(game.seats().iter().map(Viewer::Seat));
    for viewer in viewers {
        let view = GameNotation::position(&game, viewer);
        if let Err(error) = parse_position(&view) {
            panic!("{text:?}: the view {view:?} of {viewer:?} does not parse: {error}");
        }
    }
}

/// A junqi action (§8.2, a deployment string of §8.3, or a platform action) for every seat of
/// a handful of games at every stage (deployment, opening, middle game; 2p, 4p and dark).
pub fn junqi_action(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    for game in junqi_games() {
        action(game, text);
    }
}

/// A junqi record: an optional first line holding a JFEN position (else the 2p start after
/// deployment and two moves), then `<seat>: <action>` lines as a record writes them (`s: c6xc7=D`), played in
/// turn until one is refused. A refused line changes nothing; a played line's record reads back
/// as the same action.
pub fn junqi_record(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let mut lines = text.lines().peekable();
    let mut game = match lines.peek() {
        Some(first) if !first.contains(": ") => {
            let first = *first;
            lines.next();
            match Junqi::load(first, None, 0) {
                Ok(game) => game,
                Err(error) => return refused(first, &error),
            }
        }
        _ => junqi_games()[2].clone(),
    };
    for line in lines {
        let Some((seat, text)) = line.split_once(": ") else {
            continue;
        };
        let Some(seat) = game.seat_by_name(seat) else {
            continue;
        };
        let action = match game.parse_action(seat, text) {
            Ok(action) => action,
            Err(error) => return refused(text, &error),
        };
        let printed = game.action_text(&action);
        let previous = game.clone();
        let before = snapshot(&game);
        match game.apply(seat, &action) {
            Err(error) => {
                assert_eq!(
                    snapshot(&game),
                    before,
                    "{line:?} was refused but changed the game"
                );
                return one_sentence_about(&error.to_string(), line);
            }
            Ok(events) => {
                // The record is written from the position before the action.
                let record = previous.record_text(&action, &events);
                assert!(
                    record.starts_with(&printed),
                    "{line:?}: the record {record:?} does not begin with {printed:?}"
                );
                match previous.parse_action(seat, &record) {
                    Ok(again) => assert_eq!(again, action, "{line:?}: {record:?} reads back"),
                    Err(error) => panic!("{line:?}: its record {record:?} does not read: {error}"),
                }
            }
        }
    }
    round_trip(&game, text);
}

/// A junqi deployment string (§8.3): refused with an offset inside the text, or read, printed
/// back to an equal deployment, and its rule check consistent (legal exactly when it breaks no
/// rule; a legal swap of two posts, swapped back, is the deployment again when it was legal).
pub fn junqi_deployment(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let deployment = match Deployment::parse(text) {
        Ok(deployment) => deployment,
        Err(error) => return refused(text, &error),
    };
    let printed = deployment.to_string();
    let again = Deployment::parse(&printed).unwrap_or_else(|error| {
        panic!("{text:?} prints as {printed:?}, which does not read: {error}")
    });
    assert_eq!(again, deployment, "{text:?} prints as {printed:?}");
    assert_eq!(Deployment::from_cells(deployment.cells()), deployment);
    let violations = deployment.violations();
    match deployment.validate() {
        Ok(_) => assert!(violations.is_empty()),
        Err(error) => {
            assert_eq!(error.violations, violations);
            one_sentence(&error.to_string());
        }
    }
    for (a, b) in [(0, 1), (0, 29), (5, 24), (26, 28), (3, 3)] {
        if let Ok(swapped) = deployment.swap(a, b) {
            // Swapping back gives the deployment again, legal exactly when it was.
            let back = swapped.swap(a, b).ok();
            assert_eq!(
                back,
                violations.is_empty().then_some(deployment),
                "{text:?}: swap {a} {b}"
            );
        }
    }
}

/// A shengke position (shengke.md §9): refused with an offset inside the text, or loaded,
/// printed back to an equal parse, and the game playable (see [`playable`]).
pub fn shengke_position(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    position::<Shengke>(text);
}

/// A shengke action (a roll, an element choice, a placement, a recovery…) for both seats of a
/// handful of games at every stage.
pub fn shengke_action(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    for game in shengke_games() {
        action(game, text);
    }
}

/// A shengke deck file: refused with one sentence per problem, or read, written back and read
/// again to the same list; checking it is idempotent and the deck builds.
pub fn shengke_deck(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    // The client's card list reads the lines only: it never panics either.
    if let Err(error) = deck_cards_ui(text) {
        error
            .problems
            .iter()
            .for_each(|problem| one_sentence(problem));
    }
    let list = match parse_deck(text) {
        Ok(list) => list,
        Err(error) => {
            assert!(
                !error.problems.is_empty(),
                "{text:?}: a refusal with no problem"
            );
            error
                .problems
                .iter()
                .for_each(|problem| one_sentence(problem));
            return;
        }
    };
    let written = write_deck(&list);
    assert_eq!(
        parse_deck(&written).ok(),
        Some(list),
        "{text:?} is written as {written:?}"
    );
    let checked = check_deck(text).unwrap_or_else(|error| panic!("{text:?}: {error}"));
    assert_eq!(check_deck(&checked).ok(), Some(checked.clone()), "{text:?}");
    if let Err(error) = deck_of_file(text) {
        panic!("{text:?} reads but does not build: {error}");
    }
}

/// A shengke turn record (§9.3): refused with an offset inside the text, or read, printed and
/// read again to the same record, whose print is stable.
pub fn shengke_turn_record(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let record: TurnRecord = match text.parse() {
        Ok(record) => record,
        Err(error) => return refused(text, &error),
    };
    let printed = record.to_string();
    let again: TurnRecord = printed.parse().unwrap_or_else(|error| {
        panic!("{text:?} prints as {printed:?}, which does not read: {error}")
    });
    assert_eq!(again, record, "{text:?} prints as {printed:?}");
    assert_eq!(again.to_string(), printed);
    let _ = record.player();
}

/// A QQ `.jgs` file: refused, or read; and when it replays, the zhanqi record it imports to
/// (as `zhanqi replay import` writes it) replays through the registry to the same end.
pub fn jgs_import(data: &[u8]) {
    let game = match jgs::parse(data) {
        Ok(game) => game,
        Err(error) => return one_sentence(&error.to_string()),
    };
    let _ = game.record_lines();
    let _ = game.winning_seats();
    if game.is_two_player() {
        let _ = game.rotated_to_south_north().record_lines();
    }
    let replay = match jgs::replay(&game) {
        Ok(replay) => replay,
        Err(error) => return one_sentence(&error.to_string()),
    };
    let erased = crate::Erased::boxed(replay.game.clone());
    let record = GameRecord {
        format: RECORD_FORMAT.to_owned(),
        game: erased.name().into(),
        mode: erased.mode().into(),
        options: erased.options(),
        seed: 0,
        start: Some(replay.start.clone()),
        players: replay
            .players
            .iter()
            .map(|(seat, name)| (seat.to_string(), name.clone()))
            .collect(),
        actions: replay.actions.clone(),
        result: None,
        source: None,
    };
    let json = record.to_json();
    assert_eq!(GameRecord::from_json(&json).ok().as_ref(), Some(&record));
    match record.replay(&Registry::standard()) {
        Ok((_, end)) => assert_eq!(
            end.position(Viewer::Omniscient),
            erased.position(Viewer::Omniscient),
            "the imported record ends elsewhere than the .jgs replay"
        ),
        Err(error) => panic!("the .jgs replays, but its imported record does not: {error}"),
    }
}

/// A zhanqi record (JSON, `zhanqi-record/1`): refused, or read, written and read again to the
/// same record; when it replays, every step's position loads back to itself, and the record
/// written back replays to the same positions.
pub fn zhanqi_record(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    // An error may quote the record's strings, line ends and all.
    let quoted = strings_of(&serde_json::from_str(text).unwrap_or(Value::Null));
    let record = match GameRecord::from_json(text) {
        Ok(record) => record,
        Err(error) => return one_sentence_about(&error.to_string(), &quoted),
    };
    // Long records replay slowly and find nothing more: cap the work of one input.
    if record.actions.len() > 400 {
        return;
    }
    let json = record.to_json();
    let again = GameRecord::from_json(&json).unwrap_or_else(|error| {
        panic!("{text:?} is written as {json:?}, which does not read: {error}")
    });
    assert_eq!(again, record, "{text:?} is written as {json:?}");
    let registry = Registry::standard();
    let (steps, end) = match record.replay(&registry) {
        Ok(replayed) => replayed,
        Err(error) => return one_sentence_about(&error.to_string(), &quoted),
    };
    let entry = registry
        .find(&record.game)
        .expect("a record that replays names a game");
    for step in &steps {
        let loaded = entry
            .load_game(&step.position, Some(&record.options), record.seed)
            .unwrap_or_else(|error| {
                panic!(
                    "step {:?}: {:?} does not load: {error}",
                    step.action, step.position
                )
            });
        assert_eq!(loaded.position(Viewer::Omniscient), step.position);
    }
    let (again_steps, again_end) = again.replay(&registry).expect("the same record replays");
    assert_eq!(again_steps, steps);
    assert_eq!(
        again_end.position(Viewer::Omniscient),
        end.position(Viewer::Omniscient)
    );
}

/// One engine-protocol line, in sessions of each game (a game dealt, a junqi game in play, a
/// shengke game): the engine answers one JSON object with `ok`; a refusal is one sentence and
/// changes nothing; the engine keeps answering afterwards.
///
/// A `think` with more than a token budget and a `perft` deeper than 2 are skipped: they are
/// slow by design, not wrong.
pub fn engine_line(data: &[u8]) {
    if data.contains(&b'\n') || too_slow(data) {
        return;
    }
    for setup in ENGINE_SETUPS {
        let mut engine = Engine::new(Registry::new(GAMES));
        let answer = engine.answer(setup.as_bytes());
        assert!(
            answer.line.starts_with(r#"{"ok":true"#),
            "{setup}: {}",
            answer.line
        );
        let before = engine_snapshot(&mut engine);
        let answer = engine.answer(data);
        let shown = String::from_utf8_lossy(data);
        let parsed: Value = serde_json::from_str(&answer.line).unwrap_or_else(|error| {
            panic!("{shown}: the answer {:?} is not JSON: {error}", answer.line)
        });
        let Some(ok) = parsed["ok"].as_bool() else {
            panic!("{shown}: the answer {} has no ok", answer.line)
        };
        if !ok {
            let error = parsed["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{shown}: {}", answer.line));
            assert!(!error.starts_with("internal error"), "{shown}: {error}");
            // The error may quote the request's strings, line ends and all.
            one_sentence_about(
                error,
                &strings_of(&serde_json::from_slice(data).unwrap_or(Value::Null)),
            );
            assert_eq!(
                engine_snapshot(&mut engine),
                before,
                "{shown} was refused but changed the game"
            );
        }
        if answer.quit {
            continue;
        }
        let position = engine.answer(br#"{"op":"position"}"#);
        assert!(
            position.line.starts_with(r#"{"ok":true"#),
            "after {shown}: {}",
            position.line
        );
    }
}

/// The sessions [`engine_line`] runs each line in.
const ENGINE_SETUPS: &[&str] = &[
    r#"{"op":"new","game":"junqi","mode":"2p","seed":7}"#,
    r#"{"op":"load","game":"junqi","position":"2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/sC2sDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4"}"#,
    r#"{"op":"new","game":"shengke","seed":7}"#,
];

/// Every string of a JSON value (keys too), one after another.
fn strings_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(strings_of).collect(),
        Value::Object(fields) => fields
            .iter()
            .map(|(key, value)| format!("{key}{}", strings_of(value)))
            .collect(),
        _ => String::new(),
    }
}

/// The engine's position, legal actions and outcome.
fn engine_snapshot(engine: &mut Engine) -> Vec<String> {
    [
        &br#"{"op":"position"}"#[..],
        br#"{"op":"legal"}"#,
        br#"{"op":"outcome"}"#,
    ]
    .iter()
    .map(|line| engine.answer(line).line)
    .collect()
}

/// Whether a request asks for work that is slow by design: a `perft` deeper than 2, or a
/// `think` by a player that searches more than 50 iterations on one thread.
fn too_slow(data: &[u8]) -> bool {
    let Ok(Value::Object(request)) = serde_json::from_slice::<Value>(data) else {
        return false;
    };
    match request.get("op").and_then(Value::as_str) {
        Some("perft") => request
            .get("depth")
            .and_then(Value::as_u64)
            .is_none_or(|depth| depth > 2),
        Some("think") => {
            let Some(player) = request.get("player").and_then(Value::as_str) else {
                return false;
            };
            match player.parse::<zhanqi_ai::PlayerSpec>() {
                Ok(zhanqi_ai::PlayerSpec::Random | zhanqi_ai::PlayerSpec::Heuristic) => false,
                Ok(zhanqi_ai::PlayerSpec::Ismcts {
                    budget: zhanqi_ai::Budget::Iterations(iterations),
                    threads: 1,
                }) => iterations > 50,
                Ok(_) => true,
                Err(_) => false,
            }
        }
        _ => false,
    }
}

// ----- what the games share -----

/// The text of `data`, if it is UTF-8 (every notation is text).
fn utf8(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A refusal of `text`: an offset inside the text and a one-sentence message.
fn refused(text: &str, error: &NotationError) {
    assert!(
        error.offset <= text.len(),
        "{text:?}: the offset {} is past the end: {error}",
        error.offset
    );
    one_sentence_about(&error.to_string(), text);
}

/// A message people see: one line, not empty, no internals.
fn one_sentence(message: &str) {
    one_sentence_about(message, "");
}

/// A message about `input`, which it may quote: one line (but for line ends of the input it
/// quotes), not empty, no internals.
fn one_sentence_about(message: &str, input: &str) {
    assert!(!message.trim().is_empty(), "an empty message");
    assert!(
        !message.contains('\n') || input.contains('\n'),
        "{message:?} is more than one line"
    );
    // A panic's text leaking into an answer, unless the input itself holds the word.
    for word in ["panicked", "RUST_BACKTRACE"] {
        assert!(
            input.contains(word) || !message.contains(word),
            "{message:?}"
        );
    }
}

/// Loads `text` as a position of `G`: refused with an offset inside it, or a game whose
/// printed position reads back to itself and which is [`playable`].
fn position<G: GameNotation>(text: &str) -> Option<G> {
    let game = match G::load(text, None, 0) {
        Ok(game) => game,
        Err(error) => {
            refused(text, &error);
            return None;
        }
    };
    round_trip(&game, text);
    playable(&game, text);
    Some(game)
}

/// The game's full position loads back to a game with the same position and the same seats to
/// act.
fn round_trip<G: GameNotation>(game: &G, origin: &str) {
    let printed = game.position(Viewer::Omniscient);
    let again = G::load(&printed, None, 0).unwrap_or_else(|error| {
        panic!("{origin:?}: the printed position {printed:?} does not load: {error}")
    });
    assert_eq!(
        again.position(Viewer::Omniscient),
        printed,
        "{origin:?}: the printed position does not print back to itself"
    );
    assert_eq!(again.to_act(), game.to_act(), "{origin:?}: {printed:?}");
}

/// Every listed action (and chance outcome) applies and prints to a text that reads back as
/// itself; every position so reached loads back to itself; a determinized game shows each seat
/// what it saw.
fn playable<G: GameNotation>(game: &G, origin: &str) {
    let mut rng = GameRng::from_seed(origin.len() as u64);
    for seat in game.seats().iter() {
        let determinized = game.determinize(seat, &mut rng);
        assert_eq!(
            determinized.position(Viewer::Seat(seat)),
            game.position(Viewer::Seat(seat)),
            "{origin:?}: determinizing for {} changed what it sees",
            game.seat_name(seat)
        );
    }
    match game.to_act() {
        ToAct::Over => {}
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            let seat = game.seats().lowest().unwrap_or(Seat::new(0));
            for (outcome, _) in outcomes {
                let mut next = game.clone();
                if let Err(error) = next.apply(seat, &outcome) {
                    panic!("{origin:?}: the chance outcome {outcome:?} is refused: {error}");
                }
            }
        }
        ToAct::Seats(seats) => {
            for seat in seats.iter() {
                let mut actions = Vec::new();
                game.legal_actions(seat, &mut actions);
                if actions.is_empty()
                    && let Some(action) = game.random_unlisted_action(seat, &mut rng)
                {
                    actions.push(action);
                }
                for action in actions {
                    let text = game.action_text(&action);
                    match game.parse_action(seat, &text) {
                        Ok(again) => assert_eq!(again, action, "{origin:?}: {text:?} reads back"),
                        Err(error) => {
                            panic!("{origin:?}: the listed {text:?} does not read: {error}")
                        }
                    }
                    let mut next = game.clone();
                    match next.apply(seat, &action) {
                        Ok(events) => {
                            let record = game.record_text(&action, &events);
                            assert!(
                                record.starts_with(&text),
                                "{origin:?}: {record:?} for {text:?}"
                            );
                            round_trip(&next, origin);
                        }
                        Err(error) => panic!("{origin:?}: the listed {text:?} is refused: {error}"),
                    }
                }
            }
        }
    }
}

/// What a refused action must leave as it was.
type Snapshot = (String, String, String);

fn snapshot<G: GameNotation>(game: &G) -> Snapshot {
    (
        game.position(Viewer::Omniscient),
        format!("{:?}", game.to_act()),
        format!("{:?}", game.outcome()),
    )
}

/// `text` as an action of every seat of `game`: refused with an offset inside it, or an action
/// that prints back to itself, and that the game either refuses without changing, or plays to
/// a position that loads back to itself.
fn action<G: GameNotation>(game: &G, text: &str) {
    for seat in game.seats().iter() {
        let action = match game.parse_action(seat, text) {
            Ok(action) => action,
            Err(error) => {
                refused(text, &error);
                continue;
            }
        };
        let printed = game.action_text(&action);
        match game.parse_action(seat, &printed) {
            Ok(again) => assert_eq!(again, action, "{text:?} prints as {printed:?}"),
            Err(error) => panic!("{text:?} prints as {printed:?}, which does not read: {error}"),
        }
        let before = snapshot(game);
        let mut next = game.clone();
        match next.apply(seat, &action) {
            Err(error) => {
                assert_eq!(
                    snapshot(&next),
                    before,
                    "{text:?} was refused but changed the game"
                );
                one_sentence_about(&error.to_string(), text);
            }
            Ok(events) => {
                let record = game.record_text(&action, &events);
                assert!(record.starts_with(&printed), "{text:?}: {record:?}");
                round_trip(&next, text);
            }
        }
    }
}

/// Games of `G` at several stages: each mode's start, then after 1, 4, 12, 40 and 100 plies of
/// random play (seeded: always the same games).
fn games_at_stages<G: GameNotation>() -> Vec<G> {
    const STAGES: [usize; 6] = [0, 1, 4, 12, 40, 100];
    let mut games = Vec::new();
    for (index, mode) in G::MODES.iter().enumerate() {
        let options = G::options_for(Some(mode), None).expect("every listed mode has options");
        let mut game = G::new(&options, 7 + index as u64).expect("every mode starts");
        let mut rng = GameRng::from_seed(11 + index as u64);
        let mut ply = 0;
        for stage in STAGES {
            while ply < stage && step(&mut game, &mut rng) {
                ply += 1;
            }
            games.push(game.clone());
        }
    }
    games
}

/// One random step of a game: a chance outcome, or a random action of the lowest seat to act;
/// `false` when the game is over.
fn step<G: GameNotation>(game: &mut G, rng: &mut GameRng) -> bool {
    match game.to_act() {
        ToAct::Over => false,
        ToAct::Chance => game.roll().is_ok(),
        ToAct::Seats(seats) => {
            let Some(seat) = seats.lowest() else {
                return false;
            };
            let mut actions = Vec::new();
            game.legal_actions(seat, &mut actions);
            let action = if actions.is_empty() {
                match game.random_unlisted_action(seat, rng) {
                    Some(action) => action,
                    None => return false,
                }
            } else {
                actions.swap_remove(rng.below(actions.len()))
            };
            game.apply(seat, &action).is_ok()
        }
    }
}

fn junqi_games() -> &'static [Junqi] {
    static GAMES: OnceLock<Vec<Junqi>> = OnceLock::new();
    GAMES.get_or_init(games_at_stages::<Junqi>)
}

fn shengke_games() -> &'static [Shengke] {
    static GAMES: OnceLock<Vec<Shengke>> = OnceLock::new();
    GAMES.get_or_init(games_at_stages::<Shengke>)
}
