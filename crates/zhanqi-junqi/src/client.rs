//! Junqi's client contract ([`ClientGame`]): the board, each viewer's table, events, clickable
//! moves, the deployment editor, draw offers, clock rules and settlement, from [`crate::ui`]
//! and [`crate::scoring`].
//!
//! Events are built per viewer: a battle names its two pieces as far as the viewer saw them
//! before it (its own pieces, an ally's with 双明, a public flag, dark chess face up), so a
//! player learns which of its pieces died and nobody learns an identity IN-3 keeps hidden.

use zhanqi_core::platform::{GoldSettlement, Ladder};
use zhanqi_core::{
    BySeat, Choice, ClientGame, GameNotation, GameRng, OptionField, Seat, SetupEditor, SetupError,
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
        before: &Junqi,
        _action: &Action,
        events: &[Event],
        viewer: Viewer,
    ) -> Vec<EventUi> {
        self.events_ui(before, events, viewer)
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

    fn points_change(&self, points_at_start: &[i64]) -> Option<BySeat<i64>> {
        Junqi::points_change(self, points_at_start)
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

    /// The two sides of the battle of `attack` (played by the seat to move) as `viewer` sees
    /// them, as (owner, piece) pairs.
    fn fighters(
        game: &Junqi,
        attack: &str,
        viewer: Viewer,
    ) -> ((&'static str, char), (&'static str, char)) {
        let seat = match game.to_act() {
            zhanqi_core::ToAct::Seats(seats) => seats.lowest().unwrap(),
            other => panic!("{other:?}"),
        };
        let action = game.parse_action(seat, attack).unwrap();
        let mut after = game.clone();
        let events = after.apply(seat, &action).unwrap();
        let shown = after.event_views(game, &action, &events, viewer);
        match &shown[0] {
            ui::EventUi::Moved {
                attacker: Some(attacker),
                defender: Some(defender),
                ..
            } => (
                (attacker.owner, attacker.piece),
                (defender.owner, defender.piece),
            ),
            other => panic!("not a battle: {other:?}"),
        }
    }

    fn load(text: &str, extra: Option<serde_json::Value>) -> Junqi {
        <Junqi as GameNotation>::load(text, extra.as_ref(), 0).unwrap()
    }

    const TWO: &str = "2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 30";

    #[test]
    fn a_battle_names_each_piece_to_its_owner_alone() {
        let game = load(TWO, None);
        let (s, n) = (Viewer::Seat(Seat::new(0)), Viewer::Seat(Seat::new(1)));
        assert_eq!(fighters(&game, "d11xd12", s), (("s", 'E'), ("n", '?')));
        assert_eq!(fighters(&game, "d11xd12", n), (("s", '?'), ("n", 'F')));
        assert_eq!(
            fighters(&game, "d11xd12", Viewer::Spectator),
            (("s", '?'), ("n", '?'))
        );
        assert_eq!(
            fighters(&game, "d11xd12", Viewer::Omniscient),
            (("s", 'E'), ("n", 'F'))
        );
    }

    #[test]
    fn a_public_flag_is_named_to_everyone() {
        let game = load(&TWO.replace(" - 5 30", " n 5 30"), None);
        assert_eq!(
            fighters(&game, "d11xd12", Viewer::Spectator),
            (("s", '?'), ("n", 'F'))
        );
    }

    #[test]
    fn a_move_without_battle_names_no_piece() {
        let mut game = load(TWO, None);
        let seat = Seat::new(0);
        let action = game.parse_action(seat, "d11-c11").unwrap();
        let before = game.clone();
        let events = game.apply(seat, &action).unwrap();
        let json =
            serde_json::to_value(game.event_views(&before, &action, &events, Viewer::Seat(seat)))
                .unwrap();
        assert!(json[0].get("attacker").is_none(), "{json}");
        assert!(json[0].get("defender").is_none(), "{json}");
    }

    /// Every attack of `s` in a 4p position: what the ally `n`, the enemies and a spectator
    /// see of the attacker, with and without 双明.
    #[test]
    fn an_ally_sees_a_battle_piece_only_with_ally_visible() {
        const FOUR: &str = "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB3eT4eM/10sDeF/10eE3eM/5/5/sE4/5/1sM3/sMsF3 s s+0e+1n+0w+0 - 3 120";
        for visible in [false, true] {
            let game = load(FOUR, Some(serde_json::json!({"ally_visible": visible})));
            let mut actions = Vec::new();
            game.legal_actions(Seat::new(0), &mut actions);
            let attacks: Vec<String> = actions
                .iter()
                .map(|action| game.action_text(action))
                .filter(|text| text.contains('x'))
                .collect();
            assert!(!attacks.is_empty());
            for attack in &attacks {
                let ally = fighters(&game, attack, Viewer::Seat(Seat::new(2)));
                assert_eq!(ally.0.1 != '?', visible, "{attack} seen by the ally");
                for (enemy, its_ally) in
                    [(Seat::new(1), Seat::new(3)), (Seat::new(3), Seat::new(1))]
                {
                    let (attacker, defender) = fighters(&game, attack, Viewer::Seat(enemy));
                    assert_eq!(attacker.1, '?', "{attack} seen by an enemy");
                    // Its own piece, its ally's with 双明, or a flag made public by its
                    // commander's death (CB-6).
                    let own = defender.0 == game.seat_name(enemy);
                    let allied = visible && defender.0 == game.seat_name(its_ally);
                    let public_flag = defender.1 == 'F';
                    assert_eq!(
                        defender.1 != '?',
                        own || allied || public_flag,
                        "{attack} seen by {enemy:?}"
                    );
                }
                let own = fighters(&game, attack, Viewer::Seat(Seat::new(0)));
                assert_ne!(own.0.1, '?');
            }
        }
    }

    #[test]
    fn dark_battles_show_face_up_pieces_to_everyone() {
        let game = load(
            "dark ryrsrtusup/rdryuDrCue/ue1re1um/rlub1ulrd/ud1uc1um/rjuprtreut/rbufrPrmrf/up1uc1rl/rmub1rpuy/ue1rm1ut/rpuyreujrc/rbucumrcul n s+0n+0 s=r 1 1",
            None,
        );
        assert_eq!(
            fighters(&game, "c11xd11", Viewer::Spectator),
            (("u", 'D'), ("r", 'C'))
        );
    }
}
