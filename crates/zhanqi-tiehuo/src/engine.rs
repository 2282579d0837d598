//! How actions change the state and how the game runs on by itself between resting positions
//! (§4, §7, §9, §10, §11, §17.6).

use crate::action::Action;
use crate::cards::{Ability, AttackOption};
use crate::catalog::{CardIndex, Catalog};
use crate::options::LogisticsMode;
use crate::state::{
    AttackStage, AttackStep, Environment, Finish, Flag, Focus, Pending, Phase, Reason, Tiehuo,
};
use crate::token::{BattleCard, Class, FocusMark, Player};

/// `floor((m × q + 2) / 4)`: `m × q / 4` rounded half up (7.5).
#[must_use]
pub fn hit_value(magnitude: i32, q: i32) -> i32 {
    (magnitude * q + 2).div_euclid(4)
}

impl Tiehuo {
    /// Option `k` (1-based) of the card `c`, borrowing only the catalog so that the state may
    /// change meanwhile.
    fn option_of<'a>(catalog: &'a Catalog, c: &BattleCard, k: u8) -> &'a AttackOption {
        &catalog.card(c.card).attacks()[usize::from(k) - 1]
    }

    fn turn_player(&self) -> Player {
        self.turn.unwrap_or(Player::One)
    }

    /// Plays an action known to be legal. `player` is the seat that sends it (ignored for
    /// chance outcomes).
    pub(crate) fn play(&mut self, player: Player, action: &Action) {
        self.quiet_turn = None;
        match action {
            Action::Concede => self.game_over(Some(player.other()), Reason::Concede),
            Action::Environment(face) => {
                self.environment = Some(Environment::of_face(*face));
                self.phase = Phase::Logistics;
            }
            Action::Logistics(faces) => self.roll_logistics(faces),
            Action::Deploy(cards) => self.deploy(player, cards),
            Action::Value(value) => self.apply_value(*value),
            Action::Draw(token) => self.apply_draw(token),
            Action::Done => {
                let player = self.turn_player();
                self.players[player.index()].flag = Flag::Done;
                self.pass_turn(player);
            }
            Action::Attack(x, k) => self.attack_action(x, *k),
            Action::FocusOn(target) => {
                let enemy = self.turn_player().other();
                if let Some(index) = self.find(enemy, target) {
                    self.players[enemy.index()].battle[index].focus = FocusMark::Target;
                    self.move_to_place(enemy, index);
                }
                self.focus = Focus::Declare {
                    flip: None,
                    opts: Vec::new(),
                };
            }
            Action::Fire => self.fire(),
            Action::FocusFog => {
                self.focus = Focus::Declare {
                    flip: Some(false),
                    opts: Vec::new(),
                };
                self.check_declaration();
            }
            Action::Name(x) => {
                self.use_wait_turn();
                let player = self.turn_player();
                let flips = if self.active(player, x, Ability::Reconnaissance) {
                    2
                } else {
                    1
                };
                self.pending = Pending::Named {
                    card: *x,
                    flips,
                    flip: None,
                };
                self.settle_named();
            }
            Action::NameClass(class) => {
                if matches!(self.focus, Focus::Wait { .. }) {
                    self.use_wait_turn();
                }
                self.pending = Pending::Name(*class);
            }
            Action::Option(k) => self.option_action(*k),
            Action::Designate(side, class) => {
                if let Pending::Named { card, flips, .. } = self.pending {
                    self.pending = Pending::Named {
                        card,
                        flips: flips.saturating_sub(1),
                        flip: Some((*side, *class)),
                    };
                } else {
                    if let Focus::Declare { flip, .. } = &mut self.focus {
                        *flip = Some(true);
                    }
                    self.pending = Pending::Flip(*side, *class);
                }
            }
            Action::Pass => self.end_turn_without_attack(),
            Action::FocusTarget(target) => self.fog_focus_target(target),
            Action::Targets(targets) => {
                if let Pending::Attack(step) = &self.pending {
                    let o = Self::option_of(&self.catalog, &step.attacker, step.option);
                    let (attacker, option) = (step.attacker, step.option);
                    if o.hits.is_fixed() {
                        self.begin_damage(attacker, option, targets, o.hits.low);
                    } else {
                        self.pending = Pending::Attack(AttackStep {
                            attacker,
                            option,
                            stage: AttackStage::RollHits(targets.clone()),
                        });
                    }
                }
            }
            Action::End => match self.pending {
                Pending::Resupply(_) | Pending::Cutoff => {
                    self.pending = Pending::None;
                    self.next_check(self.turn_player());
                }
                _ => self.start_resolution(),
            },
            Action::Resupply(index) => self.resupply(*index),
            Action::CutOff(token) => {
                let player = self.turn_player();
                if let Some(index) = self.find(player, token) {
                    self.players[player.index()].battle[index].cut_off = true;
                    self.resort_card(player, index);
                }
                if self.players[player.index()]
                    .battle
                    .iter()
                    .all(|c| c.cut_off)
                {
                    self.pending = Pending::None;
                    self.next_check(player);
                }
            }
        }
    }

    fn roll_logistics(&mut self, faces: &[u8]) {
        let l = self.options.logistics_base + faces.iter().map(|&f| i32::from(f)).sum::<i32>();
        if self.options.logistics_mode == LogisticsMode::Shared {
            self.players[0].logistics = Some(l);
            self.players[1].logistics = Some(l);
        } else if self.players[0].logistics.is_none() {
            self.players[0].logistics = Some(l);
        } else {
            self.players[1].logistics = Some(l);
        }
        if let (Some(a), Some(b)) = (self.players[0].logistics, self.players[1].logistics) {
            self.rounds = self.options.rounds(a.min(b));
            self.phase = Phase::Deploy;
        }
    }

    fn deploy(&mut self, player: Player, cards: &[CardIndex]) {
        let fog = self.fog();
        let state = &mut self.players[player.index()];
        for &index in cards {
            if let Some(at) = state.reserve.iter().position(|&c| c == index) {
                state.reserve.remove(at);
            }
            state.battle.push(BattleCard::new(index));
        }
        state.flag = Flag::Ready;
        self.sort_battle(player);
        if self.players.iter().all(|p| p.flag == Flag::Ready) {
            for state in &mut self.players {
                state.flag = Flag::None;
                for c in &mut state.battle {
                    c.face_down = fog && self.catalog.traits(c.card).is_battle();
                }
            }
            for player in Player::BOTH {
                self.sort_battle(player);
            }
            if self.rounds == 0 {
                self.settle();
            } else {
                self.phase = Phase::Play;
                self.round_start(1);
            }
        }
    }

    /// `X.k`: a join during a declaration, else a single attack (a wait turn uses one turn).
    fn attack_action(&mut self, x: &BattleCard, k: u8) {
        let player = self.turn_player();
        if let Focus::Declare { opts, .. } = &mut self.focus {
            opts.push(Some(k));
            let n = opts.len() as u8;
            if let Some(index) = self.find(player, x) {
                self.players[player.index()].battle[index].focus = FocusMark::Participant(n);
                self.move_to_place(player, index);
            }
            if self.fog() {
                self.check_declaration();
            }
            return;
        }
        self.use_wait_turn();
        self.start_attack(player, *x, k);
    }

    fn use_wait_turn(&mut self) {
        if let Focus::Wait { left, .. } = &mut self.focus {
            *left = left.saturating_sub(1);
        }
    }

    /// 7.3 from step 2: pay the cost, then the target count.
    fn start_attack(&mut self, player: Player, attacker: BattleCard, option: u8) {
        self.turn_changed = true;
        let o = Self::option_of(&self.catalog, &attacker, option);
        if let Some(l) = &mut self.players[player.index()].logistics {
            *l -= i32::from(o.logistics_cost);
        }
        let stage = if o.targets.is_fixed() {
            AttackStage::ChooseTargets(o.targets.low)
        } else {
            AttackStage::RollTargets
        };
        self.pending = Pending::Attack(AttackStep {
            attacker,
            option,
            stage,
        });
    }

    fn apply_value(&mut self, value: u8) {
        let Pending::Attack(step) = &self.pending else {
            return;
        };
        let (attacker, option) = (step.attacker, step.option);
        match &step.stage {
            AttackStage::RollTargets => {
                self.pending = Pending::Attack(AttackStep {
                    attacker,
                    option,
                    stage: AttackStage::ChooseTargets(value),
                });
            }
            AttackStage::RollHits(targets) => {
                let targets = targets.clone();
                self.begin_damage(attacker, option, &targets, value);
            }
            AttackStage::Damage { .. } => self.apply_hit(value),
            AttackStage::ChooseTargets(_) => {}
        }
    }

    /// Steps 5 and 6: the multiplier, then the hits.
    fn begin_damage(&mut self, attacker: BattleCard, option: u8, targets: &[BattleCard], n: u8) {
        let player = self.turn_player();
        let bonus = match self.focus {
            Focus::Resolve { bonus, .. } => bonus,
            _ => 0,
        };
        let o = Self::option_of(&self.catalog, &attacker, option);
        let q = self.multiplier(player, &attacker, o, bonus);
        self.pending = Pending::Attack(AttackStep {
            attacker,
            option,
            stage: AttackStage::Damage {
                q,
                hits: targets.iter().map(|&t| (t, n)).collect(),
            },
        });
        self.run_fixed_damage();
    }

    /// Applies fixed-damage hits (no roll, 3.1) until a roll is due or the attack ends.
    fn run_fixed_damage(&mut self) {
        loop {
            let Pending::Attack(step) = &self.pending else {
                return;
            };
            let AttackStage::Damage { hits, .. } = &step.stage else {
                return;
            };
            if hits.is_empty() {
                self.finish_attack();
                return;
            }
            let damage = Self::option_of(&self.catalog, &step.attacker, step.option).damage;
            if !damage.is_fixed() {
                return;
            }
            self.hit(damage.low);
        }
    }

    fn apply_hit(&mut self, magnitude: u8) {
        self.hit(magnitude);
        self.run_fixed_damage();
    }

    /// One hit of magnitude `m` on the first target with hits left (7.3 step 6, 7.7).
    fn hit(&mut self, magnitude: u8) {
        let player = self.turn_player();
        let Pending::Attack(step) = &mut self.pending else {
            return;
        };
        let o = Self::option_of(&self.catalog, &step.attacker, step.option);
        let AttackStage::Damage { q, hits } = &mut step.stage else {
            return;
        };
        let side = Self::target_side(player, o);
        let (target, left) = hits[0];
        let q = *q;
        let Some(index) = self.players[side.index()]
            .battle
            .iter()
            .position(|c| *c == target)
        else {
            hits.remove(0);
            return;
        };
        let mut value = hit_value(i32::from(magnitude), q);
        let state_card = self.players[side.index()].battle[index];
        let cv = self.catalog.traits(state_card.card).cv;
        let mut updated = state_card;
        if o.heals() {
            updated.damage = (i32::from(updated.damage) - value).max(0) as u16;
        } else {
            if self.active(side, &state_card, Ability::Entrenched) {
                value = (value - 1).max(0);
            }
            updated.damage = (i32::from(updated.damage) + value).min(i32::from(u16::MAX)) as u16;
        }
        let destroyed = self.destroys(updated.damage, cv);
        let Pending::Attack(step) = &mut self.pending else {
            return;
        };
        let AttackStage::Damage { hits, .. } = &mut step.stage else {
            return;
        };
        if destroyed || left <= 1 {
            hits.remove(0);
        } else {
            hits[0] = (updated, left - 1);
        }
        let state = &mut self.players[side.index()];
        if destroyed {
            state.battle.remove(index);
            insert_sorted(&mut state.discard, updated.card);
            self.refresh(side);
        } else {
            // Only the damage changed: the derived sums stay.
            state.battle[index] = updated;
            self.move_to_place(side, index);
        }
    }

    /// Steps 7–9 and what follows the attack.
    fn finish_attack(&mut self) {
        let player = self.turn_player();
        let Pending::Attack(step) = std::mem::take(&mut self.pending) else {
            return;
        };
        let o = Self::option_of(&self.catalog, &step.attacker, step.option);
        self.players[player.other().index()].next += i32::from(o.opp_logistics);
        self.players[player.index()].next += i32::from(o.self_logistics);
        let resolving = matches!(self.focus, Focus::Resolve { .. });
        if let Some(index) = self.find(player, &step.attacker) {
            let c = &mut self.players[player.index()].battle[index];
            if resolving {
                c.focus = FocusMark::None;
                self.move_to_place(player, index);
            } else {
                c.attacked = true;
                let attacked = *c;
                self.move_to_place(player, index);
                self.refresh_attacked(player, &attacked);
            }
        }
        if self.loss_check() {
            return;
        }
        match self.focus {
            Focus::Resolve { .. } => self.resolve_next(),
            Focus::Wait { .. } => self.wait_turn_start(),
            _ => self.pass_turn(player),
        }
    }

    /// 11.1: ends the game when a player has no battle card; whether it ended.
    fn loss_check(&mut self) -> bool {
        let alive = [
            self.has_battle_card(Player::One),
            self.has_battle_card(Player::Two),
        ];
        let winner = match alive {
            [true, true] => return false,
            [true, false] => Some(Player::One),
            [false, true] => Some(Player::Two),
            [false, false] => None,
        };
        self.game_over(winner, Reason::Annihilation);
        true
    }

    /// The turn passes from `player` (4.1, 4.2).
    fn pass_turn(&mut self, player: Player) {
        self.give_turn(player.other());
    }

    /// Gives the turn to `candidate`, else to the other player, marking done on the way a
    /// player who cannot act; ends the round when both are done.
    fn give_turn(&mut self, candidate: Player) {
        self.pending = Pending::None;
        for player in [candidate, candidate.other()] {
            if self.players[player.index()].flag == Flag::Done {
                continue;
            }
            if self.can_act(player) {
                self.turn = Some(player);
                self.turn_changed = false;
                return;
            }
            self.players[player.index()].flag = Flag::Done;
        }
        self.round_end();
    }

    fn round_start(&mut self, round: u32) {
        self.phase = Phase::Play;
        self.round = round;
        for state in &mut self.players {
            state.flag = Flag::None;
            for c in &mut state.battle {
                c.attacked = false;
            }
        }
        for player in Player::BOTH {
            self.sort_battle(player);
        }
        self.give_turn(Player::One);
    }

    fn round_end(&mut self) {
        if self.round >= self.rounds {
            self.settle();
            return;
        }
        self.recovery();
        for state in &mut self.players {
            if let Some(l) = &mut state.logistics {
                *l = (*l + state.next).max(0);
            }
            state.next = 0;
        }
        for player in Player::BOTH {
            for c in &mut self.players[player.index()].battle {
                c.cut_off = false;
            }
            self.sort_battle(player);
        }
        self.phase = Phase::Between;
        self.between_check(Player::One);
    }

    /// B1: recovery, with the cut-off marks of the round still in force.
    fn recovery(&mut self) {
        for player in Player::BOTH {
            for index in 0..self.players[player.index()].battle.len() {
                let c = self.players[player.index()].battle[index];
                // Field repair is read before any damage is cleared: it depends on no damage.
                let reset = self.catalog.traits(c.card).is_battle()
                    && (!c.heavy(self.catalog.traits(c.card).cv)
                        || self.active(player, &c, Ability::FieldRepair));
                if reset {
                    self.players[player.index()].battle[index].damage = 0;
                }
            }
            self.sort_battle(player);
        }
    }

    /// Whether a reserve card may be added with `room` logistics left.
    fn fits_in(&self, index: CardIndex, room: i32) -> bool {
        !self.is_banned(index) && self.effective_logistics(index) <= room
    }

    /// B3 steps 2–4 for `player`: rests at its decision, or goes on.
    fn between_check(&mut self, player: Player) {
        let state = &self.players[player.index()];
        let (sigma, l) = (self.sigma(player), state.logistics.unwrap_or(0));
        let battle_in_reserve = state
            .reserve
            .iter()
            .any(|&c| self.catalog.traits(c).is_battle() && !self.is_banned(c));
        if sigma < l
            && self.options.resupply_max > 0
            && battle_in_reserve
            && state.reserve.iter().any(|&c| self.fits_in(c, l - sigma))
        {
            self.turn = Some(player);
            self.pending = Pending::Resupply(0);
        } else if sigma > l {
            self.turn = Some(player);
            self.pending = Pending::Cutoff;
        } else {
            self.next_check(player);
        }
    }

    fn next_check(&mut self, player: Player) {
        self.pending = Pending::None;
        match player {
            Player::One => self.between_check(Player::Two),
            Player::Two => {
                if self.fog() {
                    for state in &mut self.players {
                        for c in &mut state.battle {
                            if self.catalog.traits(c.card).is_battle() {
                                c.face_down = true;
                            }
                            c.marked = false;
                        }
                    }
                }
                self.round_start(self.round + 1);
            }
        }
    }

    fn resupply(&mut self, index: CardIndex) {
        let player = self.turn_player();
        let fog = self.fog();
        let state = &mut self.players[player.index()];
        if let Some(at) = state.reserve.iter().position(|&c| c == index) {
            state.reserve.remove(at);
        }
        let mut added = BattleCard::new(index);
        added.face_down = fog && self.catalog.traits(index).is_battle();
        state.battle.push(added);
        let last = state.battle.len() - 1;
        self.resort_card(player, last);
        let Pending::Resupply(n) = self.pending else {
            return;
        };
        let n = n + 1;
        let state = &self.players[player.index()];
        let room = state.logistics.unwrap_or(0) - self.sigma(player);
        let more = state.reserve.iter().any(|&c| self.fits_in(c, room));
        if u32::from(n) >= self.options.resupply_max || !more {
            self.next_check(player);
        } else {
            self.pending = Pending::Resupply(n);
        }
    }

    /// 11.2: the scores decide.
    fn settle(&mut self) {
        let (one, two) = (self.score(Player::One), self.score(Player::Two));
        let winner = match one.cmp(&two) {
            std::cmp::Ordering::Greater => Some(Player::One),
            std::cmp::Ordering::Less => Some(Player::Two),
            std::cmp::Ordering::Equal => None,
        };
        self.game_over(winner, Reason::Settlement);
    }

    /// The end of the game: phase over, no turn, focus or pending, no focus marks.
    pub(crate) fn game_over(&mut self, winner: Option<Player>, reason: Reason) {
        self.finish = Some(Finish { winner, reason });
        self.phase = Phase::Over;
        self.turn = None;
        self.focus = Focus::None;
        self.pending = Pending::None;
        self.clear_focus_marks();
    }

    fn clear_focus_marks(&mut self) {
        for player in Player::BOTH {
            let mut cleared = false;
            for c in &mut self.players[player.index()].battle {
                cleared |= c.focus != FocusMark::None;
                c.focus = FocusMark::None;
            }
            // Focus marks are no part of the derived sums.
            if cleared {
                self.sort_tokens(player);
            }
        }
    }

    /// `fire` (9.1): the participants are marked attacked and the wait starts.
    fn fire(&mut self) {
        let player = self.turn_player();
        let opts: Vec<u8> = match &self.focus {
            Focus::Declare { opts, .. } => opts.iter().map(|k| k.unwrap_or(1)).collect(),
            _ => Vec::new(),
        };
        let mut exposed = 0;
        for at in 0..self.players[player.index()].battle.len() {
            let c = &mut self.players[player.index()].battle[at];
            if matches!(c.focus, FocusMark::Participant(_)) {
                c.attacked = true;
                let attacked = *c;
                exposed |= self.exposed_when_attacked(&attacked);
            }
        }
        self.sort_tokens(player);
        self.expose(player, exposed);
        self.focus = Focus::Wait {
            left: opts.len() as u8,
            opts,
        };
        self.turn = Some(player.other());
        self.wait_turn_start();
    }

    /// The start of a wait turn (9.3): the opponent acts, or the resolution starts.
    fn wait_turn_start(&mut self) {
        let opponent = self.turn_player();
        self.pending = Pending::None;
        let Focus::Wait { left, .. } = self.focus else {
            return;
        };
        if left == 0 || self.players[opponent.index()].flag == Flag::Done || !self.can_act(opponent)
        {
            self.start_resolution();
        } else {
            self.turn_changed = false;
        }
    }

    /// 9.2 and 9.4: the bonus is fixed, then the participants attack.
    fn start_resolution(&mut self) {
        let opponent = self.turn_player();
        let owner = opponent.other();
        let opts = match &self.focus {
            Focus::Wait { opts, .. } => opts.clone(),
            _ => Vec::new(),
        };
        let coordinated = self.players[owner.index()].battle.iter().any(|c| {
            matches!(c.focus, FocusMark::Participant(_))
                && self.active(owner, c, Ability::FireCoordination)
        });
        let bonus = if coordinated {
            2
        } else {
            self.options.focus_bonus_q
        };
        self.focus = Focus::Resolve { bonus, opts };
        self.turn = Some(owner);
        self.pending = Pending::None;
        self.resolve_next();
    }

    /// The next participant attacks, or the focus ends.
    fn resolve_next(&mut self) {
        let owner = self.turn_player();
        let opponent = owner.other();
        let Focus::Resolve { opts, .. } = &self.focus else {
            return;
        };
        let target = self.players[opponent.index()]
            .battle
            .iter()
            .find(|c| c.focus == FocusMark::Target)
            .copied();
        let next =
            (1..=opts.len() as u8).find_map(|n| self.participant(owner, n).map(|index| (n, index)));
        let (Some(target), Some((n, index))) = (target, next) else {
            self.end_focus();
            return;
        };
        let option = opts[usize::from(n) - 1];
        let attacker = self.players[owner.index()].battle[index];
        let o = Self::option_of(&self.catalog, &attacker, option);
        if o.hits.is_fixed() {
            self.begin_damage(attacker, option, &[target], o.hits.low);
        } else {
            self.pending = Pending::Attack(AttackStep {
                attacker,
                option,
                stage: AttackStage::RollHits(std::iter::once(target).collect()),
            });
        }
    }

    fn end_focus(&mut self) {
        let owner = self.turn_player();
        self.focus = Focus::None;
        self.pending = Pending::None;
        self.clear_focus_marks();
        self.pass_turn(owner);
    }

    /// A turn (or wait turn) ends without an attack (8.1).
    fn end_turn_without_attack(&mut self) {
        self.pending = Pending::None;
        let player = self.turn_player();
        self.note_quiet_turn(player);
        if matches!(self.focus, Focus::Wait { .. }) {
            self.wait_turn_start();
        } else {
            self.pass_turn(player);
        }
    }

    /// Records that `player`'s turn ends without having changed the position, if so.
    fn note_quiet_turn(&mut self, player: Player) {
        if !self.turn_changed {
            self.quiet_turn = Some(player);
        }
    }

    /// Whether the named card has an option usable now.
    pub(crate) fn named_has_option(&self, player: Player, x: &BattleCard) -> bool {
        self.can_attack(player, x)
            && self
                .catalog
                .card(x.card)
                .attacks()
                .iter()
                .any(|o| self.usable(player, x, o))
    }

    /// The classes the named card may designate now, as (seat, class).
    pub(crate) fn designations(
        &self,
        player: Player,
        x: &BattleCard,
        flips: u8,
    ) -> Vec<(Player, Class)> {
        let mut out = Vec::new();
        if flips == 0 {
            return out;
        }
        let heals = self
            .catalog
            .card(x.card)
            .attacks()
            .iter()
            .any(AttackOption::heals);
        for side in [Player::One, Player::Two] {
            if side == player && !heals {
                continue;
            }
            out.extend(self.classes(side).into_iter().map(|class| (side, class)));
        }
        out
    }

    /// 8.1 step 3: a named card with nothing left to do ends the turn.
    fn settle_named(&mut self) {
        let player = self.turn_player();
        let Pending::Named { card: x, flips, .. } = self.pending else {
            return;
        };
        if !self.named_has_option(player, &x) && self.designations(player, &x, flips).is_empty() {
            self.end_turn_without_attack();
        }
    }

    fn option_action(&mut self, k: u8) {
        let player = self.turn_player();
        if let Pending::Named { card: x, .. } = self.pending {
            self.pending = Pending::None;
            self.start_attack(player, x, k);
            return;
        }
        if let Focus::Declare { opts, .. } = &mut self.focus
            && let Some(entry) = opts.iter_mut().find(|entry| entry.is_none())
        {
            *entry = Some(k);
        }
        self.check_declaration();
    }

    /// A fog draw: the drawn card turns face up, or a designation fails on camouflage.
    fn apply_draw(&mut self, token: &BattleCard) {
        let player = self.turn_player();
        match self.pending.clone() {
            Pending::Name(_) => {
                let Some(index) = self.find(player, token) else {
                    return;
                };
                let c = &mut self.players[player.index()].battle[index];
                c.face_down = false;
                c.marked = false;
                let drawn = *c;
                self.turn_changed = true;
                self.resort_card(player, index);
                if matches!(self.focus, Focus::Declare { .. }) {
                    self.pending = Pending::None;
                    self.fog_join_drawn(drawn);
                } else {
                    let flips = if self.active(player, &drawn, Ability::Reconnaissance) {
                        2
                    } else {
                        1
                    };
                    self.pending = Pending::Named {
                        card: drawn,
                        flips,
                        flip: None,
                    };
                    self.settle_named();
                }
            }
            Pending::Named {
                card: x,
                flips,
                flip: Some((side, _)),
            } => {
                let recon = self.active(player, &x, Ability::Reconnaissance);
                self.turn_over(side, token, side != player && !recon);
                self.pending = Pending::Named {
                    card: x,
                    flips,
                    flip: None,
                };
                self.settle_named();
            }
            Pending::Flip(side, _) => {
                self.turn_over(side, token, true);
                self.pending = Pending::None;
                self.check_declaration();
            }
            _ => {}
        }
    }

    /// Turns a designated card face up, unless camouflage protects it (`may_fail`), in which
    /// case it stays face down with the mark `m`.
    fn turn_over(&mut self, side: Player, token: &BattleCard, may_fail: bool) {
        let Some(index) = self.find(side, token) else {
            return;
        };
        let drawn = self.players[side.index()].battle[index];
        let fails = may_fail && self.round == 1 && self.active(side, &drawn, Ability::Camouflage);
        if !(fails && drawn.marked) {
            self.turn_changed = true;
        }
        let c = &mut self.players[side.index()].battle[index];
        if fails {
            c.marked = true;
        } else {
            c.face_down = false;
            c.marked = false;
        }
        self.resort_card(side, index);
    }

    /// 8.4 step 2.2: a drawn own card joins if it can.
    fn fog_join_drawn(&mut self, drawn: BattleCard) {
        let player = self.turn_player();
        if self.can_attack(player, &drawn) && self.has_focus_option(&drawn) {
            if let Focus::Declare { opts, .. } = &mut self.focus {
                opts.push(None);
                let n = opts.len() as u8;
                if let Some(index) = self.find(player, &drawn) {
                    self.players[player.index()].battle[index].focus = FocusMark::Participant(n);
                    self.move_to_place(player, index);
                }
            }
            return;
        }
        self.check_declaration();
    }

    /// Whether a fog declaration has a step left (8.4 step 3).
    pub(crate) fn declaration_open(&self) -> bool {
        let player = self.turn_player();
        let Focus::Declare { flip, opts } = &self.focus else {
            return false;
        };
        if opts.iter().any(Option::is_none) {
            return true;
        }
        let own = &self.players[player.index()].battle;
        let enemy = &self.players[player.other().index()].battle;
        own.iter().any(|c| {
            c.face_down
                || (c.focus == FocusMark::None
                    && self.can_attack(player, c)
                    && self.has_focus_option(c))
        }) || (*flip == Some(false) && enemy.iter().any(|c| c.face_down))
            || enemy
                .iter()
                .any(|c| !c.face_down && self.catalog.traits(c.card).is_battle())
    }

    fn check_declaration(&mut self) {
        if !self.declaration_open() {
            self.cancel_declaration();
        }
    }

    fn cancel_declaration(&mut self) {
        let player = self.turn_player();
        self.note_quiet_turn(player);
        self.focus = Focus::None;
        self.pending = Pending::None;
        self.clear_focus_marks();
        self.pass_turn(player);
    }

    /// 8.4 step 2.4: the target decides who stays; the focus is declared or cancelled.
    fn fog_focus_target(&mut self, target: &BattleCard) {
        let player = self.turn_player();
        let enemy = player.other();
        let Focus::Declare { opts, .. } = &self.focus else {
            return;
        };
        let opts: Vec<u8> = opts.iter().map(|k| k.unwrap_or(1)).collect();
        let mut kept = Vec::new();
        for n in 1..=opts.len() as u8 {
            if let Some(index) = self.participant(player, n) {
                let c = self.players[player.index()].battle[index];
                let o = Self::option_of(&self.catalog, &c, opts[usize::from(n) - 1]);
                if self.legal_target(player, &c, o, target) {
                    kept.push((n, opts[usize::from(n) - 1]));
                }
            }
        }
        if kept.len() < self.options.focus_min_participants as usize {
            self.cancel_declaration();
            return;
        }
        let battle = &mut self.players[player.index()].battle;
        for c in battle.iter_mut() {
            if let FocusMark::Participant(n) = c.focus {
                match kept.iter().position(|&(m, _)| m == n) {
                    Some(at) => {
                        c.focus = FocusMark::Participant(at as u8 + 1);
                        c.attacked = true;
                    }
                    None => c.focus = FocusMark::None,
                }
            }
        }
        self.sort_battle(player);
        if let Some(index) = self.find(enemy, target) {
            self.players[enemy.index()].battle[index].focus = FocusMark::Target;
            self.move_to_place(enemy, index);
        }
        let opts: Vec<u8> = kept.iter().map(|&(_, k)| k).collect();
        self.turn_changed = true;
        self.focus = Focus::Wait {
            left: opts.len() as u8,
            opts,
        };
        self.turn = Some(enemy);
        self.wait_turn_start();
    }
}

/// Inserts into a sorted list.
pub(crate) fn insert_sorted(list: &mut Vec<CardIndex>, index: CardIndex) {
    let at = list.partition_point(|&c| c <= index);
    list.insert(at, index);
}
