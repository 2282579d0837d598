//! Race, a toy game that exercises every path of the engine protocol.
//!
//! Two seats, `s` and `n`. Each first hides a plan: three digits adding up to 3 (an unlisted
//! choice, like a junqi deployment; it changes nothing but what views show). Then, from `s`,
//! they take turns: `+1` or `+2` moves the seat's runner along the track, `d` asks for a die (a
//! chance node with outcomes `1`, `2`, `3`; in mode `short` the `3` is twice as likely, in mode
//! `long` all are equal). The first runner to reach the target (5 in `short`, 9 in `long`, or
//! the `target` option) wins (`finish`); after 20 moves the game is drawn (`move_limit`);
//! `resign` is a platform action, never listed (`surrender`).
//!
//! To test the dyn layer's sorting and merging, `legal_actions` lists `+1` twice and out of
//! order, and `chance_outcomes` lists the outcome `3` twice.
//!
//! Position: `<mode> <plan s> <plan n> <track s> <track n> <to-move> <moves>`, a plan being
//! three digits, `-` before it is chosen or `?` when hidden; to-move is `s` or `n`, `s*` or
//! `n*` while that seat's die is rolled, `s!` or `n!` once that seat has resigned, `-` once the
//! race is won or drawn. Example: `short 120 003 2 1 n 3`.

use std::fmt;

use serde::{Deserialize, Serialize};
use zhanqi_core::{
    BySeat, Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction,
    Seat, SeatResult, SeatSet, Team, ToAct, Viewer,
};

/// Moves after which the race is drawn.
pub const MOVE_LIMIT: u32 = 20;

const SEAT_NAMES: [&str; 2] = ["s", "n"];

/// Every plan: three digits adding up to 3.
const PLANS: [[u8; 3]; 10] = [
    [0, 0, 3],
    [0, 1, 2],
    [0, 2, 1],
    [0, 3, 0],
    [1, 0, 2],
    [1, 1, 1],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [3, 0, 0],
];

/// The two modes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Target 5, the die's 3 twice as likely.
    #[default]
    Short,
    /// Target 9, a fair die.
    Long,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Short => "short",
            Mode::Long => "long",
        }
    }

    fn from_name(name: &str) -> Option<Mode> {
        match name {
            "short" => Some(Mode::Short),
            "long" => Some(Mode::Long),
            _ => None,
        }
    }

    fn target(self) -> u32 {
        match self {
            Mode::Short => 5,
            Mode::Long => 9,
        }
    }
}

/// The race's options: its mode and the target, which a position does not hold.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RaceOptions {
    /// The mode.
    pub mode: Mode,
    /// Where the track ends.
    pub target: u32,
}

impl Default for RaceOptions {
    fn default() -> RaceOptions {
        RaceOptions {
            mode: Mode::Short,
            target: Mode::Short.target(),
        }
    }
}

/// One action of the race.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// The seat's hidden plan.
    Plan([u8; 3]),
    /// Move the runner by 1 or 2.
    Step(u32),
    /// Ask for the die.
    Die,
    /// The die's outcome (a chance outcome).
    Roll(u32),
    /// Give up.
    Resign,
}

/// What an action did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A runner reached this post.
    Moved(u32),
}

/// Why the race refused an action.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// The race is over.
    Over,
    /// The seat's plan is already chosen.
    PlanTwice,
    /// The plan's digits do not add up to 3.
    PlanSum(u32),
    /// A plan after the start.
    NotPlanning,
    /// A move before both plans are chosen.
    Planning,
    /// A move out of turn.
    NotYourTurn(&'static str),
    /// A move while the die is rolled.
    Rolling,
    /// A die outcome while no die is rolled.
    NoDie,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Over => write!(f, "the race is over"),
            Illegal::PlanTwice => write!(f, "the seat has already chosen its plan"),
            Illegal::PlanSum(sum) => write!(
                f,
                "a plan's digits must add up to 3, but these add up to {sum}"
            ),
            Illegal::NotPlanning => write!(f, "plans are chosen only before the race"),
            Illegal::Planning => {
                write!(f, "the race starts once both seats have chosen their plans")
            }
            Illegal::NotYourTurn(seat) => write!(f, "it is {seat}'s turn"),
            Illegal::Rolling => write!(f, "the die is being rolled"),
            Illegal::NoDie => write!(f, "no die is being rolled"),
        }
    }
}

impl std::error::Error for Illegal {}

/// The race.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Race {
    options: RaceOptions,
    plans: [Option<[u8; 3]>; 2],
    track: [u32; 2],
    turn: usize,
    rolling: bool,
    resigned: Option<usize>,
    moves: u32,
    rng: GameRng,
}

impl Race {
    fn planning(&self) -> bool {
        self.plans.iter().any(Option::is_none)
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn die_weights(&self) -> [u32; 3] {
        match self.options.mode {
            Mode::Short => [1, 1, 2],
            Mode::Long => [1, 1, 1],
        }
    }

    fn advance(&mut self, by: u32) -> Vec<Event> {
        let seat = self.turn;
        self.track[seat] = (self.track[seat] + by).min(self.options.target);
        self.moves += 1;
        self.rolling = false;
        self.turn = 1 - seat;
        vec![Event::Moved(self.track[seat])]
    }

    fn check_turn(&self, seat: Seat) -> Result<(), Illegal> {
        if self.planning() {
            return Err(Illegal::Planning);
        }
        if self.rolling {
            return Err(Illegal::Rolling);
        }
        if seat.index() != self.turn {
            return Err(Illegal::NotYourTurn(SEAT_NAMES[self.turn]));
        }
        Ok(())
    }

    fn plan_text(&self, seat: usize, viewer: Viewer) -> String {
        let visible = match viewer {
            Viewer::Omniscient => true,
            Viewer::Seat(viewer) => viewer.index() == seat,
            Viewer::Spectator => false,
        };
        match self.plans[seat] {
            None => "-".to_owned(),
            Some(_) if !visible => "?".to_owned(),
            Some(plan) => plan.iter().map(u8::to_string).collect(),
        }
    }

    fn to_move_text(&self) -> String {
        if let Some(seat) = self.resigned {
            format!("{}!", SEAT_NAMES[seat])
        } else if self.is_over() {
            "-".to_owned()
        } else if self.rolling {
            format!("{}*", SEAT_NAMES[self.turn])
        } else {
            SEAT_NAMES[self.turn].to_owned()
        }
    }
}

impl Game for Race {
    type Options = RaceOptions;
    type Action = Action;
    type View = String;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &RaceOptions, seed: u64) -> Result<Race, OptionsError> {
        if options.target == 0 {
            return Err(OptionsError("the target must be at least 1".to_owned()));
        }
        Ok(Race {
            options: options.clone(),
            plans: [None, None],
            track: [0, 0],
            turn: 0,
            rolling: false,
            resigned: None,
            moves: 0,
            rng: GameRng::from_seed(seed),
        })
    }

    fn options(&self) -> &RaceOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        SeatSet::first(2)
    }

    fn team(&self, seat: Seat) -> Team {
        Team(seat.index() as u8)
    }

    fn to_act(&self) -> ToAct {
        if self.is_over() {
            ToAct::Over
        } else if self.planning() {
            ToAct::Seats(
                self.seats()
                    .iter()
                    .filter(|seat| self.plans[seat.index()].is_none())
                    .collect(),
            )
        } else if self.rolling {
            ToAct::Chance
        } else {
            ToAct::Seats(SeatSet::only(Seat::new(self.turn)))
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.to_act() == ToAct::Seats(SeatSet::only(seat)) && !self.planning() {
            out.extend([
                Action::Die,
                Action::Step(2),
                Action::Step(1),
                Action::Step(1),
            ]);
        }
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        !self.is_over() && self.plans[seat.index()].is_none()
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        self.has_unlisted_actions(seat)
            .then(|| Action::Plan(PLANS[rng.below(PLANS.len())]))
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if self.rolling && !self.is_over() {
            let [one, two, three] = self.die_weights();
            // The 3 is listed in two halves, to test that the dyn layer merges them.
            out.extend([
                (Action::Roll(3), three - three / 2),
                (Action::Roll(1), one),
                (Action::Roll(2), two),
                (Action::Roll(3), three / 2),
            ]);
        }
    }

    fn roll(&mut self) -> Result<(Action, Vec<Event>), Illegal> {
        if !self.rolling || self.is_over() {
            return Err(Illegal::NoDie);
        }
        let index = self.rng.weighted_index(&self.die_weights());
        let outcome = Action::Roll(index as u32 + 1);
        let events = self.apply(Seat::new(0), &outcome)?;
        Ok((outcome, events))
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        if self.is_over() {
            return Err(Illegal::Over);
        }
        if self.rolling {
            return match *action {
                Action::Roll(by @ 1..=3) => Ok(self.advance(by)),
                _ => Err(Illegal::Rolling),
            };
        }
        match *action {
            Action::Plan(plan) => {
                if !self.planning() {
                    return Err(Illegal::NotPlanning);
                }
                if self.plans[seat.index()].is_some() {
                    return Err(Illegal::PlanTwice);
                }
                let sum: u32 = plan.iter().map(|&digit| u32::from(digit)).sum();
                if sum != 3 {
                    return Err(Illegal::PlanSum(sum));
                }
                self.plans[seat.index()] = Some(plan);
                Ok(Vec::new())
            }
            Action::Step(by) => {
                self.check_turn(seat)?;
                Ok(self.advance(by))
            }
            Action::Die => {
                self.check_turn(seat)?;
                self.rolling = true;
                Ok(Vec::new())
            }
            Action::Roll(_) => Err(Illegal::NoDie),
            Action::Resign => {
                if self.planning() {
                    return Err(Illegal::Planning);
                }
                self.resigned = Some(seat.index());
                Ok(Vec::new())
            }
        }
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        let _ = self.apply(seat, action);
    }

    fn view(&self, viewer: Viewer) -> String {
        self.position(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winners, reason) = if let Some(loser) = self.resigned {
            (SeatSet::only(Seat::new(1 - loser)), "surrender")
        } else if let Some(winner) = self
            .track
            .iter()
            .position(|&post| post >= self.options.target)
        {
            (SeatSet::only(Seat::new(winner)), "finish")
        } else if self.moves >= MOVE_LIMIT {
            (SeatSet::EMPTY, "move_limit")
        } else {
            return None;
        };
        let results = BySeat::from_fn(|seat| {
            if seat.index() >= 2 {
                SeatResult::Absent
            } else if winners.is_empty() {
                SeatResult::Draw
            } else if winners.contains(seat) {
                SeatResult::Win
            } else {
                SeatResult::Loss
            }
        });
        Some(Outcome {
            winners,
            reason,
            results,
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Race {
        let mut game = self.clone();
        let other = 1 - observer.index();
        if game.plans[other].is_some() {
            game.plans[other] = Some(PLANS[rng.below(PLANS.len())]);
        }
        game
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<Action> {
        (kind == PlatformAction::Resign).then_some(Action::Resign)
    }

    fn as_platform_action(&self, action: &Action) -> Option<PlatformAction> {
        (*action == Action::Resign).then_some(PlatformAction::Resign)
    }
}

impl GameNotation for Race {
    const NAME: &'static str = "race";
    const MODES: &'static [&'static str] = &["short", "long"];

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<RaceOptions, NotationError> {
        let mode = match mode {
            None => Mode::Short,
            Some(name) => Mode::from_name(name).ok_or_else(|| {
                NotationError::new("mode", 0, format!("'{name}' is not a mode of race"))
            })?,
        };
        let mut options = RaceOptions {
            mode,
            target: mode.target(),
        };
        let Some(extra) = extra else {
            return Ok(options);
        };
        let Some(extra) = extra.as_object() else {
            return Err(NotationError::new(
                "options",
                0,
                "the options must be an object",
            ));
        };
        for (key, value) in extra {
            match (key.as_str(), value.as_u64()) {
                ("target", Some(target @ 1..=50)) => options.target = target as u32,
                ("target", _) => {
                    return Err(NotationError::new(
                        "options",
                        0,
                        "the target must be a whole number from 1 to 50",
                    ));
                }
                _ => {
                    return Err(NotationError::new(
                        "options",
                        0,
                        format!("race has no option '{key}'"),
                    ));
                }
            }
        }
        Ok(options)
    }

    fn mode(&self) -> &'static str {
        self.options.mode.name()
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        SEAT_NAMES[seat.index()]
    }

    fn position(&self, viewer: Viewer) -> String {
        format!(
            "{} {} {} {} {} {} {}",
            self.mode(),
            self.plan_text(0, viewer),
            self.plan_text(1, viewer),
            self.track[0],
            self.track[1],
            self.to_move_text(),
            self.moves
        )
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Race, NotationError> {
        let fields = split_fields(text)?;
        let [
            (mode_at, mode),
            plan_s,
            plan_n,
            track_s,
            track_n,
            (to_move_at, to_move),
            moves,
        ] = fields;
        let options = Race::options_for(Some(mode), extra).map_err(|error| {
            if error.field == "mode" {
                NotationError {
                    offset: mode_at,
                    ..error
                }
            } else {
                error
            }
        })?;
        let mut race =
            Race::new(&options, seed).map_err(|error| NotationError::new("options", 0, error.0))?;
        race.plans = [parse_plan(plan_s)?, parse_plan(plan_n)?];
        race.track = [
            parse_track(track_s, options.target)?,
            parse_track(track_n, options.target)?,
        ];
        race.moves = parse_number("moves", moves)?;
        let (seat, mark) = match to_move.split_at_checked(1) {
            Some((seat, mark)) => (SEAT_NAMES.iter().position(|&name| name == seat), mark),
            None => (None, ""),
        };
        match (seat, mark) {
            (Some(seat), "") => race.turn = seat,
            (Some(seat), "*") => (race.turn, race.rolling) = (seat, true),
            (Some(seat), "!") => race.resigned = Some(seat),
            _ if to_move == "-" => {}
            _ => {
                return Err(NotationError::new(
                    "to-move",
                    to_move_at,
                    format!("'{to_move}' is not s, n, s*, n*, s!, n! or -"),
                ));
            }
        }
        if (to_move == "-") != (race.is_over() && race.resigned.is_none()) {
            return Err(NotationError::new(
                "to-move",
                to_move_at,
                "'-' marks exactly a race that is won or drawn",
            ));
        }
        if race.planning() && (race.rolling || race.resigned.is_some() || race.moves > 0) {
            return Err(NotationError::new(
                "plans",
                plan_s.0,
                "the race cannot have started before both plans",
            ));
        }
        Ok(race)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, NotationError> {
        let field = format!("move '{text}'");
        match text {
            "+1" => return Ok(Action::Step(1)),
            "+2" => return Ok(Action::Step(2)),
            "d" => return Ok(Action::Die),
            "1" | "2" | "3" => return Ok(Action::Roll(u32::from(text.as_bytes()[0] - b'0'))),
            "resign" => return Ok(Action::Resign),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix('+') {
            return Err(NotationError::new(
                field,
                1,
                format!("a step is +1 or +2, not +{rest}"),
            ));
        }
        if text.starts_with(|c: char| c.is_ascii_digit()) {
            return match parse_plan((0, text)) {
                Ok(Some(plan)) => Ok(Action::Plan(plan)),
                Ok(None) => unreachable!("a text starting with a digit is not '-'"),
                Err(error) => Err(NotationError { field, ..error }),
            };
        }
        Err(NotationError::new(
            field,
            0,
            "an action of race is +1, +2, d, resign, a die outcome or a three-digit plan",
        ))
    }

    fn action_text(&self, action: &Action) -> String {
        match action {
            Action::Plan(plan) => plan.iter().map(u8::to_string).collect(),
            Action::Step(by) => format!("+{by}"),
            Action::Die => "d".to_owned(),
            Action::Roll(by) => by.to_string(),
            Action::Resign => "resign".to_owned(),
        }
    }

    fn record_text(&self, action: &Action, events: &[Event]) -> String {
        match events {
            [Event::Moved(to)] => format!("{}={to}", self.action_text(action)),
            _ => self.action_text(action),
        }
    }
}

fn split_fields(text: &str) -> Result<[(usize, &str); 7], NotationError> {
    let mut fields = Vec::with_capacity(7);
    let mut start = 0;
    for part in text.split(' ') {
        fields.push((start, part));
        start += part.len() + 1;
    }
    let count = fields.len();
    fields.try_into().map_err(|_| {
        NotationError::new(
            "position",
            0,
            format!("a race position has 7 fields, but this one has {count}"),
        )
    })
}

fn parse_plan((offset, text): (usize, &str)) -> Result<Option<[u8; 3]>, NotationError> {
    if text == "-" {
        return Ok(None);
    }
    let mut plan = [0; 3];
    for (index, byte) in text.bytes().enumerate() {
        if index == 3 {
            return Err(NotationError::new(
                "plan",
                offset + 3,
                "a plan has 3 digits",
            ));
        }
        if !byte.is_ascii_digit() {
            return Err(NotationError::new(
                "plan",
                offset + index,
                format!("'{}' is not a digit", byte as char),
            ));
        }
        plan[index] = byte - b'0';
    }
    if text.len() < 3 {
        return Err(NotationError::new(
            "plan",
            offset + text.len(),
            "a plan has 3 digits",
        ));
    }
    Ok(Some(plan))
}

fn parse_number(field: &str, (offset, text): (usize, &str)) -> Result<u32, NotationError> {
    if let Some(bad) = text.bytes().position(|byte| !byte.is_ascii_digit()) {
        return Err(NotationError::new(
            field,
            offset + bad,
            "a number has only digits",
        ));
    }
    text.parse()
        .map_err(|_| NotationError::new(field, offset, "a number from 0 to 4294967295"))
}

fn parse_track(field: (usize, &str), target: u32) -> Result<u32, NotationError> {
    let post = parse_number("track", field)?;
    if post > target {
        return Err(NotationError::new(
            "track",
            field.0,
            format!("{post} is past the finish at {target}"),
        ));
    }
    Ok(post)
}

/// The race is played by the AI with the default evaluator and random plans.
impl zhanqi_ai::AiGame for Race {}

/// The race on screen: the position is its table; events are shown as written.
impl zhanqi_core::ClientGame for Race {
    type Board = ();
    type Table = String;
    type EventView = String;
    type Setup = String;

    fn option_fields() -> Vec<zhanqi_core::OptionField> {
        // The target's default is the mode's: one field for each mode.
        let target = |modes: &'static [&'static str], mode: Mode| zhanqi_core::OptionField {
            key: "target",
            kind: zhanqi_core::OptionKind::Int {
                min: 1,
                max: 50,
                step: 1,
            },
            default: mode.target().into(),
            modes,
            label_en: "Posts to the finish",
            label_zh: "终点",
        };
        vec![
            target(&["short"], Mode::Short),
            target(&["long"], Mode::Long),
        ]
    }

    fn board(&self) {}

    fn table(&self, viewer: Viewer) -> String {
        self.position(viewer)
    }

    fn event_views(
        &self,
        _before: &Race,
        _action: &Self::Action,
        events: &[Self::Event],
        _viewer: Viewer,
    ) -> Vec<String> {
        events.iter().map(|event| format!("{event:?}")).collect()
    }

    fn timeout_rule(&self) -> zhanqi_core::TimeoutRule {
        zhanqi_core::TimeoutRule::PlayForSeat { limit: 3 }
    }
}
