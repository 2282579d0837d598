//! What a stranger's connections may hold, and for how long: a slow reader is cut off, not
//! buffered; silent, slow-header and idle connections are closed; the server pings; sockets
//! are capped per user, per address and in total (while `/healthz` keeps answering); signing
//! out closes the session's sockets.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::common::{self, Database, Person, TestServer};

/// How long a test waits for something that must happen: a guard against hanging, never a
/// measurement.
const PATIENCE: Duration = Duration::from_secs(30);

type RawSocket = WebSocketStream<TcpStream>;

/// A WebSocket of `person` over a TCP socket with a small receive buffer, so that a client
/// that does not read fills it soon.
async fn small_buffer_socket(person: &Person) -> RawSocket {
    let address = person.base.trim_start_matches("http://").parse().unwrap();
    let tcp = TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(4096).unwrap();
    let stream = tcp.connect(address).await.unwrap();
    let mut request = (person.base.replace("http://", "ws://") + "/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", person.cookie.parse().unwrap());
    let (socket, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .expect("the WebSocket opens");
    socket
}

/// Opens a WebSocket for `person`: the socket, or the HTTP status and body of the refusal
/// (status 0 when the server closed the connection before answering the handshake).
async fn try_socket(
    person: &Person,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, (u16, String)> {
    let mut request = (person.base.replace("http://", "ws://") + "/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", person.cookie.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_ref()
                .map(|body| String::from_utf8_lossy(body).into_owned())
                .unwrap_or_default();
            Err((response.status().as_u16(), body))
        }
        Err(error) => Err((0, format!("the WebSocket handshake failed: {error}"))),
    }
}

/// The HTTP status and body refusing a WebSocket of `person`.
async fn refusal(person: &Person) -> (u16, String) {
    match try_socket(person).await {
        Ok(_) => panic!("the WebSocket opened, but it should have been refused"),
        Err(refusal) => refusal,
    }
}

/// Reads `socket` until the server closes it: the close frame, if one came before the end.
async fn read_until_closed<S>(socket: &mut WebSocketStream<S>) -> Option<(u16, String)>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    loop {
        let message = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .expect("the server closes the socket");
        match message {
            Some(Ok(Message::Close(frame))) => {
                return frame.map(|frame| (u16::from(frame.code), frame.reason.to_string()));
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return None,
        }
    }
}

/// The value of a counter line of `/metrics` that starts with `series`, 0 if absent.
async fn counter(person: &Person, series: &str) -> f64 {
    let (status, text) = person.get("/metrics").await;
    assert_eq!(status, 200);
    text.lines()
        .find_map(|line| line.strip_prefix(series))
        .and_then(|rest| rest.trim().parse().ok())
        .unwrap_or(0.0)
}

/// Whether a plain TCP connection to the server is closed by it (end of stream or reset)
/// within the patience, rather than left open.
async fn closed_by_server(stream: &mut TcpStream) -> bool {
    closed_within(stream, PATIENCE).await
}

/// Whether the server closes `stream` within `patience`.
async fn closed_within(stream: &mut TcpStream, patience: Duration) -> bool {
    let mut buffer = [0u8; 1024];
    loop {
        match tokio::time::timeout(patience, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            // A `408 Request Timeout` or similar answer before the close.
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_that_falls_behind_is_cut_off_and_the_room_goes_on() {
    let database = Database::sqlite();
    let mut config = common::config(&database);
    config.outbox_frames = 8;
    let server = TestServer::start(config);
    let host = Person::guest(&server, "host").await;
    let lazy = Person::guest(&server, "lazy").await;
    let mut churner = host.socket().await;
    let room = churner.open_room("2p", 0).await;

    // The slow reader watches the lobby and the room, and then never reads.
    let mut slow = small_buffer_socket(&lazy).await;
    for message in [
        json!({"type": "lobby", "id": 1}),
        json!({"type": "join", "room": room, "id": 2}),
    ] {
        slow.send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }
    let series = "zhanqi_ws_closed_by_server_total{reason=\"too_slow\"}";
    let before = counter(&host, series).await;

    // Each sit and stand changes the room (a frame to every watcher) and the lobby.
    let mut cut = false;
    for _ in 0..200 {
        for _ in 0..20 {
            churner
                .ok(json!({"type": "sit", "room": room, "seat": "s"}))
                .await;
            churner.ok(json!({"type": "stand", "room": room})).await;
        }
        if counter(&host, series).await > before {
            cut = true;
            break;
        }
    }
    assert!(cut, "the reader that never reads is cut off");

    // What the slow reader can still read is bounded (its kernel buffers and at most
    // --outbox-frames), and then the socket ends.
    let mut left = 0;
    loop {
        match tokio::time::timeout(PATIENCE, slow.next())
            .await
            .expect("the cut-off socket ends")
        {
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            Some(Ok(_)) => left += 1,
        }
    }
    assert!(left < 10_000, "{left} frames were still on their way");

    // The room answers the others as before, and a newcomer gets it.
    churner
        .ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    let mut newcomer = lazy.socket().await;
    newcomer.ok(json!({"type": "join", "room": room})).await;
    let state = newcomer.last_room();
    let south = state["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|slot| slot["seat"] == "s")
        .unwrap();
    assert_eq!(south["player"]["name"], json!(host.name), "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_watcher_that_never_reads_holds_one_lobby_not_a_backlog() {
    let database = Database::sqlite();
    let mut config = common::config(&database);
    config.outbox_frames = 4;
    let server = TestServer::start(config);
    let host = Person::guest(&server, "host").await;
    let lazy = Person::guest(&server, "lazy").await;
    let mut churner = host.socket().await;
    let room = churner.open_room("2p", 0).await;
    let mut slow = small_buffer_socket(&lazy).await;
    slow.send(Message::Text(json!({"type": "lobby"}).to_string().into()))
        .await
        .unwrap();
    let series = "zhanqi_ws_closed_by_server_total{reason=\"too_slow\"}";
    let before = counter(&host, series).await;
    // Far more lobby changes than the queue holds: only the newest lobby waits, so the
    // watcher is neither buffered nor cut off.
    for _ in 0..100 {
        churner
            .ok(json!({"type": "sit", "room": room, "seat": "s"}))
            .await;
        churner.ok(json!({"type": "stand", "room": room})).await;
    }
    assert!(counter(&host, series).await <= before);
    // It reads at last, and gets the lobby as it is now: the room with nobody seated.
    let newest = loop {
        let message = tokio::time::timeout(PATIENCE, slow.next())
            .await
            .expect("the lobby arrives")
            .expect("the socket is open")
            .expect("a frame");
        if let Message::Text(text) = message {
            let frame: Value = serde_json::from_str(text.as_str()).unwrap();
            if frame["type"] == "lobby" {
                let listed = &frame["rooms"][0];
                let nobody_seated = listed["seats"]
                    .as_array()
                    .is_some_and(|seats| seats.iter().all(|seat| seat["player"].is_null()));
                if listed["id"] == json!(room) && nobody_seated {
                    break frame;
                }
            }
        }
    };
    assert_eq!(newest["rooms"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_and_slow_header_connections_are_closed() {
    let database = Database::sqlite();
    let mut config = common::config(&database);
    config.header_timeout_seconds = 0.5;
    let server = TestServer::start(config);

    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    assert!(
        closed_by_server(&mut silent).await,
        "a silent connection is closed"
    );

    // Headers that trickle in, a line at a time, never finish in time.
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
        .await
        .unwrap();
    let trickle = async {
        for n in 0..600 {
            if slow
                .write_all(format!("X-Slow-{n}: 1\r\n").as_bytes())
                .await
                .is_err()
            {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    };
    let refused = trickle.await || closed_by_server(&mut slow).await;
    assert!(refused, "a slow-header connection is closed");

    // A client that sends its request in time is answered.
    let person = Person::guest(&server, "prompt").await;
    assert_eq!(person.get("/healthz").await, (200, "ok".to_owned()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_pings_and_closes_a_socket_that_stays_silent() {
    let database = Database::sqlite();
    let mut config = common::config(&database);
    config.ws_ping_seconds = 0.2;
    config.ws_idle_seconds = 2.0;
    let server = TestServer::start(config);
    let person = Person::guest(&server, "quiet").await;

    // A client that reads answers the pings (tungstenite does), so it stays open past the
    // idle timeout.
    let mut awake = try_socket(&person).await.unwrap();
    let mut pings = 0;
    while pings < 15 {
        match tokio::time::timeout(PATIENCE, awake.next()).await {
            Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
            Ok(Some(Ok(Message::Text(_)))) => {}
            other => panic!("pings arrive on an open socket, not {other:?}"),
        }
    }
    awake
        .send(Message::Text(json!({"type": "ping"}).to_string().into()))
        .await
        .unwrap();
    loop {
        match tokio::time::timeout(PATIENCE, awake.next()).await {
            Ok(Some(Ok(Message::Text(text)))) if text.as_str().contains("pong") => break,
            Ok(Some(Ok(_))) => {}
            other => panic!("the answering socket stays open, not {other:?}"),
        }
    }

    // A client that neither reads nor sends anything is closed, with the reason.
    let mut asleep = try_socket(&person).await.unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (code, reason) = read_until_closed(&mut asleep)
        .await
        .expect("a close frame with the reason");
    assert_eq!(code, 1008);
    assert!(reason.contains("nothing arrived from you"), "{reason}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_are_capped_per_user_and_per_address() {
    let database = Database::sqlite();
    let mut config = common::config(&database);
    config.ws_per_user = 2;
    config.ws_per_address = 3;
    let server = TestServer::start(config);
    let alice = Person::guest(&server, "alice").await;
    let first = try_socket(&alice).await.unwrap();
    let _second = try_socket(&alice).await.unwrap();
    let (status, body) = refusal(&alice).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body.contains("you already have 2 connections open"),
        "{body}"
    );

    // The cap counts open sockets: one closed makes room for another.
    drop(first);
    let mut reopened = None;
    for _ in 0..100 {
        if let Ok(socket) = try_socket(&alice).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _reopened = reopened.expect("a socket opens once one closed");

    // Everyone here is on 127.0.0.1: alice's two and bob's one fill the address.
    let bob = Person::guest(&server, "bob").await;
    let _bob = try_socket(&bob).await.unwrap();
    let carol = Person::guest(&server, "carol").await;
    let (status, body) = refusal(&carol).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("network address"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_connection_cap_healthz_still_answers_and_more_are_closed() {
    let database = Database::sqlite();
    let mut config = common::config(&database);
    config.max_connections = 4;
    config.header_timeout_seconds = 120.0;
    let server = TestServer::start(config);
    let person = Person::guest(&server, "steady").await;

    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(server.addr).await.unwrap());
    }
    // Give the server the time to accept them (the only way to know is to ask).
    let mut answered = false;
    for _ in 0..20 {
        let (status, text) = person.get("/healthz").await;
        answered = status == 200 && text == "ok";
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(answered, "/healthz answers while the server is full");
    let (status, body) = refusal(&person).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("as many connections"), "{body}");

    // Past the few connections served one request each, a new one is closed at once.
    for _ in 0..16 {
        held.push(TcpStream::connect(server.addr).await.unwrap());
    }
    let mut closed = false;
    for _ in 0..20 {
        let mut extra = TcpStream::connect(server.addr).await.unwrap();
        if closed_within(&mut extra, Duration::from_secs(2)).await {
            closed = true;
            break;
        }
    }
    assert!(closed, "a connection past every cap is closed");
    drop(held);
    let mut recovered = false;
    for _ in 0..100 {
        if let Ok(socket) = try_socket(&person).await {
            drop(socket);
            recovered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(recovered, "WebSockets open again once connections closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_closes_the_session_s_sockets() {
    let database = Database::sqlite();
    let server = TestServer::start(common::config(&database));
    let alice = Person::guest(&server, "alice").await;
    let bob = Person::guest(&server, "bob").await;
    let mut first = alice.socket().await;
    let mut second = alice.socket().await;
    let mut other = bob.socket().await;
    let (status, _) = alice.post("/api/logout", &json!({})).await;
    assert_eq!(status, 200);
    for socket in [&mut first, &mut second] {
        let (code, reason) = read_until_closed(&mut socket.stream)
            .await
            .expect("a close frame with the reason");
        assert_eq!(code, 1000);
        assert!(reason.contains("you signed out"), "{reason}");
    }
    // Another session's socket goes on.
    other.ok(json!({"type": "lobby"})).await;
    let (status, _) = alice.get("/api/me").await;
    assert_eq!(status, 401);
}
