//! What a browser client needs to show 棋戰卡牌, as JSON data: the zoned board, each viewer's
//! table (the board with every card's troops, points, attachments and modifiers; the viewer's
//! own hand; the other hand and both decks as counts), and the events of an action as each
//! viewer may see them.
//!
//! Nothing here decides a rule. A table is built from what its viewer may know (§1.5, §12.8):
//! a seat sees its own hand, the opponent's hand size only; a spectator sees neither hand.

use serde_json::{Value, json};
use zhanqi_core::{Seat, Viewer};

use crate::action::Action;
use crate::board::{Side, Zone};
use crate::cards::CardIndex;
use crate::effect::Keyword;
use crate::notation::ref_text;
use crate::state::{BoardCard, CardRef, Lasting, ModifierKind, Phase, Qizhan};
use crate::wording::{card_json, effect_words_on};

/// Whether `viewer` may see the hand of `side`.
fn sees_hand(viewer: Viewer, side: Side) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(seat) => Side::of_seat(seat) == Some(side),
        Viewer::Spectator => false,
    }
}

impl Qizhan {
    /// The board's geometry: every zone with its side, location, kind and neighbours, laid
    /// out as a plus per side (the front line in the middle, frontier and landing zones out
    /// along each arm), side A at the bottom.
    #[must_use]
    pub fn board_ui(&self) -> Value {
        let graph = &self.rules.graph;
        let zones: Vec<Value> = graph
            .zones()
            .map(|zone| {
                let neighbours: Vec<String> = graph
                    .zones()
                    .filter(|&other| other != zone && graph.adjacent(zone, other))
                    .map(|other| graph.zone_name(other))
                    .collect();
                json!({
                    "zone": graph.zone_name(zone),
                    "side": zone.side.to_string(),
                    "loc": graph.location_name(zone.loc),
                    "kind": graph.kind(zone.loc).name(),
                    "neighbours": neighbours,
                })
            })
            .collect();
        json!({
            "game": "qizhan",
            "arms": graph.arms(),
            "ring": graph.ring(),
            "zone_capacity": self.rules.options.zone_capacity,
            "zones": zones,
            "seats": [{"seat": "A", "side": "bottom"}, {"seat": "B", "side": "top"}],
        })
    }

    fn zone_text(&self, zone: Zone) -> String {
        self.rules.graph.zone_name(zone)
    }

    fn ref_string(&self, card: CardRef) -> String {
        ref_text(&self.rules.graph, card)
    }

    /// A board card as drawn: its reference, printed card, troops (now and effective
    /// maximum), effective stats, points, stun, attachments and modifiers.
    fn board_card_json(&self, side: Side, card: &BoardCard) -> Value {
        let stats = self.effective(side, card);
        let keywords: Vec<&str> = Keyword::ALL
            .into_iter()
            .filter(|&keyword| stats.keywords.contains(keyword))
            .map(Keyword::name)
            .collect();
        let attachments: Vec<&str> = self
            .attachments_of(card.entry)
            .map(|index| self.rules.table.id(index))
            .collect();
        let modifiers: Vec<String> = self
            .modifiers
            .iter()
            .filter(|modifier| modifier.host == card.entry)
            .map(|modifier| {
                let lasting = match modifier.lasting {
                    Lasting::Turn => "t".to_owned(),
                    Lasting::Round(side) => format!("r{side}"),
                    Lasting::Perm => "p".to_owned(),
                };
                match modifier.kind {
                    ModifierKind::Buff(stat, delta) => {
                        format!("{}{delta:+}:{lasting}", stat.name())
                    }
                    ModifierKind::Grant(keyword) => format!("{}:{lasting}", keyword.name()),
                }
            })
            .collect();
        json!({
            "ref": self.ref_string(Qizhan::reference(side, card)),
            "id": self.rules.table.id(card.card),
            "entry": card.entry,
            "owner": side.to_string(),
            "troops": card.troops,
            "max_troops": stats.max_troops,
            "atk": stats.atk,
            "armour": stats.armour,
            "range": stats.range,
            "keywords": keywords,
            "ap": card.ap,
            "mp": card.mp,
            "stunned": card.stunned,
            "attachments": attachments,
            "modifiers": modifiers,
        })
    }

    /// The stack as drawn, top frame first: whose effects, from which card, and the effect
    /// that comes next in words.
    fn stack_json(&self) -> Vec<Value> {
        self.stack
            .iter()
            .rev()
            .map(|frame| {
                let card = self.card(frame.card);
                let next = card
                    .effects
                    .get(usize::from(frame.next))
                    .map(|effect| {
                        let words = effect_words_on(effect, card.attaches());
                        json!({"en": words.en, "zh": words.zh})
                    })
                    .unwrap_or(Value::Null);
                json!({
                    "trigger": frame.trigger.name(),
                    "card": card.id,
                    "side": frame.side.to_string(),
                    "source": frame.source.map(|source| self.ref_string(source)),
                    "next": next,
                })
            })
            .collect()
    }

    /// The attacks `side` may make now with what each would deal and take back, for a client
    /// to show before the player confirms (the board is public, so this shows nothing new).
    fn attack_previews(&self, side: Side) -> Vec<Value> {
        if self.phase != Phase::Main || !self.stack.is_empty() || self.active != side {
            return Vec::new();
        }
        let mut previews = Vec::new();
        for attacker in &self.sides[side].board {
            let from = Qizhan::reference(side, attacker);
            for target in &self.sides[side.other()].board {
                let to = Qizhan::reference(side.other(), target);
                if !self.attack_is_legal(from, to) {
                    continue;
                }
                let (dealt, countered) = self.exchange(side, attacker, side.other(), target);
                previews.push(json!({
                    "attacker": self.ref_string(from),
                    "target": self.ref_string(to),
                    "damage": dealt,
                    "counter": countered,
                    "destroys": target.troops - dealt <= 0,
                    "loses": attacker.troops - countered <= 0,
                }));
            }
        }
        previews
    }

    /// Every card id `viewer` may see now: on the board with attachments, in a visible hand,
    /// in the discard piles and exile, on the stack.
    fn visible_cards(&self, viewer: Viewer) -> Vec<CardIndex> {
        let mut ids: Vec<CardIndex> = Vec::new();
        for side in Side::BOTH {
            let cards = &self.sides[side];
            ids.extend(cards.board.iter().map(|card| card.card));
            if sees_hand(viewer, side) {
                ids.extend(cards.hand.iter().map(|card| card.card));
            }
            for pile in &cards.discard {
                ids.extend(pile.iter().copied());
            }
            ids.extend(cards.exile.iter().copied());
        }
        ids.extend(self.attachments.iter().map(|attachment| attachment.card));
        ids.extend(self.stack.iter().map(|frame| frame.card));
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// What `viewer` sees, ready to draw: built from what the viewer may know alone.
    #[must_use]
    pub fn table_ui(&self, viewer: Viewer) -> Value {
        let table = &self.rules.table;
        let graph = &self.rules.graph;
        let zones: Vec<Value> = graph
            .zones()
            .map(|zone| {
                let cards: Vec<Value> = self.sides[zone.side]
                    .board
                    .iter()
                    .filter(|card| card.loc == zone.loc)
                    .map(|card| self.board_card_json(zone.side, card))
                    .collect();
                json!({"zone": self.zone_text(zone), "cards": cards})
            })
            .collect();
        let sides: Vec<Value> = Side::BOTH
            .into_iter()
            .map(|side| {
                let cards = &self.sides[side];
                let hand = sees_hand(viewer, side).then(|| {
                    cards
                        .hand
                        .iter()
                        .map(|card| json!({"id": table.id(card.card), "entry": card.entry}))
                        .collect::<Vec<Value>>()
                });
                let ids = |pile: &[CardIndex]| -> Vec<&str> {
                    pile.iter().map(|&card| table.id(card)).collect()
                };
                json!({
                    "seat": side.to_string(),
                    "hand": hand,
                    "hand_count": cards.hand.len(),
                    "deck_count": cards.deck.len(),
                    "discard": {
                        "front": ids(&cards.discard[0]),
                        "frontier": ids(&cards.discard[1]),
                        "landing": ids(&cards.discard[2]),
                        "general": ids(&cards.discard[3]),
                    },
                    "exile": ids(&cards.exile),
                    "played_last_turn": self.last[side],
                })
            })
            .collect();
        let to_move = match self.acting() {
            zhanqi_core::ToAct::Seats(seats) => seats
                .lowest()
                .and_then(Side::of_seat)
                .map(|side| side.to_string()),
            zhanqi_core::ToAct::Chance => Some("chance".to_owned()),
            zhanqi_core::ToAct::Over => None,
        };
        let attacks = match viewer {
            Viewer::Seat(seat) => {
                Side::of_seat(seat).map_or_else(Vec::new, |side| self.attack_previews(side))
            }
            _ => Vec::new(),
        };
        let cards: serde_json::Map<String, Value> = self
            .visible_cards(viewer)
            .into_iter()
            .map(|index| (table.id(index).to_owned(), card_json(table.card(index))))
            .collect();
        let result = self.result.map(|result| {
            json!({
                "winner": result.winner.map(|side| side.to_string()),
                "reason": result.reason.name(),
            })
        });
        let options = &self.rules.options;
        json!({
            "position": self.position_text(viewer),
            "phase": self.phase.name(),
            "active": self.active.to_string(),
            "to_move": to_move,
            "turn": self.turn,
            "turn_limit": options.turn_limit,
            "budget": self.budget(),
            "spent": self.spent,
            "bonus": self.bonus,
            "played": self.played,
            "hand_limit": options.hand_limit,
            "zone_capacity": options.zone_capacity,
            "zones": zones,
            "sides": sides,
            "stack": self.stack_json(),
            "attacks": attacks,
            "cards": cards,
            "result": result,
            "moves": self.turns_begun(),
        })
    }

    /// The events of `action`, played on `self` (the game before it) to give `after`, as
    /// `viewer` may see them: what was played, moved or attacked (with the damage each way),
    /// troops that changed, cards destroyed, cards drawn (by id for their owner only, as a
    /// count for everyone else), cards discarded, a new turn, the end.
    #[must_use]
    pub fn events_ui(&self, action: &Action, after: &Qizhan, viewer: Viewer) -> Vec<Value> {
        let mut out = Vec::new();
        let actor = self.acting_side().map(|side| side.to_string());
        let table = &self.rules.table;
        let id = |card: CardIndex| table.id(card).to_owned();
        match *action {
            Action::Discard(card) => out.push(json!({
                "kind": "discarded", "seat": actor, "cards": [id(card)], "forced": self.phase == Phase::Discard,
            })),
            Action::NoSwap => out.push(json!({"kind": "no_swap", "seat": actor})),
            Action::Swap(card) => out.push(json!({"kind": "swapped", "seat": actor, "card": id(card)})),
            Action::End => out.push(json!({"kind": "ended_turn", "seat": actor})),
            Action::PlayInto(card, zone) => out.push(json!({
                "kind": "played", "seat": actor, "card": id(card), "zone": self.zone_text(zone),
            })),
            Action::PlayOn(card, on) => out.push(json!({
                "kind": "played", "seat": actor, "card": id(card), "on": self.ref_string(on),
            })),
            Action::PlayEvent(card) => {
                out.push(json!({"kind": "played", "seat": actor, "card": id(card)}));
            }
            Action::Move(from, to) => out.push(json!({
                "kind": "moved", "seat": actor, "card": self.ref_string(from),
                "id": self.at(from).map(|c| id(c.card)), "to": self.zone_text(to),
            })),
            Action::Attack(x, y) => {
                let (dealt, countered) = match (self.at(x), self.at(y)) {
                    (Some(attacker), Some(target)) => {
                        self.exchange(x.zone.side, attacker, y.zone.side, target)
                    }
                    _ => (0, 0),
                };
                out.push(json!({
                    "kind": "attacked", "seat": actor,
                    "attacker": self.ref_string(x), "attacker_id": self.at(x).map(|c| id(c.card)),
                    "target": self.ref_string(y), "target_id": self.at(y).map(|c| id(c.card)),
                    "damage": dealt, "counter": countered,
                }));
            }
            Action::TargetCard(card) => out.push(json!({
                "kind": "chose", "seat": actor, "target": self.ref_string(card),
            })),
            Action::TargetZone(zone) | Action::To(zone) => out.push(json!({
                "kind": "chose", "seat": actor, "target": self.zone_text(zone),
            })),
            Action::Revive(card, zone) => out.push(json!({
                "kind": "revived", "seat": actor, "card": id(card), "zone": self.zone_text(zone),
            })),
            Action::Take(card, _) => out.push(json!({
                "kind": "random_discard", "seat": self.pending_discard_side().map(|s| s.to_string()),
                "card": id(card),
            })),
            Action::Concede => {}
        }
        self.board_changes(after, &mut out);
        self.hand_changes(after, viewer, &mut out);
        if after.turn != self.turn || after.active != self.active {
            out.push(json!({"kind": "turn", "seat": after.active.to_string(), "turn": after.turn}));
        }
        if let (Some(result), None) = (after.result, self.result) {
            out.push(json!({
                "kind": "game_over",
                "winner": result.winner.map(|side| side.to_string()),
                "reason": result.reason.name(),
            }));
        }
        for event in &mut out {
            self.name_cards(event);
        }
        out
    }

    /// Adds to an event the names of the cards it mentions by id (`names`: id → `[en, zh]`),
    /// so that a log line can name them before the next table arrives.
    fn name_cards(&self, event: &mut Value) {
        let table = &self.rules.table;
        let mut names = serde_json::Map::new();
        let mut add = |value: &Value| {
            if let Some(index) = value.as_str().and_then(|id| table.index(id)) {
                let card = table.card(index);
                names.insert(card.id.clone(), json!([card.name, card.name_zh]));
            }
        };
        for key in ["card", "id", "attacker_id", "target_id"] {
            if let Some(value) = event.get(key) {
                add(value);
            }
        }
        if let Some(Value::Array(cards)) = event.get("cards") {
            cards.iter().for_each(&mut add);
        }
        if !names.is_empty() {
            event["names"] = Value::Object(names);
        }
    }

    /// How many turns have begun, both sides together: what the room counts as moves.
    fn turns_begun(&self) -> u32 {
        match self.active {
            Side::A => 2 * self.turn.saturating_sub(1) + 1,
            Side::B => 2 * self.turn,
        }
    }

    /// The side whose hand a pending random discard takes from.
    fn pending_discard_side(&self) -> Option<Side> {
        match self.pending_choice() {
            Some(crate::resolve::Choice::Discard(side)) => Some(side),
            _ => None,
        }
    }

    /// Troops that changed and cards that left the board, in board order.
    fn board_changes(&self, after: &Qizhan, out: &mut Vec<Value>) {
        let table = &self.rules.table;
        for side in Side::BOTH {
            for card in &self.sides[side].board {
                let reference = self.ref_string(Qizhan::reference(side, card));
                match after.find(card.entry) {
                    Some((_, now)) if now.troops != card.troops => out.push(json!({
                        "kind": "troops", "card": reference, "id": table.id(card.card),
                        "from": card.troops, "to": now.troops,
                    })),
                    Some(_) => {}
                    None => {
                        let pile = &after.sides[side].exile;
                        let exiled =
                            pile.len() > self.sides[side].exile.len() && pile.contains(&card.card);
                        out.push(json!({
                            "kind": if exiled { "exiled" } else { "destroyed" },
                            "card": reference, "id": table.id(card.card), "seat": side.to_string(),
                        }));
                    }
                }
            }
        }
    }

    /// Cards drawn (ids for their owner and the omniscient viewer, a count for the others) and
    /// cards that went from a hand to a pile (public: the piles show them).
    fn hand_changes(&self, after: &Qizhan, viewer: Viewer, out: &mut Vec<Value>) {
        let table = &self.rules.table;
        for side in Side::BOTH {
            let drawn: Vec<&str> = after.sides[side]
                .hand
                .iter()
                .filter(|card| card.entry > self.seq)
                .map(|card| table.id(card.card))
                .collect();
            if !drawn.is_empty() {
                let mut event =
                    json!({"kind": "drew", "seat": side.to_string(), "count": drawn.len()});
                if sees_hand(viewer, side) {
                    event["cards"] = json!(drawn);
                }
                out.push(event);
            }
        }
    }

    /// The seat of an event that shows a seat's own move.
    #[must_use]
    pub fn event_mover(event: &Value) -> Option<Seat> {
        let kind = event.get("kind")?.as_str()?;
        let moves = [
            "discarded",
            "no_swap",
            "swapped",
            "ended_turn",
            "played",
            "moved",
            "attacked",
            "chose",
            "revived",
        ];
        if !moves.contains(&kind) {
            return None;
        }
        let seat = event.get("seat")?.as_str()?;
        Side::from_letter(seat).map(Side::seat)
    }
}
