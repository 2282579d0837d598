//! 棋戰卡牌's client contract ([`ClientGame`]): the zoned board, each viewer's table and events
//! ([`crate::ui`]), every listed action as clicks, the deck editor before play
//! ([`crate::deck_file`]), concession, clock rules and the lobby's options.

use serde_json::{Value, json};
use zhanqi_core::{
    Choice, ClientGame, GameNotation, GameRng, OptionField, OptionKind, Seat, SetupEditor,
    SetupError, TimeoutRule, Viewer,
};

use crate::action::{Action, Event};
use crate::board::Side;
use crate::notation::ref_text;
use crate::options::QizhanOptions;
use crate::state::Qizhan;

/// The timeouts that lose a game: the rules have no clock, so the platform plays a random
/// listed action for a seat whose clock runs out, and the fifth loses (as in shengke).
pub const TIMEOUT_LIMIT: u8 = 5;

/// What a choice clicks, named as the client draws it.
mod target {
    /// A card of the viewer's hand, by id (an action names the lowest entry of that id).
    pub fn hand(id: &str) -> String {
        format!("hand:{id}")
    }
    /// A card on the board, by reference (`A.F1#23`).
    pub fn card(reference: &str) -> String {
        format!("card:{reference}")
    }
    /// A board zone (`A.L1`).
    pub fn zone(zone: &str) -> String {
        format!("zone:{zone}")
    }
    /// A card of one's discard piles, by id.
    pub fn discard(id: &str) -> String {
        format!("discard:{id}")
    }
}

/// The buttons a choice may end with, beside cards and zones.
pub const PLAY_EVENT: &str = "play";
/// Confirms an attack once its target is shown.
pub const CONFIRM_ATTACK: &str = "attack";
/// Ends the turn.
pub const END_TURN: &str = "end";
/// Declines the swap.
pub const NO_SWAP: &str = "noswap";

fn int(
    key: &'static str,
    min: i64,
    max: i64,
    default: u32,
    label_en: &'static str,
    label_zh: &'static str,
) -> OptionField {
    OptionField {
        key,
        kind: OptionKind::Int { min, max, step: 1 },
        default: json!(default),
        modes: &[],
        label_en,
        label_zh,
    }
}

fn flag(
    key: &'static str,
    default: bool,
    label_en: &'static str,
    label_zh: &'static str,
) -> OptionField {
    OptionField {
        key,
        kind: OptionKind::Bool,
        default: json!(default),
        modes: &[],
        label_en,
        label_zh,
    }
}

/// The parameters a lobby's form offers (§3): every one a form can hold and the starter
/// decks survive. `deck_size` and `building_cost` are left out (the starter decks hold 30
/// cards and every starter building costs 3, §4.3(c)),
/// `cross_side_move` too (refused by the notation), and the decks are chosen in the room's
/// deck editor.
fn lobby_fields() -> Vec<OptionField> {
    let standard = QizhanOptions::default();
    vec![
        int(
            "arms",
            1,
            8,
            standard.arms,
            "Frontier and landing pairs per side",
            "每方前沿／登陸區對數",
        ),
        flag(
            "frontier_ring",
            standard.frontier_ring,
            "Neighbouring frontier zones are linked",
            "相鄰前沿區相連",
        ),
        int(
            "zone_capacity",
            0,
            10,
            standard.zone_capacity,
            "Cards per zone (0: no limit)",
            "每區卡數上限（0 為不限）",
        ),
        int(
            "max_copies",
            3,
            6,
            standard.max_copies,
            "Copies of one card in a deck",
            "同名卡上限",
        ),
        int(
            "opening_hand",
            1,
            20,
            standard.opening_hand,
            "Cards in the opening hand",
            "起手張數",
        ),
        int(
            "second_player_extra_cards",
            0,
            5,
            standard.second_player_extra_cards,
            "Extra opening cards for the second player",
            "後手多抽張數",
        ),
        int(
            "hand_limit",
            0,
            30,
            standard.hand_limit,
            "Hand limit at the end of a turn",
            "回合結束手牌上限",
        ),
        int(
            "cost_start",
            0,
            10,
            standard.cost_start,
            "Budget on a player's first turn",
            "首回合費用",
        ),
        int(
            "cost_growth",
            0,
            5,
            standard.cost_growth,
            "Budget growth per turn",
            "每回合費用增長",
        ),
        int(
            "cost_max",
            1,
            20,
            standard.cost_max,
            "Largest budget",
            "費用上限",
        ),
        int(
            "min_damage",
            0,
            5,
            standard.min_damage,
            "Least damage of an attack",
            "攻擊最低傷害",
        ),
        flag(
            "destroy_on_zero",
            standard.destroy_on_zero,
            "A card with 0 troops is destroyed",
            "部隊為 0 即消滅",
        ),
        flag(
            "fresh_cards_ready",
            standard.fresh_cards_ready,
            "New cards may act at once",
            "新上場卡可立即行動",
        ),
        int(
            "base_ap",
            0,
            3,
            standard.base_ap,
            "Action points per turn",
            "每回合行動點",
        ),
        int(
            "base_mp",
            0,
            3,
            standard.base_mp,
            "Movement points per turn",
            "每回合移動點",
        ),
        int(
            "swift_mp",
            0,
            4,
            standard.swift_mp,
            "Movement points of a swift card",
            "疾行卡移動點",
        ),
        int(
            "equip_limit",
            0,
            4,
            standard.equip_limit,
            "Attachments per card",
            "每卡附加上限",
        ),
        int(
            "turn_limit",
            0,
            100,
            standard.turn_limit,
            "Turns each before a draw (0: none)",
            "和局回合數（0 為不限）",
        ),
    ]
}

fn setup_error(problems: Vec<crate::deck_file::Fault>) -> SetupError {
    SetupError::typed(problems)
}

impl Qizhan {
    /// The clicks that make a listed action.
    fn clicks(&self, action: &Action) -> Vec<String> {
        let table = &self.rules.table;
        let graph = &self.rules.graph;
        let id = |card| table.id(card).to_owned();
        let zone = |zone| target::zone(&graph.zone_name(zone));
        let card = |card| target::card(&ref_text(graph, card));
        match *action {
            Action::Discard(c) | Action::Swap(c) => vec![target::hand(&id(c))],
            Action::NoSwap => vec![NO_SWAP.to_owned()],
            Action::End => vec![END_TURN.to_owned()],
            Action::PlayInto(c, z) => vec![target::hand(&id(c)), zone(z)],
            Action::PlayOn(c, host) => vec![target::hand(&id(c)), card(host)],
            Action::PlayEvent(c) => vec![target::hand(&id(c)), PLAY_EVENT.to_owned()],
            Action::Move(from, to) => vec![card(from), zone(to)],
            Action::Attack(x, y) => vec![card(x), card(y), CONFIRM_ATTACK.to_owned()],
            Action::TargetCard(c) => vec![card(c)],
            Action::TargetZone(z) | Action::To(z) => vec![zone(z)],
            Action::Revive(c, z) => vec![target::discard(&id(c)), zone(z)],
            // A chance outcome and a concession are never a seat's listed action.
            Action::Take(..) | Action::Concede => vec![self.action_text(action)],
        }
    }
}

impl ClientGame for Qizhan {
    type Board = Value;
    type Table = Value;
    type EventView = Value;
    type Setup = Value;

    fn option_fields() -> Vec<OptionField> {
        lobby_fields()
    }

    fn board(&self) -> Value {
        self.board_ui()
    }

    fn table(&self, viewer: Viewer) -> Value {
        self.table_ui(viewer)
    }

    fn event_views(
        &self,
        before: &Qizhan,
        action: &Action,
        _events: &[Event],
        viewer: Viewer,
    ) -> Vec<Value> {
        before.events_ui(action, self, viewer)
    }

    fn moved_by(&self, event: &Value) -> Option<Seat> {
        Qizhan::event_mover(event)
    }

    fn choice(&self, _seat: Seat, action: &Action) -> Choice {
        Choice {
            clicks: self.clicks(action),
            action: self.action_text(action),
        }
    }

    fn setup_editor(&self, _seat: Seat) -> Option<SetupEditor> {
        Some(SetupEditor {
            kind: "deck",
            before_start: true,
            swaps: false,
            // A deck list is the player's secret: the opponent learns its cards as they come.
            public: false,
        })
    }

    fn random_setup(&self, _seat: Seat, rng: &mut GameRng) -> Result<String, SetupError> {
        self.random_deck(rng).map_err(setup_error)
    }

    fn check_setup(&self, _seat: Seat, text: &str) -> Result<String, SetupError> {
        self.check_deck_faults(text).map_err(setup_error)
    }

    fn setup_view(&self, _seat: Seat, text: &str) -> Result<Value, SetupError> {
        let mut view = self.deck_view(text).map_err(setup_error)?;
        if let Err(problems) = self.check_deck(text) {
            view["violations"] = json!(problems);
        }
        Ok(view)
    }

    fn setup_options(&self, setups: &[(Seat, &str)]) -> Result<Option<Value>, SetupError> {
        let decks: Vec<(Side, &str)> = setups
            .iter()
            .filter_map(|&(seat, text)| Side::of_seat(seat).map(|side| (side, text)))
            .collect();
        self.deck_options(&decks)
            .map(Some)
            .map_err(|(side, problems)| {
                SetupError::typed(problems.into_iter().map(|(problem, reason)| {
                    (
                        format!("座位 {side} 的牌組 / seat {side}'s deck: {problem}"),
                        reason,
                    )
                }))
            })
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule::PlayForSeat {
            limit: TIMEOUT_LIMIT,
        }
    }

    fn first_player_drawn(&self) -> bool {
        // §7.1(b): one random bit decides which player is side A, which moves first.
        true
    }

    fn profile_family() -> &'static str {
        "qizhan"
    }
}
