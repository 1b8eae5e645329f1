//! Range-checked numbers: every duration, count, size and budget a user gives grundy
//! is read here, so that one text or value out of range gets one kind of message, the
//! range included, and never a panic further on (a `Duration` that cannot be built, a
//! capacity that overflows).
//!
//! The library does not know where a number came from: the caller names it (`what`,
//! e.g. a command-line flag, a query field or a header line), and the error says
//! `what: expected RANGE, found TEXT`.
//!
//! ```
//! use std::time::Duration;
//! use grundy_values::bounds::{self, Range};
//!
//! let limit = bounds::seconds("time limit", "2.5", Range::new(0.0, 3600.0)).unwrap();
//! assert_eq!(limit, Duration::from_millis(2500));
//! let err = bounds::seconds("time limit", "1e20", Range::new(0.0, 3600.0)).unwrap_err();
//! assert_eq!(err.to_string(), "time limit: expected seconds from 0 to 3600, found 1e20");
//! assert!(bounds::count("workers", "0", 1, 64).is_err());
//! ```

use std::fmt;
use std::time::Duration;

/// A number refused by a range check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what}: expected {expected}, found {found}")]
pub struct OutOfRange {
    /// What the number is, as the caller named it.
    pub what: String,
    /// What was expected, the range included (`seconds from 0 to 3600`).
    pub expected: String,
    /// The text or value given.
    pub found: String,
}

impl OutOfRange {
    /// A refusal of `found` for `what`, which expected `expected`.
    pub fn new(what: &str, expected: impl fmt::Display, found: impl fmt::Display) -> OutOfRange {
        OutOfRange {
            what: what.to_owned(),
            expected: expected.to_string(),
            found: shown(&found.to_string()),
        }
    }

    /// The same refusal, named otherwise (a query field rather than a flag).
    pub fn renamed(mut self, what: &str) -> OutOfRange {
        what.clone_into(&mut self.what);
        self
    }
}

/// At most 40 characters of a refused text, so that a huge argument is not echoed whole.
fn shown(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
        None => text.to_owned(),
    }
}

/// An inclusive range of seconds, both ends finite and at least 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    min: f64,
    max: f64,
}

impl Range {
    /// Seconds from `min` to `max`, both included.
    ///
    /// # Panics
    /// If the range is empty, negative or not finite: the range is the caller's
    /// constant, not a user's input.
    pub const fn new(min: f64, max: f64) -> Range {
        assert!(
            min >= 0.0 && min <= max && max <= 1.0e9,
            "a range of seconds"
        );
        Range { min, max }
    }

    /// The expected text of a refusal.
    fn expected(self) -> String {
        format!("seconds from {} to {}", self.min, self.max)
    }
}

/// The duration of `secs` seconds, when it is a finite number within `range`.
pub fn seconds_value(what: &str, secs: f64, range: Range) -> Result<Duration, OutOfRange> {
    if secs.is_finite() && secs >= range.min && secs <= range.max {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(OutOfRange::new(what, range.expected(), secs))
    }
}

/// The duration written as `text` (decimal seconds such as `10`, `0.5` or `1e2`),
/// within `range`.
pub fn seconds(what: &str, text: &str, range: Range) -> Result<Duration, OutOfRange> {
    let trimmed = text.trim();
    let parsed = trimmed
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && !trimmed.eq_ignore_ascii_case("nan"));
    match parsed {
        Some(secs) => seconds_value(what, secs, range)
            .map_err(|_| OutOfRange::new(what, range.expected(), trimmed)),
        None => Err(OutOfRange::new(what, range.expected(), trimmed)),
    }
}

/// The whole number written as `text`, from `min` to `max` (both included).
pub fn count(what: &str, text: &str, min: u64, max: u64) -> Result<u64, OutOfRange> {
    let trimmed = text.trim();
    let expected = || format!("a whole number from {min} to {max}");
    match trimmed.parse::<u64>() {
        Ok(n) => count_value(what, n, min, max),
        Err(_) => Err(OutOfRange::new(what, expected(), trimmed)),
    }
}

/// `n` itself when it lies from `min` to `max` (both included).
pub fn count_value(what: &str, n: u64, min: u64, max: u64) -> Result<u64, OutOfRange> {
    if (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(OutOfRange::new(
            what,
            format!("a whole number from {min} to {max}"),
            n,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: Range = Range::new(0.0, 3600.0);

    #[test]
    fn seconds_in_range_are_read() {
        assert_eq!(seconds("t", "0", R).unwrap(), Duration::ZERO);
        assert_eq!(
            seconds("t", " 3600 ", R).unwrap(),
            Duration::from_secs(3600)
        );
        assert_eq!(seconds("t", "1e2", R).unwrap(), Duration::from_secs(100));
    }

    #[test]
    fn seconds_out_of_range_name_the_range() {
        for bad in [
            "1e20", "-1", "nan", "NaN", "inf", "-inf", "", "ten", "3600.5",
        ] {
            let err = seconds("--time-limit", bad, R).unwrap_err();
            assert_eq!(err.what, "--time-limit");
            assert_eq!(err.expected, "seconds from 0 to 3600", "{bad}");
        }
        assert!(seconds_value("t", f64::NAN, R).is_err());
        assert!(seconds_value("t", f64::MAX, R).is_err());
    }

    #[test]
    fn counts_are_range_checked() {
        assert_eq!(count("n", "7", 1, 7).unwrap(), 7);
        let err = count("--workers", "2305843009213693952", 1, 64).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--workers: expected a whole number from 1 to 64, found 2305843009213693952"
        );
        assert!(count("n", "-1", 0, 5).is_err());
        assert!(count("n", "99999999999999999999999", 0, u64::MAX).is_err());
        assert!(count_value("n", 0, 1, 5).is_err());
    }

    #[test]
    fn huge_texts_are_not_echoed_whole() {
        let huge = "9".repeat(10_000);
        let err = count("n", &huge, 0, 5).unwrap_err();
        assert!(err.found.len() < 100, "{}", err.found);
        assert!(err.found.contains("10000 bytes"));
    }
}
