//! Deck files (§15) and the catalog of every card the engine knows: load-time validation of
//! the card schema (§2) that reports every violation at once.

use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use crate::builder::{Recipe, build};
use crate::cards::{Ability, AbilitySet, AttackOption, Card, CardKind, Category, TargetSide};

/// The index of a card in the [`Catalog`].
pub type CardIndex = u8;

/// The German default deck (§15.1), as a data file.
pub const GERMANY_TOML: &str = include_str!("../data/germany.toml");
/// The Soviet default deck (§15.2), as a data file.
pub const USSR_TOML: &str = include_str!("../data/ussr.toml");

/// The catalog of §15 (see [`Catalog::standard`]), shared by every game without built cards.
static STANDARD: OnceLock<Arc<Catalog>> = OnceLock::new();

/// The §14 scale the default decks are built with (§1 `cv_base`, `cv_scale`).
pub const CV_BASE: i32 = 6;
/// See [`CV_BASE`].
pub const CV_SCALE: i32 = 2;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeckFile {
    deck: String,
    card: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    ability: String,
    mode: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    name_zh: String,
    nationality: String,
    category: Option<String>,
    cv: Option<u16>,
    logistics: u16,
    #[serde(default)]
    attacks: Vec<String>,
    #[serde(default)]
    abilities: Vec<RawAbility>,
    ability: Option<String>,
    builder: Option<Recipe>,
    copies: u16,
    #[allow(dead_code)]
    collection_no: Option<String>,
    #[allow(dead_code)]
    text: Option<String>,
}

/// A deck read from a file: its name and its cards with their copies.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DeckFile {
    /// The deck's name (`germany`).
    pub name: String,
    /// Each card with its number of copies.
    pub cards: Vec<(Card, u16)>,
}

/// Reads a deck file, checking every card against the schema of §2 (and armour recipes
/// against §14 with the given scale).
///
/// # Errors
/// Every violation in the file, each a sentence naming the card.
pub fn parse_deck_file(text: &str, cv_base: i32, cv_scale: i32) -> Result<DeckFile, Vec<String>> {
    read_deck_file(text, cv_base, cv_scale, true)
}

/// [`parse_deck_file`]; unless `check_cv`, a built card takes the builder's `cv` instead of
/// being refused when its file `cv` differs.
fn read_deck_file(
    text: &str,
    cv_base: i32,
    cv_scale: i32,
    check_cv: bool,
) -> Result<DeckFile, Vec<String>> {
    let raw: RawDeckFile = toml::from_str(text)
        .map_err(|error| vec![format!("the deck file is not valid: {error}")])?;
    let mut problems = Vec::new();
    let mut cards = Vec::new();
    for (index, card) in raw.card.iter().enumerate() {
        if raw.card[..index]
            .iter()
            .any(|earlier| earlier.id == card.id)
        {
            problems.push(format!("card {} is listed twice", card.id));
        }
        match validate_card(card, cv_base, cv_scale, check_cv) {
            Ok(valid) => cards.push((valid, card.copies)),
            Err(found) => problems.extend(found),
        }
    }
    if problems.is_empty() {
        Ok(DeckFile {
            name: raw.deck,
            cards,
        })
    } else {
        Err(problems)
    }
}

fn valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

fn validate_card(
    raw: &RawCard,
    cv_base: i32,
    cv_scale: i32,
    check_cv: bool,
) -> Result<Card, Vec<String>> {
    let id = &raw.id;
    let mut problems = Vec::new();
    if !valid_id(id) {
        problems.push(format!(
            "card '{id}': an id is a capital letter followed by capitals and digits (DE05)"
        ));
    }
    if raw.copies == 0 {
        problems.push(format!("card {id}: copies must be at least 1"));
    }
    let kind = match (&raw.category, &raw.ability) {
        (Some(_), Some(_)) => {
            problems.push(format!(
                "card {id} has both a category and an ability: a battle card lists its abilities under 'abilities', a special-ability card has no category"
            ));
            None
        }
        (None, None) => {
            problems.push(format!(
                "card {id} has neither a category (battle card) nor an ability (special-ability card)"
            ));
            None
        }
        (None, Some(ability)) => {
            if raw.cv.is_some()
                || !raw.attacks.is_empty()
                || !raw.abilities.is_empty()
                || raw.builder.is_some()
            {
                problems.push(format!(
                    "special-ability card {id} may have no cv, attacks, abilities or builder"
                ));
            }
            match Ability::from_id(ability) {
                Some(ability) => Some(CardKind::SpecialAbility { ability }),
                None => {
                    problems.push(format!("card {id}: '{ability}' is not an ability of §13"));
                    None
                }
            }
        }
        (Some(category), None) => {
            battle_kind(raw, category, (cv_base, cv_scale, check_cv), &mut problems)
        }
    };
    match kind {
        Some(kind) if problems.is_empty() => Ok(Card {
            id: raw.id.clone(),
            name: raw.name.clone(),
            name_zh: raw.name_zh.clone(),
            nationality: raw.nationality.clone(),
            logistics: raw.logistics,
            kind,
        }),
        _ => Err(problems),
    }
}

fn battle_kind(
    raw: &RawCard,
    category: &str,
    (cv_base, cv_scale, check_cv): (i32, i32, bool),
    problems: &mut Vec<String>,
) -> Option<CardKind> {
    let id = &raw.id;
    let category = Category::from_name(category).or_else(|| {
        problems.push(format!(
            "card {id}: '{category}' is not a category; it is infantry, armour, aviation or ranged"
        ));
        None
    });
    let mut cv = match raw.cv {
        Some(cv) if cv >= 1 => cv,
        _ => {
            problems.push(format!("battle card {id} needs a cv of at least 1"));
            0
        }
    };
    if raw.attacks.is_empty() {
        problems.push(format!("battle card {id} needs at least one attack option"));
    }
    let mut attacks = Vec::new();
    for text in &raw.attacks {
        match AttackOption::parse(text) {
            Ok(option) => {
                if option.side == TargetSide::Enemy && option.opp_logistics > 0 {
                    problems.push(format!("card {id}: opp_logistics must be ≤ 0"));
                }
                attacks.push(option);
            }
            Err(found) => problems.extend(found.into_iter().map(|p| format!("card {id}: {p}"))),
        }
    }
    let (mut innate, mut latent) = (AbilitySet::default(), AbilitySet::default());
    for entry in &raw.abilities {
        let Some(ability) = Ability::from_id(&entry.ability) else {
            problems.push(format!(
                "card {id}: '{}' is not an ability of §13",
                entry.ability
            ));
            continue;
        };
        if innate.contains(ability) || latent.contains(ability) {
            problems.push(format!(
                "card {id} lists the ability {} twice",
                entry.ability
            ));
        }
        match entry.mode.as_str() {
            "innate" => innate.insert(ability),
            "latent" => latent.insert(ability),
            other => problems.push(format!(
                "card {id}: the mode of {} is '{other}'; it is innate or latent",
                entry.ability
            )),
        }
    }
    if let Some(recipe) = &raw.builder {
        match build(recipe, cv_base, cv_scale) {
            Ok(built) => {
                if !check_cv {
                    cv = built.cv;
                }
                if built.cv != cv || built.logistics != raw.logistics {
                    problems.push(format!(
                        "card {id}: its builder recipe gives cv {} and logistics {} (P = {}), but the card says cv {cv} and logistics {}",
                        built.cv,
                        built.logistics,
                        built.points_text(),
                        raw.logistics
                    ));
                }
            }
            Err(found) => problems.extend(found.into_iter().map(|p| format!("card {id}: {p}"))),
        }
    }
    Some(CardKind::Battle {
        category: category?,
        cv,
        attacks,
        innate,
        latent,
    })
}

/// What the rules read of a card at nearly every step, packed so that a catalog's worth of them
/// stays in a few cache lines (a [`Card`] with its names and attack options spans several).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Traits {
    /// Combat value (0 for a special-ability card).
    pub cv: u16,
    /// Printed logistics.
    pub logistics: u16,
    /// The category of a battle card; `None` for a special-ability card.
    pub category: Option<Category>,
    /// The ability a special-ability card activates.
    pub activates: Option<Ability>,
    /// The innate abilities of a battle card.
    pub innate: AbilitySet,
    /// The latent abilities of a battle card.
    pub latent: AbilitySet,
}

impl Traits {
    fn of(card: &Card) -> Traits {
        let (innate, latent) = card.listed_abilities();
        Traits {
            cv: card.cv(),
            logistics: card.logistics,
            category: card.category(),
            activates: card.activates(),
            innate,
            latent,
        }
    }

    /// Whether it is a battle card.
    pub fn is_battle(self) -> bool {
        self.category.is_some()
    }
}

/// Every card the engine knows: the cards of both §15 decks, indexed by [`CardIndex`], and the
/// two default decks as lists of indices (one per copy, sorted by id).
#[derive(Debug)]
pub struct Catalog {
    /// The cards, sorted by id.
    pub cards: Vec<Card>,
    /// The default decks by name.
    pub decks: Vec<(String, Vec<CardIndex>)>,
    /// Whether no id is a prefix of another, so that tokens of different cards sort by index.
    pub prefix_free: bool,
    /// The traits of each card, by index.
    pub(crate) traits: Vec<Traits>,
}

impl Catalog {
    /// The catalog of §15, read once from the data files.
    ///
    /// # Panics
    /// If the embedded data files are invalid (a test checks they are not).
    pub fn standard() -> &'static Catalog {
        Catalog::shared_standard()
    }

    /// The catalog of §15 as a game holds it: one shared copy.
    ///
    /// # Panics
    /// If the embedded data files are invalid (a test checks they are not).
    pub(crate) fn shared_standard() -> &'static Arc<Catalog> {
        STANDARD.get_or_init(|| {
            Arc::new(
                Catalog::from_files(&[GERMANY_TOML, USSR_TOML]).unwrap_or_else(|problems| {
                    panic!("the §15 deck files are invalid: {problems:?}")
                }),
            )
        })
    }

    /// This catalog with more cards (the built cards a game's options define), the default
    /// decks unchanged.
    ///
    /// # Errors
    /// An id already in the catalog, or more than 255 cards.
    pub(crate) fn with_cards(&self, more: Vec<Card>) -> Result<Catalog, Vec<String>> {
        let mut decks: Vec<(String, Vec<(Card, u16)>)> = Vec::new();
        for (name, list) in &self.decks {
            let mut counted: Vec<(Card, u16)> = Vec::new();
            for &index in list {
                match counted.last_mut() {
                    Some((card, copies)) if card.id == self.card(index).id => *copies += 1,
                    _ => counted.push((self.card(index).clone(), 1)),
                }
            }
            decks.push((name.clone(), counted));
        }
        let mut cards = self.cards.clone();
        cards.extend(more);
        Catalog::from_cards(cards, &decks)
    }

    /// For a balance study of the builder's scale (§14.3): makes the catalog every game of
    /// this process reads the §15 decks with their armour cards built at `cv_base` and
    /// `cv_scale` (their `cv` in the deck files is then not checked). `cv_base` and `cv_scale`
    /// are not game options (§17.11), so the scale belongs to the process.
    ///
    /// # Errors
    /// If the catalog was already read (a game was made), or a card cannot be built.
    pub fn use_scale_for_study(cv_base: i32, cv_scale: i32) -> Result<(), Vec<String>> {
        let catalog = Catalog::from_files_at(&[GERMANY_TOML, USSR_TOML], cv_base, cv_scale, false)?;
        STANDARD
            .set(Arc::new(catalog))
            .map_err(|_| vec!["the card catalog is already in use".to_owned()])
    }

    /// A catalog from deck files.
    ///
    /// # Errors
    /// Every violation of every file, and ids used by two files.
    pub fn from_files(files: &[&str]) -> Result<Catalog, Vec<String>> {
        Catalog::from_files_at(files, CV_BASE, CV_SCALE, true)
    }

    /// A catalog from deck files, armour cards built at `cv_base`/`cv_scale`; `check_cv`
    /// refuses a built card whose file `cv` differs.
    fn from_files_at(
        files: &[&str],
        cv_base: i32,
        cv_scale: i32,
        check_cv: bool,
    ) -> Result<Catalog, Vec<String>> {
        let mut problems = Vec::new();
        let mut parsed = Vec::new();
        for text in files {
            match read_deck_file(text, cv_base, cv_scale, check_cv) {
                Ok(deck) => parsed.push(deck),
                Err(found) => problems.extend(found),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let cards: Vec<Card> = parsed
            .iter()
            .flat_map(|deck| deck.cards.iter().map(|(card, _)| card.clone()))
            .collect();
        let decks: Vec<(String, Vec<(Card, u16)>)> = parsed
            .into_iter()
            .map(|deck| (deck.name, deck.cards))
            .collect();
        Catalog::from_cards(cards, &decks)
    }

    /// A catalog of these cards, sorted by id, with default decks of them (cards with their
    /// copies).
    ///
    /// # Errors
    /// An id given twice, or more than 255 cards.
    fn from_cards(
        mut cards: Vec<Card>,
        decks: &[(String, Vec<(Card, u16)>)],
    ) -> Result<Catalog, Vec<String>> {
        let mut problems = Vec::new();
        cards.sort_by(|a, b| a.id.cmp(&b.id));
        for pair in cards.windows(2) {
            if pair[0].id == pair[1].id {
                problems.push(format!("card {} is defined twice", pair[0].id));
            }
        }
        if cards.len() > usize::from(u8::MAX) {
            problems.push("a catalog holds at most 255 cards".to_owned());
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let index_of = |id: &str| cards.iter().position(|card| card.id == id).unwrap_or(0) as u8;
        let decks = decks
            .iter()
            .map(|(name, deck)| {
                let mut list = Vec::new();
                for (card, copies) in deck {
                    list.extend(std::iter::repeat_n(
                        index_of(&card.id),
                        usize::from(*copies),
                    ));
                }
                list.sort_unstable();
                (name.clone(), list)
            })
            .collect();
        let prefix_free = cards
            .windows(2)
            .all(|pair| !pair[1].id.starts_with(pair[0].id.as_str()));
        Ok(Catalog {
            traits: cards.iter().map(Traits::of).collect(),
            cards,
            decks,
            prefix_free,
        })
    }

    /// The card at `index`.
    #[must_use]
    pub fn card(&self, index: CardIndex) -> &Card {
        &self.cards[usize::from(index)]
    }

    /// The traits of the card at `index`.
    pub(crate) fn traits(&self, index: CardIndex) -> Traits {
        self.traits[usize::from(index)]
    }

    /// The index of the card with this id.
    #[must_use]
    pub fn index_of(&self, id: &str) -> Option<CardIndex> {
        self.cards
            .binary_search_by(|card| card.id.as_str().cmp(id))
            .ok()
            .map(|index| index as CardIndex)
    }

    /// The default deck with this name (`germany`, `ussr`).
    #[must_use]
    pub fn deck(&self, name: &str) -> Option<&[CardIndex]> {
        self.decks
            .iter()
            .find(|(deck, _)| deck == name)
            .map(|(_, cards)| cards.as_slice())
    }
}
