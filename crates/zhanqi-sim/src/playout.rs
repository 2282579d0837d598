//! One game between players, from the first deal to the outcome.

use std::time::Instant;

use zhanqi_ai::{AiGame, Observation, Player};
use zhanqi_core::{BySeat, GameRng, Seat, SeatSet, ToAct};

use crate::SimError;

/// The reason recorded for a game stopped at the ply limit (counted as a draw).
pub const PLY_LIMIT_REASON: &str = "ply_limit";

/// The seeds of one game: the game's own and one per seat's player, all derived from the
/// study seed and the game index alone, so a game replays the same on any thread count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameSeeds {
    /// The seed given to `Game::new` (deals, shuffles, who moves first).
    pub game: u64,
    /// The seed of each seat's player.
    pub players: BySeat<u64>,
}

impl GameSeeds {
    /// The seeds of game `index` of a study seeded with `seed`: stream `index` of the study
    /// seed's ChaCha key, drawn in a fixed order (the game, then seats 0 to 3).
    #[must_use]
    pub fn derive(seed: u64, index: u64) -> GameSeeds {
        let mut rng = GameRng::stream(seed, index);
        let game = rng.next_seed();
        let players = BySeat::from_fn(|_| rng.next_seed());
        GameSeeds { game, players }
    }
}

/// How a game went, before anything is written about it.
#[derive(Clone, PartialEq, Debug)]
pub struct Played {
    /// The seats that won (empty for a draw or a game stopped at the ply limit).
    pub winners: SeatSet,
    /// Why it ended (the game's reason, or [`PLY_LIMIT_REASON`]).
    pub reason: String,
    /// The first seat that made a listed move (after any deployment), if any did.
    pub first_mover: Option<Seat>,
    /// Listed moves played; choices too large to list (deployments) and chance rolls are
    /// not plies, as in `zhanqi bench`.
    pub plies: u64,
    /// Wall-clock time of the game, in milliseconds.
    pub duration_ms: f64,
    /// What each seat put into play ([`AiGame::study_labels`]), each label once, sorted.
    pub labels: BySeat<Vec<String>>,
}

/// Plays `game` to its end with one player per seat (`players[seat]`), asking each seat that
/// must act in turn (in a simultaneous phase, every seat of the set, lowest first).
///
/// Players choose from their own legal actions, so actions are applied unchecked (the fast
/// path); a game that reaches `max_plies` listed moves is stopped and recorded as
/// [`PLY_LIMIT_REASON`].
///
/// # Errors
/// If a seat that must act has no player or its player has no action, or a chance roll fails.
pub fn play<G: AiGame>(
    mut game: G,
    players: &mut BySeat<Option<Box<dyn Player<G>>>>,
    max_plies: u64,
) -> Result<Played, SimError> {
    let start = Instant::now();
    let mut plies = 0;
    let mut first_mover = None;
    let mut stopped = false;
    let mut labels: BySeat<Vec<String>> = BySeat::from_fn(|_| Vec::new());
    let mut action_labels = Vec::new();
    loop {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.roll()
                    .map_err(|error| SimError::Game(error.to_string()))?;
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().ok_or(SimError::NobodyToAct)?;
                let listed = !game.has_unlisted_actions(seat);
                if listed && plies >= max_plies {
                    stopped = true;
                    break;
                }
                let player = players[seat]
                    .as_mut()
                    .ok_or(SimError::NoPlayer { seat: seat.index() })?;
                let action = player
                    .choose(&Observation::new(&game, seat))
                    .ok_or_else(|| SimError::NoAction {
                        seat: seat.index(),
                        player: player.name(),
                    })?;
                game.study_labels(seat, &action, &mut action_labels);
                for label in action_labels.drain(..) {
                    if !labels[seat].contains(&label) {
                        labels[seat].push(label);
                    }
                }
                game.apply_unchecked(seat, &action);
                if listed {
                    plies += 1;
                    first_mover.get_or_insert(seat);
                }
            }
        }
    }
    for seat_labels in &mut labels.0 {
        seat_labels.sort_unstable();
    }
    let (winners, reason) = match game.outcome() {
        Some(outcome) if !stopped => (outcome.winners, outcome.reason.to_owned()),
        _ => (SeatSet::EMPTY, PLY_LIMIT_REASON.to_owned()),
    };
    Ok(Played {
        winners,
        reason,
        first_mover,
        plies,
        duration_ms: start.elapsed().as_secs_f64() * 1000.0,
        labels,
    })
}
