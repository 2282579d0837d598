//! Play: an action checked on a copy of the game, stored, then made the game and sent to every
//! watcher; the chance outcomes the server draws; leaving the table during play.

use tokio::time::Instant;
use zhanqi_core::Reason;
use zhanqi_core::{PlatformAction, SeatResult};
use zhanqi_protocol::{CHANCE, DynGame, PlayedUi, Turn};
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

    /// Resolves the chance nodes the game waits at, one outcome at a time, each drawn with
    /// the game's own seeded RNG and stored like any action.
    pub(super) async fn roll_chance(&mut self) -> Result<(), ApiError> {
        while let Some(game) = &self.game
            && game.to_act() == Turn::Chance
        {
            let mut next = game.clone_box();
            let played = next
                .roll_ui()
                .map_err(|error| ApiError::internal("roll", error))?;
            self.adopt(CHANCE, next, played).await?;
        }
        Ok(())
    }

    /// Plays one action for a seat: checked on a copy, then adopted.
    async fn play_one(&mut self, seat: &'static str, action: &str) -> Result<(), ApiError> {
        let Some(game) = &self.game else {
            return Err(ApiError::wrong_phase("the game has not started")
                .because(Reason::new("game_not_started")));
        };
        let mut next = game.clone_box();
        let played = next.play_ui(seat, action).map_err(|error| {
            ApiError::new("illegal", error.to_string()).with_reasons(arrangement_reasons(
                game.as_ref(),
                seat,
                action,
            ))
        })?;
        self.adopt(seat, next, played).await
    }

    /// Makes `next`, the game after an action of `seat` (or chance), the room's game: stored
    /// first, then the clock, then each watcher's events.
    async fn adopt(
        &mut self,
        seat: &'static str,
        next: Box<dyn DynGame>,
        played: PlayedUi,
    ) -> Result<(), ApiError> {
        // Only the mover's own move or lost turn restarts the clock: what the game says keeps
        // it running does not (junqi's draw offers, DR-4), nor does another seat's surrender or
        // escape.
        let keeps_clock =
            !played.restarts_clock || self.clock.is_some_and(|clock| clock.seat != seat);
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
        self.note_moves(&played.moved);
        self.send_viewer_events(&played.events);
        if self
            .game
            .as_ref()
            .is_some_and(|game| game.outcome().is_some())
        {
            self.finish().await?;
        }
        Ok(())
    }

    /// Keeps each seat's last move, as the game marks it, to draw.
    pub(super) fn note_moves(&mut self, moved: &[(&'static str, serde_json::Value)]) {
        for (seat, event) in moved {
            // Kept as text: a room holds it for good and copies it into every frame.
            if let Ok(text) = serde_json::value::to_raw_value(event) {
                self.last_moves.insert(seat, text);
            }
        }
    }

    /// A seat leaves the table during play: the game's own escape, or else a forfeit.
    pub(super) async fn escape(&mut self, seat: &'static str) -> Result<(), ApiError> {
        if let Some(action) = self.platform_action(seat, PlatformAction::Escape) {
            return self.play(seat, &action).await;
        }
        self.settle(Some(Forfeit {
            seat,
            result: SeatResult::Escaped,
            reason: "escaped",
        }))
        .await?;
        self.send_events(&[
            serde_json::json!({"kind": "escaped", "seat": seat}),
            serde_json::json!({"kind": "game_over", "winners": self.result.as_ref().map(|r| r["winners"].clone()), "reason": "escaped"}),
        ]);
        Ok(())
    }

    /// The game's action for the platform action `kind`, when `seat` may take it now.
    pub(super) fn platform_action(&self, seat: &str, kind: PlatformAction) -> Option<String> {
        let game = self.game.as_ref()?;
        if game.allows(seat, kind) {
            game.platform_text(kind)
        } else {
            None
        }
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

/// The typed reasons of a refused action that is an arrangement the game asks for during play
/// (a tiehuo deployment), as the game's editor check says them; none for any other action,
/// whose refusal the client says in general.
fn arrangement_reasons(game: &dyn DynGame, seat: &str, action: &str) -> Vec<Reason> {
    if game
        .setup_editor(seat)
        .is_none_or(|editor| editor.before_start)
    {
        return Vec::new();
    }
    match game.check_setup(Some(seat), action) {
        Err(zhanqi_protocol::UiError::Setup(error)) => error.reasons,
        _ => Vec::new(),
    }
}
