//! Canonical forms of Domineering rectangles with the generic engine of
//! `grundy::cgt`.
//!
//! ```sh
//! cargo run --release --example cgt_domineering -- 6 5        # 6 rows, 5 columns
//! cargo run --release --example cgt_domineering -- 4 4 --parallel
//! cargo run --release --example cgt_domineering -- 6 7 --max-positions 1000000000 --max-bytes 15000000000
//! cargo run --release --example cgt_domineering -- 6 7 --census  # the search's size, no values
//! ```
//!
//! Prints the value (Left places vertical dominoes), then the positions valued and
//! the value arena's size; with `--census`, only how many positions the search
//! would value (`Engine::census`). The board and its hooks are the ruleset's,
//! `grundy::rules::domineering`.

use std::process::ExitCode;
use std::time::Instant;

use grundy::cgt::engine::{Engine, Limits};
use grundy::rules::domineering::{Board, Domineering};
use grundy::ruleset::ByParts;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nums: Vec<u8> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let [rows, cols] = nums[..] else {
        eprintln!(
            "usage: cgt_domineering ROWS COLS [--parallel | --census] [--max-positions N] [--max-bytes N]"
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
    if let Some(i) = args.iter().position(|a| a == "--max-positions") {
        limits.max_positions = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
    }
    if let Some(i) = args.iter().position(|a| a == "--max-bytes") {
        limits.max_bytes = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
    }
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
    match engine.value(&board) {
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
