//! The explanation of a table position: the reduction in data and in sentences.

use super::{render_win_table, Cell, Neighbour, Reduction, TablePosition, WINDOW};
use crate::ruleset::Explanation;

/// Explains a table position in O(N + M) (O(1) once a position of its table has
/// built the solvers): the reduction as [`Reduction`] data and as
/// sentences (who wins, why, with which moves, and the nimber), and the win table
/// around the stone when the table is small.
///
/// The nimber comes from the closed form ([`TableNimbers`](super::TableNimbers)), so it is exact for every
/// table, however large.
///
/// ```
/// use grundy_games::rules::table::explain;
///
/// let e = explain(&"101/01@2,3".parse().unwrap());
/// assert_eq!(e.reduction["to_move_wins"], true);
/// assert_eq!(e.reduction["nimber"], 1);
/// assert!(e.sentences.iter().any(|l| l.contains("Alice wins by moving up")));
/// ```
pub fn explain(pos: &TablePosition) -> Explanation {
    let solver = pos.solver();
    let reduction = Reduction::with(solver, pos.nimbers(), pos.cell());
    let moves = solver.winning_moves(pos.cell());
    let mut sentences = sentences(&reduction, &moves_in_words(&moves));
    if reduction.n <= WINDOW && reduction.m <= WINDOW {
        sentences.push(
            "The win table (W: the player to move wins, L: loses; the stone in brackets):"
                .to_owned(),
        );
        sentences.extend(render_win_table(solver, Some(pos.cell())));
    }
    Explanation {
        // Integers, booleans and cells: serialising cannot fail.
        reduction: serde_json::to_value(&reduction).expect("a reduction serialises"),
        sentences,
    }
}

/// `(x, y)` as in the sentences.
fn at(cell: Cell) -> String {
    format!("({}, {})", cell.x, cell.y)
}

fn wl(wins: bool) -> &'static str {
    if wins {
        "W"
    } else {
        "L"
    }
}

fn moves_in_words(moves: &[super::TableMove]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// What a move reaches, e.g. `(0, 3), a boundary cell marked 1, so W`.
fn describe(n: &Neighbour) -> String {
    if n.boundary {
        format!(
            "{}, a boundary cell marked {}, so {}",
            at(n.cell),
            u8::from(n.to_move_wins),
            wl(n.to_move_wins)
        )
    } else {
        format!("{}, which is {}", at(n.cell), wl(n.to_move_wins))
    }
}

fn sentences(r: &Reduction, winning: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let cell = at(r.cell);
    let digits = "Digit y of the top string is 1 when the player who moves the stone into \
                  (0, y) loses, 0 when that player wins; digit x of the left string says \
                  the same of (x, 0). So the player to move from a boundary cell marked 1 \
                  has won (W), from one marked 0 has lost (L).";
    if r.boundary {
        lines.push(format!(
            "The stone is on the boundary cell {cell} of a table with N = {} rows and \
             M = {} columns inside the boundary: the game is over.",
            r.n, r.m
        ));
        lines.push(digits.to_owned());
        if r.to_move_wins {
            lines.push(format!(
                "{cell} is marked 1: the player who moved the stone there lost, so Alice, \
                 to move, has won; there is no move. As an impartial game a won end \
                 counts as one move to a position of nimber 0, so the nimber is {}.",
                r.nimber
            ));
        } else {
            lines.push(format!(
                "{cell} is marked 0: the player who moved the stone there won, so Alice, \
                 to move, has lost; there is no move and the nimber is {}.",
                r.nimber
            ));
        }
        return lines;
    }
    lines.push(format!(
        "The stone is on {cell} of a table with N = {} rows and M = {} columns inside the \
         boundary; Alice, the first player, moves it up or left, then Bob, and so on.",
        r.n, r.m
    ));
    lines.push(digits.to_owned());
    lines.push(
        "Inside the table a cell is W exactly when a move up or left reaches an L cell: \
         W(x, y) = 1 when W(x-1, y) = 0 or W(x, y-1) = 0."
            .to_owned(),
    );
    let line = |c: Cell| {
        if c.x <= c.y {
            format!("row {}", c.x)
        } else {
            format!("column {}", c.y)
        }
    };
    if r.steps_back > 0 {
        lines.push(format!(
            "Diagonal rule: an L cell makes the next cell down its diagonal L, and so does \
             a W cell once both its coordinates are 2 or more; so every cell with x, y >= 3 \
             has the outcome of the cell one step back on its diagonal. {cell} goes {} \
             step{} back to {} on {}, read from rows and columns 0..=3, which take \
             O(N + M) to fill.",
            r.steps_back,
            if r.steps_back == 1 { "" } else { "s" },
            at(r.reduced),
            line(r.reduced)
        ));
    } else {
        lines.push(format!(
            "Diagonal rule: not needed, {cell} lies on {} and is read directly from rows \
             and columns 0..=3, which take O(N + M) to fill.",
            line(r.cell)
        ));
    }
    let (up, left) = (
        r.up.expect("an inner cell has an upper neighbour"),
        r.left.expect("an inner cell has a left neighbour"),
    );
    lines.push(format!(
        "Moving up reaches {}; moving left reaches {}.",
        describe(&up),
        describe(&left)
    ));
    if r.to_move_wins {
        lines.push(format!(
            "So {cell} is W: Alice wins by moving {winning}, which leaves Bob on an L cell."
        ));
    } else {
        lines.push(format!(
            "So {cell} is L: both moves leave Bob on a W cell, and Bob wins."
        ));
    }
    lines.push(format!(
        "As an impartial game the position has nimber {} = mex{{{}, {}}}, the mex of the \
         nimbers of the cells a move reaches; nimbers obey the diagonal rule from row and \
         column 4 on.",
        r.nimber, up.nimber, left.nimber
    ));
    lines
}
