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
        let whole = |expected: String| NotationError::whole(text, expected);
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
                        )
                        .in_cell(r as u8, c as u8))
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
        if let Err(why) = marks.played_to(k, gravity) {
            return Err(whole(format!("a board reached by play: {why}")));
        }
        Ok(marks)
    }

    /// Whether the mark in cell `i` is the last mover's (the mover before the player
    /// to move) and could have been placed last: under `gravity`, nothing above it.
    fn could_be_last(self, i: u32, gravity: bool) -> bool {
        let bit = 1u64 << i;
        let mine = match self.to_move() {
            Mark::X => self.o,
            Mark::O => self.x,
        };
        let cols = u32::from(self.cols);
        mine & bit != 0 && (!gravity || i < cols || self.is_empty(i - cols))
    }

    /// The board without the mark in cell `i`.
    fn without(self, i: u32) -> Marks {
        let keep = !(1u64 << i);
        Marks {
            x: self.x & keep,
            o: self.o & keep,
            ..self
        }
    }

    /// Checks that play can reach this board, whose counts are right (x has as many
    /// marks as o, or one more), at most one player has `k` in a row and only the
    /// last mover, and under `gravity` every mark rests on the bottom or on a mark.
    /// Or why not.
    ///
    /// The rule. The game stops at the first `k` in a row, and every board before it
    /// has fewer marks, so no board before it has `k` in a row (a line on a board is a
    /// line on every board with more marks). So a board with a line is reachable
    /// exactly when some mark of the last mover that could have been placed last (on
    /// top of its column under gravity) leaves, taken back, a board without a line
    /// that is reachable; a board without a line is reachable exactly when the marks
    /// can be placed in turn, x first, each (under gravity) on the ones below: when it
    /// is empty, or some mark of the last mover on top of its column leaves, taken
    /// back, such a board. Without gravity any order of the marks will do, so every
    /// board without a line is reachable. Under gravity the boards met are the
    /// board's columns cut to some heights, each looked at once (at most 9^8 of them
    /// on an 8×8 board, one bit each).
    pub(crate) fn played_to(self, k: u32, gravity: bool) -> Result<(), String> {
        let cells = self.cells();
        let lines = |b: Marks| b.has_line(b.x, k) || b.has_line(b.o, k);
        let mut before = vec![self];
        if lines(self) {
            let last = match self.to_move() {
                Mark::X => Mark::O,
                Mark::O => Mark::X,
            };
            before = (0..cells)
                .filter(|&i| self.could_be_last(i, gravity))
                .map(|i| self.without(i))
                .filter(|b| !lines(*b))
                .collect();
            if before.is_empty() {
                let place = if gravity { " on top of its column" } else { "" };
                return Err(format!(
                    "{l} has {k} in a row, but no one mark of {l}{place} makes every one of them, \
                     so {l} had {k} in a row before the last move and the game had stopped",
                    l = last.letter()
                ));
            }
        }
        if !gravity {
            return Ok(());
        }
        let mut search = Ordering::new(self);
        if before.iter().any(|&b| search.orderable(b)) {
            Ok(())
        } else {
            Err(
                "no order of moves builds it: x and o take turns, x first, each mark falling \
                 onto the marks below, and every order runs into a column whose next mark is \
                 not the mover's"
                    .to_owned(),
            )
        }
    }
}

/// The search of [`Marks::played_to`] for an order of moves that builds a board
/// under gravity. The boards met are the board's columns cut to some heights: a
/// board met is its heights, numbered in mixed radix, and marked in a bit set once
/// found not to be buildable, so each is looked at once.
struct Ordering {
    /// The whole board.
    board: Marks,
    /// Each column's step in the number of a board met (the product of the radices,
    /// each a column's marks plus one, of the columns after it).
    step: Vec<usize>,
    /// One bit per board met: found not to be buildable.
    dead: Vec<u64>,
}

impl Ordering {
    fn new(board: Marks) -> Ordering {
        let mut step = vec![0; usize::from(board.cols)];
        let mut states = 1usize;
        for c in (0..board.cols).rev() {
            step[usize::from(c)] = states;
            states *= 1 + usize::from(Ordering::height(board, c));
        }
        Ordering {
            board,
            step,
            dead: vec![0; states.div_ceil(64)],
        }
    }

    /// The marks in column `c` of `b`.
    fn height(b: Marks, c: u8) -> u8 {
        (0..b.rows).filter(|&r| !b.is_empty(b.index(r, c))).count() as u8
    }

    /// Whether `cut`, the whole board cut to some column heights, can be built by
    /// moves in turn: x and o alternate, x first, each mark on the marks below.
    fn orderable(&mut self, cut: Marks) -> bool {
        let mut heights: Vec<u8> = (0..cut.cols).map(|c| Ordering::height(cut, c)).collect();
        let at = heights
            .iter()
            .zip(&self.step)
            .map(|(&h, &s)| usize::from(h) * s)
            .sum();
        let marks = heights.iter().map(|&h| u32::from(h)).sum();
        self.build(&mut heights, at, marks)
    }

    /// [`orderable`](Self::orderable) of the cut to `heights`, numbered `at`, of
    /// `marks` marks.
    fn build(&mut self, heights: &mut [u8], at: usize, marks: u32) -> bool {
        if marks == 0 {
            return true;
        }
        if self.dead[at / 64] >> (at % 64) & 1 == 1 {
            return false;
        }
        // x made the odd moves: the last mark is x's when there are an odd number.
        let last = if marks % 2 == 1 {
            self.board.x
        } else {
            self.board.o
        };
        let rows = self.board.rows;
        for c in 0..heights.len() {
            let h = heights[c];
            if h == 0 {
                continue;
            }
            let top = self.board.index(rows - h, c as u8);
            if last >> top & 1 == 0 {
                continue;
            }
            heights[c] = h - 1;
            let found = self.build(heights, at - self.step[c], marks - 1);
            heights[c] = h;
            if found {
                return true;
            }
        }
        self.dead[at / 64] |= 1 << (at % 64);
        false
    }
}

/// The binomial coefficient `n` choose `k`; `None` past `u64`.
pub fn binomial(n: u32, k: u32) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        // acc · (n − i) / (i + 1) stays whole at each step.
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(acc).ok()
}

/// The rank of the set `bits` among the sets of the same size, in the
/// combinatorial number system (colex order): the sum over its members `p_0 < p_1 <
/// ...` of `binomial(p_i, i + 1)`, below `binomial(n, size)` for a set within
/// `0..n`.
pub fn subset_rank(bits: u64) -> u64 {
    let mut rank = 0u64;
    let mut rest = bits;
    let mut i = 1;
    while rest != 0 {
        let p = rest.trailing_zeros();
        rank += binomial(p, i).unwrap_or(0);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The set of `k` members of `0..n` whose [`subset_rank`] is `rank`; `None` when
/// `rank` is not below `binomial(n, k)` or `n` passes 64.
pub fn subset_unrank(n: u32, k: u32, rank: u64) -> Option<u64> {
    if n > 64 || rank >= binomial(n, k)? {
        return None;
    }
    let mut bits = 0u64;
    let mut rest = rank;
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest p below `top` with binomial(p, i) <= rest.
        let mut p = top - 1;
        while binomial(p, i)? > rest {
            p -= 1;
        }
        rest -= binomial(p, i)?;
        bits |= 1 << p;
        top = p;
    }
    Some(bits)
}

/// The bits of `bits` at the cells `order` lists, packed: bit `j` of the answer is
/// bit `order[j]` of `bits`.
pub fn gather(bits: u64, order: &[u32]) -> u64 {
    order
        .iter()
        .enumerate()
        .fold(0, |acc, (j, &cell)| acc | ((bits >> cell & 1) << j))
}

/// The inverse of [`gather`]: bit `j` of `packed` put at cell `order[j]`.
pub fn scatter(packed: u64, order: &[u32]) -> u64 {
    order
        .iter()
        .enumerate()
        .fold(0, |acc, (j, &cell)| acc | ((packed >> j & 1) << cell))
}

/// How many ways x's marks can lie among `n` marks, x moving first (so x has
/// `ceil(n / 2)` of them): the colourings of a tier of `n` marks.
pub fn colourings(n: u32) -> Option<u64> {
    binomial(n, n.div_ceil(2))
}

/// The rank of x's marks among the marked cells listed in `order` (every marked
/// cell, in a fixed order), below [`colourings`] of their count.
pub fn colouring_rank(pos: Marks, order: &[u32]) -> u64 {
    subset_rank(gather(pos.x, order))
}

/// The board of `rows × cols` whose marked cells are `order` and whose colouring
/// has rank `rank` ([`colouring_rank`]).
pub fn colouring_unrank(rows: u8, cols: u8, order: &[u32], rank: u64) -> Option<Marks> {
    let n = order.len() as u32;
    let x_packed = subset_unrank(n, n.div_ceil(2), rank)?;
    let all = scatter(if n == 64 { u64::MAX } else { (1u64 << n) - 1 }, order);
    let x = scatter(x_packed, order);
    Some(Marks {
        x,
        o: all & !x,
        rows,
        cols,
    })
}
