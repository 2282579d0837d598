//! Game options: the mode and the rule switches a position string cannot hold (CL-5).

use serde::{Deserialize, Serialize};
use serde_json::json;
use zhanqi_core::{OptionField, OptionKind, OptionValue, Seat, SeatSet};

use crate::board::Shape;

/// A junqi mode.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Mode {
    /// The standard two-player game (seats `s`, `n`).
    #[default]
    #[serde(rename = "2p")]
    TwoPlayer,
    /// 四国军棋: four players in two teams (seats `s`, `e`, `n`, `w`).
    #[serde(rename = "4p")]
    FourPlayer,
    /// 翻棋: dark chess, face-down pieces on the two-player board.
    #[serde(rename = "dark")]
    Dark,
}

impl Mode {
    /// The mode's name in notation (`2p`, `4p`, `dark`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mode::TwoPlayer => "2p",
            Mode::FourPlayer => "4p",
            Mode::Dark => "dark",
        }
    }

    /// The mode with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Mode> {
        [Mode::TwoPlayer, Mode::FourPlayer, Mode::Dark]
            .into_iter()
            .find(|mode| mode.name() == name)
    }

    /// The board's name in messages (`2p` or `4p`).
    #[must_use]
    pub const fn shape_name(self) -> &'static str {
        match self {
            Mode::FourPlayer => "4p",
            _ => "2p",
        }
    }

    /// The board the mode is played on.
    #[must_use]
    pub const fn shape(self) -> Shape {
        match self {
            Mode::FourPlayer => Shape::FourPlayer,
            _ => Shape::TwoPlayer,
        }
    }

    /// The seat names in seat order.
    #[must_use]
    pub const fn seat_names(self) -> &'static [&'static str] {
        match self {
            Mode::FourPlayer => &["s", "e", "n", "w"],
            _ => &["s", "n"],
        }
    }
}

/// How dark chess gives the players their colours (DK-3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// The first piece flipped decides (the default).
    #[default]
    FirstFlip,
    /// A player gets a colour after flipping that colour on two consecutive turns of their own.
    TwoSame,
}

/// Where the rules of the QQ client differ from the specification (jgs-format.md §10), for
/// replaying QQ records faithfully. Never used for ordinary play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Compat {
    /// The rules of junqi.md.
    #[default]
    Spec,
    /// QQ 四国军棋: surrender at any move count, no "no legal move" check at the start of a
    /// turn, and a piece next to an enemy on a camp counts as able to move.
    Qq,
}

/// The options of a junqi game. `Default` is the standard two-player game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JunqiOptions {
    /// The mode.
    pub mode: Mode,
    /// 4p only: play with `s` and `n` alone on the four-player board, as enemies (CL-3).
    pub two_players_on_4p: bool,
    /// 双明: allies see each other's pieces (IN-5); 4p only.
    pub ally_visible: bool,
    /// Dark chess: how colours are given.
    pub colour_rule: ColourRule,
    /// Dark chess: only an engineer may attack a flag.
    pub flag_engineer_only: bool,
    /// Rules of the QQ client instead of the specification's, for replaying QQ records.
    pub compat: Compat,
}

impl JunqiOptions {
    /// The standard game of a mode.
    #[must_use]
    pub fn of_mode(mode: Mode) -> JunqiOptions {
        JunqiOptions {
            mode,
            ..JunqiOptions::default()
        }
    }

    /// The seats in play.
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        match self.mode {
            Mode::FourPlayer if self.two_players_on_4p => {
                SeatSet::only(Seat::new(0)).with(Seat::new(2))
            }
            Mode::FourPlayer => SeatSet::first(4),
            _ => SeatSet::first(2),
        }
    }

    /// Whether two seats are on the same team.
    #[must_use]
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        match self.mode {
            Mode::FourPlayer if !self.two_players_on_4p => a.index() % 2 == b.index() % 2,
            _ => a == b,
        }
    }
}

/// The options a player may set when opening a room, for the lobby's form
/// ([`zhanqi_core::ClientGame::option_fields`]). `compat` is left out: it is for replaying QQ
/// records, never for play.
#[must_use]
pub fn option_fields() -> Vec<OptionField> {
    let standard = JunqiOptions::default();
    vec![
        OptionField {
            key: "two_players_on_4p",
            kind: OptionKind::Bool,
            default: json!(standard.two_players_on_4p),
            modes: &["4p"],
            label_en: "Two players on the four-player board (CL-3)",
            label_zh: "二人四国",
        },
        OptionField {
            key: "ally_visible",
            kind: OptionKind::Bool,
            default: json!(standard.ally_visible),
            modes: &["4p"],
            label_en: "Allies see each other's pieces (IN-5)",
            label_zh: "双明",
        },
        OptionField {
            key: "colour_rule",
            kind: OptionKind::Choice {
                values: &[
                    OptionValue {
                        value: "first_flip",
                        label_en: "The first piece flipped decides",
                        label_zh: "首翻定色",
                    },
                    OptionValue {
                        value: "two_same",
                        label_en: "Two flips of one colour in a row decide",
                        label_zh: "连翻两同色定色",
                    },
                ],
            },
            default: json!(standard.colour_rule),
            modes: &["dark"],
            label_en: "How the players get their colours (DK-3)",
            label_zh: "定色规则",
        },
        OptionField {
            key: "flag_engineer_only",
            kind: OptionKind::Bool,
            default: json!(standard.flag_engineer_only),
            modes: &["dark"],
            label_en: "Only an engineer may attack a flag",
            label_zh: "只有工兵可扛军旗",
        },
    ]
}
