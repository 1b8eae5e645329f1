//! `grundy stress PROBLEM -- COMMAND ARGS...`: a program against the judge on
//! generated tests, from tiny to large, and the smallest failing input when it
//! disagrees.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use grundy::problems::Problem;
use grundy::setter::Scale;
use grundy::stress::child::Program;
use grundy::stress::{Event, Plan, Stress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::gen::SizeArg;
use super::judge::problem_parser;

/// Test a program against the judge on generated inputs, and shrink the first
/// failure to a minimal input.
///
/// Test i of N is drawn at a size that grows from the smallest the statement allows
/// to --size, so the first failure is found on a small input; every third test aims
/// at limits, corner cases or an answer class. The program's output must equal
/// `grundy judge`'s byte for byte (or token for token with --ignore-whitespace). A
/// wrong answer, a crash (non-zero exit code or a signal), a time limit (wall clock;
/// the program is killed) and too much output are told apart. The failing input is
/// then shrunk while it fails the same way: fewer test cases, shorter rows and
/// strings, fewer queries and buildings, smaller numbers; the result is printed with
/// the expected and the received output.
///
/// Exit codes: 0 every test passed, 1 a failure was found, 2 usage error.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy stress adapwns -- python3 my_solution.py\n  \
    grundy stress tabgame --tests 500 --time-limit 1 --save fail.txt -- ./sol\n  \
    grundy stress legowarz --size medium --ignore-whitespace -- java Main")]
pub struct Args {
    /// The problem the program solves.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// How many generated tests to run.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub tests: u64,
    /// The wall-clock limit of one run, in seconds.
    #[arg(long, default_value = "2", value_name = "SECONDS", value_parser = super::numbers::run_time)]
    pub time_limit: Duration,
    /// The seed of the generated tests.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The largest size the tests grow to.
    #[arg(long, value_enum, default_value = "max")]
    pub size: SizeArg,
    /// Compare the outputs token by token, ignoring spaces and line ends.
    #[arg(long)]
    pub ignore_whitespace: bool,
    /// Write the minimal failing input to this file.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Stop shrinking after this many seconds (the input found so far is printed).
    #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = super::numbers::shrink_time)]
    pub shrink_time: Duration,
    /// The program to test and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

/// Runs `grundy stress`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.tests == 0 {
        bail!("--tests must be at least 1");
    }
    let plan = Plan {
        problem: args.problem,
        tests: args.tests,
        seed: args.seed,
        cap: Scale::from(args.size),
        time: args.time_limit,
        ignore_whitespace: args.ignore_whitespace,
        shrink_time: args.shrink_time,
    };
    let mut program = Program(args.command.clone());
    let name = grundy::stress::Runner::name(&program);
    let bar = ProgressBar::with_draw_target(Some(args.tests), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{msg:30} [{bar:30}] {pos}/{len} tests, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let found = Stress::new(plan, &mut program)?.run(&mut |event| match event {
        Event::Test { kind, scale, .. } => bar.set_message(format!("{kind} at scale {scale:.2}")),
        Event::Passed { .. } => bar.inc(1),
        Event::Shrinking(None) => bar.set_message("shrinking"),
        Event::Shrinking(Some(input)) => {
            bar.set_message(format!("shrinking: {}", input.describe()))
        }
    });
    bar.finish_and_clear();
    let Some(failure) = found? else {
        writeln!(
            io::stdout(),
            "{} tests passed: {name} agrees with the judge (sizes up to {}, seed {})",
            args.tests,
            match args.size {
                SizeArg::Small => "small",
                SizeArg::Medium => "medium",
                SizeArg::Max => "max",
            },
            args.seed
        )?;
        return Ok(ExitCode::SUCCESS);
    };
    let shrinking = failure
        .shrinking
        .replace("the shrinking time", "--shrink-time");
    let mut text = format!("{}\n{shrinking}\n{}", failure.found, failure.report);
    if let Some(path) = &args.save {
        let bytes = failure.input.to_bytes();
        grundy::files::write_atomically(path, |f| f.write_all(&bytes))
            .with_context(|| format!("--save {}", path.display()))?;
        text.push_str(&format!(
            "the minimal failing input is saved in {}\n",
            path.display()
        ));
    }
    // A closed standard output (`| head`) does not hide the failure's exit code.
    match io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::from(1)),
    }
}
