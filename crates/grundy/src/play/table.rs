//! The table game played in the terminal.

use crate::play::{capitalise, Hint, Hints, Match, Seat, EXHAUSTIVE_LIMIT};
use crate::rules::table::{Cell, Table, TableMove, TablePosition, TableSolver};

/// The part of the table the stone can still reach is drawn up to this many rows
/// and columns.
const DRAW_ROWS: usize = 20;
const DRAW_COLUMNS: usize = 30;

/// A match of the table game. Alice moves first.
///
/// The game ends when the stone reaches row 0 or column 0; the boundary digit there
/// says who won (`1`: whoever moved the stone there lost). Remoteness here counts
/// real moves up to that moment, so it is found by its own pass over the cells the
/// stone can still reach (the engine's normal-play encoding would count the
/// `claim` as a move).
#[derive(Clone, Debug)]
pub struct TableMatch {
    table: Table,
    solver: TableSolver,
    start: Cell,
    cell: Cell,
    to_move: Seat,
}

/// Who wins from a cell with best play, and in how many moves the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Verdict {
    wins: bool,
    moves: u32,
}

impl TableMatch {
    /// A match from `start`.
    pub fn new(start: TablePosition) -> TableMatch {
        TableMatch {
            solver: TableSolver::new(&start.table),
            table: start.table,
            start: start.cell,
            cell: start.cell,
            to_move: Seat::First,
        }
    }

    fn on_boundary(&self) -> bool {
        self.cell.x == 0 || self.cell.y == 0
    }

    fn exhaustive(&self) -> bool {
        (self.cell.x as u128 + 1) * (self.cell.y as u128 + 1) <= EXHAUSTIVE_LIMIT
    }

    /// Best play from every cell the stone can reach: win or loss, and the moves
    /// left (the winner hurries, the loser stalls).
    fn verdicts(&self) -> Vec<Vec<Verdict>> {
        let (n, m) = (self.cell.x, self.cell.y);
        let mut grid = vec![
            vec![
                Verdict {
                    wins: false,
                    moves: 0
                };
                m + 1
            ];
            n + 1
        ];
        for x in 0..=n {
            for y in 0..=m {
                grid[x][y] = if x == 0 || y == 0 {
                    Verdict {
                        wins: self.table.boundary_wins(Cell { x, y }) == Some(true),
                        moves: 0,
                    }
                } else {
                    let kids = [grid[x - 1][y], grid[x][y - 1]];
                    let lost: Vec<u32> = kids.iter().filter(|k| !k.wins).map(|k| k.moves).collect();
                    match lost.iter().min() {
                        Some(quickest) => Verdict {
                            wins: true,
                            moves: quickest + 1,
                        },
                        None => Verdict {
                            wins: false,
                            moves: kids.iter().map(|k| k.moves).max().unwrap_or(0) + 1,
                        },
                    }
                };
            }
        }
        grid
    }

    fn after(&self, mv: TableMove) -> Cell {
        match mv {
            TableMove::Up => Cell {
                x: self.cell.x - 1,
                y: self.cell.y,
            },
            _ => Cell {
                x: self.cell.x,
                y: self.cell.y - 1,
            },
        }
    }

    fn advance(&mut self, mv: TableMove) -> String {
        self.cell = self.after(mv);
        self.to_move = self.to_move.other();
        mv.to_string()
    }
}

const MOVES: [TableMove; 2] = [TableMove::Up, TableMove::Left];

impl Match for TableMatch {
    fn title(&self) -> String {
        "table".to_owned()
    }

    fn seat_name(&self, seat: Seat) -> String {
        match seat {
            Seat::First => "Alice",
            Seat::Second => "Bob",
        }
        .to_owned()
    }

    fn position(&self) -> String {
        TablePosition {
            table: self.table.clone(),
            cell: self.cell,
        }
        .to_string()
    }

    fn drawing(&self) -> String {
        let (x, y) = (self.cell.x, self.cell.y);
        if x > DRAW_ROWS || y > DRAW_COLUMNS {
            return format!(
                "The stone is on row {x}, column {y} of a table of {} rows and {} columns.\n\
                 Reaching row 0 in column {y}: {}; reaching column 0 in row {x}: {}.",
                self.table.rows(),
                self.table.columns(),
                self.boundary_words(Cell { x: 0, y }),
                self.boundary_words(Cell { x, y: 0 }),
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
            let cells: Vec<String> = (0..=y)
                .map(|j| {
                    let c = Cell { x: i, y: j };
                    match self.table.boundary_wins(c) {
                        _ if c == self.cell => "O".to_owned(),
                        Some(true) => "1".to_owned(),
                        Some(false) => "0".to_owned(),
                        None if i == 0 && j == 0 => "+".to_owned(),
                        None => ".".to_owned(),
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

    fn move_help(&self) -> String {
        "up (to row x-1) or left (to column y-1); u and l for short".to_owned()
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn winner(&self) -> Option<Seat> {
        if !self.on_boundary() {
            return None;
        }
        // The digit 1 makes the player to move from the boundary the winner.
        Some(if self.table.boundary_wins(self.cell) == Some(true) {
            self.to_move
        } else {
            self.to_move.other()
        })
    }

    fn ending(&self) -> String {
        let loses = self.table.boundary_wins(self.cell) == Some(true);
        if self.cell == self.start {
            // Nobody moved: the stone started on the boundary.
            return format!(
                "The stone starts on ({}, {}), marked {}: {}, to move, {}.",
                self.cell.x,
                self.cell.y,
                if loses { 1 } else { 0 },
                self.seat_name(self.to_move),
                if loses { "wins" } else { "loses" }
            );
        }
        let mover = capitalise(&self.seat_name(self.to_move.other()));
        format!(
            "The stone reached ({}, {}), marked {}: {mover}, who moved it there, {}.",
            self.cell.x,
            self.cell.y,
            if loses { 1 } else { 0 },
            if loses { "loses" } else { "wins" }
        )
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let mv: TableMove = text
            .parse()
            .map_err(|_| format!("not a move: {text:?} (write up or left)"))?;
        if mv == TableMove::Claim {
            return Err("the stone is still in play: move it up or left".to_owned());
        }
        Ok(self.advance(mv))
    }

    fn engine_move(&mut self) -> String {
        let mv = if self.exhaustive() {
            let grid = self.verdicts();
            let mut ranked: Vec<(TableMove, Verdict)> = MOVES
                .iter()
                .map(|&mv| {
                    let c = self.after(mv);
                    (mv, grid[c.x][c.y])
                })
                .collect();
            // Moves to lost cells, quickest first; then the longest resistance.
            ranked
                .sort_by_key(|(_, v)| (v.wins, if v.wins { u32::MAX - v.moves } else { v.moves }));
            ranked[0].0
        } else {
            // A winning move by the closed form; when every move loses, up.
            self.solver
                .winning_moves(self.cell)
                .first()
                .copied()
                .unwrap_or(TableMove::Up)
        };
        self.advance(mv)
    }

    fn hints(&mut self) -> Hints {
        let grid = self.exhaustive().then(|| self.verdicts());
        let moves = MOVES
            .iter()
            .map(|&mv| {
                let c = self.after(mv);
                let (wins, moves_left) = match &grid {
                    Some(g) => (!g[c.x][c.y].wins, Some(g[c.x][c.y].moves + 1)),
                    None => (!self.solver.wins(c.x, c.y), None),
                };
                Hint {
                    mv: mv.to_string(),
                    wins,
                    moves_left,
                }
            })
            .collect();
        Hints {
            moves,
            ..Hints::default()
        }
    }

    fn restart(&mut self) {
        self.cell = self.start;
        self.to_move = Seat::First;
    }
}

impl TableMatch {
    fn boundary_words(&self, cell: Cell) -> &'static str {
        match self.table.boundary_wins(cell) {
            Some(true) => "1, the mover loses",
            _ => "0, the mover wins",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(s: &str) -> TableMatch {
        TableMatch::new(s.parse().unwrap())
    }

    #[test]
    fn the_sample_is_played_to_the_end() {
        // 101/01: Alice wins from (1, 1): moving up reaches (0, 1), marked 1? No:
        // top digit 1 means the mover loses, so she moves left to (1, 0), marked 0.
        let mut m = start("101/01@1,1");
        let h = m.hints();
        assert_eq!(
            h.moves,
            [
                Hint {
                    mv: "up".into(),
                    wins: false,
                    moves_left: Some(1)
                },
                Hint {
                    mv: "left".into(),
                    wins: true,
                    moves_left: Some(1)
                }
            ]
        );
        assert_eq!(m.engine_move(), "left");
        assert_eq!(m.winner(), Some(Seat::First));
        assert_eq!(
            m.ending(),
            "The stone reached (1, 0), marked 0: Alice, who moved it there, wins."
        );
    }

    #[test]
    fn verdicts_agree_with_the_closed_form() {
        for s in [
            "101/01@2,3",
            "0110/1011@4,4",
            "1/1@1,1",
            "000000/111111@6,6",
        ] {
            let m = start(s);
            let grid = m.verdicts();
            assert_eq!(grid.len(), m.cell.x + 1);
            for (x, row) in grid.iter().enumerate().skip(1) {
                assert_eq!(row.len(), m.cell.y + 1);
                for (y, v) in row.iter().enumerate().skip(1) {
                    assert_eq!(v.wins, m.solver.wins(x, y), "{s} {x},{y}");
                }
            }
        }
    }

    #[test]
    fn a_stone_on_the_boundary_ends_the_game_at_once() {
        let m = start("101/01@0,2");
        assert_eq!(m.winner(), Some(Seat::Second));
        assert_eq!(
            m.ending(),
            "The stone starts on (0, 2), marked 0: Alice, to move, loses."
        );
        let m = start("101/01@2,0");
        assert_eq!(m.winner(), Some(Seat::First));
    }

    #[test]
    fn drawing_and_bad_moves() {
        let mut m = start("101/01@2,3");
        assert_eq!(
            m.drawing().lines().take(4).collect::<Vec<_>>(),
            ["  0 1 2 3", "0 + 1 0 1", "1 0 . . .", "2 1 . . O"]
        );
        assert_eq!(
            m.play("down"),
            Err("not a move: \"down\" (write up or left)".into())
        );
        assert!(m.play("claim").is_err());
        assert_eq!(m.play("u"), Ok("up".into()));
        assert_eq!(m.position(), "101/01@1,3");
    }
}
