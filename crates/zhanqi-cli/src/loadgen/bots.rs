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

/// How long a bot whose socket dropped, or whose room's node stopped, keeps trying to get back
/// into its room before it counts the game lost.
const RESUME_PATIENCE: Duration = Duration::from_secs(20);

/// The first pause before a bot tries again to reconnect or rejoin; it doubles up to
/// [`MOST_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MOST_BACKOFF: Duration = Duration::from_millis(800);

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
    /// Every acknowledged move, when `--acks` asks for them.
    pub(super) acks: Option<Acks>,
}

impl Plan {
    fn measuring(&self, at: Instant) -> bool {
        at >= self.measure_from && at < self.stop_at
    }
}

/// The acknowledged moves of a run, one JSON line each: the room, the number of moves before
/// it, the action and when its `ok` arrived (Unix milliseconds).
#[derive(Default)]
pub(super) struct Acks(std::sync::Mutex<Vec<String>>);

impl Acks {
    fn record(&self, room: i64, moves: u64, action: &str) {
        let at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_millis());
        let line = json!({"room": room, "move": moves, "action": action, "at": at}).to_string();
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(line);
    }

    /// Writes the lines to `path`.
    pub(super) fn write(&self, path: &std::path::Path) -> std::io::Result<()> {
        let lines = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut text = lines.join("\n");
        text.push('\n');
        std::fs::write(path, text)
    }
}

/// Plays games with one pair of bots until the plan's end; a failure is counted by its kind.
pub(super) async fn play_pair(plan: &Plan, index: usize) {
    if let Err(problem) = play_games(plan, index).await {
        plan.tally.error(problem.kind, &problem.detail);
    }
}

/// A failure of a pair: a short kind for the tally, what happened, and which bot of the pair
/// met it when a bot of the pair can come back from it.
struct Problem {
    kind: &'static str,
    detail: String,
    /// The bot (0 or 1) whose socket dropped or whose room's node stopped: it reconnects or
    /// joins its room again.
    comes_back: Option<usize>,
}

impl Problem {
    fn of_bot(mut self, bot: usize) -> Problem {
        if matches!(self.kind, "socket" | "unavailable") {
            self.comes_back = Some(bot);
        }
        self
    }
}

fn problem(kind: &'static str) -> impl Fn(String) -> Problem {
    move |detail| Problem {
        kind,
        detail,
        comes_back: None,
    }
}

/// The error codes after which a command may work when sent again, once the room runs on a
/// live node: the room's node stopped or the room is moving, the connection's place in the
/// room was lost with the node, or the node could not reach the store meanwhile.
fn try_again(code: &str) -> bool {
    matches!(
        code,
        "room_unavailable" | "room_moving" | "no_room" | "internal"
    )
}

async fn play_games(plan: &Plan, index: usize) -> Result<(), Problem> {
    let mut bots = [
        Bot::sign_in(plan, 2 * index).await?,
        Bot::sign_in(plan, 2 * index + 1).await?,
    ];
    let mut dice = StdRng::seed_from_u64(plan.seed ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let mut creator = 0;
    while Instant::now() < plan.stop_at {
        let room = match open_game(plan, &mut bots, creator).await {
            Ok(room) => room,
            Err(problem) if problem.comes_back.is_some() => {
                // A game that had not started yet: the pair opens another.
                plan.tally.setup_abandoned();
                for bot in &mut bots {
                    bot.room = None;
                    if bot.broken {
                        bot.reconnect(plan).await?;
                    }
                }
                continue;
            }
            Err(problem) => return Err(problem),
        };
        plan.tally.game_started();
        for bot in &mut bots {
            bot.last_seen = Some(Instant::now());
        }
        let played = play_game(plan, &mut bots, room, &mut dice).await;
        for bot in &mut bots {
            bot.last_seen = None;
            plan.tally
                .without_room(std::mem::take(&mut bot.longest_gap));
        }
        played?;
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
        .await
        .map_err(|problem| problem.of_bot(creator))?;
    let room = created["room"]
        .as_i64()
        .ok_or_else(|| problem("protocol")(format!("a create answered {created}")))?;
    for (number, bot) in bots.iter_mut().enumerate() {
        bot.room = Some(room);
        bot.ok(json!({"type": "join", "room": room}))
            .await
            .map_err(|problem| problem.of_bot(number))?;
    }
    let seats: Vec<String> = bots[0]
        .state_until(|state| !state.seats.is_empty())
        .await
        .map_err(|problem| problem.of_bot(0))?
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
    for (number, (bot, seat)) in bots.iter_mut().zip(&seats).enumerate() {
        bot.ok(json!({"type": "sit", "room": room, "seat": seat}))
            .await
            .map_err(|problem| problem.of_bot(number))?;
    }
    for (number, bot) in bots.iter_mut().enumerate() {
        bot.ok(json!({"type": "ready", "room": room}))
            .await
            .map_err(|problem| problem.of_bot(number))?;
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

/// What one step of a game came to.
enum Step {
    /// A move was acknowledged (or the bots caught up with each other).
    Went,
    /// The game is over, or the plan's end came.
    Done,
}

/// Plays one game to its end (or the plan's). A bot whose socket drops reconnects, and a bot
/// whose room's node stopped joins the room again; then the game goes on from the room as
/// the server has it, which holds every acknowledged move.
async fn play_game(
    plan: &Plan,
    bots: &mut [Bot; 2],
    room: i64,
    dice: &mut StdRng,
) -> Result<(), Problem> {
    let mut known = 0;
    loop {
        match play_step(plan, bots, room, dice, &mut known).await {
            Ok(Step::Went) => {}
            Ok(Step::Done) => return Ok(()),
            Err(Problem {
                comes_back: Some(number),
                detail,
                ..
            }) => {
                if !bots[number].come_back(plan, room, &detail).await? {
                    return Ok(());
                }
            }
            Err(problem) => return Err(problem),
        }
    }
}

/// One step of a game: the bot to move waits its pause, sends a random legal move; the time
/// until the other bot has the new position is the round trip, and until the mover's `ok` the
/// acknowledgement.
async fn play_step(
    plan: &Plan,
    bots: &mut [Bot; 2],
    room: i64,
    dice: &mut StdRng,
    known: &mut u64,
) -> Result<Step, Problem> {
    let caught_up = |state: &RoomState| state.progress().is_some_and(|moves| moves >= *known);
    let first = bots[0]
        .state_until(caught_up)
        .await
        .map_err(|problem| problem.of_bot(0))?;
    let second = bots[1]
        .state_until(caught_up)
        .await
        .map_err(|problem| problem.of_bot(1))?;
    if first.progress() != second.progress() {
        *known = first.progress().max(second.progress()).unwrap_or(*known);
        return Ok(Step::Went);
    }
    if first.phase == "over" {
        plan.tally.game_finished();
        return Ok(Step::Done);
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
    let moves = state.progress().unwrap_or(*known);
    let pause = Duration::from_millis(dice.random_range(plan.pace_ms.0..=plan.pace_ms.1));
    let woken = Instant::now() + pause;
    if woken >= plan.stop_at {
        tokio::time::sleep_until(plan.stop_at.into()).await;
        return Ok(Step::Done);
    }
    tokio::time::sleep_until(woken.into()).await;
    let sent = Instant::now();
    let measured = plan.measuring(sent);
    if measured {
        plan.tally.timer_lag(sent - woken);
        plan.tally.offered();
    }
    let [first, second] = bots;
    let (mover_bot, other_bot) = if mover == 0 {
        (first, second)
    } else {
        (second, first)
    };
    let id = mover_bot
        .send(json!({"type": "act", "room": room, "action": action}))
        .await
        .map_err(|problem| problem.of_bot(mover))?;
    // The opponent's new position and the mover's answer, whichever comes first: an answer
    // that is not `ok` means the opponent may never see the move.
    let seen = other_bot.state_until(|state| state.progress().is_some_and(|seen| seen > moves));
    let answered = mover_bot.answer(id);
    tokio::pin!(seen, answered);
    let (round_trip, answer) = tokio::select! {
        biased;
        seen_now = &mut seen => {
            seen_now.map_err(|problem| problem.of_bot(1 - mover))?;
            let round_trip = sent.elapsed();
            (Some(round_trip), (&mut answered).await.map_err(|problem| problem.of_bot(mover))?)
        }
        answer = &mut answered => (None, answer.map_err(|problem| problem.of_bot(mover))?),
    };
    let acknowledged = sent.elapsed();
    if answer["type"] != "ok" {
        let code = answer["code"].as_str().unwrap_or_default();
        let kind = if try_again(code) {
            "unavailable"
        } else {
            "refused"
        };
        return Err(problem(kind)(format!(
            "room {room}: the move {action} was answered {answer}"
        ))
        .of_bot(mover));
    }
    if let Some(acks) = &plan.acks {
        acks.record(room, moves, &action);
    }
    let round_trip = match round_trip {
        Some(round_trip) => round_trip,
        None => {
            (&mut seen)
                .await
                .map_err(|problem| problem.of_bot(1 - mover))?;
            sent.elapsed()
        }
    };
    if measured {
        plan.tally.served(round_trip, acknowledged);
    }
    *known = moves + 1;
    Ok(Step::Went)
}

/// The loopback address bot `bot` connects from: 127.10.0.0 and up, one each.
fn address(bot: usize) -> IpAddr {
    let [_, high, middle, low] = u32::try_from(bot).unwrap_or(u32::MAX).to_be_bytes();
    IpAddr::V4(Ipv4Addr::new(127, 10u8.saturating_add(high), middle, low))
}

/// A signed-in guest with its socket, keeping the last state of its room.
struct Bot {
    /// The bot's number in the run: its address and first server.
    number: usize,
    /// The session cookie, kept to reconnect as the same guest.
    cookie: String,
    ws: WebSocketStream<TcpStream>,
    /// The socket dropped: the bot reconnects before anything else.
    broken: bool,
    next_id: u64,
    room: Option<i64>,
    state: Arc<RoomState>,
    /// While a game is on, when the last room frame of it arrived.
    last_seen: Option<Instant>,
    /// The longest time this game went without a room frame.
    longest_gap: Duration,
}

impl Bot {
    /// Signs in guest `bot` and opens its WebSocket, on the server its place picks.
    async fn sign_in(plan: &Plan, bot: usize) -> Result<Bot, Problem> {
        // Game `bot / 2` opens on node `bot / 2` (in turn), its second bot on the next node:
        // the rooms spread over the nodes, and every move crosses between two of them.
        let server = plan.servers[(bot / 2 + bot % 2) % plan.servers.len()];
        let cookie = guest(
            address(bot),
            server,
            &format!("lg{:x}-{bot}", plan.run_tag % 0xFFFF),
        )
        .await?;
        let ws = open_socket(address(bot), server, &cookie).await?;
        let mut bot = Bot {
            number: bot,
            cookie,
            ws,
            broken: false,
            next_id: 1,
            room: None,
            state: Arc::default(),
            last_seen: None,
            longest_gap: Duration::ZERO,
        };
        bot.hello().await?;
        Ok(bot)
    }

    /// Reads the `hello` that opens every socket.
    async fn hello(&mut self) -> Result<(), Problem> {
        let hello = self.frame().await?;
        if hello.kind != "hello" {
            return Err(problem("protocol")(format!(
                "the first frame was {}",
                hello.text.as_str()
            )));
        }
        Ok(())
    }

    /// Opens a new socket as the same guest, trying the servers in turn with a growing pause,
    /// as a browser does after a drop.
    async fn reconnect(&mut self, plan: &Plan) -> Result<(), Problem> {
        let given_up = Instant::now() + RESUME_PATIENCE;
        let mut backoff = FIRST_BACKOFF;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let server = plan.servers[(self.number + attempt) % plan.servers.len()];
            let opened = match open_socket(address(self.number), server, &self.cookie).await {
                Ok(ws) => {
                    self.ws = ws;
                    self.broken = false;
                    self.hello().await
                }
                Err(problem) => Err(problem),
            };
            match opened {
                Ok(()) => {
                    plan.tally.reconnected();
                    return Ok(());
                }
                Err(failure) if Instant::now() >= given_up => {
                    return Err(problem("lost_room")(format!(
                        "no socket again within {RESUME_PATIENCE:?}: {}",
                        failure.detail
                    )));
                }
                Err(_) => {
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MOST_BACKOFF);
                }
            }
        }
    }

    /// Gets back into `room` after `what` went wrong: a new socket if the old one dropped,
    /// then joins until the room's node (a new one, if its node stopped) lets it in. `false`
    /// when the plan's end came first.
    async fn come_back(&mut self, plan: &Plan, room: i64, what: &str) -> Result<bool, Problem> {
        let noticed = Instant::now();
        let given_up = noticed + RESUME_PATIENCE;
        let mut backoff = FIRST_BACKOFF;
        loop {
            if Instant::now() >= plan.stop_at {
                return Ok(false);
            }
            if Instant::now() >= given_up {
                return Err(problem("lost_room")(format!(
                    "room {room} after {what}: the bot could not join it again within {RESUME_PATIENCE:?}"
                )));
            }
            if self.broken {
                self.reconnect(plan).await?;
            }
            let id = match self.send(json!({"type": "join", "room": room})).await {
                Ok(id) => id,
                Err(_) => continue,
            };
            let answer = match self.answer(id).await {
                Ok(answer) => answer,
                Err(problem) if problem.kind == "socket" => continue,
                Err(problem) => return Err(problem),
            };
            if answer["type"] == "ok" {
                plan.tally.resumed(noticed.elapsed());
                return Ok(true);
            }
            let code = answer["code"].as_str().unwrap_or_default();
            if !try_again(code) {
                return Err(problem("lost_room")(format!(
                    "room {room} after {what}: a join was answered {answer}"
                )));
            }
            if Instant::now() >= given_up {
                return Err(problem("lost_room")(format!(
                    "room {room} after {what}: no node let the bot in within {RESUME_PATIENCE:?}; the last answer was {answer}"
                )));
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MOST_BACKOFF);
        }
    }

    async fn send(&mut self, mut message: Value) -> Result<u64, Problem> {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        if let Err(error) = self
            .ws
            .send(Message::Text(message.to_string().into()))
            .await
        {
            self.broken = true;
            return Err(problem("socket")(error.to_string()));
        }
        Ok(id)
    }

    /// The next text frame; a `room` frame of the followed room is kept as its state.
    async fn frame(&mut self) -> Result<Frame, Problem> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .map_err(|_| problem("stall")(format!("no frame for {PATIENCE:?}")))?;
            let message = match message {
                Some(Ok(message)) => message,
                Some(Err(error)) => {
                    self.broken = true;
                    return Err(problem("socket")(error.to_string()));
                }
                None => {
                    self.broken = true;
                    return Err(problem("socket")("the server closed the socket".to_owned()));
                }
            };
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
                        self.note_room_frame();
                    }
                }
                let (kind, id) = (head.kind.into_owned(), head.id);
                return Ok(Frame { kind, id, text });
            }
        }
    }

    /// Keeps the longest time the game went without a frame of its room.
    fn note_room_frame(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last_seen.replace(now) {
            self.longest_gap = self.longest_gap.max(now - last);
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
            return Ok(answer);
        }
        let kind = if try_again(answer["code"].as_str().unwrap_or_default()) {
            "unavailable"
        } else {
            "refused"
        };
        Err(problem(kind)(format!("{message} was answered {answer}")))
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

/// Opens a WebSocket to `server` from `from` with the session `cookie`.
async fn open_socket(
    from: IpAddr,
    server: SocketAddr,
    cookie: &str,
) -> Result<WebSocketStream<TcpStream>, Problem> {
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
    Ok(ws)
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
