//! Applying actions already known to be legal (§4.3, §5–§10): moves and captures, the steps of a
//! redeployment, bombs, exchanges, then the end of an action — eliminations, rights, victory,
//! draw and the next seat.

use zhanqi_core::Seat;

use crate::action::EventSink;
use crate::geometry::{Base, Point, ally, enemies};
use crate::position::{Cards, Pending, Rights, Turn};
use crate::{
    Action, BombIsAction, Deployment, EndReason, Event, FollowUp, Piece, RedeployWindow, Siguo,
};

impl Siguo {
    /// Plays a legal action of `seat`, writing its events to `sink`.
    pub(crate) fn play<S: EventSink>(&mut self, seat: Seat, action: &Action, sink: &mut S) {
        match *action {
            Action::Deploy(ref deployment) => self.deploy(seat, deployment, sink),
            Action::Move { from, to, .. } => {
                self.begin_action(seat);
                let removed = self.move_piece(seat, from, to, sink);
                self.end_action(seat, removed, sink);
            }
            Action::Redeploy { base, from, to } => {
                self.begin_redeployment(seat, base);
                self.redeploy_step(seat, from, to, sink);
            }
            Action::Step { from, to } => self.redeploy_step(seat, from, to, sink),
            Action::Stop => {
                self.position.pending = None;
                self.end_action(seat, false, sink);
            }
            Action::Bomb(base) => {
                if self.options.bomb_is_action == BombIsAction::Free {
                    self.free_bomb(seat, base, sink);
                } else {
                    self.begin_action(seat);
                    let removed = self.bomb(seat, base, sink);
                    self.end_action(seat, removed, sink);
                }
            }
            Action::Exchange {
                own,
                ally: ally_base,
                follow_up,
            } => {
                self.begin_action(seat);
                self.exchange(seat, own, ally_base, sink);
                match follow_up {
                    FollowUp::Nothing => self.end_action(seat, false, sink),
                    FollowUp::Bomb => {
                        let removed = self.bomb(seat, ally_base, sink);
                        self.end_action(seat, removed, sink);
                    }
                    FollowUp::Redeploy { from, to } => {
                        self.position.pending = Some(Pending {
                            seat,
                            base: ally_base,
                            steps: 0,
                        });
                        self.redeploy_step(seat, from, to, sink);
                    }
                }
            }
            Action::Pass => {
                self.begin_action(seat);
                self.end_action(seat, false, sink);
            }
        }
    }

    /// Puts a valid deployment on the board; the fourth reveals them all (§4.2, §4.3).
    pub(crate) fn deploy<S: EventSink>(
        &mut self,
        seat: Seat,
        deployment: &Deployment,
        sink: &mut S,
    ) {
        let Turn::Deploying(mut waiting) = self.position.turn else {
            return;
        };
        for (kind, point) in deployment.pieces() {
            self.position.board.put(point, Piece::new(kind, seat));
        }
        waiting.remove(seat);
        sink.push(Event::Deployed(seat));
        if waiting.is_empty() {
            self.position.turn = Turn::Seat(self.options.first());
            self.position.cards = zhanqi_core::BySeat::splat(Some(Cards::FULL));
            self.position.rights = Rights::NONE;
            self.position.quiet = 0;
            self.position.actions = 0;
            sink.push(Event::Revealed);
        } else {
            self.position.turn = Turn::Deploying(waiting);
        }
    }

    /// The start of a turn's action: under `next_turn`, the seat's rights were usable only in
    /// this turn, so they lapse whatever the action (a right it gains now is added later).
    fn begin_action(&mut self, seat: Seat) {
        if self.options.redeploy_window == RedeployWindow::NextTurn {
            self.position.rights.clear_seat(seat);
        }
    }

    /// The first step uses the right: it becomes the pending redeployment (§7.3).
    fn begin_redeployment(&mut self, seat: Seat, base: Base) {
        match self.options.redeploy_window {
            RedeployWindow::NextTurn => self.position.rights.clear_seat(seat),
            RedeployWindow::WhileOccupied => self.position.rights.remove(seat, base),
        }
        self.position.pending = Some(Pending {
            seat,
            base,
            steps: 0,
        });
    }

    /// Moves a piece, capturing what stands on `to`; returns whether a piece was removed.
    fn move_piece<S: EventSink>(
        &mut self,
        seat: Seat,
        from: Point,
        to: Point,
        sink: &mut S,
    ) -> bool {
        let captured = self.remove(to, sink);
        self.position.board.relocate(from, to);
        sink.push(Event::Moved { from, to });
        if let Some(base) = Siguo::arrival_base(seat, to) {
            self.position.rights.insert(seat, base);
            sink.push(Event::RightGained(seat, base));
        }
        captured
    }

    /// Removes the piece on `point`, if any; a general's removal eliminates its seat later.
    fn remove<S: EventSink>(&mut self, point: Point, sink: &mut S) -> bool {
        match self.position.board.clear(point) {
            Some(piece) => {
                sink.push(Event::Removed { at: point, piece });
                true
            }
            None => false,
        }
    }

    /// One step of the pending redeployment; ends it at the cap or when no step is left.
    fn redeploy_step<S: EventSink>(&mut self, seat: Seat, from: Point, to: Point, sink: &mut S) {
        let Some(mut pending) = self.position.pending else {
            return;
        };
        self.position.board.relocate(from, to);
        sink.push(Event::Moved { from, to });
        pending.steps += 1;
        self.void_stale_rights();
        let occupier_left = from == pending.base.point();
        if occupier_left
            || pending.steps >= self.options.redeploy_max
            || !self.redeploy_step_possible(seat, pending.base)
        {
            self.position.pending = None;
            self.end_action(seat, false, sink);
        } else {
            self.position.pending = Some(pending);
        }
    }

    /// Plays a bomb card from `base`; returns whether a piece was removed.
    fn bomb<S: EventSink>(&mut self, seat: Seat, base: Base, sink: &mut S) -> bool {
        if let Some(cards) = self.position.cards[seat].as_mut() {
            cards.bombs = cards.bombs.saturating_sub(1);
        }
        sink.push(Event::Bombed(base));
        let mut removed = false;
        for &point in base.zone() {
            if self
                .position
                .board
                .seat_at(point)
                .is_some_and(|owner| enemies(owner, seat))
            {
                removed |= self.remove(point, sink);
            }
        }
        removed
    }

    /// A bomb under `bomb_is_action = free`: made before the turn's action, the turn goes on.
    fn free_bomb<S: EventSink>(&mut self, seat: Seat, base: Base, sink: &mut S) {
        if self.bomb(seat, base, sink) {
            self.position.quiet = 0;
        }
        self.eliminate_fallen(sink);
        self.void_stale_rights();
        if let Some(reason) = crate::game::end_reason(&self.position, &self.options) {
            self.finish(reason, sink);
        }
    }

    /// Swaps the seat's piece on `own` with its ally's on `ally_base` (§9.2, §9.3).
    fn exchange<S: EventSink>(&mut self, seat: Seat, own: Base, ally_base: Base, sink: &mut S) {
        if let Some(cards) = self.position.cards[seat].as_mut() {
            cards.exchanges = cards.exchanges.saturating_sub(1);
        }
        let board = &mut self.position.board;
        let (mine, theirs) = (board.get(own.point()), board.get(ally_base.point()));
        if let (Some(mine), Some(theirs)) = (mine, theirs) {
            board.put(own.point(), theirs);
            board.put(ally_base.point(), mine);
        }
        sink.push(Event::Exchanged(own, ally_base));
        let partner = ally(seat);
        self.position.rights.remove(partner, ally_base);
        if let Some(base) = Siguo::arrival_base(partner, own.point()) {
            self.position.rights.insert(partner, base);
            sink.push(Event::RightGained(partner, base));
        }
    }

    /// §5 steps 1–6 after the action of `seat`: eliminations, stale rights, victory, draw, and
    /// the next living seat.
    fn end_action<S: EventSink>(&mut self, seat: Seat, removed: bool, sink: &mut S) {
        // Only a removal can take a general off the board.
        let eliminated = removed && self.eliminate_fallen(sink);
        self.void_stale_rights();
        let position = &mut self.position;
        position.quiet = if removed || eliminated {
            0
        } else {
            position.quiet + 1
        };
        position.actions += 1;
        if let Some(reason) = crate::game::end_reason(position, &self.options) {
            self.finish(reason, sink);
            return;
        }
        let mut next = self.options.after(seat);
        while !self.position.is_alive(next) {
            next = self.options.after(next);
        }
        self.position.turn = Turn::Seat(next);
    }

    fn finish<S: EventSink>(&mut self, reason: EndReason, sink: &mut S) {
        self.position.turn = Turn::Over;
        self.position.pending = None;
        sink.push(Event::Ended(reason));
    }

    /// Eliminates every living seat whose general is gone (§10.1); returns whether any was.
    fn eliminate_fallen<S: EventSink>(&mut self, sink: &mut S) -> bool {
        let mut any = false;
        for seat in self.position.alive().iter() {
            if self.position.board.general_of(seat).is_none() {
                self.position.board.remove_seat(seat);
                self.position.cards[seat] = None;
                self.position.rights.clear_seat(seat);
                sink.push(Event::Eliminated(seat));
                any = true;
            }
        }
        any
    }

    /// Voids every right whose seat no longer has a piece on its base (§7.2).
    fn void_stale_rights(&mut self) {
        let rights = self.position.rights;
        for (seat, base) in rights.iter() {
            if self.position.board.seat_at(base.point()) != Some(seat) {
                self.position.rights.remove(seat, base);
            }
        }
    }
}
