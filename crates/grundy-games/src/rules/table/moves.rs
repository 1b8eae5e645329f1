//! The closed-form winning-move finder: no search, O(1) per cell.

use super::{Cell, TableMove, TableSolver};

impl TableSolver {
    /// N: the number of rows below the boundary row.
    pub fn rows(&self) -> usize {
        self.cols[0].len() - 1
    }

    /// M: the number of columns right of the boundary column.
    pub fn columns(&self) -> usize {
        self.rows[0].len() - 1
    }

    /// Whether `cell` lies on the table (0 ≤ x ≤ N, 0 ≤ y ≤ M).
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x <= self.rows() && cell.y <= self.columns()
    }

    /// Every winning move from `cell`, in the order [`grundy_engine::Impartial::moves`] lists
    /// the ruleset's moves, exactly as the exhaustive engine would find them.
    ///
    /// Inside the table, `up` (`left`) wins when the cell it reaches is lost for the
    /// player then to move: a boundary cell marked `0`, or an inner cell the closed
    /// form [`TableSolver::wins`] calls lost. On the boundary the game is over and
    /// there is no move at all.
    ///
    /// # Panics
    /// If `cell` is off the table (see [`TableSolver::contains`]).
    pub fn winning_moves(&self, cell: Cell) -> Vec<TableMove> {
        assert!(
            self.contains(cell),
            "cell ({cell}) is off the {}×{} table",
            self.rows(),
            self.columns()
        );
        let Cell { x, y } = cell;
        if x == 0 || y == 0 {
            return Vec::new();
        }
        let mut moves = Vec::with_capacity(2);
        if !self.wins(x - 1, y) {
            moves.push(TableMove::Up);
        }
        if !self.wins(x, y - 1) {
            moves.push(TableMove::Left);
        }
        moves
    }
}
