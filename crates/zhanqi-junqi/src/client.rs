//! Junqi's client contract ([`ClientGame`]): the board, each viewer's table, events, clickable
//! moves, the deployment editor, draw offers, clock rules and settlement, from [`crate::ui`]
//! and [`crate::scoring`].
//!
//! Every junqi event is public (a battle shows only its result, a flip shows what everyone
//! sees), so each viewer gets the same events.

use zhanqi_core::platform::{GoldSettlement, Ladder, PointsSettlement};
use zhanqi_core::{
    Choice, ClientGame, GameNotation, GameRng, OptionField, Seat, SetupEditor, SetupError,
    TimeoutRule, Viewer,
};

use crate::ui::{self, BoardUi, EventUi, SetupUi, ViewUi};
use crate::{Action, Event, Junqi, platform};

impl ClientGame for Junqi {
    type Board = BoardUi;
    type Table = ViewUi;
    type EventView = EventUi;
    type Setup = SetupUi;

    fn option_fields() -> Vec<OptionField> {
        crate::options::option_fields()
    }

    fn board(&self) -> BoardUi {
        ui::board_ui(self.junqi_options().mode)
    }

    fn table(&self, viewer: Viewer) -> ViewUi {
        self.view_ui(viewer)
    }

    fn event_views(
        &self,
        _before: &Junqi,
        _action: &Action,
        events: &[Event],
        _viewer: Viewer,
    ) -> Vec<EventUi> {
        self.events_ui(events)
    }

    fn moved_by(&self, event: &EventUi) -> Option<Seat> {
        match event {
            EventUi::Moved { seat, .. } => self.seat_by_name(seat),
            _ => None,
        }
    }

    fn choice(&self, _seat: Seat, action: &Action) -> Choice {
        let name = |post| self.board().name(post).to_owned();
        let clicks = match *action {
            Action::Move { from, to } => vec![name(from), name(to)],
            Action::Flip(post) => vec![name(post)],
            // Deployments and platform actions are never listed.
            Action::Deploy(_) | Action::Platform(_) => Vec::new(),
        };
        Choice {
            clicks,
            action: self.action_text(action),
        }
    }

    fn setup_editor(&self, _seat: Seat) -> Option<SetupEditor> {
        self.deploys().then_some(SetupEditor {
            kind: "deployment",
            before_start: true,
            swaps: true,
            public: false,
        })
    }

    fn random_setup(&self, _seat: Seat, rng: &mut GameRng) -> Result<String, SetupError> {
        Junqi::random_setup(self, rng).map_err(setup_error)
    }

    fn check_setup(&self, _seat: Seat, text: &str) -> Result<String, SetupError> {
        Junqi::check_setup(self, text).map_err(setup_error)
    }

    fn swap_setup(&self, seat: Seat, text: &str, a: &str, b: &str) -> Result<String, SetupError> {
        Junqi::swap_setup(self, seat, text, a, b).map_err(setup_error)
    }

    fn setup_view(&self, seat: Seat, text: &str) -> Result<SetupUi, SetupError> {
        self.setup_ui(seat, text).map_err(setup_error)
    }

    fn pending_draw(&self) -> Option<zhanqi_core::client::PendingDraw> {
        let offers = self.draw_offers();
        Some(zhanqi_core::client::PendingDraw {
            by: offers.pending()?,
            accepted: offers.accepted(),
        })
    }

    fn seat_active(&self, seat: Seat) -> bool {
        self.position.status(seat) == Some(crate::Status::Active)
    }

    fn timeout_rule(&self) -> TimeoutRule {
        // TO-1 … TO-3: `T` loses the turn, the fifth loses the game (the game counts them).
        TimeoutRule::GameAction
    }

    fn ladder() -> Option<&'static Ladder> {
        Some(&platform::LADDER)
    }

    fn points_settlement(&self, points_at_start: &[i64]) -> Option<PointsSettlement> {
        Junqi::points_settlement(self, points_at_start)
    }

    fn gold_change(&self, base: i64, points_at_start: &[i64]) -> Option<GoldSettlement> {
        self.gold_settlement(base, points_at_start)
    }
}

/// A deployment refusal, every broken rule one violation.
fn setup_error(error: ui::SetupError) -> SetupError {
    match error {
        ui::SetupError::Illegal(illegal) => SetupError::all(
            illegal
                .violations
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
        ),
        other => SetupError::one(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::Game;

    use super::*;
    use crate::{JunqiOptions, Mode};

    #[test]
    fn a_move_is_clicked_from_post_to_post() {
        let options = JunqiOptions {
            mode: Mode::TwoPlayer,
            ..JunqiOptions::default()
        };
        let mut game = Junqi::new(&options, 3).unwrap();
        let mut rng = GameRng::from_seed(3);
        for seat in game.seats().iter() {
            let deploy = game.random_unlisted_action(seat, &mut rng).unwrap();
            game.apply(seat, &deploy).unwrap();
        }
        let seat = match game.to_act() {
            zhanqi_core::ToAct::Seats(seats) => seats.lowest().unwrap(),
            other => panic!("{other:?}"),
        };
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        let choice = game.choice(seat, &actions[0]);
        assert_eq!(choice.clicks.len(), 2);
        assert_eq!(choice.action, game.action_text(&actions[0]));
        assert!(choice.action.contains(&choice.clicks[0]));
    }
}
