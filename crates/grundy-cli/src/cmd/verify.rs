//! `grundy verify GAME --max-size N`: the closed form against the exhaustive engine
//! on every position up to a size.

use super::rules::{name, RuleArgs};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use grundy::rules::nim::Nim;
use grundy::verify::{
    families, verify, AbCheck, Checked, PawnsCheck, Phase, Progress, Report, TableCheck,
    TowersCheck,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The rulesets with a closed form to verify.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    /// Pawns on a strip; size = squares (see --step).
    Pawns,
    /// The table game; size = the longer side, every boundary pair and cell.
    Table,
    /// The A-B game; size = cells, both players moving first.
    Ab,
    /// The game of towers; size = blocks plus towers.
    Towers,
    /// Nim; size = tokens, every row of heaps.
    Nim,
    /// A subtraction game (--set); size = tokens, every row of heaps.
    Subtraction,
    /// An octal game (--code); size = tokens, every row of heaps.
    Octal,
    /// Staircase Nim (--bound); size = coins plus steps.
    Staircase,
}

/// Arguments of `grundy verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset to check.
    #[arg(value_enum)]
    pub game: Game,
    /// Check every position of every size up to this one.
    #[arg(long, value_name = "N")]
    pub max_size: usize,
    /// The ruleset's parameters.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Runs `grundy verify`: exit 0 when every position agrees, 1 on a counterexample.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    args.rules.check_applies_to(&name(&args.game))?;
    let n = args.max_size;
    match args.game {
        Game::Pawns => check(&PawnsCheck::new(args.rules.pawns()?), n),
        Game::Table => check(&TableCheck::new(), n),
        Game::Ab => check(&AbCheck::new(), n),
        Game::Towers => check(&TowersCheck::new(), n),
        Game::Nim => check(&families::nim(&Nim), n),
        Game::Staircase => {
            let rules = args.rules.staircase()?;
            let checked = families::staircase(&rules);
            check(&checked, n)
        }
        Game::Subtraction => {
            let rules = args.rules.subtraction()?;
            heap_limit(n)?;
            let checked = families::subtraction(&rules, n)?;
            check(&checked, n)
        }
        Game::Octal => {
            let rules = args.rules.octal()?;
            heap_limit(n)?;
            let checked = families::octal(&rules, n)?;
            check(&checked, n)
        }
    }
}

/// Checked before the Grundy table of the largest heap is built.
fn heap_limit(max_size: usize) -> anyhow::Result<()> {
    if max_size > families::LARGEST_HEAP_SIZE {
        bail!(
            "--max-size {max_size} is too large for heap games: at most {} tokens",
            families::LARGEST_HEAP_SIZE
        );
    }
    Ok(())
}

fn check<C: Checked>(checked: &C, max_size: usize) -> anyhow::Result<ExitCode> {
    if max_size < checked.smallest_size() {
        bail!(
            "--max-size {max_size} is too small for {}: its positions start at {} {}",
            checked.name(),
            checked.smallest_size(),
            checked.size_unit()
        );
    }
    if max_size > checked.largest_size() {
        bail!(
            "--max-size {max_size} is too large for {}: at most {} {}",
            checked.name(),
            checked.largest_size(),
            checked.size_unit()
        );
    }
    let bar = Bar::new();
    let report = verify(checked, max_size, &bar);
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
