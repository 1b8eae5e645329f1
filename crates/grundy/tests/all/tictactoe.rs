//! Tic-tac-toe against plain minimax written here, independently of the library:
//! every board reachable from the empty one (5,478 of them, the published count),
//! its result and remoteness from the retrograde engine's one pass, and the analysis'
//! best moves on every board.

#![allow(clippy::needless_range_loop)] // cells index the board and its copy

use std::collections::HashMap;

use grundy::engine::retrograde::{solve, GameResult, RulesetStates};
use grundy::engine::Budget;
use grundy::rules::tictactoe::TicTacToe;
use grundy::{Player, Ruleset};

/// A board: 0 empty, 1 x, 2 o; cell `r * 3 + c`.
type Cells = [u8; 9];

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn won(b: &Cells, who: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&i| b[i] == who))
}

fn mover(b: &Cells) -> u8 {
    let xs = b.iter().filter(|&&c| c == 1).count();
    let os = b.iter().filter(|&&c| c == 2).count();
    if xs == os {
        1
    } else {
        2
    }
}

fn text(b: &Cells) -> String {
    let ch = |c: u8| ['.', 'x', 'o'][c as usize];
    (0..3)
        .map(|r| (0..3).map(|c| ch(b[r * 3 + c])).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// Over: the last mover won (a loss for the mover), or the board is full (a tie).
fn over(b: &Cells) -> Option<(i8, u32)> {
    if won(b, 1) || won(b, 2) {
        Some((-1, 0))
    } else if b.iter().all(|&c| c != 0) {
        Some((0, 0))
    } else {
        None
    }
}

/// Plain minimax: +1 win, 0 tie, -1 loss for the mover, and the remoteness (a win
/// by the fewest moves, a loss by the most, a tie by the fewest).
fn minimax(b: &Cells, memo: &mut HashMap<Cells, (i8, u32)>) -> (i8, u32) {
    if let Some(&v) = memo.get(b) {
        return v;
    }
    let v = over(b).unwrap_or_else(|| {
        let who = mover(b);
        let mut best: Option<(i8, u32)> = None;
        for i in 0..9 {
            if b[i] != 0 {
                continue;
            }
            let mut c = *b;
            c[i] = who;
            let (r, m) = minimax(&c, memo);
            let mine = (-r, m + 1);
            best = Some(match best {
                None => mine,
                Some(old) => better(old, mine),
            });
        }
        best.expect("a board not over has a move")
    });
    memo.insert(*b, v);
    v
}

fn better(a: (i8, u32), b: (i8, u32)) -> (i8, u32) {
    if a.0 != b.0 {
        return if a.0 > b.0 { a } else { b };
    }
    match a.0 {
        -1 => (a.0, a.1.max(b.1)),
        _ => (a.0, a.1.min(b.1)),
    }
}

fn as_result(r: i8) -> GameResult {
    match r {
        1 => GameResult::Win,
        -1 => GameResult::Lose,
        _ => GameResult::Tie,
    }
}

/// Every board reachable from the empty one, the game stopping at a win.
fn reachable() -> Vec<Cells> {
    let mut seen: HashMap<Cells, ()> = HashMap::new();
    let mut stack = vec![[0u8; 9]];
    while let Some(b) = stack.pop() {
        if seen.insert(b, ()).is_some() {
            continue;
        }
        if over(&b).is_some() {
            continue;
        }
        let who = mover(&b);
        for i in 0..9 {
            if b[i] == 0 {
                let mut c = b;
                c[i] = who;
                stack.push(c);
            }
        }
    }
    seen.into_keys().collect()
}

/// Compares the engine's table with minimax's; the first disagreement.
fn compare(
    engine: &HashMap<String, (GameResult, Option<u32>)>,
    brute: &HashMap<String, (GameResult, Option<u32>)>,
) -> Result<(), String> {
    if engine.len() != brute.len() {
        return Err(format!("{} boards against {}", engine.len(), brute.len()));
    }
    for (board, want) in brute {
        let got = engine
            .get(board)
            .ok_or_else(|| format!("{board} missing"))?;
        if got != want {
            return Err(format!("{board}: engine {got:?}, minimax {want:?}"));
        }
    }
    Ok(())
}

#[test]
fn every_reachable_board_agrees_with_minimax_and_the_counts_are_the_published_ones() {
    let boards = reachable();
    // 5,478 legal boards reachable from the empty one, the game stopping at a win.
    assert_eq!(boards.len(), 5478);
    // The 958 finished boards (the UCI tic-tac-toe endgame data set, Aha 1991):
    // 626 won by x, 316 by o, 16 full without a line.
    let finished: Vec<&Cells> = boards.iter().filter(|b| over(b).is_some()).collect();
    let x_won = finished.iter().filter(|b| won(b, 1)).count();
    let o_won = finished.iter().filter(|b| won(b, 2)).count();
    assert_eq!((finished.len(), x_won, o_won), (958, 626, 316));

    let mut memo = HashMap::new();
    let brute: HashMap<String, (GameResult, Option<u32>)> = boards
        .iter()
        .map(|b| {
            let (r, m) = minimax(b, &mut memo);
            (text(b), (as_result(r), Some(m)))
        })
        .collect();
    let t = TicTacToe;
    let root = (t.parse_position("...|...|...").unwrap(), Player::Left);
    let solved = solve(&RulesetStates(&t), root, &mut Budget::unlimited()).unwrap();
    assert_eq!(solved.states(), 5478);
    let engine: HashMap<String, (GameResult, Option<u32>)> = solved
        .iter()
        .map(|((pos, _), r, m)| (t.show_position(pos), (r, m)))
        .collect();
    compare(&engine, &brute).unwrap();
    // The counts of each result for the player to move (minimax's, equal to the
    // engine's by the comparison): printed for docs/draws.md.
    let [w, l, ti, d] = solved.counts();
    eprintln!("tic-tac-toe results: {w} win, {l} lose, {ti} tie, {d} draw");
    assert_eq!(w + l + ti, 5478);
    assert_eq!(d, 0, "tic-tac-toe always ends");
    assert_eq!(engine["...|...|..."], (GameResult::Tie, Some(9)));

    // A planted wrong answer is caught.
    let mut planted = engine.clone();
    planted.insert("x..|...|...".into(), (GameResult::Win, Some(7)));
    assert!(compare(&planted, &brute).is_err());
}

#[test]
fn every_boards_best_moves_are_minimaxs() {
    let t = TicTacToe;
    let game = grundy::registry::build("tictactoe", &Default::default()).unwrap();
    let mut memo = HashMap::new();
    for b in reachable() {
        let a = game.analyze(&text(&b), Player::Left, usize::MAX).unwrap();
        let (r, m) = minimax(&b, &mut memo);
        assert_eq!(
            (a.result, a.remoteness),
            (as_result(r), Some(m)),
            "{}",
            text(&b)
        );
        assert_eq!(a.to_move_wins, r == 1);
        let mut best = Vec::new();
        for i in 0..9 {
            if b[i] == 0 && over(&b).is_none() {
                let mut c = b;
                c[i] = mover(&b);
                // A best move keeps the result and the remoteness.
                let (rc, mc) = minimax(&c, &mut memo);
                if -rc == r && mc + 1 == m {
                    best.push(c);
                }
            }
        }
        let got: Vec<String> = a.best_moves.iter().map(|m| m.after.clone()).collect();
        let want: Vec<String> = best.iter().map(text).collect();
        assert_eq!(got, want, "{}", text(&b));
        let _ = t.parse_position(&text(&b)).unwrap();
    }
}
