//! Toppling Dominoes: rows of dominoes; a player topples one of theirs, and every
//! domino on that side falls with it.
//!
//! # Rules
//! Rows of upright dominoes, each blue (Left's), red (Right's) or green (either
//! player's). A move picks a domino the player may topple (Left: blue or green;
//! Right: red or green) and topples it to the left or to the right: it and every
//! domino beyond it on that side of its row fall and leave the game. A player who
//! cannot move loses (Fink, Nowakowski, Siegel and Wolfe, "Toppling conjectures",
//! *Games of No Chance 4*, 2015; Albert, Nowakowski and Wolfe, *Lessons in Play*).
//!
//! # Notation
//! A position is its rows, separated by `,`: `x` a blue domino, `o` a red one, `g`
//! a green one, at most [`MAX_DOMINOES`] in all. `xog,xx` is two rows.
//!
//! A move is `D<` or `D>` (with several rows `R:D<`): topple domino `D` of row `R`
//! (both from 1) to the left (`<`, it and every domino left of it fall) or to the
//! right (`>`).
//!
//! # Values
//! Rows are independent: a position is the sum of its rows
//! ([`components`](crate::ruleset::RulesetExt::components)). A row read backwards is the same game, and a row with
//! blue and red swapped is its negative ([`normalize`](crate::ruleset::RulesetExt::normalize)). There is no
//! closed form in general; values are canonical forms from the engine of
//! [`cgt`](crate::cgt), through [`rules::canonical`](crate::rules::canonical). A row
//! of n blue dominoes is the integer n, of n green ones the nimber *n (a Nim heap:
//! any shorter row can be left), and the test data hold more.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::NotationError;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, Parts, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Toppling Dominoes in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "toppling-dominoes",
    about: "Toppling Dominoes, partizan: rows of x (Left's), o (Right's) and g (green) dominoes; topple one and all beyond it on that side fall",
    example: "xxogx",
    params: &[],
    build: |_, convention| normal_play_only(Toppling::default(), convention),
};

/// The most dominoes of a position.
pub const MAX_DOMINOES: usize = 64;

/// The longest rows verify takes (every row of that many dominoes).
const LONGEST_ROW: usize = 8;

/// The Toppling Dominoes ruleset.
#[derive(Debug, Default)]
pub struct Toppling {
    memo: Memo<Rows>,
}

/// Rows of dominoes, each a non-empty list of `b'x'`, `b'o'` and `b'g'`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rows(Vec<Vec<u8>>);

impl Rows {
    /// The rows, each from left to right.
    pub fn rows(&self) -> &[Vec<u8>] {
        &self.0
    }
}

impl fmt::Display for Rows {
    /// The rows separated by `,`; `.` when every domino has fallen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str(".");
        }
        for (i, row) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(std::str::from_utf8(row).map_err(|_| fmt::Error)?)?;
        }
        Ok(())
    }
}

impl FromStr for Rows {
    type Err = NotationError;

    /// Reads rows of `x`, `o` and `g` separated by `,` (`.` for no domino).
    fn from_str(text: &str) -> Result<Rows, NotationError> {
        if text == "." {
            return Ok(Rows(Vec::new()));
        }
        let expected = "'x' (blue), 'o' (red), 'g' (green) or ',' between rows";
        let mut rows = vec![Vec::new()];
        let mut count = 0;
        for (i, c) in text.chars().enumerate() {
            match c {
                'x' | 'o' | 'g' => {
                    if count == MAX_DOMINOES {
                        return Err(NotationError::at(
                            text,
                            i,
                            format!("the end: at most {MAX_DOMINOES} dominoes"),
                        ));
                    }
                    count += 1;
                    rows.last_mut().expect("a row").push(c as u8);
                }
                ',' if rows.last().is_some_and(|r| !r.is_empty()) => rows.push(Vec::new()),
                _ => return Err(NotationError::at(text, i, expected)),
            }
        }
        if rows.last().is_some_and(Vec::is_empty) {
            return Err(NotationError::at(
                text,
                text.chars().count(),
                "a domino: 'x', 'o' or 'g' (or '.' for no domino)",
            ));
        }
        Ok(Rows(rows))
    }
}

/// A domino toppled: its row and place (from 0), and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Topple {
    /// The row.
    pub row: usize,
    /// The domino, from the left.
    pub domino: usize,
    /// Toward the left (it and every domino left of it fall) or the right.
    pub leftward: bool,
    /// Whether the row is written: in a position of several rows.
    pub with_row: bool,
}

impl fmt::Display for Topple {
    /// `D<` or `D>`, or `R:D<` and `R:D>` in a position of several rows, from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = if self.leftward { '<' } else { '>' };
        if self.with_row {
            write!(f, "{}:", self.row + 1)?;
        }
        write!(f, "{}{way}", self.domino + 1)
    }
}

/// Whether `player` may topple a domino of colour `c`.
fn may_topple(player: Player, c: u8) -> bool {
    c == b'g' || c == if player == Player::Left { b'x' } else { b'o' }
}

fn after(pos: &Rows, mv: &Topple) -> Rows {
    let mut rows = pos.0.clone();
    let row = &rows[mv.row];
    let rest: Vec<u8> = if mv.leftward {
        row[mv.domino + 1..].to_vec()
    } else {
        row[..mv.domino].to_vec()
    };
    if rest.is_empty() {
        rows.remove(mv.row);
    } else {
        rows[mv.row] = rest;
    }
    Rows(rows)
}

/// A row with blue and red swapped.
fn swapped(row: &[u8]) -> Vec<u8> {
    row.iter()
        .map(|&c| match c {
            b'x' => b'o',
            b'o' => b'x',
            c => c,
        })
        .collect()
}

/// The dominoes, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('x', crate::ruleset::board::Tint::Left, "Left's domino"),
    crate::rules::drawing::g('o', crate::ruleset::board::Tint::Right, "Right's domino"),
    crate::rules::drawing::g('g', crate::ruleset::board::Tint::Either, "green domino"),
];

impl Ruleset for Toppling {
    type Position = Rows;

    type Move = Topple;

    fn name(&self) -> &'static str {
        "toppling-dominoes"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Rows, player: Player, text: &str) -> Result<Topple, MoveError> {
        let text = text.trim();
        let shape = "write D< or D> (with several rows R:D< or R:D>), from 1, e.g. 2>";
        let (body, leftward) = match text.chars().last() {
            Some('<') => (&text[..text.len() - 1], true),
            Some('>') => (&text[..text.len() - 1], false),
            _ => {
                return Err(MoveError::notation(format!(
                    "not a move: it must end with '<' or '>' ({shape})"
                )))
            }
        };
        let number = |part: &str| -> Result<usize, MoveError> {
            match part.parse::<usize>() {
                Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n - 1),
                _ => Err(MoveError::notation(format!(
                    "not a move: {part:?} is not a number from 1 ({shape})"
                ))),
            }
        };
        let (row, domino) = match body.split_once(':') {
            Some((r, d)) => (number(r)?, number(d)?),
            None if pos.0.len() <= 1 => (0, number(body)?),
            None => {
                return Err(MoveError::notation(format!(
                    "there are {} rows: say which, as R:D< or R:D>",
                    pos.0.len()
                )))
            }
        };
        let Some(cells) = pos.0.get(row) else {
            return Err(MoveError::illegal(format!(
                "there is no row {} (the position has {})",
                row + 1,
                pos.0.len()
            )));
        };
        let Some(&c) = cells.get(domino) else {
            return Err(MoveError::illegal(format!(
                "row {} has dominoes 1 to {}, not {}",
                row + 1,
                cells.len(),
                domino + 1
            )));
        };
        if !may_topple(player, c) {
            let (who, mine) = match player {
                Player::Left => ("Left", "blue (x) or green (g)"),
                Player::Right => ("Right", "red (o) or green (g)"),
            };
            return Err(MoveError::illegal(format!(
                "domino {} is {}: {who} topples {mine} dominoes",
                domino + 1,
                char::from(c)
            )));
        }
        Ok(Topple {
            row,
            domino,
            leftward,
            with_row: pos.0.len() > 1,
        })
    }

    fn move_help(&self) -> String {
        "D< or D> topples domino D (from 1) to the left or the right, and every domino \
         beyond it on that side falls; with several rows R:D< or R:D>. Left topples x and \
         g, Right o and g, e.g. 2>"
            .to_owned()
    }

    fn moves(&self, pos: &Rows, player: Player) -> Vec<Topple> {
        let mut out = Vec::new();
        for (row, cells) in pos.0.iter().enumerate() {
            for (domino, &c) in cells.iter().enumerate() {
                if !may_topple(player, c) {
                    continue;
                }
                // A lone domino falls the same either way: one move.
                for leftward in [true, false] {
                    if leftward && cells.len() == 1 {
                        continue;
                    }
                    out.push(Topple {
                        row,
                        domino,
                        leftward,
                        with_row: pos.0.len() > 1,
                    });
                }
            }
        }
        out
    }

    fn play(&self, pos: &Rows, mv: &Topple) -> Rows {
        after(pos, mv)
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

impl ClosedForm for Toppling {
    fn value(&self, pos: &Rows) -> Result<Value, Unsolved> {
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Rows, to_move: Player) -> Result<Vec<Topple>, Unsolved> {
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Toppling {
    /// Left topples x dominoes, Right o ones: `Left (x)` or `Right (o)`.
    fn mover_name(&self, _: &Rows, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "x", "o")
    }

    fn explain(&self, pos: &Rows, _: Player, _: usize) -> Option<Explanation> {
        canonical::explain_parts(self, &self.memo, pos, ("row", "rows"))
    }
}

impl WebBoard for Toppling {
    fn board(&self, pos: &Rows) -> Option<crate::ruleset::board::Board> {
        // Dominoes and rows are numbered from 1 in the notation (`R:D<`).
        use crate::ruleset::board::numbered;
        crate::rules::drawing::grid(&self.show_position(pos).replace(',', "|"), GLYPHS).map(|b| {
            let (width, height) = (b.columns.len(), b.rows.len());
            b.named(numbered(width, 1), numbered(height, 1))
        })
    }

    fn touches(&self, pos: &Rows, mv: &Topple) -> Vec<crate::ruleset::board::At> {
        // [R:]D< or [R:]D>: the domino, then the next one it knocks over (if any).
        let text = mv.to_string();
        let n = crate::rules::drawing::numbers(&text);
        let (r, d) = match n[..] {
            [d] => (0, d as usize),
            [r, d] => (r as usize - 1, d as usize),
            _ => return Vec::new(),
        };
        let shown = self.show_position(pos);
        let len = shown.split(',').nth(r).map_or(0, |row| row.chars().count());
        let mut out = vec![[r, d - 1]];
        if text.ends_with('<') && d >= 2 {
            out.push([r, d - 2]);
        } else if text.ends_with('>') && d < len {
            out.push([r, d]);
        }
        out
    }

    fn edit(&self, pos: &Rows, at: crate::ruleset::board::At) -> Option<Rows> {
        let text = self.show_position(pos).replace(',', "|");
        let text = crate::rules::drawing::cycle(&text, at, GLYPHS)?;
        self.parse_position(&text.replace('|', ",")).ok()
    }
}

impl Parts for Toppling {
    /// Each row on its own.
    fn components(&self, pos: &Rows) -> Vec<Rows> {
        pos.0.iter().map(|row| Rows(vec![row.clone()])).collect()
    }

    /// The least of a row, its reverse (the same game) and their colour swaps (the
    /// negatives).
    fn normalize(&self, pos: &Rows) -> (Rows, bool) {
        let [row] = &pos.0[..] else {
            return (pos.clone(), false);
        };
        let reversed: Vec<u8> = row.iter().rev().copied().collect();
        let candidates = [
            (row.clone(), false),
            (reversed.clone(), false),
            (swapped(row), true),
            (swapped(&reversed), true),
        ];
        let (best, negated) = candidates
            .into_iter()
            .min_by(|a, b| a.0.cmp(&b.0))
            .expect("four candidates");
        (Rows(vec![best]), negated)
    }
}

impl Enumerate for Toppling {
    fn size_unit(&self) -> &'static str {
        "dominoes"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LONGEST_ROW
    }

    /// Every row of `size` dominoes (3^size of them).
    fn positions(&self, size: usize) -> Option<Positions<'_, Rows>> {
        let count = 3u64.checked_pow(u32::try_from(size).ok()?)?;
        Some(Positions {
            count,
            nth: Box::new(move |mut i| {
                Rows(vec![(0..size)
                    .map(|_| {
                        let c = b"xog"[(i % 3) as usize];
                        i /= 3;
                        c
                    })
                    .collect()])
            }),
        })
    }
}
