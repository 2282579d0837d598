//! This node's open WebSockets: the caps per user (`--ws-per-user`) and per address
//! (`--ws-per-address`), and each session's sockets, so that signing out closes them.
//!
//! At a cap the new socket is refused (HTTP 429 before the upgrade) and the open ones keep
//! working: a stranger behind the same address cannot close other people's sockets, and a
//! person's own sockets stay as they are. A socket's entry goes when the socket closes, so the
//! registry holds only live connections.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use zhanqi_core::Reason;

use zhanqi_store::UserId;

use crate::address::AddressKey;
use crate::error::ApiError;
use crate::metrics;
use crate::outbox::{Close, Outbox};

/// The open WebSockets of this node.
#[derive(Debug)]
pub struct Connections {
    per_user: usize,
    per_address: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    users: HashMap<UserId, usize>,
    addresses: HashMap<AddressKey, usize>,
    /// The sockets opened with each session, by the hash of its token.
    sessions: HashMap<String, Vec<(u64, Outbox)>>,
}

/// A socket's place in the registry, given back when it is dropped.
#[derive(Debug)]
pub struct Registration {
    connections: Arc<Connections>,
    conn: u64,
    user: UserId,
    address: AddressKey,
    session: String,
}

impl Connections {
    /// A registry allowing `per_user` sockets per user and `per_address` per address.
    #[must_use]
    pub fn new(per_user: usize, per_address: usize) -> Connections {
        Connections {
            per_user: per_user.max(1),
            per_address: per_address.max(1),
            inner: Mutex::new(Inner::default()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // The maps stay consistent even if a holder panicked: every update is one statement.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a place for socket `conn` of `user` from `address`, opened with the session whose
    /// token hashes to `session`; its frames go to `outbox`.
    ///
    /// # Errors
    /// `rate_limited` if the user or the address already has as many sockets as allowed.
    pub fn register(
        self: &Arc<Connections>,
        conn: u64,
        user: UserId,
        address: AddressKey,
        session: String,
        outbox: Outbox,
    ) -> Result<Registration, ApiError> {
        let mut inner = self.lock();
        if inner.users.get(&user).copied().unwrap_or(0) >= self.per_user {
            metrics::connection_refused("ws_per_user");
            return Err(ApiError::new(
                "rate_limited",
                format!(
                    "you already have {} connections open, the most allowed; close one (another tab or window) first",
                    self.per_user
                ),
            )
            .because(Reason::new("too_many_connections").with("count", self.per_user)));
        }
        if inner.addresses.get(&address).copied().unwrap_or(0) >= self.per_address {
            metrics::connection_refused("ws_per_address");
            return Err(ApiError::new(
                "rate_limited",
                format!(
                    "your network address already has {} connections open, the most allowed; close one first",
                    self.per_address
                ),
            )
            .because(Reason::new("too_many_connections").with("count", self.per_address)));
        }
        *inner.users.entry(user).or_default() += 1;
        *inner.addresses.entry(address).or_default() += 1;
        inner
            .sessions
            .entry(session.clone())
            .or_default()
            .push((conn, outbox));
        drop(inner);
        Ok(Registration {
            connections: Arc::clone(self),
            conn,
            user,
            address,
            session,
        })
    }

    /// How many sockets are open.
    #[must_use]
    pub fn open(&self) -> usize {
        self.lock().users.values().sum()
    }

    /// Closes every socket opened with the session whose token hashes to `session`; how many.
    pub fn close_session(&self, session: &str, reason: &Close) -> usize {
        let outboxes: Vec<Outbox> = self
            .lock()
            .sessions
            .get(session)
            .map(|sockets| sockets.iter().map(|(_, outbox)| outbox.clone()).collect())
            .unwrap_or_default();
        for outbox in &outboxes {
            outbox.close(reason.clone());
        }
        outboxes.len()
    }

    fn unregister(&self, registration: &Registration) {
        let mut inner = self.lock();
        decrement(&mut inner.users, &registration.user);
        decrement(&mut inner.addresses, &registration.address);
        if let Some(sockets) = inner.sessions.get_mut(&registration.session) {
            sockets.retain(|(conn, _)| *conn != registration.conn);
            if sockets.is_empty() {
                inner.sessions.remove(&registration.session);
            }
        }
    }
}

/// Counts one socket fewer under `key`, forgetting keys that reach zero.
fn decrement<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = counts.get_mut(key) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(key);
        }
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.connections.unregister(self);
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;
    use std::sync::Arc;

    use zhanqi_store::UserId;

    use super::Connections;
    use crate::address::AddressKey;
    use crate::outbox::{Close, outbox};

    fn address(ip: &str) -> AddressKey {
        AddressKey::from(ip.parse::<IpAddr>().unwrap())
    }

    #[test]
    fn caps_refuse_the_new_socket_and_closing_one_makes_room() {
        let connections = Arc::new(Connections::new(2, 3));
        let here = address("192.0.2.1");
        let register = |user: i64, at: AddressKey, conn: u64| {
            connections.register(conn, UserId(user), at, format!("s{user}"), outbox(4).0)
        };
        let first = register(1, here, 1).unwrap();
        let _second = register(1, here, 2).unwrap();
        let refused = register(1, address("192.0.2.2"), 3).unwrap_err();
        assert_eq!(refused.code, "rate_limited");
        assert!(refused.message.contains("you already have 2"), "{refused}");
        let _third = register(2, here, 4).unwrap();
        let refused = register(3, here, 5).unwrap_err();
        assert!(refused.message.contains("network address"), "{refused}");
        // IPv6 addresses of one /64 count as one address.
        let _v6 = register(4, address("2001:db8::1"), 6).unwrap();
        drop(first);
        let _fourth = register(3, here, 7).unwrap();
        assert_eq!(connections.lock().users.values().sum::<usize>(), 4);
    }

    #[test]
    fn closing_a_session_closes_only_its_sockets_and_memory_goes_with_them() {
        let connections = Arc::new(Connections::new(8, 8));
        let here = address("192.0.2.1");
        let (mine, _frames) = outbox(4);
        let (other, _other_frames) = outbox(4);
        let registration = connections
            .register(1, UserId(1), here, "mine".into(), mine.clone())
            .unwrap();
        let _other = connections
            .register(2, UserId(1), here, "other".into(), other.clone())
            .unwrap();
        assert_eq!(connections.close_session("mine", &Close::signed_out()), 1);
        assert!(mine.is_closing());
        assert!(!other.is_closing());
        drop(registration);
        assert_eq!(connections.close_session("mine", &Close::signed_out()), 0);
        assert!(!connections.lock().sessions.contains_key("mine"));
    }
}
