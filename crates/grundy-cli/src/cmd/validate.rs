//! `grundy validate PROBLEM [FILE]`: check an input against its statement, strictly.

use std::io::{self, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use grundy::problems::Problem;
use grundy::setter::validate::{validate, ValidationError};

use super::judge::problem_parser;

/// Check a judge input against its statement, strictly (as testlib validators do).
///
/// Lines end with LF only, tokens are separated by single spaces, the last line ends
/// with LF, numbers have no sign or leading zeros, and every constraint holds,
/// including the sums over test cases. The first violation is reported with its line,
/// column and constraint. Exit codes: 0 valid, 1 the input breaks the statement,
/// 2 usage error or unreadable file.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy gen tabgame --size max | grundy validate tabgame --report\n  \
    grundy validate adapwns tests/01.in")]
pub struct Args {
    /// The problem whose statement the input must follow.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The input; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Print what the input covers: for each constrained quantity the least and
    /// greatest value and the limits hit, and the count of each answer.
    #[arg(long)]
    pub report: bool,
}

/// Runs `grundy validate`: exit 0 when the input is valid, 1 when it is not.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let problem = args.problem;
    let (result, name) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file = grundy::files::open_regular(path)?;
            (check(problem, file), path.display().to_string())
        }
        _ => (
            check(problem, io::stdin().lock()),
            "standard input".to_owned(),
        ),
    };
    match result {
        Ok(report) => {
            if args.report {
                println!("{report}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) if e.is_violation() => {
            eprintln!("grundy: {name}: {e}");
            Ok(ExitCode::from(1))
        }
        Err(e) => Err(e).with_context(|| name),
    }
}

fn check(
    problem: Problem,
    input: impl Read,
) -> Result<grundy::setter::validate::Report, ValidationError> {
    validate(problem, input)
}
