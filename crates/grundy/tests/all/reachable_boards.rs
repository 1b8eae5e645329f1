//! Which boards of marks play can reach, against a brute force written here: every
//! game of Connect Four played out on small boards (4×4, 5 wide and 3 high, 3 wide
//! and 5 high, 4 wide and 3 high) and of tic-tac-toe, each board it passes through
//! collected; then every board of those sizes (every filling of the columns from the
//! bottom up for Connect Four, every board of x, o and . for tic-tac-toe and for
//! Connect Four 4×3) read by the ruleset, which must take exactly the collected
//! ones and refuse every other with a reason.

use std::collections::HashSet;

use grundy::rules::connect_four::ConnectFour;
use grundy::rules::tictactoe::TicTacToe;
use grundy::Ruleset;

/// A board: `cells[r * w + c]`, 0 empty, 1 x, 2 o, row 0 at the top.
type Cells = Vec<u8>;

/// Whether `who` has `k` in a row on the board `w` wide and `h` high.
fn line(b: &Cells, w: usize, h: usize, k: usize, who: u8) -> bool {
    let at = |r: isize, c: isize| {
        if r < 0 || c < 0 || r >= h as isize || c >= w as isize {
            0
        } else {
            b[r as usize * w + c as usize]
        }
    };
    (0..h as isize).any(|r| {
        (0..w as isize).any(|c| {
            [(0, 1), (1, 0), (1, 1), (1, -1)]
                .iter()
                .any(|&(dr, dc)| (0..k as isize).all(|i| at(r + i * dr, c + i * dc) == who))
        })
    })
}

/// Every board play reaches from the empty one, x first, stopping at `k` in a row;
/// under `gravity` a mark falls to the lowest empty cell of its column.
fn reachable(w: usize, h: usize, k: usize, gravity: bool) -> HashSet<Cells> {
    let mut seen = HashSet::new();
    let mut stack = vec![vec![0u8; w * h]];
    while let Some(b) = stack.pop() {
        if !seen.insert(b.clone()) {
            continue;
        }
        if line(&b, w, h, k, 1) || line(&b, w, h, k, 2) {
            continue;
        }
        let xs = b.iter().filter(|&&c| c == 1).count();
        let os = b.iter().filter(|&&c| c == 2).count();
        let who = if xs == os { 1 } else { 2 };
        let cells: Vec<usize> = if gravity {
            (0..w)
                .filter_map(|c| (0..h).rev().map(|r| r * w + c).find(|&i| b[i] == 0))
                .collect()
        } else {
            (0..w * h).filter(|&i| b[i] == 0).collect()
        };
        for i in cells {
            let mut next = b.clone();
            next[i] = who;
            stack.push(next);
        }
    }
    seen
}

fn text(b: &Cells, w: usize) -> String {
    b.chunks(w)
        .map(|row| {
            row.iter()
                .map(|&c| ['.', 'x', 'o'][c as usize])
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// Every board `w` wide and `h` high: every cell any of the three when `all`, else
/// every filling of the columns from the bottom up.
fn boards(w: usize, h: usize, all: bool) -> Vec<Cells> {
    let mut out = Vec::new();
    if all {
        for n in 0..3usize.pow((w * h) as u32) {
            let mut n = n;
            out.push(
                (0..w * h)
                    .map(|_| {
                        let c = (n % 3) as u8;
                        n /= 3;
                        c
                    })
                    .collect(),
            );
        }
        return out;
    }
    // A column: its height, then one bit per mark from the bottom (x or o).
    let columns: Vec<Vec<u8>> = (0..=h)
        .flat_map(|height| {
            (0..1usize << height).map(move |bits| {
                (0..h)
                    .map(|r| {
                        let from_bottom = h - 1 - r;
                        if from_bottom < height {
                            1 + (bits >> from_bottom & 1) as u8
                        } else {
                            0
                        }
                    })
                    .collect()
            })
        })
        .collect();
    let mut pick = vec![0usize; w];
    loop {
        let mut b = vec![0u8; w * h];
        for (c, &p) in pick.iter().enumerate() {
            for r in 0..h {
                b[r * w + c] = columns[p][r];
            }
        }
        out.push(b);
        let mut c = 0;
        loop {
            if c == w {
                return out;
            }
            pick[c] += 1;
            if pick[c] < columns.len() {
                break;
            }
            pick[c] = 0;
            c += 1;
        }
    }
}

/// The first board the ruleset reads otherwise than the brute force says, if any.
fn disagreement(
    parse: impl Fn(&str) -> Result<(), String>,
    w: usize,
    h: usize,
    k: usize,
    gravity: bool,
    all: bool,
) -> Option<String> {
    let reached = reachable(w, h, k, gravity);
    let mut taken = 0;
    for b in boards(w, h, all) {
        let t = text(&b, w);
        match (reached.contains(&b), parse(&t)) {
            (true, Ok(())) => taken += 1,
            (false, Err(why)) => assert!(why.contains("expected"), "{t}: {why}"),
            (true, Err(why)) => return Some(format!("{t}: reachable, refused: {why}")),
            (false, Ok(())) => return Some(format!("{t}: not reachable, taken")),
        }
    }
    assert_eq!(taken, reached.len(), "{w}x{h}");
    None
}

fn connect_four(t: &str) -> Result<(), String> {
    ConnectFour
        .parse_position(t)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn connect_four_takes_exactly_the_boards_play_reaches() {
    for (w, h, all) in [(4, 4, false), (5, 3, false), (3, 5, false), (4, 3, true)] {
        if let Some(bad) = disagreement(connect_four, w, h, 4, true, all) {
            panic!("{w} wide, {h} high: {bad}");
        }
    }
}

#[test]
fn tictactoe_takes_exactly_the_boards_play_reaches() {
    let parse = |t: &str| {
        TicTacToe
            .parse_position(t)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(disagreement(parse, 3, 3, 3, false, true), None);
}

/// The boards once taken: two fours of x apart (one was there before x's last
/// mark), x's four complete before x's last mark, and marks no order of moves
/// stacks (o under x in the only column, x to have moved first).
#[test]
fn connect_four_refuses_boards_play_cannot_reach_with_the_reason() {
    for (board, why) in [
        (
            "x......x|x......x|xoo....x|xooo.oox",
            "x has 4 in a row, but no one mark of x on top of its column makes every one of them",
        ),
        (
            "o....|ooxox|xxxxo",
            "x has 4 in a row, but no one mark of x on top of its column makes every one of them",
        ),
        ("x|o", "no order of moves builds it"),
        ("x.|o.", "no order of moves builds it"),
        ("x.|x.|o.", "no order of moves builds it"),
    ] {
        let e = connect_four(board).expect_err(board);
        assert!(
            e.contains(&format!("a board reached by play: {why}")),
            "{board}: {e}"
        );
    }
    // A four made by the last mark is taken.
    assert_eq!(connect_four("x...|x...|xo..|xoo."), Ok(()));
}
