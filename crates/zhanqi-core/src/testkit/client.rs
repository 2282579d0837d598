//! The client contract's properties ([`ClientGame`]), checked over random playouts like the
//! rules' properties: what a viewer is shown carries nothing it may not see, and every
//! clickable choice maps to a listed action and back.

use std::collections::BTreeMap;

use serde::Serialize;

use super::playout::{self, Actor};
use super::{PlayoutConfig, panic_text};
use crate::{ClientGame, GameRng, Seat, ToAct, Viewer};

/// Checks the client contract of `G` over random playouts from `options`:
///
/// * **tables hide**: for each seat `s`, the table of `s` and the spectator's table are the
///   same in `determinize(s)` as in the true state;
/// * **events hide**: for each seat `s` and a world `twin = determinize(s)` in which the same
///   action is legal, when the action leaves `s`'s view (and the spectator's) the same in both
///   worlds, the events `s` (and a spectator) is shown are the same in both — an event shows
///   a viewer nothing that its view before and after the action does not;
/// * **choices round-trip**: every listed action has a choice with at least one click, whose
///   `action` reads back (`parse_action`) to that action, and no two choices share their clicks;
/// * **setups are sound**: at the start, each seat with a setup editor gets a random setup that
///   `check_setup` accepts, canonical (checking it again gives it back), and `setup_view` draws.
///
/// # Panics
/// On the first failure, naming the check, the seed, the ply and the position.
pub fn check_client_contract<G: ClientGame>(options: &G::Options, config: &PlayoutConfig) {
    for index in 0..config.games {
        let seed = config.seed.wrapping_add(index as u64);
        let mut at = (0, String::from("(not created yet)"));
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            play::<G>(options, seed, config.max_plies, &mut at)
        }));
        let problem = match result {
            Ok(Ok(())) => continue,
            Ok(Err(problem)) => problem,
            Err(payload) => format!("panicked: {}", panic_text(payload.as_ref())),
        };
        panic!(
            "testkit: {} breaks the client contract\n  in the game with seed {seed} at ply {}\n  \
             position: {}\n  problem: {problem}\n  reproduce with {:?}",
            G::NAME,
            at.0,
            at.1,
            PlayoutConfig {
                games: 1,
                seed,
                ..*config
            }
        );
    }
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("(unserialisable: {error})"))
}

fn play<G: ClientGame>(
    options: &G::Options,
    seed: u64,
    max_plies: usize,
    at: &mut (usize, String),
) -> Result<(), String> {
    let mut game = G::new(options, seed).map_err(|error| format!("new refused: {error}"))?;
    let mut choices_rng = GameRng::stream(seed, 1);
    let mut twins_rng = GameRng::stream(seed, 40);
    setups_are_sound(&game, &mut GameRng::stream(seed, 41))?;
    for ply in 0..=max_plies {
        *at = (ply, game.position(Viewer::Omniscient));
        tables_hide(&game, &mut twins_rng)?;
        choices_round_trip(&game)?;
        if game.to_act() == ToAct::Over {
            break;
        }
        let before = game.clone();
        let step = playout::advance(&mut game, &mut choices_rng)?;
        if let Actor::Seat(actor) = step.actor {
            events_hide(&before, actor, &step.action, &mut twins_rng)?;
        }
    }
    Ok(())
}

fn tables_hide<G: ClientGame>(game: &G, rng: &mut GameRng) -> Result<(), String> {
    let spectator = json(&game.table(Viewer::Spectator));
    for seat in game.seats().iter() {
        let twin = game.determinize(seat, rng);
        let own = json(&game.table(Viewer::Seat(seat)));
        if json(&twin.table(Viewer::Seat(seat))) != own {
            return Err(format!(
                "seat {}'s table differs in a world it cannot tell apart: it shows what the \
                 seat cannot see",
                game.seat_name(seat)
            ));
        }
        if json(&twin.table(Viewer::Spectator)) != spectator {
            return Err(format!(
                "the spectator's table differs in a world seat {} cannot tell apart: it shows \
                 what a spectator cannot see",
                game.seat_name(seat)
            ));
        }
    }
    Ok(())
}

fn events_hide<G: ClientGame>(
    before: &G,
    actor: Seat,
    action: &G::Action,
    rng: &mut GameRng,
) -> Result<(), String> {
    let mut after = before.clone();
    let events = after
        .apply(actor, action)
        .map_err(|error| format!("a played action was refused on a copy: {error}"))?;
    for seat in before.seats().iter() {
        let twin_before = before.determinize(seat, rng);
        let mut twin_after = twin_before.clone();
        let Ok(twin_events) = twin_after.apply(actor, action) else {
            continue;
        };
        for viewer in [Viewer::Seat(seat), Viewer::Spectator] {
            if json(&after.table(viewer)) != json(&twin_after.table(viewer)) {
                continue;
            }
            let shown = json(&after.event_views(before, action, &events, viewer));
            let twin_shown =
                json(&twin_after.event_views(&twin_before, action, &twin_events, viewer));
            if shown != twin_shown {
                return Err(format!(
                    "the events of '{}' shown to {viewer:?} differ between two worlds that \
                     {viewer:?} sees alike before and after it: they show what it cannot see \
                     ({shown} against {twin_shown})",
                    before.action_text(action)
                ));
            }
        }
    }
    Ok(())
}

fn choices_round_trip<G: ClientGame>(game: &G) -> Result<(), String> {
    let ToAct::Seats(seats) = game.to_act() else {
        return Ok(());
    };
    for seat in seats.iter() {
        let mut clicked: BTreeMap<Vec<String>, String> = BTreeMap::new();
        for action in playout::listed(game, seat) {
            let choice = game.choice(seat, &action);
            let text = game.action_text(&action);
            if choice.clicks.is_empty() {
                return Err(format!("the choice of '{text}' has no click"));
            }
            match game.parse_action(seat, &choice.action) {
                Ok(parsed) if parsed == action => {}
                Ok(_) => {
                    return Err(format!(
                        "the choice of '{text}' sends '{}', which reads as another action",
                        choice.action
                    ));
                }
                Err(error) => {
                    return Err(format!(
                        "the choice of '{text}' sends '{}', which does not read: {error}",
                        choice.action
                    ));
                }
            }
            if let Some(other) = clicked.insert(choice.clicks.clone(), choice.action.clone())
                && other != choice.action
            {
                return Err(format!(
                    "two choices of seat {} are clicked alike ({:?}): '{other}' and '{}'",
                    game.seat_name(seat),
                    choice.clicks,
                    choice.action
                ));
            }
        }
    }
    Ok(())
}

fn setups_are_sound<G: ClientGame>(game: &G, rng: &mut GameRng) -> Result<(), String> {
    for seat in game.seats().iter() {
        if game.setup_editor(seat).is_none() {
            continue;
        }
        let name = game.seat_name(seat);
        let random = game
            .random_setup(seat, rng)
            .map_err(|error| format!("seat {name} has an editor but no random setup: {error}"))?;
        let checked = game
            .check_setup(seat, &random)
            .map_err(|error| format!("seat {name}'s random setup is refused: {error}"))?;
        let again = game
            .check_setup(seat, &checked)
            .map_err(|error| format!("seat {name}'s checked setup is refused: {error}"))?;
        if again != checked {
            return Err(format!(
                "seat {name}'s checked setup is not canonical: '{checked}' then '{again}'"
            ));
        }
        game.setup_view(seat, &checked)
            .map_err(|error| format!("seat {name}'s setup cannot be drawn: {error}"))?;
    }
    Ok(())
}
