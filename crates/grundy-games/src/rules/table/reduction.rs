//! The closed form's reasoning about one cell, as data.

use serde::Serialize;

use super::{Cell, TableNimbers, TablePosition, TableSolver};
use crate::values::Nimber;

/// How the closed form decides one cell: the diagonal rule that takes it back to rows
/// and columns 0..=3, and the two cells a move reaches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reduction {
    /// N: the number of rows below the boundary row (the left string's length).
    pub n: usize,
    /// M: the number of columns right of the boundary column (the top string's length).
    pub m: usize,
    /// The stone's cell.
    pub cell: Cell,
    /// Whether the cell is on row 0 or column 0, where the game is over.
    pub boundary: bool,
    /// How many steps back along its diagonal the cell goes: min(x, y) - 3, or 0.
    pub steps_back: usize,
    /// The cell on row or column 3 or less with the same outcome and nimber.
    pub reduced: Cell,
    /// The cell a move up reaches, if the cell is inside the table.
    pub up: Option<Neighbour>,
    /// The cell a move left reaches, if the cell is inside the table.
    pub left: Option<Neighbour>,
    /// Whether the player to move wins.
    pub to_move_wins: bool,
    /// The cell's nimber.
    pub nimber: Nimber,
}

/// A cell one move away, with its value for the player then to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Neighbour {
    /// The cell.
    pub cell: Cell,
    /// Whether it is a boundary cell (its value is then its digit).
    pub boundary: bool,
    /// Whether the player to move from it wins.
    pub to_move_wins: bool,
    /// Its nimber.
    pub nimber: Nimber,
}

impl Reduction {
    /// The reduction of a position, in O(N + M) for the first position of its table
    /// that asks (the solvers are the table's), O(1) after.
    pub fn new(pos: &TablePosition) -> Reduction {
        Reduction::with(pos.solver(), pos.nimbers(), pos.cell())
    }

    /// The reduction of `cell` with solvers already built for its table, in O(1).
    ///
    /// # Panics
    /// If `cell` is off the table or the two solvers are for tables of different sizes.
    pub fn with(solver: &TableSolver, nimbers: &TableNimbers, cell: Cell) -> Reduction {
        assert_eq!(
            (solver.rows(), solver.columns()),
            (nimbers.rows(), nimbers.columns()),
            "the solvers are for tables of different sizes"
        );
        assert!(solver.contains(cell), "cell ({cell}) is off the table");
        let reduced = TableSolver::reduce(cell);
        let neighbour = |c: Cell| Neighbour {
            cell: c,
            boundary: c.x == 0 || c.y == 0,
            to_move_wins: solver.wins(c.x, c.y),
            nimber: nimbers.nimber(c),
        };
        let inside = cell.x > 0 && cell.y > 0;
        Reduction {
            n: solver.rows(),
            m: solver.columns(),
            cell,
            boundary: !inside,
            steps_back: cell.x - reduced.x,
            reduced,
            up: inside.then(|| {
                neighbour(Cell {
                    x: cell.x - 1,
                    y: cell.y,
                })
            }),
            left: inside.then(|| {
                neighbour(Cell {
                    x: cell.x,
                    y: cell.y - 1,
                })
            }),
            to_move_wins: (cell.x, cell.y) != (0, 0) && solver.wins(cell.x, cell.y),
            nimber: nimbers.nimber(cell),
        }
    }
}
