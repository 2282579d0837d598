//! `zhanqi replay`: import other programs' records (each game's crate imports its own, as
//! junqi the QQ `.jgs` files), show records.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Subcommand;
use zhanqi_core::Viewer;
use zhanqi_protocol::{GameRecord, RECORD_FORMAT, Registry};

/// What to do with records.
#[derive(Subcommand)]
pub enum ReplayCommand {
    /// Convert other programs' records (QQ 四国军棋 `.jgs` files, …) to zhanqi records,
    /// replaying every move through the engine, and report per file whether every move was
    /// legal.
    Import {
        /// The record files (`.jgs`, …).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write each converted record to DIR/<name>.json.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Replay a zhanqi record (JSON) and print every position (JFEN per move).
    Show {
        /// The record.
        file: PathBuf,
    },
}

/// Runs a replay command.
pub fn run(command: ReplayCommand) -> anyhow::Result<()> {
    match command {
        ReplayCommand::Import { files, out } => import(&files, out.as_deref()),
        ReplayCommand::Show { file } => show(&file),
    }
}

fn import(files: &[PathBuf], out: Option<&Path>) -> anyhow::Result<()> {
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut failed = 0;
    for path in files {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match import_one(path, &name, out) {
            Ok(summary) => println!("{name}: ok: {summary}"),
            Err(error) => {
                failed += 1;
                println!("{name}: FAILED: {error:#}");
            }
        }
    }
    println!(
        "{} files, {} replayed legally, {failed} failed",
        files.len(),
        files.len() - failed
    );
    if failed > 0 {
        anyhow::bail!("{failed} of {} files could not be replayed", files.len());
    }
    Ok(())
}

fn import_one(path: &Path, name: &str, out: Option<&Path>) -> anyhow::Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let replay = Registry::standard()
        .import_record(name, &bytes)
        .with_context(|| {
            format!("no game imports {name}: it is not a record format a registered game reads")
        })?
        .map_err(anyhow::Error::from_boxed)?;
    // Seen through the dyn layer, the game speaks the engine protocol's terms.
    let game = &replay.game;
    let outcome = game.outcome();
    let result = match &outcome {
        Some(outcome) if outcome.winners.is_empty() => format!("draw ({})", outcome.reason),
        Some(outcome) => format!("{} win ({})", outcome.winners.join("+"), outcome.reason),
        None => "no result (abandoned)".to_string(),
    };
    if let Some(dir) = out {
        let converted = GameRecord {
            format: RECORD_FORMAT.to_string(),
            game: game.name().into(),
            mode: game.mode().into(),
            options: game.options(),
            seed: 0,
            start: Some(replay.start.clone()),
            players: replay.players.iter().cloned().collect(),
            actions: replay.actions.clone(),
            result: outcome.as_ref().map(serde_json::to_value).transpose()?,
            source: Some(name.to_string()),
        };
        let target = dir.join(Path::new(name).with_extension("json"));
        std::fs::write(&target, converted.to_json())
            .with_context(|| format!("cannot write {}", target.display()))?;
    }
    Ok(format!(
        "{} players, {} moves legal, {} actions, {result}; final position {}",
        replay.players.len(),
        replay.moves,
        replay.actions.len(),
        game.position(Viewer::Omniscient)
    ))
}

fn show(file: &Path) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let record = GameRecord::from_json(&text)?;
    let (steps, game) = record.replay(&Registry::standard())?;
    for step in steps {
        match step.action {
            Some(action) => println!("{action}\t{}", step.position),
            None => println!("start\t{}", step.position),
        }
    }
    match game.outcome() {
        Some(outcome) => println!("result\t{}", serde_json::to_string(&outcome)?),
        None => println!("result\tnone"),
    }
    Ok(())
}
