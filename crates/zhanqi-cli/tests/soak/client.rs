//! Clients of the server under test, each from a loopback address of its own.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::{CONNECT, PATIENCE, Run};

/// A TCP connection to the server from `from`.
pub(super) async fn tcp_from(from: IpAddr, server: SocketAddr) -> Result<TcpStream, String> {
    let socket = TcpSocket::new_v4().map_err(|error| error.to_string())?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|error| format!("bind {from}: {error}"))?;
    tokio::time::timeout(CONNECT, socket.connect(server))
        .await
        .map_err(|_| "the TCP connection did not open in time".to_owned())?
        .map_err(|error| format!("connect: {error}"))
}

/// Signs in a guest named (a unique form of) `name` from `from`: its session cookie.
pub(super) async fn guest(run: &Run, from: IpAddr, name: &str) -> Result<String, String> {
    let http = reqwest::Client::builder()
        .local_address(from)
        .timeout(CONNECT)
        .build()
        .map_err(|error| error.to_string())?;
    let answer = http
        .post(format!("http://{}/api/guest", run.server))
        .json(&json!({"name": name}))
        .send()
        .await
        .map_err(|error| format!("guest sign-in of {name}: {error}"))?;
    if answer.status() != 200 {
        let status = answer.status();
        let body = answer.text().await.unwrap_or_default();
        return Err(format!("guest sign-in of {name}: {status} {body}"));
    }
    let cookie = answer
        .headers()
        .get("set-cookie")
        .and_then(|cookie| cookie.to_str().ok())
        .and_then(|cookie| cookie.split(';').next())
        .ok_or("a guest sign-in without a cookie")?;
    Ok(cookie.to_owned())
}

pub(super) type Ws = WebSocketStream<TcpStream>;

/// Opens the WebSocket from `from` with a session cookie; the `hello` is left unread.
pub(super) async fn open_ws(run: &Run, from: IpAddr, cookie: &str) -> Result<Ws, String> {
    let tcp = tcp_from(from, run.server).await?;
    let mut request = format!("ws://{}/ws", run.server)
        .into_client_request()
        .map_err(|error| error.to_string())?;
    request
        .headers_mut()
        .insert("cookie", cookie.parse().map_err(|_| "a bad cookie")?);
    let (ws, _) = tokio::time::timeout(CONNECT, tokio_tungstenite::client_async(request, tcp))
        .await
        .map_err(|_| "the WebSocket upgrade was not answered in time".to_owned())?
        .map_err(|error| format!("the WebSocket upgrade failed: {error}"))?;
    Ok(ws)
}

/// A well-behaved client: reads every frame as it comes, keeps the last state of its room.
pub(super) struct Client {
    pub(super) ws: Ws,
    next_id: u64,
    room: Option<i64>,
    pub(super) state: Value,
}

impl Client {
    pub(super) async fn open(run: &Run, from: IpAddr, cookie: &str) -> Result<Client, String> {
        let ws = open_ws(run, from, cookie).await?;
        let mut client = Client {
            ws,
            next_id: 1,
            room: None,
            state: Value::Null,
        };
        let hello = client.frame().await?;
        if hello["type"] != "hello" {
            return Err(format!("the first frame was not hello: {hello}"));
        }
        Ok(client)
    }

    /// Watches `room` from now on: its room frames are kept.
    pub(super) fn follow(&mut self, room: i64) {
        self.room = Some(room);
        self.state = Value::Null;
    }

    pub(super) async fn send(&mut self, mut message: Value) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        self.ws
            .send(Message::Text(message.to_string().into()))
            .await
            .map_err(|error| format!("sending {message}: {error}"))?;
        Ok(id)
    }

    /// The next text frame.
    pub(super) async fn frame(&mut self) -> Result<Value, String> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .map_err(|_| format!("no frame came for {PATIENCE:?}"))?
                .ok_or("the server closed the socket")?
                .map_err(|error| format!("the socket failed: {error}"))?;
            if let Message::Text(text) = message {
                let frame: Value = serde_json::from_str(text.as_str())
                    .map_err(|error| format!("a frame that is no JSON ({error}): {text}"))?;
                if frame["type"] == "room" && frame["room"]["id"].as_i64() == self.room {
                    self.state = frame["room"].clone();
                }
                return Ok(frame);
            }
        }
    }

    /// The `ok` or `error` answering command `id`.
    pub(super) async fn answer(&mut self, id: u64) -> Result<Value, String> {
        loop {
            let frame = self.frame().await?;
            if (frame["type"] == "ok" || frame["type"] == "error") && frame["id"] == json!(id) {
                return Ok(frame);
            }
        }
    }

    /// Sends a command that must succeed; waits and sends it again while it is rate limited.
    pub(super) async fn ok(&mut self, run: &Run, message: Value) -> Result<Value, String> {
        loop {
            let id = self.send(message.clone()).await?;
            let answer = self.answer(id).await?;
            if answer["type"] == "ok" {
                return Ok(answer);
            }
            if answer["code"] != "rate_limited" || !run.going() {
                return Err(format!("{message} was refused: {answer}"));
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    /// Reads until the state of the followed room satisfies `wanted`.
    pub(super) async fn state_until(
        &mut self,
        wanted: impl Fn(&Value) -> bool,
    ) -> Result<Value, String> {
        while !wanted(&self.state) {
            self.frame().await?;
        }
        Ok(self.state.clone())
    }
}
