//! `grundy serve`: a web playground for every game of the registry, and its JSON API.
//!
//! The server is stateless: every request names the game, its parameters and the
//! position (and for a match the moves played so far), and the answer is computed
//! afresh from [`grundy::registry`]. Nothing here names a game; the pages draw a
//! board for the games they know and fall back to a text field and the list of legal
//! moves for the others.
//!
//! # API
//! | request | answer |
//! |---|---|
//! | `GET /api/games` | every game: name, help, kind, example, parameters, move notation, whether it can be played misère (`misere`) |
//! | `GET /api/analyze?game=G&position=P[&PARAM=V...][&to_move=A][&moves=true][&limit=N]` | what `grundy analyze G P --json` prints, byte for byte |
//! | `GET /api/board?game=G&position=P[&PARAM=V...][&to_move=A]` | the position's board as data (`board`: shape, lines of spots), the legal moves with the spots each touches, the edits of the spots; `board` null for a game with no drawing |
//! | `GET /api/sequence?game=subtraction&set=S` or `game=octal&code=C` `[&to=N][&limit=N][&summary=true][&method=M]` | what `grundy sequence ... --json` prints |
//! | `GET /api/sequence?...&misere=true[&to=N]` | the genus of heaps 0..=N: what `grundy sequence ... --misere --json` prints |
//! | `GET /api/sequence?...&misere=true&quotient=true[&to=N]` | the misère quotient of heaps up to N (at most [`Limits::max_quotient_heap`]): what `grundy sequence ... --misere --quotient --json` prints |
//! | `GET /api/sequence.svg?...` | the drawing `grundy sequence ... --svg FILE` writes |
//! | `POST /api/outcomes` `{"game", "params", "positions": [...], "to_move"}` | who wins each position, and its value |
//! | `POST /api/play` `{"game", "params", "position", "to_move", "you", "moves": [...], "reply"}` | a match against the engine replayed from its moves: the position, legal moves with hints, the engine's reply, the winner, the result and remoteness of each position |
//! | `GET /api/value?expr=E[&unicode=true]` | the canonical form of an expression of short partizan games with its invariants and thermograph, whether a comparison holds, or a value's incentives (what `grundy value E --json` prints) |
//! | `GET /api/value.svg?expr=E` | the thermograph of a value, as `grundy value E --svg FILE` draws it |
//!
//! Errors are JSON, `{"error": "...", "column": N}` (`N`, the 1-based character
//! where a position or parameter is misread), with a status: 400 for a request that cannot be read, 404
//! for an unknown path, 408 for a body that does not arrive within
//! [`Limits::body_timeout`], 413/414 for a request too large, 422 for a position too
//! big to answer within the [`Limits`], 503 with `Retry-After` when no worker is free
//! within the budget. A panic inside one request is answered 500 and logged, and the
//! server goes on.
//!
//! Every JSON document the server sends, answer or error, ends with a newline, as the
//! CLI's `--json` prints it.
//!
//! # Limits
//! Every piece of work runs on a blocking thread, at most [`Limits::workers`] at once
//! in the main lane and twice as many in a quick lane that keeps cheap requests from waiting
//! behind slow ones, within a time budget ([`Limits::budget`]) counted from the
//! request's arrival; see [`work`]. A connection that does not send a request's headers
//! within [`Limits::header_timeout`] is closed.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod api;
mod assets;
mod error;
mod games;
mod intake;
mod query;
pub mod work;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use grundy::book::{Book, RawBook};

use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;

pub use error::ApiError;
pub use games::{Games, Served};
pub use work::WorkBudget;

/// The bounds every request is held to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest request target (path and query), in bytes.
    pub max_uri_bytes: usize,
    /// The largest request body, in bytes.
    pub max_body_bytes: usize,
    /// The longest position, in characters.
    pub max_position_chars: usize,
    /// The most moves a match may replay.
    pub max_moves: usize,
    /// The most positions one `outcomes` request may ask about.
    pub max_positions: usize,
    /// The most winning or legal moves an analysis may list (`limit`).
    pub max_listed: usize,
    /// The most Grundy values a sequence may compute.
    pub max_sequence: usize,
    /// The largest heap bound of a misère quotient (`quotient=true`).
    pub max_quotient_heap: usize,
    /// How long one request's work may take before it is answered 422.
    pub budget: Duration,
    /// How many requests may work at once in the main lane (and twice as many in the
    /// quick lane); the others wait their turn (within the budget).
    pub workers: usize,
    /// How long work may run in the quick lane before it waits for the main lane.
    pub quick_slice: Duration,
    /// How long a connection may take to send a request's headers (also while idle
    /// between requests).
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive.
    pub body_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_uri_bytes: 8 * 1024,
            max_body_bytes: 256 * 1024,
            max_position_chars: 4096,
            max_moves: 4096,
            max_positions: 1024,
            max_listed: 10_000,
            max_sequence: 2_000_000,
            max_quotient_heap: 16,
            budget: Duration::from_secs(10),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            quick_slice: work::QUICK_SLICE,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
        }
    }
}

/// The shared state of the handlers.
#[derive(Clone, Debug)]
pub struct AppState {
    limits: Arc<Limits>,
    budget: WorkBudget,
    games: Games,
    books: Arc<Vec<Arc<Book>>>,
}

impl AppState {
    /// The state for `limits`.
    pub fn new(limits: Limits) -> AppState {
        AppState {
            budget: WorkBudget::new(limits.workers, limits.budget)
                .with_quick_lane(2 * limits.workers, limits.quick_slice),
            limits: Arc::new(limits),
            games: Games::new(),
            books: Arc::default(),
        }
    }

    /// The same state with the opening book at `path` (`grundy book`): read, its game
    /// built from the book's name and parameters among the games served, and the book
    /// checked against it before it is used. `/api/play` plays from a book of the
    /// game (same parameters) that holds the position.
    pub fn with_book(self, path: &std::path::Path) -> Result<AppState, String> {
        let raw = RawBook::read(path).map_err(|e| e.to_string())?;
        let refused = |why: String| format!("{}: refused: {why}", path.display());
        let params: grundy::dynamic::Params = raw.params.clone().into_iter().collect();
        let game = self
            .games
            .build(&raw.game, &params)
            .map_err(|e| refused(e.message))?;
        let book = game.check_book(raw).map_err(|e| refused(e.to_string()))?;
        let mut books = self.books.as_ref().clone();
        books.push(Arc::new(book));
        Ok(AppState {
            books: Arc::new(books),
            ..self
        })
    }

    /// The opening books served.
    pub fn books(&self) -> &[Arc<Book>] {
        &self.books
    }

    /// The same state serving `games` (the registry's and those added to them).
    pub fn with_games(self, games: Games) -> AppState {
        AppState { games, ..self }
    }

    /// The games served.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The limits requests are held to.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The work budget every request runs under.
    pub fn budget(&self) -> &WorkBudget {
        &self.budget
    }
}

/// The routes of the API and the pages, without the layers of [`app`].
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games", get(api::games))
        .route("/api/analyze", get(api::analyze))
        .route("/api/board", get(api::board))
        .route("/api/sequence", get(api::sequence))
        .route("/api/sequence.svg", get(api::sequence_svg))
        .route("/api/outcomes", post(api::outcomes))
        .route("/api/play", post(api::play))
        .route("/api/value", get(api::value))
        .route("/api/value.svg", get(api::value_svg))
        .route("/", get(assets::index))
        .route("/static/{file}", get(assets::file))
}

/// The whole application: [`routes`] with the request limits, JSON answers for
/// unknown paths and methods, and panics caught (500, logged).
pub fn app(state: AppState) -> Router {
    with_layers(routes(), state)
}

/// `router` (a set of routes, e.g. [`routes`] with more merged in) with the layers of
/// [`app`]: the request limits, JSON fallbacks, and panics caught.
pub fn with_layers(router: Router<AppState>, state: AppState) -> Router {
    let max_uri = state.limits.max_uri_bytes;
    let max_body = state.limits.max_body_bytes;
    let body_timeout = state.limits.body_timeout;
    router
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(axum::middleware::from_fn(move |req, next| {
            intake::arrive(body_timeout, max_body, req, next)
        }))
        // Inside limit_uri, which turns its plain-text 413 into a JSON error.
        .layer(tower_http::limit::RequestBodyLimitLayer::new(max_body))
        .layer(axum::middleware::from_fn(move |req, next| {
            error::limit_uri(max_uri, max_body, req, next)
        }))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            error::panic_response,
        ))
        .with_state(state)
}

/// Serves [`app`] on `listener` until `shutdown` completes, then finishes the
/// requests under way. Each connection must send a request's headers within
/// [`Limits::header_timeout`] (while idle too), or it is closed.
pub async fn serve(
    listener: TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_state(listener, AppState::new(limits), shutdown).await
}

/// [`serve`] with the state given, e.g. with games added
/// ([`AppState::with_games`]).
pub async fn serve_state(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let header_timeout = state.limits().header_timeout;
    let app = app(state);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors or a connection reset before it was taken:
                // wait a moment and go on accepting.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(header_timeout);
        let connection =
            graceful.watch(builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A connection's end (closed, reset, timed out) concerns that client only.
            let _ = connection.await;
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Whether `addr` is on this machine only (127.0.0.0/8 or ::1).
pub fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().is_loopback()
}
