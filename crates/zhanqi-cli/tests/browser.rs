//! Browser tests (issue 4 item 11) and the client's type check.
//!
//! `browser_scenarios` starts the real server on a free loopback port with a fresh SQLite file,
//! serving `web/` from disk, and runs every game's Node scripts (`crates/*/tests/browser/`) with Node's test
//! runner: they drive Debian's Chromium through `playwright-core` (never a downloaded browser).
//! `client_type_checks` runs `tsc --noEmit` over `web/`. Both need Node and the root
//! `node_modules` (`npm ci`), and the scenarios need `/usr/bin/chromium` (or
//! `ZHANQI_CHROMIUM`). Without them they skip with a loud message, or fail when
//! `ZHANQI_REQUIRE_BROWSER=1`. Screenshots of failed scenarios go to
//! `target/browser-screenshots/`, and their paths are printed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use zhanqi_server::{Server, ServerConfig};

/// The scripts run by `browser_scenarios`: every game's own, `crates/*/tests/browser/*.test.mjs`
/// (a game keeps its browser scenarios in its crate; `browser.mjs` here holds what they share),
/// relative to the workspace root, sorted.
fn scenarios(root: &Path) -> Vec<String> {
    let mut scripts = Vec::new();
    let crates = std::fs::read_dir(root.join("crates")).expect("the crates folder is readable");
    for krate in crates.flatten() {
        let Ok(files) = std::fs::read_dir(krate.path().join("tests").join("browser")) else {
            continue;
        };
        for file in files.flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            if name.ends_with(".test.mjs") {
                let path = file.path();
                let relative = path.strip_prefix(root).expect("under the workspace root");
                scripts.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    scripts.sort();
    scripts
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

fn chromium() -> PathBuf {
    std::env::var_os("ZHANQI_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// What is missing to run the tests, if anything.
fn missing_tools(root: &Path, need_browser: bool) -> Option<String> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|output| output.status.success()) {
        return Some("`node` is not installed".to_owned());
    }
    let mut packages = vec!["typescript"];
    if need_browser {
        packages.push("playwright-core");
    }
    for package in packages {
        if !root
            .join("node_modules")
            .join(package)
            .join("package.json")
            .is_file()
        {
            return Some(format!(
                "node_modules/{package} is missing (run `npm ci` at the repository root)"
            ));
        }
    }
    if need_browser && !chromium().is_file() {
        return Some(format!(
            "{} is missing (apt-get install chromium)",
            chromium().display()
        ));
    }
    None
}

/// Skips loudly, on the real stderr past the test harness's capture, or fails when the
/// environment demands the browser tests.
fn skip(test: &str, reason: &str) {
    zhanqi_core::testkit::skip(test, reason, "ZHANQI_REQUIRE_BROWSER");
}

fn report(output: &Output) -> String {
    format!(
        "--- stdout ---\n{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn client_type_checks() {
    let root = workspace();
    if let Some(reason) = missing_tools(&root, false) {
        return skip("client_type_checks", &reason);
    }
    let output = Command::new("node")
        .args([
            "node_modules/typescript/bin/tsc",
            "--noEmit",
            "-p",
            "tsconfig.json",
        ])
        .current_dir(&root)
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "tsc found type errors in web/:\n{}",
        report(&output)
    );
}

#[test]
fn browser_scenarios() {
    let root = workspace();
    if let Some(reason) = missing_tools(&root, true) {
        return skip("browser_scenarios", &reason);
    }
    // Outside any runtime: the scenarios start their own below.
    let _alone = crate::common::HEAVY.blocking_lock();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let database = tempfile::tempdir().expect("a temporary folder");
    let url = format!(
        "sqlite://{}?mode=rwc",
        database.path().join("browser.db").display()
    );
    let mut config = ServerConfig::new("127.0.0.1:0".parse().expect("an address"), &url);
    // AIs move at once, so that the 4p game with three AI seats ends quickly.
    config.ai_delay_ms = 0;
    config.ai_think_ms = Some(20);
    config.web_dir = Some(root.join("web"));
    let server = runtime
        .block_on(Server::bind(config))
        .expect("the server starts");
    let base = format!("http://{}", server.addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = runtime.spawn(server.run(async {
        let _ = stopped.await;
    }));

    let screenshots = root.join("target").join("browser-screenshots");
    // `ZHANQI_BROWSER_ONLY=shengke` runs only the scripts whose path contains that text.
    let only = std::env::var("ZHANQI_BROWSER_ONLY").unwrap_or_default();
    // Two scripts at a time: each spends most of its time waiting on the server, the AIs and
    // animations, so two share the machine's cores well; every script uses its own people
    // and rooms.
    let output = Command::new("node")
        .args(["--test", "--test-concurrency=2", "--test-reporter=spec"])
        .args(
            scenarios(&root)
                .iter()
                .filter(|script| script.contains(&only)),
        )
        .env("ZHANQI_URL", &base)
        .env("ZHANQI_CHROMIUM", chromium())
        .env("ZHANQI_SCREENSHOTS", &screenshots)
        .current_dir(&root)
        .output()
        .expect("node runs");

    let _ = stop.send(());
    runtime
        .block_on(serving)
        .expect("the server task ends")
        .expect("the server stops cleanly");
    println!("{}", report(&output));
    assert!(
        output.status.success(),
        "browser scenarios failed (screenshots in {}):\n{}",
        screenshots.display(),
        report(&output)
    );
}
