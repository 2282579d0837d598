//! The `zhanqi serve` process under test, and samples of its memory and open files.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use super::{RSS_BOUND_MB, Run, SMALL_LIMITS, STARTUP};

/// A running `zhanqi serve` child process, killed when dropped.
pub(super) struct ServerProcess {
    child: Child,
    pub(super) addr: SocketAddr,
    log: PathBuf,
    pub(super) limits: Vec<String>,
}

impl ServerProcess {
    pub(super) fn start(database_url: &str, log: &Path) -> ServerProcess {
        // Another build (a release one, an older commit's) may be measured in its place.
        let binary = std::env::var("ZHANQI_SOAK_BINARY")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_zhanqi").to_owned());
        let help = Command::new(&binary)
            .args(["serve", "--help"])
            .output()
            .expect("zhanqi serve --help runs");
        let help = String::from_utf8_lossy(&help.stdout).into_owned();
        let offered = |flag: &str| {
            help.split(|c: char| c.is_whitespace() || c == ',' || c == '=')
                .any(|word| word == flag)
        };
        let mut limits = Vec::new();
        let mut command = Command::new(&binary);
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("ZHANQI_") {
                command.env_remove(name);
            }
        }
        command
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(["--database-url", database_url])
            // No turn times out and no seat escapes during the run: a stalled game shows.
            .args(["--move-seconds", "600", "--grace-seconds", "600"]);
        for &(flag, value) in SMALL_LIMITS {
            if offered(flag) {
                command.args([flag, value]);
                limits.push(format!("{flag} {value}"));
            } else {
                limits.push(format!("({flag}: not offered)"));
            }
        }
        let stderr = File::options()
            .create(true)
            .append(true)
            .open(log)
            .expect("the server log file");
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr);
        let mut child = command.spawn().expect("the zhanqi binary starts");
        let stdout = child.stdout.take().expect("a piped standard output");
        let (lines, address) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        // Owned at once, so that a panic below still kills the child.
        let mut server = ServerProcess {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            log: log.to_owned(),
            limits,
        };
        let deadline = Instant::now() + STARTUP;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = address.recv_timeout(left).unwrap_or_else(|error| {
                panic!(
                    "the server printed no address ({error}); its log:\n{}",
                    std::fs::read_to_string(log).unwrap_or_default()
                )
            });
            if let Some(addr) = line.strip_prefix("listening on http://") {
                server.addr = addr.trim().parse().expect("a socket address");
                return server;
            }
        }
    }

    pub(super) fn pid(&self) -> u32 {
        self.child.id()
    }

    pub(super) fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(40).collect();
            eprintln!("the server's log, last lines first:\n{}", tail.join("\n"));
        }
    }
}

/// One sample of the server process.
#[derive(Clone, Copy)]
pub(super) struct Sample {
    pub(super) at: Duration,
    pub(super) rss_kb: u64,
    pub(super) open_files: u64,
}

pub(super) fn sample(pid: u32, start: Instant) -> Option<Sample> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss_kb = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let open_files = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count() as u64;
    Some(Sample {
        at: start.elapsed(),
        rss_kb,
        open_files,
    })
}

/// Samples the server's memory and open files four times a second until the run stops; stops
/// the run (to spare the machine) when memory passes the bound.
pub(super) async fn watch_server(
    run: Arc<Run>,
    pid: u32,
    start: Instant,
    samples: Arc<Mutex<Vec<Sample>>>,
) {
    while !run.stopped.load(Ordering::Relaxed) {
        if let Some(sample) = sample(pid, start) {
            samples.lock().unwrap().push(sample);
            if sample.rss_kb > RSS_BOUND_MB * 1024 {
                run.stop();
            }
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
