//! The win table as text, for explanations.

use super::{Cell, TableSolver};

/// How many rows and columns past the boundary [`render_win_table`] shows.
pub const WINDOW: usize = 8;

/// Rows 0..=min(N, [`WINDOW`]) and columns 0..=min(M, [`WINDOW`]) of the win table as
/// text lines: `W` where the player to move wins, `L` where they lose (on the boundary
/// that is the digit `1` or `0`), `.` for the corner, and brackets around `stone`.
///
/// ```
/// use grundy_games::rules::table::{render_win_table, Cell, TableSolver};
///
/// let solver = TableSolver::from_digits(b"101", b"01");
/// assert_eq!(
///     render_win_table(&solver, Some(Cell { x: 2, y: 3 })),
///     ["x\\y  0  1  2  3", "  0  .  W  L  W", "  1  L  W  W  L", "  2  W  L  W [W]"]
/// );
/// ```
pub fn render_win_table(solver: &TableSolver, stone: Option<Cell>) -> Vec<String> {
    let rows = solver.rows().min(WINDOW);
    let columns = solver.columns().min(WINDOW);
    let mut lines = Vec::with_capacity(rows + 2);
    let mut header = String::from("x\\y ");
    for y in 0..=columns {
        header.push_str(&format!("{y:>2} "));
    }
    lines.push(header.trim_end().to_owned());
    for x in 0..=rows {
        let mut line = format!("{x:>3} ");
        for y in 0..=columns {
            let mark = if (x, y) == (0, 0) {
                '.'
            } else if solver.wins(x, y) {
                'W'
            } else {
                'L'
            };
            if stone == Some(Cell { x, y }) {
                line.push_str(&format!("[{mark}]"));
            } else {
                line.push_str(&format!(" {mark} "));
            }
        }
        lines.push(line.trim_end().to_owned());
    }
    lines
}
