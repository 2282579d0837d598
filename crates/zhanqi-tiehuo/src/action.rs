//! Actions (§17.5), chance outcomes (§17.7) and events.

use crate::catalog::CardIndex;
use crate::state::Cards;
use crate::token::{BattleCard, Class, Player};

/// One action of a seat, or one chance outcome.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Chance: the environment d6 face.
    Environment(u8),
    /// Chance: the faces of one logistics roll, in order.
    Logistics(Vec<u8>),
    /// Chance: a range value (target count, hits, damage magnitude).
    Value(u8),
    /// Chance: the token of the card a fog draw turns over.
    Draw(BattleCard),
    /// A whole deployment (17.5.1), sorted.
    Deploy(Vec<CardIndex>),
    /// `done`.
    Done,
    /// `X.k`: a single attack, or joining a focus declaration.
    Attack(BattleCard, u8),
    /// `F@T`: open a focus declaration on `T` (no fog).
    FocusOn(BattleCard),
    /// `fire`: declare the focus (no fog).
    Fire,
    /// `F`: open a focus declaration under fog.
    FocusFog,
    /// `X` under fog: name a face-up card.
    Name(BattleCard),
    /// `<cls>` under fog: name an own face-down class.
    NameClass(Class),
    /// `.k` under fog: the option of the named card or of the participant just turned over.
    Option(u8),
    /// `<s><cls>`: designate a face-down class of seat `s`.
    Designate(Player, Class),
    /// `pass`: end a fog turn without an attack.
    Pass,
    /// `@T`: the target of a focus declaration under fog.
    FocusTarget(BattleCard),
    /// `@t1,t2,…`: the targets of an attack, in order.
    Targets(Cards),
    /// `end`: end a wait, a resupply or a cut-off.
    End,
    /// `+ID`: resupply one card.
    Resupply(CardIndex),
    /// `-TOKEN`: cut off one card.
    CutOff(BattleCard),
    /// `concede` (17.9).
    Concede,
}

/// What happened when an action was applied, as far as the positions before and after show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A card of this player was destroyed and went to the discard pile.
    Destroyed(Player, CardIndex),
    /// This many of the player's face-down cards turned face up.
    Revealed(Player, usize),
    /// The game ended.
    GameOver,
}
