//! Tiehuo's client contract ([`ClientGame`]): each viewer's table and events under fog of war,
//! every listed action as clicks, the deck editor before the start (a seat's deck, taken as the
//! options' `decks`, [`crate::deck_file`]), the deployment editor that the game asks for after
//! the environment and logistics rolls, and the clock rule, from [`crate::ui`].

use zhanqi_core::{
    Choice, ClientGame, Game, GameNotation, GameRng, OptionField, Reason, Seat, SetupEditor,
    SetupError, TimeoutRule, Viewer,
};

use crate::action::{Action, Event};
use crate::catalog::CardIndex;
use crate::deck_file::DeckUi;
use crate::state::{Pending, Phase, Tiehuo};
use crate::token::Player;
use crate::ui::{DeploymentUi, EventUi, TableUi, class_click, option_click};

/// The timeouts that lose a game: the rules have no clock, so the platform plays a random
/// listed action (or a random deployment) for a seat whose clock runs out, and the fifth
/// loses, as in the other games.
pub const TIMEOUT_LIMIT: u8 = 5;

/// The board: a card game has no geometry beyond its two sides.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct BoardUi {
    /// `tiehuo`.
    pub game: &'static str,
    /// Seat 1 at the bottom, seat 2 at the top.
    pub seats: [(&'static str, &'static str); 2],
    /// Whether fog of war is played.
    pub fog: bool,
}

/// What a seat's editor draws: its deck before the start, its deployment after the rolls.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(untagged)]
pub enum SetupUi {
    /// The deck editor's view (`kind: "deck"`).
    Deck(Box<DeckUi>),
    /// The deployment editor's view.
    Deployment(DeploymentUi),
}

impl Tiehuo {
    /// Whether the game has not started: nothing rolled yet, so each seat's deck may still be
    /// chosen (the options' `decks`).
    fn before_start(&self) -> bool {
        self.phase == Phase::Environment
    }

    /// Reads a deployment's text (card ids separated by commas) against the catalog, every
    /// unknown id one violation.
    fn read_deployment(&self, text: &str) -> Result<Vec<CardIndex>, SetupError> {
        let mut cards = Vec::new();
        let mut unknown = Vec::new();
        for id in text.split(',').map(str::trim).filter(|id| !id.is_empty()) {
            match self.catalog().index_of(id) {
                Some(index) => cards.push(index),
                None => unknown.push((
                    format!("'{id}' is no card of this game / '{id}' 不是本游戏的牌"),
                    Reason::new("unknown_card").with("card", id),
                )),
            }
        }
        if !unknown.is_empty() {
            return Err(SetupError::typed(unknown));
        }
        cards.sort_unstable();
        Ok(cards)
    }

    /// The player of a seat that deploys now.
    fn deploying(&self, seat: Seat) -> Result<Player, SetupError> {
        match Player::of_seat(seat) {
            Some(player) if self.has_unlisted_actions(seat) => Ok(player),
            _ => Err(self.no_setup()),
        }
    }
}

impl ClientGame for Tiehuo {
    type Board = BoardUi;
    type Table = TableUi;
    type EventView = EventUi;
    type Setup = SetupUi;

    fn option_fields() -> Vec<OptionField> {
        crate::options::option_fields()
    }

    fn board(&self) -> BoardUi {
        BoardUi {
            game: Tiehuo::NAME,
            seats: [("1", "bottom"), ("2", "top")],
            fog: self.fog(),
        }
    }

    fn table(&self, viewer: Viewer) -> TableUi {
        self.table_ui(viewer)
    }

    fn event_views(
        &self,
        before: &Tiehuo,
        action: &Action,
        events: &[Event],
        viewer: Viewer,
    ) -> Vec<EventUi> {
        // A chance outcome has no seat; everything else was played by the seat to act, or
        // (concession, a deployment) by the one seat it names.
        let by = match action {
            Action::Environment(_) | Action::Logistics(_) | Action::Value(_) | Action::Draw(_) => {
                None
            }
            Action::Concede => Some(
                self.finish()
                    .and_then(|f| f.winner)
                    .map_or(Player::One, Player::other),
            ),
            // The seat whose reserve gave the cards.
            Action::Deploy(_) => Player::BOTH
                .into_iter()
                .find(|p| self.player(*p).reserve.len() < before.player(*p).reserve.len()),
            _ => before.turn,
        };
        before.events_ui(self, action, events, by, viewer)
    }

    fn moved_by(&self, event: &EventUi) -> Option<Seat> {
        match event {
            EventUi::Acted { by, .. } | EventUi::Deployed { by, .. } => self.seat_by_name(by),
            _ => None,
        }
    }

    fn choice(&self, seat: Seat, action: &Action) -> Choice {
        let me = Player::of_seat(seat).unwrap_or(Player::One);
        let text = self.action_text(action);
        let clicks = match action {
            Action::Done => vec!["done".to_owned()],
            Action::End => vec!["end".to_owned()],
            Action::Pass => vec!["pass".to_owned()],
            Action::Fire => vec!["fire".to_owned()],
            Action::FocusFog => vec!["focus".to_owned()],
            Action::Concede => vec!["concede".to_owned()],
            Action::Attack(c, k) => vec![self.card_click(me, c), option_click(*k)],
            Action::FocusOn(target) => {
                vec!["focus".to_owned(), self.card_click(me.other(), target)]
            }
            Action::Name(c) | Action::CutOff(c) => vec![self.card_click(me, c)],
            Action::NameClass(class) => vec![class_click(me, *class)],
            Action::Option(k) => vec![option_click(*k)],
            Action::Designate(side, class) => vec![class_click(*side, *class)],
            Action::FocusTarget(target) => vec![self.card_click(me.other(), target)],
            Action::Targets(targets) => {
                let side = match &self.pending {
                    Pending::Attack(step) => Tiehuo::target_side(
                        me,
                        &self.card(step.attacker.card).attacks()[usize::from(step.option) - 1],
                    ),
                    _ => me.other(),
                };
                targets.iter().map(|t| self.card_click(side, t)).collect()
            }
            Action::Resupply(index) => vec![self.reserve_click(*index)],
            Action::Environment(_)
            | Action::Logistics(_)
            | Action::Value(_)
            | Action::Draw(_)
            | Action::Deploy(_) => vec![text.clone()],
        };
        Choice {
            clicks,
            action: text,
        }
    }

    fn setup_editor(&self, seat: Seat) -> Option<SetupEditor> {
        // Each seat's deck is chosen before the start; the deployment comes after the
        // environment and logistics rolls (§5, §6): the game asks for it during play.
        if self.before_start() {
            return Some(SetupEditor {
                kind: "deck",
                before_start: true,
                swaps: false,
                // The deck is the player's secret until the battle decks are revealed.
                public: false,
            });
        }
        self.has_unlisted_actions(seat).then_some(SetupEditor {
            kind: "deployment",
            before_start: false,
            swaps: false,
            public: false,
        })
    }

    fn random_setup(&self, seat: Seat, rng: &mut GameRng) -> Result<String, SetupError> {
        if self.before_start() {
            return Ok(self.default_deck(seat.index()));
        }
        let player = self.deploying(seat)?;
        let cards = self
            .ai_deployment(player, rng)
            .ok_or_else(|| {
                SetupError::typed([(
                    "no card of the deck fits within the logistics / 套牌中没有一张作战牌在后勤点数之内"
                        .to_owned(),
                    Reason::new("nothing_fits"),
                )])
            })?;
        Ok(self.text_of(&Action::Deploy(cards)))
    }

    fn check_setup(&self, seat: Seat, text: &str) -> Result<String, SetupError> {
        if self.before_start() {
            return self.check_deck(text).map_err(SetupError::typed);
        }
        let player = self.deploying(seat)?;
        let cards = self.read_deployment(text)?;
        let problems = self.deployment_faults(player, &cards);
        if problems.is_empty() {
            Ok(self.text_of(&Action::Deploy(cards)))
        } else {
            Err(SetupError::typed(problems))
        }
    }

    fn setup_view(&self, seat: Seat, text: &str) -> Result<SetupUi, SetupError> {
        if self.before_start() {
            return self
                .deck_ui(text)
                .map(|deck| SetupUi::Deck(Box::new(deck)))
                .map_err(SetupError::typed);
        }
        let player = self.deploying(seat)?;
        let cards = self.read_deployment(text)?;
        Ok(SetupUi::Deployment(self.deployment_ui(player, &cards)))
    }

    fn setup_options(
        &self,
        setups: &[(Seat, &str)],
    ) -> Result<Option<serde_json::Value>, SetupError> {
        if setups.is_empty() || !self.before_start() {
            return Ok(None);
        }
        let decks: Vec<(usize, &str)> = setups
            .iter()
            .map(|&(seat, text)| (seat.index(), text))
            .collect();
        self.deck_options(&decks)
            .map(Some)
            .map_err(SetupError::typed)
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule::PlayForSeat {
            limit: TIMEOUT_LIMIT,
        }
    }

    fn profile_family() -> &'static str {
        Tiehuo::NAME
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of reason a tiehuo deployment's refusal gives.
    const REFUSAL_KINDS: &[&str] = &[
        "more_than_held",
        "no_battle_card",
        "banned_card",
        "over_logistics",
        "unknown_card",
        "nothing_fits",
        "deck_unreadable",
        "no_starter_deck",
        "deck_too_small",
        "no_deployable_card",
        "never_fits",
        "definition_fault",
        "defined_twice",
        "id_taken",
        "defined_by_both_seats",
    ];

    #[test]
    fn an_unknown_card_is_a_typed_reason_naming_it() {
        let game = Tiehuo::new(&crate::TiehuoOptions::default(), 0).unwrap();
        let error = game.read_deployment("DE01, XX99").unwrap_err();
        assert_eq!(error.reasons.len(), 1, "{error}");
        assert_eq!(error.reasons[0].kind, "unknown_card");
        assert_eq!(error.reasons[0].args["card"], "XX99");
        zhanqi_core::testkit::assert_player_vocabulary(&error.reasons[0]);
    }

    #[test]
    fn every_refusal_kind_has_an_english_and_a_chinese_sentence() {
        let strings = include_str!("../../../web/games/tiehuo/strings.js");
        let missing = zhanqi_core::testkit::missing_refusal_strings(strings, REFUSAL_KINDS);
        assert!(
            missing.is_empty(),
            "web/games/tiehuo/strings.js lacks {missing:?}"
        );
    }
}
