//! The checks `load` makes of a position (§15.5): pieces, who acts, rights, the pending
//! redeployment and the deployment phase, every problem reported at once.

use zhanqi_core::Seat;

use crate::geometry::is_enemy_base;
use crate::position::{Cards, Turn};
use crate::{Deployment, Kind, Position, Siguo, SiguoOptions};

impl Position {
    /// Every way the position is not one `load` accepts, one sentence each.
    #[must_use]
    pub fn problems(&self, options: &SiguoOptions) -> Vec<String> {
        let mut problems = Vec::new();
        self.piece_problems(&mut problems);
        self.turn_problems(options, &mut problems);
        self.right_problems(&mut problems);
        self.pending_problems(options, &mut problems);
        if let Turn::Deploying(waiting) = self.turn {
            self.deployment_problems(waiting, options, &mut problems);
        }
        problems
    }

    fn piece_problems(&self, problems: &mut Vec<String>) {
        let alive = self.alive();
        for seat in (0..4).map(Seat::new) {
            let name = seat.index() + 1;
            let points = self.board.pieces_of(seat);
            if !alive.contains(seat) && !points.is_empty() {
                problems.push(format!(
                    "seat {name} is eliminated (cards '-') but has pieces on the board"
                ));
                continue;
            }
            for kind in Kind::ALL {
                let count = points
                    .iter()
                    .filter(|&point| self.board.get(point).is_some_and(|p| p.kind == kind))
                    .count();
                if count > kind.count() {
                    problems.push(format!(
                        "seat {name} has {count} pieces of kind {}; it has at most {}",
                        kind.letter(),
                        kind.count()
                    ));
                }
            }
            match self.board.general_of(seat) {
                Some(point) if point.region() != seat => problems.push(format!(
                    "the general of seat {name} stands on {point}, outside its own region"
                )),
                None if alive.contains(seat) && !matches!(self.turn, Turn::Deploying(_)) => {
                    problems.push(format!("seat {name} is alive but has no general"));
                }
                _ => {}
            }
        }
        if alive.is_empty()
            || (0..2).all(|team| {
                !alive.contains(Seat::new(team)) && !alive.contains(Seat::new(team + 2))
            })
        {
            problems.push("both teams are eliminated".to_owned());
        }
    }

    fn turn_problems(&self, options: &SiguoOptions, problems: &mut Vec<String>) {
        let over = crate::game::end_reason(self, options).is_some();
        match self.turn {
            Turn::Over if !over => problems.push(
                "field 2 is '-', but the game is not over: no team is eliminated and neither \
                 counter has reached its limit"
                    .to_owned(),
            ),
            Turn::Seat(_) if over => problems
                .push("a seat is to move, but the game is over; field 2 must be '-'".to_owned()),
            Turn::Seat(seat) if !self.is_alive(seat) => problems.push(format!(
                "seat {} is to move, but it is eliminated",
                seat.index() + 1
            )),
            _ => {}
        }
    }

    fn right_problems(&self, problems: &mut Vec<String>) {
        for (seat, base) in self.rights.iter() {
            let name = seat.index() + 1;
            if !self.is_alive(seat) {
                problems.push(format!(
                    "the right {name}@{base} belongs to an eliminated seat"
                ));
            } else if !is_enemy_base(seat, base) {
                problems.push(format!(
                    "the right {name}@{base} is on a base that is not an enemy base for seat {name}"
                ));
            } else if self.board.seat_at(base.point()) != Some(seat) {
                problems.push(format!(
                    "the right {name}@{base} is on a base where no piece of seat {name} stands"
                ));
            }
        }
    }

    fn pending_problems(&self, options: &SiguoOptions, problems: &mut Vec<String>) {
        let Some(pending) = self.pending else {
            return;
        };
        let (seat, base, steps) = (pending.seat, pending.base, pending.steps);
        let name = seat.index() + 1;
        let entry = format!("{name}@{base}:{steps}");
        if self.turn != Turn::Seat(seat) {
            problems.push(format!(
                "the pending redeployment {entry} belongs to a seat that is not to move"
            ));
        }
        if options.redeploy_window == crate::RedeployWindow::NextTurn && self.rights.any_of(seat) {
            problems.push(format!(
                "the pending redeployment {entry} stands beside a right of the same seat, whose \
                 rights lapsed with its first step"
            ));
        }
        if steps == 0 || steps >= options.redeploy_max {
            problems.push(format!(
                "the pending redeployment {entry} has made {steps} steps; it may have made 1 to {}",
                options.redeploy_max - 1
            ));
        }
        if !is_enemy_base(seat, base) || self.board.seat_at(base.point()) != Some(seat) {
            problems.push(format!(
                "the pending redeployment {entry} is around a base that is not an enemy base \
                 occupied by seat {name}"
            ));
        } else {
            let game = Siguo::from_position(options.clone(), self.clone());
            if !game.redeploy_step_possible(seat, base) {
                problems.push(format!(
                    "the pending redeployment {entry} has no further step, so it has already ended"
                ));
            }
        }
    }

    fn deployment_problems(
        &self,
        waiting: zhanqi_core::SeatSet,
        options: &SiguoOptions,
        problems: &mut Vec<String>,
    ) {
        for seat in (0..4).map(Seat::new) {
            let name = seat.index() + 1;
            let points = self.board.pieces_of(seat);
            if waiting.contains(seat) {
                if !points.is_empty() {
                    problems.push(format!(
                        "seat {name} has not deployed yet, but has pieces on the board"
                    ));
                }
                continue;
            }
            let valid = self
                .deployment_of(seat)
                .is_some_and(|deployment| deployment.violations(seat, options).is_empty());
            if !valid {
                problems.push(format!(
                    "the pieces of seat {name}, which has deployed, are not a valid deployment"
                ));
            }
        }
        if self
            .cards
            .iter()
            .any(|(_, cards)| *cards != Some(Cards::FULL))
        {
            problems.push("during the deployment every seat holds 4/2 cards".to_owned());
        }
        if !self.rights.is_empty() || self.pending.is_some() {
            problems.push("during the deployment there are no rights".to_owned());
        }
        if self.quiet != 0 || self.actions != 0 {
            problems.push("during the deployment both counters are 0".to_owned());
        }
    }

    /// The deployment that `seat`'s pieces form, if they hold one G, R and C.
    #[must_use]
    pub fn deployment_of(&self, seat: Seat) -> Option<Deployment> {
        let mut found = [None; 3];
        let mut soldiers = Vec::new();
        for point in self.board.pieces_of(seat).iter() {
            let kind = self.board.get(point)?.kind;
            match kind {
                Kind::Soldier => soldiers.push(point),
                _ => {
                    let slot = &mut found[kind as usize];
                    if slot.is_some() {
                        return None;
                    }
                    *slot = Some(point);
                }
            }
        }
        Some(Deployment::new(found[0]?, found[1]?, found[2]?, soldiers))
    }
}
