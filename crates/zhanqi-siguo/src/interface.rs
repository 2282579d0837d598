//! How 四國戰棋 meets the core traits: [`Game`] and [`GameNotation`].

use zhanqi_core::{
    BySeat, Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction,
    Rolled, Seat, SeatResult, SeatSet, Team, ToAct, Viewer,
};

use crate::deployment::Deployment;
use crate::geometry::enemies;
use crate::notation::{action_text, parse_action, record_text};
use crate::position::Turn;
use crate::{Action, EndReason, Event, Illegal, Position, Siguo, SiguoOptions, SiguoView};

/// The one mode's name: 四國戰棋 has a single mode (§15.1), so requests carry none.
pub const MODE: &str = "standard";

impl Game for Siguo {
    type Options = SiguoOptions;
    type Action = Action;
    type View = SiguoView;
    type Event = Event;
    type Illegal = Illegal;

    /// A new game at the deployment phase (`d1234`); `new` draws nothing, so the seed is not
    /// used (the random deployments of §15.5 are [`Siguo::deployed`]'s).
    fn new(options: &SiguoOptions, _seed: u64) -> Result<Siguo, OptionsError> {
        let problems = options.problems();
        if !problems.is_empty() {
            return Err(OptionsError(problems.join("; ")));
        }
        Ok(Siguo::start(options.clone()))
    }

    fn options(&self) -> &SiguoOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        SeatSet::first(4)
    }

    fn team(&self, seat: Seat) -> Team {
        Team((seat.index() % 2) as u8)
    }

    fn to_act(&self) -> ToAct {
        match self.position.turn {
            Turn::Over => ToAct::Over,
            _ => ToAct::Seats(self.acting()),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.push_actions(seat, out);
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        matches!(self.position.turn, Turn::Deploying(waiting) if waiting.contains(seat))
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        self.has_unlisted_actions(seat)
            .then(|| Action::Deploy(Box::new(Deployment::random(seat, rng))))
    }

    fn roll(&mut self) -> Rolled<Siguo> {
        // §15.1: no chance nodes; the only answer is a refusal.
        Err(Illegal::NoChance)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.play(seat, action, &mut events);
        Ok(events)
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        self.play(seat, action, &mut crate::Quiet);
    }

    fn view(&self, viewer: Viewer) -> SiguoView {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end_reason()?;
        let alive = self.position.alive();
        let winners: SeatSet = match reason {
            EndReason::GeneralsCaptured => {
                let standing = alive.lowest().unwrap_or(Seat::new(0));
                (0..4)
                    .map(Seat::new)
                    .filter(|&seat| !enemies(seat, standing))
                    .collect()
            }
            _ => SeatSet::EMPTY,
        };
        let results = BySeat::from_fn(|seat| {
            if winners.is_empty() {
                SeatResult::Draw
            } else if winners.contains(seat) {
                SeatResult::Win
            } else {
                SeatResult::Loss
            }
        });
        Some(Outcome {
            winners,
            reason: reason.name(),
            results,
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Siguo {
        self.determinized(observer, rng)
    }

    fn platform_action(&self, _kind: PlatformAction) -> Option<Action> {
        // The spec defines no platform action (§15): no timeouts, draw offers or surrender.
        None
    }

    fn as_platform_action(&self, _action: &Action) -> Option<PlatformAction> {
        None
    }
}

impl GameNotation for Siguo {
    const NAME: &'static str = "siguo";
    const MODES: &'static [&'static str] = &[MODE];
    // §15.5: the engine plays the default ruleset and refuses options; rooms offer all of §14.
    const ENGINE_OPTIONS: bool = false;

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<SiguoOptions, NotationError> {
        if let Some(mode) = mode
            && mode != MODE
        {
            return Err(NotationError::new(
                "mode",
                0,
                format!("'{mode}' is not a siguo mode; siguo has one mode, {MODE}"),
            ));
        }
        let options: SiguoOptions = match extra {
            None | Some(serde_json::Value::Null) => SiguoOptions::default(),
            Some(value) => serde_json::from_value(value.clone())
                .map_err(|error| NotationError::new("options", 0, error.to_string()))?,
        };
        let problems = options.problems();
        if problems.is_empty() {
            Ok(options)
        } else {
            Err(NotationError::new("options", 0, problems.join("; ")))
        }
    }

    fn mode(&self) -> &'static str {
        MODE
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        ["1", "2", "3", "4"][seat.index()]
    }

    fn position(&self, viewer: Viewer) -> String {
        self.view_for(viewer).position.write()
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        _seed: u64,
    ) -> Result<Siguo, NotationError> {
        let options = Siguo::options_for(None, extra)?;
        let position = Position::parse(text, &options)?;
        let problems = position.problems(&options);
        if problems.is_empty() {
            Ok(Siguo::from_position(options, position))
        } else {
            Err(NotationError::new("position", 0, problems.join("; ")))
        }
    }

    /// Reads an action of §11.4; a deployment only as its deployment string (§15.3.1). A
    /// room's layouts reach the game through [`zhanqi_core::ClientGame::setup_action`].
    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, NotationError> {
        parse_action(text)
    }

    fn action_text(&self, action: &Action) -> String {
        action_text(action)
    }

    fn record_text(&self, action: &Action, _events: &[Event]) -> String {
        record_text(action)
    }
}
