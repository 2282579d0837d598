//! The one trait every zhanqi game implements.

use std::fmt::Debug;

use serde::{Serialize, de::DeserializeOwned};

use crate::{BySeat, GameRng, Seat, SeatSet, Team, Viewer};

/// Who must act now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToAct {
    /// These seats must act. Usually one; several during a simultaneous hidden phase (each
    /// seat's deployment), where each acts once in any order.
    Seats(SeatSet),
    /// A chance node: the platform draws one of [`Game::chance_outcomes`] with the state's RNG.
    Chance,
    /// The game is over.
    Over,
}

/// An action that the platform takes for a player rather than a move of the rules: the clock
/// running out, draw offers and their answers, surrender and escape. Each game's rules say when
/// each is legal (junqi: `T`, `draw?`, `draw+`, `draw-`, `resign`, `escape`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlatformAction {
    /// The seat to act let its clock run out and loses the turn.
    Timeout,
    /// The seat offers a draw.
    OfferDraw,
    /// The seat accepts the pending draw offer.
    AcceptDraw,
    /// The seat refuses the pending draw offer.
    RefuseDraw,
    /// The seat surrenders.
    Resign,
    /// The seat left the game (escape).
    Escape,
}

/// How the game ended for one seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatResult {
    /// The seat's team won (defeated members of the winning team included).
    Win,
    /// The seat's team lost.
    Loss,
    /// The game was drawn.
    Draw,
    /// The seat escaped; its escape penalty replaces the team result.
    Escaped,
    /// Nobody played this seat.
    Absent,
}

/// The end of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Outcome {
    /// The seats that won; empty for a draw or a game with no winner.
    pub winners: SeatSet,
    /// Why the game ended, as the game's specification names it (junqi: `flag_captured`,
    /// `no_moves`, `timeouts`, `last_pieces`, `no_attack_limit`, `draw_agreed`, `surrender`,
    /// `escape`).
    pub reason: &'static str,
    /// Each seat's result, for scoring.
    pub results: BySeat<SeatResult>,
}

impl Outcome {
    /// Whether nobody won.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

/// The options given to [`Game::new`] do not describe a game that can be played.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid game options: {0}")]
pub struct OptionsError(pub String);

/// What [`Game::roll`] gives: the outcome drawn and its events, or why no roll was possible.
pub type Rolled<G> = Result<(<G as Game>::Action, Vec<<G as Game>::Event>), <G as Game>::Illegal>;

/// A game: its rules, its state and what each viewer may see of it.
///
/// Same options, same seed and same actions give the same game, byte for byte: the state owns
/// its RNG and draws every deal, shuffle and chance outcome from it.
pub trait Game: Clone + Send + Sync + 'static {
    /// Mode, seat count and rule switches; `Default` is the standard game.
    type Options: Clone + Default + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned;
    /// One action of one seat (or one chance outcome).
    type Action: Clone + PartialEq + Eq + Debug + Send + Sync;
    /// Everything one viewer may know, nothing more.
    type View: Clone + Debug;
    /// What happened when an action was applied (battle results, reveals, defeats): drives
    /// logs and animation.
    type Event: Clone + Debug + PartialEq;
    /// Why an action was refused, shown to people as one sentence.
    type Illegal: std::error::Error + Clone + Send + Sync + 'static;

    /// A new game. Deals, shuffles and any other setup chance are drawn from `seed`.
    ///
    /// # Errors
    /// If the options describe no playable game.
    fn new(options: &Self::Options, seed: u64) -> Result<Self, OptionsError>;

    /// The options the game was created with.
    fn options(&self) -> &Self::Options;

    /// The seats in play.
    fn seats(&self) -> SeatSet;

    /// The team of a seat.
    fn team(&self, seat: Seat) -> Team;

    /// Who must act now.
    fn to_act(&self) -> ToAct;

    /// Appends every legal action of `seat` to `out` (which the caller clears). Platform actions
    /// (see [`PlatformAction`]) are never listed. Appends nothing when the seat need not act, or
    /// when its choice is too large to list (see [`Game::has_unlisted_actions`]).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Whether `seat` must now make a choice too large to list (a whole hidden deployment):
    /// any action the rules accept is legal, and [`Game::random_unlisted_action`] draws one.
    fn has_unlisted_actions(&self, _seat: Seat) -> bool {
        false
    }

    /// A uniformly random legal choice for a seat whose choice is too large to list; `None`
    /// when the seat has no such choice to make.
    fn random_unlisted_action(&self, _seat: Seat, _rng: &mut GameRng) -> Option<Self::Action> {
        None
    }

    /// At a chance node, every outcome with its weight (appended to `out`, cleared by the
    /// caller).
    fn chance_outcomes(&self, _out: &mut Vec<(Self::Action, u32)>) {}

    /// Draws a chance outcome with the state's own RNG and applies it.
    ///
    /// # Errors
    /// If the game is not at a chance node.
    fn roll(&mut self) -> Rolled<Self>;

    /// Applies an action after checking it; a refused action leaves the state untouched.
    /// `seat` is ignored at a chance node.
    ///
    /// # Errors
    /// If the action is not legal for `seat` now, with the reason.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Illegal>;

    /// Applies an action known to be legal (taken from [`Game::legal_actions`]), without
    /// checking it and without collecting events: the fast path for search and simulation.
    ///
    /// Applying an illegal action this way leaves the state meaningless but never unsafe.
    fn apply_unchecked(&mut self, seat: Seat, action: &Self::Action);

    /// What `viewer` may see of the game.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A full state that `observer` cannot tell apart from this one: everything the observer
    /// cannot see is resampled from `rng`, consistently with what the observer has seen.
    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self;

    /// This game's action for a platform action, or `None` when the game has no such action.
    fn platform_action(&self, kind: PlatformAction) -> Option<Self::Action>;

    /// Which platform action `action` is, if it is one.
    fn as_platform_action(&self, action: &Self::Action) -> Option<PlatformAction>;
}
