//! Beliefs: for every piece an observer cannot see, how likely each kind is, learned from real
//! games, and the deal that determinization draws from them.
//!
//! # The model
//!
//! A seat's 25 pieces are 25 tokens, each of a kind. Their deployment puts token `t` on post
//! `i` with a weight `w_i(kind(t))`, independently but for the counts: the probability of a
//! whole assignment is proportional to the product of the weights of its pieces, among the
//! assignments that use each token once. Tokens not on the board are the pieces that died
//! without anybody seeing what they were. The weight of a piece is
//!
//! * its **deployment prior**: how often real players put each kind on the post the piece was
//!   deployed on, divided by how often the kind occurs at all (so that with no other
//!   knowledge, drawing in proportion to weight × tokens left gives back the real frequencies),
//!   learned from the QQ records (`data/deployment-priors.txt`, written by the `beliefs`
//!   example's `fit` command);
//! * times, for the [`Dealing::Belief`] model, the likelihood of **whether it has moved** by
//!   this point of the game given its kind, learned from the same records;
//!
//! and zero for every kind its [knowledge](crate::knowledge) rules out (deployment rules,
//! moves, railway turns, battles, a revealed flag). With every weight 1 the model is the
//! uniform one: every assignment consistent with the knowledge is equally likely.
//!
//! # Sampling
//!
//! Exact marginals of this model are a permanent, intractable at 25 pieces. A deal is drawn
//! in two steps:
//!
//! 1. pieces are dealt most constrained first, each a kind drawn in proportion to its weight ×
//!    the tokens of the kind left (the uniform deal's scheme, weighted), which lands near the
//!    model's distribution at once;
//! 2. a few sweeps of Metropolis swaps then correct what the order of the draws biased: two
//!    tokens (two pieces, or a piece and a token that died unseen) exchange kinds when both
//!    kinds fit their masks, accepted with the ratio of the weights after and before. Swaps
//!    are a symmetric proposal and keep the counts, so the model's distribution is left
//!    unchanged by them.
//!
//! Importance weights were the alternative; they would need many deals per determinization
//! to resample one, where the swaps cost a few dozen random numbers.
//!
//! [`Junqi::beliefs`] averages, over such deals, where one more swap proposal would take each
//! piece: an unbiased estimate of the marginals, smoother than counting dealt kinds, floored
//! so that no kind the knowledge allows gets zero.

use std::sync::OnceLock;

use zhanqi_core::{GameRng, Seat};

use crate::board::Post;
use crate::knowledge::{KindCounts, KindSet, Track};
use crate::{Deployment, Junqi, Kind, Mode};

/// The learned tables, as written by the `beliefs` example's `fit` command.
const PRIORS_TEXT: &str = include_str!("../data/deployment-priors.txt");

/// Pseudo-deployments of the average layout added to every post's counts when smoothing.
const SMOOTHING: f64 = 4.0;

/// Game phases for the moved likelihood: a phase starts at each of these move counts.
const PHASE_STARTS: [u32; PHASES] = [0, 20, 60, 120, 200];
/// How many phases.
pub const PHASES: usize = 5;

/// The local indices of the two headquarters (6.2 and 6.4), where the flag stands.
pub const FLAG_HEADQUARTERS: [usize; 2] = [26, 28];

/// Metropolis sweeps after a weighted deal (each sweep proposes one swap per piece).
const SWEEPS: usize = 2;

/// How determinization deals the identities an observer cannot see.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dealing {
    /// Uniformly among the deals consistent with the knowledge: every kind drawn in
    /// proportion to how many of it are left (the deal before beliefs; kept as the baseline).
    Uniform,
    /// Weighted by the deployment prior of each piece's deployment post.
    Prior,
    /// Weighted by the deployment prior and by whether each piece has moved: the beliefs.
    Belief,
}

/// What an observer believes of one piece it cannot see.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PieceBelief {
    /// Where the piece stands.
    pub post: Post,
    /// Its owner (a seat index).
    pub owner: u8,
    /// The probability of each kind, in [`Kind::ALL`] order; they sum to 1.
    pub probabilities: [f64; 12],
}

impl PieceBelief {
    /// The probability that the piece is `kind`.
    #[must_use]
    pub fn probability(&self, kind: Kind) -> f64 {
        self.probabilities[kind_index(kind)]
    }

    /// The most likely kind (the first in notation order on a tie).
    #[must_use]
    pub fn most_likely(&self) -> Kind {
        let mut best = Kind::ALL[0];
        for kind in Kind::ALL {
            if self.probability(kind) > self.probability(best) {
                best = kind;
            }
        }
        best
    }
}

/// A kind's index in [`Kind::ALL`].
fn kind_index(kind: Kind) -> usize {
    kind as usize - 1
}

/// The phase of a game that has completed `moves` moves.
fn phase(moves: u32) -> usize {
    PHASE_STARTS
        .iter()
        .rposition(|&start| moves >= start)
        .unwrap_or(0)
}

// ----- counting real games -----

/// Counts from real games: what the learned tables are made of. The `beliefs` example's `fit`
/// command fills one from the training records and writes it as text ([`PriorCounts::to_text`]);
/// the crate reads that text back at first use.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PriorCounts {
    /// How many deployments were counted.
    pub deployments: u32,
    /// `[local index][kind]`: how many deployments put the kind on the post.
    pub placed: [[u32; 12]; 30],
    /// `[headquarters][local index][kind]`: the same, counted apart for the deployments with
    /// the flag on 6.2 (`[0]`) and on 6.4 (`[1]`): where everything stands relative to the
    /// flag (the learned deployments of `ai::learned_deployment` draw from it).
    pub placed_by_flag: [[[u32; 12]; 30]; 2],
    /// `[phase][local index][kind]`: of the pieces deployed on the post and still on the
    /// board before a move in that phase, how many had not moved (`[0]`) and had (`[1]`).
    pub moved: [[[[u32; 2]; 12]; 30]; PHASES],
}

impl Default for PriorCounts {
    fn default() -> PriorCounts {
        PriorCounts {
            deployments: 0,
            placed: [[0; 12]; 30],
            placed_by_flag: [[[0; 12]; 30]; 2],
            moved: [[[[0; 2]; 12]; 30]; PHASES],
        }
    }
}

impl PriorCounts {
    /// Counts one seat's deployment, in the seat's own frame.
    pub fn add_deployment(&mut self, deployment: &Deployment) {
        self.deployments += 1;
        let cells = deployment.cells();
        let flag = FLAG_HEADQUARTERS
            .iter()
            .position(|&at| cells[at] == Some(Kind::Flag));
        for (index, cell) in cells.into_iter().enumerate() {
            if let Some(kind) = cell {
                self.placed[index][kind_index(kind)] += 1;
                if let Some(flag) = flag {
                    self.placed_by_flag[flag][index][kind_index(kind)] += 1;
                }
            }
        }
    }

    /// Counts, for every piece of a 2p or 4p game whose deployment post is known, whether it
    /// has moved.
    pub fn add_position(&mut self, game: &Junqi) {
        if game.options.mode == Mode::Dark {
            return;
        }
        let phase = phase(game.position.moves);
        for post in game.board().posts() {
            let (Some(kind), track) = (game.position.cell(post).kind(), game.track(post)) else {
                continue;
            };
            if let Some(home) = track.home {
                self.moved[phase][usize::from(home)][kind_index(kind)][usize::from(track.moved)] +=
                    1;
            }
        }
    }

    /// The counts as the text of `data/deployment-priors.txt`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = String::from(
            "# Junqi beliefs learned from real QQ games (crates/zhanqi-junqi/src/belief.rs).\n\
             # Written by: cargo run --release -p zhanqi-junqi --example beliefs -- fit\n\
             # deployments N: how many real deployments were counted.\n\
             # place L.F <a count per kind, S J D L T Y C P E B M F>: how many put each kind on\n\
             #   local post L.F (line 1 at the front, files from the owner's left).\n\
             # flag H place L.F <per kind>: the same, of the deployments with the flag on\n\
             #   headquarters H (6.2 or 6.4).\n\
             # moved PHASE L.F <per kind, S J D L T Y C P E B M F: UNMOVED MOVED>: pieces\n\
             #   deployed on L.F and on the board before a move of the phase (phases start at\n\
             #   moves 0 20 60 120 200) that had not moved and had.\n",
        );
        text.push_str(&format!("deployments {}\n", self.deployments));
        for (index, counts) in self.placed.iter().enumerate() {
            if crate::deployment::is_camp_index(index) {
                continue;
            }
            let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
            text.push_str(&format!(
                "place {} {}\n",
                crate::deployment::local_name(index),
                counts.join(" ")
            ));
        }
        for (flag, placed) in FLAG_HEADQUARTERS.iter().zip(&self.placed_by_flag) {
            for (index, counts) in placed.iter().enumerate() {
                if crate::deployment::is_camp_index(index) {
                    continue;
                }
                let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
                text.push_str(&format!(
                    "flag {} place {} {}\n",
                    crate::deployment::local_name(*flag),
                    crate::deployment::local_name(index),
                    counts.join(" ")
                ));
            }
        }
        for (phase, posts) in self.moved.iter().enumerate() {
            for (index, kinds) in posts.iter().enumerate() {
                if crate::deployment::is_camp_index(index) {
                    continue;
                }
                let counts: Vec<String> = kinds
                    .iter()
                    .map(|[unmoved, moved]| format!("{unmoved} {moved}"))
                    .collect();
                text.push_str(&format!(
                    "moved {phase} {} {}\n",
                    crate::deployment::local_name(index),
                    counts.join(" ")
                ));
            }
        }
        text
    }

    /// Reads the text [`PriorCounts::to_text`] writes.
    ///
    /// # Errors
    /// A sentence naming the first line that is not one of the three forms.
    pub fn parse(text: &str) -> Result<PriorCounts, String> {
        let mut counts = PriorCounts::default();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            counts.read_line(line).ok_or_else(|| {
                format!(
                    "line {} of the priors is not understood: {line}",
                    number + 1
                )
            })?;
        }
        Ok(counts)
    }

    /// Reads one line of data; `None` if it is malformed.
    fn read_line(&mut self, line: &str) -> Option<()> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |word: &str| word.parse::<u32>().ok();
        match words.as_slice() {
            ["deployments", count] => self.deployments = number(count)?,
            ["place", post, kinds @ ..] if kinds.len() == 12 => {
                for (slot, word) in self.placed[local_index(post)?].iter_mut().zip(kinds) {
                    *slot = number(word)?;
                }
            }
            ["flag", flag, "place", post, kinds @ ..] if kinds.len() == 12 => {
                let flag = FLAG_HEADQUARTERS
                    .iter()
                    .position(|&at| Some(at) == local_index(flag))?;
                let slots = self.placed_by_flag[flag][local_index(post)?].iter_mut();
                for (slot, word) in slots.zip(kinds) {
                    *slot = number(word)?;
                }
            }
            ["moved", phase, post, kinds @ ..] if kinds.len() == 24 => {
                let phase = phase
                    .parse::<usize>()
                    .ok()
                    .filter(|&phase| phase < PHASES)?;
                let slots = self.moved[phase][local_index(post)?].iter_mut();
                for (slot, pair) in slots.zip(kinds.chunks(2)) {
                    *slot = [number(pair[0])?, number(pair[1])?];
                }
            }
            _ => return None,
        }
        Some(())
    }
}

/// The local index of a local post name (`2.3`).
fn local_index(name: &str) -> Option<usize> {
    (0..30).find(|&index| crate::deployment::local_name(index) == name)
}

// ----- the weights -----

/// The weight tables made from [`PriorCounts`].
struct Priors {
    /// `[local index][kind]`: smoothed P(kind | post) ÷ P(kind).
    placed: [[f64; 12]; 30],
    /// `[phase][local index][kind][moved]`: smoothed P(moved or not | kind, post, phase).
    moved: [[[[f64; 2]; 12]; 30]; PHASES],
}

impl Priors {
    fn from_counts(counts: &PriorCounts) -> Priors {
        let mut placed = [[1.0; 12]; 30];
        let deployments = f64::from(counts.deployments);
        for (weights, counts) in placed.iter_mut().zip(&counts.placed) {
            for kind in Kind::ALL {
                let base = f64::from(kind.count()) / 25.0;
                let seen = f64::from(counts[kind_index(kind)]);
                weights[kind_index(kind)] =
                    (seen + SMOOTHING * base) / (deployments + SMOOTHING) / base;
            }
        }
        let mut moved = [[[[0.5; 2]; 12]; 30]; PHASES];
        for (phase, counts) in moved.iter_mut().zip(&counts.moved) {
            for (weights, counts) in phase.iter_mut().zip(counts) {
                for (weight, &[unmoved, moved]) in weights.iter_mut().zip(counts) {
                    let total = f64::from(unmoved) + f64::from(moved) + 2.0;
                    *weight = [
                        (f64::from(unmoved) + 1.0) / total,
                        (f64::from(moved) + 1.0) / total,
                    ];
                }
            }
        }
        Priors { placed, moved }
    }

    /// The weights of each kind for a piece with `track`, `moves` moves into the game.
    fn weights(&self, dealing: Dealing, track: Track, moves: u32) -> [f64; 12] {
        let Some(home) = track.home.filter(|_| dealing != Dealing::Uniform) else {
            return [1.0; 12];
        };
        let mut weights = self.placed[usize::from(home)];
        if dealing == Dealing::Belief {
            let moved = &self.moved[phase(moves)][usize::from(home)];
            for (weight, likelihood) in weights.iter_mut().zip(moved) {
                *weight *= likelihood[usize::from(track.moved)];
            }
        }
        weights
    }
}

/// The learned tables, read once.
fn priors() -> &'static Priors {
    static PRIORS: OnceLock<Priors> = OnceLock::new();
    PRIORS.get_or_init(|| {
        let counts = PriorCounts::parse(PRIORS_TEXT).expect("the crate's priors file parses");
        Priors::from_counts(&counts)
    })
}

/// The learned counts shipped with the crate.
#[must_use]
pub fn shipped_counts() -> PriorCounts {
    PriorCounts::parse(PRIORS_TEXT).expect("the crate's priors file parses")
}

// ----- dealing -----

/// One owner's pieces as an observer knows them: what is to be dealt.
pub(crate) struct Hidden {
    /// Each piece's post.
    pub posts: Vec<Post>,
    /// Each piece's knowledge.
    pub masks: Vec<KindSet>,
    /// Each piece's weights, in [`Kind::ALL`] order (all 1 for the uniform deal).
    pub weights: Vec<[f64; 12]>,
    /// The kinds the owner may still have.
    pub pool: KindCounts,
}

impl Junqi {
    /// The pieces of `owner` that `observer` cannot see, with their weights under `dealing`;
    /// `None` when the observer sees them.
    pub(crate) fn hidden(&self, observer: Seat, owner: u8, dealing: Dealing) -> Option<Hidden> {
        let (pieces, pool) = self.hidden_pieces(observer, owner)?;
        let priors = priors();
        let moves = self.position.moves;
        Some(Hidden {
            posts: pieces.iter().map(|&(post, _)| post).collect(),
            masks: pieces.iter().map(|&(_, mask)| mask).collect(),
            weights: pieces
                .iter()
                .map(|&(post, _)| priors.weights(dealing, self.track(post), moves))
                .collect(),
            pool,
        })
    }

    /// What `observer` believes of every piece it cannot see, under `dealing`, estimated over
    /// `samples` deals (see the [module](self) documentation). In board order, owner by owner.
    /// Empty in dark chess, where identities are not tracked per piece.
    #[must_use]
    pub fn beliefs(
        &self,
        observer: Seat,
        dealing: Dealing,
        samples: usize,
        rng: &mut GameRng,
    ) -> Vec<PieceBelief> {
        if self.options.mode == Mode::Dark {
            return Vec::new();
        }
        let mut beliefs = Vec::new();
        for seat in self.position.seats_in_play().iter() {
            let owner = seat.index() as u8;
            if let Some(hidden) = self.hidden(observer, owner, dealing) {
                let marginals = marginals(&hidden, dealing, samples.max(1), rng);
                beliefs.extend(
                    hidden
                        .posts
                        .iter()
                        .zip(marginals)
                        .map(|(&post, probabilities)| PieceBelief {
                            post,
                            owner,
                            probabilities,
                        }),
                );
            }
        }
        beliefs
    }
}

/// Deals `hidden` under `dealing`: the uniform deal, or the weighted deal corrected by swaps.
pub(crate) fn deal_hidden(hidden: &Hidden, dealing: Dealing, rng: &mut GameRng) -> Vec<Kind> {
    if dealing == Dealing::Uniform {
        return crate::view::deal(&hidden.masks, hidden.pool, rng, |_, mask, left, rng| {
            crate::view::draw(mask, left, rng)
        });
    }
    let kinds = crate::view::deal(&hidden.masks, hidden.pool, rng, |index, mask, left, rng| {
        draw_weighted(mask, &hidden.weights[index], left, rng)
    });
    let mut tokens = tokens_of(hidden.pool, &kinds);
    swap_sweeps(hidden, &mut tokens, rng);
    tokens.truncate(kinds.len());
    tokens
}

/// A random number in `[0, 1)`.
fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_seed() >> 11) as f64 / (1u64 << 53) as f64
}

/// A kind of `mask` left in `left`, drawn in proportion to its weight × how many are left.
fn draw_weighted(
    mask: KindSet,
    weights: &[f64; 12],
    left: &KindCounts,
    rng: &mut GameRng,
) -> Option<Kind> {
    let mut shares = [0.0; 12];
    let mut total = 0.0;
    for kind in mask.iter() {
        let share = weights[kind_index(kind)] * f64::from(left.get(kind));
        shares[kind_index(kind)] = share;
        total += share;
    }
    if total <= 0.0 {
        return None;
    }
    let mut pick = unit(rng) * total;
    let mut last = None;
    for kind in mask.iter() {
        let share = shares[kind_index(kind)];
        if share > 0.0 {
            if pick < share {
                return Some(kind);
            }
            pick -= share;
            last = Some(kind);
        }
    }
    // Rounding left `pick` just above the last share.
    last
}

/// Two indices from one random number: one below `first` and one below `second` (each from
/// 32 bits by multiply-shift; the bias, under 2⁻²⁷ for 30 tokens, is far below anything a
/// deal could show).
fn two_below(first: usize, second: usize, rng: &mut GameRng) -> (usize, usize) {
    let bits = rng.next_seed();
    let below = |bits: u64, bound: usize| (((bits & 0xFFFF_FFFF) * bound as u64) >> 32) as usize;
    (below(bits, first), below(bits >> 32, second))
}

/// Metropolis swaps between the tokens of a deal (see [`tokens_of`]; the first are the
/// pieces): [`SWEEPS`] × one proposal per piece, each swapping a piece with another token
/// when both kinds fit, accepted with the ratio of the weights after and before.
fn swap_sweeps(hidden: &Hidden, tokens: &mut [Kind], rng: &mut GameRng) {
    let pieces = hidden.posts.len();
    if pieces == 0 || tokens.len() < 2 {
        return;
    }
    let weight = |piece: usize, kind: Kind| hidden.weights[piece][kind_index(kind)];
    for _ in 0..SWEEPS * pieces {
        let (first, mut second) = two_below(pieces, tokens.len() - 1, rng);
        if second >= first {
            second += 1;
        }
        let (a, b) = (tokens[first], tokens[second]);
        if a == b || !hidden.masks[first].contains(b) {
            continue;
        }
        // The ratio after ÷ before, as a fraction (no division on the common path).
        let (mut after, mut before) = (weight(first, b), weight(first, a));
        if second < pieces {
            if !hidden.masks[second].contains(a) {
                continue;
            }
            after *= weight(second, a);
            before *= weight(second, b);
        }
        if after >= before || unit(rng) * before < after {
            tokens.swap(first, second);
        }
    }
}

/// Each piece's marginal distribution: over `samples` deals, the average of where one swap
/// step would take the piece (see [`swap_step`]), floored by [`FLOOR`].
fn marginals(
    hidden: &Hidden,
    dealing: Dealing,
    samples: usize,
    rng: &mut GameRng,
) -> Vec<[f64; 12]> {
    let mut sums = vec![[0.0; 12]; hidden.posts.len()];
    for _ in 0..samples {
        let kinds = deal_hidden(hidden, dealing, rng);
        let tokens = tokens_of(hidden.pool, &kinds);
        for (piece, sum) in sums.iter_mut().enumerate() {
            swap_step(hidden, &tokens, piece, sum);
        }
    }
    sums.iter()
        .zip(&hidden.masks)
        .map(|(sum, &mask)| floored(sum, mask))
        .collect()
}

/// The probability every kind of a piece's mask gets at least, spread evenly: the swap step
/// cannot reach a kind no token of the deals holds, however rare, and a belief must not rule
/// out what the knowledge allows.
const FLOOR: f64 = 1e-3;

/// `sum` normalised, mixed with [`FLOOR`] spread over `mask`.
fn floored(sum: &[f64; 12], mask: KindSet) -> [f64; 12] {
    let total: f64 = sum.iter().sum();
    let even = FLOOR / f64::from(mask.len().max(1));
    let mut probabilities = [0.0; 12];
    for kind in mask.iter() {
        let share = if total > 0.0 {
            sum[kind_index(kind)] / total
        } else {
            0.0
        };
        probabilities[kind_index(kind)] = (1.0 - FLOOR) * share + even;
    }
    probabilities
}

/// The tokens of a deal: the dealt pieces' kinds, then the kinds left in `pool` (the pieces
/// that died unseen).
fn tokens_of(pool: KindCounts, kinds: &[Kind]) -> Vec<Kind> {
    let mut left = pool;
    for &kind in kinds {
        left.take(kind);
    }
    let spare = Kind::ALL
        .into_iter()
        .flat_map(|kind| std::iter::repeat_n(kind, usize::from(left.get(kind))));
    kinds.iter().copied().chain(spare).collect()
}

/// Adds to `sum` the distribution of `piece`'s kind after one Metropolis step from the deal
/// `tokens` that proposes swapping it with a uniformly chosen other token. The step leaves the
/// model's distribution unchanged, so averaged over deals from the model this is an unbiased
/// estimate of the piece's marginal, and much smoother than counting the dealt kinds: with
/// every weight 1 and no constraint it gives every kind its share of the tokens.
fn swap_step(hidden: &Hidden, tokens: &[Kind], piece: usize, sum: &mut [f64; 12]) {
    let own = tokens[piece];
    if tokens.len() < 2 {
        sum[kind_index(own)] += 1.0;
        return;
    }
    let pieces = hidden.posts.len();
    let share = 1.0 / (tokens.len() - 1) as f64;
    let weights = &hidden.weights[piece];
    let mut stay = 0.0;
    for (other, &kind) in tokens.iter().enumerate() {
        if other == piece {
            continue;
        }
        let allowed = kind != own
            && hidden.masks[piece].contains(kind)
            && (other >= pieces || hidden.masks[other].contains(own));
        if !allowed {
            stay += share;
            continue;
        }
        let mut ratio = weights[kind_index(kind)] / weights[kind_index(own)];
        if other < pieces {
            let theirs = &hidden.weights[other];
            ratio *= theirs[kind_index(own)] / theirs[kind_index(kind)];
        }
        let accept = ratio.min(1.0);
        sum[kind_index(kind)] += share * accept;
        stay += share * (1.0 - accept);
    }
    sum[kind_index(own)] += stay;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_priors_parse_and_add_up() {
        let counts = shipped_counts();
        assert!(
            counts.deployments > 1000,
            "{} deployments",
            counts.deployments
        );
        for (index, placed) in counts.placed.iter().enumerate() {
            let total: u32 = placed.iter().sum();
            let expected = if crate::deployment::is_camp_index(index) {
                0
            } else {
                counts.deployments
            };
            assert_eq!(
                total,
                expected,
                "post {}",
                crate::deployment::local_name(index)
            );
        }
        for kind in Kind::ALL {
            let total: u32 = counts
                .placed
                .iter()
                .map(|placed| placed[kind_index(kind)])
                .sum();
            assert_eq!(
                total,
                counts.deployments * u32::from(kind.count()),
                "{kind}"
            );
        }
        // Every counted deployment has its flag on one headquarters or the other, so the
        // counts given the flag's side add up to the counts.
        for (index, placed) in counts.placed.iter().enumerate() {
            for kind in Kind::ALL {
                let by_flag: u32 = counts
                    .placed_by_flag
                    .iter()
                    .map(|side| side[index][kind_index(kind)])
                    .sum();
                assert_eq!(by_flag, placed[kind_index(kind)], "{kind} on {index}");
            }
        }
        for side in 0..2 {
            let other = FLAG_HEADQUARTERS[1 - side];
            assert_eq!(
                counts.placed_by_flag[side][other][kind_index(Kind::Flag)],
                0
            );
        }
        // Flags only on the headquarters, mines only on the last two lines.
        for (index, placed) in counts.placed.iter().enumerate() {
            if index != 26 && index != 28 {
                assert_eq!(placed[kind_index(Kind::Flag)], 0);
            }
            if index < 20 {
                assert_eq!(placed[kind_index(Kind::Mine)], 0);
            }
        }
        // Mines and flags never move; nothing stands on a camp when deployed.
        for posts in &counts.moved {
            for (index, kinds) in posts.iter().enumerate() {
                assert_eq!(kinds[kind_index(Kind::Mine)][1], 0);
                assert_eq!(kinds[kind_index(Kind::Flag)][1], 0);
                if crate::deployment::is_camp_index(index) {
                    assert_eq!(kinds, &[[0; 2]; 12]);
                }
            }
        }
        assert_eq!(PriorCounts::parse(&counts.to_text()), Ok(counts));
    }

    #[test]
    fn a_malformed_line_is_named() {
        let error = PriorCounts::parse("deployments 3\nplace 1.1 1 2\n").unwrap_err();
        assert!(error.contains("line 2"), "{error}");
    }

    #[test]
    fn phases_start_where_listed() {
        assert_eq!(phase(0), 0);
        assert_eq!(phase(19), 0);
        assert_eq!(phase(20), 1);
        assert_eq!(phase(199), 3);
        assert_eq!(phase(5000), PHASES - 1);
    }

    #[test]
    fn a_weighted_deal_respects_masks_and_counts() {
        let mut rng = GameRng::from_seed(5);
        let mut masks = vec![KindSet::MOVABLE; 20];
        masks[0] = KindSet::only(Kind::Flag).with(Kind::Mine);
        masks[1] = KindSet::only(Kind::Mine).with(Kind::Bomb);
        masks[2] = KindSet::only(Kind::Mine).with(Kind::Flag);
        masks[3] = KindSet::only(Kind::Mine).with(Kind::Flag);
        let priors = priors();
        let weights = (0..20).map(|index| priors.placed[index + 5]).collect();
        let hidden = Hidden {
            posts: (0..20).collect(),
            masks: masks.clone(),
            weights,
            pool: KindCounts::full_set(),
        };
        for _ in 0..200 {
            let kinds = deal_hidden(&hidden, Dealing::Prior, &mut rng);
            let mut counts = KindCounts::NONE;
            for (kind, mask) in kinds.iter().zip(&masks) {
                assert!(mask.contains(*kind), "{kind} dealt outside {mask}");
                counts.add(*kind);
            }
            assert_eq!(KindCounts::full_set().minus(&counts).total(), 5);
        }
    }

    #[test]
    fn swaps_follow_the_weights() {
        // Two pieces, one engineer and one bomb between them: the first piece's weights favour
        // the engineer 3 to 1, the second is indifferent, so the first is the engineer with
        // probability 3/4 whatever the first draw was.
        let hidden = Hidden {
            posts: vec![0, 1],
            masks: vec![KindSet::ALL; 2],
            weights: vec![
                {
                    let mut weights = [1.0; 12];
                    weights[kind_index(Kind::Engineer)] = 3.0;
                    weights
                },
                [1.0; 12],
            ],
            pool: [Kind::Engineer, Kind::Bomb].into_iter().fold(
                KindCounts::NONE,
                |mut counts, kind| {
                    counts.add(kind);
                    counts
                },
            ),
        };
        let mut rng = GameRng::from_seed(9);
        let mut engineers = 0;
        let trials = 4000;
        for _ in 0..trials {
            let mut kinds = vec![Kind::Bomb, Kind::Engineer];
            for _ in 0..10 {
                swap_sweeps(&hidden, &mut kinds, &mut rng);
            }
            engineers += usize::from(kinds[0] == Kind::Engineer);
        }
        let share = engineers as f64 / f64::from(trials);
        assert!((share - 0.75).abs() < 0.03, "{share}");
        let marginals = marginals(&hidden, Dealing::Prior, 4000, &mut rng);
        let engineer = marginals[0][kind_index(Kind::Engineer)];
        assert!((engineer - 0.75).abs() < 0.03, "{engineer}");
    }
}
