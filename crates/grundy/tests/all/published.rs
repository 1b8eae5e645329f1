//! Published Grundy sequences, one data file each under `tests/data/`: the values
//! and the preperiod and period must match what grundy computes and proves.
//!
//! File format: `#` comment lines, then `game: octal CODE` (or
//! `game: subtraction SET`), `preperiod: I`, `period: P`, `values:` and the values
//! G(0), G(1), ... separated by white space over any number of lines.

use std::path::Path;

use grundy::rules::octal::{Method, Octal};
use grundy::rules::subtraction::Subtraction;
use grundy::sequence::{Options, Sequence};

struct Published {
    game: String,
    preperiod: usize,
    period: usize,
    values: Vec<u32>,
}

fn read(path: &Path) -> Published {
    let text = std::fs::read_to_string(path).unwrap();
    let mut fields = std::collections::HashMap::new();
    let mut values = Vec::new();
    let mut in_values = false;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), i + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if in_values {
            for word in line.split_whitespace() {
                values.push(
                    word.parse()
                        .unwrap_or_else(|_| panic!("{}: {word:?}", at())),
                );
            }
        } else if line == "values:" {
            in_values = true;
        } else {
            let (k, v) = line.split_once(": ").unwrap_or_else(|| panic!("{}", at()));
            fields.insert(k.to_owned(), v.to_owned());
        }
    }
    let num = |k: &str| fields[k].parse().unwrap();
    Published {
        game: fields["game"].clone(),
        preperiod: num("preperiod"),
        period: num("period"),
        values,
    }
}

/// The sequence, and the number of values its proof rule needs for the published
/// preperiod and period.
fn compute(game: &str, preperiod: usize, period: usize) -> (Sequence, usize) {
    let options = Options::until_proven(1_000_000);
    match game.split_once(' ').unwrap() {
        ("octal", code) => {
            let rules: Octal = code.parse().unwrap();
            let seq = rules.sequence(Method::Sparse, &options, &mut |_| {});
            (seq, rules.proof_rule().needed(preperiod, period))
        }
        ("subtraction", set) => {
            let rules: Subtraction = set.parse().unwrap();
            let seq = rules.sequence(&options, &mut |_| {});
            (seq, rules.proof_rule().needed(preperiod, period))
        }
        (kind, _) => panic!("unknown game kind {kind}"),
    }
}

#[test]
fn published_sequences() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "data files in {}", dir.display());
    for path in files {
        let published = read(&path);
        let (seq, needed) = compute(&published.game, published.preperiod, published.period);
        let name = path.display();
        let n = published.values.len();
        assert!(n > 0, "{name}");
        let ours: Vec<Option<u32>> = (0..n as u64).map(|k| seq.get(k)).collect();
        let theirs: Vec<Option<u32>> = published.values.iter().map(|&v| Some(v)).collect();
        assert_eq!(ours, theirs, "{name}");
        let period = seq
            .period
            .unwrap_or_else(|| panic!("{name}: no period proven"));
        assert_eq!(period.preperiod, published.preperiod, "{name}");
        assert_eq!(period.period, published.period, "{name}");
        // The computation stops as soon as the proof rule is satisfied.
        assert_eq!(seq.computed(), needed, "{name}");
        // Beyond the computed values, the proven period gives the published tail.
        for (k, &v) in published.values.iter().enumerate().skip(period.preperiod) {
            let far = k as u64 + 1_000_000_007 * period.period as u64;
            assert_eq!(seq.get(far), Some(v), "{name}: G({far})");
        }
    }
}
