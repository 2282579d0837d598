//! The five elements (§2), their two cycles, and the die faces that stand for them.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the five elements (五行), in generating order; the discriminant is the die face
/// minus one under the standard `die_faces`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Element {
    /// 木 Wood, code `M`.
    Wood = 0,
    /// 火 Fire, code `H`.
    Fire = 1,
    /// 土 Earth, code `T`.
    Earth = 2,
    /// 金 Metal, code `J`.
    Metal = 3,
    /// 水 Water, code `S`.
    Water = 4,
}

impl Element {
    /// The elements in the order M, H, T, J, S (the order of lists and piles).
    pub const ALL: [Element; 5] = [
        Element::Wood,
        Element::Fire,
        Element::Earth,
        Element::Metal,
        Element::Water,
    ];

    /// The element with this index in [`Element::ALL`].
    ///
    /// # Panics
    /// If `index` is 5 or more.
    #[must_use]
    pub const fn from_index(index: usize) -> Element {
        Element::ALL[index]
    }

    /// The index of the element in [`Element::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation code: `M`, `H`, `T`, `J` or `S`.
    #[must_use]
    pub const fn code(self) -> char {
        match self {
            Element::Wood => 'M',
            Element::Fire => 'H',
            Element::Earth => 'T',
            Element::Metal => 'J',
            Element::Water => 'S',
        }
    }

    /// The element of a notation code.
    #[must_use]
    pub const fn from_code(code: char) -> Option<Element> {
        match code {
            'M' => Some(Element::Wood),
            'H' => Some(Element::Fire),
            'T' => Some(Element::Earth),
            'J' => Some(Element::Metal),
            'S' => Some(Element::Water),
            _ => None,
        }
    }

    /// The element this one generates (相生, M → H → T → J → S → M).
    #[must_use]
    pub const fn generates(self) -> Element {
        Element::ALL[(self as usize + 1) % 5]
    }

    /// The element that generates this one.
    #[must_use]
    pub const fn generated_by(self) -> Element {
        Element::ALL[(self as usize + 4) % 5]
    }

    /// The element this one overcomes (相剋, M → T → S → H → J → M): two steps along the
    /// generating cycle.
    #[must_use]
    pub const fn overcomes(self) -> Element {
        Element::ALL[(self as usize + 2) % 5]
    }

    /// The element that overcomes this one.
    #[must_use]
    pub const fn overcome_by(self) -> Element {
        Element::ALL[(self as usize + 3) % 5]
    }
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code())
    }
}

/// What a die face stands for (§2.1): an element, or any element of the player's choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Face {
    /// The face gives this element.
    Element(Element),
    /// The player chooses the element after the roll (face 6 by default).
    Any,
}

impl Face {
    /// The standard faces 1–6: 木火土金水, then any.
    pub const STANDARD: [Face; 6] = [
        Face::Element(Element::Wood),
        Face::Element(Element::Fire),
        Face::Element(Element::Earth),
        Face::Element(Element::Metal),
        Face::Element(Element::Water),
        Face::Any,
    ];

    /// The option spelling: an element code, or `any`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Face::Element(element) => element.code().to_string(),
            Face::Any => "any".to_owned(),
        }
    }
}

impl Serialize for Face {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for Face {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Face, D::Error> {
        let text = String::deserialize(deserializer)?;
        if text == "any" {
            return Ok(Face::Any);
        }
        let mut chars = text.chars();
        if let (Some(code), None) = (chars.next(), chars.next())
            && let Some(element) = Element::from_code(code)
        {
            return Ok(Face::Element(element));
        }
        Err(serde::de::Error::custom(format!(
            "'{text}' is not a die face; expected \"M\", \"H\", \"T\", \"J\", \"S\" or \"any\""
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relation_table_of_section_2_4() {
        // E, gen(E), genBy(E), ovc(E), ovcBy(E), as in the table of §2.4.
        let table = ["MHSTJ", "HTMJS", "TJHSM", "JSTMH", "SMJHT"];
        for row in table {
            let codes: Vec<Element> = row.chars().filter_map(Element::from_code).collect();
            let element = codes[0];
            assert_eq!(element.generates(), codes[1], "gen({element})");
            assert_eq!(element.generated_by(), codes[2], "genBy({element})");
            assert_eq!(element.overcomes(), codes[3], "ovc({element})");
            assert_eq!(element.overcome_by(), codes[4], "ovcBy({element})");
        }
    }
}
