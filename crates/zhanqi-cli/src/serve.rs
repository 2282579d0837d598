//! `zhanqi serve`: the game server (docs/server.md).

use anyhow::Context;
use zhanqi_server::{Server, ServerConfig, shutdown_signal};

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(config: ServerConfig) -> anyhow::Result<()> {
    init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let server = Server::bind(config).await?;
        if server.restored() > 0 {
            eprintln!("resumed {} unfinished rooms", server.restored());
        }
        // Printed on standard output, flushed: scripts and tests wait for this line.
        println!("listening on http://{}", server.addr());
        server.run(shutdown_signal()).await?;
        eprintln!("zhanqi serve: stopped");
        Ok(())
    })
}

/// Logs to standard error, filtered by `RUST_LOG` (unset: the server's information and
/// everything's warnings), with the spans of rooms and connections.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,zhanqi_server=info"));
    // A subscriber installed by an embedding program wins.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
