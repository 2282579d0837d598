//! What an AI seat does besides choosing moves: answering draw offers by how it judges its
//! standing, and searching off the room's actor so the room keeps answering while it thinks.

use tokio::sync::mpsc;
use zhanqi_ai::PlayerSpec;
use zhanqi_core::PlatformAction;
use zhanqi_protocol::DynGame;

/// An AI accepts a draw offer when its estimate of its team's standing is below this (from −1,
/// lost, to 1, won): it is behind. Otherwise it refuses and plays on.
pub const AI_ACCEPTS_DRAW_BELOW: f32 = -0.1;

/// An AI's answer to the pending draw offer: accept when it judges itself behind, else
/// refuse. Deterministic for a given game and `seed`.
#[must_use]
pub fn draw_answer(game: &dyn DynGame, seat: &str, seed: u64) -> PlatformAction {
    match game.estimate(seat, seed) {
        Ok(standing) if standing < AI_ACCEPTS_DRAW_BELOW => PlatformAction::AcceptDraw,
        _ => PlatformAction::RefuseDraw,
    }
}

/// The move an AI seat chose, sent back to its room's actor.
#[derive(Debug)]
pub struct AiThought {
    /// The number of stored actions when the search started: an answer for another ply is
    /// stale and dropped.
    pub seq: u32,
    /// The seat that thought.
    pub seat: &'static str,
    /// The chosen action, or why the search failed.
    pub action: Result<String, String>,
}

/// Searches for `seat`'s action on a blocking thread and sends the answer to `answers`; the
/// caller (the room's actor) goes on with its work meanwhile.
pub fn think_in_background(
    game: Box<dyn DynGame>,
    seat: &'static str,
    spec: PlayerSpec,
    seed: u64,
    seq: u32,
    answers: mpsc::UnboundedSender<Box<AiThought>>,
) {
    tokio::spawn(async move {
        let thought = tokio::task::spawn_blocking(move || game.think(seat, &spec, seed)).await;
        let action = match thought {
            Ok(Ok(action)) => Ok(action),
            Ok(Err(error)) => Err(format!("could not think: {error}")),
            Err(error) => Err(format!("the search failed: {error}")),
        };
        // A room that closed meanwhile needs no answer.
        let _ = answers.send(Box::new(AiThought { seq, seat, action }));
    });
}
