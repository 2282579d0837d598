//! A seat's deck as the room's deck editor and `zhanqi deck check --game tiehuo` handle it: a
//! deck file is a seat's value of the engine's `decks` option (§17.11) — a default deck's name
//! (`"germany"`, `"ussr"`) or a JSON array of card ids, one a copy — and, beside the ids, the
//! tanks built with the card builder (§14) as card definitions (§2 keys, a `builder` recipe and
//! `copies`). It is checked against every rule a deck meets before play (5.0, 6.1, the §14
//! recipe of a built card), each violation one sentence in Chinese and English naming the card
//! and, for a definition, the field.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use zhanqi_core::Reason;

use crate::builder::{BuilderGroup, Recipe, build, groups};
use crate::cards::{Ability, AbilitySet, AttackOption, Card, CardKind, Category};
use crate::catalog::{CV_BASE, CV_SCALE, CardIndex, Catalog};
use crate::options::DeckChoice;
use crate::state::{Environment, Tiehuo};
use crate::ui::CardFace;

/// One violation: its sentence in both languages (`中文 / English`), and its typed reason for a
/// person's screen, which the game's strings say in the page's language.
pub type Fault = (String, Reason);

fn both(zh: impl AsRef<str>, en: impl AsRef<str>) -> String {
    format!("{} / {}", zh.as_ref(), en.as_ref())
}

/// A tank built with the card builder, as a deck file defines it (§2.1 keys, §14 recipe).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuiltCard {
    /// Its id, `[A-Z][A-Z0-9]*`, not an id of the default decks.
    pub id: String,
    /// English name.
    pub name: String,
    /// Chinese name.
    pub name_zh: String,
    /// 国籍.
    #[serde(default)]
    pub nationality: String,
    /// Always `armour`: the builder makes armour cards (§14).
    pub category: String,
    /// The §14 recipe that sets its combat value and logistics.
    pub builder: Recipe,
    /// Its combat value; filled in from the recipe when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cv: Option<u16>,
    /// Its logistics; filled in from the recipe when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logistics: Option<u16>,
    /// Attack options in the table notation of §2.2 (`AP: vs arm 2~3`).
    pub attacks: Vec<String>,
    /// Abilities: `{ "ability": "field_repair", "mode": "latent" }`.
    #[serde(default)]
    pub abilities: Vec<BuiltAbility>,
    /// How many copies the deck holds (1 when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies: Option<u16>,
}

/// An ability listed on a built card.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuiltAbility {
    /// The ability's id (§13).
    pub ability: String,
    /// `innate` or `latent`.
    pub mode: String,
}

/// A deck file read: the catalog's cards it holds (one a copy, sorted) and its built cards.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DeckList {
    /// The default deck's name, when the file is one.
    pub named: Option<String>,
    /// Cards of the catalog, one a copy, sorted.
    pub cards: Vec<CardIndex>,
    /// Built cards, with their numbers filled in.
    pub built: Vec<BuiltCard>,
}

/// One card the editor lists: its face, and whether it is banned in this game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CatalogCard {
    /// The printed face.
    #[serde(flatten)]
    pub face: CardFace,
    /// Listed in `banned_cards`: it may be in the deck but is never deployed.
    pub banned: bool,
}

/// A built card as the editor shows it: the definition and the builder's figures.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BuiltUi {
    /// The definition as the deck file holds it.
    pub card: BuiltCard,
    /// The combat points `P` as a decimal (`2.5`), when the recipe builds.
    pub points: Option<String>,
}

/// The deck being arranged, as the deck editor draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DeckUi {
    /// `deck`, telling it apart from the deployment editor's view.
    pub kind: &'static str,
    /// The deck file as given.
    pub layout: String,
    /// Every card of the card table.
    pub catalog: Vec<CatalogCard>,
    /// The default decks a deck may start from, by name.
    pub starters: Vec<&'static str>,
    /// The catalog's cards of the deck: id and copies, by id.
    pub cards: Vec<(String, usize)>,
    /// The deck's built cards.
    pub built: Vec<BuiltUi>,
    /// How many cards the deck holds, every class counted.
    pub count: usize,
    /// The fewest cards the game's mode allows (5.0).
    pub min: u32,
    /// The lowest logistics `L` a player can roll.
    pub lowest_l: i32,
    /// The fewest participants of a focus fire (§9), for the editor's note.
    pub focus_min: u32,
    /// The card builder's groups (§14).
    pub builder: Vec<BuilderGroup>,
    /// `cv = floor(cv_base + cv_scale × P + 0.5)`.
    pub cv_base: i32,
    /// See `cv_base`.
    pub cv_scale: i32,
    /// Every rule the deck breaks now, in both languages.
    pub violations: Vec<String>,
    /// The same, as typed reasons.
    pub reasons: Vec<Reason>,
}

fn valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

fn field_fault(id: &str, field: &str, detail: &str) -> Fault {
    (
        both(
            format!("牌 {id} 的 {field} 字段有误：{detail}"),
            format!("card {id}, field {field}: {detail}"),
        ),
        // `part`, not `field`: the page says a part of a card in its own words (`part_cv`).
        Reason::new("definition_fault")
            .with("card", id)
            .with("part", field)
            .with("detail", detail),
    )
}

fn defined_twice(id: &str) -> Fault {
    (
        both(
            format!("牌 {id} 定义了两次；每个编号只定义一次"),
            format!("card {id} is defined twice; define each id once"),
        ),
        Reason::new("defined_twice").with("card", id),
    )
}

fn defined_by_both_seats(id: &str) -> Fault {
    (
        both(
            format!("对方也定义了编号为 {id} 的牌，且与你的不同；请给你的牌换一个编号"),
            format!(
                "the other seat defines a different card with the id {id}; give yours another id"
            ),
        ),
        Reason::new("defined_by_both_seats").with("card", id),
    )
}

/// The catalog of a game whose options define `built_cards`: the §15 cards and these, each
/// checked as a deck file's built card is (every violation one sentence in both languages,
/// naming the card and the field). Without built cards, the one shared §15 catalog.
///
/// # Errors
/// Every fault of every definition, an id defined twice, and a `copies` (the options' `decks`
/// give the copies).
pub(crate) fn built_catalog(definitions: &[BuiltCard]) -> Result<Arc<Catalog>, Vec<String>> {
    let standard = Catalog::shared_standard();
    if definitions.is_empty() {
        return Ok(Arc::clone(standard));
    }
    let mut faults = Vec::new();
    let mut cards = Vec::new();
    for (index, definition) in definitions.iter().enumerate() {
        let mut built = definition.clone();
        if definitions[..index]
            .iter()
            .any(|earlier| earlier.id == built.id)
        {
            faults.push(defined_twice(&built.id));
        }
        if built.copies.is_some() {
            faults.push(field_fault(
                &built.id,
                "copies",
                "in the options, decks lists a card once a copy: leave copies out",
            ));
        }
        check_built(&mut built, standard, &mut faults);
        cards.push(built.card());
    }
    if !faults.is_empty() {
        return Err(faults.into_iter().map(|(sentence, _)| sentence).collect());
    }
    standard.with_cards(cards).map(Arc::new)
}

impl BuiltCard {
    /// The card a checked definition makes, its numbers filled in by [`check_built`].
    fn card(&self) -> Card {
        let attacks = self
            .attacks
            .iter()
            .filter_map(|text| AttackOption::parse(text).ok())
            .collect();
        let (mut innate, mut latent) = (AbilitySet::default(), AbilitySet::default());
        for entry in &self.abilities {
            let Some(ability) = Ability::from_id(&entry.ability) else {
                continue;
            };
            if entry.mode == "innate" {
                innate.insert(ability);
            } else {
                latent.insert(ability);
            }
        }
        Card {
            id: self.id.clone(),
            name: self.name.clone(),
            name_zh: self.name_zh.clone(),
            nationality: self.nationality.clone(),
            logistics: self.logistics.unwrap_or(0),
            kind: CardKind::Battle {
                category: Category::Armour,
                cv: self.cv.unwrap_or(0),
                attacks,
                innate,
                latent,
            },
        }
    }

    /// The definition as the options' `built_cards` hold it: the same card, without copies.
    fn definition(&self) -> BuiltCard {
        BuiltCard {
            copies: None,
            ..self.clone()
        }
    }
}

/// Checks a built card's fields and fills in its numbers from its recipe.
fn check_built(built: &mut BuiltCard, catalog: &Catalog, faults: &mut Vec<Fault>) {
    let id = built.id.clone();
    if !valid_id(&id) {
        faults.push(field_fault(
            &id,
            "id",
            "an id is a capital letter followed by capitals and digits, as XT01",
        ));
    } else if catalog.index_of(&id).is_some() {
        faults.push((
            both(
                format!("牌 {id} 的编号已被默认套牌使用；请换一个编号"),
                format!("card {id}: a card of the default decks has this id; give it another"),
            ),
            Reason::new("id_taken").with("card", &id),
        ));
    }
    for (field, value) in [("name", &built.name), ("name_zh", &built.name_zh)] {
        if value.trim().is_empty() {
            faults.push(field_fault(&id, field, "the card needs a name"));
        }
    }
    if built.category != Category::Armour.name() {
        faults.push(field_fault(
            &id,
            "category",
            "the card builder makes armour cards: write armour",
        ));
    }
    if built.copies == Some(0) {
        faults.push(field_fault(&id, "copies", "a deck holds at least 1 copy"));
    }
    if built.attacks.is_empty() {
        faults.push(field_fault(&id, "attacks", "a battle card needs an attack"));
    }
    for text in &built.attacks {
        if let Err(problems) = AttackOption::parse(text) {
            for problem in problems {
                faults.push(field_fault(&id, "attacks", &problem));
            }
        }
    }
    for (index, entry) in built.abilities.iter().enumerate() {
        if Ability::from_id(&entry.ability).is_none() {
            faults.push(field_fault(
                &id,
                "abilities",
                &format!("{} is not an ability of the game", entry.ability),
            ));
        } else if built.abilities[..index]
            .iter()
            .any(|earlier| earlier.ability == entry.ability)
        {
            faults.push(field_fault(
                &id,
                "abilities",
                &format!("{} is listed twice", entry.ability),
            ));
        }
        if entry.mode != "innate" && entry.mode != "latent" {
            faults.push(field_fault(
                &id,
                "abilities",
                &format!("the mode of {} is innate or latent", entry.ability),
            ));
        }
    }
    match build(&built.builder, CV_BASE, CV_SCALE) {
        Ok(numbers) => {
            for (field, given, made) in [
                ("cv", built.cv, numbers.cv),
                ("logistics", built.logistics, numbers.logistics),
            ] {
                if given.is_some_and(|given| given != made) {
                    faults.push(field_fault(
                        &id,
                        field,
                        &format!("the recipe gives {made}, not {}", given.unwrap_or(0)),
                    ));
                }
            }
            built.cv = Some(numbers.cv);
            built.logistics = Some(numbers.logistics);
        }
        Err(problems) => {
            for problem in problems {
                faults.push(field_fault(&id, "builder", &problem));
            }
        }
    }
}

/// Reads a deck file: its cards, or every problem of its form and of its built cards.
///
/// # Errors
/// A file that does not read, unknown ids and default-deck names, and every fault of a built
/// card.
pub fn read_deck(text: &str, catalog: &Catalog) -> Result<DeckList, Vec<Fault>> {
    let unreadable = || {
        vec![(
            both(
                "套牌文件读不懂：应为默认套牌名（germany 或 ussr），或牌编号的 JSON 数组",
                "the deck file does not read: write a default deck's name (germany or ussr) or a JSON array of card ids",
            ),
            Reason::new("deck_unreadable"),
        )]
    };
    let value: Value = serde_json::from_str(text.trim()).map_err(|_| unreadable())?;
    let mut deck = DeckList::default();
    let mut faults = Vec::new();
    match value {
        Value::String(name) => match catalog.deck(&name) {
            Some(cards) => {
                deck.cards = cards.to_vec();
                deck.named = Some(name);
            }
            None => faults.push((
                both(
                    format!("没有名为「{name}」的默认套牌；可用 germany 或 ussr"),
                    format!("there is no default deck named '{name}'; use germany or ussr"),
                ),
                Reason::new("no_starter_deck").with("deck", &name),
            )),
        },
        Value::Array(entries) => {
            for entry in entries {
                read_entry(entry, catalog, &mut deck, &mut faults);
            }
        }
        _ => return Err(unreadable()),
    }
    deck.cards.sort_unstable();
    deck.built.sort_by(|a, b| a.id.cmp(&b.id));
    if faults.is_empty() {
        Ok(deck)
    } else {
        Err(faults)
    }
}

fn read_entry(entry: Value, catalog: &Catalog, deck: &mut DeckList, faults: &mut Vec<Fault>) {
    match entry {
        Value::String(id) => match catalog.index_of(&id) {
            Some(index) => deck.cards.push(index),
            None if deck.built.iter().any(|built| built.id == id) => {
                if let Some(built) = deck.built.iter_mut().find(|built| built.id == id) {
                    built.copies = Some(built.copies.unwrap_or(1).saturating_add(1));
                }
            }
            None => faults.push((
                both(
                    format!("「{id}」不是本游戏的牌"),
                    format!("'{id}' is no card of this game"),
                ),
                Reason::new("unknown_card").with("card", &id),
            )),
        },
        Value::Object(fields) => {
            let id = fields
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_owned();
            match serde_json::from_value::<BuiltCard>(Value::Object(fields)) {
                Ok(mut built) => {
                    if deck.built.iter().any(|earlier| earlier.id == built.id) {
                        faults.push(defined_twice(&id));
                    }
                    check_built(&mut built, catalog, faults);
                    deck.built.push(built);
                }
                Err(error) => faults.push(field_fault(&id, "definition", &error.to_string())),
            }
        }
        _ => faults.push((
            both(
                "套牌中的每一项应为牌编号或牌的定义",
                "each entry of a deck is a card id or a card definition",
            ),
            Reason::new("deck_unreadable"),
        )),
    }
}

impl DeckList {
    /// How many cards the deck holds, every class and copy counted.
    #[must_use]
    pub fn count(&self) -> usize {
        self.cards.len()
            + self
                .built
                .iter()
                .map(|built| usize::from(built.copies.unwrap_or(1)))
                .sum::<usize>()
    }

    /// The deck in canonical form: a default deck by its name; otherwise the ids sorted, one a
    /// copy, then the built cards by id, their numbers filled in.
    #[must_use]
    pub fn text(&self, catalog: &Catalog) -> String {
        if let Some(name) = &self.named {
            return Value::String(name.clone()).to_string();
        }
        let mut entries: Vec<Value> = self
            .cards
            .iter()
            .map(|&index| Value::String(catalog.card(index).id.clone()))
            .collect();
        entries.extend(self.built.iter().map(|built| json!(built)));
        Value::Array(entries).to_string()
    }

    /// The deck as the engine's `decks` option takes a seat's deck.
    fn choice(&self, catalog: &Catalog) -> DeckChoice {
        match &self.named {
            Some(name) => DeckChoice::Named(name.clone()),
            None => {
                let mut ids: Vec<String> = self
                    .cards
                    .iter()
                    .map(|&index| catalog.card(index).id.clone())
                    .collect();
                for built in &self.built {
                    let copies = usize::from(built.copies.unwrap_or(1));
                    ids.extend(std::iter::repeat_n(built.id.clone(), copies));
                }
                DeckChoice::Cards(ids)
            }
        }
    }
}

impl Tiehuo {
    /// The lowest logistics a player can roll with these options (every die a 1).
    fn lowest_l(&self) -> i32 {
        self.options.logistics_base + self.options.logistics_dice as i32
    }

    /// Every rule a deck read breaks in this game: its size (5.0), a battle card to deploy
    /// (6.1 a, b) that fits within the lowest logistics a player can roll in any environment
    /// (6.1 c). The faults of the built cards themselves are found as the file is read.
    #[must_use]
    pub fn deck_faults(&self, deck: &DeckList) -> Vec<Fault> {
        let mut faults = Vec::new();
        let (count, min) = (deck.count(), self.options.deck_min());
        if (count as u32) < min {
            faults.push((
                both(
                    format!("套牌有 {count} 张牌，本模式至少需要 {min} 张"),
                    format!("the deck holds {count} cards; this mode needs at least {min}"),
                ),
                Reason::new("deck_too_small")
                    .with("count", count)
                    .with("min", min),
            ));
        }
        // Each card that may be deployed, with the logistics it needs in the worst environment.
        let worst_logistics = |logistics: u16, category: Category| {
            let delta = [
                Environment::Normal,
                Environment::Mountain,
                Environment::City,
            ]
            .into_iter()
            .map(|env| env.logistics_delta(category))
            .max()
            .unwrap_or(0);
            i32::from(logistics) + delta
        };
        let mut deployable: Vec<(&str, i32)> = Vec::new();
        for &index in &deck.cards {
            let this = self.card(index);
            if let Some(category) = this.category()
                && !self.is_banned(index)
            {
                deployable.push((&this.id, worst_logistics(this.logistics, category)));
            }
        }
        for built in &deck.built {
            let logistics = built.logistics.unwrap_or(0);
            deployable.push((&built.id, worst_logistics(logistics, Category::Armour)));
        }
        let lowest = self.lowest_l();
        match deployable.iter().min_by_key(|(_, needed)| *needed) {
            None => faults.push((
                both(
                    "套牌中没有可以出战的作战牌（禁用的牌不能出战）",
                    "the deck holds no battle card that may be deployed (banned cards may not)",
                ),
                Reason::new("no_deployable_card"),
            )),
            Some(&(id, needed)) if needed > lowest => faults.push((
                both(
                    format!(
                        "最便宜的作战牌 {id} 需要后勤 {needed}，高于可能掷出的最低后勤 {lowest}"
                    ),
                    format!(
                        "the cheapest battle card, {id}, needs logistics {needed}, above the lowest logistics a player can roll, {lowest}"
                    ),
                ),
                Reason::new("never_fits")
                    .with("card", id)
                    .with("needed", needed)
                    .with("lowest", lowest),
            )),
            Some(_) => {}
        }
        faults
    }

    /// A deck file checked against every rule, in canonical form, or every violation.
    ///
    /// # Errors
    /// Every violation, each a sentence in both languages with its typed reason.
    pub fn check_deck(&self, text: &str) -> Result<String, Vec<Fault>> {
        self.checked_deck(text)
            .map(|deck| deck.text(self.catalog()))
    }

    /// The default deck a seat starts from (seat 1 `germany`, seat 2 `ussr`, as the options
    /// give them when left out), as a deck file.
    #[must_use]
    pub fn default_deck(&self, seat_index: usize) -> String {
        let choice = if seat_index == 0 {
            &self.options.decks.seat1
        } else {
            &self.options.decks.seat2
        };
        serde_json::to_string(choice).unwrap_or_default()
    }

    /// The seats' decks as the options' `decks`, with the tanks they build as the options'
    /// `built_cards` (the seats not given keep this game's decks; this game's built cards stay).
    ///
    /// # Errors
    /// Every violation of a deck, naming the seat, and a card id the two seats define
    /// differently.
    pub fn deck_options(&self, decks: &[(usize, &str)]) -> Result<Value, Vec<Fault>> {
        let mut chosen = self.options.decks.clone();
        let mut built_cards = self.options.built_cards.clone();
        let mut faults = Vec::new();
        for &(seat_index, text) in decks {
            let seat = seat_index + 1;
            let in_seat = |(sentence, reason): Fault| {
                let (zh, en) = sentence.split_once(" / ").unwrap_or((&sentence, &sentence));
                (
                    both(format!("座位 {seat}：{zh}"), format!("seat {seat}: {en}")),
                    reason.with("seat", seat),
                )
            };
            let deck = match self.checked_deck(text) {
                Ok(deck) => deck,
                Err(found) => {
                    faults.extend(found.into_iter().map(in_seat));
                    continue;
                }
            };
            for built in &deck.built {
                let definition = built.definition();
                match built_cards.iter().find(|earlier| earlier.id == built.id) {
                    None => built_cards.push(definition),
                    Some(earlier) if *earlier == definition => {}
                    Some(_) => faults.push(in_seat(defined_by_both_seats(&built.id))),
                }
            }
            if seat_index == 0 {
                chosen.seat1 = deck.choice(self.catalog());
            } else {
                chosen.seat2 = deck.choice(self.catalog());
            }
        }
        if !faults.is_empty() {
            return Err(faults);
        }
        if built_cards.is_empty() {
            Ok(json!({ "decks": chosen }))
        } else {
            Ok(json!({ "decks": chosen, "built_cards": built_cards }))
        }
    }

    /// A deck file read and meeting every rule of this game.
    fn checked_deck(&self, text: &str) -> Result<DeckList, Vec<Fault>> {
        let deck = read_deck(text, self.catalog())?;
        let faults = self.deck_faults(&deck);
        if faults.is_empty() {
            Ok(deck)
        } else {
            Err(faults)
        }
    }

    /// The deck editor's view of a deck file (legality not required, every violation listed).
    ///
    /// # Errors
    /// If the file does not read at all.
    pub fn deck_ui(&self, text: &str) -> Result<DeckUi, Vec<Fault>> {
        let (deck, mut faults) = match read_deck(text, self.catalog()) {
            Ok(deck) => (deck, Vec::new()),
            Err(faults) => {
                // The file's own faults, and the cards that did read, so the editor still shows
                // what it can.
                let readable = lenient(text, self.catalog()).ok_or_else(|| faults.clone())?;
                (readable, faults)
            }
        };
        faults.extend(self.deck_faults(&deck));
        let catalog = self.catalog();
        let mut cards: Vec<(String, usize)> = Vec::new();
        for &index in &deck.cards {
            let id = &catalog.card(index).id;
            match cards.last_mut() {
                Some((last, copies)) if last == id => *copies += 1,
                _ => cards.push((id.clone(), 1)),
            }
        }
        let built = deck
            .built
            .iter()
            .map(|card| BuiltUi {
                points: build(&card.builder, CV_BASE, CV_SCALE)
                    .ok()
                    .map(|numbers| numbers.points_text()),
                card: card.clone(),
            })
            .collect();
        Ok(DeckUi {
            kind: "deck",
            layout: text.to_owned(),
            catalog: (0..catalog.cards.len() as CardIndex)
                .map(|index| CatalogCard {
                    face: self.card_face(index),
                    banned: self.is_banned(index),
                })
                .collect(),
            starters: vec!["germany", "ussr"],
            cards,
            built,
            count: deck.count(),
            min: self.options.deck_min(),
            lowest_l: self.lowest_l(),
            focus_min: self.options.focus_min_participants,
            builder: groups(),
            cv_base: CV_BASE,
            cv_scale: CV_SCALE,
            violations: faults
                .iter()
                .map(|(sentence, _)| sentence.clone())
                .collect(),
            reasons: faults.into_iter().map(|(_, reason)| reason).collect(),
        })
    }
}

/// The entries of a deck file that read, skipping the rest (for the editor's view of a broken
/// file); `None` when the file is no JSON array or name at all.
fn lenient(text: &str, catalog: &Catalog) -> Option<DeckList> {
    match serde_json::from_str::<Value>(text.trim()).ok()? {
        Value::Array(entries) => {
            let mut deck = DeckList::default();
            for entry in entries {
                read_entry(entry, catalog, &mut deck, &mut Vec::new());
            }
            deck.cards.sort_unstable();
            Some(deck)
        }
        Value::String(_) => Some(DeckList::default()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::TiehuoOptions;
    use zhanqi_core::Game;

    fn game() -> Tiehuo {
        Tiehuo::new(&TiehuoOptions::default(), 1).unwrap()
    }

    #[test]
    fn the_builder_groups_give_the_numbers_of_build() {
        let groups = groups();
        let primaries = |name: &str| {
            groups
                .iter()
                .find(|group| group.group == name)
                .unwrap()
                .primaries
                .clone()
        };
        let addons = groups
            .iter()
            .find(|g| g.group == "armour")
            .unwrap()
            .addons
            .clone();
        for engine in primaries("engine") {
            for chassis in primaries("chassis") {
                for suspension in primaries("suspension") {
                    for transmission in primaries("transmission") {
                        for armour in primaries("armour") {
                            for mask in 0..(1u32 << addons.len()) {
                                let fitted: Vec<_> = addons
                                    .iter()
                                    .enumerate()
                                    .filter(|(bit, _)| mask & (1 << bit) != 0)
                                    .map(|(_, option)| *option)
                                    .collect();
                                let recipe = Recipe {
                                    engine: engine.id.to_owned(),
                                    chassis: chassis.id.to_owned(),
                                    suspension: suspension.id.to_owned(),
                                    transmission: transmission.id.to_owned(),
                                    armour: armour.id.to_owned(),
                                    armour_addons: fitted.iter().map(|o| o.id.to_owned()).collect(),
                                    ..Recipe::default()
                                };
                                let built = build(&recipe, CV_BASE, CV_SCALE).unwrap();
                                let chosen = [engine, chassis, suspension, transmission, armour];
                                let twice: u32 = chosen
                                    .iter()
                                    .chain(&fitted)
                                    .map(|option| option.twice_points)
                                    .sum();
                                let logistics: u32 = chosen.iter().map(|o| o.logistics).sum();
                                assert_eq!(twice, built.twice_points, "{recipe:?}");
                                assert_eq!(logistics, u32::from(built.logistics), "{recipe:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_default_deck_checks_and_stays_a_name() {
        assert_eq!(game().check_deck(" \"ussr\" ").unwrap(), "\"ussr\"");
        assert_eq!(game().default_deck(0), "\"germany\"");
    }

    #[test]
    fn every_fault_of_a_broken_deck_is_reported() {
        let faults = game()
            .check_deck(r#"["DE01","DE01","XX9","DE16"]"#)
            .unwrap_err();
        let kinds: Vec<&str> = faults.iter().map(|(_, r)| r.kind.as_str()).collect();
        assert_eq!(kinds, ["unknown_card"], "{faults:?}");
        let faults = game().check_deck(r#"["DE16","DE17"]"#).unwrap_err();
        let kinds: Vec<&str> = faults.iter().map(|(_, r)| r.kind.as_str()).collect();
        assert_eq!(
            kinds,
            ["deck_too_small", "no_deployable_card"],
            "{faults:?}"
        );
        for (sentence, _) in &faults {
            assert!(
                sentence.contains(" / ") && !sentence.contains('§'),
                "{sentence}"
            );
        }
    }

    #[test]
    fn a_built_tank_gets_its_numbers_from_the_recipe() {
        let tiger = r#"{"id":"XT01","name":"Tiger II","name_zh":"虎王","category":"armour",
            "builder":{"engine":"petrol","chassis":"tracked","suspension":"torsion_bar",
            "suspension_addons":["interleaved"],"transmission":"hydromech","armour":"rolled",
            "armour_addons":["sloped"]},"attacks":["AP: vs arm 3~5"],"copies":2}"#;
        let deck = read_deck(&format!("[\"DE01\",{tiger}]"), Catalog::standard()).unwrap();
        assert_eq!(deck.count(), 3);
        // P = 0 + 1 + 1 + 1 + 2 + 1 = 6: cv 6 + 12 = 18; logistics 4 + 2.
        assert_eq!(deck.built[0].cv, Some(18));
        assert_eq!(deck.built[0].logistics, Some(6));
        let kinds: Vec<String> = game()
            .deck_faults(&deck)
            .into_iter()
            .map(|(_, r)| r.kind)
            .collect();
        assert_eq!(kinds, ["deck_too_small"]);
        let wrong = tiger.replace("\"copies\":2", "\"cv\":20,\"copies\":0");
        let faults = read_deck(&format!("[{wrong}]"), Catalog::standard()).unwrap_err();
        let fields: Vec<&str> = faults
            .iter()
            .map(|(_, r)| r.args["part"].as_str())
            .collect();
        assert_eq!(fields, ["copies", "cv"], "{faults:?}");
    }

    #[test]
    fn deck_options_name_the_seat_and_keep_the_other_deck() {
        let options = game().deck_options(&[(1, "\"germany\"")]).unwrap();
        assert_eq!(options, json!({"decks": {"1": "germany", "2": "germany"}}));
        let faults = game().deck_options(&[(0, "[\"DE01\"]")]).unwrap_err();
        assert_eq!(faults[0].1.args["seat"], "1");
        assert!(
            faults[0].0.starts_with("座位 1：")
                && faults[0].0.contains(" / seat 1: the deck holds "),
            "{}",
            faults[0].0
        );
    }
}
