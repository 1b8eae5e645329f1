//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! Exit codes: 0 success; 1 a check found a counterexample (`verify`); 2 bad input or
//! usage. A closed standard output (broken pipe) ends the run quietly with 0.

use clap::Parser;

/// Combinatorial games solved exactly: who wins, why, and with which move.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {}

fn main() {
    let _cli = Cli::parse();
}
