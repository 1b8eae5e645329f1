//! The reports as text for a person: what `grundy analyze` (and its
//! `--explain-engine`), `grundy verify` and `grundy sequence` print (the JSON forms
//! are in [`report`](super)).

use std::fmt::{self, Write};

use crate::analysis::route::EngineReport;
use crate::analysis::{Analysis, CanonicalReport, MoveValue};
use crate::cgt::Dyadic;
use crate::engine::GameResult;
use crate::misere::genus::HeapGenus;
use crate::misere::quotient_check::QuotientCertificate;
use crate::sequence::{Sequence, SequenceSpec};
use crate::verify::Report;

/// The legal moves as a table for a person (after a blank line); `more` tells how
/// to list more when the listing holds `limit` moves, e.g. `see --limit`.
pub fn moves(moves: &[MoveValue], limit: usize, more: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out);
    if moves.is_empty() {
        let _ = writeln!(out, "No legal move.");
        return out;
    }
    let cut = if moves.len() == limit {
        format!(", the first {limit} ({more})")
    } else {
        String::new()
    };
    // Under misère play positions have no game value: the misère Grundy value after
    // the move (`G⁻ k`) stands in its place where it is known, `-` where not.
    // (A game with ties or cycles has no values either, and no misère values.)
    let misere = moves.iter().all(|m| m.value_after.is_none())
        && moves.iter().any(|m| m.misere_grundy_after.is_some());
    let value_words = if misere {
        "the misère Grundy value after"
    } else {
        "the value after"
    };
    let _ = writeln!(
        out,
        "Legal moves{cut}: for the mover, {value_words}, and the moves left under best play:"
    );
    let mv_width = moves
        .iter()
        .map(|m| m.mv.chars().count())
        .max()
        .unwrap_or(0);
    let values: Vec<String> = moves
        .iter()
        .map(|m| match (&m.value_after, m.misere_grundy_after) {
            (Some(v), _) => v.to_string(),
            (None, Some(g)) => format!("G⁻ {g}"),
            (None, None) => "-".to_owned(),
        })
        .collect();
    let value_width = values.iter().map(|v| v.chars().count()).max().unwrap_or(0);
    for (m, value) in moves.iter().zip(&values) {
        let verdict = match m.result {
            GameResult::Win => "wins ",
            GameResult::Lose => "loses",
            GameResult::Tie => "ties ",
            GameResult::Draw => "draws",
        };
        let remoteness = m
            .remoteness
            .map_or_else(|| "-".to_owned(), |r| r.to_string());
        let _ = writeln!(
            out,
            "  {:<mv_width$}  {verdict}  value {:<value_width$}  remoteness {:>3}  -> {}",
            m.mv, value, remoteness, m.after
        );
    }
    out
}

/// A partizan value's canonical form and invariants.
fn canonical(out: &mut String, c: &CanonicalReport) -> fmt::Result {
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

/// The analysis as text for a person; `more` tells how to list more winning moves
/// than the analysis holds, e.g. `see --limit`.
pub fn analysis(a: &Analysis, more: &str) -> String {
    let mut out = String::new();
    let _ = write_analysis(&mut out, a, more);
    out
}

fn write_analysis(out: &mut String, a: &Analysis, more: &str) -> fmt::Result {
    let parameters = if a.parameters.is_empty() {
        String::new()
    } else {
        format!(" ({})", a.parameters)
    };
    writeln!(out, "{}{}: {}", a.game, parameters, a.position)?;
    let verdict = |result: GameResult| match result {
        GameResult::Win => "wins",
        GameResult::Lose => "loses",
        GameResult::Tie => "ties (neither player can win)",
        GameResult::Draw => "draws (neither player can end the game: endless play)",
    };
    writeln!(out, "{} to move: {}", a.to_move, verdict(a.result))?;
    if let Some(other) = a.other_to_move_result {
        writeln!(out, "the other player to move: {}", verdict(other))?;
    }
    let outcome = a.outcome.map_or_else(|| "-".to_owned(), |o| o.to_string());
    if let Some(by) = &a.solved_by {
        let remoteness = match a.remoteness {
            Some(r) => format!("remoteness {r} (moves to the end under best play)"),
            None if a.result == GameResult::Draw => "no remoteness (a draw)".to_owned(),
            None => "remoteness unknown".to_owned(),
        };
        writeln!(out, "result: {}   {remoteness}", a.result)?;
        writeln!(out, "solved by {by}")?;
    } else if a.convention.is_some() {
        // Misère play: no game value; the misère Grundy value where known.
        match a.misere_grundy {
            Some(g) => writeln!(
                out,
                "outcome: {outcome} (misère play)   misère Grundy value: {g}"
            )?,
            None => writeln!(out, "outcome: {outcome} (misère play)")?,
        }
    } else {
        match &a.value {
            Some(value) => writeln!(out, "outcome: {outcome}   value: {value}")?,
            None => writeln!(out, "outcome: {outcome}   value: unknown")?,
        }
        if let Some(why) = &a.value_unknown {
            writeln!(out, "  ({why})")?;
        }
    }
    if let Some(c) = &a.canonical {
        canonical(out, c)?;
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
    if none && a.solved_by.is_some() && matches!(a.result, GameResult::Tie | GameResult::Draw) {
        let (word, count) = (a.result.word(), a.best_moves.len());
        writeln!(
            out,
            "No winning move; the moves that keep the {word} ({count} listed):"
        )?;
        let width = a.best_moves.iter().map(|m| m.mv.len()).max().unwrap_or(0);
        for m in &a.best_moves {
            writeln!(out, "  {:<width$}  -> {}", m.mv, m.after)?;
        }
    } else if none && a.solved_by.is_some() && a.best_moves.is_empty() {
        writeln!(out, "No move: the game is over.")?;
    } else if none {
        writeln!(out, "No winning move: every move loses.")?;
    } else {
        let listed = a.winning_moves.len() as u128;
        match a.winning_move_count {
            Some(all) if all == listed => writeln!(out, "Winning moves ({listed}):")?,
            Some(all) => writeln!(
                out,
                "Winning moves ({all} in all; the first {listed} listed, {more}):"
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

/// A position its time limit left unsolved, with the best move a search found
/// ([`Unsolved::best_found`](crate::ruleset::Unsolved::best_found)): two lines,
/// "... not proven (why)" and "Best found, not proven: ...". `None` when the refusal
/// carries no move.
pub fn unproven(game: &str, position: &str, why: &crate::ruleset::Unsolved) -> Option<String> {
    let found = why.best_found.as_ref()?;
    Some(format!(
        "{game} {position}: not proven ({})\nBest found, not proven: {} (to {}), by a search {} moves deep.\n",
        why.reason, found.mv, found.after, found.depth
    ))
}

/// The route of `grundy analyze` on a position as text: the game's properties, the
/// engines tried in order with their conditions (`+` holds, `-` does not), and the
/// one that answered.
pub fn engines(r: &EngineReport) -> String {
    let mut out = String::new();
    let _ = write_engines(&mut out, r);
    out
}

fn write_engines(out: &mut String, r: &EngineReport) -> fmt::Result {
    let parameters = if r.parameters.is_empty() {
        String::new()
    } else {
        format!(" ({})", r.parameters)
    };
    writeln!(out, "{}{}: {}", r.game, parameters, r.position)?;
    let yes = |b: bool| if b { "yes" } else { "no" };
    let reach = r
        .reach
        .map_or_else(|| "unknown".to_owned(), |n| n.to_string());
    writeln!(
        out,
        "{}, {} play; ties (can_tie): {}; cycles (can_cycle): {}; reach(pos): {reach}",
        r.kind,
        r.convention,
        yes(r.ties),
        yes(r.cycles)
    )?;
    let caps = if r.capabilities.is_empty() {
        "none".to_owned()
    } else {
        r.capabilities.join(", ")
    };
    writeln!(out, "capabilities: {caps}")?;
    writeln!(out)?;
    writeln!(out, "engines tried by analyze, in order:")?;
    for (i, step) in r.engines.iter().enumerate() {
        writeln!(
            out,
            "  {}. {} ({}): {}",
            i + 1,
            step.engine.name(),
            step.code,
            step.verdict.words()
        )?;
        writeln!(out, "       answers {}", step.answers)?;
        for c in &step.conditions {
            let mark = if c.holds { '+' } else { '-' };
            writeln!(out, "     {mark} {}", c.test)?;
        }
        if let Some(limit) = &step.limit {
            writeln!(out, "       {limit}")?;
        }
    }
    writeln!(out)?;
    match (r.answered_by, &r.unsolved) {
        (Some(by), _) => {
            let remoteness = r
                .remoteness_by
                .map_or_else(|| "not found".to_owned(), |e| format!("by {}", e.name()));
            writeln!(out, "answered by {}; remoteness {remoteness}", by.name())?;
        }
        (None, Some(why)) => writeln!(out, "no engine answers: {why}")?,
        (None, None) => writeln!(out, "no engine answers")?,
    }
    Ok(())
}

/// A verify report as text: the positions that agree, or the counterexample with
/// both answers.
pub fn verify(report: &Report) -> String {
    let seconds = format!("{:.2} s", report.elapsed.as_secs_f64());
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
        None => format!(
            "{}: {} positions of {sizes} agree with the exhaustive engine\ntime: {seconds}\n",
            report.name, report.positions
        ),
        Some(c) => format!(
            "{}: counterexample of {} {}\nposition: {}\nexpected: {}  (exhaustive engine)\n\
             found:    {}  (closed form)\nstopped after {} positions agreed, in {seconds}\n",
            report.name,
            c.size,
            report.size_unit,
            c.mismatch.position,
            c.mismatch.expected,
            c.mismatch.found,
            report.positions,
        ),
    }
}

/// The genus of heaps 0..=N as text: one line per heap (unless `summary`) with its
/// genus in Conway's notation and whether it is tame, then the tame heaps counted.
pub fn genus(spec: &SequenceSpec<'_>, heaps: &[HeapGenus], summary: bool) -> String {
    let mut out = format!(
        "{} (misère play): the genus of heaps 0..{}\n",
        spec.title,
        heaps.len().saturating_sub(1)
    );
    if !summary {
        let width = heaps.last().map_or(1, |h| h.heap.to_string().len());
        let genus_width = heaps
            .iter()
            .map(|h| h.genus.to_string().len())
            .max()
            .unwrap_or(0);
        for h in heaps {
            let _ = writeln!(
                out,
                "  {:>width$}  {:<genus_width$}  {}",
                h.heap,
                h.genus.to_string(),
                if h.tame { "tame" } else { "wild" }
            );
        }
    }
    let tame = heaps.iter().filter(|h| h.tame).count();
    let first_wild = heaps.iter().find(|h| !h.tame).map(|h| h.heap);
    let _ = match first_wild {
        None => writeln!(
            out,
            "every heap up to {} is tame: sums of them are played as misère Nim",
            heaps.len().saturating_sub(1)
        ),
        Some(w) => writeln!(
            out,
            "{tame} of {} heaps tame; heap {w} is the first wild one",
            heaps.len()
        ),
    };
    out
}

/// A misère quotient as text: its order, P-portion, pretending function and (for at
/// most 32 elements, unless `summary`) its multiplication table, elements named by
/// their shortest sums of heaps.
pub fn quotient(spec: &SequenceSpec<'_>, q: &QuotientCertificate, summary: bool) -> String {
    let name = |x: u32| q.elements[x as usize].as_str();
    let mut out = format!(
        "{} (misère play): the quotient of sums of heaps up to {}, proven by its check\n",
        spec.title, q.heap_bound
    );
    let _ = writeln!(out, "order {}", q.table.len());
    let p: Vec<&str> = q.p_portion.iter().map(|&x| name(x)).collect();
    let _ = writeln!(out, "P-portion: {{{}}}", p.join(", "));
    let images: Vec<String> = q
        .pretending
        .iter()
        .enumerate()
        .skip(1)
        .map(|(h, &x)| format!("{h}→{}", name(x)))
        .collect();
    let _ = writeln!(out, "pretending function: {}", images.join(", "));
    if !summary && q.table.len() <= 32 {
        let width = q.elements.iter().map(String::len).max().unwrap_or(1);
        let _ = writeln!(out, "multiplication table:");
        let _ = write!(out, "  {:>width$} |", "");
        for e in &q.elements {
            let _ = write!(out, " {e:>width$}");
        }
        let _ = writeln!(out);
        for (x, row) in q.table.iter().enumerate() {
            let _ = write!(out, "  {:>width$} |", q.elements[x]);
            for &y in row {
                let _ = write!(out, " {:>width$}", name(y));
            }
            let _ = writeln!(out);
        }
    }
    out
}

/// A sequence as text: the title, the values ten to a row (unless `summary`), and
/// the period proven (or why none is).
pub fn sequence(spec: &SequenceSpec<'_>, seq: &Sequence, summary: bool) -> String {
    let mut out = String::new();
    let _ = write_sequence(&mut out, spec, seq, summary);
    out
}

fn write_sequence(
    out: &mut String,
    spec: &SequenceSpec<'_>,
    seq: &Sequence,
    summary: bool,
) -> fmt::Result {
    let last = seq.computed().saturating_sub(1);
    writeln!(out, "{}: G(0), ..., G({last})", spec.title)?;
    if !summary {
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
    match (seq.period, spec.rule) {
        (Some(p), _) => writeln!(
            out,
            "preperiod {}, period {} (proven from {} values)",
            p.preperiod,
            p.period,
            seq.computed()
        ),
        (None, Some(_)) => writeln!(out, "no period proven up to {last}"),
        (None, None) => writeln!(
            out,
            "no period proven up to {last} (none is known for {}; its values are only computed)",
            spec.title
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Counterexample, Mismatch};
    use std::time::Duration;

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
        assert_eq!(
            verify(&report),
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
        assert_eq!(
            verify(&agreed),
            "pawns (step 2): 13 positions of 0 to 3 squares agree with the exhaustive engine\n\
             time: 1.50 s\n"
        );
    }
}
