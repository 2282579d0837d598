//! Shengke's client contract ([`ClientGame`]): the field, each viewer's table, events,
//! clickable placements, the deck editor, clock rules, from [`crate::ui`].

use serde_json::{Value, json};
use zhanqi_core::{
    Choice, ClientGame, GameNotation, GameRng, OptionField, Seat, SetupEditor, SetupError,
    TimeoutRule, Viewer,
};

use crate::ui;
use crate::{Action, Event, Shengke};

/// The timeouts that lose a game: the rules have no clock (§14 is silent), so the platform
/// plays a random listed action for a seat whose clock runs out and the fifth loses, as in
/// junqi (docs/shengke.md, "Clocks").
pub const TIMEOUT_LIMIT: u8 = 5;

impl ClientGame for Shengke {
    type Board = Value;
    type Table = Value;
    type EventView = Value;
    type Setup = Value;

    fn option_fields() -> Vec<OptionField> {
        crate::options::option_fields()
    }

    fn board(&self) -> Value {
        ui::board_ui()
    }

    fn table(&self, viewer: Viewer) -> Value {
        self.view_ui(viewer)
    }

    fn event_views(
        &self,
        before: &Shengke,
        action: &Action,
        events: &[Event],
        _viewer: Viewer,
    ) -> Vec<Value> {
        // A drawn card is named by its element only: every event is public.
        before.events_ui(action, events, self)
    }

    fn choice(&self, _seat: Seat, action: &Action) -> Choice {
        let clicks = match action {
            Action::Place(placement) if placement.is_empty() => vec!["pass".to_owned()],
            Action::Place(placement) => placement
                .iter()
                .flat_map(|(card, cell)| [format!("card:{card}"), format!("cell:{cell}")])
                .collect(),
            Action::Recover(card) => vec![format!("discard:{card}")],
            // The elements chosen, one target named by them (the client words its button).
            Action::Choose(first, second) => vec![match second {
                Some(second) => format!("elements:{first},{second}"),
                None => format!("elements:{first}"),
            }],
            Action::Roll(_) => vec![self.action_text(action)],
        };
        Choice {
            clicks,
            action: self.action_text(action),
        }
    }

    fn setup_editor(&self, _seat: Seat) -> Option<SetupEditor> {
        Some(SetupEditor {
            kind: "deck",
            before_start: true,
            swaps: false,
            public: true,
        })
    }

    fn random_setup(&self, _seat: Seat, _rng: &mut GameRng) -> Result<String, SetupError> {
        // A seat starts from the deck of §11 (what an AI plays with, too).
        Ok(ui::standard_deck_file())
    }

    fn check_setup(&self, _seat: Seat, text: &str) -> Result<String, SetupError> {
        ui::check_deck(text).map_err(deck_error)
    }

    fn setup_view(&self, _seat: Seat, text: &str) -> Result<Value, SetupError> {
        let cards = ui::deck_cards_ui(text).map_err(deck_error)?;
        Ok(json!({"layout": text, "cards": cards, "cells": []}))
    }

    fn public_setup(&self, text: &str) -> Option<Value> {
        ui::deck_cards_ui(text).ok().map(Value::from)
    }

    fn setup_options(&self, setups: &[(Seat, &str)]) -> Result<Option<Value>, SetupError> {
        ui::deck_options(setups).map(Some).map_err(|(seat, error)| {
            let mut refused = SetupError::all(
                error
                    .problems
                    .into_iter()
                    .map(|violation| format!("seat {}'s deck: {violation}", self.seat_name(seat))),
            );
            refused.reasons = error.reasons;
            refused
        })
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule::PlayForSeat {
            limit: TIMEOUT_LIMIT,
        }
    }

    fn first_player_drawn(&self) -> bool {
        // §6.2: a die roll or a coin decides who takes seat 1, which always moves first.
        true
    }
}

/// A refused deck file as a refused arrangement: its problems, and the lines and cards they
/// name for the deck editor to mark.
fn deck_error(error: ui::DeckFileError) -> SetupError {
    let mut refused = SetupError::all(error.problems).marking(error.marks);
    refused.reasons = error.reasons;
    refused
}
