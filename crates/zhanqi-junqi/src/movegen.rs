//! Move generation (§4, and DK-4/DK-5 for dark chess).

use std::ops::ControlFlow;

use crate::board::{Board, MAX_POSTS, Post, PostSet};
use crate::combat::{Battle, battle};
use crate::{Kind, Position};

/// What move generation needs beyond the position: who is whose enemy and the dark-chess
/// switches. Built once per game from its options.
#[derive(Clone, Copy, Debug)]
pub struct MoveRules {
    /// The board of the game.
    pub board: &'static Board,
    /// For each owner, the bit set of owners that are its enemies.
    pub enemies: [u8; 4],
    /// Dark-chess movement and attack rules (DK-4, DK-5).
    pub dark: bool,
    /// Dark chess: only an engineer may attack a flag.
    pub flag_engineer_only: bool,
}

impl MoveRules {
    /// Whether `owner`'s piece of kind `attacker` may attack what stands on `target` (known to
    /// hold a piece): an enemy piece not on a camp, and in dark chess a face-up piece whose
    /// attack is not a certain loss, and a flag only once its mines are gone.
    #[inline]
    fn may_attack(&self, position: &Position, owner: u8, attacker: Kind, target: Post) -> bool {
        let cell = position.cell(target);
        let Some(defender_owner) = cell.owner() else {
            return false;
        };
        if self.enemies[usize::from(owner)] & (1 << defender_owner) == 0
            || self.board.is_camp(target)
        {
            return false;
        }
        !self.dark || self.dark_attack_allowed(position, attacker, cell)
    }

    /// DK-5: a dark-chess attack on an enemy piece outside a camp is legal only on a face-up
    /// piece, when it is no certain loss, and on a flag only once its mines are gone.
    #[cold]
    fn dark_attack_allowed(&self, position: &Position, attacker: Kind, cell: crate::Cell) -> bool {
        let Some(defender) = cell.kind() else {
            return false;
        };
        if cell.is_face_down() || battle(attacker, defender) == Battle::DefenderWins {
            return false;
        }
        if defender == Kind::Flag {
            if self.flag_engineer_only && attacker != Kind::Engineer {
                return false;
            }
            let mine = crate::Cell::piece(cell.owner_bits(), Kind::Mine);
            return !position.cells.iter().any(|&other| other.face_up() == mine);
        }
        true
    }

    /// Whether a piece can stop on `target`: empty, or an attack it may make.
    #[inline]
    fn may_enter(&self, position: &Position, owner: u8, attacker: Kind, target: Post) -> bool {
        position.cell(target).is_empty() || self.may_attack(position, owner, attacker, target)
    }
}

/// Calls `visit(from, to)` for every legal move of the pieces of `owner`, stopping early when
/// `visit` breaks. Every destination of a piece is visited exactly once.
/// `pieces` holds the posts of `owner`'s pieces (a superset does no harm).
pub fn for_each_move<B>(
    position: &Position,
    rules: &MoveRules,
    owner: u8,
    pieces: &PostSet,
    mut visit: impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let board = rules.board;
    for from in pieces.iter() {
        let cell = position.cell(from);
        if cell.owner() != Some(owner) || cell.is_face_down() {
            continue;
        }
        let Some(kind) = cell.kind() else { continue };
        if !kind.is_movable() || (!rules.dark && board.is_headquarters(from)) {
            continue;
        }
        piece_moves(position, rules, owner, kind, from, &mut visit)?;
    }
    ControlFlow::Continue(())
}

/// Every destination of the piece on `from` (known to be a movable piece of `owner`).
fn piece_moves<B>(
    position: &Position,
    rules: &MoveRules,
    owner: u8,
    kind: Kind,
    from: Post,
    visit: &mut impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let board = rules.board;
    // Road steps. A road never joins two railway posts, so no road step is also a run.
    for &to in board.road_neighbours(from) {
        if rules.may_enter(position, owner, kind, to) {
            visit(from, to)?;
        }
    }
    if !board.on_railway(from) {
        return ControlFlow::Continue(());
    }
    if kind == Kind::Engineer {
        return engineer_runs(position, rules, owner, from, visit);
    }
    // Runs along lines: walk the post's run tree, skipping past whatever is blocked.
    let nodes = board.runs(from);
    let mut at = 0;
    while at < nodes.len() {
        let node = nodes[at];
        if position.cell(node.post).is_empty() {
            visit(from, node.post)?;
            at += 1;
        } else {
            if rules.may_attack(position, owner, kind, node.post) {
                visit(from, node.post)?;
            }
            at = usize::from(node.skip);
        }
    }
    ControlFlow::Continue(())
}

/// MV-6: an engineer reaches every railway post joined to `from` by railway edges through
/// empty posts, turning where it likes.
fn engineer_runs<B>(
    position: &Position,
    rules: &MoveRules,
    owner: u8,
    from: Post,
    visit: &mut impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let board = rules.board;
    let mut seen = PostSet::default();
    seen.insert(from);
    let mut queue = [0 as Post; MAX_POSTS];
    let (mut head, mut tail) = (0, 1);
    queue[0] = from;
    while head < tail {
        let here = queue[head];
        head += 1;
        for &next in board.rail_neighbours(here) {
            if seen.contains(next) {
                continue;
            }
            seen.insert(next);
            if position.cell(next).is_empty() {
                visit(from, next)?;
                queue[tail] = next;
                tail += 1;
            } else if rules.may_attack(position, owner, Kind::Engineer, next) {
                visit(from, next)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// QQ's lenient no-move test (jgs-format.md §10): a movable piece next to an enemy piece on a
/// camp counts as able to move.
pub fn qq_camp_leniency(position: &Position, rules: &MoveRules, owner: u8) -> bool {
    let board = rules.board;
    board.posts().any(|from| {
        let cell = position.cell(from);
        cell.owner() == Some(owner)
            && cell.kind().is_some_and(Kind::is_movable)
            && !board.is_headquarters(from)
            && board
                .road_neighbours(from)
                .iter()
                .chain(board.rail_neighbours(from))
                .any(|&to| {
                    let target = position.cell(to);
                    board.is_camp(to)
                        && target.owner().is_some_and(|other| {
                            rules.enemies[usize::from(owner)] & (1 << other) != 0
                        })
                })
    })
}

/// The path a move is shown with (CL-11): for a step, the two posts; for a railway run, the
/// posts of a shortest railway route through empty posts, ties broken by the byte order of the
/// sequence of post names.
#[must_use]
pub fn move_path(position: &Position, from: Post, to: Post) -> Vec<Post> {
    let board = position.board();
    if board.road_neighbours(from).contains(&to) || board.rail_neighbours(from).contains(&to) {
        return vec![from, to];
    }
    // Breadth-first from `from`, keeping for each post the best (shortest, then least by
    // names) route found; every post of a layer is settled before the next layer starts.
    let mut best: Vec<Option<Vec<Post>>> = vec![None; board.len()];
    best[usize::from(from)] = Some(vec![from]);
    let mut layer = vec![from];
    while !layer.is_empty() && best[usize::from(to)].is_none() {
        let mut next_layer: Vec<Post> = Vec::new();
        for &here in &layer {
            let route = best[usize::from(here)]
                .clone()
                .expect("layer posts have routes");
            for &next in board.rail_neighbours(here) {
                if next != to && !position.cell(next).is_empty() {
                    continue;
                }
                let mut candidate = route.clone();
                candidate.push(next);
                let slot = &mut best[usize::from(next)];
                match slot {
                    Some(existing) if existing.len() < candidate.len() => {}
                    Some(existing) if names(position, existing) <= names(position, &candidate) => {}
                    _ => {
                        if slot.is_none() {
                            next_layer.push(next);
                        }
                        *slot = Some(candidate);
                    }
                }
            }
        }
        layer = next_layer;
    }
    best[usize::from(to)]
        .clone()
        .unwrap_or_else(|| vec![from, to])
}

fn names(position: &Position, route: &[Post]) -> Vec<u8> {
    let board = position.board();
    route
        .iter()
        .flat_map(|&post| board.name(post).bytes().chain(std::iter::once(b' ')))
        .collect()
}
