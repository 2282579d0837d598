//! 铁与火 for the AI: its [`AiGame`] implementation, [`TiehuoEvaluator`] (the combat value each
//! side still fields, weighed by damage, cut-off and firepower, with logistics slack and supply),
//! the fog turns it never plays (a turn that can change nothing, docs/tiehuo.md) and the AI's
//! deployment within logistics.

use zhanqi_core::ai::{AiGame, Evaluator, Observation, outcome_values};
use zhanqi_core::{BySeat, Game, GameRng, Seat};

use crate::action::Action;
use crate::cards::{Ability, AttackOption, Range};
use crate::catalog::CardIndex;
use crate::state::{Focus, Pending, Phase, Tiehuo};
use crate::token::{BattleCard, Class, FocusMark, Player};

/// What a point of expected damage a round is worth against a point of combat value held.
const FIREPOWER: f32 = 0.6;
/// What a heavily damaged card's remaining value is worth: it attacks at half strength.
const HEAVY: f32 = 0.75;
/// What a cut-off card's remaining value is worth: it counts at settlement but cannot attack.
const CUT_OFF: f32 = 0.8;
/// What a reserve card's combat value is worth: it may come in at a resupply.
const RESERVE: f32 = 0.08;
/// What a point of logistics slack is worth (costs payable, resupplies), up to [`SLACK_CAP`].
const SLACK: f32 = 0.15;
/// Slack beyond this is worth nothing more.
const SLACK_CAP: i32 = 8;
/// What a point of missing logistics (slack below zero: cut-offs to come) costs.
const DEFICIT: f32 = 0.6;
/// A pending logistics change, per point.
const NEXT: f32 = 0.3;
/// The margin, in combat value, that maps to tanh(1) ≈ 0.76.
const SCALE: f32 = 25.0;
/// Logistics the AI's deployment leaves free for costs and the cut-off check.
const DEPLOY_SLACK: i32 = 3;

fn mean(range: Range) -> f32 {
    (f32::from(range.low) + f32::from(range.high)) / 2.0
}

/// The expected damage of one use of an enemy option at full strength, before rounding.
fn firepower(o: &AttackOption) -> f32 {
    if o.heals() {
        // Healing keeps value on the table: about half as good as the same damage dealt.
        0.5 * mean(o.damage) * mean(o.hits)
    } else {
        mean(o.damage) * mean(o.hits) * mean(o.targets)
    }
}

/// Scores a (determinized) state for each seat in [-1, 1].
#[derive(Clone, Copy, Debug, Default)]
pub struct TiehuoEvaluator;

impl TiehuoEvaluator {
    /// What one player's side is worth, in combat value.
    #[must_use]
    pub fn side_value(state: &Tiehuo, player: Player) -> f32 {
        let side = state.player(player);
        let mut value = 0.0;
        for c in &side.battle {
            value += TiehuoEvaluator::card_value(state, c);
        }
        value += RESERVE
            * side
                .reserve
                .iter()
                .map(|&c| f32::from(state.card(c).cv()))
                .sum::<f32>();
        if side.logistics.is_some() && state.phase() != Phase::Deploy {
            let slack = state.slack(player);
            value += if slack < 0 {
                DEFICIT * slack as f32
            } else {
                SLACK * slack.min(SLACK_CAP) as f32
            };
            value += NEXT * side.next as f32;
        }
        value
    }

    /// What one fielded card is worth: its remaining combat value and its firepower, less
    /// when heavily damaged or cut off.
    fn card_value(state: &Tiehuo, c: &BattleCard) -> f32 {
        let this = state.card(c.card);
        if !this.is_battle() {
            // A special-ability card is worth what it activates, counted on its cards.
            return 1.0;
        }
        let cv = this.cv();
        let left = f32::from(cv.saturating_sub(c.damage));
        let mut weight = 1.0;
        if c.heavy(cv) {
            weight *= HEAVY;
        }
        if c.cut_off {
            weight *= CUT_OFF;
        }
        left + weight * FIREPOWER * state.best_firepower(c.card) * if c.cut_off { 0.2 } else { 1.0 }
    }

    /// The value of `state` for player 1 (player 2's is its negation).
    #[must_use]
    pub fn first_player_value(state: &Tiehuo) -> f32 {
        let margin = TiehuoEvaluator::side_value(state, Player::One)
            - TiehuoEvaluator::side_value(state, Player::Two);
        (margin / SCALE).tanh()
    }
}

impl Evaluator<Tiehuo> for TiehuoEvaluator {
    /// A fog turn that changes nothing ([`Tiehuo::idle_turn`]) is worth a loss to the player
    /// taking it: every other choice of that player (`done`, or `end` in a wait, is always
    /// among them) leads to a state worth more unless it loses at once, so a search over this
    /// evaluator never takes such a turn, and a game between such players ends (docs/tiehuo.md).
    fn evaluate(&self, state: &Tiehuo) -> BySeat<f32> {
        if let Some(outcome) = state.outcome() {
            return outcome_values(&outcome);
        }
        let value = match state.idle_turn() {
            Some(Player::One) => -1.0,
            Some(Player::Two) => 1.0,
            None => TiehuoEvaluator::first_player_value(state),
        };
        BySeat::from_fn(|seat| match Player::of_seat(seat) {
            Some(Player::One) => value,
            Some(Player::Two) => -value,
            None => 0.0,
        })
    }
}

impl Tiehuo {
    /// The player taking a fog turn that changes nothing (8.1, 8.4): no attack, no card
    /// turned face up, no new mark `m`, no focus declared (a wait turn included: it only uses
    /// up one turn of the wait). Either the last action ended such a turn, or the player to act is inside a
    /// turn that has changed nothing yet and can change nothing more: a face-up card named in
    /// round 1 with no usable option, whose only designations are enemy classes of cards
    /// marked `m` that camouflage keeps face down again; or a declaration with no own
    /// face-down card, no designation that can turn anything over and no target enough
    /// participants, joined or free to join, can reach. The rules allow such turns again and
    /// again (docs/tiehuo.md, "A turn that changes nothing"); the AI never takes one.
    #[must_use]
    pub fn idle_turn(&self) -> Option<Player> {
        if self.quiet_turn.is_some() {
            return self.quiet_turn;
        }
        let player = self.turn?;
        if !self.fog() || self.phase != Phase::Play || self.turn_changed {
            return None;
        }
        self.rest_of_turn_changes_nothing(player).then_some(player)
    }

    /// Whether whatever `player` does from here, the rest of its fog turn changes nothing.
    fn rest_of_turn_changes_nothing(&self, player: Player) -> bool {
        match (&self.pending, &self.focus) {
            (Pending::Named { card, flips, flip }, _) => {
                let drawn_in_vain = flip.is_none_or(|(side, class)| {
                    self.designation_changes_nothing(player, side, class, Some(card))
                });
                drawn_in_vain
                    && !self.named_has_option(player, card)
                    && self
                        .designations(player, card, *flips)
                        .into_iter()
                        .all(|(side, class)| {
                            self.designation_changes_nothing(player, side, class, Some(card))
                        })
            }
            (Pending::Flip(side, class), Focus::Declare { opts, .. }) => {
                self.designation_changes_nothing(player, *side, *class, None)
                    && self.declaration_is_futile(player, true, opts)
            }
            (
                Pending::None,
                Focus::Declare {
                    flip: Some(used),
                    opts,
                },
            ) => self.declaration_is_futile(player, *used, opts),
            _ => false,
        }
    }

    /// Whether a designation of `side`'s `class` by `player` (by the named card `named`, or by a
    /// focus declaration when `None`) surely leaves every card as it is: an enemy class of
    /// cards already marked `m`, each still camouflaged, in round 1, by a designator without
    /// active reconnaissance (§13.2). Any other designation turns a card face up or marks it.
    fn designation_changes_nothing(
        &self,
        player: Player,
        side: Player,
        class: Class,
        named: Option<&BattleCard>,
    ) -> bool {
        side != player
            && self.round == 1
            && class.marked
            && named.is_none_or(|x| !self.active(player, x, Ability::Reconnaissance))
            && self.players[side.index()]
                .battle
                .iter()
                .filter(|c| self.in_class(c, class))
                .all(|c| self.active(side, c, Ability::Camouflage))
    }

    /// 8.4: whether a fog declaration can still change anything: a participant still choosing
    /// its option was just turned face up; an own face-down class turns a card over; a
    /// designation may; a target that enough participants, joined or still free to join, can
    /// reach declares the focus.
    fn declaration_is_futile(&self, player: Player, designated: bool, opts: &[Option<u8>]) -> bool {
        if opts.iter().any(Option::is_none) || self.has_face_down(player) {
            return false;
        }
        let enemy = player.other();
        if !designated
            && self
                .classes(enemy)
                .into_iter()
                .any(|class| !self.designation_changes_nothing(player, enemy, class, None))
        {
            return false;
        }
        let own = &self.players[player.index()].battle;
        let min = self.options.focus_min_participants as usize;
        !self.players[enemy.index()].battle.iter().any(|target| {
            if target.face_down || !self.traits(target.card).is_battle() {
                return false;
            }
            let reaching = own
                .iter()
                .filter(|c| {
                    let attacks = self.card(c.card).attacks();
                    match c.focus {
                        FocusMark::Participant(n) => opts
                            .get(usize::from(n) - 1)
                            .copied()
                            .flatten()
                            .is_some_and(|k| {
                                self.legal_target(player, c, &attacks[usize::from(k) - 1], target)
                            }),
                        FocusMark::None => {
                            !c.face_down
                                && self.can_attack(player, c)
                                && attacks.iter().any(|o| {
                                    !o.heals()
                                        && o.logistics_cost == 0
                                        && self.legal_target(player, c, o, target)
                                })
                        }
                        FocusMark::Target => false,
                    }
                })
                .count();
            reaching >= min
        })
    }

    /// A card's best firepower.
    fn best_firepower(&self, index: CardIndex) -> f32 {
        self.card(index)
            .attacks()
            .iter()
            .map(firepower)
            .fold(0.0, f32::max)
    }

    /// What a card is worth to field per point of its effective logistics, with a little noise
    /// so that equal cards are taken in a random order.
    fn deployment_density(&self, index: CardIndex, chosen: &[CardIndex], noise: f32) -> f32 {
        let this = self.card(index);
        let cost = self.effective_logistics(index).max(1) as f32;
        let value = match this.activates() {
            // A special-ability card: worth the cards of the deployment it activates.
            Some(ability) => {
                chosen
                    .iter()
                    .filter(|&&c| {
                        {
                            let t = self.traits(c);
                            (t.innate, t.latent)
                        }
                        .1
                        .contains(ability)
                    })
                    .count() as f32
                    * 2.0
            }
            None => f32::from(this.cv()) + 1.5 * self.best_firepower(index),
        };
        value / cost * (1.0 + noise)
    }

    /// Takes the densest cards of one class (battle or special-ability) from `pool` while
    /// they fit within `budget`.
    fn fill(
        &self,
        budget: i32,
        battle: bool,
        pool: &mut Vec<(CardIndex, f32)>,
        chosen: &mut Vec<CardIndex>,
        total: &mut i32,
    ) {
        loop {
            let mut best: Option<(usize, f32)> = None;
            for (at, &(c, noise)) in pool.iter().enumerate() {
                if self.traits(c).is_battle() != battle
                    || *total + self.effective_logistics(c) > budget
                {
                    continue;
                }
                let density = self.deployment_density(c, chosen, noise);
                if density > 0.0 && best.is_none_or(|(_, d)| density > d) {
                    best = Some((at, density));
                }
            }
            let Some((at, _)) = best else { return };
            let (c, _) = pool.swap_remove(at);
            *total += self.effective_logistics(c);
            chosen.push(c);
        }
    }

    /// The AI's deployment for `player` (6.1): battle cards by value per logistics point
    /// within `L` less a little slack, then special-ability cards that activate what was
    /// chosen, then anything that still fits. `None` when no battle card fits.
    #[must_use]
    pub fn ai_deployment(&self, player: Player, rng: &mut GameRng) -> Option<Vec<CardIndex>> {
        let state = self.player(player);
        let l = state.logistics.unwrap_or(0);
        let mut pool: Vec<(CardIndex, f32)> = state
            .reserve
            .iter()
            .filter(|&&c| !self.is_banned(c) && self.effective_logistics(c) <= l)
            .map(|&c| (c, (rng.below(1000) as f32 / 1000.0 - 0.5) * 0.2))
            .collect();
        let mut chosen: Vec<CardIndex> = Vec::new();
        let mut total = 0;
        self.fill(l - DEPLOY_SLACK, true, &mut pool, &mut chosen, &mut total);
        if chosen.is_empty() {
            self.fill(l, true, &mut pool, &mut chosen, &mut total);
        }
        if chosen.is_empty() {
            return None;
        }
        self.fill(l, false, &mut pool, &mut chosen, &mut total);
        self.fill(l, true, &mut pool, &mut chosen, &mut total);
        chosen.sort_unstable();
        Some(chosen)
    }
}

impl AiGame for Tiehuo {
    fn evaluator() -> Box<dyn Evaluator<Tiehuo>> {
        Box::new(TiehuoEvaluator)
    }

    fn ai_unlisted_action(
        observation: &Observation<'_, Tiehuo>,
        rng: &mut GameRng,
    ) -> Option<Action> {
        if !observation.has_unlisted_actions() {
            return None;
        }
        // The seat's own reserve, L and the environment are the same in every world it
        // cannot tell apart: a determinized state is as good as the truth here.
        let world = observation.determinize(rng);
        let player = Player::of_seat(observation.seat())?;
        world.ai_deployment(player, rng).map(Action::Deploy)
    }

    /// The ids of the cards a seat puts into its battle deck: each card of its deployment
    /// once, however many copies it fields, and the card of each resupply.
    fn study_labels(&self, _seat: Seat, action: &Action, labels: &mut Vec<String>) {
        match action {
            Action::Deploy(cards) => {
                let start = labels.len();
                for &index in cards {
                    let id = &self.card(index).id;
                    if !labels[start..].contains(id) {
                        labels.push(id.clone());
                    }
                }
            }
            Action::Resupply(index) => labels.push(self.card(*index).id.clone()),
            _ => {}
        }
    }
}
