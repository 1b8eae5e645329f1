//! `grundy verify GAME --max-size N`: the closed form against the exhaustive engine
//! on every position up to a size.

use super::rules::{examples, GameArgs};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use grundy::verify::{Phase, Progress, Report};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
}

/// Runs `grundy verify`: exit 0 when every position agrees, 1 on a counterexample.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    game.check_size(args.max_size)?;
    let bar = Bar::new();
    let report = game.verify(args.max_size, &bar)?;
    bar.0.finish_and_clear();
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

/// A progress bar on standard error (hidden when it is not a terminal).
struct Bar(ProgressBar);

impl Bar {
    fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:>20} [{bar:30}] {human_pos}/{human_len}, {elapsed} (eta {eta})",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        Bar(bar)
    }
}

impl Progress for Bar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
        self.0.enable_steady_tick(Duration::from_millis(200));
    }
    fn phase(&self, size: usize, phase: Phase) {
        self.0.set_message(format!("size {size}: {phase}"));
    }
    fn advance(&self, units: u64) {
        self.0.inc(units);
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
