//! Perft: the number of action sequences of each length from a position, and the `.perft`
//! files that record them.

use std::fmt;

use super::{Case, DataError, DataFile, Entry, Setup, numbers, panic_on, sort_entries};
use crate::testkit::playout::{any_seat, chance_outcomes, listed};
use crate::{Game, GameNotation, Seat, ToAct};

/// Perft could not count: a seat must make a choice too large to list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PerftError {
    /// The seat with the unlisted choice.
    pub seat: Seat,
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the seat with index {} must make a choice too large to list, which perft \
             cannot count",
            self.seat.index()
        )
    }
}

impl std::error::Error for PerftError {}

/// The number of action sequences of length `depth` from `game`.
///
/// Every seat in `to_act` counts its listed actions (platform actions are never listed); at a
/// chance node each outcome counts once, whatever its weight. Each is applied with
/// `apply_unchecked` to a clone. A finished game has no sequences, so a sequence that ends the
/// game before `depth` actions is not counted.
///
/// # Errors
/// If a seat must make a choice too large to list (a hidden deployment) on the way.
pub fn perft<G: Game>(game: &G, depth: u32) -> Result<u64, PerftError> {
    perft_by(game, depth, &mut |game: &G, seat| {
        if game.has_unlisted_actions(seat) {
            return Err(PerftError { seat });
        }
        Ok(listed(game, seat))
    })
}

/// [`perft`] with the actions of each seat taken from `actions`, for checking another move
/// generator (a slow one written from the rules) at every node.
///
/// # Errors
/// The first error of `actions`.
pub fn perft_by<G: Game, E>(
    game: &G,
    depth: u32,
    actions: &mut impl FnMut(&G, Seat) -> Result<Vec<G::Action>, E>,
) -> Result<u64, E> {
    if depth == 0 {
        return Ok(1);
    }
    let children: Vec<(Seat, Vec<G::Action>)> = match game.to_act() {
        ToAct::Over => return Ok(0),
        ToAct::Chance => {
            let outcomes = chance_outcomes(game)
                .into_iter()
                .map(|(outcome, _)| outcome);
            vec![(any_seat(game), outcomes.collect())]
        }
        ToAct::Seats(seats) => seats
            .iter()
            .map(|seat| Ok((seat, actions(game, seat)?)))
            .collect::<Result<_, E>>()?,
    };
    let mut nodes = 0;
    for (seat, listed) in children {
        if depth == 1 {
            nodes += listed.len() as u64;
            continue;
        }
        for action in &listed {
            let mut next = game.clone();
            next.apply_unchecked(seat, action);
            nodes += perft_by(&next, depth - 1, actions)?;
        }
    }
    Ok(nodes)
}

/// A case of a `.perft` file: the game to count from and the counts the file gives.
#[derive(Clone, Debug)]
pub struct PerftCase<G> {
    /// The case's name.
    pub name: String,
    /// The line of its `case` line.
    pub line: usize,
    /// The game at the start of the case.
    pub game: G,
    /// `(depth, nodes)` of each `perft` line, in the order written.
    pub counts: Vec<(u32, u64)>,
}

/// A case as read: its game and its `perft` lines.
struct ReadCase<'a, G> {
    case: PerftCase<G>,
    entries: Vec<&'a Entry>,
}

/// Reads the cases of the `.perft` file at `path`, for checks of a game's own on its positions
/// (a slow generator, the engine protocol).
///
/// # Panics
/// With every fault of the file, each naming the file, the line and the field.
#[must_use]
pub fn perft_cases<G: GameNotation>(path: &str) -> Vec<PerftCase<G>> {
    let file = DataFile::read_or_panic(path, "perft");
    let (cases, errors) = read_cases::<G>(&file);
    panic_on(&errors, "fault(s) in a perft file");
    cases.into_iter().map(|read| read.case).collect()
}

/// Checks every count of the `.perft` file at `path` against [`perft`].
///
/// # Panics
/// With every fault of the file and every count that differs, each naming the file, the line
/// and the field.
pub fn check_perft_file<G: GameNotation>(path: &str) {
    let file = DataFile::read_or_panic(path, "perft");
    let (cases, mut errors) = read_cases::<G>(&file);
    for read in &cases {
        for (entry, &(depth, expected)) in read.entries.iter().zip(&read.case.counts) {
            match perft(&read.case.game, depth) {
                Ok(nodes) if nodes == expected => {}
                Ok(nodes) => errors.push(file.error(
                    entry.line,
                    "perft",
                    format!(
                        "case '{}' at depth {depth} has {nodes} sequences, the file says \
                         {expected}",
                        read.case.name
                    ),
                )),
                Err(error) => errors.push(file.error(
                    entry.line,
                    "perft",
                    format!("case '{}': {error}", read.case.name),
                )),
            }
        }
    }
    panic_on(&errors, "perft case(s) fail");
}

/// The `.perft` file at `path` again, with every count as [`perft`] gives it now; everything
/// else is kept. To add a case, write it with `perft <depth> 0` lines and print this.
///
/// # Panics
/// With every fault of the file, or if perft cannot count a case.
#[must_use]
pub fn regenerated_perft_file<G: GameNotation>(path: &str) -> String {
    let file = DataFile::read_or_panic(path, "perft");
    let (cases, errors) = read_cases::<G>(&file);
    panic_on(&errors, "fault(s) in a perft file");
    let mut replaced = Vec::new();
    for read in &cases {
        for (entry, &(depth, _)) in read.entries.iter().zip(&read.case.counts) {
            let nodes = perft(&read.case.game, depth)
                .unwrap_or_else(|error| panic!("case '{}': {error}", read.case.name));
            replaced.push((*entry, format!("perft {depth} {nodes}")));
        }
    }
    file.rewritten(&replaced)
}

/// Reads every case, with the faults of all of them.
fn read_cases<G: GameNotation>(file: &DataFile) -> (Vec<ReadCase<'_, G>>, Vec<DataError>) {
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for case in &file.cases {
        let (setup, entries) =
            sort_entries(file, case, &["position", "seed", "perft"], &mut errors);
        let (counts, starts): (Vec<&Entry>, Vec<&Entry>) =
            entries.into_iter().partition(|entry| entry.key == "perft");
        match (
            start::<G>(file, case, &setup, &starts),
            read_counts(file, case, &counts),
        ) {
            (Ok(game), Ok(read)) => cases.push(ReadCase {
                case: PerftCase {
                    name: case.name.clone(),
                    line: case.line,
                    game,
                    counts: read,
                },
                entries: counts,
            }),
            (game, read) => {
                errors.extend(game.err());
                errors.extend(read.err().into_iter().flatten());
            }
        }
    }
    (cases, errors)
}

/// The game a case starts from: its one `position` or `seed` line.
fn start<G: GameNotation>(
    file: &DataFile,
    case: &Case,
    setup: &Setup,
    starts: &[&Entry],
) -> Result<G, DataError> {
    let entry = match starts {
        [entry] => entry,
        [] => {
            return Err(file.error(
                case.line,
                &case.name,
                "the case has no start; give a 'position' or a 'seed' line",
            ));
        }
        [_, second, ..] => {
            return Err(file.error(
                second.line,
                &second.key,
                format!(
                    "case '{}' has a second start; give one 'position' or 'seed' line",
                    case.name
                ),
            ));
        }
    };
    if entry.key == "position" {
        return load::<G>(file, entry, setup.extra(), setup.mode.as_ref());
    }
    let [seed] = numbers(&entry.value, ["seed"])
        .map_err(|problem| file.error(entry.line, "seed", problem))?;
    let options = setup.game_options::<G>(file)?;
    G::new(&options, seed)
        .map_err(|error| file.error(entry.line, "seed", format!("new refused: {error}")))
}

/// The `(depth, nodes)` of a case's `perft` lines.
fn read_counts(
    file: &DataFile,
    case: &Case,
    entries: &[&Entry],
) -> Result<Vec<(u32, u64)>, Vec<DataError>> {
    if entries.is_empty() {
        return Err(vec![file.error(
            case.line,
            &case.name,
            "the case has no 'perft <depth> <nodes>' line",
        )]);
    }
    let mut counts = Vec::new();
    let mut errors = Vec::new();
    for entry in entries {
        let count = numbers(&entry.value, ["depth", "nodes"]).and_then(|[depth, nodes]| {
            let depth =
                u32::try_from(depth).map_err(|_| format!("the depth {depth} is too deep"))?;
            Ok((depth, nodes))
        });
        match count {
            Ok(count) => counts.push(count),
            Err(problem) => errors.push(file.error(entry.line, "perft", problem)),
        }
    }
    if errors.is_empty() {
        Ok(counts)
    } else {
        Err(errors)
    }
}

/// The game at a `position` line, checked to be of the case's mode if it has one.
fn load<G: GameNotation>(
    file: &DataFile,
    entry: &Entry,
    extra: Option<&serde_json::Value>,
    mode: Option<&(String, usize)>,
) -> Result<G, DataError> {
    let text = entry
        .text()
        .map_err(|problem| file.error(entry.line, "position", problem))?;
    let game = G::load(&text, extra, 0).map_err(|error| {
        file.error(
            entry.line,
            "position",
            format!("{} refused it: {error}", G::NAME),
        )
    })?;
    match mode {
        Some((mode, line)) if mode != game.mode() => Err(file.error(
            *line,
            "mode",
            format!("the position is of mode {}, not {mode}", game.mode()),
        )),
        _ => Ok(game),
    }
}
