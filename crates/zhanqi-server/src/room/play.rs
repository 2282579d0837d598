//! Play: an action checked on a copy of the game, stored, then made the game and sent to every
//! watcher; the chance outcomes the server draws; leaving the table during play.

use rand::Rng;
use tokio::time::Instant;
use zhanqi_protocol::{CHANCE, Turn};
use zhanqi_store::{NewAction, UnixMillis};

use super::settlement::Forfeit;
use super::{Person, Phase, Room};
use crate::error::ApiError;

impl Room {
    /// Plays an action for a seat, then rolls for every chance node that follows (the dice
    /// of shengke): the server draws each outcome, stored like any action.
    pub(super) async fn play(&mut self, seat: &'static str, action: &str) -> Result<(), ApiError> {
        self.play_one(seat, action).await?;
        self.roll_chance().await
    }

    /// Resolves the chance nodes the game waits at, one outcome at a time, drawn by weight.
    pub(super) async fn roll_chance(&mut self) -> Result<(), ApiError> {
        while let Some(game) = &self.game
            && game.to_act() == Turn::Chance
        {
            let outcomes = game.chance_outcomes();
            let total: u64 = outcomes
                .iter()
                .map(|outcome| u64::from(outcome.weight))
                .sum();
            let mut pick = rand::rng().random_range(0..total.max(1));
            let Some(outcome) = outcomes.iter().find(|outcome| {
                let hit = pick < u64::from(outcome.weight);
                pick = pick.saturating_sub(u64::from(outcome.weight));
                hit
            }) else {
                return Err(ApiError::internal("roll", "a chance node without outcomes"));
            };
            let text = outcome.text.clone();
            self.play_one(CHANCE, &text).await?;
        }
        Ok(())
    }

    /// Plays one action (or chance outcome) for a seat: checked on a copy, stored, then made
    /// the game.
    async fn play_one(&mut self, seat: &'static str, action: &str) -> Result<(), ApiError> {
        let Some(game) = &self.game else {
            return Err(ApiError::wrong_phase("the game has not started"));
        };
        let mut next = game.clone_box();
        let played = next
            .play_ui(seat, action)
            .map_err(|error| ApiError::new("illegal", error.to_string()))?;
        // Only the mover's own move or lost turn restarts the clock: draw offers and answers
        // do not stop it (DR-4), nor does another seat's surrender or escape.
        let keeps_clock = matches!(played.record.as_str(), "draw?" | "draw+" | "draw-")
            || self.clock.is_some_and(|clock| clock.seat != seat);
        let now = Instant::now();
        let clock = self.clock_after(next.as_ref(), self.clock.filter(|_| keeps_clock), now);
        let seat_id = if seat == CHANCE {
            None
        } else {
            Some(next.seat(seat).map_err(|e| ApiError::internal("seat", e))?)
        };
        let storing = std::time::Instant::now();
        self.app
            .store
            .append_action(
                self.id,
                &NewAction {
                    seq: self.seq,
                    seat: seat_id,
                    action: &played.record,
                    at: UnixMillis::now(),
                    clock: &self.stored_clock(clock.as_ref()),
                },
            )
            .await?;
        crate::metrics::action_played(storing.elapsed());
        self.seq += 1;
        self.game = Some(next);
        self.clock = clock;
        self.note_events(&played.events);
        self.send_events(&played.events);
        if self
            .game
            .as_ref()
            .is_some_and(|game| game.outcome().is_some())
        {
            self.finish().await?;
        }
        Ok(())
    }

    pub(super) fn note_events(&mut self, events: &[serde_json::Value]) {
        for event in events {
            if event["kind"] == "moved"
                && let Some(seat) = event["seat"].as_str()
                && let Some(&name) = self.seats.iter().map(|s| &s.name).find(|n| **n == seat)
            {
                self.last_moves.insert(name, event.clone());
            }
        }
    }

    /// A seat leaves the table during play: the game's own `escape`, or else a forfeit.
    pub(super) async fn escape(&mut self, seat: &'static str) -> Result<(), ApiError> {
        if self.accepts(seat, "escape") {
            return self.play(seat, "escape").await;
        }
        self.settle(Some(Forfeit {
            seat,
            result: "escaped",
            reason: "escaped",
        }))
        .await?;
        self.send_events(&[
            serde_json::json!({"kind": "escaped", "seat": seat}),
            serde_json::json!({"kind": "game_over", "winners": self.result.as_ref().map(|r| r["winners"].clone()), "reason": "escaped"}),
        ]);
        Ok(())
    }

    /// Whether the game would accept `action` from `seat` now (asked on a copy).
    pub(super) fn accepts(&self, seat: &str, action: &str) -> bool {
        self.game
            .as_ref()
            .is_some_and(|game| game.clone_box().play(seat, action).is_ok())
    }

    pub(super) async fn leave(
        &mut self,
        conn: u64,
        person: &Person,
    ) -> Result<serde_json::Value, ApiError> {
        match (self.phase, self.seat_index_of(person.id)) {
            (Phase::Setup, Some(index)) => {
                self.free_seat(index).await?;
            }
            (Phase::Playing, Some(index)) if self.seat_active(self.seats[index].name) => {
                let seat = self.seats[index].name;
                self.escape(seat).await?;
            }
            _ => {}
        }
        self.watchers.retain(|w| w.conn != conn);
        Ok(serde_json::json!({}))
    }
}
