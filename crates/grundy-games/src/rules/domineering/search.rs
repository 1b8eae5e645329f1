//! Who wins a Domineering board too big for canonical forms, by a search of the
//! result alone (win or loss, not the remoteness) over bitboards ([`Grid`]), for each
//! player moving first, which gives the outcome class.
//!
//! A board of `rows`×`cols` cells (at most [`MAX_CELLS`]) is a word with bit
//! `cols·r + c` set when cell (r, c) is empty (a `u64` for boards of at most 64
//! cells and 31 columns, whose operations are one instruction each, a `u128` for
//! the others); a
//! node is that word and the player to move. The search ([`Solver`]) is a
//! depth-first negamax on win or loss, with a transposition table of fixed memory
//! whose key is the least of the board's four images that keep each player's
//! orientation (itself, upside down, left to right, and turned by half a turn) with
//! the player to move in bit 127.
//!
//! Each node is first checked against bounds from counting moves and cells (see
//! [`Grid::decided`] for the rules and their proofs), and the moves searched are
//! ordered: those touching no cell the opponent cannot reach first, the mover's own
//! safe placements last, and within each class by how the counts of safe and of all
//! placements change and by a positional preference for lines that leave safe
//! placements between them. Of the mover's placements inside runs of cells that
//! touch no other empty cell and that the opponent can never cover (integers for
//! the mover), one is searched for all (`Shape::redundant`).

use grundy_engine::engine::search::{report_progress, Limits, Stop};
use grundy_values::deadline;

use super::board::{half_turned, rows_flipped, transposed_cells};
use super::leaves::Leaves;
use super::word::Word;
use super::{Board, Domino};
use crate::game::Player;

/// The most cells a board searched may have: 127 (a bit per cell, and the player to
/// move beside them in a 128-bit key), e.g. 11×11 or 8×15.
pub const MAX_CELLS: u32 = 127;

/// The shape of the boards searched, with the masks the moves need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid(Shape<u128>);

/// A grid's masks in words of type `W` (at least a bit a cell): the search's
/// moves, images and bounds on boards of that word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shape<W> {
    rows: u32,
    cols: u32,
    /// Every cell.
    cells: W,
    /// The cells not in the first column.
    not_first: W,
    /// The cells not in the last column.
    not_last: W,
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
fn packing<W: Word>(pairs: W, step: u32) -> u32 {
    pack(pairs, step).count_ones()
}

/// The placements [`packing`] counts: a most of `pairs` that do not overlap.
#[inline]
fn pack<W: Word>(mut pairs: W, step: u32) -> W {
    let mut chosen = W::ZERO;
    while pairs != W::ZERO {
        let first = pairs & !(pairs << step);
        chosen |= first;
        pairs &= !(first | first << step);
    }
    chosen
}

impl Grid {
    /// The grid of `rows`×`cols` boards; `None` unless both are at least 1, the
    /// cells at most [`MAX_CELLS`] and the columns at most 63 (the search shifts a
    /// board by two rows).
    pub fn new(rows: u32, cols: u32) -> Option<Grid> {
        Shape::new(rows, cols).map(Grid)
    }

    /// The grid of `board`'s shape.
    pub fn of(board: &Board) -> Grid {
        Grid::new(u32::from(board.rows()), u32::from(board.cols()))
            .unwrap_or_else(|| unreachable!("a board has at most 127 cells"))
    }

    /// Rows.
    pub fn rows(&self) -> u32 {
        self.0.rows
    }

    /// Columns.
    pub fn cols(&self) -> u32 {
        self.0.cols
    }

    /// The node of `board` (of this grid's shape) with `to_move` to move.
    pub fn node(&self, board: &Board, to_move: Player) -> Node {
        // The board's cells are given with rows one after the other, as here.
        Node {
            empty: board.empty_cells(),
            left: to_move == Player::Left,
        }
    }

    /// The placements of the player to move at `node`: a bit per domino at its top
    /// cell (Left's, vertical) or its left cell (Right's, horizontal).
    pub fn placements(&self, node: &Node) -> u128 {
        let (v, h) = self.0.spots(node.empty);
        if node.left {
            v
        } else {
            h
        }
    }

    /// The node after the player to move at `node` places the domino whose first
    /// cell is bit `spot` (one of [`Grid::placements`]), the other player to move.
    pub fn after(&self, node: &Node, spot: u32) -> Node {
        Node {
            empty: node.empty & !self.0.cells_of(spot, node.left),
            left: !node.left,
        }
    }

    /// The domino of `spot` for the player to move at `node`, in the board's terms.
    pub fn domino(&self, node: &Node, spot: Spot) -> Domino {
        let i = u32::from(spot);
        Domino {
            row: (i / self.0.cols) as u8,
            col: (i % self.0.cols) as u8,
            vertical: node.left,
        }
    }

    /// The cells of `e` next to a cell of `x` (by a side).
    #[inline]
    pub(super) fn neighbours(&self, x: u128, e: u128) -> u128 {
        self.0.neighbours(x, e)
    }

    /// The cells of the first column.
    #[inline]
    pub(super) fn first_column(&self) -> u128 {
        self.0.first_column()
    }

    /// The result for the player to move at `node` when counting moves settles it,
    /// else `None`. With P to move and O the opponent:
    ///
    /// - P wins when P is sure to make more moves moving first than O can make at
    ///   all against P's way of playing: `first(P) > most(O) − 2·pairs(P)` (or, P
    ///   starting in a lone protective area, `first'(P) > most(O) − 2·pairs(P) − 2`);
    /// - P loses when O is sure to make as many moves moving second as P can make
    ///   at all against O's way of playing: `second(O) ≥ most(P) − 2·pairs(O)`.
    ///
    /// `most(X)` is the most of X's placements that do not overlap (placements of
    /// one player overlap only along a line, a column or a row, where a run of `n`
    /// of them holds `⌈n/2⌉`): whatever is played, the dominoes X places from now on
    /// are placements available now that do not overlap, so X makes at most
    /// `most(X)` more moves.
    ///
    /// X's *reserve* (`Shape::reserve`) is made of parts that share no cell:
    /// `s` *safe* placements (for Left, a vertical pair of empty cells neither of
    /// which has an empty cell beside it in its row, so that no horizontal domino
    /// can ever cover them, as cells only fill; for Right likewise across);
    /// *protective areas*, 2×2 squares of empty cells walled across on one side at
    /// least (the two cells beyond one of its two lines of X's direction filled or
    /// off the board: for Right, the two cells above or the two below), with their
    /// *margin* (the two cells beyond the other side when it is open), no area's
    /// square in another area's square or margin, so that a move of the opponent
    /// touching an area's square touches no other area (its other cell is in the
    /// square or in the margin); counted in pairs, `p` pairs and at most one lone
    /// area, whose two placements of X's along it count as two of type two; and
    /// other placements of X's, outside the squares (a margin may hold some): `y`
    /// (*type one*) such that any move of the opponent covering a cell of one
    /// covers no cell of another part (of a square included), and the other `x`
    /// (*type two*). The opponent's move covers two cells, so it takes away at most
    /// two placements of the reserve outside the pairs of areas, at most one when it
    /// touches one of type one, and, when it touches the square of an area of a
    /// pair, at most one other, of type two, in the margin. The opponent's later
    /// placements are among
    /// the present ones, so this holds for the rest of the game; X's moves in the
    /// reserve take nothing else of it away.
    ///
    /// In an area whose square is still empty, X playing the line of the square
    /// next to its open side (either line when both are walled) makes the other
    /// line a safe placement (its neighbours across are the wall and X's domino).
    /// That move also takes exactly one from `most` of the opponent on each of the
    /// square's two lines across: such a line's run of empty cells starts at the
    /// wall with the square's two cells, and of a run of `n` cells, `⌊n/2⌋` fit,
    /// where after the move the first cell is alone and `n − 2` are left.
    ///
    /// X's way of playing: when the opponent has just touched the square of an area
    /// of an intact pair (both squares untouched), X plays as above in the other
    /// area of the pair. The opponent's moves then number at most its `most` now,
    /// less what X's moves take from it (a move of the opponent takes at least one
    /// from its own `most`, and no move adds to it), less what is left of it at the
    /// end; in each pair, either X played in an area as above (two less) or both
    /// squares are untouched at the end (their four lines across still hold a
    /// placement each, two at least left): at most `most − 2·p` in all, as long as
    /// X plays so (also when X starts in a pair, below).
    ///
    /// Claim: moving second (the opponent to move), X makes at least
    /// `second(X) = s + 2p + g(x, y)` moves, never being stuck before, where
    /// `g(x, y) = ⌊x/3⌋ + ⌊y/2⌋ + [x mod 3 ≠ 0 and y odd]` (the last term: one move
    /// of the opponent cannot take both the last of type two and the last of type
    /// one). Proof by induction on `Φ = s + 2p + g(x, y)` over the reserve left:
    /// nothing to prove for `Φ = 0`. Otherwise the opponent moves. If it moves in an
    /// area of an intact pair, X answers as above: `p` falls by one and `s` grows by
    /// one, `Φ` falls by one. If that move also took a placement of type two in the
    /// margin, it covered a cell of the square's line next to the margin, and the
    /// square's other line, along the wall, is left as a placement of X's of type
    /// one (one of its cells is between the wall and the opponent's domino, the
    /// other can be covered only together with a cell of the square, in no other
    /// part), so `g` does not fall (`g(x − 1, y + 1) ≥ g(x, y)`). Otherwise it takes
    /// away at most two of type two, or one
    /// of type one, or nothing, and X answers with a placement of type one or two
    /// that leaves `g` at least `g(x, y) − 1` whenever `g(x, y) ≥ 1` (below, `x =
    /// 3a + r`, `y = 2b + t`, so `g = a + b + [r ≠ 0 and t = 1]`):
    ///
    /// - it takes one of type one: when `t = 1` and `b ≥ 1` X plays type one
    ///   (`a + b − 1 + [r ≠ 0]` left); when `y = 1`, X plays type two (`x ≥ 1` as
    ///   `g ≥ 1`; `⌊(x − 1)/3⌋` is `a` for `r ≠ 0`, `a − 1` for `r = 0`); when `t =
    ///   0`, X plays type one (`a + b − 1` left);
    /// - it takes `k ∈ {1, 2}` of type two and `r ≠ 0`, `t = 1`: X plays type one
    ///   when `r = 2` or `k = 1` (`⌊(x − k)/3⌋ = a`, `a + b` left), else (`r = 1`,
    ///   `k = 2`, so `a ≥ 1`) type two (`3a − 2` left, `(a − 1) + b + 1`); in the
    ///   other cases (`g = a + b`) X plays type two if one is left (`⌊(x − k −
    ///   1)/3⌋ ≥ a − 1`), else `x ≤ 2`, `a = 0`, `b ≥ 1` and X plays type one;
    /// - it takes nothing: X plays type two when `r ≠ 0` and `t = 1` (`a + b` left
    ///   at least), else type two if `x ≥ 1` (`⌊(x − 1)/3⌋ ≥ a − 1`), else type one
    ///   (`b ≥ 1`).
    ///
    /// When it takes nothing X may as well play a safe placement (`Φ` falls by
    /// one), or, with neither safe nor vulnerable placements left, play as above in
    /// an area of a pair: that area's other line becomes safe, the opponent's `most`
    /// falls by two, and the other area of the pair is left alone, its two
    /// placements counted of type two (`g(x + 2, y) ≥ g(x, y)`), so `Φ` falls by at
    /// most `2 − 1 = 1`. So X moves, and the reserve left has `Φ' ≥ Φ − 1` with the
    /// opponent to move: by induction X makes `Φ − 1` more.
    ///
    /// Moving first, X plays a placement of the reserve and then moves second:
    /// `first(X)` is the best of `1 + second` of the reserve without a safe one, one
    /// of type one or one of type two (those it has), and 0 with none; `first'(X)`,
    /// with a lone area, is `1 + second` of the reserve where the lone area's two
    /// placements are replaced by one safe one (X played the other), and the
    /// opponent's two placements inside the lone area are gone.
    ///
    /// Proof of the rule. Players alternate, P first, P playing its way and O
    /// making at most `m` moves. If `first(P) > m`: P is stuck first only at a move
    /// `k > first(P)`, before which O made `k − 1 ≥ first(P) ≥ m + 1` moves, which
    /// O cannot: O is stuck first and P wins. If `second(O) ≥ m` (now O playing its
    /// way and P making at most `m` moves): O's `k`-th move comes after P's `k`-th,
    /// so O is stuck first only after P made `k > second(O) ≥ m` moves, which P
    /// cannot: P is stuck first and loses.
    ///
    /// The same holds counting cells instead of moves, with `E` the empty cells:
    ///
    /// - P wins when `4·first(P) > E − u(O) + c(P, first(P))` (or the same with
    ///   `first'(P)`), where `u(O)` counts the cells O can never cover (cells only
    ///   fill, so a cell with no empty cell beside it across O's direction stays
    ///   so) and `c(P, f)` is the most of them that `f` placements of P's reserve
    ///   that do not overlap cover (`covered`): two for each safe one, one for each
    ///   with one such cell, none for a line of a protective area's square;
    /// - P loses when `4·second(O) + 2 > E − u(P) + c(O, second(O))`, `u(P)`
    ///   likewise the cells P can never cover.
    ///
    /// Proof. X playing its way plays only placements of its reserve (its safe and
    /// vulnerable placements and the lines of its protective areas' squares) for as
    /// long as its count assures it moves, so its first `f` moves cover at most
    /// `c(X, f)` of the cells the opponent can never cover, and the opponent's moves
    /// none. If P, playing its way, were stuck first, at a move `k > first(P)`, O
    /// would have made `k − 1 ≥ first(P)` moves: just after O's move `first(P)`,
    /// P's first `first(P)` moves and O's would cover `4·first(P)` cells, at most
    /// `c(P, first(P))` of the `u(O)`, so at most `E − u(O) + c(P, first(P))`. If O,
    /// playing its way, were stuck first, at its move `k > second(O)`, P would have
    /// made `k ≥ second(O) + 1` moves: just after P's move `second(O) + 1`, its
    /// dominoes (none on the `u(P)`) and O's first `second(O)` would cover
    /// `2·(second(O) + 1) + 2·second(O)` cells, at most `c(O, second(O))` of the
    /// `u(P)`. Either is more than the cells there are.
    pub fn decided(&self, node: &Node) -> Option<bool> {
        self.0.decided(node.empty, node.left)
    }
}

impl<W: Word> Shape<W> {
    /// The masks of `rows`×`cols` boards; `None` unless both are at least 1, the
    /// cells at most [`MAX_CELLS`] and [`Word::BITS`], and two rows fewer bits than
    /// the word (the widest shift of a board, by `2·cols`, stays within it).
    pub(super) fn new(rows: u32, cols: u32) -> Option<Shape<W>> {
        let n = rows.checked_mul(cols)?;
        if rows == 0 || cols == 0 || n > MAX_CELLS || n > W::BITS || 2 * cols >= W::BITS {
            return None;
        }
        let cells = W::low(n);
        let mut first = W::ZERO;
        for r in 0..rows {
            first |= W::ONE << (r * cols);
        }
        let last = first << (cols - 1);
        Some(Shape {
            rows,
            cols,
            cells,
            not_first: cells & !first,
            not_last: cells & !last,
        })
    }

    /// Left's placements (top cells) and Right's (left cells) on `empty`.
    #[inline]
    fn spots(&self, empty: W) -> (W, W) {
        (
            empty & (empty >> self.cols),
            empty & (empty >> 1) & self.not_last,
        )
    }

    /// The cells of `e` next to a cell of `x` (by a side).
    #[inline]
    fn neighbours(&self, x: W, e: W) -> W {
        ((x << 1 & self.not_first) | (x >> 1 & self.not_last) | x << self.cols | x >> self.cols) & e
    }

    /// The cells of the first column.
    #[inline]
    fn first_column(&self) -> W {
        self.cells & !self.not_first
    }

    /// The board turned by half a turn: cell `k` goes to `n − 1 − k`.
    #[inline]
    fn turned(&self, empty: W) -> W {
        half_turned(self.rows * self.cols, empty)
    }

    /// The cells of the domino at `spot`, vertical or not.
    #[inline]
    fn cells_of(&self, spot: u32, vertical: bool) -> W {
        let second = if vertical { self.cols } else { 1 };
        (W::ONE | W::ONE << second) << spot
    }

    /// The board upside down: row `r` goes to `rows − 1 − r`.
    #[inline]
    fn upside_down(&self, empty: W) -> W {
        rows_flipped(self.rows, self.cols, empty)
    }

    /// The board transposed (cell (r, c) to (c, r)) when the grid is square.
    fn transposed(&self, e: W) -> Option<W> {
        (self.rows == self.cols).then(|| transposed_cells(self.rows, self.cols, e))
    }

    /// Left's safe placements (top cells) and Right's (left cells) on `empty`: a
    /// vertical pair of empty cells neither of which has an empty cell beside it in
    /// its row (no horizontal domino can ever cover them, as cells only fill), and a
    /// horizontal pair neither of which has an empty cell above or below.
    #[inline]
    fn safe_spots(&self, e: W) -> (W, W) {
        let (row_alone, col_alone) = self.alone(e);
        (
            row_alone & (row_alone >> self.cols),
            col_alone & (col_alone >> 1) & self.not_last,
        )
    }

    /// The empty cells no horizontal domino can cover, and those no vertical one can.
    #[inline]
    fn alone(&self, e: W) -> (W, W) {
        (
            e & !((e >> 1) & self.not_last) & !((e << 1) & self.not_first),
            e & !(e >> self.cols) & !(e << self.cols),
        )
    }

    /// The placements of the mover (Left when `left`) that a search may skip at a
    /// node of `e` empty cells, among `mine`, the mover's placements: all but one of
    /// those inside *isolated runs*.
    ///
    /// An isolated run is a maximal run of empty cells along a line of the mover's
    /// direction (a column for Left) none of which the opponent can ever cover (no
    /// empty cell beside it across): its cells touch no other empty cell, so it is a
    /// component of its own, where only the mover can play, worth `⌊n/2⌋` moves to
    /// the mover for `n` cells, an integer. A placement at an end of a run leaves
    /// `n − 2` cells, taking exactly one from that integer; every such placement, in
    /// any run, leaves a position of the same value (the node's, less one), hence of
    /// the same outcome, and one inside a run leaves two runs of `i` and `n − 2 − i`
    /// cells, `⌊i/2⌋ + ⌊(n−2−i)/2⌋ ≤ ⌊n/2⌋ − 1`, a value no better for the mover.
    /// Whoever wins moving second at a value wins at any value better for them, so
    /// one end placement answers for all of them: the rest are returned.
    #[inline]
    fn redundant(&self, e: W, left: bool, mine: W) -> W {
        let (row_alone, col_alone) = self.alone(e);
        let (shut, step) = if left {
            (row_alone, self.cols)
        } else {
            (col_alone, 1)
        };
        // A placement in a run has both cells shut: with none, no run to look for.
        if mine & shut & (shut >> step) == W::ZERO {
            return W::ZERO;
        }
        // The empty cells joined along the line to one the opponent can cover.
        let (forward, backward) = if left {
            (self.cells, self.cells)
        } else {
            (self.not_first, self.not_last)
        };
        let mut open = e & !shut;
        loop {
            let grown = open | (open << step & forward & e) | (open >> step & backward & e);
            if grown == open {
                break;
            }
            open = grown;
        }
        let runs = e & !open;
        let inside = mine & runs & (runs >> step);
        if inside == W::ZERO {
            return W::ZERO;
        }
        // Placements whose cell before them along the line is not in a run: the
        // first of a run.
        let ends = inside & !(runs << step & forward);
        inside & !ends.lowest()
    }

    /// X's reserve (Left's when `left`; see [`Grid::decided`]) on the board of
    /// `e` empty cells.
    #[inline]
    fn reserve(&self, e: W, left: bool) -> Reserve<W> {
        let (v, h) = self.spots(e);
        let (sv, sh) = self.safe_spots(e);
        let (mine, safe, step, across) = if left {
            (v, sv, self.cols, 1)
        } else {
            (h, sh, 1, self.cols)
        };
        let safe = pack(safe, step);
        let free = e & !(safe | safe << step);
        // Protective areas: 2×2 squares of free cells walled across on one side at
        // least (the two cells beyond one of its lines of X's direction filled or
        // off the board), with their *margin*, the two cells beyond the other side
        // when it is open; no area's square is in another area's square or margin
        // (margins may meet), and no other part of the reserve takes a cell of a
        // square.
        let pairs = free & (free >> step);
        let square = pairs & (pairs >> across) & self.not_last;
        let (before, after) = if left {
            let two_on = self.not_last & (self.not_last >> 1);
            ((e << 1) & self.not_first, (e >> 2) & two_on)
        } else {
            (e << self.cols, e >> (2 * self.cols))
        };
        let wall_before = !(before | before >> step);
        let wall_after = !(after | after >> step);
        let mut candidates = square & (wall_before | wall_after);
        let (mut blocks, mut margins, mut areas) = (W::ZERO, W::ZERO, 0u32);
        while candidates != W::ZERO {
            let k = candidates.trailing_zeros();
            candidates = candidates.without_lowest();
            let line = (W::ONE | W::ONE << step) << k;
            let block = line | line << across;
            let margin = match (wall_before.has(k), wall_after.has(k)) {
                (true, true) => W::ZERO,
                (true, false) => line << (2 * across),
                _ => line >> across,
            };
            if block & (blocks | margins) == W::ZERO && margin & blocks == W::ZERO {
                blocks |= block;
                margins |= margin;
                areas += 1;
            }
        }
        let rest = free & !blocks;
        let mine = mine & rest & (rest >> step);
        let vuln = pack(mine, step);
        let cells = vuln | vuln << step;
        // Cells of the reserve beside another of its cells across the line, where
        // one move of the opponent covers both, and cells beside a square (in its
        // margin), which a move of the opponent touching the square may cover.
        let (beside, near) = if left {
            (
                cells & (cells >> across) & self.not_last,
                cells & ((blocks << 1 & self.not_first) | (blocks >> 1 & self.not_last)),
            )
        } else {
            (
                cells & (cells >> across),
                cells & (blocks << across | blocks >> across),
            )
        };
        let shared = beside | beside << across | near;
        let two = (vuln & (shared | shared >> step)).count_ones();
        Reserve {
            safe_first: safe,
            vulnerable: vuln,
            safe: safe.count_ones(),
            one: vuln.count_ones() - two,
            two,
            pairs: areas / 2,
            lone: areas % 2 == 1,
        }
    }

    /// [`Grid::decided`] on the board of `e` empty cells, Left to move when `left`.
    fn decided(&self, e: W, left: bool) -> Option<bool> {
        let (v, h) = self.spots(e);
        let (mine, theirs, step_mine, step_theirs) = if left {
            (v, h, self.cols, 1)
        } else {
            (h, v, 1, self.cols)
        };
        if mine == W::ZERO {
            return Some(false);
        }
        if theirs == W::ZERO {
            return Some(true);
        }
        let r = self.reserve(e, left);
        let lone = 2 * u32::from(r.lone);
        let second = |s: u32, y: u32, x: u32| s + 2 * r.pairs + vulnerable(x, y);
        let (s, y, x) = (r.safe, r.one, r.two + lone);
        let mut first = 0;
        if s > 0 {
            first = 1 + second(s - 1, y, x);
        }
        if y > 0 {
            first = first.max(1 + second(s, y - 1, x));
        }
        if x > 0 {
            first = first.max(1 + second(s, y, x - 1));
        }
        // The cells each player can never cover: Left's dominoes are vertical, so
        // Right can never cover a cell with no empty cell beside it in its row.
        let (row_alone, col_alone) = self.alone(e);
        let (shut_theirs, shut_mine) = if left {
            (row_alone, col_alone)
        } else {
            (col_alone, row_alone)
        };
        let empty = e.count_ones();
        // The cells the other player may cover: the empty cells less those it can
        // never cover, plus the most of those that `f` moves of X's reserve cover.
        let room = |f: u32, r: &Reserve<W>, shut: W, step: u32| {
            empty - shut.count_ones() + covered(f, r, shut, step)
        };
        let room_p = |f: u32| room(f, &r, shut_theirs, step_mine);
        let most = packing(theirs, step_theirs) as i32 - 2 * r.pairs as i32;
        if first as i32 > most || 4 * first > room_p(first) {
            return Some(true);
        }
        if r.lone {
            let first = 1 + second(s + 1, y, r.two);
            if first as i32 > most - 2 || 4 * first > room_p(first) {
                return Some(true);
            }
        }
        let o = self.reserve(e, !left);
        let second_o = o.safe + 2 * o.pairs + vulnerable(o.two + 2 * u32::from(o.lone), o.one);
        if second_o as i32 >= packing(mine, step_mine) as i32 - 2 * o.pairs as i32
            || 4 * second_o + 2 > room(second_o, &o, shut_mine, step_theirs)
        {
            return Some(false);
        }
        None
    }
}

/// The moves a player moving second is sure to make from `x` vulnerable placements
/// of type two and `y` of type one ([`Grid::decided`]): `⌊x/3⌋ + ⌊y/2⌋`, and one
/// more when `x` is not a multiple of 3 and `y` is odd (one move of the opponent
/// cannot take both the last of type two and the last of type one).
fn vulnerable(x: u32, y: u32) -> u32 {
    x / 3 + y / 2 + u32::from(x % 3 != 0 && y % 2 == 1)
}

/// The most cells of `shut` (cells the other player can never cover) that `f`
/// moves of X's reserve `r` may cover, X's placements running by `step`: each
/// move is one of the reserve's placements (or a line of a protective area's
/// square, none of whose cells is in `shut`: the other line's cell beside it across
/// is empty), and they do not overlap, so at most the `f` placements covering
/// the most of `shut`: two for a placement with both cells in `shut` (the safe
/// ones), one for one with one cell there.
#[inline]
fn covered<W: Word>(f: u32, r: &Reserve<W>, shut: W, step: u32) -> u32 {
    let first = r.safe_first | r.vulnerable;
    let both = (first & shut & (shut >> step)).count_ones();
    let one = (first & (shut | shut >> step)).count_ones() - both;
    2 * f.min(both) + f.saturating_sub(both).min(one)
}

/// A player's reserve ([`Grid::decided`]).
#[derive(Clone, Copy, Debug)]
struct Reserve<W> {
    /// The first cells of its safe placements.
    safe_first: W,
    /// The first cells of its vulnerable placements (of type one and two).
    vulnerable: W,
    /// Safe placements.
    safe: u32,
    /// Placements of type one.
    one: u32,
    /// Placements of type two (outside protective areas).
    two: u32,
    /// Pairs of protective areas.
    pairs: u32,
    /// A protective area left over from the pairs.
    lone: bool,
}

/// A transposition table of fixed memory for [`Solver`]: buckets of two slots, each
/// an exact key (the board's least image and the player to move) with the result
/// for the player to move and the size of the search that found it. The first slot
/// of a bucket keeps the biggest search, the second the latest.
struct Table {
    slots: Vec<Slot>,
    /// Buckets − 1 (a power of two).
    mask: u64,
}

/// A slot of the [`Table`].
#[derive(Clone, Copy, Default)]
struct Slot {
    lo: u64,
    hi: u64,
    /// 0 when empty; else 1 | (the player to move wins) << 1 | work << 2, where work
    /// is the bit length of the nodes the search of the key visited.
    info: u32,
}

impl Table {
    /// A table of at most `memory` bytes (at least one bucket).
    fn new(memory: u64) -> Table {
        let bucket = 2 * std::mem::size_of::<Slot>() as u64;
        let mut buckets = 1u64;
        while buckets * 2 * bucket <= memory {
            buckets *= 2;
        }
        Table {
            slots: vec![Slot::default(); 2 * buckets as usize],
            mask: buckets - 1,
        }
    }

    /// The key's bucket: its two halves folded into one word and mixed (SplitMix64's
    /// finalizer) so that every bit of the key moves the low bits that pick the
    /// bucket. A bare multiplication would not do: the low bits of a product depend
    /// only on the low bits of what is multiplied, so keys differing only in their
    /// high cells (the last rows) would all fall in one bucket.
    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let mut x = lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
        2 * (x & self.mask) as usize
    }

    /// The result stored for `key`, if any.
    #[inline]
    fn get(&self, key: u128) -> Option<bool> {
        let b = self.bucket(key);
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s.info != 0 && s.lo == lo && s.hi == hi)
            .map(|s| s.info & 2 != 0)
    }

    /// Stores `wins` for `key`, found by a search of `nodes` nodes.
    #[inline]
    fn put(&mut self, key: u128, wins: bool, nodes: u64) {
        let b = self.bucket(key);
        let work = 64 - nodes.leading_zeros();
        let slot = Slot {
            lo: key as u64,
            hi: (key >> 64) as u64,
            info: 1 | u32::from(wins) << 1 | work << 2,
        };
        let first = self.slots[b];
        if first.info == 0 || (first.lo == slot.lo && first.hi == slot.hi) {
            self.slots[b] = slot;
        } else if work >= first.info >> 2 {
            self.slots[b + 1] = first;
            self.slots[b] = slot;
        } else {
            self.slots[b + 1] = slot;
        }
    }

    fn bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<Slot>()) as u64
    }
}

/// The leaves ([`Leaves`]) get one part in this many of the search's memory, the
/// table the rest: a table of 512 MiB as given keeps its 2^23 buckets in the three
/// quarters left.
const LEAVES_SHARE: u64 = 4;

/// Nodes between two looks at the clock.
const CHECK_EVERY: u64 = 1 << 14;

/// How much a move's class (how many of its cells the opponent can never reach)
/// weighs in the move ordering: more than any change of counts and position.
const CLASS: i32 = 1 << 20;

/// How much a change of the counts of placements weighs beside the positional
/// preference (0 to 127).
const COUNTS: i32 = 128;

/// Domineering's search of the result alone on one grid, keeping its table between
/// questions (what it proved answers the next question at once).
///
/// A node other than the root is first checked against the counting bounds of
/// [`Grid::decided`] (moves each player is sure to make against the most the other
/// can make, counted in moves and in cells), then against the table; otherwise its
/// moves are searched best first (see the module) until one wins, and the
/// result is stored. Boards of at most 64 cells and 31 columns are searched in
/// `u64` words, the others in `u128`.
pub struct Solver(Width);

/// A [`Solver`]'s search in the word its boards fit.
enum Width {
    /// Boards whose cells and two rows fit 64 bits ([`Shape::new`]).
    Narrow(Engine<u64>),
    /// The other boards.
    Wide(Engine<u128>),
}

/// Runs `$body` with `$e` bound to the engine of the solver's width `$width`.
macro_rules! engine {
    ($width:expr, $e:ident => $body:expr) => {
        match $width {
            Width::Narrow($e) => $body,
            Width::Wide($e) => $body,
        }
    };
}

/// The search of a [`Solver`] over boards in words of type `W`.
struct Engine<W> {
    shape: Shape<W>,
    table: Table,
    nodes: u64,
    max_nodes: u64,
    next_check: u64,
    deadline: Option<std::time::Instant>,
    /// Per cell: the lines where a vertical move and a horizontal one whose first
    /// cell is there changes the counts ([`Lines`]).
    lines_v: Vec<Lines<W>>,
    lines_h: Vec<Lines<W>>,
    /// Per cell: the positional preference of a vertical and a horizontal move whose
    /// first cell is there (0 to 127, bigger first).
    place_v: Vec<i32>,
    place_h: Vec<i32>,
    /// Nodes decided by the canonical forms of their regions.
    leaves: Leaves,
}

/// The lines (whole rows or columns) where a move can change the counts the move
/// ordering compares: for a vertical move at (r, c), the mover's safe placements in
/// columns `c − 1` to `c + 1` (whether a cell has an empty cell beside it changes
/// only there), its placements in column `c`, the opponent's safe placements in rows
/// `r − 1` to `r + 2` and its placements in rows `r` and `r + 1`; for a horizontal
/// one, the same with rows and columns exchanged.
#[derive(Clone, Copy, Default)]
struct Lines<W> {
    safe_mine: W,
    safe_theirs: W,
    mine: W,
    theirs: W,
}

/// The positional preference of a domino along its line at `along` (its first
/// cell's place, of `length` places) whose line is `across` of `lines` from the
/// first: lines at an odd distance from the nearer edge first (two such lines with
/// one between leave safe placements in it), then lines away from the edges; along
/// a line, dominoes at an even distance from the nearer end (which tile it), and
/// nearer the edges before the middle.
fn preference(across: u32, lines: u32, along: u32, length: u32) -> i32 {
    let d_line = across.min(lines - 1 - across);
    let d_along = along.min((length - 2).saturating_sub(along));
    let tier = match (d_line % 2 == 1, d_line >= 2, d_along % 2 == 0) {
        (true, _, true) => 4,
        (true, _, false) => 3,
        (false, true, true) => 2,
        (false, true, false) => 1,
        _ => 0,
    };
    tier * 25 + 24 - (4 * d_line + d_along).min(24) as i32
}

impl Solver {
    /// A solver of boards of `grid`'s shape within `limits` (the table is allocated
    /// now) and the thread's deadline.
    pub fn new(grid: &Grid, limits: Limits) -> Solver {
        Solver(match Shape::new(grid.rows(), grid.cols()) {
            Some(shape) => Width::Narrow(Engine::new(shape, grid, limits)),
            None => Width::Wide(Engine::new(grid.0, grid, limits)),
        })
    }

    /// The nodes visited so far, by every question asked.
    pub fn nodes(&self) -> u64 {
        engine!(&self.0, e => e.nodes)
    }

    /// The nodes decided by the canonical forms of their regions ([`Leaves`]).
    pub fn leaves(&self) -> u64 {
        engine!(&self.0, e => e.leaves.decided())
    }

    /// The bytes of the table.
    pub fn table_bytes(&self) -> u64 {
        engine!(&self.0, e => e.table.bytes())
    }

    /// Whether the player to move wins `node`, with one winning move where it wins.
    pub fn wins(&mut self, node: &Node) -> Result<(bool, Option<Spot>), Stop> {
        engine!(&mut self.0, e => e.wins(node))
    }

    /// Whether the player to move wins `node`, without a winning move: on a square
    /// grid, first from the table's answer for the transposed board with the other
    /// player to move, if it has one (transposing a square board turns each
    /// player's dominoes into the other's, so the player to move wins the one
    /// exactly when the other player to move wins the other: the empty square's
    /// second question is the first's answer).
    pub fn result(&mut self, node: &Node) -> Result<bool, Stop> {
        engine!(&mut self.0, e => e.result(node))
    }
}

impl<W: Word> Engine<W> {
    /// The search of `grid`'s boards, `shape` its masks in words of type `W`.
    fn new(shape: Shape<W>, grid: &Grid, limits: Limits) -> Engine<W> {
        let (rows, cols) = (shape.rows, shape.cols);
        let n = (rows * cols) as usize;
        let line = W::low(cols);
        let row = |r: i64| {
            if r < 0 || r >= i64::from(rows) {
                W::ZERO
            } else {
                line << (r as u32 * cols)
            }
        };
        let col = |c: i64| {
            if c < 0 || c >= i64::from(cols) {
                W::ZERO
            } else {
                shape.first_column() << c as u32
            }
        };
        let mut lines_v = vec![Lines::default(); n];
        let mut lines_h = vec![Lines::default(); n];
        let mut place_v = vec![0; n];
        let mut place_h = vec![0; n];
        for k in 0..n {
            let (r, c) = ((k as u32 / cols) as i64, (k as u32 % cols) as i64);
            lines_v[k] = Lines {
                safe_mine: col(c - 1) | col(c) | col(c + 1),
                safe_theirs: row(r - 1) | row(r) | row(r + 1) | row(r + 2),
                mine: col(c),
                theirs: row(r) | row(r + 1),
            };
            lines_h[k] = Lines {
                safe_mine: row(r - 1) | row(r) | row(r + 1),
                safe_theirs: col(c - 1) | col(c) | col(c + 1) | col(c + 2),
                mine: row(r),
                theirs: col(c) | col(c + 1),
            };
            if rows >= 2 {
                place_v[k] = preference(c as u32, cols, r as u32, rows);
            }
            if cols >= 2 {
                place_h[k] = preference(r as u32, rows, c as u32, cols);
            }
        }
        Engine {
            shape,
            table: Table::new(limits.memory - limits.memory / LEAVES_SHARE),
            nodes: 0,
            max_nodes: limits.nodes,
            next_check: CHECK_EVERY,
            deadline: deadline::current(),
            lines_v,
            lines_h,
            place_v,
            place_h,
            leaves: Leaves::new(grid, limits.memory / LEAVES_SHARE),
        }
    }

    /// The board of `node` in a word.
    fn word(&self, node: &Node) -> W {
        W::of_cells(node.empty) & self.shape.cells
    }

    /// [`Solver::wins`].
    fn wins(&mut self, node: &Node) -> Result<(bool, Option<Spot>), Stop> {
        let mut best = None;
        let won = self.search(self.word(node), node.left, Some(&mut best))?;
        Ok((won, best))
    }

    /// [`Solver::result`].
    fn result(&mut self, node: &Node) -> Result<bool, Stop> {
        if let Some(t) = self.shape.transposed(self.word(node)) {
            if let Some(won) = self.table.get(self.key(t, !node.left)) {
                return Ok(won);
            }
        }
        Ok(self.wins(node)?.0)
    }

    /// The key of a node: the least of the board's images that keep each player's
    /// orientation, with the player to move in bit 127.
    #[inline]
    fn key(&self, e: W, left: bool) -> u128 {
        let g = &self.shape;
        let flipped = g.upside_down(e);
        e.min(g.turned(e))
            .min(flipped)
            .min(g.turned(flipped))
            .cells()
            | u128::from(left) << 127
    }

    /// Whether the player to move (Left when `left`) wins the board of `e` empty
    /// cells; at the root, the winning move found is put in `best`.
    fn search(&mut self, e: W, left: bool, best: Option<&mut Option<Spot>>) -> Result<bool, Stop> {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check()?;
        }
        let g = self.shape;
        let (v, h) = g.spots(e);
        let (mine, theirs) = if left { (v, h) } else { (h, v) };
        if mine == W::ZERO {
            return Ok(false);
        }
        if theirs == W::ZERO {
            if let Some(best) = best {
                *best = Some(mine.trailing_zeros() as Spot);
            }
            return Ok(true);
        }
        let is_root = best.is_some();
        if !is_root {
            if let Some(won) = g.decided(e, left) {
                return Ok(won);
            }
        }
        let key = self.key(e, left);
        if !is_root {
            if let Some(won) = self.table.get(key) {
                return Ok(won);
            }
            if let Some(won) = self.leaves.outcome(e.cells(), left) {
                self.table.put(key, won, 1);
                return Ok(won);
            }
        }
        let start = self.nodes;
        let mut list = [(0i32, 0 as Spot); 128];
        let n = self.order(e, left, mine & !g.redundant(e, left, mine), &mut list);
        let mut won = None;
        for &(_, spot) in &list[..n] {
            let child = e & !g.cells_of(u32::from(spot), left);
            if !self.search(child, !left, None)? {
                won = Some(spot);
                break;
            }
        }
        self.table.put(key, won.is_some(), self.nodes - start);
        if let Some(best) = best {
            *best = won;
        }
        Ok(won.is_some())
    }

    /// Puts the mover's placements `mine` in `list`, best first, and returns how
    /// many there are: first by class (how many of the move's cells the opponent can
    /// never cover: none, one, both, the last a safe placement), then by how the
    /// counts change on the lines the move touches (the mover's safe placements and
    /// all placements that fit together, less the opponent's), then by position.
    fn order(&self, e: W, left: bool, mine: W, list: &mut [(i32, Spot); 128]) -> usize {
        let g = &self.shape;
        let (row_alone, col_alone) = g.alone(e);
        // The cells the opponent can never cover.
        let shut = if left { row_alone } else { col_alone };
        let (step_mine, step_theirs) = if left { (g.cols, 1) } else { (1, g.cols) };
        // The placements counted, the mover's and the opponent's, safe and all.
        let placements = |e: W| {
            let (v, h) = g.spots(e);
            let (sv, sh) = g.safe_spots(e);
            if left {
                (sv, sh, v, h)
            } else {
                (sh, sv, h, v)
            }
        };
        // `pack` keeps each line apart, so the counts on some lines are those of the
        // whole board's packing on them: the node's, found once.
        let (sm, st, m, t) = placements(e);
        let (sm, st) = (pack(sm, step_mine), pack(st, step_theirs));
        let (m, t) = (pack(m, step_mine), pack(t, step_theirs));
        let mut n = 0;
        let mut spots = mine;
        while spots != W::ZERO {
            let k = spots.trailing_zeros();
            spots = spots.without_lowest();
            let cells = g.cells_of(k, left);
            let (l, place) = if left {
                (self.lines_v[k as usize], self.place_v[k as usize])
            } else {
                (self.lines_h[k as usize], self.place_h[k as usize])
            };
            let before = ((sm & l.safe_mine).count_ones() + (m & l.mine).count_ones()) as i32
                - ((st & l.safe_theirs).count_ones() + (t & l.theirs).count_ones()) as i32;
            let (csm, cst, cm, ct) = placements(e & !cells);
            let after = (packing(csm & l.safe_mine, step_mine) + packing(cm & l.mine, step_mine))
                as i32
                - (packing(cst & l.safe_theirs, step_theirs) + packing(ct & l.theirs, step_theirs))
                    as i32;
            let class = (cells & shut).count_ones() as i32;
            list[n] = (
                -class * CLASS + (after - before) * COUNTS + place,
                k as Spot,
            );
            n += 1;
        }
        let list = &mut list[..n];
        // Insertion sort, biggest first, stable on the spots' order.
        for i in 1..n {
            let x = list[i];
            let mut j = i;
            while j > 0 && list[j - 1].0 < x.0 {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = x;
        }
        n
    }

    /// Stops past the node budget or the deadline; reports progress.
    #[cold]
    fn check(&mut self) -> Result<(), Stop> {
        self.next_check = self.nodes + CHECK_EVERY;
        if self.nodes > self.max_nodes {
            return Err(Stop::Nodes(self.max_nodes));
        }
        // `poll` asks a front end's interrupt (Python's Ctrl-C) now and then.
        if deadline::reached(self.deadline) || deadline::cancelled() || deadline::poll() {
            return Err(Stop::Time);
        }
        report_progress(self.nodes);
        Ok(())
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
    let mut solver = Solver::new(grid, limits);
    let (won, best) = solver.wins(node)?;
    Ok((won, best, solver.nodes()))
}

/// Whether the player to move wins `node` of `grid`, with one winning move where it
/// wins, then whether the other player wins the same board moving first, and the
/// nodes visited, by searches sharing one table within `limits` (what the first
/// proved answers the second: [`Solver::result`]).
pub fn both(
    grid: &Grid,
    node: &Node,
    limits: Limits,
) -> Result<(bool, Option<Spot>, bool, u64), Stop> {
    let mut solver = Solver::new(grid, limits);
    let (won, best) = solver.wins(node)?;
    let other = solver.result(&Node {
        empty: node.empty,
        left: !node.left,
    })?;
    Ok((won, best, other, solver.nodes()))
}

/// Who wins the board of `empty` cells of `grid` moving first, each player in
/// turn, by searches sharing one table within `limits` ([`both`], Left first).
pub fn outcome(grid: &Grid, empty: u128, limits: Limits) -> Result<Outcome, Stop> {
    let (left_first, _, right_first, nodes) = both(grid, &Node { empty, left: true }, limits)?;
    Ok(Outcome {
        left_first,
        right_first,
        nodes,
    })
}
