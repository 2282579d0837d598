//! What a browser client needs of a game beyond its notation, through the dyn layer: the board
//! to draw, each viewer's pieces, events by name, the deployment being arranged before play,
//! and the score at the end.
//!
//! Each game with a client gives a [`Presentation`]; [`DynGame`](crate::DynGame) reaches it for
//! the game behind it, so the server asks for everything here by seat name and in JSON and
//! never learns a game's types. Adding a game's client is one arm in [`presentation`].

use std::any::Any;

use serde::Serialize;
use zhanqi_core::{GameNotation, GameRng, Seat, Viewer};
use zhanqi_junqi::Junqi;
use zhanqi_junqi::ui::board_ui;

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
}

/// The presentation of a typed game, if it has one.
pub(crate) fn presentation<G: GameNotation>(game: &G) -> Option<&dyn Presentation> {
    let game: &dyn Any = game;
    game.downcast_ref::<Junqi>()
        .map(|junqi| junqi as &dyn Presentation)
}

/// The presentation of a typed game, to play through it.
pub(crate) fn presentation_mut<G: GameNotation>(game: &mut G) -> Option<&mut dyn Presentation> {
    let game: &mut dyn Any = game;
    game.downcast_mut::<Junqi>()
        .map(|junqi| junqi as &mut dyn Presentation)
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
