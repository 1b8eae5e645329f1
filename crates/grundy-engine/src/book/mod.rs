//! Opening books: every position within a few plies of a start, solved once by the
//! engines and kept in a file, so that play answers them at once and exactly.
//!
//! A book is built for any ruleset ([`build`]) by the same engines the analysis uses
//! (search, retrograde or the memoised engine with remoteness): each position within
//! `plies` moves of the start, with its result, remoteness and every move's result.
//! It is written as JSON ([`Book::write`]) through a temporary file and a rename,
//! with a checksum of its entries.
//!
//! A book read back is never trusted: [`RawBook::read`] checks its size before
//! reading, its format, version and checksum, and [`check`] then checks it against
//! the ruleset it claims (the game and its parameters, every position and move in
//! the game's notation and legal, every move listed, each position's result and
//! remoteness those of its best move, and each move's result that of the position it
//! leads to where the book holds it) before a [`Book`] is made of it.

mod build;
mod check;
mod format;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::analysis::ranked::best_remoteness;
use crate::files::FileError;
use crate::game::Player;
use crate::ruleset::{Kind, Unsolved};

pub use build::{build, BuildProgress};
pub use check::check;
pub use format::{checksum, BookMove, Entry, RawBook, FORMAT, VERSION};

/// The most plies a book is built for.
pub const MAX_PLIES: u32 = 64;

/// The most positions a book holds.
pub const MAX_POSITIONS: usize = 1_000_000;

/// The largest book file read, in bytes.
pub const MAX_BYTES: u64 = 1 << 30;

/// Why a book could not be built, read or used.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// Reading or writing the file failed.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is not a book: not JSON, or not in the book's shape.
    #[error("{path}: not a grundy book: {reason}")]
    NotABook {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the line and column of the JSON.
        reason: String,
    },
    /// The file is a book of another version.
    #[error("{path}: a grundy book of version {found}; this grundy reads version {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
        /// The version read.
        expected: u32,
    },
    /// The entries do not match the checksum written with them.
    #[error("{path}: damaged: its positions have checksum {found}, the file says {expected}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The checksum written in the file.
        expected: String,
        /// The checksum of its positions.
        found: String,
    },
    /// The book is of another game, or of the same game with other parameters.
    #[error("the book is for {book}, not {game}")]
    Foreign {
        /// The game of the book, with its parameters.
        book: String,
        /// The game asked for.
        game: String,
    },
    /// An entry does not hold against the rules.
    #[error("position {index} of the book ({position:?}): {reason}")]
    Entry {
        /// Its place in the book, from 1.
        index: usize,
        /// The position as written.
        position: String,
        /// What does not hold.
        reason: String,
    },
    /// The start of the book is not one of its positions, or is over.
    #[error("the book's start {0:?} is not among its positions")]
    NoRoot(String),
    /// The plies asked for are out of range.
    #[error("plies {0}: a book is built for 0 to {MAX_PLIES} plies")]
    Plies(u32),
    /// The book would hold too many positions.
    #[error("the book would hold more than {MAX_POSITIONS} positions ({ply} plies reach {reached}); build it for fewer plies")]
    TooMany {
        /// The ply that passed the limit.
        ply: u32,
        /// The positions reached by then.
        reached: usize,
    },
    /// The start position is not in the game's notation.
    #[error("start position {position:?}: {reason}")]
    Start {
        /// The position as given.
        position: String,
        /// What is wrong.
        reason: String,
    },
    /// A position of the book could not be solved.
    #[error("position {position:?} ({ply} plies from the start) not solved: {unsolved}")]
    Unsolved {
        /// The position.
        position: String,
        /// Its distance from the start, in moves.
        ply: u32,
        /// Why.
        unsolved: Unsolved,
    },
}

/// The player a book's entries are keyed by: the player to move in a partizan
/// game, and always Left in an impartial game (where both move alike).
pub fn key_player(kind: Kind, player: Player) -> Player {
    match kind {
        Kind::Impartial => Player::Left,
        Kind::Partizan => player,
    }
}

/// A book checked against its ruleset ([`check`]), or just built ([`build`]).
#[derive(Clone, Debug)]
pub struct Book {
    raw: RawBook,
    index: HashMap<(String, Player), usize>,
}

impl Book {
    /// A book of `raw`, whose entries have been checked or solved.
    fn of_checked(raw: RawBook) -> Book {
        let index = raw
            .positions
            .iter()
            .enumerate()
            .map(|(i, e)| ((e.position.clone(), e.to_move), i))
            .collect();
        Book { raw, index }
    }

    /// The game's name, as the registry knows it.
    pub fn game(&self) -> &str {
        &self.raw.game
    }

    /// The game with its parameters, as its title says them.
    pub fn title(&self) -> &str {
        &self.raw.title
    }

    /// The same book, saying that its game is built with `params` (name and value,
    /// as `--step 2` gives `step`, `2`).
    pub fn with_params(mut self, params: impl IntoIterator<Item = (String, String)>) -> Book {
        self.raw.params = params.into_iter().collect();
        self
    }

    /// The start position.
    pub fn root(&self) -> &str {
        &self.raw.root
    }

    /// The plies from the start the book covers.
    pub fn plies(&self) -> u32 {
        self.raw.plies
    }

    /// How many positions the book holds (the start and every position within its
    /// plies that is not over).
    pub fn len(&self) -> usize {
        self.raw.positions.len()
    }

    /// Whether the book holds no position (the start is over).
    pub fn is_empty(&self) -> bool {
        self.raw.positions.is_empty()
    }

    /// The entry of `position` (in the game's notation as the game shows it) with
    /// `to_move` ([`key_player`]) to move, if the book holds it.
    pub fn get(&self, position: &str, to_move: Player) -> Option<&Entry> {
        self.index
            .get(&(position.to_owned(), to_move))
            .map(|&i| &self.raw.positions[i])
    }

    /// Writes the book to `path` through a temporary file and a rename.
    pub fn write(&self, path: &Path) -> Result<(), BookError> {
        self.raw.write(path)
    }

    /// The book as read or written.
    pub fn raw(&self) -> &RawBook {
        &self.raw
    }
}

/// The best moves of `entry`: those with the best result and, among them, the
/// quickest win or tie, or the longest loss ([`best_remoteness`]).
pub fn best_moves(entry: &Entry) -> impl Iterator<Item = &BookMove> {
    let best = entry
        .moves
        .iter()
        .map(|m| m.result)
        .max_by_key(|r| r.rank());
    let count = best_remoteness(entry.moves.iter().map(|m| (m.result, m.moves_left)));
    entry
        .moves
        .iter()
        .filter(move |m| Some(m.result) == best && m.moves_left == count)
}
