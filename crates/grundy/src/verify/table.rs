//! The table game: every pair of boundary strings and every cell.

use std::ops::Range;

use crate::engine::ImpartialSolver;
use crate::game::Impartial;
use crate::rules::table::{Cell, Table, TableMove, TablePosition, TableSolver};
use crate::verify::{same_moves, Checked, Mismatch};

/// The closed form under test: who wins from a cell and with which moves.
///
/// [`TableForm::default`] is the library's; a test may put a wrong one in its place.
#[derive(Clone, Copy, Debug)]
pub struct TableForm {
    /// Whether the player to move from a cell wins (boundary cells included).
    pub wins: fn(&TableSolver, Cell) -> bool,
    /// Every winning move from a cell (on a boundary cell marked `1`, the claim).
    pub winning_moves: fn(&TableSolver, Cell) -> Vec<TableMove>,
}

impl Default for TableForm {
    fn default() -> Self {
        TableForm {
            wins: |solver, cell| solver.wins(cell.x, cell.y),
            winning_moves: TableSolver::winning_moves,
        }
    }
}

/// Checks the table closed form on every table whose longer side is `size`.
///
/// A table of N rows and M columns (the lengths of the left and top strings) has
/// size max(N, M). For each of its 2^(N+M) pairs of boundary strings, the memoised
/// engine solves every cell from (N, M) down, and every cell off the corner, the
/// boundary included, is compared: who wins, and the winning moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct TableCheck {
    form: TableForm,
}

impl TableCheck {
    /// Checks the library's closed form.
    pub fn new() -> TableCheck {
        TableCheck::default()
    }

    /// Checks `form`.
    pub fn with_form(form: TableForm) -> TableCheck {
        TableCheck { form }
    }
}

/// The shapes (rows N, columns M) of size `size`, in order.
fn shapes(size: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=size).flat_map(move |n| {
        (1..=size)
            .filter(move |&m| n.max(m) == size)
            .map(move |m| (n, m))
    })
}

fn digits(bits: u64, len: usize) -> String {
    (0..len)
        .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

impl Checked for TableCheck {
    type Prepared = Vec<(usize, usize, u64)>;

    fn name(&self) -> String {
        "table".to_owned()
    }

    fn size_unit(&self) -> &'static str {
        "rows or columns"
    }

    fn smallest_size(&self) -> usize {
        1
    }

    /// Beyond this the 4^size boundary pairs would take years.
    fn largest_size(&self) -> usize {
        20
    }

    fn work(&self, size: usize) -> u64 {
        shapes(size)
            .map(|(n, m)| 1u64.checked_shl((n + m) as u32).unwrap_or(u64::MAX))
            .fold(0, u64::saturating_add)
    }

    /// Each shape with the number of its first unit.
    fn prepare(&self, size: usize) -> Self::Prepared {
        let mut start = 0u64;
        shapes(size)
            .map(|(n, m)| {
                let first = start;
                start += 1 << (n + m);
                (n, m, first)
            })
            .collect()
    }

    fn check(
        &self,
        shapes: &Self::Prepared,
        _size: usize,
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        let mut positions = 0;
        for unit in units {
            let &(n, m, first) = shapes
                .iter()
                .rev()
                .find(|s| s.2 <= unit)
                .expect("unit 0 starts the first shape");
            let bits = unit - first;
            let table = Table::new(&digits(bits, m), &digits(bits >> m, n))
                .expect("boundary strings of digits");
            let closed = TableSolver::new(&table);
            let mut engine = ImpartialSolver::new(&table);
            engine.grundy(&Cell { x: n, y: m });
            for x in 0..=n {
                for y in 0..=m {
                    if x == 0 && y == 0 {
                        continue;
                    }
                    let cell = Cell { x, y };
                    let position = || {
                        TablePosition {
                            table: table.clone(),
                            cell,
                        }
                        .to_string()
                    };
                    let expected = engine.to_move_wins(&cell);
                    let found = (self.form.wins)(&closed, cell);
                    if expected != found {
                        let says = |w: bool| if w { "mover wins" } else { "mover loses" };
                        return Err(Mismatch::new(position(), says(expected), says(found)));
                    }
                    let winning = engine.winning_moves(&cell);
                    debug_assert!(winning.iter().all(|mv| table.moves(&cell).contains(mv)));
                    let found = (self.form.winning_moves)(&closed, cell);
                    same_moves(position, "winning moves", &winning, &found)?;
                    positions += 1;
                }
            }
        }
        Ok(positions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn shapes_and_work() {
        assert_eq!(shapes(2).collect::<Vec<_>>(), [(1, 2), (2, 1), (2, 2)]);
        assert_eq!(TableCheck::new().work(2), 8 + 8 + 16);
        let p = TableCheck::new().prepare(2);
        assert_eq!(p, [(1, 2, 0), (2, 1, 8), (2, 2, 16)]);
    }

    #[test]
    fn closed_form_agrees_with_the_engine() {
        let report = verify(&TableCheck::new(), 6, &());
        assert_eq!(report.mismatch, None);
        // Every (N, M) up to 6 x 6, every boundary pair, every cell but the corner.
        let cells: u64 = (1..=6u32)
            .flat_map(|n| (1..=6u32).map(move |m| (n, m)))
            .map(|(n, m)| (1u64 << (n + m)) * u64::from((n + 1) * (m + 1) - 1))
            .sum();
        assert_eq!(report.positions, cells);
    }

    #[test]
    fn a_wrong_shortcut_is_caught() {
        // Reducing along the diagonal from row 2 on instead of row 4.
        let form = TableForm {
            wins: |solver, cell| {
                let d = cell.x.min(cell.y).saturating_sub(1);
                solver.wins(cell.x - d, cell.y - d)
            },
            ..TableForm::default()
        };
        let c = verify(&TableCheck::with_form(form), 6, &())
            .mismatch
            .expect("the shortcut is caught");
        // With both boundary strings all zeros, (1, 1) is won and (2, 2) lost; no
        // earlier cell has x, y >= 2.
        assert_eq!(c.size, 2);
        assert_eq!(
            c.mismatch,
            Mismatch::new("00/00@2,2", "mover loses", "mover wins")
        );
    }
}
