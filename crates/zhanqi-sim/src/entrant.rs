//! Entrants: the players of a study or a match, each a name and a way to build a fresh
//! player from a seed.

use std::fmt;
use std::sync::Arc;

use zhanqi_ai::{AiGame, Player, PlayerSpec, make_player};

/// Builds a fresh player for one seat of one game from that seat's seed.
pub type PlayerFactory<G> = Arc<dyn Fn(u64) -> Box<dyn Player<G>> + Send + Sync>;

/// A player taking part in a study or a match: every game gets a fresh player built from a
/// seed derived from (study seed, game index, seat), so each game is reproducible alone.
pub struct Entrant<G: AiGame> {
    name: String,
    factory: PlayerFactory<G>,
}

impl<G: AiGame> Clone for Entrant<G> {
    fn clone(&self) -> Self {
        Entrant {
            name: self.name.clone(),
            factory: Arc::clone(&self.factory),
        }
    }
}

impl<G: AiGame> fmt::Debug for Entrant<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish()
    }
}

impl<G: AiGame> Entrant<G> {
    /// The player a spec names (`random`, `ismcts:ms=200`…), built by [`make_player`].
    #[must_use]
    pub fn from_spec(spec: &PlayerSpec) -> Self {
        let owned = spec.clone();
        Entrant {
            name: spec.to_string(),
            factory: Arc::new(move |seed| make_player::<G>(&owned, seed)),
        }
    }

    /// A player built by any function (for players that have no spec, such as test players).
    pub fn new(
        name: impl Into<String>,
        factory: impl Fn(u64) -> Box<dyn Player<G>> + Send + Sync + 'static,
    ) -> Self {
        Entrant {
            name: name.into(),
            factory: Arc::new(factory),
        }
    }

    /// The entrant's name, as results and reports show it.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A fresh player drawing its randomness from `seed`.
    #[must_use]
    pub fn build(&self, seed: u64) -> Box<dyn Player<G>> {
        (self.factory)(seed)
    }
}
