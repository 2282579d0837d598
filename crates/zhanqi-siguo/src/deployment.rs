//! A seat's hidden deployment (§4.2): the deployment string of §11.4, its rules with every
//! violation reported, and the uniformly random deployment of §15.5.

use std::fmt;

use zhanqi_core::{GameRng, NotationError, Seat};

use crate::geometry::{NameOrder, Point, corner, deployment_points, in_deployment_zone};
use crate::{Kind, SiguoOptions};

/// A deployment as submitted: plain data, checked against the rules by
/// [`Deployment::violations`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Deployment {
    /// The general's point.
    pub general: Point,
    /// The chariot's point.
    pub chariot: Point,
    /// The cannon's point.
    pub cannon: Point,
    /// The soldiers' points, in byte order of their names.
    pub soldiers: Vec<Point>,
}

/// A rule of §4.2 that a deployment breaks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Violation {
    /// The general is not on the seat's outer corner.
    GeneralOffCorner {
        /// Where it is.
        at: Point,
        /// The corner.
        corner: Point,
    },
    /// A piece is outside the seat's deployment zone, or on its corner.
    OutsideZone {
        /// The piece's kind.
        kind: Kind,
        /// Where it is.
        at: Point,
    },
    /// Two pieces share a point.
    SharedPoint(Point),
    /// The number of soldiers is wrong.
    SoldierCount {
        /// How many there are.
        count: usize,
        /// Whether exactly 20 are required.
        full: bool,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::GeneralOffCorner { at, corner } => write!(
                f,
                "the general stands on {at}, but must stand on the outer corner {corner}"
            ),
            Violation::OutsideZone { kind, at } => write!(
                f,
                "the {} on {at} is not on a point of the deployment zone other than the corner",
                kind.name()
            ),
            Violation::SharedPoint(point) => write!(f, "two pieces stand on {point}"),
            Violation::SoldierCount { count, full: true } => {
                write!(f, "the deployment has {count} soldiers; it must have 20")
            }
            Violation::SoldierCount { count, .. } => {
                write!(
                    f,
                    "the deployment has {count} soldiers; it may have at most 20"
                )
            }
        }
    }
}

/// Every violation as one sentence.
#[must_use]
pub fn describe(violations: &[Violation]) -> String {
    let sentences: Vec<String> = violations.iter().map(ToString::to_string).collect();
    sentences.join("; ")
}

impl Deployment {
    /// A deployment from its pieces; the soldiers are put in byte order of their names.
    #[must_use]
    pub fn new(general: Point, chariot: Point, cannon: Point, mut soldiers: Vec<Point>) -> Self {
        soldiers.sort_by_key(|&point| NameOrder(point));
        Deployment {
            general,
            chariot,
            cannon,
            soldiers,
        }
    }

    /// The pieces with their points, in the order of the deployment string.
    pub fn pieces(&self) -> impl Iterator<Item = (Kind, Point)> + '_ {
        [
            (Kind::General, self.general),
            (Kind::Chariot, self.chariot),
            (Kind::Cannon, self.cannon),
        ]
        .into_iter()
        .chain(self.soldiers.iter().map(|&point| (Kind::Soldier, point)))
    }

    /// Every rule of §4.2 the deployment breaks for `seat`, in the order of the string.
    #[must_use]
    pub fn violations(&self, seat: Seat, options: &SiguoOptions) -> Vec<Violation> {
        let mut violations = Vec::new();
        let corner = corner(seat);
        if self.general != corner {
            violations.push(Violation::GeneralOffCorner {
                at: self.general,
                corner,
            });
        }
        let count = self.soldiers.len();
        if count > 20 || (options.require_full_deployment && count != 20) {
            violations.push(Violation::SoldierCount {
                count,
                full: options.require_full_deployment,
            });
        }
        let mut seen: Vec<Point> = Vec::with_capacity(23);
        for (kind, point) in self.pieces() {
            if kind != Kind::General && (!in_deployment_zone(seat, point) || point == corner) {
                violations.push(Violation::OutsideZone { kind, at: point });
            }
            if seen.contains(&point) {
                violations.push(Violation::SharedPoint(point));
            }
            seen.push(point);
        }
        violations
    }

    /// A uniformly random full deployment for `seat` (§15.5): the general on the corner, then
    /// the 35 other zone points in random order, the chariot on the first, the cannon on the
    /// second and the soldiers on the next 20.
    #[must_use]
    pub fn random(seat: Seat, rng: &mut GameRng) -> Deployment {
        let mut points = deployment_points(seat);
        rng.shuffle(&mut points);
        Deployment::new(corner(seat), points[0], points[1], points[2..22].to_vec())
    }

    /// A guarded deployment, a simple chooser for AI seats: the 20 soldiers on the zone points
    /// nearest the general's corner (by u + v, ties broken at random), the chariot and the
    /// cannon at random on the rest. Against uniformly random deployments, with both sides
    /// playing uniformly random moves, it won 307 and lost 247 of 2,000 games (1,446 drawn):
    /// `cargo run --release -p zhanqi-siguo --example deployment_trial`.
    #[must_use]
    pub fn guarded(seat: Seat, rng: &mut GameRng) -> Deployment {
        use crate::geometry::local_of;
        let mut points = deployment_points(seat);
        rng.shuffle(&mut points);
        points.sort_by_key(|&point| {
            let (u, v) = local_of(point);
            u + v
        });
        let rest = &points[20..];
        let chariot = rng.below(rest.len());
        let cannon = (chariot + 1 + rng.below(rest.len() - 1)) % rest.len();
        Deployment::new(
            corner(seat),
            rest[chariot],
            rest[cannon],
            points[..20].to_vec(),
        )
    }

    /// The demo deployment of §12.1 for `seat`: G (1,1), R (4,1), C (1,4), S on every zone
    /// point with v ≥ 5 or u ≥ 5.
    #[must_use]
    pub fn demo(seat: Seat) -> Deployment {
        use crate::geometry::local;
        let mut soldiers = Vec::with_capacity(20);
        for u in 1..=6 {
            for v in 1..=6 {
                if u >= 5 || v >= 5 {
                    soldiers.push(local(seat, u, v));
                }
            }
        }
        Deployment::new(
            local(seat, 1, 1),
            local(seat, 4, 1),
            local(seat, 1, 4),
            soldiers,
        )
    }

    /// Reads a deployment string (§11.4): `G`, `R`, `C` tokens, then the soldiers in byte
    /// order of their points, separated by single spaces. Checks the notation only.
    ///
    /// `base` is the offset of `text` in the string being read, for the error.
    ///
    /// # Errors
    /// If the text is not a deployment string, naming the offset of the fault.
    pub fn parse(text: &str, base: usize) -> Result<Deployment, NotationError> {
        let field = "deployment";
        let error = |offset: usize, message: String| {
            NotationError::new(field, base + char_offset(text, offset), message)
        };
        let mut points: Vec<(Kind, Point)> = Vec::with_capacity(23);
        let mut offset = 0;
        for token in text.split(' ') {
            let bytes = token.as_bytes();
            let Some(kind) = bytes.first().and_then(|&letter| Kind::from_letter(letter)) else {
                return Err(error(
                    offset,
                    format!(
                        "'{token}' is not a piece token; write a letter G, R, C or S and a point, \
                         as in Sa5, with single spaces between tokens"
                    ),
                ));
            };
            let point = match Point::read(&bytes[1..]) {
                Some((point, length)) if length + 1 == bytes.len() => point,
                _ => {
                    return Err(error(
                        offset + 1,
                        format!(
                            "'{}' is not a point; write a file a–r and a rank 1–18, as in a5",
                            &token[1..]
                        ),
                    ));
                }
            };
            let expected = match points.len() {
                0 => Kind::General,
                1 => Kind::Chariot,
                2 => Kind::Cannon,
                _ => Kind::Soldier,
            };
            if kind != expected {
                return Err(error(
                    offset,
                    format!(
                        "'{token}' is out of order; the {} comes here (G, then R, then C, then \
                         the soldiers)",
                        expected.name()
                    ),
                ));
            }
            if let Some(&(Kind::Soldier, previous)) = points.last()
                && NameOrder(point) < NameOrder(previous)
            {
                return Err(error(
                    offset,
                    format!(
                        "soldier {point} comes after soldier {previous}; soldiers are written \
                         in byte order of their points"
                    ),
                ));
            }
            points.push((kind, point));
            offset += token.len() + 1;
        }
        if points.len() < 3 {
            return Err(error(
                text.len(),
                "the deployment ends early; it lists G, R and C, then the soldiers".to_owned(),
            ));
        }
        Ok(Deployment {
            general: points[0].1,
            chariot: points[1].1,
            cannon: points[2].1,
            soldiers: points[3..].iter().map(|&(_, point)| point).collect(),
        })
    }
}

/// The character offset of byte offset `byte` in `text`.
pub(crate) fn char_offset(text: &str, byte: usize) -> usize {
    text.char_indices()
        .take_while(|&(index, _)| index < byte)
        .count()
}

impl fmt::Display for Deployment {
    /// The deployment string: `Ga1 Rd1 Ca4 Sa5 …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (kind, point)) in self.pieces().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}{point}", kind.letter())?;
        }
        Ok(())
    }
}
