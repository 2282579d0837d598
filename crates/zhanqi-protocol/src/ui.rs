//! What a browser client needs of a game beyond its notation, through the dyn layer: the board
//! to draw, each viewer's pieces, events by name, the deployment being arranged before play,
//! and the score at the end.
//!
//! Each game with a client gives a [`Presentation`]; [`DynGame`](crate::DynGame) reaches it for
//! the game behind it, so the server asks for everything here by seat name and in JSON and
//! never learns a game's types. Adding a game's client is one arm in [`presentation`].

use std::any::Any;

use serde::Serialize;
use zhanqi_core::{Game, GameNotation, GameRng, Seat, SeatSet, Viewer};
use zhanqi_junqi::Junqi;
use zhanqi_junqi::ui::board_ui;
use zhanqi_shengke::Shengke;
use zhanqi_shengke::ui as shengke_ui;

use crate::GameError;

/// Why a client-side request about a game was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum UiError {
    /// The game has no client presentation, or no deployment to arrange.
    #[error("{0}")]
    Unsupported(String),
    /// A deployment being arranged is malformed or breaks the rules (every broken rule).
    #[error("{0}")]
    Setup(String),
    /// The game refused the request.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// What an action did, for the client: the record line and the events by name.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayedUi {
    /// The action as a game record writes it.
    pub record: String,
    /// The events, as JSON objects with a `kind`.
    pub events: Vec<serde_json::Value>,
}

/// A game's client presentation, on the typed game.
pub(crate) trait Presentation {
    /// The board geometry.
    fn board(&self) -> serde_json::Value;
    /// What `viewer` sees, ready to draw.
    fn view(&self, viewer: Viewer) -> serde_json::Value;
    /// Plays an action (like [`crate::DynGame::play`]) and gives its events.
    fn play(&mut self, seat: Seat, action: &str) -> Result<PlayedUi, GameError>;
    /// Whether seats arrange a deployment before play.
    fn deploys(&self) -> bool;
    /// A random legal deployment.
    fn random_setup(&self, rng: &mut GameRng) -> Result<String, UiError>;
    /// A deployment checked against every rule, canonical.
    fn check_setup(&self, layout: &str) -> Result<String, UiError>;
    /// A deployment with the pieces on two of `seat`'s posts swapped, if legal.
    fn swap_setup(&self, seat: Seat, layout: &str, a: &str, b: &str) -> Result<String, UiError>;
    /// A deployment placed in `seat`'s area, ready to draw.
    fn setup_view(&self, seat: Seat, layout: &str) -> Result<serde_json::Value, UiError>;
    /// Each seat's change in points once the game is over.
    fn points_change(&self, points_at_start: &[i64]) -> Option<Vec<i64>>;
    /// Each seat's change in gold, and the house's share, once the game is over.
    fn gold_change(&self, base: i64, points_at_start: &[i64]) -> Option<(Vec<i64>, i64)>;
    /// Plays a chance outcome (in the notation) and gives its events.
    fn play_chance(&mut self, outcome: &str) -> Result<PlayedUi, GameError> {
        let _ = outcome;
        Err(GameError::NotAtChanceNode { what: "play" })
    }
    /// The options that the seats' deployments stand for, when a game takes its setups as
    /// options (a shengke deck) rather than as a first action; `None` otherwise.
    fn setup_options(&self, setups: &[(Seat, &str)]) -> Result<Option<serde_json::Value>, UiError> {
        let _ = setups;
        Ok(None)
    }
    /// What everybody may see of a seat's deployment (a shengke deck is public), as JSON;
    /// `None` when a deployment is secret.
    fn public_setup(&self, layout: &str) -> Option<serde_json::Value> {
        let _ = layout;
        None
    }
    /// The pending draw offer: who made it and who has accepted it (none in a game without
    /// draw offers).
    fn draw_offer(&self) -> Option<(Seat, SeatSet)> {
        None
    }
    /// Whether the platform draws which participant takes the first seat at the start.
    fn first_player_drawn(&self) -> bool {
        false
    }
}

/// The presentation of a typed game, if it has one.
pub(crate) fn presentation<G: GameNotation>(game: &G) -> Option<&dyn Presentation> {
    let game: &dyn Any = game;
    if let Some(junqi) = game.downcast_ref::<Junqi>() {
        return Some(junqi as &dyn Presentation);
    }
    game.downcast_ref::<Shengke>()
        .map(|shengke| shengke as &dyn Presentation)
}

/// The presentation of a typed game, to play through it.
pub(crate) fn presentation_mut<G: GameNotation>(game: &mut G) -> Option<&mut dyn Presentation> {
    let game: &mut dyn Any = game;
    if game.is::<Junqi>() {
        return game
            .downcast_mut::<Junqi>()
            .map(|junqi| junqi as &mut dyn Presentation);
    }
    game.downcast_mut::<Shengke>()
        .map(|shengke| shengke as &mut dyn Presentation)
}

fn json(value: impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn setup_error(error: zhanqi_junqi::ui::SetupError) -> UiError {
    match error {
        zhanqi_junqi::ui::SetupError::NoDeployment(_) => UiError::Unsupported(error.to_string()),
        _ => UiError::Setup(error.to_string()),
    }
}

impl Presentation for Junqi {
    fn board(&self) -> serde_json::Value {
        json(board_ui(self.junqi_options().mode))
    }

    fn view(&self, viewer: Viewer) -> serde_json::Value {
        json(self.view_ui(viewer))
    }

    fn play(&mut self, seat: Seat, action: &str) -> Result<PlayedUi, GameError> {
        let parsed = self.parse_action(seat, action)?;
        let mut next = self.clone();
        let events = zhanqi_core::Game::apply(&mut next, seat, &parsed).map_err(|illegal| {
            GameError::Illegal {
                seat: self.seat_name(seat).to_owned(),
                action: action.to_owned(),
                reason: illegal.to_string(),
            }
        })?;
        let record = self.record_text(&parsed, &events);
        let events = next.events_ui(&events).into_iter().map(json).collect();
        *self = next;
        Ok(PlayedUi { record, events })
    }

    fn deploys(&self) -> bool {
        Junqi::deploys(self)
    }

    fn random_setup(&self, rng: &mut GameRng) -> Result<String, UiError> {
        Junqi::random_setup(self, rng).map_err(setup_error)
    }

    fn check_setup(&self, layout: &str) -> Result<String, UiError> {
        Junqi::check_setup(self, layout).map_err(setup_error)
    }

    fn swap_setup(&self, seat: Seat, layout: &str, a: &str, b: &str) -> Result<String, UiError> {
        Junqi::swap_setup(self, seat, layout, a, b).map_err(setup_error)
    }

    fn setup_view(&self, seat: Seat, layout: &str) -> Result<serde_json::Value, UiError> {
        Junqi::setup_ui(self, seat, layout)
            .map(json)
            .map_err(setup_error)
    }

    fn points_change(&self, points_at_start: &[i64]) -> Option<Vec<i64>> {
        let change = Junqi::points_change(self, points_at_start)?;
        Some(
            zhanqi_core::Game::seats(self)
                .iter()
                .map(|seat| change[seat])
                .collect(),
        )
    }

    fn draw_offer(&self) -> Option<(Seat, SeatSet)> {
        let offers = self.draw_offers();
        Some((offers.pending()?, offers.accepted()))
    }

    fn gold_change(&self, base: i64, points_at_start: &[i64]) -> Option<(Vec<i64>, i64)> {
        let settlement = self.gold_settlement(base, points_at_start)?;
        Some((
            zhanqi_core::Game::seats(self)
                .iter()
                .map(|seat| settlement.change[seat])
                .collect(),
            settlement.house,
        ))
    }
}

impl Presentation for Shengke {
    fn board(&self) -> serde_json::Value {
        shengke_ui::board_ui()
    }

    fn view(&self, viewer: Viewer) -> serde_json::Value {
        self.view_ui(viewer)
    }

    fn play(&mut self, seat: Seat, action: &str) -> Result<PlayedUi, GameError> {
        let parsed = self.parse_action(seat, action)?;
        let mut next = self.clone();
        let events =
            Game::apply(&mut next, seat, &parsed).map_err(|illegal| GameError::Illegal {
                seat: self.seat_name(seat).to_owned(),
                action: action.to_owned(),
                reason: illegal.to_string(),
            })?;
        Ok(adopt(self, next, &parsed, &events))
    }

    fn play_chance(&mut self, outcome: &str) -> Result<PlayedUi, GameError> {
        if Game::to_act(self) != zhanqi_core::ToAct::Chance {
            return Err(GameError::NotAtChanceNode { what: "play" });
        }
        let seat = crate::dyn_game::any_seat(self);
        let parsed = self.parse_action(seat, outcome)?;
        let mut next = self.clone();
        let events = Game::apply(&mut next, seat, &parsed).map_err(|illegal| {
            GameError::ListedActionRefused {
                action: outcome.to_owned(),
                reason: illegal.to_string(),
            }
        })?;
        Ok(adopt(self, next, &parsed, &events))
    }

    fn deploys(&self) -> bool {
        true
    }

    fn random_setup(&self, _rng: &mut GameRng) -> Result<String, UiError> {
        // A seat starts from the deck of §11 (what an AI plays with, too).
        Ok(shengke_ui::standard_deck_file())
    }

    fn check_setup(&self, layout: &str) -> Result<String, UiError> {
        shengke_ui::check_deck(layout).map_err(|error| UiError::Setup(error.to_string()))
    }

    fn swap_setup(
        &self,
        _seat: Seat,
        _layout: &str,
        _a: &str,
        _b: &str,
    ) -> Result<String, UiError> {
        Err(UiError::Unsupported(
            "a deck has no posts to swap; edit its cards and send the whole deck".to_owned(),
        ))
    }

    fn setup_view(&self, _seat: Seat, layout: &str) -> Result<serde_json::Value, UiError> {
        let cards =
            shengke_ui::deck_cards_ui(layout).map_err(|error| UiError::Setup(error.to_string()))?;
        Ok(serde_json::json!({"layout": layout, "cards": cards, "cells": []}))
    }

    fn points_change(&self, _points_at_start: &[i64]) -> Option<Vec<i64>> {
        None
    }

    fn gold_change(&self, _base: i64, _points_at_start: &[i64]) -> Option<(Vec<i64>, i64)> {
        None
    }

    fn setup_options(&self, setups: &[(Seat, &str)]) -> Result<Option<serde_json::Value>, UiError> {
        shengke_ui::deck_options(setups)
            .map(Some)
            .map_err(|(seat, error)| {
                UiError::Setup(format!("seat {}'s deck: {error}", self.seat_name(seat)))
            })
    }

    fn public_setup(&self, layout: &str) -> Option<serde_json::Value> {
        shengke_ui::deck_cards_ui(layout)
            .ok()
            .map(serde_json::Value::from)
    }

    fn first_player_drawn(&self) -> bool {
        // §6.2: a die roll or a coin decides who takes seat 1, which always moves first.
        true
    }
}

/// Makes `next` the game and gives the action's record and events.
fn adopt(
    game: &mut Shengke,
    next: Shengke,
    action: &zhanqi_shengke::Action,
    events: &[zhanqi_shengke::Event],
) -> PlayedUi {
    // The stored log must replay through `parse_action`, which reads actions, not the
    // records of §14.4; the judgements travel in the events.
    let record = game.action_text(action);
    let events = game.events_ui(action, events, &next);
    *game = next;
    PlayedUi { record, events }
}
