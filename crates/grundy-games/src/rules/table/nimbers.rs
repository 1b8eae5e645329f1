//! The nimber of every cell in closed form.

use super::{Cell, Table, TableSolver};
use crate::values::Nimber;

/// The nimbers (Grundy values, 0, 1 or 2) of every cell, from rows and columns 0..=3
/// filled in O(N + M); any cell answers in O(1) by the diagonal rule (nimbers persist
/// along diagonals from row and column 4 on; see the module documentation).
///
/// The game is decided on the boundary: a cell marked `1` (won for the player to
/// move) has nimber `*`, as if it had one move to a position of nimber 0; one marked
/// `0` and the corner have nimber 0.
#[derive(Clone, Debug)]
pub struct TableNimbers {
    /// `rows[x][y]` for x in 0..=min(N, 3), y in 0..=M.
    rows: Vec<Vec<u8>>,
    /// `cols[y][x]` for y in 0..=min(M, 3), x in 0..=N.
    cols: Vec<Vec<u8>>,
}

/// The mex of two nimbers below 3.
fn mex2(a: u8, b: u8) -> u8 {
    match (a.min(b), a.max(b)) {
        (0, 1) => 2,
        (0, _) => 1,
        _ => 0,
    }
}

impl TableNimbers {
    /// The nimbers of `table`.
    pub fn new(table: &Table) -> TableNimbers {
        let (n, m) = (table.rows(), table.columns());
        let digit = |x: usize, y: usize| u8::from(table.boundary_wins(Cell { x, y }) == Some(true));
        let mut rows: Vec<Vec<u8>> = vec![(0..=m).map(|y| digit(0, y)).collect()];
        for x in 1..=n.min(3) {
            let mut row = Vec::with_capacity(m + 1);
            row.push(digit(x, 0));
            for y in 1..=m {
                row.push(mex2(rows[x - 1][y], row[y - 1]));
            }
            rows.push(row);
        }
        let mut cols: Vec<Vec<u8>> = vec![(0..=n).map(|x| digit(x, 0)).collect()];
        for y in 1..=m.min(3) {
            let mut col = Vec::with_capacity(n + 1);
            col.push(digit(0, y));
            for x in 1..=n {
                col.push(mex2(col[x - 1], cols[y - 1][x]));
            }
            cols.push(col);
        }
        TableNimbers { rows, cols }
    }

    /// N: the number of rows below the boundary row.
    pub fn rows(&self) -> usize {
        self.cols[0].len() - 1
    }

    /// M: the number of columns right of the boundary column.
    pub fn columns(&self) -> usize {
        self.rows[0].len() - 1
    }

    /// The nimber of `cell`, anywhere on the table including the boundary and the corner.
    ///
    /// # Panics
    /// If `cell` is off the table.
    pub fn nimber(&self, cell: Cell) -> Nimber {
        assert!(
            cell.x <= self.rows() && cell.y <= self.columns(),
            "cell ({cell}) is off the {}×{} table",
            self.rows(),
            self.columns()
        );
        let Cell { x, y } = TableSolver::reduce(cell);
        let v = if x < self.rows.len() {
            self.rows[x][y]
        } else {
            self.cols[y][x]
        };
        Nimber(u128::from(v))
    }
}
