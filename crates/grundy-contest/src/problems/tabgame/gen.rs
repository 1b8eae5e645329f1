//! TABGAME tables and queries.

use super::TableCase;
use super::{M, N, Q, SUM, T, TABGAME};
use crate::setter::answers::first_player_wins;
use crate::setter::gen::{bits, density, lengths, Gen, Kind};
use crate::setter::rng::Rng;
use crate::setter::Input;

/// The least N and M of a diagonal test case: queries at x, y ≥ 4.
const DIAGONAL: u64 = 4;

pub(super) fn generate(g: &Gen, rng: &mut Rng) -> Vec<TableCase> {
    let (cap_n, cap_m, cap_q) = (g.cap(N), g.cap(M), g.cap(Q));
    let least = if g.kind == Kind::Diagonal {
        2 * DIAGONAL + 1
    } else {
        3
    };
    let t_cap = g.cap(T).min(g.cap(SUM) / least).max(1);
    let t = match (g.cases, g.kind) {
        (Some(t), _) => t,
        (None, Kind::Limits) => 0, // decided by the budget below
        (None, Kind::Corner) => 0,
        (None, _) => rng.log_range(1, t_cap),
    };
    // At least one smallest case's worth, even where the scale caps the sum below it
    // (the least scales do) and the count is still to be decided (limits, corners).
    let budget = g.cap(SUM).max(least * t.max(1)).min(SUM.max);
    match g.kind {
        Kind::Limits => limits(rng, g.cases, cap_n, budget),
        Kind::Corner => corners(rng, g.cases, cap_n, cap_m),
        _ => {
            // Each case: N, M and Q drawn in turn within what the sum has left.
            let weights = lengths(rng, t, least, cap_n + cap_m + cap_q, budget);
            let mut cases: Vec<TableCase> = weights
                .into_iter()
                .map(|w| {
                    let (lo, w) = if g.kind == Kind::Diagonal {
                        (DIAGONAL, w.max(least))
                    } else {
                        (1, w)
                    };
                    let n = rng.log_range(lo, cap_n.max(lo).min(w - lo - 1));
                    let m = rng.log_range(lo, cap_m.max(lo).min(w - n - 1));
                    let q = rng.log_range(1, cap_q.min(w - n - m).max(1));
                    random_case(rng, n, m, q, g.kind == Kind::Diagonal)
                })
                .collect();
            match g.kind {
                Kind::FirstWins => aim(rng, &mut cases, true),
                Kind::SecondWins => aim(rng, &mut cases, false),
                _ => {}
            }
            cases
        }
    }
}

/// Random strings and `q` random queries; with `diagonal`, queries at x, y ≥ 4.
fn random_case(rng: &mut Rng, n: u64, m: u64, q: u64, diagonal: bool) -> TableCase {
    let d = density(rng);
    let top = bits(rng, m, b'1', b'0', d, 8);
    let d = density(rng);
    let left = bits(rng, n, b'1', b'0', d, 8);
    let lo = if diagonal { DIAGONAL } else { 1 };
    let queries = (0..q).map(|_| query(rng, lo, n, m)).collect();
    TableCase { top, left, queries }
}

/// A query with `lo ≤ x ≤ n`, `lo ≤ y ≤ m`: uniform, or on an edge, or near the
/// diagonal, or far from it.
fn query(rng: &mut Rng, lo: u64, n: u64, m: u64) -> (u32, u32) {
    let (x, y) = match rng.below(6) {
        0 => (rng.pick(&[lo, n]).to_owned(), rng.range(lo, m)),
        1 => (rng.range(lo, n), rng.pick(&[lo, m]).to_owned()),
        2 => {
            let x = rng.range(lo, n);
            let y = (x + rng.below(3)).saturating_sub(1).clamp(lo, m);
            (x, y)
        }
        3 => (rng.log_range(lo, n), rng.log_range(lo, m)),
        _ => (rng.range(lo, n), rng.range(lo, m)),
    };
    (x as u32, y as u32)
}

/// Replaces the queries of every case by queries whose answer is `alice_wins`,
/// drawn among the cells of that answer: candidate cells of all cases are judged
/// together, up to 8 rounds. A table where none was found gets strings that give
/// cell (1, 1) that answer, all `0` (moving onto the boundary wins) or all `1`.
fn aim(rng: &mut Rng, cases: &mut [TableCase], alice_wins: bool) {
    let mut found: Vec<Vec<(u32, u32)>> = vec![Vec::new(); cases.len()];
    let mut searched = vec![false; cases.len()];
    for _ in 0..8 {
        let need: Vec<usize> = (0..cases.len())
            .filter(|&i| found[i].len() < cases[i].queries.len() && !searched[i])
            .collect();
        if need.is_empty() {
            break;
        }
        let trials: Vec<TableCase> = need
            .iter()
            .map(|&i| {
                let c = &cases[i];
                let (n, m) = (c.left.len() as u64, c.top.len() as u64);
                let want = (c.queries.len() - found[i].len()) as u64;
                // Small tables: every cell, once; larger ones: random cells.
                let queries = if n * m <= 2 * want + 2 {
                    (1..=n as u32)
                        .flat_map(|x| (1..=m as u32).map(move |y| (x, y)))
                        .collect()
                } else {
                    (0..2 * want + 2).map(|_| query(rng, 1, n, m)).collect()
                };
                TableCase {
                    top: c.top.clone(),
                    left: c.left.clone(),
                    queries,
                }
            })
            .collect();
        let trials = Input::new(TABGAME, trials);
        let mut answers = first_player_wins(&trials).into_iter();
        let Some(trials) = trials.cases_of::<TableCase>() else {
            unreachable!("built as TABGAME above")
        };
        for (trial, &i) in trials.iter().zip(&need) {
            let (n, m) = (trial.left.len(), trial.top.len());
            searched[i] = trial.queries.len() == n * m;
            for (&cell, wins) in trial.queries.iter().zip(answers.by_ref()) {
                if wins == alice_wins && found[i].len() < cases[i].queries.len() {
                    found[i].push(cell);
                }
            }
        }
    }
    for (case, mut cells) in cases.iter_mut().zip(found) {
        if cells.is_empty() {
            let digit = if alice_wins { b'0' } else { b'1' };
            case.top.fill(digit);
            case.left.fill(digit);
            cells.push((1, 1));
        }
        let q = case.queries.len();
        case.queries = cells.iter().copied().cycle().take(q).collect();
    }
}

/// Cases that reach every limit: a one-cell case with one query, cases with N, M and
/// Q at the cap, the four corner cells of each table queried, and the sum exactly
/// at the budget (when the number of cases allows it).
fn limits(rng: &mut Rng, cases: Option<u64>, cap: u64, budget: u64) -> Vec<TableCase> {
    let full = 3 * cap;
    // Cases of 3 to `full` each (the first, when there are several, of 3): as many
    // as the budget needs, and no more than it holds.
    let t = cases
        .unwrap_or_else(|| 1 + (budget - 3).div_ceil(full))
        .min(budget / 3)
        .max(1);
    let mut weights = vec![3; t as usize];
    let mut extra = budget.saturating_sub(3 * t);
    let first = usize::from(t > 1);
    for w in &mut weights[first..] {
        let add = extra.min(full - 3);
        *w += add;
        extra -= add;
    }
    let mut out: Vec<TableCase> = weights
        .into_iter()
        .map(|w| {
            let n = (w - 2).min(cap);
            let m = (w - n - 1).min(cap);
            let q = w - n - m;
            let mut case = random_case(rng, n, m, q, false);
            let corners = [(1, 1), (n, m), (1, m), (n, 1)];
            for (slot, &(x, y)) in case.queries.iter_mut().zip(&corners) {
                *slot = (x as u32, y as u32);
            }
            case
        })
        .collect();
    rng.shuffle(&mut out);
    out
}

/// One-cell tables with every pair of digits, all-0 and all-1 tables, a single row
/// and a single column, each queried at its corners and along its diagonal. Imposed
/// extra cases are one-cell tables; the large tables shrink to fit the sum.
fn corners(rng: &mut Rng, cases: Option<u64>, cap_n: u64, cap_m: u64) -> Vec<TableCase> {
    let mut out = Vec::new();
    for (top, left) in [("0", "0"), ("0", "1"), ("1", "0"), ("1", "1")] {
        out.push(TableCase {
            top: top.into(),
            left: left.into(),
            queries: vec![(1, 1)],
        });
    }
    let t = cases.unwrap_or(8);
    // Four tables of at most 2s + 10 each; the other cases take 3 each.
    let room = SUM.max.saturating_sub(3 * t.saturating_sub(4) + 40) / 6;
    let (n, m) = (cap_n.max(5).min(room), cap_m.max(5).min(room));
    if n >= 1 {
        for (n, m, digit) in [(n, m, b'0'), (n, m, b'1'), (1, m, b'0'), (n, 1, b'1')] {
            let (x, y) = (n as u32, m as u32);
            let mut queries = vec![(1, 1), (x, y), (1, y), (x, 1)];
            queries.extend((1..=x.min(y).min(6)).map(|k| (k, k)));
            out.push(TableCase {
                top: vec![digit; m as usize],
                left: vec![digit; n as usize],
                queries,
            });
        }
    }
    rng.shuffle(&mut out);
    out.truncate(t as usize);
    while (out.len() as u64) < t {
        out.push(random_case(rng, 1, 1, 1, false));
    }
    out
}
