//! The options of a game: every parameter of §13 except `first_player` (§14.6), with the
//! spec's standard game as the default.

use serde::{Deserialize, Serialize};
use serde_json::json;
use zhanqi_core::{OptionField, OptionKind, OptionValue};

use crate::deck::describe;
use crate::{Deck, Element, Face, RangeTable};

/// How many cards the active player must place (§7.4.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlacementRule {
    /// As many as possible: two if any legal placement of two exists, else one, else none.
    #[default]
    MandatoryMax,
    /// Each of the two placements may be skipped.
    Optional,
}

/// Whose cards the judgements look at (§7.5.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Targets {
    /// Cards of either player, the other placed card included.
    #[default]
    Any,
    /// Only the opponent's cards.
    OpponentOnly,
}

/// How the four judgements of two placed cards interleave (§7.5.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resolution {
    /// Step by step: step 1 for both cards, then step 2 for both, and so on.
    #[default]
    ByStep,
    /// Card by card: steps 1–4 for the first placed card, then for the second.
    ByCard,
}

/// Who wins when the scores are equal (§8.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tie {
    /// Nobody: the game is drawn.
    #[default]
    Draw,
    /// Player 2 wins.
    SecondPlayerWins,
    /// Player 1 wins.
    FirstPlayerWins,
}

/// The rules of one game: the §13 parameters (`first_player` excepted: seat `1` always moves
/// first, and which participant takes it is the platform's business).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShengkeOptions {
    /// Player 1's deck.
    pub deck_p1: Deck,
    /// Player 2's deck.
    pub deck_p2: Deck,
    /// What faces 1–6 stand for.
    pub die_faces: [Face; 6],
    /// The directions of each range number.
    pub range_table: RangeTable,
    /// Turns in a game (even, at least 2).
    pub turns: u16,
    /// How many cards must be placed.
    pub placement: PlacementRule,
    /// Whose cards the judgements look at.
    pub judgement_targets: Targets,
    /// How the judgements of two placed cards interleave.
    pub resolution: Resolution,
    /// Whether 行生 and 生行 act once per qualifying card instead of once per placed card.
    pub bonus_per_target: bool,
    /// Added to player 1's field count at the end.
    pub first_player_bonus: i32,
    /// Who wins on equal scores.
    pub tie: Tie,
}

impl Default for ShengkeOptions {
    fn default() -> ShengkeOptions {
        ShengkeOptions {
            deck_p1: Deck::standard(),
            deck_p2: Deck::standard(),
            die_faces: Face::STANDARD,
            range_table: RangeTable::STANDARD,
            turns: 20,
            placement: PlacementRule::MandatoryMax,
            judgement_targets: Targets::Any,
            resolution: Resolution::ByStep,
            bonus_per_target: false,
            first_player_bonus: 2,
            tie: Tie::Draw,
        }
    }
}

impl ShengkeOptions {
    /// The deck of player `index` (0 or 1).
    #[must_use]
    pub fn deck(&self, index: usize) -> &Deck {
        if index == 0 {
            &self.deck_p1
        } else {
            &self.deck_p2
        }
    }

    /// What die face `face` (1–6) stands for.
    #[must_use]
    pub fn face(&self, face: u8) -> Face {
        self.die_faces[usize::from(face.clamp(1, 6) - 1)]
    }

    /// The element of a face, if it stands for one.
    #[must_use]
    pub fn face_element(&self, face: u8) -> Option<Element> {
        match self.face(face) {
            Face::Element(element) => Some(element),
            Face::Any => None,
        }
    }

    /// Every way the options describe no playable game, as sentences.
    #[must_use]
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.deck_p1.is_valid()
            && self.deck_p2.is_valid()
            && self.turns >= 2
            && self.turns % 2 == 0
        {
            return problems;
        }
        for (key, deck) in [("deck_p1", &self.deck_p1), ("deck_p2", &self.deck_p2)] {
            let violations = deck.violations();
            if !violations.is_empty() {
                problems.push(format!(
                    "{key} is not a valid deck: {}",
                    describe(&violations)
                ));
            }
        }
        if self.turns < 2 || self.turns % 2 != 0 {
            problems.push(format!(
                "turns is {}; it must be an even number of at least 2",
                self.turns
            ));
        }
        problems
    }
}

/// The §13 parameters a player may set when opening a room, for the lobby's form
/// ([`zhanqi_core::ClientGame::option_fields`]). Left out: the decks (each seat's deck
/// editor gives them), `die_faces` and `range_table` (tables, not form fields).
#[must_use]
pub fn option_fields() -> Vec<OptionField> {
    let standard = ShengkeOptions::default();
    vec![
        OptionField {
            key: "turns",
            // Even and at least 2 (§14.6); beyond 60 a lobby offers nothing worth playing.
            kind: OptionKind::Int {
                min: 2,
                max: 60,
                step: 2,
            },
            default: json!(standard.turns),
            modes: &[],
            label_en: "Turns in the game",
            label_zh: "回合數",
        },
        OptionField {
            key: "placement",
            kind: OptionKind::Choice {
                values: &[
                    OptionValue {
                        value: "mandatory_max",
                        label_en: "As many cards as can be placed",
                        label_zh: "能放盡放",
                    },
                    OptionValue {
                        value: "optional",
                        label_en: "Each placement may be skipped",
                        label_zh: "可不放",
                    },
                ],
            },
            default: json!(standard.placement),
            modes: &[],
            label_en: "Cards to place each turn (§7.4)",
            label_zh: "放牌規則",
        },
        OptionField {
            key: "judgement_targets",
            kind: OptionKind::Choice {
                values: &[
                    OptionValue {
                        value: "any",
                        label_en: "Cards of either player",
                        label_zh: "雙方的牌",
                    },
                    OptionValue {
                        value: "opponent_only",
                        label_en: "Only the opponent's cards",
                        label_zh: "只看對方的牌",
                    },
                ],
            },
            default: json!(standard.judgement_targets),
            modes: &[],
            label_en: "Whose cards the judgements look at (§7.5.1)",
            label_zh: "判定對象",
        },
        OptionField {
            key: "resolution",
            kind: OptionKind::Choice {
                values: &[
                    OptionValue {
                        value: "by_step",
                        label_en: "Step by step",
                        label_zh: "逐步結算",
                    },
                    OptionValue {
                        value: "by_card",
                        label_en: "Card by card",
                        label_zh: "逐牌結算",
                    },
                ],
            },
            default: json!(standard.resolution),
            modes: &[],
            label_en: "How two placed cards are judged (§7.5.3)",
            label_zh: "結算順序",
        },
        OptionField {
            key: "bonus_per_target",
            kind: OptionKind::Bool,
            default: json!(standard.bonus_per_target),
            modes: &[],
            label_en: "行生 and 生行 act once per qualifying card (§7.5.5)",
            label_zh: "行生、生行按目標各計一次",
        },
        OptionField {
            key: "first_player_bonus",
            // Any integer (§14.6); the field has 25 cells, so a larger bonus decides the game.
            kind: OptionKind::Int {
                min: -25,
                max: 25,
                step: 1,
            },
            default: json!(standard.first_player_bonus),
            modes: &[],
            label_en: "Added to player 1's count at the end (§8.2)",
            label_zh: "先手加分",
        },
        OptionField {
            key: "tie",
            kind: OptionKind::Choice {
                values: &[
                    OptionValue {
                        value: "draw",
                        label_en: "A draw",
                        label_zh: "和局",
                    },
                    OptionValue {
                        value: "second_player_wins",
                        label_en: "Player 2 wins",
                        label_zh: "後手勝",
                    },
                    OptionValue {
                        value: "first_player_wins",
                        label_en: "Player 1 wins",
                        label_zh: "先手勝",
                    },
                ],
            },
            default: json!(standard.tie),
            modes: &[],
            label_en: "Equal scores (§8.3)",
            label_zh: "同分判定",
        },
    ]
}
