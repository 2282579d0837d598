//! What every handler shares: the store, the options, the rooms and the rate limiters.

use std::collections::BTreeMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::watch;
use zhanqi_store::{GameId, Store, UserId};

use crate::bus::{Bus, LocalBus};
use crate::config::ServerConfig;
use crate::connections::Connections;
use crate::drain::Draining;
use crate::room::RoomHandle;
use crate::sign_in_limits::SignInLimits;

/// How often the keyed limiters forget the keys they no longer need.
const LIMITER_UPKEEP: Duration = Duration::from_secs(60);

/// The shared state of the server, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The options.
    pub config: Arc<ServerConfig>,
    /// The live rooms and the lobby.
    pub rooms: Rooms,
    /// Sign-ins per address and kind, and failed logins per account.
    pub sign_in: Arc<SignInLimits>,
    /// Room creations per user.
    pub room_limit: Arc<DefaultKeyedRateLimiter<UserId>>,
    /// How connections reach rooms other nodes run, and which node runs a room.
    pub bus: Arc<dyn Bus>,
    /// This node's open WebSockets: caps per user and address, and each session's sockets.
    pub connections: Arc<Connections>,
    /// Whether this node is stopping: it takes no room over and its sockets close.
    pub draining: Arc<Draining>,
}

impl AppState {
    /// The state of a server with these options over `store`.
    #[must_use]
    pub fn new(store: Store, config: ServerConfig) -> AppState {
        let per_minute =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN));
        AppState {
            store,
            sign_in: Arc::new(SignInLimits::new(&config)),
            room_limit: Arc::new(RateLimiter::keyed(per_minute(config.rooms_per_minute))),
            connections: Arc::new(Connections::new(config.ws_per_user, config.ws_per_address)),
            rooms: Rooms::listing_at_most(config.lobby_rooms),
            config: Arc::new(config),
            bus: Arc::new(LocalBus),
            draining: Arc::new(Draining::default()),
        }
    }

    /// The same state on another bus (a cluster's).
    #[must_use]
    pub fn with_bus(self, bus: Arc<dyn Bus>) -> AppState {
        AppState { bus, ..self }
    }

    /// Sweeps the keyed limiters every minute, so that their memory stays bounded; the task
    /// ends when the state is dropped.
    pub fn spawn_limiter_upkeep(&self) {
        let sign_in = Arc::downgrade(&self.sign_in);
        let room_limit = Arc::downgrade(&self.room_limit);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(LIMITER_UPKEEP);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                let (Some(sign_in), Some(room_limit)) = (sign_in.upgrade(), room_limit.upgrade())
                else {
                    return;
                };
                sign_in.sweep();
                room_limit.retain_recent();
                room_limit.shrink_to_fit();
            }
        });
    }
}

/// The live rooms by id, with the lobby's summaries and a version that changes with them.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Mutex<RoomsInner>>,
    version: watch::Sender<u64>,
    /// The most rooms the lobby lists, so that its frame stays bounded.
    listed: usize,
}

struct RoomsInner {
    handles: BTreeMap<GameId, RoomHandle>,
    summaries: BTreeMap<GameId, serde_json::Value>,
    /// Other nodes' open rooms, by node, with when the node last sent them.
    remote: BTreeMap<String, (Instant, Vec<serde_json::Value>)>,
}

impl Default for Rooms {
    fn default() -> Rooms {
        Rooms::listing_at_most(usize::MAX)
    }
}

impl Rooms {
    /// No rooms yet; the lobby will list at most `listed` of them.
    #[must_use]
    pub fn listing_at_most(listed: usize) -> Rooms {
        Rooms {
            inner: Arc::new(Mutex::new(RoomsInner {
                handles: BTreeMap::new(),
                summaries: BTreeMap::new(),
                remote: BTreeMap::new(),
            })),
            version: watch::Sender::new(0),
            listed,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, RoomsInner> {
        // A panic while holding this lock leaves plain maps behind, still consistent.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Registers a live room.
    pub fn insert(&self, id: GameId, handle: RoomHandle) {
        self.lock().handles.insert(id, handle);
    }

    /// The handle of a live room.
    #[must_use]
    pub fn get(&self, id: GameId) -> Option<RoomHandle> {
        self.lock().handles.get(&id).cloned()
    }

    /// Removes a room that stopped.
    pub fn remove(&self, id: GameId) {
        let mut inner = self.lock();
        inner.handles.remove(&id);
        inner.summaries.remove(&id);
        drop(inner);
        self.version.send_modify(|version| *version += 1);
    }

    /// Publishes a room's lobby summary (`None`: the room is not listed).
    pub fn publish(&self, id: GameId, summary: Option<serde_json::Value>) {
        let mut inner = self.lock();
        let changed = match summary {
            Some(summary) => inner.summaries.insert(id, summary.clone()) != Some(summary),
            None => inner.summaries.remove(&id).is_some(),
        };
        drop(inner);
        if changed {
            self.version.send_modify(|version| *version += 1);
        }
    }

    /// The lobby: the listed rooms' summaries, this node's and the other nodes', oldest first,
    /// at most as many as the lobby lists.
    #[must_use]
    pub fn lobby(&self) -> Vec<serde_json::Value> {
        let inner = self.lock();
        let mut lobby: BTreeMap<i64, serde_json::Value> = BTreeMap::new();
        for (_, rooms) in inner.remote.values() {
            for room in rooms {
                if let Some(id) = room["id"].as_i64() {
                    lobby.insert(id, room.clone());
                }
            }
        }
        // A room this node runs is listed as this node sees it (another node may still list
        // it for a moment after a takeover).
        for (id, summary) in &inner.summaries {
            lobby.insert(id.0, summary.clone());
        }
        lobby.into_values().take(self.listed).collect()
    }

    /// The rooms this node runs, with their handles.
    #[must_use]
    pub fn handles(&self) -> Vec<(GameId, RoomHandle)> {
        let inner = self.lock();
        inner
            .handles
            .iter()
            .map(|(id, handle)| (*id, handle.clone()))
            .collect()
    }

    /// The other nodes heard from lately (their lobby is their heartbeat).
    #[must_use]
    pub fn remote_nodes(&self) -> Vec<String> {
        self.lock().remote.keys().cloned().collect()
    }

    /// The rooms this node runs, as the lobby lists them.
    #[must_use]
    pub fn local_lobby(&self) -> Vec<serde_json::Value> {
        self.lock().summaries.values().cloned().collect()
    }

    /// Another node's open rooms, as it just sent them.
    pub fn set_remote(&self, node: &str, rooms: Vec<serde_json::Value>) {
        let mut inner = self.lock();
        let changed = inner
            .remote
            .get(node)
            .is_none_or(|(_, listed)| *listed != rooms);
        inner
            .remote
            .insert(node.to_owned(), (Instant::now(), rooms));
        drop(inner);
        if changed {
            self.version.send_modify(|version| *version += 1);
        }
    }

    /// Forgets the nodes silent for `silence` or longer, and names them.
    pub fn forget_remote(&self, silence: Duration) -> Vec<String> {
        let now = Instant::now();
        let mut inner = self.lock();
        let silent: Vec<String> = inner
            .remote
            .iter()
            .filter(|(_, (seen, _))| now.duration_since(*seen) >= silence)
            .map(|(node, _)| node.clone())
            .collect();
        for node in &silent {
            inner.remote.remove(node);
        }
        drop(inner);
        if !silent.is_empty() {
            self.version.send_modify(|version| *version += 1);
        }
        silent
    }

    /// A receiver that wakes when the lobby changes.
    #[must_use]
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::json;
    use zhanqi_store::GameId;

    use super::Rooms;

    #[test]
    fn the_lobby_lists_every_node_s_rooms_once_and_forgets_silent_nodes() {
        let rooms = Rooms::default();
        let mut version = rooms.subscribe();
        rooms.publish(GameId(2), Some(json!({"id": 2, "node": "here"})));
        rooms.set_remote(
            "b",
            vec![json!({"id": 1, "node": "b"}), json!({"id": 2, "node": "b"})],
        );
        assert!(version.has_changed().unwrap());
        version.mark_unchanged();
        // A room this node runs is shown as this node sees it.
        assert_eq!(
            rooms.lobby(),
            vec![
                json!({"id": 1, "node": "b"}),
                json!({"id": 2, "node": "here"})
            ]
        );
        assert_eq!(rooms.local_lobby(), vec![json!({"id": 2, "node": "here"})]);
        // The same list again changes nothing.
        rooms.set_remote(
            "b",
            vec![json!({"id": 1, "node": "b"}), json!({"id": 2, "node": "b"})],
        );
        assert!(!version.has_changed().unwrap());
        assert!(rooms.forget_remote(Duration::from_secs(60)).is_empty());
        assert_eq!(rooms.forget_remote(Duration::ZERO), vec!["b".to_owned()]);
        assert!(version.has_changed().unwrap());
        assert_eq!(rooms.lobby(), vec![json!({"id": 2, "node": "here"})]);
    }
}
