//! The browser client: built into the binary in release builds, read from `web/` on disk in
//! debug builds (rust-embed), or from `--web-dir`.

use axum::body::Body;
use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::state::AppState;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebFiles;

/// Serves a file of the client; `/` is `index.html`.
pub async fn file(State(state): State<AppState>, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_owned()
    };
    if path.split('/').any(|part| part == "..") {
        return StatusCode::NOT_FOUND.into_response();
    }
    let bytes = match &state.config.web_dir {
        Some(dir) => tokio::fs::read(dir.join(&path)).await.ok(),
        None => WebFiles::get(&path).map(|file| file.data.into_owned()),
    };
    match bytes {
        Some(bytes) => {
            let mime = mime_guess::from_path(&path).first_or_octet_stream();
            (
                [
                    (header::CONTENT_TYPE, mime.to_string()),
                    (header::CACHE_CONTROL, "no-cache".to_owned()),
                ],
                Body::from(bytes),
            )
                .into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
