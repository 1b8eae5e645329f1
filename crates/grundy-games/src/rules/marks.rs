//! Boards of `x` and `o` marks for the k-in-a-row games (`tictactoe`,
//! `connect-four`): the notation (rows top to bottom separated by `|`, cells `x`,
//! `o`, `.`), its validation (whose turn by the counts, at most one winner, pieces
//! resting on pieces under gravity), and the search for k in a row, shared by their
//! modules. Nothing here names a game.

use crate::rules::drawing::{g, Glyph};
use crate::ruleset::board::Tint;
use crate::ruleset::notation::{Found, NotationError};
use crate::ruleset::End;

/// The characters of the notation, for drawing and editing the board.
pub(crate) const GLYPHS: &[Glyph] = &[
    g('.', Tint::Empty, "empty"),
    g('x', Tint::Left, "x's mark"),
    g('o', Tint::Right, "o's mark"),
];

/// A board of at most 64 cells: `x` and `o` as bit masks, cell `r * cols + c` (row
/// 0 at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Marks {
    /// x's marks.
    pub x: u64,
    /// o's marks.
    pub o: u64,
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
}

/// The notation of any board: rows of `.`, `x` and `o` separated by `|`, up to 8
/// rows of 8 cells, with no rule of a particular game checked (tic-tac-toe and
/// Connect Four read their boards with their own rules).
impl std::str::FromStr for Marks {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Marks, NotationError> {
        Marks::parse(text, 8, 8, false, u32::MAX, false)
    }
}

impl std::fmt::Display for Marks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.show())
    }
}

/// Which mark a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// x (moves first).
    X,
    /// o.
    O,
}

impl Mark {
    /// The mark as written.
    pub fn letter(self) -> char {
        match self {
            Mark::X => 'x',
            Mark::O => 'o',
        }
    }
}

impl Marks {
    /// An empty board.
    pub fn empty(rows: u8, cols: u8) -> Marks {
        Marks {
            x: 0,
            o: 0,
            rows,
            cols,
        }
    }

    /// The number of cells.
    pub fn cells(self) -> u32 {
        u32::from(self.rows) * u32::from(self.cols)
    }

    /// The cell index of row `r`, column `c`.
    pub fn index(self, r: u8, c: u8) -> u32 {
        u32::from(r) * u32::from(self.cols) + u32::from(c)
    }

    /// Whether cell `i` is empty.
    pub fn is_empty(self, i: u32) -> bool {
        (self.x | self.o) >> i & 1 == 0
    }

    /// Whose turn it is: x when the counts are equal.
    pub fn to_move(self) -> Mark {
        if self.x.count_ones() == self.o.count_ones() {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// The board with the mover's mark in cell `i`.
    pub fn with(self, i: u32) -> Marks {
        let bit = 1u64 << i;
        match self.to_move() {
            Mark::X => Marks {
                x: self.x | bit,
                ..self
            },
            Mark::O => Marks {
                o: self.o | bit,
                ..self
            },
        }
    }

    /// Whether every cell is filled.
    pub fn full(self) -> bool {
        (self.x | self.o).count_ones() == self.cells()
    }

    /// `bits` spread to rows of `cols + 1` bits (an empty guard bit after each row),
    /// so that shifting never runs from one row into the next.
    fn padded(self, bits: u64) -> u128 {
        let cols = u32::from(self.cols);
        let row_mask = (1u64 << cols) - 1;
        let mut out = 0u128;
        for r in 0..u32::from(self.rows) {
            let row = (bits >> (r * cols)) & row_mask;
            out |= u128::from(row) << (r * (cols + 1));
        }
        out
    }

    /// Whether `bits` hold `k` cells in a row, across, down or diagonally.
    pub fn has_line(self, bits: u64, k: u32) -> bool {
        if k == 0 {
            return true;
        }
        let b = self.padded(bits);
        let w = u32::from(self.cols) + 1;
        [1, w, w + 1, w - 1].into_iter().any(|d| {
            if d == 0 {
                return false;
            }
            let mut acc = b;
            for j in 1..k {
                let shift = j * d;
                if shift >= 128 {
                    return false;
                }
                acc &= b >> shift;
            }
            acc != 0
        })
    }

    /// How a game of `k` in a row is over for the player to move: lost when the last
    /// mover made a line (the line is always the last mover's), a tie when the board
    /// is full without one, `None` while it goes on.
    pub fn end(self, k: u32) -> Option<End> {
        if self.winner(k).is_some() {
            Some(End::Lose)
        } else if self.full() {
            Some(End::Tie)
        } else {
            None
        }
    }

    /// Who has `k` in a row, if anyone (x first).
    pub fn winner(self, k: u32) -> Option<Mark> {
        if self.has_line(self.x, k) {
            Some(Mark::X)
        } else if self.has_line(self.o, k) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The board in notation.
    pub fn show(self) -> String {
        let mut out = String::new();
        for r in 0..self.rows {
            if r > 0 {
                out.push('|');
            }
            for c in 0..self.cols {
                let i = self.index(r, c);
                out.push(if self.x >> i & 1 == 1 {
                    'x'
                } else if self.o >> i & 1 == 1 {
                    'o'
                } else {
                    '.'
                });
            }
        }
        out
    }

    /// Reads a board of at most `max_rows` × `max_cols` (exactly that many when
    /// `exact`) and checks it: the counts (x moves first, so x has as many marks as o
    /// or one more), at most one player with `k` in a row and that player the last
    /// to move, and under `gravity` every mark resting on the bottom or on a mark.
    pub fn parse(
        text: &str,
        max_rows: u8,
        max_cols: u8,
        exact: bool,
        k: u32,
        gravity: bool,
    ) -> Result<Marks, NotationError> {
        let shape = if exact {
            format!("{max_rows} rows of {max_cols} cells")
        } else {
            format!("1 to {max_rows} rows of 1 to {max_cols} cells each")
        };
        let whole = |expected: String| {
            NotationError::new(1, expected, Found::Text(text.chars().take(80).collect()))
        };
        if text.len() > 200 {
            return Err(whole(format!("{shape} (rows separated by |)")));
        }
        let rows: Vec<&str> = text.split('|').collect();
        let width = rows[0].chars().count();
        let mut column = 1;
        let mut marks = Marks::empty(0, 0);
        for (r, row) in rows.iter().enumerate() {
            if r >= usize::from(max_rows) {
                return Err(NotationError::new(
                    column - 1,
                    format!("{shape}: at most {max_rows} rows"),
                    Found::Char('|'),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                if c >= usize::from(max_cols) || c >= width {
                    return Err(NotationError::new(
                        column,
                        format!("{shape}, every row as long as the first ('|' here)"),
                        Found::Char(ch),
                    ));
                }
                let i = (r * usize::from(max_cols) + c) as u32;
                match ch {
                    'x' => marks.x |= 1 << i,
                    'o' => marks.o |= 1 << i,
                    '.' => {}
                    _ => {
                        return Err(NotationError::new(
                            column,
                            "a cell: x, o or . (rows separated by |)",
                            Found::Char(ch),
                        ))
                    }
                }
                column += 1;
            }
            let len = row.chars().count();
            if len < width || len == 0 {
                return Err(NotationError::new(
                    column,
                    format!("{shape}, every row as long as the first"),
                    if r + 1 < rows.len() {
                        Found::Char('|')
                    } else {
                        Found::End
                    },
                ));
            }
            column += 1;
        }
        let (nrows, ncols) = (rows.len() as u8, width as u8);
        if exact && (nrows != max_rows || ncols != max_cols) {
            return Err(whole(shape));
        }
        // Repack from a stride of max_cols to one of ncols.
        let repack = |bits: u64| {
            let mut out = 0u64;
            for r in 0..u32::from(nrows) {
                let row = (bits >> (r * u32::from(max_cols))) & ((1u64 << ncols) - 1);
                out |= row << (r * u32::from(ncols));
            }
            out
        };
        let marks = Marks {
            x: repack(marks.x),
            o: repack(marks.o),
            rows: nrows,
            cols: ncols,
        };
        let (nx, no) = (marks.x.count_ones(), marks.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(whole(format!(
                "a board reached by play: x moves first, so x has as many marks as o or one \
                 more (found {nx} x and {no} o)"
            )));
        }
        let (x_won, o_won) = (marks.has_line(marks.x, k), marks.has_line(marks.o, k));
        if x_won && o_won {
            return Err(whole(format!(
                "a board reached by play: the game stops at the first {k} in a row, so at \
                 most one player has one (found both x and o)"
            )));
        }
        if x_won && nx != no + 1 {
            return Err(whole(format!(
                "a board reached by play: x has {k} in a row, so x moved last and has one \
                 mark more than o (found {nx} x and {no} o)"
            )));
        }
        if o_won && nx != no {
            return Err(whole(format!(
                "a board reached by play: o has {k} in a row, so o moved last and has as many \
                 marks as x (found {nx} x and {no} o)"
            )));
        }
        if gravity {
            for r in 0..nrows.saturating_sub(1) {
                for c in 0..ncols {
                    let (i, below) = (marks.index(r, c), marks.index(r + 1, c));
                    if !marks.is_empty(i) && marks.is_empty(below) {
                        return Err(whole(format!(
                            "a board reached by play: pieces fall, so every mark rests on the \
                             bottom row or on a mark (row {}, column {} floats)",
                            r + 1,
                            char::from(b'a' + c)
                        )));
                    }
                }
            }
        }
        Ok(marks)
    }
}
