//! The options of a game (§1, §17.11): every parameter, with the standard game as default.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::catalog::{CardIndex, Catalog};
use crate::deck_file::{BuiltCard, built_catalog};

/// The tournament mode (§1 `mode`); the modes differ only in the deck minimum (5.0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// 排兵布阵赛: decks of at least `deck_min_formation` cards.
    #[default]
    Formation,
    /// 架空历史赛: decks of at least `deck_min_alt_history` cards.
    AltHistory,
}

impl Mode {
    /// Its name in the notation.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::Formation => "formation",
            Mode::AltHistory => "alt_history",
        }
    }
}

/// How logistics are rolled (§1 `logistics_mode`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogisticsMode {
    /// Each player rolls its own logistics, P1 first.
    #[default]
    Individual,
    /// One roll serves both players.
    Shared,
}

impl LogisticsMode {
    /// Its name in the notation.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            LogisticsMode::Individual => "individual",
            LogisticsMode::Shared => "shared",
        }
    }
}

/// A seat's deck: a §15 deck name or a list of §15 card ids, one per copy.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckChoice {
    /// `"germany"` or `"ussr"`.
    Named(String),
    /// Card ids, one per copy.
    Cards(Vec<String>),
}

/// The decks of both seats (`{"1": …, "2": …}`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decks {
    /// Seat 1's deck.
    #[serde(rename = "1", default = "germany")]
    pub seat1: DeckChoice,
    /// Seat 2's deck.
    #[serde(rename = "2", default = "ussr")]
    pub seat2: DeckChoice,
}

fn germany() -> DeckChoice {
    DeckChoice::Named("germany".to_owned())
}

fn ussr() -> DeckChoice {
    DeckChoice::Named("ussr".to_owned())
}

impl Default for Decks {
    fn default() -> Decks {
        Decks {
            seat1: germany(),
            seat2: ussr(),
        }
    }
}

/// Every parameter of §1 that a game may set (§17.11), `Default` being the standard game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TiehuoOptions {
    /// The mode; the engine protocol gives it as the request's own field.
    pub mode: Mode,
    /// Each seat's deck.
    pub decks: Decks,
    /// Whether fog of war is played (§8).
    pub fog_of_war: bool,
    /// Individual or shared logistics rolls.
    pub logistics_mode: LogisticsMode,
    /// Card ids that may not be deployed or resupplied.
    pub banned_cards: Vec<String>,
    /// Tanks built with the card builder (§14), as a deck file defines them, whose ids `decks`
    /// and positions may then name. Empty in the standard game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub built_cards: Vec<BuiltCard>,
    /// Deck minimum in mode `formation`.
    pub deck_min_formation: u32,
    /// Deck minimum in mode `alt_history`.
    pub deck_min_alt_history: u32,
    /// `L = logistics_base + Σ logistics_dice d6`.
    pub logistics_base: i32,
    /// How many d6 a logistics roll has.
    pub logistics_dice: u32,
    /// Logistics at or below it give no round.
    pub round_threshold: i32,
    /// Each further step gives one more round.
    pub round_step: i32,
    /// The most cards one resupply adds.
    pub resupply_max: u32,
    /// The fewest participants of a focus fire.
    pub focus_min_participants: u32,
    /// The focus bonus in quarters.
    pub focus_bonus_q: i32,
    /// The heavy-damage modifier in quarters.
    pub heavy_penalty_q: i32,
    /// A card is destroyed at `D = cv` (else at `D > cv`).
    pub destroy_on_zero: bool,
    /// A cost needs slack greater than it (else at least it).
    pub logistics_cost_strict: bool,
}

impl Default for TiehuoOptions {
    fn default() -> TiehuoOptions {
        TiehuoOptions {
            mode: Mode::Formation,
            decks: Decks::default(),
            fog_of_war: false,
            logistics_mode: LogisticsMode::Individual,
            banned_cards: Vec::new(),
            built_cards: Vec::new(),
            deck_min_formation: 30,
            deck_min_alt_history: 20,
            logistics_base: 40,
            logistics_dice: 2,
            round_threshold: 10,
            round_step: 20,
            resupply_max: 4,
            focus_min_participants: 2,
            focus_bonus_q: 1,
            heavy_penalty_q: -2,
            destroy_on_zero: true,
            logistics_cost_strict: true,
        }
    }
}

/// The cards of the options, resolved against the catalog.
#[derive(Clone, Debug)]
pub(crate) struct Resolved {
    /// The game's catalog: the §15 cards and the built cards.
    pub catalog: Arc<Catalog>,
    /// Each seat's deck, sorted.
    pub decks: [Vec<CardIndex>; 2],
    /// Whether each card of the catalog is banned.
    pub banned: Vec<bool>,
}

impl TiehuoOptions {
    /// The deck minimum of the mode (5.0).
    #[must_use]
    pub fn deck_min(&self) -> u32 {
        match self.mode {
            Mode::Formation => self.deck_min_formation,
            Mode::AltHistory => self.deck_min_alt_history,
        }
    }

    /// The number of rounds for logistics `l` (5.3).
    #[must_use]
    pub fn rounds(&self, l: i32) -> u32 {
        if l <= self.round_threshold {
            0
        } else {
            let step = self.round_step.max(1);
            ((l - self.round_threshold + step - 1) / step) as u32
        }
    }

    /// Every problem with the parameters that do not depend on the decks.
    fn parameter_problems(&self, problems: &mut Vec<String>) {
        if self.logistics_base < 40 {
            problems.push(format!(
                "logistics_base is {}; it must be at least 40 (§1)",
                self.logistics_base
            ));
        }
        // Each roll is a chance node listing every sequence of faces: 6^4 = 1296 at most.
        if self.logistics_dice == 0 || self.logistics_dice > 4 {
            problems.push(format!(
                "logistics_dice is {}; it must be between 1 and 4",
                self.logistics_dice
            ));
        } else if self.logistics_mode == LogisticsMode::Individual && 5 * self.logistics_dice > 10 {
            problems.push(format!(
                "logistics_dice is {}; with individual logistics 5 × logistics_dice must not exceed 10 (§1)",
                self.logistics_dice
            ));
        }
        if self.round_step < 1 {
            problems.push(format!(
                "round_step is {}; it must be at least 1",
                self.round_step
            ));
        }
        if self.focus_min_participants < 1 || self.focus_min_participants > 64 {
            problems.push(format!(
                "focus_min_participants is {}; it must be between 1 and 64",
                self.focus_min_participants
            ));
        }
        if self.resupply_max > 255 {
            problems.push(format!(
                "resupply_max is {}; it must be at most 255",
                self.resupply_max
            ));
        }
        for (key, value) in [
            ("focus_bonus_q", self.focus_bonus_q),
            ("heavy_penalty_q", self.heavy_penalty_q),
        ] {
            if value.abs() > 100 {
                problems.push(format!("{key} is {value}; it must be between -100 and 100"));
            }
        }
    }

    /// The decks and banned cards against the catalog, and every problem on the way.
    pub(crate) fn resolve(&self, check_decks: bool) -> Result<Resolved, Vec<String>> {
        let mut problems = Vec::new();
        self.parameter_problems(&mut problems);
        let catalog = match built_catalog(&self.built_cards) {
            Ok(catalog) => catalog,
            Err(faults) => {
                problems.extend(faults);
                Arc::clone(Catalog::shared_standard())
            }
        };
        let mut banned = vec![false; catalog.cards.len()];
        for id in &self.banned_cards {
            match catalog.index_of(id) {
                Some(index) => banned[usize::from(index)] = true,
                None => problems.push(format!("banned_cards names '{id}', which is no card of this game (a §15 card or one of built_cards)")),
            }
        }
        let mut decks: [Vec<CardIndex>; 2] = Default::default();
        for (seat, choice) in [(0, &self.decks.seat1), (1, &self.decks.seat2)] {
            let seat_name = seat + 1;
            match choice {
                DeckChoice::Named(name) => match catalog.deck(name) {
                    Some(cards) => decks[seat] = cards.to_vec(),
                    None => problems.push(format!(
                        "decks.{seat_name} is '{name}'; a deck name is germany or ussr"
                    )),
                },
                DeckChoice::Cards(ids) => {
                    for id in ids {
                        match catalog.index_of(id) {
                            Some(index) => decks[seat].push(index),
                            None => problems.push(format!(
                                "decks.{seat_name} holds '{id}', which is no card of this game (a §15 card or one of built_cards)"
                            )),
                        }
                    }
                    decks[seat].sort_unstable();
                }
            }
            if check_decks {
                let min = self.deck_min();
                if (decks[seat].len() as u32) < min {
                    problems.push(format!(
                        "seat {seat_name}'s deck has {} cards; mode {} needs at least {min} (5.0)",
                        decks[seat].len(),
                        self.mode.name()
                    ));
                }
                let deployable = decks[seat]
                    .iter()
                    .any(|&card| catalog.card(card).is_battle() && !banned[usize::from(card)]);
                if !deployable {
                    problems.push(format!(
                        "seat {seat_name}'s deck holds no battle card outside banned_cards, so it cannot deploy (6.1)"
                    ));
                }
            }
        }
        if problems.is_empty() {
            Ok(Resolved {
                catalog,
                decks,
                banned,
            })
        } else {
            Err(problems)
        }
    }
}

/// The options the lobby's form offers (§1, §17.11), each a key of the engine protocol's
/// `options`. Left out: the decks and the banned cards (lists, which the deck editor gives).
#[must_use]
pub fn option_fields() -> Vec<zhanqi_core::OptionField> {
    use serde_json::json;
    use zhanqi_core::{OptionField, OptionKind, OptionValue};
    let standard = TiehuoOptions::default();
    let int = |key, min, max, default: i64, label_en, label_zh| OptionField {
        key,
        kind: OptionKind::Int { min, max, step: 1 },
        default: json!(default),
        modes: &[],
        label_en,
        label_zh,
    };
    let flag = |key, default: bool, label_en, label_zh| OptionField {
        key,
        kind: OptionKind::Bool,
        default: json!(default),
        modes: &[],
        label_en,
        label_zh,
    };
    vec![
        flag(
            "fog_of_war",
            standard.fog_of_war,
            "Fog of war: battle decks face down",
            "战争迷雾（作战牌背面朝上）",
        ),
        OptionField {
            key: "logistics_mode",
            kind: OptionKind::Choice {
                values: &[
                    OptionValue {
                        value: "individual",
                        label_en: "Each player rolls their own",
                        label_zh: "各自掷骰",
                    },
                    OptionValue {
                        value: "shared",
                        label_en: "One roll for both players",
                        label_zh: "通用的后勤点数",
                    },
                ],
            },
            default: json!(standard.logistics_mode),
            modes: &[],
            label_en: "Logistics roll",
            label_zh: "后勤点数",
        },
        int(
            "logistics_base",
            40,
            80,
            i64::from(standard.logistics_base),
            "Logistics base (before the dice)",
            "后勤基数（掷骰前）",
        ),
        int(
            "logistics_dice",
            1,
            2,
            i64::from(standard.logistics_dice),
            "Logistics dice (d6)",
            "后勤骰数（d6）",
        ),
        int(
            "resupply_max",
            0,
            10,
            i64::from(standard.resupply_max),
            "Most cards one resupply adds",
            "每次补充的最多牌数",
        ),
        int(
            "focus_min_participants",
            1,
            6,
            i64::from(standard.focus_min_participants),
            "Fewest cards in a focus fire",
            "集火攻击的最少参与牌数",
        ),
        int(
            "focus_bonus_q",
            0,
            4,
            i64::from(standard.focus_bonus_q),
            "Focus-fire bonus (quarters: 1 = +25 %)",
            "集火加成（四分之一：1 = +25%）",
        ),
        int(
            "heavy_penalty_q",
            -4,
            0,
            i64::from(standard.heavy_penalty_q),
            "Heavy-damage penalty (quarters: −2 = −50 %)",
            "重创惩罚（四分之一：−2 = −50%）",
        ),
        flag(
            "destroy_on_zero",
            standard.destroy_on_zero,
            "A card is destroyed when its damage reaches its combat value",
            "伤害达到战斗力时即被消灭",
        ),
        flag(
            "logistics_cost_strict",
            standard.logistics_cost_strict,
            "A logistics cost needs slack greater than the cost",
            "后勤消耗需富余大于消耗值",
        ),
    ]
}
