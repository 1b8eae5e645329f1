//! `grundy sequence`: the Grundy sequence of a heap game and its proven period.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use grundy::report::{compact, sequence_json, HeapSequence};
use grundy::rules::octal::Method;
use grundy::sequence::{svg, Options, Progress, Sequence};

/// Compute G(0), G(1), ... until a period is proven (or up to a bound) and print it.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    game: Game,
}

#[derive(Debug, Subcommand)]
enum Game {
    /// A subtraction game: a move takes s ∈ S stones from a heap.
    Subtraction {
        /// The subtraction set S, e.g. 2,4,5.
        #[arg(long, value_name = "S")]
        set: String,
        #[command(flatten)]
        common: Common,
    },
    /// An octal (take-and-break) game given by its code, e.g. 0.77 (Kayles).
    Octal {
        /// The octal code, e.g. 0.77, 0.07, 0.137, 4.7.
        code: String,
        /// How to compute the values.
        #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
        method: MethodArg,
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MethodArg {
    /// The mex over every option (quadratic).
    Naive,
    /// The sparse-space method.
    Sparse,
    /// The sparse-space method, and a shortcut while the values repeat with a short
    /// period.
    Auto,
}

#[derive(Debug, clap::Args)]
struct Common {
    /// Compute exactly G(0), ..., G(N) (and report a period if they prove one).
    #[arg(long, value_name = "N", conflicts_with = "limit")]
    to: Option<usize>,
    /// Without --to: stop at G(N) if no period is proven before.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    limit: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Leave the values out (print only the period and counts).
    #[arg(long)]
    summary: bool,
    /// Also draw the sequence (G(n) against n) into this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Runs `grundy sequence`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (game, common) = match args.game {
        Game::Subtraction { set, common } => (HeapSequence::subtraction(&set)?, common),
        Game::Octal {
            code,
            method,
            common,
        } => {
            let method = match method {
                MethodArg::Naive => Method::Naive,
                MethodArg::Sparse => Method::Sparse,
                MethodArg::Auto => Method::Auto,
            };
            (HeapSequence::octal(&code, method)?, common)
        }
    };
    let options = options(&common)?;
    let seq = with_progress(|p| game.compute(&options, p));
    output(&common, &game.title(), game.header(), &seq)
}

/// The largest heap `--to` and `--limit` accept: values take 4 bytes each, and the
/// period check as much again.
const MAX_HEAP: usize = 1 << 30;

fn options(common: &Common) -> anyhow::Result<Options> {
    let (flag, n) = match common.to {
        Some(n) => ("--to", n),
        None => ("--limit", common.limit),
    };
    if n > MAX_HEAP {
        anyhow::bail!("{flag} {n}: at most {MAX_HEAP} heaps");
    }
    Ok(match common.to {
        Some(n) => Options::to(n),
        None => Options::until_proven(n),
    })
}

/// Runs `f` with a progress bar on standard error (drawn only on a terminal, and
/// only once the run has lasted a moment).
fn with_progress(f: impl FnOnce(&mut dyn FnMut(Progress)) -> Sequence) -> Sequence {
    let bar = ProgressBar::hidden();
    let start = std::time::Instant::now();
    let mut shown = false;
    let mut report = |p: Progress| {
        if !shown && start.elapsed() > Duration::from_millis(500) {
            shown = true;
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{spinner} G(n) {human_pos}/{human_len} values, {elapsed_precise} {wide_bar} eta {eta}",
                )
                .expect("a valid template"),
            );
        }
        bar.set_length(p.goal as u64);
        bar.set_position(p.computed as u64);
    };
    let seq = f(&mut report);
    bar.finish_and_clear();
    seq
}

fn output(
    common: &Common,
    title: &str,
    game: serde_json::Value,
    seq: &Sequence,
) -> anyhow::Result<()> {
    if let Some(path) = &common.svg {
        std::fs::write(path, svg::render(title, &seq.values, seq.period))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let last = seq.computed().saturating_sub(1);
    if common.json {
        let obj = sequence_json(game, seq, common.summary);
        out.write_all(compact(&obj)?.as_bytes())?;
    } else {
        writeln!(out, "{title}: G(0), ..., G({last})")?;
        if !common.summary {
            let width = seq.values.iter().max().map_or(1, |m| m.to_string().len());
            let index_width = last.to_string().len();
            for (row, chunk) in seq.values.chunks(10).enumerate() {
                write!(out, "{:>index_width$}:", row * 10)?;
                for v in chunk {
                    write!(out, " {v:>width$}")?;
                }
                writeln!(out)?;
            }
        }
        match seq.period {
            Some(p) => writeln!(
                out,
                "preperiod {}, period {} (proven from {} values)",
                p.preperiod,
                p.period,
                seq.computed()
            )?,
            None => writeln!(out, "no period proven up to {last}")?,
        }
    }
    out.flush()?;
    Ok(())
}
