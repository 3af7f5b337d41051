//! The page's script and style sheet (`assets/web/`), compiled into the
//! binary and served under a path that names their version
//! (`/assets/<version>/table.js`), so a browser may keep them for a year:
//! a new build with other files has another version, hence other paths.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The files: name, content type, bytes.
const FILES: [(&str, &str, &[u8]); 5] = [
    (
        "table.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/table.js"),
    ),
    (
        "table.css",
        "text/css; charset=utf-8",
        include_bytes!("../../../assets/web/table.css"),
    ),
    (
        "tournament.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/tournament.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../assets/web/replay.js"),
    ),
    (
        "replay.css",
        "text/css; charset=utf-8",
        include_bytes!("../../../assets/web/replay.css"),
    ),
];

/// How long a browser may keep a file: a year, never revalidated (its path
/// changes with its content).
const CACHE: &str = "public, max-age=31536000, immutable";

/// The version of the files: the first 16 hex digits of the FNV-1a hash of
/// all of them, so it changes whenever one does.
pub static VERSION: LazyLock<String> = LazyLock::new(|| {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, _, bytes) in FILES {
        for b in name.as_bytes().iter().chain(bytes.iter()) {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
});

/// The path of file `name` of this build: `/assets/<version>/<name>`.
pub fn path(name: &str) -> String {
    format!("/assets/{}/{name}", *VERSION)
}

/// `GET /assets/<version>/<file>`: the file, if `version` is this
/// build's; else 404.
pub async fn asset(Path((version, file)): Path<(String, String)>) -> Response {
    let found = FILES.iter().find(|(name, _, _)| *name == file);
    match found {
        Some((_, content_type, bytes)) if version == *VERSION => {
            let mut response = (StatusCode::OK, *bytes).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
            response
        }
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}
