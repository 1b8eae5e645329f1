//! A program against the judge on generated tests, from tiny to large, and the
//! smallest failing input when it disagrees: the harness behind `grundy stress`,
//! with the command line's parsing and printing left to the caller.
//!
//! Test i of N is drawn at a scale that grows from the smallest the statement allows
//! to the plan's cap ([`Scale::ramp`]), so the first failure is found on a small
//! input; every third test aims at limits, corner cases or an answer class
//! ([`kind_of`]). A run is judged against [`expected_output`] byte for byte (or token
//! for token): a wrong answer, a crash, a time limit (wall clock; the program's
//! process group is killed) and too much output are told apart ([`Verdict`]). The
//! first failing input is then shrunk ([`shrink`]) while it fails the same way.
//!
//! Runs go through [`Runner`], so a harness can test a program ([`child::run`], Unix)
//! or any function of the input bytes.

#[cfg(unix)]
pub mod child;

use std::io;
use std::time::{Duration, Instant};

use crate::judge::JudgeError;
use crate::problems::generate;
use crate::setter::answers::expected_output;
use crate::setter::compare::{first_difference, same_output, show};
use crate::setter::gen::{GenError, Kind, Options};
use crate::setter::rng::Rng;
use crate::setter::shrink::{shrink, ShrinkBudget};
use crate::setter::{Input, Problem, Scale};

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this code.
    Exited(i32),
    /// A signal killed it (not one the harness sent), by number and name.
    Signalled(i32, String),
    /// It was still running at the time limit, and was killed.
    TimedOut,
    /// It printed more than the output limit, and was killed.
    OutputLimit,
}

/// One run of the program.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Its standard output (at most the output limit).
    pub stdout: Vec<u8>,
    /// The start of its standard error.
    pub stderr: Vec<u8>,
    /// The wall-clock time from start to end.
    pub elapsed: Duration,
}

/// The limits of a run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Duration,
    /// Bytes of standard output.
    pub output: usize,
}

/// What runs the program under test on one input.
pub trait Runner {
    /// Runs the program on `input` within `limits`.
    fn run(&mut self, input: &[u8], limits: Limits) -> io::Result<Run>;
    /// The program in words, e.g. its command line.
    fn name(&self) -> String;
}

/// How a run compares with the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The judge's output, exactly.
    Accepted,
    /// Another output.
    WrongAnswer,
    /// A non-zero exit code or a signal.
    RuntimeError,
    /// No answer within the time limit.
    TimeLimit,
    /// More output than the limit.
    OutputLimit,
}

/// Why a stress session could not go on.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// The plan asks for no test.
    #[error("expected at least 1 test, found 0")]
    NoTests,
    /// A test could not be generated.
    #[error(transparent)]
    Gen(#[from] GenError),
    /// The judge refused a generated input (a bug of the generator).
    #[error(transparent)]
    Judge(#[from] JudgeError),
    /// The session was cancelled by its front end
    /// ([`deadline::expire`](grundy_values::deadline::expire)).
    #[error("stopped: the session was cancelled")]
    Cancelled,
    /// The program could not be run.
    #[error("cannot run {program}: {source}")]
    Run {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
}

/// The time limit of one run of the program: a millisecond to an hour (seconds).
pub const RUN_TIME: grundy_values::bounds::Range = grundy_values::bounds::Range::new(0.001, 3600.0);

/// How long shrinking may take: 0 (no shrinking) to a day (seconds).
pub const SHRINK_TIME: grundy_values::bounds::Range =
    grundy_values::bounds::Range::new(0.0, 86_400.0);

/// What a session runs: the problem, how many tests, from which seed, up to which
/// scale, compared how, and the limits of a run and of shrinking.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The problem the program solves.
    pub problem: Problem,
    /// How many tests to run (at least 1).
    pub tests: u64,
    /// The seed of the generated tests.
    pub seed: u64,
    /// The scale the tests grow to.
    pub cap: Scale,
    /// The wall-clock limit of one run.
    pub time: Duration,
    /// Compare token by token, ignoring spaces and line ends.
    pub ignore_whitespace: bool,
    /// How long shrinking may take.
    pub shrink_time: Duration,
}

/// What a session reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// Test `index` (from 0) starts, of this kind at this fraction of the limits.
    Test {
        /// The test's index, from 0.
        index: u64,
        /// Its kind.
        kind: Kind,
        /// Its scale as a fraction of the statement's limits.
        scale: f64,
    },
    /// Test `index` passed.
    Passed {
        /// The test's index, from 0.
        index: u64,
    },
    /// Shrinking kept a smaller failing input (`None` as it starts).
    Shrinking(Option<&'a Input>),
}

/// The first failure, shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The failure as found: which test, its verdict, and the test's options.
    pub found: String,
    /// What shrinking did.
    pub shrinking: String,
    /// The minimal failing input.
    pub input: Input,
    /// The minimal input with the expected and the received output, as printed.
    pub report: String,
}

/// A scale as a fraction of the way to the limits.
pub fn scale_fraction(scale: Scale) -> f64 {
    f64::from(scale.get()) / f64::from(Scale::DENOMINATOR)
}

/// The kind of test `i`: random, and every third one a special kind in turn.
pub fn kind_of(problem: Problem, i: u64) -> Kind {
    let special: Vec<Kind> = Kind::for_problem(problem)
        .into_iter()
        .filter(|&k| k != Kind::Random)
        .collect();
    if i % 3 == 2 && !special.is_empty() {
        special[(i / 3) as usize % special.len()]
    } else {
        Kind::Random
    }
}

/// A session: the plan and the program.
pub struct Stress<'r> {
    plan: Plan,
    runner: &'r mut dyn Runner,
}

impl<'r> Stress<'r> {
    /// A session of `plan` on the program `runner` runs.
    pub fn new(plan: Plan, runner: &'r mut dyn Runner) -> Result<Stress<'r>, StressError> {
        if plan.tests == 0 {
            return Err(StressError::NoTests);
        }
        Ok(Stress { plan, runner })
    }

    /// The output limit for a test whose expected output is `expected` bytes.
    fn limits(&self, expected: usize) -> Limits {
        Limits {
            time: self.plan.time,
            output: expected.saturating_mul(2).saturating_add(64 << 10),
        }
    }

    /// Runs the program on `input` and judges the run.
    pub fn check(&mut self, input: &Input) -> Result<(Verdict, Run, Vec<u8>), StressError> {
        let expected = expected_output(input)?;
        let limits = self.limits(expected.len());
        let run = self
            .runner
            .run(&input.to_bytes(), limits)
            .map_err(|source| StressError::Run {
                program: self.runner.name(),
                source,
            })?;
        let verdict = match run.ending {
            Ending::TimedOut => Verdict::TimeLimit,
            Ending::OutputLimit => Verdict::OutputLimit,
            Ending::Signalled(..) | Ending::Exited(1..) | Ending::Exited(..=-1) => {
                Verdict::RuntimeError
            }
            Ending::Exited(0)
                if same_output(&expected, &run.stdout, self.plan.ignore_whitespace) =>
            {
                Verdict::Accepted
            }
            Ending::Exited(_) => Verdict::WrongAnswer,
        };
        Ok((verdict, run, expected))
    }

    /// The verdict in words, with what made it.
    pub fn describe(&self, verdict: Verdict, run: &Run, expected: &[u8]) -> String {
        match verdict {
            Verdict::Accepted => "accepted".into(),
            Verdict::WrongAnswer => "wrong answer".into(),
            Verdict::RuntimeError => match &run.ending {
                Ending::Signalled(n, name) => format!(
                    "runtime error (killed by {name}, signal {n}, after {:.2} s)",
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
                self.plan.time.as_secs_f64()
            ),
            Verdict::OutputLimit => format!(
                "output limit exceeded (more than {} bytes; killed)",
                self.limits(expected.len()).output
            ),
        }
    }

    /// Runs every test of the plan; the first failure is shrunk and returned, `None`
    /// when every test passed.
    pub fn run(
        &mut self,
        progress: &mut dyn FnMut(Event<'_>),
    ) -> Result<Option<Failure>, StressError> {
        let plan = self.plan;
        for i in 0..plan.tests {
            if grundy_values::deadline::cancelled() {
                return Err(StressError::Cancelled);
            }
            let options = Options {
                seed: Rng::derive(plan.seed, i).next_u64(),
                scale: plan.cap.ramp(i, plan.tests),
                kind: kind_of(plan.problem, i),
                cases: None,
            };
            progress(Event::Test {
                index: i,
                kind: options.kind,
                scale: scale_fraction(options.scale),
            });
            let input = generate(plan.problem, &options)?;
            let (verdict, run, expected) = self.check(&input)?;
            if verdict != Verdict::Accepted {
                progress(Event::Shrinking(None));
                let found = format!(
                    "test {} of {} failed: {}\n  the test: kind {}, scale {:.2}, seed {}; {}",
                    i + 1,
                    plan.tests,
                    self.describe(verdict, &run, &expected),
                    options.kind,
                    scale_fraction(options.scale),
                    options.seed,
                    input.describe()
                );
                let (input, run, expected, shrinking) =
                    self.minimise(input, verdict, run, expected, progress)?;
                let report = self.report(verdict, &input, &run, &expected);
                return Ok(Some(Failure {
                    found,
                    shrinking,
                    input,
                    report,
                }));
            }
            progress(Event::Passed { index: i });
        }
        Ok(None)
    }

    /// Shrinks a failing input while it fails with the same verdict.
    fn minimise(
        &mut self,
        input: Input,
        verdict: Verdict,
        run: Run,
        expected: Vec<u8>,
        progress: &mut dyn FnMut(Event<'_>),
    ) -> Result<(Input, Run, Vec<u8>, String), StressError> {
        let start = Instant::now();
        let deadline = start.checked_add(self.plan.shrink_time);
        let mut last = (run, expected);
        let mut error = None;
        let mut fails = |candidate: &Input| -> bool {
            if error.is_some() || grundy_values::deadline::cancelled() {
                return false;
            }
            match self.check(candidate) {
                Ok((v, run, expected)) if v == verdict => {
                    progress(Event::Shrinking(Some(candidate)));
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
        let budget = ShrinkBudget {
            max_runs: 1_000_000,
            deadline,
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
                " (stopped by the shrinking time; smaller ones may exist)"
            } else {
                ""
            }
        );
        Ok((shrunk.input, last.0, last.1, note))
    }

    /// The minimal input with the expected and received output, as printed.
    fn report(&self, verdict: Verdict, input: &Input, run: &Run, expected: &[u8]) -> String {
        let mut out = format!("minimal failing input ({}):\n", input.describe());
        out.push_str(&show(&input.to_bytes()));
        if verdict != Verdict::WrongAnswer {
            out.push_str(&format!(
                "result: {}\n",
                self.describe(verdict, run, expected)
            ));
        }
        out.push_str("expected output:\n");
        out.push_str(&show(expected));
        if verdict == Verdict::WrongAnswer {
            out.push_str("received output:\n");
            out.push_str(&show(&run.stdout));
            out.push_str(&format!(
                "first difference: {}\n",
                first_difference(expected, &run.stdout, self.plan.ignore_whitespace)
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::ABGAME;

    /// A program given as a function of its input.
    struct Function<F>(F);

    impl<F: FnMut(&[u8]) -> Vec<u8>> Runner for Function<F> {
        fn run(&mut self, input: &[u8], _: Limits) -> io::Result<Run> {
            Ok(Run {
                ending: Ending::Exited(0),
                stdout: (self.0)(input),
                stderr: Vec::new(),
                elapsed: Duration::ZERO,
            })
        }

        fn name(&self) -> String {
            "a function".to_owned()
        }
    }

    fn plan(tests: u64) -> Plan {
        Plan {
            problem: ABGAME,
            tests,
            seed: 1,
            cap: Scale::SMALL,
            time: Duration::from_secs(1),
            ignore_whitespace: false,
            shrink_time: Duration::from_secs(10),
        }
    }

    #[test]
    fn the_judge_itself_passes_and_a_wrong_program_is_shrunk() {
        let mut judge = Function(|input: &[u8]| {
            let mut out = Vec::new();
            ABGAME.run(input, &mut out).unwrap();
            out
        });
        let mut passed = 0;
        let found = Stress::new(plan(30), &mut judge)
            .unwrap()
            .run(&mut |e| passed += u64::from(matches!(e, Event::Passed { .. })))
            .unwrap();
        assert!(found.is_none());
        assert_eq!(passed, 30);
        // Always "A": wrong on the first row B wins; shrunk to one short row.
        let mut always_a = Function(|input: &[u8]| {
            let rows = input.split(|&b| b == b'\n').next().unwrap_or_default();
            let n: usize = std::str::from_utf8(rows).unwrap().trim().parse().unwrap();
            b"A\n".repeat(n)
        });
        let failure = Stress::new(plan(30), &mut always_a)
            .unwrap()
            .run(&mut |_| {})
            .unwrap()
            .expect("a wrong program fails");
        assert!(failure.found.contains("wrong answer"), "{}", failure.found);
        assert_eq!(failure.input.cases(), 1, "{}", failure.report);
        assert!(
            failure.report.contains("first difference"),
            "{}",
            failure.report
        );
    }

    #[test]
    fn no_test_is_refused() {
        let mut f = Function(|_: &[u8]| Vec::new());
        assert!(matches!(
            Stress::new(plan(0), &mut f),
            Err(StressError::NoTests)
        ));
    }
}
