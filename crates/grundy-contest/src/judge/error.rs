//! The error of a judge run: where the input went wrong and what was expected there.

use std::fmt;
use std::io;

/// The longest piece of found text an error message quotes in full.
const MAX_QUOTE: usize = 40;

/// What stood in the input where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A character, printed quoted: `'X'`.
    Char(char),
    /// A byte that is not a printable character (a control byte or invalid UTF-8),
    /// printed `byte 0x07`.
    Byte(u8),
    /// A whole token, such as a number that does not fit, printed as it is (long
    /// tokens are shortened with `...`).
    Token(String),
    /// The end of the input.
    End,
}

impl Found {
    /// The token `bytes`, shortened to its first characters if it is long.
    pub fn token(bytes: &[u8]) -> Found {
        let mut text = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_QUOTE)]).into_owned();
        if bytes.len() > MAX_QUOTE {
            text.push_str("...");
        }
        Found::Token(text)
    }

    /// The character that starts `bytes` (UTF-8 decoded when it is valid), or
    /// [`Found::End`] for no bytes.
    pub fn first_char(bytes: &[u8]) -> Found {
        let Some(&b) = bytes.first() else {
            return Found::End;
        };
        if b.is_ascii_graphic() || b == b' ' {
            return Found::Char(char::from(b));
        }
        if !b.is_ascii() {
            let head = &bytes[..bytes.len().min(4)];
            let valid = match std::str::from_utf8(head) {
                Ok(s) => s,
                Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
            };
            if let Some(c) = valid.chars().next() {
                return Found::Char(c);
            }
        }
        Found::Byte(b)
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(f, "{c:?}"),
            Found::Byte(b) => write!(f, "byte {b:#04x}"),
            Found::Token(t) => f.write_str(t),
            Found::End => f.write_str("the end of the input"),
        }
    }
}

/// Why a judge run stopped early.
///
/// Answers to the test cases before the problem have already been written (and
/// flushed) when a run returns this error.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The input does not follow the problem's format.
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Input {
        /// The 1-based line of the problem.
        line: u64,
        /// The 1-based column of the problem, counted in bytes from the line's start.
        column: u64,
        /// What the format allows there.
        expected: String,
        /// What stood there instead.
        found: Found,
    },
    /// Reading the input failed.
    #[error("cannot read the input")]
    Read(#[source] io::Error),
    /// Writing the output failed (for example, a closed pipe).
    #[error("cannot write the output")]
    Write(#[source] io::Error),
}

impl JudgeError {
    /// The line and column of an input error (`None` for an I/O error).
    pub fn position(&self) -> Option<(u64, u64)> {
        match self {
            JudgeError::Input { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        let e = JudgeError::Input {
            line: 3,
            column: 5,
            expected: "'.' or 'P'".into(),
            found: Found::Char('X'),
        };
        assert_eq!(
            e.to_string(),
            "line 3, column 5: expected '.' or 'P', found 'X'"
        );
        assert_eq!(e.position(), Some((3, 5)));
        assert_eq!(Found::first_char(b"\x07").to_string(), "byte 0x07");
        assert_eq!(Found::first_char("é.".as_bytes()), Found::Char('é'));
        assert_eq!(Found::first_char(b"\xff"), Found::Byte(0xff));
        assert_eq!(Found::first_char(b""), Found::End);
        assert_eq!(Found::End.to_string(), "the end of the input");
        let long = Found::token(&[b'9'; 100]).to_string();
        assert_eq!(long.len(), MAX_QUOTE + 3);
        assert!(long.ends_with("..."));
    }
}
