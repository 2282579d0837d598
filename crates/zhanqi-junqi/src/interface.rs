//! How junqi meets the core traits: [`Game`] and [`GameNotation`].

use zhanqi_core::{
    Game, GameNotation, GameRng, ImportError, ImportedRecord, NotationError, OptionsError, Outcome,
    PlatformAction, Rolled, Seat, SeatSet, Team, ToAct, Viewer,
};

use crate::game::{play, play_quietly};
use crate::notation::{
    action_text, check_full, parse_action, parse_position, record_text, write_position,
};
use crate::position::Turn;
use crate::{Action, Deployment, Event, Illegal, Junqi, JunqiOptions, JunqiView, Mode};

impl Game for Junqi {
    type Options = JunqiOptions;
    type Action = Action;
    type View = JunqiView;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &JunqiOptions, seed: u64) -> Result<Junqi, OptionsError> {
        if options.mode != Mode::FourPlayer && (options.two_players_on_4p || options.ally_visible) {
            return Err(OptionsError(
                "two_players_on_4p and ally_visible belong to the 4p mode".into(),
            ));
        }
        if options.two_players_on_4p && options.ally_visible {
            return Err(OptionsError(
                "two players on the 4p board have no allies to see".into(),
            ));
        }
        Ok(Junqi::start(*options, seed))
    }

    fn options(&self) -> &JunqiOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        self.position.seats_in_play()
    }

    fn team(&self, seat: Seat) -> Team {
        self.team_of(seat)
    }

    fn to_act(&self) -> ToAct {
        match self.position.turn {
            Turn::Over => ToAct::Over,
            Turn::Deploying => ToAct::Seats(self.undeployed()),
            Turn::Seat(seat) => ToAct::Seats(SeatSet::only(seat)),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.push_actions(seat, out);
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        self.undeployed().contains(seat)
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        self.has_unlisted_actions(seat)
            .then(|| Action::Deploy(Deployment::random(rng)))
    }

    fn roll(&mut self) -> Rolled<Junqi> {
        Err(Illegal::NotInThisMode("junqi has no chance nodes"))
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        play(self, seat, action, &mut events);
        Ok(events)
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        play_quietly(self, seat, action);
    }

    fn view(&self, viewer: Viewer) -> JunqiView {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(Outcome {
            winners: self.winners(),
            reason: end.reason.name(),
            results: self.results(),
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Junqi {
        self.determinized(observer, rng)
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<Action> {
        Some(Action::Platform(kind))
    }

    fn as_platform_action(&self, action: &Action) -> Option<PlatformAction> {
        match action {
            Action::Platform(platform) => Some(*platform),
            _ => None,
        }
    }
}

impl GameNotation for Junqi {
    const NAME: &'static str = "junqi";
    const MODES: &'static [&'static str] = &["2p", "4p", "dark"];

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<JunqiOptions, NotationError> {
        let mode_name = mode.unwrap_or("2p");
        let mode = Mode::from_name(mode_name).ok_or_else(|| {
            NotationError::new(
                "mode",
                0,
                format!("'{mode_name}' is not a junqi mode; expected 2p, 4p or dark"),
            )
        })?;
        let mut value = extra.cloned().unwrap_or_else(|| serde_json::json!({}));
        let Some(object) = value.as_object_mut() else {
            return Err(NotationError::new(
                "options",
                0,
                "options must be a JSON object",
            ));
        };
        object.insert("mode".into(), serde_json::json!(mode.name()));
        serde_json::from_value(value)
            .map_err(|error| NotationError::new("options", 0, error.to_string()))
    }

    fn mode(&self) -> &'static str {
        self.options.mode.name()
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        self.position.seat_name(seat)
    }

    fn position(&self, viewer: Viewer) -> String {
        write_position(&self.view_for(viewer).position)
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Junqi, NotationError> {
        let position = parse_position(text)?;
        let mut options = Junqi::options_for(Some(position.mode.name()), extra)?;
        options.two_players_on_4p =
            position.mode == Mode::FourPlayer && position.seats_in_play().len() == 2;
        check_full(&position, &options)?;
        Ok(Junqi::from_position(options, position, seed))
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, NotationError> {
        parse_action(self.board(), self.options.mode, text)
    }

    fn action_text(&self, action: &Action) -> String {
        action_text(&self.position, action)
    }

    fn record_text(&self, action: &Action, events: &[Event]) -> String {
        record_text(&self.position, action, events)
    }

    fn import_record(
        file_name: &str,
        bytes: &[u8],
    ) -> Option<Result<ImportedRecord<Junqi>, ImportError>> {
        crate::jgs::import(file_name, bytes)
    }
}
