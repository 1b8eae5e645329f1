//! Pawns: every board of every length, for one step bound.

use std::ops::Range;

use crate::engine::dense::pawns::{board_of, solve_pawns};
use crate::engine::dense::WinTable;
use crate::engine::ImpartialSolver;
use crate::rules::pawns::{Board, PawnMove, Pawns};
use crate::values::Nimber;
use crate::verify::{same_moves, Checked, Mismatch};

/// The closed form under test: a position's value and its winning moves.
///
/// [`PawnsForm::default`] is the library's; a test may put a wrong one in its place
/// to see the checker catch it.
#[derive(Clone, Copy, Debug)]
pub struct PawnsForm {
    /// The Grundy value of a board.
    pub value: fn(&Pawns, &Board) -> Nimber,
    /// Every winning move from a board, in any order.
    pub winning_moves: fn(&Pawns, &Board) -> Vec<PawnMove>,
}

impl Default for PawnsForm {
    fn default() -> Self {
        PawnsForm {
            value: |rules, board| Nimber(rules.nim_value(board.squares())),
            winning_moves: Pawns::winning_moves,
        }
    }
}

/// Checks the pawn closed form on every board of `size` squares.
///
/// A board is numbered by its pawns as bits: bit i set when square i + 1 (from the
/// left) holds a pawn, so `..P.P` is 0b10100 = 20 and the boards of n squares are
/// 0..2^n (as in [`dense::pawns`](crate::engine::dense::pawns)). A move takes a pawn
/// to a lower bit, so every move leads to a smaller number.
///
/// The exhaustive side solves all 2^n boards of a size once: up to
/// [`MEMO_SQUARES`] squares with the memoised engine ([`ImpartialSolver`]), which
/// gives exact Grundy values; beyond, with the dense bit-parallel solver
/// ([`solve_pawns`]), which gives win or loss in one bit per board (2^28 boards in
/// 32 MiB). Each board's check compares the closed-form value with the Grundy value
/// (or its being non-zero with the win), and the closed-form winning moves with the
/// moves to boards that the exhaustive side found lost.
#[derive(Clone, Copy, Debug)]
pub struct PawnsCheck {
    rules: Pawns,
    form: PawnsForm,
}

/// Boards of at most this many squares are solved by the memoised engine, with
/// exact Grundy values; larger ones by the dense solver, with win or loss.
pub const MEMO_SQUARES: usize = 14;

impl PawnsCheck {
    /// Checks the library's closed form for `rules`.
    pub fn new(rules: Pawns) -> PawnsCheck {
        PawnsCheck::with_form(rules, PawnsForm::default())
    }

    /// Checks `form` for `rules`.
    pub fn with_form(rules: Pawns, form: PawnsForm) -> PawnsCheck {
        PawnsCheck { rules, form }
    }
}

/// The exhaustive results for every board of one size.
#[derive(Debug)]
pub enum PawnsTable {
    /// Grundy values, by board number (from the memoised engine).
    Grundy(Vec<Nimber>),
    /// Win or loss, by board number (from the dense solver).
    Wins(WinTable),
}

impl PawnsTable {
    fn wins(&self, index: u64) -> bool {
        match self {
            PawnsTable::Grundy(values) => values[index as usize] != Nimber::ZERO,
            PawnsTable::Wins(table) => table.wins(index),
        }
    }
}

impl Checked for PawnsCheck {
    type Prepared = PawnsTable;

    fn name(&self) -> String {
        format!("pawns (step {})", self.rules.step())
    }

    fn size_unit(&self) -> &'static str {
        "squares"
    }

    /// 2^32 boards take about an hour to check on two cores.
    fn largest_size(&self) -> usize {
        32
    }

    fn work(&self, size: usize) -> u64 {
        1u64.checked_shl(size as u32).unwrap_or(u64::MAX)
    }

    fn prepare(&self, size: usize) -> PawnsTable {
        if size <= MEMO_SQUARES {
            let mut solver = ImpartialSolver::new(&self.rules);
            PawnsTable::Grundy(
                (0..self.work(size))
                    .map(|i| solver.grundy(&board_of(i, size as u32)))
                    .collect(),
            )
        } else {
            PawnsTable::Wins(
                solve_pawns(self.rules, size as u32).expect("the size is within the dense limit"),
            )
        }
    }

    fn check(&self, table: &PawnsTable, size: usize, units: Range<u64>) -> Result<u64, Mismatch> {
        let n = units.end - units.start;
        let step = u64::from(self.rules.step());
        let mut winning = Vec::new();
        let mut squares = vec![b'.'; size];
        for index in units {
            for (i, square) in squares.iter_mut().enumerate() {
                *square = if index >> i & 1 == 1 { b'P' } else { b'.' };
            }
            let board = Board::from_bytes(&squares).expect("only '.' and 'P'");
            let position = || format!("{board} (step {})", self.rules.step());
            let found = (self.form.value)(&self.rules, &board);
            match table {
                PawnsTable::Grundy(values) => {
                    let expected = values[index as usize];
                    if expected != found {
                        return Err(Mismatch::new(
                            position(),
                            format!("value {expected}"),
                            format!("value {found}"),
                        ));
                    }
                }
                PawnsTable::Wins(wins) => {
                    if wins.wins(index) != found.to_move_wins() {
                        let expected = if wins.wins(index) {
                            "a value other than 0 (the player to move wins)"
                        } else {
                            "value 0 (the player to move loses)"
                        };
                        return Err(Mismatch::new(
                            position(),
                            expected,
                            format!("value {found}"),
                        ));
                    }
                }
            }
            // The moves to lost boards, found on the bits: a pawn on square s goes to
            // s - d over empty squares.
            winning.clear();
            let mut pawns = index;
            while pawns != 0 {
                let s = u64::from(pawns.trailing_zeros());
                pawns &= pawns - 1;
                for d in 1..=step.min(s) {
                    if index >> (s - d) & 1 == 1 {
                        break;
                    }
                    let child = index ^ (1 << s) ^ (1 << (s - d));
                    if !table.wins(child) {
                        winning.push(PawnMove {
                            from: s as usize,
                            to: (s - d) as usize,
                        });
                    }
                }
            }
            let found = (self.form.winning_moves)(&self.rules, &board);
            same_moves(position, "winning moves", &winning, &found)?;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn the_dense_table_takes_over_with_the_same_answers() {
        // Past MEMO_SQUARES the dense solver's win/loss replaces the Grundy values.
        let check = PawnsCheck::new(Pawns::adapwns());
        let size = MEMO_SQUARES + 1;
        let PawnsTable::Wins(dense) = check.prepare(size) else {
            panic!("the dense solver above {MEMO_SQUARES} squares");
        };
        let mut solver = ImpartialSolver::new(&check.rules);
        for index in (0..1u64 << size).step_by(97) {
            let board = board_of(index, size as u32);
            assert_eq!(dense.wins(index), solver.to_move_wins(&board), "{board}");
        }
        let report = verify(&check, MEMO_SQUARES + 2, &());
        assert_eq!(report.mismatch, None);
    }

    #[test]
    fn a_wrong_value_is_caught_by_the_dense_table() {
        // Right on every board of up to 14 squares, wrong on 15: the board full of
        // pawns is said to be won.
        let form = PawnsForm {
            value: |rules, board| {
                if board.len() == 15 && board.squares().iter().all(|&s| s == b'P') {
                    Nimber(1)
                } else {
                    Nimber(rules.nim_value(board.squares()))
                }
            },
            ..PawnsForm::default()
        };
        let c = verify(&PawnsCheck::with_form(Pawns::adapwns(), form), 16, &())
            .mismatch
            .expect("the wrong value is caught");
        assert_eq!(c.size, 15);
        assert_eq!(
            c.mismatch,
            Mismatch::new(
                "PPPPPPPPPPPPPPP (step 2)",
                "value 0 (the player to move loses)",
                "value *"
            )
        );
    }

    #[test]
    fn closed_form_agrees_with_the_engine() {
        for step in 1..=4 {
            let report = verify(&PawnsCheck::new(Pawns::new(step).unwrap()), 12, &());
            assert_eq!(report.mismatch, None, "step {step}");
            assert_eq!(report.positions, (1 << 13) - 1);
            assert_eq!(report.sizes, 0..13);
        }
    }

    /// Counting every pile instead of every other one from the right.
    fn every_pile(rules: &Pawns, board: &Board) -> Nimber {
        let m = u64::from(rules.step()) + 1;
        let mut value = 0;
        let mut gap = 0;
        for &s in board.squares() {
            if s == b'P' {
                value ^= gap % m;
                gap = 0;
            } else {
                gap += 1;
            }
        }
        Nimber(value)
    }

    #[test]
    fn a_wrong_value_is_caught_at_the_first_board() {
        let form = PawnsForm {
            value: every_pile,
            ..PawnsForm::default()
        };
        let report = verify(&PawnsCheck::with_form(Pawns::adapwns(), form), 10, &());
        // Sizes 0..=2 agree (no board there has a gap before an uncounted pawn);
        // of 3 squares the boards in order are ..., P.., .P., PP., ..P, P.P, .PP:
        // `.PP` is the first whose uncounted pawn has a gap before it.
        let c = report.mismatch.expect("the wrong value is caught");
        assert_eq!(c.size, 3);
        assert_eq!(
            c.mismatch,
            Mismatch::new(".PP (step 2)", "value 0", "value *")
        );
        assert_eq!(report.sizes, 0..4);
    }

    #[test]
    fn a_wrong_move_finder_is_caught() {
        // Only the last pawn's moves are considered.
        let form = PawnsForm {
            winning_moves: |rules, board| {
                let last = board.squares().iter().rposition(|&s| s == b'P');
                (PawnsForm::default().winning_moves)(rules, board)
                    .into_iter()
                    .filter(|m| Some(m.from) == last)
                    .collect()
            },
            ..PawnsForm::default()
        };
        let c = verify(&PawnsCheck::with_form(Pawns::adapwns(), form), 10, &())
            .mismatch
            .expect("the missing moves are caught");
        // Up to 3 squares and on 4 squares up to `PP.P`, every winning move is the
        // last pawn's; `.PPP` (value *: the third pawn from the right has a pile of
        // one) is won only by 2-1.
        assert_eq!(c.size, 4);
        assert_eq!(
            c.mismatch,
            Mismatch::new(".PPP (step 2)", "winning moves 2-1", "winning moves none")
        );
    }
}
