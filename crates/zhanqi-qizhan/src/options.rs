//! The options of a game (§3, §12.11): every parameter, custom cards and deck lists, as one
//! serde struct whose `Default` is the standard game; and the compiled [`Rules`] they give.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::board::{BoardGraph, BySide, MAX_ARMS, Side};
use crate::cards::{Card, CardIndex, CardRules, CardSpec, CardTable, Kind, starter_deck};

/// A deck given in the options: a starter faction or a list.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckSpec {
    /// A faction of §10: `azure` or `crimson`.
    Faction(String),
    /// A deck list: ids (one copy each) or card definitions with `copies`.
    List(Vec<DeckEntry>),
}

/// One entry of a deck list.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckEntry {
    /// One copy of a card of the table.
    Id(String),
    /// A card definition, joining the table, with its copies (default 1).
    Card(Box<CardSpec>),
}

/// The decks of the two seats; a seat left out keeps its standard deck.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decks {
    /// Seat A's deck (default `azure`).
    #[serde(rename = "A", default, skip_serializing_if = "Option::is_none")]
    pub a: Option<DeckSpec>,
    /// Seat B's deck (default `crimson`).
    #[serde(rename = "B", default, skip_serializing_if = "Option::is_none")]
    pub b: Option<DeckSpec>,
}

/// Every parameter of §3, plus the custom cards and decks of §12.11.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[allow(missing_docs)]
pub struct QizhanOptions {
    /// Frontier/landing pairs per side (§2.1).
    pub arms: u32,
    /// Link neighbouring frontier zones (§2.1).
    pub frontier_ring: bool,
    /// Moves across sides (§2.8); refused: the notation cannot write it.
    pub cross_side_move: bool,
    /// Main cards per board zone per side; 0 = unlimited.
    pub zone_capacity: u32,
    pub deck_size: u32,
    pub max_copies: u32,
    pub opening_hand: u32,
    pub second_player_extra_cards: u32,
    pub hand_limit: u32,
    pub cost_start: u32,
    pub cost_growth: u32,
    pub cost_max: u32,
    pub building_cost: u32,
    pub min_damage: u32,
    pub destroy_on_zero: bool,
    pub fresh_cards_ready: bool,
    pub base_ap: u32,
    pub base_mp: u32,
    pub swift_mp: u32,
    pub equip_limit: u32,
    /// Both players' completed turns that end the game in a draw; 0 = none.
    pub turn_limit: u32,
    /// Card definitions joining the table; a §10 id replaces that card.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardSpec>,
    /// The seats' decks.
    pub decks: Decks,
}

impl Default for QizhanOptions {
    fn default() -> QizhanOptions {
        QizhanOptions {
            arms: 4,
            frontier_ring: false,
            cross_side_move: false,
            zone_capacity: 3,
            deck_size: 30,
            max_copies: 3,
            opening_hand: 10,
            second_player_extra_cards: 1,
            hand_limit: 12,
            cost_start: 1,
            cost_growth: 1,
            cost_max: 10,
            building_cost: 3,
            min_damage: 1,
            destroy_on_zero: true,
            fresh_cards_ready: false,
            base_ap: 1,
            base_mp: 1,
            swift_mp: 2,
            equip_limit: 2,
            turn_limit: 30,
            cards: Vec::new(),
            decks: Decks::default(),
        }
    }
}

/// The most of a per-card counter (AP, MP, entry numbers stay well inside `u16`/`u32`).
const MAX_POINTS: u32 = 1000;

/// Everything a game reads from its options, compiled once: the board, the card table and
/// the decks as card indices.
#[derive(Clone, PartialEq, Debug)]
pub struct Rules {
    /// The options as given.
    pub options: QizhanOptions,
    /// The board graph.
    pub graph: BoardGraph,
    /// The card table.
    pub table: CardTable,
    /// Each seat's deck, as card indices, in list order.
    pub decks: BySide<Vec<CardIndex>>,
}

impl Rules {
    /// The rules of the standard game, compiled once from the starter deck files: an
    /// immutable table, like any precomputed table, built on first use.
    #[must_use]
    pub fn standard() -> &'static Arc<Rules> {
        static STANDARD: OnceLock<Arc<Rules>> = OnceLock::new();
        STANDARD.get_or_init(|| {
            Arc::new(
                QizhanOptions::default()
                    .compile_anew()
                    .unwrap_or_else(|problems| {
                        panic!("the starter decks are invalid: {problems:?}")
                    }),
            )
        })
    }
}

impl QizhanOptions {
    /// The compiled rules, or every way the options describe no playable game.
    ///
    /// # Errors
    /// Every problem, each one sentence.
    pub fn compile(&self) -> Result<Rules, Vec<String>> {
        if *self == QizhanOptions::default() {
            return Ok(Rules::clone(Rules::standard()));
        }
        self.compile_anew()
    }

    /// The compiled rules, shared: the standard game's are compiled once per process.
    ///
    /// # Errors
    /// Every problem, each one sentence.
    pub fn shared(&self) -> Result<Arc<Rules>, Vec<String>> {
        if *self == QizhanOptions::default() {
            return Ok(Arc::clone(Rules::standard()));
        }
        self.compile_anew().map(Arc::new)
    }

    /// The compiled rules, always built from the card data (what [`QizhanOptions::compile`]
    /// does for anything but the standard game).
    ///
    /// # Errors
    /// Every problem, each one sentence.
    pub fn compile_anew(&self) -> Result<Rules, Vec<String>> {
        let mut problems = Vec::new();
        self.parameter_problems(&mut problems);
        let card_rules = CardRules {
            building_cost: self.building_cost,
        };
        // The table: the starter cards, replaced by `cards`, joined by deck-list definitions.
        let mut specs: Vec<CardSpec> = Vec::new();
        for faction in ["azure", "crimson"] {
            for mut spec in starter_deck(faction).unwrap_or_default() {
                spec.copies = None;
                specs.push(spec);
            }
        }
        let mut defined: Vec<String> = Vec::new();
        let mut define =
            |spec: &CardSpec, specs: &mut Vec<CardSpec>, problems: &mut Vec<String>| {
                if defined.contains(&spec.id) {
                    problems.push(format!(
                        "card {} is defined twice in the options; define each id once",
                        spec.id
                    ));
                    return;
                }
                defined.push(spec.id.clone());
                let mut spec = spec.clone();
                spec.copies = None;
                specs.retain(|s| s.id != spec.id);
                specs.push(spec);
            };
        for spec in &self.cards {
            if spec.copies.is_some() {
                problems.push(format!(
                    "card {}, field copies: copies belong in a deck list, not in cards",
                    spec.id
                ));
            }
            define(spec, &mut specs, &mut problems);
        }
        for deck in [&self.decks.a, &self.decks.b].into_iter().flatten() {
            if let DeckSpec::List(entries) = deck {
                for entry in entries {
                    if let DeckEntry::Card(spec) = entry {
                        define(spec, &mut specs, &mut problems);
                    }
                }
            }
        }
        let mut cards: Vec<Card> = Vec::new();
        for spec in &specs {
            match spec.compile(card_rules) {
                Ok(card) => cards.push(card),
                Err(violations) => problems.extend(violations.iter().map(ToString::to_string)),
            }
        }
        let table = CardTable::new(cards);
        let decks = BySide::from_fn(|side| {
            let (spec, default) = match side {
                Side::A => (&self.decks.a, "azure"),
                Side::B => (&self.decks.b, "crimson"),
            };
            let fallback = DeckSpec::Faction(default.to_owned());
            self.deck_indices(
                side,
                spec.as_ref().unwrap_or(&fallback),
                &table,
                &mut problems,
            )
        });
        if problems.is_empty() {
            Ok(Rules {
                options: self.clone(),
                graph: BoardGraph::new(self.arms as u8, self.frontier_ring),
                table,
                decks,
            })
        } else {
            Err(problems)
        }
    }

    /// The problems of the §3 parameters.
    fn parameter_problems(&self, problems: &mut Vec<String>) {
        if !(1..=MAX_ARMS).contains(&self.arms) {
            problems.push(format!("arms is {}; it must be 1 … {MAX_ARMS}", self.arms));
        }
        if self.cross_side_move {
            problems.push(
                "cross_side_move must be false: the notation cannot write a card in the other \
                 side's zone (§2.8)"
                    .to_owned(),
            );
        }
        for (name, value) in [
            ("deck_size", self.deck_size),
            ("max_copies", self.max_copies),
        ] {
            if value == 0 {
                problems.push(format!("{name} is 0; it must be at least 1"));
            }
        }
        for (name, value) in [
            ("base_ap", self.base_ap),
            ("base_mp", self.base_mp),
            ("swift_mp", self.swift_mp),
            ("min_damage", self.min_damage),
        ] {
            if value > MAX_POINTS {
                problems.push(format!(
                    "{name} is {value}; it must be at most {MAX_POINTS}"
                ));
            }
        }
        if self.opening_hand + self.second_player_extra_cards > self.deck_size {
            problems.push(format!(
                "opening_hand + second_player_extra_cards is {}, more than deck_size {}",
                self.opening_hand + self.second_player_extra_cards,
                self.deck_size
            ));
        }
    }

    /// A seat's deck as card indices, checked against §9; problems are pushed.
    fn deck_indices(
        &self,
        side: Side,
        spec: &DeckSpec,
        table: &CardTable,
        problems: &mut Vec<String>,
    ) -> Vec<CardIndex> {
        let seat = side.letter();
        let mut deck: Vec<CardIndex> = Vec::new();
        let mut add = |id: &str, copies: i64, problems: &mut Vec<String>| match table.index(id) {
            Some(_) if copies < 1 => problems.push(format!(
                "deck {seat}: {id} has copies {copies}; copies is at least 1"
            )),
            Some(index) => {
                for _ in 0..copies.min(1000) {
                    deck.push(index);
                }
            }
            None => problems.push(format!("deck {seat}: {id} is not a card of the table")),
        };
        match spec {
            DeckSpec::Faction(faction) => match starter_deck(faction) {
                Some(specs) => {
                    for card in specs {
                        add(&card.id, card.copies.unwrap_or(1), problems);
                    }
                }
                None => problems.push(format!(
                    "deck {seat}: '{faction}' is not a faction of §10; use \"azure\" or \"crimson\" or a deck list"
                )),
            },
            DeckSpec::List(entries) => {
                for entry in entries {
                    match entry {
                        DeckEntry::Id(id) => add(id, 1, problems),
                        DeckEntry::Card(card) => add(&card.id, card.copies.unwrap_or(1), problems),
                    }
                }
            }
        }
        for problem in deck_violations(&deck, table, self.deck_size, self.max_copies) {
            problems.push(format!("deck {seat}: {problem}"));
        }
        deck
    }
}

/// Every way a deck breaks §9: size, copies, generals and factions.
#[must_use]
pub fn deck_violations(
    deck: &[CardIndex],
    table: &CardTable,
    deck_size: u32,
    max_copies: u32,
) -> Vec<String> {
    let mut problems = Vec::new();
    if deck.len() != deck_size as usize {
        problems.push(format!(
            "it holds {} cards; a deck holds exactly deck_size = {deck_size}",
            deck.len()
        ));
    }
    let mut counted: Vec<CardIndex> = deck.to_vec();
    counted.sort_unstable();
    counted.dedup();
    let mut factions: Vec<&str> = Vec::new();
    for &index in &counted {
        let card = table.card(index);
        let copies = deck.iter().filter(|&&c| c == index).count();
        if card.kind == Kind::General && copies > 1 {
            problems.push(format!(
                "it holds {copies} copies of the general {}; a deck holds at most 1",
                card.id
            ));
        } else if copies > max_copies as usize {
            problems.push(format!(
                "it holds {copies} copies of {}; at most max_copies = {max_copies}",
                card.id
            ));
        }
        if card.faction != "neutral" && !factions.contains(&card.faction.as_str()) {
            factions.push(&card.faction);
        }
    }
    if factions.len() > 1 {
        problems.push(format!(
            "it mixes the factions {}; every card is of the deck's one faction or neutral",
            factions.join(", ")
        ));
    }
    problems
}
