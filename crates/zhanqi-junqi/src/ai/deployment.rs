//! The AI's deployments: [`ai_deployment`], the hand-written chooser
//! ([`handmade_deployment`]), which beats the one learned from real layouts
//! ([`super::learned_deployment`]) under ISMCTS (docs/ai.md, "Learned deployments").

use zhanqi_core::GameRng;

use crate::{Deployment, Kind};

/// Local indices (line − 1) × 5 + (file − 1) of the five camps, which start empty.
const CAMPS: [usize; 5] = [6, 8, 12, 16, 18];
/// The two headquarters, 6.2 and 6.4.
const HEADQUARTERS: [usize; 2] = [26, 28];
/// The posts beside each headquarters: its platform (5.2 or 5.4) and its two line-6 neighbours.
const BESIDE_HEADQUARTERS: [[usize; 3]; 2] = [[21, 25, 27], [23, 27, 29]];
/// Railway posts of the flanks (files 1 and 5, lines 1–5): where engineers run from.
const FLANK_RAILWAY: [usize; 10] = [0, 4, 5, 9, 10, 14, 15, 19, 20, 24];

/// The AI's deployment, for every level but `random` (which deploys uniformly): the
/// hand-written chooser, always legal. The chooser learned from real layouts
/// ([`super::learned_deployment`]) lays out like people but lost 41.5 % of 200 ISMCTS games to it
/// (docs/ai.md, "Learned deployments"), so it is not the AI's yet.
pub fn ai_deployment(rng: &mut GameRng) -> Deployment {
    handmade_deployment(rng)
}

/// A deployment chosen with sense and at random by hand-written rules: the flag in a
/// headquarters with mines beside
/// it (or, one time in three, two mines beside it and a third as a decoy elsewhere on the back
/// lines), one bomb near the flag and one further forward, the commander, the corps and the
/// divisions on the front three lines spread over the files, the engineers on the flank
/// railways, a low officer in the empty headquarters, and the rest shuffled.
///
/// Always legal: the layout is checked with [`Deployment::validate`], and a uniformly random
/// legal deployment is used instead if it ever were not. The same layout serves the 2p and the
/// 4p boards (a deployment is in the area's local coordinates).
pub fn handmade_deployment(rng: &mut GameRng) -> Deployment {
    Deployment::from_cells(Layout::draw(rng).cells)
        .validate()
        .unwrap_or_else(|_| Deployment::random(rng))
}

/// A deployment being filled in.
struct Layout {
    cells: [Option<Kind>; 30],
    /// The pieces not placed yet.
    pool: Vec<Kind>,
}

fn line(at: usize) -> usize {
    at / 5 + 1
}

fn file(at: usize) -> usize {
    at % 5 + 1
}

impl Layout {
    fn draw(rng: &mut GameRng) -> Layout {
        let mut layout = Layout {
            cells: [None; 30],
            pool: Kind::ALL
                .into_iter()
                .flat_map(|kind| std::iter::repeat_n(kind, usize::from(kind.count())))
                .collect(),
        };
        let side = rng.below(2);
        let flag = HEADQUARTERS[side];
        let decoy = HEADQUARTERS[1 - side];
        layout.put(flag, Kind::Flag);
        layout.place_mines(side, decoy, rng);
        let flag_file = file(flag);
        layout.place(Kind::Bomb, rng, |at| {
            (3..=5).contains(&line(at)) && file(at).abs_diff(flag_file) <= 1
        });
        layout.place(Kind::Bomb, rng, |at| (2..=4).contains(&line(at)));
        layout.place_spread(&[Kind::Commander], rng, |at| (2..=3).contains(&line(at)));
        layout.place_spread(&[Kind::Corps, Kind::Division, Kind::Division], rng, |at| {
            line(at) <= 3
        });
        layout.place_spread(
            &[Kind::Engineer, Kind::Engineer, Kind::Engineer],
            rng,
            |at| FLANK_RAILWAY.contains(&at),
        );
        if layout.cells[decoy].is_none() {
            let low = if rng.coin() {
                Kind::Platoon
            } else {
                Kind::Company
            };
            layout.place(low, rng, |at| at == decoy);
        }
        layout.fill_rest(rng);
        layout
    }

    fn is_free(&self, at: usize) -> bool {
        self.cells[at].is_none() && !CAMPS.contains(&at)
    }

    fn put(&mut self, at: usize, kind: Kind) {
        self.cells[at] = Some(kind);
        if let Some(index) = self.pool.iter().position(|&left| left == kind) {
            self.pool.swap_remove(index);
        }
    }

    /// Mines beside the flag; one time in three only two of them, the third a decoy.
    fn place_mines(&mut self, side: usize, decoy: usize, rng: &mut GameRng) {
        let mut beside = BESIDE_HEADQUARTERS[side];
        if rng.below(3) > 0 {
            for at in beside {
                self.put(at, Kind::Mine);
            }
            return;
        }
        rng.shuffle(&mut beside);
        for &at in &beside[..2] {
            self.put(at, Kind::Mine);
        }
        let decoys = [decoy, BESIDE_HEADQUARTERS[1 - side][0]];
        let at = decoys[rng.below(decoys.len())];
        if self.is_free(at) {
            self.put(at, Kind::Mine);
        } else {
            self.place(Kind::Mine, rng, |at| line(at) >= 5);
        }
    }

    /// Puts `kind` on a random free post where `wanted` holds, or failing that on any free
    /// post its rules allow (lines 5–6 for a mine, off line 1 for a bomb).
    fn place(&mut self, kind: Kind, rng: &mut GameRng, wanted: impl Fn(usize) -> bool) {
        let allowed = |at: usize| match kind {
            Kind::Mine => line(at) >= 5,
            Kind::Bomb => line(at) >= 2,
            Kind::Flag => HEADQUARTERS.contains(&at),
            _ => true,
        };
        let mut choices: Vec<usize> = (0..30)
            .filter(|&at| self.is_free(at) && allowed(at) && wanted(at))
            .collect();
        if choices.is_empty() {
            choices = (0..30)
                .filter(|&at| self.is_free(at) && allowed(at))
                .collect();
        }
        if let Some(&at) = choices.get(rng.below(choices.len().max(1))) {
            self.put(at, kind);
        }
    }

    /// Places `kinds` where `wanted` holds, each on a file none of them holds yet when it can.
    fn place_spread(&mut self, kinds: &[Kind], rng: &mut GameRng, wanted: impl Fn(usize) -> bool) {
        let mut files_used = [false; 6];
        for &kind in kinds {
            let fresh = |at: usize| wanted(at) && !files_used[file(at)];
            let has_fresh = (0..30).any(|at| self.is_free(at) && fresh(at));
            let before = self.cells;
            if has_fresh {
                self.place(kind, rng, fresh);
            } else {
                self.place(kind, rng, &wanted);
            }
            if let Some(at) = (0..30).find(|&at| before[at] != self.cells[at]) {
                files_used[file(at)] = true;
            }
        }
    }

    /// The pieces left, shuffled onto the free posts.
    fn fill_rest(&mut self, rng: &mut GameRng) {
        let mut rest = std::mem::take(&mut self.pool);
        rng.shuffle(&mut rest);
        let free: Vec<usize> = (0..30).filter(|&at| self.is_free(at)).collect();
        for (at, kind) in free.into_iter().zip(rest) {
            self.cells[at] = Some(kind);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(deployment: &Deployment, kind: Kind) -> Vec<usize> {
        let cells = deployment.cells();
        (0..30).filter(|&at| cells[at] == Some(kind)).collect()
    }

    #[test]
    fn layouts_are_legal_and_sensible_over_many_seeds() {
        let mut rng = GameRng::from_seed(11);
        let mut layouts = std::collections::BTreeSet::new();
        for _ in 0..2000 {
            let layout = Layout::draw(&mut rng);
            let deployment = Deployment::from_cells(layout.cells);
            assert_eq!(deployment.violations(), vec![], "{deployment}");
            let flag = at(&deployment, Kind::Flag)[0];
            let side = HEADQUARTERS.iter().position(|&hq| hq == flag).unwrap();
            let guarding = at(&deployment, Kind::Mine)
                .into_iter()
                .filter(|at| BESIDE_HEADQUARTERS[side].contains(at))
                .count();
            assert!(guarding >= 2, "{deployment}");
            assert!(
                at(&deployment, Kind::Commander)
                    .iter()
                    .all(|&at| line(at) <= 3)
            );
            let engineer_files: std::collections::BTreeSet<usize> = at(&deployment, Kind::Engineer)
                .iter()
                .map(|&at| file(at))
                .collect();
            assert!(engineer_files.len() >= 2, "{deployment}");
            layouts.insert(deployment.to_string());
        }
        assert!(
            layouts.len() > 1900,
            "layouts should vary: {}",
            layouts.len()
        );
    }

    #[test]
    fn the_public_entry_points_are_legal() {
        let mut rng = GameRng::from_seed(3);
        for _ in 0..500 {
            assert_eq!(ai_deployment(&mut rng).violations(), vec![]);
            assert_eq!(handmade_deployment(&mut rng).violations(), vec![]);
        }
    }
}
