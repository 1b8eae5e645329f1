//! One runner for every game's case file, `tests/cases/<game>.txt`, through the
//! registry: each case's value and exact list of winning moves, as `grundy analyze`
//! reports them.
//!
//! The format (the same for every game):
//!
//! ```text
//! # a comment; blank lines are ignored
//! # params: --step 3          (applies to the cases that follow, until the next one;
//!                              a switch is written alone, `# params: --backsliding`)
//! POSITION | VALUE | MOVES     (moves comma-separated in move order, `-` for none;
//!                              the fields are separated by ` | `, a bar with a
//!                              space each side, so `..|..` and `{1|0}` are one field)
//! A..B @B | * | ...            (partizan games: @PLAYER names who moves first)
//! x..|...|... | tie 8 | a2, ...  (games with ties or cycles: the result for the
//!                              player to move, `win`, `lose`, `tie` or `draw`, and
//!                              optionally the remoteness; the moves are the best
//!                              moves, those that keep the result)
//! ```

use std::path::Path;

use grundy::registry::{self, Params};
use grundy::Player;

/// One case: where it is written, and what it says.
struct Case {
    line: usize,
    params: Params,
    position: String,
    to_move: Option<String>,
    value: String,
    moves: Vec<String>,
}

/// `--name value` pairs, and switches `--name` alone (set to `true`).
fn parse_params(text: &str, line: usize, file: &str) -> Params {
    let mut params = Params::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let Some(name) = word.strip_prefix("--") else {
            panic!("{file}:{line}: expected `--name value` or `--switch` after `params:`");
        };
        match words.next_if(|w| !w.starts_with("--")) {
            Some(value) => params.set(name, value),
            None => params.set(name, "true"),
        }
    }
    params
}

fn read_cases(path: &Path) -> Vec<Case> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut params = Params::new();
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if let Some(rest) = trimmed.strip_prefix("# params:") {
            params = parse_params(rest, line, &file);
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        // Fields are separated by a bar with a space on each side, so that positions
        // (`..|..`) and values (`{1|0}`) may hold bars of their own.
        let padded = format!(" {raw} ");
        let fields: Vec<&str> = padded.split(" | ").map(str::trim).collect();
        let [position, value, moves] = fields[..] else {
            panic!("{file}:{line}: expected POSITION | VALUE | MOVES");
        };
        let (position, to_move) = match position.rsplit_once(" @") {
            Some((p, who)) => (p.trim().to_owned(), Some(who.trim().to_owned())),
            None => (position.to_owned(), None),
        };
        let moves = if moves == "-" {
            Vec::new()
        } else {
            moves.split(',').map(|m| m.trim().to_owned()).collect()
        };
        cases.push(Case {
            line,
            params: params.clone(),
            position,
            to_move,
            value: value.to_owned(),
            moves,
        });
    }
    cases
}

#[test]
fn every_case_file_agrees_with_the_registry() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in {}", dir.display());
    let mut counts = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_str().unwrap();
        assert!(
            registry::find(name).is_ok(),
            "{}: no game named {name} in the registry",
            path.display()
        );
        let cases = read_cases(path);
        // A file that yields no case (all comments, or cases the reader skipped)
        // would otherwise pass unnoticed.
        assert!(!cases.is_empty(), "{}: no case read", path.display());
        for case in &cases {
            let at = format!("{}:{}", path.display(), case.line);
            let game = registry::build(name, &case.params).unwrap_or_else(|e| panic!("{at}: {e}"));
            let to_move = match &case.to_move {
                None => Player::Left,
                Some(who) => game
                    .parse_player(who)
                    .unwrap_or_else(|| panic!("{at}: no player {who}")),
            };
            let a = game
                .analyze(&case.position, to_move, usize::MAX)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            let words: Vec<&str> = case.value.split_whitespace().collect();
            if let Some(result) = words
                .first()
                .filter(|w| ["win", "lose", "tie", "draw"].contains(w))
            {
                assert_eq!(a.result.word(), *result, "{at}: result");
                if let Some(r) = words.get(1) {
                    assert_eq!(
                        a.remoteness.map(|r| r.to_string()).as_deref(),
                        Some(*r),
                        "{at}: remoteness"
                    );
                }
                let best: Vec<&str> = a.best_moves.iter().map(|m| m.mv.as_str()).collect();
                assert_eq!(best, case.moves, "{at}: best moves");
                assert_eq!(a.to_move_wins, *result == "win", "{at}: who wins");
                continue;
            }
            assert_eq!(a.value.unwrap().to_string(), case.value, "{at}: value");
            let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
            assert_eq!(moves, case.moves, "{at}: winning moves");
            assert_eq!(a.winning_move_count, Some(case.moves.len() as u128), "{at}");
            // A winning move means the player to move wins (a position decided by
            // the rules, as table's boundary, may be won with no move at all).
            assert!(a.to_move_wins || case.moves.is_empty(), "{at}: who wins");
        }
        counts.push(format!("{name} {}", cases.len()));
    }
    eprintln!("cases read: {}", counts.join(", "));
}

#[test]
fn every_registered_game_has_a_case_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for name in registry::names() {
        assert!(
            dir.join(format!("{name}.txt")).exists(),
            "tests/cases/{name}.txt is missing"
        );
    }
}
