//! `grundy verify GAME --max-size N`: the closed form against the exhaustive engine
//! on every position up to a size.

use super::rules::{examples, GameArgs};
use grundy::ruleset::SizeError;
use std::io::Write;
use std::process::ExitCode;

use std::sync::atomic::{AtomicU64, Ordering};

use grundy::verify::{Phase, Progress};

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
    out.write_all(grundy::report::text::verify(&report).as_bytes())?;
    out.flush()?;
    Ok(if report.mismatch.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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
