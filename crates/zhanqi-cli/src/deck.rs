//! `zhanqi deck`: shengke deck files (docs/shengke.md, "Deck files"), the same text the
//! browser's deck editor saves.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Subcommand;
use zhanqi_core::Seat;
use zhanqi_shengke::ui::{check_deck, deck_options, standard_deck_file};

/// What to do with deck files.
#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck file against every deck rule (§3.2); prints each problem on its own line
    /// and exits non-zero if there is any, else prints the deck in canonical form.
    Check {
        /// The deck file, or `-` for standard input.
        file: PathBuf,
    },
    /// Print the default deck of §11 as a deck file.
    Default,
    /// Print the game options (§14.6 `deck_p1`, `deck_p2`) for these deck files, as JSON for
    /// `zhanqi sim shengke --options` or the engine protocol's `"options"`.
    Options {
        /// Player 1's deck file (`-` for standard input); the default deck if left out.
        #[arg(long, value_name = "FILE")]
        p1: Option<PathBuf>,
        /// Player 2's deck file; the default deck if left out.
        #[arg(long, value_name = "FILE")]
        p2: Option<PathBuf>,
    },
}

/// Runs a deck command.
pub fn run(command: DeckCommand) -> anyhow::Result<()> {
    match command {
        DeckCommand::Check { file } => {
            let text = read(&file)?;
            match check_deck(&text) {
                Ok(canonical) => {
                    println!("{canonical}");
                    Ok(())
                }
                Err(error) => {
                    for problem in &error.0 {
                        println!("{problem}");
                    }
                    anyhow::bail!(
                        "{} is not a valid deck: {} problem(s)",
                        file.display(),
                        error.0.len()
                    )
                }
            }
        }
        DeckCommand::Default => {
            println!("{}", standard_deck_file());
            Ok(())
        }
        DeckCommand::Options { p1, p2 } => {
            let mut texts = Vec::new();
            for (index, file) in [(0, p1), (1, p2)] {
                if let Some(file) = file {
                    texts.push((Seat::new(index), read(&file)?));
                }
            }
            let decks: Vec<(Seat, &str)> = texts
                .iter()
                .map(|(seat, text)| (*seat, text.as_str()))
                .collect();
            let options = deck_options(&decks).map_err(|(seat, error)| {
                anyhow::anyhow!("player {}'s deck is not valid: {error}", seat.index() + 1)
            })?;
            println!("{options}");
            Ok(())
        }
    }
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
