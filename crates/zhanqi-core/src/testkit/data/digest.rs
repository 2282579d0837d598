//! Playout digests: where a seeded random playout of a new game ends, and the `.digests` files
//! that record it.

use std::cmp::Ordering;

use super::{DataError, DataFile, Entry, INDENT, numbers, panic_on, sort_entries, value_or_block};
use crate::testkit::playout::listed;
use crate::{Game, GameNotation, GameRng, ToAct, Viewer};

/// The order a playout sorts a seat's listed actions in before drawing one, so that a move
/// generator listing the same actions in another order reaches the same positions.
pub enum ActionOrder<G: Game> {
    /// By the actions' text (`GameNotation::action_text`).
    Text,
    /// By the game's own comparison.
    By(fn(&G::Action, &G::Action) -> Ordering),
}

/// How a digest file's playouts draw their actions. `Playout::default()` suits a game whose
/// digests were not recorded otherwise.
pub struct Playout<G: Game> {
    /// The order listed actions are drawn from.
    pub order: ActionOrder<G>,
    /// The stream of the playout's seed (see [`GameRng::stream`]) that unlisted choices (hidden
    /// deployments) are drawn from; the stream listed actions are drawn from is 2, and when
    /// this is 2 too both draw from the one generator, in turn.
    pub unlisted_stream: u64,
}

/// The stream of the playout's seed that listed actions are drawn from.
const LISTED_STREAM: u64 = 2;

impl<G: Game> Default for Playout<G> {
    fn default() -> Playout<G> {
        Playout {
            order: ActionOrder::Text,
            unlisted_stream: LISTED_STREAM,
        }
    }
}

/// The FNV-1a 64-bit hash of a text: what a `fnv1a64` digest records.
#[must_use]
pub fn fnv1a64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Plays at most `max_plies` plies of the seeded random playout of a new game; returns the
/// game reached and the plies played (fewer when the game ends first).
///
/// The playout creates `Game::new(options, seed)`. At a chance node it rolls with the game's
/// own RNG (not a ply). Otherwise the lowest seat to act takes a ply: its unlisted choice
/// drawn with `random_unlisted_action` from stream `playout.unlisted_stream` of `seed` when it
/// has one, else one of its listed actions, sorted by `playout.order`, drawn uniformly from
/// stream 2 of `seed`. Each is applied with `apply_unchecked`.
///
/// # Errors
/// If `new` refuses the options, or a seat must act but has nothing to play.
pub fn playout<G: GameNotation>(
    options: &G::Options,
    seed: u64,
    max_plies: u64,
    playout: &Playout<G>,
) -> Result<(G, u64), String> {
    let mut game = G::new(options, seed).map_err(|error| format!("new refused: {error}"))?;
    let mut listed_rng = GameRng::stream(seed, LISTED_STREAM);
    let mut unlisted_rng = (playout.unlisted_stream != LISTED_STREAM)
        .then(|| GameRng::stream(seed, playout.unlisted_stream));
    let mut plies = 0;
    while plies < max_plies {
        let seats = match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                game.roll()
                    .map_err(|error| format!("roll refused at a chance node: {error}"))?;
                continue;
            }
            ToAct::Seats(seats) => seats,
        };
        let seat = seats.lowest().ok_or("to_act is Seats with no seat in it")?;
        let action = if game.has_unlisted_actions(seat) {
            let rng = unlisted_rng.as_mut().unwrap_or(&mut listed_rng);
            game.random_unlisted_action(seat, rng).ok_or_else(|| {
                format!(
                    "seat {} has an unlisted choice, but random_unlisted_action gives none",
                    game.seat_name(seat)
                )
            })?
        } else {
            let mut actions = listed(&game, seat);
            if actions.is_empty() {
                return Err(format!(
                    "seat {} must act at ply {plies} but lists no action",
                    game.seat_name(seat)
                ));
            }
            match playout.order {
                ActionOrder::Text => actions.sort_by_cached_key(|action| game.action_text(action)),
                ActionOrder::By(compare) => actions.sort_by(compare),
            }
            actions.swap_remove(listed_rng.below(actions.len()))
        };
        game.apply_unchecked(seat, &action);
        plies += 1;
    }
    Ok((game, plies))
}

/// How a `playout` line records where the playout ends.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Digest {
    /// The omniscient position.
    Position(String),
    /// The FNV-1a 64 hash of the omniscient position.
    Fnv1a64(u64),
}

impl Digest {
    /// This kind of digest of `game`.
    fn of<G: GameNotation>(&self, game: &G) -> Digest {
        let position = game.position(Viewer::Omniscient);
        match self {
            Digest::Position(_) => Digest::Position(position),
            Digest::Fnv1a64(_) => Digest::Fnv1a64(fnv1a64(&position)),
        }
    }

    /// The digest as a `playout` line writes it after the plies.
    fn written(&self) -> String {
        match self {
            Digest::Position(position) if position.contains('\n') => {
                let lines: Vec<String> = position
                    .lines()
                    .map(|line| format!("{INDENT}{line}"))
                    .collect();
                format!("position\n{}", lines.join("\n"))
            }
            Digest::Position(position) => format!("position {position}"),
            Digest::Fnv1a64(hash) => format!("fnv1a64 {hash:016x}"),
        }
    }
}

/// One `playout` line.
struct PlayoutCase<'a, G: Game> {
    case: &'a str,
    entry: &'a Entry,
    options: G::Options,
    seed: u64,
    plies: u64,
    digest: Digest,
}

impl<G: GameNotation> PlayoutCase<'_, G> {
    /// The digest the playout of this line reaches.
    fn run(&self, playout: &Playout<G>) -> Result<Digest, String> {
        let (game, _) = self::playout(&self.options, self.seed, self.plies, playout)?;
        Ok(self.digest.of(&game))
    }

    /// The line with this digest.
    fn written(&self, digest: &Digest) -> String {
        format!("playout {} {} {}", self.seed, self.plies, digest.written())
    }
}

/// Checks every `playout` line of the `.digests` file at `path`, with the playout of
/// [`Playout::default`].
///
/// # Panics
/// As [`check_digest_file_with`].
pub fn check_digest_file<G: GameNotation>(path: &str) {
    check_digest_file_with::<G>(path, &Playout::default());
}

/// Checks every `playout` line of the `.digests` file at `path`: the playout of the line
/// plays its plies (or fewer, when the game is over first) and reaches its digest.
///
/// # Panics
/// With every fault of the file and every playout that drifted, each naming the file, the line
/// and the field.
pub fn check_digest_file_with<G: GameNotation>(path: &str, playout: &Playout<G>) {
    let file = DataFile::read_or_panic(path, "digest");
    let (cases, mut errors) = read_cases::<G>(&file);
    for case in &cases {
        let problem = match case.run(playout) {
            Ok(digest) if digest == case.digest => continue,
            Ok(digest) => format!(
                "case '{}': the playout now reaches\n{}\n  where the file has\n{}",
                case.case,
                case.written(&digest),
                case.written(&case.digest)
            ),
            Err(problem) => format!("case '{}': {problem}", case.case),
        };
        errors.push(file.error(case.entry.line, "playout", problem));
    }
    panic_on(&errors, "playout digest(s) fail");
}

/// The `.digests` file at `path` again, with every `playout` line as the default playout gives
/// it now; see [`regenerated_digest_file_with`].
///
/// # Panics
/// As [`regenerated_digest_file_with`].
#[must_use]
pub fn regenerated_digest_file<G: GameNotation>(path: &str) -> String {
    regenerated_digest_file_with::<G>(path, &Playout::default())
}

/// The `.digests` file at `path` again, with the digest of every `playout` line as `playout`
/// reaches it now; everything else is kept. To add a case, write
/// `playout <seed> <plies> position -` (or `fnv1a64 0`) and print this.
///
/// # Panics
/// With every fault of the file, or if a playout fails.
#[must_use]
pub fn regenerated_digest_file_with<G: GameNotation>(path: &str, playout: &Playout<G>) -> String {
    let file = DataFile::read_or_panic(path, "digest");
    let (cases, errors) = read_cases::<G>(&file);
    panic_on(&errors, "fault(s) in a digest file");
    let replaced: Vec<(&Entry, String)> = cases
        .iter()
        .map(|case| {
            let digest = case
                .run(playout)
                .unwrap_or_else(|problem| panic!("case '{}': {problem}", case.case));
            (case.entry, case.written(&digest))
        })
        .collect();
    file.rewritten(&replaced)
}

/// Reads every `playout` line, with the faults of all of them.
fn read_cases<G: GameNotation>(file: &DataFile) -> (Vec<PlayoutCase<'_, G>>, Vec<DataError>) {
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for case in &file.cases {
        let (setup, entries) = sort_entries(file, case, &["playout"], &mut errors);
        if entries.is_empty() {
            errors.push(file.error(
                case.line,
                &case.name,
                "the case has no 'playout <seed> <plies> <digest>' line",
            ));
        }
        let options = match setup.game_options::<G>(file) {
            Ok(options) => options,
            Err(error) => {
                errors.push(error);
                continue;
            }
        };
        for entry in entries {
            match read_playout(entry) {
                Ok((seed, plies, digest)) => cases.push(PlayoutCase {
                    case: &case.name,
                    entry,
                    options: options.clone(),
                    seed,
                    plies,
                    digest,
                }),
                Err(problem) => errors.push(file.error(entry.line, "playout", problem)),
            }
        }
    }
    (cases, errors)
}

/// `<seed> <plies> position <text>` (the text maybe on indented lines) or
/// `<seed> <plies> fnv1a64 <hex>`.
fn read_playout(entry: &Entry) -> Result<(u64, u64, Digest), String> {
    let mut words = entry.value.splitn(4, ' ');
    let head = [words.next(), words.next()].map(Option::unwrap_or_default);
    let [seed, plies] = numbers(&head.join(" "), ["seed", "plies"])?;
    let kind = words.next().unwrap_or_default();
    let text = value_or_block(words.next().unwrap_or_default(), &entry.block);
    let digest = match kind {
        "position" => Digest::Position(text?),
        "fnv1a64" => {
            let hex = text?;
            let hash = u64::from_str_radix(&hex, 16)
                .map_err(|_| format!("the fnv1a64 digest '{hex}' is not a hexadecimal number"))?;
            Digest::Fnv1a64(hash)
        }
        other => {
            return Err(format!(
                "the digest is '{other}'; expected 'position <text>' or 'fnv1a64 <hex>' after \
                 the seed and the plies"
            ));
        }
    };
    Ok((seed, plies, digest))
}
