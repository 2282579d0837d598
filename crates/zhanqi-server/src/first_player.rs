//! Who takes the first seat, in a game whose rules draw it (shengke §6.2): the room option
//! `first_player` and the coin the platform tosses from the room's seed.

use zhanqi_core::GameRng;
use zhanqi_protocol::DynGame;

use crate::error::ApiError;

/// The key of the option in the stored options JSON.
const KEY: &str = "first_player";

/// Mixed into the room's seed so that the coin is not the game's own first draw.
const COIN_STREAM: u64 = 0x6669_7273_745f_706c;

/// How a room decides which participant takes the first seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstPlayer {
    /// The game's own order: whoever sits in the first seat moves first (every game whose
    /// rules draw nothing).
    Seats,
    /// A coin tossed at the start decides whether the seated players change seats.
    Random,
}

impl FirstPlayer {
    /// The option a `create` message asks for, checked against the game.
    ///
    /// # Errors
    /// If the value is unknown, or the game's rules do not draw the first player.
    pub fn requested(game: &dyn DynGame, value: Option<&str>) -> Result<FirstPlayer, ApiError> {
        if !game.first_player_drawn() {
            return match value {
                None => Ok(FirstPlayer::Seats),
                Some(_) => Err(ApiError::bad_message(format!(
                    "{} has no draw for the first player (seat order decides); leave first_player out",
                    game.name()
                ))),
            };
        }
        match value {
            None | Some("random") => Ok(FirstPlayer::Random),
            Some("seats") => Ok(FirstPlayer::Seats),
            Some(other) => Err(ApiError::bad_message(format!(
                "first_player '{other}' is unknown; it is random or seats"
            ))),
        }
    }

    /// The option as a room stored it in its options JSON; a room stored before the option
    /// existed plays as seated, as it was created.
    pub fn stored(options: &str) -> FirstPlayer {
        let value: Option<serde_json::Value> = serde_json::from_str(options).ok();
        match value
            .as_ref()
            .and_then(|v| v.get(KEY))
            .and_then(|v| v.as_str())
        {
            Some("random") => FirstPlayer::Random,
            _ => FirstPlayer::Seats,
        }
    }

    /// The game's options JSON with the option added, to store with the room (nothing is
    /// added for a game whose rules draw nothing).
    pub fn store_in(self, game: &dyn DynGame) -> String {
        let mut options = game.options();
        if game.first_player_drawn()
            && let Some(map) = options.as_object_mut()
        {
            map.insert(KEY.to_owned(), self.name().into());
        }
        options.to_string()
    }

    /// The option's name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            FirstPlayer::Seats => "seats",
            FirstPlayer::Random => "random",
        }
    }
}

/// The game's own options in a room's stored options JSON (the room's `first_player` taken
/// out), to create the game with; `None` when nothing is stored.
pub fn game_options(stored: &str) -> Option<serde_json::Value> {
    let mut options: serde_json::Value = serde_json::from_str(stored).ok()?;
    options.as_object_mut()?.remove(KEY);
    Some(options)
}

/// Whether the coin tossed from the room's `seed` makes the two seated players change seats.
/// The same seed always tosses the same coin.
pub fn coin_swaps(seed: u64) -> bool {
    GameRng::from_seed(seed ^ COIN_STREAM).coin()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coin_is_deterministic_and_falls_both_ways() {
        let tosses: Vec<bool> = (0..64).map(coin_swaps).collect();
        assert_eq!(tosses, (0..64).map(coin_swaps).collect::<Vec<_>>());
        assert!(tosses.contains(&true) && tosses.contains(&false));
    }

    #[test]
    fn a_stored_option_reads_back_and_old_rooms_play_as_seated() {
        assert_eq!(
            FirstPlayer::stored(r#"{"first_player":"random"}"#),
            FirstPlayer::Random
        );
        assert_eq!(
            FirstPlayer::stored(r#"{"first_player":"seats"}"#),
            FirstPlayer::Seats
        );
        assert_eq!(FirstPlayer::stored("{}"), FirstPlayer::Seats);
        assert_eq!(FirstPlayer::stored("null"), FirstPlayer::Seats);
    }

    #[test]
    fn the_game_options_leave_the_room_option_out() {
        assert_eq!(
            game_options(r#"{"turns":4,"first_player":"random"}"#),
            Some(serde_json::json!({"turns":4}))
        );
        assert_eq!(game_options("{}"), Some(serde_json::json!({})));
        assert_eq!(game_options("null"), None);
    }
}
