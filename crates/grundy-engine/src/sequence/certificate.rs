//! Certificates: what a proven period rests on, in a file anyone can check.
//!
//! A certificate holds the game, the claimed preperiod and period, and the values
//! G(0), ..., G(L − 1) the proof needs. [`check()`] re-verifies it from scratch with
//! the independent checker ([`check`](mod@super::check)): every value against the
//! game's definition (the mex of its options, each computed from the certificate's
//! own earlier values, so by induction all values are right), then the
//! periodicity theorem's conditions on them. Like a SAT proof checker it trusts
//! nothing the computation that wrote the file did.
//!
//! # Format (version 1)
//!
//! A gzip stream whose content is a text header, an empty line, and the values:
//!
//! ```text
//! grundy-certificate 1
//! game: octal 0.77
//! preperiod: 71
//! period: 12
//! values: 167
//!
//! <167 values, each an unsigned LEB128 varint: 7 bits a byte, low bits first>
//! ```
//!
//! `game` is `octal CODE` (hexadecimal codes too) or `subtraction SET` (as
//! `grundy sequence` takes them);
//! `values` is L, the count of values that follow. Lines are ASCII and end with
//! `\n`. `zcat FILE | head -5` shows the header.
//!
//! # Cost of a check
//!
//! The period conditions cost O(L). The values cost what computing them costs:
//! O(|S|) per value for a subtraction game; for an octal game the sparse-space
//! verification of [`check::verify_split_values`] lists the pairs with a rare heap
//! (O(rare) per value) and searches pairs of common heaps for each smaller value,
//! stopping at the first hit, in parallel over heaps (the certificate gives every
//! value at once). Where no mask makes heaps rare, that is O(n) per value, as for
//! the definition. A hexadecimal game's splits into three cost O(n · v) per value
//! with a table of the two-heap split values (v: how many distinct values such a
//! split has; the table takes n · 2^b bits for values below 2^b, at most 1 GiB),
//! or O(n²) per value without it. Memory never exceeds the table, the values and,
//! per thread, the claimed value of the heap being checked, which is refused at
//! once when it exceeds the number of options of its heap.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;

use super::check::{self, Rules, Violation};
use super::period::Period;

/// The first line of every certificate.
pub const MAGIC: &str = "grundy-certificate 1";

/// The most values a certificate may hold: as many as `grundy sequence` computes
/// ([`sequence::MAX_VALUES`](super::MAX_VALUES)).
pub const MAX_VALUES: u64 = super::MAX_VALUES as u64;

/// A game, its claimed period, and the values its proof rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The game as `grundy sequence` names it: `octal CODE` or `subtraction SET`.
    pub game: String,
    /// The claimed preperiod and period.
    pub period: Period,
    /// G(0), ..., G(L − 1).
    pub values: Vec<u32>,
}

/// A file that is not a well-formed certificate.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// Reading failed (including a broken gzip stream).
    #[error(
        "cannot read the certificate (is it a gzip certificate written by grundy sequence?): {0}"
    )]
    Io(#[from] io::Error),
    /// The file cannot be opened, or is not a regular file.
    #[error(transparent)]
    File(#[from] crate::files::FileError),
    /// The gzip stream's own check failed at its end: its checksum or length does not
    /// match the bytes read.
    #[error("the file is damaged: its gzip checksum does not match ({0})")]
    Damaged(io::Error),
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
    /// The values end early, or more bytes follow them.
    #[error("value {index}: {problem}")]
    Values {
        /// The index of the value (n of G(n)).
        index: u64,
        /// What is wrong.
        problem: &'static str,
    },
}

/// What checking a certificate found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The game line names no game the checker knows.
    #[error("game {0:?}: {1}")]
    Game(String, String),
    /// A condition of the proof fails.
    #[error(transparent)]
    Violation(#[from] Violation),
}

impl Certificate {
    /// Writes the certificate, gzip-compressed.
    pub fn write(&self, out: impl Write) -> io::Result<()> {
        let mut gz = GzEncoder::new(io::BufWriter::new(out), Compression::default());
        writeln!(gz, "{MAGIC}")?;
        writeln!(gz, "game: {}", self.game)?;
        writeln!(gz, "preperiod: {}", self.period.preperiod)?;
        writeln!(gz, "period: {}", self.period.period)?;
        writeln!(gz, "values: {}", self.values.len())?;
        writeln!(gz)?;
        write_varints(&mut gz, &self.values)?;
        gz.finish()?.flush()
    }

    /// Writes the certificate to a file, through [`files::write_atomically`](crate::files::write_atomically).
    pub fn save(&self, path: &Path) -> Result<(), crate::files::FileError> {
        crate::files::write_atomically(path, |file| self.write(file))
    }

    /// Reads a certificate (gzip-compressed, as [`Certificate::write`] writes it).
    pub fn read(input: impl Read) -> Result<Certificate, FormatError> {
        let mut r = BufReader::new(MultiGzDecoder::new(input));
        let mut line_no = 0;
        let mut next_line = |r: &mut BufReader<_>| -> Result<String, FormatError> {
            line_no += 1;
            let mut line = Vec::new();
            r.by_ref().take(4096).read_until(b'\n', &mut line)?;
            if line.last() == Some(&b'\n') {
                line.pop();
            }
            Ok(String::from_utf8_lossy(&line).into_owned())
        };
        let header = |line: usize, expected: &str, found: &str| FormatError::Header {
            line,
            expected: expected.to_owned(),
            found: found.to_owned(),
        };
        let first = next_line(&mut r)?;
        if first != MAGIC {
            return Err(header(1, &format!("{MAGIC:?}"), &first));
        }
        let mut field = |r: &mut BufReader<_>, key: &str, line: usize| {
            let text = next_line(r)?;
            match text.strip_prefix(key).and_then(|t| t.strip_prefix(": ")) {
                Some(v) => Ok(v.to_owned()),
                None => Err(header(line, &format!("\"{key}: ...\""), &text)),
            }
        };
        let game = field(&mut r, "game", 2)?;
        let number = |text: String, line: usize| {
            text.parse::<u64>()
                .map_err(|_| header(line, "a whole number", &text))
        };
        let preperiod = number(field(&mut r, "preperiod", 3)?, 3)?;
        let period = number(field(&mut r, "period", 4)?, 4)?;
        let count = number(field(&mut r, "values", 5)?, 5)?;
        if count > MAX_VALUES {
            return Err(header(
                5,
                &format!("at most {MAX_VALUES} values"),
                &count.to_string(),
            ));
        }
        let blank = next_line(&mut r)?;
        if !blank.is_empty() {
            return Err(header(6, "an empty line", &blank));
        }
        // A period is proven by values past its preperiod and one period: both lie
        // within the values given.
        if preperiod > count {
            return Err(header(
                3,
                &format!("a preperiod of at most the {count} values given"),
                &preperiod.to_string(),
            ));
        }
        if period == 0 || period > count {
            return Err(header(
                4,
                &format!("a period from 1 to the {count} values given"),
                &period.to_string(),
            ));
        }
        let period = Period {
            // Both at most MAX_VALUES (2^29), so within usize.
            preperiod: preperiod as usize,
            period: period as usize,
        };
        let values = read_varints(r, count)?;
        Ok(Certificate {
            game,
            period,
            values,
        })
    }

    /// Reads a certificate from a file.
    pub fn load(path: &Path) -> Result<Certificate, FormatError> {
        Certificate::read(crate::files::open_regular(path)?)
    }
}

/// Writes `values`, each an unsigned LEB128 varint.
pub(crate) fn write_varints(out: &mut impl Write, values: &[u32]) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in values.chunks(1 << 14) {
        buf.clear();
        for &v in chunk {
            let mut v = v;
            while v >= 0x80 {
                buf.push((v as u8 & 0x7f) | 0x80);
                v >>= 7;
            }
            buf.push(v as u8);
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

/// Reads exactly `count` varints written by [`write_varints`], to the end of `r`.
pub(crate) fn read_varints(r: impl Read, count: u64) -> Result<Vec<u32>, FormatError> {
    {
        let mut values = Vec::with_capacity(count.min(1 << 20) as usize);
        let mut bytes = BufReader::new(r).bytes();
        for index in 0..count {
            let mut v: u64 = 0;
            let mut shift = 0;
            loop {
                let b = match bytes.next() {
                    Some(b) => b?,
                    None => {
                        return Err(FormatError::Values {
                            index,
                            problem: "the file ends before it",
                        })
                    }
                };
                v |= u64::from(b & 0x7f) << shift;
                if b & 0x80 == 0 {
                    break;
                }
                shift += 7;
                if shift > 28 {
                    return Err(FormatError::Values {
                        index,
                        problem: "longer than a 32-bit varint",
                    });
                }
            }
            let v = u32::try_from(v).map_err(|_| FormatError::Values {
                index,
                problem: "above 2^32 - 1",
            })?;
            if values.len() == values.capacity() && values.try_reserve(values.len()).is_err() {
                return Err(FormatError::Values {
                    index,
                    problem: "not enough memory to hold the values up to it",
                });
            }
            values.push(v);
        }
        match bytes.next() {
            None => {}
            // The gzip stream's own check (its CRC and length), read at its end.
            Some(Err(e)) => return Err(FormatError::Damaged(e)),
            Some(Ok(_)) => {
                return Err(FormatError::Values {
                    index: count,
                    problem: "bytes follow the last value",
                })
            }
        }
        Ok(values)
    }
}

/// A game as a certificate names it (its `game` line, e.g. `octal 0.77`), with the
/// rules by which the checker values it from the definition. The game gives both
/// ([`SequenceSpec::certificate`](super::SequenceSpec::certificate)); a certificate
/// read from a file is matched to its game by name through the
/// `grundy_games::registry::certified_game`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertifiedGame {
    /// The `game` line.
    pub name: String,
    /// The game's rules as the checker reads them.
    pub rules: Rules,
}

/// The certificate of `period` for `game` from `values`: the values its proof needs
/// (all of `values` when they are fewer, and the check says so), checked from
/// scratch by [`check()`] before it is handed out.
pub fn certify(
    game: &CertifiedGame,
    values: &[u32],
    period: Period,
) -> Result<Certificate, CheckError> {
    let needed = game
        .rules
        .proof_rule()
        .needed(period.preperiod, period.period);
    let cert = Certificate {
        game: game.name.clone(),
        period,
        values: values[..needed.min(values.len())].to_vec(),
    };
    check(&cert, &game.rules)?;
    Ok(cert)
}

/// Checks a certificate from scratch against `rules`, its game's rules: every value
/// by the game's definition, then the claimed period by the theorem (see the module
/// documentation). The error names the first condition that fails.
pub fn check(cert: &Certificate, rules: &Rules) -> Result<(), CheckError> {
    match rules {
        Rules::TakeAndBreak(digits) => check::verify_split_values(digits, &cert.values)?,
        Rules::Subtract(_) => check::verify_by_definition(rules, &cert.values)?,
    }
    check::check_period(&cert.values, rules.proof_rule(), cert.period)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles_rules() -> Rules {
        Rules::TakeAndBreak(vec![0, 7, 7])
    }

    fn kayles() -> Certificate {
        let values = check::Definition::values(Rules::TakeAndBreak(vec![0, 7, 7]), 167);
        Certificate {
            game: "octal 0.77".to_owned(),
            period: Period {
                preperiod: 71,
                period: 12,
            },
            values,
        }
    }

    fn round_trip(cert: &Certificate) -> Vec<u8> {
        let mut bytes = Vec::new();
        cert.write(&mut bytes).unwrap();
        assert_eq!(&Certificate::read(&bytes[..]).unwrap(), cert);
        bytes
    }

    #[test]
    fn a_true_certificate_checks_and_round_trips() {
        let cert = kayles();
        round_trip(&cert);
        assert_eq!(check(&cert, &kayles_rules()), Ok(()));
        // Values of every varint length (the period within them, as the reader
        // requires).
        let big = Certificate {
            values: vec![0, 127, 128, 300, u32::MAX],
            period: Period {
                preperiod: 1,
                period: 4,
            },
            ..kayles()
        };
        round_trip(&big);
    }

    #[test]
    fn each_kind_of_wrong_certificate_is_rejected() {
        let mut cert = kayles();
        cert.values[20] ^= 1;
        let e = check(&cert, &kayles_rules()).unwrap_err();
        assert!(e.to_string().starts_with("G(20) = "), "{e}");
        let mut cert = kayles();
        cert.period.period = 24;
        assert!(matches!(
            check(&cert, &kayles_rules()),
            Err(CheckError::Violation(Violation::TooFewValues { .. }))
        ));
        let mut cert = kayles();
        cert.values.truncate(166);
        assert!(check(&cert, &kayles_rules()).is_err());
        // Checked against the rules of another game (Dawson's Kayles, 0.07).
        assert!(check(&kayles(), &Rules::TakeAndBreak(vec![0, 0, 7])).is_err());
        // A value above its heap's option count is refused before the check makes
        // room for it (a claim of 4·10^9 once took 4 GB).
        let mut cert = kayles();
        cert.values[12] = 4_000_000_000;
        assert_eq!(
            check(&cert, &kayles_rules()).unwrap_err().to_string(),
            "G(12) = 4000000000 is claimed, but heap 12 has only 12 options"
        );
    }

    #[test]
    fn malformed_files_say_where() {
        let bytes = round_trip(&kayles());
        // Cut the gzip stream short.
        let e = Certificate::read(&bytes[..bytes.len() / 2]).unwrap_err();
        assert!(
            matches!(e, FormatError::Io(_) | FormatError::Values { .. }),
            "{e}"
        );
        let plain = |text: &[u8]| {
            let mut gz = GzEncoder::new(Vec::new(), Compression::default());
            gz.write_all(text).unwrap();
            Certificate::read(&gz.finish().unwrap()[..])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            plain(b"grundy-certificate 2\n"),
            "line 1: expected \"grundy-certificate 1\", found \"grundy-certificate 2\""
        );
        assert_eq!(
            plain(b"grundy-certificate 1\ngame: octal 0.7\npreperiod: x\n"),
            "line 3: expected a whole number, found \"x\""
        );
        assert_eq!(
            plain(b"grundy-certificate 1\ngame: octal 0.7\npreperiod: 0\nperiod: 1\nvalues: 3\n\n\x00\x01"),
            "value 2: the file ends before it"
        );
        assert_eq!(
            plain(b"grundy-certificate 1\ngame: octal 0.7\npreperiod: 0\nperiod: 1\nvalues: 1\n\n\x00\x01"),
            "value 1: bytes follow the last value"
        );
        assert!(Certificate::read(&b"not gzip"[..]).is_err());
    }
}
