//! How 生剋棋 meets the core traits: [`Game`] and [`GameNotation`].

use zhanqi_core::{
    BySeat, Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction,
    Rolled, Seat, SeatResult, SeatSet, Team, ToAct, Viewer,
};

use crate::game::Phase;
use crate::notation::{action_text, parse_action, record_text};
use crate::{Action, Event, Illegal, Player, Position, Shengke, ShengkeOptions, ShengkeView, Tie};

/// The one mode's name: 生剋棋 has a single mode (§14.1), so requests may leave it out.
pub const MODE: &str = "standard";

impl Game for Shengke {
    type Options = ShengkeOptions;
    type Action = Action;
    type View = ShengkeView;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &ShengkeOptions, seed: u64) -> Result<Shengke, OptionsError> {
        let problems = options.problems();
        if !problems.is_empty() {
            return Err(OptionsError(problems.join("; ")));
        }
        Ok(Shengke::start(options.clone(), seed))
    }

    fn options(&self) -> &ShengkeOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        SeatSet::first(2)
    }

    fn team(&self, seat: Seat) -> Team {
        Team(seat.index() as u8)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Roll => ToAct::Chance,
            Phase::Over => ToAct::Over,
            _ => ToAct::Seats(SeatSet::only(self.active().seat())),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.push_actions(seat, out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if self.phase == Phase::Roll {
            for first in 1..=6 {
                out.extend((1..=6).map(|second| (Action::Roll([first, second]), 1)));
            }
        }
    }

    fn roll(&mut self) -> Rolled<Shengke> {
        if self.phase != Phase::Roll {
            return Err(Illegal::WrongKind {
                waits: "a player's action",
                given: "a roll",
            });
        }
        let action = Action::Roll(self.draw_roll());
        let mut events = Vec::new();
        self.play(&action, &mut events);
        Ok((action, events))
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.play(action, &mut events);
        Ok(events)
    }

    fn apply_unchecked(&mut self, _seat: Seat, action: &Action) {
        self.play_quietly(action);
    }

    fn view(&self, viewer: Viewer) -> ShengkeView {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let [first, second] = self.scores();
        let winner = match first.cmp(&second) {
            std::cmp::Ordering::Greater => Some(Player::One),
            std::cmp::Ordering::Less => Some(Player::Two),
            std::cmp::Ordering::Equal => match self.options.tie {
                Tie::Draw => None,
                Tie::FirstPlayerWins => Some(Player::One),
                Tie::SecondPlayerWins => Some(Player::Two),
            },
        };
        let results = BySeat::from_fn(|seat| match (Player::of_seat(seat), winner) {
            (None, _) => SeatResult::Absent,
            (Some(_), None) => SeatResult::Draw,
            (Some(player), Some(winner)) if player == winner => SeatResult::Win,
            (Some(_), Some(_)) => SeatResult::Loss,
        });
        Some(Outcome {
            winners: winner.map_or(SeatSet::EMPTY, |player| SeatSet::only(player.seat())),
            reason: "score",
            results,
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Shengke {
        self.determinized(observer, rng)
    }

    fn platform_action(&self, _kind: PlatformAction) -> Option<Action> {
        // The spec defines no platform action (§14): no timeouts, draw offers or surrender.
        None
    }

    fn as_platform_action(&self, _action: &Action) -> Option<PlatformAction> {
        None
    }
}

impl GameNotation for Shengke {
    const NAME: &'static str = "shengke";
    const MODES: &'static [&'static str] = &[MODE];

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<ShengkeOptions, NotationError> {
        if let Some(mode) = mode
            && mode != MODE
        {
            return Err(NotationError::new(
                "mode",
                0,
                format!("'{mode}' is not a shengke mode; shengke has one mode, {MODE}"),
            ));
        }
        let options: ShengkeOptions = match extra {
            None | Some(serde_json::Value::Null) => ShengkeOptions::default(),
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
        match seat.index() {
            0 => "1",
            1 => "2",
            _ => "-",
        }
    }

    fn position(&self, viewer: Viewer) -> String {
        self.view_for(viewer).position.write()
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Shengke, NotationError> {
        let options = Shengke::options_for(None, extra)?;
        Position::parse(text, &options)?.into_game(&options, seed)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, NotationError> {
        parse_action(text)
    }

    fn action_text(&self, action: &Action) -> String {
        action_text(action)
    }

    fn record_text(&self, action: &Action, events: &[Event]) -> String {
        record_text(action, events)
    }
}
