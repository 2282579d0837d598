//! The bots: a pair of guests per game, each on a WebSocket from a loopback address of its own
//! (so per-address limits meet one bot each), creating a room, sitting, getting ready with the
//! server's layout and playing moves from the server's `legal` list at a person's pace.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use super::figures::Tally;

/// How long a bot waits for a frame the server owes it before it counts a stall.
const PATIENCE: Duration = Duration::from_secs(30);

/// What every pair shares: where to go, what to play, when to measure and stop.
pub(super) struct Plan {
    pub(super) servers: Vec<SocketAddr>,
    pub(super) game: String,
    pub(super) mode: String,
    pub(super) pace_ms: (u64, u64),
    pub(super) seed: u64,
    /// Makes guest names of this run differ from an earlier run's.
    pub(super) run_tag: u64,
    pub(super) measure_from: Instant,
    pub(super) stop_at: Instant,
    pub(super) tally: Tally,
}

impl Plan {
    fn measuring(&self, at: Instant) -> bool {
        at >= self.measure_from && at < self.stop_at
    }
}

/// Plays games with one pair of bots until the plan's end; a failure is counted by its kind.
pub(super) async fn play_pair(plan: &Plan, index: usize) {
    if let Err(problem) = play_games(plan, index).await {
        plan.tally.error(problem.kind, &problem.detail);
    }
}

/// A failure of a pair: a short kind for the tally and what happened.
struct Problem {
    kind: &'static str,
    detail: String,
}

fn problem(kind: &'static str) -> impl Fn(String) -> Problem {
    move |detail| Problem { kind, detail }
}

async fn play_games(plan: &Plan, index: usize) -> Result<(), Problem> {
    let mut bots = [
        Bot::sign_in(plan, 2 * index).await?,
        Bot::sign_in(plan, 2 * index + 1).await?,
    ];
    let mut dice = StdRng::seed_from_u64(plan.seed ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let mut creator = 0;
    while Instant::now() < plan.stop_at {
        let room = open_game(plan, &mut bots, creator).await?;
        plan.tally.game_started();
        play_game(plan, &mut bots, room, &mut dice).await?;
        creator = 1 - creator;
    }
    for bot in &mut bots {
        let _ = bot.ws.close(None).await;
    }
    Ok(())
}

/// Creates a room with bot `creator`, seats both bots in its first two seats and gets them
/// ready with the layouts the server gave them.
async fn open_game(plan: &Plan, bots: &mut [Bot; 2], creator: usize) -> Result<i64, Problem> {
    let created = bots[creator]
        .ok(json!({"type": "create", "game": plan.game, "mode": plan.mode}))
        .await?;
    let room = created["room"]
        .as_i64()
        .ok_or_else(|| problem("protocol")(format!("a create answered {created}")))?;
    for bot in bots.iter_mut() {
        bot.room = Some(room);
        bot.ok(json!({"type": "join", "room": room})).await?;
    }
    let seats: Vec<String> = bots[0]
        .state_until(|state| !state.seats.is_empty())
        .await?
        .seats
        .iter()
        .map(|seat| seat.seat.clone())
        .collect();
    if seats.len() != 2 {
        return Err(problem("protocol")(format!(
            "{} {} has {} seats; the load generator plays two-seat modes",
            plan.game,
            plan.mode,
            seats.len()
        )));
    }
    for (bot, seat) in bots.iter_mut().zip(&seats) {
        bot.ok(json!({"type": "sit", "room": room, "seat": seat}))
            .await?;
    }
    for bot in bots.iter_mut() {
        bot.ok(json!({"type": "ready", "room": room})).await?;
    }
    Ok(room)
}

/// What a bot reads of its room's state: the rest of the frame (the board, the clocks, the
/// seats' players) is skipped while parsing, never built, so that the generator's CPU goes to
/// sockets rather than to JSON trees (docs/benchmarks.md, "Capacity").
#[derive(Debug, Default, Deserialize)]
struct RoomState {
    #[serde(default)]
    id: Option<i64>,
    #[serde(default)]
    phase: String,
    #[serde(default)]
    moves: Option<u64>,
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    seats: Vec<SeatName>,
}

/// A seat of the room state, by name only.
#[derive(Debug, Deserialize)]
struct SeatName {
    seat: String,
}

impl RoomState {
    /// The moves played once the game is on (the platform's `moves`).
    fn progress(&self) -> Option<u64> {
        (self.phase == "playing" || self.phase == "over")
            .then_some(self.moves)
            .flatten()
    }

    /// Whether it is this receiver's turn, with moves to choose from.
    fn my_turn(&self) -> bool {
        self.phase == "playing" && !self.legal.is_empty()
    }
}

/// The fields a bot reads of any frame; `room` is a room state in a `room` frame and a room
/// number in a `create`'s `ok`, so it stays raw until the frame's type says which.
#[derive(Deserialize)]
struct Head<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    id: Option<u64>,
    #[serde(default, borrow)]
    room: Option<&'a RawValue>,
}

/// Plays one game to its end (or the plan's): the bot to move waits its pause, sends a random
/// legal move; the time until the other bot has the new position is the round trip, and until
/// the mover's `ok` the acknowledgement.
async fn play_game(
    plan: &Plan,
    bots: &mut [Bot; 2],
    room: i64,
    dice: &mut StdRng,
) -> Result<(), Problem> {
    let mut known = 0;
    loop {
        let caught_up = |state: &RoomState| state.progress().is_some_and(|moves| moves >= known);
        let first = bots[0].state_until(caught_up).await?;
        let second = bots[1].state_until(caught_up).await?;
        if first.progress() != second.progress() {
            known = first.progress().max(second.progress()).unwrap_or(known);
            continue;
        }
        if first.phase == "over" {
            plan.tally.game_finished();
            return Ok(());
        }
        let mover = match (first.my_turn(), second.my_turn()) {
            (true, false) => 0,
            (false, true) => 1,
            _ => {
                return Err(problem("protocol")(format!(
                    "room {room}: not one seat to move at move {known}"
                )));
            }
        };
        let state = if mover == 0 { first } else { second };
        let action = state.legal[dice.random_range(0..state.legal.len())].clone();
        let moves = state.progress().unwrap_or(known);
        let pause = Duration::from_millis(dice.random_range(plan.pace_ms.0..=plan.pace_ms.1));
        let woken = Instant::now() + pause;
        if woken >= plan.stop_at {
            tokio::time::sleep_until(plan.stop_at.into()).await;
            return Ok(());
        }
        tokio::time::sleep_until(woken.into()).await;
        let sent = Instant::now();
        let measured = plan.measuring(sent);
        if measured {
            plan.tally.timer_lag(sent - woken);
            plan.tally.offered();
        }
        let id = bots[mover]
            .send(json!({"type": "act", "room": room, "action": action}))
            .await?;
        bots[1 - mover]
            .state_until(|state| state.progress().is_some_and(|seen| seen > moves))
            .await?;
        let round_trip = sent.elapsed();
        let answer = bots[mover].answer(id).await?;
        let acknowledged = sent.elapsed();
        if answer["type"] != "ok" {
            return Err(problem("refused")(format!(
                "room {room}: the move {action} was refused: {answer}"
            )));
        }
        if measured {
            plan.tally.served(round_trip, acknowledged);
        }
        known = moves + 1;
    }
}

/// The loopback address bot `bot` connects from: 127.10.0.0 and up, one each.
fn address(bot: usize) -> IpAddr {
    let [_, high, middle, low] = u32::try_from(bot).unwrap_or(u32::MAX).to_be_bytes();
    IpAddr::V4(Ipv4Addr::new(127, 10u8.saturating_add(high), middle, low))
}

/// A signed-in guest with its socket, keeping the last state of its room.
struct Bot {
    ws: WebSocketStream<TcpStream>,
    next_id: u64,
    room: Option<i64>,
    state: Arc<RoomState>,
}

impl Bot {
    /// Signs in guest `bot` and opens its WebSocket, on the server its place picks.
    async fn sign_in(plan: &Plan, bot: usize) -> Result<Bot, Problem> {
        let from = address(bot);
        let server = plan.servers[bot % plan.servers.len()];
        let cookie = guest(
            from,
            server,
            &format!("lg{:x}-{bot}", plan.run_tag % 0xFFFF),
        )
        .await?;
        let socket = TcpSocket::new_v4().map_err(|error| problem("connect")(error.to_string()))?;
        socket
            .bind(SocketAddr::new(from, 0))
            .map_err(|error| problem("connect")(format!("bind {from}: {error}")))?;
        let tcp = tokio::time::timeout(PATIENCE, socket.connect(server))
            .await
            .map_err(|_| problem("connect")("no TCP connection in time".to_owned()))?
            .map_err(|error| problem("connect")(error.to_string()))?;
        let mut request = format!("ws://{server}/ws")
            .into_client_request()
            .map_err(|error| problem("connect")(error.to_string()))?;
        let cookie = cookie
            .parse()
            .map_err(|_| problem("sign_in")("a cookie that is no header value".to_owned()))?;
        request.headers_mut().insert("cookie", cookie);
        let (ws, _) = tokio::time::timeout(PATIENCE, tokio_tungstenite::client_async(request, tcp))
            .await
            .map_err(|_| problem("connect")("no WebSocket upgrade in time".to_owned()))?
            .map_err(|error| problem("connect")(error.to_string()))?;
        let mut bot = Bot {
            ws,
            next_id: 1,
            room: None,
            state: Arc::default(),
        };
        let hello = bot.frame().await?;
        if hello.kind != "hello" {
            return Err(problem("protocol")(format!(
                "the first frame was {}",
                hello.text.as_str()
            )));
        }
        Ok(bot)
    }

    async fn send(&mut self, mut message: Value) -> Result<u64, Problem> {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        self.ws
            .send(Message::Text(message.to_string().into()))
            .await
            .map_err(|error| problem("socket")(error.to_string()))?;
        Ok(id)
    }

    /// The next text frame; a `room` frame of the followed room is kept as its state.
    async fn frame(&mut self) -> Result<Frame, Problem> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .map_err(|_| problem("stall")(format!("no frame for {PATIENCE:?}")))?
                .ok_or_else(|| problem("socket")("the server closed the socket".to_owned()))?
                .map_err(|error| problem("socket")(error.to_string()))?;
            if let Message::Text(text) = message {
                let head: Head<'_> = serde_json::from_str(text.as_str())
                    .map_err(|error| problem("protocol")(error.to_string()))?;
                if head.kind == "room"
                    && let Some(room) = head.room
                {
                    let state: RoomState = serde_json::from_str(room.get())
                        .map_err(|error| problem("protocol")(error.to_string()))?;
                    if state.id == self.room {
                        self.state = Arc::new(state);
                    }
                }
                let (kind, id) = (head.kind.into_owned(), head.id);
                return Ok(Frame { kind, id, text });
            }
        }
    }

    /// The `ok` or `error` answering command `id`, parsed whole (it is small).
    async fn answer(&mut self, id: u64) -> Result<Value, Problem> {
        loop {
            let frame = self.frame().await?;
            if (frame.kind == "ok" || frame.kind == "error") && frame.id == Some(id) {
                return serde_json::from_str(frame.text.as_str())
                    .map_err(|error| problem("protocol")(error.to_string()));
            }
        }
    }

    /// Sends a command that must succeed.
    async fn ok(&mut self, message: Value) -> Result<Value, Problem> {
        let id = self.send(message.clone()).await?;
        let answer = self.answer(id).await?;
        if answer["type"] == "ok" {
            Ok(answer)
        } else {
            Err(problem("refused")(format!(
                "{message} was answered {answer}"
            )))
        }
    }

    /// The room's state once it satisfies `wanted` (the kept one, or the next that does).
    async fn state_until(
        &mut self,
        wanted: impl Fn(&RoomState) -> bool,
    ) -> Result<Arc<RoomState>, Problem> {
        while !wanted(&self.state) {
            self.frame().await?;
        }
        Ok(Arc::clone(&self.state))
    }
}

/// A frame's type and command number, with its text for the rare frame read whole.
struct Frame {
    kind: String,
    id: Option<u64>,
    text: Utf8Bytes,
}

/// Signs in a guest from `from`: its session cookie (`name=value`).
async fn guest(from: IpAddr, server: SocketAddr, name: &str) -> Result<String, Problem> {
    let http = reqwest::Client::builder()
        .local_address(from)
        .timeout(PATIENCE)
        .build()
        .map_err(|error| problem("sign_in")(error.to_string()))?;
    let answer = http
        .post(format!("http://{server}/api/guest"))
        .json(&json!({"name": name}))
        .send()
        .await
        .map_err(|error| problem("sign_in")(error.to_string()))?;
    if answer.status() != 200 {
        let status = answer.status();
        let body = answer.text().await.unwrap_or_default();
        return Err(problem("sign_in")(format!("{status} {body}")));
    }
    answer
        .headers()
        .get("set-cookie")
        .and_then(|cookie| cookie.to_str().ok())
        .and_then(|cookie| cookie.split(';').next())
        .map(str::to_owned)
        .ok_or_else(|| problem("sign_in")("a sign-in without a cookie".to_owned()))
}
