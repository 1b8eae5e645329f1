//! Pawns: every board of every length, for one step bound.

use std::ops::Range;

use crate::engine::ImpartialSolver;
use crate::game::{Game, Impartial};
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
/// 0..2^n. A move takes a pawn to a lower bit, so every move leads to a smaller
/// number. The exhaustive side is the memoised engine ([`ImpartialSolver`]) run over
/// all 2^n boards once per size; each board's check compares the closed-form value
/// with the engine's Grundy value, and the closed-form winning moves with the moves
/// to boards of value 0.
#[derive(Clone, Copy, Debug)]
pub struct PawnsCheck {
    rules: Pawns,
    form: PawnsForm,
}

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

/// The board of `size` squares numbered `index`.
pub(crate) fn board_of(index: u64, size: usize) -> Board {
    let squares: Vec<u8> = (0..size)
        .map(|i| if index >> i & 1 == 1 { b'P' } else { b'.' })
        .collect();
    Board::from_bytes(&squares).expect("only '.' and 'P'")
}

/// The number of a board (see [`PawnsCheck`]).
pub(crate) fn index_of(board: &Board) -> u64 {
    board
        .squares()
        .iter()
        .rev()
        .fold(0, |acc, &s| acc << 1 | u64::from(s == b'P'))
}

impl Checked for PawnsCheck {
    type Prepared = Vec<Nimber>;

    fn name(&self) -> String {
        format!("pawns (step {})", self.rules.step())
    }

    fn size_unit(&self) -> &'static str {
        "squares"
    }

    /// The memoised engine keeps every board of the size in a hash map.
    fn largest_size(&self) -> usize {
        24
    }

    fn work(&self, size: usize) -> u64 {
        1u64.checked_shl(size as u32).unwrap_or(u64::MAX)
    }

    fn prepare(&self, size: usize) -> Vec<Nimber> {
        let mut solver = ImpartialSolver::new(&self.rules);
        (0..self.work(size))
            .map(|i| solver.grundy(&board_of(i, size)))
            .collect()
    }

    fn check(&self, values: &Vec<Nimber>, size: usize, units: Range<u64>) -> Result<u64, Mismatch> {
        let n = units.end - units.start;
        for index in units {
            let board = board_of(index, size);
            let position = || format!("{board} (step {})", self.rules.step());
            let expected = values[index as usize];
            let found = (self.form.value)(&self.rules, &board);
            if expected != found {
                return Err(Mismatch::new(
                    position(),
                    format!("value {expected}"),
                    format!("value {found}"),
                ));
            }
            let winning: Vec<PawnMove> = self
                .rules
                .moves(&board)
                .into_iter()
                .filter(|m| values[index_of(&self.rules.play(&board, m)) as usize] == Nimber::ZERO)
                .collect();
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
    fn numbering_round_trips() {
        assert_eq!(board_of(20, 5).to_string(), "..P.P");
        for i in 0..64 {
            assert_eq!(index_of(&board_of(i, 6)), i);
        }
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
