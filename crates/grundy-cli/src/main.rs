//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! Exit codes: 0 success; 1 a check found a counterexample (`verify`); 2 bad input or
//! usage. A closed standard output (broken pipe) ends the run quietly with 0.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Combinatorial games solved exactly: who wins, why, and with which move.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Grundy values G(0), G(1), ... of a heap game, with the proven preperiod and period.
    Sequence(cmd::sequence::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Sequence(args) => cmd::sequence::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if cmd::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("grundy: {err:#}");
            ExitCode::from(2)
        }
    }
}
