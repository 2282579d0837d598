//! The strangers: clients that read slowly or never, churn the lobby, flood, crowd one user
//! or address, and hold silent or half-sent connections.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

use super::client::{Client, guest, open_ws, tcp_from};
use super::{Role, Run, WAVE, address, bump, hold};

/// Subscribes to the lobby and reads nothing more until the run ends; opens a new socket only
/// when one is refused.
pub(super) async fn lurk_in_lobby(run: Arc<Run>, index: usize) {
    let from = address(Role::LobbyLurker, index);
    let Ok(cookie) = guest(&run, from, &format!("l{index}")).await else {
        bump(&run.tally.attacker_refused);
        return;
    };
    while run.going() {
        match Client::open(&run, from, &cookie).await {
            Ok(mut client) => {
                if client.send(json!({"type": "lobby"})).await.is_ok() {
                    bump(&run.tally.lobby_subscriptions);
                }
                hold(&run, None).await;
                drop(client);
            }
            Err(_) => {
                bump(&run.tally.attacker_refused);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Sits and stands in a room of its own as fast as the server lets it (its messages per
/// second), reading its answers: each changes the lobby. Every 20 seconds a new room on a new
/// socket, the old one left empty.
pub(super) async fn churn(run: Arc<Run>, index: usize) {
    let from = address(Role::Churner, index / 2);
    let Ok(cookie) = guest(&run, from, &format!("c{}", index / 2)).await else {
        bump(&run.tally.attacker_refused);
        return;
    };
    while run.going() {
        if churn_room(&run, from, &cookie).await.is_err() {
            bump(&run.tally.attacker_refused);
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

async fn churn_room(run: &Arc<Run>, from: IpAddr, cookie: &str) -> Result<(), String> {
    let mut client = Client::open(run, from, cookie).await?;
    let created = client
        .ok(
            run,
            json!({"type": "create", "game": "junqi", "mode": "2p"}),
        )
        .await?;
    let room = created["room"].as_i64().unwrap_or_default();
    client
        .ok(run, json!({"type": "join", "room": room}))
        .await?;
    let (mut sink, mut stream) = client.ws.split();
    let counting = Arc::clone(run);
    let reader = tokio::spawn(async move {
        while let Some(Ok(message)) = stream.next().await {
            if let Message::Text(text) = message
                && serde_json::from_str::<Value>(text.as_str())
                    .is_ok_and(|frame| frame["type"] == "ok")
            {
                bump(&counting.tally.lobby_changes);
            }
        }
    });
    let cycle = [
        json!({"type": "sit", "room": room, "seat": "s", "id": 0}),
        json!({"type": "stand", "room": room, "id": 0}),
    ]
    .map(|message| message.to_string());
    let until = Instant::now() + Duration::from_secs(20);
    let mut tick = tokio::time::interval(Duration::from_millis(50));
    let mut turn = 0;
    while run.going() && Instant::now() < until && !reader.is_finished() {
        tick.tick().await;
        turn += 1;
        let message = cycle[turn % cycle.len()].as_str();
        if sink.send(Message::Text(message.into())).await.is_err() {
            break;
        }
    }
    let _ = sink.send(Message::Text(cycle[1].as_str().into())).await;
    reader.abort();
    Ok(())
}

/// Junk a hostile client sends: each must be refused or cut off, never crash anything.
fn junk(turn: u64) -> Message {
    match turn % 8 {
        0 => Message::Text("this is not JSON".into()),
        1 => Message::Binary(vec![0xff; 64].into()),
        2 => Message::Text(r#"{"type": "nonsense"}"#.into()),
        3 => Message::Text(r#"{"type": "act", "room": 999999, "action": "a1-a2"}"#.into()),
        4 => Message::Text("[".repeat(10_000).into()),
        5 => {
            Message::Text(format!(r#"{{"type": "lobby", "pad": "{}"}}"#, "x".repeat(20_000)).into())
        }
        6 => Message::Text(r#"{"type": "join", "room": "seven"}"#.into()),
        // Far over the protocol's limit: the server may close the socket.
        _ => Message::Text("y".repeat(300_000).into()),
    }
}

/// Sends frames as fast as the socket carries them (pings, or junk), up to about 1,000 a
/// second; reads the answers only if `reads`. Opens a new socket when the server closes one.
pub(super) async fn flood(run: Arc<Run>, index: usize, junk_frames: bool, reads: bool) {
    let from = address(Role::Flooder, index);
    let Ok(cookie) = guest(&run, from, &format!("f{index}")).await else {
        bump(&run.tally.attacker_refused);
        return;
    };
    let mut turn = 0;
    while run.going() {
        let Ok(ws) = open_ws(&run, from, &cookie).await else {
            bump(&run.tally.attacker_refused);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let (mut sink, mut stream) = ws.split();
        let reader = reads
            .then(|| tokio::spawn(async move { while let Some(Ok(_)) = stream.next().await {} }));
        while run.going() {
            turn += 1;
            let message = if junk_frames {
                junk(turn)
            } else {
                Message::Text(r#"{"type": "ping"}"#.into())
            };
            let sent = tokio::time::timeout(Duration::from_secs(5), sink.send(message)).await;
            if !matches!(sent, Ok(Ok(()))) {
                break;
            }
            bump(if junk_frames {
                &run.tally.junk_frames
            } else {
                &run.tally.flood_frames
            });
            if turn % 10 == 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        if let Some(reader) = reader {
            reader.abort();
        }
        bump(&run.tally.flood_reconnects);
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// One guest from one address (`users` 1), or several guests behind one address, each opening
/// `sockets` more WebSockets every wave and holding them without reading.
pub(super) async fn crowd(run: Arc<Run>, index: usize, users: usize, sockets: usize) {
    let from = address(Role::Crowd, index);
    let mut cookies = Vec::new();
    for user in 0..users {
        match guest(&run, from, &format!("m{index}u{user}")).await {
            Ok(cookie) => cookies.push(cookie),
            Err(_) => bump(&run.tally.attacker_refused),
        }
    }
    let mut held = Vec::new();
    while run.going() {
        for cookie in &cookies {
            for _ in 0..sockets {
                match open_ws(&run, from, cookie).await {
                    Ok(ws) => {
                        bump(&run.tally.crowd_accepted);
                        held.push(ws);
                    }
                    Err(_) => bump(&run.tally.crowd_refused),
                }
            }
        }
        hold(&run, Some(WAVE)).await;
    }
}

/// Opens `count` TCP connections every wave that never send a byte; counts those the server
/// closes.
pub(super) async fn silent_tcp(run: Arc<Run>, count: usize, tasks: Arc<Mutex<JoinSet<()>>>) {
    let from = address(Role::SilentTcp, 0);
    while run.going() {
        for _ in 0..count {
            let Ok(mut tcp) = tcp_from(from, run.server).await else {
                bump(&run.tally.attacker_refused);
                continue;
            };
            bump(&run.tally.silent_opened);
            let run = Arc::clone(&run);
            tasks.lock().unwrap().spawn(async move {
                let mut buffer = [0; 256];
                // Anything read, or the end, means the server gave up on it.
                let _ = tcp.read(&mut buffer).await;
                bump(&run.tally.silent_closed);
            });
        }
        hold(&run, Some(WAVE)).await;
    }
}

/// Opens `count` HTTP connections every wave that send a request line and then one header
/// line every two seconds, never finishing; counts those the server closes or answers.
pub(super) async fn slow_headers(run: Arc<Run>, count: usize, tasks: Arc<Mutex<JoinSet<()>>>) {
    let from = address(Role::SlowHeader, 0);
    while run.going() {
        for _ in 0..count {
            let Ok(tcp) = tcp_from(from, run.server).await else {
                bump(&run.tally.attacker_refused);
                continue;
            };
            bump(&run.tally.slow_opened);
            let run = Arc::clone(&run);
            tasks.lock().unwrap().spawn(async move {
                let (mut reader, mut writer) = tcp.into_split();
                let trickle = async move {
                    let _ = writer
                        .write_all(b"GET /healthz HTTP/1.1\r\nHost: soak\r\n")
                        .await;
                    loop {
                        tokio::time::sleep(Duration::from_secs(2)).await;
                        if writer.write_all(b"X-Slow: 1\r\n").await.is_err() {
                            return;
                        }
                    }
                };
                let mut buffer = [0; 256];
                tokio::select! {
                    _ = reader.read(&mut buffer) => {}
                    () = trickle => {}
                }
                bump(&run.tally.slow_closed);
            });
        }
        hold(&run, Some(WAVE)).await;
    }
}

/// Asks `/healthz` on a new connection twice a second.
pub(super) async fn probe_health(run: Arc<Run>) {
    let http = reqwest::Client::builder()
        .local_address(address(Role::Prober, 0))
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(5))
        .build()
        .expect("an HTTP client");
    while run.going() {
        let answer = http
            .get(format!("http://{}/healthz", run.server))
            .send()
            .await;
        match answer {
            Ok(answer) if answer.status() == 200 => bump(&run.tally.health_ok),
            _ => bump(&run.tally.health_failed),
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}
