//! Decks (§3, §11): a deck list as a player writes it, the validated deck the game plays with,
//! and every rule a deck can break.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{CardId, Element};

/// The smallest in or out number a card may have.
pub const MIN_NUMBER: u8 = 1;
/// The largest in or out number a card may have.
pub const MAX_NUMBER: u8 = 8;
/// What the 25 in numbers, and the 25 out numbers, must each add up to.
pub const NUMBER_SUM: u32 = 100;
/// Cards in a deck.
pub const DECK_SIZE: usize = 25;
/// Cards of each element in a deck.
pub const PER_ELEMENT: usize = 5;

/// Which corner number of a card: in (生剋判定範圍(入)) or out (生剋判定範圍(出)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The in number, bottom left: the range for 剋行 and 生行.
    In,
    /// The out number, bottom right: the range for 行剋 and 行生.
    Out,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::In => "in",
            Side::Out => "out",
        }
    }
}

/// One rule of §3.2 that a deck breaks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Violation {
    /// The deck does not have exactly 25 cards.
    CardCount {
        /// How many it has.
        found: usize,
    },
    /// The deck does not have exactly 5 cards of an element.
    ElementCount {
        /// The element.
        element: Element,
        /// How many cards of it the deck has.
        found: usize,
    },
    /// An in or out number is not an integer from 1 to 8.
    NumberOutOfRange {
        /// The card, by id or name.
        card: String,
        /// Which number.
        side: Side,
        /// The number written.
        value: i64,
    },
    /// The in numbers, or the out numbers, do not add up to exactly 100.
    Sum {
        /// Which numbers.
        side: Side,
        /// What they add up to.
        sum: i64,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::CardCount { found } => {
                write!(f, "the deck has {found} cards; it must have exactly 25")
            }
            Violation::ElementCount { element, found } => write!(
                f,
                "the deck has {found} {element} cards; it must have exactly 5 of each element"
            ),
            Violation::NumberOutOfRange { card, side, value } => write!(
                f,
                "{card} has the {} number {value}; numbers must be integers from 1 to 8",
                side.name()
            ),
            Violation::Sum { side, sum } => write!(
                f,
                "the {} numbers add up to {sum}; they must add up to exactly 100",
                side.name()
            ),
        }
    }
}

/// Every violation of a deck, as one sentence.
#[must_use]
pub fn describe(violations: &[Violation]) -> String {
    let parts: Vec<String> = violations.iter().map(ToString::to_string).collect();
    parts.join("; ")
}

/// One card of a deck list, as a player writes it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DeckCard {
    /// The card's name (靈獸 name).
    pub name: String,
    /// The card's element.
    pub element: char,
    /// The in number (bottom left).
    #[serde(rename = "in")]
    pub in_number: i64,
    /// The out number (bottom right).
    #[serde(rename = "out")]
    pub out_number: i64,
}

/// A deck as a player writes it: any number of cards with any numbers. [`DeckList::build`]
/// checks it against §3.2 and reports every rule it breaks.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct DeckList {
    /// The cards, in list order: within an element, the first listed is index 1 (§3.3).
    pub cards: Vec<DeckCard>,
}

impl DeckList {
    /// The deck of §11, with its names.
    #[must_use]
    pub fn standard() -> DeckList {
        let cards = STANDARD
            .iter()
            .enumerate()
            .map(|(number, &(name, [in_number, out_number]))| DeckCard {
                name: name.to_owned(),
                element: CardId::from_number(number as u8).element().code(),
                in_number: i64::from(in_number),
                out_number: i64::from(out_number),
            })
            .collect();
        DeckList { cards }
    }

    /// The deck the game plays with.
    ///
    /// # Errors
    /// Every rule of §3.2 the list breaks, all at once (an unknown element counts as a card
    /// of no element).
    pub fn build(&self) -> Result<Deck, Vec<Violation>> {
        let mut violations = Vec::new();
        if self.cards.len() != DECK_SIZE {
            violations.push(Violation::CardCount {
                found: self.cards.len(),
            });
        }
        for element in Element::ALL {
            let found = self
                .cards
                .iter()
                .filter(|card| Element::from_code(card.element) == Some(element))
                .count();
            if found != PER_ELEMENT {
                violations.push(Violation::ElementCount { element, found });
            }
        }
        let numbers: Vec<(String, i64, i64)> = self
            .cards
            .iter()
            .map(|card| (card.name.clone(), card.in_number, card.out_number))
            .collect();
        number_violations(&numbers, &mut violations);
        if !violations.is_empty() {
            return Err(violations);
        }
        let mut deck = Deck::standard();
        let mut next_index = [1u8; 5];
        for card in &self.cards {
            let element = Element::from_code(card.element).unwrap_or(Element::Wood);
            let id = CardId::new(element, next_index[element.index()]);
            next_index[element.index()] += 1;
            deck.numbers[usize::from(id.number())] = [card.in_number as u8, card.out_number as u8];
        }
        Ok(deck)
    }
}

/// Checks the numbers of a deck (§3.2 rules 3–5): each from 1 to 8, each side adding up to
/// 100. `numbers` holds (card, in, out).
fn number_violations(numbers: &[(String, i64, i64)], violations: &mut Vec<Violation>) {
    for (card, in_number, out_number) in numbers {
        for (side, value) in [(Side::In, *in_number), (Side::Out, *out_number)] {
            if !(i64::from(MIN_NUMBER)..=i64::from(MAX_NUMBER)).contains(&value) {
                violations.push(Violation::NumberOutOfRange {
                    card: card.clone(),
                    side,
                    value,
                });
            }
        }
    }
    for side in [Side::In, Side::Out] {
        let sum: i64 = numbers
            .iter()
            .map(|(_, in_number, out_number)| match side {
                Side::In => *in_number,
                Side::Out => *out_number,
            })
            .sum();
        if sum != i64::from(NUMBER_SUM) {
            violations.push(Violation::Sum { side, sum });
        }
    }
}

/// The in and out numbers of the 25 cards `M1` … `S5` of one player.
///
/// A `Deck` read from options may break §3.2; [`Deck::violations`] says how, and the game
/// refuses such options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Deck {
    /// `[in, out]` of each card, by card number.
    pub numbers: [[u8; 2]; DECK_SIZE],
}

impl Deck {
    /// The deck of §11.
    #[must_use]
    pub const fn standard() -> Deck {
        let mut numbers = [[0; 2]; DECK_SIZE];
        let mut number = 0;
        while number < DECK_SIZE {
            numbers[number] = STANDARD[number].1;
            number += 1;
        }
        Deck { numbers }
    }

    /// The in number of a card.
    #[must_use]
    pub const fn in_number(&self, card: CardId) -> u8 {
        self.numbers[card.number() as usize][0]
    }

    /// The out number of a card.
    #[must_use]
    pub const fn out_number(&self, card: CardId) -> u8 {
        self.numbers[card.number() as usize][1]
    }

    /// Whether the deck keeps §3.2 (checked without allocating: `Game::new` asks every game).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        let in_range = |n: u8| (MIN_NUMBER..=MAX_NUMBER).contains(&n);
        let (mut ins, mut outs) = (0u32, 0u32);
        for [in_number, out_number] in self.numbers {
            if !in_range(in_number) || !in_range(out_number) {
                return false;
            }
            ins += u32::from(in_number);
            outs += u32::from(out_number);
        }
        ins == NUMBER_SUM && outs == NUMBER_SUM
    }

    /// Every rule of §3.2 the deck breaks (it always has 25 cards, 5 of each element).
    #[must_use]
    pub fn violations(&self) -> Vec<Violation> {
        if self.is_valid() {
            return Vec::new();
        }
        let numbers: Vec<(String, i64, i64)> = CardId::all()
            .map(|card| {
                let [in_number, out_number] = self.numbers[usize::from(card.number())];
                (
                    card.to_string(),
                    i64::from(in_number),
                    i64::from(out_number),
                )
            })
            .collect();
        let mut violations = Vec::new();
        number_violations(&numbers, &mut violations);
        violations
    }
}

impl Default for Deck {
    fn default() -> Deck {
        Deck::standard()
    }
}

impl Serialize for Deck {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<String, [u8; 2]> = CardId::all()
            .map(|card| (card.to_string(), self.numbers[usize::from(card.number())]))
            .collect();
        map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Deck {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Deck, D::Error> {
        use serde::de::Error;
        let map = BTreeMap::<String, [i64; 2]>::deserialize(deserializer)?;
        if let Some(unknown) = map
            .keys()
            .find(|key| !CardId::all().any(|card| card.to_string() == **key))
        {
            return Err(D::Error::custom(format!(
                "'{unknown}' is not a card of a deck; the keys are M1 … S5"
            )));
        }
        let missing: Vec<String> = CardId::all()
            .map(|card| card.to_string())
            .filter(|key| !map.contains_key(key))
            .collect();
        if !missing.is_empty() {
            return Err(D::Error::custom(format!(
                "a deck gives [in, out] for all 25 cards M1 … S5; missing: {}",
                missing.join(", ")
            )));
        }
        // (card, in, out) in id order M1 … S5, as given.
        let given: Vec<(String, i64, i64)> = CardId::all()
            .map(|card| {
                let key = card.to_string();
                let [in_number, out_number] = map.get(&key).copied().unwrap_or_default();
                (key, in_number, out_number)
            })
            .collect();
        let mut deck = Deck {
            numbers: [[0; 2]; DECK_SIZE],
        };
        for (numbers, (_, in_number, out_number)) in deck.numbers.iter_mut().zip(&given) {
            let (Ok(in_number), Ok(out_number)) =
                (u8::try_from(*in_number), u8::try_from(*out_number))
            else {
                // A number a deck cannot hold is refused here, with every rule the given
                // numbers break; numbers it can hold are kept for `Deck::violations`.
                let mut violations = Vec::new();
                number_violations(&given, &mut violations);
                return Err(D::Error::custom(format!(
                    "the deck is not valid: {}",
                    describe(&violations)
                )));
            };
            *numbers = [in_number, out_number];
        }
        Ok(deck)
    }
}

/// The deck of §11: name and `[in, out]` of `M1` … `S5`.
pub const STANDARD: [(&str, [u8; 2]); DECK_SIZE] = [
    ("青翼龍", [4, 3]),
    ("青角虎", [3, 5]),
    ("青鱗龜", [6, 2]),
    ("青羽雀", [2, 6]),
    ("青鬣麟", [5, 4]),
    ("赤鱗龍", [5, 4]),
    ("赤爪虎", [2, 7]),
    ("赤尾雀", [4, 3]),
    ("赤甲龜", [7, 1]),
    ("赤角麟", [2, 5]),
    ("黃趾龍", [1, 6]),
    ("黃鬣虎", [4, 4]),
    ("黃背龜", [8, 1]),
    ("黃冠雀", [3, 5]),
    ("黃蹄麟", [4, 4]),
    ("白牙龍", [2, 7]),
    ("白額虎", [5, 4]),
    ("白殼龜", [6, 2]),
    ("白翎雀", [3, 3]),
    ("白角麟", [4, 4]),
    ("玄鬚龍", [3, 5]),
    ("玄紋虎", [4, 4]),
    ("玄蛇龜", [7, 2]),
    ("玄喙雀", [2, 6]),
    ("玄鱗麟", [4, 3]),
];
