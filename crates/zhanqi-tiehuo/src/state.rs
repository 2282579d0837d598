//! The state of a game: phases (§4), the players' cards, the focus and the pending step
//! (§17.3), and the derived quantities the rules read (abilities, logistics slack, heavy).

use std::sync::Arc;

use smallvec::SmallVec;
use zhanqi_core::GameRng;

use crate::cards::{Ability, AbilitySet, AttackOption, Card, Category, CategorySet};
use crate::catalog::{CardIndex, Catalog, Traits};
use crate::options::TiehuoOptions;
use crate::token::{BattleCard, Class, FocusMark, Player};

/// Targets held without allocating: no standard card has more than three.
pub const TARGETS_INLINE: usize = 4;

/// Cards in order (an attack's targets), held inline up to [`TARGETS_INLINE`] so that the
/// playout path does not allocate; a slice otherwise.
pub type Cards = SmallVec<[BattleCard; TARGETS_INLINE]>;

/// The environment (§12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Environment {
    /// 普通: no effect.
    Normal,
    /// 山地: armour −1 q and +1 logistics, infantry +1 q.
    Mountain,
    /// 城市: armour and aviation −1 q, infantry +1 q.
    City,
}

impl Environment {
    /// The environment a d6 face gives (§3): 4 or 6 mountain, 5 city, else normal.
    #[must_use]
    pub fn of_face(face: u8) -> Environment {
        match face {
            4 | 6 => Environment::Mountain,
            5 => Environment::City,
            _ => Environment::Normal,
        }
    }

    /// Its id.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Environment::Normal => "normal",
            Environment::Mountain => "mountain",
            Environment::City => "city",
        }
    }

    /// `attack_q` of a category.
    #[must_use]
    pub fn attack_q(self, category: Category) -> i32 {
        match (self, category) {
            (Environment::Mountain | Environment::City, Category::Armour) => -1,
            (Environment::Mountain | Environment::City, Category::Infantry) => 1,
            (Environment::City, Category::Aviation) => -1,
            _ => 0,
        }
    }

    /// `logistics_delta` of a category.
    #[must_use]
    pub fn logistics_delta(self, category: Category) -> i32 {
        match (self, category) {
            (Environment::Mountain, Category::Armour) => 1,
            _ => 0,
        }
    }
}

/// Where the game is (§17.3.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The environment roll.
    Environment,
    /// The logistics rolls.
    Logistics,
    /// The deployment.
    Deploy,
    /// The rounds.
    Play,
    /// A decision of B3.
    Between,
    /// The game is over.
    Over,
}

/// Why the game ended (§17.9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// A player has no battle card left (11.1).
    Annihilation,
    /// Scores after the last round (11.2).
    Settlement,
    /// A player conceded (11.3).
    Concede,
}

impl Reason {
    /// Its name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Reason::Annihilation => "annihilation",
            Reason::Settlement => "settlement",
            Reason::Concede => "concede",
        }
    }
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Finish {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why.
    pub reason: Reason,
}

/// A player's flag on its line (§17.3.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Flag {
    /// Nothing.
    #[default]
    None,
    /// Done for the round.
    Done,
    /// Deployment submitted.
    Ready,
}

/// One player's cards and logistics.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct PlayerState {
    /// Current logistics, `None` before its roll.
    pub logistics: Option<i32>,
    /// Pending logistics change (B2).
    pub next: i32,
    /// Done, ready or nothing.
    pub flag: Flag,
    /// The battle deck, special-ability cards included, sorted by token.
    pub battle: Vec<BattleCard>,
    /// The reserve, sorted.
    pub reserve: Vec<CardIndex>,
    /// The discard pile, sorted.
    pub discard: Vec<CardIndex>,
}

/// The focus line (§17.3.5). `opts[N−1]` is the option of participant `*N`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Focus {
    /// No focus fire.
    #[default]
    None,
    /// A declaration; `flip` is `Some` under fog (whether the enemy designation is used). A
    /// `None` entry is the participant just turned face up, still choosing its option.
    Declare {
        /// Under fog: the designation is used.
        flip: Option<bool>,
        /// The participants' options.
        opts: Vec<Option<u8>>,
    },
    /// The wait: the opponent may still start `left` wait turns.
    Wait {
        /// Wait turns left.
        left: u8,
        /// The participants' options.
        opts: Vec<u8>,
    },
    /// The resolution, with the focus bonus fixed at its start.
    Resolve {
        /// The bonus in quarters.
        bonus: i32,
        /// The participants' options.
        opts: Vec<u8>,
    },
}

/// The stage of a pending attack (7.3).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttackStage {
    /// `T` is rolled next.
    RollTargets,
    /// `T = n`; the targets are chosen next.
    ChooseTargets(u8),
    /// The targets in order; `N` is rolled next.
    RollHits(Cards),
    /// `q` fixed; each target with its hits left, the first rolled next.
    Damage {
        /// The multiplier.
        q: i32,
        /// Targets and hits left.
        hits: SmallVec<[(BattleCard, u8); TARGETS_INLINE]>,
    },
}

/// An attack under way: the attacker's token, its option (1-based) and the stage.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AttackStep {
    /// The attacker, as its token reads now.
    pub attacker: BattleCard,
    /// The option, 1-based.
    pub option: u8,
    /// Where the attack is.
    pub stage: AttackStage,
}

/// The pending line (§17.3.6).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Pending {
    /// Nothing pending.
    #[default]
    None,
    /// A B3 resupply with this many cards added.
    Resupply(u8),
    /// A B3 cut-off.
    Cutoff,
    /// An attack.
    Attack(AttackStep),
    /// Under fog, an own class is named; its card is drawn next.
    Name(Class),
    /// Under fog, `card` is named with `flips` designations left, and maybe a designation
    /// awaiting its draw.
    Named {
        /// The named card.
        card: BattleCard,
        /// Designations left.
        flips: u8,
        /// A designation awaiting its draw.
        flip: Option<(Player, Class)>,
    },
    /// The focus declaration's designation awaits its draw.
    Flip(Player, Class),
}

/// A game of 铁与火.
#[derive(Clone)]
pub struct Tiehuo {
    pub(crate) options: TiehuoOptions,
    /// The cards of this game: the §15 cards and the built cards its options define. Shared:
    /// a clone costs a reference count, and every standard game holds the one standard catalog.
    pub(crate) catalog: Arc<Catalog>,
    /// Banned cards, one bit per catalog index.
    pub(crate) banned: [u64; 4],
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    pub(crate) round: u32,
    pub(crate) rounds: u32,
    pub(crate) turn: Option<Player>,
    pub(crate) finish: Option<Finish>,
    pub(crate) environment: Option<Environment>,
    pub(crate) players: [PlayerState; 2],
    pub(crate) focus: Focus,
    pub(crate) pending: Pending,
    /// What the rules read again and again of each battle deck, kept up to date by
    /// [`Tiehuo::sort_battle`] and [`Tiehuo::refresh`] (debug builds check every read).
    pub(crate) derived: [Derived; 2],
    /// Whether the turn under way has changed the position yet: an attack, a card turned face
    /// up, a new mark `m`, a declared focus. Not part of the position (§17.3).
    pub(crate) turn_changed: bool,
    /// The player whose turn the last action ended without changing the position (8.1, 8.4),
    /// until the next action. Not part of the position (§17.3): the AI
    /// reads it so as never to take such a turn (docs/tiehuo.md, "A turn that changes
    /// nothing").
    pub(crate) quiet_turn: Option<Player>,
}

/// What the rules read of a battle deck at every listing: Σ effective logistics (7.6), the
/// abilities its uncut special-ability cards activate (13.1), and the categories an enemy
/// attack finds among its face-up battle cards (7.2), with and without the cards camouflage
/// shields in round 1 (§13.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Derived {
    sigma: i32,
    activated: AbilitySet,
    /// The number of face-up battle cards of each category.
    face_up: [u8; 4],
    /// The category bits of the face-up battle cards that camouflage does not shield in round
    /// 1 (attacked this round, or without active camouflage).
    exposed: u8,
}

impl Derived {
    /// The category bits of the face-up battle cards.
    fn face_up_mask(&self) -> u8 {
        (0..4).fold(0, |mask, at| {
            mask | if self.face_up[at] > 0 { 1 << at } else { 0 }
        })
    }

    /// The face-up battle cards whose category is in `categories`.
    fn face_up_in(&self, categories: CategorySet) -> u32 {
        (0..4)
            .filter(|at| categories.0 & (1 << at) != 0)
            .map(|at| u32::from(self.face_up[at]))
            .sum()
    }
}

impl std::fmt::Debug for Tiehuo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.write_position(zhanqi_core::Viewer::Omniscient))
    }
}

impl Tiehuo {
    /// The catalog this game's cards come from.
    #[must_use]
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The card at an index of this game's catalog.
    pub(crate) fn card(&self, index: CardIndex) -> &Card {
        self.catalog.card(index)
    }

    /// What the rules read of the card at an index again and again.
    pub(crate) fn traits(&self, index: CardIndex) -> Traits {
        self.catalog.traits(index)
    }

    /// The options.
    #[must_use]
    pub fn rules(&self) -> &TiehuoOptions {
        &self.options
    }

    /// Where the game is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The environment, once rolled.
    #[must_use]
    pub fn environment(&self) -> Option<Environment> {
        self.environment
    }

    /// The end of the game, once over.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// A player's state.
    #[must_use]
    pub fn player(&self, player: Player) -> &PlayerState {
        &self.players[player.index()]
    }

    /// Whether a card is banned.
    pub(crate) fn is_banned(&self, index: CardIndex) -> bool {
        self.banned[usize::from(index) / 64] & (1 << (index % 64)) != 0
    }

    pub(crate) fn fog(&self) -> bool {
        self.options.fog_of_war
    }

    pub(crate) fn env(&self) -> Environment {
        self.environment.unwrap_or(Environment::Normal)
    }

    /// Effective logistics of a card (2.5).
    pub(crate) fn effective_logistics(&self, index: CardIndex) -> i32 {
        let card = self.traits(index);
        i32::from(card.logistics) + card.category.map_or(0, |c| self.env().logistics_delta(c))
    }

    /// Σ effective logistics of a player's battle deck (7.6).
    pub(crate) fn sigma(&self, player: Player) -> i32 {
        self.checked_derived(player).sigma
    }

    /// The derived sums of a player's battle deck, from scratch.
    fn derive(&self, player: Player) -> Derived {
        let env = self.env();
        let camouflage = Ability::Camouflage;
        let mut derived = Derived::default();
        // Face-up cards that camouflage shields only while a special-ability card activates it.
        let mut shielded_if_activated = 0u8;
        for c in &self.players[player.index()].battle {
            let this = self.traits(c.card);
            derived.sigma += i32::from(this.logistics);
            match this.category {
                None => {
                    if !c.cut_off
                        && let Some(ability) = this.activates
                    {
                        derived.activated.insert(ability);
                    }
                }
                Some(category) => {
                    let (innate, latent) = (this.innate, this.latent);
                    derived.sigma += env.logistics_delta(category);
                    if c.face_down {
                        continue;
                    }
                    derived.face_up[category as usize] += 1;
                    // Camouflage as `active` reads it.
                    let works = !c.cut_off || camouflage.works_while_cut_off();
                    if c.attacked
                        || !works
                        || !(innate.contains(camouflage) || latent.contains(camouflage))
                    {
                        derived.exposed |= category.bit();
                    } else if !innate.contains(camouflage) {
                        shielded_if_activated |= category.bit();
                    }
                }
            }
        }
        if !derived.activated.contains(camouflage) {
            derived.exposed |= shielded_if_activated;
        }
        derived
    }

    /// The kept sums of a player's battle deck; debug builds check them against [`Tiehuo::derive`].
    fn checked_derived(&self, player: Player) -> Derived {
        let derived = self.derived[player.index()];
        debug_assert_eq!(derived, self.derive(player), "stale derived sums");
        derived
    }

    /// Brings the kept sums of a player's battle deck up to date after its card `c` was marked
    /// attacked, nothing else changed: a face-up battle card that camouflage shielded no longer
    /// is (§13.2), so its category is exposed; every other sum stays.
    pub(crate) fn refresh_attacked(&mut self, player: Player, c: &BattleCard) {
        self.expose(player, self.exposed_when_attacked(c));
    }

    /// Adds category bits to what camouflage no longer shields of a player's battle deck.
    pub(crate) fn expose(&mut self, player: Player, categories: u8) {
        self.derived[player.index()].exposed |= categories;
    }

    /// The category bit that marking `c` attacked exposes: its category, if it is a face-up
    /// battle card.
    pub(crate) fn exposed_when_attacked(&self, c: &BattleCard) -> u8 {
        match self.traits(c.card).category {
            Some(category) if !c.face_down => category.bit(),
            _ => 0,
        }
    }

    /// Brings the kept sums of a player's battle deck up to date after it changed.
    pub(crate) fn refresh(&mut self, player: Player) {
        self.derived[player.index()] = self.derive(player);
    }

    /// `L − Σ`.
    pub(crate) fn slack(&self, player: Player) -> i32 {
        self.players[player.index()].logistics.unwrap_or(0) - self.sigma(player)
    }

    /// Whether a cost is payable (7.6).
    pub(crate) fn cost_payable(&self, player: Player, cost: u8) -> bool {
        if cost == 0 {
            return true;
        }
        let slack = self.slack(player);
        if self.options.logistics_cost_strict {
            slack > i32::from(cost)
        } else {
            slack >= i32::from(cost)
        }
    }

    /// Whether the player's battle deck holds an uncut special-ability card for `ability`.
    pub(crate) fn activated(&self, player: Player, ability: Ability) -> bool {
        self.checked_derived(player).activated.contains(ability)
    }

    /// Whether `ability` is active on the battle card `c` of `player` (13.1, 13.2).
    pub(crate) fn active(&self, player: Player, c: &BattleCard, ability: Ability) -> bool {
        let (innate, latent) = {
            let t = self.traits(c.card);
            (t.innate, t.latent)
        };
        if c.cut_off && !ability.works_while_cut_off() {
            return false;
        }
        innate.contains(ability) || (latent.contains(ability) && self.activated(player, ability))
    }

    /// Whether the card can attack at all this round: a battle card, not attacked, not cut
    /// off unless captured weapons is active (7.1).
    pub(crate) fn can_attack(&self, player: Player, c: &BattleCard) -> bool {
        self.traits(c.card).is_battle()
            && !c.attacked
            && (!c.cut_off || self.active(player, c, Ability::CapturedWeapons))
    }

    /// Whether `target` (a card on `target_owner`'s side) is a legal target of option `o` of
    /// the attacker `c` of `player` (7.2), ignoring that `c` is not the target itself.
    pub(crate) fn legal_target(
        &self,
        player: Player,
        c: &BattleCard,
        o: &AttackOption,
        target: &BattleCard,
    ) -> bool {
        let Some(category) = self.traits(target.card).category else {
            return false;
        };
        if !o.vs.contains(category) || target.face_down {
            return false;
        }
        if o.heals() {
            return true;
        }
        !self.shielded(player.other(), target, player, c)
    }

    /// Whether camouflage shields `target` of `owner` from the attacker `c` of `player`.
    pub(crate) fn shielded(
        &self,
        owner: Player,
        target: &BattleCard,
        player: Player,
        c: &BattleCard,
    ) -> bool {
        self.round == 1
            && !target.attacked
            && self.active(owner, target, Ability::Camouflage)
            && !self.active(player, c, Ability::Reconnaissance)
    }

    /// The side an option targets.
    pub(crate) fn target_side(player: Player, o: &AttackOption) -> Player {
        if o.heals() { player } else { player.other() }
    }

    /// The index in the battle deck of each legal target of option `o` of `c`, in deck order.
    pub(crate) fn legal_targets(
        &self,
        player: Player,
        c: &BattleCard,
        o: &AttackOption,
        out: &mut Vec<usize>,
    ) {
        self.each_legal_target(player, c, o, |index| out.push(index));
    }

    /// Calls `f` with the index in the battle deck of each legal target of option `o` of `c`,
    /// in deck order.
    pub(crate) fn each_legal_target(
        &self,
        player: Player,
        c: &BattleCard,
        o: &AttackOption,
        mut f: impl FnMut(usize),
    ) {
        let side = Self::target_side(player, o);
        let mut skipped_self = !o.heals();
        for (index, target) in self.players[side.index()].battle.iter().enumerate() {
            if !skipped_self && target == c {
                skipped_self = true;
                continue;
            }
            if self.legal_target(player, c, o, target) {
                f(index);
            }
        }
    }

    /// Whether option `o` of `c` has a legal target.
    pub(crate) fn has_legal_target(
        &self,
        player: Player,
        c: &BattleCard,
        o: &AttackOption,
    ) -> bool {
        let fast = if o.heals() {
            // An own face-up battle card of a category the option reaches, the healer aside
            // (the first card with its token, when it is one of them).
            let own = self.checked_derived(player);
            let candidates = own.face_up_in(o.vs);
            let healer_counted = !c.face_down
                && self
                    .traits(c.card)
                    .category
                    .is_some_and(|category| o.vs.contains(category));
            match candidates {
                0 => false,
                1 if healer_counted => self.find(player, c).is_none(),
                _ => true,
            }
        } else {
            // An enemy face-up battle card of a category the option reaches, not shielded by
            // camouflage (7.2).
            let enemy = self.checked_derived(player.other());
            let mask = if self.round == 1 && !self.active(player, c, Ability::Reconnaissance) {
                enemy.exposed
            } else {
                enemy.face_up_mask()
            };
            o.vs.0 & mask != 0
        };
        debug_assert_eq!(fast, self.has_legal_target_by_scan(player, c, o));
        fast
    }

    /// [`Tiehuo::has_legal_target`] by trying every card of the target side.
    fn has_legal_target_by_scan(&self, player: Player, c: &BattleCard, o: &AttackOption) -> bool {
        let side = Self::target_side(player, o);
        let mut skipped_self = !o.heals();
        self.players[side.index()].battle.iter().any(|target| {
            if !skipped_self && target == c {
                skipped_self = true;
                return false;
            }
            self.legal_target(player, c, o, target)
        })
    }

    /// Whether option `o` of `c` is usable now: cost payable and a legal target.
    pub(crate) fn usable(&self, player: Player, c: &BattleCard, o: &AttackOption) -> bool {
        self.cost_payable(player, o.logistics_cost) && self.has_legal_target(player, c, o)
    }

    /// Whether `c` is an eligible attacker (7.1).
    pub(crate) fn eligible(&self, player: Player, c: &BattleCard) -> bool {
        self.can_attack(player, c)
            && self
                .card(c.card)
                .attacks()
                .iter()
                .any(|o| self.usable(player, c, o))
    }

    /// Whether a face-up card may be named under fog (8.1 step 1).
    pub(crate) fn nameable(&self, player: Player, c: &BattleCard) -> bool {
        !c.face_down
            && self.can_attack(player, c)
            && self.card(c.card).attacks().iter().any(|o| {
                self.cost_payable(player, o.logistics_cost)
                    && (self.has_legal_target(player, c, o)
                        || self.has_face_down(Self::target_side(player, o)))
            })
    }

    /// Whether the player holds a face-down battle card.
    pub(crate) fn has_face_down(&self, player: Player) -> bool {
        self.players[player.index()]
            .battle
            .iter()
            .any(|c| c.face_down)
    }

    /// Whether the player can take a turn: an eligible attacker, or under fog 8.5.
    pub(crate) fn can_act(&self, player: Player) -> bool {
        let battle = &self.players[player.index()].battle;
        if self.fog() {
            battle
                .iter()
                .any(|c| c.face_down || self.nameable(player, c))
        } else {
            battle.iter().any(|c| self.eligible(player, c))
        }
    }

    /// Whether a card has an option with side enemy and cost 0 (a focus option).
    pub(crate) fn has_focus_option(&self, c: &BattleCard) -> bool {
        self.card(c.card)
            .attacks()
            .iter()
            .any(|o| !o.heals() && o.logistics_cost == 0)
    }

    /// The multiplier `q` of an attack by `c` of `player` with `o` (7.4); `focus_bonus` is the
    /// bonus when part of a focus fire.
    pub(crate) fn multiplier(
        &self,
        player: Player,
        c: &BattleCard,
        o: &AttackOption,
        focus_bonus: i32,
    ) -> i32 {
        let this = self.traits(c.card);
        let category = this.category.unwrap_or(Category::Infantry);
        let mut q = 4 + focus_bonus;
        if c.heavy(this.cv) {
            q += self.options.heavy_penalty_q;
        }
        let env = self.env();
        let mut env_q = env.attack_q(category);
        let warfare = match env {
            Environment::Mountain => Some(Ability::MountainWarfare),
            Environment::City => Some(Ability::UrbanWarfare),
            Environment::Normal => None,
        };
        if let Some(warfare) = warfare
            && self.active(player, c, warfare)
        {
            env_q = env_q.max(0) + 1;
        }
        q += env_q;
        if self.round == 1 && self.active(player, c, Ability::Shock) {
            q += 1;
        }
        if category == Category::Aviation && !o.heals() {
            let defender = player.other();
            let screened = self.players[defender.index()].battle.iter().any(|d| {
                self.traits(d.card).is_battle() && self.active(defender, d, Ability::AntiAirScreen)
            });
            if screened {
                q -= 1;
            }
        }
        q.max(0)
    }

    /// Sorts a player's battle deck by token and brings its derived sums up to date: every
    /// change of a battle deck ends here.
    pub(crate) fn sort_battle(&mut self, player: Player) {
        self.sort_tokens(player);
        self.refresh(player);
    }

    /// [`Tiehuo::sort_battle`] after changes the derived sums do not read (focus marks), or
    /// that the caller brings them up to date for.
    pub(crate) fn sort_tokens(&mut self, player: Player) {
        let catalog = &*self.catalog;
        let battle = &mut self.players[player.index()].battle;
        if !battle.is_sorted_by(|a, b| a.cmp_tokens(b, catalog).is_le()) {
            battle.sort_by(|a, b| a.cmp_tokens(b, catalog));
        }
    }

    /// Moves the card at `index` of a player's sorted battle deck, the only card that changed,
    /// to its place (the order [`Tiehuo::sort_battle`] gives, in a few comparisons), and
    /// brings the derived sums up to date.
    pub(crate) fn resort_card(&mut self, player: Player, index: usize) {
        self.move_to_place(player, index);
        self.refresh(player);
    }

    /// [`Tiehuo::resort_card`] after a change the derived sums do not read (damage, a focus
    /// mark): they stay as they are (debug builds check them at every read).
    pub(crate) fn move_to_place(&mut self, player: Player, mut index: usize) {
        let catalog = &*self.catalog;
        let battle = &mut self.players[player.index()].battle;
        while index > 0
            && battle[index - 1]
                .cmp_tokens(&battle[index], catalog)
                .is_gt()
        {
            battle.swap(index - 1, index);
            index -= 1;
        }
        while index + 1 < battle.len()
            && battle[index]
                .cmp_tokens(&battle[index + 1], catalog)
                .is_gt()
        {
            battle.swap(index, index + 1);
            index += 1;
        }
        debug_assert!(battle.is_sorted_by(|a, b| a.cmp_tokens(b, catalog).is_le()));
    }

    /// The index of a card with this token in a player's battle deck.
    pub(crate) fn find(&self, player: Player, token: &BattleCard) -> Option<usize> {
        self.players[player.index()]
            .battle
            .iter()
            .position(|c| c == token)
    }

    /// The participant `*n` of the focus owner.
    pub(crate) fn participant(&self, owner: Player, n: u8) -> Option<usize> {
        self.players[owner.index()]
            .battle
            .iter()
            .position(|c| c.focus == FocusMark::Participant(n))
    }

    /// Whether the player has a non-destroyed battle card (11.1).
    pub(crate) fn has_battle_card(&self, player: Player) -> bool {
        self.players[player.index()]
            .battle
            .iter()
            .any(|c| self.traits(c.card).is_battle())
    }

    /// Settlement score: Σ (cv − D) of the battle cards (11.2).
    #[must_use]
    pub fn score(&self, player: Player) -> i32 {
        self.players[player.index()]
            .battle
            .iter()
            .filter(|c| self.traits(c.card).is_battle())
            .map(|c| i32::from(self.traits(c.card).cv) - i32::from(c.damage))
            .sum()
    }

    /// Whether damage `d` destroys a card of combat value `cv` (7.7).
    pub(crate) fn destroys(&self, damage: u16, cv: u16) -> bool {
        if self.options.destroy_on_zero {
            damage >= cv
        } else {
            damage > cv
        }
    }

    /// The face-down classes of a player, each once, in byte order of their text.
    pub(crate) fn classes(&self, player: Player) -> Vec<Class> {
        let mut classes: Vec<Class> = Vec::new();
        for c in &self.players[player.index()].battle {
            if c.face_down {
                let class = c.class(self.traits(c.card).cv);
                if !classes.contains(&class) {
                    classes.push(class);
                }
            }
        }
        classes.sort_by_key(Class::text);
        classes
    }

    /// Whether a face-down card belongs to a class.
    pub(crate) fn in_class(&self, c: &BattleCard, class: Class) -> bool {
        c.face_down && c.class(self.traits(c.card).cv) == class
    }
}
