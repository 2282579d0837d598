//! How 棋戰卡牌 meets the core traits: [`Game`] and [`GameNotation`].

use std::sync::Arc;

use zhanqi_core::{
    BySeat, Game, GameNotation, GameRng, NotationError, OptionsError, Outcome, PlatformAction,
    Rolled, Seat, SeatResult, SeatSet, Team, ToAct, Viewer,
};

use crate::action::{Action, Event};
use crate::board::{BySide, Side};
use crate::illegal::Illegal;
use crate::notation::{action_text, parse_action};
use crate::options::QizhanOptions;
use crate::position::load_position;
use crate::state::{GameResult, PILE_GENERAL, Phase, Qizhan};
use crate::view::QizhanView;

/// The one mode's name: 棋戰卡牌 has a single mode (§12.1).
pub const MODE: &str = "standard";

impl Qizhan {
    /// The options of `extra` (an engine-protocol `"options"` object), compiled.
    fn rules_of(extra: Option<&serde_json::Value>) -> Result<Arc<crate::Rules>, NotationError> {
        let options: QizhanOptions = match extra {
            None | Some(serde_json::Value::Null) => QizhanOptions::default(),
            Some(value) => serde_json::from_value(value.clone())
                .map_err(|error| NotationError::new("options", 0, error.to_string()))?,
        };
        options
            .shared()
            .map_err(|problems| NotationError::new("options", 0, problems.join("; ")))
    }

    /// Why `action` is not legal for `side` now, as one sentence.
    fn refusal(&self, side: Side, action: &Action) -> Illegal {
        let text = self.action_text(action);
        let reason = match (self.phase, action) {
            (Phase::Discard | Phase::Trim, _) if !matches!(action, Action::Discard(_)) => {
                "the game waits for a discard from hand: discard <id>".to_owned()
            }
            (Phase::Swap, _) if !matches!(action, Action::Swap(_) | Action::NoSwap) => {
                "the game waits for the swap: swap <id> or noswap".to_owned()
            }
            (Phase::Discard | Phase::Trim | Phase::Swap, _) => {
                "that card is not in your hand".to_owned()
            }
            (Phase::Main, _) if !self.stack.is_empty() => {
                "an effect waits for a choice; pick one of the listed options".to_owned()
            }
            (Phase::Main, Action::PlayInto(card, _) | Action::PlayOn(card, _) | Action::PlayEvent(card)) => {
                let printed = self.card(*card);
                if !self.sides[side].hand.iter().any(|c| c.card == *card) {
                    format!("{} is not in your hand", printed.id)
                } else if self.spent + u32::from(printed.cost) > self.budget() {
                    format!(
                        "{} costs {}, but only {} of the budget {} is left",
                        printed.id,
                        printed.cost,
                        self.budget().saturating_sub(self.spent),
                        self.budget()
                    )
                } else {
                    format!(
                        "{} cannot go there: check its kind, its deploy zones, the zone's room, \
                         the host or caster, and that its first chosen effect has a target",
                        printed.id
                    )
                }
            }
            (Phase::Main, Action::Move(card, _)) => match self.own_card(*card) {
                None => "no card of yours is there".to_owned(),
                Some(c) if c.mp == 0 => "that card has no movement points left".to_owned(),
                Some(_) => "a card moves to an adjacent zone of its own side that it may occupy and that has room".to_owned(),
            },
            (Phase::Main, Action::Attack(attacker, _)) => match self.own_card(*attacker) {
                None => "no card of yours is there".to_owned(),
                Some(c) if c.ap == 0 => "that card has no action points left".to_owned(),
                Some(_) => "the target must be an enemy card in range that no guard protects, and the attacker must have atk and not be stunned".to_owned(),
            },
            _ => "it is not one of the legal actions here".to_owned(),
        };
        Illegal::NotLegal {
            action: text,
            reason,
        }
    }

    /// What the events of the action about to be played are found from (see
    /// [`Qizhan::events_since`]): a few counters, and the board's cards kept in a buffer the
    /// game reuses, so that the playout path copies no whole position and allocates nothing.
    fn before_action(&mut self) -> Before {
        let mut board = std::mem::take(&mut self.board_before);
        board.clear();
        for side in Side::BOTH {
            board.extend(
                self.sides[side]
                    .board
                    .iter()
                    .map(|card| (side, card.card, card.entry)),
            );
        }
        self.board_before = board;
        Before {
            seq: self.seq,
            active: self.active,
            turn: self.turn,
            result: self.result,
            general_discards: BySide::from_fn(|side| self.sides[side].discard[PILE_GENERAL].len()),
        }
    }

    /// The events of an action: the cards that left the board, draws and discards, a new turn
    /// and the end of the game, found by comparing the state with `before`.
    fn events_since(&self, before: &Before) -> Vec<Event> {
        let mut events = Vec::new();
        for side in Side::BOTH {
            for &(_, card, entry) in self.board_before.iter().filter(|(s, ..)| *s == side) {
                if self.find(entry).is_none() {
                    events.push(Event::LeftBoard(card, side));
                }
            }
            let drawn = self.seq.saturating_sub(before.seq) as usize;
            let new_hand = self.sides[side]
                .hand
                .iter()
                .filter(|c| c.entry > before.seq)
                .count();
            if new_hand > 0 && drawn > 0 {
                events.push(Event::Drew(side, new_hand));
            }
            let discarded = self.sides[side].discard[PILE_GENERAL]
                .len()
                .saturating_sub(before.general_discards[side]);
            if discarded > 0 {
                events.push(Event::Discarded(side, discarded));
            }
        }
        if self.active != before.active || self.turn != before.turn {
            events.push(Event::TurnStarted(self.active));
        }
        if let (Some(result), None) = (self.result, before.result) {
            events.push(Event::Ended(result));
        }
        events
    }
}

/// The counters of a position before an action, which its events are found from; the board
/// before it is in [`Qizhan`]'s `board_before` buffer.
struct Before {
    seq: u32,
    active: Side,
    turn: u32,
    result: Option<GameResult>,
    general_discards: BySide<usize>,
}

impl Game for Qizhan {
    type Options = QizhanOptions;
    type Action = Action;
    type View = QizhanView;
    type Event = Event;
    type Illegal = Illegal;

    fn new(options: &QizhanOptions, seed: u64) -> Result<Qizhan, OptionsError> {
        let rules = options
            .shared()
            .map_err(|problems| OptionsError(problems.join("; ")))?;
        Ok(Qizhan::start(rules, seed))
    }

    fn options(&self) -> &QizhanOptions {
        &self.rules.options
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
        if let Some(side) = Side::of_seat(seat) {
            self.push_actions(side, out);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        self.push_chance_outcomes(out);
    }

    fn roll(&mut self) -> Rolled<Qizhan> {
        if self.acting() != ToAct::Chance {
            return Err(Illegal::NoChance);
        }
        let mut count = 0;
        self.for_each_option(|_| count += 1);
        let pick = self.rng.below(count);
        let mut action = Action::Concede;
        let mut index = 0;
        self.for_each_option(|a| {
            if index == pick {
                action = a;
            }
            index += 1;
        });
        let before = self.before_action();
        self.play_action(self.active, action);
        Ok((action, self.events_since(&before)))
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Illegal> {
        let Some(side) = Side::of_seat(seat) else {
            return Err(Illegal::NotYourTurn {
                seat: seat.index().to_string(),
                expected: "A or B".to_owned(),
            });
        };
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        if *action != Action::Concede {
            match self.acting() {
                ToAct::Chance => {
                    if !self.is_legal(side, action) {
                        return Err(self.refusal(side, action));
                    }
                }
                ToAct::Seats(seats) if !seats.contains(seat) => {
                    let expected = seats
                        .lowest()
                        .and_then(Side::of_seat)
                        .map_or_else(|| "nobody".to_owned(), |s| format!("seat {s}"));
                    return Err(Illegal::NotYourTurn {
                        seat: side.to_string(),
                        expected,
                    });
                }
                _ => {
                    if !self.is_legal(side, action) {
                        return Err(self.refusal(side, action));
                    }
                }
            }
        }
        let before = self.before_action();
        self.play_action(side, *action);
        Ok(self.events_since(&before))
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        self.play_action(Side::of_seat(seat).unwrap_or(Side::A), *action);
    }

    fn view(&self, viewer: Viewer) -> QizhanView {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let result = self.result?;
        let results = BySeat::from_fn(|seat| match (Side::of_seat(seat), result.winner) {
            (None, _) => SeatResult::Absent,
            (Some(_), None) => SeatResult::Draw,
            (Some(side), Some(winner)) if side == winner => SeatResult::Win,
            (Some(_), Some(_)) => SeatResult::Loss,
        });
        Some(Outcome {
            winners: result
                .winner
                .map_or(SeatSet::EMPTY, |side| SeatSet::only(side.seat())),
            reason: result.reason.name(),
            results,
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Qizhan {
        self.determinized(observer, rng)
    }

    fn platform_action(&self, kind: PlatformAction) -> Option<Action> {
        (kind == PlatformAction::Resign).then_some(Action::Concede)
    }

    fn as_platform_action(&self, action: &Action) -> Option<PlatformAction> {
        (*action == Action::Concede).then_some(PlatformAction::Resign)
    }
}

impl GameNotation for Qizhan {
    const NAME: &'static str = "qizhan";
    const MODES: &'static [&'static str] = &[MODE];
    // §12.1: `games` lists `{"game":"qizhan","modes":[]}`; requests carry no mode.
    const PROTOCOL_MODES: &'static [&'static str] = &[];

    fn options_for(
        mode: Option<&str>,
        extra: Option<&serde_json::Value>,
    ) -> Result<QizhanOptions, NotationError> {
        if let Some(mode) = mode
            && mode != MODE
        {
            return Err(NotationError::new(
                "mode",
                0,
                format!("'{mode}' is not a qizhan mode; qizhan has one mode, {MODE}"),
            ));
        }
        Ok(Qizhan::rules_of(extra)?.options.clone())
    }

    fn mode(&self) -> &'static str {
        MODE
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat.index() {
            0 => "A",
            1 => "B",
            _ => "-",
        }
    }

    fn position(&self, viewer: Viewer) -> String {
        self.position_text(viewer)
    }

    fn load(
        text: &str,
        extra: Option<&serde_json::Value>,
        seed: u64,
    ) -> Result<Qizhan, NotationError> {
        load_position(text, Qizhan::rules_of(extra)?, seed)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, NotationError> {
        parse_action(&self.rules.table, &self.rules.graph, text)
    }

    fn action_text(&self, action: &Action) -> String {
        action_text(&self.rules.table, &self.rules.graph, action)
    }

    fn record_text(&self, action: &Action, _events: &[Event]) -> String {
        // §12.9: the record of an action is the action as sent.
        self.action_text(action)
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{Game, GameRng, ToAct};

    use crate::QizhanOptions;
    use crate::action::Event;
    use crate::board::Side;
    use crate::state::{PILE_GENERAL, Qizhan};

    /// The events of an action found by comparing the whole positions before and after: the
    /// slow and obvious way that the snapshot of `before_action` must agree with.
    fn events_between(before: &Qizhan, after: &Qizhan) -> Vec<Event> {
        let mut events = Vec::new();
        for side in Side::BOTH {
            for card in &before.sides[side].board {
                if after.find(card.entry).is_none() {
                    events.push(Event::LeftBoard(card.card, side));
                }
            }
            let new_hand = after.sides[side]
                .hand
                .iter()
                .filter(|c| c.entry > before.seq)
                .count();
            if new_hand > 0 && after.seq > before.seq {
                events.push(Event::Drew(side, new_hand));
            }
            let discarded = after.sides[side].discard[PILE_GENERAL]
                .len()
                .saturating_sub(before.sides[side].discard[PILE_GENERAL].len());
            if discarded > 0 {
                events.push(Event::Discarded(side, discarded));
            }
        }
        if after.active != before.active || after.turn != before.turn {
            events.push(Event::TurnStarted(after.active));
        }
        if let (Some(result), None) = (after.result, before.result) {
            events.push(Event::Ended(result));
        }
        events
    }

    /// Every action and roll of random games reports the events a whole-position comparison
    /// finds.
    #[test]
    fn events_match_a_comparison_of_whole_positions() {
        let mut actions = Vec::new();
        let (mut seen_left_board, mut seen_roll) = (false, false);
        for seed in 0..100 {
            let mut game = Qizhan::new(&QizhanOptions::default(), seed).unwrap();
            let mut rng = GameRng::stream(seed, 2);
            loop {
                let before = game.clone();
                let events = match game.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        seen_roll = true;
                        game.roll().unwrap().1
                    }
                    ToAct::Seats(seats) => {
                        let seat = seats.lowest().unwrap();
                        actions.clear();
                        game.legal_actions(seat, &mut actions);
                        let action = actions[rng.below(actions.len())];
                        game.apply(seat, &action).unwrap()
                    }
                };
                seen_left_board |= events.iter().any(|e| matches!(e, Event::LeftBoard(..)));
                assert_eq!(events, events_between(&before, &game), "seed {seed}");
            }
        }
        assert!(seen_left_board, "the games destroyed no card");
        assert!(seen_roll, "the games rolled no random discard");
    }
}
