//! The AI's knowledge of 铁与火: the evaluator, the fog turns it never takes and the
//! deployment within logistics.

use zhanqi_ai::{HeuristicPlayer, Player as AiPlayer, RandomPlayer};
use zhanqi_core::ai::{AiGame, Evaluator, Observation};
use zhanqi_core::{ClientGame, Game, GameNotation, GameRng, Seat, ToAct, Viewer};
use zhanqi_tiehuo::{Action, Catalog, Phase, Player, Tiehuo, TiehuoEvaluator, TiehuoOptions};

use crate::common::{assert_legal, load, play};

fn at_deployment(options: &TiehuoOptions, seed: u64) -> Tiehuo {
    let mut game = Tiehuo::new(options, seed).unwrap();
    while game.to_act() == ToAct::Chance {
        game.roll().unwrap();
    }
    assert_eq!(game.phase(), Phase::Deploy);
    game
}

/// Σ (cv) of a deployment, and Σ of its effective logistics.
fn fielded(cards: &[zhanqi_tiehuo::CardIndex]) -> u32 {
    cards
        .iter()
        .map(|&c| u32::from(Catalog::standard().card(c).cv()))
        .sum()
}

#[test]
fn the_ai_deploys_legally_and_fields_more_combat_value_than_random() {
    let (mut ai_total, mut random_total) = (0, 0);
    for seed in 0..200 {
        let options = TiehuoOptions {
            fog_of_war: seed % 2 == 0,
            ..TiehuoOptions::default()
        };
        let game = at_deployment(&options, seed);
        for index in 0..2 {
            let seat = Seat::new(index);
            let mut rng = GameRng::from_seed(seed);
            let observation = Observation::new(&game, seat);
            let Some(Action::Deploy(ai)) = Tiehuo::ai_unlisted_action(&observation, &mut rng)
            else {
                panic!("no AI deployment");
            };
            let player = Player::of_seat(seat).unwrap();
            assert!(game.deployment_problems(player, &ai).is_empty(), "{ai:?}");
            let Some(Action::Deploy(random)) = game.random_unlisted_action(seat, &mut rng) else {
                panic!("no random deployment");
            };
            ai_total += fielded(&ai);
            random_total += fielded(&random);
            // The editor's starting point is the AI's choice, and it passes its own check.
            let layout = game.random_setup(seat, &mut rng).unwrap();
            assert_eq!(game.check_setup(seat, &layout).unwrap(), layout);
        }
    }
    assert!(
        ai_total * 10 > random_total * 11,
        "the AI fields {ai_total} combat value over 400 deployments, random {random_total}"
    );
}

#[test]
fn the_evaluator_is_antisymmetric_and_favours_the_side_with_more_left() {
    let mut game = at_deployment(&TiehuoOptions::default(), 4);
    let mut rng = GameRng::from_seed(4);
    for index in 0..2 {
        let seat = Seat::new(index);
        let deploy = game.random_unlisted_action(seat, &mut rng).unwrap();
        game.apply(seat, &deploy).unwrap();
    }
    let values = TiehuoEvaluator.evaluate(&game);
    let (one, two) = (values[Seat::new(0)], values[Seat::new(1)]);
    assert!((-1.0..=1.0).contains(&one));
    assert!((one + two).abs() < 1e-6);
    let before = TiehuoEvaluator::side_value(&game, Player::One);
    // The same side with one card of it heavily damaged is worth less.
    let text = game.position(zhanqi_core::Viewer::Omniscient);
    let damaged_line = text
        .lines()
        .map(|line| {
            if let Some(rest) = line.strip_prefix("p1 battle ") {
                let mut tokens: Vec<String> = rest.split(',').map(str::to_owned).collect();
                let at = tokens
                    .iter()
                    .position(|t| {
                        Catalog::standard()
                            .index_of(t)
                            .is_some_and(|c| Catalog::standard().card(c).cv() >= 4)
                    })
                    .expect("a card of cv 4 or more");
                let cv = Catalog::standard()
                    .card(Catalog::standard().index_of(&tokens[at]).unwrap())
                    .cv();
                tokens[at] = format!("{}:{}", tokens[at], cv - 1);
                tokens.sort();
                format!("p1 battle {}", tokens.join(","))
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let damaged = <Tiehuo as GameNotation>::load(&damaged_line, None, 4).unwrap();
    assert!(TiehuoEvaluator::side_value(&damaged, Player::One) < before);
    let _ = <Tiehuo as ClientGame>::profile_family();
}

/// A study counts the cards a seat fields: each id of its deployment once, each resupply's id,
/// nothing for other actions.
#[test]
fn study_labels_are_the_ids_a_seat_deploys_and_resupplies() {
    let game = at_deployment(&TiehuoOptions::default(), 3);
    let seat = Seat::new(0);
    let deployment = game.parse_action(seat, "DE05,DE01,DE16,DE01").unwrap();
    let mut labels = Vec::new();
    game.study_labels(seat, &deployment, &mut labels);
    assert_eq!(labels, ["DE01", "DE05", "DE16"]);
    let catalog = Catalog::standard();
    let su04 = catalog.index_of("SU04").unwrap();
    labels.clear();
    game.study_labels(Seat::new(1), &Action::Resupply(su04), &mut labels);
    game.study_labels(Seat::new(1), &Action::Done, &mut labels);
    game.study_labels(Seat::new(1), &Action::Concede, &mut labels);
    assert_eq!(labels, ["SU04"]);
}

/// The position where heuristic play looped before the AI learnt to avoid turns that change
/// nothing (game 0 of `examples/balance.rs --fog on --seed 1`): round 1 under fog, player 1
/// done with three camouflaged cards face down and marked `m`, player 2 to act with SU13 (an
/// anti-aircraft gun, and player 1 shows no aircraft) the only card it may name. Naming SU13,
/// then designating `?m` (camouflage keeps the card face down again) or passing, ended the
/// turn with nothing changed, and the heuristic preferred that to `done` (which ends the round
/// and lets player 1's cards recover) for ever.
const LOOPED: &str = "tiehuo mode=formation logistics=individual fog=on
phase play round 1/2 turn 2
env normal
p1 L 46 next -2 done
p1 battle DE01,DE01,DE01:2,DE02,DE02:2,DE02fm,DE03,DE07:6,DE08fm,DE09:4,DE10fm,DE10fm,DE11:1,DE16,DE17,DE19
p1 reserve DE05,DE05,DE05,DE06,DE08,DE12,DE13,DE14,DE15,DE18
p1 discard DE01,DE03,DE04,DE04
p2 L 49 next 0 -
p2 battle SU01a,SU01a,SU01a,SU02a,SU02a,SU02a,SU03a,SU03a,SU04a,SU04a,SU05a,SU06a,SU06a,SU07a,SU07a,SU08a,SU10a,SU11a,SU13,SU17,SU18
p2 reserve SU06,SU09,SU11,SU12,SU14,SU14,SU15,SU16,SU19
p2 discard -
focus -
pending -";

#[test]
fn a_turn_that_changes_nothing_stays_legal_and_the_ai_does_not_take_it() {
    let game = load(LOOPED);
    let two = Seat::new(1);
    let name_su13 = game.parse_action(two, "SU13").unwrap();
    assert_legal(&game, "2", &["SU13", "done"]);
    assert_eq!(game.idle_turn(), None);
    // The rules allow the turn: SU13 has no target, only the `?m` class to designate.
    let mut named = game.clone();
    play(&mut named, "2", "SU13");
    assert_legal(&named, "2", &["1?m", "pass"]);
    assert_eq!(named.idle_turn(), Some(Player::Two));
    assert_eq!(TiehuoEvaluator.evaluate(&named)[two], -1.0);
    // Designating `?m` changes nothing: the drawn card stays face down, and the turn ends with
    // the position as it was, the turn back with player 2 (player 1 is done).
    let mut designated = named.clone();
    play(&mut designated, "2", "1?m");
    assert_eq!(designated.idle_turn(), Some(Player::Two));
    play(&mut designated, "chance", "DE10fm");
    assert_eq!(designated.idle_turn(), Some(Player::Two));
    assert_eq!(
        designated.position(Viewer::Omniscient),
        game.position(Viewer::Omniscient)
    );
    // The next action clears the mark of the quiet turn.
    play(&mut designated, "2", "done");
    assert_eq!(designated.idle_turn(), None);
    let mut passed = named.clone();
    play(&mut passed, "2", "pass");
    assert_eq!(passed.idle_turn(), Some(Player::Two));
    assert_eq!(
        passed.position(Viewer::Omniscient),
        game.position(Viewer::Omniscient)
    );
    // Whatever its random stream, the heuristic says `done`; a random player still names SU13.
    for seed in 0..8 {
        let choice = HeuristicPlayer::new(seed).choose(&Observation::new(&game, two));
        assert_eq!(choice, Some(Action::Done), "seed {seed}");
    }
    let named_by_random = (0..32)
        .filter(|&seed| {
            RandomPlayer::new(seed).choose(&Observation::new(&game, two)) == Some(name_su13.clone())
        })
        .count();
    assert!(named_by_random > 0);
}

/// A fog declaration cancelled before anything turned over is a turn that changes nothing;
/// one that turned a card over first is not.
#[test]
fn a_cancelled_fog_declaration_is_idle_only_when_nothing_turned_over() {
    let text = "tiehuo mode=formation logistics=individual fog=on
phase play round 2/2 turn 2
env normal
p1 L 46 next 0 -
p1 battle DE01,DE02f,DE05f
p1 reserve -
p1 discard -
p2 L 49 next 0 -
p2 battle SU06,SU07
p2 reserve -
p2 discard -
focus -
pending -";
    let game = load(text);
    let two = Seat::new(1);
    let mut cancelled = game.clone();
    play(&mut cancelled, "2", "F");
    assert_eq!(
        cancelled.idle_turn(),
        None,
        "a target in reach: not futile yet"
    );
    // DE01 is infantry: the T-34s' AP cannot reach it, no participant is left.
    play(&mut cancelled, "2", "SU06.1");
    play(&mut cancelled, "2", "SU07.1");
    play(&mut cancelled, "2", "@DE01");
    assert_eq!(cancelled.idle_turn(), Some(Player::Two));
    assert_eq!(TiehuoEvaluator.evaluate(&cancelled)[two], -1.0);
    let mut designated = game.clone();
    play(&mut designated, "2", "F");
    play(&mut designated, "2", "1?");
    play(&mut designated, "chance", "DE05f");
    play(&mut designated, "2", "@DE01");
    assert_eq!(designated.idle_turn(), None, "DE05 turned face up");
}

/// Fog-on heuristic games that looped for ever before (games 0, 1, 10 and 13 of
/// `examples/balance.rs --fog on --seed 1`) now end, and no heuristic choice in them is a
/// turn that changes nothing. The bound only turns a regression into a failure, not a hang.
#[test]
fn fog_heuristic_games_end_without_idle_turns() {
    let options = TiehuoOptions {
        fog_of_war: true,
        ..TiehuoOptions::default()
    };
    for index in [0, 1, 10, 13] {
        let mut seeds = GameRng::stream(1, index);
        let mut game = Tiehuo::new(&options, seeds.next_seed()).unwrap();
        let mut players: Vec<HeuristicPlayer<Tiehuo>> = (0..2)
            .map(|_| HeuristicPlayer::new(seeds.next_seed()))
            .collect();
        let mut actions = 0;
        loop {
            match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    game.roll().unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    let action = players[seat.index()]
                        .choose(&Observation::new(&game, seat))
                        .unwrap();
                    game.apply(seat, &action).unwrap();
                    assert_ne!(
                        game.idle_turn().map(Player::seat),
                        Some(seat),
                        "game {index}: {} changed nothing",
                        game.action_text(&action)
                    );
                    actions += 1;
                    assert!(actions < 3000, "game {index} does not end");
                }
            }
        }
    }
}
