//! Before play: arranging each seat's layout, readiness, drawing the first player and
//! starting the game once every seat is taken and ready.

use rand::Rng;
use tokio::time::Instant;
use zhanqi_core::Reason;
use zhanqi_protocol::{Turn, UiError};
use zhanqi_store::{GameStart, LayoutShelf, UnixMillis};

use super::log::StartState;
use super::{Person, Phase, Room, SeatSlot, Sitter, not_seated};
use crate::error::ApiError;
use crate::first_player::{self, FirstPlayer};

/// The name under which a player's last readied layout is kept ("last used").
pub const LAST_LAYOUT: &str = "上次布阵";

impl Room {
    /// Gives a seat its starting layout: the person's last used one if still legal, else a
    /// random one; an AI gets a random one and is ready.
    pub(super) async fn prepare_seat(&mut self, index: usize) {
        if self.seats[index].sitter.is_none() {
            return;
        }
        if !self.probe.deploys() {
            if matches!(self.seats[index].sitter, Some(Sitter::Ai(_))) {
                self.seats[index].ready = true;
            }
            return;
        }
        if self.seats[index].layout.is_some() {
            return;
        }
        let mut layout = None;
        if let Some(Sitter::Person(person)) = &self.seats[index].sitter {
            let shelf = LayoutShelf {
                user: person.id,
                game: self.entry.name(),
                mode: &self.mode,
            };
            if let Ok(Some(saved)) = self.app.store.default_layout(shelf).await {
                layout = self
                    .probe
                    .check_setup(Some(self.seats[index].name), &saved.layout)
                    .ok();
            }
        }
        let layout = match layout {
            Some(layout) => Some(layout),
            None => self
                .probe
                .random_setup(Some(self.seats[index].name), rand::rng().random())
                .ok(),
        };
        let slot = &mut self.seats[index];
        slot.layout = layout;
        if matches!(slot.sitter, Some(Sitter::Ai(_))) {
            slot.ready = true;
        }
        let (layout, ready) = (slot.layout.clone(), slot.ready);
        if let Err(error) = self.store_setup(index, layout, ready).await {
            // The seat still plays; only a restart before it is ready would lose the layout.
            tracing::warn!("room {}: could not keep a layout: {error}", self.id);
        }
    }

    /// Makes `layout` the seat's arrangement, once it is stored.
    pub(super) async fn arrange(
        &mut self,
        index: usize,
        layout: String,
    ) -> Result<serde_json::Value, ApiError> {
        self.store_setup(index, Some(layout.clone()), false).await?;
        self.seats[index].layout = Some(layout);
        Ok(serde_json::json!({}))
    }

    /// Stores a seat's layout and readiness during setup, so that a restart gives them back.
    pub(super) async fn store_setup(
        &self,
        index: usize,
        layout: Option<String>,
        ready: bool,
    ) -> Result<(), ApiError> {
        let seat = self
            .probe
            .seat(self.seats[index].name)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app
            .store
            .set_seat_setup(self.id, seat, layout.as_deref(), ready)
            .await?;
        Ok(())
    }

    pub(super) fn arranging(&self, person: &Person) -> Result<(usize, String), ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
        if self.seats[index].ready {
            return Err(
                ApiError::wrong_phase("you are ready; send unready to change your layout")
                    .because(Reason::new("ready_already")),
            );
        }
        let layout = self.seats[index]
            .layout
            .clone()
            .ok_or_else(|| ApiError::wrong_phase("this game has no layout to arrange"))?;
        Ok((index, layout))
    }

    pub(super) async fn ready(&mut self, person: &Person) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
        if let Some(layout) = self.seats[index].layout.clone() {
            let shelf = LayoutShelf {
                user: person.id,
                game: self.entry.name(),
                mode: &self.mode,
            };
            let now = UnixMillis::now();
            self.app
                .store
                .save_layout(shelf, LAST_LAYOUT, &layout, now)
                .await?;
            self.app
                .store
                .mark_layout_used(shelf, LAST_LAYOUT, now)
                .await?;
        }
        let layout = self.seats[index].layout.clone();
        self.store_setup(index, layout.clone(), true).await?;
        self.seats[index].ready = true;
        if let Err(error) = self.try_start().await {
            // The coin for the first player may have moved the person to the other seat.
            let index = self.seat_index_of(person.id).unwrap_or(index);
            let layout = self.seats[index].layout.clone();
            self.seats[index].ready = false;
            if let Err(store_error) = self.store_setup(index, layout, false).await {
                tracing::warn!("room {}: could not take back ready: {store_error}", self.id);
            }
            return Err(error);
        }
        Ok(serde_json::json!({}))
    }

    /// Starts the game once every seat is taken and ready.
    pub(super) async fn try_start(&mut self) -> Result<(), ApiError> {
        if self.phase != Phase::Setup
            || !self
                .seats
                .iter()
                .all(|slot| slot.sitter.is_some() && slot.ready)
        {
            return Ok(());
        }
        let drawn = self.draw_first_player().await?;
        let points = self.seated_points().await?;
        let frozen = if self.stake > 0 {
            self.frozen_stake(&points)
        } else {
            0
        };
        let start = StartState {
            deployments: self
                .seats
                .iter()
                .filter_map(|slot| Some((slot.name.to_owned(), slot.layout.clone()?)))
                .collect(),
            points: points.clone(),
        };
        let options = self.probe.options();
        let game = start.set_up(self.entry, &self.mode, Some(&options), self.seed)?;
        let state = serde_json::to_string(&start)
            .map_err(|error| ApiError::internal("write the start", error))?;
        let first_clock = self.clock_after(game.as_ref(), None, Instant::now());
        let clock = self.stored_clock(first_clock.as_ref());
        self.app
            .store
            .start_game(
                self.id,
                &GameStart {
                    frozen_gold: frozen,
                    state: &state,
                    clock: &clock,
                },
                UnixMillis::now(),
            )
            .await
            .map_err(|error| {
                if error.is_conflict() {
                    ApiError::new("not_enough_gold", error.to_string())
                } else {
                    error.into()
                }
            })?;
        crate::metrics::game_started();
        self.mark_away_at_start(Instant::now());
        self.points_at_start = points;
        self.game = Some(game);
        self.phase = Phase::Playing;
        self.clock = first_clock;
        let first = match self.game.as_ref().map(|game| game.to_act()) {
            Some(Turn::Chance) => self.seats.first().map(|slot| slot.name),
            _ => first_clock.map(|c| c.seat),
        };
        let mut events = vec![serde_json::json!({"kind": "started", "first": first})];
        if let Some(seat) = drawn {
            events.push(serde_json::json!({"kind": "first_player", "seat": seat, "drawn": true}));
        }
        self.send_events(&events);
        self.roll_chance().await
    }

    /// Tosses the coin of a room whose game draws the first player (shengke §6.2) and, if it
    /// says so, makes the two seated players change seats with all that is theirs, stored
    /// before the game starts; gives the first seat's name when a coin was tossed.
    async fn draw_first_player(&mut self) -> Result<Option<&'static str>, ApiError> {
        if self.first_player != FirstPlayer::Random
            || !self.probe.first_player_drawn()
            || self.seats.len() != 2
        {
            return Ok(None);
        }
        if first_player::coin_swaps(self.seed) {
            let seat = |slot: &SeatSlot| {
                self.probe
                    .seat(slot.name)
                    .map_err(|e| ApiError::internal("seat", e))
            };
            let (first, second) = (seat(&self.seats[0])?, seat(&self.seats[1])?);
            self.app.store.swap_seats(self.id, first, second).await?;
            let (left, right) = self.seats.split_at_mut(1);
            let (a, b) = (&mut left[0], &mut right[0]);
            std::mem::swap(&mut a.sitter, &mut b.sitter);
            std::mem::swap(&mut a.layout, &mut b.layout);
            std::mem::swap(&mut a.ready, &mut b.ready);
            std::mem::swap(&mut a.away_since, &mut b.away_since);
            std::mem::swap(&mut a.points, &mut b.points);
            std::mem::swap(&mut a.timeouts, &mut b.timeouts);
        }
        Ok(Some(self.seats[0].name))
    }
}

/// A layout the game refused, as the error the player sees: the game's typed reasons, which
/// the game's strings translate.
pub(crate) fn layout_error(error: UiError) -> ApiError {
    match error {
        UiError::Setup(error) => ApiError::new("illegal_layout", error.violations.join("\n"))
            .marking(error.marks)
            .with_reasons(error.reasons),
        UiError::Unsupported(reason) => ApiError::wrong_phase(reason),
        UiError::Game(error) => ApiError::new("illegal_layout", error.to_string()),
    }
}
