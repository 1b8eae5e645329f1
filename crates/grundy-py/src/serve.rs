//! `grundy.serve(game)`: the web playground of `grundy serve` with a script's game
//! added to the built-in ones, served from a thread of its own (a [`Server`] to
//! stop; the package's `grundy.serve` waits for Ctrl-C in the foreground).

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use grundy_serve::{AppState, Games, Limits, Served};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use tokio::sync::oneshot;

use crate::rules::ScriptRules;

/// A playground serving in the background: its address, and `stop()`.
#[pyclass(module = "grundy", name = "Server")]
pub struct Server {
    url: String,
    stop: Mutex<Option<oneshot::Sender<()>>>,
    thread: Mutex<Option<JoinHandle<std::io::Result<()>>>>,
}

#[pymethods]
impl Server {
    /// The playground's address, e.g. `http://127.0.0.1:8080/`.
    #[getter]
    fn url(&self) -> String {
        self.url.clone()
    }

    /// Stops serving: the requests under way finish, then the server ends.
    fn stop(&self, py: Python<'_>) -> PyResult<()> {
        if let Some(stop) = self.stop.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = stop.send(());
        }
        let thread = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(thread) = thread {
            let ended = py.detach(|| thread.join());
            match ended {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(PyOSError::new_err(e.to_string())),
                Err(_) => return Err(PyOSError::new_err("the server's thread panicked")),
            }
        }
        Ok(())
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _exc_type: Option<&Bound<'_, PyAny>>,
        _exc: Option<&Bound<'_, PyAny>>,
        _tb: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        self.stop(py)?;
        Ok(false)
    }

    fn __repr__(&self) -> String {
        format!("<grundy.Server at {}>", self.url)
    }
}

/// Serves the built-in games and `game` (named `name`, with `example` as its
/// example position) on `bind`:`port` in the background, until `stop()`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, name, about, example, impartial, components, budget, port, bind))]
pub fn _serve(
    py: Python<'_>,
    game: Py<PyAny>,
    name: &str,
    about: String,
    example: String,
    impartial: bool,
    components: bool,
    budget: u64,
    port: u16,
    bind: &str,
) -> PyResult<Server> {
    let ip: IpAddr = bind.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "bind {bind:?}: expected an IP address, e.g. 127.0.0.1 (this machine only)"
        ))
    })?;
    let budget = crate::user::checked_budget(budget)?;
    let rules = ScriptRules::new(py, name, game, impartial, components, budget);
    // The example must be readable before anything is served.
    grundy::Ruleset::parse_position(&rules, &example)
        .map_err(|e| PyValueError::new_err(format!("example {example:?}: {e}")))?;
    let games = Games::new()
        .with(Served {
            game: Arc::new(rules),
            about,
            example,
        })
        .map_err(PyValueError::new_err)?;
    let state = AppState::new(Limits::default()).with_games(games);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(SocketAddr::new(ip, port)))
        .map_err(|e| PyOSError::new_err(format!("cannot listen on {ip}:{port}: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    let (stop, stopped) = oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        runtime.block_on(grundy_serve::serve_state(listener, state, async move {
            let _ = stopped.await;
        }))
    });
    Ok(Server {
        url: format!("http://{addr}/"),
        stop: Mutex::new(Some(stop)),
        thread: Mutex::new(Some(thread)),
    })
}
