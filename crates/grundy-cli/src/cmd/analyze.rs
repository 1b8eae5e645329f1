//! `grundy analyze GAME POSITION`: who wins, the value, the reduction and every
//! winning move.

use std::io::Write;
use std::process::ExitCode;

use grundy::analysis::{CanonicalForm, MoveValue};
use grundy::cgt::Dyadic;
use grundy::engine::Budget;
use grundy::registry::AnalyzeError;
use grundy::Analysis;

use super::rules::{examples, to_move, GameArgs};

/// What the examples add for every game.
const MORE: &str = "
  --moves lists every legal move with its value and remoteness; --json prints one JSON
  object; --to-move B lets B move first in a partizan game.";

/// Arguments of `grundy analyze`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Explain a position: who wins, the value, the reduction, every winning move",
    after_help = format!("{}\n{MORE}", examples("analyze", ""))
)]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    game: GameArgs,
    /// The position in the game's notation (see the examples).
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Partizan games: who moves first, Left or Right (in ab, A or B) [default: Left,
    /// A in ab].
    #[arg(long, value_name = "PLAYER")]
    to_move: Option<String>,
    /// Also list every legal move (at most --limit) with its value for the mover and,
    /// where the game can be solved exhaustively, its remoteness.
    #[arg(long)]
    moves: bool,
    /// List at most N winning moves (the total is always given).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    limit: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// With --moves: the exhaustive search for remoteness may list at most N moves in
    /// all (about N positions held); past it the remoteness is left out.
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.left())]
    budget: u64,
}

/// Runs `grundy analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    let to_move = to_move(game.as_ref(), args.to_move.as_deref())?;
    let pos = args.position.as_str();
    let bad = |e: AnalyzeError| match e {
        AnalyzeError::Notation(e) => {
            anyhow::Error::new(e).context(format!("bad {} position {pos:?}", game.name()))
        }
        other => anyhow::Error::new(other),
    };
    let analysis = game.analyze(pos, to_move, args.limit).map_err(bad)?;
    let moves = if args.moves {
        Some(
            game.move_values(pos, to_move, args.limit, Budget::moves(args.budget))
                .map_err(bad)?,
        )
    } else {
        None
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let json = grundy::report::analysis_json(&analysis, moves.as_deref())?;
        out.write_all(grundy::report::pretty(&json)?.as_bytes())?;
    } else {
        write_text(&mut out, &analysis)?;
        if let Some(moves) = &moves {
            write_moves(&mut out, moves, args.limit)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The legal moves as a table for a person.
fn write_moves(out: &mut impl Write, moves: &[MoveValue], limit: usize) -> std::io::Result<()> {
    writeln!(out)?;
    if moves.is_empty() {
        return writeln!(out, "No legal move.");
    }
    let cut = if moves.len() == limit {
        format!(", the first {limit} (see --limit)")
    } else {
        String::new()
    };
    writeln!(
        out,
        "Legal moves{cut}: for the mover, the value after, and the moves left under best play:"
    )?;
    let mv_width = moves.iter().map(|m| m.mv.len()).max().unwrap_or(0);
    let values: Vec<String> = moves.iter().map(|m| m.value_after.to_string()).collect();
    let value_width = values.iter().map(String::len).max().unwrap_or(0);
    for (m, value) in moves.iter().zip(&values) {
        let verdict = if m.wins { "wins " } else { "loses" };
        let remoteness = m
            .remoteness
            .map_or_else(|| "-".to_owned(), |r| r.to_string());
        writeln!(
            out,
            "  {:<mv_width$}  {verdict}  value {:<value_width$}  remoteness {:>3}  -> {}",
            m.mv, value, remoteness, m.after
        )?;
    }
    Ok(())
}

/// A partizan value's canonical form and invariants.
fn write_canonical(out: &mut impl Write, c: &CanonicalForm) -> std::io::Result<()> {
    let or_dash = |d: Option<Dyadic>| d.map_or_else(|| "-".to_owned(), |d| d.to_string());
    writeln!(out, "canonical form: {}", c.canonical_form)?;
    writeln!(
        out,
        "left stop: {}   right stop: {}   mean: {}   temperature: {}   birthday: {}",
        c.left_stop,
        c.right_stop,
        or_dash(c.mean),
        or_dash(c.temperature),
        c.birthday
    )
}

/// The width explanations are wrapped to.
const WIDTH: usize = 88;

/// The analysis as text for a person.
fn write_text(out: &mut impl Write, a: &Analysis) -> std::io::Result<()> {
    let rules = if a.rules.is_empty() {
        String::new()
    } else {
        format!(" ({})", a.rules)
    };
    writeln!(out, "{}{}: {}", a.game, rules, a.position)?;
    let verdict = |wins: bool| if wins { "wins" } else { "loses" };
    writeln!(out, "{} to move: {}", a.to_move, verdict(a.to_move_wins))?;
    if let Some(other) = a.other_to_move_wins {
        writeln!(out, "the other player to move: {}", verdict(other))?;
    }
    match &a.value {
        Some(value) => writeln!(out, "outcome: {}   value: {value}", a.outcome)?,
        None => writeln!(out, "outcome: {}   value: unknown", a.outcome)?,
    }
    if let Some(why) = &a.value_unknown {
        writeln!(out, "  ({why})")?;
    }
    if let Some(c) = &a.canonical {
        write_canonical(out, c)?;
    }
    writeln!(out)?;
    let wrap = textwrap::Options::new(WIDTH)
        .initial_indent("  ")
        .subsequent_indent("    ");
    for line in &a.explanation {
        if line.starts_with(' ') {
            // Preformatted (a drawn table): keep as it is.
            writeln!(out, "  {line}")?;
        } else {
            for piece in textwrap::wrap(line, &wrap) {
                writeln!(out, "{piece}")?;
            }
        }
    }
    if !a.explanation.is_empty() {
        writeln!(out)?;
    }
    let none = match a.winning_move_count {
        Some(count) => count == 0,
        None => a.winning_moves.is_empty(),
    };
    if none {
        writeln!(out, "No winning move: every move loses.")?;
    } else {
        let listed = a.winning_moves.len() as u128;
        match a.winning_move_count {
            Some(all) if all == listed => writeln!(out, "Winning moves ({listed}):")?,
            Some(all) => writeln!(
                out,
                "Winning moves ({all} in all; the first {listed} listed, see --limit):"
            )?,
            None => writeln!(out, "Winning moves (at least {listed}; not all listed):")?,
        }
        let width = a
            .winning_moves
            .iter()
            .map(|m| m.mv.len())
            .max()
            .unwrap_or(0);
        for m in &a.winning_moves {
            writeln!(out, "  {:<width$}  -> {}", m.mv, m.after)?;
        }
    }
    Ok(())
}
