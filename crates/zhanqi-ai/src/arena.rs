//! Whole games between players, with every action checked by the rules: for the players' tests
//! in each game crate and for small strength matches (docs/ai.md). The self-play lab
//! (`zhanqi-sim`) is the tool for real studies.

use zhanqi_core::ai::{AiGame, Observation};
use zhanqi_core::{Outcome, Seat, SeatResult, ToAct};

use crate::ismcts::{IsmctsConfig, search};
use crate::{Budget, Evaluator, Player, PlayerSpec, make_player};

/// Plies after which a game is abandoned (no game of the house comes near it).
pub const PLY_LIMIT: usize = 20_000;

/// Plays `game` to its end, `players[i]` choosing for seat `i`; every action is applied with
/// the rules checked, so an illegal choice fails the caller. The outcome and the plies
/// played, or `None` if the ply limit was reached.
///
/// # Panics
/// If a player has nothing to play for a seat to act, or chooses an illegal action.
pub fn play_out<G: AiGame>(
    game: &mut G,
    players: &mut [Box<dyn Player<G>>],
) -> (Option<Outcome>, usize) {
    for ply in 0..PLY_LIMIT {
        match game.to_act() {
            ToAct::Over => return (game.outcome(), ply),
            ToAct::Chance => {
                game.roll().expect("a chance node rolls");
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("someone acts");
                let action = {
                    let observation = Observation::new(&*game, seat);
                    players[seat.index()]
                        .choose(&observation)
                        .unwrap_or_else(|| {
                            panic!("{} had nothing to play", players[seat.index()].name())
                        })
                };
                if let Err(illegal) = game.apply(seat, &action) {
                    panic!(
                        "{} chose {action:?}: {illegal}",
                        players[seat.index()].name()
                    );
                }
            }
        }
    }
    (None, PLY_LIMIT)
}

/// The players of `specs` for the seats of a game (seat `i` gets `specs[i % specs.len()]`),
/// seeded from `seed`.
///
/// # Panics
/// If a spec does not parse.
#[must_use]
pub fn players<G: AiGame>(specs: &[&str], seats: usize, seed: u64) -> Vec<Box<dyn Player<G>>> {
    (0..seats)
        .map(|i| {
            let spec: PlayerSpec = specs[i % specs.len()].parse().expect("a valid spec");
            make_player::<G>(&spec, seed.wrapping_mul(31).wrapping_add(i as u64))
        })
        .collect()
}

/// Whether `seat` won.
#[must_use]
pub fn won(outcome: &Option<Outcome>, seat: Seat) -> bool {
    outcome
        .as_ref()
        .is_some_and(|outcome| outcome.results[seat] == SeatResult::Win)
}

/// A tally of a two-sided match: wins of the first spec, of the second, and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player's side won.
    pub first: u32,
    /// Games the second player's side won.
    pub second: u32,
    /// Drawn or abandoned games.
    pub draws: u32,
}

/// Plays `games` games of `make_game(seed)` between two specs, the first spec on the even
/// seats in even games and on the odd seats in odd games.
///
/// # Panics
/// As [`play_out`] and [`players`].
pub fn duel<G: AiGame>(
    make_game: impl Fn(u64) -> G,
    first: &str,
    second: &str,
    games: u32,
    seed: u64,
) -> Tally {
    let mut tally = Tally::default();
    for index in 0..games {
        let game_seed = seed + u64::from(index);
        let mut game = make_game(game_seed);
        let seats = game.seats().len().max(2);
        let swapped = index % 2 == 1;
        let specs = if swapped {
            [second, first]
        } else {
            [first, second]
        };
        let mut players = players::<G>(&specs, seats, game_seed);
        let (outcome, _) = play_out(&mut game, &mut players);
        let first_seat = Seat::new(usize::from(swapped));
        let second_seat = Seat::new(usize::from(!swapped));
        if won(&outcome, first_seat) {
            tally.first += 1;
        } else if won(&outcome, second_seat) {
            tally.second += 1;
        } else {
            tally.draws += 1;
        }
    }
    tally
}

/// Checks that ISMCTS is deterministic for a seed and an iteration budget: the same search at
/// `config` twice gives the same result, runs exactly its iterations, each passing through a
/// root child, and chooses a listed action. For the search tests of each game crate.
///
/// # Panics
/// If any of that fails (`label` says which configuration), or the search finds nothing to do.
pub fn check_deterministic_search<G: AiGame>(
    observation: &Observation<'_, G>,
    config: &IsmctsConfig,
    evaluator: &dyn Evaluator<G>,
    label: &str,
) {
    let first = search(observation, config, evaluator, 99).expect("a seat to act has a choice");
    let again = search(observation, config, evaluator, 99).expect("a seat to act has a choice");
    assert_eq!(first, again, "{label}");
    let Budget::Iterations(iterations) = config.budget else {
        panic!("{label}: a deterministic search needs an iteration budget");
    };
    assert_eq!(first.iterations, u64::from(iterations), "{label}");
    let visits: u32 = first.root.iter().map(|statistic| statistic.visits).sum();
    assert_eq!(
        u64::from(visits),
        first.iterations,
        "{label}: every iteration passes a root child"
    );
    let mut legal = Vec::new();
    observation.legal_actions(&mut legal);
    assert!(legal.contains(&first.action), "{label}: a listed action");
}

/// Checks that a player made from `spec` with the same seed makes the same three choices.
///
/// # Panics
/// If the spec does not parse, or the choices differ.
pub fn check_deterministic_player<G: AiGame>(spec: &str, observation: &Observation<'_, G>) {
    let spec: PlayerSpec = spec.parse().expect("a player spec");
    let choices = |seed| {
        let mut player = make_player::<G>(&spec, seed);
        (0..3)
            .map(|_| player.choose(observation))
            .collect::<Vec<_>>()
    };
    assert_eq!(choices(5), choices(5), "{spec}");
}
