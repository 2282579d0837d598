//! AI seats: what an AI does when it must act, the search it runs in the background, and the
//! answer it plays if the game is still where the search started.

use std::time::Duration;

use rand::Rng;
use tokio::time::Instant;
use zhanqi_ai::{Budget, Level, PlayerSpec, level_spec};
use zhanqi_protocol::{Choices, Turn};

use super::{Phase, Room, Sitter};
use crate::ai_seat::{self, AiThought};

/// What an AI seat will do when its delay is over.
pub(super) enum AiDecision {
    /// Play this action (an answer to a draw offer), in the game's notation.
    Play(String),
    /// Search for a move with this player.
    Think(PlayerSpec),
}

impl Room {
    /// Starts an AI search on a copy of the game; its answer comes back as an [`AiThought`].
    pub(super) fn start_thinking(&mut self, seat: &'static str, spec: PlayerSpec) {
        let Some(game) = &self.game else { return };
        ai_seat::think_in_background(
            game.clone_box(),
            seat,
            spec,
            rand::rng().random(),
            self.seq,
            self.thoughts.clone(),
        );
        self.thinking = Some(self.seq);
    }

    /// Plays an AI's answer if the game is still where the search started; drops it otherwise
    /// (someone acted meanwhile: a draw offer, a timeout, an escape).
    pub(super) async fn on_thought(&mut self, thought: AiThought) {
        if self.thinking == Some(thought.seq) {
            self.thinking = None;
        }
        if thought.seq != self.seq || self.phase != Phase::Playing {
            tracing::debug!("room {}: a stale AI answer was dropped", self.id);
        } else {
            match thought.action {
                Ok(action) => self.ai_play(thought.seat, &action).await,
                Err(error) => tracing::error!("room {}: AI {}: {error}", self.id, thought.seat),
            }
        }
        self.schedule_ai();
        self.broadcast();
    }

    pub(super) async fn ai_play(&mut self, seat: &'static str, action: &str) {
        if let Err(error) = self.play(seat, action).await {
            tracing::error!(
                "room {}: AI {seat} could not play {action}: {error}",
                self.id
            );
        }
    }

    /// What an AI seat does now, if one must act: refuse a pending draw offer, or think of a
    /// move at its level.
    pub(super) fn ai_choice(&self) -> Option<(&'static str, AiDecision)> {
        let game = self.game.as_ref()?;
        if self.phase != Phase::Playing {
            return None;
        }
        let ai_level = |name: &str| {
            self.seats.iter().find_map(|slot| match &slot.sitter {
                Some(Sitter::Ai(level)) if slot.name == name => Some(level.clone()),
                _ => None,
            })
        };
        if let Some(offer) = game.draw_offer() {
            for slot in &self.seats {
                let answered = offer.by == slot.name || offer.accepted.contains(&slot.name);
                if ai_level(slot.name).is_some() && !answered && self.seat_active(slot.name) {
                    // The same game at the same ply gets the same answer.
                    let seed = self.seed ^ u64::from(self.seq).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let answer = ai_seat::draw_answer(game.as_ref(), slot.name, seed);
                    let answer = game.platform_text(answer)?;
                    return Some((slot.name, AiDecision::Play(answer)));
                }
            }
        }
        let Turn::Seats(seats) = game.to_act() else {
            return None;
        };
        let seat = *seats.first()?;
        let level = ai_level(seat)?;
        match game.legal_actions(seat) {
            // A choice too large to list (a deployment asked for during play) is the AI's
            // too: the game's AI chooses it whole.
            Ok(Choices::Unlisted) => Some((seat, AiDecision::Think(self.ai_spec(&level)))),
            Ok(Choices::Listed(actions)) if !actions.is_empty() => {
                Some((seat, AiDecision::Think(self.ai_spec(&level))))
            }
            _ => None,
        }
    }

    /// The player an AI level names, with the search budget capped by `--ai-think-ms`.
    fn ai_spec(&self, level: &str) -> PlayerSpec {
        let spec = level.parse().unwrap_or(PlayerSpec::Level(Level::Medium));
        let Some(cap) = self.app.config.ai_think_ms else {
            return spec;
        };
        let capped = |budget: Budget, threads: u32| match budget {
            Budget::Millis(ms) => PlayerSpec::Ismcts {
                budget: Budget::Millis(ms.min(cap)),
                threads,
            },
            Budget::Iterations(_) => PlayerSpec::Ismcts { budget, threads },
        };
        match spec {
            PlayerSpec::Level(level) => match level_spec(level) {
                PlayerSpec::Ismcts { budget, threads } => capped(budget, threads),
                _ => PlayerSpec::Level(level),
            },
            PlayerSpec::Ismcts { budget, threads } => capped(budget, threads),
            other => other,
        }
    }

    /// Sets when an AI seat acts next: after the delay, unless a search for this very ply
    /// is already running.
    pub(super) fn schedule_ai(&mut self) {
        self.ai_at = match self.ai_choice() {
            Some((_, AiDecision::Think(_))) if self.thinking == Some(self.seq) => None,
            Some(_) => Some(Instant::now() + Duration::from_millis(self.app.config.ai_delay_ms)),
            None => None,
        };
    }
}
