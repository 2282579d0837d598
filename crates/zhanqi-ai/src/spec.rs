//! Player specs: the text that names a player on the command line and in the engine
//! protocol (`random`, `heuristic`, `ismcts:ms=200,threads=2`, `hard`).

use std::fmt;
use std::str::FromStr;

/// How long an ISMCTS player may think per decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// A fixed number of iterations: reproducible for a fixed seed.
    Iterations(u32),
    /// Wall-clock milliseconds.
    Millis(u32),
}

/// A difficulty level, mapped onto the players (see docs/ai.md).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    /// `easy`
    Easy,
    /// `medium`
    Medium,
    /// `hard`
    Hard,
    /// `expert`
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

/// A player, as named in text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayerSpec {
    /// `random`: uniform over the legal actions.
    Random,
    /// `heuristic`: one-ply search over the game's evaluator.
    Heuristic,
    /// `ismcts[:ms=N|iters=N][,threads=N]`: information-set Monte Carlo tree search.
    Ismcts {
        /// The thinking budget per decision.
        budget: Budget,
        /// Worker threads.
        threads: u32,
    },
    /// `easy|medium|hard|expert`.
    Level(Level),
}

/// The budget of a bare `ismcts`.
pub const DEFAULT_ISMCTS_BUDGET: Budget = Budget::Millis(1000);

/// The most worker threads a spec may ask for (`threads=`): more would only queue on any
/// machine we run on, and each costs a stack.
pub const MAX_THREADS: u32 = 64;

/// The most iterations a spec may ask for per decision (`iters=`): the tree grows by about
/// one node per iteration.
pub const MAX_ITERATIONS: u32 = 1_000_000;

/// The most milliseconds a spec may think per decision (`ms=`): one minute.
pub const MAX_MILLIS: u32 = 60_000;

/// Why a player spec was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("bad player spec {spec:?}: {message}")]
pub struct SpecError {
    /// The text refused.
    pub spec: String,
    /// What is wrong with it.
    pub message: String,
}

impl PlayerSpec {
    /// Parses a comma-separated list of players, where a `key=value` item continues the
    /// parameters of the player before it: `ismcts:ms=200,threads=2,heuristic` is two
    /// players.
    ///
    /// # Errors
    /// If any player in the list is malformed.
    pub fn parse_list(text: &str) -> Result<Vec<PlayerSpec>, SpecError> {
        let mut groups: Vec<String> = Vec::new();
        for item in text.split(',').map(str::trim) {
            let continues = item.contains('=') && !item.contains(':');
            match groups.last_mut() {
                Some(last) if continues => {
                    last.push(',');
                    last.push_str(item);
                }
                _ => groups.push(item.to_owned()),
            }
        }
        groups.iter().map(|group| group.parse()).collect()
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let error = |message: String| SpecError {
            spec: text.to_owned(),
            message,
        };
        let (name, params) = match text.split_once(':') {
            Some((name, params)) => (name.trim(), Some(params)),
            None => (text.trim(), None),
        };
        let simple = |spec: PlayerSpec| match params {
            None => Ok(spec),
            Some(_) => Err(error(format!("`{name}` takes no parameters"))),
        };
        match name {
            "random" => simple(PlayerSpec::Random),
            "heuristic" => simple(PlayerSpec::Heuristic),
            "easy" => simple(PlayerSpec::Level(Level::Easy)),
            "medium" => simple(PlayerSpec::Level(Level::Medium)),
            "hard" => simple(PlayerSpec::Level(Level::Hard)),
            "expert" => simple(PlayerSpec::Level(Level::Expert)),
            "ismcts" => {
                let mut budget = DEFAULT_ISMCTS_BUDGET;
                let mut threads = 1;
                for param in params.into_iter().flat_map(|p| p.split(',')) {
                    let (key, value) = param
                        .split_once('=')
                        .ok_or_else(|| error(format!("`{param}` is not key=value")))?;
                    let key = key.trim();
                    let limit = match key {
                        "ms" => MAX_MILLIS,
                        "iters" | "iterations" => MAX_ITERATIONS,
                        "threads" => MAX_THREADS,
                        other => {
                            return Err(error(format!(
                                "unknown parameter `{other}` (ms, iters, threads)"
                            )));
                        }
                    };
                    let number: u32 = value
                        .trim()
                        .parse()
                        .ok()
                        .filter(|n| (1..=limit).contains(n))
                        .ok_or_else(|| {
                            error(format!(
                                "{key} must be a whole number from 1 to {limit}, not `{}`",
                                value.trim()
                            ))
                        })?;
                    match key {
                        "ms" => budget = Budget::Millis(number),
                        "threads" => threads = number,
                        _ => budget = Budget::Iterations(number),
                    }
                }
                Ok(PlayerSpec::Ismcts { budget, threads })
            }
            "" => Err(error("empty player".to_owned())),
            other => Err(error(format!(
                "unknown player `{other}` (random, heuristic, ismcts, easy, medium, hard, expert)"
            ))),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Heuristic => f.write_str("heuristic"),
            PlayerSpec::Level(level) => f.write_str(level.name()),
            PlayerSpec::Ismcts { budget, threads } => {
                match budget {
                    Budget::Millis(ms) => write!(f, "ismcts:ms={ms}")?,
                    Budget::Iterations(n) => write!(f, "ismcts:iters={n}")?,
                }
                if *threads != 1 {
                    write!(f, ",threads={threads}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_splits_players_and_keeps_their_parameters() {
        let list = PlayerSpec::parse_list("ismcts:ms=200,threads=2,heuristic,random").unwrap();
        assert_eq!(
            list,
            vec![
                PlayerSpec::Ismcts {
                    budget: Budget::Millis(200),
                    threads: 2
                },
                PlayerSpec::Heuristic,
                PlayerSpec::Random,
            ]
        );
        assert_eq!(list[0].to_string(), "ismcts:ms=200,threads=2");
    }

    #[test]
    fn specs_round_trip_through_text() {
        for text in [
            "random",
            "heuristic",
            "hard",
            "ismcts:iters=500",
            "ismcts:ms=1000",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, needle) in [
            ("magic", "unknown player"),
            ("ismcts:ms=0", "ms must be a whole number from 1 to 60000"),
            (
                "ismcts:ms=60001",
                "ms must be a whole number from 1 to 60000",
            ),
            (
                "ismcts:iters=-5",
                "iters must be a whole number from 1 to 1000000",
            ),
            ("ismcts:iters=99999999999", "from 1 to 1000000"),
            (
                "ismcts:iters=10,threads=100000",
                "threads must be a whole number from 1 to 64",
            ),
            (
                "ismcts:threads=0",
                "threads must be a whole number from 1 to 64",
            ),
            ("ismcts:depth=3", "unknown parameter"),
            ("random:ms=3", "no parameters"),
            ("", "empty"),
        ] {
            let error = text.parse::<PlayerSpec>().unwrap_err();
            assert!(error.to_string().contains(needle), "{text}: {error}");
        }
    }
}
