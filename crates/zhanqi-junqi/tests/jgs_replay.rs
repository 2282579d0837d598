//! Every QQ record of `shared/data/qq-jgs/` replays through the engine: every deployment
//! legal, every move legal, every combat result and flag reveal as recorded, every result
//! the engine's.

use std::path::PathBuf;

use zhanqi_core::{Game, GameRng, ToAct};
use zhanqi_junqi::jgs::{self, Ending};
use zhanqi_junqi::{Action, Compat, DefeatReason, Event, Junqi};

/// The corpus beside the repository (`../shared`), or `None` with a loud message. With
/// `ZHANQI_REQUIRE_CORPUS=1` (CI) a missing corpus fails the test instead.
pub(crate) fn corpus() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/qq-jgs"
    ));
    if !dir.is_dir() {
        zhanqi_core::testkit::skip(
            "the QQ record replays",
            &format!("the QQ corpus {} is absent", dir.display()),
            "ZHANQI_REQUIRE_CORPUS",
        );
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("a readable corpus")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jgs"))
        .collect();
    files.sort();
    Some(files)
}

#[test]
fn every_qq_record_replays_legally() {
    let Some(files) = corpus() else { return };
    assert_eq!(files.len(), 300);
    let (mut decided, mut drawn, mut abandoned, mut moves) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let record =
            jgs::parse(&bytes).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        match jgs::replay(&record) {
            Ok(replay) => {
                moves += replay.moves;
                match replay.ending {
                    Ending::Decided => decided += 1,
                    Ending::Draw => drawn += 1,
                    Ending::Abandoned => abandoned += 1,
                }
            }
            Err(error) => failures.push(format!(
                "{}: {error}",
                path.file_name().unwrap().to_string_lossy()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert_eq!(moves, 71_551, "every move of the corpus is replayed");
    assert_eq!(decided + drawn + abandoned, 300);
    assert_eq!((decided, drawn), (272, 28));
}

/// Plays `game` with uniformly random moves (the same ones for a seed), up to `plies`; the
/// number of seats the engine defeated for having no legal move, or `Err` naming the first
/// seat that was to act with no legal action.
fn random_play(mut game: Junqi, seed: u64, plies: usize) -> Result<usize, String> {
    let mut rng = GameRng::from_seed(seed);
    let (mut legal, mut defeated) = (Vec::<Action>::new(), 0);
    for ply in 0..plies {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let seat = seats.lowest().expect("someone acts");
        legal.clear();
        game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(format!(
                "ply {ply}: seat {} is to act with no legal action",
                seat.index()
            ));
        }
        let action = legal[rng.below(legal.len())];
        let events = game.apply(seat, &action).expect("a listed action applies");
        defeated += events
            .iter()
            .filter(|event| {
                matches!(
                    event,
                    Event::Defeated {
                        reason: DefeatReason::NoMoves,
                        ..
                    }
                )
            })
            .count();
    }
    Ok(defeated)
}

/// Issue 17: a duel from the deployments of held-out records (`beliefs -- duel --real`)
/// panicked "had nothing to play". It started from the replay's position, under the QQ
/// client's rules (`Compat::Qq`), where a seat with no legal move is not defeated and keeps
/// the turn. Games played on from a record now start with `jgs::starting_game`, under the
/// rules of junqi.md, which defeat such a seat (TN-1, TN-4).
#[test]
fn games_from_real_deployments_never_leave_a_seat_to_act_without_a_move() {
    let Some(files) = corpus() else { return };
    let (mut games, mut defeated, mut stuck_under_qq_rules) = (0, 0, 0);
    for (index, path) in files.iter().enumerate() {
        let record = jgs::parse(&std::fs::read(path).expect("a readable record"))
            .expect("a well-formed record");
        let Ok(game) = jgs::starting_game(&record, index as u64) else {
            continue;
        };
        assert_eq!(game.junqi_options().compat, Compat::Spec);
        let seed = index as u64;
        match random_play(game, seed, 4000) {
            Ok(count) => defeated += count,
            Err(problem) => panic!("{}: {problem}", path.display()),
        }
        // The replay's start, as the duel took it before: the same random play gets stuck.
        let mut replayed = None;
        let _ = jgs::replay_observed(&record, |game| {
            replayed.get_or_insert_with(|| game.clone());
        });
        if let Some(replayed) = replayed {
            stuck_under_qq_rules += usize::from(random_play(replayed, seed, 4000).is_err());
        }
        games += 1;
        if games == 60 {
            break;
        }
    }
    assert!(
        defeated > 0,
        "the random games should reach seats left with no move ({games} games)"
    );
    assert!(
        stuck_under_qq_rules > 0,
        "under the QQ client's rules some random game should leave a seat stuck ({games} games)"
    );
}
