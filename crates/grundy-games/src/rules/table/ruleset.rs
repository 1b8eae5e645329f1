//! The table game through the ruleset contract: its registry entry, the players
//! Alice and Bob, the boundary that decides the game, and the positions `grundy
//! verify` checks.

use std::cell::RefCell;
use std::ops::RangeInclusive;
use std::sync::Arc;

use super::position::Shared;
use super::{explain, Cell, Table, TableMove, TablePosition};
use crate::dynamic::{either_convention, RulesetSpec};
use crate::game::Player;
use crate::play::capitalise;
use crate::rules::NotationError;
use crate::ruleset::{nimber, Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::ruleset::{Capabilities, ClosedForm, End, Enumerate, Presentation, WebBoard};
use crate::values::Value;

/// The table game in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "table",
    about: "The table game (TABGAME): TOP/LEFT@X,Y.",
    example: "101/01@2,3",
    params: &[],
    build: |_, convention| either_convention(TableGame, convention),
};

/// The table game as a ruleset. It has no parameters: the boundary strings belong
/// to the position ([`TablePosition`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TableGame;

/// The largest size `grundy verify` takes: size 8 takes 27 CPU seconds and 460 MB,
/// each size more about 5 times the time (the pairs of boundary strings), so 9 is
/// the last within minutes.
pub const LARGEST_VERIFIED: usize = 9;

/// The part of the table the stone can still reach is drawn up to this many rows
/// and columns.
const DRAW_ROWS: usize = 20;
const DRAW_COLUMNS: usize = 30;

impl Ruleset for TableGame {
    type Position = TablePosition;

    type Move = TableMove;

    fn name(&self) -> &'static str {
        "table"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(
        &self,
        pos: &TablePosition,
        _: Player,
        text: &str,
    ) -> Result<TableMove, MoveError> {
        let mv = text
            .parse()
            .map_err(|e: NotationError| MoveError::Notation {
                message: format!("not a move: {text:?} (write up or left)"),
                detail: Some(e),
            })?;
        if pos.on_boundary() {
            return Err(MoveError::illegal("the game is over"));
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        "up (to row x-1) or left (to column y-1); u and l for short".to_owned()
    }

    fn moves(&self, pos: &TablePosition, _: Player) -> Vec<TableMove> {
        pos.table().legal_moves(&pos.cell())
    }

    fn play(&self, pos: &TablePosition, mv: &TableMove) -> TablePosition {
        pos.after(*mv)
    }

    /// The boundary decides: the digit `1` makes the player to move the winner.
    fn end(&self, pos: &TablePosition, _: Player) -> Option<End> {
        pos.table().boundary_wins(pos.cell()).map(End::from_wins)
    }

    /// The stone only goes up and left: at most (x + 1)(y + 1) cells.
    fn reach(&self, pos: &TablePosition) -> u128 {
        let Cell { x, y } = pos.cell();
        (x as u128 + 1).saturating_mul(y as u128 + 1)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .enumerate(self)
    }
}

impl ClosedForm for TableGame {
    fn value(&self, pos: &TablePosition) -> Result<Value, Unsolved> {
        nimber(pos.nimbers().nimber(pos.cell()).0)
    }

    fn winning_moves(&self, pos: &TablePosition, _: Player) -> Result<Vec<TableMove>, Unsolved> {
        Ok(pos.solver().winning_moves(pos.cell()))
    }
}

impl Presentation for TableGame {
    /// Alice moves first, then Bob.
    fn player_name(&self, player: Player, first: Player) -> String {
        if player == first { "Alice" } else { "Bob" }.to_owned()
    }

    fn drawing(&self, pos: &TablePosition) -> String {
        draw(pos)
    }

    fn ending(
        &self,
        pos: &TablePosition,
        _: Player,
        to_move_name: &str,
        last_mover: Option<&str>,
    ) -> Option<String> {
        let mover_loses = pos.table().boundary_wins(pos.cell())?;
        let Cell { x, y } = pos.cell();
        let digit = u8::from(mover_loses);
        Some(match last_mover {
            // Nobody moved: the stone started on the boundary.
            None => format!(
                "The stone starts on ({x}, {y}), marked {digit}: {to_move_name}, to move, {}.",
                if mover_loses { "wins" } else { "loses" }
            ),
            Some(mover) => format!(
                "The stone reached ({x}, {y}), marked {digit}: {}, who moved it there, {}.",
                capitalise(mover),
                if mover_loses { "loses" } else { "wins" }
            ),
        })
    }

    fn explain(&self, pos: &TablePosition, _: Player, _: usize) -> Option<Explanation> {
        // A cell has at most two moves: nothing to limit.
        Some(explain(pos))
    }
}

impl WebBoard for TableGame {
    fn board(&self, pos: &TablePosition) -> Option<crate::ruleset::board::Board> {
        use crate::ruleset::board::{Board, Line, Shape, Spot, Tint};
        let table = pos.table();
        let (top, left) = (table.top_string(), table.left_string());
        if (top.len() + 1) * (left.len() + 1) > crate::ruleset::board::MAX_SPOTS {
            return None;
        }
        let here = pos.cell();
        let lines = (0..=left.len())
            .map(|x| {
                let spots = (0..=top.len())
                    .map(|y| {
                        let place = format!("cell {x},{y}");
                        if (x, y) == (here.x, here.y) {
                            Spot::new("●", Tint::Piece, format!("{place}: the stone"))
                        } else if x == 0 && y == 0 {
                            Spot::new("", Tint::Blocked, format!("{place}: corner"))
                        } else if x == 0 || y == 0 {
                            let digit = if x == 0 {
                                &top[y - 1..y]
                            } else {
                                &left[x - 1..x]
                            };
                            Spot::new(digit, Tint::Either, format!("{place}: boundary {digit}"))
                        } else {
                            Spot::new("", Tint::Empty, place)
                        }
                    })
                    .collect();
                Line::new(format!("row {x}"), spots)
            })
            .collect();
        // Rows are x and columns y, both from 0, as the position's `@X,Y` names them.
        use crate::ruleset::board::numbered;
        Some(
            Board::new(Shape::Grid, lines)
                .named(numbered(top.len() + 1, 0), numbered(left.len() + 1, 0)),
        )
    }

    fn touches(&self, pos: &TablePosition, mv: &TableMove) -> Vec<crate::ruleset::board::At> {
        let to = pos.table().after(&pos.cell(), mv);
        vec![[to.x, to.y]]
    }

    fn edit(&self, pos: &TablePosition, at: crate::ruleset::board::At) -> Option<TablePosition> {
        // A boundary digit flips; any other cell (but the corner) takes the stone.
        let table = pos.table();
        let (mut top, mut left) = (table.top_string(), table.left_string());
        let here = pos.cell();
        let [x, y] = at;
        if x > left.len() || y > top.len() || (x, y) == (0, 0) {
            return None;
        }
        let flip = |s: &mut String, i: usize| {
            let c = if &s[i..=i] == "1" { "0" } else { "1" };
            s.replace_range(i..=i, c);
        };
        let (sx, sy) = if (x == 0 || y == 0) && (x, y) != (here.x, here.y) {
            if x == 0 {
                flip(&mut top, y - 1);
            } else {
                flip(&mut left, x - 1);
            }
            (here.x, here.y)
        } else {
            (x, y)
        };
        self.parse_position(&format!("{top}/{left}@{sx},{sy}")).ok()
    }
}

impl Enumerate for TableGame {
    fn size_unit(&self) -> &'static str {
        "rows or columns"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_VERIFIED
    }

    /// Every table whose longer side is `size` (N rows, M columns: the lengths of
    /// the left and top strings), shape by shape in [`shapes`] order; for each, every
    /// pair of boundary strings (numbered as bits: the top string's digits are the low
    /// M bits, the left string's the next N); for each pair every cell but the corner,
    /// row by row.
    fn positions(&self, size: usize) -> Option<Positions<'_, TablePosition>> {
        let shapes: Vec<Shape> = shapes(size).map(|(n, m)| Shape { n, m }).collect();
        let count = shapes
            .iter()
            .map(Shape::positions)
            .fold(0, u64::saturating_add);
        Some(Positions {
            count,
            nth: Box::new(move |mut i| {
                let shape = shapes
                    .iter()
                    .find(|s| {
                        let here = i < s.positions();
                        if !here {
                            i -= s.positions();
                        }
                        here
                    })
                    .expect("a position number below the count");
                shape.nth(i)
            }),
        })
    }
}

/// The shapes (rows N, columns M) of size `size`, N and M from 1 with max(N, M) =
/// size, in order of N then M.
///
/// ```
/// use grundy_games::rules::table::shapes;
/// assert_eq!(shapes(2).collect::<Vec<_>>(), [(1, 2), (2, 1), (2, 2)]);
/// ```
pub fn shapes(size: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=size).flat_map(move |n| {
        (1..=size)
            .filter(move |&m| n.max(m) == size)
            .map(move |m| (n, m))
    })
}

/// The tables of one shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    n: usize,
    m: usize,
}

impl Shape {
    /// The cells of one table but the corner.
    fn cells(&self) -> u64 {
        ((self.n + 1) * (self.m + 1) - 1) as u64
    }

    /// Every cell of every pair of boundary strings.
    fn positions(&self) -> u64 {
        1u64.checked_shl((self.n + self.m) as u32)
            .unwrap_or(u64::MAX)
            .saturating_mul(self.cells())
    }

    /// The position numbered `i` of this shape.
    ///
    /// Consecutive numbers are the cells of one table: each thread keeps the last
    /// table it built, so that they share it (and its solvers, built once).
    fn nth(&self, i: u64) -> TablePosition {
        thread_local! {
            static LAST: RefCell<Option<(Shape, u64, Arc<Shared>)>> = const { RefCell::new(None) };
        }
        let (pair, cell) = (i / self.cells(), i % self.cells() + 1);
        let shared = LAST.with_borrow_mut(|last| match last {
            Some((shape, p, shared)) if *shape == *self && *p == pair => Arc::clone(shared),
            _ => {
                let bits = |from: usize, len: usize| -> Vec<bool> {
                    (from..from + len).map(|b| pair >> b & 1 == 1).collect()
                };
                let table = Table {
                    top: bits(0, self.m),
                    left: bits(self.m, self.n),
                };
                let shared = Arc::new(Shared::new(table));
                *last = Some((*self, pair, Arc::clone(&shared)));
                shared
            }
        });
        let columns = self.m as u64 + 1;
        let cell = Cell {
            x: (cell / columns) as usize,
            y: (cell % columns) as usize,
        };
        TablePosition::shared(shared, cell)
    }
}

/// The part of the table the stone can still reach, with the boundary digits; on a
/// large table, a sentence instead.
fn draw(pos: &TablePosition) -> String {
    let table = pos.table();
    let Cell { x, y } = pos.cell();
    let words = |cell: Cell| match table.boundary_wins(cell) {
        Some(true) => "1, the mover loses",
        _ => "0, the mover wins",
    };
    if x > DRAW_ROWS || y > DRAW_COLUMNS {
        return format!(
            "The stone is on row {x}, column {y} of a table of {} rows and {} columns.\n\
             Reaching row 0 in column {y}: {}; reaching column 0 in row {x}: {}.",
            table.rows(),
            table.columns(),
            words(Cell { x: 0, y }),
            words(Cell { x, y: 0 }),
        );
    }
    let width = x.to_string().len();
    let mut lines = vec![format!(
        "{} {}",
        " ".repeat(width),
        (0..=y)
            .map(|j| (j % 10).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    )];
    for i in 0..=x {
        let cells: Vec<&str> = (0..=y)
            .map(|j| {
                let c = Cell { x: i, y: j };
                match table.boundary_wins(c) {
                    _ if c == pos.cell() => "O",
                    Some(true) => "1",
                    Some(false) => "0",
                    None if i == 0 && j == 0 => "+",
                    None => ".",
                }
            })
            .collect();
        lines.push(format!("{i:>width$} {}", cells.join(" ")));
    }
    lines.push(
        "O is the stone; on row 0 and column 0, 1 means whoever moves the stone there loses."
            .to_owned(),
    );
    lines.join("\n")
}
