//! 四國戰棋's client contract ([`ClientGame`]): the board, each viewer's table, events,
//! clickable actions, the deployment editor and clock rules, from [`crate::ui`] and
//! [`crate::layout`].
//!
//! The clicks of an action (targets a client module draws):
//!
//! | Action | Clicks |
//! |---|---|
//! | move, capture, redeploy step | the piece's point, then its destination |
//! | first step of a redeployment | `redeploy:<base>`, the soldier, the point of N(base) |
//! | `stop` | `stop` |
//! | bomb | `bomb:<base>` |
//! | exchange | `exchange:<b1>:<b2>`, then `bomb:<b2>` or a soldier and its point for the follow-up |
//! | pass | `pass` |
//!
//! An exchange alone is a prefix of the exchanges with a follow-up: the client asks before it
//! sends it.

use zhanqi_core::{
    Choice, ClientGame, Game, GameNotation, GameRng, OptionField, Reason, Seat, SetupEditor,
    SetupError, TimeoutRule, Viewer,
};

use crate::layout::Layout;
use crate::ui::{BoardUi, EventUi, SetupUi, ViewUi};
use crate::{Action, Event, FollowUp, Siguo};

/// The timeouts that lose a game: the rules have no clock (§15 defines no platform action), so
/// the platform plays a random listed action for a seat whose clock runs out and the fifth
/// loses it, as in the platform's other games.
pub const TIMEOUT_LIMIT: u8 = 5;

impl ClientGame for Siguo {
    type Board = BoardUi;
    type Table = ViewUi;
    type EventView = EventUi;
    type Setup = SetupUi;

    fn option_fields() -> Vec<OptionField> {
        crate::options::option_fields()
    }

    fn board(&self) -> BoardUi {
        crate::ui::board_ui()
    }

    fn table(&self, viewer: Viewer) -> ViewUi {
        self.view_ui(viewer)
    }

    fn event_views(
        &self,
        before: &Siguo,
        action: &Action,
        events: &[Event],
        _viewer: Viewer,
    ) -> Vec<EventUi> {
        // Every event is public: a deployment is announced by its seat alone (§15.5 view).
        self.events_ui(before, action, events)
    }

    fn moved_by(&self, event: &EventUi) -> Option<Seat> {
        self.seat_by_name(event.mover()?)
    }

    fn choice(&self, _seat: Seat, action: &Action) -> Choice {
        let point = |point: crate::Point| point.to_string();
        let clicks = match *action {
            Action::Move { from, to, .. } | Action::Step { from, to } => {
                vec![point(from), point(to)]
            }
            Action::Redeploy { base, from, to } => {
                vec![format!("redeploy:{base}"), point(from), point(to)]
            }
            Action::Stop => vec!["stop".to_owned()],
            Action::Bomb(base) => vec![format!("bomb:{base}")],
            Action::Exchange {
                own,
                ally,
                follow_up,
            } => {
                let mut clicks = vec![format!("exchange:{own}:{ally}")];
                match follow_up {
                    FollowUp::Nothing => {}
                    FollowUp::Bomb => clicks.push(format!("bomb:{ally}")),
                    FollowUp::Redeploy { from, to } => clicks.extend([point(from), point(to)]),
                }
                clicks
            }
            Action::Pass => vec!["pass".to_owned()],
            // Deployments are never listed; their text is their one click.
            Action::Deploy(_) => vec![self.action_text(action)],
        };
        Choice {
            clicks,
            action: self.action_text(action),
        }
    }

    fn setup_editor(&self, _seat: Seat) -> Option<SetupEditor> {
        // Every seat deploys before play (§4.2). The platform asks a game it made with every
        // deployment drawn (its probe), so the editor does not depend on the phase.
        Some(SetupEditor {
            kind: "deployment",
            before_start: true,
            swaps: true,
            public: false,
        })
    }

    fn random_setup(&self, seat: Seat, rng: &mut GameRng) -> Result<String, SetupError> {
        let deployment = crate::ai::ai_deployment(seat, rng);
        Ok(Layout::of_deployment(seat, &deployment).to_string())
    }

    fn check_setup(&self, _seat: Seat, text: &str) -> Result<String, SetupError> {
        Ok(self.lawful_layout(text)?.to_string())
    }

    /// A room keeps a seat's layout (the same text for every seat) and starts its game with
    /// the seat's deployment string of §11.4, the only deployment `play` reads (§15.3.1).
    fn setup_action(&self, seat: Seat, text: &str) -> Result<String, SetupError> {
        let deployment = self
            .lawful_layout(text)?
            .deployment(seat)
            .map_err(SetupError::all)?;
        Ok(crate::notation::action_text(&Action::Deploy(Box::new(
            deployment,
        ))))
    }

    fn swap_setup(&self, seat: Seat, text: &str, a: &str, b: &str) -> Result<String, SetupError> {
        let layout = Layout::read(text).map_err(SetupError::typed)?;
        let place = |name: &str| {
            crate::Point::parse(name)
                .and_then(|point| Layout::place(seat, point))
                .ok_or_else(|| {
                    SetupError::typed([(
                        format!(
                            "{name} is not a point of your deployment zone; pick two of your own \
                             points — {name} 不在你的布陣區內;請選你自己的兩個點。"
                        ),
                        Reason::new("not_your_point").with("point", name),
                    )])
                })
        };
        let swapped = layout.swapped(place(a)?, place(b)?);
        Ok(self.lawful(swapped)?.to_string())
    }

    fn setup_view(&self, seat: Seat, text: &str) -> Result<SetupUi, SetupError> {
        let layout = Layout::read(text).map_err(SetupError::typed)?;
        Ok(Siguo::setup_ui(seat, &layout))
    }

    fn seat_active(&self, seat: Seat) -> bool {
        self.outcome().is_none() && self.state().is_alive(seat)
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule::PlayForSeat {
            limit: TIMEOUT_LIMIT,
        }
    }
}

impl Siguo {
    /// The layout `text`, if it is well formed and breaks no rule of §4.2.
    fn lawful_layout(&self, text: &str) -> Result<Layout, SetupError> {
        self.lawful(Layout::read(text).map_err(SetupError::typed)?)
    }

    /// `layout`, if it breaks no rule of §4.2; otherwise every rule it breaks.
    fn lawful(&self, layout: Layout) -> Result<Layout, SetupError> {
        let problems = layout.faults(self.rules());
        if problems.is_empty() {
            Ok(layout)
        } else {
            Err(SetupError::typed(problems))
        }
    }
}
