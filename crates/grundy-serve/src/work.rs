//! The work budget: every request's work runs on a blocking thread, in one of two
//! lanes, and ends by a deadline counted from the request's arrival.
//!
//! - **The main lane** has `workers` permits. A request takes one if one is free, and
//!   its work may run until the deadline (arrival + the time budget).
//! - **The quick lane** has twice as many permits (by default), for requests that
//!   arrive while the main lane is full. Work there runs for a short slice (a quarter
//!   of a second by default); most requests (an analysis, a move, a page of outcomes)
//!   end within it, so they are not starved by slow ones: a burst of slow requests
//!   holds the quick lane for one slice each. Work that needs more is stopped at the end of its slice and
//!   waits for a main permit, where it runs again from the start until the deadline.
//! - A request that finds no permit in either lane by its deadline is answered 503
//!   with `Retry-After`.
//!
//! The work runs under [`grundy::deadline::within`], so the engines' searches stop at
//! its deadline, and [`Deadline::check`] stops a handler's own loops (as
//! [`grundy::deadline::abandon`] stops a game's code that has no error to return). The permit
//! travels with the work: a piece of work that outlives its answer still counts
//! against the bound until it ends. Work that overruns the budget is answered 422
//! with the reason. A panic inside the work is logged and answered 500; the server goes
//! on.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use grundy::ruleset::Unsolved;

use crate::error::{panic_message, ApiError};

/// How long work may run in the quick lane by default.
pub const QUICK_SLICE: Duration = Duration::from_millis(250);

tokio::task_local! {
    /// When the request being served arrived (set by [`stamp_arrival`]).
    static ARRIVAL: Instant;
}

/// Runs `handler` (the rest of a request's service) with the moment it arrived
/// recorded, so that [`WorkBudget::run`] counts the budget from there.
pub(crate) async fn stamp_arrival<F: std::future::Future>(handler: F) -> F::Output {
    ARRIVAL.scope(Instant::now(), handler).await
}

/// When the request being served arrived: as stamped by the server's layers, or now.
fn arrival() -> Instant {
    ARRIVAL.try_with(|a| *a).unwrap_or_else(|_| Instant::now())
}

/// Bounded concurrency and time for the work of requests.
#[derive(Clone, Debug)]
pub struct WorkBudget {
    main: Arc<Semaphore>,
    quick: Arc<Semaphore>,
    workers: usize,
    quick_workers: usize,
    time: Duration,
    slice: Duration,
}

/// The moment a piece of work must stop, for work that can check it as it goes.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Instant,
}

impl Deadline {
    /// Stops the work (unwinding to [`WorkBudget::run`], which answers 422) once the
    /// deadline has passed.
    pub fn check(&self) {
        if Instant::now() >= self.at {
            grundy::deadline::abandon();
        }
    }

    /// The moment itself.
    pub fn at(&self) -> Instant {
        self.at
    }
}

/// How one run of a piece of work ended.
enum Ran<T> {
    /// It answered (or failed on its own account) before its deadline.
    Done(Result<T, ApiError>),
    /// It was still working at its deadline.
    Cut,
}

impl WorkBudget {
    /// At most `workers` pieces of work at once in the main lane (at least one) and
    /// twice as many in the quick lane, each within `time` of its request's arrival.
    pub fn new(workers: usize, time: Duration) -> WorkBudget {
        let workers = workers.max(1);
        WorkBudget {
            main: Arc::new(Semaphore::new(workers)),
            quick: Arc::new(Semaphore::new(2 * workers)),
            workers,
            quick_workers: 2 * workers,
            time,
            slice: QUICK_SLICE.min(time),
        }
    }

    /// The same budget with `permits` permits in the quick lane (none turns it off),
    /// each for at most `slice` of work.
    pub fn with_quick_lane(mut self, permits: usize, slice: Duration) -> WorkBudget {
        self.quick = Arc::new(Semaphore::new(permits));
        self.quick_workers = permits;
        self.slice = slice.min(self.time);
        self
    }

    /// How many pieces of work are running now, in both lanes.
    pub fn busy(&self) -> usize {
        self.workers - self.main.available_permits() + self.quick_workers
            - self.quick.available_permits()
    }

    /// The seconds a client told the server is busy should wait before trying again.
    pub fn retry_after(&self) -> u64 {
        self.time.as_secs().max(1)
    }

    /// Runs `work` within the budget; see the [module docs](self). `what` names the
    /// work in messages, e.g. `analyze nim 3,5,7`. `work` may be run twice: once in the
    /// quick lane, and again from the start in the main lane if it needs more than a
    /// slice.
    pub async fn run<T, F>(&self, what: String, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(Deadline) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        let end = arrival() + self.time;
        let work = Arc::new(work);
        let over = || {
            ApiError::unsolved(&Unsolved::over_time(format!(
                "{what}: too big to answer within the work budget of {} s",
                self.time.as_secs_f64()
            )))
        };
        if let Ok(permit) = self.main.clone().try_acquire_owned() {
            return match execute(permit, end, &what, work).await {
                Ran::Done(result) => result,
                Ran::Cut => Err(over()),
            };
        }
        let main = tokio::select! {
            biased;
            main = self.main.clone().acquire_owned() => main.ok(),
            quick = self.quick.clone().acquire_owned(), if self.quick_workers > 0 => {
                let Ok(quick) = quick else { return Err(self.busy_error()) };
                let at = end.min(Instant::now() + self.slice);
                match execute(quick, at, &what, work.clone()).await {
                    Ran::Done(result) => return result,
                    Ran::Cut if at >= end => return Err(over()),
                    Ran::Cut => None,
                }
            }
            () = tokio::time::sleep_until(end.into()) => return Err(self.busy_error()),
        };
        let permit = match main {
            Some(permit) => permit,
            None => {
                match tokio::time::timeout_at(end.into(), self.main.clone().acquire_owned()).await {
                    Ok(Ok(permit)) => permit,
                    _ => return Err(self.busy_error()),
                }
            }
        };
        match execute(permit, end, &what, work).await {
            Ran::Done(result) => result,
            Ran::Cut => Err(over()),
        }
    }

    fn busy_error(&self) -> ApiError {
        ApiError::with(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: no worker was free within the work budget of {} s; \
                 try again later",
                self.time.as_secs_f64()
            ),
        )
        .retry_after(self.retry_after())
    }
}

/// Runs `work` on a blocking thread holding `permit`, until `at`.
async fn execute<T, F>(
    permit: OwnedSemaphorePermit,
    at: Instant,
    what: &str,
    work: Arc<F>,
) -> Ran<T>
where
    T: Send + 'static,
    F: Fn(Deadline) -> Result<T, ApiError> + Send + Sync + 'static,
{
    let handle = tokio::task::spawn_blocking(move || {
        let result = catch_unwind(AssertUnwindSafe(|| {
            grundy::deadline::within(at, || work(Deadline { at }))
        }));
        let late = Instant::now() >= at;
        drop(permit);
        (result, late)
    });
    match tokio::time::timeout_at(at.into(), handle).await {
        Err(_) => Ran::Cut,
        Ok(Err(join)) => Ran::Done(Err(internal(what, &join.to_string()))),
        Ok(Ok((Ok(Ok(result)), _))) => Ran::Done(Ok(result)),
        // An error at the deadline is the search stopped by it.
        Ok(Ok((Ok(Err(_)), true))) => Ran::Cut,
        Ok(Ok((Ok(Err(e)), false))) => Ran::Done(Err(e)),
        // Work abandoned at its deadline ([`Deadline::check`], or a game's own code
        // with no error to return: [`grundy::deadline::abandon`]).
        Ok(Ok((Err(payload), _))) if payload.is::<grundy::deadline::Abandoned>() => Ran::Cut,
        Ok(Ok((Err(payload), _))) => {
            Ran::Done(Err(internal(what, &panic_message(payload.as_ref()))))
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
