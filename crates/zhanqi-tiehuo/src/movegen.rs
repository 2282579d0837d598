//! Who acts, the legal actions of each resting position (§17.4, §17.5) and the chance
//! outcomes with their weights (§17.7).

use smallvec::SmallVec;
use zhanqi_core::{SeatSet, ToAct};

use crate::action::Action;
use crate::cards::Ability;
use crate::catalog::CardIndex;
use crate::state::{AttackStage, Cards, Flag, Focus, Pending, Phase, Tiehuo};
use crate::token::{BattleCard, FocusMark, Player};

impl Tiehuo {
    /// Who must act now.
    pub(crate) fn acting(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::Environment | Phase::Logistics => ToAct::Chance,
            Phase::Deploy => ToAct::Seats(
                Player::BOTH
                    .into_iter()
                    .filter(|p| self.players[p.index()].flag != Flag::Ready)
                    .map(Player::seat)
                    .collect(),
            ),
            Phase::Play | Phase::Between => {
                if self.at_chance() {
                    ToAct::Chance
                } else {
                    ToAct::Seats(SeatSet::only(self.turn.unwrap_or(Player::One).seat()))
                }
            }
        }
    }

    /// Whether the pending step is a roll or a draw.
    pub(crate) fn at_chance(&self) -> bool {
        match &self.pending {
            Pending::Attack(step) => !matches!(step.stage, AttackStage::ChooseTargets(_)),
            Pending::Name(_) | Pending::Flip(..) => true,
            Pending::Named { flip, .. } => flip.is_some(),
            Pending::None | Pending::Resupply(_) | Pending::Cutoff => false,
        }
    }

    /// Every outcome of the chance node, with its weight.
    pub(crate) fn outcomes(&self, out: &mut Vec<(Action, u32)>) {
        match self.phase {
            Phase::Environment => out.extend((1..=6).map(|face| (Action::Environment(face), 1))),
            Phase::Logistics => {
                let dice = self.options.logistics_dice as usize;
                let mut faces = vec![1u8; dice];
                loop {
                    out.push((Action::Logistics(faces.clone()), 1));
                    let mut at = dice;
                    loop {
                        if at == 0 {
                            return;
                        }
                        at -= 1;
                        if faces[at] < 6 {
                            faces[at] += 1;
                            break;
                        }
                        faces[at] = 1;
                    }
                }
            }
            Phase::Play => self.play_outcomes(out),
            _ => {}
        }
    }

    /// The number of outcomes of a chance node whose outcomes are equally likely (die faces
    /// and range values), or `None` at a fog draw.
    pub(crate) fn equally_likely_outcomes(&self) -> Option<usize> {
        match self.phase {
            Phase::Environment => Some(6),
            Phase::Logistics => Some(6usize.pow(self.options.logistics_dice)),
            _ => match &self.pending {
                Pending::Attack(step) => {
                    let range = self.pending_range(step)?;
                    Some(usize::from(range.high - range.low) + 1)
                }
                _ => None,
            },
        }
    }

    /// The range rolled at an attack's chance node.
    fn pending_range(&self, step: &crate::state::AttackStep) -> Option<crate::cards::Range> {
        let o = &self.card(step.attacker.card).attacks()[usize::from(step.option) - 1];
        match step.stage {
            AttackStage::RollTargets => Some(o.targets),
            AttackStage::RollHits(_) => Some(o.hits),
            AttackStage::Damage { .. } => Some(o.damage),
            AttackStage::ChooseTargets(_) => None,
        }
    }

    /// Outcome `index` of an equally likely chance node, in the order of [`Tiehuo::outcomes`].
    pub(crate) fn equally_likely_outcome(&self, index: usize) -> Action {
        match self.phase {
            Phase::Environment => Action::Environment(index as u8 + 1),
            Phase::Logistics => {
                let dice = self.options.logistics_dice as usize;
                let mut faces = vec![1u8; dice];
                let mut rest = index;
                for face in faces.iter_mut().rev() {
                    *face = (rest % 6) as u8 + 1;
                    rest /= 6;
                }
                Action::Logistics(faces)
            }
            _ => {
                let low = match &self.pending {
                    Pending::Attack(step) => self.pending_range(step).map_or(1, |r| r.low),
                    _ => 1,
                };
                Action::Value(low + index as u8)
            }
        }
    }

    fn play_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        let player = self.turn.unwrap_or(Player::One);
        let range = |low: u8, high: u8, out: &mut Vec<(Action, u32)>| {
            out.extend((low..=high).map(|value| (Action::Value(value), 1)));
        };
        let (side, class) = match &self.pending {
            Pending::Attack(step) => {
                let o = &self.card(step.attacker.card).attacks()[usize::from(step.option) - 1];
                match step.stage {
                    AttackStage::RollTargets => range(o.targets.low, o.targets.high, out),
                    AttackStage::RollHits(_) => range(o.hits.low, o.hits.high, out),
                    AttackStage::Damage { .. } => range(o.damage.low, o.damage.high, out),
                    AttackStage::ChooseTargets(_) => {}
                }
                return;
            }
            Pending::Name(class) => (player, *class),
            Pending::Named {
                flip: Some((side, class)),
                ..
            }
            | Pending::Flip(side, class) => (*side, *class),
            _ => return,
        };
        let start = out.len();
        for c in &self.players[side.index()].battle {
            if self.in_class(c, class) {
                match out[start..]
                    .iter_mut()
                    .find(|(action, _)| *action == Action::Draw(*c))
                {
                    Some((_, weight)) => *weight += 1,
                    None => out.push((Action::Draw(*c), 1)),
                }
            }
        }
    }

    /// Every legal action of `player` now (none when it need not act, or at a deployment).
    pub(crate) fn legal(&self, player: Player, out: &mut Vec<Action>) {
        if self.turn != Some(player) || self.at_chance() {
            return;
        }
        match self.phase {
            Phase::Between => self.between_actions(player, out),
            Phase::Play => self.play_actions(player, out),
            _ => {}
        }
    }

    fn between_actions(&self, player: Player, out: &mut Vec<Action>) {
        let state = &self.players[player.index()];
        match self.pending {
            Pending::Resupply(_) => {
                let mut last: Option<CardIndex> = None;
                let room = state.logistics.unwrap_or(0) - self.sigma(player);
                for &c in &state.reserve {
                    if last != Some(c) && !self.is_banned(c) && self.effective_logistics(c) <= room
                    {
                        out.push(Action::Resupply(c));
                    }
                    last = Some(c);
                }
                out.push(Action::End);
            }
            Pending::Cutoff => {
                for_distinct(&state.battle, |c| {
                    if !c.cut_off {
                        out.push(Action::CutOff(*c));
                    }
                });
                let cut: i32 = state
                    .battle
                    .iter()
                    .filter(|c| c.cut_off)
                    .map(|c| self.effective_logistics(c.card))
                    .sum();
                if cut >= self.sigma(player) - state.logistics.unwrap_or(0) {
                    out.push(Action::End);
                }
            }
            _ => {}
        }
    }

    fn play_actions(&self, player: Player, out: &mut Vec<Action>) {
        let battle = &self.players[player.index()].battle;
        match &self.pending {
            Pending::Attack(step) => {
                if let AttackStage::ChooseTargets(n) = step.stage {
                    self.target_choices(player, &step.attacker, step.option, n, out);
                }
                return;
            }
            Pending::Named { card: x, flips, .. } => {
                let before = out.len();
                if self.can_attack(player, x) {
                    for (k, o) in self.card(x.card).attacks().iter().enumerate() {
                        if self.usable(player, x, o) {
                            out.push(Action::Option(k as u8 + 1));
                        }
                    }
                }
                let has_option = out.len() > before;
                let designations = self.designations(player, x, *flips);
                let any = !designations.is_empty();
                out.extend(
                    designations
                        .into_iter()
                        .map(|(side, class)| Action::Designate(side, class)),
                );
                if !has_option && any {
                    out.push(Action::Pass);
                }
                return;
            }
            Pending::None => {}
            _ => return,
        }
        let fog = self.fog();
        match &self.focus {
            Focus::None => {
                out.push(Action::Done);
                if fog {
                    self.fog_turn_actions(player, out);
                    let count = battle
                        .iter()
                        .filter(|c| {
                            c.face_down || (self.can_attack(player, c) && self.has_focus_option(c))
                        })
                        .count();
                    if count >= self.options.focus_min_participants as usize {
                        out.push(Action::FocusFog);
                    }
                } else {
                    let reach = self.attack_actions(player, out);
                    self.focus_openings(player, &reach, out);
                }
            }
            Focus::Wait { .. } => {
                out.push(Action::End);
                if fog {
                    self.fog_turn_actions(player, out);
                } else {
                    self.attack_actions(player, out);
                }
            }
            Focus::Declare { flip: None, opts } => {
                let target = self.players[player.other().index()]
                    .battle
                    .iter()
                    .find(|c| c.focus == FocusMark::Target)
                    .copied();
                if let Some(target) = target {
                    for_distinct(battle, |c| {
                        if c.focus == FocusMark::None && self.eligible(player, c) {
                            for (k, o) in self.card(c.card).attacks().iter().enumerate() {
                                if !o.heals()
                                    && o.logistics_cost == 0
                                    && self.legal_target(player, c, o, &target)
                                {
                                    out.push(Action::Attack(*c, k as u8 + 1));
                                }
                            }
                        }
                    });
                }
                if opts.len() >= self.options.focus_min_participants as usize {
                    out.push(Action::Fire);
                }
            }
            Focus::Declare {
                flip: Some(flipped),
                opts,
            } => {
                if let Some(n) = opts.iter().position(Option::is_none) {
                    if let Some(index) = self.participant(player, n as u8 + 1) {
                        let c = battle[index];
                        for (k, o) in self.card(c.card).attacks().iter().enumerate() {
                            if !o.heals() && o.logistics_cost == 0 {
                                out.push(Action::Option(k as u8 + 1));
                            }
                        }
                    }
                    return;
                }
                for_distinct(battle, |c| {
                    if !c.face_down && c.focus == FocusMark::None && self.can_attack(player, c) {
                        for (k, o) in self.card(c.card).attacks().iter().enumerate() {
                            if !o.heals() && o.logistics_cost == 0 {
                                out.push(Action::Attack(*c, k as u8 + 1));
                            }
                        }
                    }
                });
                out.extend(self.classes(player).into_iter().map(Action::NameClass));
                let enemy = player.other();
                if !flipped {
                    out.extend(
                        self.classes(enemy)
                            .into_iter()
                            .map(|class| Action::Designate(enemy, class)),
                    );
                }
                for_distinct(&self.players[enemy.index()].battle, |c| {
                    if !c.face_down && self.traits(c.card).is_battle() {
                        out.push(Action::FocusTarget(*c));
                    }
                });
            }
            Focus::Resolve { .. } => {}
        }
    }

    /// `X.k` for every eligible attacker and usable option. Returns what the focus openings
    /// read of the same cards ([`Reach`]).
    fn attack_actions(&self, player: Player, out: &mut Vec<Action>) -> Reach {
        let mut reach = Reach::default();
        // The previous token with its reach: equal tokens are interchangeable (§17.2), so a
        // copy only counts again.
        let mut previous: Option<(BattleCard, u8, bool)> = None;
        for c in &self.players[player.index()].battle {
            if let Some((token, categories, reconnaissance)) = previous
                && token == *c
            {
                reach.count(categories, reconnaissance);
                continue;
            }
            let mut eligible = false;
            if self.can_attack(player, c) {
                for (k, o) in self.card(c.card).attacks().iter().enumerate() {
                    if self.usable(player, c, o) {
                        eligible = true;
                        out.push(Action::Attack(*c, k as u8 + 1));
                    }
                }
            }
            let categories = if eligible {
                self.card(c.card)
                    .attacks()
                    .iter()
                    .filter(|o| !o.heals() && o.logistics_cost == 0)
                    .fold(0u8, |mask, o| mask | o.vs.0)
            } else {
                0
            };
            let reconnaissance = categories != 0 && self.active(player, c, Ability::Reconnaissance);
            reach.count(categories, reconnaissance);
            previous = Some((*c, categories, reconnaissance));
        }
        reach
    }

    /// `F@T` for each enemy card with enough qualifying cards (9.1 step 1), from the reach of
    /// the player's eligible cards.
    fn focus_openings(&self, player: Player, reach: &Reach, out: &mut Vec<Action>) {
        let min = self.options.focus_min_participants as usize;
        if reach.cards < min {
            return;
        }
        let enemy = player.other();
        for_distinct(&self.players[enemy.index()].battle, |target| {
            let Some(category) = self.traits(target.card).category else {
                return;
            };
            if target.face_down {
                return;
            }
            let camouflaged = self.round == 1
                && !target.attacked
                && self.active(enemy, target, Ability::Camouflage);
            let qualifying = if camouflaged {
                reach.with_reconnaissance[category as usize]
            } else {
                reach.by_category[category as usize]
            };
            if qualifying >= min {
                out.push(Action::FocusOn(*target));
            }
        });
    }

    /// Under fog: name a face-up card or an own face-down class (8.1 step 1).
    fn fog_turn_actions(&self, player: Player, out: &mut Vec<Action>) {
        for_distinct(&self.players[player.index()].battle, |c| {
            if self.nameable(player, c) {
                out.push(Action::Name(*c));
            }
        });
        out.extend(self.classes(player).into_iter().map(Action::NameClass));
    }

    /// Every ordered choice of `min(n, legal targets)` distinct legal targets (17.5.7).
    fn target_choices(
        &self,
        player: Player,
        attacker: &BattleCard,
        option: u8,
        n: u8,
        out: &mut Vec<Action>,
    ) {
        let o = &self.card(attacker.card).attacks()[usize::from(option) - 1];
        let side = Tiehuo::target_side(player, o);
        let battle = &self.players[side.index()].battle;
        // The legal targets as distinct tokens with their copies, in deck order.
        let mut distinct: SmallVec<[(BattleCard, usize); 32]> = SmallVec::new();
        let mut legal = 0;
        self.each_legal_target(player, attacker, o, |index| {
            legal += 1;
            match distinct.iter_mut().find(|(c, _)| *c == battle[index]) {
                Some((_, count)) => *count += 1,
                None => distinct.push((battle[index], 1)),
            }
        });
        let take = usize::from(n).min(legal);
        let mut chosen = Cards::new();
        sequences(&mut distinct, take, &mut chosen, out);
    }
}

/// What a focus opening asks of the player's eligible cards (9.1 step 1, 7.2): how many have a
/// cost-0 enemy option, and how many reach each category, in all and with reconnaissance (which
/// ignores camouflage).
#[derive(Default)]
struct Reach {
    /// Eligible cards with a cost-0 enemy option.
    cards: usize,
    /// Of them, those reaching each category.
    by_category: [usize; 4],
    /// Of those, the ones with active reconnaissance.
    with_reconnaissance: [usize; 4],
}

impl Reach {
    /// Counts one card whose cost-0 enemy options reach the category bits `categories`.
    fn count(&mut self, categories: u8, reconnaissance: bool) {
        if categories == 0 {
            return;
        }
        self.cards += 1;
        for category in 0..4 {
            if categories & (1 << category) != 0 {
                self.by_category[category] += 1;
                if reconnaissance {
                    self.with_reconnaissance[category] += 1;
                }
            }
        }
    }
}

/// Every sequence of `take` tokens drawn without replacement from the multiset `pool`.
fn sequences(
    pool: &mut [(BattleCard, usize)],
    take: usize,
    chosen: &mut Cards,
    out: &mut Vec<Action>,
) {
    if chosen.len() == take {
        out.push(Action::Targets(Cards::from_slice(chosen)));
        return;
    }
    for at in 0..pool.len() {
        if pool[at].1 == 0 {
            continue;
        }
        pool[at].1 -= 1;
        chosen.push(pool[at].0);
        sequences(pool, take, chosen, out);
        chosen.pop();
        pool[at].1 += 1;
    }
}

/// Calls `f` once per distinct token of a sorted battle deck.
fn for_distinct(battle: &[BattleCard], mut f: impl FnMut(&BattleCard)) {
    for (index, c) in battle.iter().enumerate() {
        if index > 0 && battle[index - 1] == *c {
            continue;
        }
        f(c);
    }
}
