//! The seeded random number generator every game state owns.

use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A deterministic random number generator: the same seed gives the same numbers on every
/// machine and in every version of zhanqi that keeps the pinned `rand_chacha`.
///
/// A game state owns one and draws from it for deals, shuffles, random deployments and chance
/// nodes, so that (options, seed, actions) reproduces a game byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// The generator for `seed`, on stream 0.
    #[must_use]
    pub fn from_seed(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// An independent generator for `seed`: stream `stream` of the same ChaCha key.
    ///
    /// Used where a second source of randomness must not disturb the first (for example the
    /// random deployments the engine protocol draws for `new`, beside the game's own RNG).
    #[must_use]
    pub fn stream(seed: u64, stream: u64) -> GameRng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        GameRng(rng)
    }

    /// A uniformly random integer in `0..bound`.
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        self.0.random_range(0..bound)
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.0.random()
    }

    /// Shuffles a slice uniformly.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }

    /// A random 64-bit number, for seeding other generators.
    pub fn next_seed(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Picks an index at random with probability proportional to `weights`.
    ///
    /// # Panics
    /// If the weights are empty or sum to 0.
    pub fn weighted_index(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        assert!(total > 0, "weights must not all be zero");
        let mut pick = self.0.random_range(0..total);
        for (index, &weight) in weights.iter().enumerate() {
            let weight = u64::from(weight);
            if pick < weight {
                return index;
            }
            pick -= weight;
        }
        unreachable!("pick is below the total weight")
    }
}

impl RngCore for GameRng {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = GameRng::from_seed(42);
        let mut b = GameRng::from_seed(42);
        let xs: Vec<usize> = (0..20).map(|_| a.below(1000)).collect();
        let ys: Vec<usize> = (0..20).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
        let mut c = GameRng::stream(42, 1);
        let zs: Vec<usize> = (0..20).map(|_| c.below(1000)).collect();
        assert_ne!(xs, zs);
    }

    #[test]
    fn weighted_index_never_picks_zero_weight() {
        let mut rng = GameRng::from_seed(1);
        for _ in 0..1000 {
            assert_ne!(rng.weighted_index(&[3, 0, 5]), 1);
        }
    }
}
