//! Cards and effects in words, in English and Chinese, for the card table a player browses and
//! the table a player plays at: each effect of §5 as one readable sentence.

use serde_json::{Value, json};

use crate::board::ZoneKind;
use crate::cards::{AttackType, Card, Kind};
use crate::effect::{Duration, Effect, Keyword, Op, Selector, Stat, Trigger};

/// A sentence in both languages.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Words {
    /// English.
    pub en: String,
    /// Chinese.
    pub zh: String,
}

fn trigger_words(trigger: Trigger) -> (&'static str, &'static str) {
    match trigger {
        Trigger::Play => ("When played", "打出時"),
        Trigger::Static => ("While on the board", "在場時"),
        Trigger::Attack => ("After it attacks", "攻擊後"),
        Trigger::TurnStart => ("At the start of your turn", "己方回合開始時"),
        Trigger::Destroyed => ("When destroyed", "被消滅時"),
    }
}

fn selector_words(selector: Selector) -> (&'static str, &'static str) {
    match selector {
        Selector::Own => ("this card", "本卡"),
        Selector::Friend => ("a friendly card of your choice", "一張己方卡（自選）"),
        Selector::Enemy => ("an enemy card of your choice", "一張敵方卡（自選）"),
        Selector::Any => ("a card of your choice", "任一張卡（自選）"),
        Selector::FriendsZone => ("the other friendly cards in its zone", "同區其他己方卡"),
        Selector::EnemyZone => (
            "every enemy card in an enemy zone of your choice",
            "所選敵方區內所有敵方卡",
        ),
        Selector::AllFriends => ("every friendly card", "所有己方卡"),
        Selector::AllEnemies => ("every enemy card", "所有敵方卡"),
        Selector::All => ("every card", "所有卡"),
        Selector::Player => ("you", "己方"),
        Selector::Opponent => ("your opponent", "對方"),
    }
}

fn stat_words(stat: Stat) -> (&'static str, &'static str) {
    match stat {
        Stat::Atk => ("attack", "攻擊力"),
        Stat::Armour => ("armour", "裝甲"),
        Stat::Range => ("range", "射程"),
        Stat::MaxTroops => ("maximum troops", "部隊上限"),
    }
}

/// A keyword's names: (`en`, `zh`).
#[must_use]
pub fn keyword_words(keyword: Keyword) -> (&'static str, &'static str) {
    match keyword {
        Keyword::Charge => ("charge", "急行"),
        Keyword::Swift => ("swift", "疾行"),
        Keyword::Guard => ("guard", "護衛"),
    }
}

fn duration_words(duration: Duration) -> (&'static str, &'static str) {
    match duration {
        Duration::Turn => (" until the end of the turn", "，至回合結束"),
        Duration::Round => (" until your next turn", "，至己方下回合開始"),
        Duration::Perm => (" permanently", "，永久"),
    }
}

/// One effect as a sentence: `When played: deal 1 damage to … within 2 zones.`
#[must_use]
pub fn effect_words(effect: &Effect) -> Words {
    effect_words_on(effect, false)
}

/// One effect of a card as a sentence; on an attachment (`attached`), `self` is its host.
#[must_use]
pub fn effect_words_on(effect: &Effect, attached: bool) -> Words {
    let (when_en, when_zh) = match effect.trigger {
        Trigger::Static if attached => ("While attached", "附著時"),
        trigger => trigger_words(trigger),
    };
    let (who_en, who_zh) = match effect.selector {
        Selector::Own if attached => ("the card it is attached to", "所附的卡"),
        selector => selector_words(selector),
    };
    // A player's verb agrees with the player: "you draw", "your opponent draws".
    let verb_s = if effect.selector == Selector::Opponent {
        "s"
    } else {
        ""
    };
    let (what_en, what_zh) = match effect.op {
        Op::Damage(n) => (
            format!("deal {n} damage to {who_en}"),
            format!("對{who_zh}造成 {n} 點傷害"),
        ),
        Op::Heal(n) => (
            format!("restore {n} troops to {who_en}"),
            format!("為{who_zh}恢復 {n} 部隊"),
        ),
        Op::Buff(stat, delta) => {
            let (stat_en, stat_zh) = stat_words(stat);
            let (long_en, long_zh) = if effect.trigger == Trigger::Static {
                ("", "")
            } else {
                duration_words(effect.duration_or_default())
            };
            (
                format!("give {who_en} {delta:+} {stat_en}{long_en}"),
                format!("{who_zh}{stat_zh} {delta:+}{long_zh}"),
            )
        }
        Op::Reinforce(n) => (
            format!("reinforce {who_en} by {n} troops for good"),
            format!("{who_zh}永久增援 {n} 部隊"),
        ),
        Op::Points(a, m) => (
            format!("give {who_en} {a} action and {m} movement points"),
            format!("{who_zh}獲得 {a} 行動點、{m} 移動點"),
        ),
        Op::Draw(n) => (
            format!("{who_en} draw {n} cards"),
            format!("{who_zh}抽 {n} 張牌"),
        ),
        Op::Discard(n) => (
            format!("{who_en} discard{verb_s} {n} random card{}", plural(n)),
            format!("{who_zh}隨機棄 {n} 張手牌"),
        ),
        Op::Destroy(k) => (
            format!("destroy {who_en} if it has {k} troops or fewer"),
            format!("若{who_zh}部隊不多於 {k}，將其消滅"),
        ),
        Op::Shift => (
            format!("move {who_en} to an adjacent zone of your choice"),
            format!("將{who_zh}移到相鄰的自選區"),
        ),
        Op::Exile => (
            format!("remove {who_en} from the game"),
            format!("將{who_zh}除外"),
        ),
        Op::Revive(c) => (
            format!("bring back a main card of cost {c} or less from your discard piles"),
            format!("從己方棄牌區復活一張費用不高於 {c} 的主牌"),
        ),
        Op::Cost(n) => (
            format!("add {n} to this turn's budget"),
            format!("本回合費用 +{n}"),
        ),
        Op::Grant(keyword) => {
            let (name_en, name_zh) = keyword_words(keyword);
            let (long_en, long_zh) = if effect.trigger == Trigger::Static {
                ("", "")
            } else {
                duration_words(effect.duration_or_default())
            };
            (
                format!("give {who_en} {name_en}{long_en}"),
                format!("{who_zh}獲得{name_zh}{long_zh}"),
            )
        }
        Op::Stun => (
            format!("stun {who_en}: no attack or counter until its owner's next turn"),
            format!("暈眩{who_zh}：至其擁有者下回合前不能攻擊或反擊"),
        ),
    };
    let (range_en, range_zh) = match effect.range {
        Some(range) => (
            format!(" within {range} zone{}", if range == 1 { "" } else { "s" }),
            format!("（{range} 區內）"),
        ),
        None => (String::new(), String::new()),
    };
    Words {
        en: format!("{when_en}: {what_en}{range_en}."),
        zh: format!("{when_zh}：{what_zh}{range_zh}。"),
    }
}

fn plural(n: u16) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn kind_words(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::General => ("general", "將領"),
        Kind::Troop => ("troop", "部隊"),
        Kind::Building => ("building", "建築"),
        Kind::Equipment => ("equipment", "裝備"),
        Kind::Skill => ("skill", "技能"),
        Kind::Soul => ("soul skill", "魂質技能"),
        Kind::Event => ("event", "事件"),
    }
}

fn attack_type_name(attack_type: AttackType) -> &'static str {
    match attack_type {
        AttackType::Strike => "strike",
        AttackType::Pierce => "pierce",
        AttackType::Siege => "siege",
    }
}

/// A card as the client shows it: names, kind, cost, every printed stat, keywords, the zone
/// kinds it may be played into and occupy, and its effects in words.
#[must_use]
pub fn card_json(card: &Card) -> Value {
    let (kind_en, kind_zh) = kind_words(card.kind);
    let effects: Vec<Value> = card
        .effects
        .iter()
        .map(|effect| {
            let words = effect_words_on(effect, card.attaches());
            json!({"text": effect.to_string(), "en": words.en, "zh": words.zh})
        })
        .collect();
    let mut value = json!({
        "id": card.id,
        "name": card.name,
        "name_zh": card.name_zh,
        "faction": card.faction,
        "kind": card.kind.name(),
        "kind_en": kind_en,
        "kind_zh": kind_zh,
        "cost": card.cost,
        "main": card.kind.is_main(),
        "effects": effects,
        "text": card.text,
    });
    if card.kind.is_main() {
        let keywords: Vec<&str> = Keyword::ALL
            .into_iter()
            .filter(|&keyword| card.keywords.contains(keyword))
            .map(Keyword::name)
            .collect();
        let kinds = |set: crate::board::ZoneKinds| -> Vec<&'static str> {
            ZoneKind::ALL
                .into_iter()
                .filter(|&kind| set.contains(kind))
                .map(ZoneKind::name)
                .collect()
        };
        value["troops"] = json!(card.troops);
        value["atk"] = json!(card.atk);
        value["attack_type"] = json!(attack_type_name(card.attack_type));
        value["range"] = json!(card.range);
        value["armour"] = json!(card.armour);
        value["counter"] = json!(card.counter);
        value["keywords"] = json!(keywords);
        value["deploy_zones"] = json!(kinds(card.deploy_zones));
        value["zones"] = json!(kinds(card.zones));
    } else {
        value["attach"] = json!(card.attaches());
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effect::parse_effect;

    #[test]
    fn a_ranged_zone_damage_reads_in_both_languages() {
        let effect = parse_effect("play>damage(1)@enemy_zone:r2").unwrap();
        let words = effect_words(&effect);
        assert_eq!(
            words.en,
            "When played: deal 1 damage to every enemy card in an enemy zone of your choice \
             within 2 zones."
        );
        assert_eq!(
            words.zh,
            "打出時：對所選敵方區內所有敵方卡造成 1 點傷害（2 區內）。"
        );
    }

    #[test]
    fn players_and_hosts_are_named_as_they_are() {
        let raid = parse_effect("play>discard(1)@opponent").unwrap();
        assert_eq!(
            effect_words(&raid).en,
            "When played: your opponent discards 1 random card."
        );
        let armour = parse_effect("static>buff(armour,1)@self").unwrap();
        assert_eq!(
            effect_words_on(&armour, true).en,
            "While attached: give the card it is attached to +1 armour."
        );
    }

    #[test]
    fn a_timed_buff_says_how_long_it_lasts() {
        let effect = parse_effect("play>buff(armour,1):round@all_friends").unwrap();
        let words = effect_words(&effect);
        assert_eq!(
            words.en,
            "When played: give every friendly card +1 armour until your next turn."
        );
        let aura = parse_effect("static>buff(atk,1)@friends_zone").unwrap();
        assert_eq!(
            effect_words(&aura).en,
            "While on the board: give the other friendly cards in its zone +1 attack."
        );
    }
}
