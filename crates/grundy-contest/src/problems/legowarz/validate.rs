//! LEGOWARZ: `N`, then N lines `h n`.

use std::io::Read;

use super::{COUNT, H, N};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{plural, Answers, Coverage, ValidationError};

pub(super) fn check<R: Read>(
    r: &mut Strict<R>,
    answers: &mut Answers,
) -> Result<Vec<Coverage>, ValidationError> {
    let (mut n_seen, mut h_seen, mut count_seen) =
        (Coverage::of(&N), Coverage::of(&H), Coverage::of(&COUNT));
    let n = r.bounded(&N, || "the number of buildings N".into())?;
    n_seen.record(n, &N);
    r.end_of_line(|| "the end of the line after N".into())?;
    for i in 1..=n {
        let h = r.bounded(&H, || format!("the height h of building {i} of {n}"))?;
        r.space(|| format!("h and n of building {i} of {n}"))?;
        let count = r.bounded(&COUNT, || {
            format!("the number of towers n of building {i} of {n}")
        })?;
        r.end_of_line(|| format!("the end of the line after building {i} of {n}"))?;
        h_seen.record(h, &H);
        count_seen.record(count, &COUNT);
        answers.push(&[format!("{h} {count}\n").as_bytes()])?;
    }
    r.end_of_input(&plural(n, "building", "buildings"))?;
    Ok(vec![n_seen, h_seen, count_seen])
}
