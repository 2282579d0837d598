//! 棋戰卡牌 for the AI: its [`AiGame`] implementation and [`QizhanEvaluator`], which scores a
//! (determinized) state by what each side holds on the board, weighted by zone and health, the
//! cards in hand (a side with none left loses, §8.1), the budget it leaves unused, and the
//! damage its cards in range threaten against the opponent's cards, generals first.

use zhanqi_core::ai::{AiGame, Evaluator, outcome_values};
use zhanqi_core::{BySeat, Seat};

use crate::action::Action;
use crate::board::{Side, Zone, ZoneKind};
use crate::cards::Kind;
use crate::state::{BoardCard, Phase, Qizhan};
use zhanqi_core::Game;

/// What a card in hand is worth, in troop-equivalents: a play still to come, and a card that
/// keeps its side in the game (§8.1).
const HAND: f32 = 2.0;
/// What each point of effective attack on the board is worth, beside its troops.
const ATTACK: f32 = 1.2;
/// What each point of effective armour is worth.
const ARMOUR: f32 = 0.8;
/// What an attachment is worth.
const ATTACHMENT: f32 = 1.0;
/// Extra worth of a general, the card the opponent most wants to destroy.
const GENERAL: f32 = 2.0;
/// What a budget point the side on turn leaves unspent costs, while its hand holds a card it
/// could still pay for.
const UNSPENT: f32 = 0.3;
/// The share of the damage threatened on an enemy card that counts now: the attack may not
/// come (the enemy moves, guards, counters).
const THREAT: f32 = 0.35;
/// The margin (in troop-equivalents) that maps to a value of tanh(1) ≈ 0.76.
const SCALE: f32 = 25.0;

/// Scores a state for each seat in [-1, 1]: side A's material minus side B's, squashed.
#[derive(Clone, Copy, Debug, Default)]
pub struct QizhanEvaluator;

/// How much a card in a zone of this kind counts: forward zones are nearer the enemy and
/// hold the ground that attacks are made from.
fn zone_weight(kind: ZoneKind) -> f32 {
    match kind {
        ZoneKind::Front => 1.15,
        ZoneKind::Frontier => 1.08,
        ZoneKind::Landing => 1.0,
    }
}

impl QizhanEvaluator {
    /// What one board card is worth to its side.
    fn card_value(state: &Qizhan, side: Side, card: &BoardCard) -> f32 {
        let printed = state.card(card.card);
        let stats = state.effective(side, card);
        let health = card.troops.max(0) as f32;
        let mut value = health + ATTACK * stats.atk as f32 + ARMOUR * stats.armour as f32;
        value += ATTACHMENT * state.attachments_of(card.entry).count() as f32;
        if printed.kind == Kind::General {
            value += GENERAL;
        }
        value * zone_weight(state.kind(card.loc))
    }

    /// The damage `side`'s cards threaten now against the opponent's, each enemy card counted
    /// by the most any one attacker in range would deal, capped by its troops; generals double.
    fn threat(state: &Qizhan, side: Side) -> f32 {
        let enemy = side.other();
        let mut total = 0.0;
        for target in &state.side(enemy).board {
            let to = Zone::new(enemy, target.loc);
            let mut best = 0;
            for attacker in &state.side(side).board {
                if attacker.stunned {
                    continue;
                }
                let stats = state.effective(side, attacker);
                if stats.atk < 1
                    || i32::from(state.distance(Zone::new(side, attacker.loc), to)) > stats.range
                {
                    continue;
                }
                let (dealt, _) = state.exchange(side, attacker, enemy, target);
                best = best.max(dealt.min(target.troops.max(0)));
            }
            let key = if state.card(target.card).kind == Kind::General {
                2.0
            } else {
                1.0
            };
            total += key * best as f32;
        }
        total
    }

    /// The budget the side on turn leaves unspent while it could still pay for a card.
    fn unspent(state: &Qizhan, side: Side) -> f32 {
        if state.phase() != Phase::Main || state.active() != side {
            return 0.0;
        }
        let left = state.budget().saturating_sub(state.spent);
        let affordable = state
            .side(side)
            .hand
            .iter()
            .any(|card| u32::from(state.card(card.card).cost) <= left);
        if affordable { left as f32 } else { 0.0 }
    }

    /// What `side` holds, in troop-equivalents.
    #[must_use]
    pub fn side_value(state: &Qizhan, side: Side) -> f32 {
        let cards = state.side(side);
        let board: f32 = cards
            .board
            .iter()
            .map(|card| QizhanEvaluator::card_value(state, side, card))
            .sum();
        board + HAND * cards.hand.len() as f32 + THREAT * QizhanEvaluator::threat(state, side)
            - UNSPENT * QizhanEvaluator::unspent(state, side)
    }

    /// The value of `state` for side A (side B's is its negation).
    #[must_use]
    pub fn first_side_value(state: &Qizhan) -> f32 {
        let margin = QizhanEvaluator::side_value(state, Side::A)
            - QizhanEvaluator::side_value(state, Side::B);
        (margin / SCALE).tanh()
    }
}

impl Evaluator<Qizhan> for QizhanEvaluator {
    fn evaluate(&self, state: &Qizhan) -> BySeat<f32> {
        if let Some(outcome) = state.outcome() {
            return outcome_values(&outcome);
        }
        let value = QizhanEvaluator::first_side_value(state);
        BySeat::from_fn(|seat| match Side::of_seat(seat) {
            Some(Side::A) => value,
            Some(Side::B) => -value,
            None => 0.0,
        })
    }
}

impl AiGame for Qizhan {
    fn evaluator() -> Box<dyn Evaluator<Qizhan>> {
        Box::new(QizhanEvaluator)
    }

    /// The id of the card a seat plays from its hand (a main card into a zone, an aux card
    /// onto a host or caster, an event); revivals, swaps and discards put nothing of the
    /// hand into play and count nothing.
    fn study_labels(&self, _seat: Seat, action: &Action, labels: &mut Vec<String>) {
        if let Action::PlayInto(card, _) | Action::PlayOn(card, _) | Action::PlayEvent(card) =
            action
        {
            labels.push(self.card(*card).id.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{GameNotation, GameRng, ToAct};

    use super::*;
    use crate::QizhanOptions;

    fn value(position: &str) -> f32 {
        let game = Qizhan::load(position, None, 0).unwrap();
        QizhanEvaluator::first_side_value(&game)
    }

    #[test]
    fn the_start_is_close_to_even_and_the_values_are_opposite() {
        let game = Qizhan::new(&QizhanOptions::default(), 3).unwrap();
        let values = QizhanEvaluator.evaluate(&game);
        let (a, b) = (values[Seat::new(0)], values[Seat::new(1)]);
        assert!((a + b).abs() < 1e-6, "{a} {b}");
        // B holds one card more (§3), nothing else differs.
        assert!(a < 0.0 && a > -0.2, "{a}");
    }

    #[test]
    fn more_troops_on_the_board_is_better() {
        let base = "qizhan main A turn 3 spent 0 bonus 0 played 0 last 11 seq 40\n\
                    A hand AZ03#1 deck - discard -/-/-/- exile -\n\
                    A board L1=AZ06#30:6/1/1\n\
                    B hand CW03#2 deck - discard -/-/-/- exile -\n\
                    B board L1=CW03#31:3/0/0\n\
                    stack -";
        let hurt = base.replace("AZ06#30:6/1/1", "AZ06#30:2/1/1");
        assert!(
            value(base) > value(&hurt),
            "{} {}",
            value(base),
            value(&hurt)
        );
        assert!(value(base) > 0.0);
    }

    #[test]
    fn a_threatened_general_lowers_its_side() {
        let safe = "qizhan main A turn 3 spent 3 bonus 0 played 1 last 11 seq 40\n\
                    A hand AZ03#1 deck - discard -/-/-/- exile -\n\
                    A board L1=AZ05#30:2/1/1\n\
                    B hand CW03#2 deck - discard -/-/-/- exile -\n\
                    B board L4=CW01#31:7/0/0\n\
                    stack -";
        // The crossbowmen (range 2) reach the general from a frontier zone next to it.
        let threatening = safe.replace("A board L1=", "A board F4=");
        assert!(
            value(&threatening) > value(safe),
            "{} {}",
            value(&threatening),
            value(safe)
        );
    }

    /// A play from hand is labelled with its card id (main, aux and event cards alike);
    /// ending the turn, moving and attacking are not.
    #[test]
    fn study_labels_name_the_cards_played_from_hand() {
        let mut seen_play = 0;
        let mut seen_other = 0;
        for seed in 0..40 {
            let mut game = Qizhan::new(&QizhanOptions::default(), seed).unwrap();
            let mut rng = GameRng::stream(seed, 2);
            let mut actions = Vec::new();
            let mut labels = Vec::new();
            loop {
                let seat = match game.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        game.roll().unwrap();
                        continue;
                    }
                    ToAct::Seats(seats) => seats.lowest().unwrap(),
                };
                actions.clear();
                game.legal_actions(seat, &mut actions);
                for action in &actions {
                    labels.clear();
                    game.study_labels(seat, action, &mut labels);
                    let text = game.action_text(action);
                    let mut words = text.split(' ');
                    if words.next() == Some("play") {
                        assert_eq!(labels, [words.next().unwrap()], "{text}");
                        seen_play += 1;
                    } else {
                        assert!(labels.is_empty(), "{text}: {labels:?}");
                        seen_other += 1;
                    }
                }
                let action = actions[rng.below(actions.len())];
                game.apply_unchecked(seat, &action);
            }
        }
        assert!(
            seen_play > 100 && seen_other > 100,
            "{seen_play} {seen_other}"
        );
    }

    #[test]
    fn a_finished_game_is_worth_its_result() {
        let over = "qizhan over B turn 3 spent 0 bonus 0 played 0 last 11 seq 40 result A no_cards\n\
                    A hand AZ03#1 deck - discard -/-/-/- exile -\n\
                    A board -\n\
                    B hand - deck - discard -/-/-/- exile -\n\
                    B board -\n\
                    stack -";
        let game = Qizhan::load(over, None, 0).unwrap();
        let values = QizhanEvaluator.evaluate(&game);
        assert_eq!(values[Seat::new(0)], 1.0);
        assert_eq!(values[Seat::new(1)], -1.0);
    }
}
