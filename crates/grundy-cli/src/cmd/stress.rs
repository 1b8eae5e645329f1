//! `grundy stress PROBLEM -- COMMAND ARGS...`: a program against the judge on
//! generated tests, from tiny to large, and the smallest failing input when it
//! disagrees.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use grundy::problems::generate;
use grundy::problems::Problem;
use grundy::setter::answers::expected_output;
use grundy::setter::gen::{Kind, Options};
use grundy::setter::rng::Rng;
use grundy::setter::shrink::{shrink, Budget};
use grundy::setter::{Input, Scale};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::gen::SizeArg;
use super::judge::problem_parser;

pub(crate) mod child;

use child::{Ending, Limits, Run};
use grundy::setter::compare::{first_difference, same_output, show};

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

/// How a run compares with the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimit,
    OutputLimit,
}

/// The settings every run of a stress session shares.
struct Session {
    command: Vec<OsString>,
    time: Duration,
    ignore_whitespace: bool,
}

impl Session {
    /// The output limit for a test whose expected output is `expected` bytes.
    fn limits(&self, expected: usize) -> Limits {
        Limits {
            time: self.time,
            output: 2 * expected + (64 << 10),
        }
    }

    /// Runs the program on `input` and judges the run.
    fn check(&self, input: &Input) -> anyhow::Result<(Verdict, Run, Vec<u8>)> {
        let expected = expected_output(input)?;
        let run = child::run(
            &self.command,
            &input.to_bytes(),
            self.limits(expected.len()),
        )
        .with_context(|| format!("cannot run {}", self.command_line()))?;
        let verdict = match run.ending {
            Ending::TimedOut => Verdict::TimeLimit,
            Ending::OutputLimit => Verdict::OutputLimit,
            Ending::Signalled(_) | Ending::Exited(1..) | Ending::Exited(..=-1) => {
                Verdict::RuntimeError
            }
            Ending::Exited(0) if same_output(&expected, &run.stdout, self.ignore_whitespace) => {
                Verdict::Accepted
            }
            Ending::Exited(_) => Verdict::WrongAnswer,
        };
        Ok((verdict, run, expected))
    }

    fn command_line(&self) -> String {
        self.command
            .iter()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The verdict in words, with what made it.
    fn describe(&self, verdict: Verdict, run: &Run, expected: &[u8]) -> String {
        match verdict {
            Verdict::Accepted => "accepted".into(),
            Verdict::WrongAnswer => "wrong answer".into(),
            Verdict::RuntimeError => match run.ending {
                Ending::Signalled(n) => format!(
                    "runtime error (killed by {}, signal {n}, after {:.2} s)",
                    child::signal_name(n),
                    run.elapsed.as_secs_f64()
                ),
                Ending::Exited(code) => format!(
                    "runtime error (exit code {code}, after {:.2} s)",
                    run.elapsed.as_secs_f64()
                ),
                _ => "runtime error".into(),
            },
            Verdict::TimeLimit => format!(
                "time limit exceeded (no answer within {:.2} s; killed)",
                self.time.as_secs_f64()
            ),
            Verdict::OutputLimit => format!(
                "output limit exceeded (more than {} bytes; killed)",
                self.limits(expected.len()).output
            ),
        }
    }
}

/// The kind of test `i`: random, and every third one a special kind in turn.
fn kind_of(problem: Problem, i: u64) -> Kind {
    let special: Vec<Kind> = Kind::for_problem(problem)
        .into_iter()
        .filter(|&k| k != Kind::Random)
        .collect();
    if i % 3 == 2 {
        special[(i / 3) as usize % special.len()]
    } else {
        Kind::Random
    }
}

/// Runs `grundy stress`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let problem = args.problem;
    if args.tests == 0 {
        bail!("--tests must be at least 1");
    }
    let session = Session {
        command: args.command.clone(),
        time: args.time_limit,
        ignore_whitespace: args.ignore_whitespace,
    };
    let cap = Scale::from(args.size);
    let bar = ProgressBar::with_draw_target(Some(args.tests), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{msg:30} [{bar:30}] {pos}/{len} tests, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    for i in 0..args.tests {
        let options = Options {
            seed: Rng::derive(args.seed, i).next_u64(),
            scale: cap.ramp(i, args.tests),
            kind: kind_of(problem, i),
            cases: None,
        };
        bar.set_message(format!(
            "{} at scale {:.2}",
            options.kind,
            scale_fraction(options.scale)
        ));
        let input = generate(problem, &options)?;
        let (verdict, run, expected) = session.check(&input)?;
        if verdict != Verdict::Accepted {
            bar.set_message("shrinking");
            let header = format!(
                "test {} of {} failed: {}\n  the test: kind {}, scale {:.2}, seed {}; {}",
                i + 1,
                args.tests,
                session.describe(verdict, &run, &expected),
                options.kind,
                scale_fraction(options.scale),
                options.seed,
                input.describe()
            );
            let outcome = minimise(
                &session,
                input,
                verdict,
                run,
                expected,
                args.shrink_time,
                &bar,
            );
            bar.finish_and_clear();
            let (input, run, expected, note) = outcome?;
            let mut text = format!("{header}\n{note}\n");
            text.push_str(&report(&session, verdict, &input, &run, &expected));
            if let Some(path) = &args.save {
                let bytes = input.to_bytes();
                grundy::files::write_atomically(path, |f| f.write_all(&bytes))
                    .with_context(|| format!("--save {}", path.display()))?;
                text.push_str(&format!(
                    "the minimal failing input is saved in {}\n",
                    path.display()
                ));
            }
            // A closed standard output (`| head`) does not hide the failure's exit code.
            match io::stdout().write_all(text.as_bytes()) {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e.into()),
                _ => return Ok(ExitCode::from(1)),
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    writeln!(
        io::stdout(),
        "{} tests passed: {} agrees with the judge (sizes up to {}, seed {})",
        args.tests,
        session.command_line(),
        match args.size {
            SizeArg::Small => "small",
            SizeArg::Medium => "medium",
            SizeArg::Max => "max",
        },
        args.seed
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The scale as a fraction of the way to the limits.
fn scale_fraction(scale: Scale) -> f64 {
    f64::from(scale.get()) / f64::from(Scale::DENOMINATOR)
}

type Minimal = (Input, Run, Vec<u8>, String);

/// Shrinks a failing input while it fails with the same verdict.
fn minimise(
    session: &Session,
    input: Input,
    verdict: Verdict,
    run: Run,
    expected: Vec<u8>,
    time: Duration,
    bar: &ProgressBar,
) -> anyhow::Result<Minimal> {
    let start = Instant::now();
    let mut last = (run, expected);
    let mut error = None;
    let mut fails = |candidate: &Input| -> bool {
        if error.is_some() {
            return false;
        }
        match session.check(candidate) {
            Ok((v, run, expected)) if v == verdict => {
                bar.set_message(format!("shrinking: {}", candidate.describe()));
                last = (run, expected);
                true
            }
            Ok(_) => false,
            Err(e) => {
                error = Some(e);
                false
            }
        }
    };
    let budget = Budget {
        max_runs: 1_000_000,
        deadline: start.checked_add(time),
    };
    let shrunk = shrink(input, budget, &mut fails);
    if let Some(e) = error {
        return Err(e);
    }
    let note = format!(
        "shrinking: {} runs in {:.1} s, {} smaller failing inputs kept{}",
        shrunk.runs,
        start.elapsed().as_secs_f64(),
        shrunk.steps,
        if shrunk.exhausted {
            " (stopped by --shrink-time; smaller ones may exist)"
        } else {
            ""
        }
    );
    Ok((shrunk.input, last.0, last.1, note))
}

/// The minimal input with the expected and received output, as printed.
fn report(
    session: &Session,
    verdict: Verdict,
    input: &Input,
    run: &Run,
    expected: &[u8],
) -> String {
    let mut out = format!("minimal failing input ({}):\n", input.describe());
    out.push_str(&show(&input.to_bytes()));
    if verdict != Verdict::WrongAnswer {
        out.push_str(&format!(
            "result: {}\n",
            session.describe(verdict, run, expected)
        ));
    }
    out.push_str("expected output:\n");
    out.push_str(&show(expected));
    if verdict == Verdict::WrongAnswer {
        out.push_str("received output:\n");
        out.push_str(&show(&run.stdout));
        out.push_str(&format!(
            "first difference: {}\n",
            first_difference(expected, &run.stdout, session.ignore_whitespace)
        ));
    } else {
        if !run.stdout.is_empty() {
            out.push_str("received output (before it stopped):\n");
            out.push_str(&show(&run.stdout));
        }
        if !run.stderr.is_empty() {
            out.push_str("standard error:\n");
            out.push_str(&show(&run.stderr));
        }
    }
    out
}
