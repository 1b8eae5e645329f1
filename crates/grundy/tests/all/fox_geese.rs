//! Fox and Geese against plain minimax written here, independently of the library:
//! every state reachable from the classic starts on 4×4 (two geese) and 6×6 (three
//! geese) boards, the fox on each dark square of the top row, either side moving
//! first; the retrograde engine's result and remoteness against minimax's, and the
//! analysis' best moves on the 4×4 board.

use grundy::ruleset::RulesetExt;
use std::collections::HashMap;

use grundy::engine::retrograde::{solve, GameResult, RulesetStates};
use grundy::engine::Budget;
use grundy::registry::{self, Params};
use grundy::rules::fox_geese::FoxAndGeese;
use grundy::{Player, Ruleset};

/// A board: rows of `b'g'`, `b'f'`, `b'.'`, and whether the geese (Left) move.
type State = (Vec<Vec<u8>>, bool);

fn text(b: &[Vec<u8>]) -> String {
    b.iter()
        .map(|r| String::from_utf8(r.clone()).unwrap())
        .collect::<Vec<_>>()
        .join("|")
}

/// The boards after each move: a goose one square diagonally up, or the fox one
/// square diagonally any way, onto an empty square.
fn successors(b: &[Vec<u8>], geese: bool) -> Vec<Vec<Vec<u8>>> {
    let n = b.len() as isize;
    let (piece, dirs): (u8, &[(isize, isize)]) = if geese {
        (b'g', &[(-1, -1), (-1, 1)])
    } else {
        (b'f', &[(-1, -1), (-1, 1), (1, -1), (1, 1)])
    };
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if b[r as usize][c as usize] != piece {
                continue;
            }
            for &(dr, dc) in dirs {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0 || c2 < 0 || r2 >= n || c2 >= n || b[r2 as usize][c2 as usize] != b'.' {
                    continue;
                }
                let mut t = b.to_vec();
                t[r as usize][c as usize] = b'.';
                t[r2 as usize][c2 as usize] = piece;
                out.push(t);
            }
        }
    }
    out
}

/// Plain minimax: the result for the player to move and the remoteness (a win by
/// the fewest moves, a loss by the most).
fn minimax(st: &State, memo: &mut HashMap<State, (bool, u32)>) -> (bool, u32) {
    if let Some(&v) = memo.get(st) {
        return v;
    }
    let mut best: Option<(bool, u32)> = None;
    for t in successors(&st.0, st.1) {
        let (they_win, m) = minimax(&(t, !st.1), memo);
        let mine = (!they_win, m + 1);
        best = Some(match best {
            None => mine,
            Some(old) if old.0 != mine.0 => {
                if mine.0 {
                    mine
                } else {
                    old
                }
            }
            Some(old) if mine.0 => (true, old.1.min(mine.1)),
            Some(old) => (false, old.1.max(mine.1)),
        });
    }
    let v = best.unwrap_or((false, 0));
    memo.insert(st.clone(), v);
    v
}

/// The classic start on an `n`×`n` board: geese on the bottom row's dark squares,
/// the fox on the dark square of the top row in column `fox`.
fn start(n: usize, fox: usize) -> Vec<Vec<u8>> {
    let mut b = vec![vec![b'.'; n]; n];
    for c in (0..n).filter(|c| (n - 1 + c) % 2 == 1) {
        b[n - 1][c] = b'g';
    }
    b[0][fox] = b'f';
    b
}

fn result(win: bool) -> GameResult {
    if win {
        GameResult::Win
    } else {
        GameResult::Lose
    }
}

/// Every state the engine solves from `root` against minimax; how many.
fn compare(
    root: &State,
    memo: &mut HashMap<State, (bool, u32)>,
    planted: Option<&State>,
) -> Result<usize, String> {
    let r = FoxAndGeese;
    let who = if root.1 { Player::Left } else { Player::Right };
    let pos = r.parse_position(&text(&root.0)).unwrap();
    let solved = solve(&RulesetStates(&r), (pos, who), &mut Budget::unlimited()).unwrap();
    for ((p, who), res, m) in solved.iter() {
        let board: Vec<Vec<u8>> = r
            .show_position(p)
            .split('|')
            .map(|row| row.as_bytes().to_vec())
            .collect();
        let st = (board, *who == Player::Left);
        let (w, rem) = minimax(&st, memo);
        let mut want = (result(w), Some(rem));
        if planted == Some(&st) {
            want.0 = result(!w);
        }
        if (res, m) != want {
            return Err(format!(
                "{} {who:?}: engine {:?}, minimax {want:?}",
                text(&st.0),
                (res, m)
            ));
        }
    }
    Ok(solved.states())
}

#[test]
fn every_reachable_state_agrees_with_minimax() {
    let mut memo = HashMap::new();
    for n in [4, 6] {
        for fox in (0..n).filter(|c| c % 2 == 1) {
            for geese_first in [true, false] {
                let root = (start(n, fox), geese_first);
                let states = compare(&root, &mut memo, None).unwrap();
                assert!(states > 10, "{n} {fox}: {states} states");
                eprintln!(
                    "fox and geese {n}x{n}, fox at column {fox}, geese first {geese_first}: \
                     {:?} over {states} states",
                    minimax(&root, &mut memo)
                );
            }
        }
    }
    // A planted wrong answer is caught.
    let root = (start(4, 1), true);
    assert!(compare(&root, &mut memo, Some(&root)).is_err());
}

#[test]
fn the_analysis_best_moves_are_minimaxs() {
    let game = registry::build("fox-and-geese", &Params::new()).unwrap();
    let mut memo = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(start(4, 1), true), (start(4, 3), false)];
    while let Some(st) = stack.pop() {
        if !seen.insert(st.clone()) {
            continue;
        }
        let who = if st.1 { Player::Left } else { Player::Right };
        let a = game.analyze(&text(&st.0), who, usize::MAX).unwrap();
        let (w, m) = minimax(&st, &mut memo);
        assert_eq!(
            (a.result, a.remoteness),
            (result(w), Some(m)),
            "{}",
            text(&st.0)
        );
        let next = successors(&st.0, st.1);
        let mut best: Vec<String> = next
            .iter()
            .filter(|t| {
                // A best move keeps the result and the remoteness.
                let (tw, tm) = minimax(&((*t).clone(), !st.1), &mut memo);
                tw != w && tm + 1 == m
            })
            .map(|t| text(t))
            .collect();
        let mut got: Vec<String> = a.best_moves.iter().map(|m| m.after.clone()).collect();
        best.sort();
        got.sort();
        assert_eq!(got, best, "{}", text(&st.0));
        stack.extend(next.into_iter().map(|t| (t, !st.1)));
    }
    assert!(seen.len() > 20);
}

#[test]
fn the_own_method_agrees_with_the_engine() {
    // Ruleset::result (used past the engine's budget) on every 6x6 start, with the
    // remoteness.
    let r = FoxAndGeese;
    let mut memo = HashMap::new();
    for fox in [1, 3, 5] {
        for geese_first in [true, false] {
            let st = (start(6, fox), geese_first);
            let who = if geese_first {
                Player::Left
            } else {
                Player::Right
            };
            let pos = r.parse_position(&text(&st.0)).unwrap();
            let (win, d) = minimax(&st, &mut memo);
            assert_eq!(r.result(&pos, who).unwrap(), (result(win), Some(d)));
        }
    }
}
