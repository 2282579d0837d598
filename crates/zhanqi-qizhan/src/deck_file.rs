//! A seat's deck as the room's deck editor and `zhanqi deck check` handle it: a deck file is a
//! deck list exactly as the engine's `"decks"` option takes it (§12.11) — a JSON array of card
//! ids, one a copy, and card definitions with their `copies` — or a starter faction's name.
//! It is checked against §9 under a game's parameters and card table, with every violation
//! said in Chinese and English, naming the card and, for a definition, the field.

use std::collections::BTreeMap;

use serde_json::{Value, json};
use zhanqi_core::{GameRng, Reason};

use crate::board::Side;
use crate::cards::{CardIndex, CardRules, CardSpec, CardTable, Kind, STARTER_DECKS, starter_deck};
use crate::options::{DeckEntry, DeckSpec};
use crate::state::Qizhan;
use crate::wording::card_json;

/// One violation, said in both languages: `中文 / English`.
fn both(zh: impl AsRef<str>, en: impl AsRef<str>) -> String {
    format!("{} / {}", zh.as_ref(), en.as_ref())
}

/// One violation: its sentence in both languages, and its reason for a person's screen (cards
/// by their id), which the game's strings say in the page's language.
pub type Fault = (String, Reason);

/// The sentences of faults.
fn sentences(faults: Vec<Fault>) -> Vec<String> {
    faults.into_iter().map(|(sentence, _)| sentence).collect()
}

/// A deck file read: its entries, and the definitions it carries (by id).
struct ReadDeck {
    ids: Vec<String>,
    definitions: BTreeMap<String, CardSpec>,
}

/// Reads a deck file; every problem of its form (not of the rules) is returned.
fn read(text: &str) -> Result<ReadDeck, Vec<Fault>> {
    let spec: DeckSpec = serde_json::from_str(text.trim()).map_err(|error| {
        vec![(
            both(
                format!("牌組檔讀不懂：{error}；應為卡牌編號的 JSON 陣列"),
                format!("the deck file does not read ({error}); write a JSON array of card ids"),
            ),
            Reason::new("deck_unreadable"),
        )]
    })?;
    let mut deck = ReadDeck {
        ids: Vec::new(),
        definitions: BTreeMap::new(),
    };
    let mut problems = Vec::new();
    let entries = match spec {
        DeckSpec::Faction(faction) => match starter_deck(&faction) {
            Some(cards) => cards
                .into_iter()
                .flat_map(|card| {
                    let copies = card.copies.unwrap_or(1).max(0) as usize;
                    std::iter::repeat_n(DeckEntry::Id(card.id), copies)
                })
                .collect(),
            None => {
                return Err(vec![(
                    both(
                        format!("沒有「{faction}」這個陣營的預組牌組；可用 azure 或 crimson"),
                        format!(
                            "there is no starter deck of the faction '{faction}'; use azure or crimson"
                        ),
                    ),
                    Reason::new("no_starter_deck").with("faction", &faction),
                )]);
            }
        },
        DeckSpec::List(entries) => entries,
    };
    for entry in entries {
        match entry {
            DeckEntry::Id(id) => deck.ids.push(id),
            DeckEntry::Card(spec) => {
                let copies = spec.copies.unwrap_or(1);
                if copies < 1 {
                    problems.push((
                        both(
                            format!("卡牌 {} 的 copies 為 {copies}；至少為 1", spec.id),
                            format!(
                                "card {}, field copies: it is {copies}; it must be at least 1",
                                spec.id
                            ),
                        ),
                        Reason::new("copies_below_one")
                            .with("card", &spec.id)
                            .with("copies", copies),
                    ));
                }
                let copies = copies.clamp(0, 1000) as usize;
                deck.ids
                    .extend(std::iter::repeat_n(spec.id.clone(), copies));
                if deck.definitions.contains_key(&spec.id) {
                    problems.push((
                        both(
                            format!("卡牌 {} 在牌組中定義了兩次；每個編號只定義一次", spec.id),
                            format!(
                                "card {} is defined twice in the deck; define each id once",
                                spec.id
                            ),
                        ),
                        Reason::new("defined_twice").with("card", &spec.id),
                    ));
                }
                let mut spec = *spec;
                spec.copies = None;
                deck.definitions.insert(spec.id.clone(), spec);
            }
        }
    }
    if problems.is_empty() {
        Ok(deck)
    } else {
        Err(problems)
    }
}

impl Qizhan {
    /// The card table a deck is checked against: this game's, with the deck's own
    /// definitions joined (a definition with a table id replaces that card), and every
    /// violation of a definition (such a definition is left out of the table).
    fn table_with(&self, deck: &ReadDeck) -> (CardTable, Vec<Fault>) {
        let rules = CardRules {
            building_cost: self.rules.options.building_cost,
        };
        let mut problems = Vec::new();
        let mut cards = Vec::new();
        for index in 0..self.rules.table.len() as CardIndex {
            let card = self.rules.table.card(index);
            if !deck.definitions.contains_key(&card.id) {
                cards.push(card.clone());
            }
        }
        for spec in deck.definitions.values() {
            match spec.compile(rules) {
                Ok(card) => cards.push(card),
                Err(violations) => problems.extend(violations.into_iter().map(|violation| {
                    (
                        both(
                            // The detail is English (the engine protocol's words); the
                            // Chinese sentence names the card and field alone.
                            format!(
                                "卡牌 {} 的欄位 {} 不合規則",
                                violation.card, violation.field
                            ),
                            format!(
                                "card {}, field {}: {}",
                                violation.card, violation.field, violation.message
                            ),
                        ),
                        Reason::new("card_definition")
                            .with("card", &violation.card)
                            .with("field", &violation.field),
                    )
                })),
            }
        }
        (CardTable::new(cards), problems)
    }

    /// Every way a deck file breaks the deck rules of this game (§9), or the deck as card
    /// indices of the table it was checked against.
    fn deck_problems(&self, deck: &ReadDeck, table: &CardTable) -> Vec<Fault> {
        let options = &self.rules.options;
        let mut problems = Vec::new();
        let mut indices: Vec<CardIndex> = Vec::with_capacity(deck.ids.len());
        for id in &deck.ids {
            match table.index(id) {
                Some(index) => indices.push(index),
                // A definition at fault is reported with its fields.
                None if deck.definitions.contains_key(id) => {}
                None => problems.push((
                    both(
                        format!("卡牌 {id} 不在本局的卡表中"),
                        format!("card {id} is not in this game's card table"),
                    ),
                    Reason::new("not_in_table").with("card", id),
                )),
            }
        }
        problems.dedup();
        if deck.ids.len() != options.deck_size as usize {
            problems.push((
                both(
                    format!(
                        "牌組有 {} 張牌；須恰好 {} 張",
                        deck.ids.len(),
                        options.deck_size
                    ),
                    format!(
                        "the deck holds {} cards; it must hold exactly {}",
                        deck.ids.len(),
                        options.deck_size
                    ),
                ),
                Reason::new("deck_size")
                    .with("found", deck.ids.len())
                    .with("size", options.deck_size),
            ));
        }
        let mut counted = indices.clone();
        counted.sort_unstable();
        counted.dedup();
        let mut factions: Vec<&str> = Vec::new();
        for &index in &counted {
            let card = table.card(index);
            let copies = indices.iter().filter(|&&c| c == index).count();
            if card.kind == Kind::General && copies > 1 {
                problems.push((
                    both(
                        format!("將領 {} 有 {copies} 張；將領至多 1 張", card.id),
                        format!(
                            "the general {} has {copies} copies; a deck holds at most 1",
                            card.id
                        ),
                    ),
                    Reason::new("general_copies")
                        .with("card", &card.id)
                        .with("copies", copies),
                ));
            } else if copies > options.max_copies as usize {
                problems.push((
                    both(
                        format!(
                            "卡牌 {} 有 {copies} 張；每種至多 {} 張",
                            card.id, options.max_copies
                        ),
                        format!(
                            "card {} has {copies} copies; a deck holds at most {}",
                            card.id, options.max_copies
                        ),
                    ),
                    Reason::new("too_many_copies")
                        .with("card", &card.id)
                        .with("copies", copies)
                        .with("max", options.max_copies),
                ));
            }
            if card.faction != "neutral" && !factions.contains(&card.faction.as_str()) {
                factions.push(&card.faction);
            }
        }
        if factions.len() > 1 {
            problems.push((
                both(
                    format!(
                        "牌組混用了陣營 {}；只能用一個陣營加中立卡",
                        factions.join("、")
                    ),
                    format!(
                        "the deck mixes the factions {}; use one faction and neutral cards",
                        factions.join(", ")
                    ),
                ),
                // The first faction sets the deck's; the next is the one that does not fit.
                Reason::new("mixed_factions").with("faction", factions[1]),
            ));
        }
        problems
    }

    /// A deck file checked against every rule of this game, in canonical form: a JSON array,
    /// sorted by id, one id a copy, the deck's own definitions written once each with their
    /// copies.
    ///
    /// # Errors
    /// Every violation, each one sentence in Chinese and English.
    pub fn check_deck(&self, text: &str) -> Result<String, Vec<String>> {
        self.check_deck_faults(text).map_err(sentences)
    }

    /// [`Qizhan::check_deck`], each violation with its reason for a person's screen.
    ///
    /// # Errors
    /// Every violation.
    pub fn check_deck_faults(&self, text: &str) -> Result<String, Vec<Fault>> {
        let deck = read(text)?;
        let (table, mut problems) = self.table_with(&deck);
        problems.extend(self.deck_problems(&deck, &table));
        if !problems.is_empty() {
            return Err(problems);
        }
        let canonical = canonical(&deck);
        // The engine's own check, under the same options, has the last word.
        let mut options = self.rules.options.clone();
        options.decks.a = Some(
            serde_json::from_str(&canonical)
                .map_err(|e| vec![(e.to_string(), Reason::new("deck_unreadable"))])?,
        );
        options.compile_anew().map_err(|problems| {
            problems
                .into_iter()
                .map(|problem| {
                    (
                        both(format!("牌組不合規：{problem}"), problem),
                        Reason::new("deck_breaks_rules"),
                    )
                })
                .collect::<Vec<_>>()
        })?;
        Ok(canonical)
    }

    /// A legal deck for this game: a starter deck drawn at random if it is legal under the
    /// options, else a random deck of that faction's and neutral cards within §9.
    ///
    /// # Errors
    /// If no faction of the table can make a legal deck under the options.
    pub fn random_deck(&self, rng: &mut GameRng) -> Result<String, Vec<Fault>> {
        let first = rng.below(STARTER_DECKS.len());
        let mut problems = Vec::new();
        for offset in 0..STARTER_DECKS.len() {
            let (faction, _) = STARTER_DECKS[(first + offset) % STARTER_DECKS.len()];
            match self.check_deck_faults(&json!(faction).to_string()) {
                Ok(deck) => return Ok(deck),
                Err(found) => problems.extend(found),
            }
            if let Some(deck) = self.random_faction_deck(faction, rng) {
                return Ok(deck);
            }
        }
        Err(problems)
    }

    /// A random deck of `faction`'s and neutral cards of the table within §9, if one is legal.
    fn random_faction_deck(&self, faction: &str, rng: &mut GameRng) -> Option<String> {
        let options = &self.rules.options;
        let table = &self.rules.table;
        let mut pool: Vec<CardIndex> = Vec::new();
        for index in 0..table.len() as CardIndex {
            let card = table.card(index);
            if card.faction != faction && card.faction != "neutral" {
                continue;
            }
            let copies = if card.kind == Kind::General {
                1
            } else {
                options.max_copies as usize
            };
            pool.extend(std::iter::repeat_n(
                index,
                copies.min(options.deck_size as usize),
            ));
        }
        if pool.len() < options.deck_size as usize {
            return None;
        }
        rng.shuffle(&mut pool);
        pool.truncate(options.deck_size as usize);
        let ids: Vec<&str> = pool.iter().map(|&index| table.id(index)).collect();
        self.check_deck(&json!(ids).to_string()).ok()
    }

    /// The options a game takes for these seats' deck files: `{"decks": {"A": …, "B": …}}`,
    /// a seat not given keeping the deck of this game's options.
    ///
    /// # Errors
    /// The first seat whose deck is refused, with every violation.
    pub fn deck_options(&self, decks: &[(Side, &str)]) -> Result<Value, (Side, Vec<Fault>)> {
        let mut by_seat = serde_json::Map::new();
        let current = &self.rules.options.decks;
        for (side, spec) in [(Side::A, &current.a), (Side::B, &current.b)] {
            if let Some(spec) = spec {
                by_seat.insert(side.to_string(), json!(spec));
            }
        }
        for &(side, text) in decks {
            let canonical = self
                .check_deck_faults(text)
                .map_err(|problems| (side, problems))?;
            let list: Value = serde_json::from_str(&canonical).unwrap_or(Value::Null);
            by_seat.insert(side.to_string(), list);
        }
        Ok(json!({"decks": by_seat}))
    }

    /// A deck file as the editor draws it: its cards (by id, with copies, as far as it reads)
    /// and the whole card table to build from, with the deck rules' numbers.
    ///
    /// # Errors
    /// If the file does not read.
    pub fn deck_view(&self, text: &str) -> Result<Value, Vec<Fault>> {
        let deck = read(text)?;
        let mut copies: BTreeMap<&str, usize> = BTreeMap::new();
        for id in &deck.ids {
            *copies.entry(id.as_str()).or_default() += 1;
        }
        let (table, _) = self.table_with(&deck);
        let catalogue: Vec<Value> = (0..table.len() as CardIndex)
            .map(|index| card_json(table.card(index)))
            .collect();
        let cards: Vec<Value> = copies
            .iter()
            .map(|(id, copies)| json!({"id": id, "copies": copies}))
            .collect();
        let options = &self.rules.options;
        Ok(json!({
            "layout": text,
            "cards": cards,
            "catalogue": catalogue,
            "deck_size": options.deck_size,
            "max_copies": options.max_copies,
            "factions": STARTER_DECKS.iter().map(|(faction, _)| *faction).collect::<Vec<_>>(),
        }))
    }
}

/// The canonical text of a deck read: ids sorted, one a copy; a definition written once in
/// place of its copies' ids, with `copies`.
fn canonical(deck: &ReadDeck) -> String {
    let mut ids: Vec<&str> = deck.ids.iter().map(String::as_str).collect();
    ids.sort_unstable();
    let mut entries: Vec<Value> = Vec::with_capacity(ids.len());
    let mut at = 0;
    while at < ids.len() {
        let id = ids[at];
        let run = ids[at..].iter().take_while(|&&other| other == id).count();
        match deck.definitions.get(id) {
            Some(spec) => {
                let mut spec = spec.clone();
                spec.copies = Some(run as i64);
                entries.push(json!(spec));
            }
            None => entries.extend(std::iter::repeat_n(json!(id), run)),
        }
        at += run;
    }
    Value::Array(entries).to_string()
}
