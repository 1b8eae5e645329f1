//! A bounded load test of `grundy serve`, on this machine only.
//!
//! `cargo run --release -p grundy-serve --example load -- --url http://127.0.0.1:PORT
//! --clients 16 --requests 4000 --seconds 30` sends GET requests from N concurrent
//! clients (each on its own keep-alive connection) round-robin over a mix of API
//! requests, until the count is reached or the time is up, and prints requests per
//! second and the latency percentiles. It refuses any address outside 127.0.0.0/8 and
//! ::1, and exits 1 when any request failed.

use std::net::{IpAddr, ToSocketAddrs};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// The requests, in turn.
const PATHS: &[&str] = &[
    "/api/analyze?game=nim&position=3,5,7",
    "/api/analyze?game=nim&position=3,5,7&moves=true",
    "/api/analyze?game=nim&position=12,34,56,78,90",
    "/api/sequence?game=subtraction&set=2,4,5&summary=true",
    "/api/games",
    "/",
];

#[derive(Parser, Debug)]
struct Args {
    /// The server, e.g. http://127.0.0.1:8080 (loopback only).
    #[arg(long)]
    url: String,
    /// Concurrent clients.
    #[arg(long, default_value_t = 16)]
    clients: usize,
    /// Requests in all.
    #[arg(long, default_value_t = 4000)]
    requests: usize,
    /// Stop after this many seconds even if requests remain.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let url: hyper::Uri = args
        .url
        .parse()
        .expect("a URL such as http://127.0.0.1:8080");
    let host = url.host().expect("a host").trim_matches(['[', ']']);
    let port = url.port_u16().unwrap_or(80);
    let addrs: Vec<IpAddr> = (host, port)
        .to_socket_addrs()
        .expect("the host resolves")
        .map(|a| a.ip())
        .collect();
    if addrs.is_empty() || !addrs.iter().all(IpAddr::is_loopback) {
        eprintln!("load: refusing {host}: this load test only targets loopback addresses");
        return std::process::ExitCode::from(2);
    }
    let base = args.url.trim_end_matches('/').to_owned();
    let next = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..args.clients.max(1) {
        let (next, errors, base) = (next.clone(), errors.clone(), base.clone());
        let total = args.requests;
        tasks.push(tokio::spawn(async move {
            let client: Client<_, Empty<Bytes>> = Client::builder(TokioExecutor::new())
                .pool_max_idle_per_host(1)
                .build_http();
            let mut latencies = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total || Instant::now() >= deadline {
                    break;
                }
                let uri: hyper::Uri = format!("{base}{}", PATHS[i % PATHS.len()]).parse().unwrap();
                let t = Instant::now();
                let ok = match tokio::time::timeout(Duration::from_secs(20), client.get(uri)).await
                {
                    Ok(Ok(response)) => {
                        let status = response.status();
                        let body = response.into_body().collect().await;
                        status.is_success() && body.is_ok()
                    }
                    _ => false,
                };
                latencies.push(t.elapsed());
                if !ok {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
            }
            latencies
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("a client finishes"));
    }
    let elapsed = start.elapsed();
    all.sort();
    let errors = errors.load(Ordering::Relaxed);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "clients {:>3}  requests {:>6}  errors {}  wall {:.2} s  {:>8.0} req/s  p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        args.clients,
        all.len(),
        errors,
        elapsed.as_secs_f64(),
        all.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&all, 50.0)),
        ms(percentile(&all, 99.0)),
        ms(all.last().copied().unwrap_or_default()),
    );
    if errors > 0 {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    }
}
