//! Actions (§12.5) and the events that applying them reports.

use crate::board::{Side, Zone};
use crate::cards::CardIndex;
use crate::state::{CardRef, GameResult};

/// One action of a seat, or a chance outcome (§12.5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// `discard <id>`: the forced or the hand-limit discard.
    Discard(CardIndex),
    /// `noswap`.
    NoSwap,
    /// `swap <id>`.
    Swap(CardIndex),
    /// `end`.
    End,
    /// `play <id> <zone>`: a main card.
    PlayInto(CardIndex, Zone),
    /// `play <id> <ref>`: an attachment onto a host, or a skill or soul skill with a caster.
    PlayOn(CardIndex, CardRef),
    /// `play <id>`: an event.
    PlayEvent(CardIndex),
    /// `move <ref> <zone>`.
    Move(CardRef, Zone),
    /// `attack <ref> <ref>`.
    Attack(CardRef, CardRef),
    /// `target <ref>`.
    TargetCard(CardRef),
    /// `target <zone>`.
    TargetZone(Zone),
    /// `to <zone>`: a shift destination.
    To(Zone),
    /// `revive <id> <zone>`.
    Revive(CardIndex, Zone),
    /// `<id>#<n>`: the hand card a random discard takes (a chance outcome).
    Take(CardIndex, u32),
    /// `concede`.
    Concede,
}

/// What happened when an action was applied.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A main card left the board (destroyed or exiled): its id and owner.
    LeftBoard(CardIndex, Side),
    /// A side drew this many cards.
    Drew(Side, usize),
    /// A side discarded this many cards from hand.
    Discarded(Side, usize),
    /// The turn passed to a side.
    TurnStarted(Side),
    /// The game ended.
    Ended(GameResult),
}
