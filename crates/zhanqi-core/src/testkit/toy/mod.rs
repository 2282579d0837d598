//! [`HiddenRace`], a small card race with every feature the platform has: a hidden deal, a
//! simultaneous hidden phase whose choices are not listed, alternating turns, a weighted die,
//! platform actions and an outcome with a reason. It tests the testkit, the engine protocol and
//! the AI against something simple and exactly known.
//!
//! # Rules
//!
//! Twelve cards, `A` to `L`, are worth 1 to 12. They are shuffled when the game is created; seats
//! `a` and `b` are dealt three each, hidden from the other, and the other six form a face-down
//! stock.
//!
//! 1. **Ordering.** Both seats at once arrange their three cards into a secret row.
//! 2. **Turns.** Then `a` and `b` take turns, `a` first. On its turn a seat either plays the card
//!    at one end of its row face up, scoring its value, or draws the top card of the stock onto
//!    the back of its row (only while the row holds fewer than four cards).
//! 3. **Bonus die.** After each play a die adds 0, 1, 2 or 3 to the player's score, with chances
//!    4 : 3 : 2 : 1.
//! 4. **End.** A seat whose score reaches the target (20 unless the options say otherwise) after
//!    its die wins (`finish`). A seat that can neither play nor draw on its turn ends the game:
//!    the higher score wins, equal scores draw (`no_cards`).
//!
//! Platform actions: `timeout` keeps the dealt order while ordering and loses the turn after
//! that, and a seat's third timeout loses the game (`timeouts`); either seat may `resign` at any
//! time but while the die is rolling (`surrender`).
//!
//! # Notation
//!
//! A position is seven fields separated by single spaces:
//!
//! ```text
//! <target> <to-move> <rows a/b> <stock> <played> <scores a/b> <timeouts a/b>
//! ```
//!
//! * to-move: `order:ab`, `order:a` or `order:b` while rows are being ordered (the seats still to
//!   order); `a` or `b`, the seat to play; `roll:a` or `roll:b` when the die is to be rolled for
//!   that seat's play; `end:<winner>:<reason>` once the game is over, `-` for no winner.
//! * Rows are written front first, the stock top first and the played cards in the order played:
//!   one letter per card, `?` for a card the viewer cannot see, `-` for none.
//!
//! Actions: `order:KCA` (the whole row, front first), `play:K`, `draw`, the die's outcomes
//! `roll:0` to `roll:3`, `timeout` and `resign`.
//!
//! ```
//! use zhanqi_core::testkit::toy::HiddenRace;
//! use zhanqi_core::{Game, GameNotation, Viewer};
//!
//! let mut game = HiddenRace::load("20 order:ab CAK/DEF BGHIJL - 0/0 0/0", None, 7).unwrap();
//! let b = game.seat_by_name("b").unwrap();
//! assert_eq!(game.position(Viewer::Seat(b)), "20 order:ab ???/DEF ?????? - 0/0 0/0");
//! let order = game.parse_action(b, "order:FED").unwrap();
//! game.apply(b, &order).unwrap();
//! assert_eq!(game.position(Viewer::Spectator), "20 order:a ???/??? ?????? - 0/0 0/0");
//! ```

mod notation;

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ai::AiGame;
use crate::{
    BySeat, Game, GameRng, OptionsError, Outcome, PlatformAction, Seat, SeatResult, SeatSet, Team,
    ToAct, Viewer,
};

const A: Seat = Seat::new(0);
const B: Seat = Seat::new(1);
const SEATS: SeatSet = SeatSet::first(2);
const DECK_SIZE: u8 = 12;
const HAND_SIZE: usize = 3;
const ROW_LIMIT: usize = 4;
const DIE_WEIGHTS: [u32; 4] = [4, 3, 2, 1];
const TIMEOUT_LIMIT: u32 = 3;

fn seat_label(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "a",
        1 => "b",
        _ => "?",
    }
}

fn opponent(seat: Seat) -> Seat {
    if seat == A { B } else { A }
}

/// A card, `A` (worth 1) to `L` (worth 12).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The card written `letter`, if it is one.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Card> {
        ('A'..='L')
            .contains(&letter)
            .then(|| Card(letter as u8 - b'A' + 1))
    }

    /// What the card scores, 1 to 12.
    #[must_use]
    pub fn value(self) -> u32 {
        u32::from(self.0)
    }

    /// The card's letter.
    #[must_use]
    pub fn letter(self) -> char {
        char::from(b'A' + self.0 - 1)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The options of [`HiddenRace`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HiddenRaceOptions {
    /// The score that wins, 1 to 99.
    pub target: u32,
}

impl Default for HiddenRaceOptions {
    fn default() -> HiddenRaceOptions {
        HiddenRaceOptions { target: 20 }
    }
}

/// Where a game of [`HiddenRace`] stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// The seats still to order their rows.
    Ordering(SeatSet),
    /// This seat plays or draws.
    Turn(Seat),
    /// The die is to be rolled for this seat's play.
    Roll(Seat),
    /// The game is over.
    Over {
        /// The winner, or nobody for a draw.
        winners: SeatSet,
        /// One of `finish`, `no_cards`, `timeouts`, `surrender`.
        reason: &'static str,
    },
}

/// An action of [`HiddenRace`], or an outcome of its die.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RaceAction {
    /// The seat's whole row, front first: the hidden, unlisted choice of the first phase.
    Order(Vec<Card>),
    /// Plays the card, which must be at one end of the row.
    Play(Card),
    /// Draws the top card of the stock onto the back of the row.
    Draw,
    /// The die shows this bonus.
    Roll(u8),
    /// The seat's clock ran out.
    Timeout,
    /// The seat surrenders.
    Resign,
}

/// What happened, as everybody may know it: a drawn card is not named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RaceEvent {
    /// The seat ordered its row.
    Ordered(Seat),
    /// The seat played the card.
    Played(Seat, Card),
    /// The seat drew a card.
    Drew(Seat),
    /// The die gave the seat this bonus.
    Rolled(Seat, u8),
    /// The seat's clock ran out.
    TimedOut(Seat),
    /// The seat surrendered.
    Resigned(Seat),
}

/// Why [`HiddenRace`] refused an action.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RaceIllegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The die must be rolled first, or has no such face.
    #[error("the die must be rolled now: roll:0 to roll:3")]
    DieToRoll,
    /// There is no die to roll.
    #[error("no die is to be rolled now")]
    NoDieToRoll,
    /// The seat must wait, or is not in the game.
    #[error("seat {0} is not to act now")]
    NotToAct(&'static str),
    /// The action belongs to another phase.
    #[error("{0}")]
    WrongPhase(&'static str),
    /// The order does not rearrange the seat's cards.
    #[error("the order must list the cards {0} once each")]
    NotTheHand(String),
    /// The card is not at an end of the seat's row.
    #[error("{0} is not at either end of the row")]
    NotAtEnd(Card),
    /// The stock is empty or the row full.
    #[error("cannot draw: {0}")]
    CannotDraw(&'static str),
}

/// What one viewer may know of a [`HiddenRace`]: `None` for a card it cannot see. Its `Display`
/// is the position notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RaceView {
    /// The score that wins.
    pub target: u32,
    /// Where the game stands.
    pub phase: Phase,
    /// Each seat's row, front first.
    pub rows: BySeat<Vec<Option<Card>>>,
    /// The stock, top first.
    pub stock: Vec<Option<Card>>,
    /// The cards played, in order.
    pub played: Vec<Card>,
    /// Each seat's score.
    pub scores: BySeat<u32>,
    /// Each seat's timeouts.
    pub timeouts: BySeat<u32>,
}

/// The toy game: see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct HiddenRace {
    options: HiddenRaceOptions,
    rng: GameRng,
    phase: Phase,
    rows: BySeat<Vec<Card>>,
    stock: Vec<Card>,
    played: Vec<Card>,
    scores: BySeat<u32>,
    timeouts: BySeat<u32>,
}

impl HiddenRace {
    fn can_draw(&self, seat: Seat) -> Result<(), RaceIllegal> {
        if self.stock.is_empty() {
            Err(RaceIllegal::CannotDraw("the stock is empty"))
        } else if self.rows[seat].len() >= ROW_LIMIT {
            Err(RaceIllegal::CannotDraw("the row already holds four cards"))
        } else {
            Ok(())
        }
    }

    fn check(&self, seat: Seat, action: &RaceAction) -> Result<(), RaceIllegal> {
        use RaceAction as Act;
        match (self.phase, action) {
            (Phase::Over { .. }, _) => Err(RaceIllegal::GameOver),
            (Phase::Roll(_), Act::Roll(bonus)) if usize::from(*bonus) < DIE_WEIGHTS.len() => Ok(()),
            (Phase::Roll(_), _) => Err(RaceIllegal::DieToRoll),
            (_, Act::Roll(_)) => Err(RaceIllegal::NoDieToRoll),
            _ if !SEATS.contains(seat) => Err(RaceIllegal::NotToAct(seat_label(seat))),
            (_, Act::Resign) => Ok(()),
            (Phase::Ordering(pending), _) if !pending.contains(seat) => {
                Err(RaceIllegal::NotToAct(seat_label(seat)))
            }
            (Phase::Ordering(_), Act::Order(cards)) => {
                let hand = &self.rows[seat];
                let rearranges =
                    cards.len() == hand.len() && hand.iter().all(|card| cards.contains(card));
                rearranges.then_some(()).ok_or_else(|| {
                    RaceIllegal::NotTheHand(hand.iter().map(|card| card.letter()).collect())
                })
            }
            (Phase::Ordering(_), Act::Timeout) => Ok(()),
            (Phase::Ordering(_), _) => Err(RaceIllegal::WrongPhase(
                "while rows are being ordered a seat may only order its row, time out or resign",
            )),
            (Phase::Turn(turn), _) if turn != seat => Err(RaceIllegal::NotToAct(seat_label(seat))),
            (Phase::Turn(_), Act::Order(_)) => {
                Err(RaceIllegal::WrongPhase("the rows are already ordered"))
            }
            (Phase::Turn(_), Act::Play(card)) => {
                let row = &self.rows[seat];
                let at_end = row.first() == Some(card) || row.last() == Some(card);
                at_end.then_some(()).ok_or(RaceIllegal::NotAtEnd(*card))
            }
            (Phase::Turn(_), Act::Draw) => self.can_draw(seat),
            (Phase::Turn(_), Act::Timeout) => Ok(()),
        }
    }

    fn perform(&mut self, seat: Seat, action: &RaceAction) -> Vec<RaceEvent> {
        let seat = if let Phase::Roll(roller) = self.phase {
            roller
        } else {
            seat
        };
        match action {
            RaceAction::Order(cards) => {
                self.rows[seat].clone_from(cards);
                self.finish_ordering(seat);
                vec![RaceEvent::Ordered(seat)]
            }
            RaceAction::Play(card) => {
                self.rows[seat].retain(|held| held != card);
                self.played.push(*card);
                self.scores[seat] += card.value();
                self.phase = Phase::Roll(seat);
                vec![RaceEvent::Played(seat, *card)]
            }
            RaceAction::Draw => {
                let card = self.stock.remove(0);
                self.rows[seat].push(card);
                self.begin_turn(opponent(seat));
                vec![RaceEvent::Drew(seat)]
            }
            RaceAction::Roll(bonus) => {
                self.scores[seat] += u32::from(*bonus);
                if self.scores[seat] >= self.options.target {
                    self.phase = Phase::Over {
                        winners: SeatSet::only(seat),
                        reason: "finish",
                    };
                } else {
                    self.begin_turn(opponent(seat));
                }
                vec![RaceEvent::Rolled(seat, *bonus)]
            }
            RaceAction::Timeout => {
                self.timeouts[seat] += 1;
                if self.timeouts[seat] >= TIMEOUT_LIMIT {
                    self.phase = Phase::Over {
                        winners: SeatSet::only(opponent(seat)),
                        reason: "timeouts",
                    };
                } else if matches!(self.phase, Phase::Ordering(_)) {
                    self.finish_ordering(seat);
                } else {
                    self.begin_turn(opponent(seat));
                }
                vec![RaceEvent::TimedOut(seat)]
            }
            RaceAction::Resign => {
                self.phase = Phase::Over {
                    winners: SeatSet::only(opponent(seat)),
                    reason: "surrender",
                };
                vec![RaceEvent::Resigned(seat)]
            }
        }
    }

    fn finish_ordering(&mut self, seat: Seat) {
        if let Phase::Ordering(pending) = self.phase {
            let pending = pending.without(seat);
            if pending.is_empty() {
                self.begin_turn(A)
            } else {
                self.phase = Phase::Ordering(pending)
            }
        }
    }

    fn begin_turn(&mut self, seat: Seat) {
        self.phase = if !self.rows[seat].is_empty() || !self.stock.is_empty() {
            Phase::Turn(seat)
        } else {
            let winners = match self.scores[A].cmp(&self.scores[B]) {
                Ordering::Greater => SeatSet::only(A),
                Ordering::Less => SeatSet::only(B),
                Ordering::Equal => SeatSet::EMPTY,
            };
            Phase::Over {
                winners,
                reason: "no_cards",
            }
        };
    }
}

/// The toy is played by the AI with the default evaluator (results only) and random orderings;
/// a study counts the cards each seat played.
impl AiGame for HiddenRace {
    fn study_labels(&self, _seat: Seat, action: &RaceAction, labels: &mut Vec<String>) {
        if let RaceAction::Play(card) = action {
            labels.push(card.to_string());
        }
    }
}

impl Game for HiddenRace {
    type Options = HiddenRaceOptions;
    type Action = RaceAction;
    type View = RaceView;
    type Event = RaceEvent;
    type Illegal = RaceIllegal;

    fn new(options: &HiddenRaceOptions, seed: u64) -> Result<HiddenRace, OptionsError> {
        if !(1..=99).contains(&options.target) {
            return Err(OptionsError(format!(
                "the target must be 1 to 99, not {}",
                options.target
            )));
        }
        let mut rng = GameRng::from_seed(seed);
        let mut deck: Vec<Card> = (1..=DECK_SIZE).map(Card).collect();
        rng.shuffle(&mut deck);
        let mut rows = BySeat::default();
        rows[A] = deck.drain(..HAND_SIZE).collect();
        rows[B] = deck.drain(..HAND_SIZE).collect();
        let (phase, scores, timeouts) =
            (Phase::Ordering(SEATS), BySeat::default(), BySeat::default());
        Ok(HiddenRace {
            options: options.clone(),
            rng,
            phase,
            rows,
            stock: deck,
            played: Vec::new(),
            scores,
            timeouts,
        })
    }

    fn options(&self) -> &HiddenRaceOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        SEATS
    }

    fn team(&self, seat: Seat) -> Team {
        Team(seat.index() as u8)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Ordering(pending) => ToAct::Seats(pending),
            Phase::Turn(seat) => ToAct::Seats(SeatSet::only(seat)),
            Phase::Roll(_) => ToAct::Chance,
            Phase::Over { .. } => ToAct::Over,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<RaceAction>) {
        if self.phase != Phase::Turn(seat) {
            return;
        }
        let row = &self.rows[seat];
        if let (Some(&front), Some(&back)) = (row.first(), row.last()) {
            out.push(RaceAction::Play(front));
            if back != front {
                out.push(RaceAction::Play(back));
            }
        }
        if self.can_draw(seat).is_ok() {
            out.push(RaceAction::Draw);
        }
    }

    fn has_unlisted_actions(&self, seat: Seat) -> bool {
        matches!(self.phase, Phase::Ordering(pending) if pending.contains(seat))
    }

    fn random_unlisted_action(&self, seat: Seat, rng: &mut GameRng) -> Option<RaceAction> {
        let mut row = self
            .has_unlisted_actions(seat)
            .then(|| self.rows[seat].clone())?;
        rng.shuffle(&mut row);
        Some(RaceAction::Order(row))
    }

    fn chance_outcomes(&self, out: &mut Vec<(RaceAction, u32)>) {
        if let Phase::Roll(_) = self.phase {
            out.extend(
                (0..)
                    .zip(DIE_WEIGHTS)
                    .map(|(bonus, weight)| (RaceAction::Roll(bonus), weight)),
            );
        }
    }

    fn roll(&mut self) -> Result<(RaceAction, Vec<RaceEvent>), RaceIllegal> {
        let Phase::Roll(seat) = self.phase else {
            return Err(RaceIllegal::NoDieToRoll);
        };
        let action = RaceAction::Roll(self.rng.weighted_index(&DIE_WEIGHTS) as u8);
        let events = self.perform(seat, &action);
        Ok((action, events))
    }

    fn apply(&mut self, seat: Seat, action: &RaceAction) -> Result<Vec<RaceEvent>, RaceIllegal> {
        self.check(seat, action)?;
        Ok(self.perform(seat, action))
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &RaceAction) {
        self.perform(seat, action);
    }

    fn view(&self, viewer: Viewer) -> RaceView {
        let sees = |seat: Seat| viewer == Viewer::Omniscient || viewer == Viewer::Seat(seat);
        let shown = |cards: &[Card], visible: bool| {
            cards.iter().map(|&card| visible.then_some(card)).collect()
        };
        RaceView {
            target: self.options.target,
            phase: self.phase,
            rows: BySeat::from_fn(|seat| shown(&self.rows[seat], sees(seat))),
            stock: shown(&self.stock, viewer == Viewer::Omniscient),
            played: self.played.clone(),
            scores: self.scores,
            timeouts: self.timeouts,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winners, reason } = self.phase else {
            return None;
        };
        let results = BySeat::from_fn(|seat| {
            if !SEATS.contains(seat) {
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

    /// Deals the cards `observer` cannot see (the other rows and the stock) anew, keeping how
    /// many each holds, and reseeds the die: the observer cannot know the RNG's state either.
    /// The unseen cards are shuffled from card order, not from where they truly lie, so the
    /// sample depends only on what the observer knows.
    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> HiddenRace {
        let hidden_rows: Vec<Seat> = SEATS.iter().filter(|&seat| seat != observer).collect();
        let mut unseen: Vec<Card> = hidden_rows
            .iter()
            .flat_map(|&seat| self.rows[seat].clone())
            .collect();
        unseen.extend_from_slice(&self.stock);
        unseen.sort_unstable();
        rng.shuffle(&mut unseen);
        let mut unseen = unseen.into_iter();
        let mut game = self.clone();
        for seat in hidden_rows {
            game.rows[seat] = unseen.by_ref().take(self.rows[seat].len()).collect();
        }
        game.stock = unseen.collect();
        game.rng = GameRng::from_seed(rng.next_seed());
        game
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<RaceAction> {
        match kind {
            PlatformAction::Timeout => Some(RaceAction::Timeout),
            PlatformAction::Resign => Some(RaceAction::Resign),
            _ => None,
        }
    }

    fn as_platform_action(&self, action: &RaceAction) -> Option<PlatformAction> {
        match action {
            RaceAction::Timeout => Some(PlatformAction::Timeout),
            RaceAction::Resign => Some(PlatformAction::Resign),
            _ => None,
        }
    }
}
