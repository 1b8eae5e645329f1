//! Snort and Col: the players colour the regions of a map, Left blue and Right red;
//! in Snort neighbouring regions may not take different colours, in Col the same.
//!
//! # Rules
//! A map of regions; here the cells of a grid, neighbours when they share a side. In
//! turn a player colours a region not yet coloured. In **Snort** a region may not be
//! coloured next to a region of the other player's colour; in **Col**, not next to
//! one of the player's own. A player who cannot colour loses (Winning Ways, ch. 2;
//! *Lessons in Play*, ch. 2).
//!
//! A coloured region only matters through what it forbids its neighbours, so a
//! position is the uncoloured regions, each marked with who may still colour it.
//!
//! # Notation
//! A map is its rows from the top, separated by `|`: `.` a region either player may
//! colour, `x` a region only Left may colour (tinted Left's), `o` one only Right may,
//! `#` no region (coloured, or none); at most 8 rows of at most 8 cells.
//!
//! A move is the region's cell, a column letter (`a` the leftmost) and a row number
//! (`1` the top row): `b2`.
//!
//! # Values
//! Regions that are not neighbours never interact: a map is the sum of its connected
//! parts, each valued once through the least of its images under the symmetries of
//! the square, with the tints swapped (which negates the value), by the engine of
//! [`cgt`](crate::cgt) (through [`rules::canonical`](crate::rules::canonical)). A
//! lone region is `*` in both games; two neighbours are `±1` in Snort and `0` in Col
//! (Col is cold: its values are numbers, or numbers plus `*`).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::grid::{self, bit, bounding_box, neighbours, parse_grid, show_grid};
use crate::rules::NotationError;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, Parts, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Snort in the registry.
pub const SNORT: RulesetSpec = RulesetSpec {
    name: "snort",
    about: "Snort, partizan: colour a region of a map (. either, x Left only, o Right only, # none; rows separated by |), never next to the other colour",
    example: "...|...",
    params: &[],
    build: |_, convention| normal_play_only(Colouring::snort(), convention),
};

/// Col in the registry.
pub const COL: RulesetSpec = RulesetSpec {
    name: "col",
    about: "Col, partizan: colour a region of a map (. either, x Left only, o Right only, # none; rows separated by |), never next to your own colour",
    example: "...|...",
    params: &[],
    build: |_, convention| normal_play_only(Colouring::col(), convention),
};

/// The largest maps verify takes, in cells (every map of a size).
const LARGEST_MAP: usize = 8;

/// Snort or Col.
#[derive(Debug)]
pub struct Colouring {
    snort: bool,
    memo: Memo<Map>,
}

impl Colouring {
    /// Snort: a region may not be coloured next to the other colour.
    pub fn snort() -> Colouring {
        Colouring {
            snort: true,
            memo: Memo::default(),
        }
    }

    /// Col: a region may not be coloured next to the player's own colour.
    pub fn col() -> Colouring {
        Colouring {
            snort: false,
            memo: Memo::default(),
        }
    }
}

/// A map: `h` rows of `w` cells, the regions either player may colour (`both`),
/// only Left (`left`) and only Right (`right`), as bits 8r + c.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Map {
    h: u8,
    w: u8,
    both: u64,
    left: u64,
    right: u64,
}

impl Map {
    fn regions(self) -> u64 {
        self.both | self.left | self.right
    }

    /// The regions `player` may colour.
    fn open_to(self, player: Player) -> u64 {
        match player {
            Player::Left => self.both | self.left,
            Player::Right => self.both | self.right,
        }
    }
}

impl fmt::Display for Map {
    /// Rows from the top, separated by `|`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = *self;
        f.write_str(&show_grid(self.h, self.w, |b| {
            if m.both & b != 0 {
                '.'
            } else if m.left & b != 0 {
                'x'
            } else if m.right & b != 0 {
                'o'
            } else {
                '#'
            }
        }))
    }
}

impl FromStr for Map {
    type Err = NotationError;

    /// Reads rows of `.`, `x`, `o` and `#` separated by `|`.
    fn from_str(text: &str) -> Result<Map, NotationError> {
        let g = parse_grid(
            text,
            &['.', 'x', 'o', '#'],
            "'.' (a region), 'x' (Left's only), 'o' (Right's only) or '#' (none)",
        )?;
        Ok(Map {
            h: g.rows,
            w: g.cols,
            both: g.cells[0],
            left: g.cells[1],
            right: g.cells[2],
        })
    }
}

/// A region coloured: its cell, (row, column) from 0, and who colours it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paint {
    /// The region's cell.
    pub cell: (u8, u8),
    /// Who colours it (Left blue, Right red).
    pub player: Player,
}

impl fmt::Display for Paint {
    /// The cell, e.g. `b2` (the mover is the player whose move it is).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grid::cell_name(self.cell.0, self.cell.1))
    }
}

impl Colouring {
    /// The map after `player` colours the region on bit `b`: the region goes, and
    /// its neighbours lose the colour the rules forbid next to it.
    fn after(&self, m: &Map, player: Player, b: u64) -> Map {
        let near = neighbours(b) & m.regions();
        // The player whom the new colour forbids on the neighbours.
        let barred = if self.snort {
            player.opponent()
        } else {
            player
        };
        let mut out = Map {
            both: m.both & !b,
            left: m.left & !b,
            right: m.right & !b,
            ..*m
        };
        let (keeps, loses) = match barred {
            Player::Left => (&mut out.right, &mut out.left),
            Player::Right => (&mut out.left, &mut out.right),
        };
        // Open to both: now only to the other; open only to the barred: closed.
        *keeps |= m.both & near;
        *loses &= !near;
        out.both &= !near;
        out
    }
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('x', crate::ruleset::board::Tint::Left, "Left's colour"),
    crate::rules::drawing::g('o', crate::ruleset::board::Tint::Right, "Right's colour"),
    crate::rules::drawing::g(
        '#',
        crate::ruleset::board::Tint::Blocked,
        "nobody can colour it",
    ),
];

impl Ruleset for Colouring {
    type Position = Map;

    type Move = Paint;

    fn name(&self) -> &'static str {
        if self.snort {
            "snort"
        } else {
            "col"
        }
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Map, player: Player, text: &str) -> Result<Paint, MoveError> {
        let cell = grid::parse_cell(text.trim()).map_err(MoveError::notation)?;
        let name = grid::cell_name(cell.0, cell.1);
        if cell.0 >= pos.h || cell.1 >= pos.w || pos.regions() >> (8 * cell.0 + cell.1) & 1 == 0 {
            return Err(MoveError::illegal(format!(
                "there is no region to colour on {name}"
            )));
        }
        if pos.open_to(player) >> (8 * cell.0 + cell.1) & 1 == 0 {
            let why = if self.snort {
                "it is next to a region of the other colour"
            } else {
                "it is next to a region of the mover's own colour"
            };
            return Err(MoveError::illegal(format!(
                "{name} cannot be coloured: {why}"
            )));
        }
        Ok(Paint { cell, player })
    }

    fn move_help(&self) -> String {
        "the cell of the region to colour, column letter and row number (1 = top row), \
         e.g. b2"
            .to_owned()
    }

    fn moves(&self, pos: &Map, player: Player) -> Vec<Paint> {
        let mut open = pos.open_to(player);
        let mut out = Vec::new();
        while open != 0 {
            let i = open.trailing_zeros();
            open &= open - 1;
            out.push(Paint {
                cell: ((i / 8) as u8, (i % 8) as u8),
                player,
            });
        }
        out
    }

    fn play(&self, pos: &Map, mv: &Paint) -> Map {
        self.after(pos, mv.player, bit(mv.cell.0, mv.cell.1))
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

impl ClosedForm for Colouring {
    fn value(&self, pos: &Map) -> Result<Value, Unsolved> {
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Map, to_move: Player) -> Result<Vec<Paint>, Unsolved> {
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Colouring {
    /// Left colours x, Right o: `Left (x)` or `Right (o)`.
    fn mover_name(&self, _: &Map, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "x", "o")
    }

    fn explain(&self, pos: &Map, _: Player, _: usize) -> Option<Explanation> {
        canonical::explain_parts(
            self,
            &self.memo,
            pos,
            ("part of the map", "parts of the map"),
        )
    }
}

impl WebBoard for Colouring {
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

impl Parts for Colouring {
    /// The connected parts of the map, each cropped to its rectangle.
    fn components(&self, m: &Map) -> Vec<Map> {
        grid::regions(m.regions())
            .into_iter()
            .map(|r| {
                let (shift, h, w) = bounding_box(r);
                Map {
                    h,
                    w,
                    both: (m.both & r) >> shift,
                    left: (m.left & r) >> shift,
                    right: (m.right & r) >> shift,
                }
            })
            .collect()
    }

    /// The least image under the symmetries of the square and the swap of tints.
    fn normalize(&self, m: &Map) -> (Map, bool) {
        grid::least_image(
            m.h,
            m.w,
            [m.both, m.left, m.right],
            |[both, left, right], h, w| Map {
                h,
                w,
                both,
                left,
                right,
            },
            |m| Map {
                left: m.right,
                right: m.left,
                ..m
            },
        )
    }

    fn options(&self, pos: &Map, player: Player) -> Vec<Map> {
        let mut open = pos.open_to(player);
        let mut out = Vec::new();
        while open != 0 {
            let b = open & open.wrapping_neg();
            open &= open - 1;
            out.push(self.after(pos, player, b));
        }
        out
    }
}

impl Enumerate for Colouring {
    fn size_unit(&self) -> &'static str {
        "cells"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_MAP
    }

    /// Every map of `size` cells: every rectangle of that area, every marking.
    fn positions(&self, size: usize) -> Option<Positions<'_, Map>> {
        grid::all_boards(size, 4, |h, w, cells| Map {
            h,
            w,
            both: cells[0],
            left: cells[1],
            right: cells[2],
        })
    }
}
