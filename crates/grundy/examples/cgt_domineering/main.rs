//! Canonical forms of Domineering rectangles with the generic engine of
//! `grundy::cgt`.
//!
//! ```sh
//! cargo run --release --example cgt_domineering -- 6 5        # 6 rows, 5 columns
//! cargo run --release --example cgt_domineering -- 4 4 --parallel
//! cargo run --release --example cgt_domineering -- 6 7 --max-positions 1000000000 --max-bytes 15000000000
//! cargo run --release --example cgt_domineering -- 6 7 --census  # the search's size, no values
//! cargo run --release --example cgt_domineering -- 6 7 --parallel --progress 60
//! ```
//!
//! Prints the value (Left places vertical dominoes), then the positions valued and
//! the value arena's size; with `--census`, only how many positions the search
//! would value (`Engine::census`). With `--progress SECONDS`, every SECONDS (1 to
//! 86,400) of the search a line on standard error tells the positions valued so
//! far, the forms stored and the time. The board and its hooks are the ruleset's,
//! `grundy::rules::domineering`.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::cgt::engine::{Engine, Limits};
use grundy::rules::domineering::{Board, Domineering};
use grundy::ruleset::ByParts;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag_value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args.get(i + 1).and_then(|n| n.parse::<u64>().ok()))
    };
    // The dimensions: the numbers that are not a flag's value.
    let nums: Vec<u8> = args
        .iter()
        .enumerate()
        .filter(|&(i, _)| i == 0 || !args[i - 1].starts_with("--"))
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let [rows, cols] = nums[..] else {
        eprintln!(
            "usage: cgt_domineering ROWS COLS [--parallel | --census] [--max-positions N] [--max-bytes N] [--progress SECONDS]"
        );
        return ExitCode::from(2);
    };
    if !(1..=8).contains(&rows) || !(1..=8).contains(&cols) {
        eprintln!("rows and columns: 1 to 8");
        return ExitCode::from(2);
    }
    let mut limits = Limits {
        parallel: args.iter().any(|a| a == "--parallel"),
        ..Limits::default()
    };
    if let Some(n) = flag_value("--max-positions") {
        limits.max_positions = n.unwrap_or(0);
    }
    if let Some(n) = flag_value("--max-bytes") {
        limits.max_bytes = n.unwrap_or(0);
    }
    let progress = match flag_value("--progress") {
        None => None,
        Some(Some(s @ 1..=86_400)) => Some(Duration::from_secs(s)),
        Some(_) => {
            eprintln!("--progress: seconds between reports, 1 to 86400");
            return ExitCode::from(2);
        }
    };
    let rules = Domineering::new();
    let Some(board) = Board::empty(rows, cols) else {
        eprintln!("rows and columns: 1 to 8");
        return ExitCode::from(2);
    };
    let hooks = ByParts(&rules);
    let engine = Engine::new(&hooks, limits);
    let start = Instant::now();
    if args.iter().any(|a| a == "--census") {
        return match engine.census(&board) {
            Ok(n) => {
                println!("{rows}x{cols}: {n} positions");
                println!("time: {:.2} s", start.elapsed().as_secs_f64());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{rows}x{cols}: {e}");
                ExitCode::from(2)
            }
        };
    }
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        if let Some(every) = progress {
            let (engine, done) = (&engine, &done);
            scope.spawn(move || report_progress(engine, every, done, start));
        }
        let result = engine.value(&board);
        done.store(true, Ordering::Relaxed);
        result
    });
    match result {
        Ok(g) => {
            let s = engine.stats();
            println!("{rows}x{cols}: {g}");
            let a = grundy::cgt::stats();
            println!(
                "positions: {}  forms: {}  memo entries: {} ({} comparisons)  arena and tables: {:.1} MB  time: {:.2} s",
                s.positions,
                a.forms,
                a.memo_entries,
                a.comparisons,
                s.arena_bytes as f64 / 1e6,
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{rows}x{cols}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Every `every` until `done`, a line on standard error: the positions valued so
/// far, the forms stored and the time since `start`.
fn report_progress<R: grundy::cgt::engine::PartizanRules>(
    engine: &Engine<'_, R>,
    every: Duration,
    done: &AtomicBool,
    start: Instant,
) {
    let tick = Duration::from_millis(100);
    let mut next = start + every;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(tick);
        if Instant::now() >= next {
            next += every;
            eprintln!(
                "progress: {} positions, {} forms, {:.0} s",
                engine.stats().positions,
                grundy::cgt::stats().forms,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
