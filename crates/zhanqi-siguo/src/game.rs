//! The state of a game: its options and its position, and the questions the rules ask of it.

use zhanqi_core::{BySeat, GameRng, Seat, SeatSet};

use crate::geometry::{Base, Point, enemies, is_enemy_base};
use crate::position::Turn;
use crate::{Deployment, EndReason, Kind, Position, SiguoOptions};

/// A game of 四國戰棋.
#[derive(Clone, Debug)]
pub struct Siguo {
    pub(crate) options: SiguoOptions,
    pub(crate) position: Position,
}

impl Siguo {
    /// A new game before anyone has deployed (`d1234`).
    #[must_use]
    pub fn start(options: SiguoOptions) -> Siguo {
        Siguo {
            options,
            position: Position::before_deployment(),
        }
    }

    /// A game at the start position (§4.3, §15.5 `new`): each seat's given deployment, or a
    /// random one drawn from `seed`'s RNG in seat order 1–4.
    ///
    /// # Errors
    /// Every rule each given deployment breaks, as sentences naming the seat.
    pub fn deployed(
        options: SiguoOptions,
        seed: u64,
        deployments: &BySeat<Option<Deployment>>,
    ) -> Result<Siguo, String> {
        let mut rng = GameRng::from_seed(seed);
        let mut game = Siguo::start(options);
        let mut problems = Vec::new();
        for (seat, given) in deployments.iter() {
            let deployment = given
                .clone()
                .unwrap_or_else(|| Deployment::random(seat, &mut rng));
            let violations = deployment.violations(seat, &game.options);
            if violations.is_empty() {
                game.deploy(seat, &deployment, &mut crate::Quiet);
            } else {
                problems.push(format!(
                    "seat {}: {}",
                    seat.index() + 1,
                    crate::deployment::describe(&violations)
                ));
            }
        }
        if problems.is_empty() {
            Ok(game)
        } else {
            Err(problems.join("; "))
        }
    }

    /// The game at a position already checked by [`Position::problems`].
    #[must_use]
    pub fn from_position(options: SiguoOptions, position: Position) -> Siguo {
        Siguo { options, position }
    }

    /// The rules of the game.
    #[must_use]
    pub fn rules(&self) -> &SiguoOptions {
        &self.options
    }

    /// The full position.
    #[must_use]
    pub fn state(&self) -> &Position {
        &self.position
    }

    /// The seats that must act now.
    #[must_use]
    pub fn acting(&self) -> SeatSet {
        match self.position.turn {
            Turn::Deploying(seats) => seats,
            Turn::Seat(seat) => SeatSet::only(seat),
            Turn::Over => SeatSet::EMPTY,
        }
    }

    /// Why the game ended, once it has.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        if self.position.turn == Turn::Over {
            end_reason(&self.position, &self.options)
        } else {
            None
        }
    }

    /// The first step of a redeployment by `seat` around `base` is possible: a soldier of the
    /// seat that may be moved and an empty point of N(base) (§7.3).
    #[must_use]
    pub fn redeploy_step_possible(&self, seat: Seat, base: Base) -> bool {
        let board = &self.position.board;
        base.around().iter().any(|&point| board.is_empty(point))
            && self.movable_soldiers(seat, base).next().is_some()
    }

    /// The soldiers of `seat` a redeployment around `base` may move (§7.3).
    pub(crate) fn movable_soldiers(
        &self,
        seat: Seat,
        base: Base,
    ) -> impl Iterator<Item = Point> + '_ {
        let board = &self.position.board;
        let occupier_may_move = self.options.redeploy_occupier_may_move;
        board.pieces_of(seat).iter().filter(move |&point| {
            (occupier_may_move || point != base.point())
                && board.get(point).is_some_and(|p| p.kind == Kind::Soldier)
        })
    }

    /// Whether the bomb from `base` is legal for `seat` (§8.1), cards aside.
    pub(crate) fn bomb_possible(&self, seat: Seat, base: Base) -> bool {
        let board = &self.position.board;
        let Some(occupier) = board.seat_at(base.point()) else {
            return false;
        };
        let qualifies = occupier == seat
            || (self.options.bomb_occupier == crate::BombOccupier::Team
                && !enemies(occupier, seat));
        qualifies
            && (!self.options.bomb_requires_target
                || base
                    .zone()
                    .iter()
                    .any(|&point| board.seat_at(point).is_some_and(|s| enemies(s, seat))))
    }

    /// Whether `seat` gains a lasting right when its piece arrives on `point` by a move or by
    /// an ally's exchange (§7.2).
    pub(crate) fn arrival_base(seat: Seat, point: Point) -> Option<Base> {
        Base::at(point).filter(|&base| is_enemy_base(seat, base))
    }
}

/// Why a finished position ended (§10.2, §10.3): a team with no living seat, else the quiet
/// limit, else the action limit; `None` if none holds.
#[must_use]
pub fn end_reason(position: &Position, options: &SiguoOptions) -> Option<EndReason> {
    let alive = position.alive();
    if (0..2).any(|team| !alive.contains(Seat::new(team)) && !alive.contains(Seat::new(team + 2))) {
        Some(EndReason::GeneralsCaptured)
    } else if position.quiet >= options.quiet_limit {
        Some(EndReason::QuietLimit)
    } else if position.actions >= options.max_actions {
        Some(EndReason::MaxActions)
    } else {
        None
    }
}
