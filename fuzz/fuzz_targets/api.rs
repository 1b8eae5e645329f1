//! The HTTP API of `grundy serve`, in process: every route with a fuzzed query
//! string or JSON body. A request may be refused (4xx) or find the server busy or
//! over its budget, but never gets a 500 (a panic caught by the server), and every
//! API answer is JSON.
//!
//! Input: byte 0 picks the route; the rest is the query string (GET) or the body
//! (POST).
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_serve::{AppState, Limits};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

const GET: &[&str] = &[
    "/api/analyze",
    "/api/sequence",
    "/api/sequence.svg",
    "/api/games",
    "/",
    "/static/app.js",
];
const POST: &[&str] = &["/api/play", "/api/outcomes"];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

fn state() -> AppState {
    static STATE: OnceLock<AppState> = OnceLock::new();
    STATE
        .get_or_init(|| {
            // Small limits, so that one input's work stays short.
            AppState::new(Limits {
                max_sequence: 20_000,
                budget: Duration::from_secs(2),
                workers: 1,
                ..Limits::default()
            })
        })
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let [route, rest @ ..] = data else {
        return;
    };
    let route = usize::from(*route);
    let request = if route % 2 == 0 {
        let path = GET[route / 2 % GET.len()];
        let Ok(query) = std::str::from_utf8(rest) else {
            return;
        };
        // Only what a client can send: a valid request target.
        match Request::get(format!("{path}?{query}")).body(Body::empty()) {
            Ok(r) => r,
            Err(_) => return,
        }
    } else {
        let path = POST[route / 2 % POST.len()];
        Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(rest.to_vec()))
            .expect("a POST request")
    };
    let is_api = request.uri().path().starts_with("/api/");
    let (status, body) = runtime().block_on(async {
        let response = grundy_serve::app(state())
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status();
        let body = response.into_body().collect().await.map(|b| b.to_bytes());
        (status, body)
    });
    assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "a request ended in a 500"
    );
    let body = body.expect("the body is read");
    // Every API answer is JSON but a drawing (SVG when it succeeds).
    if is_api && !(status.is_success() && request_is_svg(route)) {
        serde_json::from_slice::<serde_json::Value>(&body)
            .unwrap_or_else(|e| panic!("{status}: the answer is not JSON ({e})"));
    }
});

/// Whether `route` is the drawing (`/api/sequence.svg`), which answers SVG when it
/// succeeds.
fn request_is_svg(route: usize) -> bool {
    route % 2 == 0 && GET[route / 2 % GET.len()] == "/api/sequence.svg"
}
