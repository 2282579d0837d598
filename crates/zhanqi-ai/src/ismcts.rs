//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012), with root parallelism.
//!
//! One tree per thread, rooted at the searching seat's information set. Each iteration samples
//! a determinization (a full state the seat cannot tell from the true one), walks the tree
//! through the actions available in that determinization, choosing by UCB1 with availability
//! counts, expands one untried action, plays a short random playout, scores the end state with
//! the game's evaluator and backs the score up: each node keeps the reward of the team of the
//! seat that chose it, so allies share rewards and opponents maximise their own team's.
//!
//! Every seat's choices are in the one tree, seen from the searching seat's information set
//! (the "single observer" of SO-ISMCTS): opponents are modelled as if they knew what the
//! searching seat knows. Chance nodes are drawn with the determinization's own RNG and hidden
//! unlisted choices (deployments) are made by [`AiGame::ai_unlisted_action`]; neither is a node
//! of the tree.

use std::time::{Duration, Instant};

use zhanqi_core::{BySeat, GameRng, Seat, ToAct};

use crate::evaluator::value_of;
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
    /// Random plies played after the expanded node before the evaluator scores the state.
    pub playout_plies: u32,
}

impl IsmctsConfig {
    /// The default tuning with this budget and thread count.
    #[must_use]
    pub fn new(budget: Budget, threads: u32) -> IsmctsConfig {
        IsmctsConfig {
            budget,
            threads: threads.max(1),
            exploration: 0.7,
            playout_plies: 4,
        }
    }
}

/// What the search found at the root: one entry per action tried, in the order first tried.
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
    legal: Vec<G::Action>,
    tried: Vec<bool>,
    untried: Vec<usize>,
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
            legal: Vec::new(),
            tried: Vec::new(),
            untried: Vec::new(),
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

    fn iterate(&mut self) {
        let mut state = self.observation.determinize(&mut self.rng);
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
            let (child, is_new) = self.select(node, seat);
            let action = self.nodes[child as usize]
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

    /// The child to descend to from `node`, for `seat` choosing among `self.legal`, and
    /// whether it was just created: an untried action if there is one, else the best by UCB1
    /// over availability counts.
    fn select(&mut self, node: u32, seat: Seat) -> (u32, bool) {
        self.tried.clear();
        self.tried.resize(self.legal.len(), false);
        let exploration = f64::from(self.config.exploration);
        let mut best = (f64::NEG_INFINITY, NONE);
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let entry = &mut self.nodes[child as usize];
            let action = entry.action.as_ref().expect("only the root has no action");
            if let Some(at) = self.legal.iter().position(|legal| legal == action) {
                self.tried[at] = true;
                entry.available += 1;
                let visits = f64::from(entry.visits.max(1));
                let score = entry.reward / visits
                    + exploration * (f64::from(entry.available).ln() / visits).sqrt();
                if score > best.0 {
                    best = (score, child);
                }
            }
            child = entry.next_sibling;
        }
        self.untried.clear();
        self.untried
            .extend((0..self.legal.len()).filter(|&at| !self.tried[at]));
        if self.untried.is_empty() {
            return (best.1, false);
        }
        let pick = self.untried[self.rng.below(self.untried.len())];
        let index = self.nodes.len() as u32;
        let parent = &mut self.nodes[node as usize];
        let next_sibling = parent.first_child;
        parent.first_child = index;
        self.nodes.push(Node {
            action: Some(self.legal[pick].clone()),
            mover: seat,
            visits: 0,
            available: 1,
            reward: 0.0,
            first_child: NONE,
            next_sibling,
        });
        (index, true)
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
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.reward += f64::from((values[node.mover] + 1.0) / 2.0);
        }
    }

    /// The root's children, in the order first tried.
    fn root_statistics(&self) -> Vec<RootStatistic<G::Action>> {
        let mut statistics = Vec::new();
        let mut child = self.nodes[ROOT as usize].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            statistics.push(RootStatistic {
                action: node.action.clone().expect("only the root has no action"),
                visits: node.visits,
                mean_reward: node.reward / f64::from(node.visits.max(1)),
            });
            child = node.next_sibling;
        }
        // Children are linked newest first.
        statistics.reverse();
        statistics
    }
}
