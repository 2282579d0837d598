//! Move generation (§4, and DK-4/DK-5 for dark chess).

use std::ops::ControlFlow;

use crate::board::{Bits, Board, Post, PostSet};
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

impl PartialEq for MoveRules {
    fn eq(&self, other: &MoveRules) -> bool {
        std::ptr::eq(self.board, other.board)
            && self.enemies == other.enemies
            && self.dark == other.dark
            && self.flag_engineer_only == other.flag_engineer_only
    }
}

impl MoveRules {
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
}

/// The posts a piece may stop on, computed once per generation: empty posts, and the posts
/// of enemy pieces that can be attacked at all (not on a camp; in dark chess face up). Dark
/// chess further checks each attack against the attacker (DK-5).
struct Targets<const W: usize> {
    empty: Bits<W>,
    enemies: Bits<W>,
}

impl<const W: usize> Targets<W> {
    fn new(position: &Position, rules: &MoveRules, owner: u8, owned: &[PostSet; 4]) -> Targets<W> {
        let board = rules.board;
        let owned: [Bits<W>; 4] = std::array::from_fn(|i| owned[i].narrow());
        let occupied = owned[0].or(owned[1]).or(owned[2]).or(owned[3]);
        let mut enemies = Bits::<W>::EMPTY;
        for (other, pieces) in owned.iter().enumerate() {
            if rules.enemies[usize::from(owner)] & (1 << other) != 0 {
                enemies = enemies.or(*pieces);
            }
        }
        enemies = enemies.and_not(board.camps().narrow());
        if rules.dark {
            for post in enemies.iter() {
                if position.cell(post).is_face_down() {
                    enemies.remove(post);
                }
            }
        }
        Targets {
            empty: board.all().narrow().and_not(occupied),
            enemies,
        }
    }
}

/// Calls `visit(from, to)` for every legal move of the pieces of `owner`, stopping early when
/// `visit` breaks. Every destination of a piece is visited exactly once. `owned` holds the
/// posts of each owner's pieces.
pub fn for_each_move<B>(
    position: &Position,
    rules: &MoveRules,
    owner: u8,
    owned: &[PostSet; 4],
    visit: impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // The 60-post board fits one word of bits, the 129-post board three.
    if rules.board.len() <= 64 {
        generate::<1, B>(position, rules, owner, owned, visit)
    } else {
        generate::<3, B>(position, rules, owner, owned, visit)
    }
}

fn generate<const W: usize, B>(
    position: &Position,
    rules: &MoveRules,
    owner: u8,
    owned: &[PostSet; 4],
    mut visit: impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let board = rules.board;
    let targets = Targets::<W>::new(position, rules, owner, owned);
    for from in owned[usize::from(owner)].narrow::<W>().iter() {
        let cell = position.cell(from);
        if cell.is_face_down() {
            continue;
        }
        let Some(kind) = cell.kind() else { continue };
        if !kind.is_movable() || (!rules.dark && board.is_headquarters(from)) {
            continue;
        }
        piece_moves(position, rules, &targets, kind, from, &mut visit)?;
    }
    ControlFlow::Continue(())
}

/// Whether `owner` has any legal move: the same answer as asking [`for_each_move`] for one,
/// found faster. A piece can move exactly when a post next to it (by road or railway) is empty
/// or holds an enemy it may attack, since every run starts with such a step.
pub fn has_move(position: &Position, rules: &MoveRules, owner: u8, owned: &[PostSet; 4]) -> bool {
    if rules.board.len() <= 64 {
        any_move::<1>(position, rules, owner, owned)
    } else {
        any_move::<3>(position, rules, owner, owned)
    }
}

fn any_move<const W: usize>(
    position: &Position,
    rules: &MoveRules,
    owner: u8,
    owned: &[PostSet; 4],
) -> bool {
    let board = rules.board;
    let targets = Targets::<W>::new(position, rules, owner, owned);
    owned[usize::from(owner)].narrow::<W>().iter().any(|from| {
        let cell = position.cell(from);
        let Some(kind) = cell.kind() else {
            return false;
        };
        if cell.is_face_down() || !kind.is_movable() || (!rules.dark && board.is_headquarters(from))
        {
            return false;
        }
        let around = board
            .road_mask(from)
            .or(board.rail_mask(from))
            .narrow::<W>();
        !around.and(targets.empty).is_empty()
            || around
                .and(targets.enemies)
                .iter()
                .any(|to| may_attack(position, rules, kind, to))
    })
}

/// Whether the piece of `kind` may attack the enemy on `target` (known to be in
/// `targets.enemies`).
#[inline]
fn may_attack(position: &Position, rules: &MoveRules, kind: Kind, target: Post) -> bool {
    !rules.dark || rules.dark_attack_allowed(position, kind, position.cell(target))
}

/// Every destination of the piece on `from` (known to be a movable piece).
fn piece_moves<const W: usize, B>(
    position: &Position,
    rules: &MoveRules,
    targets: &Targets<W>,
    kind: Kind,
    from: Post,
    visit: &mut impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let board = rules.board;
    // Road steps. A road never joins two railway posts, so no road step is also a run.
    if W == 1 {
        // One word: whole-set operations are cheapest.
        let road = board.road_mask(from).narrow::<W>();
        for to in road.and(targets.empty).iter() {
            visit(from, to)?;
        }
        for to in road.and(targets.enemies).iter() {
            if may_attack(position, rules, kind, to) {
                visit(from, to)?;
            }
        }
    } else {
        // Three words: testing the few neighbours one by one is cheaper.
        for &to in board.road_neighbours(from) {
            if targets.empty.contains(to)
                || (targets.enemies.contains(to) && may_attack(position, rules, kind, to))
            {
                visit(from, to)?;
            }
        }
    }
    if !board.on_railway(from) {
        return ControlFlow::Continue(());
    }
    if kind == Kind::Engineer {
        return engineer_runs(position, rules, targets, from, visit);
    }
    // Runs along lines: walk the post's run tree, skipping past whatever is blocked.
    let nodes = board.runs(from);
    let mut at = 0;
    while at < nodes.len() {
        let node = nodes[at];
        if targets.empty.contains(node.post) {
            visit(from, node.post)?;
            at += 1;
        } else {
            if targets.enemies.contains(node.post) && may_attack(position, rules, kind, node.post) {
                visit(from, node.post)?;
            }
            at = usize::from(node.skip);
        }
    }
    ControlFlow::Continue(())
}

/// MV-6: an engineer reaches every railway post joined to `from` by railway edges through
/// empty posts, turning where it likes. A flood fill over the railway, layer by layer.
fn engineer_runs<const W: usize, B>(
    position: &Position,
    rules: &MoveRules,
    targets: &Targets<W>,
    from: Post,
    visit: &mut impl FnMut(Post, Post) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let board = rules.board;
    let mut seen = Bits::<W>::EMPTY;
    seen.insert(from);
    let mut frontier = seen;
    loop {
        let mut next = Bits::<W>::EMPTY;
        for post in frontier.iter() {
            next = next.or(board.rail_mask(post).narrow());
        }
        next = next.and_not(seen);
        if next.is_empty() {
            return ControlFlow::Continue(());
        }
        seen = seen.or(next);
        frontier = next.and(targets.empty);
        for to in frontier.iter() {
            visit(from, to)?;
        }
        for to in next.and(targets.enemies).iter() {
            if may_attack(position, rules, Kind::Engineer, to) {
                visit(from, to)?;
            }
        }
    }
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
