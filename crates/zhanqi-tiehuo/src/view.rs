//! What each viewer may see (§17.8), the determinization for an observer, and the random
//! deployment (6.1).

use zhanqi_core::{GameRng, Reason, Seat, Viewer};

use crate::cards::Ability;
use crate::catalog::CardIndex;
use crate::state::{Flag, Phase, Tiehuo};
use crate::token::{BattleCard, Player};

/// What one viewer may know of a game: the position with the hidden parts replaced.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TiehuoView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The position as they see it (17.8).
    pub position: String,
}

impl Tiehuo {
    /// Every rule a deployment of `player` breaks (6.1), as sentences.
    #[must_use]
    pub fn deployment_problems(&self, player: Player, cards: &[CardIndex]) -> Vec<String> {
        self.deployment_faults(player, cards)
            .into_iter()
            .map(|(sentence, _)| sentence)
            .collect()
    }

    /// [`Tiehuo::deployment_problems`], each with its reason for a person's screen (cards by
    /// their id, translated by the game's strings).
    #[must_use]
    pub fn deployment_faults(&self, player: Player, cards: &[CardIndex]) -> Vec<(String, Reason)> {
        let state = &self.players[player.index()];
        let mut problems = Vec::new();
        let mut last = None;
        for &c in cards {
            if last == Some(c) {
                continue;
            }
            last = Some(c);
            let wanted = cards.iter().filter(|&&d| d == c).count();
            let held = state.reserve.iter().filter(|&&d| d == c).count();
            if wanted > held {
                let id = &self.card(c).id;
                problems.push((
                    format!(
                        "{id} is deployed {wanted} times, but the deck holds {held} / {id} 部署了 {wanted} 张，但套牌中只有 {held} 张"
                    ),
                    Reason::new("more_than_held")
                        .with("card", id)
                        .with("wanted", wanted)
                        .with("held", held),
                ));
            }
        }
        if !cards.iter().any(|&c| self.traits(c).is_battle()) {
            problems.push((
                "a battle deck needs at least one battle card / 作战牌组至少要有一张作战牌"
                    .to_owned(),
                Reason::new("no_battle_card"),
            ));
        }
        for &c in cards {
            if self.is_banned(c)
                && !problems
                    .iter()
                    .any(|(p, _)| p.starts_with(&self.card(c).id))
            {
                let id = &self.card(c).id;
                problems.push((
                    format!("{id} is banned and may not be deployed / {id} 是禁用牌，不能部署"),
                    Reason::new("banned_card").with("card", id),
                ));
            }
        }
        let total: i32 = cards.iter().map(|&c| self.effective_logistics(c)).sum();
        let l = state.logistics.unwrap_or(0);
        if total > l {
            problems.push((
                format!(
                    "the effective logistics add up to {total}, above the player's L of {l}; leave out cards worth {} / 有效后勤合计 {total}，超过后勤点数 {l}，需减少 {}",
                    total - l,
                    total - l
                ),
                Reason::new("over_logistics")
                    .with("total", total)
                    .with("budget", l)
                    .with("over", total - l),
            ));
        }
        problems
    }

    /// A random legal deployment: the deck shuffled, then each card that still fits taken,
    /// after one battle card that fits.
    pub(crate) fn random_deployment(
        &self,
        player: Player,
        rng: &mut GameRng,
    ) -> Option<Vec<CardIndex>> {
        let state = &self.players[player.index()];
        let mut pool: Vec<CardIndex> = state
            .reserve
            .iter()
            .copied()
            .filter(|&c| !self.is_banned(c))
            .collect();
        rng.shuffle(&mut pool);
        let l = state.logistics.unwrap_or(0);
        let first = pool
            .iter()
            .position(|&c| self.traits(c).is_battle() && self.effective_logistics(c) <= l)?;
        let mut chosen = vec![pool.remove(first)];
        let mut total = self.effective_logistics(chosen[0]);
        // Fill to a random share of L so that small and large battle decks both occur.
        let budget = l - rng.below(usize::try_from(l / 3).unwrap_or(0) + 1) as i32;
        for c in pool {
            let cost = self.effective_logistics(c);
            if total + cost <= budget {
                total += cost;
                chosen.push(c);
            }
        }
        chosen.sort_unstable();
        Some(chosen)
    }

    /// The view of `viewer`.
    #[must_use]
    pub fn view_for(&self, viewer: Viewer) -> TiehuoView {
        TiehuoView {
            viewer,
            position: self.write_position(viewer),
        }
    }

    /// A full game that `observer` cannot tell from this one: the opponent's face-down
    /// battle cards and reserve are dealt again from the cards the observer has not seen
    /// (during the deployment, its submitted battle deck is drawn again), and future rolls
    /// are reseeded.
    ///
    /// The unseen cards are the opponent's deck less its discard pile and face-up cards. A
    /// face-down card with `m` gets a card that can carry camouflage; a heavy one a random
    /// heavy `D`; the others `D = 0`, which is what play gives them (B1 clears the damage of
    /// every card that is not heavy before B4 turns it face down).
    #[must_use]
    pub fn determinized(&self, observer: Seat, rng: &mut GameRng) -> Tiehuo {
        let mut game = self.clone();
        game.rng = GameRng::from_seed(rng.next_seed());
        // The last action's quiet turn says nothing about the choice the observer now makes.
        game.quiet_turn = None;
        let Some(me) = Player::of_seat(observer) else {
            return game;
        };
        let opponent = me.other();
        if self.phase == Phase::Deploy {
            let state = &mut game.players[opponent.index()];
            let mut deck: Vec<CardIndex> = state.reserve.clone();
            deck.extend(state.battle.iter().map(|c| c.card));
            deck.sort_unstable();
            state.reserve = deck;
            state.battle.clear();
            if self.players[opponent.index()].flag == Flag::Ready {
                let cards = game.random_deployment(opponent, rng).unwrap_or_default();
                let state = &mut game.players[opponent.index()];
                for &c in &cards {
                    if let Some(at) = state.reserve.iter().position(|&d| d == c) {
                        state.reserve.remove(at);
                    }
                    state.battle.push(BattleCard::new(c));
                }
                game.sort_battle(opponent);
            }
            return game;
        }
        let state = &self.players[opponent.index()];
        let mut unseen: Vec<CardIndex> = state.reserve.clone();
        unseen.extend(state.battle.iter().filter(|c| c.face_down).map(|c| c.card));
        unseen.sort_unstable();
        rng.shuffle(&mut unseen);
        let mut slots: Vec<BattleCard> = state
            .battle
            .iter()
            .filter(|c| c.face_down)
            .copied()
            .collect();
        // Marked slots first (they need camouflage), then heavy ones, then the rest; each slot
        // in an order that does not depend on the hidden cards.
        slots.sort_by_key(|c| {
            (
                !c.marked,
                !c.heavy(self.traits(c.card).cv),
                c.cut_off,
                c.focus != crate::token::FocusMark::None,
            )
        });
        let mut battle: Vec<BattleCard> = state
            .battle
            .iter()
            .filter(|c| !c.face_down)
            .copied()
            .collect();
        for slot in &slots {
            let heavy = slot.heavy(self.traits(slot.card).cv);
            let fits = |c: CardIndex| {
                let this = self.card(c);
                this.is_battle()
                    && (!slot.marked || {
                        let (innate, latent) = this.listed_abilities();
                        innate.contains(Ability::Camouflage)
                            || (latent.contains(Ability::Camouflage)
                                && self.activated(opponent, Ability::Camouflage))
                    })
            };
            let at = unseen
                .iter()
                .position(|&c| fits(c))
                .or_else(|| unseen.iter().position(|&c| self.traits(c).is_battle()));
            let Some(at) = at else { continue };
            let c = unseen.remove(at);
            let cv = self.traits(c).cv;
            let damage = if heavy {
                let low = cv / 2 + 1;
                let high = if self.options.destroy_on_zero {
                    cv - 1
                } else {
                    cv
                };
                if high >= low {
                    low + rng.below(usize::from(high - low) + 1) as u16
                } else {
                    low
                }
            } else {
                0
            };
            battle.push(BattleCard {
                card: c,
                damage,
                ..*slot
            });
        }
        unseen.sort_unstable();
        let state = &mut game.players[opponent.index()];
        state.battle = battle;
        state.reserve = unseen;
        game.sort_battle(opponent);
        game
    }
}
