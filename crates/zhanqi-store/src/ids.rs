//! The ids and the time stamps the store hands out and takes back.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// An account, registered or guest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub i64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "user {}", self.0)
    }
}

/// A room and the game played in it: one id from the lobby to the replay.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.0)
    }
}

/// A moment as milliseconds since the Unix epoch, the one time format of the store.
///
/// Every call that records or compares a time takes it from the caller, so the server owns the
/// clock and tests need no waiting.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnixMillis(pub i64);

impl UnixMillis {
    /// The current wall-clock time (0 if the system clock is before 1970).
    #[must_use]
    pub fn now() -> UnixMillis {
        let since_epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        UnixMillis(i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX))
    }

    /// This moment plus `millis` milliseconds, saturating.
    #[must_use]
    pub const fn plus_millis(self, millis: i64) -> UnixMillis {
        UnixMillis(self.0.saturating_add(millis))
    }
}

impl fmt::Display for UnixMillis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ms", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_is_unix_milliseconds() {
        // 2020-01-01 and 2200-01-01: seconds or microseconds would fall outside.
        let now = UnixMillis::now();
        assert!(
            now.0 > 1_577_836_800_000 && now.0 < 7_258_118_400_000,
            "{now}"
        );
    }

    #[test]
    fn adding_saturates() {
        assert_eq!(UnixMillis(5).plus_millis(7), UnixMillis(12));
        assert_eq!(
            UnixMillis(i64::MAX - 1).plus_millis(5),
            UnixMillis(i64::MAX)
        );
    }
}
