//! Random playouts: one random step at a time, logged so that the game can be replayed.

use crate::{Game, GameNotation, GameRng, PlatformAction, Seat, SeatSet, ToAct, Viewer};

/// A random playout tries a platform action at one ply in this many (before choosing a move).
pub const PLATFORM_ACTION_ONE_IN: usize = 32;

/// Every platform action, for trying each.
pub(super) const PLATFORM_ACTIONS: [PlatformAction; 6] = [
    PlatformAction::Timeout,
    PlatformAction::OfferDraw,
    PlatformAction::AcceptDraw,
    PlatformAction::RefuseDraw,
    PlatformAction::Resign,
    PlatformAction::Escape,
];

/// Who took a step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Actor {
    Seat(Seat),
    /// The game's RNG, at a chance node.
    Chance,
}

/// One step of a playout, as the replay needs it.
#[derive(Clone, Debug)]
pub(super) struct Step<G: Game> {
    pub actor: Actor,
    pub action: G::Action,
    /// The omniscient position before the step.
    pub before: String,
    /// The omniscient position after the step.
    pub after: String,
}

/// Every legal action of `seat`.
pub(super) fn listed<G: Game>(game: &G, seat: Seat) -> Vec<G::Action> {
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    actions
}

/// Every outcome of the chance node, with its weight.
pub(super) fn chance_outcomes<G: Game>(game: &G) -> Vec<(G::Action, u32)> {
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    outcomes
}

/// The seat that `apply` is given at a chance node, where it ignores the seat.
pub(super) fn any_seat<G: Game>(game: &G) -> Seat {
    game.seats().lowest().unwrap_or(Seat::new(0))
}

/// Adds every action listed now (for any seat, or as a chance outcome) to `earlier`.
pub(super) fn remember_actions<G: Game>(game: &G, earlier: &mut Vec<G::Action>) {
    for seat in game.seats().iter() {
        game.legal_actions(seat, earlier);
    }
    earlier.extend(
        chance_outcomes(game)
            .into_iter()
            .map(|(outcome, _)| outcome),
    );
}

/// Takes one random step with `apply` (or `roll` at a chance node) and returns it.
///
/// # Errors
/// If the game gives no step to take, or refuses the step it offered.
pub(super) fn advance<G: GameNotation>(game: &mut G, rng: &mut GameRng) -> Result<Step<G>, String> {
    let before = game.position(Viewer::Omniscient);
    let (actor, action) = match game.to_act() {
        ToAct::Over => return Err("a finished game cannot advance".to_owned()),
        ToAct::Chance => {
            let (outcome, _events) = game
                .roll()
                .map_err(|error| format!("roll failed at a chance node: {error}"))?;
            (Actor::Chance, outcome)
        }
        ToAct::Seats(seats) => {
            let (seat, action) = choose(game, seats, rng)?;
            let previous = game.clone();
            let events = game.apply(seat, &action).map_err(|error| {
                let text = previous.action_text(&action);
                format!(
                    "apply refused '{text}' for seat {}, which it offered: {error}",
                    previous.seat_name(seat)
                )
            })?;
            previous.record_text(&action, &events);
            (Actor::Seat(seat), action)
        }
    };
    Ok(Step {
        actor,
        action,
        before,
        after: game.position(Viewer::Omniscient),
    })
}

/// A random seat of `seats` and a random choice of it; now and then a platform action instead.
fn choose<G: GameNotation>(
    game: &G,
    seats: SeatSet,
    rng: &mut GameRng,
) -> Result<(Seat, G::Action), String> {
    if rng.below(PLATFORM_ACTION_ONE_IN) == 0 {
        if let Some(choice) = accepted_platform_action(game, rng) {
            return Ok(choice);
        }
    }
    let seats: Vec<Seat> = seats.iter().collect();
    if seats.is_empty() {
        return Err("to_act is Seats with no seat in it".to_owned());
    }
    let seat = seats[rng.below(seats.len())];
    let name = game.seat_name(seat);
    if game.has_unlisted_actions(seat) {
        let action = game.random_unlisted_action(seat, rng);
        return action.map(|action| (seat, action)).ok_or_else(|| {
            format!("seat {name} has unlisted actions, but random_unlisted_action gives none")
        });
    }
    let actions = listed(game, seat);
    if actions.is_empty() {
        return Err(format!(
            "seat {name} must act, but lists no action and has no unlisted choice"
        ));
    }
    Ok((seat, actions[rng.below(actions.len())].clone()))
}

/// A random platform action for a random seat of the game, if the game accepts it now.
fn accepted_platform_action<G: Game>(game: &G, rng: &mut GameRng) -> Option<(Seat, G::Action)> {
    let action = game.platform_action(PLATFORM_ACTIONS[rng.below(PLATFORM_ACTIONS.len())])?;
    let seats: Vec<Seat> = game.seats().iter().collect();
    let seat = *seats.get(rng.below(seats.len().max(1)))?;
    game.clone()
        .apply(seat, &action)
        .is_ok()
        .then_some((seat, action))
}
