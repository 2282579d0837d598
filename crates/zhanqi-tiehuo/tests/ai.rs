//! The AI's knowledge of 铁与火: the evaluator and the deployment within logistics.

use zhanqi_core::ai::{AiGame, Evaluator, Observation};
use zhanqi_core::{ClientGame, Game, GameNotation, GameRng, Seat, ToAct};
use zhanqi_tiehuo::{Action, Catalog, Phase, Player, Tiehuo, TiehuoEvaluator, TiehuoOptions};

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
