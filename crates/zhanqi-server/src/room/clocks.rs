//! The server's clocks: the turn clock of the seat to act, what it stores so a restart resumes
//! it, what happens when it runs out, and the grace period of a seat whose player is away.

use std::time::Duration;

use rand::Rng;
use tokio::time::Instant;
use zhanqi_core::{PlatformAction, SeatResult, TimeoutRule};
use zhanqi_protocol::{Choices, DynGame, Turn};
use zhanqi_store::{Clock, UnixMillis};

use super::ai::AiDecision;
use super::settlement::Forfeit;
use super::{Phase, Room, Sitter};
use crate::error::ApiError;

/// The seat whose clock runs, and when it runs out.
#[derive(Clone, Copy, Debug)]
pub(super) struct TurnClock {
    pub(super) seat: &'static str,
    pub(super) deadline: Instant,
    pub(super) deadline_unix: UnixMillis,
}

impl Room {
    /// The clock after a change: kept when the same seat is still to act and `keep` says the
    /// action did not end its turn; restarted for a new seat; none when nobody acts.
    pub(super) fn clock_after(
        &self,
        game: &dyn DynGame,
        keep: Option<TurnClock>,
        now: Instant,
    ) -> Option<TurnClock> {
        let Turn::Seats(seats) = game.to_act() else {
            return None;
        };
        let seat = *seats.first()?;
        if let Some(kept) = keep
            && kept.seat == seat
        {
            return Some(kept);
        }
        let millis = (self.app.config.move_seconds.max(0.0) * 1000.0) as u64;
        Some(TurnClock {
            seat,
            deadline: now + Duration::from_millis(millis),
            deadline_unix: UnixMillis::now().plus_millis(millis as i64),
        })
    }

    /// Resumes a stored clock: the turn of the seat to act runs out at `deadline`.
    pub(super) fn set_clock(&mut self, deadline: Option<UnixMillis>) {
        let Some(game) = &self.game else { return };
        let Turn::Seats(seats) = game.to_act() else {
            self.clock = None;
            return;
        };
        let Some(&seat) = seats.first() else { return };
        let now_unix = UnixMillis::now();
        let deadline_unix = deadline.unwrap_or(now_unix);
        let left = u64::try_from(deadline_unix.0 - now_unix.0).unwrap_or(0);
        self.clock = Some(TurnClock {
            seat,
            deadline: Instant::now() + Duration::from_millis(left),
            deadline_unix,
        });
    }

    /// The clock as stored with an action: its deadline, the seat it runs for and the lost
    /// turns the room counts itself (games without a timeout action of their own), so that a
    /// restart gives them back.
    pub(super) fn stored_clock(&self, clock: Option<&TurnClock>) -> Clock {
        let timeouts: serde_json::Map<String, serde_json::Value> = self
            .seats
            .iter()
            .filter(|slot| slot.timeouts > 0)
            .map(|slot| (slot.name.to_owned(), slot.timeouts.into()))
            .collect();
        Clock {
            deadline: clock.map(|clock| clock.deadline_unix),
            state: serde_json::json!({"seat": clock.map(|clock| clock.seat), "timeouts": timeouts})
                .to_string(),
        }
    }

    /// Gives each seat back the lost turns its last stored clock counted.
    pub(super) fn restore_timeouts(&mut self, clock: Option<&Clock>) {
        let Some(state) =
            clock.and_then(|clock| serde_json::from_str::<serde_json::Value>(&clock.state).ok())
        else {
            return;
        };
        for slot in &mut self.seats {
            if let Some(count) = state["timeouts"][slot.name].as_u64() {
                slot.timeouts = u8::try_from(count).unwrap_or(u8::MAX);
            }
        }
    }

    /// Starts the grace period of every seated person with no connection to the room when the
    /// game starts: whoever does not come back in time escapes.
    pub(super) fn mark_away_at_start(&mut self, now: Instant) {
        for index in 0..self.seats.len() {
            let away = match &self.seats[index].sitter {
                Some(Sitter::Person(person)) => !self.connected(person.id),
                _ => false,
            };
            self.seats[index].away_since = away.then_some(now);
        }
    }

    /// The clock ran out for `seat`: what the game's timeout rule says — its own timeout
    /// action, or a uniformly random choice played for the seat, the game's limit of which
    /// loses the game.
    async fn time_out(&mut self, seat: &'static str) -> Result<(), ApiError> {
        let Some(game) = &self.game else {
            return Ok(());
        };
        let limit = match game.timeout_rule() {
            TimeoutRule::GameAction => {
                return match self.platform_action(seat, PlatformAction::Timeout) {
                    Some(action) => self.play(seat, &action).await,
                    None => Err(ApiError::internal(
                        "time out",
                        "the game refused its timeout",
                    )),
                };
            }
            TimeoutRule::PlayForSeat { limit } => limit,
        };
        let index = self.slot_index(seat)?;
        self.seats[index].timeouts = self.seats[index].timeouts.saturating_add(1);
        let count = self.seats[index].timeouts;
        self.send_events(&[serde_json::json!({"kind": "timed_out", "seat": seat, "count": count})]);
        if count >= limit {
            self.settle(Some(Forfeit {
                seat,
                result: SeatResult::Loss,
                reason: "timeouts",
            }))
            .await?;
            self.send_events(&[
                serde_json::json!({"kind": "defeated", "seat": seat, "reason": "timeouts"}),
                serde_json::json!({"kind": "game_over", "winners": self.result.as_ref().map(|r| r["winners"].clone()), "reason": "timeouts"}),
            ]);
            return Ok(());
        }
        let seed = rand::rng().random();
        let actions = match game.legal_actions(seat) {
            Ok(Choices::Listed(actions)) => actions,
            // A choice too large to list (a deployment during play) gets a random legal one.
            Ok(Choices::Unlisted) => game.random_unlisted(seat, seed).into_iter().collect(),
            Err(error) => return Err(ApiError::internal("time out", error)),
        };
        if actions.is_empty() {
            return Err(ApiError::internal("time out", "no legal action"));
        }
        let action = actions[rand::rng().random_range(0..actions.len())].clone();
        self.play(seat, &action).await
    }

    pub(super) async fn on_timer(&mut self) {
        let now = Instant::now();
        if self.abandon_due(now) {
            let minutes = self.app.config.abandoned_room_minutes;
            self.closing = Some(format!(
                "room {} closed because no player sat in it for {minutes} minutes; create or join another room",
                self.id.0
            ));
            return;
        }
        if let Some(clock) = self.clock
            && clock.deadline <= now
        {
            if let Err(error) = self.time_out(clock.seat).await {
                tracing::error!(
                    "room {}: timeout of {} failed: {error}",
                    self.id,
                    clock.seat
                );
                // Try again shortly rather than spin.
                self.clock = Some(TurnClock {
                    deadline: now + Duration::from_secs(1),
                    ..clock
                });
            }
            self.schedule_ai();
            self.broadcast();
            return;
        }
        if self.phase == Phase::Playing {
            let grace = self.grace();
            let gone = self.seats.iter().find(|slot| {
                slot.away_since.is_some_and(|since| since + grace <= now)
                    && self.seat_active(slot.name)
            });
            if let Some(slot) = gone {
                let seat = slot.name;
                if let Err(error) = self.escape(seat).await {
                    tracing::error!("room {}: escape of {seat} failed: {error}", self.id);
                }
                for slot in &mut self.seats {
                    if slot.name == seat {
                        slot.away_since = None;
                    }
                }
                self.schedule_ai();
                self.broadcast();
                return;
            }
        }
        if let Some(at) = self.ai_at
            && at <= now
        {
            self.ai_at = None;
            match self.ai_choice() {
                Some((seat, AiDecision::Play(answer))) => {
                    self.ai_play(seat, &answer).await;
                }
                Some((seat, AiDecision::Think(spec))) => self.start_thinking(seat, spec),
                None => {}
            }
            self.schedule_ai();
            self.broadcast();
        }
    }

    /// The running clock: the seat, milliseconds left.
    #[must_use]
    pub fn clock_left(&self) -> Option<(&'static str, u64)> {
        let clock = self.clock?;
        let left = clock.deadline.saturating_duration_since(Instant::now());
        Some((clock.seat, left.as_millis() as u64))
    }

    /// How long the away player of `slot` has left, in milliseconds, before the seat
    /// escapes: during play, for an active seat whose player has no connection to the room.
    #[must_use]
    pub fn escape_in(&self, slot: &super::SeatSlot) -> Option<u64> {
        if self.phase != Phase::Playing || !self.seat_active(slot.name) {
            return None;
        }
        let at = slot.away_since? + self.grace();
        Some(at.saturating_duration_since(Instant::now()).as_millis() as u64)
    }

    /// The grace period of a seat whose player is away during play.
    pub(super) fn grace(&self) -> Duration {
        Duration::from_secs_f64(self.app.config.grace_seconds.max(0.0))
    }

    /// The move time limit in milliseconds.
    #[must_use]
    pub fn move_millis(&self) -> u64 {
        (self.app.config.move_seconds.max(0.0) * 1000.0) as u64
    }
}
