//! Combat (§2.2): who survives when a piece attacks another.

use crate::Kind;

/// The result of an attack (§2.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Battle {
    /// `A`: the defender is removed and the attacker moves onto its post.
    AttackerWins,
    /// `D`: the attacker is removed; the defender stays.
    DefenderWins,
    /// `X`: both are removed.
    BothRemoved,
}

impl Battle {
    /// The record letter: `A`, `D` or `X`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Battle::AttackerWins => 'A',
            Battle::DefenderWins => 'D',
            Battle::BothRemoved => 'X',
        }
    }

    /// The battle with this record letter.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Battle> {
        match letter {
            'A' => Some(Battle::AttackerWins),
            'D' => Some(Battle::DefenderWins),
            'X' => Some(Battle::BothRemoved),
            _ => None,
        }
    }
}

/// Resolves an attack with the first matching rule of CB-1 … CB-5.
#[must_use]
pub const fn battle(attacker: Kind, defender: Kind) -> Battle {
    match (attacker, defender) {
        (Kind::Bomb, Kind::Flag) => Battle::BothRemoved,
        (_, Kind::Flag) => Battle::AttackerWins,
        (Kind::Bomb, _) | (_, Kind::Bomb) => Battle::BothRemoved,
        (Kind::Engineer, Kind::Mine) => Battle::AttackerWins,
        (_, Kind::Mine) => Battle::DefenderWins,
        _ => {
            let (a, d) = (attacker.rank(), defender.rank());
            if a == d {
                Battle::BothRemoved
            } else if a > d {
                Battle::AttackerWins
            } else {
                Battle::DefenderWins
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The combat matrix of §2.2, rows = attacker S…B, columns = defender S…F.
    const MATRIX: [&str; 10] = [
        "XAAAAAAAAXDA",
        "DXAAAAAAAXDA",
        "DDXAAAAAAXDA",
        "DDDXAAAAAXDA",
        "DDDDXAAAAXDA",
        "DDDDDXAAAXDA",
        "DDDDDDXAAXDA",
        "DDDDDDDXAXDA",
        "DDDDDDDDXXAA",
        "XXXXXXXXXXXX",
    ];

    #[test]
    fn matches_the_combat_matrix() {
        for (row, line) in MATRIX.iter().enumerate() {
            for (column, letter) in line.chars().enumerate() {
                let (attacker, defender) = (Kind::ALL[row], Kind::ALL[column]);
                assert_eq!(
                    battle(attacker, defender).letter(),
                    letter,
                    "{attacker} attacks {defender}"
                );
            }
        }
    }
}
