//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! Exit codes: 0 success; 1 a check found a counterexample (`verify`); 2 bad input or
//! usage. A closed standard output (broken pipe) ends the run quietly with 0.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// Combinatorial games solved exactly: who wins, why, and with which move.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Answer a contest judge's input exactly (adapwns, tabgame, abgame, legowarz).
    Judge(cmd::judge::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Judge(args) => cmd::judge::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if cmd::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grundy: {e:#}");
            ExitCode::from(2)
        }
    }
}
