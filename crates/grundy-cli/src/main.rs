//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! Exit codes: 0 success; 1 a check found a counterexample (`verify`); 2 bad input or
//! usage. A closed standard output (broken pipe) ends the run quietly with 0.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

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
    /// Explain a position: who wins, the value, the reduction, every winning move.
    Analyze(cmd::analyze::Args),
    /// Answer a contest judge's input exactly (the problems are named in `cmd::judge`).
    Judge(cmd::judge::Args),
    /// Check a closed-form solver against the exhaustive engine on every position
    /// up to a size.
    Verify(cmd::verify::Args),
    /// Play a game against the perfect engine in the terminal.
    Play(cmd::play::Args),
    /// Build an opening book: every position within N moves of a start, solved.
    Book(cmd::book::Args),
    /// Solve every position reachable from a root by tiers, one file per tier (a database for analyze --db).
    Solve(cmd::solve::Args),
    /// Grundy values G(0), G(1), ... of a heap game, with the proven preperiod and period.
    Sequence(cmd::sequence::Args),
    /// Serve the web playground and its JSON API (127.0.0.1:8080 by default).
    Serve(cmd::serve::Args),
    /// Check a move: legal and winning, tying, drawing or losing (for "print any winning move" answers).
    Check(cmd::check::Args),
    /// Play the perfect engine against a program over its stdin/stdout.
    Interact(cmd::interact::Args),
    /// The canonical form of a sum of short partizan games, or a comparison of two.
    Value(cmd::value::Args),
    /// Generate a judge input reproducibly: random, at the limits, corner cases, one answer class.
    Gen(cmd::gen::Args),
    /// Check a judge input against its statement strictly; --report shows its coverage.
    Validate(cmd::validate::Args),
    /// Test a program against the judge on generated inputs; shrink the first failure.
    Stress(cmd::stress::Args),
}

fn main() -> ExitCode {
    let command = Cli::command().mut_subcommand("judge", |c| c.about(cmd::judge::about()));
    let cli = Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Judge(args) => cmd::judge::run(args).map(|()| ExitCode::SUCCESS),
        Command::Verify(args) => cmd::verify::run(&args),
        Command::Play(args) => cmd::play::run(&args),
        Command::Book(args) => cmd::book::run(&args),
        Command::Solve(args) => cmd::solve::run(&args),
        Command::Sequence(args) => cmd::sequence::run(args),
        Command::Serve(args) => cmd::serve::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Check(args) => cmd::check::run(&args),
        Command::Interact(args) => cmd::interact::run(&args),
        Command::Value(args) => cmd::value::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Gen(args) => cmd::gen::run(args).map(|()| ExitCode::SUCCESS),
        Command::Validate(args) => cmd::validate::run(args),
        Command::Stress(args) => cmd::stress::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) if cmd::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("grundy: {err:#}");
            ExitCode::from(2)
        }
    }
}
