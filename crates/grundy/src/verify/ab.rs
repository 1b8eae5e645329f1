//! The A-B game: every row of every length, each player moving first.

use std::ops::Range;

use crate::engine::PartizanSolver;
use crate::game::{Game, Partizan, Player};
use crate::rules::ab::{self, Ab, AbMove, Row, Summary};
use crate::values::Outcome;
use crate::verify::{same_moves, Checked, Mismatch};

/// The closed form under test: a row's outcome class and each player's winning moves.
///
/// [`AbForm::default`] is the library's; a test may put a wrong one in its place.
#[derive(Clone, Copy, Debug)]
pub struct AbForm {
    /// The outcome class of a row.
    pub outcome: fn(&Row) -> Outcome,
    /// Every winning move of a player moving first, in any order.
    pub winning_moves: fn(&Row, Player) -> Vec<AbMove>,
}

impl Default for AbForm {
    fn default() -> Self {
        AbForm {
            outcome: |row| Summary::of_cells(row.cells()).outcome(),
            winning_moves: ab::winning_moves,
        }
    }
}

/// Checks the A-B closed form on every row of `size` cells.
///
/// A row is numbered in base 3, cell i (from the left, from 0) being digit i: `.` 0,
/// `A` 1, `B` 2. Moves keep the length, so the memoised engine
/// ([`PartizanSolver`]) solves all 3^n rows of one size once; each row's check
/// compares the outcome class (who wins when A starts, and when B starts) and both
/// players' winning moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct AbCheck {
    form: AbForm,
}

impl AbCheck {
    /// Checks the library's closed form.
    pub fn new() -> AbCheck {
        AbCheck::default()
    }

    /// Checks `form`.
    pub fn with_form(form: AbForm) -> AbCheck {
        AbCheck { form }
    }
}

const CELLS: [u8; 3] = [b'.', b'A', b'B'];

fn row_of(mut index: u64, size: usize) -> Row {
    let cells: Vec<u8> = (0..size)
        .map(|_| {
            let c = CELLS[(index % 3) as usize];
            index /= 3;
            c
        })
        .collect();
    Row::from_bytes(&cells).expect("only '.', 'A' and 'B'")
}

fn index_of(row: &Row) -> u64 {
    row.cells().iter().rev().fold(0, |acc, c| {
        acc * 3 + CELLS.iter().position(|x| x == c).expect("a cell") as u64
    })
}

fn letter(player: Player) -> char {
    match player {
        Player::Left => 'A',
        Player::Right => 'B',
    }
}

impl Checked for AbCheck {
    type Prepared = Vec<Outcome>;

    fn name(&self) -> String {
        "ab".to_owned()
    }

    fn size_unit(&self) -> &'static str {
        "cells"
    }

    /// The memoised engine keeps every row of the size in a hash map.
    fn largest_size(&self) -> usize {
        14
    }

    fn work(&self, size: usize) -> u64 {
        3u64.checked_pow(size as u32).unwrap_or(u64::MAX)
    }

    fn prepare(&self, size: usize) -> Vec<Outcome> {
        let mut solver = PartizanSolver::new(&Ab);
        (0..self.work(size))
            .map(|i| solver.outcome(&row_of(i, size)))
            .collect()
    }

    fn check(
        &self,
        outcomes: &Vec<Outcome>,
        size: usize,
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        let n = units.end - units.start;
        for index in units {
            let row = row_of(index, size);
            let expected = outcomes[index as usize];
            let found = (self.form.outcome)(&row);
            if expected != found {
                return Err(Mismatch::new(
                    row.to_string(),
                    format!("outcome {expected}"),
                    format!("outcome {found}"),
                ));
            }
            for player in [Player::Left, Player::Right] {
                let opponent = player.opponent();
                let winning: Vec<AbMove> = Ab
                    .moves_for(&row, player)
                    .into_iter()
                    .filter(|m| {
                        let after = outcomes[index_of(&Ab.play(&row, m)) as usize];
                        match opponent {
                            Player::Left => !after.left_starting_wins(),
                            Player::Right => !after.right_starting_wins(),
                        }
                    })
                    .collect();
                let found = (self.form.winning_moves)(&row, player);
                same_moves(
                    || format!("{row} ({} to move)", letter(player)),
                    "winning moves",
                    &winning,
                    &found,
                )?;
            }
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
        assert_eq!(row_of(1 + 2 * 9, 3).to_string(), "A.B");
        for i in 0..243 {
            assert_eq!(index_of(&row_of(i, 5)), i);
        }
    }

    #[test]
    fn closed_form_agrees_with_the_engine() {
        let report = verify(&AbCheck::new(), 8, &());
        assert_eq!(report.mismatch, None);
        assert_eq!(report.positions, (0..=8).map(|n| 3u64.pow(n)).sum::<u64>());
    }

    #[test]
    fn a_wrong_outcome_is_caught() {
        // Forgetting the last letter's room when the count of letters is odd.
        let form = AbForm {
            outcome: |row| {
                let cells = row.cells();
                let letters = cells.iter().filter(|&&c| c != b'.').count();
                let mut s = Summary::of_cells(cells);
                if letters % 2 == 1 {
                    let last = cells.iter().rposition(|&c| c != b'.').unwrap();
                    let room = (cells.len() - last - 1) as u64;
                    match cells[last] {
                        b'A' => s.reserve_a -= room,
                        _ => s.reserve_b -= room,
                    }
                }
                s.outcome()
            },
            ..AbForm::default()
        };
        let c = verify(&AbCheck::with_form(form), 6, &())
            .mismatch
            .expect("the missing reserve is caught");
        // Of 2 cells, in order `..`, `A.`: a lone A with one cell of room wins as
        // A and loses as B (class L), not P.
        assert_eq!(c.size, 2);
        assert_eq!(c.mismatch, Mismatch::new("A.", "outcome L", "outcome P"));
    }
}
