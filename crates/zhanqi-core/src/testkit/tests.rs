//! The testkit on the toy game, and on broken copies of it that each property must catch.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::toy::{
    Card, HiddenRace, HiddenRaceOptions, RaceAction, RaceEvent, RaceIllegal, RaceView,
};
use super::*;
use crate::{
    BySeat, Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction,
    Seat, SeatResult, SeatSet, Team, ToAct, Viewer,
};

#[test]
fn hidden_race_has_every_property() {
    let config = PlayoutConfig {
        games: 2000,
        max_plies: 200,
        seed: 0,
    };
    check_all::<HiddenRace>(&HiddenRaceOptions::default(), &config);
    // A far target makes games long enough to run out of cards, and to draw.
    check_all::<HiddenRace>(
        &HiddenRaceOptions { target: 45 },
        &PlayoutConfig {
            games: 500,
            ..config
        },
    );
}

#[test]
fn a_faithful_copy_has_every_property() {
    let config = PlayoutConfig {
        games: 300,
        max_plies: 200,
        seed: 0,
    };
    check_all::<Broken>(&BrokenOptions::default(), &config);
}

/// A way to break [`HiddenRace`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
enum Flaw {
    /// None: a faithful copy.
    #[default]
    Faithful,
    /// `apply_unchecked` forgets draws.
    UncheckedIgnoresDraws,
    /// `apply` lets a seat draw a fifth card.
    AcceptsDrawToFullRow,
    /// A refused action still counts as a timeout of the seat.
    RefusalCountsTimeout,
    /// A seat's view shows everything.
    SeatSeesAll,
    /// A spectator sees the stock.
    SpectatorSeesStock,
    /// `determinize` changes nothing.
    DeterminizeCopies,
    /// `determinize` draws differently when the stock's true top card is odd: its sample
    /// depends on a card the observer cannot see.
    DeterminizePeeks,
    /// `draw` is written `drw`.
    MisspelledDraw,
    /// `load` forgets the scores.
    LoadForgetsScores,
    /// `roll` says the die showed 0, whatever it applied.
    RollMisreports,
    /// `new` deals differently each time.
    UnseededDeal,
    /// The outcome is announced while the game goes on.
    EarlyOutcome,
    /// `legal_actions` panics once the stock is empty.
    PanicsOnEmptyStock,
}

#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
struct BrokenOptions {
    race: HiddenRaceOptions,
    flaw: Flaw,
}

/// [`HiddenRace`] with one [`Flaw`].
#[derive(Clone, Debug)]
struct Broken {
    inner: HiddenRace,
    options: BrokenOptions,
}

impl Broken {
    fn flawed(&self, flaw: Flaw) -> bool {
        self.options.flaw == flaw
    }

    fn full(&self) -> RaceView {
        self.inner.view(Viewer::Omniscient)
    }
}

static DEALS: AtomicU64 = AtomicU64::new(0);

impl Game for Broken {
    type Options = BrokenOptions;
    type Action = RaceAction;
    type View = RaceView;
    type Event = RaceEvent;
    type Illegal = RaceIllegal;

    fn new(options: &BrokenOptions, seed: u64) -> Result<Broken, OptionsError> {
        let seed = if options.flaw == Flaw::UnseededDeal {
            seed ^ DEALS.fetch_add(1, Ordering::Relaxed)
        } else {
            seed
        };
        Ok(Broken {
            inner: HiddenRace::new(&options.race, seed)?,
            options: options.clone(),
        })
    }

    fn options(&self) -> &BrokenOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        self.inner.seats()
    }

    fn team(&self, seat: Seat) -> Team {
        self.inner.team(seat)
    }

    fn to_act(&self) -> ToAct {
        self.inner.to_act()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<RaceAction>) {
        assert!(
            !self.flawed(Flaw::PanicsOnEmptyStock) || !self.full().stock.is_empty(),
            "the stock ran out"
        );
        self.inner.legal_actions(seat, out);
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        self.inner.has_unlisted_actions(seat)
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<RaceAction> {
        self.inner.random_unlisted_action(seat, rng)
    }

    fn chance_outcomes(&self, out: &mut Vec<(RaceAction, u32)>) {
        self.inner.chance_outcomes(out);
    }

    fn roll(&mut self) -> Result<(RaceAction, Vec<RaceEvent>), RaceIllegal> {
        let (outcome, events) = self.inner.roll()?;
        Ok((
            if self.flawed(Flaw::RollMisreports) {
                RaceAction::Roll(0)
            } else {
                outcome
            },
            events,
        ))
    }

    fn apply(&mut self, seat: Seat, action: &RaceAction) -> Result<Vec<RaceEvent>, RaceIllegal> {
        let my_turn = self.to_act() == ToAct::Seats(SeatSet::only(seat));
        if self.flawed(Flaw::AcceptsDrawToFullRow)
            && *action == RaceAction::Draw
            && my_turn
            && !self.full().stock.is_empty()
        {
            self.inner.apply_unchecked(seat, action);
            return Ok(Vec::new());
        }
        let result = self.inner.apply(seat, action);
        if result.is_err() && self.flawed(Flaw::RefusalCountsTimeout) {
            let _ = self.inner.apply(seat, &RaceAction::Timeout);
        }
        result
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &RaceAction) {
        if !(self.flawed(Flaw::UncheckedIgnoresDraws) && *action == RaceAction::Draw) {
            self.inner.apply_unchecked(seat, action);
        }
    }

    fn view(&self, viewer: Viewer) -> RaceView {
        match viewer {
            Viewer::Seat(_) if self.flawed(Flaw::SeatSeesAll) => self.full(),
            Viewer::Spectator if self.flawed(Flaw::SpectatorSeesStock) => RaceView {
                stock: self.full().stock,
                ..self.inner.view(viewer)
            },
            _ => self.inner.view(viewer),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let started = !self.full().played.is_empty();
        let early = Outcome {
            winners: SeatSet::EMPTY,
            reason: "early",
            results: BySeat::splat(SeatResult::Draw),
        };
        self.inner
            .outcome()
            .or_else(|| (self.flawed(Flaw::EarlyOutcome) && started).then_some(early))
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Broken {
        if self.flawed(Flaw::DeterminizeCopies) {
            return self.clone();
        }
        let top_is_odd = self
            .full()
            .stock
            .first()
            .copied()
            .flatten()
            .is_some_and(|card| card.value() % 2 == 1);
        if self.flawed(Flaw::DeterminizePeeks) && top_is_odd {
            rng.next_seed();
        }
        Broken {
            inner: self.inner.determinize(observer, rng),
            options: self.options.clone(),
        }
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<RaceAction> {
        self.inner.platform_action(kind)
    }

    fn as_platform_action(&self, action: &RaceAction) -> Option<PlatformAction> {
        self.inner.as_platform_action(action)
    }
}

impl GameNotation for Broken {
    const NAME: &'static str = "broken";
    const MODES: &'static [&'static str] = HiddenRace::MODES;

    fn options_for(
        _mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<BrokenOptions, NotationError> {
        let extra = extra.cloned().unwrap_or_default();
        serde_json::from_value(extra)
            .map_err(|error| NotationError::new("options", 0, error.to_string()))
    }

    fn mode(&self) -> &'static str {
        self.inner.mode()
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        self.inner.seat_name(seat)
    }

    fn position(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Broken, NotationError> {
        let options = Broken::options_for(None, extra)?;
        let mut fields: Vec<&str> = text.split(' ').collect();
        if options.flaw == Flaw::LoadForgetsScores && fields.len() > 5 {
            fields[5] = "0/0";
        }
        let race = serde_json::to_value(&options.race).ok();
        Ok(Broken {
            inner: HiddenRace::load(&fields.join(" "), race.as_ref(), seed)?,
            options,
        })
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<RaceAction, NotationError> {
        self.inner.parse_action(seat, text)
    }

    fn action_text(&self, action: &RaceAction) -> String {
        match action {
            RaceAction::Draw if self.flawed(Flaw::MisspelledDraw) => "drw".to_owned(),
            _ => self.inner.action_text(action),
        }
    }

    fn record_text(&self, action: &RaceAction, events: &[RaceEvent]) -> String {
        self.inner.record_text(action, events)
    }
}

/// The panic message of checking `flaw` with `check`, which must fail.
fn failure(
    flaw: Flaw,
    check: fn(&BrokenOptions, &PlayoutConfig),
    config: &PlayoutConfig,
) -> String {
    let options = BrokenOptions {
        flaw,
        ..BrokenOptions::default()
    };
    let payload = panic::catch_unwind(AssertUnwindSafe(|| check(&options, config)))
        .expect_err(&format!("the testkit missed the flaw {flaw:?}"));
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default()
}

/// Checking `flaw` with `check` fails, naming `property`, the seed, the ply and the position.
fn caught(flaw: Flaw, check: fn(&BrokenOptions, &PlayoutConfig), property: Property) {
    let message = failure(
        flaw,
        check,
        &PlayoutConfig {
            games: 300,
            max_plies: 200,
            seed: 0,
        },
    );
    for part in [
        format!("\"{}\"", property.name()),
        "with seed".to_owned(),
        "at ply".to_owned(),
        "position: ".to_owned(),
    ] {
        assert!(
            message.contains(&part),
            "the failure for {flaw:?} lacks {part:?}:\n{message}"
        );
    }
}

#[test]
fn listed_actions_apply_catches_an_unchecked_apply_that_differs() {
    caught(
        Flaw::UncheckedIgnoresDraws,
        check_listed_actions_apply::<Broken>,
        Property::ListedActionsApply,
    );
}

#[test]
fn listed_actions_apply_catches_a_roll_that_misreports() {
    caught(
        Flaw::RollMisreports,
        check_listed_actions_apply::<Broken>,
        Property::ListedActionsApply,
    );
}

#[test]
fn unlisted_actions_refused_catches_an_apply_that_accepts_too_much() {
    caught(
        Flaw::AcceptsDrawToFullRow,
        check_unlisted_actions_refused::<Broken>,
        Property::UnlistedActionsRefused,
    );
}

#[test]
fn unlisted_actions_refused_catches_a_refusal_that_changes_the_state() {
    caught(
        Flaw::RefusalCountsTimeout,
        check_unlisted_actions_refused::<Broken>,
        Property::UnlistedActionsRefused,
    );
}

#[test]
fn views_hide_catches_a_seat_that_sees_everything() {
    caught(
        Flaw::SeatSeesAll,
        check_views_hide::<Broken>,
        Property::ViewsHide,
    );
}

#[test]
fn views_hide_catches_a_spectator_that_sees_the_stock() {
    caught(
        Flaw::SpectatorSeesStock,
        check_views_hide::<Broken>,
        Property::ViewsHide,
    );
}

#[test]
fn views_hide_catches_a_determinize_that_resamples_nothing() {
    let config = PlayoutConfig {
        games: 50,
        max_plies: 200,
        seed: 0,
    };
    let message = failure(Flaw::DeterminizeCopies, check_views_hide::<Broken>, &config);
    assert!(message.contains("determinize never changed"), "{message}");
}

#[test]
fn determinize_ignores_truth_catches_a_determinize_that_peeks() {
    caught(
        Flaw::DeterminizePeeks,
        check_determinize_ignores_truth::<Broken>,
        Property::DeterminizeIgnoresTruth,
    );
    // Peeking keeps every view: only this property sees it.
    let options = BrokenOptions {
        flaw: Flaw::DeterminizePeeks,
        ..BrokenOptions::default()
    };
    let config = PlayoutConfig {
        games: 300,
        max_plies: 200,
        seed: 0,
    };
    check_views_hide::<Broken>(&options, &config);
}

#[test]
fn notation_round_trips_catches_a_misspelled_action() {
    caught(
        Flaw::MisspelledDraw,
        check_notation_round_trips::<Broken>,
        Property::NotationRoundTrips,
    );
}

#[test]
fn notation_round_trips_catches_a_load_that_forgets() {
    caught(
        Flaw::LoadForgetsScores,
        check_notation_round_trips::<Broken>,
        Property::NotationRoundTrips,
    );
}

#[test]
fn replay_reproduces_catches_a_roll_that_misreports() {
    caught(
        Flaw::RollMisreports,
        check_replay_reproduces::<Broken>,
        Property::ReplayReproduces,
    );
}

#[test]
fn replay_reproduces_catches_an_unseeded_deal() {
    caught(
        Flaw::UnseededDeal,
        check_replay_reproduces::<Broken>,
        Property::ReplayReproduces,
    );
}

#[test]
fn games_end_catches_an_early_outcome() {
    caught(
        Flaw::EarlyOutcome,
        check_games_end::<Broken>,
        Property::GamesEnd,
    );
}

#[test]
fn games_end_catches_a_panic() {
    caught(
        Flaw::PanicsOnEmptyStock,
        check_games_end::<Broken>,
        Property::GamesEnd,
    );
    let message = failure(
        Flaw::PanicsOnEmptyStock,
        check_games_end::<Broken>,
        &PlayoutConfig::default(),
    );
    assert!(message.contains("panicked: the stock ran out"), "{message}");
}

#[test]
fn a_failure_reproduces_from_the_config_it_names() {
    let refused = check_unlisted_actions_refused::<Broken>;
    let first = failure(
        Flaw::AcceptsDrawToFullRow,
        refused,
        &PlayoutConfig {
            games: 300,
            max_plies: 200,
            seed: 1000,
        },
    );
    let config = first
        .split("reproduce with PlayoutConfig { games: 1, max_plies: 200, seed: ")
        .nth(1);
    let seed: u64 = config
        .and_then(|rest| rest.split(' ').next()?.parse().ok())
        .expect("the failure names a seed");
    assert!(
        seed > 1000,
        "choose a config whose first game passes, to test something: {first}"
    );
    let again = failure(
        Flaw::AcceptsDrawToFullRow,
        refused,
        &PlayoutConfig {
            games: 1,
            max_plies: 200,
            seed,
        },
    );
    assert_eq!(first, again);
    // The property checked with the others fails in the same game.
    let all = |options: &BrokenOptions, config: &PlayoutConfig| {
        check::<Broken>(
            options,
            config,
            &[Property::GamesEnd, Property::UnlistedActionsRefused],
        )
    };
    assert_eq!(
        first,
        failure(
            Flaw::AcceptsDrawToFullRow,
            all,
            &PlayoutConfig {
                games: 1,
                max_plies: 200,
                seed
            }
        )
    );
}

fn played(game: &mut HiddenRace, moves: &[&str]) -> String {
    for text in moves {
        let seat = match game.to_act() {
            ToAct::Seats(seats) => seats.lowest().expect("a seat to act"),
            _ => Seat::new(0),
        };
        let action = game
            .parse_action(seat, text)
            .expect("a move in the notation");
        game.apply(seat, &action)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
    }
    game.position(Viewer::Omniscient)
}

#[test]
fn hidden_race_plays_by_its_rules() {
    let mut game = HiddenRace::load("20 order:ab CAK/DEF BGHIJL - 0/0 0/0", None, 7).unwrap();
    let b = Seat::new(1);
    assert!(game.apply(b, &RaceAction::Order(vec![])).is_err());
    assert_eq!(
        played(&mut game, &["order:KCA", "timeout"]),
        "20 a KCA/DEF BGHIJL - 0/0 0/1"
    );
    let mut legal = Vec::new();
    game.legal_actions(Seat::new(0), &mut legal);
    let card = |letter| RaceAction::Play(Card::from_letter(letter).expect("a card"));
    assert_eq!(legal, [card('K'), card('A'), RaceAction::Draw]);
    assert_eq!(
        played(&mut game, &["play:K", "roll:3", "draw"]),
        "20 a CA/DEFB GHIJL K 14/0 0/1"
    );
    assert!(game.clone().apply(Seat::new(0), &card('D')).is_err());
    assert!(game.clone().apply(Seat::new(1), &card('C')).is_err());
    assert_eq!(
        played(&mut game, &["play:C", "roll:3"]),
        "20 end:a:finish A/DEFB GHIJL KC 20/0 0/1"
    );
}

#[test]
fn hidden_race_ends_when_a_seat_can_neither_play_nor_draw() {
    let mut game = HiddenRace::load("20 a A/- - BCDEFGHIJKL 5/5 2/0", None, 0).unwrap();
    assert_eq!(
        played(&mut game, &["play:A", "roll:0"]),
        "20 end:a:no_cards -/- - BCDEFGHIJKLA 6/5 2/0"
    );
    let mut game = HiddenRace::load("20 b A/B CDEFGHIJKL - 5/5 0/2", None, 0).unwrap();
    assert_eq!(
        played(&mut game, &["timeout"]),
        "20 end:a:timeouts A/B CDEFGHIJKL - 5/5 0/3"
    );
}

#[test]
fn hidden_race_load_names_what_is_wrong_and_where() {
    let error = |text: &str| {
        HiddenRace::load(text, None, 0)
            .err()
            .map(|error| error.to_string())
    };
    assert_eq!(
        error("20 a CAK/DEZ BGHIJL - 0/0 0/0").as_deref(),
        Some("rows at character 11: 'Z' is not a card; the cards are A to L")
    );
    assert_eq!(
        error("20 a CAK/DEF BGHIJK - 0/0 0/0").as_deref(),
        Some(
            "rows at character 5: the rows, the stock and the played cards must hold each card A to L once"
        )
    );
    assert_eq!(
        error("20 c CAK/DEF BGHIJL - 0/0 0/0").as_deref(),
        Some("to-move at character 3: 'c' is not a seat; the seats are a and b")
    );
    assert!(error("20 a ???/DEF BGHIJL - 0/0 0/0").is_some_and(|error| error.contains("hidden")));
    assert_eq!(
        error("20 order: CAK/DEF BGHIJL - 0/0 0/0").as_deref(),
        Some("to-move at character 9: no seat is named")
    );
    assert_eq!(
        error("20 order:军 CAK/DEF BGHIJL - 0/0 0/0").as_deref(),
        Some("to-move at character 9: '军' is not a seat; the seats are a and b")
    );
    assert!(
        error("20 order:ab CA/DEFK BGHIJL - 0/0 0/0")
            .is_some_and(|error| error.contains("three cards dealt"))
    );
}
