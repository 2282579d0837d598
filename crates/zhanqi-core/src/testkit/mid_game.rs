//! [`MidGame`]: a game that starts at a random ply of a random game, so that the testkit, which
//! checks every position from `new` on, checks a window of plies anywhere in a game.

use crate::{
    Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction, Rolled,
    Seat, SeatSet, Team, ToAct, Viewer,
};

use super::playout::listed;

/// The stream of the seed that draws the first ply and the plies up to it.
const STREAM: u64 = 99;

/// Plays up to `plies` random plies: a roll with the game's own RNG at a chance node, a seat's
/// unlisted choice drawn with `random_unlisted_action`, or an action drawn uniformly from
/// those listed (for the lowest seat to act). Stops early at game over.
///
/// # Panics
/// If a roll is refused, or a seat must act and lists no action.
pub fn random_plies<G: Game>(game: &mut G, rng: &mut GameRng, plies: usize) {
    for _ in 0..plies {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                if let Err(error) = game.roll() {
                    panic!("roll refused at a chance node: {error}");
                }
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("to_act names a seat");
                if let Some(choice) = game.random_unlisted_action(seat, rng) {
                    game.apply_unchecked(seat, &choice);
                    continue;
                }
                let actions = listed(game, seat);
                assert!(!actions.is_empty(), "a seat must act but lists no action");
                game.apply_unchecked(seat, &actions[rng.below(actions.len())]);
            }
        }
    }
}

/// The game `G`, started `k` [`random_plies`] into the game with the same seed, `k` drawn
/// from `0..LATEST_START` with the seed; everything else is the game's own.
///
/// ```
/// use zhanqi_core::testkit::{self, MidGame, PlayoutConfig, toy::HiddenRace};
///
/// // Windows of 5 plies, each starting somewhere in the first 12 plies of its game.
/// let config = PlayoutConfig { games: 20, max_plies: 5, seed: 0 };
/// testkit::check_all::<MidGame<HiddenRace, 12>>(&Default::default(), &config);
/// ```
#[derive(Clone, Debug)]
pub struct MidGame<G, const LATEST_START: usize>(pub G);

impl<G: Game, const LATEST_START: usize> Game for MidGame<G, LATEST_START> {
    type Options = G::Options;
    type Action = G::Action;
    type View = G::View;
    type Event = G::Event;
    type Illegal = G::Illegal;

    fn new(options: &G::Options, seed: u64) -> Result<Self, OptionsError> {
        let mut game = G::new(options, seed)?;
        let mut rng = GameRng::stream(seed, STREAM);
        let plies = rng.below(LATEST_START);
        random_plies(&mut game, &mut rng, plies);
        Ok(MidGame(game))
    }

    fn options(&self) -> &G::Options {
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

    fn legal_actions(&self, seat: Seat, out: &mut Vec<G::Action>) {
        self.0.legal_actions(seat, out);
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        self.0.has_unlisted_actions(seat)
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<G::Action> {
        self.0.random_unlisted_action(seat, rng)
    }

    fn chance_outcomes(&self, out: &mut Vec<(G::Action, u32)>) {
        self.0.chance_outcomes(out);
    }

    fn roll(&mut self) -> Rolled<Self> {
        self.0.roll()
    }

    fn apply(&mut self, seat: Seat, action: &G::Action) -> Result<Vec<G::Event>, G::Illegal> {
        self.0.apply(seat, action)
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &G::Action) {
        self.0.apply_unchecked(seat, action);
    }

    fn view(&self, viewer: Viewer) -> G::View {
        self.0.view(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        MidGame(self.0.determinize(observer, rng))
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<G::Action> {
        self.0.platform_action(kind)
    }

    fn as_platform_action(&self, action: &G::Action) -> Option<PlatformAction> {
        self.0.as_platform_action(action)
    }
}

impl<G: GameNotation, const LATEST_START: usize> GameNotation for MidGame<G, LATEST_START> {
    const NAME: &'static str = G::NAME;
    const MODES: &'static [&'static str] = G::MODES;

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<G::Options, NotationError> {
        G::options_for(mode, extra)
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
    ) -> Result<Self, NotationError> {
        G::load(text, extra, seed).map(MidGame)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<G::Action, NotationError> {
        self.0.parse_action(seat, text)
    }

    fn action_text(&self, action: &G::Action) -> String {
        self.0.action_text(action)
    }

    fn record_text(&self, action: &G::Action, events: &[G::Event]) -> String {
        self.0.record_text(action, events)
    }
}
