//! `grundy verify GAME --max-size N`: the closed form against the exhaustive engine
//! on every position up to a size.

use super::rules::{examples, GameArgs};
use grundy::ruleset::SizeError;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use std::sync::atomic::{AtomicU64, Ordering};

use grundy::verify::{Phase, Progress, Report};

use super::progress::Reporter;

/// Arguments of `grundy verify`.
#[derive(Debug, clap::Args)]
#[command(after_help = examples("verify", " --max-size 8"))]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    pub game: GameArgs,
    /// Check every position of every size up to this one.
    #[arg(long, value_name = "N")]
    pub max_size: usize,
    /// No progress on standard error (by default a bar on a terminal, otherwise a
    /// line every 5 seconds).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Runs `grundy verify`: exit 0 when every position agrees, 1 on a counterexample.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    let max_size = |e: SizeError| anyhow::anyhow!(e.render("--max-size"));
    game.check_size(args.max_size).map_err(max_size)?;
    let bar = Bar::new(format!("verify {}", game.title()), args.quiet);
    let report = game.verify(args.max_size, &bar).map_err(max_size)?;
    bar.reporter.finish();
    let mut out = std::io::stdout().lock();
    let agreed = print_report(&report, &mut out)?;
    out.flush()?;
    Ok(if agreed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Prints the report; returns whether every position agreed.
fn print_report(report: &Report, out: &mut impl Write) -> std::io::Result<bool> {
    let sizes = if report.sizes.is_empty() {
        "no sizes".to_owned()
    } else {
        format!(
            "{} to {} {}",
            report.sizes.start,
            report.sizes.end - 1,
            report.size_unit
        )
    };
    match &report.mismatch {
        None => {
            writeln!(
                out,
                "{}: {} positions of {sizes} agree with the exhaustive engine",
                report.name, report.positions
            )?;
            writeln!(out, "time: {}", seconds(report.elapsed))?;
            Ok(true)
        }
        Some(c) => {
            writeln!(
                out,
                "{}: counterexample of {} {}",
                report.name, c.size, report.size_unit
            )?;
            writeln!(out, "position: {}", c.mismatch.position)?;
            writeln!(
                out,
                "expected: {}  (exhaustive engine)",
                c.mismatch.expected
            )?;
            writeln!(out, "found:    {}  (closed form)", c.mismatch.found)?;
            writeln!(
                out,
                "stopped after {} positions agreed, in {}",
                report.positions,
                seconds(report.elapsed)
            )?;
            Ok(false)
        }
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// Progress of a verify run, for [`Reporter`].
struct Bar {
    reporter: Reporter,
    total: AtomicU64,
    done: AtomicU64,
    size: AtomicU64,
    phase: AtomicU64,
}

impl Bar {
    fn new(what: String, quiet: bool) -> Bar {
        Bar {
            reporter: Reporter::new(what, quiet),
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            size: AtomicU64::new(0),
            phase: AtomicU64::new(0),
        }
    }

    fn show(&self) {
        let phase = if self.phase.load(Ordering::Relaxed) == 0 {
            Phase::Solving
        } else {
            Phase::Checking
        };
        let note = format!("size {}: {phase}", self.size.load(Ordering::Relaxed));
        self.reporter.report(
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
            &note,
        );
    }
}

impl Progress for Bar {
    fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.reporter.set_total(total);
    }
    fn phase(&self, size: usize, phase: Phase) {
        self.size.store(size as u64, Ordering::Relaxed);
        self.phase
            .store(u64::from(phase == Phase::Checking), Ordering::Relaxed);
        self.show();
    }
    fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
        self.show();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::verify::{Counterexample, Mismatch};

    #[test]
    fn a_counterexample_is_printed_with_both_answers() {
        let report = Report {
            name: "pawns (step 2)".into(),
            size_unit: "squares",
            sizes: 0..4,
            positions: 13,
            elapsed: Duration::from_millis(1500),
            mismatch: Some(Counterexample {
                size: 3,
                mismatch: Mismatch::new(".PP (step 2)", "value 0", "value *"),
            }),
        };
        let mut out = Vec::new();
        assert!(!print_report(&report, &mut out).unwrap());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "pawns (step 2): counterexample of 3 squares\n\
             position: .PP (step 2)\n\
             expected: value 0  (exhaustive engine)\n\
             found:    value *  (closed form)\n\
             stopped after 13 positions agreed, in 1.50 s\n"
        );
        let agreed = Report {
            mismatch: None,
            ..report
        };
        let mut out = Vec::new();
        assert!(print_report(&agreed, &mut out).unwrap());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "pawns (step 2): 13 positions of 0 to 3 squares agree with the exhaustive engine\n\
             time: 1.50 s\n"
        );
    }
}
