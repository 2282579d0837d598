//! Random games reach every kind of action and event: a generator that never lists bombs,
//! exchanges or redeployments would pass the property tests vacuously.

use zhanqi_core::{BySeat, Game, GameRng, ToAct};
use zhanqi_siguo::{Action, EndReason, Event, FollowUp, Siguo, SiguoOptions};

/// Counts of what random games played.
#[derive(Default, Debug)]
struct Tally {
    moves: u32,
    captures: u32,
    first_steps: u32,
    later_steps: u32,
    stops: u32,
    bombs: u32,
    exchanges: [u32; 3],
    passes: u32,
    eliminations: u32,
    ends: [u32; 3],
}

fn tally_games(options: &SiguoOptions, games: u64) -> Tally {
    let mut tally = Tally::default();
    let mut actions = Vec::new();
    for seed in 0..games {
        let none = BySeat::from_fn(|_| None);
        let mut game = Siguo::deployed(options.clone(), seed, &none).unwrap();
        let mut rng = GameRng::stream(seed, 2);
        while let ToAct::Seats(seats) = game.to_act() {
            let seat = seats.lowest().unwrap();
            actions.clear();
            game.legal_actions(seat, &mut actions);
            let action = actions[rng.below(actions.len())].clone();
            match &action {
                Action::Move { capture: false, .. } => tally.moves += 1,
                Action::Move { capture: true, .. } => tally.captures += 1,
                Action::Redeploy { .. } => tally.first_steps += 1,
                Action::Step { .. } => tally.later_steps += 1,
                Action::Stop => tally.stops += 1,
                Action::Bomb(_) => tally.bombs += 1,
                Action::Exchange { follow_up, .. } => {
                    let index = match follow_up {
                        FollowUp::Nothing => 0,
                        FollowUp::Bomb => 1,
                        FollowUp::Redeploy { .. } => 2,
                    };
                    tally.exchanges[index] += 1;
                }
                Action::Pass => tally.passes += 1,
                Action::Deploy(_) => unreachable!("the deployments are made"),
            }
            for event in game.apply(seat, &action).unwrap() {
                match event {
                    Event::Eliminated(_) => tally.eliminations += 1,
                    Event::Ended(reason) => {
                        let index = match reason {
                            EndReason::GeneralsCaptured => 0,
                            EndReason::QuietLimit => 1,
                            EndReason::MaxActions => 2,
                        };
                        tally.ends[index] += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    tally
}

#[test]
fn random_games_play_every_kind_of_action() {
    let tally = tally_games(&SiguoOptions::default(), 60);
    println!("{tally:?}");
    assert!(tally.moves > 0 && tally.captures > 0);
    assert!(tally.first_steps > 0 && tally.later_steps > 0 && tally.stops > 0);
    assert!(tally.bombs > 0);
    assert!(tally.exchanges.iter().all(|&count| count > 0), "{tally:?}");
    assert!(tally.eliminations > 0);
    assert_eq!(tally.ends.iter().sum::<u32>(), 60);
}
