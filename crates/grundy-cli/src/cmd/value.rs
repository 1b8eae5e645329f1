//! `grundy value EXPR`: a calculator over the notation of short partizan games.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use serde_json::json;

use grundy::cgt::{
    parse_incentives, parse_query, thermograph, CanonicalForm, ExpressionError, Incentives, Query,
    Style, ValueBudget,
};

const EXAMPLES: &str = "\
Examples:
  grundy value \"{1|0} + ^ + *2\"        the canonical form of a sum
  grundy value \"^ <= *\"                false: up and star are confused
  grundy value \"^ || *\"                true
  grundy value \"{3||2|0}\" --json       canonical form, explicit form and invariants
  grundy value \"+-1 + 1/2\" --unicode   ±1 + 1/2 printed with Unicode arrows and ±
  grundy value \"{2|0}\" --svg t.svg     also draw the thermograph
  grundy value \"cool({2|-2}, 1)\"       +-1: the switch cooled by 1
  grundy value \"reduced({1*|0} + ^)\"   {1|0}: the simplest game infinitesimally close
  grundy value \"atomic_weight(^ + ^*)\" 2: the atomic weight of an all-small game
  grundy value \"incentives({2|-1})\"    each option with its incentive (a list: alone)

Notation: integers and m/2^k (1/2, -3/4), * and *n, ^ v ^2 v3 (up, down), ^* and
2^* (number + ups + nimber), {L1,L2|R1} (options), {3||2|0} (= {3|{2|0}}),
+-1 (the switch {1|-1}). Operators: + - (binary and unary), +- (plus-or-minus),
parentheses; *a x *b (nim product); cool(G, t), heat(G, t), overheat(G, s, t),
ordinal(G, H), norton(G, U), reduced(G), atomic_weight(G); incentives(G) alone;
comparisons <= >= < > = == || (confused) <| |>.";

/// Arguments of `grundy value`.
#[derive(Debug, clap::Args)]
#[command(
    about = "The canonical form of an expression of short partizan games, or whether a comparison holds",
    after_help = EXAMPLES
)]
pub struct Args {
    /// The expression or comparison, e.g. "{1|0} + ^ + *2" or "^ <= *".
    #[arg(allow_hyphen_values = true)]
    expr: String,
    /// Print one JSON object: the canonical form, the explicit form and the
    /// invariants (or, for a comparison, both sides and whether it holds).
    #[arg(long)]
    json: bool,
    /// Print with Unicode arrows and ± (↑ ↓ ⇑ ±) instead of ASCII (^ v +-).
    #[arg(long)]
    unicode: bool,
    /// Also print the invariants, one per line (without --json).
    #[arg(long)]
    details: bool,
    /// Draw the value's thermograph into this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The most work (comparisons, sums, reductions not already known) allowed.
    #[arg(long, value_name = "STEPS", default_value_t = 50_000_000)]
    budget: u64,
    /// The most memory the forms and memo tables made may take, in bytes (1 MiB to
    /// 1 TiB) [default: 512 MiB].
    #[arg(long, value_name = "BYTES", value_parser = super::numbers::value_memory)]
    memory: Option<u64>,
    /// The longest explicit form printed (longer ones are left out).
    #[arg(long, value_name = "CHARS", default_value = "100000", value_parser = super::numbers::explicit_limit)]
    explicit_limit: usize,
}

/// The longest canonical form printed, in bytes: past it the text would take
/// memory and time no other part of the answer does (a sum of 26 switches is a
/// 309 MB line), so it is refused.
pub const PRINT_LIMIT: usize = 1 << 20;

/// `g` in the short notation, within [`PRINT_LIMIT`].
fn text(g: grundy::cgt::CanonicalForm, style: Style) -> anyhow::Result<String> {
    g.to_string_within(style, PRINT_LIMIT).ok_or_else(|| {
        anyhow::anyhow!(
            "the canonical form is longer than {PRINT_LIMIT} bytes, the most printed; \
             comparisons (`==`, `<=`, ...) of it still answer"
        )
    })
}

/// Runs `grundy value`. The whole answer is made before any of it is printed (and
/// before `--svg` writes its file), so that an error leaves nothing behind but its
/// message: all of the answer or none.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let budget = ValueBudget::steps(args.budget)
        .with_bytes(args.memory.unwrap_or(grundy::cgt::VALUE_MEMORY));
    let style = if args.unicode {
        Style::Unicode
    } else {
        Style::Ascii
    };
    let mut answer = Vec::new();
    let mut svg = None;
    if let Some(list) =
        parse_incentives(&args.expr, &budget).map_err(|e| explain(&args.expr, &e))?
    {
        if args.svg.is_some() {
            bail!("--svg draws the thermograph of a value, not of a list of incentives");
        }
        incentives(&mut answer, &list, style, args)?;
    } else {
        match parse_query(&args.expr, &budget).map_err(|e| explain(&args.expr, &e))? {
            Query::Value(g) => {
                // The form first: the error of a form too long to print is the
                // same with every option.
                let form = text(g, style)?;
                if args.json {
                    let v = value_json(g, &form, args)?;
                    serde_json::to_writer_pretty(&mut answer, &v)?;
                    writeln!(answer)?;
                } else {
                    writeln!(answer, "{form}")?;
                    if args.details {
                        details(&mut answer, g, args)?;
                    }
                }
                if let Some(path) = &args.svg {
                    let t = g.thermograph()?;
                    svg = Some((
                        path,
                        thermograph::svg(&format!("thermograph of {form}"), &t),
                    ));
                }
            }
            Query::Compare {
                left,
                relation,
                right,
                holds,
            } => {
                if args.svg.is_some() {
                    bail!("--svg draws the thermograph of a value, not of a comparison");
                }
                if args.json {
                    let v = json!({
                        "expression": args.expr,
                        "left": text(left, style)?,
                        "relation": relation.symbol(),
                        "right": text(right, style)?,
                        "holds": holds,
                    });
                    serde_json::to_writer_pretty(&mut answer, &v)?;
                    writeln!(answer)?;
                } else {
                    writeln!(answer, "{holds}")?;
                }
            }
        }
    }
    if let Some((path, svg)) = svg {
        grundy::files::write_atomically(path, |f| f.write_all(svg.as_bytes()))
            .with_context(|| format!("--svg {}", path.display()))?;
    }
    let out = io::stdout();
    let mut out = out.lock();
    out.write_all(&answer)?;
    out.flush()?;
    Ok(())
}

/// `incentives(G)`: each option with its incentive, Left's (`G^L - G`) then Right's
/// (`G - G^R`), as lines or as one JSON object.
fn incentives(
    out: &mut impl Write,
    list: &Incentives,
    style: Style,
    args: &Args,
) -> anyhow::Result<()> {
    let pairs = |side: &[(CanonicalForm, CanonicalForm)]| -> anyhow::Result<Vec<(String, String)>> {
        side.iter()
            .map(|&(option, incentive)| Ok((text(option, style)?, text(incentive, style)?)))
            .collect()
    };
    let (left, right) = (pairs(&list.left)?, pairs(&list.right)?);
    if args.json {
        let side = |v: &[(String, String)]| {
            v.iter()
                .map(|(o, i)| json!({ "option": o, "incentive": i }))
                .collect::<Vec<_>>()
        };
        let v = json!({
            "expression": args.expr,
            "canonical_form": text(list.game, style)?,
            "left_incentives": side(&left),
            "right_incentives": side(&right),
        });
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    for (title, side) in [("Left, G^L - G", &left), ("Right, G - G^R", &right)] {
        if side.is_empty() {
            writeln!(out, "{title}: none")?;
            continue;
        }
        writeln!(out, "{title}:")?;
        for (option, incentive) in side {
            writeln!(out, "  {option}: {incentive}")?;
        }
    }
    Ok(())
}

/// The error with the expression and a caret under the column.
fn explain(expr: &str, e: &ExpressionError) -> anyhow::Error {
    let column = e.column();
    anyhow::anyhow!("{e}\n  {expr}\n  {}^", " ".repeat(column.saturating_sub(1)))
}

/// The JSON answer for the value `g`, whose canonical form is written `form`.
fn value_json(g: CanonicalForm, form: &str, args: &Args) -> anyhow::Result<serde_json::Value> {
    let t = g.thermograph()?;
    Ok(json!({
        "expression": args.expr,
        "canonical_form": form,
        "explicit": g.explicit(args.explicit_limit),
        "outcome": format!("{:?}", g.outcome()),
        "left_stop": g.left_stop(),
        "right_stop": g.right_stop(),
        "mean": t.mean,
        "temperature": t.temperature,
        "birthday": g.birthday(),
        "is_number": g.is_number(),
        "thermograph": t,
    }))
}

/// The invariants of `g`, one per line (`--details`).
fn details(out: &mut impl Write, g: CanonicalForm, args: &Args) -> anyhow::Result<()> {
    let t = g.thermograph()?;
    writeln!(out, "outcome: {:?}", g.outcome())?;
    writeln!(out, "left stop: {}", g.left_stop())?;
    writeln!(out, "right stop: {}", g.right_stop())?;
    writeln!(out, "mean: {}", t.mean)?;
    writeln!(out, "temperature: {}", t.temperature)?;
    writeln!(out, "birthday: {}", g.birthday())?;
    match g.explicit(args.explicit_limit) {
        Some(e) => writeln!(out, "explicit: {e}")?,
        None => writeln!(
            out,
            "explicit: longer than {} characters (see --explicit-limit)",
            args.explicit_limit
        )?,
    }
    Ok(())
}
