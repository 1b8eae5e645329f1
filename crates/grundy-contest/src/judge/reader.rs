//! A streaming reader of whitespace-separated tokens that knows its line and column.
//!
//! Tokens are separated by any amount of ASCII whitespace (space, tab, CR, LF, vertical
//! tab, form feed), as `scanf("%s")` and `cin >>` see them: CRLF line ends, extra
//! spaces, blank lines and a missing final newline are all accepted. Lines are counted
//! at LF, at CRLF and at a lone CR; columns count bytes from the start of the line,
//! both from 1.
//!
//! The reader keeps one buffer that holds the token being read and grows only when a
//! single token is longer than it, so memory is bounded by the longest token, not by
//! the input.

use std::io::{self, Read};

use super::error::{Found, JudgeError};

/// The reader's initial buffer size in bytes.
pub const DEFAULT_CAPACITY: usize = 1 << 18;

/// The largest value a number may take.
const MAX_NUMBER: &str = "18446744073709551615";

/// Whether `b` separates tokens: ASCII whitespace as C's `isspace` sees it.
#[inline]
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The length of the longest prefix of `bytes` whose bytes all satisfy `ok`.
///
/// Checks 64 bytes at a time without branching inside a block, which compilers turn
/// into vector code, so long runs are scanned at memory speed.
#[inline]
pub fn prefix_len<P: Fn(u8) -> bool>(bytes: &[u8], ok: P) -> usize {
    let mut done = 0;
    for block in bytes.chunks_exact(64) {
        if !block.iter().fold(true, |all, &b| all & ok(b)) {
            break;
        }
        done += 64;
    }
    done + bytes[done..]
        .iter()
        .position(|&b| !ok(b))
        .unwrap_or(bytes.len() - done)
}

/// Powers of ten up to 10^8.
const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The eight bytes at the start of `bytes` as a little-endian word.
#[inline]
fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(w)
}

/// How many of the eight bytes of `word` (first byte lowest) are ASCII digits before
/// the first byte that is not, 0..=8.
#[inline]
fn digit_run(word: u64) -> usize {
    let t = word ^ 0x3030_3030_3030_3030; // a digit becomes 0..=9
    let high = t & 0xf0f0_f0f0_f0f0_f0f0; // a high nibble: not a digit
    let ten = ((t & 0x0f0f_0f0f_0f0f_0f0f) + 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010;
    let bad = high | ten;
    let low = 0x7f7f_7f7f_7f7f_7f7f;
    let nonzero = (((bad & low) + low) | bad) & !low; // the high bit of each bad byte
    nonzero.trailing_zeros() as usize / 8
}

/// The value of the first `len` (1..=8) bytes of `word`, all ASCII digits, the first
/// byte the most significant: pairs, then quadruples, then all eight, in parallel.
#[inline]
fn digits_value(word: u64, len: usize) -> u64 {
    let x = (word & 0x0f0f_0f0f_0f0f_0f0f) << (8 * (8 - len)); // leading zero digits
    let x = (x * 10 + (x >> 8)) & 0x00ff_00ff_00ff_00ff;
    let x = (x * 100 + (x >> 16)) & 0x0000_ffff_0000_ffff;
    (x * 10_000 + (x >> 32)) & 0xffff_ffff
}

/// A number of 1 to 19 digits at the start of `bytes` (24 bytes or more) followed by
/// whitespace: its value and length. `None` for anything else, left to the careful path.
#[inline(always)]
fn short_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let w1 = word(bytes);
    let l1 = digit_run(w1);
    let (value, len) = if l1 < 8 {
        if l1 == 0 {
            return None;
        }
        (digits_value(w1, l1), l1)
    } else {
        let high = digits_value(w1, 8);
        let w2 = word(&bytes[8..]);
        let l2 = digit_run(w2);
        if l2 < 8 {
            let value = if l2 == 0 {
                high
            } else {
                high * POW10[l2] + digits_value(w2, l2)
            };
            (value, 8 + l2)
        } else {
            let w3 = word(&bytes[16..]);
            let l3 = digit_run(w3);
            if l3 > 3 {
                return None; // 20 digits or more: may not fit
            }
            let mut value = high * POW10[8] + digits_value(w2, 8);
            if l3 > 0 {
                value = value * POW10[l3] + digits_value(w3, l3);
            }
            (value, 16 + l3)
        }
    };
    is_space(bytes[len]).then_some((value, len))
}

/// A streaming token reader over any [`Read`], tracking line and column.
#[derive(Debug)]
pub struct Reader<R> {
    src: R,
    /// `buf[pos..end]` is read but not yet consumed.
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    /// The input offset of `buf[0]`.
    base: u64,
    /// The current line, from 1.
    line: u64,
    /// The input offset just after the last CR, so that the LF of a CRLF is not
    /// counted as a second line end.
    cr_end: u64,
    /// The input offset of the current line's first byte.
    line_start: u64,
    /// The input offset of the last token read.
    token: u64,
}

impl<R: Read> Reader<R> {
    /// A reader with the default buffer size.
    pub fn new(src: R) -> Self {
        Reader::with_capacity(src, DEFAULT_CAPACITY)
    }

    /// A reader whose buffer starts at `capacity` bytes (at least 1).
    pub fn with_capacity(src: R, capacity: usize) -> Self {
        Reader {
            src,
            buf: vec![0; capacity.max(1)],
            pos: 0,
            end: 0,
            eof: false,
            base: 0,
            line: 1,
            cr_end: u64::MAX,
            line_start: 0,
            token: 0,
        }
    }

    /// The same reader, at the same place, over `f(source)`: for example its source
    /// boxed as a `dyn Read`.
    pub fn map_source<S: Read>(self, f: impl FnOnce(R) -> S) -> Reader<S> {
        Reader {
            src: f(self.src),
            buf: self.buf,
            pos: self.pos,
            end: self.end,
            eof: self.eof,
            base: self.base,
            line: self.line,
            cr_end: self.cr_end,
            line_start: self.line_start,
            token: self.token,
        }
    }

    /// The line of the next unread byte, from 1.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The column (in bytes, from 1) of the next unread byte.
    pub fn column(&self) -> u64 {
        self.column_of(self.pos)
    }

    fn column_of(&self, index: usize) -> u64 {
        self.base + index as u64 - self.line_start + 1
    }

    /// An input error at buffer index `index` (at or after the next unread byte, on
    /// the current line), naming what stands there.
    fn error_at(&mut self, index: usize, expected: String) -> JudgeError {
        // Read on far enough to show a whole UTF-8 character.
        let offset = index - self.pos;
        while self.end - (self.pos + offset) < 4 {
            match self.fill() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return e,
            }
        }
        let index = self.pos + offset;
        let found = Found::first_char(&self.buf[index..self.end]);
        self.error_with(index, expected, found)
    }

    /// An input error at buffer index `index` on the current line.
    fn error_with(&self, index: usize, expected: String, found: Found) -> JudgeError {
        JudgeError::Input {
            line: self.line,
            column: self.column_of(index),
            expected,
            found,
        }
    }

    /// Reads more input, keeping the unconsumed bytes. `false` at the end of the input.
    fn fill(&mut self) -> Result<bool, JudgeError> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.base += self.pos as u64;
            self.end -= self.pos;
            self.pos = 0;
        }
        if self.end * 2 > self.buf.len() {
            // One token fills half the buffer: make room for it to grow.
            let grown = self.buf.len() * 2;
            self.buf.resize(grown, 0);
        }
        loop {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(JudgeError::Read(e)),
            }
        }
    }

    /// Skips whitespace up to the next token or the end of the input.
    pub fn skip_space(&mut self) -> Result<(), JudgeError> {
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                let at = self.base + self.pos as u64;
                if b == b'\n' {
                    // LF ends a line, unless it completes a CRLF already counted.
                    if at != self.cr_end {
                        self.line += 1;
                    }
                    self.line_start = at + 1;
                } else if b == b'\r' {
                    // CR alone ends a line too (old Mac line ends).
                    self.line += 1;
                    self.line_start = at + 1;
                    self.cr_end = at + 1;
                } else if !is_space(b) {
                    return Ok(());
                }
                self.pos += 1;
            }
            if !self.fill()? {
                return Ok(());
            }
        }
    }

    /// Reads the next token, made of the bytes that `scan` accepts.
    ///
    /// `scan` gets the unread bytes and returns the length of their longest prefix it
    /// accepts (it may be called several times, on successive pieces of one token).
    /// The token must be non-empty, else the error expects `what`; it must end at
    /// whitespace or at the end of the input, else the error names the first byte
    /// that is not accepted and expects `byte_class`.
    pub fn token<S, E>(
        &mut self,
        mut scan: S,
        byte_class: &str,
        what: E,
    ) -> Result<&[u8], JudgeError>
    where
        S: FnMut(&[u8]) -> usize,
        E: FnOnce() -> String,
    {
        self.skip_space()?;
        let mut len = 0;
        loop {
            let rest = &self.buf[self.pos + len..self.end];
            let n = scan(rest);
            len += n;
            if n < rest.len() || !self.fill()? {
                break;
            }
        }
        let start = self.pos;
        let stop = start + len;
        if len == 0 {
            return Err(self.error_at(start, what()));
        }
        if stop < self.end && !is_space(self.buf[stop]) {
            return Err(self.error_at(stop, byte_class.to_owned()));
        }
        self.pos = stop;
        self.token = self.base + start as u64;
        Ok(&self.buf[start..stop])
    }

    /// Reads a whole number from 0 to 2^64 − 1, described by `what` in errors.
    pub fn number<E: Fn() -> String>(&mut self, what: E) -> Result<u64, JudgeError> {
        self.skip_space()?;
        if let Some(bytes) = self.buf[self.pos..self.end].get(..24) {
            if let Some((value, len)) = short_number(bytes) {
                self.token = self.base + self.pos as u64;
                self.pos += len;
                return Ok(value);
            }
        }
        if self.pos < self.end && self.buf[self.pos] == b'-' {
            return Err(self.error_with(
                self.pos,
                format!("{} (numbers are never negative)", what()),
                Found::Char('-'),
            ));
        }
        let digits = self.token(
            |s| {
                s.iter()
                    .position(|b| !b.is_ascii_digit())
                    .unwrap_or(s.len())
            },
            "a digit",
            &what,
        )?;
        let value = if digits.len() <= 19 {
            // Below 10^19 < 2^64: no overflow possible.
            Some(
                digits
                    .iter()
                    .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')),
            )
        } else {
            digits.iter().try_fold(0u64, |v, &d| {
                v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
            })
        };
        match value {
            Some(v) => Ok(v),
            None => {
                let len = digits.len();
                let found = Found::token(digits);
                Err(self.error_with(
                    self.pos - len,
                    format!("{} (at most {MAX_NUMBER})", what()),
                    found,
                ))
            }
        }
    }

    /// Reads up to `max` numbers onto `out`, as long as each is simple (1 to 19 digits,
    /// then whitespace) and `accept(out.len(), value)` holds: a fast path for long runs
    /// of numbers. It stops early, leaving the next token unread, at anything else (a
    /// refused or unusual number, a bad byte, the end of the buffered input), for
    /// [`Reader::number`] to read or to name as an error.
    pub fn numbers_while<A>(&mut self, out: &mut Vec<u64>, max: usize, mut accept: A)
    where
        A: FnMut(usize, u64) -> bool,
    {
        let (end, base) = (self.end, self.base);
        let (mut pos, mut line, mut line_start) = (self.pos, self.line, self.line_start);
        let mut cr_end = self.cr_end;
        let mut token = self.token;
        let limit = out.len().saturating_add(max);
        'numbers: while out.len() < limit {
            loop {
                let Some(bytes) = self.buf[..end].get(pos..pos + 24) else {
                    break 'numbers;
                };
                let b = bytes[0];
                if !is_space(b) {
                    match short_number(bytes) {
                        Some((value, len)) if accept(out.len(), value) => {
                            out.push(value);
                            token = base + pos as u64;
                            pos += len;
                            continue 'numbers;
                        }
                        _ => break 'numbers,
                    }
                }
                let at = base + pos as u64;
                if b == b'\n' {
                    if at != cr_end {
                        line += 1;
                    }
                    line_start = at + 1;
                } else if b == b'\r' {
                    line += 1;
                    line_start = at + 1;
                    cr_end = at + 1;
                }
                pos += 1;
            }
        }
        (self.pos, self.line, self.line_start, self.token) = (pos, line, line_start, token);
        self.cr_end = cr_end;
    }

    /// Checks that only whitespace is left; else the error expects `what`.
    pub fn finish<E: FnOnce() -> String>(&mut self, what: E) -> Result<(), JudgeError> {
        self.skip_space()?;
        if self.pos < self.end {
            Err(self.error_at(self.pos, what()))
        } else {
            Ok(())
        }
    }

    /// An input error about the last token read (for example a number out of range),
    /// naming it as written and expecting `expected`. Call it right after reading that
    /// token.
    pub fn error_at_token(&self, expected: String) -> JudgeError {
        let start = (self.token.saturating_sub(self.base) as usize).min(self.pos);
        self.error_with(start, expected, Found::token(&self.buf[start..self.pos]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(s: &[u8]) -> usize {
        prefix_len(s, |b| b.is_ascii_digit())
    }

    #[test]
    fn prefix_len_finds_the_first_rejected_byte() {
        let mut long = vec![b'1'; 200];
        assert_eq!(digits(&long), 200);
        for i in [0, 1, 63, 64, 65, 127, 128, 199] {
            long[i] = b'x';
            assert_eq!(digits(&long), i);
            long[i] = b'1';
        }
        assert_eq!(digits(b""), 0);
    }

    #[test]
    fn a_lone_cr_ends_a_line_and_crlf_counts_once() {
        for (input, line, column) in [
            (&b"1\r2\rx"[..], 3, 1),
            (&b"1\r\n2\r\nx"[..], 3, 1),
            (&b"1\n\r2 x"[..], 3, 3),
            (&b"1\r\r\n x"[..], 3, 2),
        ] {
            for capacity in [1, 2, 3, 64] {
                let mut r = Reader::with_capacity(input, capacity);
                let mut numbers = Vec::new();
                while let Ok(n) = r.number(|| "n".into()) {
                    numbers.push(n);
                }
                let err = r.number(|| "n".into()).unwrap_err().to_string();
                assert!(
                    err.starts_with(&format!("line {line}, column {column}:")),
                    "{input:?} at capacity {capacity}: {err}"
                );
            }
        }
    }

    #[test]
    fn tokens_lines_and_columns_with_any_buffer_size() {
        let input = b"  12\r\n\r\n  abc 7\t\n-3";
        for capacity in [1, 2, 3, 5, 64] {
            let mut r = Reader::with_capacity(&input[..], capacity);
            assert_eq!(r.number(|| "n".into()).unwrap(), 12);
            let word = r
                .token(
                    |s| prefix_len(s, |b| b.is_ascii_lowercase()),
                    "a letter",
                    String::new,
                )
                .unwrap()
                .to_vec();
            assert_eq!(word, b"abc");
            assert_eq!((r.line(), r.column()), (3, 6));
            assert_eq!(r.number(|| "n".into()).unwrap(), 7);
            let err = r.number(|| "the count".into()).unwrap_err();
            assert_eq!(
                err.to_string(),
                "line 4, column 1: expected the count (numbers are never negative), found '-'"
            );
        }
    }

    #[test]
    fn number_errors() {
        let cases: [(&[u8], &str); 5] = [
            (
                b"",
                "line 1, column 1: expected n, found the end of the input",
            ),
            (b"\n 12a", "line 2, column 4: expected a digit, found 'a'"),
            (b"x", "line 1, column 1: expected n, found 'x'"),
            (
                b" 18446744073709551616",
                "line 1, column 2: expected n (at most 18446744073709551615), \
                 found 18446744073709551616",
            ),
            (
                b"1\xc3\xa9",
                "line 1, column 2: expected a digit, found '\u{e9}'",
            ),
        ];
        for (input, message) in cases {
            let err = Reader::new(input).number(|| "n".into()).unwrap_err();
            assert_eq!(err.to_string(), message);
        }
        let max = Reader::new(&b"018446744073709551615"[..]).number(String::new);
        assert_eq!(max.unwrap(), u64::MAX);
    }

    #[test]
    fn word_at_a_time_numbers() {
        for text in [
            "0",
            "7",
            "12345678",
            "123456789",
            "9999999999999999",
            "1234567890123456789",
        ] {
            let input = format!("{text}                        ");
            let expected = (text.parse::<u64>().unwrap(), text.len());
            assert_eq!(short_number(input.as_bytes()), Some(expected), "{text}");
        }
        for text in [
            "",
            "x",
            "12x",
            "-1",
            "12345678901234567890",
            "1234567890123456789x",
        ] {
            let input = format!("{text}                        ");
            assert_eq!(short_number(input.as_bytes()), None, "{text}");
        }
        for b in 0..=255u8 {
            let w = u64::from_le_bytes([b'1', b, b'2', b'3', b'4', b'5', b'6', b'7']);
            assert_eq!(digit_run(w), if b.is_ascii_digit() { 8 } else { 1 }, "{b}");
        }
    }

    proptest::proptest! {
        /// Numbers read back as written, whatever their length, spacing and the buffer.
        #[test]
        fn numbers_read_back(
            numbers in proptest::collection::vec(
                (proptest::prelude::any::<u64>(), 0u32..64, 0usize..3, 0usize..4),
                1..20,
            ),
            capacity in 1usize..64,
        ) {
            let mut input = String::new();
            let mut expected = Vec::new();
            for &(n, shift, zeros, gap) in &numbers {
                let n = n >> shift; // all magnitudes
                input += &"0".repeat(zeros);
                input += &n.to_string();
                input += [" ", "\n", "\r\n  ", "\t"][gap];
                expected.push(n);
            }
            for input in [&input[..], input.trim_end()] {
                let mut r = Reader::with_capacity(input.as_bytes(), capacity);
                for &n in &expected {
                    proptest::prop_assert_eq!(r.number(String::new).unwrap(), n);
                }
                proptest::prop_assert!(r.finish(String::new).is_ok());
            }
        }

        /// Any digit string is read as `str::parse` reads it, or rejected as too large.
        #[test]
        fn digit_strings_parse_like_str(digits in "[0-9]{1,25}", tail in "[ x]") {
            let input = format!("{digits}{tail}{}", " ".repeat(30));
            let got = Reader::new(input.as_bytes()).number(String::new);
            match (digits.parse::<u64>(), tail.as_str()) {
                (Ok(v), " ") => proptest::prop_assert_eq!(got.unwrap(), v),
                (_, _) => proptest::prop_assert!(got.is_err()),
            }
        }
    }

    #[test]
    fn finish_names_leftover_data() {
        let mut r = Reader::new(&b"1 \n\n x"[..]);
        r.number(String::new).unwrap();
        let err = r.finish(|| "the end".into()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3, column 2: expected the end, found 'x'"
        );
        let mut r = Reader::new(&b"1 \r\n \n"[..]);
        r.number(String::new).unwrap();
        r.finish(String::new).unwrap();
    }

    #[test]
    fn a_long_token_grows_the_buffer() {
        let mut input = vec![b'7'; 10_000];
        input.extend_from_slice(b" 5");
        let mut r = Reader::with_capacity(&input[..], 16);
        let len = r
            .token(|s| prefix_len(s, |b| b == b'7'), "a 7", String::new)
            .unwrap()
            .len();
        assert_eq!(len, 10_000);
        assert_eq!(r.number(String::new).unwrap(), 5);
    }
}
