//! The test vectors of junqi.md §9 (TV-03 … TV-20, TV-22, TV-25, TV-26) and the checkable
//! clarifications of §9A, through the public API only: load a position, list and play actions,
//! read positions and outcomes.
//!
//! Elsewhere: TV-01/02 in `tests/board.rs`, TV-21 in `src/deployment.rs`, TV-23/24 in the
//! zhanqi-core platform tests.

use zhanqi_core::{Game, GameNotation, NotationError, Seat, SeatResult, ToAct, Viewer};
use zhanqi_junqi::board::{Board, Shape};
use zhanqi_junqi::{Event, Junqi};

// ----- helpers -----

fn load(position: &str) -> Junqi {
    try_load(position).unwrap_or_else(|error| panic!("{position}\n  refused: {error}"))
}

fn try_load(position: &str) -> Result<Junqi, NotationError> {
    <Junqi as GameNotation>::load(position, None, 0)
}

/// The full position string.
fn full(game: &Junqi) -> String {
    view(game, Viewer::Omniscient)
}

/// The position as `viewer` sees it, as a position string.
fn view(game: &Junqi, viewer: Viewer) -> String {
    <Junqi as GameNotation>::position(game, viewer)
}

fn seat(game: &Junqi, name: &str) -> Seat {
    game.seat_by_name(name)
        .unwrap_or_else(|| panic!("'{name}' is not a seat in play"))
}

fn seat_to_move(game: &Junqi) -> Seat {
    match game.to_act() {
        ToAct::Seats(seats) if seats.len() == 1 => seats.lowest().expect("one seat"),
        other => panic!("no single seat to move: {other:?}"),
    }
}

/// The legal actions of the seat to move, written as §8.2 writes them, in byte order (CL-13).
fn actions(game: &Junqi) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_actions(seat_to_move(game), &mut list);
    let mut texts: Vec<String> = list.iter().map(|action| game.action_text(action)).collect();
    texts.sort();
    texts
}

/// A list written with spaces, in byte order.
fn sorted(list: &str) -> Vec<String> {
    let mut names: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    names.sort();
    names
}

/// "Dest(X)" of §9: the legal destinations of the piece on `post` (whose owner is to move), in
/// file order and then rank order.
fn dest(game: &Junqi, post: &str) -> Vec<String> {
    let mut targets: Vec<String> = actions(game)
        .iter()
        .filter_map(|text| {
            let (from, to) = text.split_once(['-', 'x'])?;
            (from == post).then(|| to.to_string())
        })
        .collect();
    targets.sort_by_key(|name| file_then_rank(name));
    targets
}

fn file_then_rank(name: &str) -> (u8, u32) {
    let rank = name[1..]
        .parse()
        .expect("a post name is a file letter and a rank");
    (name.as_bytes()[0], rank)
}

/// A list as the spec writes it (already in file order, then rank order).
fn posts(list: &str) -> Vec<String> {
    list.split_whitespace().map(str::to_string).collect()
}

/// Plays `text` for the seat named `who`; returns the record text (`a6xa7=D`) and the events,
/// or why it was refused.
fn try_play(game: &mut Junqi, who: &str, text: &str) -> Result<(String, Vec<Event>), String> {
    let seat = seat(game, who);
    let action = game
        .parse_action(seat, text)
        .map_err(|error| error.to_string())?;
    let before = game.clone();
    let events = game
        .apply(seat, &action)
        .map_err(|error| error.to_string())?;
    Ok((before.record_text(&action, &events), events))
}

/// Plays `text` for `who`, which must be legal; returns the record text.
fn play(game: &mut Junqi, who: &str, text: &str) -> String {
    try_play(game, who, text)
        .unwrap_or_else(|error| panic!("{who}: {text} was refused: {error}"))
        .0
}

/// `text` must be refused for `who`, leaving the game as it was.
fn assert_refused(game: &mut Junqi, who: &str, text: &str) {
    let before = game.clone();
    let result = try_play(game, who, text);
    assert!(
        result.is_err(),
        "{who}: {text} should be refused, got {result:?}"
    );
    assert_eq!(*game, before, "a refused action changed the game");
}

fn results(game: &Junqi) -> Vec<(&'static str, SeatResult)> {
    let outcome = game.outcome().expect("the game is over");
    game.seats()
        .iter()
        .map(|seat| (game.seat_name(seat), outcome.results[seat]))
        .collect()
}

fn winners(game: &Junqi) -> Vec<&'static str> {
    let outcome = game.outcome().expect("the game is over");
    outcome
        .winners
        .iter()
        .map(|seat| game.seat_name(seat))
        .collect()
}

/// The names of a move's path (CL-11), from its `Moved` event.
fn path(game: &Junqi, events: &[Event]) -> Vec<String> {
    let board = Board::get(if game.mode() == "4p" {
        Shape::FourPlayer
    } else {
        Shape::TwoPlayer
    });
    events
        .iter()
        .find_map(|event| match event {
            Event::Moved { path, .. } => Some(
                path.iter()
                    .map(|&post| board.name(post).to_string())
                    .collect(),
            ),
            _ => None,
        })
        .expect("a move has a Moved event")
}

/// Plays `turns` moves, each the first legal non-attack move of the seat to move, and returns
/// the seats that moved.
fn movers(game: &mut Junqi, turns: usize) -> Vec<&'static str> {
    (0..turns)
        .map(|_| {
            let mover = seat_to_move(game);
            let name = game.seat_name(mover);
            let step = actions(game)
                .into_iter()
                .find(|text| text.contains('-'))
                .expect("a quiet move");
            play(game, name, &step);
            name
        })
        .collect()
}

const EX_1: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 0";
const EX_2: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/sC2sDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4";
const EX_3: &str = "4p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/wMwYwTwDwEwC3eLeTeYePeEeC/wFwM1wL1wSeD1eB1eCeP/wMwEwB1wJwP3ePeJ1eBeEeM/wPwC1wB1wDeS1eL1eMeF/wCwEwPwYwTwL3eCeEeDeTeYeM/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0e+0n+0w+0 - 0 0";
const EX_4: &str = "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB3eT4eM/10sDeF/10eE3eM/5/5/sE4/5/1sM3/sMsF3 s s+0e+1n+0w+0 - 3 120";
const EX_5: &str = "dark ryrsrtusup/rdryudrcue/ue1re1um/rlub1ulrd/ud1uc1um/rjuprtreut/rbufrprmrf/up1uc1rl/rmub1rpuy/ue1rm1ut/rpuyreujrc/rbucumrcul s s+0n+0 - 0 0";
/// Ex 4 after East resigns (TV-19): East is defeated and South is to move.
const EX_4_EAST_OUT: &str =
    "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB9/10sD1/15/5/5/sE4/5/1sM3/sMsF3 s s+0e-1n+0w+0 - 3 120";

// ----- TV-03 … TV-06: movement on the 2p board -----

#[test]
fn tv_03_engineer_on_an_empty_network() {
    let game = load("2p 3nF1/5/5/5/5/5/2sE2/5/5/5/5/1sF3 s s+0n+0 - 0 0");
    let expected = posts(
        "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 b5 b6 b7 b11 c2 c5 c7 c11 d2 d5 d6 d7 d11 \
         e2 e3 e4 e5 e6 e7 e8 e9 e10 e11",
    );
    assert_eq!(expected.len(), 34);
    assert_eq!(dest(&game, "c6"), expected);
}

#[test]
fn tv_04_division_commander_runs_straight() {
    let game = load("2p 3nF1/5/5/5/5/5/5/5/5/5/sD4/1sF3 s s+0n+0 - 0 0");
    let expected = posts("a1 a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 b3 c2 d2 e2");
    assert_eq!(expected.len(), 15);
    assert_eq!(dest(&game, "a2"), expected);
}

#[test]
fn tv_04_engineer_turns() {
    let game = load("2p 3nF1/5/5/5/5/5/5/5/5/5/sE4/1sF3 s s+0n+0 - 0 0");
    let expected = posts(
        "a1 a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 b3 b6 b7 b11 c2 c6 c7 c11 d2 d6 d7 d11 \
         e2 e3 e4 e5 e6 e7 e8 e9 e10 e11",
    );
    assert_eq!(expected.len(), 33);
    assert_eq!(dest(&game, "a2"), expected);
}

#[test]
fn tv_05_mountains() {
    let mut game = load("2p 3nF1/5/5/5/5/5/1sJ3/5/5/5/5/1sF3 s s+0n+0 - 0 0");
    assert_eq!(dest(&game, "b6"), posts("a6 b5 c6 d6 e6"));
    assert_refused(&mut game, "s", "b6-b7");
}

#[test]
fn tv_06_a_camp_protects() {
    let mut game = load("2p 3nF1/5/5/5/5/5/1sS3/1nD3/5/5/5/1sF3 s s+0n+0 - 0 0");
    assert_eq!(dest(&game, "b6"), posts("a6 c6 d6 e6"));
    assert_refused(&mut game, "s", "b6xb5");
}

// ----- TV-07: HQ lock and no legal move -----

#[test]
fn tv_07_hq_lock_and_defeat_with_no_legal_move() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF1sS1 n s+0n+0 - 0 60");
    assert_eq!(play(&mut game, "n", "a7-a8"), "a7-a8");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/nC4/5/5/5/5/5/5/5 - s-0n+0 - 1 61"
    );
    assert_eq!(winners(&game), ["n"]);
    assert_eq!(game.outcome().expect("over").reason, "no_moves");
}

#[test]
fn tv_07_a_piece_on_an_hq_never_moves() {
    // The same position with South to move is refused (CL-6), so look from North's side: a
    // North commander on South's HQ d1 has no move.
    let game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF1nSsP n s+0n+0 - 0 60");
    assert_eq!(dest(&game, "d1"), Vec::<String>::new());
}

// ----- TV-08: combat -----

/// One row of the TV-08 table: South plays `a6xa7` with `r6` against `r7`.
fn combat_row(r7: &str, r6: &str, outcome: char, rank_7_after: &str, revealed: &str) {
    let before = format!("2p nP2nF1/5/5/5/5/{r7}/{r6}/5/5/5/5/1sF2sP s s+0n+0 - 5 50");
    let mut game = load(&before);
    assert_eq!(play(&mut game, "s", "a6xa7"), format!("a6xa7={outcome}"));
    assert_eq!(
        full(&game),
        format!("2p nP2nF1/5/5/5/5/{rank_7_after}/5/5/5/5/5/1sF2sP n s+0n+0 {revealed} 0 51")
    );
    assert!(game.outcome().is_none());
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nM4_sE4() {
    combat_row("nM4", "sE4", 'A', "sE4", "-");
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nM4_sS4() {
    combat_row("nM4", "sS4", 'D', "nM4", "s");
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nM4_sB4() {
    combat_row("nM4", "sB4", 'X', "5", "-");
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nD4_sD4() {
    combat_row("nD4", "sD4", 'X', "5", "-");
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nB4_sS4() {
    combat_row("nB4", "sS4", 'X', "5", "s");
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nS4_sD4() {
    combat_row("nS4", "sD4", 'D', "nS4", "-");
}

#[test]
#[allow(non_snake_case)]
fn tv_08_combat_nE4_sP4() {
    combat_row("nE4", "sP4", 'A', "sP4", "-");
}

// ----- TV-09: flag capture in 2p -----

#[test]
fn tv_09_engineer_takes_the_flag() {
    let mut game = load("2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 50");
    assert_eq!(play(&mut game, "s", "d11xd12"), "d11xd12=A");
    assert_eq!(
        full(&game),
        "2p 3sE1/5/5/5/5/5/5/5/5/5/5/1sF2sP - s+0n-0 - 0 51"
    );
    assert_eq!(winners(&game), ["s"]);
    assert_eq!(game.outcome().expect("over").reason, "flag_captured");
}

#[test]
fn tv_09_bomb_takes_the_flag() {
    let mut game = load("2p nP2nF1/3sB1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 50");
    assert_eq!(play(&mut game, "s", "d11xd12"), "d11xd12=X");
    assert_eq!(
        full(&game),
        "2p 5/5/5/5/5/5/5/5/5/5/5/1sF2sP - s+0n-0 - 0 51"
    );
    assert_eq!(winners(&game), ["s"]);
}

// ----- TV-10: opening move counts -----

#[test]
fn tv_10_two_player_opening_has_34_moves() {
    let game = load(EX_1);
    let expected = sorted(
        "a2-b3 a3-b3 a4-b3 a4-b5 a5-b5 a6xa7 a6-b5 b4-b3 b4-b5 b4-c4 b6-b5 c2-b3 c2-d3 \
         c3-b3 c3-c4 c3-d3 c5-b5 c5-c4 c5-d5 c6-b5 c6xc7 c6-d5 d2-d3 d4-c4 d4-d3 d4-d5 \
         d6-d5 e2-d3 e3-d3 e4-d3 e4-d5 e5-d5 e6-d5 e6xe7",
    );
    assert_eq!(expected.len(), 34);
    let found = actions(&game);
    assert_eq!(found, expected);
    assert_eq!(found.iter().filter(|text| text.contains('x')).count(), 3);
}

#[test]
fn tv_10_four_player_opening_has_42_moves() {
    let game = load(EX_3);
    let found = actions(&game);
    assert_eq!(found.len(), 42, "{found:?}");
    for text in ["g6xf7", "k6xl7", "i6-i11"] {
        assert!(found.iter().any(|found| found == text), "{text} missing");
    }
    // North's piece on i12 is an ally: the run from i6 stops at i11.
    assert!(!found.iter().any(|text| text.ends_with("i12")));
}

// ----- TV-11 … TV-13: 4p lines, palace, arcs, allies -----

#[test]
fn tv_11_division_commander_follows_lines() {
    let game = load("4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/15/5/5/sD4/5/5/1sF3 s s+0e+0n+0w+0 - 0 60");
    let expected = posts("b7 c7 d7 e7 f7 g2 g3 g5 g6 g7 g9 g11 g12 g13 g14 g15 g16 h3 h4 h5");
    assert_eq!(expected.len(), 20);
    assert_eq!(dest(&game, "g4"), expected);
}

#[test]
fn tv_11_engineer_reaches_every_railway_post() {
    let game = load("4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/15/5/5/sE4/5/5/1sF3 s s+0e+0n+0w+0 - 0 60");
    let board = Board::get(Shape::FourPlayer);
    let mut expected: Vec<String> = board
        .posts()
        .filter(|&post| board.on_railway(post))
        .map(|post| board.name(post).to_string())
        .filter(|name| name != "g4")
        .chain(["h3", "h4", "h5"].map(str::to_string))
        .collect();
    expected.sort_by_key(|name| file_then_rank(name));
    assert_eq!(expected.len(), 75);
    assert_eq!(dest(&game, "g4"), expected);
}

#[test]
fn tv_12_palace_passage_and_arc_but_no_right_angle() {
    let game = load("4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/15/5/5/5/5/sD4/1sF3 s s+0e+0n+0w+0 - 0 60");
    let found = dest(&game, "g2");
    assert_eq!(
        found,
        posts("b7 c7 d7 e7 f7 g1 g3 g4 g5 g6 g7 g9 g11 g12 g13 g14 g15 g16 h2 h3 i2 j2 k2")
    );
    assert_eq!(found.len(), 23);
    assert!(!found.iter().any(|post| post == "i7"));
}

#[test]
fn tv_12_enemy_on_the_arc_line_can_be_attacked_not_passed() {
    let mut game =
        load("4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/3wT11/sD4/5/5/5/5/1sF3 s s+0e+0n+0w+0 - 0 60");
    let expected = posts("d7 e7 f7 g2 g3 g4 g5 g7 g9 g11 g12 g13 g14 g15 g16 h5 h6 i6 j6 k6");
    assert_eq!(expected.len(), 20);
    assert_eq!(dest(&game, "g6"), expected);
    assert_refused(&mut game, "s", "g6-c7");
}

#[test]
fn tv_12_ally_on_the_arc_line_blocks() {
    let game =
        load("4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/3nT11/sD4/5/5/5/5/1sF3 s s+0e+0n+0w+0 - 0 60");
    let expected = posts("e7 f7 g2 g3 g4 g5 g7 g9 g11 g12 g13 g14 g15 g16 h5 h6 i6 j6 k6");
    assert_eq!(expected.len(), 19);
    assert_eq!(dest(&game, "g6"), expected);
}

#[test]
fn tv_13_allies_block_but_cannot_be_attacked() {
    let mut game =
        load("4p 3nF1/5/5/5/5/5/15/wF11/6nT8/11eF/15/5/5/sD4/5/5/1sF3 s s+0e+0n+0w+0 - 0 60");
    assert_eq!(
        dest(&game, "g4"),
        posts("b7 c7 d7 e7 f7 g2 g3 g5 g6 g7 h3 h4 h5")
    );
    assert_refused(&mut game, "s", "g4xg9");
}

#[test]
fn tv_13_enemies_block_and_can_be_attacked() {
    let game =
        load("4p 3nF1/5/5/5/5/5/15/wF11/6wT8/11eF/15/5/5/sD4/5/5/1sF3 s s+0e+0n+0w+0 - 0 60");
    assert_eq!(
        dest(&game, "g4"),
        posts("b7 c7 d7 e7 f7 g2 g3 g5 g6 g7 g9 h3 h4 h5")
    );
}

// ----- TV-14 … TV-17: ends of games -----

#[test]
fn tv_14_four_player_flag_capture_removes_the_whole_seat() {
    let mut game = load(EX_4);
    assert_eq!(play(&mut game, "s", "p8xq8"), "p8xq8=A");
    let after =
        "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB9/11sD/15/5/5/sE4/5/1sM3/sMsF3 n s+0e-1n+0w+0 - 0 121";
    assert_eq!(full(&game), after);
    assert!(game.outcome().is_none(), "West is still active");
    // The division commander on East's HQ q8 is immobile.
    let south_to_move = after.replace(" n s+0", " s s+0");
    assert_eq!(dest(&load(&south_to_move), "q8"), Vec::<String>::new());
}

#[test]
fn tv_15_last_identical_pieces_attacker_wins() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/sC4/5/5/5/5/1sF3 s s+0n+0 - 12 80");
    assert_eq!(play(&mut game, "s", "a6xa7"), "a6xa7=X");
    assert_eq!(full(&game), "2p 5/5/5/5/5/5/5/5/5/5/5/1sF3 - s+0n-0 - 0 81");
    assert_eq!(winners(&game), ["s"]);
    assert_eq!(
        results(&game),
        [("s", SeatResult::Win), ("n", SeatResult::Loss)]
    );
}

#[test]
fn tv_16_seventy_first_quiet_move_draws() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP n s+0n+0 - 70 200");
    play(&mut game, "n", "a7-a8");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/nC4/5/5/5/5/5/5/1sF2sP - s+0n+0 - 71 201"
    );
    let outcome = game.outcome().expect("drawn");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "no_attack_limit");
    assert_eq!(
        results(&game),
        [("s", SeatResult::Draw), ("n", SeatResult::Draw)]
    );
}

#[test]
fn tv_16_seventieth_quiet_move_plays_on() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP n s+0n+0 - 69 200");
    play(&mut game, "n", "a7-a8");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/nC4/5/5/5/5/5/5/1sF2sP s s+0n+0 - 70 201"
    );
    assert!(game.outcome().is_none());
}

#[test]
fn tv_16_an_attack_resets_q() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/sP4/5/5/5/5/1sF2sP n s+0n+0 - 70 200");
    assert_eq!(play(&mut game, "n", "a7xa6"), "a7xa6=A");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/5/5/nC4/5/5/5/5/1sF2sP s s+0n+0 - 0 201"
    );
    assert!(game.outcome().is_none());
}

#[test]
fn tv_16_a_victory_on_the_71st_move_comes_first() {
    // North walks its last movable piece into its empty HQ on the 71st quiet move (END-2).
    let mut game = load("2p 3nF1/1nC3/5/5/5/5/5/5/5/5/5/1sF2sP n s+0n+0 - 70 200");
    play(&mut game, "n", "b11-b12");
    assert_eq!(
        full(&game),
        "2p 5/5/5/5/5/5/5/5/5/5/5/1sF2sP - s+0n-0 - 71 201"
    );
    assert_eq!(winners(&game), ["s"]);
}

#[test]
fn tv_17_fifth_timeout_defeats() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP s s+4n+0 - 3 20");
    assert_eq!(play(&mut game, "s", "T"), "T");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/5 - s-5n+0 - 3 20"
    );
    assert_eq!(winners(&game), ["n"]);
    assert_eq!(game.outcome().expect("over").reason, "timeouts");
}

#[test]
fn tv_17_fourth_timeout_passes_the_turn() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP s s+3n+0 - 3 20");
    play(&mut game, "s", "T");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP n s+4n+0 - 3 20"
    );
}

// ----- TV-18: draw offers -----

fn two_player_at(moves: u32, to_move: &str) -> Junqi {
    load(&format!(
        "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP {to_move} s+0n+0 - 3 {moves}"
    ))
}

#[test]
fn tv_18_no_draw_offer_before_40_moves() {
    for moves in [32, 39] {
        assert_refused(&mut two_player_at(moves, "s"), "s", "draw?");
    }
    let mut game = two_player_at(40, "s");
    play(&mut game, "s", "draw?");
    play(&mut game, "n", "draw+");
    let outcome = game.outcome().expect("drawn by agreement");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "draw_agreed");
}

#[test]
fn tv_18_one_offer_until_the_offerers_next_move() {
    let mut game = two_player_at(41, "n");
    play(&mut game, "s", "draw?");
    play(&mut game, "n", "draw-");
    assert!(game.outcome().is_none());
    assert_refused(&mut game, "s", "draw?");
    play(&mut game, "n", "a7-a8");
    assert_refused(&mut game, "s", "draw?"); // North's move renews only North's right
    play(&mut game, "s", "e1-e2");
    play(&mut game, "s", "draw?");
}

#[test]
fn tv_18_four_player_draw_with_east_defeated_needs_north_and_west() {
    let mut game = load(EX_4_EAST_OUT);
    play(&mut game, "s", "draw?");
    assert_refused(&mut game, "e", "draw+");
    play(&mut game, "n", "draw+");
    assert!(game.outcome().is_none());
    play(&mut game, "w", "draw+");
    assert!(game.outcome().expect("drawn").is_draw());
    // CL-7: the defeated seat shares its team's result, a draw included.
    assert_eq!(
        results(&game),
        [
            ("s", SeatResult::Draw),
            ("e", SeatResult::Draw),
            ("n", SeatResult::Draw),
            ("w", SeatResult::Draw)
        ]
    );
}

#[test]
fn tv_18_four_player_three_accepts_of_three() {
    let mut game = load(EX_4);
    play(&mut game, "s", "draw?");
    for voter in ["e", "n"] {
        play(&mut game, voter, "draw+");
        assert!(game.outcome().is_none());
    }
    play(&mut game, "w", "draw+");
    assert!(game.outcome().expect("drawn").is_draw());
}

#[test]
fn tv_18_four_player_two_accepts_and_one_refusal() {
    let mut game = load(EX_4);
    play(&mut game, "s", "draw?");
    play(&mut game, "e", "draw+");
    play(&mut game, "n", "draw+");
    play(&mut game, "w", "draw-");
    assert!(game.outcome().is_none());
    assert_refused(&mut game, "w", "draw+"); // the offer is gone
    assert_eq!(full(&game), EX_4);
}

// ----- TV-19, TV-20: surrender and escape -----

#[test]
fn tv_19_no_surrender_before_40_moves() {
    assert_refused(&mut two_player_at(39, "s"), "s", "resign");
}

#[test]
fn tv_19_two_player_surrender() {
    let mut game = two_player_at(40, "s");
    play(&mut game, "s", "resign");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/5 - s-0n+0 - 3 40"
    );
    assert_eq!(winners(&game), ["n"]);
    assert_eq!(game.outcome().expect("over").reason, "surrender");
}

#[test]
fn tv_19_four_player_surrender_out_of_turn() {
    let mut game = load(EX_4);
    play(&mut game, "e", "resign");
    assert_eq!(full(&game), EX_4_EAST_OUT);
    assert!(game.outcome().is_none());
    assert_eq!(game.seat_name(seat_to_move(&game)), "s");
}

#[test]
fn tv_20_escape_in_4p_plays_on() {
    let mut game = load(EX_4);
    play(&mut game, "e", "escape");
    assert_eq!(full(&game), EX_4_EAST_OUT.replace("e-1", "e!1"));
    assert!(game.outcome().is_none());
    assert_eq!(game.seat_name(seat_to_move(&game)), "s");
}

#[test]
fn tv_20_west_escaping_later_ends_the_game() {
    let mut game = load(EX_4);
    play(&mut game, "e", "escape");
    play(&mut game, "w", "escape");
    assert_eq!(
        full(&game),
        "4p 3nF1/5/5/5/5/2nS2/15/12/15/10sD1/15/5/5/sE4/5/1sM3/sMsF3 - s+0e!1n+0w!0 - 3 120"
    );
    assert_eq!(winners(&game), ["s", "n"]);
    assert_eq!(
        results(&game),
        [
            ("s", SeatResult::Win),
            ("e", SeatResult::Escaped),
            ("n", SeatResult::Win),
            ("w", SeatResult::Escaped)
        ]
    );
}

#[test]
fn tv_20_west_defeated_later_ends_the_game() {
    let mut game = load(EX_4);
    play(&mut game, "e", "escape");
    play(&mut game, "w", "resign");
    assert_eq!(
        full(&game),
        "4p 3nF1/5/5/5/5/2nS2/15/12/15/10sD1/15/5/5/sE4/5/1sM3/sMsF3 - s+0e!1n+0w-0 - 3 120"
    );
    assert_eq!(winners(&game), ["s", "n"]);
    assert_eq!(
        results(&game),
        [
            ("s", SeatResult::Win),
            ("e", SeatResult::Escaped),
            ("n", SeatResult::Win),
            ("w", SeatResult::Loss)
        ]
    );
}

#[test]
fn es_3_escape_before_40_moves_in_2p() {
    let mut game = two_player_at(3, "n");
    play(&mut game, "s", "escape");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/5 - s!0n+0 - 3 3"
    );
    assert_eq!(winners(&game), ["n"]);
    assert_eq!(
        results(&game),
        [("s", SeatResult::Escaped), ("n", SeatResult::Win)]
    );
}

// ----- TV-22: turn order -----

#[test]
fn tv_22_four_player_order_is_s_e_n_w() {
    let mut game = load(EX_3);
    assert_eq!(movers(&mut game, 5), ["s", "e", "n", "w", "s"]);
}

#[test]
fn tv_22_a_defeated_seat_is_skipped() {
    let mut game = load(EX_4_EAST_OUT);
    assert_eq!(movers(&mut game, 4), ["s", "n", "w", "s"]);
}

#[test]
fn tv_22_two_player_alternates() {
    let mut game = load(EX_1);
    assert_eq!(movers(&mut game, 4), ["s", "n", "s", "n"]);
}

// ----- TV-25: dark chess -----

#[test]
fn tv_25_opening_has_only_flips() {
    let mut game = load(EX_5);
    let found = actions(&game);
    assert_eq!(found.len(), 50);
    assert!(found.iter().all(|text| text.starts_with('*')), "{found:?}");
    assert_eq!(play(&mut game, "s", "*c6"), "*c6=rP");
    assert_eq!(
        full(&game),
        "dark ryrsrtusup/rdryudrcue/ue1re1um/rlub1ulrd/ud1uc1um/rjuprtreut/rbufrPrmrf/up1uc1rl/rmub1rpuy/ue1rm1ut/rpuyreujrc/rbucumrcul n s+0n+0 s=r 1 1"
    );
}

#[test]
fn tv_25_first_flip_decides_the_colours() {
    let mut game = load("dark 5/5/5/5/5/ut4/rD4/5/5/5/5/ue4 s s+0n+0 - 0 0");
    assert_eq!(actions(&game), ["*a1", "*a7"]);
    assert_eq!(play(&mut game, "s", "*a1"), "*a1=uE");
    assert_eq!(
        full(&game),
        "dark 5/5/5/5/5/ut4/rD4/5/5/5/5/uE4 n s+0n+0 s=u 1 1"
    );
}

#[test]
fn tv_25_face_down_pieces_block() {
    let mut game = load("dark 5/5/5/5/5/ut4/rD4/5/5/5/5/5 s s+0n+0 s=r 0 10");
    assert_eq!(
        actions(&game),
        sorted("*a7 a6-a2 a6-a3 a6-a4 a6-a5 a6-b5 a6-b6 a6-c6 a6-d6 a6-e6")
    );
    assert_refused(&mut game, "s", "a6xa7");
}

#[test]
fn tv_25_flag_guarded_by_a_face_down_mine() {
    let mut game = load("dark 1uF3/1rE3/5/5/5/5/5/5/5/5/5/um4 s s+0n+0 s=r 0 30");
    assert_refused(&mut game, "s", "b11xb12");
}

#[test]
fn tv_25_flag_open_once_its_mines_are_gone() {
    let mut game = load("dark 1uF3/1rE3/5/5/5/5/5/5/5/5/5/rm4 s s+0n+0 s=r 0 30");
    assert_eq!(play(&mut game, "s", "b11xb12"), "b11xb12=A");
    assert_eq!(winners(&game), ["s"]);
    // CL-4: the pieces stay; CL-9: once over, every view shows the full position.
    let over = "dark 1rE3/5/5/5/5/5/5/5/5/5/5/rm4 - s+0n-0 s=r 0 31";
    assert_eq!(full(&game), over);
    assert_eq!(view(&game, Viewer::Spectator), over);
    assert_eq!(view(&game, Viewer::Seat(seat(&game, "n"))), over);
}

/// `a6xa7` in the TV-25 no-losing-attack position, with other pieces on a7 and a6.
fn dark_attack(r7: &str, r6: &str) -> Junqi {
    load(&format!(
        "dark 5/5/5/5/5/{r7}/{r6}/5/5/5/5/5 s s+0n+0 s=r 0 30"
    ))
}

#[test]
#[allow(non_snake_case)]
fn tv_25_no_losing_attack_rP_uD() {
    assert_refused(&mut dark_attack("uD4", "rP4"), "s", "a6xa7");
}

#[test]
#[allow(non_snake_case)]
fn tv_25_equal_attack_rP_uP() {
    assert_eq!(
        play(&mut dark_attack("uP4", "rP4"), "s", "a6xa7"),
        "a6xa7=X"
    );
}

#[test]
#[allow(non_snake_case)]
fn tv_25_no_losing_attack_rD_uM() {
    assert_refused(&mut dark_attack("uM4", "rD4"), "s", "a6xa7");
}

#[test]
#[allow(non_snake_case)]
fn tv_25_engineer_clears_a_mine_rE_uM() {
    assert_eq!(
        play(&mut dark_attack("uM4", "rE4"), "s", "a6xa7"),
        "a6xa7=A"
    );
}

#[test]
fn tv_25_an_hq_does_not_lock() {
    let game = load("dark 5/5/5/5/5/5/5/5/5/5/5/1rJ3 s s+0n+0 s=r 0 30");
    assert_eq!(dest(&game, "b1"), posts("a1 b2 c1"));
}

// ----- TV-26: the no-move check after a move -----

#[test]
fn tv_26_taking_the_last_movable_piece_defeats_at_once() {
    let mut game =
        load("4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/3wT10eT/sD4/5/5/5/5/1sF3 s s+0e+0n+0w+0 - 5 60");
    let (record, events) = try_play(&mut game, "s", "g6xd7").expect("legal");
    assert_eq!(record, "g6xd7=A");
    assert_eq!(path(&game, &events), ["g6", "f7", "e7", "d7"]); // along the SW arc
    assert_eq!(
        full(&game),
        "4p 3nF1/5/5/5/5/5/15/12/15/11eF/3sD10eT/5/5/5/5/5/1sF3 e s+0e+0n+0w-0 - 0 61"
    );
}

#[test]
fn tv_26_walking_the_last_movable_piece_into_an_hq_defeats_at_once() {
    let mut game =
        load("4p 3nF1/5/5/5/5/5/15/wF11/wT14/11eF/14eT/sD4/5/5/5/5/1sF3 w s+0e+0n+0w+0 - 5 60");
    assert_eq!(play(&mut game, "w", "a9-a8"), "a9-a8");
    assert_eq!(
        full(&game),
        "4p 3nF1/5/5/5/5/5/15/12/15/11eF/14eT/sD4/5/5/5/5/1sF3 s s+0e+0n+0w-0 - 6 61"
    );
}

// ----- §9A clarifications -----

#[test]
fn cl_1_f5_keeps_a_defeated_seat() {
    let mut game = load(&EX_4.replace(" - 3 120", " e 3 120"));
    play(&mut game, "s", "p8xq8");
    assert_eq!(
        full(&game),
        "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB9/11sD/15/5/5/sE4/5/1sM3/sMsF3 n s+0e-1n+0w+0 e 0 121"
    );
}

#[test]
fn cl_1_f5_keeps_the_loser_after_the_game() {
    let mut game = load("2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 n 5 50");
    play(&mut game, "s", "d11xd12");
    assert_eq!(
        full(&game),
        "2p 3sE1/5/5/5/5/5/5/5/5/5/5/1sF2sP - s+0n-0 n 0 51"
    );
}

#[test]
fn cl_2_a_defeat_reveals_nothing() {
    // East's commander leaves the board with the rest of East's pieces: no flag becomes public.
    let mut game = load(&EX_4.replace("10eE3eM", "10eS3eM"));
    play(&mut game, "s", "p8xq8");
    assert_eq!(
        full(&game),
        "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB9/11sD/15/5/5/sE4/5/1sM3/sMsF3 n s+0e-1n+0w+0 - 0 121"
    );
}

#[test]
fn cl_3_two_players_on_the_4p_board_are_enemies() {
    let mut game = load("4p 3nF1/5/5/5/5/nT4/15/12/15/12/15/sD4/5/5/5/5/1sF3 s s+0n+0 - 0 60");
    assert!(dest(&game, "g6").iter().any(|post| post == "g12"));
    assert_eq!(play(&mut game, "s", "g6xg12"), "g6xg12=A");
    assert_eq!(
        full(&game),
        "4p 5/5/5/5/5/sD4/15/12/15/12/15/5/5/5/5/5/1sF3 - s+0n-0 - 0 61"
    );
    assert_eq!(winners(&game), ["s"]);
}

#[test]
fn cl_4_dark_has_no_check_straight_after_a_move() {
    // South's last piece dies in its own attack; South loses only at the start of its turn.
    let mut game = load("dark 5/5/5/5/5/uP4/rP4/5/5/5/5/uD4 s s+0n+0 s=r 0 30");
    assert_eq!(play(&mut game, "s", "a6xa7"), "a6xa7=X");
    assert_eq!(
        full(&game),
        "dark 5/5/5/5/5/5/5/5/5/5/5/uD4 n s+0n+0 s=r 0 31"
    );
    assert!(game.outcome().is_none());
    play(&mut game, "n", "a1-b1");
    assert_eq!(
        full(&game),
        "dark 5/5/5/5/5/5/5/5/5/5/5/1uD3 - s-0n+0 s=r 1 32"
    );
    assert_eq!(winners(&game), ["n"]);
}

#[test]
fn cl_4_dark_loser_keeps_its_pieces() {
    let mut game = load("dark 1uF1uM1/5/5/5/5/5/rD4/5/5/5/5/5 s s+0n+0 s=r 0 30");
    play(&mut game, "s", "a6-a5");
    assert_eq!(
        full(&game),
        "dark 1uF1uM1/5/5/5/5/5/5/rD4/5/5/5/5 - s+0n-0 s=r 1 31"
    );
    assert_eq!(winners(&game), ["s"]);
}

fn load_with(position: &str, options: serde_json::Value) -> Junqi {
    <Junqi as GameNotation>::load(position, Some(&options), 0)
        .unwrap_or_else(|error| panic!("{position}\n  refused: {error}"))
}

#[test]
fn cl_5_flag_engineer_only_is_an_option_beside_the_position() {
    let position = "dark 1uF3/1rJ3/5/5/5/5/5/5/5/5/5/rm4 s s+0n+0 s=r 0 30";
    assert_eq!(play(&mut load(position), "s", "b11xb12"), "b11xb12=A");
    let mut game = load_with(position, serde_json::json!({ "flag_engineer_only": true }));
    assert_refused(&mut game, "s", "b11xb12");
}

#[test]
fn cl_5_two_same_colour_rule_is_an_option_beside_the_position() {
    let position = "dark 5/5/5/5/5/ut4/rD4/5/5/5/5/ue4 s s+0n+0 - 0 0";
    let mut game = load_with(position, serde_json::json!({ "colour_rule": "two_same" }));
    assert_eq!(play(&mut game, "s", "*a1"), "*a1=uE");
    assert_eq!(
        full(&game),
        "dark 5/5/5/5/5/ut4/rD4/5/5/5/5/uE4 n s+0n+0 - 1 1"
    );
}

#[test]
fn finished_positions_load_with_their_result() {
    let game = load("2p 3nF1/5/5/5/nC4/5/5/5/5/5/5/5 - s-0n+0 - 1 61");
    assert_eq!(winners(&game), ["n"]);
    let game = load("2p 3nF1/5/5/5/nC4/5/5/5/5/5/5/1sF2sP - s+0n+0 - 71 201");
    assert!(game.outcome().expect("over").is_draw());
    let game =
        load("4p 3nF1/5/5/5/5/2nS2/15/12/15/10sD1/15/5/5/sE4/5/1sM3/sMsF3 - s+0e!1n+0w-0 - 3 120");
    assert_eq!(winners(&game), ["s", "n"]);
    assert_eq!(
        results(&game),
        [
            ("s", SeatResult::Win),
            ("e", SeatResult::Escaped),
            ("n", SeatResult::Win),
            ("w", SeatResult::Loss)
        ]
    );
}

/// A position that loads, and one change to it for each refusal of CL-6.
const CONSISTENT: &str = "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP s s+0n+0 - 3 40";

#[test]
fn cl_6_a_middlegame_with_few_pieces_is_accepted() {
    load(CONSISTENT);
    load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP s s+4n+4 - 70 40");
}

fn assert_load_refused(position: &str) {
    let result = try_load(position);
    assert!(result.is_err(), "{position} should be refused");
}

#[test]
fn cl_6_refused_when_the_seat_to_move_is_not_active() {
    assert_load_refused("2p 5/5/5/5/5/5/5/5/5/5/5/1sF2sP n s+0n-0 - 3 40");
    assert_load_refused("2p 5/5/5/5/5/5/5/5/5/5/5/1sF2sP n s+0n!0 - 3 40");
}

#[test]
fn cl_6_refused_when_an_active_seat_has_five_timeouts() {
    assert_load_refused(&CONSISTENT.replace("n+0", "n+5"));
    // Also once the game is over: the fifth timeout would have defeated the seat (EL-3).
    let drawn = "2p 3nF1/5/5/5/nC4/5/5/5/5/5/5/1sF2sP - s+0n+0 - 71 201";
    load(drawn);
    assert_load_refused(&drawn.replace("n+0", "n+5"));
    load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/5 - s-5n+0 - 3 20");
}

#[test]
fn cl_6_refused_when_q_reached_71_in_play() {
    assert_load_refused(&CONSISTENT.replace(" 3 40", " 71 40"));
}

#[test]
fn cl_6_refused_when_the_seat_to_move_has_no_legal_move() {
    assert_load_refused("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF1sS1 s s+0n+0 - 0 60");
}

#[test]
fn cl_6_refused_when_a_defeated_seat_has_pieces() {
    assert_load_refused(&CONSISTENT.replace("n+0", "n-0"));
    assert_load_refused(&CONSISTENT.replace("n+0", "n!0"));
}

#[test]
fn cl_6_refused_with_too_many_pieces_of_a_kind() {
    let one_commander = CONSISTENT.replace("/5/5/1sF", "/5/sS4/1sF");
    load(&one_commander);
    assert_load_refused(&one_commander.replace("1sF2sP", "1sF1sSsP"));
    assert_load_refused(&CONSISTENT.replace("3nF1", "1nF1nF1"));
}

#[test]
fn cl_6_refused_when_a_flag_is_off_an_hq() {
    assert_load_refused(&CONSISTENT.replace("1sF2sP", "sF3sP"));
    assert_load_refused(&EX_4.replace("wF11/wM4wB3", "12/wFwM3wB3"));
}

#[test]
fn cl_9_views_during_play() {
    let game = load(EX_2);
    assert_eq!(
        view(&game, Viewer::Seat(seat(&game, "s"))),
        "2p n?n?n?nFn?/n?n?n?n?n?/n?1n?1n?/n?n?1n?n?/n?1n?1n?/n?n?2n?/sC2sDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4"
    );
    assert_eq!(
        view(&game, Viewer::Seat(seat(&game, "n"))),
        "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/s?2s?s?/s?1s?1s?/s?s?1s?s?/s?1s?1s?/s?s?s?s?s?/s?sFs?s?s? s s+0n+0 sn 0 4"
    );
    assert_eq!(
        view(&game, Viewer::Spectator),
        "2p n?n?n?nFn?/n?n?n?n?n?/n?1n?1n?/n?n?1n?n?/n?1n?1n?/n?n?2n?/s?2s?s?/s?1s?1s?/s?s?1s?s?/s?1s?1s?/s?s?s?s?s?/s?sFs?s?s? s s+0n+0 sn 0 4"
    );
}

#[test]
fn cl_9_four_player_view_of_north() {
    let game = load(EX_4);
    assert_eq!(
        view(&game, Viewer::Seat(seat(&game, "n"))),
        "4p 3nF1/5/5/5/5/2nS2/15/w?11/w?4w?3e?4e?/10s?e?/10e?3e?/5/5/s?4/5/1s?3/s?s?3 s s+0e+1n+0w+0 - 3 120"
    );
}

#[test]
fn cl_9_dark_face_down_pieces_are_hidden_from_everyone() {
    let mut game = load(EX_5);
    let hidden = "dark x?x?x?x?x?/x?x?x?x?x?/x?1x?1x?/x?x?1x?x?/x?1x?1x?/x?x?x?x?x?/x?x?x?x?x?/x?1x?1x?/x?x?1x?x?/x?1x?1x?/x?x?x?x?x?/x?x?x?x?x? s s+0n+0 - 0 0";
    for viewer in [
        Viewer::Seat(seat(&game, "s")),
        Viewer::Seat(seat(&game, "n")),
        Viewer::Spectator,
    ] {
        assert_eq!(view(&game, viewer), hidden);
    }
    play(&mut game, "s", "*c6");
    let after = "dark x?x?x?x?x?/x?x?x?x?x?/x?1x?1x?/x?x?1x?x?/x?1x?1x?/x?x?x?x?x?/x?x?rPx?x?/x?1x?1x?/x?x?1x?x?/x?1x?1x?/x?x?x?x?x?/x?x?x?x?x? n s+0n+0 s=r 1 1";
    assert_eq!(view(&game, Viewer::Spectator), after);
    assert_eq!(view(&game, Viewer::Seat(seat(&game, "s"))), after);
}

#[test]
fn cl_9_every_view_is_full_after_the_game() {
    let mut game = load("2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 50");
    play(&mut game, "s", "d11xd12");
    let over = full(&game);
    assert_eq!(view(&game, Viewer::Spectator), over);
    assert_eq!(view(&game, Viewer::Seat(seat(&game, "s"))), over);
    assert_eq!(view(&game, Viewer::Seat(seat(&game, "n"))), over);
}

#[test]
fn cl_11_path_of_a_step() {
    let mut game = load("2p 3nF1/5/5/5/5/5/5/5/5/5/sD4/1sF3 s s+0n+0 - 0 0");
    let (_, events) = try_play(&mut game, "s", "a2-a1").expect("legal");
    assert_eq!(path(&game, &events), ["a2", "a1"]);
}

#[test]
fn cl_11_path_of_a_straight_run() {
    let mut game = load("2p 3nF1/5/5/5/5/5/5/5/5/5/sD4/1sF3 s s+0n+0 - 0 0");
    let (_, events) = try_play(&mut game, "s", "a2-a11").expect("legal");
    assert_eq!(
        path(&game, &events),
        ["a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"]
    );
}

#[test]
fn cl_11_path_of_an_engineer_turn() {
    // Two shortest routes: via a7 b7 and via b6 c6; "a7" sorts before "b6".
    let mut game = load("2p 3nF1/5/5/5/5/5/5/5/5/5/sE4/1sF3 s s+0n+0 - 0 0");
    let (_, events) = try_play(&mut game, "s", "a2-c7").expect("legal");
    assert_eq!(
        path(&game, &events),
        ["a2", "a3", "a4", "a5", "a6", "a7", "b7", "c7"]
    );
}

#[test]
fn cl_12_timeout_only_for_the_seat_to_move() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP s s+0n+0 - 3 20");
    assert_refused(&mut game, "n", "T");
    play(&mut game, "s", "T");
    assert_eq!(
        full(&game),
        "2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP n s+1n+0 - 3 20"
    );
}

#[test]
fn cl_12_no_timeout_after_the_game() {
    let mut game = load("2p 3nF1/5/5/5/5/nC4/5/5/5/5/5/1sF2sP s s+4n+0 - 3 20");
    play(&mut game, "s", "T");
    assert_refused(&mut game, "n", "T");
    assert_refused(&mut game, "s", "T");
}
