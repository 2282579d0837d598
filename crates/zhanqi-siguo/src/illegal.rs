//! Why an action was refused, as one sentence; and the check that finds the reason.

use zhanqi_core::Seat;

use crate::geometry::{Base, Point};
use crate::position::Turn;
use crate::{Action, Siguo};

/// Why an action was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over; no action can be played")]
    GameOver,
    /// A roll was asked for: the game has no chance nodes (§15.1).
    #[error("siguo has no chance nodes, so nothing is rolled; the seats act")]
    NoChance,
    /// Another seat is to act.
    #[error("it is not seat {seat}'s turn; seat {to_move} is to move")]
    NotYourTurn {
        /// The seat that tried, 1–4.
        seat: usize,
        /// The seat to move, 1–4.
        to_move: usize,
    },
    /// The seat has already deployed.
    #[error("seat {0} has already deployed; each seat deploys once")]
    AlreadyDeployed(usize),
    /// The game waits for deployments, and something else was played.
    #[error("the game waits for the seats' deployments; submit a deployment string")]
    DeploymentExpected,
    /// A deployment was played after the reveal.
    #[error("the deployments are over; play a move or another action of §5")]
    DeploymentOver,
    /// The deployment breaks rules of §4.2.
    #[error("the deployment is invalid: {0}")]
    InvalidDeployment(String),
    /// A redeployment is pending, and something other than a step or stop was played.
    #[error("your redeployment around {0} is under way; play a step such as a5>k5, or stop")]
    RedeploymentUnderWay(Base),
    /// A step or stop was played with no redeployment under way.
    #[error("no redeployment is under way; a step or stop follows a 'redeploy' action")]
    NoRedeployment,
    /// No piece of the seat stands on the point.
    #[error("no piece of yours stands on {0}")]
    NotYourPiece(Point),
    /// A capture written as a move, or a move written as a capture.
    #[error("{from} to {to} {actual}; write it {written}")]
    WrongMark {
        /// From.
        from: Point,
        /// To.
        to: Point,
        /// `captures` or `captures nothing`.
        actual: &'static str,
        /// The right text.
        written: String,
    },
    /// The piece cannot go there.
    #[error("the {piece} on {from} cannot go to {to}")]
    Unreachable {
        /// The piece's kind.
        piece: &'static str,
        /// From.
        from: Point,
        /// To.
        to: Point,
    },
    /// The seat has no usable right on the base.
    #[error("you have no usable redeploy right on {0} this turn")]
    NoRight(Base),
    /// The redeploy step is not possible.
    #[error(
        "{from}>{to} is not a redeploy step around {base}: move one of your soldiers (not the \
         piece on the base) to an empty point around it"
    )]
    BadStep {
        /// The base.
        base: Base,
        /// From.
        from: Point,
        /// To.
        to: Point,
    },
    /// The bomb is not possible.
    #[error(
        "you cannot bomb from {0}: it needs a bomb card, your piece on the base and an enemy \
         piece in its zone"
    )]
    BombRefused(Base),
    /// The exchange (or its follow-up) is not possible.
    #[error(
        "the exchange of {own} and {ally} is not possible as written: it needs an exchange card, \
         your piece on {own}, your ally's on {ally}, no general leaving its region, and a \
         possible follow-up"
    )]
    ExchangeRefused {
        /// The seat's base.
        own: Base,
        /// The ally's base.
        ally: Base,
    },
    /// Pass is legal only without any other action.
    #[error("you may pass only when no other action is legal")]
    PassRefused,
}

impl Siguo {
    /// Checks that `seat` may play `action` now.
    ///
    /// # Errors
    /// The reason it may not.
    pub(crate) fn check(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        match self.position.turn {
            Turn::Over => Err(Illegal::GameOver),
            Turn::Deploying(waiting) => match action {
                Action::Deploy(_) if !waiting.contains(seat) => {
                    Err(Illegal::AlreadyDeployed(seat.index() + 1))
                }
                Action::Deploy(deployment) => {
                    let violations = deployment.violations(seat, &self.options);
                    if violations.is_empty() {
                        Ok(())
                    } else {
                        Err(Illegal::InvalidDeployment(crate::deployment::describe(
                            &violations,
                        )))
                    }
                }
                _ => Err(Illegal::DeploymentExpected),
            },
            Turn::Seat(to_move) if to_move != seat => Err(Illegal::NotYourTurn {
                seat: seat.index() + 1,
                to_move: to_move.index() + 1,
            }),
            Turn::Seat(_) => {
                let mut legal = Vec::new();
                self.push_actions(seat, &mut legal);
                if legal.contains(action) {
                    Ok(())
                } else {
                    Err(self.diagnose(seat, action))
                }
            }
        }
    }

    /// Why `action`, which is not legal, is refused.
    fn diagnose(&self, seat: Seat, action: &Action) -> Illegal {
        let board = &self.position.board;
        if let Some(pending) = self.position.pending {
            return match *action {
                Action::Step { from, to } => Illegal::BadStep {
                    base: pending.base,
                    from,
                    to,
                },
                _ => Illegal::RedeploymentUnderWay(pending.base),
            };
        }
        match *action {
            Action::Deploy(_) => Illegal::DeploymentOver,
            Action::Step { .. } | Action::Stop => Illegal::NoRedeployment,
            Action::Move { from, to, capture } => {
                let Some(piece) = board.get(from).filter(|piece| piece.seat == seat) else {
                    return Illegal::NotYourPiece(from);
                };
                let other = Action::Move {
                    from,
                    to,
                    capture: !capture,
                };
                let mut legal = Vec::new();
                self.push_moves(seat, &mut legal);
                if legal.contains(&other) {
                    let mark = if capture { '-' } else { 'x' };
                    Illegal::WrongMark {
                        from,
                        to,
                        actual: if capture {
                            "captures nothing"
                        } else {
                            "captures"
                        },
                        written: format!("{from}{mark}{to}"),
                    }
                } else {
                    Illegal::Unreachable {
                        piece: piece.kind.name(),
                        from,
                        to,
                    }
                }
            }
            Action::Redeploy { base, from, to } => {
                if self.position.rights.contains(seat, base) {
                    Illegal::BadStep { base, from, to }
                } else {
                    Illegal::NoRight(base)
                }
            }
            Action::Bomb(base) => Illegal::BombRefused(base),
            Action::Exchange { own, ally, .. } => Illegal::ExchangeRefused { own, ally },
            Action::Pass => Illegal::PassRefused,
        }
    }
}
