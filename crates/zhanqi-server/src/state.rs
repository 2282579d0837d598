//! What every handler shares: the store, the options, the rooms and the rate limiters.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::watch;
use zhanqi_store::{GameId, Store, UserId};

use crate::config::ServerConfig;
use crate::error::ApiError;
use crate::room::RoomHandle;

/// The shared state of the server, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The options.
    pub config: Arc<ServerConfig>,
    /// The live rooms and the lobby.
    pub rooms: Rooms,
    /// Sign-in attempts per IP.
    pub login_limit: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    /// Room creations per user.
    pub room_limit: Arc<DefaultKeyedRateLimiter<UserId>>,
}

impl AppState {
    /// The state of a server with these options over `store`.
    #[must_use]
    pub fn new(store: Store, config: ServerConfig) -> AppState {
        let per_minute =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN));
        AppState {
            store,
            login_limit: Arc::new(RateLimiter::keyed(per_minute(config.login_per_minute))),
            room_limit: Arc::new(RateLimiter::keyed(per_minute(config.rooms_per_minute))),
            config: Arc::new(config),
            rooms: Rooms::default(),
        }
    }

    /// Counts a sign-in attempt from `ip`.
    ///
    /// # Errors
    /// `rate_limited` past the limit.
    pub fn check_login_rate(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.login_limit.check_key(&ip).map_err(|_| {
            ApiError::new(
                "rate_limited",
                "too many sign-in attempts from your address; wait a minute",
            )
        })
    }
}

/// The live rooms by id, with the lobby's summaries and a version that changes with them.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Mutex<RoomsInner>>,
    version: watch::Sender<u64>,
}

struct RoomsInner {
    handles: BTreeMap<GameId, RoomHandle>,
    summaries: BTreeMap<GameId, serde_json::Value>,
}

impl Default for Rooms {
    fn default() -> Rooms {
        Rooms {
            inner: Arc::new(Mutex::new(RoomsInner {
                handles: BTreeMap::new(),
                summaries: BTreeMap::new(),
            })),
            version: watch::Sender::new(0),
        }
    }
}

impl Rooms {
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

    /// The lobby: every listed room's summary, oldest first.
    #[must_use]
    pub fn lobby(&self) -> Vec<serde_json::Value> {
        self.lock().summaries.values().cloned().collect()
    }

    /// A receiver that wakes when the lobby changes.
    #[must_use]
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }
}
