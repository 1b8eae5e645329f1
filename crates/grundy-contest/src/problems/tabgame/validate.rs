//! TABGAME: `T`; per test case the top string (M digits), the left string (N
//! digits), `Q`, and Q lines `x y`; N + M + Q summed over the test cases is at most
//! 10^6.

use std::io::{Read, Write};

use super::{M, N, Q, SUM, T};
use crate::setter::limits::Bound;
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{plural, Answers, Coverage, ValidationError};

pub(super) fn check<R: Read>(
    r: &mut Strict<R>,
    answers: &mut Answers,
) -> Result<Vec<Coverage>, ValidationError> {
    let mut t_seen = Coverage::of(&T);
    let (mut n_seen, mut m_seen, mut q_seen) =
        (Coverage::of(&N), Coverage::of(&M), Coverage::of(&Q));
    let mut x_seen = Coverage::relative("x", "1 ≤ x ≤ N".into());
    let mut y_seen = Coverage::relative("y", "1 ≤ y ≤ M".into());
    let mut sum_seen = Coverage::of(&SUM);
    let t = r.bounded(&T, || "the number of test cases T".into())?;
    t_seen.record(t, &T);
    r.end_of_line(|| "the end of the line after T".into())?;
    let (mut top, mut left, mut queries) = (Vec::new(), Vec::new(), Vec::new());
    let mut sum = 0u64;
    for case in 1..=t {
        let m = digits(r, &M, "top", case, t, &mut top)?;
        add(&mut sum, m, r.position().0 - 1, case)?;
        let n = digits(r, &N, "left", case, t, &mut left)?;
        add(&mut sum, n, r.position().0 - 1, case)?;
        let (line, _) = r.position();
        let q = r.bounded(&Q, || {
            format!("the number of queries Q of test case {case} of {t}")
        })?;
        r.end_of_line(|| format!("the end of the line after Q of test case {case} of {t}"))?;
        add(&mut sum, q, line, case)?;
        m_seen.record(m, &M);
        n_seen.record(n, &N);
        q_seen.record(q, &Q);
        queries.clear();
        for i in 1..=q {
            let what =
                |axis: &str| format!("{axis} of query {i} of {q} in test case {case} of {t}");
            let x = coordinate(r, n, "x", "N", || what("the row x"))?;
            r.space(|| format!("x and y of query {i} of {q} in test case {case} of {t}"))?;
            let y = coordinate(r, m, "y", "M", || what("the column y"))?;
            r.end_of_line(|| format!("the end of the line after {}", what("query")))?;
            x_seen.record_at(x, x == 1, x == n);
            y_seen.record_at(y, y == 1, y == m);
            writeln!(queries, "{x} {y}").map_err(ValidationError::Read)?;
        }
        answers.push(&[
            &top,
            b"\n",
            &left,
            b"\n",
            format!("{q}\n").as_bytes(),
            &queries,
        ])?;
    }
    sum_seen.record(sum, &SUM);
    r.end_of_input(&plural(t, "test case", "test cases"))?;
    Ok(vec![
        t_seen, n_seen, m_seen, q_seen, x_seen, y_seen, sum_seen,
    ])
}

/// Reads a query coordinate from 1 to `max` (`max_name` = `max`).
fn coordinate<R: Read>(
    r: &mut Strict<R>,
    max: u64,
    symbol: &str,
    max_name: &str,
    what: impl Fn() -> String,
) -> Result<u64, ValidationError> {
    let v = r.number(&what)?;
    match v.value {
        Some(c) if (1..=u128::from(max)).contains(&c) => Ok(c as u64),
        _ => Err(ValidationError::Constraint {
            line: v.line,
            column: v.column,
            quantity: what(),
            value: v.text(),
            constraint: format!("1 ≤ {symbol} ≤ {max_name} = {max}"),
        }),
    }
}

/// Reads one string of digits and its line end; `which` is `top` or `left`.
fn digits<R: Read>(
    r: &mut Strict<R>,
    bound: &Bound,
    which: &str,
    case: u64,
    t: u64,
    out: &mut Vec<u8>,
) -> Result<u64, ValidationError> {
    let (line, column) = r.position();
    let len = r.run(|b| b == b'0' || b == b'1', bound.max as usize, out)?;
    if len == 0 {
        return Err(r.unexpected(format!(
            "the {which} string of test case {case} of {t}, of '0' and '1'"
        )));
    }
    r.end_of_line(|| {
        format!("'0' or '1', or the end of the {which} string of test case {case} of {t}")
    })?;
    if !bound.allows(u128::from(len)) {
        return Err(ValidationError::Constraint {
            line,
            column,
            quantity: format!(
                "the length {} of the {which} string of test case {case} of {t}",
                bound.symbol
            ),
            value: len.to_string(),
            constraint: bound.constraint(),
        });
    }
    Ok(len)
}

/// Adds a test case's part to the running sum of N + M + Q, which must stay within
/// the statement's limit; `line` is where the part stands.
fn add(sum: &mut u64, part: u64, line: u64, case: u64) -> Result<(), ValidationError> {
    *sum += part;
    if *sum > SUM.max {
        return Err(ValidationError::Constraint {
            line,
            column: 1,
            quantity: format!("the sum of N+M+Q over test cases 1 to {case}"),
            value: sum.to_string(),
            constraint: SUM.constraint(),
        });
    }
    Ok(())
}
