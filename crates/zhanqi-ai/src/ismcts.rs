//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012), with evaluator priors and root parallelism.
//!
//! One tree per thread, rooted at the searching seat's information set. Each iteration samples
//! a determinization (a full state the seat cannot tell from the true one) and walks the tree
//! through the actions available in that determinization. A node's children are listed the
//! first time the walk chooses from it, each with a prior: the evaluator's value one ply on.
//! The walk chooses by UCB1 with availability counts, the prior counting as a number of
//! visits, and stops at the first child it has never visited; (optionally after a few random
//! plies) the evaluator scores the state and the score is backed up. Rewards measure the
//! change of value from the iteration's determinization, sharpened by `tanh`, so that the
//! small value differences a move makes are not lost under the exploration term. Each node
//! keeps the reward of the team of the seat that chose it, so allies share rewards and
//! opponents maximise their own team's.
//!
//! Every seat's choices are in the one tree, seen from the searching seat's information set
//! (the "single observer" of SO-ISMCTS): opponents are modelled as if they knew what the
//! searching seat knows. Chance nodes are drawn with the determinization's own RNG and hidden
//! unlisted choices (deployments) are made by [`AiGame::ai_unlisted_action`]; neither is a node
//! of the tree.

use std::time::{Duration, Instant};

use zhanqi_core::{BySeat, GameRng, Seat, ToAct};

use crate::value::value_of;
use crate::{AiGame, Budget, Evaluator, Observation, Player};

/// The tuning of an ISMCTS player.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct IsmctsConfig {
    /// How long to think per decision.
    pub budget: Budget,
    /// Worker threads: each grows its own tree; their root statistics are merged.
    pub threads: u32,
    /// The UCB1 exploration constant, for rewards in `[0, 1]`.
    pub exploration: f32,
    /// Random plies played after the new node before the evaluator scores the state (0: the
    /// new node's state is scored as it is).
    pub playout_plies: u32,
    /// How sharply a change of value becomes a reward: a state worth `v` to a team whose
    /// determinization was worth `v0` at the root rewards it `0.5 + 0.5·tanh(sharpness·(v − v0))`.
    pub sharpness: f32,
    /// How many visits a child's prior (its one-ply value) counts as; 0 leaves priors out
    /// (unvisited children are then tried first, in random order).
    pub prior_visits: f32,
}

impl IsmctsConfig {
    /// The default tuning with this budget and thread count.
    #[must_use]
    pub fn new(budget: Budget, threads: u32) -> IsmctsConfig {
        IsmctsConfig {
            budget,
            threads: threads.max(1),
            exploration: 0.3,
            playout_plies: 0,
            sharpness: 10.0,
            prior_visits: 20.0,
        }
    }
}

/// What the search found at the root: one entry per action visited, in the order listed.
#[derive(Clone, PartialEq, Debug)]
pub struct RootStatistic<A> {
    /// The action.
    pub action: A,
    /// Iterations that went through it.
    pub visits: u32,
    /// The mean reward of the searching seat's team after it, in `[0, 1]`.
    pub mean_reward: f64,
}

/// The result of a search.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult<A> {
    /// The action chosen: the most visited legal one.
    pub action: A,
    /// Iterations run, over all threads.
    pub iterations: u64,
    /// The merged root statistics.
    pub root: Vec<RootStatistic<A>>,
}

/// Searches for the observed seat's action. `None` when the seat has no listed action (it is
/// not its turn, or its choice is unlisted: see [`AiGame::ai_unlisted_action`]).
///
/// Deterministic for a fixed `seed`, configuration and iteration budget, whatever the thread
/// count: each thread draws from its own stream of `seed`, and root statistics are merged in
/// thread order.
#[must_use]
pub fn search<G: AiGame>(
    observation: &Observation<'_, G>,
    config: &IsmctsConfig,
    evaluator: &dyn Evaluator<G>,
    seed: u64,
) -> Option<SearchResult<G::Action>> {
    let mut legal = Vec::new();
    observation.legal_actions(&mut legal);
    if legal.is_empty() {
        return None;
    }
    let threads = config.threads.max(1);
    let deadline = match config.budget {
        Budget::Millis(ms) => Some(Instant::now() + Duration::from_millis(u64::from(ms))),
        Budget::Iterations(_) => None,
    };
    let share = |thread: u32| match config.budget {
        Budget::Iterations(total) => {
            u64::from(total / threads + u32::from(thread < total % threads))
        }
        Budget::Millis(_) => u64::MAX,
    };
    let grow = |thread: u32| {
        let mut tree = Searcher::new(observation, config, evaluator, seed, thread);
        tree.run(share(thread), deadline);
        (tree.root_statistics(), tree.iterations)
    };
    let grown: Vec<(Vec<RootStatistic<G::Action>>, u64)> = if threads == 1 {
        vec![grow(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|thread| scope.spawn(move || grow(thread)))
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().expect("a search thread panicked"))
                .collect()
        })
    };
    let mut root: Vec<RootStatistic<G::Action>> = Vec::new();
    let mut rewards: Vec<f64> = Vec::new();
    let mut iterations = 0;
    for (statistics, count) in grown {
        iterations += count;
        for statistic in statistics {
            let total = statistic.mean_reward * f64::from(statistic.visits);
            match root
                .iter()
                .position(|known| known.action == statistic.action)
            {
                Some(at) => {
                    root[at].visits += statistic.visits;
                    rewards[at] += total;
                }
                None => {
                    root.push(statistic);
                    rewards.push(total);
                }
            }
        }
    }
    for (statistic, total) in root.iter_mut().zip(&rewards) {
        statistic.mean_reward = if statistic.visits == 0 {
            0.0
        } else {
            total / f64::from(statistic.visits)
        };
    }
    // The most visited action that is legal in the true state; the first such on equal
    // visits and rewards, so that the choice depends on nothing but the statistics.
    let best = root
        .iter()
        .filter(|statistic| legal.contains(&statistic.action))
        .fold(
            None::<&RootStatistic<G::Action>>,
            |best, statistic| match best {
                Some(best)
                    if (best.visits, best.mean_reward)
                        >= (statistic.visits, statistic.mean_reward) =>
                {
                    Some(best)
                }
                _ => Some(statistic),
            },
        );
    let action = match best {
        Some(best) => best.action.clone(),
        None => legal.swap_remove(0),
    };
    Some(SearchResult {
        action,
        iterations,
        root,
    })
}

/// The player of `ismcts:…` specs and the `hard` and `expert` levels.
pub struct IsmctsPlayer<G: AiGame> {
    name: String,
    config: IsmctsConfig,
    rng: GameRng,
    evaluator: Box<dyn Evaluator<G>>,
}

impl<G: AiGame> IsmctsPlayer<G> {
    /// A player searching with `config`, drawing from `seed`.
    #[must_use]
    pub fn new(config: IsmctsConfig, seed: u64) -> Self {
        let name = crate::PlayerSpec::Ismcts {
            budget: config.budget,
            threads: config.threads,
        }
        .to_string();
        IsmctsPlayer {
            name,
            config,
            rng: GameRng::from_seed(seed),
            evaluator: G::evaluator(),
        }
    }

    /// The same player under another name (a level's).
    #[must_use]
    pub fn named(mut self, name: &str) -> Self {
        name.clone_into(&mut self.name);
        self
    }
}

impl<G: AiGame> Player<G> for IsmctsPlayer<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, observation: &Observation<'_, G>) -> Option<G::Action> {
        if observation.has_unlisted_actions() {
            return G::ai_unlisted_action(observation, &mut self.rng);
        }
        let seed = self.rng.next_seed();
        search(observation, &self.config, self.evaluator.as_ref(), seed).map(|found| found.action)
    }
}

/// No node: the end of a child or sibling list.
const NONE: u32 = u32::MAX;
/// The root's index.
const ROOT: u32 = 0;

/// One node of the tree: an action of one seat, reached from its parent.
struct Node<A> {
    /// The action that leads here (`None` at the root).
    action: Option<A>,
    /// The seat that chose it, whose team's rewards the node sums.
    mover: Seat,
    visits: u32,
    /// Times the node's action was available when its parent was selected from.
    available: u32,
    /// The sum of the mover's team's rewards, each in `[0, 1]`.
    reward: f64,
    /// The mover's reward for the state right after the action, in the determinization that
    /// first listed it: the one-ply judgement the search starts from.
    prior: f32,
    first_child: u32,
    next_sibling: u32,
}

/// One thread's tree and the buffers its iterations reuse.
struct Searcher<'a, 'g, G: AiGame> {
    observation: &'a Observation<'g, G>,
    config: &'a IsmctsConfig,
    evaluator: &'a dyn Evaluator<G>,
    rng: GameRng,
    nodes: Vec<Node<G::Action>>,
    iterations: u64,
    /// Each seat's value of the iteration's determinization before any action: rewards
    /// measure the change from it.
    base: BySeat<f32>,
    legal: Vec<G::Action>,
    listed: Vec<bool>,
    candidates: Vec<u32>,
    path: Vec<u32>,
}

impl<'a, 'g, G: AiGame> Searcher<'a, 'g, G> {
    fn new(
        observation: &'a Observation<'g, G>,
        config: &'a IsmctsConfig,
        evaluator: &'a dyn Evaluator<G>,
        seed: u64,
        thread: u32,
    ) -> Self {
        let root = Node {
            action: None,
            mover: observation.seat(),
            visits: 0,
            available: 0,
            reward: 0.0,
            prior: 0.5,
            first_child: NONE,
            next_sibling: NONE,
        };
        Searcher {
            observation,
            config,
            evaluator,
            rng: GameRng::stream(seed, u64::from(thread)),
            nodes: vec![root],
            iterations: 0,
            base: BySeat::splat(0.0),
            legal: Vec::new(),
            listed: Vec::new(),
            candidates: Vec::new(),
            path: Vec::new(),
        }
    }

    fn run(&mut self, iterations: u64, deadline: Option<Instant>) {
        while self.iterations < iterations {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) && self.iterations > 0 {
                break;
            }
            self.iterate();
            self.iterations += 1;
        }
    }

    /// The reward of a state worth `value` to a seat's team, for which the iteration's
    /// determinization was worth `base`.
    fn reward(&self, value: f32, base: f32) -> f32 {
        0.5 + 0.5 * (self.config.sharpness * (value - base)).tanh()
    }

    fn iterate(&mut self) {
        let mut state = self.observation.determinize(&mut self.rng);
        self.base = value_of(self.evaluator, &state);
        self.path.clear();
        self.path.push(ROOT);
        let mut node = ROOT;
        let mut expanded = false;
        while let Some(seat) = self.next_chooser(&mut state, node == ROOT) {
            self.legal.clear();
            state.legal_actions(seat, &mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let child = self.select(node, seat, &state);
            let child_node = &self.nodes[child as usize];
            let is_new = child_node.visits == 0;
            let action = child_node
                .action
                .clone()
                .expect("only the root has no action");
            state.apply_unchecked(seat, &action);
            self.path.push(child);
            node = child;
            if is_new {
                expanded = true;
                break;
            }
        }
        if expanded {
            self.playout(&mut state);
        }
        let values = value_of(self.evaluator, &state);
        self.back_up(&values);
    }

    /// Resolves chance nodes and unlisted choices until a seat must choose among listed
    /// actions; that seat, or `None` when the game is over.
    fn next_chooser(&mut self, state: &mut G, at_root: bool) -> Option<Seat> {
        loop {
            match state.to_act() {
                ToAct::Over => return None,
                ToAct::Chance => {
                    state.roll().ok()?;
                }
                ToAct::Seats(seats) => {
                    let unlisted = seats.iter().find(|&seat| state.has_unlisted_actions(seat));
                    if let Some(seat) = unlisted {
                        let choice = {
                            let observation = Observation::new(&*state, seat);
                            G::ai_unlisted_action(&observation, &mut self.rng)
                        };
                        state.apply_unchecked(seat, &choice?);
                        continue;
                    }
                    let own = self.observation.seat();
                    return if at_root && seats.contains(own) {
                        Some(own)
                    } else {
                        seats.lowest()
                    };
                }
            }
        }
    }

    /// The child to descend to from `node`, for `seat` choosing among `self.legal` in
    /// `state`. Actions of the determinization that have no child yet get one, with its
    /// prior; then the best available child by UCB1 over availability counts, the prior
    /// counting as `prior_visits` visits. Without priors, an unvisited child comes first.
    fn select(&mut self, node: u32, seat: Seat, state: &G) -> u32 {
        self.listed.clear();
        self.listed.resize(self.legal.len(), false);
        self.candidates.clear();
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let entry = &self.nodes[child as usize];
            let action = entry.action.as_ref().expect("only the root has no action");
            if let Some(at) = self.legal.iter().position(|legal| legal == action) {
                self.listed[at] = true;
                self.candidates.push(child);
            }
            child = entry.next_sibling;
        }
        for at in 0..self.legal.len() {
            if !self.listed[at] {
                let prior = self.prior(seat, state, at);
                let index = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let next_sibling = parent.first_child;
                parent.first_child = index;
                self.nodes.push(Node {
                    action: Some(self.legal[at].clone()),
                    mover: seat,
                    visits: 0,
                    available: 0,
                    reward: 0.0,
                    prior,
                    first_child: NONE,
                    next_sibling,
                });
                self.candidates.push(index);
            }
        }
        let exploration = f64::from(self.config.exploration);
        let prior_visits = f64::from(self.config.prior_visits);
        let mut unvisited = 0;
        let mut best = (f64::NEG_INFINITY, NONE);
        for &candidate in &self.candidates {
            let entry = &mut self.nodes[candidate as usize];
            entry.available += 1;
            let visits = f64::from(entry.visits) + prior_visits;
            if visits == 0.0 {
                unvisited += 1;
                continue;
            }
            let mean = (entry.reward + prior_visits * f64::from(entry.prior)) / visits;
            let score = mean + exploration * (f64::from(entry.available).ln() / visits).sqrt();
            if score > best.0 {
                best = (score, candidate);
            }
        }
        if unvisited > 0 {
            // No priors: an untried action first, chosen at random.
            let mut pick = self.rng.below(unvisited);
            for &candidate in &self.candidates {
                if self.nodes[candidate as usize].visits == 0 {
                    if pick == 0 {
                        return candidate;
                    }
                    pick -= 1;
                }
            }
        }
        best.1
    }

    /// The reward of `self.legal[at]` for `seat` one ply on from `state`, by the evaluator
    /// (0.5 when priors are off).
    fn prior(&self, seat: Seat, state: &G, at: usize) -> f32 {
        if self.config.prior_visits <= 0.0 {
            return 0.5;
        }
        let mut next = state.clone();
        next.apply_unchecked(seat, &self.legal[at]);
        let value = value_of(self.evaluator, &next)[seat];
        self.reward(value, self.base[seat])
    }

    /// Uniformly random plies, up to the configured number.
    fn playout(&mut self, state: &mut G) {
        for _ in 0..self.config.playout_plies {
            let Some(seat) = self.next_chooser(state, false) else {
                return;
            };
            self.legal.clear();
            state.legal_actions(seat, &mut self.legal);
            if self.legal.is_empty() {
                return;
            }
            let pick = self.rng.below(self.legal.len());
            state.apply_unchecked(seat, &self.legal[pick]);
        }
    }

    fn back_up(&mut self, values: &BySeat<f32>) {
        for &index in &self.path {
            let mover = self.nodes[index as usize].mover;
            let reward = self.reward(values[mover], self.base[mover]);
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.reward += f64::from(reward);
        }
    }

    /// The root's children that were visited, in the order they were listed.
    fn root_statistics(&self) -> Vec<RootStatistic<G::Action>> {
        let mut statistics = Vec::new();
        let mut child = self.nodes[ROOT as usize].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            if node.visits > 0 {
                statistics.push(RootStatistic {
                    action: node.action.clone().expect("only the root has no action"),
                    visits: node.visits,
                    mean_reward: node.reward / f64::from(node.visits),
                });
            }
            child = node.next_sibling;
        }
        // Children are linked newest first.
        statistics.reverse();
        statistics
    }
}
