//! Junqi's client contract ([`ClientGame`]): the board, each viewer's table, events, clickable
//! moves, the deployment editor, draw offers, clock rules and settlement, from [`crate::ui`]
//! and [`crate::scoring`].
//!
//! Events are built per viewer: a battle names its two pieces as far as the viewer saw them
//! before it (its own pieces, an ally's with 双明, a public flag, dark chess face up), so a
//! player learns which of its pieces died and nobody learns an identity IN-3 keeps hidden.

use zhanqi_core::platform::{GoldSettlement, Ladder, PointsSettlement};
use zhanqi_core::{
    Choice, ClientGame, GameNotation, GameRng, OptionField, Progress, Reason, Seat, SetupEditor,
    SetupError, TimeoutRule, Viewer,
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

    fn progress(&self) -> Progress {
        Junqi::progress(self)
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

    fn random_setup(&self, seat: Seat, rng: &mut GameRng) -> Result<String, SetupError> {
        Junqi::random_setup(self, rng).map_err(|error| self.setup_error(seat, error))
    }

    fn check_setup(&self, seat: Seat, text: &str) -> Result<String, SetupError> {
        Junqi::check_setup(self, text).map_err(|error| self.setup_error(seat, error))
    }

    fn swap_setup(&self, seat: Seat, text: &str, a: &str, b: &str) -> Result<String, SetupError> {
        Junqi::swap_setup(self, seat, text, a, b).map_err(|error| self.setup_error(seat, error))
    }

    fn setup_view(&self, seat: Seat, text: &str) -> Result<SetupUi, SetupError> {
        self.setup_ui(seat, text)
            .map_err(|error| self.setup_error(seat, error))
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

impl Junqi {
    /// A deployment refusal of `seat`'s arrangement, every broken rule one violation and one
    /// reason that names the seat's posts as its board does, and marks them for the editor.
    fn setup_error(&self, seat: Seat, error: ui::SetupError) -> SetupError {
        let post_name = |at: usize| self.area_post_name(seat, at);
        match error {
            ui::SetupError::Illegal(illegal) => {
                let marks: Vec<String> = illegal
                    .violations
                    .iter()
                    .filter_map(|violation| violation.reason(post_name).args.get("post").cloned())
                    .collect();
                SetupError::typed(
                    illegal
                        .violations
                        .iter()
                        .map(|violation| (violation.to_string(), violation.reason(post_name))),
                )
                .marking(marks)
            }
            ui::SetupError::Malformed { offset, mistake } => {
                SetupError::typed([(error.to_string(), mistake.reason(offset))])
            }
            ui::SetupError::NotYourPost { ref post, .. } => SetupError::typed([(
                error.to_string(),
                Reason::new("not_your_post").with("post", post),
            )]),
            ui::SetupError::NoDeployment(_) => {
                SetupError::typed([(error.to_string(), Reason::new("nothing_to_arrange"))])
            }
        }
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

    /// Every kind of reason junqi's refusals give: each needs a sentence in both languages.
    const REFUSAL_KINDS: &[&str] = &[
        "piece_count",
        "camp_occupied",
        "post_empty",
        "flag_outside_headquarters",
        "mine_too_far_forward",
        "bomb_on_front_line",
        "layout_misplaced_slash",
        "layout_missing_slash",
        "layout_too_many_posts",
        "layout_not_a_piece_letter",
        "layout_too_few_posts",
        "not_your_post",
    ];

    /// A legal deployment (line 1, the front, first).
    const LEGAL: &str = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";

    fn two_player() -> Junqi {
        let options = JunqiOptions {
            mode: Mode::TwoPlayer,
            ..JunqiOptions::default()
        };
        Junqi::new(&options, 3).unwrap()
    }

    /// The legal deployment with the contents of two local posts swapped.
    fn swapped(a: usize, b: usize) -> String {
        let mut cells = crate::Deployment::parse(LEGAL).unwrap().cells();
        cells.swap(a, b);
        crate::Deployment::from_cells(cells).to_string()
    }

    fn reasons(game: &Junqi, seat: Seat, layout: &str) -> Vec<Reason> {
        let error = ClientGame::check_setup(game, seat, layout).unwrap_err();
        assert_eq!(error.reasons.len(), error.violations.len(), "{error}");
        for reason in &error.reasons {
            zhanqi_core::testkit::assert_player_vocabulary(reason);
            assert!(REFUSAL_KINDS.contains(&reason.kind.as_str()), "{reason:?}");
            if let Some(post) = reason.args.get("post") {
                assert!(
                    game.board().post(post).is_some(),
                    "{post} is no post's name"
                );
            }
        }
        error.reasons
    }

    fn kinds(reasons: &[Reason]) -> Vec<&str> {
        reasons.iter().map(|reason| reason.kind.as_str()).collect()
    }

    #[test]
    fn every_deployment_rule_is_a_typed_reason_naming_the_boards_posts() {
        let game = two_player();
        let south = Seat::new(0);
        let front_left = game.area_post_name(south, 0);
        // DP-3: the back row's mine (25) on the front row's first post.
        let mine = reasons(&game, south, &swapped(0, 25));
        assert_eq!(kinds(&mine), ["mine_too_far_forward"]);
        assert_eq!(mine[0].args["post"], front_left);
        assert!(!front_left.contains('.'), "{front_left}");
        // DP-4: the bomb of line 3 (13) on the front row.
        assert_eq!(
            kinds(&reasons(&game, south, &swapped(0, 13))),
            ["bomb_on_front_line"]
        );
        // DP-2: the flag (26) out of its headquarters.
        assert_eq!(
            kinds(&reasons(&game, south, &swapped(0, 26))),
            ["flag_outside_headquarters"]
        );
        // DP-1: a piece moved onto a camp (6) leaves its post (5) empty.
        assert_eq!(
            kinds(&reasons(&game, south, &swapped(5, 6))),
            ["post_empty", "camp_occupied"]
        );
        // DP-1: a captain made a field marshal: one too few of one, one too many of the other.
        let counts = reasons(&game, south, &LEGAL.replacen('C', "S", 1));
        assert_eq!(kinds(&counts), ["piece_count", "piece_count"]);
        assert_eq!(counts[0].args["piece"], "S");
        assert_eq!(counts[0].args["found"], "2");
        assert_eq!(counts[0].args["count"], "1");
    }

    #[test]
    fn the_same_layout_names_each_seats_own_posts() {
        let game = two_player();
        let layout = swapped(0, 25);
        let south = reasons(&game, Seat::new(0), &layout);
        let north = reasons(&game, Seat::new(1), &layout);
        assert_ne!(south[0].args["post"], north[0].args["post"]);
    }

    #[test]
    fn a_malformed_layout_is_a_typed_reason_at_a_character() {
        let game = two_player();
        let south = Seat::new(0);
        let one = |layout: &str| {
            let reasons = reasons(&game, south, layout);
            assert_eq!(reasons.len(), 1, "{reasons:?}");
            reasons.into_iter().next().unwrap()
        };
        let letter = one("hSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC");
        assert_eq!(letter.kind, "layout_not_a_piece_letter");
        assert_eq!(letter.args["letter"], "h");
        assert_eq!(letter.args["position"], "1");
        assert_eq!(one("CSPDL//E.J.T").kind, "layout_misplaced_slash");
        assert_eq!(one("CSPDLE").kind, "layout_missing_slash");
        assert_eq!(one(&format!("{LEGAL}C")).kind, "layout_too_many_posts");
        assert_eq!(one("CSPDL/E.J").args["count"], "8");
        let theirs = game.area_post_name(Seat::new(1), 0);
        let not_yours =
            ClientGame::swap_setup(&game, south, LEGAL, &theirs, &front(&game)).unwrap_err();
        assert_eq!(kinds(&not_yours.reasons), ["not_your_post"]);
    }

    fn front(game: &Junqi) -> String {
        game.area_post_name(Seat::new(0), 0)
    }

    #[test]
    fn every_refusal_kind_has_an_english_and_a_chinese_sentence() {
        let strings = include_str!("../../../web/games/junqi/strings.js");
        let missing = zhanqi_core::testkit::missing_refusal_strings(strings, REFUSAL_KINDS);
        assert!(
            missing.is_empty(),
            "web/games/junqi/strings.js lacks {missing:?}"
        );
    }
}
