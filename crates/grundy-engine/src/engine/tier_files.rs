//! Tier files: a game's positions solved tier by tier ([`tiers`](super::tiers)),
//! each finished tier written to a file of its own, so that a set of them is a
//! database ([`Database`]) that answers any of its positions without searching, and
//! a solve that stops part way ([`solve_to_dir`]) starts again from the tiers
//! already written.
//!
//! # The file
//!
//! `tier-NNNNN.grundy-tier` (the tier, five digits) in the database's directory,
//! little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `GRUNDYTF` ([`MAGIC`]) |
//! | 4 | the format's version ([`VERSION`]) |
//! | 1 | the layout: 1 ranked, 2 listed ([`Layout`]) |
//! | 1 | players: 1 (an impartial game: the player to move plays no part) or 2 |
//! | 2 | zero |
//! | 4 | the tier |
//! | 4 | the length of the text that follows the header |
//! | 8 | the count of slots (results) |
//! | 8 | how many of them were reached from the root and solved |
//! | 8 | the checksum: FNV-1a (64 bits) of the whole file, these 8 bytes read as zero |
//! | text | JSON: `{"game", "parameters", "root"}`, the game's name, its parameters and the root the database was solved from, in the game's notation |
//! | 4 × count | the results, 4 bytes each: 3 bits of result and 29 of remoteness, as the retrograde engine packs them; `0xffffffff` for a slot no position reached |
//! | ranked only: 8 × blocks | the checksum (FNV-1a, 64 bits) of each block of [`BLOCK_SLOTS`] results' bytes (the last block may be shorter) |
//! | listed only: 4 × count, then the keys | each key's length, then the keys: the player to move (`L` or `R`) and the position in the game's notation, in byte order |
//!
//! A game with the [`Rank`](crate::ruleset::Rank) capability gets the **ranked**
//! layout: slot `rank × players + player` holds the result of the position of that
//! rank, so that no position is stored (Connect Four: the column heights and the
//! colourings, as GamesmanOne ranks them). Any other game with tiers gets the
//! **listed** layout, the fallback: its positions sorted and stored, found by binary
//! search.
//!
//! A file is written through a temporary created exclusively beside it and a rename
//! ([`files::write_atomically`]), so a file by its name is whole; a ranked file is
//! written a piece at a time, its checksums computed as it goes. A file is read
//! with its size checked before anything is allocated ([`MAX_FILE_BYTES`]), then its
//! header, every length against the file's size, its checksum, its blocks'
//! checksums and every result: a truncated or damaged file is refused with its
//! reason ([`TierFileError::Damaged`]), never half read. A [`Database`] reads of a
//! ranked file its header and text, then for each question the one block it needs
//! (256 KiB), checked against the block's checksum.
//!
//! # Limits
//!
//! From a whole game's start (the empty board of a game that ranks its tiers and
//! whose moves climb one tier) the solve goes rank by rank
//! ([`ranked`](super::ranked)), holding the results of two tiers. From any other
//! root it discovers every tier reachable from the root in memory before it solves
//! downwards (as [`solve_tiers`](super::tiers::solve_tiers)), so the positions must
//! fit in memory. Either way a rerun reuses every tier whose file is complete (its
//! checksums valid, every position it must hold present) and solves only the
//! others.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::budget::Budget;
use super::retrograde::packed::{answer, unpack, DRAW, LOSE, TIE, WIN};
use super::retrograde::{GameResult, RulesetStates};
use super::tiers::{solve_stored, Keep, Store, TierError};
use crate::files::{self, FileError};
use crate::game::Player;
use crate::ruleset::{Kind, Ruleset, RulesetExt};

/// The first 8 bytes of every tier file.
pub const MAGIC: [u8; 8] = *b"GRUNDYTF";

/// The version of the tier file format written and read (2: the files of a whole
/// game solved rank by rank hold every ranked position, [`ranked`](super::ranked)).
pub const VERSION: u32 = 2;

/// The bytes of the fixed header, before the text.
pub const HEADER_BYTES: usize = 48;

/// The largest tier file read, in bytes (64 GiB).
pub const MAX_FILE_BYTES: u64 = 1 << 36;

/// The longest header text read, in bytes.
pub const MAX_TEXT_BYTES: u32 = 1 << 16;

/// The most slots a tier file holds (2^32 − 1: a slot's index fits 32 bits).
pub const MAX_SLOTS: u64 = u32::MAX as u64;

/// The slots of a block of a ranked file, each block with a checksum of its own, so
/// that a question reads and checks one block, not the whole file.
pub const BLOCK_SLOTS: u64 = 1 << 16;

/// How many blocks `count` slots make.
fn blocks(count: u64) -> u64 {
    count.div_ceil(BLOCK_SLOTS)
}

/// FNV-1a (64 bits) of one block's bytes.
fn block_sum(bytes: &[u8]) -> u64 {
    checksum_more(FNV_OFFSET, bytes)
}

/// FNV-1a's offset basis.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The value of a slot no position reached.
pub(crate) const NOT_REACHED: u32 = u32::MAX;

/// Where the checksum is in the header.
const CHECKSUM_AT: usize = 40;

/// How a tier file finds a position's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// The results indexed by the position's rank ([`Rank`](crate::ruleset::Rank)).
    Ranked,
    /// The positions sorted and stored beside their results.
    Listed,
}

impl Layout {
    fn code(self) -> u8 {
        match self {
            Layout::Ranked => 1,
            Layout::Listed => 2,
        }
    }
}

/// Why a tier file or a database could not be written, read or used.
#[derive(Debug, thiserror::Error)]
pub enum TierFileError {
    /// Reading or writing a file failed.
    #[error(transparent)]
    File(#[from] FileError),
    /// The tiered solver refused the game or stopped.
    #[error(transparent)]
    Solve(#[from] TierError),
    /// A directory could not be made or read.
    #[error("{path}: cannot {doing}: {error}")]
    Dir {
        /// The directory.
        path: PathBuf,
        /// What was being done.
        doing: &'static str,
        /// What failed.
        error: io::Error,
    },
    /// The file is truncated or damaged, or is not a tier file.
    #[error("{path}: refused: {reason}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The file is a tier file of another game, parameters, root or shape.
    #[error("{path}: a tier file of {found}, not of {expected}")]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What it is of.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// The game has no tiers, so no tier files.
    #[error("{0} has no tiers: its positions cannot be solved into tier files")]
    NoTiers(String),
    /// The ruleset has tiers, but not the engines that solve them as its own: its
    /// capabilities hold none (`Capabilities::ties` or `Capabilities::cycles` with
    /// `draw_engines(self)`), or those of the game it wraps.
    #[error(
        "{0} has tiers, but its capabilities do not hold its own engines for ties and \
         cycles, which write and read tier files (Capabilities::ties or \
         Capabilities::cycles with draw_engines(self); a wrapper hands over its own)"
    )]
    NoDrawEngines(String),
    /// A tier has more slots than a file holds.
    #[error(
        "tier {tier} has {count} positions or ranks, more than a tier file holds ({MAX_SLOTS})"
    )]
    TooBig {
        /// The tier.
        tier: u32,
        /// Its slots.
        count: u64,
    },
    /// The database has no file for the position's tier.
    #[error("{path}: no such tier file: the database does not hold tier {tier}")]
    NoTier {
        /// The file that would hold the tier.
        path: PathBuf,
        /// The tier.
        tier: u32,
    },
    /// The position's tier file does not hold it: it was not reached from the
    /// database's root.
    #[error("{position} is not in the database: not reached from its root {root}")]
    Missing {
        /// The position, in the game's notation.
        position: String,
        /// The database's root.
        root: String,
    },
    /// A game's rank space gave a position the ranked solver cannot solve: a move
    /// that does not reach the next tier's ranks, or one into a slot holding no
    /// position.
    #[error("tier {tier}, rank {rank}: {reason}")]
    RankSpace {
        /// The tier.
        tier: u32,
        /// The rank.
        rank: u64,
        /// What is wrong.
        reason: String,
    },
    /// The tiers could not be scheduled as jobs.
    #[error(transparent)]
    Schedule(#[from] super::tier_jobs::ScheduleError),
    /// A position is not in the game's notation.
    #[error("position {position:?}: {reason}")]
    Position {
        /// The position as given.
        position: String,
        /// What is wrong.
        reason: String,
    },
}

/// What a tier file's text says: the game, its parameters, the database's root.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    /// The game's name.
    pub game: String,
    /// Its parameters, as the ruleset gives them.
    pub parameters: String,
    /// The root the database was solved from, in the game's notation.
    pub root: String,
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.game)?;
        if !self.parameters.is_empty() {
            write!(f, " ({})", self.parameters)?;
        }
        write!(f, " from {}", self.root)
    }
}

/// A tier file, read and checked.
#[derive(Clone, Debug)]
pub struct TierFile {
    /// The game, parameters and root.
    pub identity: Identity,
    /// The tier.
    pub tier: u32,
    /// The layout.
    pub layout: Layout,
    /// 1 (impartial) or 2 players.
    pub players: u8,
    /// How many slots were reached and solved.
    pub reached: u64,
    results: Vec<u32>,
    /// The listed layout: each key's end in `keys`, and the keys.
    ends: Vec<usize>,
    keys: Vec<u8>,
}

/// FNV-1a (64 bits) of `bytes`, the 8 checksum bytes of the header read as zero.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let head = bytes.len().min(HEADER_BYTES);
    let mut hash = FNV_OFFSET;
    for (i, &b) in bytes[..head].iter().enumerate() {
        let b = if (CHECKSUM_AT..CHECKSUM_AT + 8).contains(&i) {
            0
        } else {
            b
        };
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    checksum_more(hash, &bytes[head..])
}

/// FNV-1a (64 bits) of `bytes` continued from `hash`, for the bytes after the
/// header ([`checksum`] of the whole file, computed a piece at a time).
fn checksum_more(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Whether `packed` is a result a file may hold: a decided result or an empty slot.
fn valid(packed: u32) -> bool {
    packed == NOT_REACHED || matches!(unpack(packed).0, WIN | LOSE | TIE | DRAW)
}

fn le_u32(b: &[u8], at: usize) -> u32 {
    let mut a = [0u8; 4];
    a.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(a)
}

fn le_u64(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// A tier file's fixed header, checked against the file's length.
struct Header {
    layout: Layout,
    players: u8,
    tier: u32,
    text_len: u32,
    count: u64,
    reached: u64,
    written: u64,
}

impl Header {
    /// The header at the start of `bytes` (at least its first [`HEADER_BYTES`], or
    /// the whole file if shorter) of a file of `len` bytes at `path`.
    fn parse(path: &Path, bytes: &[u8], len: u64) -> Result<Header, TierFileError> {
        let damaged = |reason: String| TierFileError::Damaged {
            path: path.to_owned(),
            reason,
        };
        if bytes.len() < HEADER_BYTES {
            return Err(damaged(format!(
                "truncated: {len} bytes, shorter than the {HEADER_BYTES}-byte header"
            )));
        }
        if bytes[..8] != MAGIC {
            return Err(damaged(
                "not a grundy tier file (no GRUNDYTF at its start)".into(),
            ));
        }
        let version = le_u32(bytes, 8);
        if version != VERSION {
            return Err(damaged(format!(
                "a tier file of version {version}; this grundy reads version {VERSION}"
            )));
        }
        let layout = match bytes[12] {
            1 => Layout::Ranked,
            2 => Layout::Listed,
            other => return Err(damaged(format!("unknown layout {other}"))),
        };
        let players = bytes[13];
        if !(1..=2).contains(&players) || bytes[14..16] != [0, 0] {
            return Err(damaged(format!("{players} players (1 or 2 expected)")));
        }
        let tier = le_u32(bytes, 16);
        let text_len = le_u32(bytes, 20);
        let count = le_u64(bytes, 24);
        let reached = le_u64(bytes, 32);
        let written = le_u64(bytes, CHECKSUM_AT);
        if text_len > MAX_TEXT_BYTES {
            return Err(damaged(format!(
                "a header text of {text_len} bytes, more than {MAX_TEXT_BYTES}"
            )));
        }
        if count > MAX_SLOTS || reached > count {
            return Err(damaged(format!("{count} slots, {reached} reached")));
        }
        // Every size in u64, each below 2^36: no overflow.
        let per_slot: u64 = match layout {
            Layout::Ranked => 4,
            Layout::Listed => 8,
        };
        let sums = match layout {
            Layout::Ranked => 8 * blocks(count),
            Layout::Listed => 0,
        };
        let fixed = HEADER_BYTES as u64 + u64::from(text_len) + count * per_slot + sums;
        if len < fixed || (layout == Layout::Ranked && len != fixed) {
            return Err(damaged(format!(
                "{len} bytes where the header's count ({count} slots) needs {}{fixed}: \
                     truncated or damaged",
                if layout == Layout::Listed {
                    "at least "
                } else {
                    ""
                }
            )));
        }
        Ok(Header {
            layout,
            players,
            tier,
            text_len,
            count,
            reached,
            written,
        })
    }
}

impl TierFile {
    /// The file's fixed header and text, the checksum's bytes zero.
    fn head(
        identity: &Identity,
        tier: u32,
        layout: Layout,
        players: u8,
        results: &[u32],
    ) -> Vec<u8> {
        let text = serde_json::to_vec(identity).expect("an identity serialises");
        let reached = results.iter().filter(|&&r| r != NOT_REACHED).count() as u64;
        let mut out = Vec::with_capacity(HEADER_BYTES + text.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(layout.code());
        out.push(players);
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&tier.to_le_bytes());
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(&(results.len() as u64).to_le_bytes());
        out.extend_from_slice(&reached.to_le_bytes());
        out.extend_from_slice(&[0; 8]);
        out.extend_from_slice(&text);
        out
    }

    /// The file's bytes: header, text, results and, listed, the keys.
    fn encode(
        identity: &Identity,
        tier: u32,
        layout: Layout,
        players: u8,
        results: &[u32],
        keys: Option<&[Vec<u8>]>,
    ) -> Vec<u8> {
        let mut out = Self::head(identity, tier, layout, players, results);
        let results_at = out.len();
        for r in results {
            out.extend_from_slice(&r.to_le_bytes());
        }
        if layout == Layout::Ranked {
            let sums: Vec<u64> = out[results_at..]
                .chunks(4 * BLOCK_SLOTS as usize)
                .map(block_sum)
                .collect();
            for sum in sums {
                out.extend_from_slice(&sum.to_le_bytes());
            }
        }
        if let Some(keys) = keys {
            for k in keys {
                out.extend_from_slice(&(k.len() as u32).to_le_bytes());
            }
            for k in keys {
                out.extend_from_slice(k);
            }
        }
        let sum = checksum(&out);
        out[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads and checks the tier file at `path`: its size before it is read, then
    /// its magic, version, header, every length against the size, its checksum and
    /// every result.
    /// A ranked file is read a piece at a time, its results straight into their
    /// vector (the file's bytes are never held whole).
    pub fn read(path: &Path) -> Result<TierFile, TierFileError> {
        use std::io::Read;
        let Some(Opened {
            mut file,
            header: h,
            head,
            text,
        }) = open_header(path)?
        else {
            return Self::parse(path, &files::read_limited(path, MAX_FILE_BYTES)?);
        };
        let io = |doing: &'static str| {
            move |error| {
                TierFileError::File(FileError::Io {
                    path: path.to_owned(),
                    doing,
                    error,
                })
            }
        };
        let damaged = |reason: String| TierFileError::Damaged {
            path: path.to_owned(),
            reason,
        };
        let mut hash = checksum_more(checksum(&head), &text);
        // Header::parse checked the length: exactly `count` results follow, then
        // the blocks' checksums.
        let n = h.count as usize;
        let mut results = Vec::with_capacity(n);
        let mut sums = Vec::with_capacity(blocks(h.count) as usize);
        let mut invalid = None;
        let mut buf = vec![0u8; 64 * BLOCK_SLOTS as usize];
        while results.len() < n {
            let take = (4 * (n - results.len())).min(buf.len());
            let piece = &mut buf[..take];
            file.read_exact(piece).map_err(io("read its results"))?;
            hash = checksum_more(hash, piece);
            sums.extend(piece.chunks(4 * BLOCK_SLOTS as usize).map(block_sum));
            for c in piece.chunks_exact(4) {
                let r = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                if invalid.is_none() && !valid(r) {
                    invalid = Some(results.len());
                }
                results.push(r);
            }
        }
        let mut stored = vec![0u8; 8 * sums.len()];
        file.read_exact(&mut stored)
            .map_err(io("read its blocks' checksums"))?;
        hash = checksum_more(hash, &stored);
        if hash != h.written {
            return Err(damaged(format!(
                "checksum {hash:016x}, the header says {:016x}: damaged",
                h.written
            )));
        }
        let identity: Identity =
            serde_json::from_slice(&text).map_err(|e| damaged(format!("its header text: {e}")))?;
        if let Some(b) = (0..sums.len()).find(|&b| le_u64(&stored, 8 * b) != sums[b]) {
            return Err(damaged(format!("block {b}: its checksum differs: damaged")));
        }
        if let Some(i) = invalid {
            return Err(damaged(format!("slot {i} holds no valid result")));
        }
        let solved = results.iter().filter(|&&r| r != NOT_REACHED).count() as u64;
        if solved != h.reached {
            return Err(damaged(format!(
                "{solved} slots hold results, the header says {}",
                h.reached
            )));
        }
        Ok(TierFile {
            identity,
            tier: h.tier,
            layout: h.layout,
            players: h.players,
            reached: h.reached,
            results,
            ends: Vec::new(),
            keys: Vec::new(),
        })
    }

    /// The tier file in `bytes`, read from `path`, checked as [`read`](Self::read)
    /// checks it.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<TierFile, TierFileError> {
        let damaged = |reason: String| TierFileError::Damaged {
            path: path.to_owned(),
            reason,
        };
        let len = bytes.len() as u64;
        let Header {
            layout,
            players,
            tier,
            text_len,
            count,
            reached,
            written,
        } = Header::parse(path, bytes, len)?;
        let text_at = HEADER_BYTES;
        let results_at = text_at + text_len as usize;
        let n = count as usize;
        let lens_at = results_at + 4 * n;
        let keys_at = lens_at + 4 * n;
        let mut ends = Vec::new();
        if layout == Layout::Listed {
            ends.reserve_exact(n);
            let mut end = 0u64;
            for i in 0..n {
                end += u64::from(le_u32(bytes, lens_at + 4 * i));
                ends.push(end as usize);
            }
            if keys_at as u64 + end != len {
                return Err(damaged(format!(
                    "{len} bytes where the keys' lengths need {}: truncated or damaged",
                    keys_at as u64 + end
                )));
            }
        }
        let found = checksum(bytes);
        if found != written {
            return Err(damaged(format!(
                "checksum {found:016x}, the header says {written:016x}: damaged"
            )));
        }
        let identity: Identity = serde_json::from_slice(&bytes[text_at..results_at])
            .map_err(|e| damaged(format!("its header text: {e}")))?;
        if layout == Layout::Ranked {
            let sums_at = results_at + 4 * n;
            let stored = |b: usize| le_u64(bytes, sums_at + 8 * b);
            let block_bytes = 4 * BLOCK_SLOTS as usize;
            for (b, block) in bytes[results_at..sums_at].chunks(block_bytes).enumerate() {
                if block_sum(block) != stored(b) {
                    return Err(damaged(format!("block {b}: its checksum differs: damaged")));
                }
            }
        }
        let results: Vec<u32> = (0..n).map(|i| le_u32(bytes, results_at + 4 * i)).collect();
        if let Some(i) = results.iter().position(|&r| !valid(r)) {
            return Err(damaged(format!("slot {i} holds no valid result")));
        }
        let solved = results.iter().filter(|&&r| r != NOT_REACHED).count() as u64;
        if solved != reached {
            return Err(damaged(format!(
                "{solved} slots hold results, the header says {reached}"
            )));
        }
        let mut keys = Vec::new();
        if layout == Layout::Listed {
            keys = bytes[keys_at..].to_vec();
            let key = |i: usize| &keys[if i == 0 { 0 } else { ends[i - 1] }..ends[i]];
            if let Some(i) = (1..n).find(|&i| key(i - 1) >= key(i)) {
                return Err(damaged(format!("key {i} is out of order")));
            }
        }
        Ok(TierFile {
            identity,
            tier,
            layout,
            players,
            reached,
            results,
            ends,
            keys,
        })
    }

    /// How many slots the file holds.
    pub fn count(&self) -> u64 {
        self.results.len() as u64
    }

    /// The packed result in `slot`, if a position reached it.
    fn slot(&self, slot: u64) -> Option<u32> {
        let r = *self.results.get(usize::try_from(slot).ok()?)?;
        (r != NOT_REACHED).then_some(r)
    }

    /// The packed result of the listed `key`.
    fn keyed(&self, key: &[u8]) -> Option<u32> {
        let n = self.ends.len();
        let at = |i: usize| &self.keys[if i == 0 { 0 } else { self.ends[i - 1] }..self.ends[i]];
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match at(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return self.slot(mid as u64),
            }
        }
        None
    }
}

/// A ranked tier file opened, its header and text read and checked.
struct Opened {
    file: std::fs::File,
    header: Header,
    head: [u8; HEADER_BYTES],
    text: Vec<u8>,
}

/// The file at `path` opened and its header and text read, if it is a ranked tier
/// file (its size checked against the header's count); `None` for a file to read
/// whole (listed, or too short for a header: [`TierFile::parse`] says why).
fn open_header(path: &Path) -> Result<Option<Opened>, TierFileError> {
    use std::io::Read;
    let io = |doing: &'static str| {
        move |error| {
            TierFileError::File(FileError::Io {
                path: path.to_owned(),
                doing,
                error,
            })
        }
    };
    let mut file = files::open_regular(path)?;
    let len = file.metadata().map_err(io("read its size"))?.len();
    if len > MAX_FILE_BYTES {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            size: len,
            limit: MAX_FILE_BYTES,
        }
        .into());
    }
    if len < HEADER_BYTES as u64 {
        return Ok(None);
    }
    let mut head = [0u8; HEADER_BYTES];
    file.read_exact(&mut head).map_err(io("read its header"))?;
    let header = Header::parse(path, &head, len)?;
    if header.layout == Layout::Listed {
        return Ok(None);
    }
    let mut text = vec![0u8; header.text_len as usize];
    file.read_exact(&mut text)
        .map_err(io("read its header text"))?;
    Ok(Some(Opened {
        file,
        header,
        head,
        text,
    }))
}

/// A ranked tier file opened for questions: each reads the one block of results it
/// needs and checks it against the block's own checksum, so that a question on a
/// tier of gigabytes reads 256 KiB.
struct RankedFile {
    path: PathBuf,
    file: std::fs::File,
    identity: Identity,
    tier: u32,
    players: u8,
    count: u64,
    results_at: u64,
    /// Blocks read and checked, kept for the next questions (at most
    /// [`CACHED_BLOCKS`]; all dropped when full).
    cache: std::collections::HashMap<u64, Vec<u8>>,
}

/// The most blocks of one ranked file a database keeps read (64 MiB).
const CACHED_BLOCKS: usize = 256;

impl RankedFile {
    /// The ranked file at `path`, its header and text read and checked; `None` for a
    /// listed file.
    fn open(path: &Path) -> Result<Option<RankedFile>, TierFileError> {
        let Some(Opened {
            file, header, text, ..
        }) = open_header(path)?
        else {
            return Ok(None);
        };
        let identity: Identity =
            serde_json::from_slice(&text).map_err(|e| TierFileError::Damaged {
                path: path.to_owned(),
                reason: format!("its header text: {e}"),
            })?;
        Ok(Some(RankedFile {
            path: path.to_owned(),
            file,
            identity,
            tier: header.tier,
            players: header.players,
            count: header.count,
            results_at: (HEADER_BYTES + text.len()) as u64,
            cache: Default::default(),
        }))
    }

    /// The packed result in `slot`, if a position reached it, from its block,
    /// checked against the block's checksum.
    fn slot(&mut self, slot: u64) -> Result<Option<u32>, TierFileError> {
        if slot >= self.count {
            return Ok(None);
        }
        let b = slot / BLOCK_SLOTS;
        if !self.cache.contains_key(&b) {
            let block = self.block(b)?;
            if self.cache.len() >= CACHED_BLOCKS {
                self.cache.clear();
            }
            self.cache.insert(b, block);
        }
        let r = le_u32(&self.cache[&b], 4 * (slot - b * BLOCK_SLOTS) as usize);
        if !valid(r) {
            return Err(TierFileError::Damaged {
                path: self.path.clone(),
                reason: format!("slot {slot} holds no valid result"),
            });
        }
        Ok((r != NOT_REACHED).then_some(r))
    }

    /// Block `b`'s bytes, read and checked against its checksum.
    fn block(&self, b: u64) -> Result<Vec<u8>, TierFileError> {
        use std::os::unix::fs::FileExt;
        let io = |error| {
            TierFileError::File(FileError::Io {
                path: self.path.clone(),
                doing: "read a block of it",
                error,
            })
        };
        let damaged = |reason: String| TierFileError::Damaged {
            path: self.path.clone(),
            reason,
        };
        let first = b * BLOCK_SLOTS;
        let len = (self.count - first).min(BLOCK_SLOTS) as usize;
        let mut block = vec![0u8; 4 * len];
        self.file
            .read_exact_at(&mut block, self.results_at + 4 * first)
            .map_err(io)?;
        let mut sum = [0u8; 8];
        let sums_at = self.results_at + 4 * self.count;
        self.file
            .read_exact_at(&mut sum, sums_at + 8 * b)
            .map_err(io)?;
        if block_sum(&block) != u64::from_le_bytes(sum) {
            return Err(damaged(format!("block {b}: its checksum differs: damaged")));
        }
        Ok(block)
    }
}

/// Writes the ranked file of tier `tier` with the packed `results` (one a slot) to
/// `path`, a piece at a time (the same bytes as a file encoded whole), through a
/// temporary and a rename. Returns the bytes written.
pub(crate) fn write_ranked(
    path: &Path,
    identity: &Identity,
    tier: u32,
    players: u8,
    results: &[u32],
) -> Result<u64, TierFileError> {
    use std::io::{Seek, SeekFrom};
    if results.len() as u64 > MAX_SLOTS {
        return Err(TierFileError::TooBig {
            tier,
            count: results.len() as u64,
        });
    }
    let head = TierFile::head(identity, tier, Layout::Ranked, players, results);
    let mut hash = checksum(&head);
    files::write_atomically(path, |f| {
        let mut out = io::BufWriter::with_capacity(1 << 20, &mut *f);
        out.write_all(&head)?;
        let mut buf = Vec::with_capacity(4 << 20);
        let mut sums = Vec::with_capacity(8 * blocks(results.len() as u64) as usize);
        for piece in results.chunks(16 * BLOCK_SLOTS as usize) {
            buf.clear();
            for r in piece {
                buf.extend_from_slice(&r.to_le_bytes());
            }
            for block in buf.chunks(4 * BLOCK_SLOTS as usize) {
                sums.extend_from_slice(&block_sum(block).to_le_bytes());
            }
            hash = checksum_more(hash, &buf);
            out.write_all(&buf)?;
        }
        hash = checksum_more(hash, &sums);
        out.write_all(&sums)?;
        out.flush()?;
        drop(out);
        f.seek(SeekFrom::Start(CHECKSUM_AT as u64))?;
        f.write_all(&hash.to_le_bytes())
    })?;
    Ok(head.len() as u64 + 4 * results.len() as u64 + 8 * blocks(results.len() as u64))
}

/// The file of `tier` in `dir`, read and checked, if it is of this database
/// (`identity`); else why it is not used (damaged, truncated, missing). A file of
/// another game, parameters or root is an error.
fn read_own(
    dir: &Path,
    tier: u32,
    identity: &Identity,
) -> Result<Result<TierFile, String>, TierFileError> {
    let path = tier_path(dir, tier);
    let file = match TierFile::read(&path) {
        Ok(f) => f,
        Err(e @ (TierFileError::Damaged { .. } | TierFileError::File(_))) => {
            return Ok(Err(e.to_string()))
        }
        Err(e) => return Err(e),
    };
    if file.identity != *identity {
        return Err(TierFileError::Foreign {
            path,
            found: file.identity.to_string(),
            expected: identity.to_string(),
        });
    }
    Ok(Ok(file))
}

/// The results of the ranked file of `tier` in `dir`, which must hold `slots`
/// slots for `players` players, or why the file is not used; a file of another
/// game, parameters or root is an error.
pub(crate) fn read_ranked(
    identity: &Identity,
    dir: &Path,
    tier: u32,
    players: u8,
    slots: u64,
) -> Result<Result<Vec<u32>, String>, TierFileError> {
    let file = match read_own(dir, tier, identity)? {
        Ok(f) => f,
        Err(why) => return Ok(Err(why)),
    };
    let found = (file.tier, file.layout, file.players, file.count());
    if found != (tier, Layout::Ranked, players, slots) {
        return Ok(Err(format!(
            "{}: tier {}, {:?}, {} players, {} slots where tier {tier}, Ranked, {players} \
             players, {slots} slots were expected",
            tier_path(dir, tier).display(),
            found.0,
            found.1,
            found.2,
            found.3
        )));
    }
    Ok(Ok(file.results))
}

/// The results of `states` (in the solver's order) in the file of `tier` in `dir`,
/// or why the file is not used (damaged, of another shape, not holding them all);
/// a file of another game, parameters or root is an error.
pub(crate) fn read_complete<R: Ruleset + ?Sized>(
    placing: &Placing<'_, R>,
    identity: &Identity,
    dir: &Path,
    tier: u32,
    states: &[(R::Position, Player)],
) -> Result<Result<Vec<u32>, String>, TierFileError> {
    let path = tier_path(dir, tier);
    let file = match read_own(dir, tier, identity)? {
        Ok(f) => f,
        Err(why) => return Ok(Err(why)),
    };
    let expected = (tier, placing.layout(), placing.players);
    if (file.tier, file.layout, file.players) != expected {
        return Ok(Err(format!(
            "{}: tier {}, {:?}, {} players where tier {tier}, {:?}, {} players were expected",
            path.display(),
            file.tier,
            file.layout,
            file.players,
            expected.1,
            expected.2
        )));
    }
    let mut results = Vec::with_capacity(states.len());
    for (pos, player) in states {
        match placing.lookup(&file, pos, *player) {
            Some(r) => results.push(r),
            None => {
                return Ok(Err(format!(
                    "{}: does not hold {}, which the tier reaches",
                    path.display(),
                    placing.rules.show_position(pos)
                )))
            }
        }
    }
    Ok(Ok(results))
}

/// The bytes of the file of tier `tier` whose states (in the solver's order) have
/// the packed `results`: ranked or listed as `placing` says.
pub(crate) fn tier_bytes<R: Ruleset + ?Sized>(
    placing: &Placing<'_, R>,
    identity: &Identity,
    tier: u32,
    states: &[(R::Position, Player)],
    results: &[u32],
) -> Result<Vec<u8>, TierFileError> {
    let unplaced = || -> TierFileError { TierError::Unstable { tier }.into() };
    if placing.ranked {
        let slots = placing.slots(tier)?;
        let mut all = vec![NOT_REACHED; slots as usize];
        for ((pos, player), &r) in states.iter().zip(results) {
            let Some(Place::Slot(s)) = placing.place(pos, *player) else {
                return Err(unplaced());
            };
            let slot = all.get_mut(usize::try_from(s).unwrap_or(usize::MAX));
            *slot.ok_or(TierFileError::TooBig { tier, count: s })? = r;
        }
        Ok(TierFile::encode(
            identity,
            tier,
            Layout::Ranked,
            placing.players,
            &all,
            None,
        ))
    } else {
        if states.len() as u64 > MAX_SLOTS {
            return Err(TierFileError::TooBig {
                tier,
                count: states.len() as u64,
            });
        }
        let mut keyed: Vec<(Vec<u8>, u32)> = Vec::with_capacity(states.len());
        for ((pos, player), &r) in states.iter().zip(results) {
            let Some(Place::Key(k)) = placing.place(pos, *player) else {
                return Err(unplaced());
            };
            keyed.push((k, r));
        }
        keyed.sort_unstable();
        let (keys, results): (Vec<Vec<u8>>, Vec<u32>) = keyed.into_iter().unzip();
        let layout = Layout::Listed;
        Ok(TierFile::encode(
            identity,
            tier,
            layout,
            placing.players,
            &results,
            Some(&keys),
        ))
    }
}

/// The file of tier `tier` in `dir`.
pub fn tier_path(dir: &Path, tier: u32) -> PathBuf {
    dir.join(format!("tier-{tier:05}.grundy-tier"))
}

/// How a game's states are placed in tier files: ranked or listed, with one or two
/// players.
pub(crate) struct Placing<'r, R: Ruleset + ?Sized> {
    pub(crate) rules: &'r R,
    /// A position of the database's shape, for the ranks' count.
    like: R::Position,
    pub(crate) players: u8,
    pub(crate) ranked: bool,
}

/// Where a state goes in its tier's file.
enum Place {
    Slot(u64),
    Key(Vec<u8>),
}

impl<'r, R: Ruleset + ?Sized> Placing<'r, R> {
    pub(crate) fn new(rules: &'r R, like: R::Position) -> Self {
        Placing {
            rules,
            like,
            players: match rules.kind() {
                Kind::Impartial => 1,
                Kind::Partizan => 2,
            },
            ranked: rules.capabilities().rank.is_some(),
        }
    }

    fn layout(&self) -> Layout {
        if self.ranked {
            Layout::Ranked
        } else {
            Layout::Listed
        }
    }

    /// The slots of tier `tier` in the ranked layout.
    pub(crate) fn slots(&self, tier: u32) -> Result<u64, TierFileError> {
        let caps = self.rules.capabilities();
        let size = caps.rank.and_then(|r| r.tier_size(&self.like, tier));
        match size.and_then(|s| s.checked_mul(u64::from(self.players))) {
            Some(n) if n <= MAX_SLOTS => Ok(n),
            other => Err(TierFileError::TooBig {
                tier,
                count: other.unwrap_or(u64::MAX),
            }),
        }
    }

    fn place(&self, pos: &R::Position, player: Player) -> Option<Place> {
        let p = match (self.players, player) {
            (1, _) | (_, Player::Left) => 0,
            _ => 1,
        };
        if self.ranked {
            let rank = self.rules.capabilities().rank?.rank(pos)?;
            Some(Place::Slot(
                rank.checked_mul(u64::from(self.players))? + p as u64,
            ))
        } else {
            let mut key = vec![if p == 0 { b'L' } else { b'R' }];
            key.extend_from_slice(self.rules.show_position(pos).as_bytes());
            Some(Place::Key(key))
        }
    }

    /// The packed result of `(pos, player)` in `file`.
    fn lookup(&self, file: &TierFile, pos: &R::Position, player: Player) -> Option<u32> {
        match self.place(pos, player)? {
            Place::Slot(s) => file.slot(s),
            Place::Key(k) => file.keyed(&k),
        }
    }
}

/// What happened to one tier in [`solve_to_dir`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Done {
    /// Solved and written.
    Solved,
    /// Its file was complete: read, not solved again.
    Reused,
    /// Its file was there but refused (the reason): solved again and rewritten.
    Redone(String),
}

/// One tier finished by [`solve_to_dir`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TierDone {
    /// The tier.
    pub tier: u32,
    /// Its positions reached from the root.
    pub positions: u64,
    /// Solved, reused or solved again.
    pub done: Done,
    /// The bytes written (0 for a reused tier).
    pub bytes: u64,
}

/// What [`solve_to_dir`] did, as its progress reports it after each tier.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SolveReport {
    /// The tiers found from the root.
    pub tiers: usize,
    /// The positions found from the root, in all tiers.
    pub positions: u64,
    /// The tiers finished so far, highest first.
    pub done: Vec<TierDone>,
    /// The positions solved so far (not reused), and the seconds it took.
    pub solved_positions: u64,
    /// The seconds since the start, discovery included.
    pub seconds: f64,
    /// The bytes written so far.
    pub bytes_written: u64,
}

impl SolveReport {
    /// The tiers whose files were reused.
    pub fn reused(&self) -> impl Iterator<Item = u32> + '_ {
        self.done
            .iter()
            .filter(|t| t.done == Done::Reused)
            .map(|t| t.tier)
    }

    /// The tiers solved (for the first time or again).
    pub fn solved(&self) -> impl Iterator<Item = u32> + '_ {
        self.done
            .iter()
            .filter(|t| t.done != Done::Reused)
            .map(|t| t.tier)
    }
}

/// The store that writes each tier solved to its file and reads back the complete
/// ones.
struct FileStore<'a, 'r, R: Ruleset + ?Sized> {
    placing: Placing<'r, R>,
    identity: Identity,
    dir: &'a Path,
    report: SolveReport,
    /// Why the file of the tier being solved was refused, if it was.
    refused: Option<String>,
    started: Instant,
    progress: &'a mut dyn FnMut(&SolveReport),
}

impl<R: Ruleset + ?Sized> FileStore<'_, '_, R> {
    fn finish(&mut self, tier: u32, positions: usize, done: Done, bytes: u64) {
        self.report.done.push(TierDone {
            tier,
            positions: positions as u64,
            done,
            bytes,
        });
        self.report.seconds = self.started.elapsed().as_secs_f64();
        (self.progress)(&self.report);
    }

    fn complete(
        &self,
        tier: u32,
        states: &[(R::Position, Player)],
    ) -> Result<Result<Vec<u32>, String>, TierFileError> {
        read_complete(&self.placing, &self.identity, self.dir, tier, states)
    }
}

impl<R: Ruleset + ?Sized> Store<(R::Position, Player)> for FileStore<'_, '_, R> {
    type Error = TierFileError;

    fn discovered(&mut self, tiers: &[(u32, usize)]) {
        self.report.tiers = tiers.len();
        self.report.positions = tiers.iter().map(|t| t.1 as u64).sum();
    }

    fn finished(
        &mut self,
        tier: u32,
        states: &[(R::Position, Player)],
    ) -> Result<Option<Vec<u32>>, TierFileError> {
        self.refused = None;
        if !tier_path(self.dir, tier).exists() {
            return Ok(None);
        }
        match self.complete(tier, states)? {
            Ok(results) => {
                self.finish(tier, states.len(), Done::Reused, 0);
                Ok(Some(results))
            }
            Err(why) => {
                self.refused = Some(why);
                Ok(None)
            }
        }
    }

    fn solved(
        &mut self,
        tier: u32,
        states: &[(R::Position, Player)],
        results: &[u32],
    ) -> Result<(), TierFileError> {
        let bytes = tier_bytes(&self.placing, &self.identity, tier, states, results)?;
        let path = tier_path(self.dir, tier);
        files::write_atomically(&path, |f| f.write_all(&bytes))?;
        self.report.bytes_written += bytes.len() as u64;
        self.report.solved_positions += states.len() as u64;
        let done = match self.refused.take() {
            Some(why) => Done::Redone(why),
            None => Done::Solved,
        };
        self.finish(tier, states.len(), done, bytes.len() as u64);
        Ok(())
    }
}

/// The player whose states a database holds for `to_move`: the player to move in a
/// partizan game, Left in an impartial one (both move alike).
pub(crate) fn key_player(kind: Kind, to_move: Player) -> Player {
    match kind {
        Kind::Impartial => Player::Left,
        Kind::Partizan => to_move,
    }
}

/// Solves every tier reachable from `root` with `to_move` to move, bottom-up
/// ([`solve_tiers`](super::tiers::solve_tiers)), writing each finished tier to its
/// file in `dir` (made if missing). A tier whose file is already there and complete
/// is read, not solved again; one whose file is refused (damaged, truncated, not
/// holding every position) is solved again and rewritten, the reason reported. A
/// file of another game, parameters or root is an error: databases are not mixed.
/// `progress` is called after each tier.
pub fn solve_to_dir<R: Ruleset + ?Sized>(
    rules: &R,
    root: &R::Position,
    to_move: Player,
    dir: &Path,
    progress: &mut dyn FnMut(&SolveReport),
) -> Result<SolveReport, TierFileError> {
    if super::ranked::whole_game(rules, root) {
        return super::ranked::solve_whole(rules, root, dir, progress);
    }
    let (placing, identity) = prepare(rules, root, dir)?;
    let mut store = FileStore {
        placing,
        identity,
        dir,
        report: SolveReport::default(),
        refused: None,
        started: Instant::now(),
        progress,
    };
    let start = (root.clone(), key_player(rules.kind(), to_move));
    solve_stored(
        &RulesetStates(rules),
        start,
        &mut Budget::unlimited(),
        Keep::Root,
        &mut store,
    )?;
    store.report.seconds = store.started.elapsed().as_secs_f64();
    Ok(store.report)
}

/// What every writer of tier files checks and makes before any work: `root` has a
/// tier, `dir` exists (made if missing), and the root's tier can be ranked at its
/// shape. Returns how positions are placed in the files and the database's identity.
pub(crate) fn prepare<'r, R: Ruleset + ?Sized>(
    rules: &'r R,
    root: &R::Position,
    dir: &Path,
) -> Result<(Placing<'r, R>, Identity), TierFileError> {
    if rules.tier(root).is_none() {
        return Err(TierFileError::NoTiers(rules.name().to_owned()));
    }
    std::fs::create_dir_all(dir).map_err(|error| TierFileError::Dir {
        path: dir.to_owned(),
        doing: "make it",
        error,
    })?;
    let placing = Placing::new(rules, root.clone());
    if placing.ranked {
        placing.slots(rules.tier(root).unwrap_or(0))?;
    }
    let identity = Identity {
        game: rules.name().to_owned(),
        parameters: rules.parameters(),
        root: rules.show_position(root),
    };
    Ok((placing, identity))
}

/// A database of tier files, read as questions need them: any position of it
/// answered from the files alone.
pub struct Database<'r, R: Ruleset + ?Sized> {
    placing: Placing<'r, R>,
    dir: PathBuf,
    files: BTreeMap<u32, Held>,
}

/// A tier file a database opened: a ranked one read a block at a time, a listed one
/// read whole.
enum Held {
    Ranked(RankedFile),
    Whole(TierFile),
}

impl Held {
    fn identity(&self) -> &Identity {
        match self {
            Held::Ranked(f) => &f.identity,
            Held::Whole(f) => &f.identity,
        }
    }

    /// Tier, layout, players and slots, as the header says.
    fn shape(&self) -> (u32, Layout, u8, u64) {
        match self {
            Held::Ranked(f) => (f.tier, Layout::Ranked, f.players, f.count),
            Held::Whole(f) => (f.tier, f.layout, f.players, f.count()),
        }
    }
}

impl<'r, R: Ruleset + ?Sized> Database<'r, R> {
    /// The database in `dir`, for positions shaped like `like`.
    pub fn open(rules: &'r R, dir: &Path, like: &R::Position) -> Result<Self, TierFileError> {
        if !dir.is_dir() {
            return Err(TierFileError::Dir {
                path: dir.to_owned(),
                doing: "open it as a database",
                error: io::Error::new(io::ErrorKind::NotFound, "not a directory"),
            });
        }
        Ok(Database {
            placing: Placing::new(rules, like.clone()),
            dir: dir.to_owned(),
            files: BTreeMap::new(),
        })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// How many tier files were read so far.
    pub fn files_read(&self) -> usize {
        self.files.len()
    }

    /// The file of `tier`, opened and checked on first use: a ranked file's header
    /// and text (each question then reads and checks one block), a listed file
    /// whole.
    fn file(&mut self, tier: u32) -> Result<&Held, TierFileError> {
        if !self.files.contains_key(&tier) {
            let path = tier_path(&self.dir, tier);
            if !path.exists() {
                return Err(TierFileError::NoTier { path, tier });
            }
            let file = match RankedFile::open(&path)? {
                Some(ranked) => Held::Ranked(ranked),
                None => Held::Whole(TierFile::read(&path)?),
            };
            let rules = self.placing.rules;
            let expected = format!("{} ({})", rules.name(), rules.parameters());
            let identity = file.identity();
            let found = format!("{} ({})", identity.game, identity.parameters);
            if found != expected {
                return Err(TierFileError::Foreign {
                    path,
                    found,
                    expected,
                });
            }
            let layout = self.placing.layout();
            let (file_tier, file_layout, file_players, count) = file.shape();
            let count_ok = !self.placing.ranked || self.placing.slots(tier).ok() == Some(count);
            if file_tier != tier
                || file_layout != layout
                || file_players != self.placing.players
                || !count_ok
            {
                return Err(TierFileError::Foreign {
                    path,
                    found: format!(
                        "tier {file_tier}, {file_layout:?}, {count} slots, from {}",
                        identity.root
                    ),
                    expected: format!(
                        "tier {tier}, {layout:?}, of the shape of {}",
                        rules.show_position(&self.placing.like)
                    ),
                });
            }
            self.files.insert(tier, file);
        }
        Ok(&self.files[&tier])
    }

    /// The result of `pos` with `to_move` to move and its remoteness (`None` for a
    /// draw), from its tier's file.
    pub fn get(
        &mut self,
        pos: &R::Position,
        to_move: Player,
    ) -> Result<(GameResult, Option<u32>), TierFileError> {
        let rules = self.placing.rules;
        let tier = rules
            .tier(pos)
            .ok_or_else(|| TierFileError::NoTiers(rules.name().to_owned()))?;
        let player = key_player(rules.kind(), to_move);
        self.file(tier)?;
        let place = self.placing.place(pos, player);
        let file = self.files.get_mut(&tier).expect("opened above");
        let found = match file {
            Held::Ranked(f) => match place {
                Some(Place::Slot(slot)) => f.slot(slot)?,
                _ => None,
            },
            Held::Whole(f) => self.placing.lookup(f, pos, player),
        };
        match found {
            Some(p) => {
                let (r, m) = unpack(p);
                Ok(answer(r, m))
            }
            None => Err(TierFileError::Missing {
                position: rules.show_position(pos),
                root: file.identity().root.clone(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> Identity {
        Identity {
            game: "g".into(),
            parameters: String::new(),
            root: "r".into(),
        }
    }

    #[test]
    fn a_file_reads_back_and_any_change_is_refused() {
        let results = [8 | 1, NOT_REACHED, (3 << 3) | 2];
        let bytes = TierFile::encode(&identity(), 7, Layout::Ranked, 1, &results, None);
        let p = Path::new("t");
        let f = TierFile::parse(p, &bytes).unwrap();
        assert_eq!((f.tier, f.count(), f.reached), (7, 3, 2));
        assert_eq!(f.slot(0), Some(9));
        assert_eq!(f.slot(1), None);
        assert_eq!(f.slot(9), None);
        for cut in [0, 10, HEADER_BYTES, bytes.len() - 1] {
            let err = TierFile::parse(p, &bytes[..cut]).unwrap_err().to_string();
            assert!(err.contains("truncated"), "{cut}: {err}");
        }
        for at in [0, 9, 13, 30, HEADER_BYTES + 2, bytes.len() - 2] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(TierFile::parse(p, &bad).is_err(), "byte {at}");
        }
        let mut bad = bytes.clone();
        bad[bytes.len() - 3] ^= 1;
        let err = TierFile::parse(p, &bad).unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");
    }

    #[test]
    fn a_ranked_file_written_a_piece_at_a_time_is_the_file_encoded_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t");
        // More results than one piece of the writer (2^20) and of the reader.
        let results: Vec<u32> = (0..(1u32 << 20) + 77)
            .map(|i| {
                if i % 5 == 0 {
                    NOT_REACHED
                } else {
                    ((i % 40) << 3) | (1 + i % 3)
                }
            })
            .collect();
        let written = write_ranked(&path, &identity(), 4, 2, &results).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let whole = TierFile::encode(&identity(), 4, Layout::Ranked, 2, &results, None);
        assert_eq!(written, whole.len() as u64);
        assert!(bytes == whole, "the same bytes");
        let f = TierFile::read(&path).unwrap();
        assert_eq!((f.tier, f.players, f.count()), (4, 2, results.len() as u64));
        assert!(f.results == results);
        // Opened for questions: one block read, checked by its own checksum.
        let mut q = RankedFile::open(&path).unwrap().expect("a ranked file");
        for slot in [0, 5, 77_777, results.len() as u64 - 1] {
            let r = results[slot as usize];
            assert_eq!(q.slot(slot).unwrap(), (r != NOT_REACHED).then_some(r));
        }
        assert_eq!(q.slot(results.len() as u64).unwrap(), None);
        drop(q);
        // A damaged result: the whole file's checksum and its block's refuse it, the
        // other blocks still answer.
        let mut bad = bytes.clone();
        let text = bytes.len() - 4 * results.len() - 8 * 17 - HEADER_BYTES;
        let at = HEADER_BYTES + text + 4 * (3 * BLOCK_SLOTS as usize + 9);
        bad[at] ^= 2;
        std::fs::write(&path, &bad).unwrap();
        let err = TierFile::read(&path).unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");
        let mut q = RankedFile::open(&path).unwrap().unwrap();
        let err = q.slot(3 * BLOCK_SLOTS + 100).unwrap_err().to_string();
        assert!(err.contains("block 3") && err.contains("checksum"), "{err}");
        assert!(q.slot(2 * BLOCK_SLOTS + 100).is_ok());
        drop(q);
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        let err = TierFile::read(&path).unwrap_err().to_string();
        assert!(err.contains("truncated"), "{err}");
    }

    #[test]
    fn listed_files_find_their_keys() {
        let keys = vec![b"La".to_vec(), b"Lbc".to_vec(), b"Rz".to_vec()];
        let bytes = TierFile::encode(&identity(), 2, Layout::Listed, 2, &[9, 10, 12], Some(&keys));
        let f = TierFile::parse(Path::new("t"), &bytes).unwrap();
        assert_eq!(f.keyed(b"Lbc"), Some(10));
        assert_eq!(f.keyed(b"Rz"), Some(12));
        assert_eq!(f.keyed(b"Lb"), None);
        let err = TierFile::parse(Path::new("t"), &bytes[..bytes.len() - 1]).unwrap_err();
        assert!(err.to_string().contains("truncated"), "{err}");
    }
}
