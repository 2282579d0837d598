//! Attacks, counter-attacks and damage (§6.3–6.5).

use crate::board::{Side, Zone};
use crate::cards::{AttackType, Kind};
use crate::effect::{Keyword, Trigger};
use crate::state::{BoardCard, CardRef, Extra, Frame, Qizhan};
use crate::stats::Effective;

/// The damage attacker `x` deals defender `y` (§6.4), from their effective stats.
#[must_use]
pub fn attack_damage(
    x: &Effective,
    x_type: AttackType,
    y: &Effective,
    y_kind: Kind,
    min_damage: u32,
) -> i32 {
    if x.atk == 0 {
        return 0;
    }
    let base = match x_type {
        AttackType::Pierce => x.atk,
        AttackType::Strike | AttackType::Siege => x.atk - y.armour,
    };
    let damage = base.max(min_damage as i32);
    if x_type == AttackType::Siege && y_kind == Kind::Building {
        damage * 2
    } else {
        damage
    }
}

impl Qizhan {
    /// Whether a card of `side` may attack now (§6.3): AP, effective atk ≥ 1, not stunned.
    #[must_use]
    pub fn can_attack(&self, side: Side, card: &BoardCard) -> bool {
        card.ap >= 1 && !card.stunned && self.effective(side, card).atk >= 1
    }

    /// Whether a guard blocks attacks on `target` (5.8): it is no guard, and another card of
    /// its zone is.
    #[must_use]
    pub fn guarded(&self, side: Side, target: &BoardCard) -> bool {
        !self.has_keyword(side, target, Keyword::Guard)
            && self.sides[side].board.iter().any(|c| {
                c.loc == target.loc
                    && c.entry != target.entry
                    && self.has_keyword(side, c, Keyword::Guard)
            })
    }

    /// Whether the attacker may attack the target, both on the board (§6.3).
    #[must_use]
    pub fn attack_is_legal(&self, attacker: CardRef, target: CardRef) -> bool {
        let (Some(x), Some(y)) = (self.at(attacker), self.at(target)) else {
            return false;
        };
        attacker.zone.side == self.active
            && target.zone.side != self.active
            && self.can_attack(attacker.zone.side, x)
            && i32::from(self.distance(attacker.zone, target.zone))
                <= self.effective(attacker.zone.side, x).range
            && !self.guarded(target.zone.side, y)
    }

    /// The damage an attack of `x` on `y` would deal now, and the counter-damage `y` would
    /// deal back (0 when it does not counter): §6.4–6.5 on the effective stats.
    #[must_use]
    pub fn exchange(&self, x_side: Side, x: &BoardCard, y_side: Side, y: &BoardCard) -> (i32, i32) {
        let (x_card, y_card) = (self.card(x.card), self.card(y.card));
        let (x_stats, y_stats) = (self.effective(x_side, x), self.effective(y_side, y));
        let min_damage = self.rules.options.min_damage;
        let dealt = attack_damage(
            &x_stats,
            x_card.attack_type,
            &y_stats,
            y_card.kind,
            min_damage,
        );
        let counters = y_card.counter
            && y_stats.atk >= 1
            && !y.stunned
            && i32::from(self.distance(Zone::new(y_side, y.loc), Zone::new(x_side, x.loc)))
                <= y_stats.range;
        let countered = if counters {
            attack_damage(
                &y_stats,
                y_card.attack_type,
                &x_stats,
                x_card.kind,
                min_damage,
            )
        } else {
            0
        };
        (dealt, countered)
    }

    /// An attack (12.6(c)): damage and counter-damage together, the attacker's `attack`
    /// frames, destruction (defender first), then the stack runs.
    pub(crate) fn attack(&mut self, attacker: CardRef, target: CardRef) {
        let (x_side, y_side) = (attacker.zone.side, target.zone.side);
        let (Some(x_index), Some(y_index)) = (
            self.sides[x_side].board_position(attacker.entry),
            self.sides[y_side].board_position(target.entry),
        ) else {
            return;
        };
        let x = self.sides[x_side].board[x_index];
        let y = self.sides[y_side].board[y_index];
        let x_card = self.card(x.card);
        let (dealt, countered) = self.exchange(x_side, &x, y_side, &y);
        let has_attack_trigger = x_card.has(Trigger::Attack);
        self.sides[x_side].board[x_index].ap -= 1;
        self.sides[x_side].board[x_index].troops -= countered;
        self.sides[y_side].board[y_index].troops -= dealt;
        let base = self.stack.len();
        let source = Some(Qizhan::reference(x_side, &x));
        if has_attack_trigger {
            self.stack.push(Frame {
                trigger: Trigger::Attack,
                card: x.card,
                side: x_side,
                source,
                next: 0,
                extra: Extra::None,
            });
        }
        for attached in self.attachments.iter().filter(|a| a.host == x.entry) {
            if self.rules.table.card(attached.card).has(Trigger::Attack) {
                self.stack.push(Frame {
                    trigger: Trigger::Attack,
                    card: attached.card,
                    side: x_side,
                    source,
                    next: 0,
                    extra: Extra::None,
                });
            }
        }
        self.place_from(base);
        self.destruction(Some((y.entry, x.entry)));
        if self.stack.is_empty() {
            self.check();
        }
        self.run_stack();
    }
}
