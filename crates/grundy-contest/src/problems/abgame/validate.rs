//! ABGAME: `T`, then T rows over `.`, `A` and `B`; the lengths sum to at most 10^6.

use std::io::Read;

use super::{LEN, SUM, T};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{plural, Answers, Coverage, ValidationError};

pub(super) fn check<R: Read>(
    r: &mut Strict<R>,
    answers: &mut Answers,
) -> Result<Vec<Coverage>, ValidationError> {
    let (mut t_seen, mut len_seen, mut sum_seen) =
        (Coverage::of(&T), Coverage::of(&LEN), Coverage::of(&SUM));
    let t = r.bounded(&T, || "the number of test cases T".into())?;
    t_seen.record(t, &T);
    r.end_of_line(|| "the end of the line after T".into())?;
    let mut row = Vec::new();
    let mut sum = 0u64;
    for case in 1..=t {
        let (line, column) = r.position();
        let len = r.run(
            |b| matches!(b, b'.' | b'A' | b'B'),
            LEN.max as usize,
            &mut row,
        )?;
        if len == 0 {
            return Err(r.unexpected(format!("row {case} of {t}, a string of '.', 'A' and 'B'")));
        }
        r.end_of_line(|| format!("'.', 'A' or 'B', or the end of row {case} of {t}"))?;
        let broken =
            |quantity: String, value: u64, constraint: String| ValidationError::Constraint {
                line,
                column,
                quantity,
                value: value.to_string(),
                constraint,
            };
        if !LEN.allows(u128::from(len)) {
            let what = format!("the length |s| of row {case} of {t}");
            return Err(broken(what, len, LEN.constraint()));
        }
        sum += len;
        if sum > SUM.max {
            let what = format!("the sum of |s| over rows 1 to {case}");
            return Err(broken(what, sum, SUM.constraint()));
        }
        len_seen.record(len, &LEN);
        answers.push(&[&row, b"\n"])?;
    }
    sum_seen.record(sum, &SUM);
    r.end_of_input(&plural(t, "row", "rows"))?;
    Ok(vec![t_seen, len_seen, sum_seen])
}
