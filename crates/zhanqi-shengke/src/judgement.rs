//! Phase <4>, the judgement (§7.5): 行剋, 剋行, 行生 and 生行 for the cards placed this turn,
//! in the order the `resolution` option gives, stopping where the active player must choose a
//! card to recover.

use crate::action::EventSink;
use crate::game::{PendingRecovery, Phase};
use crate::{
    CardId, CardSet, Cell, Element, Event, FieldCard, Placement, Resolution, Shengke, Targets,
};

/// One stage of the judgement: a step for some of the placed cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// Step 1, 行剋, for the placed cards in the mask (bit i: placed card i).
    Overcome(u8),
    /// Step 2, 剋行, for the placed cards in the mask.
    OvercomeBy(u8),
    /// Step 3, 行生, for one placed card.
    Recover(u8),
    /// Step 4, 生行, for one placed card.
    Generate(u8),
}

/// The placed cards with the cells of their ranges (§4.4), by placed card: `[out, in]`.
/// Ranges depend only on card, cell and owner, so the judgement looks them up once.
struct PlacedRanges {
    /// The cards placed this turn, in placement order.
    placed: Placement,
    /// The out range's and the in range's cells of each placed card.
    cells: [[u32; 2]; 2],
}

/// `resolution = by_step`: each step for both cards, steps 3 and 4 card by card (§7.5.4).
const BY_STEP: [Stage; 6] = [
    Stage::Overcome(0b11),
    Stage::OvercomeBy(0b11),
    Stage::Recover(0),
    Stage::Recover(1),
    Stage::Generate(0),
    Stage::Generate(1),
];

/// `resolution = by_card`: steps 1–4 for the first placed card, then for the second.
const BY_CARD: [Stage; 8] = [
    Stage::Overcome(0b01),
    Stage::OvercomeBy(0b01),
    Stage::Recover(0),
    Stage::Generate(0),
    Stage::Overcome(0b10),
    Stage::OvercomeBy(0b10),
    Stage::Recover(1),
    Stage::Generate(1),
];

impl Shengke {
    fn stages(&self) -> &'static [Stage] {
        match self.options.resolution {
            Resolution::ByStep => &BY_STEP,
            Resolution::ByCard => &BY_CARD,
        }
    }

    /// Where the stage `Recover(card)` is in [`Shengke::stages`].
    fn recover_stage(&self, card: u8) -> usize {
        self.stages()
            .iter()
            .position(|&stage| stage == Stage::Recover(card))
            .unwrap_or(0)
    }

    /// Runs the judgement of the cards just placed.
    pub(crate) fn judge<S: EventSink>(&mut self, placed: Placement, sink: &mut S) {
        let Phase::Place(rolled) = self.phase else {
            return;
        };
        self.run_stages(rolled, placed, 0, sink);
    }

    /// Plays the chosen recovery, then goes on with the judgement from where it stopped.
    pub(crate) fn recover_chosen<S: EventSink>(&mut self, card: CardId, sink: &mut S) {
        let Phase::Judge(rolled, pending) = self.phase else {
            return;
        };
        let active = self.active();
        let player = &mut self.players[active.index()];
        player.discard.remove(card);
        player.piles[card.element().index()].put_bottom(card.index() - 1);
        sink.push(Event::Recovered(Some(card)));
        if pending.left > 1
            && self.recoveries(
                pending.placed,
                pending.choosing,
                pending.left - 1,
                rolled,
                sink,
            )
        {
            return;
        }
        let next = self.recover_stage(pending.choosing) + 1;
        self.run_stages(rolled, pending.placed, next, sink);
    }

    /// Runs the stages from `from` on; stops at a recovery choice, or ends the turn.
    fn run_stages<S: EventSink>(
        &mut self,
        rolled: [Element; 2],
        placed: Placement,
        from: usize,
        sink: &mut S,
    ) {
        let present = (1u8 << placed.len()) - 1;
        let ranges = self.ranges(placed);
        for &stage in &self.stages()[from..] {
            match stage {
                Stage::Overcome(cards) => self.overcome(&ranges, cards & present, sink),
                Stage::OvercomeBy(cards) => self.overcome_by(&ranges, cards & present, sink),
                Stage::Recover(card) if present & (1 << card) != 0 => {
                    let count = self.qualifying(&ranges, card, Element::generates, false);
                    if count > 0 && self.recoveries(placed, card, count, rolled, sink) {
                        return;
                    }
                }
                Stage::Generate(card) if present & (1 << card) != 0 => {
                    let count = self.qualifying(&ranges, card, Element::generated_by, true);
                    self.generate(placed, card, count, sink);
                }
                Stage::Recover(_) | Stage::Generate(_) => {}
            }
        }
        self.end_turn(sink);
    }

    /// Whether placed card `index` still stands where it was placed.
    fn alive(&self, placed: Placement, index: u8) -> bool {
        let (card, cell) = placed.get(usize::from(index));
        self.field.holds(
            cell,
            FieldCard {
                owner: self.active(),
                card,
            },
        )
    }

    /// The in and out ranges of the placed cards, looked up once for the whole judgement.
    fn ranges(&self, placed: Placement) -> PlacedRanges {
        let active = self.active();
        let deck = self.options.deck(active.index());
        let table = &self.options.range_table;
        let mut ranges = PlacedRanges {
            placed,
            cells: [[0; 2]; 2],
        };
        for (index, (card, cell)) in placed.iter().enumerate() {
            ranges.cells[index] = [
                table.cells(deck.out_number(card), active, cell),
                table.cells(deck.in_number(card), active, cell),
            ];
        }
        ranges
    }

    /// The cards of element `relation(E)` in placed card `index`'s in range (`inward`) or out
    /// range, for a card of element E still on the field, narrowed to the cards the
    /// judgements may look at.
    fn matches(
        &self,
        ranges: &PlacedRanges,
        index: u8,
        relation: fn(Element) -> Element,
        inward: bool,
    ) -> u32 {
        if !self.alive(ranges.placed, index) {
            return 0;
        }
        let card = ranges.placed.get(usize::from(index)).0;
        let cells = ranges.cells[usize::from(index)][usize::from(inward)];
        let targets = match self.options.judgement_targets {
            Targets::Any => cells,
            Targets::OpponentOnly => cells & self.field.owned(self.active().other()),
        };
        targets & self.field.of_element(relation(card.element()))
    }

    /// How many times step 3 or 4 acts for placed card `index`: once when its range holds a
    /// card of the related element, or once per such card under `bonus_per_target`.
    fn qualifying(
        &self,
        ranges: &PlacedRanges,
        index: u8,
        relation: fn(Element) -> Element,
        inward: bool,
    ) -> u8 {
        let cells = self.matches(ranges, index, relation, inward);
        match (cells, self.options.bonus_per_target) {
            (0, _) => 0,
            (_, false) => 1,
            (cells, true) => cells.count_ones() as u8,
        }
    }

    /// Step 1, 行剋: every card of element ovc(E) in the out range of a listed placed card is
    /// destroyed, all together.
    fn overcome<S: EventSink>(&mut self, ranges: &PlacedRanges, cards: u8, sink: &mut S) {
        let mut doomed = 0;
        for index in 0..2 {
            if cards & (1 << index) != 0 {
                doomed |= self.matches(ranges, index, Element::overcomes, false);
            }
        }
        self.destroy(doomed, false, sink);
    }

    /// Step 2, 剋行: a listed placed card with a card of element ovcBy(E) in its in range is
    /// destroyed; all such cards together.
    fn overcome_by<S: EventSink>(&mut self, ranges: &PlacedRanges, cards: u8, sink: &mut S) {
        let mut doomed = 0;
        for index in 0..2 {
            if cards & (1 << index) != 0
                && self.matches(ranges, index, Element::overcome_by, true) != 0
            {
                doomed |= ranges.placed.get(usize::from(index)).1.bit();
            }
        }
        self.destroy(doomed, true, sink);
    }

    /// Moves the cards on `cells` to their owners' discard piles, logging them by column,
    /// then row.
    fn destroy<S: EventSink>(&mut self, cells: u32, overcome: bool, sink: &mut S) {
        if cells == 0 {
            return;
        }
        for column in 0..5 {
            // The cells of one column, rows ascending: every fifth bit.
            let mut bits = (cells >> column) & 0b00001_00001_00001_00001_00001;
            while bits != 0 {
                let cell = Cell::from_index((bits.trailing_zeros() + column) as u8);
                bits &= bits - 1;
                if let Some(card) = self.field.take(cell) {
                    self.players[card.owner.index()].discard.insert(card.card);
                    sink.push(if overcome {
                        Event::Overcome { card, cell }
                    } else {
                        Event::Overcame { card, cell }
                    });
                }
            }
        }
    }

    /// Step 3, 行生, for placed card `index`: `count` recoveries of a card of element gen(E)
    /// from the active player's discard pile to the bottom of its pile. Returns whether the
    /// judgement stopped for the player's choice.
    fn recoveries<S: EventSink>(
        &mut self,
        placed: Placement,
        index: u8,
        count: u8,
        rolled: [Element; 2],
        sink: &mut S,
    ) -> bool {
        let element = placed.get(usize::from(index)).0.element().generates();
        let active = self.active();
        for done in 0..count {
            let player = &mut self.players[active.index()];
            let candidates = player.discard.of(element);
            match candidates.len() {
                0 => sink.push(Event::Recovered(None)),
                1 => {
                    let card = candidates.iter().next().unwrap_or(CardId::new(element, 1));
                    player.discard.remove(card);
                    player.piles[element.index()].put_bottom(card.index() - 1);
                    sink.push(Event::Recovered(Some(card)));
                }
                _ => {
                    sink.push(Event::AwaitingRecovery(placed.get(usize::from(index)).0));
                    self.phase = Phase::Judge(
                        rolled,
                        PendingRecovery {
                            placed,
                            choosing: index,
                            left: count - done,
                        },
                    );
                    return true;
                }
            }
        }
        false
    }

    /// Step 4, 生行, for placed card `index`: `count` draws from the top of the active
    /// player's pile of the card's own element.
    fn generate<S: EventSink>(&mut self, placed: Placement, index: u8, count: u8, sink: &mut S) {
        let element = placed.get(usize::from(index)).0.element();
        let player = &mut self.players[self.active().index()];
        for _ in 0..count {
            sink.push(Event::Generated(player.draw(element)));
        }
    }

    /// The cards of `player`'s discard pile that the pending recovery may take.
    #[must_use]
    pub fn recovery_candidates(&self) -> CardSet {
        match self.phase {
            Phase::Judge(_, pending) => {
                let element = pending.card().0.element().generates();
                self.players[self.active().index()].discard.of(element)
            }
            _ => CardSet::EMPTY,
        }
    }

    /// The cells holding cards of element gen(E) that the choosing card's out range points
    /// to (each would be a recovery under `bonus_per_target`).
    pub(crate) fn recovery_sources(&self, pending: PendingRecovery) -> u32 {
        let ranges = self.ranges(pending.placed);
        self.matches(&ranges, pending.choosing, Element::generates, false)
    }
}
