//! A game of 四國戰棋 that starts at a random ply of a random game, with the client contract of
//! [`Siguo`], so that the testkit's client-contract check, which checks every position from
//! `new` on, checks a window of plies anywhere in a game: bases, redeployments, bombs,
//! exchanges and eliminations come late in random games.

use zhanqi_core::{
    Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction, Rolled,
    Seat, SeatSet, Team, ToAct, Viewer,
};
use zhanqi_siguo::{Action, Event, Illegal, Siguo, SiguoOptions, SiguoView};

/// The first ply of the window is drawn from `0..LATEST_START`: a standard random game lasts
/// about 1,800 plies (most reach the 2,000-action limit).
const LATEST_START: usize = 1500;

/// Plays `plies` uniformly random plies (random deployments included) with `rng`.
pub fn random_plies(game: &mut Siguo, rng: &mut GameRng, plies: usize) {
    let mut actions = Vec::new();
    for _ in 0..plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().expect("a seat acts");
        if let Some(deployment) = game.random_unlisted_action(seat, rng) {
            game.apply_unchecked(seat, &deployment);
            continue;
        }
        actions.clear();
        game.legal_actions(seat, &mut actions);
        let action = actions[rng.below(actions.len())].clone();
        game.apply_unchecked(seat, &action);
    }
}

/// [`Siguo`], started `k` random plies into the game with the same seed (`k` drawn from the
/// seed): everything else is the game's own.
#[derive(Clone, Debug)]
pub struct MidGame(Siguo);

impl Game for MidGame {
    type Options = SiguoOptions;
    type Action = Action;
    type View = SiguoView;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &SiguoOptions, seed: u64) -> Result<MidGame, OptionsError> {
        let mut game = Siguo::new(options, seed)?;
        let mut rng = GameRng::stream(seed, 99);
        let plies = rng.below(LATEST_START);
        random_plies(&mut game, &mut rng, plies);
        Ok(MidGame(game))
    }

    fn options(&self) -> &SiguoOptions {
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

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        self.0.has_unlisted_actions(seat)
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        self.0.random_unlisted_action(seat, rng)
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

    fn view(&self, viewer: Viewer) -> SiguoView {
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
    const NAME: &'static str = Siguo::NAME;
    const MODES: &'static [&'static str] = Siguo::MODES;

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<SiguoOptions, NotationError> {
        Siguo::options_for(mode, extra)
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
        Siguo::load(text, extra, seed).map(MidGame)
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

impl zhanqi_core::ClientGame for MidGame {
    type Board = <Siguo as zhanqi_core::ClientGame>::Board;
    type Table = <Siguo as zhanqi_core::ClientGame>::Table;
    type EventView = <Siguo as zhanqi_core::ClientGame>::EventView;
    type Setup = <Siguo as zhanqi_core::ClientGame>::Setup;

    fn board(&self) -> Self::Board {
        self.0.board()
    }

    fn table(&self, viewer: Viewer) -> Self::Table {
        self.0.table(viewer)
    }

    fn event_views(
        &self,
        before: &MidGame,
        action: &Action,
        events: &[Event],
        viewer: Viewer,
    ) -> Vec<Self::EventView> {
        self.0.event_views(&before.0, action, events, viewer)
    }

    fn choice(&self, seat: Seat, action: &Action) -> zhanqi_core::Choice {
        self.0.choice(seat, action)
    }

    fn setup_editor(&self, seat: Seat) -> Option<zhanqi_core::SetupEditor> {
        self.0.setup_editor(seat)
    }

    fn random_setup(
        &self,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Result<String, zhanqi_core::SetupError> {
        self.0.random_setup(seat, rng)
    }

    fn check_setup(&self, seat: Seat, text: &str) -> Result<String, zhanqi_core::SetupError> {
        self.0.check_setup(seat, text)
    }

    fn setup_view(&self, seat: Seat, text: &str) -> Result<Self::Setup, zhanqi_core::SetupError> {
        self.0.setup_view(seat, text)
    }

    fn timeout_rule(&self) -> zhanqi_core::TimeoutRule {
        self.0.timeout_rule()
    }
}
