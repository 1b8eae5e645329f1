//! Amazons: an amazon moves like a chess queen, then shoots an arrow like a queen
//! that burns the square it lands on.
//!
//! # Rules
//! A rectangle of squares, each empty, burned, or holding an amazon, `x` (Left's) or
//! `o` (Right's). A move is two steps by one of the mover's amazons. First the amazon
//! moves like a chess queen: any number of squares along its row, its column or a
//! diagonal, over empty squares only, to an empty square. Then, from the square where
//! it landed, it shoots an arrow like a queen, over empty squares only, to an empty
//! square, which is burned for the rest of the game; the arrow may pass over or land
//! on the square the amazon just left. Nothing ever jumps: an amazon or a burned
//! square on the way stops both the amazon and the arrow; a diagonal step passes
//! between two burned squares. A player who cannot move loses (normal play).
//!
//! Sources: the game is Walter Zamkauskas's (1988); its combinatorial analysis is in
//! Berlekamp, "Sums of N×2 Amazons", in *Game Theory, Optimal Stopping, Probability
//! and Statistics*, IMS Lecture Notes 35 (2000), Snatzke, "Exhaustive search in the
//! game Amazons", *More Games of No Chance* (2002) and his endgame databases; the
//! canonical forms are those of Albert, Nowakowski and Wolfe, *Lessons in Play*
//! (2007). The rules and the board notation are those of CGSuite's
//! `game.grid.Amazons` (the characters `.xo#`) and of cgt-tools' Amazons.
//!
//! # Notation
//! A board is its rows from the top, separated by `|`: `x` (Left's amazon), `o`
//! (Right's), `.` (empty) or `#` (burned), every row as long as the first; at most 8
//! rows of at most 8 squares. `x.....|.....o` is a 2×6 board with the amazons in
//! opposite corners.
//!
//! A move is the amazon's square, the square it moves to and the square its arrow
//! burns, written `FROM-TO/ARROW`, each square a column letter (`a` the leftmost) and
//! a row number (`1` the top row), as in the other grid games: on `x..|...`,
//! `a1-c1/a1` moves the amazon two squares right and burns the square it left.
//!
//! # Values
//! No closed form is known: the value of a position is its canonical form, found by
//! the engine of [`cgt`](crate::cgt) (through [`rules::canonical`](crate::rules::canonical)).
//! Neither an amazon nor an arrow crosses a burned square, and a queen's path goes
//! from square to square a king's step apart, so the squares that are not burned
//! split into regions connected by king steps (diagonal neighbours included), and
//! the regions never interact: a board is the sum of its regions, each cropped to
//! its rectangle (the rest of the rectangle burned). A region with no amazon or no
//! empty square has no move and is left out (it is 0); a region where only one player
//! has amazons is an integer, the number of moves that player can still make, which
//! the engine finds. A region is valued through the least of its images under the
//! symmetries of the rectangle (the queen's moves are the same on a turned or
//! mirrored board, so a board and its transpose are the same game), and with the
//! colours swapped (which negates the value). `x.` is 1 (Left has one move, Right
//! none), `x.o` is `*` and `x.o.` is `-1*`. Boards too big for the engine's limits
//! are refused with a message saying so.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::play::binomial;
use crate::rules::canonical::{self, Memo};
use crate::rules::grid::{
    self, bit, bounding_box, king_neighbours, parse_grid, rectangle, show_grid, FILE_A, FILE_H,
};
use crate::rules::NotationError;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, Parts, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Amazons in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "amazons",
    about: "Amazons, partizan: an amazon (x Left's, o Right's) moves like a queen, then shoots an arrow like a queen that burns a square (#); rows separated by |.",
    example: "x..|..o",
    params: &[],
    build: |_, convention| normal_play_only(Amazons::default(), convention),
};

/// The largest boards verify takes, in squares (every board of a size, both players).
const LARGEST_BOARD: usize = 8;

/// The Amazons ruleset.
#[derive(Debug, Default)]
pub struct Amazons {
    memo: Memo<Board>,
}

/// A board: `h` rows of `w` squares, Left's amazons `x`, Right's `o` and the burned
/// squares `burned`, as bits 8r + c.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    h: u8,
    w: u8,
    x: u64,
    o: u64,
    burned: u64,
}

impl Board {
    /// The empty squares.
    fn empty(self) -> u64 {
        rectangle(self.h, self.w) & !(self.x | self.o | self.burned)
    }

    /// The amazons of `player`.
    fn amazons(self, player: Player) -> u64 {
        match player {
            Player::Left => self.x,
            Player::Right => self.o,
        }
    }

    /// Whether (row, column) is on the board.
    fn holds(self, cell: (u8, u8)) -> bool {
        cell.0 < self.h && cell.1 < self.w
    }

    /// What stands on a square of the board, in words: "holds an x amazon", "is
    /// burned", ...
    fn content(self, b: u64) -> &'static str {
        if self.x & b != 0 {
            "holds an x amazon"
        } else if self.o & b != 0 {
            "holds an o amazon"
        } else if self.burned & b != 0 {
            "is burned"
        } else {
            "is empty"
        }
    }

    /// The board after `player`'s amazon on `from` moves to `to` and burns `arrow`.
    fn after(self, player: Player, from: u64, to: u64, arrow: u64) -> Board {
        let mut next = self;
        let mine = match player {
            Player::Left => &mut next.x,
            Player::Right => &mut next.o,
        };
        *mine = (*mine & !from) | to;
        next.burned |= arrow;
        next
    }
}

impl fmt::Display for Board {
    /// Rows from the top, separated by `|`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = *self;
        f.write_str(&show_grid(self.h, self.w, |s| {
            if b.x & s != 0 {
                'x'
            } else if b.o & s != 0 {
                'o'
            } else if b.burned & s != 0 {
                '#'
            } else {
                '.'
            }
        }))
    }
}

impl FromStr for Board {
    type Err = NotationError;

    /// Reads rows of `x`, `o`, `.` and `#` separated by `|`.
    fn from_str(text: &str) -> Result<Board, NotationError> {
        let g = parse_grid(
            text,
            &['.', 'x', 'o', '#'],
            "'x' (Left's amazon), 'o' (Right's), '.' (empty) or '#' (burned)",
        )?;
        Ok(Board {
            h: g.rows,
            w: g.cols,
            x: g.cells[1],
            o: g.cells[2],
            burned: g.cells[3],
        })
    }
}

/// A move: the amazon's square, the square it moves to and the square its arrow
/// burns, each (row, column) from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AmazonMove {
    /// The amazon's square.
    pub from: (u8, u8),
    /// The square it moves to, a queen's move away.
    pub to: (u8, u8),
    /// The square the arrow burns, a queen's move from `to`.
    pub arrow: (u8, u8),
}

impl fmt::Display for AmazonMove {
    /// `FROM-TO/ARROW`, e.g. `a1-c1/a1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}/{}",
            grid::cell_name(self.from.0, self.from.1),
            grid::cell_name(self.to.0, self.to.1),
            grid::cell_name(self.arrow.0, self.arrow.1)
        )
    }
}

/// Whether `b` is a queen's move from `a`: another square of its row, its column or
/// one of its diagonals.
fn queen_line(a: (u8, u8), b: (u8, u8)) -> bool {
    let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    (dr, dc) != (0, 0) && (dr == 0 || dc == 0 || dr == dc)
}

impl FromStr for AmazonMove {
    type Err = MoveError;

    /// Reads `FROM-TO/ARROW` such as `a1-c1/a1`.
    fn from_str(text: &str) -> Result<AmazonMove, MoveError> {
        let shape = || {
            MoveError::notation(format!(
                "not a move: {text:?} (write the amazon's square, the square it moves to and \
                 the square its arrow burns, e.g. a1-c1/a1)"
            ))
        };
        let (path, arrow) = text.split_once('/').ok_or_else(shape)?;
        let (from, to) = path.split_once('-').ok_or_else(shape)?;
        let from = grid::parse_cell(from).map_err(MoveError::notation)?;
        let to = grid::parse_cell(to).map_err(MoveError::notation)?;
        let arrow = grid::parse_cell(arrow).map_err(MoveError::notation)?;
        if !queen_line(from, to) {
            return Err(MoveError::notation(format!(
                "{text:?}: an amazon moves to another square of its row, its column or a diagonal"
            )));
        }
        if !queen_line(to, arrow) {
            return Err(MoveError::notation(format!(
                "{text:?}: the arrow flies to another square of the row, the column or a \
                 diagonal of the square the amazon moved to"
            )));
        }
        Ok(AmazonMove { from, to, arrow })
    }
}

/// The eight queen directions: the cells one step from the cells of `x` in direction
/// `d` (east, west, south, north, then the diagonals), none off the 8×8 frame.
fn step(x: u64, d: usize) -> u64 {
    match d {
        0 => (x << 1) & !FILE_A,
        1 => (x >> 1) & !FILE_H,
        2 => x << 8,
        3 => x >> 8,
        4 => (x << 9) & !FILE_A,
        5 => (x << 7) & !FILE_H,
        6 => (x >> 7) & !FILE_A,
        _ => (x >> 9) & !FILE_H,
    }
}

/// The squares a queen on `from` (one bit) reaches over the squares of `empty`.
fn queen_reach(from: u64, empty: u64) -> u64 {
    let mut out = 0;
    for d in 0..8 {
        let mut s = step(from, d) & empty;
        while s != 0 {
            out |= s;
            s = step(s, d) & empty;
        }
    }
    out
}

/// The bits of `set` one by one, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set & set.wrapping_neg();
            set &= set - 1;
            b
        })
    })
}

/// The square of a bit, (row, column).
fn square(b: u64) -> (u8, u8) {
    let i = b.trailing_zeros();
    ((i / 8) as u8, (i % 8) as u8)
}

/// Calls `f(from, to, arrow)` (one bit each) for every move of `player`, in the order
/// of the amazon's square, then the square it moves to, then the arrow's.
fn each_move(b: &Board, player: Player, mut f: impl FnMut(u64, u64, u64)) {
    let empty = b.empty();
    for from in bits(b.amazons(player)) {
        for to in bits(queen_reach(from, empty)) {
            for arrow in bits(queen_reach(to, (empty | from) & !to)) {
                f(from, to, arrow);
            }
        }
    }
}

/// The first square that is not empty on the queen's line from `a` (not included)
/// to `b` (included), if any; `empty` says which squares are empty.
fn first_blocked(a: (u8, u8), b: (u8, u8), empty: u64) -> Option<(u8, u8)> {
    let (dr, dc) = (
        i16::from(b.0) - i16::from(a.0),
        i16::from(b.1) - i16::from(a.1),
    );
    let n = dr.abs().max(dc.abs());
    (1..=n)
        .map(|k| {
            (
                (i16::from(a.0) + dr.signum() * k) as u8,
                (i16::from(a.1) + dc.signum() * k) as u8,
            )
        })
        .find(|&(r, c)| empty & bit(r, c) == 0)
}

impl Amazons {
    /// Why `player` cannot play `mv` on `pos`, or `None` when the move is legal.
    fn illegal(pos: &Board, player: Player, mv: &AmazonMove) -> Option<String> {
        let name = |s: (u8, u8)| grid::cell_name(s.0, s.1);
        let off = |s: (u8, u8)| {
            format!(
                "{} is off the board ({} rows of {} squares)",
                name(s),
                pos.h,
                pos.w
            )
        };
        let own = if player == Player::Left { "x" } else { "o" };
        if !pos.holds(mv.from) {
            return Some(off(mv.from));
        }
        let from = bit(mv.from.0, mv.from.1);
        if pos.amazons(player) & from == 0 {
            return Some(format!(
                "there is no {own} amazon on {0}: {0} {1}",
                name(mv.from),
                pos.content(from)
            ));
        }
        if !pos.holds(mv.to) {
            return Some(off(mv.to));
        }
        if let Some(s) = first_blocked(mv.from, mv.to, pos.empty()) {
            let what = pos.content(bit(s.0, s.1));
            return Some(if s == mv.to {
                format!("the amazon cannot move to {0}: {0} {what}", name(s))
            } else {
                format!(
                    "the amazon cannot move from {} to {}: {} on the way {what}",
                    name(mv.from),
                    name(mv.to),
                    name(s)
                )
            });
        }
        if !pos.holds(mv.arrow) {
            return Some(off(mv.arrow));
        }
        // The arrow's line starts next to the amazon's new square; the square it
        // left is empty.
        let moved = pos.after(player, from, bit(mv.to.0, mv.to.1), 0);
        if let Some(s) = first_blocked(mv.to, mv.arrow, moved.empty()) {
            let what = moved.content(bit(s.0, s.1));
            return Some(if s == mv.arrow {
                format!("the arrow cannot burn {0}: {0} {what}", name(s))
            } else {
                format!(
                    "the arrow cannot fly from {} to {}: {} on the way {what}",
                    name(mv.to),
                    name(mv.arrow),
                    name(s)
                )
            });
        }
        None
    }
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('x', crate::ruleset::board::Tint::Left, "Left's amazon"),
    crate::rules::drawing::g('o', crate::ruleset::board::Tint::Right, "Right's amazon"),
    crate::rules::drawing::g('#', crate::ruleset::board::Tint::Blocked, "burnt"),
];

impl Ruleset for Amazons {
    type Position = Board;

    type Move = AmazonMove;

    fn name(&self) -> &'static str {
        "amazons"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Board, player: Player, text: &str) -> Result<AmazonMove, MoveError> {
        let mv: AmazonMove = text.trim().parse()?;
        match Amazons::illegal(pos, player, &mv) {
            Some(why) => Err(MoveError::illegal(why)),
            None => Ok(mv),
        }
    }

    fn move_help(&self) -> String {
        "FROM-TO/ARROW: the amazon's square, the square it moves to (a queen's move over \
         empty squares) and the square its arrow burns (a queen's move from there; it may \
         be the square just left), column letter and row number (1 = top row): Left moves \
         x amazons, Right o amazons, e.g. a1-c1/a1"
            .to_owned()
    }

    fn moves(&self, pos: &Board, player: Player) -> Vec<AmazonMove> {
        let mut out = Vec::new();
        each_move(pos, player, |from, to, arrow| {
            out.push(AmazonMove {
                from: square(from),
                to: square(to),
                arrow: square(arrow),
            });
        });
        out
    }

    fn play(&self, pos: &Board, mv: &AmazonMove) -> Board {
        let from = bit(mv.from.0, mv.from.1);
        let player = if pos.x & from != 0 {
            Player::Left
        } else {
            Player::Right
        };
        pos.after(
            player,
            from,
            bit(mv.to.0, mv.to.1),
            bit(mv.arrow.0, mv.arrow.1),
        )
    }

    /// Amazons stay in their regions, and every move burns one more square of one
    /// region: a region of n squares not burned, with a amazons of Left's and b of
    /// Right's, has at most the sum over k of C(n, k) C(n − k, a) C(n − k − a, b)
    /// fillings (one, when it has no amazon or no empty square), and the regions'
    /// bounds multiply.
    fn reach(&self, pos: &Board) -> u128 {
        let open = rectangle(pos.h, pos.w) & !pos.burned;
        let empty = pos.empty();
        grid::regions_by(open, king_neighbours)
            .into_iter()
            .filter(|&r| r & (pos.x | pos.o) != 0 && r & empty != 0)
            .fold(1u128, |all, r| {
                let n = u64::from(r.count_ones());
                let a = u64::from((pos.x & r).count_ones());
                let b = u64::from((pos.o & r).count_ones());
                let region = (0..=n - a - b).fold(0u128, |sum, k| {
                    let boards = binomial(n, k)
                        .saturating_mul(binomial(n - k, a))
                        .saturating_mul(binomial(n - k - a, b));
                    sum.saturating_add(boards)
                });
                all.saturating_mul(region)
            })
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

impl ClosedForm for Amazons {
    fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Board, to_move: Player) -> Result<Vec<AmazonMove>, Unsolved> {
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Amazons {
    /// Left plays the x amazons, Right the o ones: `Left (x)` or `Right (o)`.
    fn mover_name(&self, _: &Self::Position, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "x", "o")
    }

    /// The board with column letters above and row numbers to the left.
    fn drawing(&self, pos: &Board) -> String {
        let letters: Vec<String> = (0..pos.w)
            .map(|c| char::from(b'a' + c).to_string())
            .collect();
        let mut lines = vec![format!("   {}", letters.join(" "))];
        let rows = pos.to_string();
        for (r, row) in rows.split('|').enumerate() {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            lines.push(format!("{:>2} {}", r + 1, cells.join(" ")));
        }
        lines.join("\n")
    }

    fn explain(&self, pos: &Board, _: Player, _: usize) -> Option<Explanation> {
        canonical::explain_parts(self, &self.memo, pos, ("region", "regions"))
    }
}

impl WebBoard for Amazons {
    /// A move is clicked in three steps, in the order of its notation `FROM-TO/ARROW`.
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        crate::rules::drawing::grid(&self.show_position(pos), GLYPHS).map(|b| {
            b.in_steps(&[
                "one of your amazons",
                "the square it moves to",
                "the square its arrow burns",
            ])
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

impl Parts for Amazons {
    fn options(&self, b: &Board, player: Player) -> Vec<Board> {
        let mut out = Vec::new();
        each_move(b, player, |from, to, arrow| {
            out.push(b.after(player, from, to, arrow));
        });
        out
    }

    /// The regions of squares not burned (connected by king steps) with an amazon
    /// and an empty square, each cropped to its rectangle, the rest of it burned.
    fn components(&self, b: &Board) -> Vec<Board> {
        let open = rectangle(b.h, b.w) & !b.burned;
        let empty = b.empty();
        grid::regions_by(open, king_neighbours)
            .into_iter()
            .filter(|&r| r & (b.x | b.o) != 0 && r & empty != 0)
            .map(|r| {
                let (shift, h, w) = bounding_box(r);
                Board {
                    h,
                    w,
                    x: (b.x & r) >> shift,
                    o: (b.o & r) >> shift,
                    burned: rectangle(h, w) & !(r >> shift),
                }
            })
            .collect()
    }

    /// The least image under the symmetries of the rectangle and the swap of colours.
    fn normalize(&self, b: &Board) -> (Board, bool) {
        grid::least_image(
            b.h,
            b.w,
            [b.x, b.o, b.burned],
            |[x, o, burned], h, w| Board { h, w, x, o, burned },
            |b| Board {
                x: b.o,
                o: b.x,
                ..b
            },
        )
    }
}

impl Enumerate for Amazons {
    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_BOARD
    }

    /// Every board of `size` squares: every rectangle of that area, every filling of
    /// its squares with `.`, `x`, `o` and `#`.
    fn positions(&self, size: usize) -> Option<Positions<'_, Board>> {
        grid::all_boards(size, 4, |h, w, cells| Board {
            h,
            w,
            x: cells[1],
            o: cells[2],
            burned: cells[3],
        })
    }
}
