//! A game of 生剋棋 that starts at a random ply of a random game, so that the testkit, which
//! checks every position from `new` on, checks a window of plies anywhere in a game.

use zhanqi_core::{
    Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction, Rolled,
    Seat, SeatSet, Team, ToAct, Viewer,
};
use zhanqi_shengke::{Action, Event, Illegal, Shengke, ShengkeOptions, ShengkeView};

use crate::common::random_plies;

/// How many plies of each game the testkit checks (with `max_plies`), from the random start.
pub const WINDOW: usize = 8;

/// The first ply of the window is drawn from `0..LATEST_START`: a standard game lasts about
/// 45 plies (20 turns of a roll, a placement and now and then an element or a recovery).
const LATEST_START: usize = 45;

/// [`Shengke`], started `k` random plies into the game with the same seed (`k` drawn from the
/// seed): everything else is the game's own.
#[derive(Clone, Debug)]
pub struct MidGame(Shengke);

impl MidGame {
    /// The game with `seed`, after its random opening: rolls with its own RNG, and actions
    /// drawn uniformly from those listed.
    fn after_random_plies(mut game: Shengke, seed: u64) -> MidGame {
        let mut rng = GameRng::stream(seed, 99);
        let plies = rng.below(LATEST_START);
        random_plies(&mut game, &mut rng, plies);
        MidGame(game)
    }
}

impl Game for MidGame {
    type Options = ShengkeOptions;
    type Action = Action;
    type View = ShengkeView;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &ShengkeOptions, seed: u64) -> Result<MidGame, OptionsError> {
        Ok(MidGame::after_random_plies(
            Shengke::new(options, seed)?,
            seed,
        ))
    }

    fn options(&self) -> &ShengkeOptions {
        self.0.options()
    }

    fn seats(&self) -> SeatSet {
        self.0.seats()
    }

    fn team(&self, seat: Seat) -> Team {
        self.0.team(seat)
    }

    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.0.legal_actions(seat, out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        self.0.chance_outcomes(out);
    }

    fn roll(&mut self) -> Rolled<MidGame> {
        self.0.roll()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        self.0.apply(seat, action)
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        self.0.apply_unchecked(seat, action);
    }

    fn view(&self, viewer: Viewer) -> ShengkeView {
        self.0.view(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> MidGame {
        MidGame(self.0.determinize(observer, rng))
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<Action> {
        self.0.platform_action(kind)
    }

    fn as_platform_action(&self, action: &Action) -> Option<PlatformAction> {
        self.0.as_platform_action(action)
    }
}

impl GameNotation for MidGame {
    const NAME: &'static str = Shengke::NAME;
    const MODES: &'static [&'static str] = Shengke::MODES;

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<ShengkeOptions, NotationError> {
        Shengke::options_for(mode, extra)
    }

    fn mode(&self) -> &'static str {
        self.0.mode()
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        self.0.seat_name(seat)
    }

    fn position(&self, viewer: Viewer) -> String {
        self.0.position(viewer)
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<MidGame, NotationError> {
        Shengke::load(text, extra, seed).map(MidGame)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, NotationError> {
        self.0.parse_action(seat, text)
    }

    fn action_text(&self, action: &Action) -> String {
        self.0.action_text(action)
    }

    fn record_text(&self, action: &Action, events: &[Event]) -> String {
        self.0.record_text(action, events)
    }
}
