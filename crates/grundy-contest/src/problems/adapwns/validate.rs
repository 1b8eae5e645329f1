//! ADAPWNS: `T`, then T boards over `.` and `P`.

use std::io::Read;

use super::{N, T};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{plural, Answers, Coverage, ValidationError};

pub(super) fn check<R: Read>(
    r: &mut Strict<R>,
    answers: &mut Answers,
) -> Result<Vec<Coverage>, ValidationError> {
    let (mut t_seen, mut n_seen) = (Coverage::of(&T), Coverage::of(&N));
    let t = r.bounded(&T, || "the number of test cases T".into())?;
    t_seen.record(t, &T);
    r.end_of_line(|| "the end of the line after T".into())?;
    let mut board = Vec::new();
    for case in 1..=t {
        let (line, column) = r.position();
        let len = r.run(|b| b == b'.' || b == b'P', N.max as usize, &mut board)?;
        if len == 0 {
            return Err(r.unexpected(format!("board {case} of {t}, a string of '.' and 'P'")));
        }
        r.end_of_line(|| format!("'.' or 'P', or the end of board {case} of {t}"))?;
        if !N.allows(u128::from(len)) {
            return Err(ValidationError::Constraint {
                line,
                column,
                quantity: format!("the length N of board {case} of {t}"),
                value: len.to_string(),
                constraint: N.constraint(),
            });
        }
        n_seen.record(len, &N);
        answers.push(&[&board, b"\n"])?;
    }
    r.end_of_input(&plural(t, "board", "boards"))?;
    Ok(vec![t_seen, n_seen])
}
