//! The board of the stone games (Clobber, Konane): a rectangle of cells, each empty
//! or holding a stone of Left (`x`) or of Right (`o`), its notation and its symmetries.

use std::fmt;
use std::str::FromStr;

use crate::game::Player;
use crate::rules::grid::{self, parse_grid, show_grid};
use crate::rules::NotationError;
use crate::ruleset::Positions;

/// A board of stones: `h` rows of `w` columns, Left's stones `x` and Right's `o` as
/// bits 8r + c.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pub(crate) h: u8,
    pub(crate) w: u8,
    pub(crate) x: u64,
    pub(crate) o: u64,
}

impl Board {
    /// The stones of `player`.
    pub(crate) fn stones(self, player: Player) -> (u64, u64) {
        match player {
            Player::Left => (self.x, self.o),
            Player::Right => (self.o, self.x),
        }
    }

    pub(crate) fn with_stones(self, player: Player, mine: u64, theirs: u64) -> Board {
        match player {
            Player::Left => Board {
                x: mine,
                o: theirs,
                ..self
            },
            Player::Right => Board {
                x: theirs,
                o: mine,
                ..self
            },
        }
    }

    /// The least image under the symmetries of the rectangle and the swap of
    /// colours, and whether the colours were swapped (which negates the value).
    pub(crate) fn least_image(self) -> (Board, bool) {
        grid::least_image(
            self.h,
            self.w,
            [self.x, self.o],
            |[x, o], h, w| Board { h, w, x, o },
            |b| Board {
                x: b.o,
                o: b.x,
                ..b
            },
        )
    }
}

impl fmt::Display for Board {
    /// Rows from the top, separated by `|`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, o) = (self.x, self.o);
        f.write_str(&show_grid(self.h, self.w, |b| {
            if x & b != 0 {
                'x'
            } else if o & b != 0 {
                'o'
            } else {
                '.'
            }
        }))
    }
}

impl FromStr for Board {
    type Err = NotationError;

    /// Reads rows of `x`, `o` and `.` separated by `|`.
    fn from_str(text: &str) -> Result<Board, NotationError> {
        let g = parse_grid(
            text,
            &['x', 'o', '.'],
            "'x' (Left's stone), 'o' (Right's) or '.'",
        )?;
        Ok(Board {
            h: g.rows,
            w: g.cols,
            x: g.cells[0],
            o: g.cells[1],
        })
    }
}

/// The bit number of a cell, (row, column).
pub(crate) fn index(cell: (u8, u8)) -> u32 {
    8 * u32::from(cell.0) + u32::from(cell.1)
}

/// The cell of a bit number.
pub(crate) fn cell(i: u32) -> (u8, u8) {
    ((i / 8) as u8, (i % 8) as u8)
}

/// Every board of `size` cells: every rectangle of that area, every filling of its
/// cells with `.`, `x` and `o`.
pub(crate) fn all_boards(size: usize) -> Option<Positions<'static, Board>> {
    grid::all_boards(size, 3, |h, w, cells| Board {
        h,
        w,
        x: cells[1],
        o: cells[2],
    })
}
