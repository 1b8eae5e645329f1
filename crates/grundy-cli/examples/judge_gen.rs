//! Generates large judge inputs for `bench/judge.sh`, far past the contest limits.
//!
//! `cargo run --release --example judge_gen -- PROBLEM FILE` writes about 200 MB of
//! input for PROBLEM (adapwns, tabgame, abgame, legowarz) to FILE, from a fixed seed:
//! - adapwns: 20 000 boards of 10^4 squares;
//! - tabgame: 12 test cases with N = M = Q = 10^6;
//! - abgame: 200 rows of 10^6 cells;
//! - legowarz: 10^7 buildings, numbers of 1 to 20 digits up to 2^64 − 1.
//!
//! Every string draws its own density (of pawns, of letters) uniformly, so the input
//! mixes sparse, dense and balanced rows.

use std::fs::File;
use std::io::{self, BufWriter, Write};

/// SplitMix64: small, fast and deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in 1..=n.
    fn upto(&mut self, n: u64) -> u64 {
        1 + self.next() % n
    }

    /// A string of `len` bytes: `sparse` with probability 1 − density, else one of
    /// `dense` uniformly.
    fn string(&mut self, len: usize, sparse: u8, dense: &[u8], out: &mut Vec<u8>) {
        let density = self.next() >> 11; // 53 random bits: a density in [0, 1)
        for _ in 0..len {
            let r = self.next();
            out.push(if (r >> 11) < density {
                dense[(r as usize) % dense.len()]
            } else {
                sparse
            });
        }
    }
}

fn generate(problem: &str, out: &mut impl Write) -> io::Result<()> {
    let mut rng = Rng(0x6772_756e_6479); // "grundy"
    let mut line = Vec::new();
    match problem {
        "adapwns" | "abgame" => {
            let (t, n, dense): (usize, usize, &[u8]) = if problem == "adapwns" {
                (20_000, 10_000, b"P")
            } else {
                (200, 1_000_000, b"AB")
            };
            writeln!(out, "{t}")?;
            for _ in 0..t {
                line.clear();
                rng.string(n, b'.', dense, &mut line);
                line.push(b'\n');
                out.write_all(&line)?;
            }
        }
        "tabgame" => {
            let (t, n) = (12, 1_000_000u64);
            writeln!(out, "{t}")?;
            for _ in 0..t {
                for _ in 0..2 {
                    line.clear();
                    rng.string(n as usize, b'0', b"1", &mut line);
                    line.push(b'\n');
                    out.write_all(&line)?;
                }
                writeln!(out, "{n}")?;
                for _ in 0..n {
                    writeln!(out, "{} {}", rng.upto(n), rng.upto(n))?;
                }
            }
        }
        "legowarz" => {
            let n = 10_000_000;
            writeln!(out, "{n}")?;
            let number = |rng: &mut Rng| {
                let digits = rng.upto(20) as u32;
                let v = rng.next();
                if digits == 20 {
                    v
                } else {
                    v % 10u64.pow(digits)
                }
            };
            for _ in 0..n {
                let (h, c) = (number(&mut rng), number(&mut rng));
                writeln!(out, "{h} {c}")?;
            }
        }
        other => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("unknown problem {other:?}"),
            ))
        }
    }
    out.flush()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [problem, path] = &args[..] else {
        eprintln!("usage: judge_gen PROBLEM FILE");
        std::process::exit(2);
    };
    let result = File::create(path)
        .and_then(|f| generate(problem, &mut BufWriter::with_capacity(1 << 20, f)));
    if let Err(e) = result {
        eprintln!("judge_gen: {path}: {e}");
        std::process::exit(2);
    }
}
