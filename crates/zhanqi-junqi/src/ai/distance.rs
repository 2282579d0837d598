//! Move distances on an empty board: how many moves a piece needs from one post to another.

use std::sync::LazyLock;

use crate::board::{Board, Post, Shape};

/// For every pair of posts, the fewest moves an ordinary piece (not an engineer) needs to go
/// from one to the other on an empty board: a move is a road step or a straight run along a
/// railway line. Pieces in the way are ignored, so this is a lower bound that the evaluator
/// uses to judge how near a piece is to a flag.
#[derive(Debug)]
pub struct Distances {
    posts: usize,
    table: Vec<u8>,
}

/// Farther than any two posts of a board.
pub const UNREACHABLE: u8 = u8::MAX;

static TWO_PLAYER: LazyLock<Distances> =
    LazyLock::new(|| Distances::build(Board::get(Shape::TwoPlayer)));
static FOUR_PLAYER: LazyLock<Distances> =
    LazyLock::new(|| Distances::build(Board::get(Shape::FourPlayer)));

impl Distances {
    /// The table of a board, built on first use.
    #[must_use]
    pub fn of(board: &Board) -> &'static Distances {
        match board.shape() {
            Shape::TwoPlayer => &TWO_PLAYER,
            Shape::FourPlayer => &FOUR_PLAYER,
        }
    }

    fn build(board: &Board) -> Distances {
        let posts = board.len();
        let mut table = vec![UNREACHABLE; posts * posts];
        let mut queue = Vec::with_capacity(posts);
        for start in board.posts() {
            let row = &mut table[usize::from(start) * posts..][..posts];
            row[usize::from(start)] = 0;
            queue.clear();
            queue.push(start);
            let mut head = 0;
            while let Some(&post) = queue.get(head) {
                head += 1;
                let next = row[usize::from(post)].saturating_add(1);
                let roads = board.road_neighbours(post).iter().copied();
                let runs = board.runs(post).iter().map(|node| node.post);
                for reached in roads.chain(runs) {
                    if row[usize::from(reached)] == UNREACHABLE {
                        row[usize::from(reached)] = next;
                        queue.push(reached);
                    }
                }
            }
        }
        Distances { posts, table }
    }

    /// Moves from `from` to `to`.
    #[must_use]
    #[inline]
    pub fn between(&self, from: Post, to: Post) -> u8 {
        self.table[usize::from(from) * self.posts + usize::from(to)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roads_take_one_move_and_railways_run_far() {
        for shape in [Shape::TwoPlayer, Shape::FourPlayer] {
            let board = Board::get(shape);
            let distances = Distances::of(board);
            for post in board.posts() {
                assert_eq!(distances.between(post, post), 0);
                for &next in board.road_neighbours(post) {
                    assert_eq!(distances.between(post, next), 1);
                }
                for other in board.posts() {
                    let there = distances.between(post, other);
                    assert_ne!(
                        there,
                        UNREACHABLE,
                        "{} to {}",
                        board.name(post),
                        board.name(other)
                    );
                    assert_eq!(
                        there,
                        distances.between(other, post),
                        "roads and rails go both ways"
                    );
                }
            }
        }
        let board = Board::get(Shape::TwoPlayer);
        let post = |name| board.post(name).unwrap();
        // a2 to a11 is one run along the left railway; the HQ b1 is two steps from b3.
        assert_eq!(Distances::of(board).between(post("a2"), post("a11")), 1);
        assert_eq!(Distances::of(board).between(post("b3"), post("b1")), 2);
    }
}
