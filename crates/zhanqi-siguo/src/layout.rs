//! A deployment as a player arranges it: the seat's 6×6 deployment zone as the seat sees it
//! with its own region turned to the bottom left of the board.
//!
//! A deployment string (§11.4) names global points, so seat 1's string is no deployment for
//! seat 3. A layout is the same text for every seat: a player's saved layout fits whichever
//! seat they sit in, and looks on screen as it did when they saved it. It is six rows of six
//! points, from the front row (farthest from the corner) to the back row, each row from left
//! to right, written `G`, `R`, `C`, `S` or `.` (empty) and separated by `/`. The general stands
//! on the corner, the first point of the last row. The demo deployment of §12.1 is
//! `SSSSSS/SSSSSS/C...SS/....SS/....SS/G..RSS`.
//!
//! Turning the board a quarter turn keeps the rows and columns, but the local coordinates of
//! §2.5 are mirror images for seats 2 and 4: there the columns are the v lines and the rows
//! the u lines. Every feature of a region is symmetric under swapping u and v (§2.5), so a
//! layout is legal for one seat exactly when it is legal for all.

use std::fmt;

use zhanqi_core::{Reason, Seat};

use crate::geometry::{Point, local_of};
use crate::{Deployment, Kind, SiguoOptions};

/// The side of a deployment zone, in points.
pub const ZONE_SIDE: usize = 6;

/// A layout: what stands on each point of the zone, by row from the front and column from the
/// left. Plain data: [`Layout::problems`] names every rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    rows: [[Option<Kind>; ZONE_SIDE]; ZONE_SIDE],
}

/// One of the player's words for a layout fault, in English and Chinese.
fn sentence(en: String, zh: String) -> String {
    format!("{en} — {zh}")
}

/// The row of a layout, as a player counts it: 1 is the front row, 6 the back row.
fn row_words(row: usize) -> (String, String) {
    (
        format!("row {} from the front", row + 1),
        format!("從前數第 {} 行", row + 1),
    )
}

fn kind_words(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::General => ("general", "將"),
        Kind::Chariot => ("chariot", "車"),
        Kind::Cannon => ("cannon", "炮"),
        Kind::Soldier => ("soldier", "兵"),
    }
}

impl Layout {
    /// An empty zone.
    pub const EMPTY: Layout = Layout {
        rows: [[None; ZONE_SIDE]; ZONE_SIDE],
    };

    /// The zone point of `seat` at `row` from the front and `column` from the left (both from
    /// 0), as a global point.
    #[must_use]
    pub fn point(seat: Seat, row: usize, column: usize) -> Point {
        // Screen coordinates from the bottom left, 1-based: c to the right, r upwards.
        let (c, r) = (column + 1, ZONE_SIDE - row);
        match seat.index() {
            0 => Point::at(c, r),
            1 => Point::at(19 - r, c),
            2 => Point::at(19 - c, 19 - r),
            _ => Point::at(r, 19 - c),
        }
    }

    /// The row and column of a global point in `seat`'s zone, if it is one of its points.
    #[must_use]
    pub fn place(seat: Seat, point: Point) -> Option<(usize, usize)> {
        if point.region() != seat {
            return None;
        }
        let (u, v) = local_of(point);
        if u > ZONE_SIDE || v > ZONE_SIDE {
            return None;
        }
        // Seats 1 and 3 see (u, v) as (column, row up); seats 2 and 4 as (row up, column).
        let (c, r) = if seat.index() % 2 == 0 {
            (u, v)
        } else {
            (v, u)
        };
        Some((ZONE_SIDE - r, c - 1))
    }

    /// What stands at `row`, `column`.
    #[must_use]
    pub fn get(&self, row: usize, column: usize) -> Option<Kind> {
        self.rows[row][column]
    }

    /// Every piece with its row and column, front row first.
    pub fn pieces(&self) -> impl Iterator<Item = (usize, usize, Kind)> + '_ {
        self.rows.iter().enumerate().flat_map(|(row, cells)| {
            cells
                .iter()
                .enumerate()
                .filter_map(move |(column, kind)| kind.map(|kind| (row, column, kind)))
        })
    }

    /// The layout of a deployment of `seat` (pieces outside the seat's zone are left out).
    #[must_use]
    pub fn of_deployment(seat: Seat, deployment: &Deployment) -> Layout {
        let mut layout = Layout::EMPTY;
        for (kind, point) in deployment.pieces() {
            if let Some((row, column)) = Layout::place(seat, point) {
                layout.rows[row][column] = Some(kind);
            }
        }
        layout
    }

    /// The deployment of `seat` this layout stands for.
    ///
    /// # Errors
    /// Every problem of [`Layout::problems`] that leaves it no deployment: not exactly one
    /// general, one chariot and one cannon.
    pub fn deployment(&self, seat: Seat) -> Result<Deployment, Vec<String>> {
        let find = |wanted: Kind| -> Vec<Point> {
            self.pieces()
                .filter(|&(_, _, kind)| kind == wanted)
                .map(|(row, column, _)| Layout::point(seat, row, column))
                .collect()
        };
        let (generals, chariots, cannons) =
            (find(Kind::General), find(Kind::Chariot), find(Kind::Cannon));
        let problems: Vec<String> = [
            (Kind::General, generals.len()),
            (Kind::Chariot, chariots.len()),
            (Kind::Cannon, cannons.len()),
        ]
        .into_iter()
        .filter(|&(_, count)| count != 1)
        .map(|(kind, count)| count_sentence(kind, count, 1, true))
        .collect();
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Deployment::new(
            generals[0],
            chariots[0],
            cannons[0],
            find(Kind::Soldier),
        ))
    }

    /// Every rule of §4.2 the layout breaks, each one sentence in English and Chinese, in the
    /// order the rules list them.
    #[must_use]
    pub fn problems(&self, options: &SiguoOptions) -> Vec<String> {
        self.faults(options)
            .into_iter()
            .map(|(sentence, _)| sentence)
            .collect()
    }

    /// [`Layout::problems`], each with its reason for a person's screen (translated by the
    /// game's strings).
    #[must_use]
    pub fn faults(&self, options: &SiguoOptions) -> Vec<(String, Reason)> {
        let count = |wanted: Kind| self.pieces().filter(|&(_, _, kind)| kind == wanted).count();
        let mut problems = Vec::new();
        for kind in [Kind::General, Kind::Chariot, Kind::Cannon] {
            if count(kind) != 1 {
                problems.push(count_problem(kind, count(kind), 1, true));
            }
        }
        let soldiers = count(Kind::Soldier);
        if soldiers > 20 || (options.require_full_deployment && soldiers != 20) {
            problems.push(count_problem(
                Kind::Soldier,
                soldiers,
                20,
                options.require_full_deployment,
            ));
        }
        let corner = self.rows[ZONE_SIDE - 1][0];
        if count(Kind::General) == 1 && corner != Some(Kind::General) {
            problems.push((
                sentence(
                    "The general must stand on the corner, the first point of the back row.".into(),
                    "將必須佔外頂角,即最後一行的第一個點。".into(),
                ),
                Reason::new("general_off_corner"),
            ));
        }
        if let Some(kind) = corner.filter(|&kind| kind != Kind::General) {
            let (en, zh) = kind_words(kind);
            problems.push((
                sentence(
                    format!("The corner is the general's point; move the {en} standing there."),
                    format!("外頂角只能放將,請把那裡的{zh}移開。"),
                ),
                Reason::new("corner_taken").with("sg_piece", kind.letter()),
            ));
        }
        problems
    }

    /// Reads a layout, naming every fault of its form.
    ///
    /// # Errors
    /// Every fault: a wrong number of rows, a row of the wrong length, a character that is no
    /// piece.
    pub fn parse(text: &str) -> Result<Layout, Vec<String>> {
        Layout::read(text)
            .map_err(|faults| faults.into_iter().map(|(sentence, _)| sentence).collect())
    }

    /// [`Layout::parse`], each fault with its reason for a person's screen.
    ///
    /// # Errors
    /// Every fault of the text's form.
    pub fn read(text: &str) -> Result<Layout, Vec<(String, Reason)>> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let mut problems = Vec::new();
        if rows.len() != ZONE_SIDE {
            problems.push((
                sentence(
                    format!(
                        "The layout has {} rows; it must have 6 rows of 6 points, separated by /.",
                        rows.len()
                    ),
                    format!("布陣有 {} 行;須為 6 行、每行 6 點,以 / 分隔。", rows.len()),
                ),
                Reason::new("layout_rows").with("count", rows.len()),
            ));
        }
        let mut layout = Layout::EMPTY;
        for (row, text) in rows.iter().enumerate().take(ZONE_SIDE) {
            let (en_row, zh_row) = row_words(row);
            let length = text.chars().count();
            if length != ZONE_SIDE {
                problems.push((
                    sentence(
                        format!(
                            "{} has {length} points; each row has 6.",
                            capitalised(&en_row)
                        ),
                        format!("{zh_row}有 {length} 個點;每行須有 6 個點。"),
                    ),
                    Reason::new("layout_row_length")
                        .with("row", row + 1)
                        .with("count", length),
                ));
            }
            for (column, letter) in text.chars().enumerate().take(ZONE_SIDE) {
                match letter {
                    '.' => {}
                    _ => match u8::try_from(letter).ok().and_then(Kind::from_letter) {
                        Some(kind) => layout.rows[row][column] = Some(kind),
                        None => problems.push((
                            sentence(
                                format!(
                                    "'{letter}' in {en_row} is no piece; write G, R, C, S, or . \
                                     for an empty point."
                                ),
                                format!(
                                    "{zh_row}的「{letter}」不是棋子;請寫 G、R、C、S,空點寫 .。"
                                ),
                            ),
                            Reason::new("layout_not_a_piece_letter")
                                .with("row", row + 1)
                                .with("letter", letter),
                        )),
                    },
                }
            }
        }
        if problems.is_empty() {
            Ok(layout)
        } else {
            Err(problems)
        }
    }

    /// The layout with what stands on two places swapped.
    #[must_use]
    pub fn swapped(&self, a: (usize, usize), b: (usize, usize)) -> Layout {
        let mut layout = *self;
        layout.rows[a.0][a.1] = self.rows[b.0][b.1];
        layout.rows[b.0][b.1] = self.rows[a.0][a.1];
        layout
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut letters = text.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// The sentence and reason of a piece count that breaks §4.2.
fn count_problem(kind: Kind, count: usize, wanted: usize, exact: bool) -> (String, Reason) {
    let reason = Reason::new(if exact {
        "piece_count"
    } else {
        "piece_count_most"
    })
    .with("sg_piece", kind.letter())
    .with("found", count)
    .with("count", wanted);
    (count_sentence(kind, count, wanted, exact), reason)
}

fn count_sentence(kind: Kind, count: usize, wanted: usize, exact: bool) -> String {
    let (en, zh) = kind_words(kind);
    let plural = if count == 1 { "" } else { "s" };
    if exact {
        sentence(
            format!("The layout has {count} {en}{plural}; it must have exactly {wanted}."),
            format!("布陣有 {count} 個{zh};須恰好 {wanted} 個。"),
        )
    } else {
        sentence(
            format!("The layout has {count} {en}{plural}; it may have at most {wanted}."),
            format!("布陣有 {count} 個{zh};最多 {wanted} 個。"),
        )
    }
}

impl fmt::Display for Layout {
    /// The layout text: six rows of `G R C S .`, front row first, separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, row) in self.rows.iter().enumerate() {
            if index > 0 {
                f.write_str("/")?;
            }
            for cell in row {
                write!(f, "{}", cell.map_or('.', Kind::letter))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{corner, deployment_points, in_deployment_zone};

    const DEMO: &str = "SSSSSS/SSSSSS/C...SS/....SS/....SS/G..RSS";

    #[test]
    fn every_seat_maps_its_zone_one_to_one_with_the_corner_at_the_back_left() {
        for seat in (0..4).map(Seat::new) {
            assert_eq!(Layout::point(seat, ZONE_SIDE - 1, 0), corner(seat));
            let mut points = Vec::new();
            for row in 0..ZONE_SIDE {
                for column in 0..ZONE_SIDE {
                    let point = Layout::point(seat, row, column);
                    assert!(in_deployment_zone(seat, point));
                    assert_eq!(Layout::place(seat, point), Some((row, column)));
                    points.push(point);
                }
            }
            points.sort_by_key(|point| point.index());
            points.dedup();
            assert_eq!(points.len(), 36);
            assert_eq!(deployment_points(seat).len(), 35);
        }
    }

    #[test]
    fn the_demo_layout_is_the_demo_deployment_turned_to_each_seat() {
        let layout = Layout::parse(DEMO).unwrap();
        assert_eq!(layout.to_string(), DEMO);
        assert!(layout.problems(&SiguoOptions::default()).is_empty());
        for seat in (0..4).map(Seat::new) {
            let deployment = layout.deployment(seat).unwrap();
            let demo = Deployment::demo(seat);
            assert_eq!(deployment.soldiers, demo.soldiers);
            // The demo puts R on (4,1) and C on (1,4); seats 2 and 4 see u and v swapped.
            let (chariot, cannon) = if seat.index() % 2 == 0 {
                (demo.chariot, demo.cannon)
            } else {
                (demo.cannon, demo.chariot)
            };
            assert_eq!((deployment.chariot, deployment.cannon), (chariot, cannon));
            assert_eq!(Layout::of_deployment(seat, &deployment), layout);
        }
    }

    #[test]
    fn a_second_seat_sees_the_layout_turned_not_mirrored() {
        // Seat 2's region is turned a quarter turn clockwise to the bottom left: its front row
        // (the one farthest from the corner r1) is file m, its back row file r.
        let seat = Seat::new(1);
        assert_eq!(Layout::point(seat, 0, 0).to_string(), "m1");
        assert_eq!(Layout::point(seat, 5, 0).to_string(), "r1");
        assert_eq!(Layout::point(seat, 5, 5).to_string(), "r6");
    }

    #[test]
    fn every_fault_is_named_in_words_without_coordinates() {
        let problems = Layout::parse("SSSSSS/SSSSSX/SS/......").unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("The layout has 4 rows"));
        assert!(
            problems
                .iter()
                .any(|p| p.contains("'X' in row 2 from the front"))
        );
        let wrong = Layout::parse("SSSSSS/SSSSSS/SSSSSS/S...../G...../R.C...").unwrap();
        let problems = wrong.problems(&SiguoOptions::default());
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("19 soldiers; it must have exactly 20"));
        assert!(problems[1].contains("The general must stand on the corner"));
        assert!(problems[2].contains("move the chariot standing there"));
        for problem in &problems {
            assert!(problem.contains(" — "), "{problem}");
        }
    }

    /// Every kind of reason a siguo layout's refusal gives (the client adds `not_your_point`).
    const REFUSAL_KINDS: &[&str] = &[
        "piece_count",
        "piece_count_most",
        "general_off_corner",
        "corner_taken",
        "layout_rows",
        "layout_row_length",
        "layout_not_a_piece_letter",
        "not_your_point",
    ];

    fn reason_kinds(faults: &[(String, Reason)]) -> Vec<&str> {
        for (_, reason) in faults {
            zhanqi_core::testkit::assert_player_vocabulary(reason);
            assert!(REFUSAL_KINDS.contains(&reason.kind.as_str()), "{reason:?}");
        }
        faults
            .iter()
            .map(|(_, reason)| reason.kind.as_str())
            .collect()
    }

    #[test]
    fn every_fault_has_a_typed_reason() {
        let malformed = Layout::read("SSSSSS/SSSSSX/SS/......").unwrap_err();
        assert_eq!(
            reason_kinds(&malformed),
            [
                "layout_rows",
                "layout_not_a_piece_letter",
                "layout_row_length"
            ]
        );
        let wrong = Layout::read("SSSSSS/SSSSSS/SSSSSS/S...../G...../R.C...").unwrap();
        let faults = wrong.faults(&SiguoOptions::default());
        assert_eq!(
            reason_kinds(&faults),
            ["piece_count", "general_off_corner", "corner_taken"]
        );
        assert_eq!(faults[0].1.args["sg_piece"], "S");
        let crowded = Layout::read("SSSSSS/SSSSSS/SSSSSS/SSSSSS/SSSSSS/GSSRCS").unwrap();
        let options = SiguoOptions {
            require_full_deployment: false,
            ..SiguoOptions::default()
        };
        assert_eq!(
            reason_kinds(&crowded.faults(&options)),
            ["piece_count_most"]
        );
    }

    #[test]
    fn every_refusal_kind_has_an_english_and_a_chinese_sentence() {
        let strings = include_str!("../../../web/games/siguo/strings.js");
        let missing = zhanqi_core::testkit::missing_refusal_strings(strings, REFUSAL_KINDS);
        assert!(
            missing.is_empty(),
            "web/games/siguo/strings.js lacks {missing:?}"
        );
    }
}
