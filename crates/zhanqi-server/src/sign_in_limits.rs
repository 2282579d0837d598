//! How often people may sign in: per address, a bucket for each kind of sign-in (guest,
//! registration, login), so that failed logins never stop guests or registrations from the
//! same address; and per account, a cap on failed logins from any address.
//!
//! A login takes one cell of its address's bucket when it starts and a second one when it
//! fails: the bucket holds twice `--login-per-minute` cells, so an address may fail that many
//! logins a minute, or succeed twice as often. An account that failed
//! `--account-login-failures` times within `--login-failure-minutes` is refused, even with the
//! right password, until the oldest of those failures is that old. Each attempt is counted as a
//! failure while its password is being checked, so parallel guesses cannot slip past the cap.
//!
//! Memory is bounded: each map holds at most `--limiter-keys` addresses or account names and is
//! swept every minute ([`SignInLimits::sweep`]); a full map refuses new keys (the server says it
//! is busy) rather than forget what it counts.

use std::collections::{HashMap, VecDeque};
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use zhanqi_core::Reason;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::address::AddressKey;
use crate::config::ServerConfig;
use crate::error::ApiError;

/// The longest account key the failure count keeps (a name has at most 24 characters).
const MAX_ACCOUNT_KEY_BYTES: usize = 256;

/// The kinds of sign-in, each with a bucket of its own per address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInKind {
    /// `POST /api/guest`.
    Guest,
    /// `POST /api/register`.
    Register,
    /// `POST /api/login`.
    Login,
}

/// The sign-in limits of one server.
pub struct SignInLimits {
    guest: AddressLimiter,
    register: AddressLimiter,
    login: AddressLimiter,
    failed_logins: Mutex<FailedLogins>,
}

/// A login under way: counted as a failure of its account until [`SignInLimits::succeeded`].
#[must_use]
pub struct LoginAttempt {
    account: String,
    started: Instant,
}

impl SignInLimits {
    /// The limits `config` sets.
    #[must_use]
    pub fn new(config: &ServerConfig) -> SignInLimits {
        let keys = config.limiter_keys.max(1);
        SignInLimits {
            guest: AddressLimiter::per_minute(config.guest_per_minute, keys),
            register: AddressLimiter::per_minute(config.register_per_minute, keys),
            // Two cells per failed login, one per successful one.
            login: AddressLimiter::per_minute(config.login_per_minute.saturating_mul(2), keys),
            failed_logins: Mutex::new(FailedLogins {
                by_account: HashMap::new(),
                allowed: config.account_login_failures.max(1) as usize,
                window: Duration::try_from_secs_f64(config.login_failure_minutes.max(0.0) * 60.0)
                    .unwrap_or(Duration::MAX),
                max_accounts: keys,
            }),
        }
    }

    /// Counts a sign-in of `kind` from `address`.
    ///
    /// # Errors
    /// `rate_limited` past the address's limit for that kind.
    pub fn check(&self, kind: SignInKind, address: AddressKey) -> Result<(), ApiError> {
        let (limiter, what) = match kind {
            SignInKind::Guest => (&self.guest, "guest sign-ins"),
            SignInKind::Register => (&self.register, "registrations"),
            SignInKind::Login => (&self.login, "failed sign-ins"),
        };
        limiter.check(address, what)
    }

    /// Starts a login to the account whose name key is `account` (see `zhanqi_store::name_key`),
    /// counting it as a failure until it succeeds.
    ///
    /// # Errors
    /// `rate_limited` if the account failed too many logins lately.
    pub fn start_login(&self, account: &str) -> Result<LoginAttempt, ApiError> {
        // The name is whatever the client sent: keep its key short, so the map stays small.
        let mut end = account.len().min(MAX_ACCOUNT_KEY_BYTES);
        while !account.is_char_boundary(end) {
            end -= 1;
        }
        let account = &account[..end];
        let started = Instant::now();
        self.lock().start(account, started)?;
        Ok(LoginAttempt {
            account: account.to_owned(),
            started,
        })
    }

    /// The password was right: the attempt is not a failure.
    pub fn succeeded(&self, attempt: LoginAttempt) {
        self.lock().forget(&attempt.account, attempt.started);
    }

    /// The password was wrong: the attempt stays a failure of its account, and costs its
    /// address a second cell.
    pub fn failed(&self, attempt: LoginAttempt, address: AddressKey) {
        drop(attempt);
        // Already refused or not, the next attempt is what this cell weighs on.
        let _ = self.login.limiter.check_key(&address);
    }

    /// Drops full buckets and old failures, and gives their memory back.
    pub fn sweep(&self) {
        for limiter in [&self.guest, &self.register, &self.login] {
            limiter.sweep();
        }
        self.lock().sweep(Instant::now());
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, FailedLogins> {
        // The map stays consistent whatever panicked while it was held.
        self.failed_logins
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// One kind's buckets, keyed by address, with a cap on the addresses it remembers.
struct AddressLimiter {
    limiter: DefaultKeyedRateLimiter<AddressKey>,
    max_keys: usize,
}

impl AddressLimiter {
    fn per_minute(per_minute: u32, max_keys: usize) -> AddressLimiter {
        let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        AddressLimiter {
            limiter: RateLimiter::keyed(Quota::per_minute(per_minute)),
            max_keys,
        }
    }

    fn check(&self, address: AddressKey, what: &str) -> Result<(), ApiError> {
        if self.limiter.len() >= self.max_keys {
            self.sweep();
            if self.limiter.len() >= self.max_keys {
                return Err(busy());
            }
        }
        self.limiter.check_key(&address).map_err(|_| {
            ApiError::new(
                "rate_limited",
                format!("too many {what} from your address; wait a minute"),
            )
        })
    }

    fn sweep(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// Recent failed logins per account name key, oldest first.
struct FailedLogins {
    by_account: HashMap<String, VecDeque<Instant>>,
    allowed: usize,
    window: Duration,
    max_accounts: usize,
}

impl FailedLogins {
    fn start(&mut self, account: &str, now: Instant) -> Result<(), ApiError> {
        if !self.by_account.contains_key(account) && self.by_account.len() >= self.max_accounts {
            self.sweep(now);
            if self.by_account.len() >= self.max_accounts {
                return Err(busy());
            }
        }
        let window = self.window;
        let failures = self.by_account.entry(account.to_owned()).or_default();
        while failures
            .front()
            .is_some_and(|failed| now.duration_since(*failed) >= window)
        {
            failures.pop_front();
        }
        if failures.len() >= self.allowed {
            let oldest = failures.front().copied().unwrap_or(now);
            let wait = window.saturating_sub(now.duration_since(oldest));
            let minutes = wait.as_secs().div_ceil(60).max(1);
            let unit = if minutes == 1 { "minute" } else { "minutes" };
            return Err(ApiError::new(
                "rate_limited",
                format!(
                    "too many failed sign-ins to this account; try again in {minutes} {unit}, even with the right password"
                ),
            )
            .because(Reason::new("account_locked").with("minutes", minutes)));
        }
        failures.push_back(now);
        Ok(())
    }

    fn forget(&mut self, account: &str, started: Instant) {
        if let Some(failures) = self.by_account.get_mut(account) {
            if let Some(index) = failures.iter().position(|failed| *failed == started) {
                failures.remove(index);
            }
            if failures.is_empty() {
                self.by_account.remove(account);
            }
        }
    }

    fn sweep(&mut self, now: Instant) {
        let window = self.window;
        self.by_account.retain(|_, failures| {
            failures
                .back()
                .is_some_and(|newest| now.duration_since(*newest) < window)
        });
        self.by_account.shrink_to_fit();
    }
}

fn busy() -> ApiError {
    ApiError::new(
        "rate_limited",
        "the server is taking too many sign-ins right now; try again in a minute",
    )
}

#[cfg(test)]
mod tests {
    use std::net::{IpAddr, SocketAddr};

    use super::*;

    fn config() -> ServerConfig {
        let mut config =
            ServerConfig::new(SocketAddr::from(([127, 0, 0, 1], 0)), "sqlite::memory:");
        config.guest_per_minute = 3;
        config.register_per_minute = 3;
        config.login_per_minute = 3;
        config.account_login_failures = 4;
        config.limiter_keys = 100;
        config
    }

    fn key(text: &str) -> AddressKey {
        AddressKey::from(text.parse::<IpAddr>().unwrap())
    }

    #[test]
    fn each_kind_of_sign_in_has_its_own_bucket() {
        let limits = SignInLimits::new(&config());
        let here = key("192.0.2.1");
        for _ in 0..3 {
            let attempt = limits.start_login("alice").unwrap();
            limits.check(SignInKind::Login, here).unwrap();
            limits.failed(attempt, here);
        }
        let refused = limits.check(SignInKind::Login, here).unwrap_err();
        assert_eq!(refused.code, "rate_limited");
        assert!(refused.message.contains("failed sign-ins"), "{refused:?}");
        limits.check(SignInKind::Guest, here).unwrap();
        limits.check(SignInKind::Register, here).unwrap();
        limits.check(SignInKind::Login, key("192.0.2.2")).unwrap();
    }

    #[test]
    fn a_successful_login_costs_half_a_failed_one() {
        let limits = SignInLimits::new(&config());
        let here = key("192.0.2.1");
        for _ in 0..6 {
            limits.check(SignInKind::Login, here).unwrap();
            let attempt = limits.start_login("alice").unwrap();
            limits.succeeded(attempt);
        }
        assert!(limits.check(SignInKind::Login, here).is_err());
    }

    #[test]
    fn an_account_is_refused_after_its_failures_from_any_address() {
        let limits = SignInLimits::new(&config());
        for n in 0..4 {
            let attempt = limits.start_login("alice").unwrap();
            limits.failed(attempt, key(&format!("192.0.2.{n}")));
        }
        let refused = limits.start_login("alice").err().unwrap();
        assert!(
            refused.message.contains("even with the right password"),
            "{refused:?}"
        );
        assert!(refused.message.contains("15 minutes"), "{refused:?}");
        // Other accounts are not affected.
        limits.succeeded(limits.start_login("bob").unwrap());
        // A name of a megabyte is kept as its first 256 bytes.
        let long = "é".repeat(500_000);
        limits.failed(limits.start_login(&long).unwrap(), key("192.0.2.1"));
        assert!(
            limits
                .lock()
                .by_account
                .keys()
                .all(|name| name.len() <= 256)
        );
    }

    #[test]
    fn successes_and_guesses_in_flight_count_right() {
        let limits = SignInLimits::new(&config());
        // Successes are not failures.
        for _ in 0..10 {
            limits.succeeded(limits.start_login("alice").unwrap());
        }
        // Four guesses in flight at once fill the account's allowance before any fails.
        let attempts: Vec<LoginAttempt> = (0..4)
            .map(|_| limits.start_login("alice").unwrap())
            .collect();
        assert!(limits.start_login("alice").is_err());
        drop(attempts);
    }

    #[test]
    fn the_maps_are_bounded_and_swept() {
        let mut config = config();
        config.limiter_keys = 2;
        config.login_failure_minutes = 0.0;
        let limits = SignInLimits::new(&config);
        limits.check(SignInKind::Guest, key("192.0.2.1")).unwrap();
        limits.check(SignInKind::Guest, key("192.0.2.2")).unwrap();
        let busy = limits
            .check(SignInKind::Guest, key("192.0.2.3"))
            .unwrap_err();
        assert!(busy.message.contains("too many sign-ins"), "{busy:?}");
        // A failure window of zero forgets every failure at once.
        for name in ["a", "b", "c"] {
            let attempt = limits.start_login(name).unwrap();
            limits.failed(attempt, key("192.0.2.9"));
        }
        limits.sweep();
        assert_eq!(limits.lock().by_account.len(), 0);
    }
}
