//! Errors as the API answers them: a status and `{"error": "...", "column": N}`.

use std::any::Any;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An answer other than success: the status, what went wrong, and where in the
/// position or parameter when that is known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for a person.
    pub message: String,
    /// The 1-based character of the problem in the text it names (JSON `column`).
    pub column: Option<usize>,
    /// For 503 (busy): the seconds after which to try again, sent as `Retry-After`.
    pub retry_after: Option<u64>,
    /// For a question left unanswered, what kind of limit or gap stopped it
    /// ([`UnsolvedKind::name`](grundy::ruleset::UnsolvedKind::name): `over_budget`,
    /// `over_time`, `no_theory`, `unsupported`, `failed`), sent as `"kind"`.
    pub kind: Option<&'static str>,
}

impl ApiError {
    /// A request that cannot be read (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::with(StatusCode::BAD_REQUEST, message)
    }

    /// A request that is well formed but cannot be answered within the limits (422).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::with(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// An error with `status`.
    pub fn with(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            column: None,
            retry_after: None,
            kind: None,
        }
    }

    /// A question left unanswered (422), with the kind of limit or gap that
    /// stopped it.
    pub fn unsolved(e: &grundy::ruleset::Unsolved) -> ApiError {
        let mut error = ApiError::unprocessable(e.to_string());
        error.kind = Some(e.kind.name());
        error
    }

    /// The same error, telling the client to try again after `seconds`.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    /// The same error, at `column`.
    pub fn at(mut self, column: Option<usize>) -> ApiError {
        self.column = column;
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let Some(column) = self.column {
            body["column"] = json!(column);
        }
        if let Some(kind) = self.kind {
            body["kind"] = json!(kind);
        }
        let mut response = json_response(self.status, &body);
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response
    }
}

/// `body` as a JSON answer with `status`, on one line.
pub(crate) fn json_response(status: StatusCode, body: &serde_json::Value) -> Response {
    json_text(status, body.to_string())
}

/// JSON `text` as an answer with `status`: every JSON document the server sends goes
/// through here, and ends with a newline as the CLI's `--json` prints it (added
/// where `text` has none).
pub(crate) fn json_text(status: StatusCode, mut text: String) -> Response {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text_response(status, "application/json", text)
}

/// `text` with `status` and `content_type`.
pub(crate) fn text_response(status: StatusCode, content_type: &str, text: String) -> Response {
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = status;
    if let Ok(value) = content_type.parse() {
        response.headers_mut().insert(header::CONTENT_TYPE, value);
    }
    response
}

/// Refuses a request target longer than `max` bytes (414), and turns the plain-text
/// refusals of the layers and extractors below (a body over `max_body` bytes, a path
/// that cannot be read) into JSON errors.
pub(crate) async fn limit_uri(max: usize, max_body: usize, req: Request, next: Next) -> Response {
    let len = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if len > max {
        return ApiError::with(
            StatusCode::URI_TOO_LONG,
            format!("the request target has {len} bytes; at most {max} are accepted"),
        )
        .into_response();
    }
    let response = next.run(req).await;
    let status = response.status();
    if !status.is_client_error() || is_json(&response) {
        return response;
    }
    // A refusal by a layer or extractor (a body too large, a path that cannot be
    // read): its text as a JSON error.
    let text = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let message = match (status, text.is_empty()) {
        (StatusCode::PAYLOAD_TOO_LARGE, _) => {
            format!("the request body is too large: at most {max_body} bytes are accepted")
        }
        (_, true) => status
            .canonical_reason()
            .unwrap_or("bad request")
            .to_owned(),
        (_, false) => text,
    };
    ApiError::with(status, message).into_response()
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
}

/// The text of a panic's payload.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// The answer to a request whose handler panicked: logged on standard error, and
/// answered 500 with a JSON error.
pub(crate) fn panic_response(payload: Box<dyn Any + Send>) -> Response {
    internal_error(&panic_message(payload.as_ref()))
}

/// Logs an internal error and answers 500.
pub(crate) fn internal_error(what: &str) -> Response {
    eprintln!("grundy serve: internal error (answered 500): {what}");
    ApiError::with(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the server logged it and goes on serving",
    )
    .into_response()
}
