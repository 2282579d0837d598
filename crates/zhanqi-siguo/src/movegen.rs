//! The legal actions of a seat (§6–§9, §15.3): moves and captures along precomputed
//! neighbour tables, first and later redeploy steps, bombs, exchanges with their follow-ups,
//! and the forced pass.

use zhanqi_core::Seat;

use crate::geometry::{Base, DIRECTIONS, Point, ally, enemies, is_enemy_base};
use crate::position::Turn;
use crate::{Action, Board, CannonScreen, ExchangeFollowup, FollowUp, Kind, Siguo, SoldierPath};

impl Siguo {
    /// Appends every legal action of `seat` (nothing when it need not act, or during the
    /// deployment, whose choice is not listed).
    pub(crate) fn push_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.position.turn != Turn::Seat(seat) {
            return;
        }
        if let Some(pending) = self.position.pending {
            self.push_redeploy_steps(seat, pending.base, out, |from, to| Action::Step {
                from,
                to,
            });
            out.push(Action::Stop);
            return;
        }
        let start = out.len();
        self.push_moves(seat, out);
        for base in self.position.rights.of(seat) {
            self.push_redeploy_steps(seat, base, out, |from, to| Action::Redeploy {
                base,
                from,
                to,
            });
        }
        let cards = self.position.cards[seat].unwrap_or(crate::Cards {
            bombs: 0,
            exchanges: 0,
        });
        if cards.bombs > 0 {
            for base in Base::ALL {
                if self.bomb_possible(seat, base) {
                    out.push(Action::Bomb(base));
                }
            }
        }
        if cards.exchanges > 0 {
            self.push_exchanges(seat, cards.bombs > 0, out);
        }
        if out.len() == start || self.options.voluntary_pass {
            out.push(Action::Pass);
        }
    }

    /// Every step of a redeployment around `base`: each movable soldier to each empty point
    /// of N(base).
    fn push_redeploy_steps(
        &self,
        seat: Seat,
        base: Base,
        out: &mut Vec<Action>,
        action: impl Fn(Point, Point) -> Action,
    ) {
        let board = &self.position.board;
        for from in self.movable_soldiers(seat, base) {
            for &to in base.around() {
                if board.is_empty(to) {
                    out.push(action(from, to));
                }
            }
        }
    }

    /// Every move and capture of `seat`'s pieces (§6).
    pub(crate) fn push_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        let board = &self.position.board;
        for from in board.pieces_of(seat).iter() {
            let Some(piece) = board.get(from) else {
                continue;
            };
            match piece.kind {
                Kind::General => self.push_general(board, seat, from, out),
                Kind::Chariot => push_chariot(board, seat, from, out),
                Kind::Cannon => self.push_cannon(board, seat, from, out),
                Kind::Soldier => match self.options.soldier_path {
                    SoldierPath::Straight => push_soldier(board, seat, from, out),
                    SoldierPath::AnyPath => push_soldier_any_path(board, seat, from, out),
                },
            }
        }
    }

    fn push_general(&self, board: &Board, seat: Seat, from: Point, out: &mut Vec<Action>) {
        for direction in 0..DIRECTIONS {
            let Some(to) = from.step(direction) else {
                continue;
            };
            if to.region() != seat {
                continue;
            }
            match board.seat_at(to) {
                None => out.push(quiet(from, to)),
                Some(owner) if enemies(owner, seat) && self.options.general_captures => {
                    out.push(capture(from, to));
                }
                Some(_) => {}
            }
        }
    }

    fn push_cannon(&self, board: &Board, seat: Seat, from: Point, out: &mut Vec<Action>) {
        for direction in 0..DIRECTIONS {
            let mut at = from;
            let screen = loop {
                let Some(next) = at.step(direction) else {
                    break None;
                };
                at = next;
                match board.seat_at(at) {
                    None => out.push(quiet(from, at)),
                    Some(owner) => break Some(owner),
                }
            };
            let Some(screen) = screen else {
                continue;
            };
            if self.options.cannon_screen != CannonScreen::Any && enemies(screen, seat) {
                continue;
            }
            while let Some(next) = at.step(direction) {
                at = next;
                if let Some(owner) = board.seat_at(at) {
                    if enemies(owner, seat) {
                        out.push(capture(from, at));
                    }
                    break;
                }
            }
        }
    }
}

#[inline]
fn quiet(from: Point, to: Point) -> Action {
    Action::Move {
        from,
        to,
        capture: false,
    }
}

#[inline]
fn capture(from: Point, to: Point) -> Action {
    Action::Move {
        from,
        to,
        capture: true,
    }
}

fn push_chariot(board: &Board, seat: Seat, from: Point, out: &mut Vec<Action>) {
    for direction in 0..DIRECTIONS {
        let mut at = from;
        while let Some(next) = at.step(direction) {
            at = next;
            match board.seat_at(at) {
                None => out.push(quiet(from, at)),
                Some(owner) => {
                    if enemies(owner, seat) {
                        out.push(capture(from, at));
                    }
                    break;
                }
            }
        }
    }
}

fn push_soldier(board: &Board, seat: Seat, from: Point, out: &mut Vec<Action>) {
    for direction in 0..DIRECTIONS {
        let Some(first) = from.step(direction) else {
            continue;
        };
        match board.seat_at(first) {
            None => {
                out.push(quiet(from, first));
                if let Some(second) = first.step(direction) {
                    match board.seat_at(second) {
                        None => out.push(quiet(from, second)),
                        Some(owner) if enemies(owner, seat) => out.push(capture(from, second)),
                        Some(_) => {}
                    }
                }
            }
            Some(owner) if enemies(owner, seat) => out.push(capture(from, first)),
            Some(_) => {}
        }
    }
}

/// A soldier under `soldier_path = any_path`: the second step may turn, never back to the
/// start; a point reached by two paths is listed once.
fn push_soldier_any_path(board: &Board, seat: Seat, from: Point, out: &mut Vec<Action>) {
    let start = out.len();
    for direction in 0..DIRECTIONS {
        let Some(first) = from.step(direction) else {
            continue;
        };
        match board.seat_at(first) {
            None => out.push(quiet(from, first)),
            Some(owner) if enemies(owner, seat) => {
                out.push(capture(from, first));
                continue;
            }
            Some(_) => continue,
        }
        for turn in 0..DIRECTIONS {
            let Some(second) = first.step(turn) else {
                continue;
            };
            if second == from {
                continue;
            }
            let action = match board.seat_at(second) {
                None => quiet(from, second),
                Some(owner) if enemies(owner, seat) => capture(from, second),
                Some(_) => continue,
            };
            if !out[start..].contains(&action) {
                out.push(action);
            }
        }
    }
}

impl Siguo {
    /// Every exchange of `seat` (§9.1), alone and with each follow-up (§9.4).
    fn push_exchanges(&self, seat: Seat, has_bomb: bool, out: &mut Vec<Action>) {
        let partner = ally(seat);
        if !self.position.is_alive(partner) {
            return;
        }
        let board = &self.position.board;
        for own in Base::ALL {
            let Some(mine) = board.get(own.point()).filter(|piece| piece.seat == seat) else {
                continue;
            };
            for other in Base::ALL {
                let Some(theirs) = board.get(other.point()).filter(|p| p.seat == partner) else {
                    continue;
                };
                let general_leaves = (mine.kind == Kind::General && other.region() != seat)
                    || (theirs.kind == Kind::General && own.region() != partner);
                if general_leaves {
                    continue;
                }
                let exchange = |follow_up| Action::Exchange {
                    own,
                    ally: other,
                    follow_up,
                };
                out.push(exchange(FollowUp::Nothing));
                if self.options.exchange_followup == ExchangeFollowup::None {
                    continue;
                }
                let mut swapped = self.clone();
                swapped.position.board.put(own.point(), theirs);
                swapped.position.board.put(other.point(), mine);
                if has_bomb && swapped.bomb_possible(seat, other) {
                    out.push(exchange(FollowUp::Bomb));
                }
                if is_enemy_base(seat, other) {
                    swapped.push_redeploy_steps(seat, other, out, |from, to| {
                        exchange(FollowUp::Redeploy { from, to })
                    });
                }
            }
        }
    }
}
