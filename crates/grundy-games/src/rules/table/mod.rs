//! The table game (TABGAME).
//!
//! # Rules
//! A table of (N+1)×(M+1) cells (x, y), 0 ≤ x ≤ N, 0 ≤ y ≤ M. A stone stands on a cell
//! with x, y ≥ 1. A move takes it one cell up, to (x-1, y), or one cell left, to
//! (x, y-1). The game ends as soon as the stone reaches row 0 or column 0. Two
//! boundary strings decide who won: digit y of the top string (length M) is `1` when
//! the player who moved the stone into (0, y) **loses**, `0` when that player wins;
//! digit x of the left string (length N) says the same of (x, 0).
//!
//! So the player to move from a boundary cell marked `1` has won, from one marked
//! `0` has lost: the game is decided there otherwise than by running out of moves
//! ([`Ruleset::decided`](crate::ruleset::RulesetExt::decided)). The
//! players are Alice, who moves first, and Bob.
//!
//! # Notation
//! A position is `TOP/LEFT@X,Y`: the top string, the left string and the stone's cell,
//! e.g. `101/01@2,3`; the corner (0, 0), which the stone never reaches, is not a
//! position. Moves are `up` and `left` (`u` and `l` for short).
//!
//! # Closed form
//! Write W(x, y) for "the player to move from (x, y) wins" and G(x, y) for the cell's
//! nimber (Grundy value). On the boundary W is the digit and G is `*` or `0` (a
//! decided position counts as `*` when won, `0` when lost). Inside, W(x, y) = 1
//! exactly when W(x-1, y) = 0 or W(x, y-1) = 0, and G(x, y) = mex{G(x-1, y),
//! G(x, y-1)}, which is 0, `*` or `*2`.
//!
//! 1. *Losses persist along diagonals.* If (x, y) with x, y ≥ 1 is lost, both cells
//!    after it, (x+1, y) and (x, y+1), are won (they can move to it), so (x+1, y+1)
//!    is lost. (A lost boundary cell has only one cell after it and proves nothing.)
//! 2. *From row and column 3 on, wins persist too.* Let x, y ≥ 3 and (x-1, y-1) be
//!    won, say because (x-2, y-1) is lost (the other case is its mirror image). As
//!    x-2 ≥ 1, rule 1 makes (x-1, y) lost, and (x, y) can move there. So
//!    W(x, y) = W(x-1, y-1) whenever x, y ≥ 3.
//! 3. *From row and column 4 on, nimbers persist.* Let x, y ≥ 4. If (x, y) is lost,
//!    so is (x-1, y-1) by rule 2, and both have nimber 0. If both neighbours of (x, y)
//!    are lost, so are both neighbours of (x-1, y-1) (rule 2, as x, y ≥ 4), and both
//!    nimbers are `*`. Otherwise (x, y) is won with one lost neighbour, say (x, y-1),
//!    and one won neighbour (x-1, y). That cell is won although its left neighbour
//!    (x-1, y-1) is won (rule 2), so its upper neighbour is lost. With
//!    f(v) = mex{0, v}, which swaps `*` and `*2`,
//!    G(x, y) = f(G(x-1, y)) = f(f(G(x-1, y-1))) = G(x-1, y-1).
//!
//! So rows and columns 0..=3 of both tables, filled in O(N + M), answer every cell in
//! O(1): a cell with x, y ≥ 4 goes d = min(x, y) - 3 steps back along its diagonal to
//! a cell on row or column 3 ([`TableSolver::reduce`]). [`TableSolver`] answers who
//! wins and which moves win, [`TableNimbers`] the nimber, and [`explain`] explains a
//! position ([`Reduction`] is the same reasoning as data).
//!
//! # Commands
//! [`SPEC`] registers the game as `table`; [`TableGame`] implements
//! [`Ruleset`](crate::ruleset::Ruleset) on [`TablePosition`]s. `grundy verify` of
//! size n checks every cell but the corner of every table whose longer side is n,
//! with every pair of boundary strings.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::rules::notation::{check_alphabet, Found, NotationError};

mod explain;
mod moves;
mod nimbers;
mod position;
mod reduction;
mod render;
mod ruleset;

pub use explain::explain;
pub use nimbers::TableNimbers;
pub use position::TablePosition;
pub use reduction::{Neighbour, Reduction};
pub use render::{render_win_table, WINDOW};
pub use ruleset::{shapes, TableGame, LARGEST_VERIFIED, SPEC};

/// A table: the two boundary strings, as booleans "the player to move from this
/// boundary cell wins" (the digit `1`). Its positions are the cells
/// ([`legal_moves`](Table::legal_moves), [`after`](Table::after)); the ruleset's
/// positions are a table with a cell ([`TablePosition`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    top: Vec<bool>,
    left: Vec<bool>,
}

impl Table {
    /// A table from its top string (length M) and left string (length N), each of
    /// `0`/`1` digits and non-empty.
    pub fn new(top: &str, left: &str) -> Result<Table, NotationError> {
        for (text, offset) in [(top, 0), (left, top.chars().count() + 1)] {
            check_alphabet(text, b"01", "'0' or '1'").map_err(|mut e| {
                e.column += offset;
                e
            })?;
            if text.is_empty() {
                return Err(NotationError::new(
                    offset + 1,
                    "a boundary string of '0' and '1'",
                    Found::End,
                ));
            }
        }
        Ok(Table {
            top: top.bytes().map(|b| b == b'1').collect(),
            left: left.bytes().map(|b| b == b'1').collect(),
        })
    }

    /// N: the number of rows with a boundary cell in column 0 (the left string's length).
    pub fn rows(&self) -> usize {
        self.left.len()
    }

    /// M: the number of columns with a boundary cell in row 0 (the top string's length).
    pub fn columns(&self) -> usize {
        self.top.len()
    }

    /// Whether the player to move from the boundary cell `cell` wins (its digit is 1).
    /// `None` for a cell off the boundary or the corner.
    pub fn boundary_wins(&self, cell: Cell) -> Option<bool> {
        match (cell.x, cell.y) {
            (0, 0) => None,
            (0, y) => self.top.get(y - 1).copied(),
            (x, 0) => self.left.get(x - 1).copied(),
            _ => None,
        }
    }

    /// Whether `cell` lies on the table (0 ≤ x ≤ N, 0 ≤ y ≤ M).
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x <= self.rows() && cell.y <= self.columns()
    }

    /// The top string as digits.
    pub fn top_string(&self) -> String {
        digits(&self.top)
    }

    /// The left string as digits.
    pub fn left_string(&self) -> String {
        digits(&self.left)
    }
}

fn digits(bits: &[bool]) -> String {
    bits.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.top_string(), self.left_string())
    }
}

/// A cell (x, y) of the table: row x, column y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Cell {
    /// The row, 0 ≤ x ≤ N.
    pub x: usize,
    /// The column, 0 ≤ y ≤ M.
    pub y: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A move of the stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableMove {
    /// From (x, y) to (x-1, y).
    Up,
    /// From (x, y) to (x, y-1).
    Left,
}

impl fmt::Display for TableMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableMove::Up => "up",
            TableMove::Left => "left",
        })
    }
}

impl FromStr for TableMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<TableMove, NotationError> {
        match s {
            "up" | "u" => Ok(TableMove::Up),
            "left" | "l" => Ok(TableMove::Left),
            _ => Err(NotationError::new(
                1,
                "'up' or 'left'",
                Found::Text(s.to_owned()),
            )),
        }
    }
}

impl Table {
    /// The cell the stone reaches by `mv` from `pos`.
    pub fn after(&self, pos: &Cell, mv: &TableMove) -> Cell {
        match mv {
            TableMove::Up => Cell {
                x: pos.x - 1,
                y: pos.y,
            },
            TableMove::Left => Cell {
                x: pos.x,
                y: pos.y - 1,
            },
        }
    }

    /// `up` and `left` from a cell inside the table; none on the boundary.
    pub fn legal_moves(&self, pos: &Cell) -> Vec<TableMove> {
        if pos.x >= 1 && pos.y >= 1 {
            vec![TableMove::Up, TableMove::Left]
        } else {
            Vec::new()
        }
    }
}

/// The closed-form solver: rows and columns 0..=3 of the win table, built in
/// O(N + M) from the boundary strings, answer any cell in O(1).
#[derive(Clone, Debug)]
pub struct TableSolver {
    /// `rows[x][y]` for x in 0..=3 (as far as the table reaches), y in 0..=M.
    rows: Vec<Vec<bool>>,
    /// `cols[y][x]` for y in 0..=3 (as far as the table reaches), x in 0..=N.
    cols: Vec<Vec<bool>>,
}

impl TableSolver {
    /// Builds the solver from the boundary strings as ASCII digits (`b'1'` is "the
    /// player to move from there wins"; any other byte is `0`).
    pub fn from_digits(top: &[u8], left: &[u8]) -> TableSolver {
        // The recurrence W(x, y) = !(W(x-1, y) && W(x, y-1)), one row (or column) after
        // the other, each pass over a slice of the previous one.
        // Two cells per step: with t = before[y] && line[y-1], cell y is !t and cell
        // y+1 is !(before[y+1] && !t) = !before[y+1] || t, so the chain of dependent
        // operations is two per pair of cells rather than two per cell.
        fn next(before: &[bool], first: bool) -> Vec<bool> {
            let mut line = vec![false; before.len()];
            line[0] = first;
            let mut prev = first;
            let mut out = line[1..].chunks_exact_mut(2);
            let mut from = before[1..].chunks_exact(2);
            for (o, b) in (&mut out).zip(&mut from) {
                let t = b[0] & prev;
                o[0] = !t;
                prev = !b[1] | t;
                o[1] = prev;
            }
            if let (Some(o), Some(&b)) =
                (out.into_remainder().first_mut(), from.remainder().first())
            {
                *o = !(b & prev);
            }
            line
        }
        let digit = |&d: &u8| d == b'1';
        let mut rows = Vec::with_capacity(4);
        rows.push(
            [false]
                .into_iter()
                .chain(top.iter().map(digit))
                .collect::<Vec<bool>>(),
        );
        for x in 1..=left.len().min(3) {
            let row = next(&rows[x - 1], digit(&left[x - 1]));
            rows.push(row);
        }
        let mut cols = Vec::with_capacity(4);
        cols.push(
            [false]
                .into_iter()
                .chain(left.iter().map(digit))
                .collect::<Vec<bool>>(),
        );
        for y in 1..=top.len().min(3) {
            let col = next(&cols[y - 1], digit(&top[y - 1]));
            cols.push(col);
        }
        TableSolver { rows, cols }
    }

    /// Builds the solver for a [`Table`].
    pub fn new(table: &Table) -> TableSolver {
        TableSolver::build(
            table.columns(),
            table.rows(),
            |y| table.top[y - 1],
            |x| table.left[x - 1],
        )
    }

    fn build(
        m: usize,
        n: usize,
        top: impl Fn(usize) -> bool,
        left: impl Fn(usize) -> bool,
    ) -> TableSolver {
        let mut rows = Vec::with_capacity(4);
        rows.push((0..=m).map(|y| y > 0 && top(y)).collect::<Vec<bool>>());
        for x in 1..=n.min(3) {
            let above: &Vec<bool> = &rows[x - 1];
            let mut row = Vec::with_capacity(m + 1);
            row.push(left(x));
            for y in 1..=m {
                row.push(!(above[y] && row[y - 1]));
            }
            rows.push(row);
        }
        let mut cols = Vec::with_capacity(4);
        cols.push((0..=n).map(|x| x > 0 && left(x)).collect::<Vec<bool>>());
        for y in 1..=m.min(3) {
            let before: &Vec<bool> = &cols[y - 1];
            let mut col = Vec::with_capacity(n + 1);
            col.push(top(y));
            for x in 1..=n {
                col.push(!(col[x - 1] && before[x]));
            }
            cols.push(col);
        }
        TableSolver { rows, cols }
    }

    /// The cell on row or column 3 or less that `cell` reduces to along its diagonal.
    pub fn reduce(cell: Cell) -> Cell {
        let d = cell.x.min(cell.y).saturating_sub(3);
        Cell {
            x: cell.x - d,
            y: cell.y - d,
        }
    }

    /// Whether the player to move from `(x, y)` wins, for 1 ≤ x ≤ N, 1 ≤ y ≤ M.
    /// Boundary cells answer their digit.
    #[inline]
    pub fn wins(&self, x: usize, y: usize) -> bool {
        let d = x.min(y).saturating_sub(3);
        let (x, y) = (x - d, y - d);
        if x < self.rows.len() {
            self.rows[x][y]
        } else {
            self.cols[y][x]
        }
    }
}
