//! The file's view of the 4p board (`junqi.md` §1.4): `(row, col)` positions, checked against
//! the board of [`crate::board`].

use crate::board::{Board, Shape, post_name};

/// The seat letters of QQ's colours 0 (yellow), 1 (blue), 2 (green) and 3 (purple).
const SEAT_OF_COLOUR: [char; 4] = ['n', 'e', 's', 'w'];

/// The side of the square 17 × 17 grid the file's positions live on.
const GRID: u8 = 17;

/// A post of the 4p board, as the file's `(row, col)`: file index `col` (a = 0), rank `row + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Post {
    pub(super) row: u8,
    pub(super) col: u8,
}

impl Post {
    /// The post at `(row, col)`, if the 4p board has a post there.
    pub(super) fn new(row: u8, col: u8) -> Option<Post> {
        is_post(row, col).then_some(Post { row, col })
    }

    /// The spec name, for example `j14`.
    pub(super) fn name(self) -> String {
        post_name(self.col, self.row + 1)
    }

    /// The post a spec name such as `j14` names.
    pub(super) fn from_name(name: &str) -> Option<Post> {
        let mut chars = name.chars();
        let file = chars.next()?;
        let col = u8::try_from(u32::from(file).checked_sub(u32::from('a'))?).ok()?;
        let rank: u8 = chars.as_str().parse().ok()?;
        let post = Post::new(rank.checked_sub(1)?, col)?;
        (post.name() == name).then_some(post)
    }

    /// The post a quarter turn takes this one to: file index `x`, rank `y + 1` goes to file
    /// index `y`, rank `17 − x` (jgs-format.md §11 step 3), so `e`'s area becomes `s`'s.
    pub(super) fn quarter_turned(self) -> Post {
        Post {
            row: GRID - 1 - self.col,
            col: self.row,
        }
    }
}

/// Whether `(row, col)` is one of the 129 posts of the 4p board.
fn is_post(row: u8, col: u8) -> bool {
    row < GRID && Board::get(Shape::FourPlayer).at(col, row + 1).is_some()
}

/// The seat of QQ colour `colour` (0–3).
pub(super) fn seat_of_colour(colour: u8) -> Option<char> {
    SEAT_OF_COLOUR.get(usize::from(colour)).copied()
}

/// The seat opposite `seat`: its ally in a 4-player game.
pub(super) fn ally(seat: char) -> char {
    match seat {
        's' => 'n',
        'n' => 's',
        'e' => 'w',
        'w' => 'e',
        other => other,
    }
}

/// The seat a quarter turn takes `seat` to: `e` → `s`, `w` → `n`, `s` → `w`, `n` → `e`.
pub(super) fn quarter_turned_seat(seat: char) -> char {
    match seat {
        'e' => 's',
        'w' => 'n',
        's' => 'w',
        'n' => 'e',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `junqi.md` §1.4: global (file index, rank) of local `L.f` for each seat.
    fn global(seat: char, line: u8, file: u8) -> (u8, u8) {
        match seat {
            's' => (5 + file, 7 - line),
            'n' => (11 - file, 11 + line),
            'e' => (10 + line, 6 + file),
            'w' => (6 - line, 12 - file),
            _ => unreachable!(),
        }
    }

    /// The posts as the spec defines them: the images of every seat's area and the palace.
    fn posts_from_the_spec() -> Vec<(u8, u8)> {
        let mut posts = Vec::new();
        for seat in ['s', 'e', 'n', 'w'] {
            for line in 1..=6 {
                for file in 1..=5 {
                    let (col, rank) = global(seat, line, file);
                    posts.push((rank - 1, col));
                }
            }
        }
        for row in [6, 8, 10] {
            for col in [6, 8, 10] {
                posts.push((row, col));
            }
        }
        posts.sort_unstable();
        posts
    }

    #[test]
    fn the_129_posts_are_the_areas_and_the_palace() {
        let spec = posts_from_the_spec();
        let mut deduplicated = spec.clone();
        deduplicated.dedup();
        assert_eq!(deduplicated.len(), 129);
        assert_eq!(spec, deduplicated);
        let mut found = Vec::new();
        for row in 0..=255u8 {
            for col in 0..=255u8 {
                if Post::new(row, col).is_some() {
                    found.push((row, col));
                }
            }
        }
        assert_eq!(found, spec);
    }

    #[test]
    fn names_round_trip() {
        for (row, col) in posts_from_the_spec() {
            let post = Post { row, col };
            assert_eq!(Post::from_name(&post.name()), Some(post));
        }
        assert_eq!(Post { row: 13, col: 9 }.name(), "j14");
        assert_eq!(Post { row: 8, col: 8 }.name(), "i9");
        for bad in [
            "", "j", "a1", "j0", "j18", "J14", "j+4", "j014", "j014x", "r9", "é9", "j 4",
        ] {
            assert_eq!(Post::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_quarter_turn_takes_each_area_to_the_next_seat() {
        for seat in ['s', 'e', 'n', 'w'] {
            let turned = quarter_turned_seat(seat);
            for line in 1..=6 {
                for file in 1..=5 {
                    let (col, rank) = global(seat, line, file);
                    let (turned_col, turned_rank) = global(turned, line, file);
                    let post = Post::new(rank - 1, col).expect("a post");
                    assert_eq!(
                        post.quarter_turned(),
                        Post {
                            row: turned_rank - 1,
                            col: turned_col
                        }
                    );
                }
            }
        }
        let centre = Post { row: 8, col: 8 };
        assert_eq!(centre.quarter_turned(), centre);
    }
}
