//! What observers know of hidden identities, and determinization from that knowledge alone
//! (issue 3): battle results, moves, railway turns and revealed flags narrow what a piece may
//! be; samples respect every deduction and never depend on the hidden truth.

use zhanqi_core::{Game, GameNotation, GameRng, Seat, ToAct, Viewer};
use zhanqi_junqi::board::Post;
use zhanqi_junqi::{Action, Deployment, Junqi, JunqiOptions, Kind, KindCounts, KindSet, Mode};

const SOUTH: Seat = Seat::new(0);
const NORTH: Seat = Seat::new(1);

fn load(position: &str) -> Junqi {
    <Junqi as GameNotation>::load(position, None, 0)
        .unwrap_or_else(|error| panic!("{position}\n  refused: {error}"))
}

fn post(game: &Junqi, name: &str) -> Post {
    game.board()
        .post(name)
        .unwrap_or_else(|| panic!("no post {name}"))
}

/// Plays the moves, each by the seat to move.
fn play(game: &mut Junqi, moves: &[&str]) {
    for text in moves {
        let ToAct::Seats(seats) = game.to_act() else {
            panic!("nobody is to move before {text}");
        };
        let seat = seats.lowest().expect("a seat to move");
        let action = game
            .parse_action(seat, text)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
        game.apply(seat, &action)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
    }
}

fn kinds(list: &[Kind]) -> KindSet {
    list.iter().copied().collect()
}

/// The kind a sample dealt on `post`.
fn dealt(sample: &Junqi, post: Post) -> Kind {
    sample
        .position()
        .cell(post)
        .kind()
        .expect("a sample is a full position")
}

/// `count` samples of the game for `observer`, from one seed.
fn samples(game: &Junqi, observer: Seat, count: usize) -> Vec<Junqi> {
    let mut rng = GameRng::from_seed(77);
    (0..count)
        .map(|_| game.determinize(observer, &mut rng))
        .collect()
}

/// A sparse 2p middlegame: north has a mine on a11 beside south's commander on a10, a bomb,
/// a division commander and a regiment commander on line 5 and its flag on b12; south keeps
/// an engineer on e1 and its flag on b1.
const SPARSE: &str = "2p 1nF3/nMnBnDnT1/sS4/5/5/5/5/5/5/5/5/1sF2sE s s+0n+0 - 0 10";

#[test]
fn a_hidden_piece_that_beat_our_commander_is_a_mine() {
    let mut game = load(SPARSE);
    let a11 = post(&game, "a11");
    let before = game.possible_kinds(Viewer::Seat(SOUTH), a11);
    assert!(before.len() > 2, "nothing is known of a11 yet: {before}");
    play(&mut game, &["a10xa11"]);
    let known = game.possible_kinds(Viewer::Seat(SOUTH), a11);
    assert!(
        kinds(&[Kind::Bomb, Kind::Mine]).and(known) == known,
        "a piece that beat our commander must be a bomb or a mine, not {known}"
    );
    // A bomb would have gone too: it is a mine.
    assert_eq!(known, KindSet::only(Kind::Mine));
    // South's revealed flag told everyone the attacker was the commander.
    assert_eq!(
        game.possible_kinds(Viewer::Spectator, a11),
        KindSet::only(Kind::Mine)
    );
    // North knew its own piece.
    assert_eq!(
        game.possible_kinds(Viewer::Seat(NORTH), a11),
        KindSet::only(Kind::Mine)
    );
    for sample in samples(&game, SOUTH, 200) {
        assert_eq!(dealt(&sample, a11), Kind::Mine);
    }
    let view = game.view(Viewer::Seat(SOUTH));
    assert!(
        view.possible.contains(&(a11, KindSet::only(Kind::Mine))),
        "the view carries the deduction: {:?}",
        view.possible
    );
}

#[test]
fn a_piece_that_traded_with_our_commander_without_a_flag_reveal_was_a_bomb() {
    // a11 holds a bomb this time: both pieces go, and north's flag stays hidden, so the bomb
    // was no commander.
    let mut game = load("2p 1nF3/nBnMnDnT1/sS4/5/5/5/5/5/5/5/5/1sF2sE s s+0n+0 - 0 10");
    play(&mut game, &["a10xa11"]);
    let north = NORTH.index() as u8;
    for viewer in [Viewer::Seat(SOUTH), Viewer::Spectator] {
        assert_eq!(
            game.known_dead(viewer, north).get(Kind::Bomb),
            1,
            "{viewer:?} saw a bomb die"
        );
    }
    // North has one bomb left at most: no sample deals two.
    for sample in samples(&game, SOUTH, 300) {
        let bombs = sample
            .board()
            .posts()
            .filter(|&at| {
                sample.position().cell(at) == zhanqi_junqi::Cell::piece(north, Kind::Bomb)
            })
            .count();
        assert!(bombs <= 1, "a sample dealt {bombs} bombs to north");
    }
}

#[test]
fn a_moved_piece_is_never_dealt_a_mine_or_flag() {
    let mut game = load("2p 1nF3/nMnBnDnT1/5/5/5/5/5/5/5/5/5/1sF2sE n s+0n+0 - 0 10");
    let (c11, c10) = (post(&game, "c11"), post(&game, "c10"));
    assert!(
        game.possible_kinds(Viewer::Seat(SOUTH), c11)
            .contains(Kind::Mine)
    );
    play(&mut game, &["c11-c10"]);
    let known = game.possible_kinds(Viewer::Seat(SOUTH), c10);
    assert_eq!(known, KindSet::MOVABLE);
    for sample in samples(&game, SOUTH, 500) {
        let kind = dealt(&sample, c10);
        assert!(kind.is_movable(), "the piece that moved was dealt {kind}");
    }
}

#[test]
fn a_railway_turn_makes_an_engineer_and_a_straight_run_does_not() {
    // North's pieces in south's area: a3 runs up file a and turns along line 1 to c6; e3 runs
    // straight up file e.
    let mut game = load("2p 1nF3/nMnBnDnT1/5/5/5/5/5/5/5/nE3nT/5/1sF2sE n s+0n+0 - 0 10");
    let (c6, e5) = (post(&game, "c6"), post(&game, "e5"));
    play(&mut game, &["a3-c6", "e1-e2", "e3-e5"]);
    for viewer in [Viewer::Seat(SOUTH), Viewer::Spectator] {
        assert_eq!(
            game.possible_kinds(viewer, c6),
            KindSet::only(Kind::Engineer)
        );
        assert_eq!(game.possible_kinds(viewer, e5), KindSet::MOVABLE);
    }
    for sample in samples(&game, SOUTH, 200) {
        assert_eq!(dealt(&sample, c6), Kind::Engineer);
    }
}

#[test]
fn a_revealed_flag_stays_where_it_is() {
    // North's commander on a11 attacks south's commander on a10: both go, both flags show.
    let mut game = load("2p 1nF3/nSnBnDnT1/sS4/5/5/5/5/5/5/5/5/1sF2sE n s+0n+0 - 0 10");
    let b12 = post(&game, "b12");
    play(&mut game, &["a11xa10"]);
    assert!(game.position().flags_public.contains(NORTH));
    assert_eq!(
        game.possible_kinds(Viewer::Seat(SOUTH), b12),
        KindSet::only(Kind::Flag)
    );
    let north = NORTH.index() as u8;
    assert_eq!(
        game.known_dead(Viewer::Seat(SOUTH), north)
            .get(Kind::Commander),
        1
    );
    for sample in samples(&game, SOUTH, 300) {
        for at in sample.board().posts() {
            let cell = sample.position().cell(at);
            if cell.owner() == Some(north) {
                assert_eq!(
                    cell.kind() == Some(Kind::Flag),
                    at == b12,
                    "north's flag must stay on b12"
                );
                assert_ne!(
                    cell.kind(),
                    Some(Kind::Commander),
                    "north's commander is dead"
                );
            }
        }
    }
}

/// Plays `plies` random plies (deployments included) of a game.
pub(crate) fn random_game(options: JunqiOptions, seed: u64, plies: usize) -> Junqi {
    let mut game = Junqi::new(&options, seed).expect("standard options");
    let mut rng = GameRng::stream(seed, 5);
    let mut actions = Vec::new();
    let mut played = 0;
    while played < plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().expect("a seat to act");
        if let Some(choice) = game.random_unlisted_action(seat, &mut rng) {
            game.apply_unchecked(seat, &choice);
            continue;
        }
        actions.clear();
        game.legal_actions(seat, &mut actions);
        let action = actions[rng.below(actions.len())];
        game.apply_unchecked(seat, &action);
        played += 1;
    }
    game
}

/// Every kind a sample deals lies within what the observer knew of that piece, and no owner
/// is dealt more of a kind than it has left once its known dead are taken away.
fn assert_sample_respects_knowledge(game: &Junqi, observer: Seat, sample: &Junqi) {
    let viewer = Viewer::Seat(observer);
    let mut dealt_counts = [KindCounts::NONE; 4];
    for at in game.board().posts() {
        let cell = sample.position().cell(at);
        let Some(kind) = cell.kind() else { continue };
        let allowed = game.possible_kinds(viewer, at);
        assert!(
            allowed.contains(kind),
            "a sample for {observer:?} dealt {kind} on {}, where only {allowed} was possible",
            game.board().name(at)
        );
        dealt_counts[usize::from(cell.owner_bits())].add(kind);
    }
    for (owner, counts) in dealt_counts.iter().enumerate() {
        let left = KindCounts::full_set().minus(&game.known_dead(viewer, owner as u8));
        for kind in Kind::ALL {
            assert!(
                counts.get(kind) <= left.get(kind),
                "owner {owner} was dealt {} of {kind}, but has at most {} left",
                counts.get(kind),
                left.get(kind)
            );
        }
    }
}

#[test]
fn a_thousand_samples_never_violate_what_the_observer_knows() {
    for (mode, seed, plies) in [(Mode::TwoPlayer, 11, 150), (Mode::FourPlayer, 12, 300)] {
        let game = random_game(JunqiOptions::of_mode(mode), seed, plies);
        assert!(game.to_act() != ToAct::Over, "pick a game still going");
        let observer = match game.to_act() {
            ToAct::Seats(seats) => seats.lowest().expect("a seat"),
            _ => SOUTH,
        };
        let narrowed = game
            .view(Viewer::Seat(observer))
            .possible
            .iter()
            .filter(|(_, set)| set.len() < KindSet::MOVABLE.len())
            .count();
        assert!(narrowed > 0, "pick a position where something is known");
        for sample in samples(&game, observer, 1000) {
            assert_sample_respects_knowledge(&game, observer, &sample);
        }
    }
}

#[test]
fn knowledge_always_holds_the_truth_along_random_games() {
    // Every observer's possible kinds include the true kind, and its known dead are among the
    // truly missing pieces, at every ply: knowledge is never wrong, only incomplete.
    let options = [
        JunqiOptions::of_mode(Mode::TwoPlayer),
        JunqiOptions::of_mode(Mode::FourPlayer),
        JunqiOptions {
            ally_visible: true,
            ..JunqiOptions::of_mode(Mode::FourPlayer)
        },
    ];
    for (index, options) in options.into_iter().enumerate() {
        for seed in 0..6 {
            let mut game = Junqi::new(&options, seed).expect("standard options");
            let mut rng = GameRng::stream(seed, 9);
            let mut actions = Vec::new();
            loop {
                let viewers = game
                    .seats()
                    .iter()
                    .map(Viewer::Seat)
                    .chain([Viewer::Spectator]);
                for viewer in viewers {
                    for at in game.board().posts() {
                        let truth = game.position().cell(at).kind();
                        if let Some(kind) = truth {
                            assert!(
                                game.possible_kinds(viewer, at).contains(kind),
                                "options {index}, seed {seed}: {viewer:?} ruled out the true {kind} on {}",
                                game.board().name(at)
                            );
                        }
                    }
                    for owner in game.seats().iter().map(|seat| seat.index() as u8) {
                        let mut alive = KindCounts::NONE;
                        for at in game.board().posts() {
                            let cell = game.position().cell(at);
                            if cell.owner() == Some(owner) {
                                alive.add(cell.kind().expect("full position"));
                            }
                        }
                        let missing = KindCounts::full_set().minus(&alive);
                        let dead = game.known_dead(viewer, owner);
                        assert!(
                            Kind::ALL
                                .iter()
                                .all(|&kind| dead.get(kind) <= missing.get(kind)),
                            "{viewer:?} thinks {dead:?} of owner {owner} died, but {missing:?} are missing"
                        );
                    }
                }
                let ToAct::Seats(seats) = game.to_act() else {
                    break;
                };
                let seat = seats.lowest().expect("a seat to act");
                if let Some(choice) = game.random_unlisted_action(seat, &mut rng) {
                    game.apply_unchecked(seat, &choice);
                    continue;
                }
                actions.clear();
                game.legal_actions(seat, &mut actions);
                let action: Action = actions[rng.below(actions.len())];
                game.apply_unchecked(seat, &action);
            }
        }
    }
}

#[test]
fn samples_are_independent_of_the_truth() {
    // Two openings that differ only in north's hidden deployment look the same to south, so
    // they give south the same samples.
    let south = "sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 0";
    let one = load(&format!(
        "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/{south}"
    ));
    let other = load(&format!(
        "2p nMnFnMnPnC/nYnMnEnCnE/nT1nB1nP/nDnL1nBnY/nE1nJ1nT/nCnSnPnDnL/{south}"
    ));
    assert_eq!(
        one.view(Viewer::Seat(SOUTH)),
        other.view(Viewer::Seat(SOUTH))
    );
    assert_ne!(one.view(Viewer::Omniscient), other.view(Viewer::Omniscient));
    for seed in 0..20 {
        let (mut first, mut second) = (GameRng::from_seed(seed), GameRng::from_seed(seed));
        assert_eq!(
            one.determinize(SOUTH, &mut first),
            other.determinize(SOUTH, &mut second),
            "seed {seed}"
        );
    }
    // Along random games: a twin drawn for an observer carries the same knowledge for it, so
    // it gives the same samples as the game itself.
    for (mode, seed) in [(Mode::TwoPlayer, 3), (Mode::FourPlayer, 4), (Mode::Dark, 5)] {
        let game = random_game(JunqiOptions::of_mode(mode), seed, 120);
        for observer in game.seats().iter() {
            let twin = game.determinize(observer, &mut GameRng::from_seed(1));
            assert_eq!(
                twin.view(Viewer::Seat(observer)),
                game.view(Viewer::Seat(observer))
            );
            let (mut first, mut second) = (GameRng::from_seed(2), GameRng::from_seed(2));
            assert_eq!(
                game.determinize(observer, &mut first),
                twin.determinize(observer, &mut second),
                "{mode:?}, observer {observer:?}"
            );
        }
    }
}

#[test]
fn a_seat_not_in_play_knows_what_a_spectator_knows() {
    let options = JunqiOptions {
        two_players_on_4p: true,
        ..JunqiOptions::of_mode(Mode::FourPlayer)
    };
    let game = random_game(options, 6, 80);
    let east = game.view(Viewer::Seat(Seat::new(1)));
    let spectator = game.view(Viewer::Spectator);
    assert!(!spectator.possible.is_empty());
    assert_eq!(east.possible, spectator.possible);
    assert_eq!(east.known_dead, spectator.known_dead);
}

#[test]
fn during_deployment_other_seats_deployments_are_dealt_anew_and_legal() {
    let mut game = Junqi::new(&JunqiOptions::default(), 8).expect("standard options");
    let mut rng = GameRng::from_seed(8);
    let north_deployment = Deployment::random(&mut rng);
    game.apply(NORTH, &Action::Deploy(north_deployment))
        .expect("north deploys");
    let area = *game.board().area(NORTH.index() as u8);
    let mut differed = false;
    for sample in samples(&game, SOUTH, 50) {
        let cells: [Option<Kind>; 30] =
            std::array::from_fn(|at| sample.position().cell(area[at]).kind());
        let dealt = Deployment::from_cells(cells);
        dealt
            .validate()
            .unwrap_or_else(|error| panic!("a sample dealt north {error}"));
        differed |= dealt != north_deployment;
        assert!(
            sample.undeployed().contains(SOUTH),
            "south has still to deploy"
        );
    }
    assert!(differed, "north's true deployment must not be kept");
}

#[test]
fn dark_samples_deal_the_face_down_multiset() {
    let game = random_game(JunqiOptions::of_mode(Mode::Dark), 21, 60);
    let face_down: Vec<Post> = game
        .board()
        .posts()
        .filter(|&at| game.position().cell(at).is_face_down())
        .collect();
    assert!(
        !face_down.is_empty(),
        "pick a game with pieces still face down"
    );
    let truth: Vec<u8> = {
        let mut bits: Vec<u8> = face_down
            .iter()
            .map(|&at| game.position().cell(at).bits())
            .collect();
        bits.sort_unstable();
        bits
    };
    for sample in samples(&game, SOUTH, 100) {
        for at in game.board().posts() {
            let (real, dealt) = (game.position().cell(at), sample.position().cell(at));
            if !real.is_face_down() {
                assert_eq!(real, dealt, "face-up pieces and empty posts stay");
            }
        }
        // Every piece killed in dark chess was face up: the multiset is exactly known.
        let mut bits: Vec<u8> = face_down
            .iter()
            .map(|&at| sample.position().cell(at).bits())
            .collect();
        bits.sort_unstable();
        assert_eq!(bits, truth);
    }
}
