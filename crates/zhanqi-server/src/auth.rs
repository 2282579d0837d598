//! Accounts and sessions: argon2id password hashes, opaque session tokens kept hashed, and the
//! `zhanqi_session` cookie (HttpOnly).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use rand::RngCore;
use sha2::{Digest, Sha256};
use zhanqi_store::{Account, UnixMillis};

use crate::error::ApiError;
use crate::state::AppState;

/// The name of the session cookie.
pub const SESSION_COOKIE: &str = "zhanqi_session";

/// How long a session lives, in milliseconds (30 days).
const SESSION_MILLIS: i64 = 30 * 24 * 3600 * 1000;

/// A new random session token (sent to the browser) and its hash (kept by the store).
#[must_use]
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    let hash = token_hash(&token);
    (token, hash)
}

/// The hash under which a token is stored: a stolen database gives no usable session.
#[must_use]
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// An argon2id hash of a password, in PHC string form.
///
/// # Errors
/// `internal` if hashing fails.
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|error| ApiError::internal("hash", error))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| ApiError::internal("hash the password", error))
}

/// Whether `password` matches the stored hash.
#[must_use]
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Checks a name people will see: 1 to 24 characters, no control characters, not blank.
///
/// # Errors
/// `bad_request` saying what is wrong.
pub fn check_name(name: &str) -> Result<&str, ApiError> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > 24 {
        return Err(ApiError::new(
            "bad_request",
            "a name has 1 to 24 characters",
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::new(
            "bad_request",
            "a name may not contain control characters",
        ));
    }
    Ok(name)
}

/// Starts a session for `account`: stores the token's hash and gives the cookie to set.
///
/// # Errors
/// `internal` if the store fails.
pub async fn start_session(
    state: &AppState,
    account: &Account,
) -> Result<Cookie<'static>, ApiError> {
    let (token, hash) = new_token();
    let now = UnixMillis::now();
    state
        .store
        .create_session(&hash, account.id, now, now.plus_millis(SESSION_MILLIS))
        .await?;
    Ok(session_cookie(token))
}

/// The session cookie carrying `token`.
#[must_use]
pub fn session_cookie(token: String) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .max_age(time_max_age())
        .build()
}

fn time_max_age() -> time::Duration {
    time::Duration::milliseconds(SESSION_MILLIS)
}

/// The signed-in account of a request, from its session cookie.
#[derive(Clone, Debug)]
pub struct SignedIn(pub Account);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let jar = CookieJar::from_headers(&parts.headers);
        let token = jar
            .get(SESSION_COOKIE)
            .map(|cookie| cookie.value().to_owned())
            .ok_or_else(not_signed_in)?;
        let account = state
            .store
            .session_account(&token_hash(&token), UnixMillis::now())
            .await
            .map_err(|error| {
                if error.is_not_found() {
                    not_signed_in()
                } else {
                    ApiError::from(error)
                }
            })?;
        Ok(SignedIn(account))
    }
}

fn not_signed_in() -> ApiError {
    ApiError::new(
        "not_signed_in",
        "sign in first (as a guest or with an account)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_random_and_stored_hashed() {
        let (a, hash_a) = new_token();
        let (b, _) = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(token_hash(&a), hash_a);
        assert_ne!(hash_a, a);
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  小明 ").unwrap(), "小明");
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
    }
}
