//! The options of a game: every parameter of §14, with the spec's default ruleset as `Default`.

use serde::{Deserialize, Serialize};
use zhanqi_core::{OptionField, OptionKind, OptionValue, Seat};

/// How a piece crosses the border (§2.3). Only one way is defined; the parameter is reserved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BorderCrossing {
    /// Crossing the border is one ordinary step.
    #[default]
    OneStep,
}

/// The order of turns (§3.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnOrder {
    /// 1 → 2 → 3 → 4.
    #[default]
    Ccw,
    /// 1 → 4 → 3 → 2.
    Cw,
}

/// Which pieces may serve as a cannon's screen (§6.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CannonScreen {
    /// Any piece.
    #[default]
    Any,
    /// Any piece that is not an enemy's.
    NotEnemy,
    /// An own or an ally's piece (the same pieces as `not_enemy`: see the README).
    OwnOrAlly,
}

/// The path of a soldier's two-step move (§6.5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoldierPath {
    /// Both steps in one direction.
    #[default]
    Straight,
    /// The second step may turn (never back); the middle point must be empty.
    AnyPath,
}

/// When a redeploy right may be used (§7.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedeployWindow {
    /// Only in the seat's next turn.
    #[default]
    NextTurn,
    /// Once per arrival, in any later turn while the piece stays.
    WhileOccupied,
}

/// Whose piece on a base lets a seat bomb (§8.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BombOccupier {
    /// The seat's own piece.
    #[default]
    Own,
    /// The seat's or its ally's piece.
    Team,
}

/// Whether bombing takes the turn (§8.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BombIsAction {
    /// A bomb is the seat's whole action.
    #[default]
    True,
    /// A bomb is made before the turn's action and does not end the turn.
    Free,
}

/// Whether an exchange may be followed by a redeployment or a bomb (§9.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExchangeFollowup {
    /// In the same turn, from the exchanged piece's new base.
    #[default]
    SameTurn,
    /// Never.
    None,
}

/// The rules of one game: the parameters of §14.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SiguoOptions {
    /// How the border is crossed.
    pub border_crossing: BorderCrossing,
    /// The order of turns.
    pub turn_order: TurnOrder,
    /// The seat that moves first after the reveal, 1–4.
    pub first_seat: u8,
    /// Whether a deployment must place all 20 soldiers (otherwise 0–20).
    pub require_full_deployment: bool,
    /// Whether a seat may pass when it has other actions.
    pub voluntary_pass: bool,
    /// Whether the general may capture.
    pub general_captures: bool,
    /// Which pieces may screen a cannon.
    pub cannon_screen: CannonScreen,
    /// The path of a soldier's two-step move.
    pub soldier_path: SoldierPath,
    /// When a redeploy right may be used.
    pub redeploy_window: RedeployWindow,
    /// The most steps of one redeployment, at least 1.
    pub redeploy_max: u8,
    /// Whether the piece on the base may be moved by its own redeployment.
    pub redeploy_occupier_may_move: bool,
    /// Whose piece on a base lets a seat bomb.
    pub bomb_occupier: BombOccupier,
    /// Whether a bomb must hit at least one piece.
    pub bomb_requires_target: bool,
    /// Whether bombing takes the turn.
    pub bomb_is_action: BombIsAction,
    /// Whether an exchange may be followed up.
    pub exchange_followup: ExchangeFollowup,
    /// Consecutive actions without a removal that draw the game, at least 1.
    pub quiet_limit: u32,
    /// Actions after which the game is drawn, at least 1.
    pub max_actions: u32,
}

impl Default for SiguoOptions {
    fn default() -> SiguoOptions {
        SiguoOptions {
            border_crossing: BorderCrossing::OneStep,
            turn_order: TurnOrder::Ccw,
            first_seat: 1,
            require_full_deployment: true,
            voluntary_pass: false,
            general_captures: true,
            cannon_screen: CannonScreen::Any,
            soldier_path: SoldierPath::Straight,
            redeploy_window: RedeployWindow::NextTurn,
            redeploy_max: 4,
            redeploy_occupier_may_move: false,
            bomb_occupier: BombOccupier::Own,
            bomb_requires_target: true,
            bomb_is_action: BombIsAction::True,
            exchange_followup: ExchangeFollowup::SameTurn,
            quiet_limit: 200,
            max_actions: 2000,
        }
    }
}

impl SiguoOptions {
    /// Every way the options describe no playable game, one sentence each.
    #[must_use]
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !(1..=4).contains(&self.first_seat) {
            problems.push(format!(
                "first_seat is {}; it must be a seat 1 to 4",
                self.first_seat
            ));
        }
        if !(1..=8).contains(&self.redeploy_max) {
            problems.push(format!(
                "redeploy_max is {}; it must be 1 to 8 (N(b) has 8 points)",
                self.redeploy_max
            ));
        }
        if self.quiet_limit == 0 {
            problems.push("quiet_limit is 0; it must be at least 1".to_owned());
        }
        if self.max_actions == 0 {
            problems.push("max_actions is 0; it must be at least 1".to_owned());
        }
        problems
    }

    /// The seat that moves first.
    #[must_use]
    pub fn first(&self) -> Seat {
        Seat::new(usize::from(self.first_seat.clamp(1, 4) - 1))
    }

    /// The seat after `seat` in turn order, living or not.
    #[inline]
    #[must_use]
    pub fn after(&self, seat: Seat) -> Seat {
        match self.turn_order {
            TurnOrder::Ccw => Seat::new((seat.index() + 1) % 4),
            TurnOrder::Cw => Seat::new((seat.index() + 3) % 4),
        }
    }
}

/// A choice of an option field.
const fn value(value: &'static str, label_en: &'static str, label_zh: &'static str) -> OptionValue {
    OptionValue {
        value,
        label_en,
        label_zh,
    }
}

/// The values of `border_crossing`.
const BORDER_CROSSING_VALUES: &[OptionValue] =
    &[value("one_step", "One ordinary step", "一步跨越")];

/// The values of `turn_order`.
const TURN_ORDER_VALUES: &[OptionValue] = &[
    value("ccw", "Counterclockwise (1→2→3→4)", "逆時針(1→2→3→4)"),
    value("cw", "Clockwise (1→4→3→2)", "順時針(1→4→3→2)"),
];

/// The values of `cannon_screen`.
const CANNON_SCREEN_VALUES: &[OptionValue] = &[
    value("any", "Any piece", "任何棋子"),
    value("not_enemy", "Not an enemy piece", "非敵方棋子"),
    value("own_or_ally", "Own or ally piece", "己方或盟友棋子"),
];

/// The values of `soldier_path`.
const SOLDIER_PATH_VALUES: &[OptionValue] = &[
    value("straight", "Two steps in a straight line", "兩步直行"),
    value("any_path", "Two steps may turn", "兩步可轉彎"),
];

/// The values of `redeploy_window`.
const REDEPLOY_WINDOW_VALUES: &[OptionValue] = &[
    value("next_turn", "Only in the next turn", "僅限下一手"),
    value(
        "while_occupied",
        "Any later turn while the base is held",
        "佔據期間任何一手",
    ),
];

/// The values of `bomb_occupier`.
const BOMB_OCCUPIER_VALUES: &[OptionValue] = &[
    value("own", "Own piece only", "僅限己方棋子"),
    value("team", "Own or ally piece", "己方或盟友棋子"),
];

/// The values of `bomb_is_action`.
const BOMB_IS_ACTION_VALUES: &[OptionValue] = &[
    value("true", "A bomb is the turn's action", "轟炸算一手"),
    value(
        "free",
        "A bomb comes before the turn's action",
        "轟炸不算一手",
    ),
];

/// The values of `exchange_followup`.
const EXCHANGE_FOLLOWUP_VALUES: &[OptionValue] = &[
    value(
        "same_turn",
        "A redeployment or bomb may follow",
        "交換後可調兵或轟炸",
    ),
    value("none", "Nothing follows", "交換後不可再行動"),
];

/// A field of the lobby's options form.
fn field(
    key: &'static str,
    kind: OptionKind,
    default: serde_json::Value,
    label_en: &'static str,
    label_zh: &'static str,
) -> OptionField {
    OptionField {
        key,
        kind,
        default,
        modes: &[],
        label_en,
        label_zh,
    }
}

/// Every parameter of §14 as a field of the lobby's options form, with the standard value as
/// its default.
#[must_use]
pub fn option_fields() -> Vec<OptionField> {
    use serde_json::json;
    let standard = SiguoOptions::default();
    let choice = |values: &'static [OptionValue]| OptionKind::Choice { values };
    let int = |min: i64, max: i64| OptionKind::Int { min, max, step: 1 };
    vec![
        field(
            "border_crossing",
            choice(BORDER_CROSSING_VALUES),
            json!(standard.border_crossing),
            "Crossing the border",
            "跨越國界",
        ),
        field(
            "turn_order",
            choice(TURN_ORDER_VALUES),
            json!(standard.turn_order),
            "Turn order",
            "行棋次序",
        ),
        field(
            "first_seat",
            int(1, 4),
            json!(standard.first_seat),
            "Seat that moves first",
            "先行座位",
        ),
        field(
            "require_full_deployment",
            OptionKind::Bool,
            json!(standard.require_full_deployment),
            "Deploy all 20 soldiers",
            "須佈滿 20 兵",
        ),
        field(
            "voluntary_pass",
            OptionKind::Bool,
            json!(standard.voluntary_pass),
            "A seat may pass when it could act",
            "可自願停走",
        ),
        field(
            "general_captures",
            OptionKind::Bool,
            json!(standard.general_captures),
            "The general may capture",
            "將可吃子",
        ),
        field(
            "cannon_screen",
            choice(CANNON_SCREEN_VALUES),
            json!(standard.cannon_screen),
            "Cannon screen",
            "炮架",
        ),
        field(
            "soldier_path",
            choice(SOLDIER_PATH_VALUES),
            json!(standard.soldier_path),
            "Soldier's two-step move",
            "兵走兩步",
        ),
        field(
            "redeploy_window",
            choice(REDEPLOY_WINDOW_VALUES),
            json!(standard.redeploy_window),
            "When a base's redeployment may be used",
            "調兵時機",
        ),
        field(
            "redeploy_max",
            int(1, 8),
            json!(standard.redeploy_max),
            "Soldiers one redeployment moves",
            "每次調兵數",
        ),
        field(
            "redeploy_occupier_may_move",
            OptionKind::Bool,
            json!(standard.redeploy_occupier_may_move),
            "The piece on the base may be redeployed",
            "佔據基地之子可被調動",
        ),
        field(
            "bomb_occupier",
            choice(BOMB_OCCUPIER_VALUES),
            json!(standard.bomb_occupier),
            "Whose piece on a base allows a bomb",
            "轟炸所需的基地佔據者",
        ),
        field(
            "bomb_requires_target",
            OptionKind::Bool,
            json!(standard.bomb_requires_target),
            "A bomb must hit an enemy piece",
            "轟炸須有目標",
        ),
        field(
            "bomb_is_action",
            choice(BOMB_IS_ACTION_VALUES),
            json!(standard.bomb_is_action),
            "Bombing and the turn",
            "轟炸與行棋",
        ),
        field(
            "exchange_followup",
            choice(EXCHANGE_FOLLOWUP_VALUES),
            json!(standard.exchange_followup),
            "After an exchange",
            "交換之後",
        ),
        field(
            "quiet_limit",
            int(10, 2000),
            json!(standard.quiet_limit),
            "Actions without a capture that draw",
            "連續無吃子判和手數",
        ),
        field(
            "max_actions",
            int(100, 10000),
            json!(standard.max_actions),
            "Actions that draw the game",
            "總手數上限(判和)",
        ),
    ]
}
