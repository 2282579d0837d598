//! Signing in as an attacker would try it: failed logins from one address do not lock guests or
//! registrations out; guesses at one account from many (forwarded) addresses are refused past
//! the account's limit; forwarding headers count only from a trusted proxy; look-alike names are
//! refused; the session cookie is `Secure` over HTTPS.

use crate::common;

use common::{Database, TestServer, config};
use serde_json::{Value, json};
use zhanqi_server::ServerConfig;

/// An answer to a sign-in: status, the `Set-Cookie` header, and the JSON body.
struct Answer {
    status: u16,
    cookie: Option<String>,
    body: Value,
}

impl Answer {
    fn code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or("")
    }

    fn message(&self) -> &str {
        self.body["error"]["message"].as_str().unwrap_or("")
    }
}

/// Posts `body` to `path` with extra `headers`, from a new browser.
async fn post(server: &TestServer, path: &str, body: &Value, headers: &[(&str, &str)]) -> Answer {
    let mut request = reqwest::Client::new()
        .post(format!("http://{}{path}", server.addr))
        .json(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    let cookie = answer
        .headers()
        .get("set-cookie")
        .map(|cookie| cookie.to_str().unwrap().to_owned());
    Answer {
        status,
        cookie,
        body: answer.json().await.unwrap(),
    }
}

/// The test options with the sign-in limits at their defaults.
fn default_limits(database: &Database) -> ServerConfig {
    let defaults = ServerConfig::new("127.0.0.1:0".parse().unwrap(), &database.url);
    let mut config = config(database);
    config.login_per_minute = defaults.login_per_minute;
    config.guest_per_minute = defaults.guest_per_minute;
    config.register_per_minute = defaults.register_per_minute;
    config.account_login_failures = defaults.account_login_failures;
    config
}

fn trusting_loopback(mut config: ServerConfig) -> ServerConfig {
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_logins_do_not_lock_guests_or_registration_out_of_an_address() {
    let database = Database::sqlite();
    let server = TestServer::start(default_limits(&database));
    let (mut failed, mut refused) = (0, 0);
    for n in 0..30 {
        // A different unknown name each time: only the address's limit applies.
        let guess = json!({"name": format!("nobody{n}"), "password": "wrong password"});
        let answer = post(&server, "/api/login", &guess, &[]).await;
        match answer.status {
            401 => failed += 1,
            429 => refused += 1,
            other => panic!("{other}: {}", answer.body),
        }
    }
    // 20 failed logins a minute from one address (more if the run took long enough to refill).
    assert!(
        failed >= 20 && refused > 0,
        "{failed} failed, {refused} refused"
    );
    let guest = post(&server, "/api/guest", &json!({"name": "yan"}), &[]).await;
    assert_eq!(guest.status, 200, "{}", guest.body);
    let registration = json!({"name": "zoe", "password": "a long password"});
    let register = post(&server, "/api/register", &registration, &[]).await;
    assert_eq!(register.status, 200, "{}", register.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_at_one_account_from_many_addresses_are_refused_past_its_limit() {
    let database = Database::sqlite();
    let mut limited = trusting_loopback(default_limits(&database));
    limited.login_per_minute = 5;
    let server = TestServer::start(limited);
    let password = "the right password";
    let victim = json!({"name": "victim", "password": password});
    assert_eq!(
        post(&server, "/api/register", &victim, &[]).await.status,
        200
    );
    let bystander = json!({"name": "bystander", "password": password});
    assert_eq!(
        post(&server, "/api/register", &bystander, &[]).await.status,
        200
    );

    let mut failed = 0;
    let mut refused = 0;
    for n in 0..30 {
        let address = format!("203.0.113.{}", n % 10);
        let guess = json!({"name": "victim", "password": format!("guess {n}")});
        let answer = post(
            &server,
            "/api/login",
            &guess,
            &[("x-forwarded-for", &address)],
        )
        .await;
        match answer.status {
            401 => failed += 1,
            429 => {
                refused += 1;
                assert!(answer.message().contains("this account"), "{}", answer.body);
            }
            other => panic!("{other}: {}", answer.body),
        }
    }
    assert_eq!((failed, refused), (10, 20), "10 failures per account");
    // The right password is refused too until the window passes, and the message says so.
    let right = post(
        &server,
        "/api/login",
        &victim,
        &[("x-forwarded-for", "198.51.100.1")],
    )
    .await;
    assert_eq!(right.status, 429, "{}", right.body);
    assert_eq!(right.code(), "rate_limited");
    assert!(
        right.message().contains("even with the right password"),
        "{}",
        right.body
    );
    // A look-alike spelling of the name is the same account.
    let spelled = json!({"name": "VICTIM", "password": password});
    assert_eq!(post(&server, "/api/login", &spelled, &[]).await.status, 429);
    // Other accounts are not touched.
    let other = post(
        &server,
        "/api/login",
        &bystander,
        &[("x-forwarded-for", "203.0.113.1")],
    )
    .await;
    assert_eq!(other.status, 200, "{}", other.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_addresses_count_only_from_a_trusted_proxy() {
    for trusted in [false, true] {
        let database = Database::sqlite();
        let mut limited = default_limits(&database);
        limited.login_per_minute = 2;
        if trusted {
            limited = trusting_loopback(limited);
        }
        let server = TestServer::start(limited);
        let mut statuses = Vec::new();
        for n in 0..4 {
            // A new forged address and a new name each time.
            let address = format!("198.51.100.{n}");
            let guess = json!({"name": format!("nobody{n}"), "password": "wrong password"});
            let answer = post(
                &server,
                "/api/login",
                &guess,
                &[("x-forwarded-for", &address)],
            )
            .await;
            statuses.push(answer.status);
        }
        if trusted {
            assert_eq!(
                statuses,
                [401, 401, 401, 401],
                "one bucket per forwarded address"
            );
        } else {
            assert_eq!(statuses, [401, 401, 429, 429], "the header is ignored");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alike_and_invisible_names_are_refused() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let password = "a long password";
        let register = |name: &str| json!({"name": name, "password": password});
        assert_eq!(
            post(&server, "/api/register", &register("alice"), &[])
                .await
                .status,
            200
        );

        let cases = [
            (
                "ali\u{200b}ce",
                400,
                "names may not contain invisible characters",
            ),
            (
                "\u{feff}alice",
                400,
                "names may not contain invisible characters",
            ),
            (
                "\u{202e}ecila",
                400,
                "names may not contain invisible characters",
            ),
            ("аlice", 400, "names may not mix letters of scripts"),
            ("ALİCE", 409, "this name looks like an existing user's name"),
            ("ＡＬＩＣＥ", 409, "the name ALICE is taken"),
            ("Alice", 409, "the name Alice is taken"),
        ];
        for (name, status, message) in cases {
            let answer = post(&server, "/api/register", &register(name), &[]).await;
            assert_eq!(answer.status, status, "{name:?}: {}", answer.body);
            assert!(
                answer.message().starts_with(message),
                "{name:?}: {}",
                answer.body
            );
        }
        // Whole-script look-alikes: Cyrillic letters alone that read as a Latin name.
        assert_eq!(
            post(&server, "/api/register", &register("ape"), &[])
                .await
                .status,
            200
        );
        let cyrillic = post(&server, "/api/register", &register("аре"), &[]).await;
        assert_eq!(cyrillic.status, 409, "{}", cyrillic.body);
        assert!(
            cyrillic.message().contains("looks like"),
            "{}",
            cyrillic.body
        );

        // Guests follow the same rules; a look-alike of a taken name gets a number.
        let guest = post(&server, "/api/guest", &json!({"name": "аlice"}), &[]).await;
        assert_eq!(guest.status, 400, "{}", guest.body);
        let guest = post(&server, "/api/guest", &json!({"name": "ALİCE"}), &[]).await;
        assert_eq!(guest.status, 200, "{}", guest.body);
        assert_eq!(guest.body["user"]["name"], "ALİCE#1");

        // Chinese names stay names; look-alike spellings sign in to the same account.
        assert_eq!(
            post(&server, "/api/register", &register("小明"), &[])
                .await
                .status,
            200
        );
        let login = post(&server, "/api/login", &register("ＡＬＩＣＥ"), &[]).await;
        assert_eq!(login.status, 200, "{}", login.body);
        assert_eq!(login.body["user"]["name"], "alice");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_session_cookie_is_secure_over_https() {
    let is_secure = |answer: &Answer| {
        let cookie = answer.cookie.as_deref().expect("a session cookie");
        cookie
            .split(';')
            .any(|attribute| attribute.trim().eq_ignore_ascii_case("secure"))
    };
    let https = [("x-forwarded-proto", "https")];
    let guest = json!({"name": "yan"});

    let database = Database::sqlite();
    let behind_proxy = TestServer::start(trusting_loopback(config(&database)));
    assert!(is_secure(
        &post(&behind_proxy, "/api/guest", &guest, &https).await
    ));
    assert!(!is_secure(
        &post(&behind_proxy, "/api/guest", &guest, &[]).await
    ));
    let http = [("x-forwarded-proto", "http")];
    assert!(!is_secure(
        &post(&behind_proxy, "/api/guest", &guest, &http).await
    ));

    let database = Database::sqlite();
    let direct = TestServer::start(config(&database));
    assert!(
        !is_secure(&post(&direct, "/api/guest", &guest, &https).await),
        "a forged header"
    );

    let database = Database::sqlite();
    let mut told = config(&database);
    told.secure_cookies = true;
    let told = TestServer::start(told);
    assert!(is_secure(&post(&told, "/api/guest", &guest, &[]).await));
}
