//! What each viewer may see (§5.9, §7 DK-8, CL-9), and determinization.

use zhanqi_core::{GameRng, Seat, Viewer};

use crate::board::Post;
use crate::position::{Status, Turn};
use crate::{Cell, Junqi, Kind, Mode, Position};

/// What one viewer may know of a game: the position with every identity the viewer may not
/// see written as unknown (`s?`, or `x?` for a face-down dark piece).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JunqiView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The position as they see it.
    pub position: Position,
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

    /// The game as `viewer` may see it.
    #[must_use]
    pub fn view_for(&self, viewer: Viewer) -> JunqiView {
        let mut position = self.position;
        let over = self.position.turn == Turn::Over;
        for post in self.board().posts() {
            let cell = position.cell(post);
            if cell.is_empty() || viewer == Viewer::Omniscient || over {
                continue;
            }
            let hidden = if self.options.mode == Mode::Dark {
                cell.is_face_down().then_some(Cell::HIDDEN)
            } else {
                let owner = cell.owner_bits();
                let public_flag = cell.kind() == Some(Kind::Flag)
                    && self
                        .position
                        .flags_public
                        .contains(Seat::new(usize::from(owner)));
                (!public_flag && !self.sees(viewer, owner)).then(|| cell.hide_kind())
            };
            if let Some(hidden) = hidden {
                position.cells[usize::from(post)] = hidden;
            }
        }
        JunqiView { viewer, position }
    }

    /// A full game that `observer` cannot tell from this one: the identities hidden from the
    /// observer are dealt again at random.
    ///
    /// In 2p and 4p each other seat's hidden pieces are reshuffled among themselves,
    /// respecting what anyone can see: a piece that has moved is no mine or flag, a flag
    /// stands on a headquarters, an unmoved mine on its owner's lines 5–6 and an unmoved bomb
    /// off its owner's line 1. In dark chess the face-down pieces are reshuffled among the
    /// face-down posts.
    ///
    /// Limitation: the hidden pieces keep the true multiset of identities (which pieces of a
    /// seat are still alive), and battle results are not yet used to narrow identities.
    #[must_use]
    pub fn determinized(&self, observer: Seat, rng: &mut GameRng) -> Junqi {
        let mut game = self.clone();
        game.rng = GameRng::from_seed(rng.next_seed());
        if self.position.turn == Turn::Over {
            return game;
        }
        let board = self.board();
        if self.options.mode == Mode::Dark {
            let posts: Vec<Post> = board
                .posts()
                .filter(|&post| self.position.cell(post).is_face_down())
                .collect();
            let mut cells: Vec<Cell> = posts.iter().map(|&post| self.position.cell(post)).collect();
            rng.shuffle(&mut cells);
            for (post, cell) in posts.into_iter().zip(cells) {
                game.position.cells[usize::from(post)] = cell;
            }
            game.recount_owned();
            return game;
        }
        let viewer = Viewer::Seat(observer);
        for seat in self.position.seats_in_play().iter() {
            let owner = seat.index() as u8;
            if self.sees(viewer, owner) || self.position.status(seat) != Some(Status::Active) {
                continue;
            }
            let flag_public = self.position.flags_public.contains(seat);
            let posts: Vec<Post> = board
                .posts()
                .filter(|&post| {
                    let cell = self.position.cell(post);
                    cell.owner() == Some(owner) && !(flag_public && cell.kind() == Some(Kind::Flag))
                })
                .collect();
            let kinds: Vec<Kind> = posts
                .iter()
                .filter_map(|&post| self.position.cell(post).kind())
                .collect();
            if let Some(dealt) = self.deal(owner, &posts, &kinds, rng) {
                for (post, kind) in posts.iter().zip(dealt) {
                    game.position.cells[usize::from(*post)] = Cell::piece(owner, kind);
                }
            }
        }
        game
    }

    /// Deals `kinds` onto `posts` at random within the visible constraints; `None` if random
    /// tries keep failing (the true deal is then kept).
    fn deal(
        &self,
        owner: u8,
        posts: &[Post],
        kinds: &[Kind],
        rng: &mut GameRng,
    ) -> Option<Vec<Kind>> {
        let board = self.board();
        let allowed = |post: Post, kind: Kind| -> bool {
            let moved = self.moved.contains(post);
            let local_line = board
                .info(post)
                .area
                .filter(|&(area_seat, _, _)| area_seat == owner)
                .map(|(_, line, _)| line);
            match kind {
                Kind::Flag => !moved && board.is_headquarters(post),
                Kind::Mine => !moved && local_line.is_some_and(|line| line >= 5),
                Kind::Bomb => moved || local_line.is_some_and(|line| line >= 2),
                _ => true,
            }
        };
        // Most constrained kinds first, then a random fill of the rest.
        let mut order: Vec<Kind> = kinds.to_vec();
        order.sort_by_key(|kind| match kind {
            Kind::Flag => 0,
            Kind::Mine => 1,
            Kind::Bomb => 2,
            _ => 3,
        });
        for _attempt in 0..32 {
            let mut free: Vec<usize> = (0..posts.len()).collect();
            let mut dealt: Vec<Option<Kind>> = vec![None; posts.len()];
            let mut ok = true;
            for &kind in &order {
                let choices: Vec<usize> = free
                    .iter()
                    .copied()
                    .filter(|&i| allowed(posts[i], kind))
                    .collect();
                if choices.is_empty() {
                    ok = false;
                    break;
                }
                let pick = choices[rng.below(choices.len())];
                dealt[pick] = Some(kind);
                free.retain(|&i| i != pick);
            }
            if ok {
                return Some(
                    dealt
                        .into_iter()
                        .map(|kind| kind.expect("every post dealt"))
                        .collect(),
                );
            }
        }
        None
    }
}
