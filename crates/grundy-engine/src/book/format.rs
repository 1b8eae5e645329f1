//! The book's file: JSON with a header, the positions and a checksum of them.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{BookError, MAX_BYTES};
use crate::files;
use crate::game::Player;
use crate::ruleset::GameResult;

/// What the `format` field of every book says.
pub const FORMAT: &str = "grundy book";

/// The version of the book format written and read.
pub const VERSION: u32 = 1;

/// A book as in its file: read and its checksum checked, not yet checked against
/// the rules ([`check`](super::check)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBook {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The game's name, as the registry knows it.
    pub game: String,
    /// The game with its parameters, e.g. `pawns (step 2)`.
    pub title: String,
    /// The parameters the game is built with, by name (as `--step 2` gives
    /// `"step": "2"`), for a reader that builds the game from the book alone.
    #[serde(default)]
    pub params: BTreeMap<String, String>,
    /// The start position, in the game's notation.
    pub root: String,
    /// Who moves at the start.
    pub to_move: Player,
    /// How many plies from the start the book covers.
    pub plies: u32,
    /// Every position within `plies` moves of the start that is not over, in the
    /// order they were reached.
    pub positions: Vec<Entry>,
    /// `fnv1a64:` and the hash of the positions' JSON, in hex.
    pub checksum: String,
}

/// A position of the book, solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The position, in the game's notation as the game shows it.
    pub position: String,
    /// Who is to move ([`key_player`](super::key_player)).
    pub to_move: Player,
    /// The result for the player to move under best play.
    pub result: GameResult,
    /// How many moves the game lasts under best play; `None` for a draw.
    pub remoteness: Option<u32>,
    /// Every legal move, best first.
    pub moves: Vec<BookMove>,
}

/// A move of a book's position with its worth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookMove {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its result for the player making it.
    pub result: GameResult,
    /// How many moves the game lasts after it under best play, this one included;
    /// `None` for a draw.
    pub moves_left: Option<u32>,
}

/// The checksum of `positions`: FNV-1a (64 bits) of their JSON.
pub fn checksum(positions: &[Entry]) -> String {
    let json = serde_json::to_vec(positions).expect("entries serialise");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in json {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{hash:016x}")
}

impl RawBook {
    /// Reads the book at `path`: its size checked before reading, then its format,
    /// version and checksum.
    pub fn read(path: &Path) -> Result<RawBook, BookError> {
        let bytes = files::read_limited(path, MAX_BYTES)?;
        Self::parse(path, &bytes)
    }

    /// The book in `bytes`, read from `path`: its format, version and checksum
    /// checked.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<RawBook, BookError> {
        let not_a_book = |reason: String| BookError::NotABook {
            path: path.to_owned(),
            reason,
        };
        let value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| not_a_book(e.to_string()))?;
        let Some(object) = value.as_object() else {
            return Err(not_a_book("the top level is not a JSON object".to_owned()));
        };
        if object.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(not_a_book(format!("its \"format\" is not {FORMAT:?}")));
        }
        match object.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => {
                return Err(BookError::Version {
                    path: path.to_owned(),
                    found: u32::try_from(v).unwrap_or(u32::MAX),
                    expected: VERSION,
                })
            }
            None => return Err(not_a_book("no \"version\" number".to_owned())),
        }
        let raw: RawBook = serde_json::from_value(value).map_err(|e| not_a_book(e.to_string()))?;
        let found = checksum(&raw.positions);
        if found != raw.checksum {
            return Err(BookError::Damaged {
                path: path.to_owned(),
                expected: raw.checksum,
                found,
            });
        }
        Ok(raw)
    }

    /// Writes the book to `path` through a temporary file and a rename.
    pub fn write(&self, path: &Path) -> Result<(), BookError> {
        files::write_atomically(path, |file| {
            let mut out = std::io::BufWriter::new(file);
            serde_json::to_writer(&mut out, self)?;
            out.write_all(b"\n")?;
            out.flush()
        })?;
        Ok(())
    }
}
