//! Accounts over HTTP: register, sign in, a wrong password refused in one clear sentence, sign
//! out; sign-ins and room creation rate limited as the options say.

use crate::common;

use common::{Database, Person, TestServer, config};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_login_wrong_password_and_logout() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let password = "correct horse";
        let mia = Person::register(&server, "mia", password).await;
        assert_eq!(mia.name, "mia");
        let (status, me) = mia.get("/api/me").await;
        assert_eq!(status, 200, "{me}");
        assert!(
            me.contains(r#""kind":"user""#),
            "an account, not a guest: {me}"
        );

        let taken = Person::sign_in(
            &server,
            "/api/register",
            &json!({"name": "mia", "password": password}),
        )
        .await
        .err()
        .expect("the name is taken");
        assert_eq!(taken.0, 409, "{taken:?}");
        let short = json!({"name": "nia", "password": "short"});
        let (status, body) = Person::sign_in(&server, "/api/register", &short)
            .await
            .err()
            .expect("a short password is refused");
        assert_eq!(status, 400);
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("8 to 128"),
            "{body}"
        );

        let wrong = json!({"name": "mia", "password": "not the password"});
        let (status, body) = Person::sign_in(&server, "/api/login", &wrong)
            .await
            .err()
            .expect("a wrong password is refused");
        assert_eq!(status, 401, "{body}");
        assert_eq!(body["error"]["code"], "bad_credentials");
        assert_eq!(body["error"]["message"], "wrong name or password");
        let nobody = json!({"name": "nobody", "password": password});
        let (_, unknown) = Person::sign_in(&server, "/api/login", &nobody)
            .await
            .err()
            .expect("an unknown name is refused");
        assert_eq!(
            unknown, body,
            "an unknown name and a wrong password look alike"
        );

        let again = Person::sign_in(
            &server,
            "/api/login",
            &json!({"name": "mia", "password": password}),
        )
        .await
        .expect("the right password signs in");
        let (status, _) = again.get("/api/me").await;
        assert_eq!(status, 200);
        let (status, _) = again.post("/api/logout", &json!({})).await;
        assert_eq!(status, 200);
        let (status, body) = again.get("/api/me").await;
        assert_eq!(status, 401, "the session ended: {body}");
        // The first session is another browser's, and stays.
        assert_eq!(mia.get("/api/me").await.0, 200);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_and_room_creation_are_rate_limited() {
    let database = Database::sqlite();
    let mut limited = config(&database);
    // Each kind of sign-in has a bucket of its own; a successful login counts half a failed one.
    limited.guest_per_minute = 1;
    limited.register_per_minute = 1;
    limited.login_per_minute = 1;
    limited.rooms_per_minute = 2;
    let server = TestServer::start(limited);
    let zoe = Person::register(&server, "zoe", "a long password").await;
    Person::guest(&server, "yan").await;
    let login = json!({"name": "zoe", "password": "a long password"});
    for _ in 0..2 {
        Person::sign_in(&server, "/api/login", &login)
            .await
            .map(|_| ())
            .expect("two successful logins weigh one failed one");
    }
    let attempts = [
        ("/api/login", login),
        ("/api/guest", json!({"name": "xia"})),
        (
            "/api/register",
            json!({"name": "wes", "password": "a long password"}),
        ),
    ];
    for (path, body) in attempts {
        let (status, body) = Person::sign_in(&server, path, &body)
            .await
            .err()
            .expect("past the limit");
        assert_eq!(status, 429, "{path}: {body}");
        assert_eq!(body["error"]["code"], "rate_limited", "{path}: {body}");
    }

    let mut socket = zoe.socket().await;
    let create = json!({"type": "create", "game": "junqi", "mode": "2p"});
    for _ in 0..2 {
        socket.ok(create.clone()).await;
    }
    let refused = socket.command(create).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["code"], "rate_limited", "{refused}");
}
