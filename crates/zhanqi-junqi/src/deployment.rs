//! Deployments (§3) and deployment strings (§8.3).

use std::fmt;

use zhanqi_core::{GameRng, NotationError, Reason};

use crate::Kind;

/// Local indices (line − 1) × 5 + (file − 1) of the five camps.
const CAMPS: [usize; 5] = [6, 8, 12, 16, 18];
/// Local indices of the two headquarters (6.2 and 6.4).
const HEADQUARTERS: [usize; 2] = [26, 28];

/// Whether a local index is a camp.
#[must_use]
pub fn is_camp_index(index: usize) -> bool {
    CAMPS.contains(&index)
}

/// The local name `L.f` of a local index.
#[must_use]
pub fn local_name(index: usize) -> String {
    format!("{}.{}", index / 5 + 1, index % 5 + 1)
}

/// One player's 30 area posts as they want them filled: a piece or nothing at each local
/// post, in local order (line 1 first, each line from the owner's left).
///
/// This is raw input: any content can be written down, and [`Deployment::violations`] says
/// everything that is wrong with it.
///
/// Stored packed, a half byte a post, so that an action carrying a deployment stays as small
/// as a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Deployment([u8; 15]);

/// One way a deployment breaks §3.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Violation {
    /// DP-1: a piece kind appears the wrong number of times.
    WrongCount {
        /// The kind.
        kind: Kind,
        /// How many the deployment has.
        found: u8,
    },
    /// DP-1: a piece stands on a camp.
    PieceOnCamp {
        /// The camp's local index.
        at: usize,
    },
    /// DP-1: a non-camp post is left empty.
    EmptyPost {
        /// The post's local index.
        at: usize,
    },
    /// DP-2: the flag is not on a headquarters.
    FlagOutsideHeadquarters {
        /// Where the flag is.
        at: usize,
    },
    /// DP-3: a mine stands in front of line 5.
    MineTooFarForward {
        /// Where the mine is.
        at: usize,
    },
    /// DP-4: a bomb stands on the front line.
    BombOnFrontLine {
        /// Where the bomb is.
        at: usize,
    },
}

impl Violation {
    /// The rule broken (`DP-1` … `DP-4`).
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::WrongCount { .. }
            | Violation::PieceOnCamp { .. }
            | Violation::EmptyPost { .. } => "DP-1",
            Violation::FlagOutsideHeadquarters { .. } => "DP-2",
            Violation::MineTooFarForward { .. } => "DP-3",
            Violation::BombOnFrontLine { .. } => "DP-4",
        }
    }

    /// The violation as a reason for a person's screen, with the posts it names as `post_name`
    /// calls a local index (the board's name of that post of the seat's area, `e8`), never a
    /// rule id or a local coordinate.
    #[must_use]
    pub fn reason(&self, post_name: impl Fn(usize) -> String) -> Reason {
        match *self {
            Violation::WrongCount { kind, found } => Reason::new("piece_count")
                .with("piece", kind.letter())
                .with("found", found)
                .with("count", kind.count()),
            Violation::PieceOnCamp { at } => {
                Reason::new("camp_occupied").with("post", post_name(at))
            }
            Violation::EmptyPost { at } => Reason::new("post_empty").with("post", post_name(at)),
            Violation::FlagOutsideHeadquarters { at } => {
                Reason::new("flag_outside_headquarters").with("post", post_name(at))
            }
            Violation::MineTooFarForward { at } => {
                Reason::new("mine_too_far_forward").with("post", post_name(at))
            }
            Violation::BombOnFrontLine { at } => {
                Reason::new("bomb_on_front_line").with("post", post_name(at))
            }
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = self.rule();
        match *self {
            Violation::WrongCount { kind, found } => write!(
                f,
                "{rule}: there are {found} of {kind} ({}), but a player has exactly {}",
                kind.name_zh(),
                kind.count()
            ),
            Violation::PieceOnCamp { at } => {
                write!(
                    f,
                    "{rule}: a piece stands on the camp {}; camps start empty",
                    local_name(at)
                )
            }
            Violation::EmptyPost { at } => write!(
                f,
                "{rule}: post {} is empty; every non-camp post must be filled",
                local_name(at)
            ),
            Violation::FlagOutsideHeadquarters { at } => {
                write!(
                    f,
                    "{rule}: the flag stands on {}, but it must stand on a headquarters (6.2 or 6.4)",
                    local_name(at)
                )
            }
            Violation::MineTooFarForward { at } => {
                write!(
                    f,
                    "{rule}: a mine stands on {}, but mines must stand on line 5 or 6",
                    local_name(at)
                )
            }
            Violation::BombOnFrontLine { at } => {
                write!(
                    f,
                    "{rule}: a bomb stands on {}, but bombs may not stand on line 1",
                    local_name(at)
                )
            }
        }
    }
}

/// A deployment that breaks §3, with everything it breaks.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal deployment: {}", .violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct DeploymentError {
    /// Every rule broken, in post order (counts last).
    pub violations: Vec<Violation>,
}

/// Why a text is not a deployment string (§8.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Malformed {
    /// A `/` where no line ends, or two in a row.
    #[error("'/' must come after every 5 posts")]
    MisplacedSlash,
    /// A line of 5 posts not followed by `/`.
    #[error("expected '/' after line {line}")]
    MissingSlash {
        /// The line (1 … 5) that ends there.
        line: usize,
    },
    /// More than 30 posts.
    #[error("a deployment has 30 posts (6 lines of 5), this one has more")]
    TooManyPosts,
    /// A character that is neither a piece letter nor `.`.
    #[error("'{0}' is not a piece letter (S J D L T Y C P E B M F) or '.'")]
    NotAPieceLetter(char),
    /// Fewer than 30 posts.
    #[error("a deployment has 30 posts (6 lines of 5), this one has {0}")]
    TooFewPosts(usize),
}

impl Malformed {
    /// The mistake, found at character `offset` (from 0), as a reason for a person's screen.
    #[must_use]
    pub fn reason(&self, offset: usize) -> Reason {
        let reason = match *self {
            Malformed::MisplacedSlash => Reason::new("layout_misplaced_slash"),
            Malformed::MissingSlash { line } => {
                Reason::new("layout_missing_slash").with("line", line)
            }
            Malformed::TooManyPosts => Reason::new("layout_too_many_posts"),
            Malformed::NotAPieceLetter(letter) => {
                Reason::new("layout_not_a_piece_letter").with("letter", letter)
            }
            Malformed::TooFewPosts(count) => {
                Reason::new("layout_too_few_posts").with("count", count)
            }
        };
        reason.with("position", offset + 1)
    }
}

impl Deployment {
    /// The deployment with these contents, in local order.
    #[must_use]
    pub fn from_cells(cells: [Option<Kind>; 30]) -> Deployment {
        let code = |at: usize| cells[at].map_or(0, |kind| kind as u8);
        Deployment(std::array::from_fn(|i| code(2 * i) | code(2 * i + 1) << 4))
    }

    /// The contents of the 30 posts, in local order.
    #[must_use]
    pub fn cells(&self) -> [Option<Kind>; 30] {
        std::array::from_fn(|at| Kind::from_code((self.0[at / 2] >> (4 * (at % 2))) & 0x0F))
    }

    /// Everything that is wrong with the deployment: empty when it is legal.
    #[must_use]
    pub fn violations(&self) -> Vec<Violation> {
        let mut found = Vec::new();
        let mut counts = [0u8; 13];
        for (at, cell) in self.cells().iter().enumerate() {
            match (cell, is_camp_index(at)) {
                (Some(_), true) => found.push(Violation::PieceOnCamp { at }),
                (None, false) => found.push(Violation::EmptyPost { at }),
                _ => {}
            }
            let Some(kind) = *cell else { continue };
            counts[kind as usize] += 1;
            let line = at / 5 + 1;
            match kind {
                Kind::Flag if !HEADQUARTERS.contains(&at) => {
                    found.push(Violation::FlagOutsideHeadquarters { at })
                }
                Kind::Mine if line < 5 => found.push(Violation::MineTooFarForward { at }),
                Kind::Bomb if line == 1 => found.push(Violation::BombOnFrontLine { at }),
                _ => {}
            }
        }
        for kind in Kind::ALL {
            if counts[kind as usize] != kind.count() {
                found.push(Violation::WrongCount {
                    kind,
                    found: counts[kind as usize],
                });
            }
        }
        found
    }

    /// The deployment if it is legal.
    ///
    /// # Errors
    /// Every rule of §3 it breaks.
    pub fn validate(self) -> Result<Deployment, DeploymentError> {
        let violations = self.violations();
        if violations.is_empty() {
            Ok(self)
        } else {
            Err(DeploymentError { violations })
        }
    }

    /// The deployment with the contents of two local posts swapped, if that is still legal
    /// (the seed's way of changing a deployment: click one piece, then another).
    ///
    /// # Errors
    /// Every rule the swap would break.
    pub fn swap(&self, a: usize, b: usize) -> Result<Deployment, DeploymentError> {
        let mut cells = self.cells();
        cells.swap(a, b);
        Deployment::from_cells(cells).validate()
    }

    /// A random legal deployment, by the simple generator of §3.
    pub fn random(rng: &mut GameRng) -> Deployment {
        let mut cells: [Option<Kind>; 30] = [None; 30];
        let mut free: Vec<usize> = (0..30).filter(|&at| !is_camp_index(at)).collect();
        let mut place = |cells: &mut [Option<Kind>; 30],
                         kind: Kind,
                         allowed: &dyn Fn(usize) -> bool,
                         rng: &mut GameRng| {
            let choices: Vec<usize> = free.iter().copied().filter(|&at| allowed(at)).collect();
            let at = choices[rng.below(choices.len())];
            cells[at] = Some(kind);
            free.retain(|&other| other != at);
        };
        place(
            &mut cells,
            Kind::Flag,
            &|at| HEADQUARTERS.contains(&at),
            rng,
        );
        for _ in 0..3 {
            place(&mut cells, Kind::Mine, &|at| at >= 20, rng);
        }
        for _ in 0..2 {
            place(&mut cells, Kind::Bomb, &|at| at >= 5, rng);
        }
        let mut rest: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|kind| !matches!(kind, Kind::Flag | Kind::Mine | Kind::Bomb))
            .flat_map(|kind| std::iter::repeat_n(kind, usize::from(kind.count())))
            .collect();
        rng.shuffle(&mut rest);
        for (at, kind) in free.into_iter().zip(rest) {
            cells[at] = Some(kind);
        }
        Deployment::from_cells(cells)
    }

    /// Reads a deployment string (§8.3): 6 groups of 5 characters separated by `/`, each a
    /// piece letter or `.` for an empty post. Only the form is checked here; see
    /// [`Deployment::violations`] for the rules.
    ///
    /// # Errors
    /// If the string is not of that form, naming the character.
    pub fn parse(text: &str) -> Result<Deployment, NotationError> {
        Deployment::read(text).map_err(|(offset, mistake)| {
            NotationError::new("deployment", offset, mistake.to_string())
        })
    }

    /// [`Deployment::parse`] with a typed mistake and the character offset where it is.
    ///
    /// # Errors
    /// If the string is not of that form.
    pub fn read(text: &str) -> Result<Deployment, (usize, Malformed)> {
        let mut cells = [None; 30];
        let mut index = 0;
        let mut after_slash = false;
        // Offsets count characters, as a person counts them in what they pasted.
        for (offset, ch) in text.chars().enumerate() {
            let at_separator = index % 5 == 0 && index > 0 && index < 30;
            if ch == '/' {
                if !at_separator || after_slash {
                    return Err((offset, Malformed::MisplacedSlash));
                }
                after_slash = true;
                continue;
            }
            if at_separator && !after_slash {
                return Err((offset, Malformed::MissingSlash { line: index / 5 }));
            }
            after_slash = false;
            if index == 30 {
                return Err((offset, Malformed::TooManyPosts));
            }
            cells[index] = match ch {
                '.' => None,
                _ => Some(Kind::from_letter(ch).ok_or((offset, Malformed::NotAPieceLetter(ch)))?),
            };
            index += 1;
        }
        if index != 30 {
            return Err((text.chars().count(), Malformed::TooFewPosts(index)));
        }
        Ok(Deployment::from_cells(cells))
    }
}

impl fmt::Display for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (at, cell) in self.cells().iter().enumerate() {
            if at > 0 && at % 5 == 0 {
                f.write_str("/")?;
            }
            match cell {
                Some(kind) => write!(f, "{kind}")?,
                None => f.write_str(".")?,
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Deployment {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Deployment, NotationError> {
        Deployment::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";

    fn rules_of(text: &str) -> Vec<&'static str> {
        Deployment::parse(text)
            .unwrap()
            .violations()
            .iter()
            .map(Violation::rule)
            .collect()
    }

    #[test]
    fn tv_21_deployment_validation() {
        assert!(rules_of(EXAMPLE).is_empty());
        let example = Deployment::parse(EXAMPLE).unwrap();
        // Bomb on 4.3 with the platoon commander on 1.3.
        assert_eq!(
            example
                .swap(17, 2)
                .unwrap_err()
                .violations
                .iter()
                .map(Violation::rule)
                .collect::<Vec<_>>(),
            ["DP-4"]
        );
        // Mine on 5.2 with the bomb on 3.4.
        assert_eq!(
            example.swap(21, 13).unwrap_err().violations[0].rule(),
            "DP-3"
        );
        // Flag on 6.2 with the mine on 6.1.
        assert_eq!(
            example.swap(26, 25).unwrap_err().violations[0].rule(),
            "DP-2"
        );
        // Any piece on a camp.
        for camp in CAMPS {
            assert!(
                example
                    .swap(camp, 0)
                    .unwrap_err()
                    .violations
                    .iter()
                    .all(|v| v.rule() == "DP-1")
            );
        }
        // A fourth engineer in place of a company commander.
        assert_eq!(
            rules_of("ESPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC"),
            ["DP-1", "DP-1"]
        );
    }

    #[test]
    fn every_violation_is_reported_at_once() {
        let violations = Deployment::parse("BSPDL/E.J.T/DL.MY/T.B.P/YFECE/MCMPC")
            .unwrap()
            .violations();
        let rules: Vec<&str> = violations.iter().map(Violation::rule).collect();
        assert_eq!(rules, ["DP-4", "DP-3", "DP-2"]);
        assert!(violations[0].to_string().contains("1.1"));
    }

    #[test]
    fn round_trip_and_errors() {
        assert_eq!(Deployment::parse(EXAMPLE).unwrap().to_string(), EXAMPLE);
        let error = Deployment::parse("CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPX").unwrap_err();
        assert_eq!(error.offset, 34);
        assert!(Deployment::parse("CSPDLE.J.T/DL.BY/T.B.P/YMECE/MFMPC").is_err());
        assert!(Deployment::parse("CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMP").is_err());
        assert!(Deployment::parse("CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPCC").is_err());
        assert!(Deployment::parse("CSPDL//E.J.T/DL.BY/T.B.P/YMECE/MFMPC").is_err());
        assert!(Deployment::parse("").is_err());
    }

    #[test]
    fn random_deployments_are_legal() {
        let mut rng = GameRng::from_seed(5);
        for _ in 0..2000 {
            let deployment = Deployment::random(&mut rng);
            assert_eq!(deployment.violations(), vec![], "{deployment}");
        }
    }
}
