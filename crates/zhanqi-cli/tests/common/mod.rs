//! A real server on `127.0.0.1:0` and clients that speak to it over loopback: HTTP through
//! reqwest with a cookie jar, the WebSocket through tokio-tungstenite, every frame kept.

#![allow(dead_code)]

pub mod leaks;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use zhanqi_server::{Server, ServerConfig};

/// Held by the tests that load both cores for minutes (the browser scenarios, the cluster fire
/// drill), so that they never run beside each other: a node starved of CPU for longer than its
/// lease is a different test (docs/operations.md, "The fire drill").
pub static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// How long a test waits for a frame before it gives up: a guard against hanging, not a
/// measurement (nothing asserts how fast the server is).
const PATIENCE: Duration = Duration::from_secs(60);

/// Where the tests keep their data: PostgreSQL when `ZHANQI_TEST_DATABASE_URL` is set, else a
/// fresh SQLite file.
pub struct Database {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    /// The PostgreSQL schema of this database, dropped with it.
    schema: Option<(String, String)>,
}

impl Database {
    /// A fresh SQLite file in a temporary folder.
    pub fn sqlite() -> Database {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path: PathBuf = dir.path().join("zhanqi.db");
        Database {
            url: format!("sqlite://{}?mode=rwc", path.display()),
            _dir: Some(dir),
            schema: None,
        }
    }

    /// Every database the tests should run on. On PostgreSQL each gets a schema of its own,
    /// so tests and branches that run at once never meet, nor see each other's migrations.
    pub fn all() -> Vec<Database> {
        static SAID: std::sync::Once = std::sync::Once::new();
        let mut databases = vec![Database::sqlite()];
        match std::env::var("ZHANQI_TEST_DATABASE_URL") {
            Ok(base) if !base.is_empty() => databases.push(Database::postgres(&base)),
            _ => zhanqi_core::testkit::skip_once(
                &SAID,
                "the server's PostgreSQL tests",
                "ZHANQI_TEST_DATABASE_URL is not set (they ran on SQLite only)",
                "ZHANQI_REQUIRE_POSTGRES",
            ),
        }
        databases
    }

    fn postgres(base: &str) -> Database {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock after 1970")
            .subsec_nanos();
        let name = format!(
            "zhanqi_server_test_{}_{}_{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        postgres_admin(base, &format!("CREATE SCHEMA {name}"));
        let separator = if base.contains('?') { '&' } else { '?' };
        Database {
            url: format!("{base}{separator}options[search_path]={name}"),
            _dir: None,
            schema: Some((base.to_owned(), name)),
        }
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        if let Some((base, name)) = self.schema.take() {
            postgres_admin(&base, &format!("DROP SCHEMA {name} CASCADE"));
        }
    }
}

/// Runs one statement on PostgreSQL from a thread of its own (callers may be inside a
/// runtime, where blocking on another would panic).
fn postgres_admin(base: &str, statement: &str) {
    let (base, statement) = (base.to_owned(), statement.to_owned());
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            use sqlx::Connection;
            let mut admin = sqlx::postgres::PgConnection::connect(&base)
                .await
                .expect("connect to PostgreSQL");
            sqlx::query(&statement)
                .execute(&mut admin)
                .await
                .unwrap_or_else(|error| panic!("{statement}: {error}"));
            admin.close().await.expect("close");
        });
    })
    .join()
    .expect("the PostgreSQL admin thread");
}

/// Test options: short clocks, AIs that move at once.
pub fn config(database: &Database) -> ServerConfig {
    let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), &database.url);
    config.ai_delay_ms = 0;
    config.ai_think_ms = Some(20);
    config.move_seconds = 600.0;
    config.grace_seconds = 600.0;
    config.login_per_minute = 1000;
    config.guest_per_minute = 1000;
    config.register_per_minute = 1000;
    config.rooms_per_minute = 1000;
    config.open_rooms_per_user = 1000;
    config.messages_per_second = 1000;
    config
}

/// Whether the room state says it is this receiver's turn, with moves to choose from.
pub fn my_turn(room: &Value) -> bool {
    room["phase"] == "playing"
        && room["you"].is_string()
        && room["view"]["to_move"] == room["you"]
        && room["legal"]
            .as_array()
            .is_some_and(|legal| !legal.is_empty())
}

/// A running server, in a runtime of its own so that dropping it stops every room actor at
/// once, as `kill -9` would.
pub struct TestServer {
    pub addr: SocketAddr,
    runtime: Option<tokio::runtime::Runtime>,
    /// Stops it as SIGTERM does; `stopped` completes when it has.
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    stopped: Option<tokio::sync::oneshot::Receiver<()>>,
}

impl TestServer {
    pub fn start(config: ServerConfig) -> TestServer {
        // Built on a thread of its own: a test's async body may not block on another runtime.
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("server runtime");
            let server = runtime
                .block_on(Server::bind(config))
                .expect("the server starts");
            let addr = server.addr();
            let (stop, stop_signal) = tokio::sync::oneshot::channel::<()>();
            let (done, stopped) = tokio::sync::oneshot::channel();
            runtime.spawn(async move {
                let signal = async {
                    // A dropped trigger (the test killed the server) is no signal.
                    if stop_signal.await.is_err() {
                        std::future::pending::<()>().await;
                    }
                };
                let _ = server.run(signal).await;
                let _ = done.send(());
            });
            TestServer {
                addr,
                runtime: Some(runtime),
                stop: Some(stop),
                stopped: Some(stopped),
            }
        })
        .join()
        .expect("the server thread")
    }

    /// Stops the server as SIGTERM does (a cluster node drains), and waits until it has.
    pub async fn stop_gracefully(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(stopped) = self.stopped.take() {
            stopped.await.expect("the server stops");
        }
    }

    /// Stops the server abruptly: no room gets to finish anything.
    pub fn kill(mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A person with a browser: a cookie jar and sockets.
pub struct Person {
    pub http: reqwest::Client,
    pub base: String,
    pub cookie: String,
    pub name: String,
}

impl Person {
    /// Signs in as a guest with (a unique form of) `name`.
    pub async fn guest(server: &TestServer, name: &str) -> Person {
        Person::sign_in(server, "/api/guest", &json!({"name": name}))
            .await
            .unwrap_or_else(|(status, body)| panic!("guest sign-in: {status} {body}"))
    }

    /// Registers an account with a password, and is signed in with it.
    pub async fn register(server: &TestServer, name: &str, password: &str) -> Person {
        let body = json!({"name": name, "password": password});
        Person::sign_in(server, "/api/register", &body)
            .await
            .unwrap_or_else(|(status, body)| panic!("register: {status} {body}"))
    }

    /// Posts `body` to a sign-in endpoint (`/api/guest`, `/api/register`, `/api/login`) from a
    /// new browser; the person signed in, or the refusal's status and body.
    pub async fn sign_in(
        server: &TestServer,
        path: &str,
        body: &Value,
    ) -> Result<Person, (u16, Value)> {
        let base = format!("http://{}", server.addr);
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap();
        let answer = http
            .post(format!("{base}{path}"))
            .json(body)
            .send()
            .await
            .unwrap();
        let status = answer.status().as_u16();
        let cookie = answer.headers().get("set-cookie").map(|cookie| {
            cookie
                .to_str()
                .unwrap()
                .split(';')
                .next()
                .unwrap()
                .to_owned()
        });
        let body: Value = answer.json().await.unwrap();
        match cookie {
            Some(cookie) if status == 200 => Ok(Person {
                http,
                base,
                cookie,
                name: body["user"]["name"].as_str().unwrap().to_owned(),
            }),
            _ => Err((status, body)),
        }
    }

    /// Posts `body` to `path` as this person: the status and the JSON answer.
    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let answer = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", &self.cookie)
            .json(body)
            .send()
            .await
            .unwrap();
        (answer.status().as_u16(), answer.json().await.unwrap())
    }

    /// The same person with a browser pointed at another server address (after a restart).
    pub fn at(&self, server: &TestServer) -> Person {
        Person {
            http: reqwest::Client::new(),
            base: format!("http://{}", server.addr),
            cookie: self.cookie.clone(),
            name: self.name.clone(),
        }
    }

    pub async fn get(&self, path: &str) -> (u16, String) {
        let answer = self
            .http
            .get(format!("{}{path}", self.base))
            .header("cookie", &self.cookie)
            .send()
            .await
            .unwrap();
        (answer.status().as_u16(), answer.text().await.unwrap())
    }

    pub async fn socket(&self) -> Socket {
        let url = self.base.replace("http://", "ws://") + "/ws";
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", self.cookie.parse().unwrap());
        let (stream, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("the WebSocket opens");
        let mut socket = Socket {
            stream,
            frames: Vec::new(),
            next_id: 1,
            backlog: std::collections::VecDeque::new(),
        };
        let hello = socket.next_frame().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        socket
    }
}

type Stream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One WebSocket, with every frame it received kept in `frames`.
pub struct Socket {
    pub stream: Stream,
    pub frames: Vec<Value>,
    next_id: u64,
    backlog: std::collections::VecDeque<Value>,
}

impl Socket {
    /// The next frame (from the backlog first).
    pub async fn next_frame(&mut self) -> Value {
        if let Some(frame) = self.backlog.pop_front() {
            return frame;
        }
        loop {
            let message = tokio::time::timeout(PATIENCE, self.stream.next())
                .await
                .unwrap_or_else(|_| {
                    let last: Vec<&Value> = self.frames.iter().rev().take(3).collect();
                    panic!("no frame arrived; the last ones were {last:#?}")
                })
                .expect("the socket stays open")
                .expect("a readable frame");
            if let Message::Text(text) = message {
                let frame: Value = serde_json::from_str(text.as_str()).expect("frames are JSON");
                self.frames.push(frame.clone());
                return frame;
            }
        }
    }

    /// Sends a raw text frame.
    pub async fn send_text(&mut self, text: &str) {
        self.stream
            .send(Message::Text(text.to_owned().into()))
            .await
            .unwrap();
    }

    /// Sends a command and waits for its `ok` or `error`, keeping other frames in the backlog.
    pub async fn command(&mut self, mut message: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        self.send_text(&message.to_string()).await;
        let mut kept = Vec::new();
        let answer = loop {
            let frame = self.next_frame().await;
            if (frame["type"] == "ok" || frame["type"] == "error") && frame["id"] == json!(id) {
                break frame;
            }
            kept.push(frame);
        };
        for frame in kept.into_iter().rev() {
            self.backlog.push_front(frame);
        }
        answer
    }

    /// A command that must succeed.
    pub async fn ok(&mut self, message: Value) -> Value {
        let answer = self.command(message.clone()).await;
        assert_eq!(answer["type"], "ok", "{message} was refused: {answer}");
        answer
    }

    /// Creates a junqi room of `mode` with base stake `stake` (0: no gold) and joins it.
    pub async fn open_room(&mut self, mode: &str, stake: i64) -> i64 {
        let created = self
            .ok(json!({"type": "create", "game": "junqi", "mode": mode, "stake": stake}))
            .await;
        let room = created["room"].as_i64().expect("a room id");
        self.ok(json!({"type": "join", "room": room})).await;
        room
    }

    /// Joins `room` and takes `seat`.
    pub async fn join_and_sit(&mut self, room: i64, seat: &str) {
        self.ok(json!({"type": "join", "room": room})).await;
        self.ok(json!({"type": "sit", "room": room, "seat": seat}))
            .await;
    }

    /// Reads frames until a `room` frame satisfies `wanted`, and returns it.
    pub async fn room_until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let frame = self.next_frame().await;
            if frame["type"] == "room" && wanted(&frame["room"]) {
                return frame["room"].clone();
            }
        }
    }

    /// The last room state received so far (the server sends a command's new state before
    /// its `ok`, so after [`Socket::ok`] this is that state).
    pub fn last_room(&self) -> Value {
        self.frames
            .iter()
            .rev()
            .find(|frame| frame["type"] == "room")
            .map(|frame| frame["room"].clone())
            .expect("a room frame arrived")
    }
}

/// Sets a person's junqi points and gold, as if they had played and bought before.
pub async fn set_standing(store: &zhanqi_store::Store, name: &str, points: i64, gold: i64) {
    let account = store.account_by_name(name).await.unwrap();
    sqlx::query(
        "INSERT INTO profiles (user_id, game, points) VALUES ($1, 'junqi', $2) \
         ON CONFLICT (user_id, game) DO UPDATE SET points = excluded.points",
    )
    .bind(account.id.0)
    .bind(points)
    .execute(store.pool())
    .await
    .unwrap();
    store
        .add_gold(account.id, gold - account.gold)
        .await
        .unwrap();
}

/// Alice and Bob signed in as guests, in a new 2p room, seated at `s` and `n`, not ready.
pub async fn two_player_room(server: &TestServer) -> (Person, Person, Socket, Socket, i64) {
    let alice = Person::guest(server, "alice").await;
    let bob = Person::guest(server, "bob").await;
    let (mut a, mut b) = (alice.socket().await, bob.socket().await);
    let room = a.open_room("2p", 0).await;
    a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
        .await;
    b.join_and_sit(room, "n").await;
    (alice, bob, a, b, room)
}

/// Plays one quiet move (no attack, when one exists) for whichever of `sockets` is to move,
/// once every one of them has seen `moves` moves completed.
pub async fn quiet_move(sockets: &mut [&mut Socket], room: i64, moves: u64) {
    let at = |state: &Value| state["view"]["moves"] == json!(moves);
    let mut mover = None;
    for (index, socket) in sockets.iter_mut().enumerate() {
        let state = socket.room_until(at).await;
        if my_turn(&state) {
            mover = Some((index, state));
        }
    }
    let (index, state) = mover.expect("one of the sockets is to move");
    let legal = state["legal"].as_array().unwrap();
    let action = legal
        .iter()
        .find(|action| action.as_str().unwrap().contains('-'))
        .unwrap_or(&legal[0])
        .clone();
    sockets[index]
        .ok(json!({"type": "act", "room": room, "action": action}))
        .await;
}

/// A person's profile (`user` of `/api/users/NAME`).
pub async fn profile(person: &Person) -> Value {
    let (status, body) = person.get(&format!("/api/users/{}", person.name)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str::<Value>(&body).unwrap()["user"].clone()
}

/// Results by seat, every seat not named absent.
pub fn results_by_seat(
    seats: &[(zhanqi_core::Seat, zhanqi_core::SeatResult)],
) -> zhanqi_core::BySeat<zhanqi_core::SeatResult> {
    let mut results = zhanqi_core::BySeat::splat(zhanqi_core::SeatResult::Absent);
    for &(seat, result) in seats {
        results[seat] = result;
    }
    results
}

/// The seats of a 4p room, in seat order.
pub const FOUR_SEATS: [&str; 4] = ["s", "e", "n", "w"];

/// Sam, Eve, Ned and Wu signed in as guests, each with a socket.
pub async fn four_people(server: &TestServer) -> (Vec<Person>, Vec<Socket>) {
    let mut people = Vec::new();
    let mut sockets = Vec::new();
    for name in ["sam", "eve", "ned", "wu"] {
        let person = Person::guest(server, name).await;
        sockets.push(person.socket().await);
        people.push(person);
    }
    (people, sockets)
}

/// The first socket opens a 4p room with base stake `stake`; the four sit in seat order and
/// get ready.
pub async fn seat_four_ready(sockets: &mut [Socket], stake: i64) -> i64 {
    let room = sockets[0].open_room("4p", stake).await;
    sockets[0]
        .ok(json!({"type": "sit", "room": room, "seat": FOUR_SEATS[0]}))
        .await;
    for (socket, seat) in sockets.iter_mut().zip(FOUR_SEATS).skip(1) {
        socket.join_and_sit(room, seat).await;
    }
    for socket in sockets.iter_mut() {
        socket.ok(json!({"type": "ready", "room": room})).await;
    }
    room
}

/// The results of a 4p game in which East and West escaped: South and North win.
pub fn east_and_west_escaped() -> zhanqi_core::BySeat<zhanqi_core::SeatResult> {
    use zhanqi_core::{Seat, SeatResult};
    results_by_seat(&[
        (Seat::new(0), SeatResult::Win),
        (Seat::new(1), SeatResult::Escaped),
        (Seat::new(2), SeatResult::Win),
        (Seat::new(3), SeatResult::Escaped),
    ])
}
