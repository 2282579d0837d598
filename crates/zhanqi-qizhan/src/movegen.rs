//! Legal actions (§12.4–12.5): who acts at each resting position and what they may do.

use zhanqi_core::{SeatSet, ToAct};

use crate::action::Action;
use crate::board::{Side, Zone};
use crate::cards::{Card, CardIndex, Kind};
use crate::effect::Keyword;
use crate::resolve::Choice;
use crate::state::{BoardCard, CardRef, Phase, Qizhan};

impl Qizhan {
    /// Who acts now.
    #[must_use]
    pub fn acting(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::Main => match self.stack.last() {
                None => ToAct::Seats(SeatSet::only(self.active.seat())),
                Some(frame) => match self.pending_choice() {
                    Some(Choice::Discard(_)) => ToAct::Chance,
                    _ => ToAct::Seats(SeatSet::only(frame.side.seat())),
                },
            },
            _ => ToAct::Seats(SeatSet::only(self.active.seat())),
        }
    }

    /// The side that acts now, if a side does.
    #[must_use]
    pub fn acting_side(&self) -> Option<Side> {
        match self.acting() {
            ToAct::Seats(seats) => seats.lowest().and_then(Side::of_seat),
            _ => None,
        }
    }

    /// Appends every legal action of `side` (none when it need not act).
    pub fn push_actions(&self, side: Side, out: &mut Vec<Action>) {
        if self.acting_side() != Some(side) {
            return;
        }
        match self.phase {
            Phase::Discard | Phase::Trim => {
                self.each_hand_id(|card| out.push(Action::Discard(card)))
            }
            Phase::Swap => {
                out.push(Action::NoSwap);
                self.each_hand_id(|card| out.push(Action::Swap(card)));
            }
            Phase::Main if !self.stack.is_empty() => self.for_each_option(|a| out.push(a)),
            Phase::Main => self.push_main_actions(out),
            Phase::Over => {}
        }
    }

    /// Appends the chance outcomes of a random discard.
    pub fn push_chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if self.acting() == ToAct::Chance {
            self.for_each_option(|a| out.push((a, 1)));
        }
    }

    /// Calls `f` once for each different id in the active side's hand.
    fn each_hand_id(&self, mut f: impl FnMut(CardIndex)) {
        let mut previous = None;
        for card in &self.sides[self.active].hand {
            if previous != Some(card.card) {
                f(card.card);
                previous = Some(card.card);
            }
        }
    }

    /// MAIN: end, plays, moves and attacks.
    fn push_main_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::End);
        let side = self.active;
        let graph = &self.rules.graph;
        let capacity = self.rules.options.zone_capacity as usize;
        // The locations with room, once for every play and move: the board is sorted by
        // location, so each location's cards are one run.
        let mut room = (1u64 << graph.locations()) - 1;
        if capacity > 0 {
            let board = &self.sides[side].board;
            let mut start = 0;
            while start < board.len() {
                let loc = board[start].loc;
                let run = board[start..].iter().take_while(|c| c.loc == loc).count();
                if run >= capacity {
                    room &= !(1u64 << loc);
                }
                start += run;
            }
        }
        let budget = self.budget();
        self.each_hand_id(|card| {
            if self.spent + u32::from(self.card(card).cost) <= budget {
                self.push_plays(card, room, out);
            }
        });
        let enemy = side.other();
        let granted = self.keywords_granted();
        // The enemy locations that hold a guard (5.8), once for every attack.
        let mut guarded = 0u64;
        for target in &self.sides[enemy].board {
            if self
                .keywords_with(granted, enemy, target)
                .contains(Keyword::Guard)
            {
                guarded |= 1 << target.loc;
            }
        }
        for card in &self.sides[side].board {
            let from = Qizhan::reference(side, card);
            if card.mp >= 1 {
                let printed = self.card(card.card);
                if matches!(printed.kind, Kind::General | Kind::Troop) {
                    let mut destinations =
                        graph.neighbours(card.loc) & room & graph.locations_of(printed.zones);
                    while destinations != 0 {
                        let loc = destinations.trailing_zeros() as u8;
                        destinations &= destinations - 1;
                        out.push(Action::Move(from, Zone::new(side, loc)));
                    }
                }
            }
            if card.ap >= 1 && !card.stunned && !self.sides[enemy].board.is_empty() {
                let (atk, range) = self.attack_stats(side, card);
                if atk >= 1 {
                    let reach = graph.across_within(card.loc, range);
                    for target in &self.sides[enemy].board {
                        // A target is guarded when its zone holds a guard and it is none.
                        if reach & (1 << target.loc) != 0
                            && (guarded & (1 << target.loc) == 0
                                || self
                                    .keywords_with(granted, enemy, target)
                                    .contains(Keyword::Guard))
                        {
                            out.push(Action::Attack(from, Qizhan::reference(enemy, target)));
                        }
                    }
                }
            }
        }
    }

    /// The plays of one affordable card id (§6.1, 5.7(b)); `room` holds the active side's
    /// locations that have room.
    fn push_plays(&self, card: CardIndex, room: u64, out: &mut Vec<Action>) {
        let side = self.active;
        let printed = self.card(card);
        match printed.kind {
            Kind::General | Kind::Troop | Kind::Building => {
                let kinds = printed.deploy_zones.and(printed.zones);
                let mut locations = room & self.rules.graph.locations_of(kinds);
                while locations != 0 {
                    let loc = locations.trailing_zeros() as u8;
                    locations &= locations - 1;
                    out.push(Action::PlayInto(card, Zone::new(side, loc)));
                }
            }
            Kind::Event => {
                if self.first_choice_has_target(printed, None) {
                    out.push(Action::PlayEvent(card));
                }
            }
            Kind::Equipment | Kind::Skill | Kind::Soul => {
                // Whether the first chosen effect has a target depends on the host's zone
                // only: it is found once a location, the bits of `checked` and `reached`.
                let (mut checked, mut reached) = (0u64, 0u64);
                for host in &self.sides[side].board {
                    if !self.fits_host(printed, host) {
                        continue;
                    }
                    let bit = 1u64 << host.loc;
                    if checked & bit == 0 {
                        checked |= bit;
                        if self.first_choice_has_target(printed, Some(Zone::new(side, host.loc))) {
                            reached |= bit;
                        }
                    }
                    if reached & bit != 0 {
                        out.push(Action::PlayOn(card, Qizhan::reference(side, host)));
                    }
                }
            }
        }
    }

    /// Whether `host` may be the host or caster of an aux card (§6.1), its first chosen
    /// effect aside: a general or troop with room for an attachment, a general with AP for a
    /// soul skill, any card for a skill that does not attach.
    fn fits_host(&self, printed: &Card, host: &BoardCard) -> bool {
        if printed.attaches() {
            matches!(self.card(host.card).kind, Kind::General | Kind::Troop)
                && self.attachments_of(host.entry).count() < self.rules.options.equip_limit as usize
        } else if printed.kind == Kind::Soul {
            self.card(host.card).kind == Kind::General && host.ap >= 1
        } else {
            printed.kind == Kind::Skill
        }
    }

    /// 5.7(b): the first `play` effect that needs a chosen card or zone has an option from
    /// `source`.
    fn first_choice_has_target(&self, printed: &Card, source: Option<Zone>) -> bool {
        printed
            .first_choice
            .is_none_or(|effect| self.has_chosen_target(self.active, source, &effect))
    }

    /// Whether an action is legal for `side` now (the checked path).
    #[must_use]
    pub fn is_legal(&self, side: Side, action: &Action) -> bool {
        if *action == Action::Concede {
            return self.phase != Phase::Over;
        }
        if self.acting() == ToAct::Chance {
            let mut found = false;
            self.for_each_option(|a| found |= a == *action);
            return found;
        }
        let mut actions = Vec::new();
        self.push_actions(side, &mut actions);
        actions.contains(action)
    }

    /// A board card of the active side named by a reference.
    #[must_use]
    pub fn own_card(&self, card: CardRef) -> Option<&BoardCard> {
        (card.zone.side == self.active)
            .then(|| self.at(card))
            .flatten()
    }
}
