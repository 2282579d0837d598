//! Regression data as data: perft counts and playout digests, in one line format for every
//! game, read by one reader.
//!
//! A game crate keeps `tests/data/<game>.perft` and `tests/data/<game>.digests` and checks
//! them with [`check_perft_file`] and [`check_digest_file`]; adding a case is adding lines.
//!
//! # The format
//!
//! A file is a list of cases. A line starting with `#` is a comment, blank lines are ignored,
//! and every other line is `<key> <value>`. A value that spans lines (a position written on
//! several lines) is left off its key line and written on the lines below it, each indented by
//! two spaces, which are not part of the value.
//!
//! ```text
//! case <name>              opens a case: the lines below belong to it, up to the next `case`
//! mode <mode>              the game's mode (one of `GameNotation::MODES`); default: the first
//! options <JSON object>    options on top of the mode, as the engine protocol's "options"
//!
//! # In a .perft file: where to count from, then the counts.
//! position <text>          the start: a position in the game's notation (or indented lines),
//! seed <n>                 or the game `Game::new` creates with this seed
//! perft <depth> <nodes>    the number of action sequences of that length (see `perft`)
//!
//! # In a .digests file: seeded random playouts of new games, and where they end.
//! playout <seed> <plies> position <text>      the omniscient position after the plies (or
//!                                             at the end of the game, if sooner), or
//!                                             indented lines below `... position`
//! playout <seed> <plies> fnv1a64 <16 hex>     or the FNV-1a hash of that position
//! ```
//!
//! A `position` start is loaded with `GameNotation::load(text, options, 0)` (its mode, if
//! given, must be the position's); a `seed` start and every playout create the game with
//! `Game::new(GameNotation::options_for(mode, options), seed)`. [`playout`] says how a
//! playout plays and what its plies are.
//!
//! ```text
//! case ex1-2p-opening
//! position 2p nCnPnMnFnM/… s s+0n+0 - 0 0
//! perft 1 34
//! perft 2 1159
//!
//! case opening
//! position
//!   turn 1 phase start active 1
//!   field .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.
//! perft 1 36
//!
//! case four-players
//! mode 4p
//! playout 101 54 position 4p nMnEnBnFnE/…
//! playout 102 104 fnv1a64 cecb07414427abf3
//! ```
//!
//! Every fault of a file is reported at once, each naming the file, the line and the field:
//! `tests/data/junqi.perft:17: perft: the depth 'x' is not a number`.

mod digest;
mod perft;
#[cfg(test)]
mod tests;

use std::fmt;
use std::path::Path;

pub use digest::{
    ActionOrder, Playout, check_digest_file, check_digest_file_with, fnv1a64, playout,
    regenerated_digest_file, regenerated_digest_file_with,
};
pub use perft::{
    PerftCase, PerftError, check_perft_file, perft, perft_by, perft_cases, regenerated_perft_file,
};

use crate::GameNotation;

/// A fault in a data file, or a case whose data the game no longer gives.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DataError {
    /// The file, as given (relative to the working directory when it is under it).
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The key of the line (`perft`, `options`), or the case's name for a whole case.
    pub field: String,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.file, self.line, self.field, self.message
        )
    }
}

impl std::error::Error for DataError {}

/// One `<key> <value>` line and the indented lines continuing it.
#[derive(Clone, Debug)]
struct Entry {
    key: String,
    /// The rest of the key line, without the space after the key.
    value: String,
    /// The indented lines below, without their indentation.
    block: Vec<String>,
    /// The key line, from 1.
    line: usize,
    /// The last line of the entry (the key line when it has no block).
    last_line: usize,
}

impl Entry {
    /// The value, or the block joined by newlines when the key line leaves it off.
    fn text(&self) -> Result<String, &'static str> {
        value_or_block(&self.value, &self.block)
    }
}

/// `value`, or `block` joined by newlines when `value` is left off: exactly one of them.
fn value_or_block(value: &str, block: &[String]) -> Result<String, &'static str> {
    match (value.is_empty(), block.is_empty()) {
        (false, true) => Ok(value.to_owned()),
        (true, false) => Ok(block.join("\n")),
        (true, true) => Err("the value is missing"),
        (false, false) => {
            Err("the value is both on the line and on indented lines below; give one")
        }
    }
}

/// A case: its name and its lines.
#[derive(Clone, Debug)]
struct Case {
    name: String,
    line: usize,
    entries: Vec<Entry>,
}

/// A data file, read into cases.
#[derive(Clone, Debug)]
struct DataFile {
    /// The file's name in errors.
    name: String,
    /// Every line as written, for regenerating the file.
    lines: Vec<String>,
    cases: Vec<Case>,
}

/// The indentation of a line that continues the line above.
const INDENT: &str = "  ";

impl DataFile {
    /// Reads the file at `path` into cases, checking only the form of its lines.
    ///
    /// # Errors
    /// Every line out of form, or the file cannot be read.
    fn read(path: &str) -> Result<DataFile, Vec<DataError>> {
        let name = display_name(path);
        let text = std::fs::read_to_string(path).map_err(|error| {
            vec![DataError {
                file: name.clone(),
                line: 0,
                field: "file".to_owned(),
                message: format!("cannot be read: {error}"),
            }]
        })?;
        DataFile::parse(name, &text)
    }

    /// Reads the file at `path`, a file of `kind` (`perft`, `digest`).
    ///
    /// # Panics
    /// With every line out of form, or if the file cannot be read.
    fn read_or_panic(path: &str, kind: &str) -> DataFile {
        DataFile::read(path).unwrap_or_else(|errors| {
            panic_on(&errors, &format!("fault(s) in a {kind} file"));
            unreachable!("a file with faults panics")
        })
    }

    fn parse(name: String, text: &str) -> Result<DataFile, Vec<DataError>> {
        let mut cases: Vec<Case> = Vec::new();
        let mut errors = Vec::new();
        let mut continues = false;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let error = |field: &str, message: String| DataError {
                file: name.clone(),
                line,
                field: field.to_owned(),
                message,
            };
            let trimmed = raw.trim_end();
            if let Some(rest) = trimmed.strip_prefix(INDENT) {
                let entry = cases.last_mut().and_then(|case| case.entries.last_mut());
                match entry.filter(|_| continues) {
                    Some(entry) => {
                        entry.block.push(rest.to_owned());
                        entry.last_line = line;
                    }
                    None => errors.push(error(
                        "indented line",
                        "an indented line must continue the line right above it".to_owned(),
                    )),
                }
                continue;
            }
            continues = false;
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (key, value) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
            if key == "case" {
                if value.is_empty() {
                    errors.push(error("case", "the case has no name".to_owned()));
                }
                cases.push(Case {
                    name: value.to_owned(),
                    line,
                    entries: Vec::new(),
                });
                continue;
            }
            let Some(case) = cases.last_mut() else {
                errors.push(error(
                    key,
                    format!("'{key}' comes before any 'case <name>' line"),
                ));
                continue;
            };
            case.entries.push(Entry {
                key: key.to_owned(),
                value: value.to_owned(),
                block: Vec::new(),
                line,
                last_line: line,
            });
            continues = true;
        }
        if cases.is_empty() && errors.is_empty() {
            errors.push(DataError {
                file: name.clone(),
                line: 0,
                field: "file".to_owned(),
                message: "holds no case; a case starts with a line 'case <name>'".to_owned(),
            });
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(DataFile {
            name,
            lines: text.lines().map(str::to_owned).collect(),
            cases,
        })
    }

    /// An error at `line` of this file.
    fn error(&self, line: usize, field: &str, message: impl Into<String>) -> DataError {
        DataError {
            file: self.name.clone(),
            line,
            field: field.to_owned(),
            message: message.into(),
        }
    }

    /// The file again, with the entries of `replaced` (by key line) written as given.
    fn rewritten(&self, replaced: &[(&Entry, String)]) -> String {
        let mut out = String::new();
        let mut number = 1;
        while number <= self.lines.len() {
            match replaced.iter().find(|(entry, _)| entry.line == number) {
                Some((entry, text)) => {
                    out.push_str(text);
                    number = entry.last_line + 1;
                }
                None => {
                    out.push_str(&self.lines[number - 1]);
                    number += 1;
                }
            }
            out.push('\n');
        }
        out
    }
}

/// The path as errors name it: relative to the working directory when it is under it.
fn display_name(path: &str) -> String {
    let path = Path::new(path);
    std::env::current_dir()
        .ok()
        .and_then(|here| path.strip_prefix(here).ok())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The `mode` and `options` lines of a case.
#[derive(Clone, Debug, Default)]
struct Setup {
    mode: Option<(String, usize)>,
    options: Option<(serde_json::Value, usize)>,
}

impl Setup {
    /// The options of a new game of `G`.
    fn game_options<G: GameNotation>(&self, file: &DataFile) -> Result<G::Options, DataError> {
        let mode = self.mode.as_ref().map(|(mode, _)| mode.as_str());
        let extra = self.options.as_ref().map(|(options, _)| options);
        G::options_for(mode, extra).map_err(|error| {
            let line = match (&self.mode, &self.options) {
                (Some((_, line)), _) if error.field == "mode" => *line,
                (_, Some((_, line))) | (Some((_, line)), None) => *line,
                (None, None) => 0,
            };
            file.error(line, &error.field, error.message)
        })
    }

    /// The extra options a position is loaded with.
    fn extra(&self) -> Option<&serde_json::Value> {
        self.options.as_ref().map(|(options, _)| options)
    }
}

/// The entries of a case, sorted by what reads them: `mode` and `options` into [`Setup`],
/// the keys in `keys` returned in order, any other key an error.
fn sort_entries<'a>(
    file: &DataFile,
    case: &'a Case,
    keys: &[&str],
    errors: &mut Vec<DataError>,
) -> (Setup, Vec<&'a Entry>) {
    let mut setup = Setup::default();
    let mut rest = Vec::new();
    for entry in &case.entries {
        let repeated = |what: &str| {
            file.error(
                entry.line,
                &entry.key,
                format!("a second {what} line in case '{}'; give one", case.name),
            )
        };
        match entry.key.as_str() {
            "mode" if setup.mode.is_some() => errors.push(repeated("mode")),
            "mode" => setup.mode = Some((entry.value.clone(), entry.line)),
            "options" if setup.options.is_some() => errors.push(repeated("options")),
            "options" => match entry.text().map(|text| serde_json::from_str(&text)) {
                Ok(Ok(value)) => setup.options = Some((value, entry.line)),
                Ok(Err(error)) => errors.push(file.error(
                    entry.line,
                    "options",
                    format!("not a JSON object: {error}"),
                )),
                Err(problem) => errors.push(file.error(entry.line, "options", problem)),
            },
            key if keys.contains(&key) => rest.push(entry),
            key => errors.push(file.error(
                entry.line,
                key,
                format!(
                    "unknown key '{key}'; a case here has the keys mode, options, {}",
                    keys.join(", ")
                ),
            )),
        }
    }
    (setup, rest)
}

/// The whitespace-separated words of `text` as numbers, exactly `N` of them, named by `names`.
fn numbers<const N: usize>(text: &str, names: [&str; N]) -> Result<[u64; N], String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() != N {
        return Err(format!(
            "expected {} number(s), {}, but found '{text}'",
            N,
            names.join(" ")
        ));
    }
    let mut out = [0; N];
    for ((slot, word), name) in out.iter_mut().zip(&words).zip(names) {
        *slot = word
            .parse()
            .map_err(|_| format!("the {name} '{word}' is not a whole number"))?;
    }
    Ok(out)
}

/// Panics with every error, one a line in the order of the file, when there is any.
fn panic_on(errors: &[DataError], what: &str) {
    if !errors.is_empty() {
        let mut errors = errors.to_vec();
        errors.sort_by_key(|error| error.line);
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        panic!("{} {what}:\n{}", errors.len(), lines.join("\n"));
    }
}
