//! `grundy sequence`: the Grundy sequence of a heap game and its proven period.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use grundy::rules::octal::{Method, Octal};
use grundy::rules::subtraction::Subtraction;
use grundy::sequence::certificate::{self, Certificate};
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
    /// Check a certificate written by --certificate, from scratch: every value by the
    /// game's definition, then the period by the theorem. Exit 0 if it holds, 1 with
    /// the first condition that fails, 2 if the file is not a certificate.
    Check {
        /// The certificate file.
        file: PathBuf,
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
    /// Write what the proven period rests on (the game, the values the proof needs,
    /// the preperiod and period; gzip) to FILE, for `grundy sequence check FILE`.
    #[arg(long, value_name = "FILE")]
    certificate: Option<PathBuf>,
}

/// Runs `grundy sequence`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.game {
        Game::Check { file } => check(&file),
        Game::Subtraction { set, common } => {
            let rules: Subtraction = set.parse().with_context(|| format!("--set {set}"))?;
            let options = options(&common)?;
            let seq = with_progress(|p| rules.sequence(&options, p));
            let title = format!("subtraction {{{rules}}}");
            let game = json!({ "game": "subtraction", "set": rules.set() });
            certify(&common, format!("subtraction {rules}"), &seq)?;
            output(&common, &title, game, &seq).map(|()| ExitCode::SUCCESS)
        }
        Game::Octal {
            code,
            method,
            common,
        } => {
            let rules: Octal = code.parse().with_context(|| format!("octal code {code}"))?;
            let options = options(&common)?;
            let method = match method {
                MethodArg::Naive => Method::Naive,
                MethodArg::Sparse => Method::Sparse,
                MethodArg::Auto => Method::Auto,
            };
            let seq = with_progress(|p| rules.sequence(method, &options, p));
            let title = format!("octal {rules}");
            let game = json!({ "game": "octal", "code": rules.to_string() });
            certify(&common, format!("octal {rules}"), &seq)?;
            output(&common, &title, game, &seq).map(|()| ExitCode::SUCCESS)
        }
    }
}

/// Writes the certificate `--certificate` asks for: the values the proof needs.
fn certify(common: &Common, game: String, seq: &Sequence) -> anyhow::Result<()> {
    let Some(path) = &common.certificate else {
        return Ok(());
    };
    let Some(period) = seq.period else {
        anyhow::bail!(
            "--certificate {}: no period is proven up to {}, so there is nothing to certify",
            path.display(),
            seq.computed().saturating_sub(1)
        );
    };
    let rules = certificate::rules_of(&game)?;
    let needed = rules.proof_rule().needed(period.preperiod, period.period);
    let cert = Certificate {
        game,
        period,
        values: seq.values[..needed.min(seq.computed())].to_vec(),
    };
    cert.save(path)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// `grundy sequence check FILE`.
fn check(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let cert = Certificate::load(path).with_context(|| format!("{}", path.display()))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let p = cert.period;
    match certificate::check(&cert) {
        Ok(()) => {
            writeln!(
                out,
                "valid: {}, preperiod {}, period {}, proven from {} values (each checked by the definition)",
                cert.game,
                p.preperiod,
                p.period,
                cert.values.len()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            writeln!(out, "invalid: {}: {e}", cert.game)?;
            Ok(ExitCode::from(1))
        }
    }
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
        let mut obj = game;
        obj["preperiod"] = json!(seq.period.map(|p| p.preperiod));
        obj["period"] = json!(seq.period.map(|p| p.period));
        obj["computed"] = json!(seq.computed());
        if !common.summary {
            obj["values"] = json!(seq.values);
        }
        serde_json::to_writer(&mut out, &obj)?;
        writeln!(out)?;
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
