//! What a client draws (DESIGN.md §2a): each viewer's table, each viewer's events and the
//! deployment editor's view, as typed values the dyn layer turns into JSON.
//!
//! Everything here follows the views of §17.8: a viewer who does not see a player gets that
//! player's face-down battle cards as their classes, in an order that does not depend on the
//! hidden cards, its reserve as a count, and nothing of its battle deck during the deployment.
//! Sums over a battle deck (`Σ`, slack, score) are shown only to a viewer who sees every card
//! they add up.

use serde::Serialize;
use zhanqi_core::Viewer;

use crate::action::{Action, Event};
use crate::cards::{Ability, AttackOption, Card, CardKind};
use crate::catalog::CardIndex;
use crate::engine::hit_value;
use crate::state::{AttackStage, Environment, Flag, Focus, Pending, Phase, Tiehuo};
use crate::token::{BattleCard, Class, FocusMark, Player};

/// The click that names a face-down class of a seat: `class:<seat>:<class>`.
#[must_use]
pub fn class_click(seat: Player, class: Class) -> String {
    format!("class:{}:{}", seat.name(), class.text())
}

/// The click that chooses an attack option, 1-based: `option:<k>`.
#[must_use]
pub fn option_click(k: u8) -> String {
    format!("option:{k}")
}

impl Tiehuo {
    /// The click that names a card of a battle deck: `card:<seat>:<token>`.
    #[must_use]
    pub fn card_click(&self, seat: Player, token: &BattleCard) -> String {
        format!("card:{}:{}", seat.name(), token.token(self.catalog()))
    }

    /// The click that takes a reserve card: `reserve:<id>`.
    #[must_use]
    pub fn reserve_click(&self, index: CardIndex) -> String {
        format!("reserve:{}", self.card(index).id)
    }
}

/// What a card is, whatever its state: its printed face.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardFace {
    /// The card id (`DE05`).
    pub id: String,
    /// English name.
    pub name: String,
    /// Chinese name.
    pub name_zh: String,
    /// `infantry`, `armour`, `aviation` or `ranged`; absent for a special-ability card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<&'static str>,
    /// Combat value (0 for a special-ability card).
    pub cv: u16,
    /// Printed logistics.
    pub logistics: u16,
    /// Logistics with the environment's delta (2.5).
    pub effective_logistics: i32,
    /// The ability a special-ability card activates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activates: Option<&'static str>,
    /// Abilities always active.
    pub innate: Vec<&'static str>,
    /// Abilities active while a special-ability card activates them.
    pub latent: Vec<&'static str>,
    /// The attack options, in order (named `.1`, `.2`, …).
    pub attacks: Vec<AttackFace>,
}

/// One printed attack option.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AttackFace {
    /// Its 1-based index.
    pub k: u8,
    /// `AP`, `HE`, `Aid`…
    pub label: String,
    /// The whole option in the table notation of §2.2.
    pub text: String,
    /// Whether it heals own cards.
    pub heals: bool,
    /// Logistics it costs at once.
    pub cost: u8,
    /// The categories it may target.
    pub vs: Vec<&'static str>,
    /// The magnitudes of one hit's damage (or healing), low and high.
    pub damage: [u8; 2],
    /// Hits on each target, low and high.
    pub hits: [u8; 2],
    /// Number of targets, low and high.
    pub targets: [u8; 2],
    /// The change to the opponent's logistics next round (≤ 0).
    pub opp: i8,
    /// The change to the player's own logistics next round (≥ 0).
    pub gain: i8,
}

/// A card of a battle deck as one viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardUi {
    /// The click that names it (`card:1:DE05:2a`, or `class:2:?h` for a hidden card).
    pub click: String,
    /// For its owner's face-down card: the click that names its class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_click: Option<String>,
    /// Its token, when the viewer may know it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// Its face-down class (`?`, `?hc`), for a face-down card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// The printed face, when the viewer may know it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face: Option<CardFace>,
    /// Damage `D`, when the viewer may know it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage: Option<u16>,
    /// Heavily damaged (重创): `2·D > cv`.
    pub heavy: bool,
    /// Attacked this round.
    pub attacked: bool,
    /// Cut off (后勤断绝).
    pub cut_off: bool,
    /// Face down (fog of war).
    pub face_down: bool,
    /// A designation failed on its camouflage.
    pub marked: bool,
    /// `t` for the focus target, the participant's number otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focus: Option<String>,
    /// For the owner's own face-up cards: each option's use now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OptionUse>,
}

/// Whether an own card's option is usable now, and the cards it may target.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct OptionUse {
    /// The option's 1-based index.
    pub k: u8,
    /// Its cost is payable and it has a legal target (7.1).
    pub usable: bool,
    /// The clicks of its legal targets (7.2), each once.
    pub targets: Vec<String>,
}

/// One player's side of the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlayerUi {
    /// `1` or `2`.
    pub seat: &'static str,
    /// Current logistics `L`, once rolled.
    pub logistics: Option<i32>,
    /// The logistics change pending for the next round.
    pub next: i32,
    /// `done`, `ready` or empty.
    pub flag: &'static str,
    /// The battle deck is hidden from this viewer (the deployment).
    pub hidden: bool,
    /// The battle deck: face-up cards, then face-down ones.
    pub battle: Vec<CardUi>,
    /// The reserve, when the viewer sees it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve: Option<Vec<CardFace>>,
    /// How many cards the reserve holds (absent while hidden in the deployment).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve_count: Option<usize>,
    /// The discard pile.
    pub discard: Vec<CardFace>,
    /// Σ effective logistics of the battle deck, when the viewer sees every card of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sigma: Option<i32>,
    /// `L − Σ`, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slack: Option<i32>,
    /// Σ (cv − D) of its battle cards (the settlement score), likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}

/// The focus fire under way.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct FocusUi {
    /// `declare`, `wait` or `resolve`.
    pub stage: &'static str,
    /// The seat that declares it.
    pub owner: &'static str,
    /// Each participant's option (`null` for a participant still choosing).
    pub opts: Vec<Option<u8>>,
    /// In the wait: the wait turns the opponent may still start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<u8>,
    /// In the resolution: the bonus in quarters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<i32>,
    /// Under fog, in the declaration: whether the enemy designation is used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub designated: Option<bool>,
}

/// The step under way (§17.3.6).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PendingUi {
    /// A B3 resupply with `added` cards so far.
    Resupply {
        /// Cards added so far.
        added: u8,
        /// Most cards one resupply adds.
        max: u32,
    },
    /// A B3 cut-off.
    Cutoff {
        /// The effective logistics still to cut, when the viewer sees the whole deck.
        #[serde(skip_serializing_if = "Option::is_none")]
        needed: Option<i32>,
    },
    /// An attack.
    Attack {
        /// The attacker's seat.
        seat: &'static str,
        /// The attacker's token.
        attacker: String,
        /// The option, 1-based.
        option: u8,
        /// The option's label.
        label: String,
        /// `roll_targets`, `choose_targets`, `roll_hits` or `damage`.
        stage: &'static str,
        /// The target count rolled, when choosing targets.
        #[serde(skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
        /// The seat whose cards are targeted.
        target_seat: &'static str,
        /// The targets, with the hits each has left in the damage stage.
        targets: Vec<TargetUi>,
        /// The multiplier in quarters, in the damage stage.
        #[serde(skip_serializing_if = "Option::is_none")]
        q: Option<i32>,
    },
    /// Under fog, an own class is named; its card is drawn next.
    Name {
        /// The class.
        class: String,
    },
    /// Under fog, a card is named.
    Named {
        /// Its token.
        card: String,
        /// Designations left.
        flips: u8,
        /// The class designated, whose card is drawn next.
        #[serde(skip_serializing_if = "Option::is_none")]
        designated: Option<String>,
    },
    /// The focus declaration's designation awaits its draw.
    Flip {
        /// The class designated (`2?h`).
        designated: String,
    },
}

/// A target of an attack.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TargetUi {
    /// Its token.
    pub token: String,
    /// Hits left, in the damage stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hits: Option<u8>,
}

/// The result of a finished game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ResultUi {
    /// The winner's seat, or `null` for a draw.
    pub winner: Option<&'static str>,
    /// `annihilation`, `settlement` or `concede`.
    pub reason: &'static str,
}

/// Everything one viewer sees of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TableUi {
    /// `env`, `logistics`, `deploy`, `play`, `between` or `over`.
    pub phase: &'static str,
    /// The current round, 0 before the first.
    pub round: u32,
    /// The number of rounds, 0 until both `L` are known.
    pub rounds: u32,
    /// The seat that acts or whose step is pending.
    pub turn: Option<&'static str>,
    /// Whether fog of war is played.
    pub fog: bool,
    /// `formation` or `alt_history`.
    pub mode: &'static str,
    /// `individual` or `shared`.
    pub logistics_mode: &'static str,
    /// `normal`, `mountain` or `city`, once rolled.
    pub environment: Option<&'static str>,
    /// The seat of the viewer, when it is a seat.
    pub you: Option<&'static str>,
    /// Both players, seat 1 first.
    pub players: Vec<PlayerUi>,
    /// The focus fire under way.
    pub focus: Option<FocusUi>,
    /// The step under way.
    pub pending: Option<PendingUi>,
    /// The result, once over.
    pub result: Option<ResultUi>,
    /// The position as the viewer may see it (§17.8).
    pub position: String,
}

/// One event as one viewer may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventUi {
    /// The environment roll.
    Environment {
        /// The d6 face.
        face: u8,
        /// The environment it gives.
        environment: &'static str,
    },
    /// A logistics roll.
    Logistics {
        /// The seats whose `L` it sets.
        seats: Vec<&'static str>,
        /// The faces rolled.
        faces: Vec<u8>,
        /// The logistics it gives.
        logistics: i32,
    },
    /// A seat submitted its deployment.
    Deployed {
        /// The seat.
        by: &'static str,
        /// The card ids, for the seat itself.
        #[serde(skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<String>>,
    },
    /// A seat acted.
    Acted {
        /// The seat.
        by: &'static str,
        /// What it did.
        #[serde(flatten)]
        act: ActUi,
    },
    /// A target count or hit count was rolled.
    Rolled {
        /// The attacking seat.
        seat: &'static str,
        /// `targets` or `hits`.
        roll: &'static str,
        /// The value rolled.
        value: u8,
        /// The attacker's token.
        attacker: String,
    },
    /// A damage (or healing) roll and what it did to its target.
    Hit {
        /// The attacking seat.
        seat: &'static str,
        /// The attacker's token.
        attacker: String,
        /// The seat of the card hit.
        target_seat: &'static str,
        /// The target's token before the hit.
        target: String,
        /// The magnitude rolled.
        magnitude: u8,
        /// The multiplier in quarters.
        q: i32,
        /// What the hit changed `D` by (negative for healing).
        change: i32,
        /// The target's damage after the hit.
        damage: u16,
        /// Whether the hit destroyed the target.
        destroyed: bool,
    },
    /// Under fog, a card of a class was drawn.
    Drawn {
        /// The seat of the card.
        seat: &'static str,
        /// Its class before the draw.
        class: String,
        /// Its token, when the viewer may know it.
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Whether it turned face up (a designation that fails on camouflage does not).
        turned: bool,
    },
    /// A card was destroyed.
    Destroyed {
        /// Its seat.
        seat: &'static str,
        /// The card.
        card: CardFace,
    },
    /// A face-up card's damage changed without a damage roll (a fixed damage, a recovery).
    Damaged {
        /// Its seat.
        seat: &'static str,
        /// The card id.
        card: String,
        /// Its damage before.
        from: u16,
        /// Its damage after.
        to: u16,
    },
    /// Face-down cards turned face up.
    Revealed {
        /// Their seat.
        seat: &'static str,
        /// How many.
        count: usize,
    },
    /// The game ended.
    GameOver {
        /// The winner's seat, none for a draw.
        winners: Vec<&'static str>,
        /// Why.
        reason: &'static str,
        /// Each seat's settlement score, when the viewer sees every card it adds up.
        scores: Vec<Option<i32>>,
    },
}

/// What a seat did.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum ActUi {
    /// `done`.
    Done,
    /// A single attack or joining a focus: the card and its option.
    Attack {
        /// The card's token.
        card: String,
        /// The option.
        option: u8,
        /// The option's label.
        label: String,
    },
    /// A focus declaration opened (on `target` without fog).
    Focus {
        /// The target's token, without fog.
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
    },
    /// The focus declared.
    Fire,
    /// Under fog: a face-up card named.
    Name {
        /// Its token.
        card: String,
    },
    /// Under fog: an own face-down class named.
    NameClass {
        /// The class.
        class: String,
    },
    /// Under fog: the option of the named card.
    Option {
        /// The option.
        option: u8,
    },
    /// Under fog: a face-down class designated.
    Designate {
        /// Its seat.
        seat: &'static str,
        /// The class.
        class: String,
    },
    /// Under fog: the turn ends without an attack.
    Pass,
    /// Under fog: the target of the focus declaration.
    FocusTarget {
        /// Its token.
        target: String,
    },
    /// The targets of an attack, in order.
    Targets {
        /// Their seat.
        seat: &'static str,
        /// Their tokens.
        targets: Vec<String>,
    },
    /// A wait, resupply or cut-off ended.
    End,
    /// A reserve card resupplied (its face, unless it enters face down for this viewer).
    Resupply {
        /// The card, when the viewer may know it.
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<CardFace>,
    },
    /// A card cut off.
    CutOff {
        /// Its token, when the viewer may know it.
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        /// Its class, when it is face down.
        #[serde(skip_serializing_if = "Option::is_none")]
        class: Option<String>,
    },
    /// The seat conceded.
    Concede,
}

/// The deployment being arranged, as its editor draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DeploymentUi {
    /// The arrangement's text: card ids separated by commas.
    pub layout: String,
    /// The cards chosen.
    pub cards: Vec<CardFace>,
    /// Σ of their effective logistics.
    pub logistics: i32,
    /// The player's `L`, the most they may add up to.
    pub budget: i32,
    /// Every rule the arrangement breaks now.
    pub violations: Vec<String>,
}

fn ability_ids(set: crate::cards::AbilitySet) -> Vec<&'static str> {
    Ability::ALL
        .into_iter()
        .filter(|&a| set.contains(a))
        .map(Ability::id)
        .collect()
}

fn attack_face(k: usize, o: &AttackOption) -> AttackFace {
    AttackFace {
        k: k as u8 + 1,
        label: o.label.clone(),
        text: o.to_string(),
        heals: o.heals(),
        cost: o.logistics_cost,
        vs: crate::cards::Category::ALL
            .into_iter()
            .filter(|&category| o.vs.contains(category))
            .map(crate::cards::Category::name)
            .collect(),
        damage: [o.damage.low, o.damage.high],
        hits: [o.hits.low, o.hits.high],
        targets: [o.targets.low, o.targets.high],
        opp: o.opp_logistics,
        gain: o.self_logistics,
    }
}

fn flag_name(flag: Flag) -> &'static str {
    match flag {
        Flag::None => "",
        Flag::Done => "done",
        Flag::Ready => "ready",
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Environment => "env",
        Phase::Logistics => "logistics",
        Phase::Deploy => "deploy",
        Phase::Play => "play",
        Phase::Between => "between",
        Phase::Over => "over",
    }
}

fn focus_mark(mark: FocusMark) -> Option<String> {
    match mark {
        FocusMark::None => None,
        FocusMark::Target => Some("t".to_owned()),
        FocusMark::Participant(n) => Some(n.to_string()),
    }
}

impl Tiehuo {
    /// The printed face of a card, with its logistics in this game's environment.
    #[must_use]
    pub fn card_face(&self, index: CardIndex) -> CardFace {
        let this: &Card = self.card(index);
        let (innate, latent) = this.listed_abilities();
        CardFace {
            id: this.id.clone(),
            name: this.name.clone(),
            name_zh: this.name_zh.clone(),
            category: this.category().map(crate::cards::Category::name),
            cv: this.cv(),
            logistics: this.logistics,
            effective_logistics: self.effective_logistics(index),
            activates: match this.kind {
                CardKind::SpecialAbility { ability } => Some(ability.id()),
                CardKind::Battle { .. } => None,
            },
            innate: ability_ids(innate),
            latent: ability_ids(latent),
            attacks: this
                .attacks()
                .iter()
                .enumerate()
                .map(|(k, o)| attack_face(k, o))
                .collect(),
        }
    }

    /// Whether `viewer` knows every card that `player`'s battle deck adds up.
    fn sees_whole_deck(&self, viewer: Viewer, player: Player) -> bool {
        Tiehuo::sees(viewer, player)
            || (self.phase != Phase::Deploy
                && !self.players[player.index()]
                    .battle
                    .iter()
                    .any(|c| c.face_down))
    }

    fn visible_card(&self, viewer: Viewer, owner: Player, c: &BattleCard) -> CardUi {
        let cv = self.card(c.card).cv();
        let own = Tiehuo::sees(viewer, owner) && viewer != Viewer::Omniscient;
        let options = if own && !c.face_down {
            self.card(c.card)
                .attacks()
                .iter()
                .enumerate()
                .map(|(k, o)| {
                    let side = Tiehuo::target_side(owner, o);
                    let mut indices = Vec::new();
                    self.legal_targets(owner, c, o, &mut indices);
                    let mut targets: Vec<String> = Vec::new();
                    for index in indices {
                        let click =
                            self.card_click(side, &self.players[side.index()].battle[index]);
                        if !targets.contains(&click) {
                            targets.push(click);
                        }
                    }
                    OptionUse {
                        k: k as u8 + 1,
                        usable: self.can_attack(owner, c) && self.usable(owner, c, o),
                        targets,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        CardUi {
            click: self.card_click(owner, c),
            class_click: c.face_down.then(|| class_click(owner, c.class(cv))),
            token: Some(c.token(self.catalog())),
            class: c.face_down.then(|| c.class(cv).text()),
            face: Some(self.card_face(c.card)),
            damage: Some(c.damage),
            heavy: c.heavy(cv),
            attacked: c.attacked,
            cut_off: c.cut_off,
            face_down: c.face_down,
            marked: c.marked,
            focus: focus_mark(c.focus),
            options,
        }
    }

    fn hidden_card(&self, owner: Player, c: &BattleCard) -> CardUi {
        let class = c.class(self.card(c.card).cv());
        CardUi {
            click: class_click(owner, class),
            class_click: None,
            token: None,
            class: Some(class.text()),
            face: None,
            damage: None,
            heavy: class.heavy,
            attacked: c.attacked,
            cut_off: class.cut_off,
            face_down: true,
            marked: class.marked,
            focus: focus_mark(c.focus),
            options: Vec::new(),
        }
    }

    fn player_ui(&self, viewer: Viewer, player: Player) -> PlayerUi {
        let state = &self.players[player.index()];
        let sees = Tiehuo::sees(viewer, player);
        let hidden = !sees && self.phase == Phase::Deploy;
        let battle = if hidden {
            Vec::new()
        } else if sees {
            state
                .battle
                .iter()
                .map(|c| self.visible_card(viewer, player, c))
                .collect()
        } else {
            let mut face_up: Vec<CardUi> = state
                .battle
                .iter()
                .filter(|c| !c.face_down)
                .map(|c| self.visible_card(viewer, player, c))
                .collect();
            let mut face_down: Vec<CardUi> = state
                .battle
                .iter()
                .filter(|c| c.face_down)
                .map(|c| self.hidden_card(player, c))
                .collect();
            face_down.sort_by(|a, b| (&a.class, &a.focus).cmp(&(&b.class, &b.focus)));
            face_up.extend(face_down);
            face_up
        };
        let whole = self.sees_whole_deck(viewer, player);
        let sigma = self.sigma(player);
        PlayerUi {
            seat: player.name(),
            logistics: state.logistics,
            next: state.next,
            flag: flag_name(state.flag),
            hidden,
            battle,
            reserve: sees.then(|| state.reserve.iter().map(|&c| self.card_face(c)).collect()),
            reserve_count: (!hidden).then_some(state.reserve.len()),
            discard: state.discard.iter().map(|&c| self.card_face(c)).collect(),
            sigma: whole.then_some(sigma),
            slack: whole.then(|| state.logistics.map(|l| l - sigma)).flatten(),
            score: (whole && self.phase != Phase::Deploy).then(|| self.score(player)),
        }
    }

    fn focus_ui(&self) -> Option<FocusUi> {
        let owner = match self.focus {
            Focus::None => return None,
            // The wait is the opponent's turn; the declaration and resolution the owner's.
            Focus::Wait { .. } => self.turn.map(Player::other),
            _ => self.turn,
        }
        .unwrap_or(Player::One)
        .name();
        Some(match &self.focus {
            Focus::None => return None,
            Focus::Declare { flip, opts } => FocusUi {
                stage: "declare",
                owner,
                opts: opts.clone(),
                left: None,
                bonus: None,
                designated: *flip,
            },
            Focus::Wait { left, opts } => FocusUi {
                stage: "wait",
                owner,
                opts: opts.iter().copied().map(Some).collect(),
                left: Some(*left),
                bonus: None,
                designated: None,
            },
            Focus::Resolve { bonus, opts } => FocusUi {
                stage: "resolve",
                owner,
                opts: opts.iter().copied().map(Some).collect(),
                left: None,
                bonus: Some(*bonus),
                designated: None,
            },
        })
    }

    fn pending_ui(&self, viewer: Viewer) -> Option<PendingUi> {
        let player = self.turn.unwrap_or(Player::One);
        let token = |c: &BattleCard| c.token(self.catalog());
        Some(match &self.pending {
            Pending::None => return None,
            Pending::Resupply(added) => PendingUi::Resupply {
                added: *added,
                max: self.options.resupply_max,
            },
            Pending::Cutoff => {
                let state = &self.players[player.index()];
                let cut: i32 = state
                    .battle
                    .iter()
                    .filter(|c| c.cut_off)
                    .map(|c| self.effective_logistics(c.card))
                    .sum();
                PendingUi::Cutoff {
                    needed: self
                        .sees_whole_deck(viewer, player)
                        .then(|| (self.sigma(player) - state.logistics.unwrap_or(0) - cut).max(0)),
                }
            }
            Pending::Attack(step) => {
                let o = &self.card(step.attacker.card).attacks()[usize::from(step.option) - 1];
                let (stage, count, targets, q) = match &step.stage {
                    AttackStage::RollTargets => ("roll_targets", None, Vec::new(), None),
                    AttackStage::ChooseTargets(n) => ("choose_targets", Some(*n), Vec::new(), None),
                    AttackStage::RollHits(list) => (
                        "roll_hits",
                        None,
                        list.iter()
                            .map(|c| TargetUi {
                                token: token(c),
                                hits: None,
                            })
                            .collect(),
                        None,
                    ),
                    AttackStage::Damage { q, hits } => (
                        "damage",
                        None,
                        hits.iter()
                            .map(|(c, n)| TargetUi {
                                token: token(c),
                                hits: Some(*n),
                            })
                            .collect(),
                        Some(*q),
                    ),
                };
                PendingUi::Attack {
                    seat: player.name(),
                    attacker: token(&step.attacker),
                    option: step.option,
                    label: o.label.clone(),
                    stage,
                    count,
                    target_seat: Tiehuo::target_side(player, o).name(),
                    targets,
                    q,
                }
            }
            Pending::Name(class) => PendingUi::Name {
                class: class.text(),
            },
            Pending::Named {
                card: x,
                flips,
                flip,
            } => PendingUi::Named {
                card: token(x),
                flips: *flips,
                designated: flip.map(|(side, class)| format!("{}{}", side.name(), class.text())),
            },
            Pending::Flip(side, class) => PendingUi::Flip {
                designated: format!("{}{}", side.name(), class.text()),
            },
        })
    }

    /// What `viewer` sees, ready to draw.
    #[must_use]
    pub fn table_ui(&self, viewer: Viewer) -> TableUi {
        TableUi {
            phase: phase_name(self.phase),
            round: self.round,
            rounds: self.rounds,
            turn: self.turn.map(Player::name),
            fog: self.fog(),
            mode: self.options.mode.name(),
            logistics_mode: self.options.logistics_mode.name(),
            environment: self.environment.map(Environment::name),
            you: match viewer {
                Viewer::Seat(seat) => Player::of_seat(seat).map(Player::name),
                _ => None,
            },
            players: Player::BOTH
                .into_iter()
                .map(|p| self.player_ui(viewer, p))
                .collect(),
            focus: self.focus_ui(),
            pending: self.pending_ui(viewer),
            result: self.finish.map(|finish| ResultUi {
                winner: finish.winner.map(Player::name),
                reason: finish.reason.name(),
            }),
            position: self.write_position(viewer),
        }
    }

    /// The events of `action`, played on `self` (the game before it) to give `after`, as
    /// `viewer` may see them.
    #[must_use]
    pub fn events_ui(
        &self,
        after: &Tiehuo,
        action: &Action,
        events: &[Event],
        by: Option<Player>,
        viewer: Viewer,
    ) -> Vec<EventUi> {
        let mut out = Vec::new();
        match by {
            Some(player) => out.push(self.act_ui(player, action, viewer)),
            None => self.chance_ui(after, action, events, viewer, &mut out),
        }
        // A damage roll is shown as its hit; any other change of a face-up card's damage
        // (fixed damage, fixed hits, recovery) is shown as the difference.
        let rolled_damage = by.is_none()
            && matches!(
                &self.pending,
                Pending::Attack(step) if matches!(step.stage, AttackStage::Damage { .. })
            );
        if !rolled_damage {
            self.damage_changes(after, &mut out);
        }
        for event in events {
            match *event {
                Event::Destroyed(player, index) => out.push(EventUi::Destroyed {
                    seat: player.name(),
                    card: self.card_face(index),
                }),
                Event::Revealed(player, count) => out.push(EventUi::Revealed {
                    seat: player.name(),
                    count,
                }),
                Event::GameOver => {
                    if let Some(finish) = after.finish {
                        out.push(EventUi::GameOver {
                            winners: finish.winner.map(Player::name).into_iter().collect(),
                            reason: finish.reason.name(),
                            scores: Player::BOTH
                                .into_iter()
                                .map(|p| after.sees_whole_deck(viewer, p).then(|| after.score(p)))
                                .collect(),
                        });
                    }
                }
            }
        }
        out
    }

    /// The damage changes of cards face up before and after, card by card: for each card id,
    /// the damages that left and the ones that came, paired in order (a destroyed or
    /// revealed card leaves its group unpaired, and the group is skipped).
    fn damage_changes(&self, after: &Tiehuo, out: &mut Vec<EventUi>) {
        for player in Player::BOTH {
            let face_up = |game: &Tiehuo| -> Vec<(CardIndex, u16)> {
                let mut cards: Vec<(CardIndex, u16)> = game.players[player.index()]
                    .battle
                    .iter()
                    .filter(|c| !c.face_down && self.card(c.card).is_battle())
                    .map(|c| (c.card, c.damage))
                    .collect();
                cards.sort_unstable();
                cards
            };
            let (old, new) = (face_up(self), face_up(after));
            let mut ids: Vec<CardIndex> = old.iter().map(|&(c, _)| c).collect();
            ids.dedup();
            for id in ids {
                let mut left: Vec<u16> = old
                    .iter()
                    .filter(|&&(c, _)| c == id)
                    .map(|&(_, d)| d)
                    .collect();
                let mut came: Vec<u16> = new
                    .iter()
                    .filter(|&&(c, _)| c == id)
                    .map(|&(_, d)| d)
                    .collect();
                // Take out the damages on both sides: what is left changed.
                let mut index = 0;
                while index < left.len() {
                    if let Some(at) = came.iter().position(|&d| d == left[index]) {
                        came.remove(at);
                        left.remove(index);
                    } else {
                        index += 1;
                    }
                }
                if left.len() != came.len() {
                    continue;
                }
                for (from, to) in left.into_iter().zip(came) {
                    out.push(EventUi::Damaged {
                        seat: player.name(),
                        card: self.card(id).id.clone(),
                        from,
                        to,
                    });
                }
            }
        }
    }

    fn act_ui(&self, player: Player, action: &Action, viewer: Viewer) -> EventUi {
        let by = player.name();
        let token = |c: &BattleCard| c.token(self.catalog());
        let act = match action {
            Action::Deploy(cards) => {
                return EventUi::Deployed {
                    by,
                    cards: Tiehuo::sees(viewer, player)
                        .then(|| cards.iter().map(|&c| self.card(c).id.clone()).collect()),
                };
            }
            Action::Done => ActUi::Done,
            Action::Attack(c, k) => ActUi::Attack {
                card: token(c),
                option: *k,
                label: self.card(c.card).attacks()[usize::from(*k) - 1]
                    .label
                    .clone(),
            },
            Action::FocusOn(t) => ActUi::Focus {
                target: Some(token(t)),
            },
            Action::FocusFog => ActUi::Focus { target: None },
            Action::Fire => ActUi::Fire,
            Action::Name(c) => ActUi::Name { card: token(c) },
            Action::NameClass(class) => ActUi::NameClass {
                class: class.text(),
            },
            Action::Option(k) => ActUi::Option { option: *k },
            Action::Designate(side, class) => ActUi::Designate {
                seat: side.name(),
                class: class.text(),
            },
            Action::Pass => ActUi::Pass,
            Action::FocusTarget(t) => ActUi::FocusTarget { target: token(t) },
            Action::Targets(list) => {
                let side = match &self.pending {
                    Pending::Attack(step) => Tiehuo::target_side(
                        player,
                        &self.card(step.attacker.card).attacks()[usize::from(step.option) - 1],
                    ),
                    _ => player.other(),
                };
                ActUi::Targets {
                    seat: side.name(),
                    targets: list.iter().map(token).collect(),
                }
            }
            Action::End => ActUi::End,
            Action::Resupply(index) => {
                // Under fog a battle card enters face down: its owner alone knows it.
                let hidden = self.fog() && self.card(*index).is_battle();
                ActUi::Resupply {
                    card: (!hidden || Tiehuo::sees(viewer, player)).then(|| self.card_face(*index)),
                }
            }
            Action::CutOff(c) => {
                let shown = !c.face_down || Tiehuo::sees(viewer, player);
                ActUi::CutOff {
                    card: shown.then(|| token(c)),
                    class: c.face_down.then(|| c.class(self.card(c.card).cv()).text()),
                }
            }
            Action::Concede => ActUi::Concede,
            Action::Environment(_) | Action::Logistics(_) | Action::Value(_) | Action::Draw(_) => {
                ActUi::End
            }
        };
        EventUi::Acted { by, act }
    }

    fn chance_ui(
        &self,
        after: &Tiehuo,
        action: &Action,
        events: &[Event],
        viewer: Viewer,
        out: &mut Vec<EventUi>,
    ) {
        let player = self.turn.unwrap_or(Player::One);
        match action {
            Action::Environment(face) => out.push(EventUi::Environment {
                face: *face,
                environment: Environment::of_face(*face).name(),
            }),
            Action::Logistics(faces) => {
                let set: Vec<Player> = Player::BOTH
                    .into_iter()
                    .filter(|p| {
                        self.players[p.index()].logistics.is_none()
                            && after.players[p.index()].logistics.is_some()
                    })
                    .collect();
                out.push(EventUi::Logistics {
                    seats: set.iter().map(|p| p.name()).collect(),
                    faces: faces.clone(),
                    logistics: set
                        .first()
                        .and_then(|p| after.players[p.index()].logistics)
                        .unwrap_or(0),
                });
            }
            Action::Value(value) => {
                let Pending::Attack(step) = &self.pending else {
                    return;
                };
                let attacker = step.attacker.token(self.catalog());
                match &step.stage {
                    AttackStage::RollTargets => out.push(EventUi::Rolled {
                        seat: player.name(),
                        roll: "targets",
                        value: *value,
                        attacker,
                    }),
                    AttackStage::RollHits(_) => out.push(EventUi::Rolled {
                        seat: player.name(),
                        roll: "hits",
                        value: *value,
                        attacker,
                    }),
                    AttackStage::Damage { q, hits } => {
                        let o =
                            &self.card(step.attacker.card).attacks()[usize::from(step.option) - 1];
                        let side = Tiehuo::target_side(player, o);
                        if let Some((target, _)) = hits.first() {
                            let mut change = hit_value(i32::from(*value), *q);
                            if o.heals() {
                                change = -change.min(i32::from(target.damage));
                            } else if self.active(side, target, Ability::Entrenched) {
                                change = (change - 1).max(0);
                            }
                            let damage = (i32::from(target.damage) + change).max(0) as u16;
                            out.push(EventUi::Hit {
                                seat: player.name(),
                                attacker,
                                target_seat: side.name(),
                                target: target.token(self.catalog()),
                                magnitude: *value,
                                q: *q,
                                change,
                                damage,
                                destroyed: self.destroys(damage, self.card(target.card).cv()),
                            });
                        }
                    }
                    AttackStage::ChooseTargets(_) => {}
                }
            }
            Action::Draw(token) => {
                let owner = match &self.pending {
                    Pending::Named {
                        flip: Some((side, _)),
                        ..
                    }
                    | Pending::Flip(side, _) => *side,
                    _ => player,
                };
                let turned = events
                    .iter()
                    .any(|e| matches!(e, Event::Revealed(p, _) if *p == owner));
                out.push(EventUi::Drawn {
                    seat: owner.name(),
                    class: token.class(self.card(token.card).cv()).text(),
                    // A card that turned is written as it now lies, face up.
                    token: (turned || Tiehuo::sees(viewer, owner)).then(|| {
                        let shown = if turned {
                            BattleCard {
                                face_down: false,
                                marked: false,
                                ..*token
                            }
                        } else {
                            *token
                        };
                        shown.token(self.catalog())
                    }),
                    turned,
                });
            }
            _ => {}
        }
    }

    /// A deployment of `player` as its editor draws it: the cards, their logistics against
    /// `L`, and every rule it breaks.
    #[must_use]
    pub fn deployment_ui(&self, player: Player, cards: &[CardIndex]) -> DeploymentUi {
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        DeploymentUi {
            layout: self.text_of(&Action::Deploy(sorted.clone())),
            cards: sorted.iter().map(|&c| self.card_face(c)).collect(),
            logistics: sorted.iter().map(|&c| self.effective_logistics(c)).sum(),
            budget: self.players[player.index()].logistics.unwrap_or(0),
            violations: self.deployment_problems(player, &sorted),
        }
    }
}
