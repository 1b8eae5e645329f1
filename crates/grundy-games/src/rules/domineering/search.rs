//! Who wins a Domineering board too big for canonical forms, by the search engine
//! ([`engine::search`](grundy_engine::engine::search)) over a space of bitboards
//! ([`Grid`]): the result alone (a null-window probe above a tie, [`Search::wins`]),
//! not the remoteness, for each player moving first, which gives the outcome class.
//!
//! A board of `rows`×`cols` cells (at most [`MAX_CELLS`]) is a `u128` with bit
//! `cols·r + c` set when cell (r, c) is empty; a node is that word and the player to
//! move, its key the word or its image turned by half a turn (which keeps both
//! players' moves), the lesser, with the player to move in bit 127.
//!
//! Each node is first checked against bounds from counting moves (see
//! [`Grid::expand`] for the rule and its proof), and the moves searched are ordered
//! by how many of the opponent's placements they take away.

use grundy_engine::engine::search::{Expansion, Limits, Score, Search, Space, Stop};

use super::{Board, Domino};
use crate::game::Player;

/// The most cells a board searched may have: 127 (a bit per cell, and the player to
/// move beside them in a 128-bit key), e.g. 11×11 or 8×15.
pub const MAX_CELLS: u32 = 127;

/// The shape of the boards searched, with the masks the moves need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: u32,
    cols: u32,
    /// Every cell.
    cells: u128,
    /// The cells not in the first column.
    not_first: u128,
    /// The cells not in the last column.
    not_last: u128,
}

/// A node of the search: the empty cells and whether Left (vertical) is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// Bit `cols·r + c` set when cell (r, c) is empty.
    pub empty: u128,
    /// Left (vertical) to move; Right (horizontal) otherwise.
    pub left: bool,
}

/// A move of the search: the bit of the domino's top cell (Left's, vertical) or
/// left cell (Right's, horizontal); the player to move says which.
pub type Spot = u8;

/// The most dominoes of a set of placements, `pairs` (a bit per placement's first
/// cell, the second `step` further), that fit without overlapping: placements
/// overlap only along a line (a column for `step = cols`, a row for `step = 1`),
/// where a run of `n` consecutive placements holds `⌈n/2⌉` of them; taking the
/// first of each run, dropping it and the one after, and repeating counts them.
#[inline]
fn packing(mut pairs: u128, step: u32) -> u32 {
    let mut n = 0;
    while pairs != 0 {
        let first = pairs & !(pairs << step);
        n += first.count_ones();
        pairs &= !(first | first << step);
    }
    n
}

impl Grid {
    /// The grid of `rows`×`cols` boards; `None` unless both are at least 1 and the
    /// cells at most [`MAX_CELLS`].
    pub fn new(rows: u32, cols: u32) -> Option<Grid> {
        if rows == 0 || cols == 0 || rows.checked_mul(cols)? > MAX_CELLS {
            return None;
        }
        let n = rows * cols;
        let cells = (1u128 << n) - 1;
        let mut first = 0u128;
        for r in 0..rows {
            first |= 1 << (r * cols);
        }
        let last = first << (cols - 1);
        Some(Grid {
            rows,
            cols,
            cells,
            not_first: cells & !first,
            not_last: cells & !last,
        })
    }

    /// The grid of `board`'s shape.
    pub fn of(board: &Board) -> Grid {
        Grid::new(u32::from(board.rows()), u32::from(board.cols()))
            .unwrap_or_else(|| unreachable!("a board of at most 8×8 cells fits 127 bits"))
    }

    /// Rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The node of `board` (of this grid's shape) with `to_move` to move.
    pub fn node(&self, board: &Board, to_move: Player) -> Node {
        let mut empty = 0u128;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if board.is_empty(r as u8, c as u8) {
                    empty |= 1 << (r * self.cols + c);
                }
            }
        }
        Node {
            empty,
            left: to_move == Player::Left,
        }
    }

    /// The domino of `spot` for the player to move at `node`, in the board's terms.
    pub fn domino(&self, node: &Node, spot: Spot) -> Domino {
        let i = u32::from(spot);
        Domino {
            row: (i / self.cols) as u8,
            col: (i % self.cols) as u8,
            vertical: node.left,
        }
    }

    /// Left's placements (top cells) and Right's (left cells) on `empty`.
    #[inline]
    fn spots(&self, empty: u128) -> (u128, u128) {
        (
            empty & (empty >> self.cols),
            empty & (empty >> 1) & self.not_last,
        )
    }

    /// The board turned by half a turn: cell `k` goes to `n − 1 − k`.
    #[inline]
    fn turned(&self, empty: u128) -> u128 {
        empty.reverse_bits() >> (128 - self.rows * self.cols)
    }

    /// The cells of the domino at `spot`, vertical or not.
    #[inline]
    fn cells_of(&self, spot: u32, vertical: bool) -> u128 {
        if vertical {
            (1 | 1 << self.cols) << spot
        } else {
            3 << spot
        }
    }
}

/// How much more a safe placement weighs than any other in the move ordering.
const WEIGHT_SAFE: i32 = 2;

/// The counts of a board's placements ([`Grid::counts`]).
#[derive(Clone, Copy, Debug)]
struct Counts {
    safe_v: u32,
    safe_h: u32,
    most_v: u32,
    most_h: u32,
}

impl Grid {
    /// The most safe placements of Left's and of Right's that fit together (see
    /// [`Grid::expand`]).
    #[inline]
    fn safe(&self, e: u128) -> (u32, u32) {
        // Cells no horizontal domino can cover, and cells no vertical one can.
        let row_alone = e & !((e >> 1) & self.not_last) & !((e << 1) & self.not_first);
        let col_alone = e & !(e >> self.cols) & !(e << self.cols);
        (
            packing(row_alone & (row_alone >> self.cols), self.cols),
            packing(col_alone & (col_alone >> 1) & self.not_last, 1),
        )
    }

    /// The most safe placements of each player that fit together, and the most of
    /// all placements (see [`Grid::expand`]).
    #[inline]
    fn counts(&self, e: u128) -> Counts {
        let (v, h) = self.spots(e);
        let (safe_v, safe_h) = self.safe(e);
        Counts {
            safe_v,
            safe_h,
            most_v: packing(v, self.cols),
            most_h: packing(h, 1),
        }
    }
}

impl Space for Grid {
    type Node = Node;
    type Move = Spot;
    type Key = u128;

    fn key(&self, node: &Node) -> u128 {
        node.empty.min(self.turned(node.empty)) | u128::from(node.left) << 127
    }

    fn legal(&self, node: &Node) -> Vec<Spot> {
        let (v, h) = self.spots(node.empty);
        let mut spots = if node.left { v } else { h };
        let mut out = Vec::with_capacity(spots.count_ones() as usize);
        while spots != 0 {
            out.push(spots.trailing_zeros() as Spot);
            spots &= spots - 1;
        }
        out
    }

    #[inline]
    fn play(&self, node: &Node, spot: Spot) -> Node {
        Node {
            empty: node.empty & !self.cells_of(u32::from(spot), node.left),
            left: !node.left,
        }
    }

    /// A player without a move has lost; one with a move whose opponent has none
    /// wins in one. Otherwise, with P to move and O the opponent:
    ///
    /// - P wins when P's *safe* placements that fit together outnumber every
    ///   placement of O's that fits together: `safe(P) > most(O)`;
    /// - P loses when O's safe placements that fit together are at least every
    ///   placement of P's that fits together: `safe(O) ≥ most(P)`.
    ///
    /// A safe placement of Left's is a vertical pair of empty cells neither of which
    /// has an empty cell beside it in its row: no horizontal domino can ever cover
    /// them (cells only fill), and Right's, a horizontal pair with no empty cell above
    /// or below either. `safe(X)` is the most of X's safe placements that do not
    /// overlap, `most(X)` the most of all X's placements that do not overlap.
    ///
    /// Proof. Whatever is played, the dominoes X places from now on are
    /// placements available now that do not overlap, so X makes at most `most(X)`
    /// more moves. X, playing only from a set of `safe(X)` safe placements that do
    /// not overlap, can make `safe(X)` moves whatever the opponent plays: the
    /// opponent never covers them, and X's own moves from the set leave the rest of
    /// it free. Players alternate, P first. If `safe(P) > most(O)`: P's moves 1 to
    /// `safe(P)` are assured, and before P's move `k` O must have made `k − 1`
    /// moves, so P is stuck first only if O made `safe(P) ≥ most(O) + 1` moves,
    /// which O cannot: O is stuck first and P wins. If `safe(O) ≥ most(P)`: O's
    /// `k`-th move comes after P's `k`-th, so O is stuck first only after P made
    /// `safe(O) + 1 > most(P)` moves, which P cannot: P is stuck first and loses.
    ///
    /// The bounds on a win found this way are the quickest win and the longest game
    /// (every move fills two cells), and on a loss likewise, so a search asking for
    /// the remoteness still searches the node's moves.
    fn expand(&self, node: &Node, moves: &mut Vec<Spot>) -> Expansion {
        let e = node.empty;
        let (v, h) = self.spots(e);
        let (mine, theirs) = if node.left { (v, h) } else { (h, v) };
        if mine == 0 {
            return Expansion::Known(Score::lose(0));
        }
        if theirs == 0 {
            return Expansion::Known(Score::win(1));
        }
        let mut spots = mine;
        while spots != 0 {
            moves.push(spots.trailing_zeros() as Spot);
            spots &= spots - 1;
        }
        let longest = e.count_ones() / 2;
        let (safe_v, safe_h) = self.safe(e);
        let (safe_mine, safe_theirs, step_mine, step_theirs) = if node.left {
            (safe_v, safe_h, self.cols, 1)
        } else {
            (safe_h, safe_v, 1, self.cols)
        };
        if safe_mine > 0 && safe_mine > packing(theirs, step_theirs) {
            return Expansion::Search {
                lower: Score::win(longest),
                upper: Score::win(1),
            };
        }
        if safe_theirs > 0 && safe_theirs >= packing(mine, step_mine) {
            return Expansion::Search {
                lower: Score::lose(2),
                upper: Score::lose(longest),
            };
        }
        Expansion::Search {
            lower: Score::lose(2),
            upper: Score::win(1),
        }
    }

    /// The moves best for the mover by the counts of the board each leaves: the
    /// mover's safe placements over the opponent's, then all placements.
    fn order(&self, node: &Node, moves: &mut [Spot]) {
        let mut keyed = [(0i32, 0 as Spot); 128];
        let n = moves.len();
        for (k, &m) in moves.iter().enumerate() {
            let after = node.empty & !self.cells_of(u32::from(m), node.left);
            let c = self.counts(after);
            let (safe, most) = if node.left {
                (
                    c.safe_v as i32 - c.safe_h as i32,
                    c.most_v as i32 - c.most_h as i32,
                )
            } else {
                (
                    c.safe_h as i32 - c.safe_v as i32,
                    c.most_h as i32 - c.most_v as i32,
                )
            };
            keyed[k] = (-(WEIGHT_SAFE * safe + most), m);
        }
        let keyed = &mut keyed[..n];
        keyed.sort_unstable();
        for (slot, (_, m)) in moves.iter_mut().zip(keyed.iter()) {
            *slot = *m;
        }
    }

    fn longest(&self, node: &Node) -> Option<u32> {
        Some(node.empty.count_ones() / 2)
    }
}

/// Who wins a board moving first, found by search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Whether Left (vertical) wins moving first.
    pub left_first: bool,
    /// Whether Right (horizontal) wins moving first.
    pub right_first: bool,
    /// The nodes the search visited for both.
    pub nodes: u64,
}

/// Whether the player to move wins `node` of `grid`, with one winning move where
/// the player to move wins, and the nodes visited, by one search within `limits`
/// (and the thread's deadline).
pub fn wins(grid: &Grid, node: &Node, limits: Limits) -> Result<(bool, Option<Spot>, u64), Stop> {
    let mut search = Search::new(grid, limits);
    let won = search.wins(node)?;
    let mut best = None;
    if won {
        // The moves in the search's order: those it refuted before its winning one
        // are in the table, so the winning one is found again at little cost.
        let mut moves = grid.legal(node);
        grid.order(node, &mut moves);
        for mv in moves {
            if !search.wins(&grid.play(node, mv))? {
                best = Some(mv);
                break;
            }
        }
    }
    Ok((won, best, search.nodes()))
}

/// Who wins the board of `empty` cells of `grid` moving first, each player in
/// turn, by searches sharing one table within `limits`.
pub fn outcome(grid: &Grid, empty: u128, limits: Limits) -> Result<Outcome, Stop> {
    let mut search = Search::new(grid, limits);
    let left_first = search.wins(&Node { empty, left: true })?;
    let right_first = search.wins(&Node { empty, left: false })?;
    Ok(Outcome {
        left_first,
        right_first,
        nodes: search.nodes(),
    })
}
