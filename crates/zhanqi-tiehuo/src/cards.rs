//! The card schema (§2): categories, attack options in the table notation of §2.2, abilities,
//! battle and special-ability cards.

use std::fmt;

/// A battle card's category (§2.1), written `inf`, `arm`, `air`, `rng` in the table notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Category {
    /// 步兵.
    Infantry,
    /// 装甲.
    Armour,
    /// 航空.
    Aviation,
    /// 远程.
    Ranged,
}

impl Category {
    /// Every category.
    pub const ALL: [Category; 4] = [
        Category::Infantry,
        Category::Armour,
        Category::Aviation,
        Category::Ranged,
    ];

    /// The long name of the card schema (`infantry`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Category::Infantry => "infantry",
            Category::Armour => "armour",
            Category::Aviation => "aviation",
            Category::Ranged => "ranged",
        }
    }

    /// The short name of the table notation (`inf`).
    #[must_use]
    pub fn short(self) -> &'static str {
        match self {
            Category::Infantry => "inf",
            Category::Armour => "arm",
            Category::Aviation => "air",
            Category::Ranged => "rng",
        }
    }

    /// The category with this long or short name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL
            .into_iter()
            .find(|category| category.name() == name || category.short() == name)
    }

    /// The bit of this category in a [`CategorySet`].
    #[must_use]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of categories: the `vs` of an attack option.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CategorySet(pub u8);

impl CategorySet {
    /// Whether the set holds `category`.
    #[must_use]
    pub fn contains(self, category: Category) -> bool {
        self.0 & category.bit() != 0
    }
}

/// Which side's cards an attack option targets (§2.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TargetSide {
    /// The opponent's cards: damage.
    Enemy,
    /// The player's own cards: healing.
    Own,
}

/// A printed range `a~b` (§3.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Range {
    /// The low end.
    pub low: u8,
    /// The high end.
    pub high: u8,
}

impl Range {
    /// The range `a~a`.
    #[must_use]
    pub const fn fixed(value: u8) -> Range {
        Range {
            low: value,
            high: value,
        }
    }

    /// Whether no die is rolled for it (`a = b`, §3.1).
    #[must_use]
    pub fn is_fixed(self) -> bool {
        self.low == self.high
    }
}

/// One attack option, the upper text box of a battle card (§2.2).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AttackOption {
    /// `AP`, `HE`, `Aid`, …
    pub label: String,
    /// Which side it targets.
    pub side: TargetSide,
    /// The categories it can target.
    pub vs: CategorySet,
    /// The magnitudes of the damage (or healing, for `own`) of one hit.
    pub damage: Range,
    /// Hits on each target.
    pub hits: Range,
    /// Number of targets.
    pub targets: Range,
    /// Own logistics consumed at once (§7.6).
    pub logistics_cost: u8,
    /// Change to the opponent's logistics, effective next round (≤ 0).
    pub opp_logistics: i8,
    /// Change to the player's own logistics, effective next round (≥ 0).
    pub self_logistics: i8,
}

impl AttackOption {
    /// Whether it heals the player's own cards.
    #[must_use]
    pub fn heals(&self) -> bool {
        self.side == TargetSide::Own
    }

    /// Reads the table notation `Label: vs|own CATS a~b [hA~B] [tA~B] [cN] [opp-N] [self+N]`,
    /// reporting every problem with it.
    ///
    /// # Errors
    /// Every way the text is not an attack option, as sentences.
    pub fn parse(text: &str) -> Result<AttackOption, Vec<String>> {
        let mut problems = Vec::new();
        let Some((label, rest)) = text.split_once(':') else {
            return Err(vec![format!(
                "attack '{text}' has no ':' after its label; write it as 'Label: vs CATS a~b'"
            )]);
        };
        let label = label.trim().to_owned();
        if label.is_empty() {
            problems.push(format!("attack '{text}' has an empty label"));
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let side = match words.first() {
            Some(&"vs") => TargetSide::Enemy,
            Some(&"own") => TargetSide::Own,
            _ => {
                problems.push(format!(
                    "attack '{text}' must name its side with 'vs' (enemy) or 'own' after the label"
                ));
                TargetSide::Enemy
            }
        };
        let mut vs = CategorySet::default();
        match words.get(1) {
            Some(list) => {
                for name in list.split(',') {
                    match Category::from_name(name) {
                        Some(category) if vs.contains(category) => problems
                            .push(format!("attack '{text}' lists the category {name} twice")),
                        Some(category) => vs.0 |= category.bit(),
                        None => problems.push(format!(
                            "attack '{text}' names the category '{name}'; the categories are inf, arm, air, rng"
                        )),
                    }
                }
            }
            None => problems.push(format!("attack '{text}' names no target categories")),
        }
        let mut option = AttackOption {
            label,
            side,
            vs,
            damage: Range::fixed(1),
            hits: Range::fixed(1),
            targets: Range::fixed(1),
            logistics_cost: 0,
            opp_logistics: 0,
            self_logistics: 0,
        };
        match words.get(2) {
            Some(damage) => {
                let magnitude = match side {
                    TargetSide::Own => damage.strip_prefix('-').map(|d| d.replacen("~-", "~", 1)),
                    TargetSide::Enemy => Some((*damage).to_owned()),
                };
                match magnitude.as_deref().and_then(parse_range) {
                    Some(range) => option.damage = range,
                    None => problems.push(match side {
                        TargetSide::Own => format!(
                            "attack '{text}' heals, so its damage must read '-a~-b' with 1 ≤ a ≤ b, not '{damage}'"
                        ),
                        TargetSide::Enemy => format!(
                            "attack '{text}' must give its damage as 'a~b' with 1 ≤ a ≤ b, not '{damage}'"
                        ),
                    }),
                }
            }
            None => problems.push(format!("attack '{text}' gives no damage range 'a~b'")),
        }
        for word in words.iter().skip(3) {
            parse_extra(word, text, side, &mut option, &mut problems);
        }
        if problems.is_empty() {
            Ok(option)
        } else {
            Err(problems)
        }
    }
}

/// One optional field of the table notation: `hA~B`, `tA~B`, `cN`, `opp-N`, `self+N`.
fn parse_extra(
    word: &str,
    text: &str,
    side: TargetSide,
    option: &mut AttackOption,
    problems: &mut Vec<String>,
) {
    let logistics_on_own = |problems: &mut Vec<String>| {
        if side == TargetSide::Own {
            problems.push(format!(
                "attack '{text}' heals, so it may not set logistics fields ('{word}')"
            ));
        }
    };
    if let Some(rest) = word.strip_prefix("opp-") {
        logistics_on_own(problems);
        match rest.parse::<i8>() {
            Ok(value) if value >= 0 => option.opp_logistics = -value,
            _ => problems.push(format!("attack '{text}': '{word}' must read opp-N")),
        }
    } else if let Some(rest) = word.strip_prefix("self+") {
        logistics_on_own(problems);
        match rest.parse::<i8>() {
            Ok(value) if value >= 0 => option.self_logistics = value,
            _ => problems.push(format!("attack '{text}': '{word}' must read self+N")),
        }
    } else if let Some(rest) = word.strip_prefix('h') {
        match parse_range(rest) {
            Some(range) => option.hits = range,
            None => problems.push(format!(
                "attack '{text}': hits '{word}' must read hA~B with 1 ≤ A ≤ B"
            )),
        }
    } else if let Some(rest) = word.strip_prefix('t') {
        match parse_range(rest) {
            Some(range) => option.targets = range,
            None => problems.push(format!(
                "attack '{text}': targets '{word}' must read tA~B with 1 ≤ A ≤ B"
            )),
        }
    } else if let Some(rest) = word.strip_prefix('c') {
        logistics_on_own(problems);
        match rest.parse::<u8>() {
            Ok(value) => option.logistics_cost = value,
            Err(_) => problems.push(format!("attack '{text}': cost '{word}' must read cN")),
        }
    } else {
        problems.push(format!(
            "attack '{text}' has the unknown field '{word}'; the fields are hA~B, tA~B, cN, opp-N, self+N"
        ));
    }
}

/// `a~b` with `1 ≤ a ≤ b ≤ 255`.
fn parse_range(text: &str) -> Option<Range> {
    let (low, high) = text.split_once('~')?;
    let (low, high) = (low.parse::<u8>().ok()?, high.parse::<u8>().ok()?);
    (1 <= low && low <= high).then_some(Range { low, high })
}

impl fmt::Display for AttackOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let categories: Vec<&str> = Category::ALL
            .into_iter()
            .filter(|&category| self.vs.contains(category))
            .map(Category::short)
            .collect();
        let sign = if self.heals() { "-" } else { "" };
        write!(
            f,
            "{}: {} {} {sign}{}~{sign}{}",
            self.label,
            if self.heals() { "own" } else { "vs" },
            categories.join(","),
            self.damage.low,
            self.damage.high
        )?;
        if self.hits != Range::fixed(1) {
            write!(f, " h{}~{}", self.hits.low, self.hits.high)?;
        }
        if self.targets != Range::fixed(1) {
            write!(f, " t{}~{}", self.targets.low, self.targets.high)?;
        }
        if self.logistics_cost > 0 {
            write!(f, " c{}", self.logistics_cost)?;
        }
        if self.opp_logistics < 0 {
            write!(f, " opp{}", self.opp_logistics)?;
        }
        if self.self_logistics > 0 {
            write!(f, " self+{}", self.self_logistics)?;
        }
        Ok(())
    }
}

/// The closed list of special abilities (§13.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Ability {
    /// 战地维修: a heavy card recovers fully at B1.
    FieldRepair,
    /// 缴获武器: the card may attack while cut off.
    CapturedWeapons,
    /// 坚固工事: each damaging hit on the card loses 1.
    Entrenched,
    /// 防空火力: enemy aviation attacks on the player's cards get −1 q.
    AntiAirScreen,
    /// 突击: +1 q in round 1.
    Shock,
    /// 山地作战: in the mountains, no negative `attack_q` and +1 q.
    MountainWarfare,
    /// 巷战: in the city, no negative `attack_q` and +1 q.
    UrbanWarfare,
    /// 侦察: ignores camouflage; two designations under fog.
    Reconnaissance,
    /// 集火指挥: the focus bonus becomes +2 q.
    FireCoordination,
    /// 伪装: untargetable by enemies in round 1 until it has attacked.
    Camouflage,
}

impl Ability {
    /// Every ability.
    pub const ALL: [Ability; 10] = [
        Ability::FieldRepair,
        Ability::CapturedWeapons,
        Ability::Entrenched,
        Ability::AntiAirScreen,
        Ability::Shock,
        Ability::MountainWarfare,
        Ability::UrbanWarfare,
        Ability::Reconnaissance,
        Ability::FireCoordination,
        Ability::Camouflage,
    ];

    /// Its id in card data (`field_repair`).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Ability::FieldRepair => "field_repair",
            Ability::CapturedWeapons => "captured_weapons",
            Ability::Entrenched => "entrenched",
            Ability::AntiAirScreen => "anti_air_screen",
            Ability::Shock => "shock",
            Ability::MountainWarfare => "mountain_warfare",
            Ability::UrbanWarfare => "urban_warfare",
            Ability::Reconnaissance => "reconnaissance",
            Ability::FireCoordination => "fire_coordination",
            Ability::Camouflage => "camouflage",
        }
    }

    /// The ability with this id.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Ability> {
        Ability::ALL.into_iter().find(|ability| ability.id() == id)
    }

    /// Whether it still works on a card that is itself cut off (the last column of §13.2).
    #[must_use]
    pub fn works_while_cut_off(self) -> bool {
        !matches!(
            self,
            Ability::AntiAirScreen | Ability::Reconnaissance | Ability::FireCoordination
        )
    }

    /// The bit of this ability in an [`AbilitySet`].
    #[must_use]
    pub fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A set of abilities.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AbilitySet(pub u16);

impl AbilitySet {
    /// Whether the set holds `ability`.
    #[must_use]
    pub fn contains(self, ability: Ability) -> bool {
        self.0 & ability.bit() != 0
    }

    /// Adds `ability`.
    pub fn insert(&mut self, ability: Ability) {
        self.0 |= ability.bit();
    }
}

/// What kind of card it is (§0.5).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CardKind {
    /// A battle card (作战牌).
    Battle {
        /// Its category.
        category: Category,
        /// Combat value, equal to life.
        cv: u16,
        /// Its attack options, named in actions by 1-based index.
        attacks: Vec<AttackOption>,
        /// Abilities that are always active.
        innate: AbilitySet,
        /// Abilities active while an uncut special-ability card activates them.
        latent: AbilitySet,
    },
    /// A special-ability card (特殊能力牌).
    SpecialAbility {
        /// The ability it activates.
        ability: Ability,
    },
}

/// One card of §15 (or of a deck file in its format).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Card {
    /// Unique id, `[A-Z][A-Z0-9]*`.
    pub id: String,
    /// English name.
    pub name: String,
    /// Chinese name.
    pub name_zh: String,
    /// Nationality (`germany`).
    pub nationality: String,
    /// 牌后勤: its logistics.
    pub logistics: u16,
    /// Battle or special-ability card.
    pub kind: CardKind,
}

impl Card {
    /// The category of a battle card.
    #[must_use]
    pub fn category(&self) -> Option<Category> {
        match self.kind {
            CardKind::Battle { category, .. } => Some(category),
            CardKind::SpecialAbility { .. } => None,
        }
    }

    /// Whether it is a battle card.
    #[must_use]
    pub fn is_battle(&self) -> bool {
        matches!(self.kind, CardKind::Battle { .. })
    }

    /// Its combat value (0 for a special-ability card).
    #[must_use]
    pub fn cv(&self) -> u16 {
        match self.kind {
            CardKind::Battle { cv, .. } => cv,
            CardKind::SpecialAbility { .. } => 0,
        }
    }

    /// Its attack options (none for a special-ability card).
    #[must_use]
    pub fn attacks(&self) -> &[AttackOption] {
        match &self.kind {
            CardKind::Battle { attacks, .. } => attacks,
            CardKind::SpecialAbility { .. } => &[],
        }
    }

    /// The abilities the card lists, innate and latent.
    #[must_use]
    pub fn listed_abilities(&self) -> (AbilitySet, AbilitySet) {
        match self.kind {
            CardKind::Battle { innate, latent, .. } => (innate, latent),
            CardKind::SpecialAbility { .. } => (AbilitySet::default(), AbilitySet::default()),
        }
    }

    /// The ability a special-ability card activates.
    #[must_use]
    pub fn activates(&self) -> Option<Ability> {
        match self.kind {
            CardKind::SpecialAbility { ability } => Some(ability),
            CardKind::Battle { .. } => None,
        }
    }
}
