//! `zhanqi loadgen` against a real server on loopback: a short, bounded run whose figures must
//! be the server's (every move offered is served, no error, round trips counted per move), and
//! the refusal of an address that is not this machine's.

use std::process::Command;

use serde_json::Value;

use crate::common::{Database, TestServer, config};

/// Runs the real binary's `loadgen` with `arguments`: its exit status, standard output and error.
fn loadgen(arguments: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_zhanqi"))
        .arg("loadgen")
        .args(arguments)
        .output()
        .expect("zhanqi loadgen runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_short_run_plays_real_games_and_reports_the_servers_figures() {
    // The database (a temporary folder) must outlive the server.
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let address = server.addr.to_string();
    let pid = std::process::id().to_string();
    let (ok, out, err) = loadgen(&[
        "--server",
        &address,
        "--games",
        "3",
        "--ramp-seconds",
        "1",
        "--seconds",
        "4",
        "--pace-ms",
        "20-60",
        "--server-pid",
        &pid,
        "--json",
    ]);
    assert!(ok, "loadgen failed: {err}");
    let figures: Value = serde_json::from_str(&out).expect("JSON figures");
    assert_eq!(figures["errors"], serde_json::json!({}), "{out}");
    assert_eq!(figures["sockets"], 6);
    let served = figures["moves_served"].as_u64().unwrap();
    assert!(
        served > 10,
        "three games at 20-60 ms a move serve moves: {out}"
    );
    // A move offered in the window is served unless the window closed on it.
    let offered = figures["moves_offered"].as_u64().unwrap();
    assert!(offered >= served && offered <= served + 3, "{out}");
    assert_eq!(figures["round_trip"]["count"], served);
    assert_eq!(figures["acknowledgement"]["count"], served);
    let round_trip = &figures["round_trip"];
    assert!(round_trip["p50_ms"].as_f64().unwrap() <= round_trip["p99_ms"].as_f64().unwrap());
    assert!(round_trip["p99_ms"].as_f64().unwrap() <= round_trip["max_ms"].as_f64().unwrap());
    assert_eq!(figures["games_started"].as_u64(), Some(3), "{out}");
    let server_use = &figures["server"];
    assert!(server_use["resident_mb"][1].as_f64().unwrap() > 0.0);
    assert!(server_use["open_files"][1].as_u64().unwrap() >= 6, "{out}");
    assert!(
        server_use["cpu_ms_per_move"].as_f64().unwrap() > 0.0,
        "{out}"
    );
}

#[test]
fn only_this_machine_is_loaded() {
    let (ok, _, err) = loadgen(&["--server", "192.0.2.1:8080", "--seconds", "1"]);
    assert!(!ok);
    assert!(err.contains("not a loopback address"), "{err}");
    let (ok, _, err) = loadgen(&["--server", "127.0.0.1:9", "--games", "0"]);
    assert!(!ok);
    assert!(err.contains("--games must be between 1 and"), "{err}");
}
