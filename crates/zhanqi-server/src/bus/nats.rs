//! The bus of a cluster: nodes that share a PostgreSQL database talk over NATS
//! (docs/server.md, "Scale-out").
//!
//! Subjects (`zq` is the default `--nats-prefix`):
//!
//! * `zq.room.<id>.cmd` (request/reply): the visits of other nodes' connections to a room, served
//!   by the one node that holds the room's lease. A request nobody answers means the room's node
//!   is gone.
//! * `zq.node.<node>.frames`: the frames a room built for one connection of `node`, each
//!   addressed to that connection. The room builds every frame from what that connection's
//!   person may see, as for a local connection, so nothing hidden travels to a node whose
//!   connection may not see it.
//! * `zq.signed_out`: the hash of a session's token when it signs out, so that every node
//!   closes the WebSockets opened with it.
//! * `zq.lobby`: every node's list of its open rooms, on every change and as a heartbeat; a node
//!   silent for three heartbeats is taken for dead, its rooms leave the lobby and its
//!   connections leave the rooms. A draining node says so there, and is handed no room. Each
//!   message names the node's run (a random number drawn at start): a node that restarted
//!   under the same name within three heartbeats is told apart, and its old connections leave
//!   the rooms as a dead node's do.
//! * `zq.taken_over`: a room a node took over from a node that stopped answering, so that the
//!   other nodes' connections that watched it there join it on its new node.
//! * `zq.node.<node>.handover` (request/reply): a draining node hands a room to `node` (whose
//!   lease it already holds), with the room's watchers, so that `node` runs it at once
//!   (crate::drain).
//!
//! A room's commands are a queue-group subscription: while a room moves, its old and new node
//! both listen for a moment, and each command reaches one of them, never both.
//!
//! A reply carries how many frames the room had sent the connection before it, and the
//! connection's node delivers those first: a client that gets `ok` already holds the room its
//! command produced, as on a single node.

use std::collections::{BTreeMap, BTreeSet};
use std::future::IntoFuture;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use async_nats::{Client, RequestErrorKind, Subject};
use futures_util::StreamExt;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};
use zhanqi_store::{GameId, Store, StoreError, UnixMillis, UserId};

use super::{Bus, NO_OWNER, Visit};
use crate::error::ApiError;
use crate::metrics;
use crate::outbox::{self, Close, Frames, Next};
use crate::room::{Outbox, Person, RoomHandle, Watcher};
use crate::state::AppState;
use crate::wire::ClientMessage;
use crate::ws;

/// How long a node waits for another to answer a visit before it calls the room unavailable.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// How long a visitor's node waits for the frames a reply says came before it.
const FRAMES_PATIENCE: Duration = Duration::from_secs(5);

/// How long a draining node waits for another to take one room over.
const HAND_OVER_TIMEOUT: Duration = Duration::from_secs(10);

/// Rooms a draining node hands over at once.
const HAND_OVERS_AT_ONCE: usize = 16;

/// The queue group of every room's command subject.
const ROOM_QUEUE: &str = "room";

/// How long a room that starts waits for NATS to confirm its subscription before it says it
/// answers visits (`Bus::serve`'s `ready`).
const SUBSCRIBE_PATIENCE: Duration = Duration::from_secs(1);

/// The bus over NATS.
pub struct NatsBus {
    me: Weak<NatsBus>,
    client: Client,
    subjects: Subjects,
    node: String,
    store: Store,
    lease: Duration,
    /// The most frames waiting for one guest's forwarder (`--outbox-frames`).
    outbox_frames: usize,
    /// This node's connections that watch rooms other nodes run.
    visitors: Mutex<BTreeMap<(GameId, u64), Visitor>>,
    /// Other nodes' connections that watch rooms this node runs.
    guests: Mutex<BTreeMap<GuestKey, Guest>>,
    /// The other nodes that said they are draining.
    draining_peers: Mutex<BTreeSet<String>>,
    /// This run of the node, drawn at start, so that a restart under the same name is seen.
    run: u64,
    /// The run each other node last said it was.
    peer_runs: Mutex<BTreeMap<String, u64>>,
}

struct Visitor {
    person: Person,
    outbox: Outbox,
    /// The number of the last frame delivered.
    delivered: watch::Sender<u64>,
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct GuestKey {
    room: GameId,
    node: String,
    conn: u64,
}

/// What a guest's forwarder sends after the frames queued before it.
enum Forward {
    /// An answer to a visit, with the reply subject it goes to.
    Answer(Subject, Result<Value, ApiError>),
    /// Nothing: the number of the last frame sent, once every queued frame is (a hand-over).
    Flushed(oneshot::Sender<u64>),
}

/// Where a guest's answers wait for the frames before them.
type Answers = mpsc::UnboundedSender<Forward>;

struct Guest {
    /// The connection's id inside the room's actor (ids are only unique per node).
    local_conn: u64,
    /// Where the room sends the connection's frames: to the forwarder.
    outbox: Outbox,
    /// Answers to send after the frames before them.
    replies: Answers,
}

/// A person on the wire between nodes.
#[derive(Serialize, Deserialize)]
struct WirePerson {
    id: i64,
    name: String,
    guest: bool,
}

impl From<&Person> for WirePerson {
    fn from(person: &Person) -> WirePerson {
        WirePerson {
            id: person.id.0,
            name: person.name.clone(),
            guest: person.guest,
        }
    }
}

impl From<WirePerson> for Person {
    fn from(person: WirePerson) -> Person {
        Person {
            id: UserId(person.id),
            name: person.name,
            guest: person.guest,
        }
    }
}

/// A visit on `zq.room.<id>.cmd`.
#[derive(Serialize, Deserialize)]
struct CommandMessage {
    node: String,
    conn: u64,
    person: WirePerson,
    #[serde(flatten)]
    kind: CommandKind,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum CommandKind {
    Join,
    Request { message: String },
    Disconnect,
}

/// The answer to a visit.
#[derive(Serialize, Deserialize)]
struct ReplyMessage {
    /// How many frames the room had sent the connection before answering.
    frames: u64,
    answer: Result<Value, WireError>,
}

#[derive(Serialize, Deserialize)]
struct WireError {
    code: String,
    message: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    marks: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    reasons: Vec<zhanqi_core::Reason>,
}

/// A frame on `zq.node.<node>.frames`.
#[derive(Serialize, Deserialize)]
struct FrameMessage {
    room: i64,
    conn: u64,
    seq: u64,
    frame: String,
    /// The room's node dropped the connection's frames (its queue filled up): close it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    too_slow: bool,
}

/// A node's open rooms on `zq.lobby`.
#[derive(Serialize, Deserialize)]
struct LobbyMessage {
    node: String,
    rooms: Vec<Value>,
    /// The node is draining: hand it no room.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    draining: bool,
    /// The node's run: another number under the same name means it restarted.
    #[serde(default)]
    run: u64,
}

/// A room a node took over, on `zq.taken_over`.
#[derive(Serialize, Deserialize)]
struct TakenOverMessage {
    room: i64,
    /// The node that runs it now.
    node: String,
}

/// A room handed to a node on `zq.node.<node>.handover`.
#[derive(Serialize, Deserialize)]
struct HandOverMessage {
    room: i64,
    /// The node handing it over.
    from: String,
    watchers: Vec<HandedWatcher>,
}

/// A connection that watched a room handed over: where it is, and the number of the last
/// frame its node got from the room, so that the new node numbers on from it.
#[derive(Serialize, Deserialize)]
struct HandedWatcher {
    node: String,
    conn: u64,
    person: WirePerson,
    seq: u64,
}

/// The answer to a hand-over.
#[derive(Serialize, Deserialize)]
struct HandOverReply {
    taken: bool,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The maps stay consistent even if a holder panicked: every change is one insert or remove.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The subjects of one cluster, under its prefix (`zq` unless configured).
#[derive(Clone)]
struct Subjects {
    prefix: String,
}

impl Subjects {
    fn command(&self, room: GameId) -> String {
        format!("{}.room.{}.cmd", self.prefix, room.0)
    }

    fn frames(&self, node: &str) -> String {
        format!("{}.node.{node}.frames", self.prefix)
    }

    fn lobby(&self) -> String {
        format!("{}.lobby", self.prefix)
    }

    fn signed_out(&self) -> String {
        format!("{}.signed_out", self.prefix)
    }

    fn hand_over(&self, node: &str) -> String {
        format!("{}.node.{node}.handover", self.prefix)
    }

    fn taken_over(&self) -> String {
        format!("{}.taken_over", self.prefix)
    }
}

/// Whether a name can be one token of a subject: 1 to 64 letters, digits, `-` or `_`.
pub fn valid_token(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl NatsBus {
    /// Connects to the NATS server at `url` as node `node`, with subjects under `prefix`,
    /// holding room leases for `lease`; at most `outbox_frames` frames wait for each other
    /// node's connection.
    ///
    /// # Errors
    /// If the server cannot be reached.
    pub async fn connect(
        url: &str,
        prefix: &str,
        node: &str,
        store: Store,
        lease: Duration,
        outbox_frames: usize,
    ) -> Result<Arc<NatsBus>, async_nats::ConnectError> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("zhanqi {node}"))
            .request_timeout(Some(REQUEST_TIMEOUT))
            .connect(url)
            .await?;
        Ok(Arc::new_cyclic(|me| NatsBus {
            me: me.clone(),
            client,
            subjects: Subjects {
                prefix: prefix.to_owned(),
            },
            node: node.to_owned(),
            store,
            lease,
            outbox_frames,
            visitors: Mutex::new(BTreeMap::new()),
            guests: Mutex::new(BTreeMap::new()),
            draining_peers: Mutex::new(BTreeSet::new()),
            run: rand::random(),
            peer_runs: Mutex::new(BTreeMap::new()),
        }))
    }

    /// Starts what runs for the whole node: delivering frames to this node's connections, the
    /// lobby exchange, and the sweep for rooms to take over.
    ///
    /// # Errors
    /// If the subscriptions cannot be made.
    pub async fn start(self: &Arc<NatsBus>, app: &AppState) -> Result<(), async_nats::Error> {
        let frames = self
            .client
            .subscribe(self.subjects.frames(&self.node))
            .await?;
        tokio::spawn(Arc::clone(self).deliver_frames(frames));
        let lobby = self.client.subscribe(self.subjects.lobby()).await?;
        tokio::spawn(Arc::clone(self).exchange_lobby(app.clone(), lobby));
        let signed_out = self.client.subscribe(self.subjects.signed_out()).await?;
        tokio::spawn(close_signed_out(app.clone(), signed_out));
        let hand_overs = self
            .client
            .subscribe(self.subjects.hand_over(&self.node))
            .await?;
        tokio::spawn(Arc::clone(self).accept_hand_overs(app.clone(), hand_overs));
        let taken_over = self.client.subscribe(self.subjects.taken_over()).await?;
        tokio::spawn(Arc::clone(self).follow_takeovers(taken_over));
        tokio::spawn(crate::lease::sweep(
            app.clone(),
            self.heartbeat(),
            self.lease,
        ));
        Ok(())
    }

    /// How often leases are renewed and the lobby sent: a third of the lease.
    fn heartbeat(&self) -> Duration {
        (self.lease / 3).max(Duration::from_millis(100))
    }

    fn expires(&self, now: UnixMillis) -> UnixMillis {
        now.plus_millis(i64::try_from(self.lease.as_millis()).unwrap_or(i64::MAX))
    }

    async fn deliver_frames(self: Arc<NatsBus>, mut frames: async_nats::Subscriber) {
        while let Some(message) = frames.next().await {
            let Ok(frame) = serde_json::from_slice::<FrameMessage>(&message.payload) else {
                tracing::warn!("a frame message that is not one: {:?}", message.payload);
                continue;
            };
            let visitors = lock(&self.visitors);
            if let Some(visitor) = visitors.get(&(GameId(frame.room), frame.conn)) {
                if frame.too_slow {
                    visitor.outbox.close(Close::too_slow());
                    continue;
                }
                // A full outbox closes the connection; the room is told when it has closed.
                let _ = visitor.outbox.send(frame.frame);
                visitor.delivered.send_replace(frame.seq);
            }
        }
    }

    async fn exchange_lobby(self: Arc<NatsBus>, app: AppState, mut lobby: async_nats::Subscriber) {
        let mut version = app.rooms.subscribe();
        let mut tick = tokio::time::interval(self.heartbeat());
        let mut published: Option<Vec<Value>> = None;
        loop {
            tokio::select! {
                message = lobby.next() => {
                    let Some(message) = message else { break };
                    if let Ok(lobby) = serde_json::from_slice::<LobbyMessage>(&message.payload)
                        && lobby.node != self.node
                    {
                        if self.restarted(&lobby.node, lobby.run) {
                            tracing::info!("node {} restarted; its old connections leave this node's rooms", lobby.node);
                            self.drop_guests_of(&app, &lobby.node).await;
                        }
                        let mut draining = lock(&self.draining_peers);
                        if lobby.draining {
                            draining.insert(lobby.node.clone());
                        } else {
                            draining.remove(&lobby.node);
                        }
                        drop(draining);
                        app.rooms.set_remote(&lobby.node, lobby.rooms);
                    }
                    continue;
                }
                changed = version.changed() => {
                    if changed.is_err() { break }
                    let local = app.rooms.local_lobby();
                    if published.as_ref() == Some(&local) {
                        continue;
                    }
                }
                _ = tick.tick() => {
                    for node in app.rooms.forget_remote(3 * self.heartbeat()) {
                        self.drop_guests_of(&app, &node).await;
                    }
                }
            }
            published = Some(self.publish_lobby(&app).await);
        }
    }

    /// Sends this node's open rooms (and whether it drains) to the others; the rooms sent.
    async fn publish_lobby(&self, app: &AppState) -> Vec<Value> {
        let rooms = app.rooms.local_lobby();
        let message = LobbyMessage {
            node: self.node.clone(),
            rooms: rooms.clone(),
            draining: app.draining.is_on(),
            run: self.run,
        };
        match serde_json::to_string(&message) {
            Ok(text) => {
                if let Err(error) = self
                    .client
                    .publish(self.subjects.lobby(), text.into())
                    .await
                {
                    tracing::warn!("could not send the lobby: {error}");
                }
            }
            Err(error) => tracing::error!("could not write the lobby: {error}"),
        }
        rooms
    }

    /// The connections of a node taken for dead leave this node's rooms.
    async fn drop_guests_of(&self, app: &AppState, node: &str) {
        let gone: Vec<(GuestKey, Guest)> = {
            let mut guests = lock(&self.guests);
            let keys: Vec<GuestKey> = guests
                .keys()
                .filter(|key| key.node == node)
                .cloned()
                .collect();
            keys.into_iter()
                .filter_map(|key| guests.remove(&key).map(|guest| (key, guest)))
                .collect()
        };
        for (key, guest) in gone {
            tracing::info!(
                "node {node} went silent; its connection {} leaves room {}",
                key.conn,
                key.room.0
            );
            // A room that closed meanwhile has nobody to tell.
            if let Some(handle) = app.rooms.get(key.room) {
                handle.disconnect(guest.local_conn).await;
            }
        }
    }

    /// Whether `node`'s lobby message of run `run` comes from a new run of a node heard before.
    fn restarted(&self, node: &str, run: u64) -> bool {
        let before = lock(&self.peer_runs).insert(node.to_owned(), run);
        before.is_some_and(|before| before != run)
    }

    /// Lets this node's connections that watched a room on a node that died join it on the
    /// node that took it over (`zq.taken_over`).
    async fn follow_takeovers(self: Arc<NatsBus>, mut taken_over: async_nats::Subscriber) {
        while let Some(message) = taken_over.next().await {
            let Ok(taken) = serde_json::from_slice::<TakenOverMessage>(&message.payload) else {
                tracing::warn!("a takeover message that is not one: {:?}", message.payload);
                continue;
            };
            if taken.node != self.node {
                tokio::spawn(Arc::clone(&self).rejoin_visitors(GameId(taken.room)));
            }
        }
    }

    /// Joins this node's visitors of `room` to the room again, wherever it runs now: its new
    /// node sends each of them the room as it is.
    async fn rejoin_visitors(self: Arc<NatsBus>, room: GameId) {
        let visitors: Vec<(u64, Person)> = lock(&self.visitors)
            .iter()
            .filter(|((id, _), _)| *id == room)
            .map(|((_, conn), visitor)| {
                // The new node numbers this connection's frames from 1 again.
                visitor.delivered.send_replace(0);
                (*conn, visitor.person.clone())
            })
            .collect();
        for (conn, person) in visitors {
            if let Err(error) = self.ask(room, conn, &person, CommandKind::Join).await {
                tracing::info!(
                    "connection {conn} could not join room {} on its new node: {error}",
                    room.0
                );
            }
        }
    }

    /// Completes once the node holding `room`'s lease is gone: the lease lapsed, another
    /// node holds it now, or its node restarted since `runs` (the other nodes' runs when the
    /// visit was sent) and so lost the visit. NATS never answers a request whose receiver died
    /// before replying; this bounds that wait by the lease instead of the request timeout.
    async fn owner_gone(&self, room: GameId, runs: BTreeMap<String, u64>) {
        let mut holder: Option<String> = None;
        loop {
            tokio::time::sleep(self.heartbeat()).await;
            let lease = match self.store.lease(room).await {
                Ok(lease) => lease,
                Err(error) => {
                    tracing::warn!("could not read the lease of room {}: {error}", room.0);
                    continue;
                }
            };
            let Some(lease) = lease.filter(|lease| lease.expires_at > UnixMillis::now()) else {
                return;
            };
            if holder.get_or_insert_with(|| lease.node.clone()) != &lease.node {
                return;
            }
            let run = lock(&self.peer_runs).get(&lease.node).copied();
            if run != runs.get(&lease.node).copied() {
                return;
            }
        }
    }

    /// Serves one room's visits until the lease is lost.
    async fn serve_room(
        self: Arc<NatsBus>,
        room: GameId,
        handle: RoomHandle,
        ready: oneshot::Sender<()>,
    ) {
        let mut commands = match self
            .client
            .queue_subscribe(self.subjects.command(room), ROOM_QUEUE.to_owned())
            .await
        {
            Ok(commands) => {
                // Once NATS has the subscription, a visit from another node finds the room:
                // until then it would find no responder.
                // Bounded: while NATS is away nothing reaches the room anyway.
                match tokio::time::timeout(SUBSCRIBE_PATIENCE, self.client.flush()).await {
                    Ok(Ok(())) => {}
                    Ok(Err(error)) => {
                        tracing::warn!("room {}: could not flush its subscription: {error}", room.0)
                    }
                    Err(_) => {
                        tracing::warn!("room {}: NATS did not confirm its subscription", room.0)
                    }
                }
                let _ = ready.send(());
                commands
            }
            Err(error) => {
                tracing::error!(
                    "room {} cannot take visits from other nodes: {error}",
                    room.0
                );
                std::future::pending::<()>().await;
                return;
            }
        };
        let mut renew = tokio::time::interval(self.heartbeat());
        renew.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                message = commands.next() => {
                    let Some(message) = message else { break };
                    self.serve_command(room, &handle, message).await;
                }
                _ = renew.tick() => {
                    match self.claim_now(room).await {
                        Ok(true) => {}
                        Ok(false) => break,
                        Err(error) => tracing::warn!("could not renew the lease of room {}: {error}", room.0),
                    }
                }
            }
        }
        self.drop_guests_of_room(room);
    }

    fn drop_guests_of_room(&self, room: GameId) {
        lock(&self.guests).retain(|key, _| key.room != room);
    }

    async fn serve_command(&self, room: GameId, handle: &RoomHandle, message: async_nats::Message) {
        metrics::bus_command("received");
        let command: CommandMessage = match serde_json::from_slice(&message.payload) {
            Ok(command) => command,
            Err(error) => {
                tracing::warn!("room {}: a visit that is not one: {error}", room.0);
                if let Some(reply) = message.reply {
                    self.reply_now(reply, 0, Err(ApiError::bad_message("not a visit")))
                        .await;
                }
                return;
            }
        };
        let key = GuestKey {
            room,
            node: command.node,
            conn: command.conn,
        };
        let person = Person::from(command.person);
        match command.kind {
            CommandKind::Join => {
                let (local_conn, outbox, replies) = self.guest(&key, 0);
                let answer = handle.join(local_conn, person, outbox).await;
                if let Some(reply) = message.reply {
                    let _ = replies.send(Forward::Answer(reply, answer));
                }
            }
            CommandKind::Request { message: text } => {
                let guest = lock(&self.guests)
                    .get(&key)
                    .map(|guest| (guest.local_conn, guest.replies.clone()));
                let Some((local_conn, replies)) = guest else {
                    if let Some(reply) = message.reply {
                        let refusal = ApiError::new("no_room", "join the room before acting in it");
                        self.reply_now(reply, 0, Err(refusal)).await;
                    }
                    return;
                };
                let answer = match parse_request(room, &text) {
                    Ok(request) => handle.request(local_conn, person, request).await,
                    Err(error) => Err(error),
                };
                if let Some(reply) = message.reply {
                    let _ = replies.send(Forward::Answer(reply, answer));
                }
            }
            CommandKind::Disconnect => {
                let guest = lock(&self.guests).remove(&key);
                if let Some(guest) = guest {
                    handle.disconnect(guest.local_conn).await;
                }
            }
        }
    }

    /// The guest of a connection, made (with its forwarder, numbering frames on from
    /// `last_frame`) on its first join.
    fn guest(&self, key: &GuestKey, last_frame: u64) -> (u64, Outbox, Answers) {
        let mut guests = lock(&self.guests);
        let guest = guests.entry(key.clone()).or_insert_with(|| {
            let (outbox, frames) = outbox::outbox(self.outbox_frames);
            let (replies, answers) = mpsc::unbounded_channel();
            tokio::spawn(forward(
                self.client.clone(),
                self.subjects.frames(&key.node),
                key.clone(),
                (frames, last_frame),
                answers,
            ));
            Guest {
                local_conn: ws::next_connection_id(),
                outbox,
                replies,
            }
        });
        (
            guest.local_conn,
            guest.outbox.clone(),
            guest.replies.clone(),
        )
    }

    async fn reply_now(&self, to: Subject, frames: u64, answer: Result<Value, ApiError>) {
        publish_reply(&self.client, to, frames, answer).await;
    }

    /// Takes over a room another node hands over, with its watchers; whether it runs here now.
    async fn accept_hand_overs(
        self: Arc<NatsBus>,
        app: AppState,
        mut hand_overs: async_nats::Subscriber,
    ) {
        while let Some(message) = hand_overs.next().await {
            let taken = match serde_json::from_slice::<HandOverMessage>(&message.payload) {
                Ok(hand_over) => self.accept_hand_over(&app, hand_over).await,
                Err(error) => {
                    tracing::warn!("a hand-over that is not one: {error}");
                    false
                }
            };
            if let Some(reply) = message.reply
                && let Ok(text) = serde_json::to_string(&HandOverReply { taken })
                && let Err(error) = self.client.publish(reply, text.into()).await
            {
                tracing::warn!("could not answer a hand-over: {error}");
            }
        }
    }

    async fn accept_hand_over(&self, app: &AppState, hand_over: HandOverMessage) -> bool {
        let room = GameId(hand_over.room);
        let mut arrivals = Vec::new();
        for watcher in hand_over.watchers {
            // This node's own connections are its visitors of the room: the takeover adopts them.
            if watcher.node == self.node {
                continue;
            }
            let key = GuestKey {
                room,
                node: watcher.node,
                conn: watcher.conn,
            };
            let (conn, outbox, _) = self.guest(&key, watcher.seq);
            arrivals.push(Watcher {
                conn,
                person: Person::from(watcher.person),
                outbox,
            });
        }
        match crate::lease::take_over_with(app, room, arrivals).await {
            Ok(true) => {
                metrics::lease_change("handed_in");
                tracing::info!(
                    "node {} handed room {} over to this node",
                    hand_over.from,
                    room.0
                );
                true
            }
            Ok(false) => {
                self.drop_guests_of_room(room);
                false
            }
            Err(error) => {
                tracing::error!("could not take over room {} handed over: {error}", room.0);
                self.drop_guests_of_room(room);
                false
            }
        }
    }

    /// The live nodes a room can go to: heard from lately and not draining.
    fn hand_over_targets(&self, app: &AppState) -> Vec<String> {
        let draining = lock(&self.draining_peers).clone();
        app.rooms
            .remote_nodes()
            .into_iter()
            .filter(|node| !draining.contains(node))
            .collect()
    }

    /// Hands every room of this node to the live nodes in turn; how many went.
    async fn hand_over_all(&self, app: &AppState) -> usize {
        // The others learn at once that this node takes no more rooms.
        self.publish_lobby(app).await;
        let targets = self.hand_over_targets(app);
        let rooms = app.rooms.handles();
        if targets.is_empty() && !rooms.is_empty() {
            tracing::warn!(
                "draining with no other node to hand {} rooms to: they are released for the next node that starts",
                rooms.len()
            );
        }
        let moved = std::sync::atomic::AtomicUsize::new(0);
        futures_util::stream::iter(rooms.into_iter().enumerate())
            .for_each_concurrent(HAND_OVERS_AT_ONCE, |(index, (room, handle))| {
                let target = (!targets.is_empty()).then(|| targets[index % targets.len()].clone());
                let moved = &moved;
                async move {
                    if self.hand_over_room(room, &handle, target.as_deref()).await {
                        moved.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            })
            .await;
        moved.into_inner()
    }

    /// Hands `room` to `target` (or, with none, releases it); whether `target` runs it now.
    async fn hand_over_room(
        &self,
        room: GameId,
        handle: &RoomHandle,
        target: Option<&str>,
    ) -> bool {
        let Some(watchers) = handle.hand_over().await else {
            return false;
        };
        let Some(target) = target else {
            self.release_now(room).await;
            handle.stop().await;
            return false;
        };
        let mut handed = Vec::new();
        for watcher in watchers {
            handed.push(self.hand_over_watcher(room, watcher).await);
        }
        let taken = match self
            .store
            .hand_lease(room, &self.node, target, self.expires(UnixMillis::now()))
            .await
        {
            Ok(true) => self.ask_to_take(room, target, handed).await,
            Ok(false) => false,
            Err(error) => {
                tracing::warn!("could not hand the lease of room {} over: {error}", room.0);
                self.release_now(room).await;
                false
            }
        };
        handle.stop().await;
        if taken {
            metrics::lease_change("handed_out");
        } else {
            tracing::warn!(
                "node {target} did not take room {} over; another will when its lease lapses",
                room.0
            );
        }
        taken
    }

    /// A watcher of a room being handed over, as the new node needs it: another node's
    /// connection with the number of the last frame sent to it, or this node's own connection,
    /// which becomes a visitor of the room until it closes.
    async fn hand_over_watcher(&self, room: GameId, watcher: Watcher) -> HandedWatcher {
        let guest = lock(&self.guests)
            .iter()
            .find(|(key, guest)| key.room == room && guest.local_conn == watcher.conn)
            .map(|(key, guest)| (key.clone(), guest.replies.clone()));
        let person = WirePerson::from(&watcher.person);
        let Some((key, replies)) = guest else {
            lock(&self.visitors).insert(
                (room, watcher.conn),
                Visitor {
                    person: watcher.person,
                    outbox: watcher.outbox,
                    delivered: watch::Sender::new(0),
                },
            );
            return HandedWatcher {
                node: self.node.clone(),
                conn: watcher.conn,
                person,
                seq: 0,
            };
        };
        let (flushed, last_frame) = oneshot::channel();
        let _ = replies.send(Forward::Flushed(flushed));
        let seq = tokio::time::timeout(FRAMES_PATIENCE, last_frame)
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or(0);
        HandedWatcher {
            node: key.node,
            conn: key.conn,
            person,
            seq,
        }
    }

    /// Asks `target`, which now holds the lease, to run `room` with its watchers.
    async fn ask_to_take(&self, room: GameId, target: &str, watchers: Vec<HandedWatcher>) -> bool {
        let message = HandOverMessage {
            room: room.0,
            from: self.node.clone(),
            watchers,
        };
        let Ok(text) = serde_json::to_string(&message) else {
            return false;
        };
        let request = self
            .client
            .request(self.subjects.hand_over(target), text.into());
        match tokio::time::timeout(HAND_OVER_TIMEOUT, request).await {
            Ok(Ok(answer)) => serde_json::from_slice::<HandOverReply>(&answer.payload)
                .is_ok_and(|reply| reply.taken),
            Ok(Err(error)) => {
                tracing::warn!(
                    "node {target} did not answer the hand-over of room {}: {error}",
                    room.0
                );
                false
            }
            Err(_) => false,
        }
    }

    async fn release_now(&self, room: GameId) {
        self.drop_guests_of_room(room);
        match self.store.release_lease(room, &self.node).await {
            Ok(true) => metrics::lease_change("released"),
            Ok(false) => {}
            Err(error) => tracing::warn!("could not release the lease of room {}: {error}", room.0),
        }
    }

    async fn claim_now(&self, room: GameId) -> Result<bool, ApiError> {
        let now = UnixMillis::now();
        match self
            .store
            .acquire_lease(room, &self.node, now, self.expires(now))
            .await
        {
            Ok(_) => Ok(true),
            Err(StoreError::Conflict(_) | StoreError::NotFound(_)) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }

    async fn send_visit(
        &self,
        room: GameId,
        conn: u64,
        person: &Person,
        visit: Visit,
    ) -> Result<Value, ApiError> {
        let kind = match visit {
            Visit::Join(outbox) => {
                lock(&self.visitors).insert(
                    (room, conn),
                    Visitor {
                        person: person.clone(),
                        outbox,
                        delivered: watch::Sender::new(0),
                    },
                );
                CommandKind::Join
            }
            Visit::Request { message, .. } => CommandKind::Request { message },
            Visit::Disconnect => {
                lock(&self.visitors).remove(&(room, conn));
                let command = self.command(conn, person, CommandKind::Disconnect)?;
                // The room's node may be gone; then there is nobody to tell.
                let _ = self
                    .client
                    .publish(self.subjects.command(room), command.into())
                    .await;
                return Ok(serde_json::json!({}));
            }
        };
        let joining = matches!(kind, CommandKind::Join);
        let answer = self.ask(room, conn, person, kind).await;
        if joining && answer.is_err() {
            lock(&self.visitors).remove(&(room, conn));
        }
        answer
    }

    fn command(&self, conn: u64, person: &Person, kind: CommandKind) -> Result<String, ApiError> {
        serde_json::to_string(&CommandMessage {
            node: self.node.clone(),
            conn,
            person: WirePerson::from(person),
            kind,
        })
        .map_err(|error| ApiError::internal("write a visit", error))
    }

    /// Sends a visit and waits for its answer and the frames before it.
    async fn ask(
        &self,
        room: GameId,
        conn: u64,
        person: &Person,
        kind: CommandKind,
    ) -> Result<Value, ApiError> {
        // A join may be sent again; another request may have been carried out.
        let joining = matches!(kind, CommandKind::Join);
        let command = self.command(conn, person, kind)?;
        metrics::bus_command("sent");
        let runs = lock(&self.peer_runs).clone();
        let request = self
            .client
            .request(self.subjects.command(room), command.into())
            .into_future();
        let answer = tokio::select! {
            answer = request => answer,
            () = self.owner_gone(room, runs) => {
                tracing::warn!("room {}: its node stopped before it answered a visit", room.0);
                return Err(if joining {
                    ApiError::new(NO_OWNER, format!("no node runs room {}", room.0))
                } else {
                    ApiError::new(
                        "room_unavailable",
                        format!(
                            "the server running room {} stopped before it answered; join the room again to see whether your command was carried out",
                            room.0
                        ),
                    )
                });
            }
        };
        let message = match answer {
            Ok(message) => message,
            Err(error) if error.kind() == RequestErrorKind::NoResponders => {
                return Err(ApiError::new(
                    NO_OWNER,
                    format!("no node runs room {}", room.0),
                ));
            }
            Err(error) => {
                tracing::warn!("room {}: a visit got no answer: {error}", room.0);
                return Err(ApiError::new(
                    "room_unavailable",
                    format!(
                        "the server running room {} did not answer; try again",
                        room.0
                    ),
                ));
            }
        };
        let reply: ReplyMessage = serde_json::from_slice(&message.payload)
            .map_err(|error| ApiError::internal("read another node's answer", error))?;
        let delivered = lock(&self.visitors)
            .get(&(room, conn))
            .map(|visitor| visitor.delivered.subscribe());
        if let Some(mut delivered) = delivered {
            let frames = reply.frames;
            // A frame lost on the way must not hold the answer back for ever.
            let _ = tokio::time::timeout(FRAMES_PATIENCE, delivered.wait_for(|seq| *seq >= frames))
                .await;
        }
        reply.answer.map_err(|error| {
            ApiError::new(intern_code(&error.code), error.message)
                .marking(error.marks)
                .with_reasons(error.reasons)
        })
    }
}

impl Bus for NatsBus {
    fn claim(&self, room: GameId) -> BoxFuture<'_, Result<bool, ApiError>> {
        Box::pin(async move {
            let claimed = self.claim_now(room).await?;
            if claimed {
                metrics::lease_change("claimed");
            }
            Ok(claimed)
        })
    }

    fn serve(
        &self,
        room: GameId,
        handle: RoomHandle,
        ready: oneshot::Sender<()>,
    ) -> BoxFuture<'static, ()> {
        // The serving task outlives this borrow: it holds the bus through its own `Arc`.
        let Some(bus) = self.me.upgrade() else {
            return Box::pin(std::future::pending());
        };
        Box::pin(bus.serve_room(room, handle, ready))
    }

    fn release(&self, room: GameId) -> BoxFuture<'_, ()> {
        Box::pin(self.release_now(room))
    }

    fn hand_over_rooms<'a>(&'a self, app: &'a AppState) -> BoxFuture<'a, usize> {
        Box::pin(self.hand_over_all(app))
    }

    fn announce_takeover(&self, room: GameId) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let message = TakenOverMessage {
                room: room.0,
                node: self.node.clone(),
            };
            let Ok(text) = serde_json::to_string(&message) else {
                return;
            };
            if let Err(error) = self
                .client
                .publish(self.subjects.taken_over(), text.into())
                .await
            {
                tracing::warn!(
                    "could not announce the takeover of room {}: {error}",
                    room.0
                );
            }
        })
    }

    fn flush(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Err(error) = self.client.flush().await {
                tracing::warn!("could not send the last messages to NATS: {error}");
            }
        })
    }

    fn visit<'a>(
        &'a self,
        room: GameId,
        conn: u64,
        person: &'a Person,
        visit: Visit,
    ) -> BoxFuture<'a, Result<Value, ApiError>> {
        Box::pin(self.send_visit(room, conn, person, visit))
    }

    fn signed_out(&self, session: &str) -> BoxFuture<'_, ()> {
        let session = session.to_owned();
        Box::pin(async move {
            if let Err(error) = self
                .client
                .publish(self.subjects.signed_out(), session.into())
                .await
            {
                tracing::warn!("could not tell the other nodes of a logout: {error}");
            }
        })
    }

    fn adopt(&self, room: GameId) -> Vec<Watcher> {
        let mut visitors = lock(&self.visitors);
        let conns: Vec<u64> = visitors
            .keys()
            .filter(|(id, _)| *id == room)
            .map(|(_, conn)| *conn)
            .collect();
        conns
            .into_iter()
            .filter_map(|conn| {
                let visitor = visitors.remove(&(room, conn))?;
                Some(Watcher {
                    conn,
                    person: visitor.person,
                    outbox: visitor.outbox,
                })
            })
            .collect()
    }
}

/// The request in a client's message about `room`.
fn parse_request(room: GameId, text: &str) -> Result<crate::room::Request, ApiError> {
    let message = ClientMessage::parse(text).map_err(|(error, _)| error)?;
    match ws::room_request(message) {
        Some((id, request)) if id == room => Ok(request),
        _ => Err(ApiError::bad_message(format!(
            "this message is not a request to room {}",
            room.0
        ))),
    }
}

/// Sends a guest's frames to its node in order, and each answer after the frames the room
/// sent before it.
async fn forward(
    client: Client,
    subject: String,
    key: GuestKey,
    (mut frames, last_frame): (Frames, u64),
    mut answers: mpsc::UnboundedReceiver<Forward>,
) {
    let mut seq = last_frame;
    let mut frames_open = true;
    let mut answers_open = true;
    while frames_open || answers_open {
        tokio::select! {
            biased;
            frame = frames.next(), if frames_open => match frame {
                Some(Next::Frame(frame)) => {
                    seq += 1;
                    publish_frame(&client, &subject, &key, seq, frame, false).await;
                }
                Some(Next::Close(_)) => {
                    // Only a full queue closes a guest's outbox: the connection's node closes it.
                    publish_frame(&client, &subject, &key, seq, String::new(), true).await;
                    frames_open = false;
                }
                None => frames_open = false,
            },
            answer = answers.recv(), if answers_open => {
                let Some(answer) = answer else {
                    answers_open = false;
                    continue;
                };
                while let Some(frame) = frames.try_frame() {
                    seq += 1;
                    publish_frame(&client, &subject, &key, seq, frame, false).await;
                }
                match answer {
                    Forward::Answer(to, answer) => publish_reply(&client, to, seq, answer).await,
                    Forward::Flushed(done) => {
                        let _ = done.send(seq);
                    }
                }
            }
        }
    }
}

/// Closes this node's sockets of the sessions other nodes signed out (`zq.signed_out`, the
/// hash of the session's token).
async fn close_signed_out(app: AppState, mut signed_out: async_nats::Subscriber) {
    while let Some(message) = signed_out.next().await {
        if let Ok(session) = std::str::from_utf8(&message.payload) {
            app.connections.close_session(session, &Close::signed_out());
        }
    }
}

async fn publish_frame(
    client: &Client,
    subject: &str,
    key: &GuestKey,
    seq: u64,
    frame: String,
    too_slow: bool,
) {
    let message = FrameMessage {
        room: key.room.0,
        conn: key.conn,
        seq,
        frame,
        too_slow,
    };
    let Ok(text) = serde_json::to_string(&message) else {
        return;
    };
    if let Err(error) = client.publish(subject.to_owned(), text.into()).await {
        tracing::warn!("could not send a frame of room {}: {error}", key.room.0);
    }
}

async fn publish_reply(client: &Client, to: Subject, frames: u64, answer: Result<Value, ApiError>) {
    let reply = ReplyMessage {
        frames,
        answer: answer.map_err(|error| WireError {
            code: error.code.to_owned(),
            message: error.message,
            marks: error.marks,
            reasons: error.reasons,
        }),
    };
    let Ok(text) = serde_json::to_string(&reply) else {
        return;
    };
    if let Err(error) = client.publish(to, text.into()).await {
        tracing::warn!("could not answer a visit: {error}");
    }
}

/// The code of an error another node answered, as the `&'static str` an [`ApiError`] holds:
/// one of the protocol's codes ([`crate::error::CODES`]); anything else becomes `internal`.
fn intern_code(code: &str) -> &'static str {
    crate::error::CODES
        .iter()
        .find(|known| **known == code)
        .copied()
        .unwrap_or("internal")
}

#[cfg(test)]
mod tests {
    use super::{intern_code, valid_token};

    #[test]
    fn codes_from_other_nodes_are_the_protocols_and_odd_ones_become_internal() {
        assert_eq!(intern_code(&String::from("seat_taken")), "seat_taken");
        assert_eq!(intern_code("no_such_code"), "internal");
        assert_eq!(intern_code("Seat Taken!"), "internal");
        assert_eq!(intern_code(""), "internal");
        assert_eq!(intern_code(&"x".repeat(41)), "internal");
    }

    #[test]
    fn node_names_are_single_subject_tokens() {
        assert!(valid_token("web-1"));
        assert!(valid_token("node_0f"));
        assert!(!valid_token(""));
        assert!(!valid_token("a.b"));
        assert!(!valid_token("a*"));
        assert!(!valid_token(&"n".repeat(65)));
    }
}
