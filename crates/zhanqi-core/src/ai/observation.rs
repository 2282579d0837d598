//! What a player may know: the only door from a player to the game.

use crate::{Game, GameRng, Seat, SeatSet, Team, ToAct, Viewer};

/// One seat's window on a game. The true state is private to this module: a player can
/// see the seat's view, list the seat's legal actions and sample determinized states, and
/// nothing else.
pub struct Observation<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> Observation<'a, G> {
    /// The window of `seat` on `state`. Only the platform (the runner, the server, the
    /// engine) builds observations; players receive them.
    #[must_use]
    pub fn new(state: &'a G, seat: Seat) -> Self {
        Observation { state, seat }
    }

    /// The seat this observation belongs to.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Everything the seat may see.
    #[must_use]
    pub fn view(&self) -> G::View {
        self.state.view(Viewer::Seat(self.seat))
    }

    /// The game's options (public).
    #[must_use]
    pub fn options(&self) -> &G::Options {
        self.state.options()
    }

    /// The seats in play (public).
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        self.state.seats()
    }

    /// The team of a seat (public).
    #[must_use]
    pub fn team(&self, seat: Seat) -> Team {
        self.state.team(seat)
    }

    /// Who must act now (public).
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        self.state.to_act()
    }

    /// The seat's own legal actions, appended to `out`.
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        self.state.legal_actions(self.seat, out);
    }

    /// Whether the seat must make a choice too large to list (a hidden deployment).
    #[must_use]
    pub fn has_unlisted_actions(&self) -> bool {
        self.state.has_unlisted_actions(self.seat)
    }

    /// A uniformly random choice among the seat's unlisted actions.
    #[must_use]
    pub fn random_unlisted_action(&self, rng: &mut GameRng) -> Option<G::Action> {
        self.state.random_unlisted_action(self.seat, rng)
    }

    /// A full state the seat cannot tell from the true one, drawn from `rng`: every identity
    /// hidden from the seat is resampled consistently with what it has seen.
    #[must_use]
    pub fn determinize(&self, rng: &mut GameRng) -> G {
        self.state.determinize(self.seat, rng)
    }
}
