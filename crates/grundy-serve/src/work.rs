//! The work budget: every request's work runs on a blocking thread, at most
//! `workers` at once, for at most a set time.
//!
//! [`Budget::run`] waits for one of the permits (a request that cannot get one within
//! the time budget is answered 503, busy), then runs the work with
//! [`tokio::task::spawn_blocking`]. The permit travels with the work, so a piece of
//! work that outlives its answer still counts against the bound until it ends.
//! Work that overruns the budget is answered 422 with the reason at once; work
//! that reports its progress ([`Deadline::check`]) is also stopped there.
//! A panic inside the work is logged and answered 500; the server goes on.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::error::{panic_message, ApiError};

/// Bounded concurrency and time for the work of requests.
#[derive(Clone, Debug)]
pub struct Budget {
    permits: Arc<Semaphore>,
    workers: usize,
    time: Duration,
}

/// The moment a piece of work must stop, for work that can check it as it goes.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Instant,
}

/// The payload [`Deadline::check`] unwinds with (not a panic: no message is printed).
struct Cancelled;

impl Deadline {
    /// Stops the work (unwinding to [`Budget::run`], which answers 422) once the
    /// deadline has passed.
    pub fn check(&self) {
        if Instant::now() >= self.at {
            std::panic::resume_unwind(Box::new(Cancelled));
        }
    }
}

impl Budget {
    /// At most `workers` pieces of work at once (at least one), each for at most `time`.
    pub fn new(workers: usize, time: Duration) -> Budget {
        let workers = workers.max(1);
        Budget {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            time,
        }
    }

    /// How many pieces of work are running now.
    pub fn busy(&self) -> usize {
        self.workers - self.permits.available_permits()
    }

    /// Runs `work` within the budget; see the [module docs](self). `what` names the
    /// work in messages, e.g. `analyze nim 3,5,7`.
    pub async fn run<T, F>(&self, what: String, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Deadline) -> Result<T, ApiError> + Send + 'static,
    {
        let seconds = self.time.as_secs_f64();
        let permit = match tokio::time::timeout(self.time, self.permits.clone().acquire_owned())
            .await
        {
            Ok(Ok(permit)) => permit,
            _ => {
                return Err(ApiError::with(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("the server is busy: no worker was free within {seconds} s; try again"),
                ))
            }
        };
        let deadline = Deadline {
            at: Instant::now() + self.time,
        };
        let handle = tokio::task::spawn_blocking(move || {
            let result = catch_unwind(AssertUnwindSafe(|| work(deadline)));
            drop(permit);
            result
        });
        let over = || {
            ApiError::unprocessable(format!(
                "{what}: too big to answer within the work budget of {seconds} s"
            ))
        };
        match tokio::time::timeout(self.time, handle).await {
            Err(_) => Err(over()),
            Ok(Err(join)) => Err(internal(&what, &join.to_string())),
            Ok(Ok(Ok(result))) => result,
            Ok(Ok(Err(payload))) if payload.is::<Cancelled>() => Err(over()),
            Ok(Ok(Err(payload))) => Err(internal(&what, &panic_message(payload.as_ref()))),
        }
    }
}

fn internal(what: &str, why: &str) -> ApiError {
    eprintln!("grundy serve: panic in {what} (answered 500): {why}");
    ApiError::with(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the server logged it and goes on serving",
    )
}
