//! The options of a game: every parameter of §14, with the spec's default ruleset as `Default`.

use serde::{Deserialize, Serialize};
use zhanqi_core::Seat;

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
