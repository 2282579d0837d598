//! `zhanqi deck`: deck files of a game whose seats arrange a deck before play (shengke:
//! docs/shengke.md, "Deck files"), the same text the browser's deck editor saves, checked
//! through the registry's setup editor.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use zhanqi_protocol::{DynGame, GAMES, GameEntry, Registry};

/// The kind of setup editor (`SetupEditor::kind`) whose arrangements are deck files.
const DECK: &str = "deck";

/// Options of `zhanqi deck`.
#[derive(Args)]
pub struct DeckArgs {
    /// The game whose decks these are; the first registered game with decks by default.
    #[arg(long, global = true)]
    game: Option<String>,
    #[command(subcommand)]
    command: DeckCommand,
}

/// What to do with deck files.
#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck file against every deck rule (shengke §3.2); prints each problem on its own
    /// line and exits non-zero if there is any, else prints the deck in canonical form.
    Check {
        /// The deck file, or `-` for standard input.
        file: PathBuf,
    },
    /// Print the deck a seat starts from (shengke: the default deck of §11) as a deck file.
    Default,
    /// Print the game options that these deck files stand for (shengke §14.6 `deck_p1`,
    /// `deck_p2`), as JSON for `zhanqi sim <game> --options` or the engine protocol's
    /// `"options"`.
    Options {
        /// The first player's deck file (`-` for standard input); the default deck if left out.
        #[arg(long, value_name = "FILE")]
        p1: Option<PathBuf>,
        /// The second player's deck file; the default deck if left out.
        #[arg(long, value_name = "FILE")]
        p2: Option<PathBuf>,
    },
}

/// Runs a deck command.
pub fn run(args: DeckArgs) -> anyhow::Result<()> {
    let game = deck_game(args.game.as_deref())?;
    let seats = game.seat_names();
    match args.command {
        DeckCommand::Check { file } => {
            let text = read(&file)?;
            match game.check_setup(None, &text) {
                Ok(canonical) => {
                    println!("{canonical}");
                    Ok(())
                }
                Err(error) if error.violations().is_empty() => Err(error.into()),
                Err(error) => {
                    for problem in error.violations() {
                        println!("{problem}");
                    }
                    bail!(
                        "{} is not a valid deck: {} problem(s)",
                        file.display(),
                        error.violations().len()
                    )
                }
            }
        }
        DeckCommand::Default => {
            let deck = game
                .random_setup(None, 0)
                .context("the game has no deck to start from")?;
            println!("{deck}");
            Ok(())
        }
        DeckCommand::Options { p1, p2 } => {
            let mut texts = Vec::new();
            for (index, file) in [p1, p2].into_iter().enumerate() {
                let Some(file) = file else { continue };
                let text = read(&file)?;
                if let Err(error) = game.check_setup(None, &text) {
                    let problems = if error.violations().is_empty() {
                        error.to_string()
                    } else {
                        error.violations().join("\n")
                    };
                    bail!("player {}'s deck is not valid: {problems}", index + 1);
                }
                let seat = seats
                    .get(index)
                    .with_context(|| format!("{} has no player {}", game.name(), index + 1))?;
                texts.push((*seat, text));
            }
            let decks: Vec<(&str, &str)> = texts
                .iter()
                .map(|(seat, text)| (*seat, text.as_str()))
                .collect();
            match game.setup_options(&decks)? {
                Some(options) => {
                    println!("{options}");
                    Ok(())
                }
                None => bail!("{} takes no decks as options", game.name()),
            }
        }
    }
}

/// A standard game of the named game (or of the first registered game with decks), in the
/// first of its modes whose seats arrange a deck before play.
fn deck_game(name: Option<&str>) -> anyhow::Result<Box<dyn DynGame>> {
    let entries: Vec<&GameEntry> = match name {
        Some(name) => vec![Registry::standard().find(name)?],
        None => GAMES.iter().collect(),
    };
    for entry in &entries {
        for mode in entry.modes() {
            let game = entry.new_game(Some(mode), 0, &[])?;
            if arranges_decks(game.as_ref()) {
                return Ok(game);
            }
        }
    }
    match name {
        Some(name) => bail!("{name} has no deck files: its players arrange no deck"),
        None => bail!("no registered game has deck files"),
    }
}

/// Whether the game's seats arrange a deck before play.
fn arranges_decks(game: &dyn DynGame) -> bool {
    game.seat_names().iter().any(|seat| {
        game.setup_editor(seat)
            .is_some_and(|editor| editor.kind == DECK && editor.before_start)
    })
}

fn read(file: &Path) -> anyhow::Result<String> {
    if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("could not read the deck from standard input")?;
        return Ok(text);
    }
    std::fs::read_to_string(file).with_context(|| format!("could not read {}", file.display()))
}
