//! Resolution between resting positions (§5.7, §6.6, §8.1, §12.6(d)–(e), (g)): the stack,
//! choices, the operations of §5.3, destruction and the game-end check.

use crate::action::Action;
use crate::board::{Side, Zone};
use crate::cards::{CardIndex, Kind};
use crate::effect::{Duration, Effect, Op, Selector, Trigger};
use crate::state::{
    BoardCard, CardRef, Extra, Frame, GameResult, Lasting, Modifier, ModifierKind, PILE_GENERAL,
    Phase, Qizhan, Reason, SideCards,
};

/// The kind of choice the top frame waits for (12.6(e) step 4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Choice {
    /// A destination for the first card of the `shift=` list.
    Shift,
    /// A `revive` pick of printed cost ≤ c.
    Revive(u16),
    /// A random discard from this side's hand.
    Discard(Side),
    /// A card target.
    Card,
    /// An enemy zone.
    Zone,
}

impl Qizhan {
    /// The zone a frame's source is in now, or was last in.
    pub(crate) fn source_zone(&self, source: Option<CardRef>) -> Option<Zone> {
        let source = source?;
        match self.find(source.entry) {
            Some((side, card)) => Some(Zone::new(side, card.loc)),
            None => Some(source.zone),
        }
    }

    /// Whether `zone` is within the effect's range of the source.
    fn in_range(&self, source: Option<Zone>, effect: &Effect, zone: Zone) -> bool {
        match (effect.range, source) {
            (Some(range), Some(source)) => self.distance(source, zone) <= range,
            _ => true,
        }
    }

    /// Places frames so that the first of the list is on top: call with the stack length
    /// before the frames were pushed in list order.
    pub(crate) fn place_from(&mut self, base: usize) {
        self.stack[base..].reverse();
    }

    /// The index of the next effect of the top frame's trigger, from `<next>` on.
    fn next_effect(&self, frame: &Frame) -> Option<usize> {
        let effects = &self.card(frame.card).effects;
        (usize::from(frame.next)..effects.len()).find(|&i| effects[i].trigger == frame.trigger)
    }

    /// The top frame and the effect at its `<next>`.
    pub(crate) fn pending_effect(&self) -> Option<(&Frame, Effect)> {
        let frame = self.stack.last()?;
        let effect = *self.card(frame.card).effects.get(usize::from(frame.next))?;
        Some((frame, effect))
    }

    /// The choice a frame's effect needs, if any.
    pub(crate) fn choice_of(frame: &Frame, effect: &Effect) -> Option<Choice> {
        if matches!(frame.extra, Extra::Shift(_)) {
            return Some(Choice::Shift);
        }
        match effect.op {
            Op::Revive(cost) => Some(Choice::Revive(cost)),
            Op::Discard(_) if effect.selector.names_player() => Some(Choice::Discard(
                Qizhan::player_of(frame.side, effect.selector),
            )),
            op if op.is_card_op() && effect.selector == Selector::EnemyZone => Some(Choice::Zone),
            op if op.is_card_op() && effect.selector.chooses() => Some(Choice::Card),
            _ => None,
        }
    }

    /// The player a player selector names.
    fn player_of(controller: Side, selector: Selector) -> Side {
        if selector == Selector::Opponent {
            controller.other()
        } else {
            controller
        }
    }

    /// The choice the game rests on, if the top frame waits for one.
    pub(crate) fn pending_choice(&self) -> Option<Choice> {
        let (frame, effect) = self.pending_effect()?;
        Qizhan::choice_of(frame, &effect)
    }

    /// Calls `f` for every option of the top frame's choice.
    pub(crate) fn for_each_option(&self, mut f: impl FnMut(Action)) {
        let Some((frame, effect)) = self.pending_effect() else {
            return;
        };
        let Some(choice) = Qizhan::choice_of(frame, &effect) else {
            return;
        };
        let controller = frame.side;
        let source = self.source_zone(frame.source);
        match choice {
            Choice::Shift => {
                if let Extra::Shift(list) = &frame.extra
                    && let Some(&first) = list.first()
                {
                    self.shift_destinations(first.entry, |zone| f(Action::To(zone)));
                }
            }
            Choice::Revive(cost) => self.revive_options(controller, cost, &mut f),
            Choice::Discard(side) => {
                for card in &self.sides[side].hand {
                    f(Action::Take(card.card, card.entry));
                }
            }
            Choice::Card => {
                self.each_chosen_target(controller, source, &effect, |side, card| {
                    f(Action::TargetCard(Qizhan::reference(side, card)));
                });
            }
            Choice::Zone => {
                let enemy = controller.other();
                let mut last = None;
                for card in &self.sides[enemy].board {
                    let zone = Zone::new(enemy, card.loc);
                    if last != Some(card.loc) && self.in_range(source, &effect, zone) {
                        f(Action::TargetZone(zone));
                    }
                    last = Some(card.loc);
                }
            }
        }
    }

    /// Every card a `friend`, `enemy` or `any` choice may take, active side first.
    pub(crate) fn each_chosen_target(
        &self,
        controller: Side,
        source: Option<Zone>,
        effect: &Effect,
        mut f: impl FnMut(Side, &BoardCard),
    ) {
        for side in [self.active, self.active.other()] {
            let fits = match effect.selector {
                Selector::Friend => side == controller,
                Selector::Enemy => side != controller,
                _ => true,
            };
            if !fits {
                continue;
            }
            for card in &self.sides[side].board {
                if self.in_range(source, effect, Zone::new(side, card.loc)) {
                    f(side, card);
                }
            }
        }
    }

    /// Whether an effect that chooses a card or zone has at least one option from `source`
    /// (5.7(b)).
    pub(crate) fn has_chosen_target(
        &self,
        controller: Side,
        source: Option<Zone>,
        effect: &Effect,
    ) -> bool {
        if effect.selector == Selector::EnemyZone {
            let enemy = controller.other();
            return self.sides[enemy]
                .board
                .iter()
                .any(|c| self.in_range(source, effect, Zone::new(enemy, c.loc)));
        }
        let mut any = false;
        self.each_chosen_target(controller, source, effect, |_, _| any = true);
        any
    }

    /// The zones a board card may be shifted to (§5.3): intra-side neighbours in its
    /// `zones`, with room.
    pub(crate) fn shift_destinations(&self, entry: u32, mut f: impl FnMut(Zone)) {
        let Some((side, card)) = self.find(entry) else {
            return;
        };
        let printed = self.card(card.card);
        let graph = &self.rules.graph;
        let neighbours = graph.neighbours(card.loc);
        for loc in 0..graph.locations() {
            let zone = Zone::new(side, loc);
            if neighbours & (1 << loc) != 0
                && printed.may_occupy(graph.kind(loc))
                && self.has_room(zone)
            {
                f(zone);
            }
        }
    }

    /// The `revive` options of a side: each main card of printed cost ≤ `cost` in its
    /// front/frontier/landing piles, with each own zone of that pile's kind it may occupy.
    fn revive_options(&self, side: Side, cost: u16, f: &mut impl FnMut(Action)) {
        let graph = &self.rules.graph;
        for (pile_index, pile) in self.sides[side].discard[..3].iter().enumerate() {
            let mut previous = None;
            for &card in pile {
                if previous == Some(card) {
                    continue;
                }
                previous = Some(card);
                let printed = self.card(card);
                if !printed.kind.is_main() || u16::from(printed.cost) > cost {
                    continue;
                }
                for loc in 0..graph.locations() {
                    let kind = graph.kind(loc);
                    let zone = Zone::new(side, loc);
                    if kind.index() == pile_index && printed.may_occupy(kind) && self.has_room(zone)
                    {
                        f(Action::Revive(card, zone));
                    }
                }
            }
        }
    }

    /// The stack runs (12.6(e)) until it is empty, a choice with two or more options is due,
    /// or the game is over.
    pub(crate) fn run_stack(&mut self) {
        loop {
            if self.phase == Phase::Over {
                return;
            }
            let Some(frame) = self.stack.last() else {
                self.check();
                return;
            };
            // Step 1: no effect of the trigger left.
            let Some(index) = self.next_effect(frame) else {
                self.pop_frame();
                self.check();
                continue;
            };
            // Step 2: an attack or turn-start source that has left.
            if matches!(frame.trigger, Trigger::Attack | Trigger::TurnStart)
                && !self.on_board(frame.source)
            {
                self.pop_frame();
                self.check();
                continue;
            }
            let effect = self.card(frame.card).effects[index];
            let top = self.stack.len() - 1;
            self.stack[top].next = index as u8;
            // Step 3: a shift whose selector chooses nothing makes its list.
            if effect.op == Op::Shift
                && !effect.selector.chooses()
                && !matches!(self.stack[top].extra, Extra::Shift(_))
            {
                let list = self.shift_list(&effect);
                self.stack[top].extra = Extra::Shift(list);
            }
            if matches!(self.stack[top].extra, Extra::Shift(_)) && self.trim_shift_list() {
                self.pass();
                self.check();
                continue;
            }
            // Step 4: a choice.
            let frame = &self.stack[top];
            if Qizhan::choice_of(frame, &effect).is_some() {
                let mut count = 0;
                let mut single = None;
                self.for_each_option(|action| {
                    count += 1;
                    single = Some(action);
                });
                match (count, single) {
                    (1, Some(action)) => self.apply_choice(action),
                    (0, _) => {
                        self.pass();
                        self.check();
                    }
                    _ => return,
                }
                continue;
            }
            // Step 5: applied to every target.
            self.apply_to_targets(&effect);
            self.pass();
            if !self.destruction(None) {
                self.check();
            }
        }
    }

    /// The targets of a shift whose selector chooses nothing, in 5.7(d) order.
    fn shift_list(&self, effect: &Effect) -> Vec<CardRef> {
        let mut list = Vec::new();
        self.each_fixed_target(effect, |side, card| {
            list.push(Qizhan::reference(side, card));
        });
        list
    }

    /// Drops the first cards of the top frame's shift list while they have left the board or
    /// have no destination; whether the list is now empty.
    fn trim_shift_list(&mut self) -> bool {
        loop {
            let top = self.stack.len() - 1;
            let Extra::Shift(list) = &self.stack[top].extra else {
                return true;
            };
            let Some(&first) = list.first() else {
                return true;
            };
            let mut movable = false;
            if self.on_board(Some(first)) {
                self.shift_destinations(first.entry, |_| movable = true);
            }
            if movable {
                return false;
            }
            if let Extra::Shift(list) = &mut self.stack[top].extra {
                list.remove(0);
            }
        }
    }

    /// `<next>` passes the top frame's effect.
    fn pass(&mut self) {
        if let Some(frame) = self.stack.last_mut() {
            frame.next += 1;
            frame.extra = Extra::None;
        }
    }

    /// Removes the top frame; a played skill, soul skill or event goes to its pile.
    fn pop_frame(&mut self) {
        if let Some(frame) = self.stack.pop() {
            self.frame_card_to_pile(&frame);
        }
    }

    /// Where a played skill, soul skill or event goes when its frame is done (§6.1).
    fn frame_card_to_pile(&mut self, frame: &Frame) {
        let card = self.card(frame.card);
        if frame.trigger != Trigger::Play || !card.is_spent_on_play() {
            return;
        }
        let soul = card.kind == Kind::Soul;
        let cards = &mut self.sides[frame.side];
        if soul {
            SideCards::pile_insert(&mut cards.exile, frame.card);
        } else {
            SideCards::pile_insert(&mut cards.discard[PILE_GENERAL], frame.card);
        }
    }

    /// CHECK (§8.1); whether the game is over.
    ///
    /// It runs after nearly every step of resolution, so the usual answer (both sides still
    /// hold cards) is inlined into the callers, and the end of the game kept apart.
    #[inline]
    pub(crate) fn check(&mut self) -> bool {
        if self.phase == Phase::Over {
            return true;
        }
        if self.sides[Side::A].has_cards() && self.sides[Side::B].has_cards() {
            return false;
        }
        self.end_without_cards();
        true
    }

    /// The end of CHECK (§8.1) when a side has no cards: it wins, or both lose, a draw.
    #[inline(never)]
    fn end_without_cards(&mut self) {
        let winner = match (
            self.sides[Side::A].has_cards(),
            self.sides[Side::B].has_cards(),
        ) {
            (true, true) => return,
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            (false, false) => None,
        };
        self.finish(GameResult {
            winner,
            reason: Reason::NoCards,
        });
    }

    /// Game over (12.6(g)): the pending frames are dropped, their played cards to the piles.
    pub(crate) fn finish(&mut self, result: GameResult) {
        self.phase = Phase::Over;
        self.result = Some(result);
        while let Some(frame) = self.stack.pop() {
            self.frame_card_to_pile(&frame);
        }
    }

    /// Applies a choice (an action or the single option of step 4) to the top frame.
    pub(crate) fn apply_choice(&mut self, action: Action) {
        let Some((frame, effect)) = self.pending_effect() else {
            return;
        };
        let controller = frame.side;
        let top = self.stack.len() - 1;
        match action {
            Action::TargetCard(target) => {
                if effect.op == Op::Shift {
                    self.stack[top].extra = Extra::Shift(vec![target]);
                    return;
                }
                self.op_on_card(controller, &effect, target.zone.side, target.entry);
                self.pass();
                if !self.destruction(None) {
                    self.check();
                }
            }
            Action::TargetZone(zone) => {
                if effect.op == Op::Shift {
                    let list = self.sides[zone.side]
                        .board
                        .iter()
                        .filter(|c| c.loc == zone.loc)
                        .map(|c| Qizhan::reference(zone.side, c))
                        .collect();
                    self.stack[top].extra = Extra::Shift(list);
                    return;
                }
                // The zone's cards are taken first: an `exile` removes them as it goes.
                let mut targets = std::mem::take(&mut self.scratch);
                targets.clear();
                targets.extend(
                    self.sides[zone.side]
                        .board
                        .iter()
                        .filter(|c| c.loc == zone.loc)
                        .map(|c| (zone.side, c.entry)),
                );
                for &(side, entry) in &targets {
                    self.op_on_card(controller, &effect, side, entry);
                }
                self.scratch = targets;
                self.pass();
                if !self.destruction(None) {
                    self.check();
                }
            }
            Action::To(zone) => {
                if let Extra::Shift(list) = &mut self.stack[top].extra {
                    let first = list.remove(0);
                    let empty = list.is_empty();
                    self.relocate(first.zone.side, first.entry, zone.loc);
                    if empty {
                        self.pass();
                    }
                }
                self.check();
            }
            Action::Revive(card, zone) => {
                let pile =
                    &mut self.sides[zone.side].discard[self.rules.graph.kind(zone.loc).index()];
                if let Some(at) = pile.iter().position(|&c| c == card) {
                    pile.remove(at);
                    self.enter_board(zone, card);
                }
                self.pass();
                self.check();
            }
            Action::Take(card, entry) => {
                let Choice::Discard(side) =
                    Qizhan::choice_of(frame, &effect).unwrap_or(Choice::Card)
                else {
                    return;
                };
                let total = match effect.op {
                    Op::Discard(n) => n,
                    _ => 1,
                };
                let left = match self.stack[top].extra {
                    Extra::Left(k) => k,
                    _ => total,
                };
                let hand = &mut self.sides[side].hand;
                if let Some(at) = hand.iter().position(|c| c.entry == entry && c.card == card) {
                    hand.remove(at);
                    SideCards::pile_insert(&mut self.sides[side].discard[PILE_GENERAL], card);
                }
                let remaining = left.saturating_sub(1);
                if remaining > 0 && !self.sides[side].hand.is_empty() {
                    self.stack[top].extra = Extra::Left(remaining);
                } else {
                    self.pass();
                }
                self.check();
            }
            _ => {}
        }
    }

    /// Calls `f` for every target of a selector that chooses nothing, in 5.7(d) order.
    fn each_fixed_target(&self, effect: &Effect, mut f: impl FnMut(Side, &BoardCard)) {
        let Some(frame) = self.stack.last() else {
            return;
        };
        let controller = frame.side;
        let source_entry = frame.source.map(|s| s.entry);
        let source = self.source_zone(frame.source);
        for side in [self.active, self.active.other()] {
            for card in &self.sides[side].board {
                let zone = Zone::new(side, card.loc);
                let selected = match effect.selector {
                    Selector::Own => {
                        if Some(card.entry) == source_entry {
                            f(side, card);
                        }
                        continue;
                    }
                    Selector::FriendsZone => {
                        side == controller
                            && Some(zone) == source
                            && Some(card.entry) != source_entry
                    }
                    Selector::AllFriends => side == controller,
                    Selector::AllEnemies => side != controller,
                    Selector::All => true,
                    _ => false,
                };
                if selected && self.in_range(source, effect, zone) {
                    f(side, card);
                }
            }
        }
    }

    /// Step 5: the effect acts on each of its targets.
    fn apply_to_targets(&mut self, effect: &Effect) {
        let Some(frame) = self.stack.last() else {
            return;
        };
        let controller = frame.side;
        if effect.op.is_player_op() {
            if effect.selector.names_player() {
                self.op_on_player(
                    controller,
                    effect,
                    Qizhan::player_of(controller, effect.selector),
                );
            }
            return;
        }
        if effect.selector.names_player() || effect.selector.chooses() {
            return;
        }
        let mut targets = std::mem::take(&mut self.scratch);
        targets.clear();
        self.each_fixed_target(effect, |side, card| targets.push((side, card.entry)));
        for &(side, entry) in &targets {
            self.op_on_card(controller, effect, side, entry);
        }
        self.scratch = targets;
    }

    /// A player operation on a player.
    fn op_on_player(&mut self, _controller: Side, effect: &Effect, side: Side) {
        match effect.op {
            Op::Draw(n) => {
                for _ in 0..n {
                    if !self.draw(side) {
                        break;
                    }
                }
            }
            Op::Cost(n) if side == self.active => {
                self.bonus = self.bonus.saturating_add(u32::from(n));
            }
            _ => {}
        }
    }

    /// A card operation on one card (§5.3).
    pub(crate) fn op_on_card(&mut self, controller: Side, effect: &Effect, side: Side, entry: u32) {
        let Some(index) = self.sides[side].board_position(entry) else {
            return;
        };
        let lasting = match effect.duration.unwrap_or(Duration::Turn) {
            Duration::Turn => Lasting::Turn,
            Duration::Round => Lasting::Round(controller),
            Duration::Perm => Lasting::Perm,
        };
        match effect.op {
            Op::Damage(n) => self.sides[side].board[index].troops -= i32::from(n),
            Op::Heal(n) => {
                let card = self.sides[side].board[index];
                let max = self.effective(side, &card).max_troops;
                let healed = (card.troops + i32::from(n)).min(max).max(card.troops);
                self.sides[side].board[index].troops = healed;
            }
            Op::Buff(stat, delta) => {
                self.modifiers.push(Modifier {
                    host: entry,
                    kind: ModifierKind::Buff(stat, delta),
                    lasting,
                });
                self.clamp_troops();
            }
            Op::Grant(keyword) => self.modifiers.push(Modifier {
                host: entry,
                kind: ModifierKind::Grant(keyword),
                lasting,
            }),
            Op::Reinforce(n) => {
                self.modifiers.push(Modifier {
                    host: entry,
                    kind: ModifierKind::Buff(crate::Stat::MaxTroops, n.min(1000) as i16),
                    lasting: Lasting::Perm,
                });
                self.sides[side].board[index].troops += i32::from(n);
            }
            Op::Points(a, m) => {
                let card = &mut self.sides[side].board[index];
                card.ap = card.ap.saturating_add(a);
                card.mp = card.mp.saturating_add(m);
            }
            Op::Destroy(k) => {
                let card = &mut self.sides[side].board[index];
                if card.troops <= i32::from(k) {
                    card.marked = true;
                }
            }
            Op::Exile => {
                let card = self.sides[side].board.remove(index);
                SideCards::pile_insert(&mut self.sides[side].exile, card.card);
                self.drop_attachments_and_modifiers(side, card.entry);
                self.clamp_troops();
            }
            Op::Stun => {
                let card = &mut self.sides[side].board[index];
                card.ap = 0;
                card.mp = 0;
                card.stunned = true;
            }
            Op::Shift | Op::Revive(_) | Op::Draw(_) | Op::Discard(_) | Op::Cost(_) => {}
        }
    }

    /// A card that left the board loses its attachments (to `DISCARD.GENERAL`), its
    /// modifiers and the auras it was the source of.
    fn drop_attachments_and_modifiers(&mut self, side: Side, entry: u32) {
        let mut index = 0;
        while index < self.attachments.len() {
            if self.attachments[index].host == entry {
                let attached = self.attachments.remove(index);
                SideCards::pile_insert(&mut self.sides[side].discard[PILE_GENERAL], attached.card);
            } else {
                index += 1;
            }
        }
        self.modifiers.retain(|m| m.host != entry);
        // The auras of the card and of its attachments all name it as their source; the
        // others keep their order, so the list stays the one `refresh_auras` would build.
        self.aura_sources.retain(|aura| aura.entry != entry);
    }

    /// Moves a board card to another location of its side, keeping its entry number; frames
    /// and shift lists that name it follow.
    pub(crate) fn relocate(&mut self, side: Side, entry: u32, loc: u8) {
        let Some(index) = self.sides[side].board_position(entry) else {
            return;
        };
        self.sides[side].board_move(index, loc);
        self.move_auras(entry, loc);
        for frame in &mut self.stack {
            if let Some(source) = &mut frame.source
                && source.entry == entry
            {
                source.zone.loc = loc;
            }
            if let Extra::Shift(list) = &mut frame.extra {
                for item in list.iter_mut().filter(|item| item.entry == entry) {
                    item.zone.loc = loc;
                }
            }
        }
        self.clamp_troops();
    }

    /// A main card enters a zone (a play or `revive`): next entry number, troops at the
    /// effective maximum, and points only with `charge` or `fresh_cards_ready`.
    pub(crate) fn enter_board(&mut self, zone: Zone, card: CardIndex) -> u32 {
        let entry = self.next_entry();
        let side = zone.side;
        self.sides[side].board_insert(BoardCard {
            card,
            entry,
            loc: zone.loc,
            troops: 0,
            ap: 0,
            mp: 0,
            stunned: false,
            marked: false,
        });
        // A card that enters has no attachments, so only its own auras can be new.
        if self.rules.table.has_aura(card) {
            self.refresh_auras();
        }
        let index = self.sides[side].board_position(entry).unwrap_or(0);
        let placed = self.sides[side].board[index];
        let effective = self.effective(side, &placed);
        let ready = self.rules.options.fresh_cards_ready
            || effective.keywords.contains(crate::Keyword::Charge);
        let mp = if ready {
            self.per_turn_mp(side, &placed)
        } else {
            0
        };
        let card = &mut self.sides[side].board[index];
        card.troops = effective.max_troops;
        if ready {
            card.ap = self.rules.options.base_ap as u16;
            card.mp = mp;
        }
        self.clamp_troops();
        entry
    }

    /// Destruction (12.6(d)): every card at 0 troops or less (below 0 without
    /// `destroy_on_zero`) or marked leaves together; then their `destroyed` frames are
    /// placed, in an attack the defender's first, then the attacker's, the rest in 5.7(d)
    /// order. Whether any frame was placed.
    pub(crate) fn destruction(&mut self, attack: Option<(u32, u32)>) -> bool {
        self.clamp_troops();
        let on_zero = self.rules.options.destroy_on_zero;
        let dying = |card: &BoardCard| card.marked || card.troops < i32::from(on_zero);
        if !Side::BOTH
            .into_iter()
            .any(|side| self.sides[side].board.iter().any(dying))
        {
            return false;
        }
        let mut order = std::mem::take(&mut self.scratch);
        order.clear();
        if let Some((defender, attacker)) = attack {
            for entry in [defender, attacker] {
                if let Some((side, card)) = self.find(entry)
                    && dying(card)
                {
                    order.push((side, entry));
                }
            }
        }
        for side in [self.active, self.active.other()] {
            for card in &self.sides[side].board {
                if dying(card) && !order.contains(&(side, card.entry)) {
                    order.push((side, card.entry));
                }
            }
        }
        let base = self.stack.len();
        for &(side, entry) in &order {
            let Some(index) = self.sides[side].board_position(entry) else {
                continue;
            };
            let card = self.sides[side].board.remove(index);
            let kind = self.rules.graph.kind(card.loc);
            SideCards::pile_insert(&mut self.sides[side].discard[kind.index()], card.card);
            let source = Some(Qizhan::reference(side, &card));
            if self.card(card.card).has(Trigger::Destroyed) {
                self.stack.push(Frame {
                    trigger: Trigger::Destroyed,
                    card: card.card,
                    side,
                    source,
                    next: 0,
                    extra: Extra::None,
                });
            }
            for attached in self.attachments.iter().filter(|a| a.host == entry) {
                if self.rules.table.card(attached.card).has(Trigger::Destroyed) {
                    self.stack.push(Frame {
                        trigger: Trigger::Destroyed,
                        card: attached.card,
                        side,
                        source,
                        next: 0,
                        extra: Extra::None,
                    });
                }
            }
            self.drop_attachments_and_modifiers(side, entry);
        }
        self.scratch = order;
        self.place_from(base);
        self.clamp_troops();
        self.stack.len() > base
    }
}
