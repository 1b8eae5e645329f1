//! Clobber: a stone moves onto a neighbouring stone of the other colour and removes
//! it.
//!
//! # Rules
//! A rectangle of cells, each empty or holding a stone, `x` (Left's) or `o`
//! (Right's). A player moves one of their stones onto an orthogonally adjacent cell
//! holding a stone of the other colour, which is removed (clobbered); the cell left
//! is empty. A player who cannot move loses. (Albert, Grossman, Nowakowski, Wolfe,
//! "An introduction to Clobber", Integers 5 (2005).)
//!
//! # Notation
//! A board is its rows from the top, separated by `|`: `x`, `o`, or `.` for an
//! empty cell, every row as long as the first; at most 8 rows of at most 8 cells.
//! `xo|ox` is the 2×2 checkerboard.
//!
//! A move is the stone's cell and the cell it moves onto, each a column letter (`a`
//! the leftmost) and a row number (`1` the top row): `a1-b1` moves the stone on the
//! top-left cell one cell right.
//!
//! # Values
//! No closed form is known: the value of a position is its canonical form, found by
//! the engine of [`cgt`](crate::cgt) (through [`rules::canonical`](crate::rules::canonical)). Stones
//! only ever move onto stones, so the connected groups of stones never interact: a
//! board is the sum of its groups, and a group of one colour is 0. A group is valued
//! through the least of its images under the symmetries of the square, and with the
//! colours swapped (which negates the value). `xo` is `*` and `xxo` is `^`. Boards too
//! big for the engine's limits are refused with a message saying so.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::grid::{self, bounding_box, neighbours};
use crate::rules::stones::{self, cell, index};

pub use crate::rules::stones::Board;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, Parts, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Clobber in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "clobber",
    about: "Clobber, partizan: x (Left's) and o (Right's) stones capture a neighbour of the other colour; rows separated by |.",
    example: "xox|oxo",
    params: &[],
    build: |_, convention| normal_play_only(Clobber::default(), convention),
};

/// The largest boards verify takes, in cells (every board of a size, both players).
const LARGEST_BOARD: usize = 10;

/// The Clobber ruleset.
#[derive(Debug, Default)]
pub struct Clobber {
    memo: Memo<Board>,
}

/// A stone moved from one cell onto a neighbouring cell (rows and columns from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The stone's cell, (row, column).
    pub from: (u8, u8),
    /// The cell it moves onto.
    pub to: (u8, u8),
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            grid::cell_name(self.from.0, self.from.1),
            grid::cell_name(self.to.0, self.to.1)
        )
    }
}

impl FromStr for Capture {
    type Err = MoveError;

    /// Reads `FROM-TO`, two neighbouring cells such as `a1-b1`.
    fn from_str(text: &str) -> Result<Capture, MoveError> {
        let (a, b) = text.split_once('-').ok_or_else(|| {
            MoveError::notation(format!(
                "not a move: {text:?} (write the stone's cell and the cell it moves onto, e.g. a1-b1)"
            ))
        })?;
        let from = grid::parse_cell(a).map_err(MoveError::notation)?;
        let to = grid::parse_cell(b).map_err(MoveError::notation)?;
        if from.0.abs_diff(to.0) + from.1.abs_diff(to.1) != 1 {
            return Err(MoveError::notation(format!(
                "{text:?}: a stone moves onto a cell next to it in its row or column"
            )));
        }
        Ok(Capture { from, to })
    }
}

fn after(b: &Board, player: Player, mv: &Capture) -> Board {
    let (mine, theirs) = b.stones(player);
    let (from, to) = (1u64 << index(mv.from), 1u64 << index(mv.to));
    b.with_stones(player, (mine & !from) | to, theirs & !to)
}

fn options(b: &Board, player: Player) -> Vec<Board> {
    Clobber::default()
        .moves(b, player)
        .iter()
        .map(|m| after(b, player, m))
        .collect()
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('x', crate::ruleset::board::Tint::Left, "Left's stone"),
    crate::rules::drawing::g('o', crate::ruleset::board::Tint::Right, "Right's stone"),
];

impl Ruleset for Clobber {
    type Position = Board;

    type Move = Capture;

    fn name(&self) -> &'static str {
        "clobber"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Board, player: Player, text: &str) -> Result<Capture, MoveError> {
        let mv: Capture = text.trim().parse()?;
        let (mine, theirs) = pos.stones(player);
        let (own, other) = match player {
            Player::Left => ("x", "o"),
            Player::Right => ("o", "x"),
        };
        if mine >> index(mv.from) & 1 == 0 || mv.from.0 >= pos.h || mv.from.1 >= pos.w {
            return Err(MoveError::illegal(format!(
                "there is no {own} stone on {}",
                grid::cell_name(mv.from.0, mv.from.1)
            )));
        }
        if theirs >> index(mv.to) & 1 == 0 || mv.to.0 >= pos.h || mv.to.1 >= pos.w {
            return Err(MoveError::illegal(format!(
                "there is no {other} stone on {}: a stone moves only onto a stone of the other colour",
                grid::cell_name(mv.to.0, mv.to.1)
            )));
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        "FROM-TO, the stone's cell and the neighbouring cell it clobbers, column letter \
         and row number (1 = top row): Left moves x stones, Right o stones, e.g. a1-b1"
            .to_owned()
    }

    fn moves(&self, pos: &Board, player: Player) -> Vec<Capture> {
        let (mine, theirs) = pos.stones(player);
        let mut out = Vec::new();
        let mut movable = mine & neighbours(theirs);
        while movable != 0 {
            let i = movable.trailing_zeros();
            movable &= movable - 1;
            let mut targets = neighbours(1 << i) & theirs;
            while targets != 0 {
                let j = targets.trailing_zeros();
                targets &= targets - 1;
                out.push(Capture {
                    from: cell(i),
                    to: cell(j),
                });
            }
        }
        out
    }

    fn play(&self, pos: &Board, mv: &Capture) -> Board {
        let player = if pos.x >> index(mv.from) & 1 == 1 {
            Player::Left
        } else {
            Player::Right
        };
        after(pos, player, mv)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .parts(self)
            .enumerate(self)
    }
}

impl ClosedForm for Clobber {
    fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Board, to_move: Player) -> Result<Vec<Capture>, Unsolved> {
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Clobber {
    /// Left plays the x stones, Right the o ones: `Left (x)` or `Right (o)`.
    fn mover_name(&self, _: &Self::Position, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "x", "o")
    }

    fn explain(&self, pos: &Self::Position, _: Player, _: usize) -> Option<Explanation> {
        canonical::explain_parts(
            self,
            &self.memo,
            pos,
            ("group of stones", "groups of stones"),
        )
    }
}

impl WebBoard for Clobber {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        crate::rules::drawing::grid(&self.show_position(pos), GLYPHS)
    }

    fn touches(&self, _pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        crate::ruleset::board::cells_named(&mv.to_string())
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let text = crate::rules::drawing::cycle(&self.show_position(pos), at, GLYPHS)?;
        self.parse_position(&text).ok()
    }
}

impl Parts for Clobber {
    fn options(&self, b: &Board, player: Player) -> Vec<Board> {
        options(b, player)
    }

    /// The groups of stones with both colours, each cropped to its rectangle.
    fn components(&self, b: &Board) -> Vec<Board> {
        grid::regions(b.x | b.o)
            .into_iter()
            .filter(|&r| r & b.x != 0 && r & b.o != 0)
            .map(|r| {
                let (shift, h, w) = bounding_box(r);
                Board {
                    h,
                    w,
                    x: (b.x & r) >> shift,
                    o: (b.o & r) >> shift,
                }
            })
            .collect()
    }

    /// The least image under the symmetries of the square and the swap of colours.
    fn normalize(&self, b: &Board) -> (Board, bool) {
        b.least_image()
    }
}

impl Enumerate for Clobber {
    fn size_unit(&self) -> &'static str {
        "cells"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_BOARD
    }

    /// Every board of `size` cells: every rectangle of that area, every filling.
    fn positions(&self, size: usize) -> Option<Positions<'_, Board>> {
        stones::all_boards(size)
    }
}
