//! Reads `tests/cases/<game>.txt` and checks every case through the registry:
//! `POSITION | VALUE | WINNING MOVES` (comma-separated in move order, `-` for none).

use std::path::Path;

use grundy::registry::{build, Params};
use grundy::Player;

/// Checks every case of `tests/cases/<game>.txt` with `grundy analyze`'s library
/// call; returns how many there were.
pub fn check_case_file(game: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(format!("{game}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let rules = build(game, &Params::new()).unwrap();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 3, "{at}: POSITION | VALUE | WINNING MOVES");
        let analysis = rules
            .analyze(fields[0], Player::Left, usize::MAX)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(analysis.value.to_string(), fields[1], "{at}: value");
        let expected: Vec<&str> = match fields[2] {
            "-" => Vec::new(),
            moves => moves.split(',').map(str::trim).collect(),
        };
        let found: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.mv.as_str())
            .collect();
        assert_eq!(found, expected, "{at}: winning moves");
        assert_eq!(
            analysis.winning_move_count,
            Some(expected.len() as u128),
            "{at}"
        );
        assert_eq!(analysis.to_move_wins, !expected.is_empty(), "{at}");
        count += 1;
    }
    count
}

/// The whole numbers of a data file under `tests/data/values/`, skipping `#` lines;
/// they are separated by commas or white space.
pub fn read_numbers(name: &str) -> Vec<u64> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/values")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse()
                .unwrap_or_else(|_| panic!("{}: {w:?}", path.display()))
        })
        .collect()
}
