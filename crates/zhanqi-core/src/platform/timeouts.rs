//! The limit on lost turns (超时) before a player is defeated (junqi's: junqi.md TN-2, EL-3).

/// How many timeouts, counted over the whole game, defeat a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TimeoutLimit(pub u8);

impl TimeoutLimit {
    /// Whether a player whose timeout count, including the one just added, is `count` is
    /// defeated.
    #[must_use]
    pub const fn defeats(self, count: u8) -> bool {
        count >= self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An example limit: the 5th timeout defeats (junqi's number, so its test vector applies).
    const EXAMPLE: TimeoutLimit = TimeoutLimit(5);

    #[test]
    fn tv_17_fifth_timeout_defeats() {
        // s+4 plus one more timeout is the 5th: defeated. s+3 plus one is the 4th: play goes on.
        assert!(EXAMPLE.defeats(5));
        assert!(!EXAMPLE.defeats(4));
        assert!(!EXAMPLE.defeats(1));
    }
}
