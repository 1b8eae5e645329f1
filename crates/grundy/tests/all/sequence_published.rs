//! Published tables of octal games against what grundy computes and proves:
//!
//! - `data/tczajka/trivial-games.txt`: 82 games with their values, preperiods and
//!   periods (Czajka's table of games whose periods show within 1000 values);
//! - `data/tczajka/solved-games.txt`: preperiods and periods of the games solved by
//!   long computations (those within [`BUDGET`] values are proven here);
//! - `data/oeis/*.txt`: OEIS sequences with the games their comments say share
//!   them, shifted by some heaps.
//!
//! Every period grundy proves must be the published one, and every value computed
//! must be the published one. The sources are named in each file.

use std::path::{Path, PathBuf};

use grundy::rules::octal::{Method, Octal};
use grundy::sequence::check::{check_period, Definition, Rules};
use grundy::sequence::{Options, Period, Sequence};

/// The most values a published period is proven from here (the others' values are
/// still compared).
const BUDGET: usize = 1_100_000;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

fn lines(path: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect()
}

/// A code as the tables write it (`.4`, `4`) in grundy's notation.
fn code(table: &str) -> String {
    if table.starts_with('.') {
        format!("0{table}")
    } else if table.contains('.') {
        table.to_owned()
    } else {
        format!("{table}.0")
    }
}

fn until_proven(rules: &Octal, limit: usize) -> Sequence {
    rules.sequence(Method::Auto, &Options::until_proven(limit), &mut |_| {})
}

fn exactly(rules: &Octal, to: usize) -> Sequence {
    rules.sequence(Method::Auto, &Options::to(to), &mut |_| {})
}

/// The least heap size from which some move exists.
fn first_move(rules: &Octal) -> usize {
    let digits = rules.code().digits();
    (0..)
        .find(|&n| {
            digits.iter().enumerate().any(|(j, &d)| {
                (d & 1 != 0 && j > 0 && n == j)
                    || (d & 2 != 0 && j > 0 && n > j)
                    || (d & 4 != 0 && n >= j + 2)
            })
        })
        .unwrap()
}

/// The smallest preperiod of a sequence that has period `p` from `i` on, where
/// `get` gives its values.
fn smallest_preperiod(mut i: usize, p: usize, get: impl Fn(usize) -> u32) -> usize {
    while i > 0 && get(i - 1) == get(i - 1 + p) {
        i -= 1;
    }
    i
}

#[test]
fn czajka_trivial_games() {
    let path = data("tczajka/trivial-games.txt");
    let rows = lines(&path);
    assert_eq!(rows.len(), 82);
    for (line, row) in rows {
        let at = format!("{}:{line}", path.display());
        let f: Vec<&str> = row.split_whitespace().collect();
        let rules: Octal = code(f[0]).parse().unwrap();
        let (prefix, period): (usize, usize) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let digit = |c: char| c.to_digit(36).unwrap_or_else(|| panic!("{at}: {c:?}"));
        let (head, tail) = f[3].split_once('(').unwrap();
        let head: Vec<u32> = head.chars().map(digit).collect();
        let tail: Vec<u32> = tail.trim_end_matches(')').chars().map(digit).collect();
        assert_eq!((head.len(), tail.len()), (prefix, period), "{at}");
        // The table starts at the last heap size without a move.
        let k = first_move(&rules) - 1;
        let expect = |n: usize| match n.checked_sub(k) {
            None => 0,
            Some(m) if m < prefix => head[m],
            Some(m) => tail[(m - prefix) % period],
        };
        let seq = until_proven(&rules, 10_000);
        let claim = seq
            .period
            .unwrap_or_else(|| panic!("{at}: no period proven"));
        let i = smallest_preperiod(k + prefix, period, expect);
        assert_eq!(
            claim,
            Period {
                preperiod: i,
                period
            },
            "{at}"
        );
        for n in 0..3 * seq.computed() {
            assert_eq!(seq.get(n as u64), Some(expect(n)), "{at}: G({n})");
        }
    }
}

#[test]
fn czajka_solved_games() {
    let path = data("tczajka/solved-games.txt");
    let mut proven = 0;
    for (line, row) in lines(&path) {
        let at = format!("{}:{line}", path.display());
        let f: Vec<&str> = row.split_whitespace().collect();
        let rules: Octal = code(f[0]).parse().unwrap();
        let (i, p): (usize, usize) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let published = Period {
            preperiod: i,
            period: p,
        };
        let needed = rules.proof_rule().needed(i, p);
        if needed > BUDGET {
            continue;
        }
        let seq = until_proven(&rules, BUDGET);
        assert_eq!(seq.period, Some(published), "{at}");
        assert_eq!(seq.computed(), needed, "{at}");
        proven += 1;
    }
    assert!(proven >= 8, "{proven}");
}

/// One OEIS file: the sequence of `game: CODE` from `offset: K` on, and the games
/// of `shifted: CODE ... by S` lines, whose G(n) is the sequence's a(n − S).
#[test]
fn oeis_sequences_and_the_games_that_share_them() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data("oeis"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 7);
    for path in files {
        let mut games = Vec::new();
        let (mut offset, mut pre, mut per) = (0, 0, 0);
        let mut values: Vec<u32> = Vec::new();
        let mut in_values = false;
        for (_, l) in lines(&path) {
            if in_values {
                values.extend(l.split_whitespace().map(|w| w.parse::<u32>().unwrap()));
                continue;
            }
            if l == "values:" {
                in_values = true;
                continue;
            }
            let (key, v) = l.split_once(": ").unwrap();
            match key {
                "game" => games.push((v.to_owned(), 0)),
                "offset" => offset = v.parse().unwrap(),
                "preperiod" => pre = v.parse().unwrap(),
                "period" => per = v.parse().unwrap(),
                "shifted" => {
                    let (codes, by) = v.split_once(" by ").unwrap();
                    let by: usize = by.parse().unwrap();
                    games.extend(codes.split_whitespace().map(|c| (c.to_owned(), by)));
                }
                _ => {}
            }
        }
        let name = path.display();
        assert!(!values.is_empty(), "{name}");
        for (code, shift) in games {
            let rules: Octal = code.parse().unwrap();
            let first = offset + shift;
            let last = first + values.len() - 1;
            let seq = exactly(&rules, last);
            for (k, &v) in values.iter().enumerate() {
                assert_eq!(seq.values[first + k], v, "{name}: {code} G({})", first + k);
            }
            // The heaps before the published ones, by the definition.
            let before =
                Definition::values(Rules::TakeAndBreak(rules.code().digits().to_vec()), first);
            assert_eq!(&seq.values[..first], &before[..], "{name}: {code}");
            let needed = rules.proof_rule().needed(pre + shift, per);
            if needed > BUDGET {
                continue;
            }
            let seq = until_proven(&rules, BUDGET);
            let claim = seq.period.unwrap_or_else(|| panic!("{name}: {code}"));
            let i = smallest_preperiod(pre + shift, per, |n| seq.get(n as u64).unwrap());
            assert_eq!(
                claim,
                Period {
                    preperiod: i,
                    period: per
                },
                "{name}: {code}"
            );
            let rule = rules.proof_rule();
            assert_eq!(
                check_period(&seq.values, rule, claim),
                Ok(()),
                "{name}: {code}"
            );
        }
    }
}
