//! The closed effect vocabulary (§5): triggers, operations, selectors, durations, and the
//! effect notation of §5.9 (`play>damage(1)@enemy_zone:r2`) with its JSON record.

use std::fmt;

use serde::{Deserialize, Serialize};

/// When an effect fires (§5.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Trigger {
    /// Once, when the card resolves.
    Play,
    /// Continuously while the card is on the board or attached.
    Static,
    /// After the card (or host) finishes an attack.
    Attack,
    /// At the start of the controller's turn.
    TurnStart,
    /// When the card (or host) is destroyed.
    Destroyed,
}

impl Trigger {
    /// Every trigger.
    pub const ALL: [Trigger; 5] = [
        Trigger::Play,
        Trigger::Static,
        Trigger::Attack,
        Trigger::TurnStart,
        Trigger::Destroyed,
    ];

    /// The name in card data and in stack frames.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Trigger::Play => "play",
            Trigger::Static => "static",
            Trigger::Attack => "attack",
            Trigger::TurnStart => "turn_start",
            Trigger::Destroyed => "destroyed",
        }
    }

    /// The trigger of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Trigger> {
        Trigger::ALL.into_iter().find(|t| t.name() == name)
    }

    /// A bit for trigger sets.
    #[must_use]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A stat that `buff` changes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Stat {
    /// Attack power.
    Atk,
    /// Armour (sturdiness for buildings).
    Armour,
    /// Attack range.
    Range,
    /// Maximum troops.
    MaxTroops,
}

impl Stat {
    /// Every stat.
    pub const ALL: [Stat; 4] = [Stat::Atk, Stat::Armour, Stat::Range, Stat::MaxTroops];

    /// The name in card data and modifiers.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Stat::Atk => "atk",
            Stat::Armour => "armour",
            Stat::Range => "range",
            Stat::MaxTroops => "max_troops",
        }
    }

    /// The stat of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Stat> {
        Stat::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A keyword (§5.8).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Keyword {
    /// 急行: full points on entering the board.
    Charge,
    /// 疾行: per-turn MP is `swift_mp`.
    Swift,
    /// 護衛: blocks attacks on the other cards of its zone.
    Guard,
}

impl Keyword {
    /// Every keyword.
    pub const ALL: [Keyword; 3] = [Keyword::Charge, Keyword::Swift, Keyword::Guard];

    /// The name in card data and modifiers.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Keyword::Charge => "charge",
            Keyword::Swift => "swift",
            Keyword::Guard => "guard",
        }
    }

    /// The keyword of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Keyword> {
        Keyword::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A set of keywords.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Keywords(pub u8);

impl Keywords {
    /// Whether the set holds `keyword`.
    #[must_use]
    pub const fn contains(self, keyword: Keyword) -> bool {
        self.0 & (1 << keyword as u8) != 0
    }

    /// Adds a keyword.
    pub fn insert(&mut self, keyword: Keyword) {
        self.0 |= 1 << keyword as u8;
    }
}

/// How long a `buff` or `grant` lasts (§5.6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Duration {
    /// Until the end of the current turn.
    Turn,
    /// Until the start of the controller's next turn.
    Round,
    /// Permanent.
    Perm,
}

impl Duration {
    /// The name in card data.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Duration::Turn => "turn",
            Duration::Round => "round",
            Duration::Perm => "perm",
        }
    }

    /// The duration of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Duration> {
        [Duration::Turn, Duration::Round, Duration::Perm]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// Who or what an effect acts on (§5.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Selector {
    /// The source card (the host, for attachments).
    Own,
    /// One friendly card, chosen.
    Friend,
    /// One enemy card, chosen.
    Enemy,
    /// One card of either side, chosen.
    Any,
    /// Every other friendly card in the source's zone.
    FriendsZone,
    /// Every enemy card of one chosen enemy zone.
    EnemyZone,
    /// Every friendly card.
    AllFriends,
    /// Every enemy card.
    AllEnemies,
    /// Every card.
    All,
    /// The controller.
    Player,
    /// The other player.
    Opponent,
}

impl Selector {
    /// Every selector.
    pub const ALL: [Selector; 11] = [
        Selector::Own,
        Selector::Friend,
        Selector::Enemy,
        Selector::Any,
        Selector::FriendsZone,
        Selector::EnemyZone,
        Selector::AllFriends,
        Selector::AllEnemies,
        Selector::All,
        Selector::Player,
        Selector::Opponent,
    ];

    /// The name in card data.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Selector::Own => "self",
            Selector::Friend => "friend",
            Selector::Enemy => "enemy",
            Selector::Any => "any",
            Selector::FriendsZone => "friends_zone",
            Selector::EnemyZone => "enemy_zone",
            Selector::AllFriends => "all_friends",
            Selector::AllEnemies => "all_enemies",
            Selector::All => "all",
            Selector::Player => "player",
            Selector::Opponent => "opponent",
        }
    }

    /// The selector of a name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Selector> {
        Selector::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether the controller chooses the target (`friend`, `enemy`, `any`, `enemy_zone`).
    #[must_use]
    pub const fn chooses(self) -> bool {
        matches!(
            self,
            Selector::Friend | Selector::Enemy | Selector::Any | Selector::EnemyZone
        )
    }

    /// Whether the selector names a player.
    #[must_use]
    pub const fn names_player(self) -> bool {
        matches!(self, Selector::Player | Selector::Opponent)
    }
}

/// An operation with its arguments (§5.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    /// `troops_now -= n`.
    Damage(u16),
    /// `troops_now` up to the maximum.
    Heal(u16),
    /// A stat modifier.
    Buff(Stat, i16),
    /// Permanent `+n` to max_troops and troops_now.
    Reinforce(u16),
    /// AP and MP added.
    Points(u16, u16),
    /// The player draws n cards.
    Draw(u16),
    /// The player discards n random cards.
    Discard(u16),
    /// Marks a card with troops ≤ k for destruction.
    Destroy(u16),
    /// Moves the target to an adjacent zone of the controller's choice.
    Shift,
    /// Removes the target from the game.
    Exile,
    /// Brings back a main card of printed cost ≤ c from the controller's piles.
    Revive(u16),
    /// Budget this turn `+= n` for the side on turn.
    Cost(u16),
    /// A keyword for the duration.
    Grant(Keyword),
    /// No points this turn and no attack or counter until the owner's next reset.
    Stun,
}

impl Op {
    /// The operation's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Op::Damage(_) => "damage",
            Op::Heal(_) => "heal",
            Op::Buff(..) => "buff",
            Op::Reinforce(_) => "reinforce",
            Op::Points(..) => "points",
            Op::Draw(_) => "draw",
            Op::Discard(_) => "discard",
            Op::Destroy(_) => "destroy",
            Op::Shift => "shift",
            Op::Exile => "exile",
            Op::Revive(_) => "revive",
            Op::Cost(_) => "cost",
            Op::Grant(_) => "grant",
            Op::Stun => "stun",
        }
    }

    /// Whether the operation acts on players (`draw`, `discard`, `cost`).
    #[must_use]
    pub const fn is_player_op(self) -> bool {
        matches!(self, Op::Draw(_) | Op::Discard(_) | Op::Cost(_))
    }

    /// Whether the operation acts on card targets: any op but `draw`, `discard`, `cost` and
    /// `revive` (12.6(e) step 4).
    #[must_use]
    pub const fn is_card_op(self) -> bool {
        !self.is_player_op() && !matches!(self, Op::Revive(_))
    }

    /// Whether a duration means something on this operation.
    #[must_use]
    pub const fn takes_duration(self) -> bool {
        matches!(self, Op::Buff(..) | Op::Grant(_))
    }

    /// The arguments as JSON values, in order.
    fn args(self) -> Vec<Arg> {
        match self {
            Op::Damage(n)
            | Op::Heal(n)
            | Op::Reinforce(n)
            | Op::Draw(n)
            | Op::Discard(n)
            | Op::Destroy(n)
            | Op::Revive(n)
            | Op::Cost(n) => vec![Arg::Number(i64::from(n))],
            Op::Buff(stat, delta) => {
                vec![Arg::Word(stat.name().to_owned()), Arg::Number(delta.into())]
            }
            Op::Points(a, m) => vec![Arg::Number(a.into()), Arg::Number(m.into())],
            Op::Grant(keyword) => vec![Arg::Word(keyword.name().to_owned())],
            Op::Shift | Op::Exile | Op::Stun => Vec::new(),
        }
    }

    /// The operation named `name` with `args`, or what is wrong with them.
    fn build(name: &str, args: &[Arg]) -> Result<Op, String> {
        let count = |n: usize| -> Result<(), String> {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{name} takes {n} argument(s), but {} are given",
                    args.len()
                ))
            }
        };
        let number = |index: usize| -> Result<u16, String> {
            match &args[index] {
                Arg::Number(n) if (0..=i64::from(u16::MAX)).contains(n) => Ok(*n as u16),
                other => Err(format!(
                    "argument {} of {name} must be an integer 0 … 65535, not {other}",
                    index + 1
                )),
            }
        };
        Ok(match name {
            "damage" | "heal" | "reinforce" | "draw" | "discard" | "destroy" | "revive"
            | "cost" => {
                count(1)?;
                let n = number(0)?;
                match name {
                    "damage" => Op::Damage(n),
                    "heal" => Op::Heal(n),
                    "reinforce" => Op::Reinforce(n),
                    "draw" => Op::Draw(n),
                    "discard" => Op::Discard(n),
                    "destroy" => Op::Destroy(n),
                    "revive" => Op::Revive(n),
                    _ => Op::Cost(n),
                }
            }
            "points" => {
                count(2)?;
                Op::Points(number(0)?, number(1)?)
            }
            "buff" => {
                count(2)?;
                let stat = match &args[0] {
                    Arg::Word(word) => Stat::from_name(word),
                    Arg::Number(_) => None,
                }
                .ok_or_else(|| {
                    format!(
                        "the stat of buff must be atk, armour, range or max_troops, not {}",
                        args[0]
                    )
                })?;
                let delta = match &args[1] {
                    Arg::Number(n) if (-1000..=1000).contains(n) => *n as i16,
                    other => {
                        return Err(format!(
                            "the delta of buff must be an integer −1000 … 1000, not {other}"
                        ));
                    }
                };
                Op::Buff(stat, delta)
            }
            "grant" => {
                count(1)?;
                let keyword = match &args[0] {
                    Arg::Word(word) => Keyword::from_name(word),
                    Arg::Number(_) => None,
                }
                .ok_or_else(|| {
                    format!(
                        "grant takes a keyword charge, swift or guard, not {}",
                        args[0]
                    )
                })?;
                Op::Grant(keyword)
            }
            "shift" | "exile" | "stun" => {
                count(0)?;
                match name {
                    "shift" => Op::Shift,
                    "exile" => Op::Exile,
                    _ => Op::Stun,
                }
            }
            _ => {
                return Err(format!(
                    "'{name}' is not an operation; expected damage, heal, buff, reinforce, \
                     points, draw, discard, destroy, shift, exile, revive, cost, grant or stun"
                ));
            }
        })
    }
}

/// One argument of an operation.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Arg {
    Number(i64),
    Word(String),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Number(n) => write!(f, "{n}"),
            Arg::Word(w) => write!(f, "{w}"),
        }
    }
}

/// One effect of a card (§5.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Effect {
    /// When it fires.
    pub trigger: Trigger,
    /// What it does.
    pub op: Op,
    /// To whom.
    pub selector: Selector,
    /// The range limit, if any (§5.5).
    pub range: Option<u8>,
    /// The duration, if written (§5.6).
    pub duration: Option<Duration>,
}

impl Effect {
    /// The duration in force: the written one, else `turn` (static effects have none).
    #[must_use]
    pub fn duration_or_default(&self) -> Duration {
        self.duration.unwrap_or(Duration::Turn)
    }

    /// Whether this effect needs a chosen card target or zone (12.6(e) step 4 and 5.7(b)).
    #[must_use]
    pub fn chooses_card(&self) -> bool {
        self.op.is_card_op() && self.selector.chooses()
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let args: Vec<String> = self.op.args().iter().map(ToString::to_string).collect();
        write!(
            f,
            "{}>{}({})",
            self.trigger.name(),
            self.op.name(),
            args.join(",")
        )?;
        if let Some(duration) = self.duration {
            write!(f, ":{}", duration.name())?;
        }
        write!(f, "@{}", self.selector.name())?;
        if let Some(range) = self.range {
            write!(f, ":r{range}")?;
        }
        Ok(())
    }
}

/// An effect as card data writes it: the §5.9 string or the JSON record.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EffectSpec {
    /// `play>damage(1)@enemy_zone:r2`.
    Text(String),
    /// `{"trigger":"play","op":"damage","args":[1],"target":"enemy_zone","range":2}`.
    Record(EffectRecord),
}

/// The JSON record of an effect (§5.9).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectRecord {
    /// The trigger's name.
    pub trigger: String,
    /// The operation's name.
    pub op: String,
    /// The arguments: numbers, and names for `buff`'s stat and `grant`'s keyword.
    #[serde(default)]
    pub args: Vec<serde_json::Value>,
    /// The selector's name.
    pub target: String,
    /// The range, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<i64>,
    /// The duration's name, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<String>,
}

impl EffectSpec {
    /// The effect, or what is wrong with it.
    ///
    /// # Errors
    /// A sentence naming the faulty part.
    pub fn compile(&self) -> Result<Effect, String> {
        match self {
            EffectSpec::Text(text) => parse_effect(text),
            EffectSpec::Record(record) => record.compile(),
        }
    }
}

impl EffectRecord {
    fn compile(&self) -> Result<Effect, String> {
        let args = self
            .args
            .iter()
            .map(|value| match value {
                serde_json::Value::Number(n) => n
                    .as_i64()
                    .map(Arg::Number)
                    .ok_or_else(|| format!("argument {n} is not an integer")),
                serde_json::Value::String(s) => Ok(Arg::Word(s.clone())),
                other => Err(format!("argument {other} is neither a number nor a name")),
            })
            .collect::<Result<Vec<Arg>, String>>()?;
        let range = match self.range {
            None => None,
            Some(r) if (0..=255).contains(&r) => Some(r as u8),
            Some(r) => return Err(format!("range {r} is not an integer 0 … 255")),
        };
        assemble(
            &self.trigger,
            &self.op,
            &args,
            self.duration.as_deref(),
            &self.target,
            range,
        )
    }
}

/// Builds an effect from its named parts.
fn assemble(
    trigger: &str,
    op: &str,
    args: &[Arg],
    duration: Option<&str>,
    target: &str,
    range: Option<u8>,
) -> Result<Effect, String> {
    let trigger = Trigger::from_name(trigger).ok_or_else(|| {
        format!(
            "'{trigger}' is not a trigger; expected play, static, attack, turn_start or destroyed"
        )
    })?;
    let op = Op::build(op, args)?;
    let duration =
        match duration {
            None => None,
            Some(name) => Some(Duration::from_name(name).ok_or_else(|| {
                format!("'{name}' is not a duration; expected turn, round or perm")
            })?),
        };
    let selector = Selector::from_name(target).ok_or_else(|| {
        format!(
            "'{target}' is not a selector; expected self, friend, enemy, any, friends_zone, \
             enemy_zone, all_friends, all_enemies, all, player or opponent"
        )
    })?;
    Ok(Effect {
        trigger,
        op,
        selector,
        range,
        duration,
    })
}

/// Reads one effect in the notation of §5.9.
///
/// # Errors
/// A sentence naming the faulty part.
pub fn parse_effect(text: &str) -> Result<Effect, String> {
    let (trigger, rest) = text
        .split_once('>')
        .ok_or_else(|| format!("'{text}' has no '>' after the trigger"))?;
    let (call, target) = rest
        .split_once('@')
        .ok_or_else(|| format!("'{text}' has no '@' before the selector"))?;
    let (call, duration) = match call.rsplit_once(':') {
        Some((call, duration)) => (call, Some(duration)),
        None => (call, None),
    };
    let (op, args) = match call.split_once('(') {
        Some((op, args)) => {
            let args = args
                .strip_suffix(')')
                .ok_or_else(|| format!("'{call}' lacks its closing ')'"))?;
            (op, args)
        }
        None => (call, ""),
    };
    let args: Vec<Arg> = if args.trim().is_empty() {
        Vec::new()
    } else {
        args.split(',')
            .map(|arg| {
                let arg = arg.trim();
                arg.parse::<i64>()
                    .map_or_else(|_| Arg::Word(arg.to_owned()), Arg::Number)
            })
            .collect()
    };
    let (target, range) = match target.split_once(':') {
        Some((target, range)) => {
            let number = range
                .strip_prefix('r')
                .and_then(|n| n.parse::<u8>().ok())
                .ok_or_else(|| format!("'{range}' is not a range; expected r1, r2 …"))?;
            (target, Some(number))
        }
        None => (target, None),
    };
    assemble(trigger, op, &args, duration, target, range)
}

/// Reads a list of effects joined by ` ; `, as the deck tables of §10 write them.
///
/// # Errors
/// The first faulty effect.
pub fn parse_effects(text: &str) -> Result<Vec<Effect>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(parse_effect)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effect_notation_reads_back() {
        for text in [
            "play>damage(1)@enemy_zone:r2",
            "play>buff(armour,1):round@all_friends",
            "play>buff(atk,-2):perm@enemy:r1",
            "static>grant(guard)@friends_zone",
            "play>shift()@enemy:r3",
            "turn_start>cost(1)@player",
            "destroyed>revive(3)@player",
            "play>points(1,1)@friend:r1",
        ] {
            let effect = parse_effect(text).unwrap();
            assert_eq!(effect.to_string(), text);
        }
    }

    #[test]
    fn the_record_and_the_text_agree() {
        let record: EffectSpec = serde_json::from_str(
            r#"{"trigger":"play","op":"buff","args":["armour",1],"duration":"round","target":"all_friends"}"#,
        )
        .unwrap();
        assert_eq!(
            record.compile().unwrap(),
            parse_effect("play>buff(armour,1):round@all_friends").unwrap()
        );
    }

    #[test]
    fn faults_are_named() {
        assert!(
            parse_effect("play>zap(1)@enemy")
                .unwrap_err()
                .contains("zap")
        );
        assert!(
            parse_effect("play>damage(1)@foe")
                .unwrap_err()
                .contains("foe")
        );
        assert!(
            parse_effect("play>damage()@enemy")
                .unwrap_err()
                .contains("takes 1")
        );
        assert!(parse_effect("sometimes>stun()@enemy").is_err());
    }
}
