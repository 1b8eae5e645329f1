//! Cram: dominoes placed on a board, either way by either player.
//!
//! # Rules
//! A rectangle of cells, some of them filled. A move places a domino on two empty
//! cells next to each other, in a row or in a column; the domino fills them. Both
//! players have the same moves (Cram is the impartial form of Domineering); the
//! player who cannot place a domino loses.
//!
//! # Notation
//! As Domineering's: a board is its rows from the top, separated by `|`, `.` an empty
//! cell and `#` a filled one, every row as long as the first, at most 26 cells in a
//! row and 127 in all. A move is the domino's two cells, column letter and row number
//! (`1` the top row): `b1-b2` is vertical, `a3-b3` horizontal.
//!
//! # Values
//! No closed form is known in general. The empty cells split into connected regions
//! whose Grundy values XOR together, and each region is valued through the least of
//! its eight images under the symmetries of the rectangle, by the memoised search of
//! [`nimbers`] (within its limits; bigger boards are refused
//! with a message saying so). By symmetry, an empty board with both sides even is a
//! second-player win, so of value 0 whatever its size, and is answered so at once
//! (the second player answers each domino with its image through the centre); one
//! with one side even and the other odd is a first-player win (the first player fills
//! the two central cells, then answers in kind), though its value and its other
//! winning moves need the search. The 1×n strip is
//! Dawson's Kayles, the octal game 0.07 (Gardner, *Mathematical Games*, Scientific
//! American, February 1974; Uiterwijk, *Solving Cram Using Combinatorial Game
//! Theory*, 2019).

use std::ops::RangeInclusive;

use crate::dynamic::{either_convention, RulesetSpec};
use crate::game::Player;
use crate::rules::domineering::{boards_of_size, dominoes, Board, Domino, DominoError};
use crate::rules::nimbers::{self, Memo};
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, ManyMoves, Parts, Presentation, WebBoard,
};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::{Nimber, Value};

/// Cram in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "cram",
    about:
        "Cram, impartial: either player places a domino either way; rows of . and # separated by |.",
    example: "...|...|..#",
    params: &[],
    build: |_, convention| either_convention(Cram::new(), convention),
};

/// The largest boards verify takes, in cells.
const LARGEST_BOARD: usize = 16;

/// The Cram ruleset, with the region split and the symmetry hook switchable (to
/// check them).
#[derive(Debug)]
pub struct Cram {
    /// Split a board into its connected regions.
    pub split: bool,
    /// Value a region through its least symmetric image.
    pub symmetry: bool,
    memo: Memo<Board>,
}

impl Default for Cram {
    fn default() -> Self {
        Cram::new()
    }
}

impl Cram {
    /// The memo of the regions' values, which the analysis fills (to search with
    /// [`nimbers`] directly).
    pub fn memo(&self) -> &Memo<Board> {
        &self.memo
    }

    /// Cram with both hooks on.
    pub fn new() -> Cram {
        Cram::with_hooks(true, true)
    }

    /// Cram with the region split and the symmetry hook on or off.
    pub fn with_hooks(split: bool, symmetry: bool) -> Cram {
        Cram {
            split,
            symmetry,
            memo: Memo::default(),
        }
    }
}

/// Whether `b` is a whole empty rectangle with both sides even: a second-player
/// win, so of value 0, whatever its size (the second player answers every domino
/// with its image through the centre, which is always free).
fn even_by_even(b: &Board) -> bool {
    b.rows() % 2 == 0
        && b.cols() % 2 == 0
        && Board::empty(b.rows(), b.cols()).is_some_and(|full| full == *b)
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('#', crate::ruleset::board::Tint::Blocked, "filled"),
];

impl Ruleset for Cram {
    type Position = Board;

    type Move = Domino;

    fn name(&self) -> &'static str {
        "cram"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &Board, _: Player, text: &str) -> Result<Domino, MoveError> {
        let d: Domino = text
            .trim()
            .parse()
            .map_err(|e: DominoError| MoveError::notation(e.0))?;
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
        "the domino's two cells, column letter and row number (1 = top row), in a \
         column or a row: e.g. a1-a2 or a1-b1"
            .to_owned()
    }

    /// Every domino, in cell order of its top (or left) cell; at one cell the
    /// horizontal domino first.
    fn moves(&self, pos: &Board, _: Player) -> Vec<Domino> {
        let mut out = dominoes(pos, pos.horizontal_spots(), false);
        out.extend(dominoes(pos, pos.vertical_spots(), true));
        out.sort_by_key(|d| (d.row, d.col, d.vertical));
        out
    }

    fn play(&self, pos: &Board, mv: &Domino) -> Board {
        match pos.spot(*mv) {
            Some(i) => pos.place(i, mv.vertical),
            None => *pos,
        }
    }

    fn reach(&self, pos: &Board) -> u128 {
        // Every position below is a subset of the empty cells.
        1u128 << pos.empty_cells().count_ones()
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .parts(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Cram {
    fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
        if even_by_even(pos) {
            return Ok(Value::Nimber(Nimber(0)));
        }
        nimbers::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Board, _: Player) -> Result<Vec<Domino>, Unsolved> {
        if even_by_even(pos) {
            return Ok(Vec::new());
        }
        nimbers::winning_moves(self, &self.memo, pos)
    }
}

impl Presentation for Cram {
    fn explain(&self, pos: &Board, _: Player, _: usize) -> Option<Explanation> {
        nimbers::explain_parts(self, &self.memo, pos, ("region", "regions"))
    }
}

impl WebBoard for Cram {
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

impl Parts for Cram {
    fn components(&self, b: &Board) -> Vec<Board> {
        if self.split {
            b.regions()
        } else {
            vec![*b]
        }
    }

    /// Transposing a board keeps its Cram value (the players have the same moves).
    fn normalize(&self, b: &Board) -> (Board, bool) {
        if self.symmetry {
            (b.least_image().0, false)
        } else {
            (*b, false)
        }
    }
}

impl ManyMoves for Cram {
    fn move_count(&self, pos: &Board, _: Player) -> Option<u128> {
        let n = pos.vertical_spots().count_ones() + pos.horizontal_spots().count_ones();
        Some(u128::from(n))
    }
}

impl Enumerate for Cram {
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
