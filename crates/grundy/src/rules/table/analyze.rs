//! The explained analysis of a table position.

use super::{
    render_win_table, Cell, Neighbour, Reduction, TableNimbers, TablePosition, TableSolver, WINDOW,
};
use crate::analysis::{Analysis, MoveReport};
use crate::game::Game;
use crate::values::Outcome;

/// Explains a table position in O(N + M): who wins, the nimber, the reduction (as
/// [`Reduction`] data and as sentences) and every winning move.
///
/// The nimber comes from the closed form ([`TableNimbers`]), so it is exact for every
/// table, however large. On a boundary cell marked `1` the one winning move is `claim`,
/// whose `after` names the corner (`TOP/LEFT@0,0`): the engine's marker for a game the
/// claimer has won, which [`TablePosition`] does not accept as input because play
/// never starts or ends there.
///
/// ```
/// use grundy::rules::table::analyze;
///
/// let a = analyze(&"101/01@2,3".parse().unwrap());
/// assert!(a.to_move_wins);
/// assert_eq!(a.value, "*");
/// assert_eq!(a.winning_moves[0].mv, "up");
/// assert_eq!(a.winning_moves[0].after, "101/01@1,3");
/// ```
pub fn analyze(pos: &TablePosition) -> Analysis {
    let solver = TableSolver::new(&pos.table);
    let nimbers = TableNimbers::new(&pos.table);
    let reduction = Reduction::with(&solver, &nimbers, pos.cell);
    let moves = solver.winning_moves(pos.cell);
    let winning_moves = moves
        .iter()
        .map(|mv| MoveReport {
            mv: mv.to_string(),
            after: TablePosition {
                table: pos.table.clone(),
                cell: pos.table.play(&pos.cell, mv),
            }
            .to_string(),
        })
        .collect();
    let mut explanation = explain(&reduction, &moves_in_words(&moves));
    if reduction.n <= WINDOW && reduction.m <= WINDOW {
        explanation.push(
            "The win table (W: the player to move wins, L: loses; the stone in brackets):"
                .to_owned(),
        );
        explanation.extend(render_win_table(&solver, Some(pos.cell)));
    }
    Analysis {
        game: "table".to_owned(),
        rules: String::new(),
        position: pos.to_string(),
        to_move: "first player".to_owned(),
        to_move_wins: reduction.to_move_wins,
        other_to_move_wins: None,
        outcome: if reduction.to_move_wins {
            Outcome::N
        } else {
            Outcome::P
        },
        value: reduction.nimber.into(),
        reduction: serde_json::to_value(&reduction).expect("a reduction serialises"),
        explanation,
        winning_move_count: Some(moves.len() as u128),
        winning_moves,
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

fn explain(r: &Reduction, winning: &str) -> Vec<String> {
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
                 to move, has won. The engine plays this as one move, claim, to the \
                 corner (0, 0), where Bob has no move; so the nimber is {}.",
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
