//! ADAPWNS boards: random, at the limits, corner shapes, or all of one answer.

use super::{ADAPWNS, N, T};
use crate::setter::answers::first_player_wins;
use crate::setter::gen::{bits, density, Gen, Kind};
use crate::setter::rng::Rng;
use crate::setter::Input;

pub(super) fn generate(g: &Gen, rng: &mut Rng) -> Vec<Vec<u8>> {
    let cap = g.cap(N);
    match g.kind {
        Kind::Corner => {
            let mut boards = corners(cap);
            let t = g.cases.unwrap_or(boards.len() as u64) as usize;
            // Fewer cases than shapes: a sample of them; more: random boards added.
            rng.shuffle(&mut boards);
            boards.truncate(t);
            while boards.len() < t {
                boards.push(random_board(rng, N.min, cap));
            }
            boards
        }
        Kind::Limits => {
            let t = g.count(rng, T);
            let mut boards: Vec<Vec<u8>> = (0..t).map(|_| random_board(rng, cap, cap)).collect();
            if t > 1 {
                boards[1] = random_board(rng, N.min, N.min);
            }
            for board in boards.iter_mut().skip(2).step_by(3) {
                *board = random_board(rng, N.min, cap);
            }
            rng.shuffle(&mut boards);
            boards
        }
        Kind::FirstWins | Kind::SecondWins => {
            let t = g.count(rng, T);
            let mut boards: Vec<Vec<u8>> = (0..t).map(|_| random_board(rng, N.min, cap)).collect();
            make_all(&mut boards, g.kind == Kind::FirstWins);
            boards
        }
        Kind::Random | Kind::Diagonal => {
            let t = g.count(rng, T);
            (0..t).map(|_| random_board(rng, N.min, cap)).collect()
        }
    }
}

/// A board of a length from `lo` to `hi`, its pawns drawn at a random density.
fn random_board(rng: &mut Rng, lo: u64, hi: u64) -> Vec<u8> {
    let len = rng.log_range(lo, hi);
    let d = density(rng);
    bits(rng, len, b'P', b'.', d, 8)
}

/// The legal moves of a board, each as the board it leads to.
fn moves(board: &[u8]) -> Vec<Vec<u8>> {
    let mut after = Vec::new();
    for i in 0..board.len() {
        if board[i] != b'P' {
            continue;
        }
        for d in 1..=2 {
            if i < d || board[i - d..i].contains(&b'P') {
                break;
            }
            let mut next = board.to_vec();
            next.swap(i, i - d);
            after.push(next);
        }
    }
    after
}

/// Changes every board whose answer is not `first_wins` into one whose answer is:
/// from an N-position a winning move leads to a P-position; from a P-position any
/// move leads to an N-position, and a board without moves gets one.
fn make_all(boards: &mut [Vec<u8>], first_wins: bool) {
    let answers = first_player_wins(&Input::new(ADAPWNS, boards.to_vec()));
    for (board, wins) in boards.iter_mut().zip(answers) {
        if wins == first_wins {
            continue;
        }
        if first_wins {
            if moves(board).is_empty() {
                // A pawn on the last square with an empty square before it can move.
                let n = board.len();
                board[n - 2] = b'.';
                board[n - 1] = b'P';
                if first_player_wins(&Input::new(ADAPWNS, vec![board.clone()]))[0] {
                    continue;
                }
            }
            *board = moves(board).swap_remove(0);
        } else {
            let options = moves(board);
            let lost = first_player_wins(&Input::new(ADAPWNS, options.clone()));
            let i = lost
                .iter()
                .position(|&w| !w)
                .expect("an N-position has a move to a P-position");
            *board = options[i].clone();
        }
    }
}

/// Hand-picked boards: every board of 2 squares, then empty, full, single-pawn,
/// alternating and packed boards of the longest length (and of 3 squares).
fn corners(cap: u64) -> Vec<Vec<u8>> {
    let mut boards: Vec<Vec<u8>> = ["..", ".P", "P.", "PP"]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    let mut lengths = vec![cap as usize];
    if cap > 3 {
        lengths.push(3);
    }
    for n in lengths.into_iter().filter(|&n| n > 2) {
        let shapes: [Box<dyn Fn(usize) -> u8>; 9] = [
            Box::new(|_| b'.'),
            Box::new(|_| b'P'),
            Box::new(|i| if i == 0 { b'P' } else { b'.' }),
            Box::new(move |i| if i == n - 1 { b'P' } else { b'.' }),
            Box::new(|i| if i % 2 == 1 { b'P' } else { b'.' }),
            Box::new(|i| if i % 2 == 0 { b'P' } else { b'.' }),
            Box::new(|i| if i % 3 == 2 { b'P' } else { b'.' }),
            Box::new(move |i| if i >= n / 2 { b'P' } else { b'.' }),
            Box::new(move |i| if i < n / 2 { b'P' } else { b'.' }),
        ];
        for shape in &shapes {
            boards.push((0..n).map(shape).collect());
        }
    }
    boards.dedup();
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_follow_the_rules() {
        assert_eq!(moves(b"..P.P"), [b".P..P", b"P...P", b"..PP."]);
        assert!(moves(b"PP..").is_empty());
        assert_eq!(moves(b".PP"), [b"P.P"]);
    }

    #[test]
    fn answer_classes_are_reached() {
        let mut rng = Rng::new(5);
        for first_wins in [true, false] {
            let mut boards: Vec<Vec<u8>> =
                (0..300).map(|_| random_board(&mut rng, 2, 30)).collect();
            boards.extend(corners(12));
            make_all(&mut boards, first_wins);
            let answers = first_player_wins(&Input::new(ADAPWNS, boards.clone()));
            assert!(answers.iter().all(|&w| w == first_wins));
            assert!(boards.iter().all(|b| b.len() >= 2));
        }
    }
}
