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

/// Where a [`NotationError`] is, in a person's words beside the character.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Place {
    /// At a character of the text (the position is text, e.g. heaps `3,5,7`).
    #[default]
    Text,
    /// At a cell of a position written as a board, named by its row (from the top,
    /// from 1) and its column letter (from `a`), as the board's moves name cells.
    Cell {
        /// The row from the top, from 0.
        row: u8,
        /// The column from the left, from 0.
        col: u8,
    },
    /// The position as a whole (e.g. a board that play cannot reach).
    Whole,
}

/// Text that does not follow a ruleset's notation, with where and what was expected.
///
/// It reads `character 4: expected ...` for text, `row 2, column b (character 6):
/// expected ...` for a board's cell, and `the position: expected ...` for the whole.
///
/// ```
/// use grundy_engine::ruleset::notation::{Found, NotationError};
/// let text = NotationError::at("3,x", 2, "a heap");
/// assert_eq!(text.to_string(), "character 3: expected a heap, found 'x'");
/// let cell = text.clone().in_cell(1, 0);
/// assert_eq!(cell.to_string(), "row 2, column a (character 3): expected a heap, found 'x'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Where the problem is: the 1-based offset in characters of the text (the API's
    /// JSON calls it `column`, the position's column in the text).
    pub column: usize,
    /// What the notation allows there.
    pub expected: String,
    /// What stood there instead.
    pub found: Found,
    /// Where that is on a board, or the whole position ([`Place::Text`] for text).
    pub place: Place,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NotationError {
            column,
            expected,
            found,
            place,
        } = self;
        match place {
            Place::Text => write!(f, "character {column}")?,
            Place::Cell { row, col } => write!(
                f,
                "row {}, column {} (character {column})",
                u32::from(*row) + 1,
                char::from(b'a'.saturating_add(*col))
            )?,
            Place::Whole => f.write_str("the position")?,
        }
        write!(f, ": expected {expected}, found {found}")
    }
}

impl std::error::Error for NotationError {}

impl NotationError {
    /// An error at `column` (1-based, in characters) of a position that is text.
    pub fn new(column: usize, expected: impl Into<String>, found: Found) -> Self {
        NotationError {
            column,
            expected: expected.into(),
            found,
            place: Place::Text,
        }
    }

    /// An error for the character at 0-based char index `index` of `text` (or its end).
    pub fn at(text: &str, index: usize, expected: impl Into<String>) -> Self {
        let found = text.chars().nth(index).map_or(Found::End, Found::Char);
        NotationError::new(index + 1, expected, found)
    }

    /// An error about the whole position `text` (shown cut to 80 characters), not
    /// one place in it.
    pub fn whole(text: &str, expected: impl Into<String>) -> Self {
        NotationError {
            place: Place::Whole,
            ..NotationError::new(1, expected, Found::Text(text.chars().take(80).collect()))
        }
    }

    /// The same error, placed at the cell of row `row` and column `col` (from 0, rows
    /// from the top) of a position written as a board.
    pub fn in_cell(self, row: u8, col: u8) -> Self {
        NotationError {
            place: Place::Cell { row, col },
            ..self
        }
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
