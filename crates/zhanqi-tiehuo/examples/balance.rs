//! The balance study of docs/studies/tiehuo-balance.md: self-play games between AI players,
//! each game's environment, seats, decks and result written as a CSV line, and a summary per
//! environment with 95 % Wilson intervals.
//!
//! `zhanqi sim` plays the same games, but it neither reports the rolled environment nor can
//! change the builder's scale (`cv_base`, `cv_scale` shape the card data and are not game
//! options, §17.11): this tool does both.
//!
//! ```sh
//! cargo run --release -p zhanqi-tiehuo --example balance -- \
//!   --games 10000 --players heuristic --fog off --decks germany,ussr \
//!   [--cv 6,2] [--seed 1] [--out games.csv] [--max-plies 100000]
//! ```
//!
//! `--players A,B` rotates the specs over the seats (game `i` gives seat `s` the spec
//! `(s + i) mod 2`), as `zhanqi sim` does. A spec may end in `/random-deploy`: that player
//! deploys at random (the game's random deployment) and plays as the spec otherwise, which
//! measures the AI's deployment chooser.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;

use zhanqi_ai::{Observation, Player, PlayerSpec, make_player};
use zhanqi_core::{Game, GameRng, Seat, ToAct};
use zhanqi_tiehuo::{Catalog, DeckChoice, Decks, Tiehuo, TiehuoOptions};

/// A player that deploys at random and plays as `inner` otherwise.
struct RandomDeploy {
    inner: Box<dyn Player<Tiehuo>>,
    rng: GameRng,
}

impl Player<Tiehuo> for RandomDeploy {
    fn name(&self) -> String {
        format!("{}/random-deploy", self.inner.name())
    }

    fn choose(&mut self, observation: &Observation<'_, Tiehuo>) -> Option<zhanqi_tiehuo::Action> {
        if observation.has_unlisted_actions() {
            return observation.random_unlisted_action(&mut self.rng);
        }
        self.inner.choose(observation)
    }
}

fn player(spec: &str, seed: u64) -> Box<dyn Player<Tiehuo>> {
    let (base, random_deploy) = match spec.strip_suffix("/random-deploy") {
        Some(base) => (base, true),
        None => (spec, false),
    };
    let parsed: PlayerSpec = base
        .parse()
        .unwrap_or_else(|error| panic!("bad player spec {spec}: {error}"));
    let inner = make_player::<Tiehuo>(&parsed, seed);
    if random_deploy {
        Box::new(RandomDeploy {
            inner,
            rng: GameRng::from_seed(seed ^ 0x5EED),
        })
    } else {
        inner
    }
}

/// Wins of seat 1, of seat 2 and draws.
#[derive(Default, Clone, Copy)]
struct Tally {
    seat1: u64,
    seat2: u64,
    draws: u64,
}

impl Tally {
    fn games(self) -> u64 {
        self.seat1 + self.seat2 + self.draws
    }
}

/// The 95 % Wilson interval of `k` successes in `n`, in percent.
fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    (100.0 * p, 100.0 * (centre - half), 100.0 * (centre + half))
}

fn rate(k: u64, n: u64) -> String {
    let (p, low, high) = wilson(k, n);
    format!("{p:.1} % [{low:.1}, {high:.1}]")
}

struct Args {
    games: u64,
    players: Vec<String>,
    fog: bool,
    decks: [String; 2],
    cv: Option<(i32, i32)>,
    seed: u64,
    out: Option<String>,
    max_plies: u64,
}

fn args() -> Args {
    let mut args = Args {
        games: 1000,
        players: vec!["heuristic".to_owned()],
        fog: false,
        decks: ["germany".to_owned(), "ussr".to_owned()],
        cv: None,
        seed: 1,
        out: None,
        max_plies: 100_000,
    };
    let list: Vec<String> = std::env::args().skip(1).collect();
    for pair in list.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--games" => args.games = value.parse().expect("--games N"),
            "--players" => args.players = value.split(',').map(str::to_owned).collect(),
            "--fog" => args.fog = value == "on",
            "--decks" => {
                let (one, two) = value.split_once(',').expect("--decks SEAT1,SEAT2");
                args.decks = [one.to_owned(), two.to_owned()];
            }
            "--cv" => {
                let (base, scale) = value.split_once(',').expect("--cv BASE,SCALE");
                args.cv = Some((
                    base.parse().expect("cv_base"),
                    scale.parse().expect("cv_scale"),
                ));
            }
            "--seed" => args.seed = value.parse().expect("--seed S"),
            "--out" => args.out = Some(value),
            "--max-plies" => args.max_plies = value.parse().expect("--max-plies N"),
            other => panic!("unknown argument {other}"),
        }
    }
    args
}

fn main() {
    let args = args();
    if let Some((base, scale)) = args.cv {
        Catalog::use_scale_for_study(base, scale).expect("the catalog at this scale");
    }
    let options = TiehuoOptions {
        fog_of_war: args.fog,
        decks: Decks {
            seat1: DeckChoice::Named(args.decks[0].clone()),
            seat2: DeckChoice::Named(args.decks[1].clone()),
        },
        ..TiehuoOptions::default()
    };
    let mut out = args
        .out
        .as_ref()
        .map(|path| std::fs::File::create(path).expect("the output file"));
    if let Some(file) = &mut out {
        writeln!(
            file,
            "index,seed,environment,seat1,seat2,winner,reason,plies"
        )
        .expect("write");
    }
    // Per environment: the tally, and each player index's wins.
    let mut by_environment: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut player_wins = vec![0u64; args.players.len()];
    let start = std::time::Instant::now();
    for index in 0..args.games {
        let mut seeds = GameRng::stream(args.seed, index);
        let game_seed = seeds.next_seed();
        let specs: Vec<usize> = (0..2)
            .map(|seat| (seat + index as usize) % args.players.len())
            .collect();
        let mut players: Vec<Box<dyn Player<Tiehuo>>> = specs
            .iter()
            .map(|&spec| player(&args.players[spec], seeds.next_seed()))
            .collect();
        let mut game = Tiehuo::new(&options, game_seed).expect("the options");
        let mut plies = 0u64;
        while let Some(seat) = acting(&mut game) {
            if plies >= args.max_plies {
                break;
            }
            let action = players[seat.index()]
                .choose(&Observation::new(&game, seat))
                .expect("a player to act has an action");
            game.apply_unchecked(seat, &action);
            plies += 1;
        }
        let environment = game.environment().map_or("none", |e| e.name());
        // A game stopped at the ply limit is a draw, as in `zhanqi sim`.
        let (winners, reason) = game.outcome().map_or((None, "ply_limit"), |outcome| {
            (outcome.winners.lowest(), outcome.reason)
        });
        let tally = by_environment.entry(environment).or_default();
        let winner = match winners.map(Seat::index) {
            Some(0) => {
                tally.seat1 += 1;
                player_wins[specs[0]] += 1;
                "1"
            }
            Some(_) => {
                tally.seat2 += 1;
                player_wins[specs[1]] += 1;
                "2"
            }
            None => {
                tally.draws += 1;
                "draw"
            }
        };
        if let Some(file) = &mut out {
            writeln!(
                file,
                "{index},{game_seed},{environment},{},{},{winner},{},{plies}",
                args.players[specs[0]], args.players[specs[1]], reason
            )
            .expect("write");
        }
    }
    print!("{}", summary(&args, &by_environment, &player_wins));
    eprintln!(
        "{} games in {:.1} s",
        args.games,
        start.elapsed().as_secs_f64()
    );
}

/// Rolls chance until a seat must act; that seat, or `None` once the game is over.
fn acting(game: &mut Tiehuo) -> Option<Seat> {
    loop {
        match game.to_act() {
            ToAct::Over => return None,
            ToAct::Chance => {
                game.roll().expect("a chance node rolls");
            }
            ToAct::Seats(seats) => return seats.lowest(),
        }
    }
}

fn summary(args: &Args, by_environment: &BTreeMap<&str, Tally>, player_wins: &[u64]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "players {} | fog {} | decks 1={} 2={} | cv {:?} | seed {}",
        args.players.join(","),
        if args.fog { "on" } else { "off" },
        args.decks[0],
        args.decks[1],
        args.cv.unwrap_or((6, 2)),
        args.seed
    );
    let _ = writeln!(
        text,
        "| environment | games | seat 1 wins | seat 2 wins | draws |"
    );
    let _ = writeln!(text, "|---|---|---|---|---|");
    let row = |text: &mut String, name: &str, tally: Tally| {
        let n = tally.games();
        let _ = writeln!(
            text,
            "| {name} | {n} | {} | {} | {} |",
            rate(tally.seat1, n),
            rate(tally.seat2, n),
            rate(tally.draws, n)
        );
    };
    let mut total = Tally::default();
    for (environment, tally) in by_environment {
        total.seat1 += tally.seat1;
        total.seat2 += tally.seat2;
        total.draws += tally.draws;
        row(&mut text, environment, *tally);
    }
    row(&mut text, "all", total);
    let n = total.games();
    if args.players.len() > 1 {
        for (spec, wins) in args.players.iter().zip(player_wins) {
            let _ = writeln!(text, "{spec} wins {}", rate(*wins, n));
        }
    }
    text
}
