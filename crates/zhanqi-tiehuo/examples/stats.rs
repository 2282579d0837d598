//! Prints how random games end: plies, reasons, winners (a quick look, not a test).

use zhanqi_core::{Game, GameRng, ToAct};
use zhanqi_tiehuo::{Tiehuo, TiehuoOptions};

fn main() {
    for fog in [false, true] {
        let options = TiehuoOptions {
            fog_of_war: fog,
            ..TiehuoOptions::default()
        };
        let (mut plies_total, mut reasons) = (0u64, std::collections::BTreeMap::new());
        let games = std::env::args()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(2000);
        let start = std::time::Instant::now();
        for seed in 0..games {
            let mut game = Tiehuo::new(&options, seed).expect("options");
            let mut rng = GameRng::stream(seed, 2);
            let mut actions = Vec::new();
            loop {
                match game.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        game.roll().expect("chance");
                    }
                    ToAct::Seats(seats) => {
                        let seat = seats.lowest().expect("seat");
                        actions.clear();
                        game.legal_actions(seat, &mut actions);
                        let action = if actions.is_empty() {
                            game.random_unlisted_action(seat, &mut rng).expect("deploy")
                        } else {
                            actions[rng.below(actions.len())].clone()
                        };
                        game.apply_unchecked(seat, &action);
                        plies_total += 1;
                    }
                }
            }
            let outcome = game.outcome().expect("over");
            *reasons
                .entry((outcome.reason, format!("{:?}", outcome.winners)))
                .or_insert(0) += 1;
        }
        println!(
            "fog {fog}: {games} games, {:.1} plies each, {:.0} games/s, {reasons:?}",
            plies_total as f64 / games as f64,
            games as f64 / start.elapsed().as_secs_f64()
        );
    }
}
