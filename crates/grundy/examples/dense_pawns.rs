//! Solves every pawn board of n squares with a dense table and prints how many the
//! player to move wins, the wall time of the solve and the peak memory.
//!
//! ```text
//! cargo run --release --example dense_pawns -- N [K] [MODE]
//! ```
//!
//! MODE is one of
//! - `wins` (default): the bit-parallel win/loss solver, 1 bit per board;
//! - `generic-wins`: the generic dense win/loss solver, 1 bit per board;
//! - `grundy`: the generic dense Grundy solver, 1 byte per board;
//! - `remoteness`: the generic dense remoteness solver, 2 bytes per board;
//! - `memo`: the memoised engine, board by board (small n only).
//!
//! The number of threads is rayon's: set `RAYON_NUM_THREADS` to change it. After
//! the timed solve, the count of won boards is checked against the closed form
//! ([`closed_form_win_count`]), untimed; a mismatch exits with code 1.

use grundy::ruleset::AsImpartial;
use std::process::ExitCode;
use std::time::Instant;

use grundy::engine::dense::{solve_grundy, solve_remoteness, solve_wins};
use grundy::engine::ImpartialSolver;
use grundy::rules::pawns::dense::{board_of, closed_form_win_count, DensePawns};
use grundy::rules::pawns::Pawns;

/// The peak resident set of this process in KiB, from /proc (Linux only).
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: dense_pawns N [K] [wins|generic-wins|grundy|remoteness|memo]";
    let Some(squares) = args.first().and_then(|s| s.parse::<u32>().ok()) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let step = match args.get(1).map(|s| s.parse::<u32>()) {
        None => 2,
        Some(Ok(k)) => k,
        Some(Err(_)) => {
            eprintln!("{usage}");
            return ExitCode::from(2);
        }
    };
    let mode = args.get(2).map_or("wins", String::as_str);
    let rules = match Pawns::new(step) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let game = match DensePawns::new(rules, squares) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let won: u64 = match mode {
        "wins" => game.solve_wins().count_wins(),
        "generic-wins" => solve_wins(&game).expect("pawn moves go down").count_wins(),
        "grundy" => {
            let t = solve_grundy(&game).expect("pawn values fit a byte");
            t.values().iter().filter(|&&v| v != 0).count() as u64
        }
        "remoteness" => {
            let t = solve_remoteness(&game).expect("pawn games are short");
            t.values().iter().filter(|&&v| v % 2 == 1).count() as u64
        }
        "memo" => {
            let game = AsImpartial(&rules);
            let mut solver = ImpartialSolver::new(&game);
            (0..1u64 << squares)
                .filter(|&i| solver.to_move_wins(&board_of(i, squares)))
                .count() as u64
        }
        _ => {
            eprintln!("{usage}");
            return ExitCode::from(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let peak = peak_rss_kib().map_or("unknown".to_string(), |k| k.to_string());
    let expected = closed_form_win_count(rules, squares);
    let check = if u128::from(won) == expected {
        "ok"
    } else {
        "MISMATCH"
    };
    println!(
        "n={squares} k={step} mode={mode} threads={} boards={} won={won} seconds={seconds:.3} peak_rss_kib={peak} closed_form={expected} check={check}",
        rayon::current_num_threads(),
        1u64 << squares,
    );
    if check == "ok" {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
