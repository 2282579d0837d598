//! Counting action sequences, to test move generation.

use zhanqi_core::{GameNotation, ToAct};

use crate::dyn_game::{any_seat, distinct_actions, distinct_outcomes};
use crate::error::GameError;

/// The number of action sequences of length `depth` from `game` in the full-information game.
///
/// Actions are counted as the engine protocol lists them (one per text), so `perft(1)` is the
/// length of the `legal` answer. Chance outcomes count as actions; during a simultaneous phase
/// each acting seat's actions are counted, one seat acting at a time.
pub(crate) fn perft<G: GameNotation>(game: &G, depth: u32) -> Result<u64, GameError> {
    if depth == 0 {
        return Ok(1);
    }
    match game.to_act() {
        ToAct::Over => Ok(0),
        ToAct::Chance => {
            let outcomes = distinct_outcomes(game);
            if depth == 1 {
                return Ok(outcomes.len() as u64);
            }
            let mut nodes = 0;
            for (text, outcome, _) in outcomes {
                let mut next = game.clone();
                // No unchecked way to apply a chance outcome exists; `apply` ignores the seat.
                next.apply(any_seat(game), &outcome).map_err(|illegal| {
                    GameError::ListedActionRefused {
                        action: text,
                        reason: illegal.to_string(),
                    }
                })?;
                nodes += perft(&next, depth - 1)?;
            }
            Ok(nodes)
        }
        ToAct::Seats(seats) => {
            let mut nodes = 0;
            for seat in seats.iter() {
                if game.has_unlisted_actions(seat) {
                    return Err(GameError::UnlistedChoice {
                        seat: game.seat_name(seat).to_owned(),
                    });
                }
                let actions = distinct_actions(game, seat);
                if depth == 1 {
                    nodes += actions.len() as u64;
                    continue;
                }
                for (_, action) in actions {
                    let mut next = game.clone();
                    next.apply_unchecked(seat, &action);
                    nodes += perft(&next, depth - 1)?;
                }
            }
            Ok(nodes)
        }
    }
}
