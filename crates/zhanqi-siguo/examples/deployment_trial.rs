//! A deployment chooser against uniformly random deployments: one team of each game deploys
//! with the chooser (team A in even games, team B in odd ones), the other at random, and every
//! seat then plays to the end. The chooser is `guarded` (`Deployment::guarded`, the default)
//! or `ai` (`ai::ai_deployment`, the AI seats' choice); the play is `random` (uniformly random
//! moves, the default) or `heuristic` (zhanqi-ai's heuristic player with siguo's evaluator, on
//! every seat).
//!
//! `cargo run --release -p zhanqi-siguo --example deployment_trial -- [games] [guarded|ai]
//! [random|heuristic]` (default 2000 games, guarded, random).

use zhanqi_ai::{HeuristicPlayer, Player};
use zhanqi_core::ai::Observation;
use zhanqi_core::{BySeat, Game, GameRng, Seat, ToAct};
use zhanqi_siguo::{Deployment, Siguo, SiguoOptions};

fn main() {
    let argument = |index: usize| std::env::args().nth(index);
    let games: u64 = argument(1)
        .and_then(|games| games.parse().ok())
        .unwrap_or(2000);
    let chooser = argument(2).unwrap_or_else(|| "guarded".to_owned());
    let play = argument(3).unwrap_or_else(|| "random".to_owned());
    let choose = |seat: Seat, rng: &mut GameRng| match chooser.as_str() {
        "ai" => zhanqi_siguo::ai::ai_deployment(seat, rng),
        _ => Deployment::guarded(seat, rng),
    };
    let (mut chosen_wins, mut random_wins, mut draws) = (0, 0, 0);
    let mut actions = Vec::new();
    for seed in 0..games {
        let mut rng = GameRng::stream(seed, 3);
        let chosen_team = (seed % 2) as usize;
        let deployments = BySeat::from_fn(|seat| {
            (seat.index() % 2 == chosen_team).then(|| choose(seat, &mut rng))
        });
        let mut game = Siguo::deployed(SiguoOptions::default(), seed, &deployments)
            .expect("chosen deployments are valid");
        let mut moves = GameRng::stream(seed, 2);
        let mut players: Vec<HeuristicPlayer<Siguo>> = (0..4)
            .map(|index| HeuristicPlayer::new(seed * 4 + index))
            .collect();
        while let ToAct::Seats(seats) = game.to_act() {
            let seat = seats.lowest().expect("a seat to act");
            let action = if play == "heuristic" {
                players[seat.index()]
                    .choose(&Observation::new(&game, seat))
                    .expect("the heuristic player acts")
            } else {
                actions.clear();
                game.legal_actions(seat, &mut actions);
                actions[moves.below(actions.len())].clone()
            };
            game.apply_unchecked(seat, &action);
        }
        let winners = game.outcome().expect("the game is over").winners;
        if winners.is_empty() {
            draws += 1;
        } else if winners.contains(Seat::new(chosen_team)) {
            chosen_wins += 1;
        } else {
            random_wins += 1;
        }
    }
    println!(
        "{games} games ({play} play): {chooser} won {chosen_wins}, random won {random_wins}, \
         {draws} drawn"
    );
}
