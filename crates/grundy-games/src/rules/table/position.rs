//! A position of the table game: the table, shared by every position of one game
//! with its closed-form solvers, and the stone's cell.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use super::{Cell, Table, TableMove, TableNimbers, TableSolver};
use crate::rules::heaps::parse_number;
use crate::rules::notation::{Found, NotationError};

/// A table position in the notation `TOP/LEFT@X,Y`: the table and the stone's cell,
/// any cell of the table but the corner.
///
/// Every position a game reaches shares its table, and with it the closed-form
/// solvers ([`solver`](TablePosition::solver), [`nimbers`](TablePosition::nimbers)),
/// built in O(N + M) on first use; equality and hashing read a fingerprint of the
/// table taken once, so the engines can hold many cells of a long table.
///
/// ```
/// use grundy_games::rules::table::{Cell, TableMove, TablePosition};
///
/// let pos: TablePosition = "101/01@2,3".parse().unwrap();
/// assert_eq!(pos.cell(), Cell { x: 2, y: 3 });
/// assert_eq!(pos.after(TableMove::Up).to_string(), "101/01@1,3");
/// assert!(pos.solver().wins(2, 3));
/// ```
#[derive(Clone)]
pub struct TablePosition {
    shared: Arc<Shared>,
    cell: Cell,
}

/// A table with what every position on it shares.
#[derive(Debug)]
pub(super) struct Shared {
    table: Table,
    /// A hash of the table, taken once.
    fingerprint: u64,
    closed: OnceLock<Closed>,
}

/// The closed forms of one table.
#[derive(Debug)]
struct Closed {
    solver: TableSolver,
    nimbers: TableNimbers,
}

impl Shared {
    /// `table`, fingerprinted; its solvers are built when first asked for.
    pub(super) fn new(table: Table) -> Shared {
        // SipHash with fixed keys: the same table always has the same fingerprint.
        let mut hasher = DefaultHasher::new();
        table.hash(&mut hasher);
        Shared {
            fingerprint: hasher.finish(),
            table,
            closed: OnceLock::new(),
        }
    }

    fn closed(&self) -> &Closed {
        self.closed.get_or_init(|| Closed {
            solver: TableSolver::new(&self.table),
            nimbers: TableNimbers::new(&self.table),
        })
    }
}

impl TablePosition {
    /// The stone on `cell` of `table`; `None` when the cell is off the table or is
    /// the corner (0, 0).
    pub fn new(table: Table, cell: Cell) -> Option<TablePosition> {
        (table.contains(cell) && (cell.x, cell.y) != (0, 0))
            .then(|| TablePosition::shared(Arc::new(Shared::new(table)), cell))
    }

    /// The stone on `cell` of a shared table (which must contain it).
    pub(super) fn shared(shared: Arc<Shared>, cell: Cell) -> TablePosition {
        debug_assert!(shared.table.contains(cell));
        TablePosition { shared, cell }
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.shared.table
    }

    /// Where the stone stands.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// Whether the stone is on row 0 or column 0, where the game is over.
    pub fn on_boundary(&self) -> bool {
        self.cell.x == 0 || self.cell.y == 0
    }

    /// The position after `mv`, on the same table. The stone must be inside the
    /// table (off the boundary), where both moves are legal.
    pub fn after(&self, mv: TableMove) -> TablePosition {
        TablePosition {
            shared: Arc::clone(&self.shared),
            cell: self.table().after(&self.cell, &mv),
        }
    }

    /// The table's win/loss solver, built on first use by any position of the game.
    pub fn solver(&self) -> &TableSolver {
        &self.shared.closed().solver
    }

    /// The table's nimbers, built on first use by any position of the game.
    pub fn nimbers(&self) -> &TableNimbers {
        &self.shared.closed().nimbers
    }
}

impl PartialEq for TablePosition {
    fn eq(&self, other: &TablePosition) -> bool {
        self.cell == other.cell
            && (Arc::ptr_eq(&self.shared, &other.shared)
                || (self.shared.fingerprint == other.shared.fingerprint
                    && self.shared.table == other.shared.table))
    }
}

impl Eq for TablePosition {}

impl Hash for TablePosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.shared.fingerprint);
        self.cell.hash(state);
    }
}

/// Shows the notation, `TablePosition("101/01@2,3")`.
impl fmt::Debug for TablePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TablePosition")
            .field(&self.to_string())
            .finish()
    }
}

impl FromStr for TablePosition {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<TablePosition, NotationError> {
        let col = |byte_index: usize| s[..byte_index].chars().count();
        let slash = s.find('/').ok_or_else(|| {
            let i = s
                .chars()
                .position(|c| c != '0' && c != '1')
                .unwrap_or(s.chars().count());
            NotationError::at(s, i, "'0', '1' or '/' (TOP/LEFT@X,Y)")
        })?;
        let at = s.find('@').ok_or_else(|| {
            let i = s.chars().count();
            NotationError::at(s, i, "'@' and the cell (TOP/LEFT@X,Y)")
        })?;
        if at < slash {
            return Err(NotationError::at(
                s,
                col(at),
                "'/' before '@' (TOP/LEFT@X,Y)",
            ));
        }
        let table = Table::new(&s[..slash], &s[slash + 1..at]).map_err(|e| match e.found {
            // An empty boundary string ends at the '/' or '@' after it: name that.
            Found::End => NotationError::at(s, e.column - 1, e.expected),
            _ => e,
        })?;
        let cell_text = &s[at + 1..];
        let comma = cell_text
            .find(',')
            .ok_or_else(|| NotationError::at(s, s.chars().count(), "',' and the column Y"))?;
        // The number in the bytes `start..end` of `s` ([`parse_number`]: an error
        // names the first character that is not a digit, or what stands where none is).
        let number = |start: usize, end: usize, what: &str| -> Result<usize, NotationError> {
            let n = parse_number(s, start..end, what)?;
            usize::try_from(n).map_err(|_| {
                NotationError::new(col(start) + 1, what, Found::Text(s[start..end].to_owned()))
            })
        };
        let x_start = at + 1;
        let y_start = x_start + comma + 1;
        let x = number(x_start, y_start - 1, "a row number X")?;
        let y = number(y_start, s.len(), "a column number Y")?;
        let cell = Cell { x, y };
        if (x, y) == (0, 0) {
            return Err(NotationError::new(
                col(x_start) + 1,
                "a cell other than the corner 0,0",
                Found::Text(cell.to_string()),
            ));
        }
        if x > table.rows() || y > table.columns() {
            // Point at the coordinate that is out of range.
            let start = if x <= table.rows() && y > table.columns() {
                y_start
            } else {
                x_start
            };
            return Err(NotationError::new(
                col(start) + 1,
                format!(
                    "a cell with 0 <= X <= {} and 0 <= Y <= {}",
                    table.rows(),
                    table.columns()
                ),
                Found::Text(cell.to_string()),
            ));
        }
        Ok(TablePosition::shared(Arc::new(Shared::new(table)), cell))
    }
}

impl fmt::Display for TablePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.table(), self.cell)
    }
}
