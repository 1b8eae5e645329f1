//! Checkpoints: the values of a long computation saved as it goes, so that it can
//! be stopped and resumed with the same results (`grundy sequence --checkpoint FILE`).
//!
//! # Format (version 1)
//!
//! A gzip stream: a text header, an empty line, and the values, as in a
//! [certificate](super::certificate):
//!
//! ```text
//! grundy-checkpoint 1
//! game: octal 0.1777
//! values: 1048576
//!
//! <1048576 values, each an unsigned LEB128 varint>
//! ```
//!
//! `game` is the sequence's title ([`SequenceSpec::title`](super::SequenceSpec)), so
//! that a checkpoint is never resumed for another game. The values are the game's,
//! whichever method computed them. A checkpoint is the user's own file and is taken
//! as it is (gzip's checksum catches a damaged one); a proof that must not rest on
//! it is written with `--certificate` and checked from scratch by `grundy sequence
//! check`.
//!
//! [`Checkpoint::save`] writes a temporary file beside the target and renames it
//! over the target, so that a run stopped while saving leaves the previous
//! checkpoint whole; it never writes through a symbolic link or over anything but a
//! regular file. Values read back are checked against their heaps
//! ([`Checkpoint::check_values`]) before a computation takes them in.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use crate::files::{self, FileError};

use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;

use super::certificate::{read_varints, write_varints, FormatError};
use super::check::Rules;
use super::MAX_VALUES;

/// The first line of every checkpoint.
pub const MAGIC: &str = "grundy-checkpoint 1";

/// A game and the values computed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The sequence's title, e.g. `octal 0.1777`.
    pub game: String,
    /// G(0), ..., G(L − 1).
    pub values: Vec<u32>,
}

/// Why a checkpoint could not be read or used.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading failed (including a broken gzip stream).
    #[error("cannot read the checkpoint (is it a checkpoint written by grundy sequence?): {0}")]
    Io(#[from] io::Error),
    /// The file cannot be opened, or is not a regular file.
    #[error(transparent)]
    File(#[from] FileError),
    /// A header line is not what was expected.
    #[error("line {line}: expected {expected}, found {found:?}")]
    Header {
        /// The line number, from 1.
        line: usize,
        /// What should be there.
        expected: String,
        /// What is there.
        found: String,
    },
    /// The values are damaged.
    #[error(transparent)]
    Values(#[from] FormatError),
    /// A value is larger than its heap's options allow (the mex of m values is at
    /// most m): the checkpoint is damaged.
    #[error(
        "G({heap}) = {value} is saved, but heap {heap} has only {options} options: the \
         checkpoint is damaged (delete it to start afresh)"
    )]
    ValueTooLarge {
        /// The heap.
        heap: usize,
        /// The value saved for it.
        value: u32,
        /// How many options the heap has.
        options: u128,
    },
    /// The checkpoint is another game's.
    #[error("the checkpoint is of {found}, not of {expected}")]
    OtherGame {
        /// The game being computed.
        expected: String,
        /// The game of the checkpoint.
        found: String,
    },
}

impl Checkpoint {
    /// Writes the checkpoint, gzip-compressed.
    pub fn write(game: &str, values: &[u32], out: impl Write) -> io::Result<()> {
        let mut gz = GzEncoder::new(io::BufWriter::new(out), Compression::fast());
        writeln!(gz, "{MAGIC}")?;
        writeln!(gz, "game: {game}")?;
        writeln!(gz, "values: {}", values.len())?;
        writeln!(gz)?;
        write_varints(&mut gz, values)?;
        gz.finish()?.flush()
    }

    /// Saves `values` of `game` to `path` through [`files::write_atomically`]: a
    /// temporary created exclusively beside it, renamed over it once whole.
    pub fn save(game: &str, values: &[u32], path: &Path) -> Result<(), FileError> {
        files::write_atomically(path, |file| Checkpoint::write(game, values, file))
    }

    /// Reads a checkpoint.
    pub fn read(input: impl Read) -> Result<Checkpoint, CheckpointError> {
        let mut r = BufReader::new(MultiGzDecoder::new(input));
        let mut line = |number: usize, key: Option<&str>| -> Result<String, CheckpointError> {
            let mut bytes = Vec::new();
            r.by_ref().take(4096).read_until(b'\n', &mut bytes)?;
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let header = |expected: String| CheckpointError::Header {
                line: number,
                expected,
                found: text.clone(),
            };
            match key {
                None => Ok(text),
                Some(key) => text
                    .strip_prefix(key)
                    .and_then(|t| t.strip_prefix(": "))
                    .map(str::to_owned)
                    .ok_or_else(|| header(format!("\"{key}: ...\""))),
            }
        };
        let first = line(1, None)?;
        if first != MAGIC {
            return Err(CheckpointError::Header {
                line: 1,
                expected: format!("{MAGIC:?}"),
                found: first,
            });
        }
        let game = line(2, Some("game"))?;
        let count_text = line(3, Some("values"))?;
        let count = count_text
            .parse::<u64>()
            .ok()
            .filter(|&c| c <= MAX_VALUES as u64)
            .ok_or_else(|| CheckpointError::Header {
                line: 3,
                expected: format!("a whole number of values, at most {MAX_VALUES}"),
                found: count_text.clone(),
            })?;
        let blank = line(4, None)?;
        if !blank.is_empty() {
            return Err(CheckpointError::Header {
                line: 4,
                expected: "an empty line".to_owned(),
                found: blank,
            });
        }
        let values = read_varints(r, count)?;
        Ok(Checkpoint { game, values })
    }

    /// Checks every value against its heap as it will be taken in: G(n) is at most
    /// the number of options of heap n (`rules`, the game as the certificate checker
    /// reads it), or, for a game the checker does not read, at most n (heap games
    /// whose heap n has at most n options, as Grundy's game). A damaged value is
    /// found here, before any table is sized by it.
    pub fn check_values(&self, rules: Option<&Rules>) -> Result<(), CheckpointError> {
        for (heap, &value) in self.values.iter().enumerate() {
            let options = rules.map_or(heap as u128, |r| r.option_count(heap));
            if u128::from(value) > options {
                return Err(CheckpointError::ValueTooLarge {
                    heap,
                    value,
                    options,
                });
            }
        }
        Ok(())
    }

    /// Reads the checkpoint at `path` if there is one (`None` when the file does not
    /// exist), refusing one of another game than `game`.
    pub fn resume(path: &Path, game: &str) -> Result<Option<Checkpoint>, CheckpointError> {
        let file = match files::open_regular(path) {
            Ok(file) => file,
            Err(FileError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {
                return Ok(None)
            }
            Err(e) => return Err(e.into()),
        };
        let checkpoint = Checkpoint::read(file)?;
        if checkpoint.game != game {
            return Err(CheckpointError::OtherGame {
                expected: game.to_owned(),
                found: checkpoint.game,
            });
        }
        Ok(Some(checkpoint))
    }
}

/// A checkpoint kept up to date while a sequence is computed: the values saved at
/// most every `every` and at the end, never fewer than the file held (a run asked for
/// fewer values leaves it as it was). The first failure to save is kept, the saving
/// stops, and [`finish`](Saving::finish) reports it, so the computation runs on.
#[derive(Debug)]
pub struct Saving<'a> {
    path: &'a Path,
    game: &'a str,
    held: usize,
    every: std::time::Duration,
    last: std::time::Instant,
    failed: Option<FileError>,
}

impl<'a> Saving<'a> {
    /// Saving the values of `game` to `path`, which holds `held` values now.
    pub fn new(path: &'a Path, game: &'a str, held: usize, every: std::time::Duration) -> Self {
        Saving {
            path,
            game,
            held,
            every,
            last: std::time::Instant::now(),
            failed: None,
        }
    }

    /// Saves `values` (all the values so far) if they are more than the file holds
    /// and `every` has passed since the last save, or `done` is set.
    pub fn save(&mut self, values: &[u32], done: bool) {
        if self.failed.is_some()
            || values.len() <= self.held
            || !(done || self.last.elapsed() >= self.every)
        {
            return;
        }
        self.held = values.len();
        if let Err(e) = Checkpoint::save(self.game, values, self.path) {
            self.failed = Some(e);
        }
        self.last = std::time::Instant::now();
    }

    /// The first failure to save, if any.
    pub fn finish(self) -> Result<(), FileError> {
        self.failed.map_or(Ok(()), Err)
    }
}

/// Why a checkpointed computation failed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The checkpoint file could not be read, or holds impossible values.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The computation itself refused (a method, a bound).
    #[error(transparent)]
    Sequence(#[from] super::SequenceError),
    /// A period proven from resumed values fails the independent check: the
    /// checkpoint is damaged.
    #[error(
        "the values resumed from the checkpoint fail the independent check ({0}); the \
         checkpoint is damaged: delete it to start afresh"
    )]
    Damaged(super::certificate::CheckError),
}

/// A sequence computed from where a checkpoint file left it, the file kept up to
/// date as the work goes ([`Saving`], at most every `every`).
pub struct Resumed {
    /// The sequence, as a computation from scratch gives it.
    pub sequence: super::Sequence,
    /// How many values came from the checkpoint.
    pub resumed: usize,
    /// Whether the last save failed (the values are still good).
    pub saved: Result<(), FileError>,
}

/// Computes `spec`'s sequence by `method` within `options`, resuming from the
/// checkpoint at `path` (when it exists and is for this game) and saving to it.
/// The resumed values are checked as read (each within its heap's option count),
/// and a period proven from them is reported only if the independent checker
/// accepts it from the definition. `resuming` is told how many values were resumed
/// before the work starts.
pub fn compute_checkpointed(
    spec: &super::SequenceSpec<'_>,
    method: super::Method,
    options: &super::Options,
    path: &Path,
    every: std::time::Duration,
    resuming: &mut dyn FnMut(usize),
    progress: &mut dyn FnMut(super::Progress),
) -> Result<Resumed, ResumeError> {
    let rules = spec.certificate.as_ref().map(|game| game.rules.clone());
    let known = match Checkpoint::resume(path, &spec.title)? {
        Some(c) => {
            c.check_values(rules.as_ref())?;
            resuming(c.values.len());
            c.values
        }
        None => Vec::new(),
    };
    let resumed = known.len();
    let mut saving = Saving::new(path, &spec.title, resumed, every);
    let mut save = |values: &[u32], done: bool| saving.save(values, done);
    let resume = super::Resume {
        known,
        save: Some(&mut save),
    };
    let sequence = spec.compute_resumable(method, options, progress, resume)?;
    let saved = saving.finish();
    if let (Some(period), Some(game), true) = (sequence.period, &spec.certificate, resumed > 0) {
        super::certificate::certify(game, &sequence.values, period)
            .map_err(ResumeError::Damaged)?;
    }
    Ok(Resumed {
        sequence,
        resumed,
        saved,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(game: &str, values: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        Checkpoint::write(game, values, &mut out).unwrap();
        Checkpoint::read(&out[..]).unwrap().values
    }

    #[test]
    fn saving_never_holds_fewer_values_and_waits_its_interval() {
        let dir = std::env::temp_dir().join(format!("grundy-saving-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c");
        let hour = std::time::Duration::from_secs(3600);
        let mut saving = Saving::new(&path, "octal 0.77", 0, hour);
        saving.save(&[0, 1, 1], false);
        assert!(!path.exists(), "saved before its interval");
        saving.save(&[0, 1, 1, 2], true);
        assert_eq!(
            Checkpoint::resume(&path, "octal 0.77")
                .unwrap()
                .unwrap()
                .values
                .len(),
            4
        );
        // A later run that holds the four values and computes two: nothing written.
        let mut again = Saving::new(&path, "octal 0.77", 4, hour);
        again.save(&[0, 1], true);
        assert!(again.finish().is_ok());
        assert_eq!(
            Checkpoint::resume(&path, "octal 0.77")
                .unwrap()
                .unwrap()
                .values
                .len(),
            4
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn round_trips_and_refuses_damage() {
        let values: Vec<u32> = (0..5000).map(|n| (n * 7919 % 1000) as u32).collect();
        assert_eq!(bytes("octal 0.77", &values), values);
        assert_eq!(bytes("octal 0.77", &[]), Vec::<u32>::new());
        let mut out = Vec::new();
        Checkpoint::write("octal 0.77", &values, &mut out).unwrap();
        let cut = &out[..out.len() / 2];
        assert!(Checkpoint::read(cut).is_err());
        assert!(Checkpoint::read(&b"not gzip"[..]).is_err());
        let mut certificate = Vec::new();
        crate::sequence::certificate::Certificate {
            game: "octal 0.77".to_owned(),
            period: crate::sequence::Period {
                preperiod: 0,
                period: 1,
            },
            values: vec![0],
        }
        .write(&mut certificate)
        .unwrap();
        let err = Checkpoint::read(&certificate[..]).unwrap_err();
        assert!(err.to_string().starts_with("line 1: expected"), "{err}");
    }

    #[test]
    fn saves_over_the_previous_file_and_names_the_game() {
        let dir = std::env::temp_dir().join(format!("grundy-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.ckpt");
        assert!(Checkpoint::resume(&path, "octal 0.77").unwrap().is_none());
        Checkpoint::save("octal 0.77", &[0, 1, 2], &path).unwrap();
        Checkpoint::save("octal 0.77", &[0, 1, 2, 3], &path).unwrap();
        let got = Checkpoint::resume(&path, "octal 0.77").unwrap().unwrap();
        assert_eq!(got.values, [0, 1, 2, 3]);
        let err = Checkpoint::resume(&path, "octal 0.6").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the checkpoint is of octal 0.77, not of octal 0.6"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
