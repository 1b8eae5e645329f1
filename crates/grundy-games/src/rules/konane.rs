//! Konane: a stone jumps over a neighbouring stone of the other colour into the
//! empty cell beyond, and may go on jumping the same way.
//!
//! # Rules
//! A rectangle of cells, each empty or holding a stone, `x` (Left's) or `o`
//! (Right's). A player moves one of their stones in a straight line along its row or
//! column: it jumps over an adjacent stone of the other colour into the empty cell
//! just beyond, removing the stone jumped, and may jump again in the same direction
//! as often as it can (stopping after any jump). A player who cannot move loses.
//! (Ernst, "Playing Konane mathematically: a combinatorial game-theoretic analysis",
//! UMAP Journal 16 (1995); Albert, Nowakowski and Wolfe, *Lessons in Play*.)
//!
//! # Notation
//! A board is its rows from the top, separated by `|`: `x`, `o`, or `.` for an
//! empty cell, every row as long as the first; at most 8 rows of at most 8 cells.
//!
//! A move is the stone's cell and the cell it stops on, each a column letter (`a`
//! the leftmost) and a row number (`1` the top row): `a1-c1` jumps the stone on the
//! top-left cell over `b1`.
//!
//! # Values
//! No closed form is known: the value of a position is its canonical form, found by
//! the engine of [`cgt`](crate::cgt) (through [`rules::canonical`](crate::rules::canonical)).
//! Stones can jump into the gaps between groups, so a board is not split into parts;
//! it is valued through the least of its images under the symmetries of the square,
//! and with the colours swapped (which negates the value). `xo.` is 1 and `.xo.` is
//! `*`. Boards too big for the engine's limits are refused with a message saying so.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::grid::{self, rectangle, FILE_A, FILE_H};
use crate::rules::stones::{self, cell, index};

pub use crate::rules::stones::Board;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, Parts, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Konane in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "konane",
    about: "Konane, partizan: x (Left's) and o (Right's) stones jump over stones of the other colour into empty cells; rows separated by |.",
    example: "xox.|o.ox",
    params: &[],
    build: |_, convention| normal_play_only(Konane::default(), convention),
};

/// The largest boards verify takes, in cells (every board of a size, both players).
const LARGEST_BOARD: usize = 9;

/// The Konane ruleset.
#[derive(Debug, Default)]
pub struct Konane {
    memo: Memo<Board>,
}

/// A stone's jumps, from its cell to the cell it stops on (rows and columns from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The stone's cell, (row, column).
    pub from: (u8, u8),
    /// The cell it stops on, an even number of cells away in its row or column.
    pub to: (u8, u8),
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            grid::cell_name(self.from.0, self.from.1),
            grid::cell_name(self.to.0, self.to.1)
        )
    }
}

impl FromStr for Jump {
    type Err = MoveError;

    /// Reads `FROM-TO`, two cells of one row or column such as `a1-c1`.
    fn from_str(text: &str) -> Result<Jump, MoveError> {
        let (a, b) = text.split_once('-').ok_or_else(|| {
            MoveError::notation(format!(
                "not a move: {text:?} (write the stone's cell and the cell it stops on, e.g. a1-c1)"
            ))
        })?;
        let from = grid::parse_cell(a).map_err(MoveError::notation)?;
        let to = grid::parse_cell(b).map_err(MoveError::notation)?;
        let (dr, dc) = (from.0.abs_diff(to.0), from.1.abs_diff(to.1));
        if (dr != 0 && dc != 0) || (dr + dc) % 2 != 0 || dr + dc == 0 {
            return Err(MoveError::notation(format!(
                "{text:?}: a stone stops an even number of cells away in its row or column"
            )));
        }
        Ok(Jump { from, to })
    }
}

/// Every jump of the stone of `player` on `from`: in each direction, each stop.
fn jumps_from(b: &Board, player: Player, from: (u8, u8), out: &mut Vec<Jump>) {
    let (_, theirs) = b.stones(player);
    let empty = rectangle(b.h, b.w) & !(b.x | b.o);
    jumps(theirs, empty, from, out);
}

/// One cell along a row or column of the 8×8 bitboard. A step east or west off the
/// end of a row is lost, not wrapped to the next row; one off the board is lost.
type Step = fn(u64) -> u64;
const EAST: Step = |b| (b << 1) & !FILE_A;
const WEST: Step = |b| (b >> 1) & !FILE_H;
const SOUTH: Step = |b| b << 8;
const NORTH: Step = |b| b >> 8;

/// The jumps of a stone on `from` over the stones `theirs` into the gaps `empty`.
/// Cells off the board hold neither stones nor gaps, so a jump never leaves it.
#[inline]
fn jumps(theirs: u64, empty: u64, from: (u8, u8), out: &mut Vec<Jump>) {
    let start = 1u64 << index(from);
    let mut run = |next: Step| {
        let mut at = start;
        loop {
            let over = next(at);
            let land = next(over);
            if over & theirs == 0 || land & empty == 0 {
                break;
            }
            out.push(Jump {
                from,
                to: cell(land.trailing_zeros()),
            });
            at = land;
        }
    };
    run(EAST);
    run(WEST);
    run(SOUTH);
    run(NORTH);
}

/// The board after `player`'s jump `mv`: the stone moved, every stone it jumped
/// over removed (the cells it lands on along the way are empty).
fn after(b: &Board, player: Player, mv: &Jump) -> Board {
    let (mine, mut theirs) = b.stones(player);
    let next = if mv.to.0 == mv.from.0 {
        if mv.to.1 > mv.from.1 {
            EAST
        } else {
            WEST
        }
    } else if mv.to.0 > mv.from.0 {
        SOUTH
    } else {
        NORTH
    };
    let (from, to) = (1u64 << index(mv.from), 1u64 << index(mv.to));
    // A jump that never reaches `to` (not one of `moves`) stops when it leaves the board.
    let mut at = from;
    while at != to && at != 0 {
        let over = next(at);
        theirs &= !over;
        at = next(over);
    }
    b.with_stones(player, (mine & !from) | to, theirs)
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('x', crate::ruleset::board::Tint::Left, "Left's stone"),
    crate::rules::drawing::g('o', crate::ruleset::board::Tint::Right, "Right's stone"),
];

impl Ruleset for Konane {
    type Position = Board;

    type Move = Jump;

    fn name(&self) -> &'static str {
        "konane"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Board, player: Player, text: &str) -> Result<Jump, MoveError> {
        let mv: Jump = text.trim().parse()?;
        let (mine, _) = pos.stones(player);
        let own = if player == Player::Left { "x" } else { "o" };
        if mv.from.0 >= pos.h || mv.from.1 >= pos.w || mine >> index(mv.from) & 1 == 0 {
            return Err(MoveError::illegal(format!(
                "there is no {own} stone on {}",
                grid::cell_name(mv.from.0, mv.from.1)
            )));
        }
        let mut legal = Vec::new();
        jumps_from(pos, player, mv.from, &mut legal);
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(format!(
                "the stone on {} cannot stop on {}: each jump goes over a stone of the other \
                 colour into the empty cell just beyond",
                grid::cell_name(mv.from.0, mv.from.1),
                grid::cell_name(mv.to.0, mv.to.1)
            )))
        }
    }

    fn move_help(&self) -> String {
        "FROM-TO, the stone's cell and the cell it stops on after one or more jumps in one \
         direction, column letter and row number (1 = top row): Left moves x stones, Right \
         o stones, e.g. a1-c1"
            .to_owned()
    }

    fn moves(&self, pos: &Board, player: Player) -> Vec<Jump> {
        let (mine, theirs) = pos.stones(player);
        let empty = rectangle(pos.h, pos.w) & !(pos.x | pos.o);
        let mut out = Vec::new();
        let mut stones = mine;
        while stones != 0 {
            let i = stones.trailing_zeros();
            stones &= stones - 1;
            jumps(theirs, empty, cell(i), &mut out);
        }
        out
    }

    fn play(&self, pos: &Board, mv: &Jump) -> Board {
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

impl ClosedForm for Konane {
    fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Board, to_move: Player) -> Result<Vec<Jump>, Unsolved> {
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Konane {
    /// Left plays the x stones, Right the o ones: `Left (x)` or `Right (o)`.
    fn mover_name(&self, _: &Self::Position, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "x", "o")
    }

    fn explain(&self, pos: &Self::Position, _: Player, _: usize) -> Option<Explanation> {
        canonical::explain_parts(self, &self.memo, pos, ("board", "boards"))
    }
}

impl WebBoard for Konane {
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

impl Parts for Konane {
    /// The least image under the symmetries of the square and the swap of colours.
    fn normalize(&self, b: &Board) -> (Board, bool) {
        b.least_image()
    }
}

impl Enumerate for Konane {
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
