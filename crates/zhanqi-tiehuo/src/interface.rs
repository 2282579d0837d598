//! How 铁与火 meets the core traits: [`Game`] and [`GameNotation`].

use zhanqi_core::{
    BySeat, Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction,
    Rolled, Seat, SeatResult, SeatSet, Team, ToAct, Viewer,
};

use crate::action::{Action, Event};
use crate::catalog::CardIndex;
use crate::illegal::Illegal;
use crate::notation::parse_position;
use crate::options::{Mode, TiehuoOptions};
use crate::state::{Phase, Tiehuo};
use crate::token::Player;
use crate::view::TiehuoView;

impl Tiehuo {
    /// A new game at the environment roll, every card in its reserve (17.10).
    ///
    /// # Errors
    /// Every problem with the options, as sentences.
    pub fn start(options: &TiehuoOptions, seed: u64) -> Result<Tiehuo, Vec<String>> {
        let resolved = options.resolve(true)?;
        let mut game = Tiehuo::from_options(options.clone(), &resolved, seed);
        for player in Player::BOTH {
            game.players[player.index()].reserve = resolved.decks[player.index()].clone();
        }
        Ok(game)
    }

    fn acting_text(&self) -> String {
        match self.acting() {
            ToAct::Chance => "chance".to_owned(),
            ToAct::Over => "nobody".to_owned(),
            ToAct::Seats(seats) => {
                let names: Vec<String> = seats
                    .iter()
                    .map(|s| format!("seat {}", s.index() + 1))
                    .collect();
                names.join(" and ")
            }
        }
    }

    /// Checks an action of `seat`.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        let player = Player::of_seat(seat);
        if *action == Action::Concede {
            return match player {
                Some(_) => Ok(()),
                None => Err(Illegal::NotYourTurn {
                    seat: (seat.index() + 1).to_string(),
                    expected: self.acting_text(),
                }),
            };
        }
        let acting = self.acting();
        if acting == ToAct::Chance {
            let mut outcomes = Vec::new();
            self.outcomes(&mut outcomes);
            if outcomes.iter().any(|(outcome, _)| outcome == action) {
                return Ok(());
            }
            return Err(self.not_listed(action, outcomes.into_iter().map(|(a, _)| a).collect()));
        }
        let Some(player) =
            player.filter(|p| matches!(acting, ToAct::Seats(s) if s.contains(p.seat())))
        else {
            return Err(Illegal::NotYourTurn {
                seat: (seat.index() + 1).to_string(),
                expected: self.acting_text(),
            });
        };
        if self.phase == Phase::Deploy {
            let Action::Deploy(cards) = action else {
                return Err(Illegal::NotListed {
                    action: self.text_of(action),
                    legal: "a deployment: card ids separated by commas".to_owned(),
                });
            };
            let problems = self.deployment_problems(player, cards);
            if problems.is_empty() {
                return Ok(());
            }
            return Err(Illegal::Deployment {
                deployment: self.text_of(action),
                problems: problems.join("\n"),
            });
        }
        let mut legal = Vec::new();
        self.legal(player, &mut legal);
        if legal.contains(action) {
            Ok(())
        } else {
            Err(self.not_listed(action, legal))
        }
    }

    fn not_listed(&self, action: &Action, legal: Vec<Action>) -> Illegal {
        let mut texts: Vec<String> = legal.iter().map(|action| self.text_of(action)).collect();
        texts.sort();
        Illegal::NotListed {
            action: self.text_of(action),
            legal: texts.join(", "),
        }
    }

    /// The player whose action it is (the turn's player at a chance node).
    fn actor(&self, seat: Seat) -> Player {
        Player::of_seat(seat).unwrap_or(Player::One)
    }

    /// What the events are computed from: each player's discard pile and number of
    /// face-down cards, and whether the game was over.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            discard: Player::BOTH.map(|p| Pile::of(&self.players[p.index()].discard)),
            face_down: Player::BOTH.map(|p| self.face_down_count(p)),
            over: self.phase == Phase::Over,
        }
    }

    /// The number of face-down cards of a player: none without fog (a position holding one
    /// does not load), so the playouts of the standard game skip the count.
    fn face_down_count(&self, player: Player) -> usize {
        if !self.fog() {
            return 0;
        }
        self.players[player.index()]
            .battle
            .iter()
            .filter(|c| c.face_down)
            .count()
    }

    fn events(&self, before: &Snapshot) -> Vec<Event> {
        let mut events = Vec::new();
        for player in Player::BOTH {
            let index = player.index();
            let discard = &self.players[index].discard;
            let old = before.discard[index].cards();
            if discard.len() > old.len() {
                // Both piles are sorted: walk them together; what the old one lacks is new.
                let mut at = 0;
                for &card in discard {
                    if old.get(at) == Some(&card) {
                        at += 1;
                    } else {
                        events.push(Event::Destroyed(player, card));
                    }
                }
            }
            let face_down = self.face_down_count(player);
            if face_down < before.face_down[index] {
                events.push(Event::Revealed(player, before.face_down[index] - face_down));
            }
        }
        if self.phase == Phase::Over && !before.over {
            events.push(Event::GameOver);
        }
        events
    }
}

/// Equal weights for every chance node whose outcomes are equally likely (6⁴ at most).
static ONES: [u32; 1296] = [1; 1296];

/// A discard pile kept without allocating while it is small.
enum Pile {
    Small([CardIndex; 32], usize),
    Large(Vec<CardIndex>),
}

impl Pile {
    fn of(cards: &[CardIndex]) -> Pile {
        if cards.len() <= 32 {
            let mut small = [0; 32];
            small[..cards.len()].copy_from_slice(cards);
            Pile::Small(small, cards.len())
        } else {
            Pile::Large(cards.to_vec())
        }
    }

    fn cards(&self) -> &[CardIndex] {
        match self {
            Pile::Small(cards, len) => &cards[..*len],
            Pile::Large(cards) => cards,
        }
    }
}

/// The parts of a state that events are computed from.
struct Snapshot {
    discard: [Pile; 2],
    face_down: [usize; 2],
    over: bool,
}

impl Game for Tiehuo {
    type Options = TiehuoOptions;
    type Action = Action;
    type View = TiehuoView;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &TiehuoOptions, seed: u64) -> Result<Tiehuo, OptionsError> {
        Tiehuo::start(options, seed).map_err(|problems| OptionsError(problems.join("; ")))
    }

    fn options(&self) -> &TiehuoOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        SeatSet::first(2)
    }

    fn team(&self, seat: Seat) -> Team {
        Team(seat.index() as u8)
    }

    fn to_act(&self) -> ToAct {
        self.acting()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(player) = Player::of_seat(seat) {
            self.legal(player, out);
        }
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        self.phase == Phase::Deploy
            && Player::of_seat(seat)
                .is_some_and(|p| self.players[p.index()].flag != crate::state::Flag::Ready)
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        if !self.has_unlisted_actions(seat) {
            return None;
        }
        let player = Player::of_seat(seat)?;
        self.random_deployment(player, rng).map(Action::Deploy)
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if self.acting() == ToAct::Chance {
            self.outcomes(out);
        }
    }

    fn roll(&mut self) -> Rolled<Tiehuo> {
        if self.acting() != ToAct::Chance {
            return Err(Illegal::NotChance);
        }
        let action = match self.equally_likely_outcomes() {
            // Die faces and range values: the index drawn as `weighted_index` draws it over
            // equal weights, without listing the outcomes.
            Some(count) => {
                let index = self.rng.weighted_index(&ONES[..count]);
                self.equally_likely_outcome(index)
            }
            None => {
                let mut outcomes = Vec::new();
                self.outcomes(&mut outcomes);
                if outcomes.is_empty() {
                    // Only a loaded position that play cannot reach draws from an empty class.
                    return Err(Illegal::NotChance);
                }
                let weights: Vec<u32> = outcomes.iter().map(|&(_, w)| w).collect();
                let index = self.rng.weighted_index(&weights);
                outcomes.swap_remove(index).0
            }
        };
        let before = self.snapshot();
        self.play(Player::One, &action);
        Ok((action, self.events(&before)))
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        self.check(seat, action)?;
        let before = self.snapshot();
        let actor = self.actor(seat);
        self.play(actor, action);
        Ok(self.events(&before))
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        let actor = self.actor(seat);
        self.play(actor, action);
    }

    fn view(&self, viewer: Viewer) -> TiehuoView {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let finish = self.finish?;
        let results = BySeat::from_fn(|seat| match (Player::of_seat(seat), finish.winner) {
            (None, _) => SeatResult::Absent,
            (Some(_), None) => SeatResult::Draw,
            (Some(player), Some(winner)) if player == winner => SeatResult::Win,
            (Some(_), Some(_)) => SeatResult::Loss,
        });
        Some(Outcome {
            winners: finish
                .winner
                .map_or(SeatSet::EMPTY, |p| SeatSet::only(p.seat())),
            reason: finish.reason.name(),
            results,
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Tiehuo {
        self.determinized(observer, rng)
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<Action> {
        (kind == PlatformAction::Resign).then_some(Action::Concede)
    }

    fn as_platform_action(&self, action: &Action) -> Option<PlatformAction> {
        (*action == Action::Concede).then_some(PlatformAction::Resign)
    }
}

impl GameNotation for Tiehuo {
    const NAME: &'static str = "tiehuo";
    const MODES: &'static [&'static str] = &["formation", "alt_history"];

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<TiehuoOptions, NotationError> {
        let mut options: TiehuoOptions = match extra {
            None | Some(serde_json::Value::Null) => TiehuoOptions::default(),
            Some(value) => serde_json::from_value(value.clone())
                .map_err(|error| NotationError::new("options", 0, error.to_string()))?,
        };
        match mode {
            None | Some("formation") => {
                if mode.is_some() {
                    options.mode = Mode::Formation;
                }
            }
            Some("alt_history") => options.mode = Mode::AltHistory,
            Some(other) => {
                return Err(NotationError::new(
                    "mode",
                    0,
                    format!(
                        "'{other}' is not a tiehuo mode; the modes are formation and alt_history"
                    ),
                ));
            }
        }
        options
            .resolve(true)
            .map_err(|problems| NotationError::new("options", 0, problems.join("; ")))?;
        Ok(options)
    }

    fn mode(&self) -> &'static str {
        self.options.mode.name()
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat.index() {
            0 => "1",
            1 => "2",
            _ => "-",
        }
    }

    fn position(&self, viewer: Viewer) -> String {
        self.write_position(viewer)
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Tiehuo, NotationError> {
        let options: TiehuoOptions = match extra {
            None | Some(serde_json::Value::Null) => TiehuoOptions::default(),
            Some(value) => serde_json::from_value(value.clone())
                .map_err(|error| NotationError::new("options", 0, error.to_string()))?,
        };
        let given = |key: &str| extra.and_then(|e| e.get(key)).is_some();
        parse_position(
            text,
            options,
            (given("fog_of_war"), given("logistics_mode")),
            seed,
        )
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, NotationError> {
        self.parse_action_text(text)
    }

    fn action_text(&self, action: &Action) -> String {
        self.text_of(action)
    }

    fn record_text(&self, action: &Action, _events: &[Event]) -> String {
        match action {
            Action::Environment(face) => {
                format!(
                    "{face}={}",
                    crate::state::Environment::of_face(*face).name()
                )
            }
            _ => self.text_of(action),
        }
    }
}
