//! Every test vector of §11 as a named test. The vectors of §11.1, written in the notation,
//! are read from `tests/data/vectors.txt`; the others are set up here as positions.

use zhanqi_core::{Game, GameNotation, Seat, ToAct, Viewer};
use zhanqi_qizhan::{Action, BoardGraph, Qizhan, QizhanOptions, Side, Zone};

const VECTORS: &str = include_str!("data/vectors.txt");

const A: Seat = Seat::new(0);
const B: Seat = Seat::new(1);

/// Loads a position and checks that it is canonical (written back byte for byte).
fn load(text: &str) -> Qizhan {
    let game = Qizhan::load(text, None, 0).unwrap_or_else(|e| panic!("load refused: {e}\n{text}"));
    assert_eq!(game.position(Viewer::Omniscient), text, "not canonical");
    game
}

/// Plays an action given in the notation, which must be accepted.
fn play(game: &mut Qizhan, seat: Seat, text: &str) {
    let action = game
        .parse_action(seat, text)
        .unwrap_or_else(|e| panic!("'{text}' does not read: {e}"));
    game.apply(seat, &action).unwrap_or_else(|e| {
        panic!(
            "'{text}' refused: {e}\n{}",
            game.position(Viewer::Omniscient)
        )
    });
}

/// Whether an action given in the notation is refused (and leaves the game as it was).
fn refused(game: &Qizhan, seat: Seat, text: &str) -> bool {
    let action = game.parse_action(seat, text).expect("the action reads");
    let mut copy = game.clone();
    let refused = copy.apply(seat, &action).is_err();
    if refused {
        assert_eq!(
            copy.position(Viewer::Omniscient),
            game.position(Viewer::Omniscient)
        );
    }
    refused
}

/// The `moves` answer of `legal`: the seat to act (or `chance`) with its sorted actions.
fn legal_json(game: &Qizhan) -> serde_json::Value {
    let mut map = serde_json::Map::new();
    match game.to_act() {
        ToAct::Over => {}
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            let mut texts: Vec<String> =
                outcomes.iter().map(|(a, _)| game.action_text(a)).collect();
            texts.sort();
            map.insert("chance".to_owned(), texts.into());
        }
        ToAct::Seats(seats) => {
            for seat in seats.iter() {
                let mut actions = Vec::new();
                game.legal_actions(seat, &mut actions);
                let mut texts: Vec<String> = actions.iter().map(|a| game.action_text(a)).collect();
                texts.sort();
                texts.dedup();
                map.insert(game.seat_name(seat).to_owned(), texts.into());
            }
        }
    }
    serde_json::Value::Object(map)
}

/// The `outcome` answer.
fn outcome_json(game: &Qizhan) -> serde_json::Value {
    match game.outcome() {
        None => serde_json::Value::Null,
        Some(outcome) => {
            let winners: Vec<&str> = outcome.winners.iter().map(|s| game.seat_name(s)).collect();
            let result = if outcome.is_draw() { "draw" } else { "win" };
            serde_json::json!({"result": result, "winners": winners, "reason": outcome.reason})
        }
    }
}

fn seat(name: &str) -> Seat {
    match name {
        "A" => A,
        "B" => B,
        _ => A,
    }
}

/// Runs the notation vector `id` of `tests/data/vectors.txt`.
fn run_vector(id: &str) {
    let header = format!("id {id}");
    let lines: Vec<&str> = VECTORS
        .lines()
        .skip_while(|line| *line != header)
        .skip(1)
        .take_while(|line| !line.starts_with("id "))
        .collect();
    assert!(!lines.is_empty(), "no vector {id}");
    let mut game: Option<Qizhan> = None;
    let mut index = 0;
    let block = |index: usize| lines[index + 1..index + 7].join("\n");
    while index < lines.len() {
        let line = lines[index];
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "" => {}
            "position" => {
                game = Some(load(&block(index)));
                index += 6;
            }
            "play" => {
                let (who, action) = rest.split_once(' ').expect("play <seat> <action>");
                let game = game.as_mut().expect("a position first");
                if who == "chance" {
                    assert_eq!(game.to_act(), ToAct::Chance, "{id}: not a chance node");
                    play(game, A, action);
                } else {
                    play(game, seat(who), action);
                }
            }
            "after" => {
                let expected = block(index);
                let game = game.as_ref().expect("a position first");
                assert_eq!(game.position(Viewer::Omniscient), expected, "{id}: after");
                load(&expected);
                index += 6;
            }
            "legal" => {
                let expected: serde_json::Value = serde_json::from_str(rest).expect("json");
                assert_eq!(
                    legal_json(game.as_ref().expect("a game")),
                    expected,
                    "{id}: legal"
                );
            }
            "view" => {
                let expected = block(index);
                let game = game.as_ref().expect("a game");
                assert_eq!(
                    game.position(Viewer::Seat(seat(rest))),
                    expected,
                    "{id}: view {rest}"
                );
                index += 6;
            }
            "outcome" => {
                let expected: serde_json::Value = serde_json::from_str(rest).expect("json");
                assert_eq!(
                    outcome_json(game.as_ref().expect("a game")),
                    expected,
                    "{id}: outcome"
                );
            }
            other => panic!("{id}: unknown line '{other}'"),
        }
        index += 1;
    }
}

fn zone(graph: &BoardGraph, name: &str) -> Zone {
    graph.parse_zone(name).expect("a zone")
}

fn neighbours(graph: &BoardGraph, name: &str) -> Vec<String> {
    let from = zone(graph, name);
    let mut out: Vec<String> = graph
        .zones()
        .filter(|&z| z != from && graph.adjacent(from, z))
        .map(|z| graph.zone_name(z))
        .collect();
    out.sort();
    out
}

#[test]
fn tv_q01_adjacency_of_a_frontier_zone() {
    let graph = BoardGraph::new(4, false);
    assert_eq!(
        neighbours(&graph, "A.F2"),
        ["A.FL", "A.L2", "B.F2", "B.FL", "B.L2"]
    );
}

#[test]
fn tv_q02_adjacency_of_a_landing_zone_and_degree_of_the_front_line() {
    let graph = BoardGraph::new(4, false);
    assert_eq!(neighbours(&graph, "A.L3"), ["A.F3", "B.F3", "B.L3"]);
    assert_eq!(neighbours(&graph, "A.FL").len(), 9);
}

#[test]
fn tv_q03_distances_on_the_default_board() {
    let graph = BoardGraph::new(4, false);
    let d = |x: &str, y: &str| graph.distance(zone(&graph, x), zone(&graph, y));
    assert_eq!(
        [
            d("A.L1", "B.L1"),
            d("A.L1", "B.FL"),
            d("A.L1", "B.F3"),
            d("A.L1", "B.L3"),
            d("A.F1", "B.F2"),
            d("A.F1", "A.F2"),
        ],
        [1, 2, 3, 4, 2, 2]
    );
}

#[test]
fn tv_q04_distances_with_the_frontier_ring() {
    let graph = BoardGraph::new(4, true);
    let d = |x: &str, y: &str| graph.distance(zone(&graph, x), zone(&graph, y));
    assert_eq!([d("A.L1", "B.L2"), d("A.L1", "B.L3")], [3, 4]);
}

#[test]
fn tv_q05_swift_wolf_riders_move_twice_and_never_across() {
    let mut game = load(
        "qizhan main B turn 1 spent 0 bonus 0 played 0 last 10 seq 5\n\
         A hand AZ03#1 deck - discard -/-/-/- exile -\n\
         A board L1=CW03#4:3/0/0\n\
         B hand CW04#2 deck - discard -/-/-/- exile -\n\
         B board L2=CW04#5:2/1/1\n\
         stack -",
    );
    play(&mut game, B, "end");
    play(&mut game, A, "noswap");
    assert!(
        game.position(Viewer::Omniscient)
            .contains("L1=CW03#4:3/1/2")
    );
    assert!(refused(&game, A, "move A.L1#4 B.L1"));
    play(&mut game, A, "move A.L1#4 A.F1");
    assert!(refused(&game, A, "move A.F1#4 B.F1"));
    play(&mut game, A, "move A.F1#4 A.FL");
    assert!(
        game.position(Viewer::Omniscient)
            .contains("FL=CW03#4:3/1/0")
    );
    for to in ["A.F1", "A.F2", "A.F3", "A.F4"] {
        assert!(refused(&game, A, &format!("move A.FL#4 {to}")));
    }
}

#[test]
fn tv_q06_budgets_grow_and_supply_depot_adds_one() {
    let game = Qizhan::new(&QizhanOptions::default(), 1).unwrap();
    assert_eq!(game.budget(), 1);
    let mut game = load(
        "qizhan main B turn 3 spent 0 bonus 0 played 1 last 11 seq 5\n\
         A hand AZ03#1 deck - discard -/-/-/- exile -\n\
         A board L2=AZ11#4:4/1/0\n\
         B hand CW04#2 deck - discard -/-/-/- exile -\n\
         B board L2=CW04#5:2/1/1\n\
         stack -",
    );
    play(&mut game, B, "end");
    play(&mut game, A, "noswap");
    assert_eq!(game.turn(), 4);
    assert_eq!(game.budget(), 5);
    let game = load(
        "qizhan main A turn 13 spent 0 bonus 0 played 0 last 11 seq 5\n\
         A hand AZ03#1 deck - discard -/-/-/- exile -\n\
         A board -\n\
         B hand CW04#2 deck - discard -/-/-/- exile -\n\
         B board -\n\
         stack -",
    );
    assert_eq!(game.budget(), 10);
}

#[test]
fn tv_q07_a_play_over_the_budget_is_illegal() {
    let game = load(
        "qizhan main A turn 3 spent 1 bonus 0 played 1 last 11 seq 6\n\
         A hand AZ06#1 deck - discard -/-/-/- exile -\n\
         A board L1=AZ03#6:3/0/0\n\
         B hand CW04#2 deck - discard -/-/-/- exile -\n\
         B board -\n\
         stack -",
    );
    assert_eq!(game.budget(), 3);
    assert!(refused(&game, A, "play AZ06 A.L2"));
}

/// A position with one card on each side's board and a card in each hand.
fn duel(a_board: &str, b_board: &str) -> Qizhan {
    load(&format!(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ17#1 deck - discard -/-/-/- exile -\n\
         A board {a_board}\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board {b_board}\n\
         stack -"
    ))
}

fn board_line(game: &Qizhan, side: Side) -> String {
    let position = game.position(Viewer::Omniscient);
    position
        .lines()
        .nth(2 + 2 * side as usize)
        .unwrap_or("")
        .to_owned()
}

fn discard_of(game: &Qizhan, side: Side) -> String {
    let position = game.position(Viewer::Omniscient);
    let line = position
        .lines()
        .nth(1 + 2 * side as usize)
        .unwrap_or("")
        .to_owned();
    line.split(' ').nth(6).unwrap_or("").to_owned()
}

#[test]
fn tv_q08_spearmen_attack_a_shield_guard_and_take_its_counter() {
    let mut game = duel("F1=AZ03#10:3/1/1", "F1=AZ04#20:4/1/1");
    play(&mut game, A, "attack A.F1#10 B.F1#20");
    assert_eq!(board_line(&game, Side::B), "B board F1=AZ04#20:3/1/1");
    assert_eq!(board_line(&game, Side::A), "A board F1=AZ03#10:2/0/1");
}

#[test]
fn tv_q09_raiders_destroyed_still_counter() {
    let mut game = duel("F1=AZ03#10:3/1/1", "F1=CW04#20:2/1/1");
    play(&mut game, A, "attack A.F1#10 B.F1#20");
    assert_eq!(board_line(&game, Side::B), "B board -");
    assert_eq!(discard_of(&game, Side::B), "-/CW04/-/-");
    assert_eq!(board_line(&game, Side::A), "A board F1=AZ03#10:1/0/1");
}

#[test]
fn tv_q10_crossbowmen_shoot_at_range_two_without_counter() {
    let mut game = duel("L1=AZ05#10:2/1/1", "FL=CW06#20:5/1/1");
    play(&mut game, A, "attack A.L1#10 B.FL#20");
    assert_eq!(board_line(&game, Side::B), "B board FL=CW06#20:3/1/1");
    assert_eq!(board_line(&game, Side::A), "A board L1=AZ05#10:2/0/1");
}

#[test]
fn tv_q11_pierce_ignores_armour_and_the_counter_destroys() {
    let mut game = duel("F2=AZ05#10:2/1/1", "F2=AZ06#20:6/1/1");
    play(&mut game, A, "attack A.F2#10 B.F2#20");
    assert_eq!(board_line(&game, Side::B), "B board F2=AZ06#20:4/1/1");
    assert_eq!(board_line(&game, Side::A), "A board -");
    assert_eq!(discard_of(&game, Side::A), "-/AZ05/-/-");
}

#[test]
fn tv_q12_minimum_damage_against_mammoth_riders() {
    let mut game = duel("F1=AZ04#10:4/1/1", "F1=CW09#20:9/1/1");
    play(&mut game, A, "attack A.F1#10 B.F1#20");
    assert_eq!(board_line(&game, Side::B), "B board F1=CW09#20:8/1/1");
    assert_eq!(board_line(&game, Side::A), "A board -");
}

#[test]
fn tv_q13_siege_doubles_against_a_building() {
    let mut game = duel("L1=CW07#10:4/1/1", "L1=AZ10#20:5/1/0");
    play(&mut game, A, "attack A.L1#10 B.L1#20");
    assert_eq!(board_line(&game, Side::B), "B board L1=AZ10#20:1/1/0");
    assert_eq!(board_line(&game, Side::A), "A board L1=CW07#10:2/0/1");
}

#[test]
fn tv_q14_a_guard_protects_the_other_cards_of_its_zone() {
    let game = duel("F2=CW03#10:3/1/2", "F2=AZ04#20:4/1/1,AZ05#21:2/1/1");
    assert!(refused(&game, A, "attack A.F2#10 B.F2#21"));
    let mut game = game;
    play(&mut game, A, "attack A.F2#10 B.F2#20");
}

#[test]
fn tv_q15_volley_takes_the_only_zone_in_range_at_once() {
    let mut game = load(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ14#1 deck - discard -/-/-/- exile -\n\
         A board F2=CW03#10:3/1/2 L2=AZ03#11:3/1/1\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board F2=AZ04#20:4/1/1,AZ05#21:2/1/1\n\
         stack -",
    );
    play(&mut game, A, "play AZ14 A.L2#11");
    assert_eq!(
        board_line(&game, Side::B),
        "B board F2=AZ04#20:3/1/1,AZ05#21:1/1/1"
    );
    assert_eq!(discard_of(&game, Side::A), "-/-/-/AZ14");
    assert!(game.stack().is_empty());
}

#[test]
fn tv_q16_fresh_cards_cannot_attack_but_raiders_charge() {
    let position = "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ03#1,CW04#3 deck - discard -/-/-/- exile -\n\
         A board -\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board L1=CW03#20:3/1/2\n\
         stack -";
    let mut game = load(position);
    play(&mut game, A, "play AZ03 A.L1");
    assert_eq!(board_line(&game, Side::A), "A board L1=AZ03#41:3/0/0");
    assert!(refused(&game, A, "attack A.L1#41 B.L1#20"));
    let mut game = load(position);
    play(&mut game, A, "play CW04 A.L1");
    assert_eq!(board_line(&game, Side::A), "A board L1=CW04#41:2/1/1");
    play(&mut game, A, "attack A.L1#41 B.L1#20");
}

#[test]
fn tv_q17_forced_discard_then_swap_with_an_empty_deck() {
    let mut game = load(
        "qizhan main B turn 4 spent 0 bonus 0 played 1 last 01 seq 30\n\
         A hand AZ03#5,AZ05#6,AZ06#7,AZ17#8 deck - discard -/-/-/- exile -\n\
         A board -\n\
         B hand CW17#18 deck CW09 discard -/-/-/- exile -\n\
         B board L1=CW04#29:2/1/1\n\
         stack -",
    );
    play(&mut game, B, "end");
    assert_eq!(game.phase().name(), "discard");
    play(&mut game, A, "discard AZ05");
    assert_eq!(game.phase().name(), "swap");
    play(&mut game, A, "swap AZ06");
    let position = game.position(Viewer::Omniscient);
    let line = position.lines().nth(1).unwrap();
    assert_eq!(
        line,
        "A hand AZ03#5,AZ17#8 deck - discard -/-/-/AZ05,AZ06 exile -"
    );
}

#[test]
fn tv_q18_a_side_with_no_cards_loses_at_once_whatever_its_deck() {
    let mut game = load(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ17#1 deck - discard -/-/-/- exile -\n\
         A board F1=AZ03#10:3/1/1\n\
         B hand - deck CW01,CW02,CW03,CW03,CW03,CW04,CW04,CW05,CW05,CW06,CW07,CW08 discard -/-/-/- exile -\n\
         B board F1=CW04#20:2/1/1\n\
         stack -",
    );
    play(&mut game, A, "attack A.F1#10 B.F1#20");
    assert_eq!(
        outcome_json(&game),
        serde_json::json!({"result":"win","winners":["A"],"reason":"no_cards"})
    );
}

#[test]
fn tv_q19_both_last_cards_fall_together_for_a_draw() {
    let mut game = load(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand - deck - discard -/-/-/- exile -\n\
         A board F1=AZ03#10:2/1/1\n\
         B hand - deck - discard -/-/-/- exile -\n\
         B board F1=CW04#20:2/1/1\n\
         stack -",
    );
    play(&mut game, A, "attack A.F1#10 B.F1#20");
    assert_eq!(
        outcome_json(&game),
        serde_json::json!({"result":"draw","winners":[],"reason":"no_cards"})
    );
}

#[test]
fn tv_q20_azure_dragon_soul_spends_the_generals_action() {
    let mut game = load(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ16#1 deck - discard -/-/-/- exile -\n\
         A board F1=AZ01#10:8/1/1\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board F2=CW03#20:3/1/2\n\
         stack -",
    );
    play(&mut game, A, "play AZ16 A.F1#10");
    assert_eq!(board_line(&game, Side::A), "A board F1=AZ01#10:8/0/1");
    assert_eq!(board_line(&game, Side::B), "B board -");
    let position = game.position(Viewer::Omniscient);
    assert!(position.lines().nth(1).unwrap().ends_with("exile AZ16"));
}

#[test]
fn tv_q21_lan_yue_raises_the_others_of_his_zone() {
    let game = duel("F1=AZ01#10:8/1/1,AZ03#11:3/1/1", "L1=CW04#20:2/1/1");
    let cards = &game.side(Side::A).board;
    assert_eq!(game.effective(Side::A, &cards[1]).atk, 3, "Spearmen");
    assert_eq!(game.effective(Side::A, &cards[0]).atk, 3, "Lan Yue");
}

#[test]
fn tv_q22_an_attachment_goes_to_the_general_pile_with_its_host() {
    let mut game = load(
        "qizhan main B turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ17#1 deck - discard -/-/-/- exile -\n\
         A board F3=AZ03#10:3/1/1+AZ12\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board F3=CW06#20:5/1/1\n\
         stack -",
    );
    play(&mut game, B, "attack B.F3#20 A.F3#10");
    assert_eq!(board_line(&game, Side::A), "A board -");
    assert_eq!(discard_of(&game, Side::A), "-/AZ03/-/AZ12");
}

#[test]
fn tv_q23_the_berserkers_last_strike_takes_its_only_target() {
    let mut game = duel("F1=AZ06#10:6/1/1", "F1=CW06#20:2/1/1");
    play(&mut game, A, "attack A.F1#10 B.F1#20");
    assert_eq!(board_line(&game, Side::A), "A board F1=AZ06#10:1/0/1");
    assert!(game.stack().is_empty());
}

#[test]
fn tv_q24_a_full_zone_takes_no_fourth_card() {
    let game = load(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand AZ03#1 deck - discard -/-/-/- exile -\n\
         A board F1=AZ03#13:3/1/1 L1=AZ03#10:3/1/1,AZ04#11:4/1/1,AZ05#12:2/1/1\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board L4=CW04#20:2/1/1\n\
         stack -",
    );
    assert!(refused(&game, A, "play AZ03 A.L1"));
    assert!(refused(&game, A, "move A.F1#13 A.L1"));
    let mut game = game;
    play(&mut game, A, "play AZ03 A.L2");
}

#[test]
fn tv_q25a_ambush_takes_its_only_target_at_once() {
    run_vector("Q25a");
}

#[test]
fn tv_q25b_the_forced_discard_takes_the_lowest_entry_at_once() {
    run_vector("Q25b");
}

#[test]
fn tv_q26_the_game_waits_for_b_during_as_turn() {
    run_vector("Q26");
}

#[test]
fn tv_q27_night_raid_is_a_chance_node_over_the_hand() {
    run_vector("Q27");
}

#[test]
fn tv_q27b_night_raid_on_one_card_takes_it_at_once() {
    run_vector("Q27b");
}

#[test]
fn tv_q28a_attacker_and_defender_fall_together() {
    run_vector("Q28a");
}

#[test]
fn tv_q28b_volley_waits_for_both_berserker_triggers() {
    run_vector("Q28b");
}

#[test]
fn tv_q29_the_game_ends_at_turn_start_with_a_heal_pending() {
    run_vector("Q29");
}

#[test]
fn tv_q30_views_hide_the_other_hand_and_both_decks() {
    // The views of Q27 are part of its block in tests/data/vectors.txt.
    run_vector("Q27");
    let game = load(
        "qizhan main B turn 5 spent 0 bonus 0 played 0 last 11 seq 36\n\
         A hand AZ03#4,AZ03#9,AZ17#12 deck AZ08,AZ10 discard -/-/-/- exile -\n\
         A board L1=AZ04#25:4/0/0\n\
         B hand CW18#16 deck CW01 discard -/-/-/- exile -\n\
         B board L1=CW03#30:3/1/2\n\
         stack -",
    );
    assert_eq!(
        game.position(Viewer::Spectator).lines().nth(1).unwrap(),
        "A hand ?3 deck ?2 discard -/-/-/- exile -"
    );
}

#[test]
fn tv_q31_a_new_game_rests_at_as_first_swap() {
    for seed in [0, 7, 12345] {
        let game = Qizhan::new(&QizhanOptions::default(), seed).unwrap();
        let position = game.position(Viewer::Omniscient);
        let lines: Vec<&str> = position.lines().collect();
        assert_eq!(
            lines[0],
            "qizhan swap A turn 1 spent 0 bonus 0 played 0 last 00 seq 21"
        );
        let hand = |line: &str| -> Vec<(String, u32)> {
            line.split(' ')
                .nth(2)
                .unwrap()
                .split(',')
                .map(|c| {
                    let (id, n) = c.split_once('#').unwrap();
                    (id.to_owned(), n.parse().unwrap())
                })
                .collect()
        };
        let deck = |line: &str| line.split(' ').nth(4).unwrap().split(',').count();
        let a = hand(lines[1]);
        let b = hand(lines[3]);
        assert_eq!(a.len(), 10);
        assert!(
            a.iter()
                .all(|(id, n)| id.starts_with("AZ") && (1..=10).contains(n))
        );
        assert_eq!(b.len(), 11);
        assert!(
            b.iter()
                .all(|(id, n)| id.starts_with("CW") && (11..=21).contains(n))
        );
        assert_eq!((deck(lines[1]), deck(lines[3])), (20, 19));
        let mut actions = Vec::new();
        game.legal_actions(A, &mut actions);
        assert!(actions.contains(&Action::NoSwap));
        assert!(actions.iter().any(|a| matches!(a, Action::Swap(_))));
    }
}

#[test]
fn tv_q32_a_concession_while_b_chooses() {
    run_vector("Q32");
}
