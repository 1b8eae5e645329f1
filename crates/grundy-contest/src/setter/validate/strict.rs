//! A strict reader in the sense of testlib's validators: every byte is where the
//! statement's format puts it. Lines end with LF only, tokens on a line are separated
//! by exactly one space, no line has leading or trailing blanks, the last line ends
//! with LF, and numbers have no sign and no leading zeros.
//!
//! The reader streams: it holds one fixed buffer, and runs of characters (boards,
//! rows, strings) are kept only up to a cap the caller gives, so memory does not
//! depend on the input.

use std::io::Read;

use super::ValidationError;
use crate::judge::reader::prefix_len;
use crate::setter::limits::Bound;

/// The reader's buffer size.
const CAPACITY: usize = 1 << 16;

/// The longest token quoted in a message.
const QUOTE: usize = 40;

/// A number as read: its value (`None` past `u128`) and where it stands; its text
/// for messages is kept up to `QUOTE` digits.
#[derive(Clone, Debug)]
pub struct Number {
    /// The value, `None` past `u128`.
    pub value: Option<u128>,
    /// The 1-based line where the number starts.
    pub line: u64,
    /// The 1-based column where it starts.
    pub column: u64,
    head: [u8; QUOTE],
    len: u64,
}

impl Number {
    /// The number as written (cut after `QUOTE` digits).
    pub fn text(&self) -> String {
        let kept = (self.len as usize).min(QUOTE);
        let mut text = String::from_utf8_lossy(&self.head[..kept]).into_owned();
        if self.len > QUOTE as u64 {
            text.push_str(&format!("... ({} digits)", self.len));
        }
        text
    }
}

/// The strict reader.
#[derive(Debug)]
pub struct Strict<R: Read> {
    src: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    eof: bool,
    line: u64,
    column: u64,
    bytes: u64,
}

/// What stands at a position, in words.
fn describe(byte: Option<u8>, column: u64) -> String {
    match byte {
        None => "the end of the input".into(),
        Some(b'\n') if column == 1 => "an empty line".into(),
        Some(b'\n') => "the end of the line".into(),
        Some(b'\r') => "a carriage return (CR; lines must end with LF only)".into(),
        Some(b' ') => "a space".into(),
        Some(b'\t') => "a tab".into(),
        Some(b) if b.is_ascii_graphic() => format!("{:?}", char::from(b)),
        Some(b) => format!("byte {b:#04x}"),
    }
}

impl<R: Read> Strict<R> {
    /// A strict reader of `src`.
    pub fn new(src: R) -> Self {
        Strict {
            src,
            buf: vec![0; CAPACITY].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            line: 1,
            column: 1,
            bytes: 0,
        }
    }

    /// The line and column of the next byte.
    pub fn position(&self) -> (u64, u64) {
        (self.line, self.column)
    }

    /// The number of bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The number of complete lines read so far.
    pub fn lines(&self) -> u64 {
        self.line - 1
    }

    /// Makes at least one byte available unless the input has ended.
    fn fill(&mut self) -> Result<(), ValidationError> {
        if self.start == self.end && !self.eof {
            loop {
                match self.src.read(&mut self.buf) {
                    Ok(0) => self.eof = true,
                    Ok(n) => {
                        self.start = 0;
                        self.end = n;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(ValidationError::Read(e)),
                }
                break;
            }
        }
        Ok(())
    }

    /// The next byte, not consumed.
    pub fn peek(&mut self) -> Result<Option<u8>, ValidationError> {
        self.fill()?;
        Ok((self.start < self.end).then(|| self.buf[self.start]))
    }

    /// Consumes the byte that [`Strict::peek`] returned.
    fn bump(&mut self, byte: u8) {
        self.start += 1;
        self.bytes += 1;
        if byte == b'\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }

    /// An error at the current position: `expected` there, and what stands there.
    pub fn unexpected(&mut self, expected: impl Into<String>) -> ValidationError {
        let (line, column) = self.position();
        let found = match self.peek() {
            Ok(b) => describe(b, column),
            Err(e) => return e,
        };
        ValidationError::Format {
            line,
            column,
            expected: expected.into(),
            found,
        }
    }

    /// Reads the longest run of bytes satisfying `ok` on the current line, keeping
    /// its first `keep` bytes in `out` (cleared first). Returns the run's length.
    pub fn run(
        &mut self,
        ok: impl Fn(u8) -> bool,
        keep: usize,
        out: &mut Vec<u8>,
    ) -> Result<u64, ValidationError> {
        out.clear();
        let mut len = 0u64;
        loop {
            self.fill()?;
            if self.start == self.end {
                return Ok(len);
            }
            let avail = &self.buf[self.start..self.end];
            let n = prefix_len(avail, &ok);
            let room = keep.saturating_sub(out.len()).min(n);
            out.extend_from_slice(&avail[..room]);
            self.start += n;
            self.bytes += n as u64;
            self.column += n as u64;
            len += n as u64;
            if self.start < self.end {
                return Ok(len);
            }
        }
    }

    /// Reads an unsigned decimal number without sign or leading zeros; `what` names
    /// it in an error.
    pub fn number(&mut self, what: impl Fn() -> String) -> Result<Number, ValidationError> {
        let (line, column) = self.position();
        let mut n = Number {
            value: Some(0),
            line,
            column,
            head: [0; QUOTE],
            len: 0,
        };
        loop {
            self.fill()?;
            let avail = &self.buf[self.start..self.end];
            let digits = avail
                .iter()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(avail.len());
            for &d in &avail[..digits] {
                n.value = n
                    .value
                    .and_then(|v| v.checked_mul(10)?.checked_add(u128::from(d - b'0')));
                if let Some(slot) = n.head.get_mut(n.len as usize) {
                    *slot = d;
                }
                n.len += 1;
            }
            self.start += digits;
            self.bytes += digits as u64;
            self.column += digits as u64;
            if digits < avail.len() || avail.is_empty() {
                break;
            }
        }
        if n.len == 0 {
            return Err(self.unexpected(what()));
        }
        if n.head[0] == b'0' && n.len > 1 {
            return Err(ValidationError::Format {
                line,
                column,
                expected: format!("{} without leading zeros", what()),
                found: n.text(),
            });
        }
        Ok(n)
    }

    /// Reads a number within `bound`; `what` names it in an error.
    pub fn bounded(
        &mut self,
        bound: &Bound,
        what: impl Fn() -> String,
    ) -> Result<u64, ValidationError> {
        let n = self.number(&what)?;
        match n.value {
            Some(v) if bound.allows(v) => Ok(v as u64),
            _ => Err(ValidationError::Constraint {
                line: n.line,
                column: n.column,
                quantity: what(),
                value: n.text(),
                constraint: bound.constraint(),
            }),
        }
    }

    /// Reads the one space between two tokens; `between` names them.
    pub fn space(&mut self, between: impl Fn() -> String) -> Result<(), ValidationError> {
        if self.peek()? != Some(b' ') {
            return Err(self.unexpected(format!("a space between {}", between())));
        }
        self.bump(b' ');
        if matches!(self.peek()?, Some(b' ' | b'\t')) {
            return Err(self.unexpected(format!("a single space between {}", between())));
        }
        Ok(())
    }

    /// Reads the LF that ends a line; `expected` says what else could stand here.
    pub fn end_of_line(&mut self, expected: impl Fn() -> String) -> Result<(), ValidationError> {
        match self.peek()? {
            Some(b'\n') => {
                self.bump(b'\n');
                Ok(())
            }
            None => {
                let (line, column) = self.position();
                Err(ValidationError::Format {
                    line,
                    column,
                    expected: format!("{} (the last line ends with LF too)", expected()),
                    found: "the end of the input".into(),
                })
            }
            Some(_) => Err(self.unexpected(expected())),
        }
    }

    /// Checks that the input ends here; `after` says what came last.
    pub fn end_of_input(&mut self, after: &str) -> Result<(), ValidationError> {
        match self.peek()? {
            None => Ok(()),
            Some(_) => Err(self.unexpected(format!("the end of the input after {after}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source that hands out one byte per read.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(1).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn runs_span_reads_and_keep_only_a_prefix() {
        let mut r = Strict::new(Trickle(b"..PP.x\n"));
        let mut out = Vec::new();
        assert_eq!(r.run(|b| b == b'.' || b == b'P', 3, &mut out).unwrap(), 5);
        assert_eq!(out, b"..P");
        assert_eq!(r.position(), (1, 6));
        let err = r.end_of_line(|| "'.' or 'P'".into()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 6: expected '.' or 'P', found 'x'"
        );
    }

    #[test]
    fn numbers_are_strict() {
        let what = || "T".to_string();
        let mut r = Strict::new(&b"007"[..]);
        assert_eq!(
            r.number(what).unwrap_err().to_string(),
            "line 1, column 1: expected T without leading zeros, found 007"
        );
        let mut r = Strict::new(&b"+7"[..]);
        assert_eq!(
            r.number(what).unwrap_err().to_string(),
            "line 1, column 1: expected T, found '+'"
        );
        let mut r = Strict::new(&b"0 18446744073709551616"[..]);
        assert_eq!(r.number(what).unwrap().value, Some(0));
        r.space(|| "a and b".into()).unwrap();
        let bound = crate::setter::Bound::new("h", "a height", 1, u64::MAX);
        assert_eq!(
            r.bounded(&bound, || "h".into()).unwrap_err().to_string(),
            "line 1, column 3: h is 18446744073709551616, but the statement requires \
             1 ≤ h ≤ 18446744073709551615"
        );
        let long = "9".repeat(60);
        let mut r = Strict::new(long.as_bytes());
        let n = r.number(what).unwrap();
        assert_eq!(n.value, None);
        assert!(n.text().ends_with("... (60 digits)"));
    }

    #[test]
    fn blanks_and_line_ends_are_exact() {
        let mut r = Strict::new(&b"1  2"[..]);
        r.number(|| "a".into()).unwrap();
        assert_eq!(
            r.space(|| "a and b".into()).unwrap_err().to_string(),
            "line 1, column 3: expected a single space between a and b, found a space"
        );
        let mut r = Strict::new(&b"1\r\n"[..]);
        r.number(|| "a".into()).unwrap();
        let err = r.end_of_line(|| "the end of the line".into()).unwrap_err();
        assert!(err.to_string().contains("found a carriage return"), "{err}");
        let mut r = Strict::new(&b"1"[..]);
        r.number(|| "a".into()).unwrap();
        let err = r.end_of_line(|| "the end of the line".into()).unwrap_err();
        assert!(
            err.to_string().contains("the last line ends with LF too"),
            "{err}"
        );
        let mut r = Strict::new(&b"\n"[..]);
        assert_eq!(
            r.end_of_input("1 test case").unwrap_err().to_string(),
            "line 1, column 1: expected the end of the input after 1 test case, found an empty line"
        );
    }
}
