//! The state of a game and the turn's phases (§6, §7): setup, roll, element choice, draw,
//! placement and end. The judgement phase is in `judgement.rs`, the legal actions in
//! `movegen.rs`.

use zhanqi_core::GameRng;

use crate::action::{EventSink, Quiet};
use crate::{
    Action, CardId, CardSet, Cell, Element, Event, Face, Field, FieldCard, Pile, Placement, Player,
    ShengkeOptions,
};

/// One player's cards off the field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PlayerCards {
    /// The five element piles, by element.
    pub piles: [Pile; 5],
    /// The hand.
    pub hand: CardSet,
    /// The discard pile (unordered, §7.5.6).
    pub discard: CardSet,
    /// Every card of the player that takes part in the game: all 25 in a new game, those
    /// written in a loaded position (§14.5). Public: both players confirm decks before play.
    pub cards: CardSet,
}

impl PlayerCards {
    /// The cards in the pile of `element`, as ids.
    pub fn pile(&self, element: Element) -> impl Iterator<Item = CardId> + '_ {
        self.piles[element.index()]
            .iter()
            .map(move |index| CardId::new(element, index + 1))
    }

    /// Draws the top card of the pile of `element` into the hand.
    pub(crate) fn draw(&mut self, element: Element) -> Option<CardId> {
        let index = self.piles[element.index()].draw()?;
        let card = CardId::new(element, index + 1);
        self.hand.insert(card);
        Some(card)
    }
}

/// A recovery choice waiting in the judgement phase (§14.3.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PendingRecovery {
    /// The cards placed this turn, in placement order, destroyed ones included.
    pub placed: Placement,
    /// Which placed card (0 or 1) waits for its recovery.
    pub choosing: u8,
    /// The recoveries the choosing card still makes, the pending one included (1 unless
    /// `bonus_per_target`).
    pub left: u8,
}

impl PendingRecovery {
    /// The choosing card and its cell.
    #[must_use]
    pub fn card(&self) -> (CardId, Cell) {
        self.placed.get(usize::from(self.choosing))
    }
}

/// Where the game waits (§14.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Phase start: the dice must be rolled (a chance node).
    Roll,
    /// Phase start: these faces were rolled, and the active player names the element of each
    /// face that stands for any.
    Dice([u8; 2]),
    /// Phase place: the rolled elements, in die order.
    Place([Element; 2]),
    /// Phase judge: the rolled elements and the pending recovery choice.
    Judge([Element; 2], PendingRecovery),
    /// The game is over.
    Over,
}

/// A game of 生剋棋.
#[derive(Clone, Debug)]
pub struct Shengke {
    pub(crate) options: ShengkeOptions,
    pub(crate) rng: GameRng,
    pub(crate) turn: u16,
    pub(crate) phase: Phase,
    pub(crate) field: Field,
    pub(crate) players: [PlayerCards; 2],
}

impl Shengke {
    /// A new game: each player's five piles shuffled (§6.1), player 1 to roll for turn 1.
    ///
    /// The shuffles are drawn from the seed's RNG, player 1's piles M…S, then player 2's.
    #[must_use]
    pub fn start(options: ShengkeOptions, seed: u64) -> Shengke {
        let mut rng = GameRng::from_seed(seed);
        let mut players = [PlayerCards::default(); 2];
        for player in &mut players {
            player.cards = CardSet::ALL;
            for pile in &mut player.piles {
                let mut order = [0u8, 1, 2, 3, 4];
                rng.shuffle(&mut order);
                *pile = Pile::from_top(&order);
            }
        }
        Shengke {
            options,
            rng,
            turn: 1,
            phase: Phase::Roll,
            field: Field::EMPTY,
            players,
        }
    }

    /// A game from its parts, as a loaded position gives them (already checked).
    #[must_use]
    pub fn from_parts(
        options: ShengkeOptions,
        seed: u64,
        turn: u16,
        phase: Phase,
        field: Field,
        players: [PlayerCards; 2],
    ) -> Shengke {
        Shengke {
            options,
            rng: GameRng::from_seed(seed),
            turn,
            phase,
            field,
            players,
        }
    }

    /// The options of the game.
    #[must_use]
    pub fn rules(&self) -> &ShengkeOptions {
        &self.options
    }

    /// The current turn, 1 … `turns`.
    #[must_use]
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// The player whose turn it is (after the last turn: player 2, who played it).
    #[must_use]
    pub fn active(&self) -> Player {
        Player::of_turn(self.turn)
    }

    /// Where the game waits.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The field.
    #[must_use]
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// A player's cards off the field.
    #[must_use]
    pub fn cards(&self, player: Player) -> &PlayerCards {
        &self.players[player.index()]
    }

    /// The final scores (§8.2): field counts, with the first player's bonus.
    #[must_use]
    pub fn scores(&self) -> [i64; 2] {
        [
            i64::from(self.field.count(Player::One)) + i64::from(self.options.first_player_bonus),
            i64::from(self.field.count(Player::Two)),
        ]
    }

    /// Plays an action already known to be legal, writing its events to `sink`.
    pub(crate) fn play<S: EventSink>(&mut self, action: &Action, sink: &mut S) {
        match *action {
            Action::Roll(faces) => self.roll_faces(faces, sink),
            Action::Choose(first, second) => self.choose(first, second, sink),
            Action::Place(placement) => self.place(placement, sink),
            Action::Recover(card) => self.recover_chosen(card, sink),
        }
    }

    /// Plays a legal action without events (search and simulation).
    pub(crate) fn play_quietly(&mut self, action: &Action) {
        self.play(action, &mut Quiet);
    }

    /// Phase <1>: the faces are known; either an "any" face waits for the player, or the
    /// draw follows at once.
    fn roll_faces<S: EventSink>(&mut self, faces: [u8; 2], sink: &mut S) {
        match (
            self.options.face_element(faces[0]),
            self.options.face_element(faces[1]),
        ) {
            (Some(first), Some(second)) => self.draw_phase([first, second], sink),
            _ => self.phase = Phase::Dice(faces),
        }
    }

    /// The element choice for the "any" faces, in die order.
    fn choose<S: EventSink>(&mut self, first: Element, second: Option<Element>, sink: &mut S) {
        let Phase::Dice(faces) = self.phase else {
            return;
        };
        let mut choices = [Some(first), second].into_iter().flatten();
        let mut element_of = |face: u8| match self.options.face(face) {
            Face::Element(element) => element,
            Face::Any => choices.next().unwrap_or(first),
        };
        let rolled = [element_of(faces[0]), element_of(faces[1])];
        self.draw_phase(rolled, sink);
    }

    /// Phase <2>: the top card of each rolled element's pile (the top two for doubles).
    fn draw_phase<S: EventSink>(&mut self, rolled: [Element; 2], sink: &mut S) {
        let player = &mut self.players[self.active().index()];
        for element in rolled {
            if let Some(card) = player.draw(element) {
                sink.push(Event::Drew(card));
            }
        }
        self.phase = Phase::Place(rolled);
    }

    /// Phase <3>: the cards go onto the field, and the judgement runs.
    fn place<S: EventSink>(&mut self, placement: Placement, sink: &mut S) {
        let active = self.active();
        for (card, cell) in placement.iter() {
            self.players[active.index()].hand.remove(card);
            self.field.put(
                cell,
                FieldCard {
                    owner: active,
                    card,
                },
            );
        }
        if placement.is_empty() {
            self.end_turn(sink);
        } else {
            self.judge(placement, sink);
        }
    }

    /// Phase <5>: counts, then the next turn or the end of the game.
    pub(crate) fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        sink.push(Event::TurnEnded([
            self.field.count(Player::One),
            self.field.count(Player::Two),
        ]));
        if self.turn >= self.options.turns {
            self.phase = Phase::Over;
        } else {
            self.turn += 1;
            self.phase = Phase::Roll;
        }
    }

    /// Draws a roll with the game's RNG: 36 equally likely ordered pairs.
    pub(crate) fn draw_roll(&mut self) -> [u8; 2] {
        let pair = self.rng.below(36) as u8;
        [pair / 6 + 1, pair % 6 + 1]
    }
}
