//! Who sits where: taking and giving back seats, AI seats, finding a person's seat, and the
//! attendance that closes a room nobody sits in before it starts.

use std::collections::BTreeSet;
use std::time::Duration;
use zhanqi_core::Reason;

use tokio::time::Instant;
use zhanqi_store::{Occupant, UnixMillis, UserId};

use super::{Person, Phase, Room};
use crate::error::ApiError;

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Sitter {
    /// A person.
    Person(Person),
    /// An AI of this level.
    Ai(String),
}

/// One seat of a room.
#[derive(Clone, Debug)]
pub struct SeatSlot {
    /// The seat's name.
    pub name: &'static str,
    /// Who sits there.
    pub sitter: Option<Sitter>,
    /// The layout being arranged (games with a deployment).
    pub layout: Option<String>,
    /// Whether the seat is ready to start.
    pub ready: bool,
    /// Since when a seated person has had no connection to the room (from the start of play
    /// for a person already away then); past the grace period, during play, the seat escapes.
    pub away_since: Option<Instant>,
    /// A seated person's points in the room's game family (their rank on the seat card).
    pub points: Option<i64>,
    /// Turns the clock played for the seat, in a game without a timeout action of its own.
    pub timeouts: u8,
}

impl Room {
    pub(super) async fn sit(
        &mut self,
        person: &Person,
        seat: &str,
    ) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.slot_index(seat)?;
        if self.seat_index_of(person.id).is_some() {
            return Err(ApiError::new(
                "seat_taken",
                "you already hold a seat in this room; stand up first",
            )
            .because(Reason::new("already_seated")));
        }
        if self.seats[index].sitter.is_some() {
            return Err(ApiError::new("seat_taken", format!("seat {seat} is taken"))
                .because(Reason::new("seat_taken").with("seat", seat)));
        }
        if self.stake > 0 {
            self.check_gold(person).await?;
        }
        let seat_id = self
            .probe
            .seat(seat)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app
            .store
            .take_seat(self.id, seat_id, &Occupant::User(person.id))
            .await
            .map_err(|error| {
                if error.is_conflict() {
                    ApiError::new("seat_taken", error.to_string())
                } else {
                    error.into()
                }
            })?;
        self.seats[index].sitter = Some(Sitter::Person(person.clone()));
        self.seats[index].points = Some(self.points_of(person.id).await?);
        self.seats[index].ready = false;
        self.prepare_seat(index).await;
        Ok(serde_json::json!({}))
    }

    pub(super) async fn stand(&mut self, person: &Person) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.seat_index_of(person.id).ok_or_else(not_seated)?;
        self.free_seat(index).await
    }

    pub(super) async fn free_seat(&mut self, index: usize) -> Result<serde_json::Value, ApiError> {
        let seat_id = self
            .probe
            .seat(self.seats[index].name)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app.store.leave_seat(self.id, seat_id).await?;
        let slot = &mut self.seats[index];
        slot.sitter = None;
        slot.layout = None;
        slot.ready = false;
        slot.points = None;
        slot.away_since = None;
        Ok(serde_json::json!({}))
    }

    pub(super) async fn add_ai(
        &mut self,
        seat: &str,
        level: &str,
    ) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        if self.stake > 0 {
            return Err(ApiError::new(
                "not_enough_gold",
                "an AI has no gold to stake, so the seats of a gold room are for people only",
            )
            .because(Reason::new("ai_has_no_gold")));
        }
        if !["easy", "medium", "hard", "expert"].contains(&level) {
            return Err(ApiError::bad_message(format!(
                "'{level}' is not an AI level; the levels are easy, medium, hard, expert"
            )));
        }
        let index = self.slot_index(seat)?;
        if self.seats[index].sitter.is_some() {
            return Err(ApiError::new("seat_taken", format!("seat {seat} is taken"))
                .because(Reason::new("seat_taken").with("seat", seat)));
        }
        let seat_id = self
            .probe
            .seat(seat)
            .map_err(|e| ApiError::internal("seat", e))?;
        self.app
            .store
            .take_seat(self.id, seat_id, &Occupant::Ai(level.to_owned()))
            .await?;
        self.seats[index].sitter = Some(Sitter::Ai(level.to_owned()));
        self.prepare_seat(index).await;
        self.try_start().await?;
        Ok(serde_json::json!({}))
    }

    pub(super) async fn remove_ai(&mut self, seat: &str) -> Result<serde_json::Value, ApiError> {
        self.need_phase(Phase::Setup)?;
        let index = self.slot_index(seat)?;
        if !matches!(self.seats[index].sitter, Some(Sitter::Ai(_))) {
            return Err(
                ApiError::new("no_seat", format!("no AI sits in seat {seat}"))
                    .because(Reason::new("no_ai_in_seat").with("seat", seat)),
            );
        }
        self.free_seat(index).await
    }

    /// Only the room's players and its creator choose its AIs: a spectator who could would
    /// start someone else's game against a level of their choosing.
    pub(super) fn may_seat_ai(&self, person: &Person) -> Result<(), ApiError> {
        if self.seat_index_of(person.id).is_some() || self.host == Some(person.id) {
            Ok(())
        } else {
            Err(ApiError::new(
                "forbidden",
                "only the room's players and its creator may seat or remove an AI; take a seat first",
            )
            .because(Reason::new("ai_for_players_only")))
        }
    }

    /// Whether `user` may seat an AI now: in setup, in a room without a gold stake (an AI
    /// has no gold), as one of the room's players or its creator.
    #[must_use]
    pub fn may_seat_ai_now(&self, user: Option<UserId>) -> bool {
        let may =
            |person: UserId| self.seat_index_of(person).is_some() || self.host == Some(person);
        self.phase == Phase::Setup && self.stake == 0 && user.is_some_and(may)
    }

    pub(super) fn slot_index(&self, seat: &str) -> Result<usize, ApiError> {
        self.seats
            .iter()
            .position(|slot| slot.name == seat)
            .ok_or_else(|| {
                let names: Vec<&str> = self.seats.iter().map(|slot| slot.name).collect();
                ApiError::new(
                    "no_seat",
                    format!(
                        "there is no seat '{seat}'; the seats are {}",
                        names.join(", ")
                    ),
                )
            })
    }

    /// The index of the seat where this person sits.
    pub fn seat_index_of(&self, user: UserId) -> Option<usize> {
        self.seats.iter().position(
            |slot| matches!(&slot.sitter, Some(Sitter::Person(person)) if person.id == user),
        )
    }

    pub(super) fn seat_of_mut(&mut self, user: UserId) -> Option<&mut SeatSlot> {
        let index = self.seat_index_of(user)?;
        Some(&mut self.seats[index])
    }

    /// Whether a person of this account watches the room now.
    pub fn connected(&self, user: UserId) -> bool {
        self.watchers.iter().any(|w| w.person.id == user)
    }

    /// How many watchers hold no seat.
    pub fn spectators(&self) -> usize {
        self.watchers
            .iter()
            .filter(|w| self.seat_index_of(w.person.id).is_none())
            .map(|w| w.person.id)
            .collect::<BTreeSet<_>>()
            .len()
    }

    pub(super) fn seat_active(&self, seat: &str) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        game.seat_active(seat)
    }

    /// Marks a room that never started as closed in the store, so that no restart brings it
    /// back.
    pub(super) async fn close_abandoned(&self) {
        if let Err(error) = self
            .app
            .store
            .abandon_open_game(self.id, UnixMillis::now())
            .await
        {
            tracing::warn!("could not close the unstarted room {}: {error}", self.id);
        }
    }

    /// How long a room that has not started may go without a seated person present.
    fn abandon_after(&self) -> Duration {
        let minutes = self.app.config.abandoned_room_minutes;
        Duration::try_from_secs_f64(minutes * 60.0).unwrap_or(Duration::MAX)
    }

    /// When the room closes as abandoned unless a person sits down, if it is unattended.
    pub(super) fn abandon_at(&self) -> Option<Instant> {
        let since = self
            .unattended_since
            .filter(|_| self.phase == Phase::Setup)?;
        since.checked_add(self.abandon_after())
    }

    /// Whether the room has gone unattended for the abandon period.
    pub(super) fn abandon_due(&self, now: Instant) -> bool {
        self.abandon_at().is_some_and(|at| at <= now)
    }

    /// Starts or stops the abandon period: a room in setup is attended while a seated person
    /// has a connection to it.
    pub(super) fn note_attendance(&mut self) {
        let attended = self.phase != Phase::Setup
            || self.seats.iter().any(|slot| {
                matches!(&slot.sitter, Some(Sitter::Person(person)) if self.connected(person.id))
            });
        if attended {
            self.unattended_since = None;
        } else if self.unattended_since.is_none() {
            self.unattended_since = Some(Instant::now());
        }
    }

    /// A room closes when nobody watches it and nobody holds a seat to come back to, and when
    /// it must close whoever is still in it (abandoned before it started).
    pub(super) fn should_close(&self) -> bool {
        if self.closing.is_some() {
            return true;
        }
        if !self.watchers.is_empty() {
            return false;
        }
        match self.phase {
            Phase::Over => true,
            Phase::Setup => !self
                .seats
                .iter()
                .any(|slot| matches!(slot.sitter, Some(Sitter::Person(_)))),
            Phase::Playing => false,
        }
    }
}

pub(super) fn not_seated() -> ApiError {
    ApiError::new("not_seated", "you hold no seat in this room")
}
