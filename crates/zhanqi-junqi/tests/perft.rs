//! Perft: the number of action sequences of each length from the positions of
//! `tests/data/junqi.perft` (the core testkit's `data::perft`), and a slow move generator
//! written straight from §4 (and §7 for dark chess) that checks the engine's action lists, on
//! those positions and over random play.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use zhanqi_core::testkit::data::{self, perft_by, perft_cases};
use zhanqi_core::{Game, GameNotation, GameRng, Seat, ToAct};
use zhanqi_junqi::board::{Board, Post};
use zhanqi_junqi::{Action, ColourRule, Junqi, JunqiOptions, Kind, Mode, Position, Status, Turn};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/junqi.perft");

// ----- perft -----

#[test]
fn perft_counts_match_the_data() {
    data::check_perft_file::<Junqi>(DATA);
}

/// The counts of depth 1 and 2 in the data agree with perft over the slow generator, whose
/// action lists agree with the engine's at the root and at every child.
#[test]
fn slow_generator_agrees_with_the_perft_data() {
    let mut failures = Vec::new();
    for case in perft_cases::<Junqi>(DATA) {
        for &(depth, expected) in case.counts.iter().filter(|(depth, _)| *depth <= 2) {
            match perft_by(&case.game, depth, &mut compare_with_slow) {
                Ok(nodes) if nodes == expected => {}
                Ok(nodes) => failures.push(format!(
                    "{}: the slow perft {depth} is {nodes}, the data says {expected}",
                    case.name
                )),
                Err(difference) => failures.push(format!("{}: {difference}", case.name)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Prints the data file with every count as the engine gives it now, for adding a case: write
/// its `case` and `position` lines (and `options`, if any) with `perft <depth> 0` lines, run
/// this, and take the file. Keep a depth only where it is quick.
#[test]
#[ignore = "prints tests/data/junqi.perft with the counts of today"]
fn regenerate_perft_counts() {
    print!("{}", data::regenerated_perft_file::<Junqi>(DATA));
}

// ----- random play -----

/// A seeded random playout (as in `tests/digests.rs`) that calls `visit` before every ply and
/// at the end.
fn random_play(options: &JunqiOptions, seed: u64, max_plies: u32, mut visit: impl FnMut(&Junqi)) {
    let mut game = Junqi::new(options, seed).expect("valid options");
    let mut rng = GameRng::stream(seed, 2);
    let mut actions = Vec::new();
    let mut plies = 0;
    while plies < max_plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().expect("a seat acts");
        if let Some(deployment) = game.random_unlisted_action(seat, &mut rng) {
            game.apply_unchecked(seat, &deployment);
            continue;
        }
        visit(&game);
        actions.clear();
        game.legal_actions(seat, &mut actions);
        let action = &actions[rng.below(actions.len())];
        game.apply_unchecked(seat, action);
        plies += 1;
    }
    visit(&game);
}

#[test]
fn slow_generator_agrees_over_random_play() {
    let four_player = JunqiOptions::of_mode(Mode::FourPlayer);
    let dark = JunqiOptions::of_mode(Mode::Dark);
    let configurations = [
        ("2p", JunqiOptions::of_mode(Mode::TwoPlayer)),
        ("4p", four_player),
        (
            "4p, two players",
            JunqiOptions {
                two_players_on_4p: true,
                ..four_player
            },
        ),
        ("dark", dark),
        (
            "dark, flag_engineer_only",
            JunqiOptions {
                flag_engineer_only: true,
                ..dark
            },
        ),
        (
            "dark, two_same",
            JunqiOptions {
                colour_rule: ColourRule::TwoSame,
                ..dark
            },
        ),
    ];
    let mut failures = Vec::new();
    let mut positions = 0;
    for (name, options) in configurations {
        for seed in 0..3 {
            random_play(&options, 7000 + seed, 300, |game| {
                positions += 1;
                for seat in game.seats().iter() {
                    if let Err(difference) = compare_with_slow(game, seat) {
                        failures.push(format!("{name}, seed {}: {difference}", 7000 + seed));
                    }
                }
            });
        }
    }
    assert!(positions > 1000, "only {positions} positions were checked");
    let count = failures.len();
    failures.truncate(10);
    assert!(
        failures.is_empty(),
        "{count} difference(s), the first ones:\n{}",
        failures.join("\n")
    );
}

// ----- the slow generator -----

/// The actions of `seat` by the slow generator, once the engine's list is found equal to
/// them (as sets, with no duplicate in the engine's list); otherwise the difference.
fn compare_with_slow(game: &Junqi, seat: Seat) -> Result<Vec<Action>, String> {
    let mut engine = Vec::new();
    game.legal_actions(seat, &mut engine);
    let slow = Slow::new(game).actions(seat);
    let text = |action: &Action| game.action_text(action);
    let mut engine_texts: Vec<String> = engine.iter().map(text).collect();
    engine_texts.sort();
    let slow_texts: BTreeSet<String> = slow.iter().map(text).collect();
    let engine_set: BTreeSet<String> = engine_texts.iter().cloned().collect();
    if engine_set.len() != engine_texts.len() || engine_set != slow_texts {
        let mut report = format!(
            "{}\n  seat {}: the engine lists {} actions, the slow generator {}",
            GameNotation::position(game, zhanqi_core::Viewer::Omniscient),
            game.seat_name(seat),
            engine_texts.len(),
            slow_texts.len()
        );
        let missing: Vec<&String> = slow_texts.difference(&engine_set).collect();
        let extra: Vec<&String> = engine_set.difference(&slow_texts).collect();
        let _ = write!(report, "\n  missing from the engine: {missing:?}");
        let _ = write!(report, "\n  not legal by §4: {extra:?}");
        if engine_set.len() != engine_texts.len() {
            report.push_str("\n  and the engine lists some actions twice");
        }
        return Err(report);
    }
    Ok(slow)
}

/// Move generation as §4 and §7 state it, directly from the board graph: no tables, no
/// shortcuts, each rule in one place.
struct Slow<'a> {
    position: &'a Position,
    options: &'a JunqiOptions,
    board: &'static Board,
    /// Railway neighbours, taken from the railway lines: consecutive posts of a line are
    /// joined by one railway segment, and every segment lies on some line.
    railway: BTreeMap<Post, BTreeSet<Post>>,
}

impl<'a> Slow<'a> {
    fn new(game: &'a Junqi) -> Slow<'a> {
        let board = game.board();
        let mut railway: BTreeMap<Post, BTreeSet<Post>> = BTreeMap::new();
        for line in board.lines() {
            for pair in line.windows(2) {
                railway.entry(pair[0]).or_default().insert(pair[1]);
                railway.entry(pair[1]).or_default().insert(pair[0]);
            }
        }
        Slow {
            position: game.position(),
            options: game.junqi_options(),
            board,
            railway,
        }
    }

    fn dark(&self) -> bool {
        self.options.mode == Mode::Dark
    }

    /// The owner code of a seat's pieces: the seat index; in dark chess the seat's colour,
    /// none before colours are decided (DK-3).
    fn owner_of(&self, seat: Seat) -> Option<u8> {
        if !self.dark() {
            return Some(seat.index() as u8);
        }
        let south = self.position.south_colour?;
        Some(if seat.index() == 0 { south } else { 1 - south })
    }

    /// TO-2, CL-3: in 4p with four players, opposite seats are allies; otherwise every other
    /// player (or colour) is an enemy.
    fn enemies(&self, a: u8, b: u8) -> bool {
        if self.options.mode == Mode::FourPlayer && !self.options.two_players_on_4p {
            a % 2 != b % 2
        } else {
            a != b
        }
    }

    /// Every legal action of `seat`: nothing unless it is the seat to move and active.
    fn actions(&self, seat: Seat) -> Vec<Action> {
        if self.position.turn != Turn::Seat(seat)
            || self.position.seats[seat].map(|state| state.status) != Some(Status::Active)
        {
            return Vec::new();
        }
        let mut actions = Vec::new();
        for post in self.board.posts() {
            // DK-2 (a): any face-down piece may be flipped.
            if self.dark() && self.position.cell(post).is_face_down() {
                actions.push(Action::Flip(post));
            }
        }
        let Some(owner) = self.owner_of(seat) else {
            return actions; // DK-3: only flips until colours are decided.
        };
        for from in self.board.posts() {
            let cell = self.position.cell(from);
            if cell.owner() != Some(owner) || cell.is_face_down() {
                continue;
            }
            let kind = cell.kind().expect("the full position knows every piece");
            // MV-1, MV-2 (off in dark chess, DK-4).
            if matches!(kind, Kind::Flag | Kind::Mine)
                || (!self.dark() && self.board.is_headquarters(from))
            {
                continue;
            }
            for to in self.destinations(from, kind, owner) {
                actions.push(Action::Move { from, to });
            }
        }
        actions
    }

    /// Where the piece on `from` may go.
    fn destinations(&self, from: Post, kind: Kind, owner: u8) -> BTreeSet<Post> {
        let mut found = BTreeSet::new();
        let no_neighbours = BTreeSet::new();
        let railway = |post: Post| self.railway.get(&post).unwrap_or(&no_neighbours);
        // MV-4: a step along any edge.
        for &to in self.board.road_neighbours(from).iter().chain(railway(from)) {
            if self.may_stop(owner, kind, to) {
                found.insert(to);
            }
        }
        if !self.board.on_railway(from) {
            return found;
        }
        if kind == Kind::Engineer {
            // MV-6: the empty railway posts joined to `from` through empty railway posts are
            // where the engineer may pass; it may stop on any railway neighbour of those.
            let mut passable = BTreeSet::new();
            let mut frontier = vec![from];
            while let Some(here) = frontier.pop() {
                for &next in railway(here) {
                    if self.position.cell(next).is_empty() && passable.insert(next) {
                        frontier.push(next);
                    }
                }
            }
            for post in std::iter::once(from).chain(passable) {
                for &to in railway(post) {
                    if to != from && self.may_stop(owner, kind, to) {
                        found.insert(to);
                    }
                }
            }
        } else {
            // MV-5: along each line through `from`, both ways, up to the first piece.
            for line in self.board.lines() {
                let Some(at) = line.iter().position(|&post| post == from) else {
                    continue;
                };
                let ahead = line[at + 1..].to_vec();
                let behind: Vec<Post> = line[..at].iter().rev().copied().collect();
                for ray in [ahead, behind] {
                    for to in ray {
                        if self.may_stop(owner, kind, to) {
                            found.insert(to);
                        }
                        if !self.position.cell(to).is_empty() {
                            break; // MV-7: every piece blocks.
                        }
                    }
                }
            }
        }
        found
    }

    /// MV-3 (and DK-4, DK-5): a piece may end its move on an empty post, or attack an enemy
    /// piece that is not on a camp.
    fn may_stop(&self, owner: u8, attacker: Kind, to: Post) -> bool {
        let cell = self.position.cell(to);
        if cell.is_empty() {
            return true;
        }
        let defender_owner = cell.owner().expect("the full position knows every owner");
        if !self.enemies(owner, defender_owner) || self.board.is_camp(to) {
            return false;
        }
        if !self.dark() {
            return true;
        }
        let defender = cell.kind().expect("the full position knows every piece");
        // DK-4, DK-5 (a), (b), (c).
        if cell.is_face_down() || attacker_loses(attacker, defender) {
            return false;
        }
        if defender == Kind::Flag {
            let engineer_only = self.options.flag_engineer_only && attacker != Kind::Engineer;
            return !engineer_only && !self.has_mine(defender_owner);
        }
        true
    }

    /// Whether any mine of `colour` is on the board, face up or face down.
    fn has_mine(&self, colour: u8) -> bool {
        self.board.posts().any(|post| {
            let cell = self.position.cell(post);
            cell.owner() == Some(colour) && cell.kind() == Some(Kind::Mine)
        })
    }
}

/// The combat rules of §2.2 that make an attack a certain loss (result `D`).
fn attacker_loses(attacker: Kind, defender: Kind) -> bool {
    match (attacker, defender) {
        (_, Kind::Flag) | (Kind::Bomb, _) | (_, Kind::Bomb) | (Kind::Engineer, Kind::Mine) => false,
        (_, Kind::Mine) => true,
        _ => officer_rank(attacker) < officer_rank(defender),
    }
}

/// §2.1: the commander is 9, the engineer 1.
fn officer_rank(kind: Kind) -> usize {
    let order = ['E', 'P', 'C', 'Y', 'T', 'L', 'D', 'J', 'S'];
    1 + order
        .iter()
        .position(|&letter| letter == kind.letter())
        .expect("only officers have ranks")
}

#[test]
fn certain_losses_follow_the_combat_matrix() {
    // Rows of the §2.2 matrix with a `D`.
    assert!(attacker_loses(Kind::Corps, Kind::Commander));
    assert!(attacker_loses(Kind::Engineer, Kind::Platoon));
    assert!(attacker_loses(Kind::Commander, Kind::Mine));
    assert!(!attacker_loses(Kind::Engineer, Kind::Mine));
    assert!(!attacker_loses(Kind::Bomb, Kind::Mine));
    assert!(!attacker_loses(Kind::Platoon, Kind::Platoon));
    assert!(!attacker_loses(Kind::Engineer, Kind::Flag));
    assert!(!attacker_loses(Kind::Platoon, Kind::Bomb));
}

/// The slow generator takes its railway from the lines; the board's railway neighbours must be
/// exactly those segments (§1.3, §1.4: every railway segment, arcs included, lies on a line).
#[test]
fn railway_segments_are_the_consecutive_posts_of_the_lines() {
    for text in [
        "2p 3nF1/5/5/5/5/5/2sE2/5/5/5/5/1sF3 s s+0n+0 - 0 0",
        "4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/15/5/5/sE4/5/5/1sF3 s s+0e+0n+0w+0 - 0 60",
    ] {
        let game = <Junqi as GameNotation>::load(text, None, 0).expect("a valid position");
        let slow = Slow::new(&game);
        let board = game.board();
        for post in board.posts() {
            let from_lines: Vec<Post> = slow
                .railway
                .get(&post)
                .map(|neighbours| neighbours.iter().copied().collect())
                .unwrap_or_default();
            assert_eq!(
                board.rail_neighbours(post),
                from_lines,
                "railway neighbours of {}",
                board.name(post)
            );
        }
    }
}
