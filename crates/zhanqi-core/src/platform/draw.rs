//! Draw offers (求和) and their answers (junqi.md DR-1 to DR-3).

use crate::{Seat, SeatSet};

use super::MoveFloors;

/// The draw-offer bookkeeping of one game: the pending offer, who has accepted it, and who has
/// used their one offer since their last move (DR-2). A small value kept inside the game state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DrawOffers {
    /// The seat whose offer is waiting for answers, if any.
    offerer: Option<Seat>,
    /// The seats that have accepted the pending offer.
    accepted: SeatSet,
    /// The seats that have made an offer since their last completed move.
    offered_since_move: SeatSet,
}

/// Where a draw offer stands after an offer, an answer or a departure.
#[must_use]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawProgress {
    /// No agreement: the offer still waits for answers, or there is no offer any more.
    Pending,
    /// Every other active player accepted: the game is drawn (END-4).
    Agreed,
}

/// Why a draw offer or an answer was refused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum DrawError {
    /// The game has not reached the move floor for draw offers (DR-1).
    #[error(
        "a draw can be offered only once {floor} moves have been played, and only {moves} have been so far"
    )]
    TooEarly {
        /// Moves completed so far.
        moves: u32,
        /// Moves needed before a draw may be offered.
        floor: u32,
    },
    /// The seat already offered a draw since its last move (DR-2).
    #[error(
        "you have already offered a draw since your last move; you may offer again after your next move"
    )]
    AlreadyOffered,
    /// Another player's offer is still waiting for answers.
    #[error(
        "another player's draw offer is still open; accept or refuse it instead of making your own"
    )]
    OfferPending,
    /// There is no offer to accept or refuse.
    #[error("there is no draw offer to answer")]
    NoPendingOffer,
    /// The offerer tried to answer their own offer.
    #[error("you cannot answer your own draw offer; the other players must")]
    OwnOffer,
    /// The seat is defeated, has escaped or is not at the table, and has no say (DR-3).
    #[error("only a player still in the game can offer or answer a draw")]
    NotActive,
    /// The seat already accepted the pending offer.
    #[error("you have already accepted this draw offer")]
    AlreadyAnswered,
}

impl DrawOffers {
    /// The seat whose offer is pending, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Seat> {
        self.offerer
    }

    /// The seats that have accepted the pending offer (empty when there is none).
    #[must_use]
    pub fn accepted(&self) -> SeatSet {
        self.accepted
    }

    /// Whether `seat` may offer a draw now, given the active seats and the moves completed.
    ///
    /// # Errors
    /// If the seat is not active ([`DrawError::NotActive`]), the game is below the move floor
    /// ([`DrawError::TooEarly`]), the seat already offered since its last move
    /// ([`DrawError::AlreadyOffered`]) or another offer is pending ([`DrawError::OfferPending`]).
    pub fn can_offer(
        &self,
        seat: Seat,
        active: SeatSet,
        moves: u32,
        floors: &MoveFloors,
    ) -> Result<(), DrawError> {
        if !active.contains(seat) {
            return Err(DrawError::NotActive);
        }
        if !floors.draw_offer_allowed(moves) {
            return Err(DrawError::TooEarly {
                moves,
                floor: floors.draw_offer,
            });
        }
        if self.offered_since_move.contains(seat) {
            return Err(DrawError::AlreadyOffered);
        }
        if self.offerer.is_some() {
            return Err(DrawError::OfferPending);
        }
        Ok(())
    }

    /// `seat` offers a draw; agreed at once when no other seat is active.
    ///
    /// # Errors
    /// As [`DrawOffers::can_offer`]; a refused offer changes nothing.
    pub fn offer(
        &mut self,
        seat: Seat,
        active: SeatSet,
        moves: u32,
        floors: &MoveFloors,
    ) -> Result<DrawProgress, DrawError> {
        self.can_offer(seat, active, moves, floors)?;
        self.offered_since_move.insert(seat);
        self.offerer = Some(seat);
        self.accepted = SeatSet::EMPTY;
        Ok(self.settle(active))
    }

    /// `seat` accepts the pending offer; agreed once every active seat but the offerer has.
    ///
    /// # Errors
    /// If the seat is not active, there is no pending offer, the offer is the seat's own, or the
    /// seat already accepted it; a refused answer changes nothing.
    pub fn accept(&mut self, seat: Seat, active: SeatSet) -> Result<DrawProgress, DrawError> {
        self.check_answer(seat, active)?;
        self.accepted.insert(seat);
        Ok(self.settle(active))
    }

    /// `seat` refuses the pending offer, which is then withdrawn (DR-3: any refusal rejects it).
    ///
    /// # Errors
    /// As [`DrawOffers::accept`]; a refused answer changes nothing.
    pub fn refuse(&mut self, seat: Seat, active: SeatSet) -> Result<(), DrawError> {
        self.check_answer(seat, active)?;
        self.clear_offer();
        Ok(())
    }

    /// A move by `mover` was completed: the mover may offer again, and a pending offer lapses.
    pub fn move_completed(&mut self, mover: Seat) {
        self.offered_since_move.remove(mover);
        self.clear_offer();
    }

    /// A turn was lost to the clock: a pending offer lapses. Nobody's right to offer is renewed.
    pub fn turn_lost(&mut self) {
        self.clear_offer();
    }

    /// `seat` left play (defeated, surrendered or escaped), leaving `active_after`.
    ///
    /// The offerer leaving cancels the offer ([`DrawProgress::Pending`]); a voter leaving may
    /// leave every remaining voter in agreement ([`DrawProgress::Agreed`]). Whether the departure
    /// ends the game some other way first (a victory) is for the game to decide.
    pub fn seat_left(&mut self, seat: Seat, active_after: SeatSet) -> DrawProgress {
        self.offered_since_move.remove(seat);
        self.accepted.remove(seat);
        if self.offerer == Some(seat) {
            self.clear_offer();
            return DrawProgress::Pending;
        }
        self.settle(active_after.without(seat))
    }

    /// Checks that `seat` may answer the pending offer.
    fn check_answer(&self, seat: Seat, active: SeatSet) -> Result<(), DrawError> {
        if !active.contains(seat) {
            return Err(DrawError::NotActive);
        }
        let Some(offerer) = self.offerer else {
            return Err(DrawError::NoPendingOffer);
        };
        if offerer == seat {
            return Err(DrawError::OwnOffer);
        }
        if self.accepted.contains(seat) {
            return Err(DrawError::AlreadyAnswered);
        }
        Ok(())
    }

    /// Agreed, and the offer closed, when every active seat but the offerer has accepted.
    fn settle(&mut self, active: SeatSet) -> DrawProgress {
        let Some(offerer) = self.offerer else {
            return DrawProgress::Pending;
        };
        let voters = active.without(offerer);
        if voters.intersection(self.accepted) == voters {
            self.clear_offer();
            DrawProgress::Agreed
        } else {
            DrawProgress::Pending
        }
    }

    /// Withdraws the pending offer, if any.
    fn clear_offer(&mut self) {
        self.offerer = None;
        self.accepted = SeatSet::EMPTY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Example floors: 40 moves (junqi's DR-1, so its test vectors apply).
    const FLOORS: MoveFloors = MoveFloors {
        draw_offer: 40,
        surrender: 40,
    };

    // Junqi seat order: 4p s, e, n, w; 2p s, n.
    const S: Seat = Seat::new(0);
    const E: Seat = Seat::new(1);
    const N: Seat = Seat::new(2);
    const W: Seat = Seat::new(3);
    const N_2P: Seat = Seat::new(1);

    const FULL_4P: SeatSet = SeatSet::first(4);
    const FULL_2P: SeatSet = SeatSet::first(2);

    #[test]
    fn tv_18_offer_refused_before_40_moves() {
        let mut offers = DrawOffers::default();
        for moves in [32, 39] {
            assert_eq!(
                offers.offer(S, FULL_2P, moves, &FLOORS),
                Err(DrawError::TooEarly { moves, floor: 40 })
            );
            assert_eq!(offers, DrawOffers::default());
        }
        assert_eq!(
            offers.offer(S, FULL_2P, 40, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.pending(), Some(S));
    }

    #[test]
    fn tv_18_one_offer_between_own_moves() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, FULL_2P, 41, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.refuse(N_2P, FULL_2P), Ok(()));
        assert_eq!(offers.pending(), None);
        assert_eq!(
            offers.can_offer(S, FULL_2P, 41, &FLOORS),
            Err(DrawError::AlreadyOffered)
        );

        // North's move renews only North's right.
        offers.move_completed(N_2P);
        assert_eq!(
            offers.can_offer(S, FULL_2P, 42, &FLOORS),
            Err(DrawError::AlreadyOffered)
        );
        assert_eq!(offers.can_offer(N_2P, FULL_2P, 42, &FLOORS), Ok(()));

        offers.move_completed(S);
        assert_eq!(offers.can_offer(S, FULL_2P, 43, &FLOORS), Ok(()));
    }

    #[test]
    fn tv_18_4p_one_defeated_needs_both_other_active_players() {
        let active = FULL_4P.without(E);
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, active, 60, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(E, active), Err(DrawError::NotActive));
        assert_eq!(offers.accept(N, active), Ok(DrawProgress::Pending));
        assert_eq!(offers.accepted(), SeatSet::only(N));
        assert_eq!(offers.accept(W, active), Ok(DrawProgress::Agreed));
        assert_eq!(offers.pending(), None);
    }

    #[test]
    fn tv_18_4p_three_accepts_out_of_three() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(W, FULL_4P, 60, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(S, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(E, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(N, FULL_4P), Ok(DrawProgress::Agreed));
    }

    #[test]
    fn tv_18_4p_two_accepts_one_refusal() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, FULL_4P, 60, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(E, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(N, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.refuse(W, FULL_4P), Ok(()));
        assert_eq!(offers.pending(), None);
        assert_eq!(offers.accepted(), SeatSet::EMPTY);
        assert_eq!(offers.accept(W, FULL_4P), Err(DrawError::NoPendingOffer));
    }

    #[test]
    fn two_player_draw_needs_the_opponent() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(N_2P, FULL_2P, 40, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(S, FULL_2P), Ok(DrawProgress::Agreed));
    }

    #[test]
    fn offer_lapses_at_the_next_completed_move() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(E, FULL_4P, 50, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(N, FULL_4P), Ok(DrawProgress::Pending));
        offers.move_completed(S);
        assert_eq!(offers.pending(), None);
        assert_eq!(offers.accepted(), SeatSet::EMPTY);
        assert_eq!(offers.accept(W, FULL_4P), Err(DrawError::NoPendingOffer));
    }

    #[test]
    fn offer_lapses_on_a_lost_turn_without_renewing_the_right() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, FULL_2P, 50, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        offers.turn_lost();
        assert_eq!(offers.pending(), None);
        assert_eq!(
            offers.can_offer(S, FULL_2P, 50, &FLOORS),
            Err(DrawError::AlreadyOffered)
        );
    }

    #[test]
    fn answers_are_checked() {
        let mut offers = DrawOffers::default();
        assert_eq!(offers.accept(S, FULL_4P), Err(DrawError::NoPendingOffer));
        assert_eq!(offers.refuse(S, FULL_4P), Err(DrawError::NoPendingOffer));
        assert_eq!(
            offers.offer(S, FULL_4P, 50, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(S, FULL_4P), Err(DrawError::OwnOffer));
        assert_eq!(offers.refuse(S, FULL_4P), Err(DrawError::OwnOffer));
        assert_eq!(offers.accept(E, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(E, FULL_4P), Err(DrawError::AlreadyAnswered));
        assert_eq!(offers.refuse(E, FULL_4P), Err(DrawError::AlreadyAnswered));
        assert_eq!(
            offers.can_offer(N, FULL_4P, 50, &FLOORS),
            Err(DrawError::OfferPending)
        );
        assert_eq!(offers.pending(), Some(S));
        assert_eq!(offers.accepted(), SeatSet::only(E));
    }

    #[test]
    fn inactive_seats_cannot_offer() {
        let offers = DrawOffers::default();
        let active = FULL_4P.without(N);
        assert_eq!(
            offers.can_offer(N, active, 50, &FLOORS),
            Err(DrawError::NotActive)
        );
    }

    #[test]
    fn lone_active_offerer_is_agreed_at_once() {
        let mut offers = DrawOffers::default();
        let active = SeatSet::only(W);
        assert_eq!(
            offers.offer(W, active, 50, &FLOORS),
            Ok(DrawProgress::Agreed)
        );
        assert_eq!(offers.pending(), None);
    }

    #[test]
    fn offerer_leaving_cancels_the_offer() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, FULL_4P, 50, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(E, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(N, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(
            offers.seat_left(S, FULL_4P.without(S)),
            DrawProgress::Pending
        );
        assert_eq!(offers.pending(), None);
        assert_eq!(offers.accepted(), SeatSet::EMPTY);
    }

    #[test]
    fn last_voter_leaving_completes_the_agreement() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, FULL_4P, 50, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(E, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(N, FULL_4P), Ok(DrawProgress::Pending));
        assert_eq!(
            offers.seat_left(W, FULL_4P.without(W)),
            DrawProgress::Agreed
        );
    }

    #[test]
    fn voter_who_accepted_leaving_does_not_count_as_an_accept() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.offer(S, FULL_4P, 50, &FLOORS),
            Ok(DrawProgress::Pending)
        );
        assert_eq!(offers.accept(E, FULL_4P), Ok(DrawProgress::Pending));
        let active = FULL_4P.without(E);
        assert_eq!(offers.seat_left(E, active), DrawProgress::Pending);
        assert_eq!(offers.accepted(), SeatSet::EMPTY);
        assert_eq!(offers.accept(N, active), Ok(DrawProgress::Pending));
        assert_eq!(offers.accept(W, active), Ok(DrawProgress::Agreed));
    }

    #[test]
    fn leaving_without_an_offer_changes_nothing_but_the_leaver() {
        let mut offers = DrawOffers::default();
        assert_eq!(
            offers.seat_left(N, FULL_4P.without(N)),
            DrawProgress::Pending
        );
        assert_eq!(offers, DrawOffers::default());
    }

    #[test]
    fn too_early_message_is_one_clear_sentence() {
        let error = DrawError::TooEarly {
            moves: 32,
            floor: 40,
        };
        assert_eq!(
            error.to_string(),
            "a draw can be offered only once 40 moves have been played, and only 32 have been so far"
        );
    }
}
