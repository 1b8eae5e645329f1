//! The pages: plain HTML, CSS and JavaScript embedded in the binary.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Every static file: its name under `/static/`, its type and its text.
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../static/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/app.js"),
    ),
    (
        "boards.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/boards.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../static/favicon.svg"),
    ),
];

const INDEX: &str = include_str!("../static/index.html");

fn page(content_type: &'static str, text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}

/// `GET /`: the playground.
pub(crate) async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX)
}

/// `GET /static/FILE`.
pub(crate) async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, content_type, text)) => page(content_type, text),
        None => {
            ApiError::with(StatusCode::NOT_FOUND, format!("no such file: {name}")).into_response()
        }
    }
}
