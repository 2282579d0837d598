//! `zhanqi replay`: game records.

use clap::Subcommand;

/// What to do with records.
#[derive(Subcommand)]
pub enum ReplayCommand {
    /// Convert QQ 四国军棋 `.jgs` records and replay them through the engine.
    Import {
        /// The files.
        files: Vec<std::path::PathBuf>,
    },
}

/// Runs a replay command.
pub fn run(command: ReplayCommand) -> anyhow::Result<()> {
    match command {
        ReplayCommand::Import { files } => {
            anyhow::bail!("import of {} files is not built yet", files.len())
        }
    }
}
