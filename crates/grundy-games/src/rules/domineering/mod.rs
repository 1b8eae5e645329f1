//! Domineering: dominoes placed on a board, Left's upright and Right's flat.
//!
//! # Rules
//! A rectangle of cells, some of them filled. Left places a domino on two empty
//! cells of one column (vertically), Right on two empty cells of one row
//! (horizontally); the domino fills them. A player who cannot place a domino loses.
//!
//! # Notation
//! A board is its rows from the top, separated by `|`: `.` an empty cell, `#` a
//! filled one, every row as long as the first; at most [`MAX_COLS`] (26) cells in a
//! row and [`MAX_CELLS`] (127) in all, e.g. 11×11 or 8×15 (the board is a 128-bit
//! word). `..#|...|...` is a 3×3 board with its top-right cell filled.
//!
//! A move is the domino's two cells, each a column letter (`a` the leftmost, up to
//! `z`) and a row number (`1` the top row, the one written first): `b1-b2` is a vertical
//! domino (Left's) in the second column, `a3-b3` a horizontal one (Right's) in the
//! third row. The cells may be given in either order; they print top or left first.
//!
//! # Values
//! No closed form is known: the value of a position is its canonical form, found by
//! the engine of [`cgt`](crate::cgt) (through [`rules::canonical`](crate::rules::canonical)). The
//! empty cells split into connected regions whose values add up, and a region is
//! valued through the least of its eight images under the symmetries of the square
//! (a transposed region swaps the players, so its value is negated). A column of
//! two cells (`.|.`) is 1, a row of two (`..`) is −1, the 2×2 board is ±1, a column
//! of four cells is 2 (Winning Ways, ch. 2; Lessons in Play, ch. 1).
//!
//! # Past canonical forms
//! A board with a region of more than [`CANONICAL_CELLS`] empty cells is not given
//! to the canonical-form engine (a 6×6 board already passes its budget, after
//! seconds). Who wins it, each player moving first (its outcome class), is found by
//! the search engine over bitboards ([`search`]): the analysis says so in
//! `solved_by`, with one winning move of a winner and no value.

mod board;
pub mod leaves;
pub mod search;
mod word;

pub(crate) use board::boards_of_size;
pub use board::{Board, Domino, DominoError, MAX_CELLS, MAX_COLS};

use std::ops::RangeInclusive;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, ManyMoves, Parts, Presentation, WebBoard,
};
use crate::ruleset::{Explanation, Kind, MoveError, OutcomeSearch, Positions, Ruleset, Unsolved};
use crate::values::Value;
use grundy_engine::engine::search::Limits;

/// Domineering in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "domineering",
    about: "Domineering, partizan: Left places vertical dominoes, Right horizontal ones; rows of . and # separated by |.",
    example: "..#|...|...",
    params: &[],
    build: |_, convention| normal_play_only(Domineering::new(), convention),
};

/// The most empty cells of one region the canonical-form engine is given: past it,
/// the closed form refuses the board at once and the analysis answers who wins by
/// search ([`search`]).
pub const CANONICAL_CELLS: u32 = 40;

/// Why `b` is not given to the canonical-form engine, if it has a region of more
/// than [`CANONICAL_CELLS`] empty cells.
fn past_canonical(b: &Board) -> Result<(), Unsolved> {
    let most = b
        .regions()
        .iter()
        .map(|r| r.empty_cells().count_ones())
        .max()
        .unwrap_or(0);
    if most > CANONICAL_CELLS {
        return Err(Unsolved::over_budget(format!(
            "a region of {most} empty cells, more than the {CANONICAL_CELLS} the \
             canonical-form engine is given"
        )));
    }
    Ok(())
}

/// The largest boards verify takes, in cells (every board of a size, each filled
/// cell pattern, both players).
const LARGEST_BOARD: usize = 16;

/// The Domineering ruleset, with the engine's two hooks switchable (to check them).
#[derive(Debug)]
pub struct Domineering {
    /// Split a board into its connected regions.
    pub split: bool,
    /// Value a board through its least symmetric image.
    pub symmetry: bool,
    memo: Memo<Board>,
}

impl Default for Domineering {
    fn default() -> Self {
        Domineering::new()
    }
}

impl Domineering {
    /// Domineering with both hooks on.
    pub fn new() -> Domineering {
        Domineering::with_hooks(true, true)
    }

    /// Domineering with the region split and the symmetry hook on or off.
    pub fn with_hooks(split: bool, symmetry: bool) -> Domineering {
        Domineering {
            split,
            symmetry,
            memo: Memo::default(),
        }
    }
}

/// The dominoes of `spots` (a bit per top or left cell) on `b`, in cell order.
pub(crate) fn dominoes(b: &Board, mut spots: u128, vertical: bool) -> Vec<Domino> {
    let mut out = Vec::with_capacity(spots.count_ones() as usize);
    while spots != 0 {
        let i = spots.trailing_zeros();
        spots &= spots - 1;
        out.push(b.domino(i, vertical));
    }
    out
}

/// The boards reached by placing a domino on each spot of `spots`.
fn placed(b: &Board, mut spots: u128, vertical: bool) -> Vec<Board> {
    let mut out = Vec::with_capacity(spots.count_ones() as usize);
    while spots != 0 {
        let i = spots.trailing_zeros();
        spots &= spots - 1;
        out.push(b.place(i, vertical));
    }
    out
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('#', crate::ruleset::board::Tint::Blocked, "filled"),
];

impl Ruleset for Domineering {
    type Position = Board;

    type Move = Domino;

    fn name(&self) -> &'static str {
        "domineering"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Board, player: Player, text: &str) -> Result<Domino, MoveError> {
        let d: Domino = text
            .trim()
            .parse()
            .map_err(|e: DominoError| MoveError::notation(e.0))?;
        match (player, d.vertical) {
            (Player::Left, false) => {
                return Err(MoveError::illegal(
                    "Left places dominoes vertically (two cells of one column)",
                ))
            }
            (Player::Right, true) => {
                return Err(MoveError::illegal(
                    "Right places dominoes horizontally (two cells of one row)",
                ))
            }
            _ => {}
        }
        let spots = if d.vertical {
            pos.vertical_spots()
        } else {
            pos.horizontal_spots()
        };
        if pos.spot(d).is_none_or(|i| spots >> i & 1 == 0) {
            return Err(MoveError::illegal(format!(
                "{d} does not fit: both cells must be on the {}×{} board and empty",
                pos.rows(),
                pos.cols()
            )));
        }
        Ok(d)
    }

    fn move_help(&self) -> String {
        "the domino's two cells, column letter and row number (1 = top row): Left \
         places vertical dominoes, e.g. a1-a2, Right horizontal ones, e.g. a1-b1"
            .to_owned()
    }

    fn moves(&self, pos: &Board, player: Player) -> Vec<Domino> {
        match player {
            Player::Left => dominoes(pos, pos.vertical_spots(), true),
            Player::Right => dominoes(pos, pos.horizontal_spots(), false),
        }
    }

    fn play(&self, pos: &Board, mv: &Domino) -> Board {
        match pos.spot(*mv) {
            Some(i) => pos.place(i, mv.vertical),
            None => *pos,
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .parts(self)
            .many_moves(self)
            .enumerate(self)
            .outcome_search(self)
    }
}

/// The search's limits for a table of `memory` bytes, and `pos`'s grid and node with
/// `to_move` to move.
fn search_of(
    pos: &Board,
    to_move: Player,
    memory: u64,
) -> Result<(Limits, search::Grid, search::Node), Unsolved> {
    let limits = Limits::new(memory, u64::MAX).map_err(Unsolved::unsupported)?;
    let grid = search::Grid::of(pos);
    let node = grid.node(pos, to_move);
    Ok((limits, grid, node))
}

impl OutcomeSearch for Domineering {
    fn wins_by_search(
        &self,
        pos: &Board,
        to_move: Player,
        memory: u64,
    ) -> Result<(bool, Option<Domino>, u64), Unsolved> {
        let (limits, grid, node) = search_of(pos, to_move, memory)?;
        let (wins, best, nodes) = search::wins(&grid, &node, limits)?;
        Ok((wins, best.map(|s| grid.domino(&node, s)), nodes))
    }

    /// One search for both players first, sharing its table.
    fn both_by_search(
        &self,
        pos: &Board,
        to_move: Player,
        memory: u64,
    ) -> Result<(bool, Option<Domino>, bool), Unsolved> {
        let (limits, grid, node) = search_of(pos, to_move, memory)?;
        let (wins, best, other_wins, _) = search::both(&grid, &node, limits)?;
        Ok((wins, best.map(|s| grid.domino(&node, s)), other_wins))
    }

    fn search_method(&self) -> &'static str {
        "alpha-beta search over bitboards with a transposition table and counts of safe \
         and vulnerable moves, the result alone (no value, no remoteness)"
    }
}

impl ClosedForm for Domineering {
    fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
        past_canonical(pos)?;
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Board, to_move: Player) -> Result<Vec<Domino>, Unsolved> {
        past_canonical(pos)?;
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Domineering {
    /// Left places vertical dominoes, Right horizontal ones: `Left (vertical)` or `Right (horizontal)`.
    fn mover_name(&self, _: &Self::Position, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "vertical", "horizontal")
    }

    fn explain(&self, pos: &Self::Position, _: Player, _: usize) -> Option<Explanation> {
        past_canonical(pos).ok()?;
        canonical::explain_parts(self, &self.memo, pos, ("region", "regions"))
    }
}

impl WebBoard for Domineering {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        crate::rules::drawing::grid(&self.show_position(pos), GLYPHS).map(|b| {
            b.noting(
                "A filled square (#) is a wall or a domino already placed: the position does not say which, nor whose. In a match, the dominoes placed during it are numbered by move and coloured by the player who placed them.",
            )
        })
    }

    fn touches(&self, _pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        crate::ruleset::board::cells_named(&mv.to_string())
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let text = crate::rules::drawing::cycle(&self.show_position(pos), at, GLYPHS)?;
        self.parse_position(&text).ok()
    }
}

impl Parts for Domineering {
    fn options(&self, b: &Board, player: Player) -> Vec<Board> {
        match player {
            Player::Left => placed(b, b.vertical_spots(), true),
            Player::Right => placed(b, b.horizontal_spots(), false),
        }
    }

    fn components(&self, b: &Board) -> Vec<Board> {
        if self.split {
            b.regions()
        } else {
            vec![*b]
        }
    }

    fn normalize(&self, b: &Board) -> (Board, bool) {
        if self.symmetry {
            b.least_image()
        } else {
            (*b, false)
        }
    }

    fn word(&self, b: &Board) -> Option<u64> {
        b.word()
    }
}

impl ManyMoves for Domineering {
    fn move_count(&self, pos: &Board, to_move: Player) -> Option<u128> {
        let spots = match to_move {
            Player::Left => pos.vertical_spots(),
            Player::Right => pos.horizontal_spots(),
        };
        Some(u128::from(spots.count_ones()))
    }
}

impl Enumerate for Domineering {
    fn size_unit(&self) -> &'static str {
        "cells"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_BOARD
    }

    /// Every board of `size` cells (every rectangle of that area, every pattern of
    /// filled cells).
    fn positions(&self, size: usize) -> Option<Positions<'_, Board>> {
        boards_of_size(size)
    }
}
