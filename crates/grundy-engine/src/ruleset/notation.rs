//! Errors for text that does not follow a ruleset's notation.

use std::fmt;

/// What stood where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A character.
    Char(char),
    /// A longer piece of text.
    Text(String),
    /// The end of the text.
    End,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(f, "{c:?}"),
            Found::Text(t) => write!(f, "{t:?}"),
            Found::End => f.write_str("the end"),
        }
    }
}

/// Text that does not follow a ruleset's notation, with where and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: expected {expected}, found {found}")]
pub struct NotationError {
    /// The 1-based column (in characters) of the problem.
    pub column: usize,
    /// What the notation allows there.
    pub expected: String,
    /// What stood there instead.
    pub found: Found,
}

impl NotationError {
    /// An error at `column` (1-based).
    pub fn new(column: usize, expected: impl Into<String>, found: Found) -> Self {
        NotationError {
            column,
            expected: expected.into(),
            found,
        }
    }

    /// An error for the character at 0-based char index `index` of `text` (or its end).
    pub fn at(text: &str, index: usize, expected: impl Into<String>) -> Self {
        let found = text.chars().nth(index).map_or(Found::End, Found::Char);
        NotationError::new(index + 1, expected, found)
    }
}

/// Checks that every character of `text` is in `alphabet`, naming the first that is not.
pub fn check_alphabet(text: &str, alphabet: &[u8], expected: &str) -> Result<(), NotationError> {
    match text
        .chars()
        .position(|c| !c.is_ascii() || !alphabet.contains(&(c as u8)))
    {
        Some(i) => Err(NotationError::at(text, i, expected)),
        None => Ok(()),
    }
}

/// A whole number that does not read (a position numbered, as a script's game's
/// positions are), for positions whose notation is their number.
impl From<std::num::ParseIntError> for NotationError {
    fn from(e: std::num::ParseIntError) -> Self {
        use std::num::IntErrorKind;
        let found = match e.kind() {
            IntErrorKind::Empty => Found::End,
            _ => Found::Text(e.to_string()),
        };
        NotationError::new(1, "a whole number", found)
    }
}
