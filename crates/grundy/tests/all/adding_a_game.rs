//! The complete small game of docs/design.md, "Adding a game": Cram written from
//! scratch against the contract, answered by the engines through its rules alone,
//! plus one closed form. The tests check it against the built-in Cram, and that the
//! guide shows this very code.

// ANCHOR: game
use std::fmt;
use std::str::FromStr;

use grundy::ruleset::notation::{Found, NotationError};
use grundy::ruleset::{Capabilities, ClosedForm, Kind, Ruleset, Unsolved};
use grundy::{Nimber, Player, Value};

/// A Cram board of at most 8×8 cells, a bit set for each filled cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: u32,
    cols: u32,
    filled: u64,
}

/// A domino on a cell and the cell right of it or below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Domino {
    cell: u32,
    down: bool,
}

impl Grid {
    fn free(&self, r: u32, c: u32) -> bool {
        r < self.rows && c < self.cols && self.filled >> (r * 8 + c) & 1 == 0
    }
}

/// Rows of `.` (empty) and `#` (filled) from the top, separated by `|`.
impl FromStr for Grid {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Grid, NotationError> {
        let rows: Vec<&str> = text.split('|').collect();
        let cols = rows[0].len();
        let mut grid = Grid {
            rows: rows.len() as u32,
            cols: cols as u32,
            filled: 0,
        };
        let mut column = 1;
        for (r, row) in rows.iter().enumerate() {
            if r >= 8 || row.len() != cols || cols == 0 || cols > 8 {
                let found = row.chars().next().map_or(Found::End, Found::Char);
                return Err(NotationError::new(
                    column,
                    "rows of 1 to 8 cells, all as long",
                    found,
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => grid.filled |= 1 << (r * 8 + c),
                    _ => {
                        return Err(NotationError::new(
                            column + c,
                            "'.' or '#'",
                            Found::Char(ch),
                        ))
                    }
                }
            }
            column += cols + 1;
        }
        Ok(grid)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.free(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// The domino's two cells, column letter and row number from the top: `a1-a2`.
impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, c) = (self.cell / 8, self.cell % 8);
        let (r2, c2) = if self.down { (r + 1, c) } else { (r, c + 1) };
        let letter = |c: u32| char::from(b'a' + c as u8);
        write!(f, "{}{}-{}{}", letter(c), r + 1, letter(c2), r2 + 1)
    }
}

/// Cram: either player places a domino on two empty neighbouring cells; the player
/// who cannot loses.
pub struct TinyCram;

impl Ruleset for TinyCram {
    type Position = Grid;
    type Move = Domino;

    fn name(&self) -> &'static str {
        "tiny-cram"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn moves(&self, g: &Grid, _: Player) -> Vec<Domino> {
        let mut out = Vec::new();
        for r in 0..g.rows {
            for c in 0..g.cols {
                for down in [false, true] {
                    let (r2, c2) = if down { (r + 1, c) } else { (r, c + 1) };
                    if g.free(r, c) && g.free(r2, c2) {
                        out.push(Domino {
                            cell: r * 8 + c,
                            down,
                        });
                    }
                }
            }
        }
        out
    }

    fn play(&self, g: &Grid, d: &Domino) -> Grid {
        let other = d.cell + if d.down { 8 } else { 1 };
        Grid {
            filled: g.filled | 1 << d.cell | 1 << other,
            ..*g
        }
    }

    /// Each move fills two cells: at most 2^(empty cells) positions below.
    fn reach(&self, g: &Grid) -> u128 {
        let cells = g.rows * g.cols - g.filled.count_ones();
        1u128.checked_shl(cells).unwrap_or(u128::MAX)
    }

    fn capabilities(&self) -> Capabilities<'_, Grid, Domino> {
        Capabilities::new().closed_form(self)
    }
}

/// An empty board with both sides even is lost for the player to move: the other
/// player answers each domino with its image through the centre. Every other board
/// is left to the engine.
impl ClosedForm for TinyCram {
    fn value(&self, g: &Grid) -> Result<Value, Unsolved> {
        match g.filled == 0 && g.rows % 2 == 0 && g.cols % 2 == 0 {
            true => Ok(Value::Nimber(Nimber(0))),
            false => Err(Unsolved::no_theory("only even-by-even empty boards")),
        }
    }

    fn winning_moves(&self, g: &Grid, _: Player) -> Result<Vec<Domino>, Unsolved> {
        self.value(g).map(|_| Vec::new())
    }
}
// ANCHOR_END: game

use grundy::analysis::analyze;
use grundy::registry::{build, Params};

/// Every board up to 3×3 (every set of filled cells) has the built-in Cram's value
/// and winning moves, the engine answering for the example.
#[test]
fn the_example_agrees_with_the_built_in_cram() {
    let cram = build("cram", &Params::new()).unwrap();
    for (rows, cols) in [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3)] {
        for filled in 0..1u64 << (rows * cols) {
            let mut grid = Grid {
                rows,
                cols,
                filled: 0,
            };
            for i in 0..rows * cols {
                grid.filled |= (filled >> i & 1) << ((i / cols) * 8 + i % cols);
            }
            let text = grid.to_string();
            assert_eq!(text.parse::<Grid>().unwrap(), grid);
            let ours = analyze(&TinyCram, &grid, Player::Left, 64).unwrap();
            let theirs = cram.analyze(&text, Player::Left, 64).unwrap();
            assert_eq!(ours.value, theirs.value, "{text}");
            assert_eq!(ours.winning_moves, theirs.winning_moves, "{text}");
        }
    }
}

/// The closed form answers the 8×8 board at once, where the engine could not.
#[test]
fn the_closed_form_answers_what_the_engine_cannot() {
    let big: Grid = ["........"; 8].join("|").parse().unwrap();
    let a = analyze(&TinyCram, &big, Player::Left, 64).unwrap();
    assert_eq!(a.value, Some(Value::Nimber(Nimber(0))));
    assert!(!a.to_move_wins);
    let odd: Grid = ["......."; 8].join("|").parse().unwrap();
    assert!(analyze(&TinyCram, &odd, Player::Left, 64).is_err());
}

/// docs/design.md shows this very code, and it is under 150 lines of code (blank
/// lines and comments aside).
#[test]
fn the_guide_shows_this_code() {
    let this = include_str!("adding_a_game.rs");
    let start = this.find("// ANCHOR: game\n").unwrap() + "// ANCHOR: game\n".len();
    let end = this.find("// ANCHOR_END: game").unwrap();
    let code = &this[start..end];
    let guide = include_str!("../../../../docs/design.md");
    assert!(
        guide.contains(code),
        "docs/design.md must show the example as it is here"
    );
    let lines_of_code = code
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .count();
    assert!(lines_of_code < 150, "{lines_of_code} lines of code");
}
