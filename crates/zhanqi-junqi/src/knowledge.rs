//! What each observer knows of the identities it cannot see (§5.9): for every piece, the kinds
//! not yet ruled out, and for every owner, the kinds known to have died.
//!
//! Observers are the seats in play and the public (what a spectator knows). Knowledge grows
//! from public facts only — deployment rules, moves, battle results, flag reveals — and from the
//! observer's own identities (with `ally_visible`, its ally's too). It never reads an identity
//! the observer cannot see, so two states that an observer cannot tell apart carry the same
//! knowledge for it, and [`Junqi::determinized`](crate::Junqi::determinized) samples from
//! knowledge alone.
//!
//! Beside the kinds, every piece has a public [`Track`]: the post it was deployed on and
//! whether it has moved, which the beliefs ([`crate::belief`]) weigh kinds by.
//!
//! Dark chess needs no per-piece knowledge: face-up pieces are public and face-down ones are
//! unknown to everybody. Only the public record of dead pieces is kept, from which the
//! face-down multiset follows.

use std::fmt;

use zhanqi_core::{Seat, Viewer};

use crate::board::{Board, MAX_POSTS, Post};
use crate::combat::{Battle, battle};
use crate::position::Turn;
use crate::{Cell, Junqi, JunqiOptions, Kind, Mode};

/// A set of piece kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindSet(u16);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(0x1FFE);
    /// Every kind that can move (all but mines and flags).
    pub const MOVABLE: KindSet =
        KindSet(0x1FFE & !(1 << Kind::Mine as u8) & !(1 << Kind::Flag as u8));

    /// The set of one kind.
    #[must_use]
    pub const fn only(kind: Kind) -> KindSet {
        KindSet(1 << kind as u8)
    }

    /// Whether the set holds `kind`.
    #[must_use]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// The kinds in both sets.
    #[must_use]
    pub const fn and(self, other: KindSet) -> KindSet {
        KindSet(self.0 & other.0)
    }

    /// The kinds in either set.
    #[must_use]
    pub const fn or(self, other: KindSet) -> KindSet {
        KindSet(self.0 | other.0)
    }

    /// The set without `kind`.
    #[must_use]
    pub const fn without(self, kind: Kind) -> KindSet {
        KindSet(self.0 & !(1 << kind as u8))
    }

    /// The set with `kind`.
    #[must_use]
    pub const fn with(self, kind: Kind) -> KindSet {
        KindSet(self.0 | (1 << kind as u8))
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many kinds the set holds.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The kind, when the set holds exactly one.
    #[must_use]
    pub const fn single(self) -> Option<Kind> {
        if self.0.count_ones() == 1 {
            Kind::from_code(self.0.trailing_zeros() as u8)
        } else {
            None
        }
    }

    /// The kinds, in notation order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let code = bits.trailing_zeros() as u8;
            bits &= bits.wrapping_sub(1);
            Kind::from_code(code)
        })
    }

    /// The set narrowed to `allowed`, unless that would leave nothing: knowledge never becomes
    /// empty, so a fact that contradicts it (which consistent play never produces) is ignored.
    #[must_use]
    const fn narrowed(self, allowed: KindSet) -> KindSet {
        let narrowed = self.and(allowed);
        if narrowed.is_empty() { self } else { narrowed }
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(kinds: I) -> KindSet {
        kinds.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

/// The kinds' letters in notation order (`SJB`), or `-` for none.
impl fmt::Display for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "-");
        }
        self.iter().try_for_each(|kind| write!(f, "{kind}"))
    }
}

impl fmt::Debug for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KindSet({self})")
    }
}

/// How many pieces of each kind: a multiset of kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindCounts([u8; 12]);

impl KindCounts {
    /// No pieces.
    pub const NONE: KindCounts = KindCounts([0; 12]);

    /// One player's 25 pieces (§2.1).
    #[must_use]
    pub fn full_set() -> KindCounts {
        KindCounts(Kind::ALL.map(Kind::count))
    }

    /// How many of `kind`.
    #[must_use]
    pub const fn get(&self, kind: Kind) -> u8 {
        self.0[kind as usize - 1]
    }

    /// Adds one of `kind`.
    pub fn add(&mut self, kind: Kind) {
        self.0[kind as usize - 1] += 1;
    }

    /// Takes one of `kind` away, if there is one.
    pub fn take(&mut self, kind: Kind) {
        let count = &mut self.0[kind as usize - 1];
        *count = count.saturating_sub(1);
    }

    /// The counts of `self` less those of `other`, never below zero.
    #[must_use]
    pub fn minus(mut self, other: &KindCounts) -> KindCounts {
        for (count, taken) in self.0.iter_mut().zip(other.0) {
            *count = count.saturating_sub(taken);
        }
        self
    }

    /// How many pieces in all.
    #[must_use]
    pub fn total(&self) -> usize {
        self.0.iter().map(|&count| usize::from(count)).sum()
    }

    /// The kinds with at least one piece.
    #[must_use]
    pub fn kinds(&self) -> KindSet {
        Kind::ALL
            .into_iter()
            .filter(|&kind| self.get(kind) > 0)
            .collect()
    }
}

/// The kinds with their counts (`S1 D2`), or `-` for none.
impl fmt::Debug for KindCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Kind::ALL
            .into_iter()
            .filter(|&kind| self.get(kind) > 0)
            .map(|kind| format!("{kind}{}", self.get(kind)))
            .collect();
        if parts.is_empty() {
            write!(f, "-")
        } else {
            write!(f, "{}", parts.join(" "))
        }
    }
}

// ----- what combat results tell -----

const fn result_index(result: Battle) -> usize {
    match result {
        Battle::AttackerWins => 0,
        Battle::DefenderWins => 1,
        Battle::BothRemoved => 2,
    }
}

/// What a result tells of one side given a set of kinds for the other, as two lookup tables
/// per result: `[result][half][six bits]`, for the kinds with codes 1–6 and 7–12 of the set.
/// A union over a set's kinds thus costs two lookups, not one per kind.
type ResultTable = [[[KindSet; 64]; 2]; 3];

/// The defender kinds that give each result against a set of attackers.
static DEFENDERS_GIVING: ResultTable = result_table(true);
/// The attacker kinds that give each result against a set of defenders.
static ATTACKERS_GIVING: ResultTable = result_table(false);

const fn result_table(given_attackers: bool) -> ResultTable {
    let mut table = [[[KindSet::EMPTY; 64]; 2]; 3];
    let mut result = 0;
    while result < 3 {
        let mut half = 0;
        while half < 2 {
            let mut bits = 0;
            while bits < 64 {
                let mut union = KindSet::EMPTY;
                let mut i = 0;
                while i < 6 {
                    if bits & (1 << i) != 0 {
                        let given = Kind::ALL[half * 6 + i];
                        let mut j = 0;
                        while j < 12 {
                            let other = Kind::ALL[j];
                            let outcome = if given_attackers {
                                battle(given, other)
                            } else {
                                battle(other, given)
                            };
                            if result_index(outcome) == result {
                                union = union.with(other);
                            }
                            j += 1;
                        }
                    }
                    i += 1;
                }
                table[result][half][bits] = union;
                bits += 1;
            }
            half += 1;
        }
        result += 1;
    }
    table
}

/// Looks a set of kinds up in a [`ResultTable`].
#[inline]
fn giving(table: &ResultTable, given: KindSet, result: Battle) -> KindSet {
    let halves = &table[result_index(result)];
    let bits = usize::from(given.0 >> 1);
    halves[0][bits & 63].or(halves[1][(bits >> 6) & 63])
}

/// The defender kinds that give `result` against some attacker of `attackers`.
fn defenders_giving(attackers: KindSet, result: Battle) -> KindSet {
    giving(&DEFENDERS_GIVING, attackers, result)
}

/// The attacker kinds that give `result` against some defender of `defenders`.
fn attackers_giving(defenders: KindSet, result: Battle) -> KindSet {
    giving(&ATTACKERS_GIVING, defenders, result)
}

/// The kinds a piece may have when it stands, unmoved, on `post` of its owner's area (§3):
/// the flag only on a headquarters, mines only on lines 5–6, no bomb on line 1.
fn deployable_kinds(board: &Board, owner: u8, post: Post) -> KindSet {
    let line = match board.info(post).area {
        Some((area_owner, line, _)) if area_owner == owner => line,
        _ => return KindSet::MOVABLE,
    };
    let mut kinds = KindSet::ALL;
    if !board.is_headquarters(post) {
        kinds = kinds.without(Kind::Flag);
    }
    if line < 5 {
        kinds = kinds.without(Kind::Mine);
    }
    if line < 2 {
        kinds = kinds.without(Kind::Bomb);
    }
    kinds
}

// ----- the knowledge of every observer -----

/// Observer index of the public (a spectator); seat `i` is observer `1 + i`.
const PUBLIC: usize = 0;
const MAX_OBSERVERS: usize = 5;
/// Public knowledge, and at most three seats that do not see a piece's owner.
const MAX_SLOTS: usize = 4;
/// `slot_of` for an observer that sees the owner's identities.
const SEES: u8 = u8::MAX;

/// What everybody saw a piece do since the deployment: where it was deployed and whether it
/// has moved. Public facts, the same for every observer; the beliefs weigh kinds by them (see
/// [`crate::belief`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Track {
    /// The local index (line − 1) × 5 + (file − 1) in its owner's area of the post it was
    /// deployed on, or `None` when unknown (a game loaded after its first move).
    pub home: Option<u8>,
    /// Whether it has moved.
    pub moved: bool,
}

/// The local index of `post` when it lies in `owner`'s area.
fn home_index(board: &Board, owner: u8, post: Post) -> Option<u8> {
    match board.info(post).area {
        Some((area_owner, line, file)) if area_owner == owner => Some((line - 1) * 5 + file - 1),
        _ => None,
    }
}

/// Every observer's knowledge of the hidden identities of a game.
///
/// Masks are kept only where some observer lacks the identity: for a piece, one slot for the
/// public and one per seat that does not see its owner (so two slots per post in 2p, four in
/// 4p, none in dark chess). The slot of observer `o` for owner `q` is fixed by the mode.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Knowledge {
    /// The board's post count: the stride of `masks`.
    posts: usize,
    /// How many slots each post has.
    slots: usize,
    /// `[observer][owner]`: the slot holding the observer's knowledge of the owner's pieces,
    /// or [`SEES`].
    slot_of: [[u8; 4]; MAX_OBSERVERS],
    /// The observers of the game: the public and each seat in play, as observer bits.
    observers: u8,
    /// `[slot × posts + post]`: the kinds not ruled out for the piece on the post.
    masks: Vec<KindSet>,
    /// `[slot][owner]`: the kinds known to have died.
    dead: [[KindCounts; 4]; MAX_SLOTS],
    /// `[post]`: the track of the piece on the post (public, so one for all observers).
    tracks: [Track; MAX_POSTS],
}

impl Knowledge {
    /// Knowledge of an empty board.
    pub(crate) fn new(options: &JunqiOptions, board: &Board) -> Knowledge {
        let seats: Vec<Seat> = options.seats().iter().collect();
        let mut slot_of = [[SEES; 4]; MAX_OBSERVERS];
        let mut observers = 1 << PUBLIC;
        let dark = options.mode == Mode::Dark;
        for (owner_rank, owner) in seats.iter().enumerate() {
            slot_of[PUBLIC][owner.index()] = 0;
            for (observer_rank, observer) in seats.iter().enumerate() {
                observers |= 1 << (1 + observer.index());
                let sees = dark
                    || observer == owner
                    || (options.ally_visible && options.allies(*observer, *owner));
                if !sees {
                    // Counting the other seats from the owner round the table gives each a slot.
                    let offset = (observer_rank + seats.len() - owner_rank - 1) % seats.len();
                    slot_of[1 + observer.index()][owner.index()] = 1 + offset as u8;
                }
            }
        }
        // A seat not in play knows what a spectator knows.
        for index in 0..4 {
            if observers & (1 << (1 + index)) == 0 {
                slot_of[1 + index] = slot_of[PUBLIC];
            }
        }
        let slots = if dark { 0 } else { seats.len() };
        Knowledge {
            posts: board.len(),
            slots,
            slot_of,
            observers,
            masks: vec![KindSet::EMPTY; slots * board.len()],
            dead: [[KindCounts::NONE; 4]; MAX_SLOTS],
            tracks: [Track::default(); MAX_POSTS],
        }
    }

    /// The observers, as indices.
    fn observers(&self) -> impl Iterator<Item = usize> + use<> {
        let mut bits = self.observers;
        std::iter::from_fn(move || {
            let observer = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (observer < MAX_OBSERVERS).then_some(observer)
        })
    }

    /// The slot of the observer for the owner's pieces, or `None` when it sees them.
    fn slot(&self, observer: usize, owner: u8) -> Option<usize> {
        let slot = self.slot_of[observer][usize::from(owner)];
        (slot != SEES).then_some(usize::from(slot))
    }

    fn mask(&self, slot: usize, post: Post) -> KindSet {
        self.masks[slot * self.posts + usize::from(post)]
    }

    fn set_mask(&mut self, slot: usize, post: Post, mask: KindSet) {
        self.masks[slot * self.posts + usize::from(post)] = mask;
    }

    /// Writes `mask` for the owner's piece on `post` in every slot of an observer not seeing it.
    fn set_for_all(&mut self, owner: u8, post: Post, mask: KindSet) {
        for observer in self.observers() {
            if let Some(slot) = self.slot(observer, owner) {
                self.set_mask(slot, post, mask);
            }
        }
    }

    /// Narrows the owner's piece on `post` to `allowed` for every observer not seeing it.
    fn narrow_for_all(&mut self, owner: u8, post: Post, allowed: KindSet) {
        for observer in self.observers() {
            if let Some(slot) = self.slot(observer, owner) {
                let mask = self.mask(slot, post);
                self.set_mask(slot, post, mask.narrowed(allowed));
            }
        }
    }

    /// Forgets the piece on `post` (it left the board).
    pub(crate) fn forget(&mut self, post: Post) {
        for slot in 0..self.slots {
            self.set_mask(slot, post, KindSet::EMPTY);
        }
        self.tracks[usize::from(post)] = Track::default();
    }

    /// The piece on `from` moved to the empty post `to`; `allowed` is what the move shows it
    /// may be.
    fn carry(&mut self, from: Post, to: Post, allowed: KindSet) {
        for slot in 0..self.slots {
            let mask = self.mask(slot, from);
            self.set_mask(slot, from, KindSet::EMPTY);
            self.set_mask(slot, to, mask.narrowed(allowed));
        }
        self.move_track(from, to);
    }

    /// The piece on `from` now stands on `to`, having moved.
    fn move_track(&mut self, from: Post, to: Post) {
        let track = self.tracks[usize::from(from)];
        self.tracks[usize::from(from)] = Track::default();
        self.tracks[usize::from(to)] = Track {
            moved: true,
            ..track
        };
    }

    fn record_dead(&mut self, slot: usize, owner: u8, mask: KindSet) {
        if let Some(kind) = mask.single() {
            self.dead[slot][usize::from(owner)].add(kind);
        }
    }
}

impl Junqi {
    // ----- learning -----

    /// The knowledge a position implies by itself, with no history (called on a game's fresh
    /// knowledge): an unmoved piece (no move made yet) follows the deployment rules; otherwise
    /// a piece in its own area may still be an unmoved mine or flag where those may stand, and
    /// public flags are known.
    pub(crate) fn learn_position(&mut self) {
        let board = self.board();
        let knowledge = &mut self.knowledge;
        if self.options.mode != Mode::Dark {
            let unmoved = self.position.moves == 0;
            for post in board.posts() {
                let cell = self.position.cell(post);
                if !cell.is_piece() {
                    continue;
                }
                let owner = cell.owner_bits();
                let deployable = deployable_kinds(board, owner, post);
                let mask = if board.is_camp(post) {
                    // Camps start empty: whatever stands there has moved.
                    KindSet::MOVABLE
                } else if unmoved {
                    deployable
                } else {
                    KindSet::MOVABLE.or(deployable)
                };
                knowledge.set_for_all(owner, post, mask);
                knowledge.tracks[usize::from(post)] = Track {
                    home: if unmoved {
                        home_index(board, owner, post)
                    } else {
                        None
                    },
                    moved: false,
                };
            }
        }
        for seat in self.position.flags_public.iter() {
            let owner = seat.index() as u8;
            for slot in self.observer_slots(owner) {
                self.knowledge.dead[slot][usize::from(owner)].add(Kind::Commander);
            }
            let flag = Cell::piece(owner, Kind::Flag);
            let post = board.posts().find(|&post| self.position.cell(post) == flag);
            self.learn_flag(seat, post);
        }
    }

    /// The slots of every observer that does not see the owner's identities.
    fn observer_slots(&self, owner: u8) -> Vec<usize> {
        self.knowledge
            .observers()
            .filter_map(|observer| self.knowledge.slot(observer, owner))
            .collect()
    }

    /// A seat deployed: its pieces follow the deployment rules.
    pub(crate) fn learn_deployment(&mut self, seat: Seat) {
        let board = self.board();
        let owner = seat.index() as u8;
        for &post in board.area(owner) {
            if self.position.cell(post).is_piece() {
                let mask = deployable_kinds(board, owner, post);
                self.knowledge.set_for_all(owner, post, mask);
                self.knowledge.tracks[usize::from(post)] = Track {
                    home: home_index(board, owner, post),
                    moved: false,
                };
            }
        }
    }

    /// A move from `from` to `to` was played: `attacker` is the piece that moved, `defender`
    /// what stood on `to`. `commanders` says, for the attacker and the defender, whether the
    /// piece's removal was announced (CB-6: a commander's removal reveals its owner's flag,
    /// so the lack of a reveal is news too) and whether it revealed the flag.
    #[inline]
    pub(crate) fn learn_move(
        &mut self,
        from: Post,
        to: Post,
        attacker: Cell,
        defender: Cell,
        result: Option<Battle>,
        commanders: [Announced; 2],
    ) {
        if self.rules.dark {
            self.learn_dark_battle(attacker, defender, result);
            return;
        }
        let mover = self.mover_kinds(from, to);
        match result {
            None => self.knowledge.carry(from, to, mover),
            Some(result) => {
                self.learn_battle(from, to, [attacker, defender], result, mover, commanders);
            }
        }
    }

    /// Dark chess: both pieces of a battle are face up, so their deaths are public.
    #[cold]
    fn learn_dark_battle(&mut self, attacker: Cell, defender: Cell, result: Option<Battle>) {
        let mut record = |cell: Cell| {
            if let Some(kind) = cell.kind() {
                self.knowledge.dead[PUBLIC][usize::from(cell.owner_bits())].add(kind);
            }
        };
        match result {
            Some(Battle::AttackerWins) => record(defender),
            Some(Battle::DefenderWins) => record(attacker),
            Some(Battle::BothRemoved) => {
                record(attacker);
                record(defender);
            }
            None => {}
        }
    }

    /// What a move from `from` to `to` shows of the piece that made it: no mine or flag, and
    /// an engineer if only an engineer could make it (a railway run that turns). Called after
    /// the move; the posts between are as they were.
    fn mover_kinds(&self, from: Post, to: Post) -> KindSet {
        let board = self.rules.board;
        if board.road_mask(from).or(board.rail_mask(from)).contains(to) {
            return KindSet::MOVABLE;
        }
        // A run along one line: walk the post's run tree through empty posts.
        let nodes = board.runs(from);
        let mut at = 0;
        while at < nodes.len() {
            let node = nodes[at];
            if node.post == to {
                return KindSet::MOVABLE;
            }
            at = if self.position.cell(node.post).is_empty() {
                at + 1
            } else {
                usize::from(node.skip)
            };
        }
        KindSet::only(Kind::Engineer)
    }

    /// A battle between `pieces` (attacker, defender): each observer narrows each piece to the
    /// kinds for which some kind still possible for the other gives the result seen.
    #[inline(never)]
    fn learn_battle(
        &mut self,
        from: Post,
        to: Post,
        pieces: [Cell; 2],
        result: Battle,
        mover: KindSet,
        commanders: [Announced; 2],
    ) {
        let owners = pieces.map(Cell::owner_bits);
        let facts = [
            [mover, commanders[0].kinds()],
            [KindSet::ALL, commanders[1].kinds()],
        ];
        let knowledge = &self.knowledge;
        // The new masks per observer, computed from the old ones before any is written.
        let mut learned = [[KindSet::EMPTY; 2]; MAX_OBSERVERS];
        for observer in knowledge.observers() {
            let [attacker, defender] = [0, 1].map(|side| {
                let post = [from, to][side];
                let known = match knowledge.slot(observer, owners[side]) {
                    Some(slot) => knowledge.mask(slot, post),
                    None => pieces[side].kind().map_or(KindSet::ALL, KindSet::only),
                };
                known.narrowed(facts[side][0]).narrowed(facts[side][1])
            });
            learned[observer] = [
                attacker.narrowed(attackers_giving(defender, result)),
                defender.narrowed(defenders_giving(attacker, result)),
            ];
        }
        let knowledge = &mut self.knowledge;
        let survivor = match result {
            Battle::AttackerWins => Some(Track {
                moved: true,
                ..knowledge.tracks[usize::from(from)]
            }),
            Battle::DefenderWins => Some(knowledge.tracks[usize::from(to)]),
            Battle::BothRemoved => None,
        };
        knowledge.forget(from);
        knowledge.forget(to);
        if let Some(track) = survivor {
            knowledge.tracks[usize::from(to)] = track;
        }
        for observer in knowledge.observers() {
            let [attacker, defender] = learned[observer];
            let slots = owners.map(|owner| knowledge.slot(observer, owner));
            match result {
                Battle::AttackerWins => {
                    if let Some(slot) = slots[0] {
                        knowledge.set_mask(slot, to, attacker);
                    }
                    if let Some(slot) = slots[1] {
                        knowledge.record_dead(slot, owners[1], defender);
                    }
                }
                Battle::DefenderWins => {
                    if let Some(slot) = slots[1] {
                        knowledge.set_mask(slot, to, defender);
                    }
                    if let Some(slot) = slots[0] {
                        knowledge.record_dead(slot, owners[0], attacker);
                    }
                }
                Battle::BothRemoved => {
                    for side in 0..2 {
                        if let Some(slot) = slots[side] {
                            knowledge.record_dead(slot, owners[side], learned[observer][side]);
                        }
                    }
                }
            }
        }
    }

    /// CB-6: the seat's flag is public, on `post`; its other pieces are neither the flag nor
    /// the commander whose removal revealed it.
    pub(crate) fn learn_flag(&mut self, seat: Seat, post: Option<Post>) {
        if self.options.mode == Mode::Dark {
            return;
        }
        let owner = seat.index() as u8;
        let others = KindSet::ALL.without(Kind::Flag).without(Kind::Commander);
        for piece in self.owned[usize::from(owner)].iter() {
            if Some(piece) == post {
                self.knowledge
                    .set_for_all(owner, piece, KindSet::only(Kind::Flag));
            } else {
                self.knowledge.narrow_for_all(owner, piece, others);
            }
        }
    }

    /// Keeps what `observer` and the public know, and gives every other seat the public
    /// knowledge: what they know beyond it depends on identities `observer` cannot see (see
    /// [`Junqi::determinized`]).
    pub(crate) fn keep_knowledge_of(&mut self, observer: Seat) {
        let knowledge = &mut self.knowledge;
        for owner in 0..4u8 {
            for other in knowledge.observers() {
                if other == PUBLIC || other == 1 + observer.index() {
                    continue;
                }
                let Some(slot) = knowledge.slot(other, owner) else {
                    continue;
                };
                knowledge.dead[slot][usize::from(owner)] =
                    knowledge.dead[PUBLIC][usize::from(owner)];
                for post in self.owned[usize::from(owner)].iter() {
                    let public = knowledge.mask(PUBLIC, post);
                    knowledge.set_mask(slot, post, public);
                }
            }
        }
    }

    // ----- reading -----

    /// The kinds `viewer` has not ruled out for the piece on `post`: one kind when the viewer
    /// sees it, none for an empty post. In dark chess a face-down piece may be any kind still
    /// face down, of either colour.
    #[must_use]
    pub fn possible_kinds(&self, viewer: Viewer, post: Post) -> KindSet {
        let cell = self.position.cell(post);
        if !cell.is_piece() {
            return KindSet::EMPTY;
        }
        let exact = cell.kind().map_or(KindSet::EMPTY, KindSet::only);
        if viewer == Viewer::Omniscient || self.position.turn == Turn::Over {
            return exact;
        }
        if self.options.mode == Mode::Dark {
            if !cell.is_face_down() {
                return exact;
            }
            return self
                .face_down_pool()
                .iter()
                .fold(KindSet::EMPTY, |set, counts| set.or(counts.kinds()));
        }
        let observer = match viewer {
            Viewer::Seat(seat) => 1 + seat.index(),
            _ => PUBLIC,
        };
        match self.knowledge.slot(observer, cell.owner_bits()) {
            Some(slot) => self.knowledge.mask(slot, post),
            None => exact,
        }
    }

    /// What everybody saw of the piece on `post`: where it was deployed, whether it moved.
    #[must_use]
    pub fn track(&self, post: Post) -> Track {
        self.knowledge.tracks[usize::from(post)]
    }

    /// The kinds of `owner` (a seat index, or in dark a colour) that `viewer` knows have left
    /// the board: for an owner it sees, all its missing pieces.
    #[must_use]
    pub fn known_dead(&self, viewer: Viewer, owner: u8) -> KindCounts {
        let over = viewer == Viewer::Omniscient || self.position.turn == Turn::Over;
        let observer = match viewer {
            Viewer::Seat(seat) => 1 + seat.index(),
            _ => PUBLIC,
        };
        let slot = if self.options.mode == Mode::Dark {
            Some(PUBLIC)
        } else {
            self.knowledge.slot(observer, owner)
        };
        match slot {
            Some(slot) if !over => self.knowledge.dead[slot][usize::from(owner)],
            _ => KindCounts::full_set().minus(&self.alive(owner)),
        }
    }

    /// The kinds of `owner` on the board.
    fn alive(&self, owner: u8) -> KindCounts {
        let mut counts = KindCounts::NONE;
        for post in self.owned[usize::from(owner)].iter() {
            if let Some(kind) = self.position.cell(post).kind() {
                counts.add(kind);
            }
        }
        counts
    }

    /// Dark chess: per colour, the kinds that may still lie face down (everyone knows it): all
    /// pieces less those face up and those known dead.
    pub(crate) fn face_down_pool(&self) -> [KindCounts; 2] {
        let mut pool = [KindCounts::full_set(); 2];
        for (colour, counts) in pool.iter_mut().enumerate() {
            *counts = counts.minus(&self.knowledge.dead[PUBLIC][colour]);
        }
        for post in self.board().posts() {
            let cell = self.position.cell(post);
            if cell.is_piece() && !cell.is_face_down() {
                if let Some(kind) = cell.kind() {
                    pool[usize::from(cell.owner_bits())].take(kind);
                }
            }
        }
        pool
    }

    /// What the observer knows of the owner's pieces, for dealing: each piece's post and mask
    /// in board order, and the kinds the owner may still have (its pieces less those known
    /// dead). `None` when the observer sees the owner.
    pub(crate) fn hidden_pieces(
        &self,
        observer: Seat,
        owner: u8,
    ) -> Option<(Vec<(Post, KindSet)>, KindCounts)> {
        let slot = self.knowledge.slot(1 + observer.index(), owner)?;
        let pieces = self.owned[usize::from(owner)]
            .iter()
            .map(|post| (post, self.knowledge.mask(slot, post)))
            .collect();
        let pool = KindCounts::full_set().minus(&self.knowledge.dead[slot][usize::from(owner)]);
        Some((pieces, pool))
    }
}

/// What the platform announced about a piece removed in a battle (CB-6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Announced {
    /// Nothing: the piece survived, or its owner's flag was already public (or dark chess).
    Nothing,
    /// The piece was removed and its owner's flag became public: it was the commander.
    Commander,
    /// The piece was removed and no flag was revealed: it was not the commander.
    NotCommander,
}

impl Announced {
    fn kinds(self) -> KindSet {
        match self {
            Announced::Nothing => KindSet::ALL,
            Announced::Commander => KindSet::only(Kind::Commander),
            Announced::NotCommander => KindSet::ALL.without(Kind::Commander),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combat_tables_match_combat() {
        // The fast tables against the slow definition, over every set of kinds.
        for bits in 0..4096u16 {
            let given = KindSet(bits << 1);
            for result in [
                Battle::AttackerWins,
                Battle::DefenderWins,
                Battle::BothRemoved,
            ] {
                let slow = |given_attacks: bool| -> KindSet {
                    Kind::ALL
                        .into_iter()
                        .filter(|&other| {
                            given.iter().any(|kind| {
                                let outcome = if given_attacks {
                                    battle(kind, other)
                                } else {
                                    battle(other, kind)
                                };
                                outcome == result
                            })
                        })
                        .collect()
                };
                assert_eq!(
                    defenders_giving(given, result),
                    slow(true),
                    "{given} attack"
                );
                assert_eq!(
                    attackers_giving(given, result),
                    slow(false),
                    "{given} defend"
                );
            }
        }
        // Only a mine survives a commander's attack.
        assert_eq!(
            defenders_giving(KindSet::only(Kind::Commander), Battle::DefenderWins),
            KindSet::only(Kind::Mine)
        );
    }

    #[test]
    fn kind_sets_read_and_write() {
        let set: KindSet = [Kind::Bomb, Kind::Commander].into_iter().collect();
        assert_eq!(set.to_string(), "SB");
        assert_eq!(set.len(), 2);
        assert_eq!(set.single(), None);
        assert_eq!(set.without(Kind::Bomb).single(), Some(Kind::Commander));
        assert_eq!(KindSet::ALL.len(), 12);
        assert!(!KindSet::MOVABLE.contains(Kind::Mine));
        assert!(!KindSet::MOVABLE.contains(Kind::Flag));
        assert_eq!(KindSet::MOVABLE.len(), 10);
        assert_eq!(
            KindSet::only(Kind::Mine).narrowed(KindSet::MOVABLE),
            KindSet::only(Kind::Mine)
        );
    }
}
