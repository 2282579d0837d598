//! The turn state machine (§7, §12.6(a), (b), (f)): setup, TURN_START with the forced
//! discard and the swap, plays and moves in MAIN, END_TURN with the hand limit, the turn
//! limit, and concession.

use std::sync::Arc;

use zhanqi_core::GameRng;

use crate::action::Action;
use crate::board::{BySide, Side, Zone};
use crate::cards::{CardIndex, Kind};
use crate::effect::Trigger;
use crate::options::Rules;
use crate::state::{CardRef, Extra, Frame, GameResult, Lasting, Phase, Qizhan, Reason, SideCards};

impl Qizhan {
    /// A new game (7.1, §12.10): both decks shuffled (A's, then B's) with the seed's RNG, the
    /// opening hands drawn, and TURN_START(A).
    #[must_use]
    pub fn start(rules: Arc<Rules>, seed: u64) -> Qizhan {
        let mut rng = GameRng::from_seed(seed);
        let mut sides = BySide::from_fn(|_| SideCards::default());
        for side in Side::BOTH {
            let mut deck = rules.decks[side].clone();
            rng.shuffle(&mut deck);
            // Top card first in the shuffle; stored with the top last.
            deck.reverse();
            // Room for every card of the side in each place it may gather at once, so that
            // play never grows these (issue 14: no allocation per action).
            let count = deck.len();
            let cards = &mut sides[side];
            cards.deck = deck;
            cards.hand.reserve(count);
            cards.board.reserve(count);
            for pile in &mut cards.discard {
                pile.reserve(count);
            }
            cards.exile.reserve(count);
        }
        let both = rules.decks[Side::A].len() + rules.decks[Side::B].len();
        let opening = rules.options.opening_hand;
        let extra = rules.options.second_player_extra_cards;
        let mut game = Qizhan {
            rules,
            rng,
            phase: Phase::Main,
            active: Side::A,
            turn: 0,
            spent: 0,
            bonus: 0,
            played: false,
            last: BySide([false, false]),
            seq: 0,
            result: None,
            sides,
            attachments: Vec::with_capacity(both),
            modifiers: Vec::with_capacity(32),
            stack: Vec::with_capacity(16),
            scratch: Vec::with_capacity(both),
            aura_sources: Vec::with_capacity(16),
            board_before: Vec::with_capacity(both),
        };
        for _ in 0..opening {
            game.draw(Side::A);
        }
        for _ in 0..opening + extra {
            game.draw(Side::B);
        }
        if !game.check() {
            game.turn_start(Side::A);
        }
        game
    }

    /// Plays an action known to be legal.
    pub(crate) fn play_action(&mut self, seat_side: Side, action: Action) {
        match action {
            Action::Concede => self.finish(GameResult {
                winner: Some(seat_side.other()),
                reason: Reason::Concede,
            }),
            Action::Discard(card) => {
                self.discard_from_hand(self.active, card);
                if self.phase == Phase::Trim {
                    self.continue_end_turn();
                } else if !self.check() {
                    self.offer_swap();
                }
            }
            Action::NoSwap => self.begin_main(),
            Action::Swap(card) => {
                self.discard_from_hand(self.active, card);
                self.draw(self.active);
                if !self.check() {
                    self.begin_main();
                }
            }
            Action::End => self.end_turn(),
            Action::PlayInto(card, zone) => {
                self.pay(card);
                let entry = self.enter_board(zone, card);
                if self.card(card).has(Trigger::Play) {
                    let source = Some(CardRef { zone, entry });
                    self.push_frame(Trigger::Play, card, self.active, source);
                }
                self.run_stack();
            }
            Action::PlayOn(card, target) => {
                self.pay(card);
                let printed = self.card(card);
                let (attaches, soul, has_play) = (
                    printed.attaches(),
                    printed.kind == Kind::Soul,
                    printed.has(Trigger::Play),
                );
                if attaches {
                    self.attachments.push(crate::state::Attachment {
                        host: target.entry,
                        card,
                    });
                    if self.rules.table.has_aura(card) {
                        self.refresh_auras();
                    }
                    if has_play {
                        self.push_frame(Trigger::Play, card, self.active, Some(target));
                    }
                } else {
                    if soul
                        && let Some(index) =
                            self.sides[target.zone.side].board_position(target.entry)
                    {
                        let caster = &mut self.sides[target.zone.side].board[index];
                        caster.ap = caster.ap.saturating_sub(1);
                    }
                    self.push_frame(Trigger::Play, card, self.active, Some(target));
                }
                self.run_stack();
            }
            Action::PlayEvent(card) => {
                self.pay(card);
                self.push_frame(Trigger::Play, card, self.active, None);
                self.run_stack();
            }
            Action::Move(card, zone) => {
                self.relocate(card.zone.side, card.entry, zone.loc);
                if let Some(index) = self.sides[zone.side].board_position(card.entry) {
                    let moved = &mut self.sides[zone.side].board[index];
                    moved.mp = moved.mp.saturating_sub(1);
                }
                self.check();
            }
            Action::Attack(attacker, target) => self.attack(attacker, target),
            Action::TargetCard(_)
            | Action::TargetZone(_)
            | Action::To(_)
            | Action::Revive(..)
            | Action::Take(..) => {
                self.apply_choice(action);
                self.run_stack();
            }
        }
    }

    /// A play's cost is added to `spent`, `played` is set, and the card leaves the hand.
    fn pay(&mut self, card: CardIndex) {
        self.spent = self.spent.saturating_add(u32::from(self.card(card).cost));
        self.played = true;
        self.sides[self.active].take_from_hand(card);
    }

    /// Pushes one frame (a single frame is on top by itself).
    fn push_frame(
        &mut self,
        trigger: Trigger,
        card: CardIndex,
        side: Side,
        source: Option<CardRef>,
    ) {
        self.stack.push(Frame {
            trigger,
            card,
            side,
            source,
            next: 0,
            extra: Extra::None,
        });
    }

    /// END_TURN (12.6(f)): `turn` modifiers expire, then the hand-limit discard.
    fn end_turn(&mut self) {
        self.modifiers.retain(|m| m.lasting != Lasting::Turn);
        self.clamp_troops();
        self.continue_end_turn();
    }

    /// The rest of END_TURN from the hand-limit discard on.
    fn continue_end_turn(&mut self) {
        let limit = self.rules.options.hand_limit as usize;
        let side = self.active;
        while self.sides[side].hand.len() > limit {
            if self.sides[side].hand_has_two_ids() {
                self.phase = Phase::Trim;
                return;
            }
            let card = self.sides[side].hand[0].card;
            self.discard_from_hand(side, card);
        }
        self.phase = Phase::Main;
        self.last[side] = self.played;
        let turn_limit = self.rules.options.turn_limit;
        if turn_limit > 0 && side == Side::B && self.turn >= turn_limit {
            self.finish(GameResult {
                winner: None,
                reason: Reason::TurnLimit,
            });
            return;
        }
        if !self.check() {
            self.turn_start(side.other());
        }
    }

    /// TURN_START (12.6(f)): counters, the reset, `round` expiry, then the forced discard.
    fn turn_start(&mut self, side: Side) {
        self.active = side;
        if side == Side::A {
            self.turn += 1;
        }
        self.spent = 0;
        self.bonus = 0;
        self.played = false;
        self.phase = Phase::Main;
        let base_ap = self.rules.options.base_ap as u16;
        for index in 0..self.sides[side].board.len() {
            let card = self.sides[side].board[index];
            let (ap, mp) = if card.stunned {
                (0, 0)
            } else {
                (base_ap, self.per_turn_mp(side, &card))
            };
            let card = &mut self.sides[side].board[index];
            card.stunned = false;
            card.ap = ap;
            card.mp = mp;
        }
        self.modifiers.retain(|m| m.lasting != Lasting::Round(side));
        self.clamp_troops();
        let forced = self.turn > 1 && !self.last[side] && !self.sides[side].hand.is_empty();
        if forced {
            if self.sides[side].hand_has_two_ids() {
                self.phase = Phase::Discard;
                return;
            }
            let card = self.sides[side].hand[0].card;
            self.discard_from_hand(side, card);
            if self.check() {
                return;
            }
        }
        self.offer_swap();
    }

    /// The swap rests when the hand is not empty (7.3(d)); otherwise MAIN begins.
    fn offer_swap(&mut self) {
        if self.sides[self.active].hand.is_empty() {
            self.begin_main();
        } else {
            self.phase = Phase::Swap;
        }
    }

    /// The `turn_start` frames are placed, the phase becomes `main`, CHECK, and the stack
    /// runs (7.3(e)–(f)).
    fn begin_main(&mut self) {
        let side = self.active;
        let base = self.stack.len();
        for index in 0..self.sides[side].board.len() {
            let card = self.sides[side].board[index];
            let source = Some(Qizhan::reference(side, &card));
            if self.card(card.card).has(Trigger::TurnStart) {
                self.push_frame(Trigger::TurnStart, card.card, side, source);
            }
            for attached in 0..self.attachments.len() {
                let attachment = self.attachments[attached];
                if attachment.host == card.entry
                    && self.card(attachment.card).has(Trigger::TurnStart)
                {
                    self.push_frame(Trigger::TurnStart, attachment.card, side, source);
                }
            }
        }
        self.place_from(base);
        self.phase = Phase::Main;
        if self.check() {
            return;
        }
        self.run_stack();
    }

    /// Whether a main card may be played into a zone (§6.1).
    #[must_use]
    pub fn may_deploy(&self, card: CardIndex, zone: Zone) -> bool {
        let printed = self.card(card);
        zone.side == self.active
            && printed.kind.is_main()
            && printed.deploy_zones.contains(self.kind(zone.loc))
            && printed.may_occupy(self.kind(zone.loc))
            && self.has_room(zone)
    }
}
