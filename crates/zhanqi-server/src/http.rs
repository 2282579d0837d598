//! The HTTP API (docs/wire-protocol.md §2).

use std::sync::LazyLock;
use zhanqi_core::Reason;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use axum_extra::extract::WithRejection;
use axum_extra::extract::cookie::{Cookie, CookieJar};
use serde::Deserialize;
use serde_json::{Value, json};
use zhanqi_protocol::{GameEntry, Registry};
use zhanqi_store::{Account, GameId, LayoutShelf, NewAccount, UnixMillis};

use crate::address::ClientAddress;
use crate::auth::{self, SESSION_COOKIE, SignedIn};
use crate::error::{ApiError, ApiJson};
use crate::history;
use crate::replay;
use crate::sign_in_limits::SignInKind;
use crate::state::AppState;
use crate::view;

/// The API routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/guest", post(guest))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/me", get(me))
        .route("/api/users/{name}", get(user))
        .route("/api/users/{name}/games", get(history::user_games))
        .route("/api/rooms", get(rooms))
        .route("/api/games", get(games))
        .route("/api/boards/{game}/{mode}", get(board))
        .route("/api/layouts", get(layouts))
        .route(
            "/api/layouts/{name}",
            put(save_layout).delete(delete_layout),
        )
        .route("/api/replays", get(replays))
        .route("/api/games/{id}", get(history::game_summary))
        .route("/api/games/{id}/save", post(save_replay))
        .route("/api/games/{id}/replay", get(game_replay))
        .route("/api/games/{id}/record", get(game_record))
        .route("/api/games/{id}/positions", get(game_positions))
        .route("/healthz", get(|| async { "ok" }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GuestBody {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

/// The game whose family's profile is shown with a user: the first registered game.
fn profile_game() -> Option<&'static GameEntry> {
    Registry::standard().entries().first()
}

/// A user as the wire protocol writes it, with their profile.
pub(crate) async fn user_json(state: &AppState, account: &Account) -> Result<Value, ApiError> {
    let game = profile_game();
    let family = game.map_or("", GameEntry::family);
    let profile = state.store.profile(account.id, family).await?;
    let ladder = game.and_then(GameEntry::ladder);
    serde_json::to_value(view::user_json(account, &profile, ladder))
        .map_err(|error| ApiError::internal("write a profile", error))
}

async fn signed_in(
    state: &AppState,
    jar: CookieJar,
    account: &Account,
    client: ClientAddress,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    let cookie = auth::start_session(state, account, client.https).await?;
    Ok((
        jar.add(cookie),
        Json(json!({"user": user_json(state, account).await?})),
    ))
}

async fn guest(
    State(state): State<AppState>,
    client: ClientAddress,
    jar: CookieJar,
    WithRejection(Json(body), _): ApiJson<GuestBody>,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    state.sign_in.check(SignInKind::Guest, client.key())?;
    let wanted = auth::check_name(&body.name)?;
    // Guests share the name space with accounts; a taken name (or a look-alike of one) gets a
    // number.
    let mut attempt = 0u32;
    let account = loop {
        let name = if attempt == 0 {
            wanted.clone()
        } else {
            format!("{wanted}#{attempt}")
        };
        let new = NewAccount {
            name: &name,
            password_hash: None,
            gold: state.config.start_gold,
        };
        match state.store.create_account(&new, UnixMillis::now()).await {
            Ok(account) => break account,
            Err(error) if error.is_conflict() && attempt < 50 => attempt += 1,
            Err(error) => return Err(error.into()),
        }
    };
    signed_in(&state, jar, &account, client).await
}

fn check_password(password: &str) -> Result<(), ApiError> {
    let count = password.chars().count();
    if (8..=128).contains(&count) {
        Ok(())
    } else {
        Err(
            ApiError::new("bad_request", "a password has 8 to 128 characters").because(
                Reason::new("password_length")
                    .with("min", 8)
                    .with("max", 128),
            ),
        )
    }
}

async fn register(
    State(state): State<AppState>,
    client: ClientAddress,
    jar: CookieJar,
    WithRejection(Json(body), _): ApiJson<Credentials>,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    state.sign_in.check(SignInKind::Register, client.key())?;
    let name = auth::check_name(&body.name)?;
    check_password(&body.password)?;
    let hash = auth::hash_password(&body.password)?;
    let new = NewAccount {
        name: &name,
        password_hash: Some(&hash),
        gold: state.config.start_gold,
    };
    let created = state.store.create_account(&new, UnixMillis::now()).await;
    let account = match created {
        Ok(account) => account,
        Err(error) if error.is_conflict() => return Err(name_taken(&state, &name).await),
        Err(error) => return Err(error.into()),
    };
    signed_in(&state, jar, &account, client).await
}

/// Why a registration's name was refused: taken as it is, or a look-alike of another name.
async fn name_taken(state: &AppState, name: &str) -> ApiError {
    let same = |existing: &Account| existing.name.to_lowercase() == name.to_lowercase();
    match state.store.account_by_name(name).await {
        Ok(existing) if !same(&existing) => ApiError::new(
            "name_taken",
            "this name looks like an existing user's name; choose another",
        )
        .because(Reason::new("name_lookalike")),
        _ => ApiError::new("name_taken", format!("the name {name} is taken")),
    }
}

async fn login(
    State(state): State<AppState>,
    client: ClientAddress,
    jar: CookieJar,
    WithRejection(Json(body), _): ApiJson<Credentials>,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    state.sign_in.check(SignInKind::Login, client.key())?;
    let attempt = state
        .sign_in
        .start_login(&zhanqi_store::name_key(&body.name))?;
    match verified_account(&state, &body).await {
        Ok(account) => {
            state.sign_in.succeeded(attempt);
            signed_in(&state, jar, &account, client).await
        }
        Err(error) => {
            if error.code == "bad_credentials" {
                state.sign_in.failed(attempt, client.key());
            } else {
                // The store failed, not the person: not a failed login.
                state.sign_in.succeeded(attempt);
            }
            Err(error)
        }
    }
}

/// The account named in `credentials`, if the password is its own.
async fn verified_account(
    state: &AppState,
    credentials: &Credentials,
) -> Result<Account, ApiError> {
    let refused = || ApiError::new("bad_credentials", "wrong name or password");
    let account = state
        .store
        .account_by_name(credentials.name.trim())
        .await
        .map_err(|error| {
            if error.is_not_found() {
                refused()
            } else {
                error.into()
            }
        })?;
    let hash = account.password_hash.as_deref().ok_or_else(refused)?;
    if !auth::verify_password(&credentials.password, hash) {
        return Err(refused());
    }
    Ok(account)
}

async fn logout(
    State(state): State<AppState>,
    jar: CookieJar,
) -> Result<(CookieJar, Json<Value>), ApiError> {
    if let Some(cookie) = jar.get(SESSION_COOKIE) {
        let session = auth::token_hash(cookie.value());
        state.store.delete_session(&session).await?;
        // The sockets opened with this session end with it, here and on the other nodes.
        state
            .connections
            .close_session(&session, &crate::outbox::Close::signed_out());
        state.bus.signed_out(&session).await;
    }
    Ok((
        jar.remove(Cookie::build(SESSION_COOKIE).path("/")),
        Json(json!({})),
    ))
}

async fn me(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!({"user": user_json(&state, &account).await?})))
}

async fn user(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let account = state.store.account_by_name(&name).await?;
    Ok(Json(json!({"user": user_json(&state, &account).await?})))
}

async fn rooms(State(state): State<AppState>) -> Json<Value> {
    Json(json!({"rooms": state.rooms.lobby()}))
}

async fn games() -> Json<Value> {
    /// The list never changes while the server runs.
    static GAMES: LazyLock<Value> = LazyLock::new(|| {
        let games: Vec<Value> = Registry::standard()
            .entries()
            .iter()
            .map(game_json)
            .collect();
        json!({"games": games})
    });
    Json(GAMES.clone())
}

/// A game as the lobby lists it: its modes, the seats of each mode's standard game, and the
/// options a room may set (each with the modes it applies to).
fn game_json(entry: &GameEntry) -> Value {
    let seats: serde_json::Map<String, Value> = entry
        .modes()
        .iter()
        .filter_map(|&mode| Some((mode.to_owned(), json!(entry.seat_count(Some(mode)).ok()?))))
        .collect();
    json!({
        "name": entry.name(),
        "modes": entry.modes(),
        "seats": seats,
        "options": entry.option_fields(None),
    })
}

async fn board(Path((game, mode)): Path<(String, String)>) -> Result<Json<Value>, ApiError> {
    let entry = Registry::standard()
        .find(&game)
        .map_err(|error| ApiError::new("not_found", error.to_string()))?;
    let probe = entry
        .new_game(Some(&mode), 0, &[])
        .map_err(|error| ApiError::new("not_found", error.to_string()))?;
    Ok(Json(probe.ui_board()))
}

#[derive(Deserialize)]
struct ShelfQuery {
    #[serde(default = "default_game")]
    game: String,
    #[serde(default = "default_mode")]
    mode: String,
}

/// The first registered game, when a request names none.
fn default_game() -> String {
    Registry::standard()
        .entries()
        .first()
        .map_or_else(String::new, |entry| entry.name().to_owned())
}

/// The first mode of the first registered game, when a request names none.
fn default_mode() -> String {
    Registry::standard()
        .entries()
        .first()
        .and_then(|entry| entry.modes().first())
        .map_or_else(String::new, |mode| (*mode).to_owned())
}

async fn layouts(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Query(query): Query<ShelfQuery>,
) -> Result<Json<Value>, ApiError> {
    let shelf = LayoutShelf {
        user: account.id,
        game: &query.game,
        mode: &query.mode,
    };
    let layouts = state.store.layouts(shelf).await?;
    let last = state.store.default_layout(shelf).await?;
    Ok(Json(json!({
        "layouts": layouts.iter().map(|layout| json!({
            "name": layout.name,
            "game": query.game,
            "mode": query.mode,
            "layout": layout.layout,
            "updated_ms": layout.saved_at.0,
        })).collect::<Vec<_>>(),
        "last": last.map(|layout| layout.name),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutBody {
    #[serde(default = "default_game")]
    game: String,
    #[serde(default = "default_mode")]
    mode: String,
    layout: String,
}

async fn save_layout(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(name): Path<String>,
    WithRejection(Json(body), _): ApiJson<LayoutBody>,
) -> Result<Json<Value>, ApiError> {
    let name = auth::check_name(&name)?;
    let entry = Registry::standard()
        .find(&body.game)
        .map_err(|error| ApiError::new("bad_request", error.to_string()))?;
    let probe = entry
        .new_game(Some(&body.mode), 0, &[])
        .map_err(|error| ApiError::new("bad_request", error.to_string()))?;
    let layout = probe
        .check_setup(None, &body.layout)
        .map_err(crate::room::layout_error)?;
    let shelf = LayoutShelf {
        user: account.id,
        game: &body.game,
        mode: &body.mode,
    };
    state
        .store
        .save_layout(shelf, &name, &layout, UnixMillis::now())
        .await?;
    Ok(Json(json!({})))
}

async fn delete_layout(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(name): Path<String>,
    Query(query): Query<ShelfQuery>,
) -> Result<Json<Value>, ApiError> {
    let shelf = LayoutShelf {
        user: account.id,
        game: &query.game,
        mode: &query.mode,
    };
    // Saved names are normalised (full-width letters made plain…): delete by the same form.
    let name = auth::check_name(&name).unwrap_or(name);
    state.store.delete_layout(shelf, &name).await?;
    Ok(Json(json!({})))
}

async fn replays(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<Json<Value>, ApiError> {
    let replays = state.store.replays(account.id).await?;
    Ok(Json(json!({
        "replays": replays.iter().map(|replay| json!({
            "id": replay.game_id.0,
            "title": replay.title,
            "game": replay.game,
            "mode": replay.mode,
            "saved_ms": replay.saved_at.0,
            "finished_ms": replay.finished_at.map(|at| at.0),
        })).collect::<Vec<_>>(),
    })))
}

async fn save_replay(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<i64>,
) -> Result<Json<Value>, ApiError> {
    let info = state.store.game(GameId(id)).await?;
    let title = format!("{} {} #{id}", info.game, info.mode);
    state
        .store
        .save_replay(account.id, GameId(id), &title, UnixMillis::now())
        .await?;
    Ok(Json(json!({})))
}

async fn replayed(
    state: &AppState,
    id: i64,
) -> Result<(zhanqi_store::GameRecord, replay::Replayed), ApiError> {
    let stored = state.store.game_record(GameId(id)).await?;
    let replayed = replay::replay(&stored)?;
    Ok((stored, replayed))
}

async fn game_replay(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<Json<Value>, ApiError> {
    let (stored, replayed) = replayed(&state, id).await?;
    Ok(Json(replay::replay_json(&stored, &replayed)))
}

async fn game_record(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<impl IntoResponse, ApiError> {
    let (stored, replayed) = replayed(&state, id).await?;
    let record = replay::record(&stored, &replayed);
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"zhanqi-{id}.json\""),
            ),
        ],
        record.to_json(),
    ))
}

async fn game_positions(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<impl IntoResponse, ApiError> {
    let (_, replayed) = replayed(&state, id).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"zhanqi-{id}.positions.txt\""),
            ),
        ],
        replay::position_lines(&replayed),
    ))
}
