//! `grundy sequence`: the Grundy sequence of a heap game and its proven period.
//!
//! The game comes from the registry with its own options (as for analyze); it
//! offers its sequence through the ruleset contract (`heap_sequence`). Nothing here
//! names a game.

use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};

use grundy::misere::sequence::{self as misere_sequence, MisereSequence, MisereSequenceError};
use grundy::registry::{self, DynRuleset};
use grundy::ruleset::ParamError;
use grundy::sequence::certificate::{self, Certificate};
use grundy::sequence::checkpoint::compute_checkpointed;
use grundy::sequence::{svg, Method, Options, Progress, Sequence, SequenceSpec};

use super::progress::Reporter;
use super::rules::GameArgs;

/// Compute G(0), G(1), ... until a period is proven (or up to a bound) and print it.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = examples()
)]
pub struct Args {
    #[command(subcommand)]
    check: Option<Check>,
    #[command(flatten)]
    game: GameArgs,
    /// The game's required parameter, given after its name instead of as an option
    /// (e.g. a code or a set).
    #[arg(value_name = "VALUE")]
    value: Option<String>,
    /// How to compute the values (a game may offer fewer; auto is its fastest).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// With --misere: the misère quotient of the sums of heaps up to --to N (12 by
    /// default), proven by its independent check; --certificate FILE writes it.
    #[arg(long, requires = "misere")]
    quotient: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Subcommand)]
enum Check {
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
    /// The game's fastest (for games that split heaps: the sparse-space method, and
    /// a shortcut while the values repeat with a short period).
    Auto,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Naive => Method::Naive,
            MethodArg::Sparse => Method::Sparse,
            MethodArg::Auto => Method::Auto,
        }
    }
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
    /// Save the values to FILE as they are computed (every minute and at the end),
    /// and resume from it when it exists: a long run can be stopped and started
    /// again with the same results.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Stop after S seconds of computing, keeping the values computed and the period
    /// they prove, if any (0: no limit).
    #[arg(long, value_name = "S", default_value = "10", value_parser = super::numbers::sequence_time)]
    time_limit: Duration,
    /// No progress on standard error (by default a bar on a terminal, elsewhere a
    /// line every 5 seconds).
    #[arg(long)]
    quiet: bool,
}

/// The examples of the help: one per game that has a sequence.
fn examples() -> String {
    let mut out = String::from("Examples:");
    for spec in registry::RULESETS {
        if !registry::with_sequences().contains(&spec.name) {
            continue;
        }
        let value: String = spec
            .params
            .iter()
            .filter(|p| p.required)
            .map(|p| format!(" {}", p.example))
            .collect();
        out.push_str(&format!(
            "\n  grundy sequence {}{value} --summary",
            spec.name
        ));
    }
    out.push_str("\n  grundy sequence check FILE");
    out
}

/// Runs `grundy sequence`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(Check::Check { file }) = args.check {
        return check(&file);
    }
    if args.game.params.get(registry::MISERE.name) == Some("true") {
        return genus(&args);
    }
    let game = build(&args.game, args.value.as_deref())?;
    let spec = registry::sequence_of(&*game)?;
    let method = Method::from(args.method);
    spec.check_method(method)?;
    let options = options(&args.common)?;
    if spec.rule.is_none() {
        if let Some(path) = &args.common.certificate {
            anyhow::bail!(
                "--certificate {}: no period is known for {}, so there is nothing to certify",
                path.display(),
                spec.title
            );
        }
    }
    let what = format!("sequence {}", spec.title);
    // Every file the run writes must be writable before the work starts.
    for (flag, path) in [
        ("--checkpoint", &args.common.checkpoint),
        ("--certificate", &args.common.certificate),
        ("--svg", &args.common.svg),
    ] {
        if let Some(path) = path {
            grundy::files::check_writable(path).context(flag)?;
        }
    }
    let quiet = args.common.quiet;
    let (seq, saved) = match &args.common.checkpoint {
        None => (
            with_progress(what, quiet, |p| spec.compute(method, &options, p))?,
            Ok(()),
        ),
        Some(path) => {
            let mut resuming = |n: usize| {
                if !quiet && n > 0 {
                    eprintln!("grundy: resuming from {}: {n} values", path.display());
                }
            };
            let run = with_progress(what, quiet, |p| {
                compute_checkpointed(&spec, method, &options, path, SAVE_EVERY, &mut resuming, p)
            })
            .with_context(|| format!("--checkpoint {}", path.display()))?;
            let saved = run.saved.with_context(|| {
                format!("--checkpoint {}: cannot save the values", path.display())
            });
            (run.sequence, saved)
        }
    };
    let asked = options.to.unwrap_or(options.limit).saturating_add(1);
    if seq.computed() < asked && (options.to.is_some() || seq.period.is_none()) {
        eprintln!(
            "grundy: stopped at the time limit ({} s) after {} of the {asked} values; \
             --time-limit 0 computes them all",
            args.common.time_limit.as_secs_f64(),
            seq.computed()
        );
    }
    certify(&args.common, &spec, &seq)?;
    output(&args.common, &spec, &seq)?;
    saved.map(|()| ExitCode::SUCCESS)
}

/// The game named on the command line, with its required parameter taken from the
/// word after its name when it is given there.
fn build(args: &GameArgs, value: Option<&str>) -> anyhow::Result<Box<dyn DynRuleset>> {
    let spec = registry::find(&args.game).map_err(super::rules::flags)?;
    let mut params = args.params.clone();
    let positional = match value {
        None => None,
        Some(text) => {
            let mut required = spec.params.iter().filter(|p| p.required);
            let (Some(param), None) = (required.next(), required.next()) else {
                anyhow::bail!(
                    "unexpected {text:?} after {}: it takes no value there (its options are \
                     given as --NAME VALUE)",
                    spec.name
                );
            };
            if params.get(param.name).is_some() {
                anyhow::bail!(
                    "{} {text}: --{} is given too; give it once",
                    spec.name,
                    param.name
                );
            }
            params.set(param.name, text);
            Some(param.name)
        }
    };
    registry::build(&args.game, &params).map_err(|e| match e {
        // A bad value names where it was given: `GAME NAME VALUE: ...` after the
        // game's name, `--NAME VALUE: ...` as an option.
        ParamError::Invalid {
            option,
            value,
            message,
            ..
        } => {
            if positional == Some(option.as_str()) {
                anyhow::anyhow!("{} {option} {value}: {message}", spec.name)
            } else {
                anyhow::anyhow!("--{option} {value}: {message}")
            }
        }
        other => super::rules::flags(other),
    })
}

/// The heaps whose genus `--misere` computes without `--to`.
const GENUS_HEAPS: usize = 30;

/// `grundy sequence GAME --misere`: the genus of heaps 0..=N (`--to N`, 30 by
/// default), within the time limit.
fn genus(args: &Args) -> anyhow::Result<ExitCode> {
    let common = &args.common;
    if args.quotient {
        return quotient(args);
    }
    for (flag, given) in [
        ("--certificate", common.certificate.is_some()),
        ("--checkpoint", common.checkpoint.is_some()),
        ("--svg", common.svg.is_some()),
        ("--method", args.method != MethodArg::Auto),
    ] {
        if given {
            anyhow::bail!("{flag} applies to normal play only; --misere computes the genus");
        }
    }
    let mut game_args = args.game.clone();
    game_args.params = game_args.params.without(registry::MISERE.name);
    let game = build(&game_args, args.value.as_deref())?;
    let spec = registry::sequence_of(&*game)?;
    misere_sequence::can_compute(&spec, MisereSequence::Genus)?;
    let up_to = common.to.unwrap_or(GENUS_HEAPS);
    let max = grundy::misere::genus::MAX_HEAP;
    if up_to as u64 > max {
        anyhow::bail!("--to {up_to}: the genus is computed for heaps up to {max}");
    }
    let time = common.time_limit;
    let deadline = (!time.is_zero()).then(|| std::time::Instant::now() + time);
    let work =
        || misere_sequence::genus(&spec, up_to as u64, grundy::misere::genus::DEFAULT_BUDGET);
    let heaps = match deadline {
        Some(at) => grundy::deadline::within(at, work),
        None => work(),
    };
    let heaps = heaps.map_err(|e| {
        if deadline.is_some_and(|at| std::time::Instant::now() >= at) {
            anyhow::anyhow!(
                "stopped at the time limit ({} s): {e}; --time-limit 0 has no limit",
                time.as_secs_f64()
            )
        } else {
            anyhow::anyhow!(e)
        }
    })?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if common.json {
        let json = grundy::report::genus_json(&spec, &heaps);
        out.write_all(grundy::report::compact(&json)?.as_bytes())?;
    } else {
        out.write_all(grundy::report::text::genus(&spec, &heaps, common.summary).as_bytes())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The heap bound of `--quotient` without `--to`.
const QUOTIENT_HEAPS: usize = 12;

/// `grundy sequence GAME --misere --quotient`: the misère quotient of the sums of
/// heaps up to N, proven, printed, and written as a certificate with --certificate.
fn quotient(args: &Args) -> anyhow::Result<ExitCode> {
    use grundy::misere::quotient::DEFAULT_BUDGET;
    let common = &args.common;
    for (flag, given) in [
        ("--checkpoint", common.checkpoint.is_some()),
        ("--svg", common.svg.is_some()),
        ("--method", args.method != MethodArg::Auto),
    ] {
        if given {
            anyhow::bail!(
                "{flag} applies to normal play only; --quotient computes a misère quotient"
            );
        }
    }
    if let Some(path) = &common.certificate {
        grundy::files::check_writable(path).context("--certificate")?;
    }
    let mut game_args = args.game.clone();
    game_args.params = game_args.params.without(registry::MISERE.name);
    let game = build(&game_args, args.value.as_deref())?;
    let spec = registry::sequence_of(&*game)?;
    misere_sequence::can_compute(&spec, MisereSequence::Quotient)?;
    let bound = common.to.unwrap_or(QUOTIENT_HEAPS);
    let time = common.time_limit;
    let deadline = (!time.is_zero()).then(|| std::time::Instant::now() + time);
    let work = || misere_sequence::quotient(&spec, bound, DEFAULT_BUDGET);
    let found = match deadline {
        Some(at) => grundy::deadline::within(at, work),
        None => work(),
    };
    let q = found.map_err(|e| {
        if deadline.is_some_and(|at| std::time::Instant::now() >= at) {
            anyhow::anyhow!(
                "stopped at the time limit ({} s): {e}; --time-limit 0 has no limit",
                time.as_secs_f64()
            )
        } else {
            match e {
                MisereSequenceError::Quotient { source, .. } => {
                    anyhow::anyhow!("--to {bound}: {source}")
                }
                e => anyhow::anyhow!(e),
            }
        }
    })?;
    if let Some(path) = &common.certificate {
        let text = serde_json::to_string(q.certificate())?;
        grundy::files::write_atomically(path, |f| f.write_all(text.as_bytes()))
            .with_context(|| format!("--certificate {}", path.display()))?;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if common.json {
        let json = grundy::report::quotient_json(&spec, &q)?;
        out.write_all(grundy::report::compact(&json)?.as_bytes())?;
    } else {
        out.write_all(
            grundy::report::text::quotient(&spec, q.certificate(), common.summary).as_bytes(),
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// How often `--checkpoint` saves the values.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Writes the certificate `--certificate` asks for: the values the proof needs.
fn certify(common: &Common, spec: &SequenceSpec<'_>, seq: &Sequence) -> anyhow::Result<()> {
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
    let Some(game) = spec.certificate.clone() else {
        anyhow::bail!(
            "--certificate {}: {} has no certificate checker",
            path.display(),
            spec.title
        );
    };
    // Checked from scratch before it is written.
    let cert = certificate::certify(&game, &seq.values, period)?;
    cert.save(path)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// `grundy sequence check FILE`.
fn check(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    // A sequence's certificate is gzip; anything else is read as a quotient's JSON.
    let mut head = Vec::with_capacity(2);
    grundy::files::open_regular(path)?
        .take(2)
        .read_to_end(&mut head)
        .with_context(|| format!("{}: cannot read it", path.display()))?;
    if head != GZIP_MAGIC {
        return check_quotient(path);
    }
    let cert = Certificate::load(path).with_context(|| format!("{}", path.display()))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let p = cert.period;
    let checked = registry::certified_game(&cert.game)
        .and_then(|game| certificate::check(&cert, &game.rules));
    match checked {
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

/// The first bytes of a gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// `grundy sequence check FILE` for a file that is not gzip: a misère quotient
/// certificate (a JSON object whose `kind` says so, a UTF-8 byte-order mark allowed
/// before it), or an error that says what the file is instead.
fn check_quotient(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    use grundy::misere::quotient_check::{self, QuotientCertificate, KIND};
    let expected = format!(
        "a certificate is a gzip file written by grundy sequence --certificate, or a JSON \
         object of kind {KIND:?} written by grundy sequence --misere --quotient --certificate"
    );
    // The error names the file.
    let bytes = grundy::files::read_limited(path, MAX_QUOTIENT_FILE)?;
    let text = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
    let file = path.display();
    if text.iter().all(u8::is_ascii_whitespace) {
        anyhow::bail!("{file}: is empty: {expected}");
    }
    let value: serde_json::Value = serde_json::from_slice(text)
        .map_err(|e| anyhow::anyhow!("{file}: is neither gzip nor JSON ({e}): {expected}"))?;
    let shape = match &value {
        serde_json::Value::Object(_) => None,
        serde_json::Value::Null => Some("null"),
        serde_json::Value::Bool(_) => Some("a boolean"),
        serde_json::Value::Number(_) => Some("a number"),
        serde_json::Value::String(_) => Some("a string"),
        serde_json::Value::Array(_) => Some("an array"),
    };
    if let Some(shape) = shape {
        anyhow::bail!("{file}: is JSON, but {shape}, not an object: {expected}");
    }
    if value.get("kind").and_then(serde_json::Value::as_str) != Some(KIND) {
        anyhow::bail!(
            "{file}: is a JSON object, but its \"kind\" is {}, not {KIND:?}: {expected}",
            value
                .get("kind")
                .map_or("missing".to_owned(), |k| k.to_string())
        );
    }
    let cert: QuotientCertificate = serde_json::from_value(value)
        .map_err(|e| anyhow::anyhow!("{file}: not a well-formed {KIND} certificate: {e}"))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let checked = registry::certified_game(&cert.game)
        .map_err(|e| e.to_string())
        .and_then(|game| quotient_check::check(&cert, &game.rules).map_err(|e| e.to_string()));
    match checked {
        Ok(()) => {
            writeln!(
                out,
                "valid: misère quotient of {}, heaps up to {}: order {}, {} elements in P (checked from the rules)",
                cert.game,
                cert.heap_bound,
                cert.table.len(),
                cert.p_portion.len()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            writeln!(out, "invalid: {}: {e}", cert.game)?;
            Ok(ExitCode::from(1))
        }
    }
}

/// The largest quotient certificate read: 64 MiB.
const MAX_QUOTIENT_FILE: u64 = 64 << 20;

fn options(common: &Common) -> anyhow::Result<Options> {
    let (flag, n) = match common.to {
        Some(n) => ("--to", n),
        None => ("--limit", common.limit),
    };
    let options = match common.to {
        Some(n) => Options::to(n),
        None => Options::until_proven(n),
    };
    options
        .check()
        .map_err(|e| anyhow::anyhow!("{flag} {n}: {e}"))?;
    let time = common.time_limit;
    Ok(options.with_time_limit((!time.is_zero()).then_some(time)))
}

/// Runs `f` reporting its progress on standard error (see [`Reporter`]): values
/// computed of the most asked for, values per second, and the rare heaps while the
/// sparse-space method is in use (its cost per value grows with them).
fn with_progress<T>(what: String, quiet: bool, f: impl FnOnce(&mut dyn FnMut(Progress)) -> T) -> T {
    let reporter = Reporter::new(what, quiet);
    let start = std::time::Instant::now();
    let mut report = |p: Progress| {
        reporter.set_total(p.goal as u64);
        let rate = p.computed as f64 / start.elapsed().as_secs_f64().max(1e-3);
        let note = match p.rare {
            Some(rare) => format!("G(n), {rate:.0} values/s, {rare} rare heaps"),
            None => format!("G(n), {rate:.0} values/s"),
        };
        reporter.report(p.computed as u64, p.goal as u64, &note);
    };
    let result = f(&mut report);
    reporter.finish();
    result
}

fn output(common: &Common, spec: &SequenceSpec<'_>, seq: &Sequence) -> anyhow::Result<()> {
    if let Some(path) = &common.svg {
        let svg = svg::render(&spec.title, &seq.values, seq.period);
        grundy::files::write_atomically(path, |f| f.write_all(svg.as_bytes()))
            .with_context(|| format!("--svg {}", path.display()))?;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if common.json {
        let json = grundy::report::sequence_json(spec, seq, common.summary);
        out.write_all(grundy::report::compact(&json)?.as_bytes())?;
    } else {
        out.write_all(grundy::report::text::sequence(spec, seq, common.summary).as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
