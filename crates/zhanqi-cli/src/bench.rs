//! `zhanqi bench`: uniform-random playouts, timed.

use clap::Args;

/// Options of `zhanqi bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// The game.
    game: String,
}

/// Runs the benchmark.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    anyhow::bail!("no benchmark for {} yet", args.game)
}
