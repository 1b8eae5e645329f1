//! Computes G(0), ..., G(N) of Grundy's game and prints how long it took, the
//! largest value, how many values are 0, and the peak memory.
//!
//! ```text
//! cargo run --release --example grundy_game_values -- N [grundy-game | grundy-game-sparse | octal CODE]
//! ```
//!
//! `grundy-game` (the default) computes by the definition
//! ([`GrundyGameValues`]), `grundy-game-sparse` by the sparse-space method
//! ([`SparseGrundyGame`]). `octal CODE` computes an octal game's values with the
//! naive mex instead ([`NaiveOctal`]), the baseline of `bench/grundy_game.sh`: for
//! `4.0` (split a heap into any two non-empty heaps) it runs the same pair loop.

use std::process::ExitCode;
use std::time::Instant;

use grundy::rules::grundy_game::values::SparseGrundyGame;
use grundy::rules::grundy_game::GrundyGameValues;
use grundy::rules::octal::naive::NaiveOctal;
use grundy::rules::octal::Octal;
use grundy::sequence::Source;

/// The peak resident set of this process in KiB, from /proc (Linux only).
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: grundy_game_values N [grundy-game | grundy-game-sparse | octal CODE]";
    let Some(n) = args.first().and_then(|s| s.parse::<usize>().ok()) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let (name, mut source): (String, Box<dyn Source>) = match args.get(1).map(String::as_str) {
        None | Some("grundy-game") => ("grundy-game".to_owned(), Box::new(GrundyGameValues::new())),
        Some("grundy-game-sparse") => (
            "grundy-game-sparse".to_owned(),
            Box::new(SparseGrundyGame::new()),
        ),
        Some("octal") => {
            let Some(Ok(game)) = args.get(2).map(|c| c.parse::<Octal>()) else {
                eprintln!("{usage}: octal needs a code, e.g. 4.0");
                return ExitCode::from(2);
            };
            let moves = game.code().heap_moves();
            (format!("octal {game}"), Box::new(NaiveOctal::new(moves)))
        }
        Some(other) => {
            eprintln!("{usage}: unknown game {other:?}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut values = Vec::new();
    source.extend(&mut values, n + 1);
    let seconds = started.elapsed().as_secs_f64();
    let max = values.iter().max().copied().unwrap_or(0);
    let zeros = values.iter().filter(|&&v| v == 0).count();
    let rss = peak_rss_kib().map_or("?".to_owned(), |k| k.to_string());
    println!("{name} n={n} seconds={seconds:.3} max={max} zeros={zeros} rss_kib={rss}");
    ExitCode::SUCCESS
}
