//! The state of a game (§1, §4.2, §12.3): cards in every zone, the turn counters and the stack
//! of effects being resolved.

use std::sync::Arc;

use zhanqi_core::GameRng;

use crate::board::{BySide, Side, Zone, ZoneKind};
use crate::cards::{Card, CardIndex};
use crate::effect::{Keyword, Stat, Trigger};
use crate::options::Rules;

/// A main card on the board (§4.2). Attachments and modifiers are kept in the game's lists,
/// keyed by the card's entry number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardCard {
    /// The card.
    pub card: CardIndex,
    /// Its entry number (§1.4).
    pub entry: u32,
    /// Its location on its owner's side.
    pub loc: u8,
    /// `troops_now`; may be 0 or less only between a hit and the destruction that follows.
    pub troops: i32,
    /// Action points.
    pub ap: u16,
    /// Movement points.
    pub mp: u16,
    /// Stunned (§5.10).
    pub stunned: bool,
    /// Marked by `destroy` for the destruction that follows.
    pub marked: bool,
}

/// A card in a hand with its entry number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct HandCard {
    /// The card.
    pub card: CardIndex,
    /// Its entry number.
    pub entry: u32,
}

/// An aux card attached to a host.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Attachment {
    /// The host's entry number.
    pub host: u32,
    /// The attached card.
    pub card: CardIndex,
}

/// What a modifier changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ModifierKind {
    /// A stat buff.
    Buff(Stat, i16),
    /// A granted keyword.
    Grant(Keyword),
}

/// How long a modifier lasts (§5.6, §12.3.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lasting {
    /// `t`: to the end of the turn.
    Turn,
    /// `rA`/`rB`: to that side's next TURN_START.
    Round(Side),
    /// `p`: permanent.
    Perm,
}

/// A timed or permanent modifier on a board card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Modifier {
    /// The card's entry number.
    pub host: u32,
    /// What it changes.
    pub kind: ModifierKind,
    /// How long.
    pub lasting: Lasting,
}

/// The discard sub-zones (§1.2), in notation order.
pub const PILE_GENERAL: usize = 3;

/// One side's cards off the board, and its board.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SideCards {
    /// The hand, sorted by id then entry number.
    pub hand: Vec<HandCard>,
    /// The deck, top card **last**.
    pub deck: Vec<CardIndex>,
    /// `DISCARD.FRONT`, `FRONTIER`, `LANDING`, `GENERAL`, each sorted.
    pub discard: [Vec<CardIndex>; 4],
    /// The exile zone, sorted.
    pub exile: Vec<CardIndex>,
    /// The board, sorted by location then entry number.
    pub board: Vec<BoardCard>,
}

impl SideCards {
    /// Puts a card into a sorted pile.
    pub fn pile_insert(pile: &mut Vec<CardIndex>, card: CardIndex) {
        let at = pile.partition_point(|&c| c <= card);
        pile.insert(at, card);
    }

    /// Puts a card into the hand, keeping it sorted.
    pub fn hand_insert(&mut self, card: HandCard) {
        let at = self.hand.partition_point(|&c| c <= card);
        self.hand.insert(at, card);
    }

    /// Puts a card onto the board, keeping it sorted.
    pub fn board_insert(&mut self, card: BoardCard) {
        let at = self
            .board
            .partition_point(|c| (c.loc, c.entry) <= (card.loc, card.entry));
        self.board.insert(at, card);
    }

    /// Moves the board card at `index` to location `loc`, keeping the board sorted. The card
    /// is carried to its place one swap at a time: a move passes few cards, and this spares
    /// the two block copies of a removal and an insertion.
    pub fn board_move(&mut self, index: usize, loc: u8) {
        let board = &mut self.board;
        board[index].loc = loc;
        let key = |card: &BoardCard| (card.loc, card.entry);
        let mut at = index;
        while at > 0 && key(&board[at - 1]) > key(&board[at]) {
            board.swap(at - 1, at);
            at -= 1;
        }
        while at + 1 < board.len() && key(&board[at + 1]) < key(&board[at]) {
            board.swap(at, at + 1);
            at += 1;
        }
    }

    /// The position in the board list of the card with this entry number.
    #[must_use]
    pub fn board_position(&self, entry: u32) -> Option<usize> {
        self.board.iter().position(|c| c.entry == entry)
    }

    /// How many cards are in a location.
    #[must_use]
    pub fn count_at(&self, loc: u8) -> usize {
        self.board.iter().filter(|c| c.loc == loc).count()
    }

    /// Whether the hand holds two or more different ids.
    #[must_use]
    pub fn hand_has_two_ids(&self) -> bool {
        self.hand
            .first()
            .is_some_and(|first| self.hand.iter().any(|c| c.card != first.card))
    }

    /// Removes the copy of `card` with the lowest entry number from the hand.
    pub fn take_from_hand(&mut self, card: CardIndex) -> Option<HandCard> {
        let at = self.hand.iter().position(|c| c.card == card)?;
        Some(self.hand.remove(at))
    }

    /// Whether the side has cards (§8.1): in hand or on the board.
    #[must_use]
    pub fn has_cards(&self) -> bool {
        !self.hand.is_empty() || !self.board.is_empty()
    }
}

/// A board card's reference: its zone and entry number (§12.2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct CardRef {
    /// The zone it is (or was last) in.
    pub zone: Zone,
    /// Its entry number.
    pub entry: u32,
}

/// What a frame carries besides its position in the effect list (§12.3.4).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Extra {
    /// Nothing.
    #[default]
    None,
    /// A random discard with this many cards still to take.
    Left(u16),
    /// The cards a `shift` still has to move, the first being moved now.
    Shift(Vec<CardRef>),
}

/// One card's effect list for one trigger event, being resolved (§12.3.4).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    /// Which effects run.
    pub trigger: Trigger,
    /// The card whose effects run.
    pub card: CardIndex,
    /// The controller.
    pub side: Side,
    /// The source (§5.5), `None` for an event.
    pub source: Option<CardRef>,
    /// Where in the card's effect list resolution goes on.
    pub next: u8,
    /// A pending random discard or shift.
    pub extra: Extra,
}

/// Where the game rests (§12.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The forced discard of 7.3(c).
    Discard,
    /// The optional swap of 7.3(d).
    Swap,
    /// MAIN, or an effect waiting for a choice.
    Main,
    /// The hand-limit discard of 7.4(b).
    Trim,
    /// The game is over.
    Over,
}

impl Phase {
    /// The name in the notation.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Discard => "discard",
            Phase::Swap => "swap",
            Phase::Main => "main",
            Phase::Trim => "trim",
            Phase::Over => "over",
        }
    }
}

/// Why the game ended (§12.9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// §8.1.
    NoCards,
    /// §8.4.
    TurnLimit,
    /// §8.3.
    Concede,
}

impl Reason {
    /// The name in the notation and the outcome.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::NoCards => "no_cards",
            Reason::TurnLimit => "turn_limit",
            Reason::Concede => "concede",
        }
    }
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

/// A game of 棋戰卡牌.
#[derive(Clone, Debug)]
pub struct Qizhan {
    pub(crate) rules: Arc<Rules>,
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    pub(crate) active: Side,
    /// The active side's `turn_no`.
    pub(crate) turn: u32,
    pub(crate) spent: u32,
    pub(crate) bonus: u32,
    pub(crate) played: bool,
    pub(crate) last: BySide<bool>,
    pub(crate) seq: u32,
    pub(crate) result: Option<GameResult>,
    pub(crate) sides: BySide<SideCards>,
    /// Every attachment, in the order attached.
    pub(crate) attachments: Vec<Attachment>,
    /// Every timed or permanent modifier, in the order applied.
    pub(crate) modifiers: Vec<Modifier>,
    /// The stack, top frame **last**.
    pub(crate) stack: Vec<Frame>,
    /// A reusable buffer of (side, entry) pairs, so that resolution does not allocate.
    pub(crate) scratch: Vec<(Side, u32)>,
    /// The auras on the board, one per static effect of a card or attachment there, rebuilt
    /// by [`Qizhan::refresh_auras`] whenever a card with auras enters the board or an
    /// attachment is made, thinned when a card leaves, and moved along by
    /// [`Qizhan::move_auras`], so that effective stats need not look at every card.
    pub(crate) aura_sources: Vec<crate::stats::Aura>,
    /// The board's cards (side, card, entry) before the action being applied, a buffer
    /// reused so that finding an action's events allocates nothing (see `events_since`).
    pub(crate) board_before: Vec<(Side, CardIndex, u32)>,
}

impl Qizhan {
    /// The compiled rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A compiled card.
    #[must_use]
    pub fn card(&self, index: CardIndex) -> &Card {
        self.rules.table.card(index)
    }

    /// Where the game rests.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side on turn.
    #[must_use]
    pub fn active(&self) -> Side {
        self.active
    }

    /// The active side's turn number.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The result, once over.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// A side's cards.
    #[must_use]
    pub fn side(&self, side: Side) -> &SideCards {
        &self.sides[side]
    }

    /// The stack, top frame last.
    #[must_use]
    pub fn stack(&self) -> &[Frame] {
        &self.stack
    }

    /// The budget of the turn being played (§7.2).
    #[must_use]
    pub fn budget(&self) -> u32 {
        let options = &self.rules.options;
        let grown = options.cost_start.saturating_add(
            self.turn
                .saturating_sub(1)
                .saturating_mul(options.cost_growth),
        );
        grown.min(options.cost_max).saturating_add(self.bonus)
    }

    /// The board card with this entry number, with its side.
    #[must_use]
    pub fn find(&self, entry: u32) -> Option<(Side, &BoardCard)> {
        Side::BOTH.into_iter().find_map(|side| {
            self.sides[side]
                .board
                .iter()
                .find(|c| c.entry == entry)
                .map(|c| (side, c))
        })
    }

    /// The board card a reference names, if it is there.
    #[must_use]
    pub fn at(&self, card: CardRef) -> Option<&BoardCard> {
        self.sides[card.zone.side]
            .board
            .iter()
            .find(|c| c.entry == card.entry && c.loc == card.zone.loc)
    }

    /// The reference of a board card of `side`.
    #[must_use]
    pub fn reference(side: Side, card: &BoardCard) -> CardRef {
        CardRef {
            zone: Zone::new(side, card.loc),
            entry: card.entry,
        }
    }

    /// Whether a card is still on the board (by entry number; references keep the zone a
    /// source was last in).
    #[must_use]
    pub fn on_board(&self, card: Option<CardRef>) -> bool {
        card.is_some_and(|card| {
            self.sides[card.zone.side]
                .board
                .iter()
                .any(|c| c.entry == card.entry)
        })
    }

    /// The attachments of a host, in the order attached.
    pub fn attachments_of(&self, host: u32) -> impl Iterator<Item = CardIndex> + '_ {
        self.attachments
            .iter()
            .filter(move |a| a.host == host)
            .map(|a| a.card)
    }

    /// Whether a zone of a side has room for one more card.
    #[must_use]
    pub fn has_room(&self, zone: Zone) -> bool {
        let capacity = self.rules.options.zone_capacity as usize;
        capacity == 0 || self.sides[zone.side].count_at(zone.loc) < capacity
    }

    /// The kind of a location.
    #[must_use]
    pub fn kind(&self, loc: u8) -> ZoneKind {
        self.rules.graph.kind(loc)
    }

    /// The distance of two zones.
    #[must_use]
    pub fn distance(&self, from: Zone, to: Zone) -> u8 {
        self.rules.graph.distance(from, to)
    }

    /// Gives the next entry number.
    pub(crate) fn next_entry(&mut self) -> u32 {
        self.seq += 1;
        self.seq
    }

    /// The top card of a side's deck goes to its hand, with a new entry number.
    pub(crate) fn draw(&mut self, side: Side) -> bool {
        let Some(card) = self.sides[side].deck.pop() else {
            return false;
        };
        let entry = self.next_entry();
        self.sides[side].hand_insert(HandCard { card, entry });
        true
    }

    /// A hand card (lowest entry of its id) goes to `DISCARD.GENERAL`.
    pub(crate) fn discard_from_hand(&mut self, side: Side, card: CardIndex) {
        if self.sides[side].take_from_hand(card).is_some() {
            SideCards::pile_insert(&mut self.sides[side].discard[PILE_GENERAL], card);
        }
    }
}
