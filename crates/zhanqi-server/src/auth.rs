//! Accounts and sessions: argon2id password hashes, opaque session tokens kept hashed, and the
//! `zhanqi_session` cookie (HttpOnly, and `Secure` over HTTPS); the rules for names.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use rand::RngCore;
use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::UnicodeGeneralCategory;
use unicode_security::{RestrictionLevel, RestrictionLevelDetection};
use zhanqi_core::Reason;
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

/// The most characters a name may have.
const NAME_CHARACTERS: usize = 24;

/// Checks a name people will see and gives it in the form to store: NFKC-normalised (full-width
/// letters become plain ones), trimmed, runs of spaces made one; 1 to 24 characters; no
/// invisible characters (controls, zero-width and bidi-control characters, byte-order marks,
/// fillers); its letters from one script, or from scripts that are not confused with each other
/// (Latin with Han, kana or Hangul: UTS #39 "highly restrictive"), so no Cyrillic а among Latin
/// letters. Look-alikes of other users' names are the store's to refuse (its name key).
///
/// # Errors
/// `bad_request` saying what is wrong.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let normalized: String = name.nfkc().collect();
    if normalized.chars().any(is_invisible) {
        return Err(
            ApiError::new("bad_request", "names may not contain invisible characters")
                .because(Reason::new("name_invisible")),
        );
    }
    let name = normalized
        .split(' ')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let count = name.chars().count();
    if count == 0 || count > NAME_CHARACTERS {
        return Err(ApiError::new(
            "bad_request",
            format!("a name has 1 to {NAME_CHARACTERS} characters"),
        )
        .because(Reason::new("name_length").with("max", NAME_CHARACTERS)));
    }
    let letters: String = name.chars().filter(|c| c.is_alphabetic()).collect();
    if !letters
        .as_str()
        .check_restriction_level(RestrictionLevel::HighlyRestrictive)
    {
        return Err(ApiError::new(
            "bad_request",
            "names may not mix letters of scripts that look alike, such as Latin and Cyrillic",
        )
        .because(Reason::new("name_mixed_scripts")));
    }
    Ok(name)
}

/// Whether a character shows nothing (or only changes how others show): controls, format
/// characters (zero-width space and joiners, bidi controls, the byte-order mark), separators
/// other than the plain space, unassigned and private-use code points, and the other default
/// ignorable code points (fillers, variation selectors) and the blank braille pattern.
fn is_invisible(character: char) -> bool {
    use unicode_properties::GeneralCategory as Category;
    if character == ' ' {
        return false;
    }
    let blank_category = matches!(
        character.general_category(),
        Category::Control
            | Category::Format
            | Category::Surrogate
            | Category::PrivateUse
            | Category::Unassigned
            | Category::SpaceSeparator
            | Category::LineSeparator
            | Category::ParagraphSeparator
    );
    // The confusable skeleton drops exactly the default ignorable code points.
    let ignorable = unicode_security::skeleton(character.encode_utf8(&mut [0; 4]))
        .next()
        .is_none();
    blank_category || ignorable || character.is_whitespace() || character == '\u{2800}'
}

/// Starts a session for `account`: stores the token's hash and gives the cookie to set.
///
/// # Errors
/// `internal` if the store fails.
pub async fn start_session(
    state: &AppState,
    account: &Account,
    secure: bool,
) -> Result<Cookie<'static>, ApiError> {
    let (token, hash) = new_token();
    let now = UnixMillis::now();
    state
        .store
        .create_session(&hash, account.id, now, now.plus_millis(SESSION_MILLIS))
        .await?;
    Ok(session_cookie(token, secure))
}

/// The session cookie carrying `token`; `secure` when the site is served over HTTPS, so that
/// the browser never sends it over plain HTTP.
#[must_use]
pub fn session_cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .http_only(true)
        .secure(secure)
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

    #[test]
    fn names_are_normalised() {
        assert_eq!(check_name("ＡＬＩＣＥ").unwrap(), "ALICE");
        assert_eq!(check_name(" Li   Wei ").unwrap(), "Li Wei");
        assert_eq!(check_name("Li\u{3000}Wei").unwrap(), "Li Wei");
        assert_eq!(check_name("Li\u{a0}Wei").unwrap(), "Li Wei");
        assert_eq!(check_name("ALİCE").unwrap(), "ALİCE");
        // Decomposed é is stored composed.
        assert_eq!(check_name("Jose\u{301}").unwrap(), "José");
        assert_eq!(check_name("小明").unwrap(), "小明");
        assert_eq!(check_name("山田たろう").unwrap(), "山田たろう");
        assert_eq!(check_name("xiao小明").unwrap(), "xiao小明");
        assert_eq!(check_name("张三-2").unwrap(), "张三-2");
    }

    #[test]
    fn invisible_characters_are_refused() {
        for name in [
            "ali\u{200b}ce",
            "\u{feff}alice",
            "\u{202e}ecila",
            "ali\u{200d}ce",
            "alice\u{2066}",
            "\u{3164}",
            "ali\u{fe0f}ce",
            "a\tb",
            "a\u{2028}b",
            "\u{2800}",
            "\u{e000}",
        ] {
            let error = check_name(name).unwrap_err();
            assert_eq!(
                error.message, "names may not contain invisible characters",
                "{name:?}"
            );
        }
    }

    #[test]
    fn names_mixing_look_alike_scripts_are_refused() {
        // Cyrillic а among Latin letters; Greek ο among Latin.
        for name in ["аlice", "bοb"] {
            let error = check_name(name).unwrap_err();
            assert!(
                error.message.contains("Latin and Cyrillic"),
                "{name}: {error:?}"
            );
        }
        // One script alone is a name (look-alikes of other names are the store's to refuse).
        assert!(check_name("Иван").is_ok());
    }
}
