//! Every request of the engine protocol and every way it can fail, fed as lines to the engine
//! and checked against the exact answer lines (`shared/rules/engine-protocol.md`).

use crate::common;

use common::{last, run_bytes, session};

/// A race after both plans, `s` to move.
const START: &str = "short 120 003 0 0 s 0";
const LOAD_START: &str = r#"{"op":"load","game":"race","position":"short 120 003 0 0 s 0"}"#;
/// A race whose plans are still to be chosen.
const LOAD_SETUP: &str = r#"{"op":"load","game":"race","position":"short - - 0 0 s 0"}"#;
/// A race at a chance node (`s` rolls), in the short mode.
const LOAD_ROLLING: &str = r#"{"op":"load","game":"race","position":"short 120 003 1 2 s* 2"}"#;
const POSITION: &str = r#"{"op":"position"}"#;

fn ok_position(position: &str) -> String {
    format!(r#"{{"ok":true,"position":"{position}"}}"#)
}

fn error(message: &str) -> String {
    format!(r#"{{"ok":false,"error":"{message}"}}"#)
}

/// Runs `setup`, then `request`, then `position`, and checks that `request` was refused with
/// `message` and changed nothing.
fn refused(setup: &[&str], request: &str, message: &str) {
    let before = {
        let mut lines = setup.to_vec();
        lines.push(POSITION);
        session(&lines).pop()
    };
    let mut lines = setup.to_vec();
    lines.extend([request, POSITION]);
    let answers = session(&lines);
    assert_eq!(answers.len(), lines.len(), "one answer per line");
    assert_eq!(
        answers[answers.len() - 2],
        error(message),
        "the answer to {request}"
    );
    assert_eq!(
        answers.last(),
        before.as_ref(),
        "{request} changed the position"
    );
}

// ---- framing ----

#[test]
fn one_answer_per_line_in_order_with_ids_echoed() {
    assert_eq!(
        session(&[
            r#"{"op":"games","id":1}"#,
            r#"{"id":"abc","op":"position"}"#,
            r#"{"op":"nope","id":{"a":[1,2]}}"#,
            r#"{"op":"games","id":null}"#,
            r#"{"id":7}"#,
        ]),
        vec![
            r#"{"ok":true,"id":1,"games":[{"game":"race","modes":["short","long"]}]}"#,
            r#"{"ok":false,"id":"abc","error":"there is no current game; start one with new or load"}"#,
            r#"{"ok":false,"id":{"a":[1,2]},"error":"unknown op 'nope'; the ops are: games, new, load, position, view, roll, legal, play, outcome, perft, think, quit"}"#,
            r#"{"ok":true,"id":null,"games":[{"game":"race","modes":["short","long"]}]}"#,
            r#"{"ok":false,"id":7,"error":"the request has no 'op' field; every request names one, such as {\"op\":\"legal\"}"}"#,
        ]
    );
}

#[test]
fn lines_that_are_not_requests_are_answered_and_change_nothing() {
    refused(
        &[LOAD_START],
        "nonsense",
        "the request is not JSON: expected ident at line 1 column 2",
    );
    refused(
        &[LOAD_START],
        "",
        "the request is not JSON: EOF while parsing a value at line 1 column 0",
    );
    refused(
        &[LOAD_START],
        r#"{"op":"legal""#,
        "the request is not JSON: EOF while parsing an object at line 1 column 13",
    );
    refused(
        &[LOAD_START],
        "[1]",
        r#"the request must be a JSON object such as {\"op\":\"legal\"}, not an array"#,
    );
    refused(
        &[LOAD_START],
        "42",
        r#"the request must be a JSON object such as {\"op\":\"legal\"}, not an unsigned integer"#,
    );
    refused(
        &[LOAD_START],
        r#"{"op":7}"#,
        "field 'op' of the unnamed request must be a string, but it is an unsigned integer",
    );
    refused(
        &[LOAD_START],
        r#"{"op":"Legal"}"#,
        "unknown op 'Legal'; the ops are: games, new, load, position, view, roll, legal, play, outcome, perft, think, quit",
    );
}

#[test]
fn a_line_that_is_not_utf8_is_answered() {
    let mut input = b"{\"op\":\"games\xff\"}\n".to_vec();
    input.extend_from_slice(b"{\"op\":\"outcome\"}\n");
    assert_eq!(
        run_bytes(&input),
        vec![
            error("the request is not UTF-8 text"),
            error("there is no current game; start one with new or load")
        ]
    );
}

#[test]
fn line_ends_may_be_crlf_and_the_last_line_may_lack_one() {
    let input = format!("{LOAD_START}\r\n{POSITION}");
    assert_eq!(
        run_bytes(input.as_bytes()),
        vec![ok_position(START), ok_position(START)]
    );
}

#[test]
fn end_of_input_ends_the_session() {
    assert_eq!(run_bytes(b""), Vec::<String>::new());
}

#[test]
fn quit_answers_and_stops_reading() {
    assert_eq!(
        session(&[r#"{"op":"quit","id":3}"#, r#"{"op":"games"}"#]),
        vec![r#"{"ok":true,"id":3}"#.to_owned()]
    );
    assert_eq!(
        session(&[LOAD_START, r#"{"op":"quit"}"#]),
        vec![ok_position(START), r#"{"ok":true}"#.to_owned()]
    );
}

#[test]
fn requests_on_a_game_need_a_current_game() {
    let no_game = "there is no current game; start one with new or load";
    for request in [
        r#"{"op":"position"}"#,
        r#"{"op":"view","seat":"s"}"#,
        r#"{"op":"roll"}"#,
        r#"{"op":"legal"}"#,
        r#"{"op":"play","seat":"s","move":"+1"}"#,
        r#"{"op":"outcome"}"#,
        r#"{"op":"perft","depth":1}"#,
    ] {
        assert_eq!(last(&[request]), error(no_game), "{request}");
    }
}

// ---- games ----

#[test]
fn games_lists_the_registered_games_and_their_modes() {
    assert_eq!(
        last(&[r#"{"op":"games"}"#]),
        r#"{"ok":true,"games":[{"game":"race","modes":["short","long"]}]}"#
    );
}

// ---- new ----

#[test]
fn new_draws_every_deployment_from_the_seed() {
    let new = r#"{"op":"new","game":"race","mode":"short","seed":7}"#;
    assert_eq!(
        session(&[new, new, POSITION]),
        vec![ok_position("short 120 300 0 0 s 0"); 3]
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":7}"#]),
        ok_position("short 120 300 0 0 s 0")
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":8}"#]),
        ok_position("short 003 120 0 0 s 0")
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","mode":"long","seed":7}"#]),
        ok_position("long 120 300 0 0 s 0")
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":18446744073709551615}"#]),
        last(&[r#"{"op":"new","game":"race","seed":18446744073709551615}"#])
    );
}

#[test]
fn new_takes_given_deployments_and_draws_the_others_as_if_none_were_given() {
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":7,"deployments":{"n":"111"}}"#]),
        ok_position("short 120 111 0 0 s 0")
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":7,"deployments":{"s":"030"}}"#]),
        ok_position("short 030 300 0 0 s 0")
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":7,"deployments":{"n":"210","s":"021"}}"#]),
        ok_position("short 021 210 0 0 s 0")
    );
    assert_eq!(
        last(&[r#"{"op":"new","game":"race","seed":7,"deployments":{}}"#]),
        ok_position("short 120 300 0 0 s 0")
    );
}

#[test]
fn new_takes_the_games_options_on_top_of_the_modes() {
    let new = r#"{"op":"new","game":"race","seed":7,"options":{"target":1}}"#;
    assert_eq!(
        session(&[
            new,
            r#"{"op":"play","seat":"s","move":"+1"}"#,
            r#"{"op":"outcome"}"#
        ]),
        vec![
            ok_position("short 120 300 0 0 s 0"),
            r#"{"ok":true,"position":"short 120 300 1 0 - 1","record":"+1=1"}"#.to_owned(),
            r#"{"ok":true,"outcome":{"result":"win","winners":["s"],"reason":"finish"}}"#
                .to_owned(),
        ]
    );
    // No options, null or an empty object: the standard game of the mode (target 9 in long).
    for options in ["", r#","options":null"#, r#","options":{}"#] {
        let new = format!(r#"{{"op":"new","game":"race","mode":"long","seed":7{options}}}"#);
        assert_eq!(
            session(&[&new, r#"{"op":"play","seat":"s","move":"+2"}"#])[1],
            r#"{"ok":true,"position":"long 120 300 2 0 n 1","record":"+2=2"}"#,
            "{new}"
        );
    }
}

#[test]
fn new_refuses_what_it_cannot_use() {
    let setup = [LOAD_START];
    refused(
        &setup,
        r#"{"op":"new","game":"chess","seed":7}"#,
        "unknown game 'chess'; the games are: race",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","mode":"huge","seed":7}"#,
        "unknown mode 'huge' for race; its modes are: short, long",
    );
    refused(
        &setup,
        r#"{"op":"new","seed":7}"#,
        "the new request needs a 'game' field",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race"}"#,
        "the new request needs a 'seed' field",
    );
    refused(
        &setup,
        r#"{"op":"new","game":5,"seed":7}"#,
        "field 'game' of the new request must be a string, but it is an unsigned integer",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","mode":2,"seed":7}"#,
        "field 'mode' of the new request must be a string, but it is an unsigned integer",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":"7"}"#,
        "field 'seed' of the new request must be an unsigned 64-bit integer, but it is a string",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":-7}"#,
        "field 'seed' of the new request must be an unsigned 64-bit integer, but it is a negative integer",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7.5}"#,
        "field 'seed' of the new request must be an unsigned 64-bit integer, but it is a fractional number",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":18446744073709551616}"#,
        "field 'seed' of the new request must be an unsigned 64-bit integer, but it is a number out of range",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"options":[1]}"#,
        "field 'options' of the new request must be an object, but it is an array",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"options":{"speed":2}}"#,
        "options at character 0: race has no option 'speed'",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"options":{"target":0}}"#,
        "options at character 0: the target must be a whole number from 1 to 50",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"deployments":["111"]}"#,
        "field 'deployments' of the new request must be an object of seat names to strings, but it is an array",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"deployments":{"n":111}}"#,
        "field 'deployments.n' of the new request must be a string, but it is an unsigned integer",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"deployments":{"e":"111"}}"#,
        "unknown seat 'e'; the seats are: s, n",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"deployments":{"n":"11"}}"#,
        "the deployment of seat n is malformed: move '11' at character 2: a plan has 3 digits",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"deployments":{"n":"1x1"}}"#,
        "the deployment of seat n is malformed: move '1x1' at character 1: 'x' is not a digit",
    );
    refused(
        &setup,
        r#"{"op":"new","game":"race","seed":7,"deployments":{"s":"111","n":"221"}}"#,
        "the deployment of seat n is illegal: a plan's digits must add up to 3, but these add up to 5",
    );
}

// ---- load ----

#[test]
fn load_answers_the_canonical_position() {
    assert_eq!(last(&[LOAD_START]), ok_position(START));
    assert_eq!(
        last(&[r#"{"op":"load","game":"race","position":"long 120 003 007 1 n 03","seed":4}"#]),
        ok_position("long 120 003 7 1 n 3")
    );
}

#[test]
fn load_takes_options_a_position_cannot_hold() {
    let load =
        r#"{"op":"load","game":"race","position":"short 120 003 2 1 s 2","options":{"target":3}}"#;
    assert_eq!(
        session(&[
            load,
            r#"{"op":"play","seat":"s","move":"+1"}"#,
            r#"{"op":"outcome"}"#
        ]),
        vec![
            ok_position("short 120 003 2 1 s 2"),
            r#"{"ok":true,"position":"short 120 003 3 1 - 3","record":"+1=3"}"#.to_owned(),
            r#"{"ok":true,"outcome":{"result":"win","winners":["s"],"reason":"finish"}}"#
                .to_owned(),
        ]
    );
    let null_options =
        r#"{"op":"load","game":"race","position":"short 120 003 2 1 s 2","options":null}"#;
    assert_eq!(
        session(&[null_options, r#"{"op":"play","seat":"s","move":"+1"}"#])[1],
        r#"{"ok":true,"position":"short 120 003 3 1 n 3","record":"+1=3"}"#
    );
}

#[test]
fn load_seeds_the_rng_of_roll() {
    let roll = r#"{"op":"roll"}"#;
    let rolls = |seed: u64| -> Vec<String> {
        let load = format!(
            r#"{{"op":"load","game":"race","position":"long 120 003 0 0 s* 0","seed":{seed}}}"#
        );
        let n_rolls = r#"{"op":"play","seat":"n","move":"d"}"#;
        let s_rolls = r#"{"op":"play","seat":"s","move":"d"}"#;
        let answers = session(&[&load, roll, n_rolls, roll, s_rolls, roll]);
        assert!(
            answers
                .iter()
                .all(|answer| answer.starts_with(r#"{"ok":true"#)),
            "{answers:?}"
        );
        answers
    };
    assert_eq!(rolls(3), rolls(3));
    let outcomes: Vec<String> = (0..8).map(|seed| rolls(seed)[1].clone()).collect();
    assert!(
        outcomes.iter().any(|answer| answer != &outcomes[0]),
        "the seed changes the rolls: {outcomes:?}"
    );
    let default_seed = session(&[
        r#"{"op":"load","game":"race","position":"long 120 003 0 0 s* 0"}"#,
        roll,
    ]);
    assert_eq!(default_seed[1], rolls(0)[1], "the default seed is 0");
}

#[test]
fn load_refuses_what_it_cannot_read() {
    let setup = [LOAD_START];
    refused(
        &setup,
        r#"{"op":"load","game":"race"}"#,
        "the load request needs a 'position' field",
    );
    refused(
        &setup,
        r#"{"op":"load","position":"short 120 003 0 0 s 0"}"#,
        "the load request needs a 'game' field",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":7}"#,
        "field 'position' of the load request must be a string, but it is an unsigned integer",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"chess","position":"x"}"#,
        "unknown game 'chess'; the games are: race",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 003 0 0 s"}"#,
        "position at character 0: a race position has 7 fields, but this one has 6",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 0#3 0 0 s 0"}"#,
        "plan at character 11: '#' is not a digit",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 003 0 0 w 0"}"#,
        "to-move at character 18: 'w' is not s, n, s*, n*, s!, n! or -",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"tiny 120 003 0 0 s 0"}"#,
        "mode at character 0: 'tiny' is not a mode of race",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 003 9 0 s 0"}"#,
        "track at character 14: 9 is past the finish at 5",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 003 0 0 s 0","options":[1]}"#,
        "field 'options' of the load request must be an object, but it is an array",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 003 0 0 s 0","options":{"speed":2}}"#,
        "options at character 0: race has no option 'speed'",
    );
    refused(
        &setup,
        r#"{"op":"load","game":"race","position":"short 120 003 0 0 s 0","seed":"x"}"#,
        "field 'seed' of the load request must be an unsigned 64-bit integer, but it is a string",
    );
}

// ---- position and view ----

#[test]
fn position_is_omniscient_and_view_hides_what_a_seat_may_not_see() {
    assert_eq!(
        session(&[
            LOAD_START,
            POSITION,
            r#"{"op":"view","seat":"s"}"#,
            r#"{"op":"view","seat":"n"}"#
        ]),
        vec![
            ok_position(START),
            ok_position(START),
            ok_position("short 120 ? 0 0 s 0"),
            ok_position("short ? 003 0 0 s 0")
        ]
    );
}

#[test]
fn view_refuses_an_unknown_or_missing_seat() {
    refused(
        &[LOAD_START],
        r#"{"op":"view","seat":"e"}"#,
        "unknown seat 'e'; the seats are: s, n",
    );
    refused(
        &[LOAD_START],
        r#"{"op":"view","seat":"chance"}"#,
        "unknown seat 'chance'; the seats are: s, n",
    );
    refused(
        &[LOAD_START],
        r#"{"op":"view"}"#,
        "the view request needs a 'seat' field",
    );
    refused(
        &[LOAD_START],
        r#"{"op":"view","seat":0}"#,
        "field 'seat' of the view request must be a string, but it is an unsigned integer",
    );
}

// ---- legal ----

#[test]
fn legal_lists_each_acting_seats_actions_sorted_and_deduplicated() {
    assert_eq!(
        last(&[LOAD_START, r#"{"op":"legal"}"#]),
        r#"{"ok":true,"to_move":["s"],"moves":{"s":["+1","+2","d"]}}"#
    );
}

#[test]
fn legal_answers_null_for_a_choice_too_large_to_list() {
    assert_eq!(
        session(&[
            LOAD_SETUP,
            r#"{"op":"legal"}"#,
            r#"{"op":"play","seat":"n","move":"300"}"#,
            r#"{"op":"legal"}"#,
            r#"{"op":"view","seat":"s"}"#,
            r#"{"op":"view","seat":"n"}"#,
            r#"{"op":"play","seat":"s","move":"012"}"#,
            r#"{"op":"legal"}"#,
        ]),
        vec![
            ok_position("short - - 0 0 s 0"),
            r#"{"ok":true,"to_move":["s","n"],"moves":{"s":null,"n":null}}"#.to_owned(),
            r#"{"ok":true,"position":"short - 300 0 0 s 0","record":"300"}"#.to_owned(),
            r#"{"ok":true,"to_move":["s"],"moves":{"s":null}}"#.to_owned(),
            ok_position("short - ? 0 0 s 0"),
            ok_position("short - 300 0 0 s 0"),
            r#"{"ok":true,"position":"short 012 300 0 0 s 0","record":"012"}"#.to_owned(),
            r#"{"ok":true,"to_move":["s"],"moves":{"s":["+1","+2","d"]}}"#.to_owned(),
        ]
    );
}

#[test]
fn legal_at_a_chance_node_lists_outcomes_with_weights_only_when_not_uniform() {
    assert_eq!(
        last(&[LOAD_ROLLING, r#"{"op":"legal"}"#]),
        r#"{"ok":true,"to_move":["chance"],"moves":{"chance":["1","2","3"]},"weights":[1,1,2]}"#
    );
    assert_eq!(
        last(&[
            r#"{"op":"load","game":"race","position":"long 120 003 1 2 n* 2"}"#,
            r#"{"op":"legal"}"#
        ]),
        r#"{"ok":true,"to_move":["chance"],"moves":{"chance":["1","2","3"]}}"#
    );
}

#[test]
fn legal_when_the_game_is_over_lists_nobody() {
    assert_eq!(
        last(&[
            r#"{"op":"load","game":"race","position":"short 120 003 5 1 - 7"}"#,
            r#"{"op":"legal"}"#
        ]),
        r#"{"ok":true,"to_move":[],"moves":{}}"#
    );
}

// ---- play ----

#[test]
fn play_answers_the_position_and_the_record() {
    assert_eq!(
        session(&[
            LOAD_START,
            r#"{"op":"play","seat":"s","move":"+2","id":"m1"}"#,
            r#"{"op":"play","seat":"n","move":"d"}"#,
            r#"{"op":"play","seat":"chance","move":"3"}"#,
            r#"{"op":"legal"}"#,
        ]),
        vec![
            ok_position(START),
            r#"{"ok":true,"id":"m1","position":"short 120 003 2 0 n 1","record":"+2=2"}"#
                .to_owned(),
            r#"{"ok":true,"position":"short 120 003 2 0 n* 1","record":"d"}"#.to_owned(),
            r#"{"ok":true,"position":"short 120 003 2 3 s 2","record":"3=3"}"#.to_owned(),
            r#"{"ok":true,"to_move":["s"],"moves":{"s":["+1","+2","d"]}}"#.to_owned(),
        ]
    );
}

#[test]
fn play_takes_unlisted_platform_actions() {
    assert_eq!(
        session(&[
            LOAD_START,
            r#"{"op":"play","seat":"n","move":"resign"}"#,
            r#"{"op":"outcome"}"#
        ]),
        vec![
            ok_position(START),
            r#"{"ok":true,"position":"short 120 003 0 0 n! 0","record":"resign"}"#.to_owned(),
            r#"{"ok":true,"outcome":{"result":"win","winners":["s"],"reason":"surrender"}}"#
                .to_owned(),
        ]
    );
}

#[test]
fn play_refuses_malformed_and_illegal_actions() {
    let setup = [LOAD_START];
    refused(
        &setup,
        r#"{"op":"play","seat":"s","move":"zz"}"#,
        "move 'zz' at character 0: an action of race is +1, +2, d, resign, a die outcome or a three-digit plan",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"s","move":"+7"}"#,
        "move '+7' at character 1: a step is +1 or +2, not +7",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"n","move":"+1"}"#,
        "seat n cannot play '+1': it is s's turn",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"s","move":"111"}"#,
        "seat s cannot play '111': plans are chosen only before the race",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"s","move":"2"}"#,
        "seat s cannot play '2': no die is being rolled",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"e","move":"+1"}"#,
        "unknown seat 'e'; the seats are: s, n",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"chance","move":"2"}"#,
        "the game is not at a chance node, so there is no outcome to play",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"s"}"#,
        "the play request needs a 'move' field",
    );
    refused(
        &setup,
        r#"{"op":"play","move":"+1"}"#,
        "the play request needs a 'seat' field",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"s","move":1}"#,
        "field 'move' of the play request must be a string, but it is an unsigned integer",
    );
    refused(
        &[LOAD_SETUP],
        r#"{"op":"play","seat":"s","move":"003003"}"#,
        "move '003003' at character 3: a plan has 3 digits",
    );
    refused(
        &[LOAD_SETUP],
        r#"{"op":"play","seat":"s","move":"+1"}"#,
        "seat s cannot play '+1': the race starts once both seats have chosen their plans",
    );
    let over = r#"{"op":"load","game":"race","position":"short 120 003 5 1 - 7"}"#;
    refused(
        &[over],
        r#"{"op":"play","seat":"n","move":"+1"}"#,
        "seat n cannot play '+1': the race is over",
    );
}

#[test]
fn play_at_a_chance_node_takes_only_a_listed_outcome_from_chance() {
    let setup = [LOAD_ROLLING];
    refused(
        &setup,
        r#"{"op":"play","seat":"s","move":"2"}"#,
        r#"seat s cannot act now: the game is at a chance node, so send roll or play an outcome with seat \"chance\""#,
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"n","move":"resign"}"#,
        r#"seat n cannot act now: the game is at a chance node, so send roll or play an outcome with seat \"chance\""#,
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"chance","move":"4"}"#,
        "'4' is not a chance outcome here; the outcomes are: 1, 2, 3",
    );
    refused(
        &setup,
        r#"{"op":"play","seat":"chance","move":"+1"}"#,
        "'+1' is not a chance outcome here; the outcomes are: 1, 2, 3",
    );
}

// ---- roll ----

#[test]
fn roll_draws_and_applies_a_chance_outcome() {
    assert_eq!(
        session(&[LOAD_ROLLING, r#"{"op":"roll","id":2}"#]),
        vec![
            ok_position("short 120 003 1 2 s* 2"),
            r#"{"ok":true,"id":2,"outcome":"3","position":"short 120 003 4 2 n 3"}"#.to_owned()
        ]
    );
}

#[test]
fn roll_refuses_when_not_at_a_chance_node() {
    refused(
        &[LOAD_START],
        r#"{"op":"roll"}"#,
        "the game is not at a chance node, so there is no outcome to roll",
    );
    refused(
        &[LOAD_SETUP],
        r#"{"op":"roll"}"#,
        "the game is not at a chance node, so there is no outcome to roll",
    );
}

// ---- outcome ----

#[test]
fn outcome_is_null_while_the_game_goes_on() {
    assert_eq!(
        last(&[LOAD_START, r#"{"op":"outcome"}"#]),
        r#"{"ok":true,"outcome":null}"#
    );
    assert_eq!(
        last(&[LOAD_SETUP, r#"{"op":"outcome"}"#]),
        r#"{"ok":true,"outcome":null}"#
    );
}

#[test]
fn outcome_names_the_result_the_winners_and_the_reason() {
    assert_eq!(
        session(&[
            r#"{"op":"load","game":"race","position":"short 120 003 4 1 s 6"}"#,
            r#"{"op":"play","seat":"s","move":"+2"}"#,
            r#"{"op":"outcome"}"#,
        ])[1..],
        [
            r#"{"ok":true,"position":"short 120 003 5 1 - 7","record":"+2=5"}"#,
            r#"{"ok":true,"outcome":{"result":"win","winners":["s"],"reason":"finish"}}"#,
        ]
    );
    assert_eq!(
        session(&[
            r#"{"op":"load","game":"race","position":"long 120 003 4 1 n 19"}"#,
            r#"{"op":"play","seat":"n","move":"+1"}"#,
            r#"{"op":"outcome"}"#,
        ])[1..],
        [
            r#"{"ok":true,"position":"long 120 003 4 2 - 20","record":"+1=2"}"#,
            r#"{"ok":true,"outcome":{"result":"draw","winners":[],"reason":"move_limit"}}"#,
        ]
    );
}

// ---- perft ----

#[test]
fn perft_counts_action_sequences_with_chance_outcomes_as_actions() {
    let perft = |position: &str, depth: u32| {
        let load = format!(r#"{{"op":"load","game":"race","position":"{position}"}}"#);
        last(&[&load, &format!(r#"{{"op":"perft","depth":{depth}}}"#)])
    };
    let nodes = |count: u64| format!(r#"{{"ok":true,"nodes":{count}}}"#);
    assert_eq!(perft(START, 0), nodes(1));
    assert_eq!(perft(START, 1), nodes(3));
    assert_eq!(perft(START, 2), nodes(9));
    assert_eq!(perft(START, 3), nodes(27));
    assert_eq!(perft("short 120 003 1 2 s* 2", 1), nodes(3));
    assert_eq!(perft("short 120 003 5 1 - 7", 0), nodes(1));
    assert_eq!(perft("short 120 003 5 1 - 7", 3), nodes(0));
    // Two posts from the finish: +1 leaves n 3 actions, +2 ends the race, d has 3 outcomes.
    assert_eq!(perft("short 120 003 3 0 s 4", 2), nodes(6));
}

#[test]
fn perft_matches_a_plain_count_over_the_typed_game() {
    use common::race::Race;
    use zhanqi_core::{GameNotation, Viewer};

    for position in [START, "short 120 003 2 3 n 5", "long 120 003 1 2 s* 2"] {
        let game = Race::load(position, None, 0).expect("a valid position");
        for depth in 0..=5 {
            let answer = last(&[
                &format!(
                    r#"{{"op":"load","game":"race","position":"{}"}}"#,
                    game.position(Viewer::Omniscient)
                ),
                &format!(r#"{{"op":"perft","depth":{depth}}}"#),
            ]);
            assert_eq!(
                answer,
                format!(r#"{{"ok":true,"nodes":{}}}"#, plain_perft(&game, depth)),
                "{position} at {depth}"
            );
        }
    }
}

/// Perft written directly over the typed game, with `apply` and a set of texts.
fn plain_perft(game: &common::race::Race, depth: u32) -> u64 {
    use std::collections::BTreeMap;
    use zhanqi_core::{Game, GameNotation, ToAct};

    if depth == 0 {
        return 1;
    }
    let mut children = BTreeMap::new();
    match game.to_act() {
        ToAct::Over => return 0,
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            for (outcome, _) in outcomes {
                children.insert(
                    game.action_text(&outcome),
                    (game.seats().lowest().unwrap(), outcome),
                );
            }
        }
        ToAct::Seats(seats) => {
            let seat = seats.lowest().unwrap();
            assert_eq!(seats.len(), 1, "the typed count handles one seat at a time");
            let mut actions = Vec::new();
            game.legal_actions(seat, &mut actions);
            for action in actions {
                children.insert(game.action_text(&action), (seat, action));
            }
        }
    }
    children
        .values()
        .map(|(seat, action)| {
            let mut next = game.clone();
            next.apply(*seat, action).expect("a listed action applies");
            plain_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_refuses_a_choice_too_large_to_list() {
    refused(
        &[LOAD_SETUP],
        r#"{"op":"perft","depth":1}"#,
        "perft cannot count from here: seat s must make a choice too large to list (such as a whole deployment)",
    );
    assert_eq!(
        last(&[LOAD_SETUP, r#"{"op":"perft","depth":0}"#]),
        r#"{"ok":true,"nodes":1}"#
    );
}

#[test]
fn perft_refuses_a_missing_or_mistyped_depth() {
    let setup = [LOAD_START];
    refused(
        &setup,
        r#"{"op":"perft"}"#,
        "the perft request needs a 'depth' field",
    );
    refused(
        &setup,
        r#"{"op":"perft","depth":"2"}"#,
        "field 'depth' of the perft request must be an unsigned integer below 2^32, but it is a string",
    );
    refused(
        &setup,
        r#"{"op":"perft","depth":-1}"#,
        "field 'depth' of the perft request must be an unsigned integer below 2^32, but it is a negative integer",
    );
    refused(
        &setup,
        r#"{"op":"perft","depth":4294967296}"#,
        "field 'depth' of the perft request must be an unsigned integer below 2^32, but it is too large",
    );
}

#[test]
fn think_refuses_players_beyond_the_stated_limits_and_keeps_answering() {
    // 100000 threads once aborted the engine (it could not spawn them).
    for (player, message) in [
        (
            "ismcts:iters=10,threads=100000",
            r#"bad player spec \"ismcts:iters=10,threads=100000\": threads must be a whole number from 1 to 64, not `100000`"#,
        ),
        (
            "ismcts:iters=4294967296",
            r#"bad player spec \"ismcts:iters=4294967296\": iters must be a whole number from 1 to 1000000, not `4294967296`"#,
        ),
        (
            "ismcts:ms=86400000",
            r#"bad player spec \"ismcts:ms=86400000\": ms must be a whole number from 1 to 60000, not `86400000`"#,
        ),
    ] {
        let think = format!(r#"{{"op":"think","seat":"s","player":"{player}"}}"#);
        refused(&[LOAD_START], &think, message);
        let answers = session(&[
            LOAD_START,
            &think,
            r#"{"op":"think","seat":"s","player":"ismcts:iters=10,threads=2","seed":1}"#,
        ]);
        assert!(answers[2].starts_with(r#"{"ok":true"#), "{answers:?}");
    }
}
