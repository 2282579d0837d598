//! The AI's deployment choosers compared (`src/ai/learned_deployment.rs`, docs/ai.md "Learned
//! deployments"): how like real layouts and how varied they are, and how strong.
//!
//! ```text
//! # Distinct layouts in 1,000 draws, and for each kind the total-variation distance between
//! # its per-post frequencies in 10,000 draws and in the real layouts (the training counts of
//! # data/deployment-priors.txt and the held-out records of shared/data/qq-jgs):
//! cargo run --profile profiling -p zhanqi-junqi --example deployments -- measure [--draws 10000]
//! # The same player with two deployment choosers (learned, handmade, uniform), head to head:
//! # the first chooser on the even seats (a team in 4p) in even games, game i seeded seed + i:
//! cargo run --profile profiling -p zhanqi-junqi --example deployments -- \
//!     duel --mode 2p --player heuristic --first learned --second uniform --games 200 --seed 1
//! ```
//!
//! The held-out folder defaults to `shared/data/qq-jgs` beside the repository; `--held-out DIR`
//! names another.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use zhanqi_ai::{Player, arena};
use zhanqi_core::ai::Observation;
use zhanqi_core::{Game, GameRng, Seat};
use zhanqi_junqi::ai::{handmade_deployment, learned_deployment};
use zhanqi_junqi::belief::{FLAG_HEADQUARTERS, shipped_counts};
use zhanqi_junqi::{Action, Deployment, Junqi, JunqiOptions, Kind, Mode, jgs};

const HELD_OUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/qq-jgs");

/// A way of choosing a deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chooser {
    /// `ai::learned_deployment`, the AI's deployment.
    Learned,
    /// `ai::handmade_deployment`, the hand-written chooser it replaced.
    Handmade,
    /// `Deployment::random`, uniform among legal layouts (the `random` level's).
    Uniform,
}

impl Chooser {
    const ALL: [Chooser; 3] = [Chooser::Learned, Chooser::Handmade, Chooser::Uniform];

    fn from_name(name: &str) -> Option<Chooser> {
        Chooser::ALL
            .into_iter()
            .find(|chooser| chooser.name() == name)
    }

    fn name(self) -> &'static str {
        match self {
            Chooser::Learned => "learned",
            Chooser::Handmade => "handmade",
            Chooser::Uniform => "uniform",
        }
    }

    fn draw(self, rng: &mut GameRng) -> Deployment {
        match self {
            Chooser::Learned => learned_deployment(rng),
            Chooser::Handmade => handmade_deployment(rng),
            Chooser::Uniform => Deployment::random(rng),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str, default: &str| -> String {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|at| args.get(at + 1))
            .cloned()
            .unwrap_or_else(|| default.to_string())
    };
    let number = |name: &str, default: usize| -> Option<usize> {
        let text = option(name, &default.to_string());
        let parsed = text.parse().ok();
        if parsed.is_none() {
            eprintln!("{name} takes a number, not {text}");
        }
        parsed
    };
    let chooser = |name: &str, default: &str| -> Option<Chooser> {
        let text = option(name, default);
        let parsed = Chooser::from_name(&text);
        if parsed.is_none() {
            eprintln!("{name} is learned, handmade or uniform, not {text}");
        }
        parsed
    };
    match args.first().map(String::as_str) {
        Some("measure") => {
            if let Some(draws) = number("--draws", 10_000) {
                measure(&PathBuf::from(option("--held-out", HELD_OUT)), draws);
            }
        }
        Some("duel") => {
            let Some(mode) =
                Mode::from_name(&option("--mode", "2p")).filter(|mode| *mode != Mode::Dark)
            else {
                eprintln!("--mode is 2p or 4p");
                return;
            };
            if let (Some(first), Some(second), Some(games), Some(seed)) = (
                chooser("--first", "learned"),
                chooser("--second", "uniform"),
                number("--games", 200),
                number("--seed", 1),
            ) {
                let player = option("--player", "heuristic");
                duel(mode, &player, [first, second], games as u32, seed as u64);
            }
        }
        _ => eprintln!(
            "usage: deployments measure [--draws N] [--held-out DIR] | duel [--mode 2p|4p] [--player SPEC] [--first C] [--second C] [--games N] [--seed S] (C: learned, handmade, uniform)"
        ),
    }
}

// ----- likeness and variety -----

/// `[local index][kind]` counts of a set of layouts, with how many layouts.
#[derive(Clone)]
struct Placements {
    layouts: u32,
    counts: [[u32; 12]; 30],
    /// Layouts by how many of the three posts beside the flag hold mines (0 … 3).
    mines_beside_flag: [u32; 4],
}

impl Placements {
    fn new() -> Placements {
        Placements {
            layouts: 0,
            counts: [[0; 12]; 30],
            mines_beside_flag: [0; 4],
        }
    }

    fn add(&mut self, deployment: &Deployment) {
        self.layouts += 1;
        let cells = deployment.cells();
        for (at, cell) in cells.iter().enumerate() {
            if let Some(kind) = cell {
                self.counts[at][kind_index(*kind)] += 1;
            }
        }
        if let Some(flag) = FLAG_HEADQUARTERS
            .iter()
            .position(|&at| cells[at] == Some(Kind::Flag))
        {
            let mines = beside_headquarters(flag)
                .iter()
                .filter(|&&at| cells[at] == Some(Kind::Mine))
                .count();
            self.mines_beside_flag[mines] += 1;
        }
    }

    /// Where `kind` stands: a probability per post.
    fn distribution(&self, kind: Kind) -> [f64; 30] {
        let total: u32 = self.counts.iter().map(|post| post[kind_index(kind)]).sum();
        std::array::from_fn(|at| {
            f64::from(self.counts[at][kind_index(kind)]) / f64::from(total.max(1))
        })
    }

    /// The total-variation distance between where `kind` stands here and in `other`.
    fn distance(&self, other: &Placements, kind: Kind) -> f64 {
        let (mine, theirs) = (self.distribution(kind), other.distribution(kind));
        0.5 * mine
            .iter()
            .zip(&theirs)
            .map(|(a, b)| (a - b).abs())
            .sum::<f64>()
    }

    /// The share of layouts with the flag on 6.2.
    fn flag_on_first(&self) -> f64 {
        f64::from(self.counts[FLAG_HEADQUARTERS[0]][kind_index(Kind::Flag)])
            / f64::from(self.layouts.max(1))
    }

    /// The mean number of mines beside the flag, and the share of layouts with all three.
    fn guarding(&self) -> (f64, f64) {
        let layouts = f64::from(self.layouts.max(1));
        let mines: u32 = (0..4u32)
            .map(|count| count * self.mines_beside_flag[count as usize])
            .sum();
        (
            f64::from(mines) / layouts,
            f64::from(self.mines_beside_flag[3]) / layouts,
        )
    }
}

/// The three posts beside headquarters `flag` (0: 6.2, 1: 6.4): its platform on line 5 and
/// its two neighbours on line 6.
fn beside_headquarters(flag: usize) -> [usize; 3] {
    [[21, 25, 27], [23, 27, 29]][flag]
}

fn kind_index(kind: Kind) -> usize {
    kind as usize - 1
}

/// The legal deployments of every record of `dir` (2p and 4p, each in its seat's frame).
fn held_out_deployments(dir: &Path) -> Vec<Deployment> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "jgs"))
        .collect();
    paths.sort();
    paths
        .iter()
        .filter_map(|path| jgs::parse(&std::fs::read(path).ok()?).ok())
        .flat_map(|record| record.players)
        .filter_map(|player| Deployment::parse(&player.deployment).ok()?.validate().ok())
        .collect()
}

fn measure(held_out: &Path, draws: usize) {
    let started = Instant::now();
    let shipped = shipped_counts();
    let training = Placements {
        layouts: shipped.deployments,
        counts: shipped.placed,
        mines_beside_flag: [0; 4],
    };
    let mut real = Placements::new();
    for deployment in held_out_deployments(held_out) {
        real.add(&deployment);
    }
    let mut drawn = Vec::new();
    for chooser in Chooser::ALL {
        let mut rng = GameRng::from_seed(1);
        let distinct = (0..1000)
            .map(|_| {
                let deployment = chooser.draw(&mut rng);
                assert!(deployment.violations().is_empty(), "{deployment}");
                deployment
            })
            .collect::<HashSet<Deployment>>()
            .len();
        let mut rng = GameRng::from_seed(2);
        let timed = Instant::now();
        let layouts: Vec<Deployment> = (0..draws).map(|_| chooser.draw(&mut rng)).collect();
        let micros = timed.elapsed().as_secs_f64() * 1e6 / draws.max(1) as f64;
        let mut placements = Placements::new();
        for layout in &layouts {
            placements.add(layout);
        }
        drawn.push((chooser, distinct, placements, micros));
    }
    println!(
        "{} training deployments, {} held-out deployments, {draws} draws of each chooser ({:.1} s)",
        training.layouts,
        real.layouts,
        started.elapsed().as_secs_f64()
    );
    println!();
    println!(
        "Total-variation distance of each kind's per-post frequencies from the training records' (held-out records' in brackets):"
    );
    println!();
    print!("| kind | held-out records |");
    for (chooser, ..) in &drawn {
        print!(" {} |", chooser.name());
    }
    println!();
    println!("|---|---:|---:|---:|---:|");
    let mut sums = [0.0; 4];
    for kind in Kind::ALL {
        print!(
            "| {kind} {} | {:.3} |",
            kind.name_zh(),
            real.distance(&training, kind)
        );
        sums[0] += real.distance(&training, kind) * f64::from(kind.count()) / 25.0;
        for (index, (_, _, placements, _)) in drawn.iter().enumerate() {
            print!(
                " {:.3} ({:.3}) |",
                placements.distance(&training, kind),
                placements.distance(&real, kind)
            );
            sums[index + 1] +=
                placements.distance(&training, kind) * f64::from(kind.count()) / 25.0;
        }
        println!();
    }
    println!(
        "| mean over the 25 pieces (against the training records) | {:.3} | {:.3} | {:.3} | {:.3} |",
        sums[0], sums[1], sums[2], sums[3]
    );
    println!();
    println!(
        "| | distinct in 1,000 | flag on 6.2 | mines beside the flag (of 3) | all three beside it mined | µs a draw |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    let (mines, all_three) = real.guarding();
    println!(
        "| held-out records | | {:.1} % | {mines:.2} | {:.1} % | |",
        100.0 * real.flag_on_first(),
        100.0 * all_three
    );
    for (chooser, distinct, placements, micros) in &drawn {
        let (mines, all_three) = placements.guarding();
        println!(
            "| {} | {distinct} | {:.1} % | {mines:.2} | {:.1} % | {micros:.1} |",
            chooser.name(),
            100.0 * placements.flag_on_first(),
            100.0 * all_three
        );
    }
}

// ----- strength -----

/// A player whose deployments come from a chooser; everything else from the player it wraps.
struct Deploying {
    inner: Box<dyn Player<Junqi>>,
    chooser: Chooser,
    rng: GameRng,
}

impl Player<Junqi> for Deploying {
    fn name(&self) -> String {
        format!(
            "{} ({} deployments)",
            self.inner.name(),
            self.chooser.name()
        )
    }

    fn choose(&mut self, observation: &Observation<'_, Junqi>) -> Option<Action> {
        if observation.has_unlisted_actions() {
            return Some(Action::Deploy(self.chooser.draw(&mut self.rng)));
        }
        self.inner.choose(observation)
    }
}

fn duel(mode: Mode, player: &str, choosers: [Chooser; 2], games: u32, seed: u64) {
    let started = Instant::now();
    let (mut wins, mut losses, mut draws, mut plies) = (0u32, 0u32, 0u32, 0usize);
    for index in 0..games {
        let game_seed = seed + u64::from(index);
        let mut game =
            Junqi::new(&JunqiOptions::of_mode(mode), game_seed).expect("standard options");
        let seats = game.seats().len();
        let swapped = index % 2 == 1;
        let mut players: Vec<Box<dyn Player<Junqi>>> =
            arena::players::<Junqi>(&[player], seats, game_seed)
                .into_iter()
                .enumerate()
                .map(|(seat, inner)| {
                    let first = (seat % 2 == 0) != swapped;
                    Box::new(Deploying {
                        inner,
                        chooser: choosers[usize::from(!first)],
                        rng: GameRng::stream(game_seed, 100 + seat as u64),
                    }) as Box<dyn Player<Junqi>>
                })
                .collect();
        let (outcome, played) = arena::play_out(&mut game, &mut players);
        plies += played;
        if arena::won(&outcome, Seat::new(usize::from(swapped))) {
            wins += 1;
        } else if arena::won(&outcome, Seat::new(usize::from(!swapped))) {
            losses += 1;
        } else {
            draws += 1;
        }
    }
    let rate = f64::from(wins) / f64::from(games.max(1));
    let (low, high) = wilson(wins, games);
    println!(
        "{} {player}, {} vs {} deployments: {wins} wins, {draws} draws, {losses} losses in {games} games; win rate {:.1} % [{:.1}, {:.1}], score {:.1} %, {:.0} plies a game ({:.0} s)",
        mode.name(),
        choosers[0].name(),
        choosers[1].name(),
        100.0 * rate,
        100.0 * low,
        100.0 * high,
        100.0 * (f64::from(wins) + 0.5 * f64::from(draws)) / f64::from(games.max(1)),
        plies as f64 / f64::from(games.max(1)),
        started.elapsed().as_secs_f64()
    );
}

/// The Wilson score interval (95 %) of `wins` in `games`.
fn wilson(wins: u32, games: u32) -> (f64, f64) {
    let n = f64::from(games.max(1));
    let p = f64::from(wins) / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}
