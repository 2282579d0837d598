//! What each viewer may see (§5.9, §7 DK-8, CL-9), and determinization from what an observer
//! knows.

use zhanqi_core::{GameRng, Seat, Viewer};

use crate::belief::{Dealing, deal_hidden};
use crate::board::Post;
use crate::knowledge::{KindCounts, KindSet};
use crate::position::{BLUE, RED, Turn};
use crate::{Cell, Junqi, Kind, Mode, Position};

/// What one viewer may know of a game: the position with every identity the viewer may not
/// see written as unknown (`s?`, or `x?` for a face-down dark piece), and what the viewer has
/// deduced of those identities.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JunqiView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The position as they see it.
    pub position: Position,
    /// 2p and 4p: each piece whose identity the viewer cannot see, in board order, with the
    /// kinds the viewer has not ruled out. Empty in dark chess, where a face-down piece may
    /// be anything still face down (see `known_dead`).
    pub possible: Vec<(Post, KindSet)>,
    /// Each owner in play (a seat index; in dark chess a colour) with the kinds the viewer
    /// knows have left the board.
    pub known_dead: Vec<(u8, KindCounts)>,
}

impl Junqi {
    /// Whether `viewer` may see the identity of a face-up piece of `owner`.
    fn sees(&self, viewer: Viewer, owner: u8) -> bool {
        if self.position.turn == Turn::Over {
            return true;
        }
        match viewer {
            Viewer::Omniscient => true,
            Viewer::Spectator => false,
            Viewer::Seat(seat) => {
                let owner_seat = Seat::new(usize::from(owner));
                owner_seat == seat
                    || (self.options.ally_visible
                        && self.options.mode == Mode::FourPlayer
                        && self.options.allies(seat, owner_seat))
            }
        }
    }

    /// The piece on `post` as `viewer` may see it: its identity hidden unless the viewer may
    /// see it (its own, an ally's with 双明, a public flag, dark chess face up, the game over).
    #[must_use]
    pub fn cell_seen_by(&self, viewer: Viewer, post: Post) -> Cell {
        let cell = self.position.cell(post);
        if cell.is_empty() || viewer == Viewer::Omniscient || self.position.turn == Turn::Over {
            return cell;
        }
        if self.options.mode == Mode::Dark {
            return if cell.is_face_down() {
                Cell::HIDDEN
            } else {
                cell
            };
        }
        let owner = cell.owner_bits();
        let public_flag = cell.kind() == Some(Kind::Flag)
            && self
                .position
                .flags_public
                .contains(Seat::new(usize::from(owner)));
        if public_flag || self.sees(viewer, owner) {
            cell
        } else {
            cell.hide_kind()
        }
    }

    /// The game as `viewer` may see it.
    #[must_use]
    pub fn view_for(&self, viewer: Viewer) -> JunqiView {
        let mut position = self.position;
        for post in self.board().posts() {
            position.cells[usize::from(post)] = self.cell_seen_by(viewer, post);
        }
        let possible = self
            .board()
            .posts()
            .filter(|&post| position.cell(post).is_unknown() && !position.cell(post).is_face_down())
            .map(|post| (post, self.possible_kinds(viewer, post)))
            .collect();
        let owners: Vec<u8> = if self.options.mode == Mode::Dark {
            vec![RED, BLUE]
        } else {
            self.position
                .seats_in_play()
                .iter()
                .map(|seat| seat.index() as u8)
                .collect()
        };
        let known_dead = owners
            .into_iter()
            .map(|owner| (owner, self.known_dead(viewer, owner)))
            .collect();
        JunqiView {
            viewer,
            position,
            possible,
            known_dead,
        }
    }

    /// A full game that `observer` cannot tell from this one, sampled from what the observer
    /// knows and nothing else: with the same `rng`, two games the observer cannot tell apart
    /// give the same sample.
    ///
    /// In 2p and 4p, for each other seat whose identities the observer cannot see, kinds are
    /// dealt onto that seat's pieces (in board order) from its 25 pieces less those the
    /// observer knows died, each piece getting a kind its knowledge allows (deployment rules,
    /// moves, battles, a revealed flag; see [`crate::knowledge`]); kinds left over are the
    /// pieces that died unseen. The deal follows the observer's beliefs
    /// ([`Dealing::Belief`]: what real players deploy where, and what has moved; see
    /// [`crate::belief`]). It is drawn most constrained piece first and tried again on a dead
    /// end (see `deal` for the last resorts). During deployment the same deal replaces other
    /// seats' submitted deployments by likely legal ones.
    ///
    /// In dark chess the face-down posts are dealt from the face-down multiset, which
    /// everybody knows: all 50 pieces less those face up and those seen to die.
    ///
    /// The sample carries the observer's and the public knowledge unchanged; every other seat
    /// gets the public knowledge, since what it knows beyond that rests on identities the
    /// observer cannot see. So determinizing the sample again for the same observer draws from
    /// the same distribution.
    #[must_use]
    pub fn determinized(&self, observer: Seat, rng: &mut GameRng) -> Junqi {
        self.determinized_by(observer, self.dealing[observer], rng)
    }

    /// Makes [`Junqi::determinized`] deal for `seat` by `dealing` (the beliefs by default), in
    /// this game and every game that follows from it: to measure one way of dealing against
    /// another, each player searching with its own. Play never calls it.
    pub fn set_dealing(&mut self, seat: Seat, dealing: Dealing) {
        self.dealing[seat] = dealing;
    }

    /// [`Junqi::determinized`] with another way of dealing the hidden identities, to measure
    /// one against another (2p and 4p; dark chess deals its face-down pieces uniformly).
    #[must_use]
    pub fn determinized_by(&self, observer: Seat, dealing: Dealing, rng: &mut GameRng) -> Junqi {
        let mut game = self.clone();
        game.rng = GameRng::from_seed(rng.next_seed());
        if self.position.turn == Turn::Over {
            return game;
        }
        if self.options.mode == Mode::Dark {
            self.deal_face_down(&mut game, rng);
            return game;
        }
        for seat in self.position.seats_in_play().iter() {
            let owner = seat.index() as u8;
            let Some(hidden) = self.hidden(observer, owner, dealing) else {
                continue;
            };
            for (&post, kind) in hidden.posts.iter().zip(deal_hidden(&hidden, dealing, rng)) {
                game.position.cells[usize::from(post)] = Cell::piece(owner, kind);
            }
        }
        game.keep_knowledge_of(observer);
        game
    }

    /// Dark chess: deals the face-down multiset onto the face-down posts of `game`. When
    /// pieces died unseen (a game loaded mid-way), the multiset is larger than the posts and a
    /// random part of it is dealt.
    fn deal_face_down(&self, game: &mut Junqi, rng: &mut GameRng) {
        let posts = face_down_posts(&self.position);
        let pool = self.face_down_pool();
        let mut cells: Vec<Cell> = [RED, BLUE]
            .into_iter()
            .flat_map(|colour| {
                let counts = pool[usize::from(colour)];
                Kind::ALL.into_iter().flat_map(move |kind| {
                    std::iter::repeat_n(
                        Cell::piece(colour, kind).face_down(),
                        usize::from(counts.get(kind)),
                    )
                })
            })
            .collect();
        rng.shuffle(&mut cells);
        for (post, cell) in posts.into_iter().zip(cells) {
            game.position.cells[usize::from(post)] = cell;
        }
        game.recount_owned();
    }
}

/// How many times a random deal is tried before a failed one is repaired.
const DEAL_TRIES: usize = 4;

/// Deals a kind to each of `masks` from `pool`: each piece gets a kind of its mask and no kind
/// is dealt more often than `pool` holds it (kinds left over are the pieces that died unseen).
///
/// Pieces are dealt most constrained first, each a kind drawn by `draw` (given the piece's
/// index, its mask and the kinds left; [`draw`] draws in proportion to how many of each are
/// left, the beliefs weigh them too), and the deal is tried again when it runs into a dead
/// end. If every try fails, the
/// last one is completed by moving earlier pieces to other kinds of their masks (augmenting
/// paths); only if even that is impossible (knowledge contradicting the counts, which
/// consistent play never produces) does a piece get a kind of its mask beyond the pool.
pub(crate) fn deal(
    masks: &[KindSet],
    pool: KindCounts,
    rng: &mut GameRng,
    mut draw: impl FnMut(usize, KindSet, &KindCounts, &mut GameRng) -> Option<Kind>,
) -> Vec<Kind> {
    let mut order: Vec<usize> = (0..masks.len()).collect();
    order.sort_by_key(|&index| masks[index].len());
    let mut dealt = vec![None; masks.len()];
    let mut left = pool;
    for _ in 0..DEAL_TRIES {
        dealt.fill(None);
        left = pool;
        let complete = order.iter().all(|&index| {
            let kind = draw(index, masks[index], &left, rng);
            if let Some(kind) = kind {
                left.take(kind);
                dealt[index] = Some(kind);
            }
            kind.is_some()
        });
        if complete {
            break;
        }
    }
    for &index in &order {
        let mut tried = KindSet::EMPTY;
        if dealt[index].is_none() && !augment(index, masks, &mut dealt, &mut left, &mut tried) {
            let kinds: Vec<Kind> = masks[index].iter().collect();
            dealt[index] = Some(if kinds.is_empty() {
                Kind::ALL[rng.below(Kind::ALL.len())]
            } else {
                kinds[rng.below(kinds.len())]
            });
        }
    }
    dealt
        .into_iter()
        .map(|kind| kind.expect("every piece is dealt"))
        .collect()
}

/// A kind of `mask` left in `left`, drawn in proportion to how many are left.
pub(crate) fn draw(mask: KindSet, left: &KindCounts, rng: &mut GameRng) -> Option<Kind> {
    let total: usize = mask.iter().map(|kind| usize::from(left.get(kind))).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    for kind in mask.iter() {
        let count = usize::from(left.get(kind));
        if pick < count {
            return Some(kind);
        }
        pick -= count;
    }
    None
}

/// Kuhn's augmenting path: gives piece `index` a kind of its mask, moving other pieces to
/// other kinds of theirs when its kinds are all dealt. `visited` holds the kinds tried.
fn augment(
    index: usize,
    masks: &[KindSet],
    dealt: &mut [Option<Kind>],
    left: &mut KindCounts,
    visited: &mut KindSet,
) -> bool {
    for kind in masks[index].iter() {
        if visited.contains(kind) {
            continue;
        }
        *visited = visited.with(kind);
        if left.get(kind) > 0 {
            left.take(kind);
            dealt[index] = Some(kind);
            return true;
        }
        for other in 0..dealt.len() {
            if dealt[other] == Some(kind) && augment(other, masks, dealt, left, visited) {
                dealt[index] = Some(kind);
                return true;
            }
        }
    }
    false
}

/// The position's cells for dark dealing: every face-down post in board order.
fn face_down_posts(position: &Position) -> Vec<Post> {
    let board = position.board();
    board
        .posts()
        .filter(|&post| position.cell(post).is_face_down())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_respects_masks_and_counts() {
        let mut rng = GameRng::from_seed(3);
        let mut masks = vec![KindSet::ALL; 20];
        masks[0] = KindSet::only(Kind::Flag).with(Kind::Mine);
        masks[1] = KindSet::only(Kind::Mine);
        masks[2] = KindSet::only(Kind::Mine).with(Kind::Flag);
        masks[3] = KindSet::only(Kind::Mine).with(Kind::Flag);
        for _ in 0..200 {
            let kinds = deal(
                &masks,
                KindCounts::full_set(),
                &mut rng,
                |_, mask, left, rng| draw(mask, left, rng),
            );
            let mut counts = KindCounts::NONE;
            for (kind, mask) in kinds.iter().zip(&masks) {
                assert!(mask.contains(*kind), "{kind} dealt outside {mask}");
                counts.add(*kind);
            }
            assert_eq!(KindCounts::full_set().minus(&counts).total(), 5);
            // Three mines and a flag must fill the four constrained pieces.
            assert!(kinds[..4].contains(&Kind::Flag));
        }
    }

    #[test]
    fn augmenting_repairs_a_dead_end() {
        // The first piece may be a mine or a flag; drawing the flag for it leaves the second
        // (flag only) nothing, so the repair must move the first to the mine.
        let masks = [
            KindSet::only(Kind::Mine).with(Kind::Flag),
            KindSet::only(Kind::Flag),
        ];
        let mut dealt = [Some(Kind::Flag), None];
        let mut left = KindCounts::full_set();
        left.take(Kind::Flag);
        let mut tried = KindSet::EMPTY;
        assert!(augment(1, &masks, &mut dealt, &mut left, &mut tried));
        assert_eq!(dealt, [Some(Kind::Mine), Some(Kind::Flag)]);
        assert_eq!(left.get(Kind::Flag), 0);
        assert_eq!(left.get(Kind::Mine), 2);
    }
}
