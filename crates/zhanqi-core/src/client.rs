//! The client contract: what a player's screen needs of a game beyond its notation.
//!
//! Each game implements [`ClientGame`] in its own crate (DESIGN.md §2a). The platform — the
//! server's rooms, the replay page, the browser shell — sees a game only through this trait
//! (erased by `zhanqi-protocol`'s dyn layer, where these typed values become JSON), so it never
//! needs a game's name, its notation or its rules:
//!
//! * **board and table**: the geometry to draw, and what one viewer sees, ready to draw;
//! * **events per viewer**: each seat and the spectators get only the events they may see;
//! * **choices**: every listed action as the clicks that send it, so no client parses notation;
//! * **setups**: choices too large to list (a deployment, a deck) with an editor, at any point
//!   of a game;
//! * **platform rules the game owns**: which platform actions a seat may take now, what a
//!   timeout does, which actions keep the clock running, whether the first seat is drawn;
//! * **settlement**: points and gold from the game's own tables through core's
//!   parameterised functions ([`crate::platform`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::platform::{GoldSettlement, Ladder, PointsSettlement};
use crate::{GameNotation, GameRng, PlatformAction, Seat, SeatSet, Viewer};

/// One listed action as a player makes it on screen: the things clicked, in order, and the
/// notation the last click sends.
///
/// Targets are names in the game's own vocabulary that its client module draws (a junqi post
/// `e4`; a shengke hand card `hand:3` then a field cell `c2`). A client highlights the first
/// targets of every choice, narrows the choices by each click, and sends `action` once one
/// choice is left whose clicks are all made.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Choice {
    /// The targets clicked, in order (at least one).
    pub clicks: Vec<String>,
    /// The action in the game's notation, as the engine protocol and the server read it.
    pub action: String,
}

/// What a seat's choice too large to list is, for the client's editor.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SetupEditor {
    /// What is being arranged, in the game's vocabulary (`deployment`, `deck`): the client
    /// module picks its editor by it.
    pub kind: &'static str,
    /// Whether the seat arranges it before the game starts (a junqi deployment, a shengke
    /// deck) rather than when the game asks for it during play.
    pub before_start: bool,
    /// Whether two places of the arrangement may be swapped ([`ClientGame::swap_setup`]).
    pub swaps: bool,
    /// Whether everybody may see a submitted arrangement (a shengke deck is public; a junqi
    /// deployment is secret).
    pub public: bool,
}

/// One reason of a refusal as a client says it to a person: a kind that the game's strings (or
/// the shell's, for the platform's own) turn into one sentence in the page's language, and its
/// named arguments, already in player-visible vocabulary (a post as the board's edge labels name
/// it, `e8`; a piece or card by the code the game's strings name, `M`). Never a rule id or an
/// internal coordinate: the English sentence beside it is for the engine protocol and logs.
///
/// On the wire: `{"kind":"mine_line","piece":"M","post":"e2"}`. A client translates an
/// argument `name` of value `v` by the strings' key `name_v` when there is one (`piece_M`,
/// `seat_s`) and shows the value as it is otherwise (`e2`, a number).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Reason {
    /// The kind: the key `refusal_<kind>` of the strings that say it.
    pub kind: String,
    /// The arguments, by name.
    #[serde(flatten)]
    pub args: BTreeMap<String, String>,
}

impl Reason {
    /// A reason of this kind without arguments.
    pub fn new(kind: impl Into<String>) -> Reason {
        Reason {
            kind: kind.into(),
            args: BTreeMap::new(),
        }
    }

    /// The reason with the argument `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl ToString) -> Reason {
        self.args.insert(name.to_owned(), value.to_string());
        self
    }
}

/// Why an arrangement was refused: every rule it breaks, each one sentence.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, thiserror::Error)]
#[error("{}", .violations.join("; "))]
pub struct SetupError {
    /// Every violation, in the order the rules list them, in English (the engine protocol's
    /// words).
    pub violations: Vec<String>,
    /// The places of the arrangement the violations name, in the game's editor vocabulary (a
    /// deck file's `line:3`, a card `card:M1`, a post `c5`), for the editor to mark them
    /// without reading the sentences.
    pub marks: Vec<String>,
    /// The violations as typed reasons for a person's screen, one for each violation, in the
    /// same order. Empty when the game has not typed them: the client then says in general
    /// that the arrangement breaks the rules.
    pub reasons: Vec<Reason>,
}

impl SetupError {
    /// An error of one violation.
    pub fn one(violation: impl Into<String>) -> SetupError {
        SetupError::all([violation])
    }

    /// An error of these violations.
    pub fn all(violations: impl IntoIterator<Item = impl Into<String>>) -> SetupError {
        SetupError {
            violations: violations.into_iter().map(Into::into).collect(),
            marks: Vec::new(),
            reasons: Vec::new(),
        }
    }

    /// An error of these violations, each an English sentence and its typed reason.
    pub fn typed(violations: impl IntoIterator<Item = (String, Reason)>) -> SetupError {
        let (violations, reasons) = violations.into_iter().unzip();
        SetupError {
            violations,
            marks: Vec::new(),
            reasons,
        }
    }

    /// The error, with the places its violations name.
    #[must_use]
    pub fn marking(mut self, marks: impl IntoIterator<Item = impl Into<String>>) -> SetupError {
        self.marks.extend(marks.into_iter().map(Into::into));
        self
    }
}

/// One option of a game that a player may set when opening a room, for the lobby's form.
///
/// The key and values are those of [`GameNotation::options_for`]'s extra options (the engine
/// protocol's `"options"`), so the form's answer is passed on as it is; the game still checks
/// every value (a form is a hint, not a rule).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct OptionField {
    /// The key in the options object (`ally_visible`).
    pub key: &'static str,
    /// What values it takes.
    pub kind: OptionKind,
    /// Its value in the standard game of the modes it applies to.
    pub default: serde_json::Value,
    /// The modes it applies to; empty for every mode.
    pub modes: &'static [&'static str],
    /// What the form calls it, in English.
    pub label_en: &'static str,
    /// What the form calls it, in Chinese.
    pub label_zh: &'static str,
}

impl OptionField {
    /// Whether the option applies to `mode`.
    #[must_use]
    pub fn applies_to(&self, mode: &str) -> bool {
        self.modes.is_empty() || self.modes.contains(&mode)
    }
}

/// What values an [`OptionField`] takes.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`, in steps of `step` from `min`.
    Int {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
        /// The step between values (1 for every whole number; 2 for even numbers from an
        /// even `min`).
        step: i64,
    },
    /// One of these strings.
    Choice {
        /// The values, the form listing them in this order.
        values: &'static [OptionValue],
    },
}

/// One value of an [`OptionKind::Choice`], with its labels.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct OptionValue {
    /// The value in the options object (`two_same`).
    pub value: &'static str,
    /// What the form calls it, in English.
    pub label_en: &'static str,
    /// What the form calls it, in Chinese.
    pub label_zh: &'static str,
}

/// What the platform does when a seat's clock runs out.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeoutRule {
    /// The game has its own timeout action ([`PlatformAction::Timeout`]), which the platform
    /// plays; the game counts lost turns and decides when they lose it.
    GameAction,
    /// The platform plays a uniformly random listed action for the seat; the `limit`th such
    /// timeout loses the game.
    PlayForSeat {
        /// The timeouts that lose the game.
        limit: u8,
    },
}

/// The draw offer waiting for answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PendingDraw {
    /// The seat that offered.
    pub by: Seat,
    /// The seats that have accepted so far.
    pub accepted: SeatSet,
}

/// How far a game has gone, for the platform to show beside the table (a room's move count,
/// each seat's standing and lost turns): what every viewer may know.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Progress {
    /// Moves completed, as the game counts them; 0 for a game that does not count them.
    pub moves: u32,
    /// Each seat in play, by name, with its standing; empty for a game that shows none.
    pub seats: Vec<SeatProgress>,
}

/// One seat's standing in [`Progress`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatProgress {
    /// The seat's name.
    pub seat: &'static str,
    /// `active`, `defeated` or `escaped`.
    pub status: &'static str,
    /// Turns lost to the clock, as the game counts them.
    pub timeouts: u32,
}

/// What a player's screen needs of a game: implemented by each game in its own crate.
///
/// The typed values here become JSON only at the wire, in `zhanqi-protocol`'s dyn layer.
/// Nothing here decides a rule that [`crate::Game`] does not already decide, and nothing
/// here may show a viewer more than [`crate::Game::view`] lets it see.
pub trait ClientGame: GameNotation {
    /// The board geometry to draw.
    type Board: Serialize;
    /// What one viewer sees, ready to draw.
    type Table: Serialize;
    /// One event as one viewer may see it.
    type EventView: Serialize;
    /// An arrangement (a deployment, a deck) as drawn in its editor.
    type Setup: Serialize;

    /// The options a player may set when opening a room, each with the modes it applies to
    /// (the lobby's form); options a form cannot offer (whole decks, card tables) are left
    /// out. The default: none.
    fn option_fields() -> Vec<OptionField> {
        Vec::new()
    }

    /// The board geometry of this game's options.
    fn board(&self) -> Self::Board;

    /// What `viewer` sees, built from what the viewer may know alone.
    fn table(&self, viewer: Viewer) -> Self::Table;

    /// How far the game has gone, for every viewer alike (a room shows it beside the table).
    /// The default: no moves counted and no seat standings.
    fn progress(&self) -> Progress {
        Progress::default()
    }

    /// The events of `action`, played on `before` to give `self`, as `viewer` may see them.
    fn event_views(
        &self,
        before: &Self,
        action: &Self::Action,
        events: &[Self::Event],
        viewer: Viewer,
    ) -> Vec<Self::EventView>;

    /// The seat whose move `event` shows, when the client marks it as that seat's last move.
    fn moved_by(&self, _event: &Self::EventView) -> Option<Seat> {
        None
    }

    /// A listed action of `seat` (from [`crate::Game::legal_actions`]) as the clicks that
    /// make it. The default is one click on a target named by the action's notation.
    fn choice(&self, _seat: Seat, action: &Self::Action) -> Choice {
        let action = self.action_text(action);
        Choice {
            clicks: vec![action.clone()],
            action,
        }
    }

    /// The editor of `seat`'s choice too large to list, when the game has one: before the
    /// game starts (`before_start`), or now, while [`crate::Game::has_unlisted_actions`].
    fn setup_editor(&self, _seat: Seat) -> Option<SetupEditor> {
        None
    }

    /// A random legal arrangement for `seat` to start from (the game's AI choice or the
    /// standard one).
    ///
    /// # Errors
    /// If the seat has nothing to arrange.
    fn random_setup(&self, _seat: Seat, _rng: &mut GameRng) -> Result<String, SetupError> {
        Err(self.no_setup())
    }

    /// An arrangement checked against every rule, in canonical form.
    ///
    /// # Errors
    /// If it is malformed, or every rule it breaks.
    fn check_setup(&self, _seat: Seat, _text: &str) -> Result<String, SetupError> {
        Err(self.no_setup())
    }

    /// The action, in the game's notation, that plays `seat`'s arrangement `text` (in
    /// [`ClientGame::check_setup`]'s form) when the game starts: a room keeps its seats'
    /// arrangements and starts (and replays) its game with them. The default: the
    /// arrangement's text is that action.
    ///
    /// # Errors
    /// If the arrangement is malformed or breaks a rule.
    fn setup_action(&self, _seat: Seat, text: &str) -> Result<String, SetupError> {
        Ok(text.to_owned())
    }

    /// The arrangement with the things at two of `seat`'s places (by name) swapped, if legal.
    ///
    /// # Errors
    /// If a place is not the seat's, the text is malformed, or every rule the swap breaks.
    fn swap_setup(
        &self,
        _seat: Seat,
        _text: &str,
        _a: &str,
        _b: &str,
    ) -> Result<String, SetupError> {
        Err(self.no_setup())
    }

    /// An arrangement as `seat`'s editor draws it (legality not required).
    ///
    /// # Errors
    /// If the text is malformed.
    fn setup_view(&self, _seat: Seat, _text: &str) -> Result<Self::Setup, SetupError> {
        Err(self.no_setup())
    }

    /// What everybody may see of a submitted arrangement; `None` when arrangements are secret.
    fn public_setup(&self, _text: &str) -> Option<Self::Setup> {
        None
    }

    /// The options that the seats' arrangements stand for, when the game takes them as
    /// options (shengke's decks) rather than as each seat's first action; `None` otherwise.
    ///
    /// # Errors
    /// If an arrangement is refused, naming the seat.
    fn setup_options(
        &self,
        _setups: &[(Seat, &str)],
    ) -> Result<Option<serde_json::Value>, SetupError> {
        Ok(None)
    }

    /// The error of a game or seat with nothing to arrange.
    fn no_setup(&self) -> SetupError {
        SetupError::typed([(
            format!("{} has nothing to arrange here", Self::NAME),
            Reason::new("nothing_to_arrange"),
        )])
    }

    /// Whether `seat` may take the platform action `kind` now. The default plays the game's
    /// action for it ([`crate::Game::platform_action`]) on a copy.
    fn allows(&self, seat: Seat, kind: PlatformAction) -> bool {
        self.platform_action(kind)
            .is_some_and(|action| self.clone().apply(seat, &action).is_ok())
    }

    /// Whether `seat` still plays: leaving the table now is an escape, and an AI there answers
    /// draw offers. The default: every seat, until the game is over (a game where seats drop
    /// out, as 4p junqi's defeated seats, says so).
    fn seat_active(&self, _seat: Seat) -> bool {
        self.outcome().is_none()
    }

    /// The draw offer waiting for answers, in a game with draw offers.
    fn pending_draw(&self) -> Option<PendingDraw> {
        None
    }

    /// What the platform does when a seat's clock runs out.
    fn timeout_rule(&self) -> TimeoutRule;

    /// Whether `action`, played by the seat whose clock runs, restarts the clock for the next
    /// seat to act. The default: every action but draw offers and answers (junqi DR-4).
    fn restarts_clock(&self, action: &Self::Action) -> bool {
        !matches!(
            self.as_platform_action(action),
            Some(
                PlatformAction::OfferDraw | PlatformAction::AcceptDraw | PlatformAction::RefuseDraw
            )
        )
    }

    /// Whether the platform draws which participant takes the first seat at the start (the
    /// first seat always moves first), as shengke's die roll or coin.
    fn first_player_drawn(&self) -> bool {
        false
    }

    /// The family of games whose points and rank a player's profile keeps for this game
    /// (the game's name unless several games share one ladder).
    fn profile_family() -> &'static str
    where
        Self: Sized,
    {
        Self::NAME
    }

    /// The ranks a player's points give in this game's family, and the table and gold
    /// multipliers they set; `None` for a family without ranks (points only, tables ×1).
    fn ladder() -> Option<&'static Ladder>
    where
        Self: Sized,
    {
        None
    }

    /// Each seat's change in points once the game is over, from the points each seated
    /// player had at the start (in seat order), with the reason of every value a platform rule
    /// set aside; `None` when the game keeps no points.
    fn points_settlement(&self, _points_at_start: &[i64]) -> Option<PointsSettlement> {
        None
    }

    /// Each seat's change in gold once the game is over, in a gold room of base stake `base`;
    /// `None` when the game has no gold rooms.
    fn gold_change(&self, _base: i64, _points_at_start: &[i64]) -> Option<GoldSettlement> {
        None
    }
}
