//! The card schema (§4): card data as written (`CardSpec`), its load-time validation (§4.3)
//! reporting every violation with the card id and field, and the compiled card table the
//! rules read.

use serde::{Deserialize, Serialize};

use crate::board::{ZoneKind, ZoneKinds};
use crate::effect::{EffectSpec, Keyword, Keywords, Op, Selector, Trigger};
use crate::{Effect, Stat};

/// A card's class (牌種).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// 將領.
    General,
    /// 部隊.
    Troop,
    /// 建築.
    Building,
    /// 裝備.
    Equipment,
    /// 技能.
    Skill,
    /// 魂質技能.
    Soul,
    /// 事件.
    Event,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Troop,
        Kind::Building,
        Kind::Equipment,
        Kind::Skill,
        Kind::Soul,
        Kind::Event,
    ];

    /// The name in card data.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Troop => "troop",
            Kind::Building => "building",
            Kind::Equipment => "equipment",
            Kind::Skill => "skill",
            Kind::Soul => "soul",
            Kind::Event => "event",
        }
    }

    /// The kind of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether this is a main card (general, troop or building).
    #[must_use]
    pub const fn is_main(self) -> bool {
        matches!(self, Kind::General | Kind::Troop | Kind::Building)
    }
}

/// How a card attacks (§6.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AttackType {
    /// 近擊: armour subtracts.
    Strike,
    /// 穿透: ignores armour.
    Pierce,
    /// 攻城: doubled against buildings.
    Siege,
}

impl AttackType {
    /// The type of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<AttackType> {
        match name {
            "strike" => Some(AttackType::Strike),
            "pierce" => Some(AttackType::Pierce),
            "siege" => Some(AttackType::Siege),
            _ => None,
        }
    }
}

/// A card definition as card data writes it (§4.1, §12.11): every key but `id` may be left
/// out and takes its default when the card is compiled.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct CardSpec {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_zh: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub troops: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atk: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keywords: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy_zones: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attach: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<Vec<EffectSpec>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Copies in a deck list or a deck file; refused in the `cards` option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies: Option<i64>,
}

/// A compiled card: what the rules read, resolved once when the table is built.
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(missing_docs)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub name_zh: String,
    pub faction: String,
    pub kind: Kind,
    pub cost: u8,
    pub troops: u8,
    pub atk: u8,
    pub attack_type: AttackType,
    pub range: u8,
    pub armour: u8,
    pub counter: bool,
    pub keywords: Keywords,
    pub deploy_zones: ZoneKinds,
    pub zones: ZoneKinds,
    pub race: String,
    pub attach: bool,
    pub effects: Vec<Effect>,
    pub text: String,
    /// The triggers its effects use, as a bit set of [`Trigger::bit`].
    pub triggers: u8,
    /// Its static effects that act (§5.3): `buff` or `grant` with a selector that neither
    /// chooses nor names a player.
    pub auras: Vec<Effect>,
    /// Its first `play` effect that chooses a card or zone, which must have a target for
    /// the card to be played (5.7(b)); found once here rather than at every listing.
    pub first_choice: Option<Effect>,
}

impl Card {
    /// Whether the card has an effect with this trigger.
    #[must_use]
    pub const fn has(&self, trigger: Trigger) -> bool {
        self.triggers & trigger.bit() != 0
    }

    /// Whether a played card of this kind goes to a pile once its `play` frame is done:
    /// a skill that does not attach, a soul skill or an event.
    #[must_use]
    pub const fn is_spent_on_play(&self) -> bool {
        matches!(self.kind, Kind::Soul | Kind::Event)
            || (matches!(self.kind, Kind::Skill) && !self.attach)
    }

    /// Whether the card attaches to a host when played.
    #[must_use]
    pub const fn attaches(&self) -> bool {
        matches!(self.kind, Kind::Equipment) || (matches!(self.kind, Kind::Skill) && self.attach)
    }

    /// Whether the card may occupy a zone of `kind`.
    #[must_use]
    pub const fn may_occupy(&self, kind: ZoneKind) -> bool {
        self.zones.contains(kind)
    }
}

/// The parameters a card's validation depends on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CardRules {
    /// `building_cost` (§4.3(c)).
    pub building_cost: u32,
}

/// One violation of the card schema, naming the card and the field.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardViolation {
    /// The card's id.
    pub card: String,
    /// The field at fault.
    pub field: String,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl std::fmt::Display for CardViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "card {}, field {}: {}",
            self.card, self.field, self.message
        )
    }
}

impl CardSpec {
    /// The compiled card, or every violation of §4.1 and §4.3.
    ///
    /// # Errors
    /// Every violation, each naming this card's id and the field.
    pub fn compile(&self, rules: CardRules) -> Result<Card, Vec<CardViolation>> {
        let mut faults = Vec::new();
        let mut fault = |field: &str, message: String| {
            faults.push(CardViolation {
                card: self.id.clone(),
                field: field.to_owned(),
                message,
            });
        };
        if self.id.is_empty()
            || !self
                .id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            fault(
                "id",
                format!(
                    "'{}' is not an id; use ASCII letters, digits and '_' only",
                    self.id
                ),
            );
        }
        let kind = match self.kind.as_deref() {
            None => {
                fault("kind", "is required".to_owned());
                Kind::Event
            }
            Some(name) => Kind::from_name(name).unwrap_or_else(|| {
                fault(
                    "kind",
                    format!(
                        "'{name}' is not a kind; expected general, troop, building, \
                         equipment, skill, soul or event"
                    ),
                );
                Kind::Event
            }),
        };
        let mut byte = |field: &str, value: Option<i64>, required: bool, min: i64| -> u8 {
            match value {
                None if required => {
                    fault(field, format!("is required for a {}", kind.name()));
                    0
                }
                None => 0,
                Some(v) if (min..=255).contains(&v) => v as u8,
                Some(v) => {
                    fault(field, format!("{v} is not an integer {min} … 255"));
                    0
                }
            }
        };
        let main = kind.is_main();
        let cost = byte("cost", self.cost, true, 0);
        let troops = byte("troops", self.troops, main, if main { 1 } else { 0 });
        let atk = byte("atk", self.atk, main, 0);
        let range = byte("range", self.range, main, 0);
        let armour = byte("armour", self.armour, false, 0);
        if !main {
            let main_keys = [
                ("troops", self.troops.is_some()),
                ("atk", self.atk.is_some()),
                ("attack_type", self.attack_type.is_some()),
                ("range", self.range.is_some()),
                ("armour", self.armour.is_some()),
                ("counter", self.counter.is_some()),
                ("keywords", self.keywords.is_some()),
                ("deploy_zones", self.deploy_zones.is_some()),
                ("zones", self.zones.is_some()),
            ];
            for (field, present) in main_keys {
                if present {
                    fault(
                        field,
                        format!("is a main-card key; a {} card has none", kind.name()),
                    );
                }
            }
        }
        if self.race.is_some() && !matches!(kind, Kind::General | Kind::Troop) {
            fault("race", "is only for generals and troops".to_owned());
        }
        let attack_type = match self.attack_type.as_deref() {
            None => AttackType::Strike,
            Some(name) => AttackType::from_name(name).unwrap_or_else(|| {
                fault(
                    "attack_type",
                    format!("'{name}' is not an attack type; expected strike, pierce or siege"),
                );
                AttackType::Strike
            }),
        };
        let mut keywords = Keywords::default();
        for name in self.keywords.iter().flatten() {
            match Keyword::from_name(name) {
                Some(keyword) => keywords.insert(keyword),
                None => fault(
                    "keywords",
                    format!("'{name}' is not a keyword; expected charge, swift or guard"),
                ),
            }
        }
        let mut kinds = |field: &str, names: Option<&Vec<String>>, default: ZoneKinds| {
            let Some(names) = names else {
                return default;
            };
            let mut set = ZoneKinds::default();
            for name in names {
                match ZoneKind::from_name(name) {
                    Some(kind) => set.insert(kind),
                    None => fault(
                        field,
                        format!("'{name}' is not a zone kind; expected front, frontier or landing"),
                    ),
                }
            }
            set
        };
        let deploy_zones = kinds(
            "deploy_zones",
            self.deploy_zones.as_ref(),
            ZoneKinds::LANDING,
        );
        let zones = kinds("zones", self.zones.as_ref(), ZoneKinds::ALL);
        let attach = match (kind, self.attach) {
            (Kind::Equipment, Some(false)) => {
                fault("attach", "equipment always attaches".to_owned());
                true
            }
            (Kind::Equipment, _) => true,
            (Kind::Skill, value) => value.unwrap_or(false),
            (Kind::Soul | Kind::Event, Some(true)) => {
                fault("attach", format!("a {} card never attaches", kind.name()));
                false
            }
            (_, Some(_)) if main => {
                fault(
                    "attach",
                    "is an aux-card key; a main card has none".to_owned(),
                );
                false
            }
            _ => false,
        };
        let mut effects = Vec::new();
        for (index, spec) in self.effects.iter().flatten().enumerate() {
            match spec.compile() {
                Ok(effect) => effects.push(effect),
                Err(message) => fault(&format!("effects[{index}]"), message),
            }
        }
        // §4.3.
        if main && (atk == 0) != (range == 0) {
            fault(
                "range",
                format!("atk is {atk} and range is {range}; atk is 0 exactly when range is 0"),
            );
        }
        if kind == Kind::Building {
            if u32::from(cost) != rules.building_cost && self.cost.is_some() {
                fault(
                    "cost",
                    format!(
                        "a building costs building_cost = {}, not {cost}",
                        rules.building_cost
                    ),
                );
            }
            for keyword in [Keyword::Swift, Keyword::Charge] {
                if keywords.contains(keyword) {
                    fault(
                        "keywords",
                        format!("a building never has {}", keyword.name()),
                    );
                }
            }
        }
        if main && !deploy_zones.is_subset(zones) {
            fault(
                "deploy_zones",
                "every deploy zone kind must also be in zones".to_owned(),
            );
        }
        for (index, effect) in effects.iter().enumerate() {
            let field = format!("effects[{index}]");
            if kind == Kind::Event {
                if effect.range.is_some() {
                    fault(
                        &field,
                        "an event has no source, so its effects take no range".to_owned(),
                    );
                }
                if matches!(effect.selector, Selector::Own | Selector::FriendsZone) {
                    fault(
                        &field,
                        format!(
                            "an event has no source, so it cannot use the selector {}",
                            effect.selector.name()
                        ),
                    );
                }
            }
            if kind == Kind::Equipment
                && !matches!(
                    effect.trigger,
                    Trigger::Static
                        | Trigger::Play
                        | Trigger::Attack
                        | Trigger::TurnStart
                        | Trigger::Destroyed
                )
            {
                fault(
                    &field,
                    "equipment effects use static, play, attack, turn_start or destroyed"
                        .to_owned(),
                );
            }
        }
        if self.copies.is_some_and(|c| c < 1) {
            fault("copies", "must be at least 1".to_owned());
        }
        if !faults.is_empty() {
            return Err(faults);
        }
        let triggers = effects.iter().fold(0, |bits, e| bits | e.trigger.bit());
        let auras = effects
            .iter()
            .filter(|e| {
                e.trigger == Trigger::Static
                    && matches!(e.op, Op::Buff(..) | Op::Grant(_))
                    && matches!(
                        e.selector,
                        Selector::Own
                            | Selector::FriendsZone
                            | Selector::AllFriends
                            | Selector::AllEnemies
                            | Selector::All
                    )
            })
            .copied()
            .collect();
        let first_choice = effects
            .iter()
            .find(|e| e.trigger == Trigger::Play && e.chooses_card())
            .copied();
        let name = self.name.clone().unwrap_or_else(|| self.id.clone());
        Ok(Card {
            id: self.id.clone(),
            name_zh: self.name_zh.clone().unwrap_or_else(|| name.clone()),
            name,
            faction: self.faction.clone().unwrap_or_else(|| "neutral".to_owned()),
            kind,
            cost,
            troops,
            atk,
            attack_type,
            range,
            armour,
            counter: self.counter.unwrap_or(false),
            keywords,
            deploy_zones,
            zones,
            race: self.race.clone().unwrap_or_default(),
            attach,
            effects,
            text: self.text.clone().unwrap_or_default(),
            triggers,
            auras,
            first_choice,
        })
    }
}

/// The index of a card in its [`CardTable`]; the table is sorted by id, so index order is the
/// byte order of ids.
pub type CardIndex = u16;

/// The compiled cards of one game, sorted by id.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct CardTable {
    cards: Vec<Card>,
    /// Whether any card has a `max_troops` buff (troops then need clamping, 5.6).
    pub max_troops_buffs: bool,
    /// Whether any card has an aura at all.
    pub any_auras: bool,
    /// Whether any aura grants a keyword.
    pub keyword_auras: bool,
    /// Whether each card has an aura, by index: a small table that stays in cache.
    has_aura: Vec<bool>,
}

impl CardTable {
    /// A table from compiled cards (ids unique).
    #[must_use]
    pub fn new(mut cards: Vec<Card>) -> CardTable {
        cards.sort_by(|a, b| a.id.cmp(&b.id));
        let max_troops_buffs = cards.iter().any(|c| {
            c.effects
                .iter()
                .any(|e| matches!(e.op, Op::Buff(Stat::MaxTroops, _)))
        });
        let any_auras = cards.iter().any(|c| !c.auras.is_empty());
        let keyword_auras = cards
            .iter()
            .any(|c| c.auras.iter().any(|e| matches!(e.op, Op::Grant(_))));
        let has_aura = cards.iter().map(|c| !c.auras.is_empty()).collect();
        CardTable {
            cards,
            max_troops_buffs,
            any_auras,
            keyword_auras,
            has_aura,
        }
    }

    /// The card at an index.
    #[must_use]
    pub fn card(&self, index: CardIndex) -> &Card {
        &self.cards[usize::from(index)]
    }

    /// Whether the card at an index has an aura (a static buff or grant that acts).
    #[must_use]
    pub fn has_aura(&self, index: CardIndex) -> bool {
        self.has_aura[usize::from(index)]
    }

    /// The index of an id.
    #[must_use]
    pub fn index(&self, id: &str) -> Option<CardIndex> {
        self.cards
            .binary_search_by(|card| card.id.as_str().cmp(id))
            .ok()
            .map(|i| i as CardIndex)
    }

    /// The id of an index.
    #[must_use]
    pub fn id(&self, index: CardIndex) -> &str {
        &self.card(index).id
    }

    /// How many cards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// The starter deck files of §10, by faction: the same card-data format a designer writes.
pub const STARTER_DECKS: [(&str, &str); 2] = [
    ("azure", include_str!("../data/azure.json")),
    ("crimson", include_str!("../data/crimson.json")),
];

/// Reads a deck file: a JSON array of card definitions, each with its `copies`.
///
/// # Errors
/// If the text is not such an array.
pub fn read_deck_file(text: &str) -> Result<Vec<CardSpec>, String> {
    serde_json::from_str(text).map_err(|error| format!("the deck file does not read: {error}"))
}

/// The starter deck of a faction, as written in its file.
#[must_use]
pub fn starter_deck(faction: &str) -> Option<Vec<CardSpec>> {
    STARTER_DECKS
        .iter()
        .find(|(name, _)| *name == faction)
        .map(|(_, text)| read_deck_file(text).unwrap_or_default())
}
