//! `grundy serve`: the web playground and its JSON API (crate `grundy-serve`).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::Context;

/// Arguments of `grundy serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  grundy serve --open                  serve on 127.0.0.1:8080 and open a browser
  grundy serve --port 0                any free port (the address is printed)
  grundy serve --bind 0.0.0.0          every interface: other machines can connect
  grundy serve --book c4.json          play from an opening book (grundy book)

The API answers what `grundy analyze ... --json` prints, e.g.
  curl 'http://127.0.0.1:8080/api/analyze?game=nim&position=3,5,7&moves=true'
Ctrl-C stops the server after the requests under way.")]
pub struct Args {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; the default serves this machine only.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the playground in a web browser once the server listens.
    #[arg(long)]
    open: bool,
    /// How long one request may work, in seconds, before it is answered 422.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = super::numbers::request_budget)]
    budget: std::time::Duration,
    /// How many requests may work at once [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = super::numbers::workers)]
    workers: Option<usize>,
    /// An opening book (`grundy book`) to play from where it holds the position;
    /// may be given more than once. Each is read and checked before the server
    /// listens, and refused with the reason if damaged or not of a served game.
    #[arg(long, value_name = "FILE")]
    book: Vec<std::path::PathBuf>,
}

/// Runs `grundy serve` until Ctrl-C.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let defaults = grundy_serve::Limits::default();
    let limits = grundy_serve::Limits {
        budget: args.budget,
        workers: args.workers.unwrap_or(defaults.workers),
        ..defaults
    };
    let mut state = grundy_serve::AppState::new(limits);
    for path in &args.book {
        state = state.with_book(path).map_err(anyhow::Error::msg)?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        let url = match local.ip() {
            ip if ip.is_unspecified() => format!("http://127.0.0.1:{}/", local.port()),
            _ => format!("http://{local}/"),
        };
        if !grundy_serve::is_loopback(&local) {
            eprintln!("grundy serve: listening on {local}: other machines can connect");
        }
        println!("grundy serve: {url} (Ctrl-C stops)");
        if args.open {
            open_browser(&url);
        }
        grundy_serve::serve_state(listener, state, grundy_serve::shutdown_signal())
            .await
            .context("the server stopped")?;
        eprintln!("grundy serve: stopped");
        Ok::<(), anyhow::Error>(())
    })?;
    // Work still running past its budget is abandoned rather than waited for.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    Ok(())
}

/// Opens `url` in the desktop's browser, or says how to open it.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if spawned.is_err() {
        eprintln!("grundy serve: cannot start {opener}; open {url} in a browser");
    }
}
