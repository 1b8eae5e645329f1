//! A request's intake: its arrival recorded for the work budget, and its body read
//! whole within a time limit.

use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Records the request's arrival for the work budget ([`crate::work`]) and reads its
/// body whole within `timeout` (408 past it), at most `max` bytes (413 past them).
pub(crate) async fn arrive(timeout: Duration, max: usize, req: Request, next: Next) -> Response {
    crate::work::stamp_arrival(async move {
        let (parts, body) = req.into_parts();
        let bytes = match tokio::time::timeout(timeout, axum::body::to_bytes(body, max)).await {
            Err(_) => {
                return ApiError::with(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} s",
                        timeout.as_secs_f64()
                    ),
                )
                .into_response()
            }
            Ok(Err(e)) if is_length_limit(&e) => {
                return ApiError::with(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the request body is too large: at most {max} bytes are accepted"),
                )
                .into_response()
            }
            Ok(Err(_)) => {
                return ApiError::bad("the request body could not be read").into_response()
            }
            Ok(Ok(bytes)) => bytes,
        };
        next.run(Request::from_parts(parts, Body::from(bytes)))
            .await
    })
    .await
}

/// Whether `e` (or an error it wraps) is a body's length limit.
fn is_length_limit(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut e = Some(e);
    while let Some(err) = e {
        if err.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        e = err.source();
    }
    false
}
