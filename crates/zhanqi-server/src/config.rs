//! The server's options: every flag is also an environment variable `ZHANQI_…`.

use std::net::SocketAddr;
use std::path::PathBuf;

/// How `zhanqi serve` runs.
#[derive(Clone, Debug, clap::Args)]
pub struct ServerConfig {
    /// The address to listen on; `127.0.0.1:0` picks a free port (printed on start).
    #[arg(long, env = "ZHANQI_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// The database: `sqlite:FILE` (created if missing) or `postgres://…`.
    #[arg(
        long,
        env = "ZHANQI_DATABASE_URL",
        default_value = zhanqi_store::DEFAULT_DATABASE_URL
    )]
    pub database_url: String,

    /// Seconds each player has for a move (the rules say 30; tests make it short).
    #[arg(long, env = "ZHANQI_MOVE_SECONDS", default_value_t = 30.0)]
    pub move_seconds: f64,

    /// Seconds a seated player whose connection dropped may take to come back before the seat
    /// escapes.
    #[arg(long, env = "ZHANQI_GRACE_SECONDS", default_value_t = 60.0)]
    pub grace_seconds: f64,

    /// Milliseconds an AI waits before it moves, so that people can follow the game.
    #[arg(long, env = "ZHANQI_AI_DELAY_MS", default_value_t = 600)]
    pub ai_delay_ms: u64,

    /// Caps the thinking time of the search levels (`hard`, `expert`) in milliseconds, for
    /// small machines and tests; unset, each level thinks as docs/ai.md says.
    #[arg(long, env = "ZHANQI_AI_THINK_MS")]
    pub ai_think_ms: Option<u32>,

    /// Failed logins allowed per address (IPv6: per /64) per minute; a successful login
    /// counts half.
    #[arg(long, env = "ZHANQI_LOGIN_PER_MINUTE", default_value_t = 20)]
    pub login_per_minute: u32,

    /// Guest sign-ins allowed per address (IPv6: per /64) per minute.
    #[arg(long, env = "ZHANQI_GUEST_PER_MINUTE", default_value_t = 20)]
    pub guest_per_minute: u32,

    /// Registrations allowed per address (IPv6: per /64) per minute.
    #[arg(long, env = "ZHANQI_REGISTER_PER_MINUTE", default_value_t = 10)]
    pub register_per_minute: u32,

    /// Failed logins to one account (from any address) within `--login-failure-minutes`
    /// after which it refuses logins, even with the right password, until that window passes.
    #[arg(long, env = "ZHANQI_ACCOUNT_LOGIN_FAILURES", default_value_t = 10)]
    pub account_login_failures: u32,

    /// The window, in minutes, in which `--account-login-failures` failures lock an account.
    #[arg(long, env = "ZHANQI_LOGIN_FAILURE_MINUTES", default_value_t = 15.0)]
    pub login_failure_minutes: f64,

    /// Addresses (or account names) each sign-in limiter remembers at most; past it, sign-ins
    /// from new addresses are refused until old entries expire.
    #[arg(long, env = "ZHANQI_LIMITER_KEYS", default_value_t = 100_000)]
    pub limiter_keys: usize,

    /// Rooms a user may create per minute.
    #[arg(long, env = "ZHANQI_ROOMS_PER_MINUTE", default_value_t = 6)]
    pub rooms_per_minute: u32,

    /// Minutes a room that has not started may go without a seated person present (connected)
    /// before it closes as abandoned; also counted across restarts.
    #[arg(long, env = "ZHANQI_ABANDONED_ROOM_MINUTES", default_value_t = 10.0)]
    pub abandoned_room_minutes: f64,

    /// Rooms one user may have open (created, not started, not closed) at once; creating one
    /// more is refused.
    #[arg(long, env = "ZHANQI_OPEN_ROOMS_PER_USER", default_value_t = 3)]
    pub open_rooms_per_user: u64,

    /// Rooms the lobby lists at most (oldest first); the others can still be joined by id.
    #[arg(long, env = "ZHANQI_LOBBY_ROOMS", default_value_t = 200)]
    pub lobby_rooms: usize,

    /// WebSocket messages one connection may send per second (bursts of twice as many).
    #[arg(long, env = "ZHANQI_MESSAGES_PER_SECOND", default_value_t = 20)]
    pub messages_per_second: u32,

    /// Gold a new account starts with.
    #[arg(long, env = "ZHANQI_START_GOLD", default_value_t = 1000)]
    pub start_gold: i64,

    /// Extra origins (`http://host:port`) allowed to open the WebSocket, besides the served
    /// host itself.
    #[arg(
        long = "allow-origin",
        env = "ZHANQI_ALLOW_ORIGINS",
        value_delimiter = ','
    )]
    pub allow_origins: Vec<String>,

    /// Serve the browser client from this folder instead of the copy built into the binary.
    #[arg(long, env = "ZHANQI_WEB_DIR")]
    pub web_dir: Option<PathBuf>,

    /// Join a cluster of nodes over this NATS server (`nats://host:4222`); needs a PostgreSQL
    /// database shared by every node. Unset, this node runs every room itself.
    #[arg(long, env = "ZHANQI_NATS_URL")]
    pub nats_url: Option<String>,

    /// The first token of every NATS subject the cluster uses, so that several clusters (or
    /// test runs) can share one NATS server.
    #[arg(long, env = "ZHANQI_NATS_PREFIX", default_value = "zq")]
    pub nats_prefix: String,

    /// This node's name in a cluster (letters, digits, `-` and `_`); unset, a random one.
    #[arg(long, env = "ZHANQI_NODE_ID")]
    pub node_id: Option<String>,

    /// Seconds a node's lease on a room lasts unless renewed; another node takes the room over
    /// this long after its node died.
    #[arg(long, env = "ZHANQI_LEASE_SECONDS", default_value_t = 15.0)]
    pub lease_seconds: f64,

    /// Seconds a cluster node stopping (SIGTERM, Ctrl-C) may take to hand its rooms to the
    /// other nodes and close its sockets; a room not handed over by then is taken over when
    /// its lease lapses. A single node stops at once.
    #[arg(long, env = "ZHANQI_DRAIN_SECONDS", default_value_t = 30.0)]
    pub drain_seconds: f64,

    /// Proxies (IP addresses or CIDR blocks) whose `X-Forwarded-For`, `Forwarded` and
    /// `X-Forwarded-Proto` are believed; unset, every such header is ignored.
    #[arg(
        long = "trusted-proxy",
        env = "ZHANQI_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<crate::address::TrustedProxy>,

    /// Mark the session cookie `Secure` always (the site is served over HTTPS); without it,
    /// only when a trusted proxy says the request came over HTTPS.
    #[arg(long, env = "ZHANQI_SECURE_COOKIES")]
    pub secure_cookies: bool,

    /// Frames waiting to be sent to one WebSocket; a client that falls this far behind is
    /// disconnected rather than buffered.
    #[arg(long, env = "ZHANQI_OUTBOX_FRAMES", default_value_t = 256)]
    pub outbox_frames: usize,

    /// Seconds a client may take to send a request's headers (also an idle keep-alive
    /// connection's wait for its next request) before the connection is closed.
    #[arg(long, env = "ZHANQI_HEADER_TIMEOUT_SECONDS", default_value_t = 10.0)]
    pub header_timeout_seconds: f64,

    /// Seconds a WebSocket may stay without any frame from its client (a pong counts) before
    /// it is closed.
    #[arg(long, env = "ZHANQI_WS_IDLE_SECONDS", default_value_t = 60.0)]
    pub ws_idle_seconds: f64,

    /// Seconds between the server's pings on each WebSocket.
    #[arg(long, env = "ZHANQI_WS_PING_SECONDS", default_value_t = 20.0)]
    pub ws_ping_seconds: f64,

    /// TCP connections (WebSockets included) served at once; lowered at start to stay below
    /// the process's limit of open files.
    #[arg(long, env = "ZHANQI_MAX_CONNECTIONS", default_value_t = 4096)]
    pub max_connections: usize,

    /// WebSockets one user may have open on a node; one more is refused.
    #[arg(long, env = "ZHANQI_WS_PER_USER", default_value_t = 8)]
    pub ws_per_user: usize,

    /// WebSockets one address (IPv6: one /64) may have open on a node; one more is refused.
    #[arg(long, env = "ZHANQI_WS_PER_ADDRESS", default_value_t = 64)]
    pub ws_per_address: usize,
}

impl ServerConfig {
    /// The defaults, listening on `bind` with the database at `database_url`.
    #[must_use]
    pub fn new(bind: SocketAddr, database_url: &str) -> ServerConfig {
        ServerConfig {
            bind,
            database_url: database_url.to_owned(),
            move_seconds: 30.0,
            grace_seconds: 60.0,
            ai_delay_ms: 600,
            ai_think_ms: None,
            login_per_minute: 20,
            guest_per_minute: 20,
            register_per_minute: 10,
            account_login_failures: 10,
            login_failure_minutes: 15.0,
            limiter_keys: 100_000,
            rooms_per_minute: 6,
            abandoned_room_minutes: 10.0,
            open_rooms_per_user: 3,
            lobby_rooms: 200,
            messages_per_second: 20,
            start_gold: 1000,
            allow_origins: Vec::new(),
            web_dir: None,
            nats_url: None,
            nats_prefix: "zq".to_owned(),
            node_id: None,
            lease_seconds: 15.0,
            drain_seconds: 30.0,
            trusted_proxies: Vec::new(),
            secure_cookies: false,
            outbox_frames: 256,
            header_timeout_seconds: 10.0,
            ws_idle_seconds: 60.0,
            ws_ping_seconds: 20.0,
            max_connections: 4096,
            ws_per_user: 8,
            ws_per_address: 64,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Args;

    use super::ServerConfig;

    /// docs/operations.md lists every setting, by its flag and its environment variable.
    #[test]
    fn the_operations_guide_lists_every_setting() {
        let guide = include_str!("../../../docs/operations.md");
        let command = ServerConfig::augment_args(clap::Command::new("serve"));
        let mut missing = Vec::new();
        for argument in command.get_arguments() {
            let flag = format!(
                "`--{}`",
                argument.get_long().expect("every setting is a flag")
            );
            let variable = argument
                .get_env()
                .map(|env| format!("`{}`", env.to_string_lossy()))
                .expect("every setting is an environment variable");
            for name in [flag, variable] {
                if !guide.contains(&name) {
                    missing.push(name);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "docs/operations.md does not list {missing:?}"
        );
    }
}
