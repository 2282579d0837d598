//! The properties every game must have, each checked at every position of a random playout.

use std::fmt::Debug;

use super::playout::{self, Actor, PLATFORM_ACTIONS, Step, any_seat, chance_outcomes, listed};
use crate::{Game, GameNotation, GameRng, MAX_SEATS, Outcome, Seat, SeatResult, ToAct, Viewer};

/// How many actions of earlier positions [`Property::UnlistedActionsRefused`] tries at each
/// position, beside every action listed now.
const EARLIER_ACTIONS_TRIED: usize = 8;

/// A property of a game that the testkit checks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Property {
    /// Every listed action, every drawn unlisted choice and every chance outcome is accepted by
    /// `apply`, which reaches the same state as `apply_unchecked`; no action is listed twice;
    /// chance outcomes have positive weights and `roll` draws one of them.
    ListedActionsApply,
    /// `apply` refuses every action that is not legal now for that seat: the actions listed at
    /// earlier positions of the game, and those listed now for other seats, are tried for every
    /// seat. A refused `apply` leaves the state as it was. Platform actions may be accepted, and
    /// so may anything for a seat whose choice is not listed, but their refusals too must leave
    /// the state as it was.
    UnlistedActionsRefused,
    /// A seat cannot tell the state from `determinize(seat)`: its position and view, its legal
    /// actions, who is to act and the outcome are the same, and so is what a spectator sees (a
    /// spectator knows no more than any seat). Across a run, when seats' positions hide
    /// anything, determinize must change the full position at least once.
    ViewsHide,
    /// `load` reads the omniscient position back to the same game (given the options,
    /// serialized, as its `extra`); `parse_action` reads back every action text written for a
    /// listed action, an unlisted choice, a chance outcome or a platform action; every seat's
    /// name finds the seat.
    NotationRoundTrips,
    /// Replaying the log of a playout from `new` with `apply` (chance outcomes included) goes
    /// through the same positions; replaying it with `roll` at chance nodes draws the same
    /// outcomes.
    ReplayReproduces,
    /// A game is over exactly when it has an outcome, and the outcome is coherent; the seats to
    /// act have a choice and the others have none; nothing panics.
    GamesEnd,
    /// `determinize` reads only what the observer knows. For each seat `o`, with
    /// `twin = determinize(o)` (the same knowledge for `o`, other hidden truth): `o`'s view of
    /// the twin is its view of the state, and determinizing the twin and the state for `o`
    /// with the same random numbers gives the same sample (omniscient position and view, who
    /// is to act, the outcome).
    DeterminizeIgnoresTruth,
}

impl Property {
    /// Every property.
    pub const ALL: [Property; 7] = [
        Property::ListedActionsApply,
        Property::UnlistedActionsRefused,
        Property::ViewsHide,
        Property::NotationRoundTrips,
        Property::ReplayReproduces,
        Property::GamesEnd,
        Property::DeterminizeIgnoresTruth,
    ];

    /// The property in a few words, as failures name it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Property::ListedActionsApply => "every listed action applies",
            Property::UnlistedActionsRefused => "no unlisted action applies",
            Property::ViewsHide => "views hide what they must",
            Property::NotationRoundTrips => "the notation reads back what it writes",
            Property::ReplayReproduces => "replaying the log reproduces the game",
            Property::GamesEnd => "random games end cleanly",
            Property::DeterminizeIgnoresTruth => "determinize reads only what the observer knows",
        }
    }

    /// The property's own random numbers for the game with `seed`: the same whichever other
    /// properties are checked beside it, so that a failure reproduces when checked alone.
    pub(super) fn rng(self, seed: u64) -> GameRng {
        let index = Property::ALL
            .iter()
            .position(|&property| property == self)
            .unwrap_or(0);
        GameRng::stream(seed, 2 + index as u64)
    }

    /// Checks the property at one position of a playout; `earlier` holds the actions listed or
    /// played at the positions before.
    pub(super) fn check_position<G: GameNotation>(
        self,
        game: &G,
        earlier: &[G::Action],
        rng: &mut GameRng,
        tally: &mut HiddenTally,
    ) -> Result<(), String> {
        match self {
            Property::ListedActionsApply => listed_actions_apply(game, rng),
            Property::UnlistedActionsRefused => unlisted_actions_refused(game, earlier, rng),
            Property::ViewsHide => views_hide(game, rng, tally),
            Property::NotationRoundTrips => notation_round_trips(game, rng),
            Property::ReplayReproduces => Ok(()),
            Property::GamesEnd => games_end(game),
            Property::DeterminizeIgnoresTruth => determinize_ignores_truth(game, rng),
        }
    }
}

/// What [`Property::ViewsHide`] learns across the games of a run.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct HiddenTally {
    /// Some seat's position differed from the omniscient one.
    pub hidden: bool,
    /// Some determinization changed the omniscient position.
    pub resampled: bool,
}

/// What two states must share to be the same game: the full position, who acts, the outcome.
#[derive(PartialEq, Debug)]
struct Snapshot {
    position: String,
    to_act: ToAct,
    outcome: Option<Outcome>,
}

fn snapshot<G: GameNotation>(game: &G) -> Snapshot {
    Snapshot {
        position: game.position(Viewer::Omniscient),
        to_act: game.to_act(),
        outcome: game.outcome(),
    }
}

/// `Ok` when `before` and `after` are equal; otherwise says how `what` changed.
fn unchanged<T: PartialEq + Debug>(
    what: impl FnOnce() -> String,
    before: T,
    after: T,
) -> Result<(), String> {
    if before == after {
        Ok(())
    } else {
        Err(format!("{}: {before:?} became {after:?}", what()))
    }
}

fn viewer_name<G: GameNotation>(game: &G, viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(seat) => format!("seat {}", game.seat_name(seat)),
        Viewer::Spectator => "a spectator".to_owned(),
        Viewer::Omniscient => "the omniscient viewer".to_owned(),
    }
}

/// The first item that is in `items` more than once.
fn first_repeated<T: PartialEq>(items: &[T]) -> Option<&T> {
    (1..items.len())
        .find(|&index| items[..index].contains(&items[index]))
        .map(|index| &items[index])
}

fn texts<G: GameNotation>(game: &G, actions: &[G::Action]) -> String {
    let texts: Vec<String> = actions
        .iter()
        .map(|action| game.action_text(action))
        .collect();
    format!("[{}]", texts.join(", "))
}

fn listed_actions_apply<G: GameNotation>(game: &G, rng: &mut GameRng) -> Result<(), String> {
    if game.to_act() == ToAct::Chance {
        return chance_outcomes_apply(game);
    }
    for seat in game.seats().iter() {
        let name = game.seat_name(seat);
        let actions = listed(game, seat);
        if let Some(action) = first_repeated(&actions) {
            return Err(format!(
                "seat {name} lists '{}' twice",
                game.action_text(action)
            ));
        }
        if game.has_unlisted_actions(seat) {
            if !actions.is_empty() {
                return Err(format!(
                    "seat {name} has unlisted actions, yet lists {}",
                    texts(game, &actions)
                ));
            }
            let action = game.random_unlisted_action(seat, rng);
            let action = action.ok_or_else(|| {
                format!("seat {name} has unlisted actions, but random_unlisted_action gives none")
            })?;
            applies_alike(game, seat, &action)?;
        }
        for action in &actions {
            applies_alike(game, seat, action)?;
        }
    }
    Ok(())
}

fn chance_outcomes_apply<G: GameNotation>(game: &G) -> Result<(), String> {
    let outcomes = chance_outcomes(game);
    let actions: Vec<G::Action> = outcomes
        .iter()
        .map(|(outcome, _)| outcome.clone())
        .collect();
    if outcomes.is_empty() || outcomes.iter().any(|&(_, weight)| weight == 0) {
        return Err(format!(
            "a chance node must list outcomes with positive weights, not {outcomes:?}"
        ));
    }
    if let Some(outcome) = first_repeated(&actions) {
        return Err(format!(
            "the chance node lists '{}' twice",
            game.action_text(outcome)
        ));
    }
    for outcome in &actions {
        applies_alike(game, any_seat(game), outcome)?;
    }
    let mut rolled = game.clone();
    let (outcome, _events) = rolled
        .roll()
        .map_err(|error| format!("roll failed at a chance node: {error}"))?;
    if !actions.contains(&outcome) {
        return Err(format!(
            "roll drew {outcome:?}, which is not among the chance outcomes {}",
            texts(game, &actions)
        ));
    }
    let mut applied = game.clone();
    applied.apply_unchecked(any_seat(game), &outcome);
    unchanged(
        || {
            format!(
                "roll drew '{}', but applying it gives another state",
                game.action_text(&outcome)
            )
        },
        snapshot(&applied),
        snapshot(&rolled),
    )
}

/// `apply` accepts `action` for `seat` and reaches the state that `apply_unchecked` reaches.
fn applies_alike<G: GameNotation>(game: &G, seat: Seat, action: &G::Action) -> Result<(), String> {
    let text = game.action_text(action);
    let name = game.seat_name(seat);
    let mut checked = game.clone();
    if let Err(error) = checked.apply(seat, action) {
        return Err(format!(
            "apply refuses '{text}' for seat {name}, though it is legal: {error}"
        ));
    }
    let mut unchecked = game.clone();
    unchecked.apply_unchecked(seat, action);
    unchanged(
        || format!("'{text}' for seat {name}, applied checked and then unchecked"),
        snapshot(&checked),
        snapshot(&unchecked),
    )
}

fn unlisted_actions_refused<G: GameNotation>(
    game: &G,
    earlier: &[G::Action],
    rng: &mut GameRng,
) -> Result<(), String> {
    let mut candidates: Vec<G::Action> = Vec::new();
    if !earlier.is_empty() {
        candidates
            .extend((0..EARLIER_ACTIONS_TRIED).map(|_| earlier[rng.below(earlier.len())].clone()));
    }
    playout::remember_actions(game, &mut candidates);
    let at_chance = game.to_act() == ToAct::Chance;
    let outcomes: Vec<G::Action> = chance_outcomes(game)
        .into_iter()
        .map(|(outcome, _)| outcome)
        .collect();
    for seat in game.seats().iter() {
        let legal = if at_chance {
            outcomes.clone()
        } else {
            listed(game, seat)
        };
        let open = !at_chance && game.has_unlisted_actions(seat);
        for action in &candidates {
            if legal.contains(action) || game.as_platform_action(action).is_some() {
                continue;
            }
            let mut probe = game.clone();
            match probe.apply(seat, action) {
                Ok(_) if !open => {
                    let name = game.seat_name(seat);
                    return Err(format!(
                        "apply accepts {action:?} for seat {name}, whose legal actions are {}",
                        texts(game, &legal)
                    ));
                }
                Ok(_) => {}
                Err(error) => refusal_changed_nothing(game, &probe, seat, action, &error)?,
            }
        }
        for action in PLATFORM_ACTIONS
            .iter()
            .filter_map(|&kind| game.platform_action(kind))
        {
            let mut probe = game.clone();
            if let Err(error) = probe.apply(seat, &action) {
                refusal_changed_nothing(game, &probe, seat, &action, &error)?;
            }
        }
    }
    Ok(())
}

fn refusal_changed_nothing<G: GameNotation>(
    game: &G,
    probe: &G,
    seat: Seat,
    action: &G::Action,
    error: &G::Illegal,
) -> Result<(), String> {
    let what = || {
        format!(
            "apply refused {action:?} for seat {} ({error}), yet changed the state",
            game.seat_name(seat)
        )
    };
    unchanged(what, snapshot(game), snapshot(probe))
}

fn views_hide<G: GameNotation>(
    game: &G,
    rng: &mut GameRng,
    tally: &mut HiddenTally,
) -> Result<(), String> {
    let full = game.position(Viewer::Omniscient);
    for seat in game.seats().iter() {
        let name = game.seat_name(seat);
        let twin = game.determinize(seat, rng);
        tally.hidden |= game.position(Viewer::Seat(seat)) != full;
        tally.resampled |= twin.position(Viewer::Omniscient) != full;
        let told = |what: &str| {
            format!("seat {name} can tell the state from determinize({name}) by {what}")
        };
        for viewer in [Viewer::Seat(seat), Viewer::Spectator] {
            let who = viewer_name(game, viewer);
            unchanged(
                || told(&format!("the position {who} sees")),
                game.position(viewer),
                twin.position(viewer),
            )?;
            let (view, twin_view) = (
                format!("{:?}", game.view(viewer)),
                format!("{:?}", twin.view(viewer)),
            );
            unchanged(|| told(&format!("the view {who} sees")), view, twin_view)?;
        }
        unchanged(
            || told("its legal actions"),
            listed(game, seat),
            listed(&twin, seat),
        )?;
        unchanged(
            || told("whether its choice is listed"),
            game.has_unlisted_actions(seat),
            twin.has_unlisted_actions(seat),
        )?;
        unchanged(|| told("who is to act"), game.to_act(), twin.to_act())?;
        unchanged(|| told("the outcome"), game.outcome(), twin.outcome())?;
    }
    Ok(())
}

fn determinize_ignores_truth<G: GameNotation>(game: &G, rng: &mut GameRng) -> Result<(), String> {
    for seat in game.seats().iter() {
        let name = game.seat_name(seat);
        let twin = game.determinize(seat, rng);
        let seen = Viewer::Seat(seat);
        unchanged(
            || format!("seat {name}'s view of determinize({name}), against its view of the game"),
            format!("{:?}", game.view(seen)),
            format!("{:?}", twin.view(seen)),
        )?;
        let seed = rng.next_seed();
        let sample = game.determinize(seat, &mut GameRng::from_seed(seed));
        let twin_sample = twin.determinize(seat, &mut GameRng::from_seed(seed));
        let told = |what: &str| {
            format!(
                "determinize({name}) depends on what seat {name} cannot see: with the same \
                 random numbers, the game and a twin that {name} cannot tell from it give \
                 samples with different {what}; the game's sample, then the twin's"
            )
        };
        unchanged(|| told("states"), snapshot(&sample), snapshot(&twin_sample))?;
        unchanged(
            || told("omniscient views"),
            format!("{:?}", sample.view(Viewer::Omniscient)),
            format!("{:?}", twin_sample.view(Viewer::Omniscient)),
        )?;
    }
    Ok(())
}

fn notation_round_trips<G: GameNotation>(game: &G, rng: &mut GameRng) -> Result<(), String> {
    let position = game.position(Viewer::Omniscient);
    let extra = serde_json::to_value(game.options())
        .map_err(|error| format!("the options do not serialize: {error}"))?;
    let loaded = G::load(&position, Some(&extra), rng.next_seed()).map_err(|error| {
        format!("load refuses the position that position(Omniscient) wrote: {error}")
    })?;
    // A position string holds who won but not always why (a finished junqi position does not
    // say whether the last defeat was a surrender or an escape), so the reason is left out.
    let without_reason = |game: &G| {
        let mut snapshot = snapshot(game);
        if let Some(outcome) = snapshot.outcome.as_mut() {
            outcome.reason = "";
        }
        snapshot
    };
    unchanged(
        || "the game that load reads".to_owned(),
        without_reason(game),
        without_reason(&loaded),
    )?;
    unchanged(
        || "the options of the game that load reads".to_owned(),
        game.options(),
        loaded.options(),
    )?;
    if !G::MODES.contains(&game.mode()) {
        return Err(format!(
            "the mode '{}' is not among MODES {:?}",
            game.mode(),
            G::MODES
        ));
    }
    let platform: Vec<G::Action> = PLATFORM_ACTIONS
        .iter()
        .filter_map(|&kind| game.platform_action(kind))
        .collect();
    for seat in game.seats().iter() {
        let name = game.seat_name(seat);
        unchanged(
            || format!("seat_by_name(\"{name}\")"),
            Some(seat),
            game.seat_by_name(name),
        )?;
        for viewer in [Viewer::Seat(seat), Viewer::Spectator] {
            let what = || {
                format!(
                    "the position {} sees in the game that load reads",
                    viewer_name(game, viewer)
                )
            };
            unchanged(what, game.position(viewer), loaded.position(viewer))?;
        }
        let mut actions = listed(game, seat);
        unchanged(
            || format!("the legal actions of seat {name} in the game that load reads"),
            &actions,
            &listed(&loaded, seat),
        )?;
        actions.extend(game.random_unlisted_action(seat, rng));
        actions.extend(platform.iter().cloned());
        for action in &actions {
            reads_back(game, seat, action)?;
        }
    }
    chance_outcomes(game)
        .iter()
        .try_for_each(|(outcome, _)| reads_back(game, any_seat(game), outcome))
}

/// `parse_action` reads `action_text(action)` back to `action`.
fn reads_back<G: GameNotation>(game: &G, seat: Seat, action: &G::Action) -> Result<(), String> {
    let text = game.action_text(action);
    match game.parse_action(seat, &text) {
        Ok(parsed) if parsed == *action => Ok(()),
        Ok(parsed) => Err(format!(
            "action_text writes {action:?} as '{text}', which parse_action reads as {parsed:?}"
        )),
        Err(error) => Err(format!(
            "parse_action cannot read '{text}', which action_text wrote for {action:?}: {error}"
        )),
    }
}

fn games_end<G: GameNotation>(game: &G) -> Result<(), String> {
    let (to_act, outcome) = (game.to_act(), game.outcome());
    if (to_act == ToAct::Over) != outcome.is_some() {
        return Err(format!(
            "to_act is {to_act:?} but the outcome is {outcome:?}: a game is over exactly \
             when it has an outcome"
        ));
    }
    let seats = game.seats();
    if let ToAct::Seats(acting) = to_act {
        if acting.is_empty() || acting.intersection(seats) != acting {
            return Err(format!(
                "to_act names the seats {acting:?}, but must name one or more of the seats \
                 in play {seats:?}"
            ));
        }
    }
    for seat in seats.iter() {
        let must_act = matches!(to_act, ToAct::Seats(acting) if acting.contains(seat));
        let has_choice = !listed(game, seat).is_empty() || game.has_unlisted_actions(seat);
        if must_act != has_choice {
            let name = game.seat_name(seat);
            let problem = if must_act {
                "must act but has nothing to do"
            } else {
                "need not act but has actions"
            };
            return Err(format!("seat {name} {problem} (to_act is {to_act:?})"));
        }
    }
    outcome.map_or(Ok(()), |outcome| coherent_outcome(game, &outcome))
}

fn coherent_outcome<G: Game>(game: &G, outcome: &Outcome) -> Result<(), String> {
    let seats = game.seats();
    let incoherent =
        |problem: &str| Err(format!("the outcome {outcome:?} is incoherent: {problem}"));
    if outcome.reason.is_empty() {
        return incoherent("it gives no reason");
    }
    if outcome.winners.intersection(seats) != outcome.winners {
        return incoherent("a winner is not in play");
    }
    for seat in (0..MAX_SEATS).map(Seat::new) {
        let result = outcome.results[seat];
        match result {
            SeatResult::Absent if seats.contains(seat) => {
                return incoherent("a seat in play has the result absent");
            }
            _ if !seats.contains(seat) && result != SeatResult::Absent => {
                return incoherent("a seat not in play has a result");
            }
            SeatResult::Win if !outcome.winners.contains(seat) => {
                return incoherent("a seat wins that is not a winner");
            }
            SeatResult::Loss | SeatResult::Draw if outcome.winners.contains(seat) => {
                return incoherent("a winner does not win");
            }
            _ => {}
        }
    }
    Ok(())
}

/// Replays `log` from `new`: once applying the logged chance outcomes, once rolling them.
///
/// # Errors
/// The first ply where a replay goes astray, and how.
pub(super) fn check_replay<G: GameNotation>(
    options: &G::Options,
    seed: u64,
    log: &[Step<G>],
) -> Result<(), (usize, String)> {
    replay(options, seed, log, false)?;
    replay(options, seed, log, true)
}

fn replay<G: GameNotation>(
    options: &G::Options,
    seed: u64,
    log: &[Step<G>],
    rolling: bool,
) -> Result<(), (usize, String)> {
    let how = if rolling {
        "replayed with roll at chance nodes"
    } else {
        "replayed with apply"
    };
    let mut game = G::new(options, seed)
        .map_err(|error| (0, format!("new refuses the options on replay: {error}")))?;
    let start = game.position(Viewer::Omniscient);
    if log.first().is_some_and(|step| step.before != start) {
        return Err((
            0,
            format!("new with the same options and seed starts at {start:?} the second time"),
        ));
    }
    for (ply, step) in log.iter().enumerate() {
        let result = match (step.actor, rolling) {
            (Actor::Chance, true) => game.roll().map(|(outcome, _)| outcome),
            (Actor::Chance, false) => game
                .apply(any_seat(&game), &step.action)
                .map(|_| step.action.clone()),
            (Actor::Seat(seat), _) => game.apply(seat, &step.action).map(|_| step.action.clone()),
        };
        match result {
            Err(error) => {
                return Err((
                    ply,
                    format!("{how}, the game refuses {:?}: {error}", step.action),
                ));
            }
            Ok(outcome) if outcome != step.action => {
                return Err((
                    ply,
                    format!("{how}, roll draws {outcome:?} instead of {:?}", step.action),
                ));
            }
            Ok(_) => {}
        }
        let position = game.position(Viewer::Omniscient);
        if position != step.after {
            return Err((
                ply,
                format!(
                    "{:?} {how} leads to {position:?} instead of {:?}",
                    step.action, step.after
                ),
            ));
        }
    }
    Ok(())
}
