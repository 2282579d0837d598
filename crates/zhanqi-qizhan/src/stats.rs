//! Effective stats and keywords (§5.6, §5.8): printed values, static auras of cards and
//! attachments, and timed or permanent modifiers, with the floors of §5.6.

use crate::board::{Side, Zone};
use crate::effect::{Effect, Keyword, Keywords, Op, Selector, Stat};
use crate::state::{BoardCard, ModifierKind, Qizhan};

/// A board card's effective values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Effective {
    /// Attack power, ≥ 0.
    pub atk: i32,
    /// Armour, ≥ 0.
    pub armour: i32,
    /// Range, ≥ 1 when printed ≥ 1.
    pub range: i32,
    /// Maximum troops, ≥ 1.
    pub max_troops: i32,
    /// Keywords, printed and gained.
    pub keywords: Keywords,
}

impl Effective {
    fn add(&mut self, kind: ModifierKind) {
        match kind {
            ModifierKind::Buff(stat, delta) => {
                let delta = i32::from(delta);
                match stat {
                    Stat::Atk => self.atk += delta,
                    Stat::Armour => self.armour += delta,
                    Stat::Range => self.range += delta,
                    Stat::MaxTroops => self.max_troops += delta,
                }
            }
            ModifierKind::Grant(keyword) => self.keywords.insert(keyword),
        }
    }
}

/// One static effect acting on the board (§5.3): what it adds, from which card and zone, and
/// to whom. The game keeps one per aura effect of each board card and attachment, so that
/// effective stats read neither the card table nor the board to find them.
///
/// The selector is kept as the three tests it comes to (which sides, the source's zone only,
/// the source only), so that checking a card is a few comparisons rather than a jump on the
/// selector, which the processor mispredicts when auras of several selectors are in play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Aura {
    /// The controller of the source.
    pub owner: Side,
    /// The source's entry number (the host's, for an attachment).
    pub entry: u32,
    /// The source's location on its owner's side, kept up to date as it moves.
    pub loc: u8,
    /// The sides it reaches: bit 0 the owner's, bit 1 the other.
    pub sides: u8,
    /// Whether it reaches only the other cards of the source's zone (`friends_zone`).
    pub zone_only: bool,
    /// Whether it reaches only the source (`self`, which no range limits).
    pub source_only: bool,
    /// Its range limit, if any.
    pub range: Option<u8>,
    /// What it adds.
    pub kind: ModifierKind,
}

impl Aura {
    /// The aura of one static `buff` or `grant` effect of a source card; `None` for any
    /// other operation or a selector that chooses or names a player.
    fn of(owner: Side, source: &BoardCard, effect: &Effect) -> Option<Aura> {
        let kind = match effect.op {
            Op::Buff(stat, delta) => ModifierKind::Buff(stat, delta),
            Op::Grant(keyword) => ModifierKind::Grant(keyword),
            _ => return None,
        };
        const OWNER: u8 = 0b01;
        const OTHER: u8 = 0b10;
        let (sides, zone_only, source_only) = match effect.selector {
            Selector::Own => (OWNER | OTHER, false, true),
            Selector::FriendsZone => (OWNER, true, false),
            Selector::AllFriends => (OWNER, false, false),
            Selector::AllEnemies => (OTHER, false, false),
            Selector::All => (OWNER | OTHER, false, false),
            _ => return None,
        };
        Some(Aura {
            owner,
            entry: source.entry,
            loc: source.loc,
            sides,
            zone_only,
            source_only,
            range: if source_only { None } else { effect.range },
            kind,
        })
    }

    /// Whether it reaches the card `target` of `target_side`.
    #[inline]
    fn reaches(&self, game: &Qizhan, target_side: Side, target: &BoardCard) -> bool {
        let side_bit = 1 << u8::from(target_side != self.owner);
        let is_source = target.entry == self.entry;
        // `&` rather than `&&`: all are cheap, and one jump is easier to predict than three.
        let selected = (self.sides & side_bit != 0)
            & (!self.zone_only | ((target.loc == self.loc) & !is_source))
            & (!self.source_only | is_source);
        selected
            && self.range.is_none_or(|r| {
                game.distance(
                    Zone::new(self.owner, self.loc),
                    Zone::new(target_side, target.loc),
                ) <= r
            })
    }
}

impl Qizhan {
    /// The effective stats and keywords of a card of `side` on the board.
    #[must_use]
    pub fn effective(&self, side: Side, card: &BoardCard) -> Effective {
        let printed = self.card(card.card);
        let mut value = Effective {
            atk: i32::from(printed.atk),
            armour: i32::from(printed.armour),
            range: i32::from(printed.range),
            max_troops: i32::from(printed.troops),
            keywords: printed.keywords,
        };
        if !self.aura_sources.is_empty() {
            self.add_auras(side, card, &mut value);
        }
        for modifier in &self.modifiers {
            if modifier.host == card.entry {
                value.add(modifier.kind);
            }
        }
        value.atk = value.atk.max(0);
        value.armour = value.armour.max(0);
        value.range = value.range.max(i32::from(printed.range >= 1));
        value.max_troops = value.max_troops.max(1);
        value
    }

    /// A board card's effective attack and range (§5.6): what listing its attacks needs,
    /// without the rest of [`Qizhan::effective`].
    #[inline]
    pub(crate) fn attack_stats(&self, side: Side, card: &BoardCard) -> (i32, i32) {
        let printed = self.card(card.card);
        let (mut atk, mut range) = (i32::from(printed.atk), i32::from(printed.range));
        let mut buff = |kind: ModifierKind| {
            if let ModifierKind::Buff(stat, delta) = kind {
                match stat {
                    Stat::Atk => atk += i32::from(delta),
                    Stat::Range => range += i32::from(delta),
                    Stat::Armour | Stat::MaxTroops => {}
                }
            }
        };
        for aura in &self.aura_sources {
            if aura.reaches(self, side, card) {
                buff(aura.kind);
            }
        }
        for modifier in &self.modifiers {
            if modifier.host == card.entry {
                buff(modifier.kind);
            }
        }
        (atk.max(0), range.max(i32::from(printed.range >= 1)))
    }

    /// Adds the static buffs and grants of every card and attachment that reach the card.
    fn add_auras(&self, side: Side, card: &BoardCard, value: &mut Effective) {
        for aura in &self.aura_sources {
            if aura.reaches(self, side, card) {
                value.add(aura.kind);
            }
        }
    }

    /// Rebuilds the list of auras on the board: those of every board card, then those of
    /// every attachment (its host as source), each card's in the order of its effects.
    pub(crate) fn refresh_auras(&mut self) {
        self.aura_sources.clear();
        let table = &self.rules.table;
        if !table.any_auras {
            return;
        }
        for owner in Side::BOTH {
            for source in &self.sides[owner].board {
                if table.has_aura(source.card) {
                    for effect in &table.card(source.card).auras {
                        self.aura_sources.extend(Aura::of(owner, source, effect));
                    }
                }
            }
        }
        for attachment in &self.attachments {
            if table.has_aura(attachment.card)
                && let Some((owner, host)) = Side::BOTH.into_iter().find_map(|side| {
                    self.sides[side]
                        .board
                        .iter()
                        .find(|c| c.entry == attachment.host)
                        .map(|c| (side, c))
                })
            {
                for effect in &table.card(attachment.card).auras {
                    self.aura_sources.extend(Aura::of(owner, host, effect));
                }
            }
        }
    }

    /// The auras of a card that moved follow it to its new location.
    pub(crate) fn move_auras(&mut self, entry: u32, loc: u8) {
        for aura in &mut self.aura_sources {
            if aura.entry == entry {
                aura.loc = loc;
            }
        }
    }

    /// A board card's keywords now: printed, unless an aura or a modifier grants some.
    #[must_use]
    pub fn keywords(&self, side: Side, card: &BoardCard) -> Keywords {
        self.keywords_with(self.keywords_granted(), side, card)
    }

    /// Whether any card's keywords may differ from its printed ones now: a card of the table
    /// grants keywords by an aura, or a modifier grants one.
    pub(crate) fn keywords_granted(&self) -> bool {
        self.rules.table.keyword_auras
            || self
                .modifiers
                .iter()
                .any(|m| matches!(m.kind, ModifierKind::Grant(_)))
    }

    /// A board card's keywords, given [`Qizhan::keywords_granted`].
    pub(crate) fn keywords_with(&self, granted: bool, side: Side, card: &BoardCard) -> Keywords {
        if granted {
            self.effective(side, card).keywords
        } else {
            self.card(card.card).keywords
        }
    }

    /// Whether a board card has a keyword now.
    #[must_use]
    pub fn has_keyword(&self, side: Side, card: &BoardCard, keyword: Keyword) -> bool {
        self.keywords(side, card).contains(keyword)
    }

    /// The per-turn MP of a card (7.3(b)): `swift_mp` with swift, `base_mp` otherwise, 0 for
    /// buildings.
    #[must_use]
    pub fn per_turn_mp(&self, side: Side, card: &BoardCard) -> u16 {
        let options = &self.rules.options;
        if !matches!(
            self.card(card.card).kind,
            crate::Kind::General | crate::Kind::Troop
        ) {
            0
        } else if self.has_keyword(side, card, Keyword::Swift) {
            options.swift_mp as u16
        } else {
            options.base_mp as u16
        }
    }

    /// Lowers `troops_now` to the effective `max_troops` wherever it has fallen below (5.6).
    ///
    /// Called after nearly every change of the board, so the test that no card of the table
    /// can change a maximum is inlined into the callers, and the scan kept apart.
    #[inline]
    pub(crate) fn clamp_troops(&mut self) {
        if self.rules.table.max_troops_buffs {
            self.clamp_every_card();
        }
    }

    /// [`Qizhan::clamp_troops`] on every board card.
    #[inline(never)]
    fn clamp_every_card(&mut self) {
        for side in Side::BOTH {
            for index in 0..self.sides[side].board.len() {
                let card = self.sides[side].board[index];
                let max = self.effective(side, &card).max_troops;
                if card.troops > max {
                    self.sides[side].board[index].troops = max;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{Game, GameRng, ToAct};

    use crate::{Qizhan, QizhanOptions};

    /// The aura list kept along the play is the one rebuilt from scratch, at every position
    /// of random games with both starter decks (equipment, Lan Yue, Wolf Totem).
    #[test]
    fn the_kept_aura_list_matches_a_fresh_one() {
        let mut actions = Vec::new();
        for seed in 0..200 {
            let mut game = Qizhan::new(&QizhanOptions::default(), seed).unwrap();
            let mut rng = GameRng::stream(seed, 2);
            loop {
                let mut fresh = game.clone();
                fresh.refresh_auras();
                assert_eq!(fresh.aura_sources, game.aura_sources, "seed {seed}");
                match game.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        game.roll().unwrap();
                    }
                    ToAct::Seats(seats) => {
                        let seat = seats.lowest().unwrap();
                        actions.clear();
                        game.legal_actions(seat, &mut actions);
                        let action = actions[rng.below(actions.len())];
                        game.apply_unchecked(seat, &action);
                    }
                }
            }
        }
    }
}
