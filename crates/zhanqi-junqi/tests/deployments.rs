//! The AI's learned deployments (`src/ai/learned_deployment.rs`): always legal, varied, and
//! laid out as the real records lay them out, measured against the records' counts that ship
//! with the crate (`data/deployment-priors.txt`).

use proptest::prelude::*;
use zhanqi_core::GameRng;
use zhanqi_junqi::ai::{learned_deployment, learned_layout};
use zhanqi_junqi::belief::{FLAG_HEADQUARTERS, PriorCounts, shipped_counts};
use zhanqi_junqi::{Deployment, Kind};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every learned layout is legal as drawn, before the fallback that would hide a fault.
    #[test]
    fn learned_layouts_are_legal(seed in any::<u64>()) {
        let layout = learned_layout(&mut GameRng::from_seed(seed));
        prop_assert!(layout.violations().is_empty(), "{layout}: {:?}", layout.violations());
    }
}

/// The three posts beside headquarters `flag` (0: 6.2, 1: 6.4).
const BESIDE_HEADQUARTERS: [[usize; 3]; 2] = [[21, 25, 27], [23, 27, 29]];

fn kind_index(kind: Kind) -> usize {
    kind as usize - 1
}

/// What the guarding statistics of a set of layouts come to: the share with the flag on
/// 6.2, the mean number of mines beside the flag, and the share of mines on line 6.
#[derive(Debug)]
struct Guarding {
    flag_on_first: f64,
    mines_beside_flag: f64,
    mines_on_back_line: f64,
}

/// The records' guarding, from their counts given the flag's side.
fn records_guarding(counts: &PriorCounts) -> Guarding {
    let (flag, mine) = (kind_index(Kind::Flag), kind_index(Kind::Mine));
    let with_flag =
        |side: usize| f64::from(counts.placed_by_flag[side][FLAG_HEADQUARTERS[side]][flag]);
    let layouts = with_flag(0) + with_flag(1);
    let beside: f64 = (0..2)
        .flat_map(|side| {
            BESIDE_HEADQUARTERS[side].map(|at| f64::from(counts.placed_by_flag[side][at][mine]))
        })
        .sum();
    let back_line: u32 = (25..30).map(|at| counts.placed[at][mine]).sum();
    Guarding {
        flag_on_first: with_flag(0) / layouts,
        mines_beside_flag: beside / layouts,
        mines_on_back_line: f64::from(back_line) / (3.0 * f64::from(counts.deployments)),
    }
}

/// The same of drawn layouts, checking the rules' part (flag in a headquarters, mines on the
/// last two lines) on every one.
fn drawn_guarding(layouts: &[Deployment]) -> Guarding {
    let (mut on_first, mut beside, mut back_line) = (0usize, 0usize, 0usize);
    for layout in layouts {
        let cells = layout.cells();
        let side = FLAG_HEADQUARTERS
            .iter()
            .position(|&at| cells[at] == Some(Kind::Flag))
            .unwrap_or_else(|| panic!("{layout}: the flag stands in a headquarters"));
        on_first += usize::from(side == 0);
        let mines: Vec<usize> = (0..30)
            .filter(|&at| cells[at] == Some(Kind::Mine))
            .collect();
        assert!(
            mines.iter().all(|&at| at >= 20),
            "{layout}: mines on lines 5-6"
        );
        beside += mines
            .iter()
            .filter(|at| BESIDE_HEADQUARTERS[side].contains(at))
            .count();
        back_line += mines.iter().filter(|&&at| at >= 25).count();
    }
    let count = layouts.len() as f64;
    Guarding {
        flag_on_first: on_first as f64 / count,
        mines_beside_flag: beside as f64 / count,
        mines_on_back_line: back_line as f64 / (3.0 * count),
    }
}

#[test]
fn learned_layouts_guard_the_flag_as_the_records_do() {
    let records = records_guarding(&shipped_counts());
    let mut rng = GameRng::from_seed(17);
    let layouts: Vec<Deployment> = (0..2000).map(|_| learned_deployment(&mut rng)).collect();
    let learned = drawn_guarding(&layouts);
    // The flag's side within sampling error of the records' (σ ≈ 0.011 over 2,000 draws).
    assert!(
        (learned.flag_on_first - records.flag_on_first).abs() < 0.05,
        "learned {learned:?}, records {records:?}"
    );
    // Mines beside the flag and on the back line at least as often as the records (within a
    // tolerance for the draws' noise and the smoothing).
    assert!(
        learned.mines_beside_flag >= records.mines_beside_flag - 0.1,
        "learned {learned:?}, records {records:?}"
    );
    assert!(
        learned.mines_on_back_line >= records.mines_on_back_line - 0.05,
        "learned {learned:?}, records {records:?}"
    );
}

#[test]
fn learned_layouts_vary() {
    let mut rng = GameRng::from_seed(23);
    let layouts: std::collections::HashSet<Deployment> =
        (0..1000).map(|_| learned_deployment(&mut rng)).collect();
    assert!(layouts.len() > 990, "{} distinct of 1,000", layouts.len());
}
