//! 生剋棋 for the AI: its [`AiGame`] implementation and [`ShengkeEvaluator`], the score the
//! game would end with now plus what each player's hand, piles and remaining turns promise.

use zhanqi_core::BySeat;
use zhanqi_core::ai::{AiGame, Evaluator};

use crate::{Phase, Player, Shengke, Tie};

/// Field cards a card in hand is worth: it can be placed on a coming turn, if the dice allow.
const HAND: f32 = 0.3;
/// Field cards a card in a pile is worth: it can be drawn, then placed, two steps away.
const PILE: f32 = 0.08;
/// Field cards a remaining turn of one's own is worth: up to two placements, minus what the
/// judgements destroy.
const TURN: f32 = 0.5;
/// Margin (in field cards) that maps to a value of tanh(1) ≈ 0.76 with no turns left.
const SCALE_END: f32 = 1.5;
/// How much each remaining turn widens the scale: early leads are worth less, since two
/// placements a turn and the judgements can swing the count.
const SCALE_PER_TURN: f32 = 0.25;

/// Scores a (determinized) state for each seat's team in [-1, 1]: the end-of-game score
/// margin it holds now, handicap and tie rule included, plus the cards in hand and piles and
/// the turns each player still plays, squashed by a tanh whose width shrinks as the game
/// nears its end.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShengkeEvaluator;

impl ShengkeEvaluator {
    /// The value of `state` for player 1 (player 2's is its negation).
    #[must_use]
    pub fn first_player_value(state: &Shengke) -> f32 {
        let [first, second] = state.scores();
        // The tie rule decides equal scores: half a card toward the player it favours.
        let tie = match state.rules().tie {
            Tie::Draw => 0.0,
            Tie::FirstPlayerWins => 0.5,
            Tie::SecondPlayerWins => -0.5,
        };
        let margin = (first - second) as f32 + tie;
        let remaining = remaining_turns(state);
        let promise = |player: Player| {
            let cards = state.cards(player);
            let in_piles: usize = cards.piles.iter().map(|pile| pile.len()).sum();
            HAND * cards.hand.len() as f32
                + PILE * in_piles as f32
                + TURN * f32::from(remaining[player.index()])
        };
        let total = margin + promise(Player::One) - promise(Player::Two);
        let left = remaining[0] + remaining[1];
        let scale = SCALE_END + SCALE_PER_TURN * f32::from(left);
        (total / scale).tanh()
    }
}

/// The turns each player still places in, the current one included until its placement.
fn remaining_turns(state: &Shengke) -> [u16; 2] {
    let last = state.rules().turns;
    let first = match state.phase() {
        Phase::Roll | Phase::Dice(_) | Phase::Place(_) => state.turn(),
        Phase::Judge(..) => state.turn() + 1,
        Phase::Over => last + 1,
    };
    let mut remaining = [0, 0];
    for turn in first..=last {
        remaining[Player::of_turn(turn).index()] += 1;
    }
    remaining
}

impl Evaluator<Shengke> for ShengkeEvaluator {
    fn evaluate(&self, state: &Shengke) -> BySeat<f32> {
        let value = ShengkeEvaluator::first_player_value(state);
        BySeat::from_fn(|seat| match Player::of_seat(seat) {
            Some(Player::One) => value,
            Some(Player::Two) => -value,
            None => 0.0,
        })
    }
}

impl AiGame for Shengke {
    fn evaluator() -> Box<dyn Evaluator<Shengke>> {
        Box::new(ShengkeEvaluator)
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{Game, Seat};

    use super::*;
    use crate::ShengkeOptions;

    fn game(first_player_bonus: i32, tie: Tie) -> Shengke {
        let options = ShengkeOptions {
            first_player_bonus,
            tie,
            ..ShengkeOptions::default()
        };
        Shengke::new(&options, 5).unwrap()
    }

    #[test]
    fn the_values_are_opposite_and_bounded() {
        let state = game(2, Tie::Draw);
        let values = ShengkeEvaluator.evaluate(&state);
        let (one, two) = (values[Seat::new(0)], values[Seat::new(1)]);
        assert!((-1.0..=1.0).contains(&one), "{one}");
        assert!((one + two).abs() < 1e-6, "{one} {two}");
        assert_eq!(values[Seat::new(2)], 0.0);
    }

    #[test]
    fn the_handicap_favours_the_first_player() {
        let even = ShengkeEvaluator::first_player_value(&game(0, Tie::Draw));
        let handicap = ShengkeEvaluator::first_player_value(&game(2, Tie::Draw));
        let against = ShengkeEvaluator::first_player_value(&game(-2, Tie::Draw));
        assert!(
            against < even && even < handicap,
            "{against} {even} {handicap}"
        );
        // With no bonus the first player is only ahead by the extra turn of an even count:
        // both play ten turns, so the start is even.
        assert!(even.abs() < 1e-6, "{even}");
    }

    #[test]
    fn the_tie_rule_leans_toward_its_winner() {
        let draw = ShengkeEvaluator::first_player_value(&game(0, Tie::Draw));
        let first = ShengkeEvaluator::first_player_value(&game(0, Tie::FirstPlayerWins));
        let second = ShengkeEvaluator::first_player_value(&game(0, Tie::SecondPlayerWins));
        assert!(second < draw && draw < first, "{second} {draw} {first}");
    }

    #[test]
    fn remaining_turns_count_the_current_turn_until_it_is_placed() {
        let state = game(2, Tie::Draw);
        assert_eq!(remaining_turns(&state), [10, 10]);
    }
}
