//! Toads and Frogs: toads hop right, frogs hop left.
//!
//! # Rules
//! A strip of squares, each empty, holding a toad or holding a frog. Left moves a
//! toad one square to the right into an empty square, or jumps it over exactly one
//! frog into the empty square just beyond; Right does the same with a frog,
//! leftwards, over exactly one toad. Pieces never leave the strip and a jumped piece
//! stays where it is. A player who cannot move loses (Winning Ways, ch. 1).
//!
//! # Notation
//! A position is the strip from left to right: `T` a toad, `F` a frog, `.` an empty
//! square; at most [`MAX_SQUARES`] squares. `TT.FF` is the usual start with two of
//! each.
//!
//! A move is `FROM-TO`, squares numbered from 1 on the left: `2-3` moves the toad
//! on square 2 one square right, `4-2` jumps the frog on square 4 over the toad on
//! square 3.
//!
//! # Values
//! No closed form is known: the value of a position is its canonical form, found by
//! the engine of [`cgt`](crate::cgt) (through [`rules::canonical`](crate::rules::canonical)), with
//! two simplifications that are theorems of the rules (Erickson, "New Toads and
//! Frogs results", 1996): frogs at the left end and toads at the right end can never
//! move again and block nothing that an end would not, so they are dropped; and
//! `TTFF` can never move again and nothing passes it, so it splits the strip into two
//! independent parts (a sum). The strip read backwards with toads and frogs swapped
//! is the negative ([`Ruleset::normalize`]). Published values, e.g.
//! `T.F` = `*`, `T.TF` = 1/2, `TFT.F` = `*`, `T.TFF` = `^` = {0|*}, `TT.FF` = `*`, are
//! in the tests' data files. Strips too big for the engine's limits are refused
//! with a message saying so.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::dynamic::RulesetSpec;
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::NotationError;
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Toads and Frogs in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "toads",
    about: "Toads and Frogs, partizan: T (Left's) hop right, F (Right's) hop left, on a strip of T, F and .",
    example: "TT.FF",
    params: &[],
    build: |_| Ok(Box::new(Toads::default())),
};

/// The most squares of a strip.
pub const MAX_SQUARES: usize = 64;

/// The largest strips verify takes (every strip of that many squares).
const LARGEST_STRIP: usize = 10;

/// The Toads and Frogs ruleset.
#[derive(Debug, Default)]
pub struct Toads {
    memo: Memo<Strip>,
}

/// A strip of squares: `b'T'`, `b'F'` or `b'.'` each.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(Vec<u8>);

impl Strip {
    /// The squares, each `b'T'`, `b'F'` or `b'.'`.
    pub fn squares(&self) -> &[u8] {
        &self.0
    }

    /// The strip read backwards with toads and frogs swapped: the negative.
    fn mirrored(&self) -> Strip {
        Strip(
            self.0
                .iter()
                .rev()
                .map(|&c| match c {
                    b'T' => b'F',
                    b'F' => b'T',
                    c => c,
                })
                .collect(),
        )
    }
}

impl fmt::Display for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.0).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for Strip {
    type Err = NotationError;

    /// Reads `T`, `F` and `.`, at least one and at most [`MAX_SQUARES`] squares.
    fn from_str(text: &str) -> Result<Strip, NotationError> {
        let expected = "'T' (toad), 'F' (frog) or '.' (empty)";
        let mut squares = Vec::new();
        for (i, c) in text.chars().enumerate() {
            if !matches!(c, 'T' | 'F' | '.') {
                return Err(NotationError::at(text, i, expected));
            }
            if squares.len() == MAX_SQUARES {
                return Err(NotationError::at(
                    text,
                    i,
                    format!("the end: at most {MAX_SQUARES} squares"),
                ));
            }
            squares.push(c as u8);
        }
        if squares.is_empty() {
            return Err(NotationError::at(text, 0, expected));
        }
        Ok(Strip(squares))
    }
}

/// A piece moved from square `from` to square `to` (both from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hop {
    /// The square it leaves.
    pub from: usize,
    /// The square it lands on.
    pub to: usize,
}

impl fmt::Display for Hop {
    /// `FROM-TO`, squares from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

impl FromStr for Hop {
    type Err = MoveError;

    /// Reads `FROM-TO`, squares from 1.
    fn from_str(text: &str) -> Result<Hop, MoveError> {
        let shape = "write FROM-TO with squares from 1, e.g. 2-3";
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| MoveError::notation(format!("not a move: no '-' ({shape})")))?;
        let number = |part: &str| -> Result<usize, MoveError> {
            match part.parse::<usize>() {
                Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n - 1),
                _ => Err(MoveError::notation(format!(
                    "not a move: {part:?} is not a square number ({shape})"
                ))),
            }
        };
        Ok(Hop {
            from: number(from)?,
            to: number(to)?,
        })
    }
}

/// The piece a player moves, the way it moves, and the piece it may jump.
fn piece(player: Player) -> (u8, isize, u8) {
    match player {
        Player::Left => (b'T', 1, b'F'),
        Player::Right => (b'F', -1, b'T'),
    }
}

/// The move of `player`'s piece on square `from`, if it has one (a piece has at most
/// one: a step or a jump).
fn hop_from(s: &[u8], from: usize, player: Player) -> Option<Hop> {
    let (mine, dir, other) = piece(player);
    if s[from] != mine {
        return None;
    }
    let at = |k: isize| -> Option<u8> {
        let i = from as isize + k * dir;
        usize::try_from(i).ok().and_then(|i| s.get(i).copied())
    };
    let to = |k: isize| (from as isize + k * dir) as usize;
    match (at(1), at(2)) {
        (Some(b'.'), _) => Some(Hop { from, to: to(1) }),
        (Some(c), Some(b'.')) if c == other => Some(Hop { from, to: to(2) }),
        _ => None,
    }
}

fn after(s: &Strip, hop: &Hop) -> Strip {
    let mut q = s.clone();
    q.0.swap(hop.from, hop.to);
    q
}

/// The strip without frogs at its left end and toads at its right end (they can
/// never move, and block only what the end blocks).
fn trimmed(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&c| c != b'F').unwrap_or(s.len());
    let end = s.iter().rposition(|&c| c != b'T').map_or(start, |i| i + 1);
    &s[start..end.max(start)]
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('T', crate::ruleset::board::Tint::Left, "Left's toad"),
    crate::rules::drawing::g('F', crate::ruleset::board::Tint::Right, "Right's frog"),
];

impl Ruleset for Toads {
    type Position = Strip;
    type Move = Hop;

    /// The parts between `TTFF` blocks (each ends with the block's `TT`, the next
    /// starts with its `FF`), trimmed; parts without a piece that can move dropped.
    fn components(&self, s: &Strip) -> Vec<Strip> {
        let s = &s.0;
        let mut parts = Vec::new();
        let mut start = 0;
        let mut push = |part: &[u8]| {
            let t = trimmed(part);
            if t.contains(&b'.') {
                parts.push(Strip(t.to_vec()));
            }
        };
        let mut i = 0;
        while i + 4 <= s.len() {
            if &s[i..i + 4] == b"TTFF" {
                push(&s[start..i + 2]);
                start = i + 2;
                i += 2;
            } else {
                i += 1;
            }
        }
        push(&s[start..]);
        parts
    }

    fn normalize(&self, s: &Strip) -> (Strip, bool) {
        let m = s.mirrored();
        if m < *s {
            (m, true)
        } else {
            (s.clone(), false)
        }
    }

    fn name(&self) -> &'static str {
        "toads"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_position(&self, text: &str) -> Result<Strip, NotationError> {
        text.parse()
    }

    fn show_position(&self, pos: &Strip) -> String {
        pos.to_string()
    }

    fn parse_move(&self, pos: &Strip, player: Player, text: &str) -> Result<Hop, MoveError> {
        let hop: Hop = text.trim().parse()?;
        let n = pos.0.len();
        for square in [hop.from, hop.to] {
            if square >= n {
                return Err(MoveError::illegal(format!(
                    "there is no square {} (the strip has squares 1 to {n})",
                    square + 1
                )));
            }
        }
        let (mine, _, _) = piece(player);
        let (who, what, way) = match player {
            Player::Left => ("Left", "toad", "right"),
            Player::Right => ("Right", "frog", "left"),
        };
        if pos.0[hop.from] != mine {
            return Err(MoveError::illegal(format!(
                "there is no {what} on square {}: {who} moves {what}s ({})",
                hop.from + 1,
                char::from(mine)
            )));
        }
        match hop_from(&pos.0, hop.from, player) {
            Some(legal) if legal == hop => Ok(hop),
            Some(legal) => Err(MoveError::illegal(format!(
                "the {what} on square {} can only move to square {}",
                hop.from + 1,
                legal.to + 1
            ))),
            None => Err(MoveError::illegal(format!(
                "the {what} on square {} cannot move: it moves {way} into an empty square, or \
                 jumps one piece of the other player into the empty square beyond",
                hop.from + 1
            ))),
        }
    }

    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        crate::rules::drawing::strip(&self.show_position(pos), GLYPHS)
    }

    fn touches(&self, _pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        // FROM-TO, squares from 1.
        crate::rules::drawing::numbers(&mv.to_string())
            .into_iter()
            .map(|n| [0, n.saturating_sub(1) as usize])
            .collect()
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let text = crate::rules::drawing::cycle(&self.show_position(pos), at, GLYPHS)?;
        self.parse_position(&text).ok()
    }

    fn move_help(&self) -> String {
        "FROM-TO with squares numbered from 1 on the left: Left moves a toad (T) right, \
         Right a frog (F) left, one square or jumping one piece of the other player, \
         e.g. 2-3"
            .to_owned()
    }

    fn moves(&self, pos: &Strip, player: Player) -> Vec<Hop> {
        (0..pos.0.len())
            .filter_map(|i| hop_from(&pos.0, i, player))
            .collect()
    }

    fn play(&self, pos: &Strip, mv: &Hop) -> Strip {
        after(pos, mv)
    }

    fn value(&self, pos: &Strip) -> Result<Value, Unsolved> {
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Strip, to_move: Player) -> Result<Vec<Hop>, Unsolved> {
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }

    fn explain(&self, pos: &Self::Position, _: Player, _: usize) -> Option<Explanation> {
        canonical::explain_parts(self, &self.memo, pos, ("part", "parts"))
    }

    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_STRIP
    }

    /// Every strip of `size` squares (3^size of them).
    fn positions(&self, size: usize) -> Option<Positions<'_, Strip>> {
        let count = 3u64.checked_pow(u32::try_from(size).ok()?)?;
        Some(Positions {
            count,
            nth: Box::new(move |mut i| {
                Strip(
                    (0..size)
                        .map(|_| {
                            let c = b".TF"[(i % 3) as usize];
                            i /= 3;
                            c
                        })
                        .collect(),
                )
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_errors_name_the_column() {
        for text in ["TT.FF", ".", "T", "F.T.F"] {
            assert_eq!(text.parse::<Strip>().unwrap().to_string(), text);
        }
        let col = |t: &str| t.parse::<Strip>().unwrap_err().column;
        assert_eq!(col(""), 1);
        assert_eq!(col("TTxFF"), 3);
        assert_eq!(col(&".".repeat(65)), 65);
    }

    #[test]
    fn moves_steps_and_jumps() {
        let t = Toads::default();
        let s: Strip = "TF.T.F".parse().unwrap();
        let names = |p| -> Vec<String> { t.moves(&s, p).iter().map(ToString::to_string).collect() };
        assert_eq!(names(Player::Left), ["1-3", "4-5"]);
        assert_eq!(names(Player::Right), ["6-5"]);
        assert!(t.parse_move(&s, Player::Left, "1-2").is_err());
        assert!(t.parse_move(&s, Player::Left, "2-3").is_err());
        assert!(t.parse_move(&s, Player::Right, "6-4").is_err());
        assert!(t.parse_move(&s, Player::Left, "9-10").is_err());
        assert_eq!(
            t.parse_move(&s, Player::Left, "1-3").unwrap(),
            Hop { from: 0, to: 2 }
        );
        assert_eq!(t.play(&s, &Hop { from: 0, to: 2 }).to_string(), ".FTT.F");
    }

    #[test]
    fn components_split_at_ttff_and_trim_dead_pieces() {
        let t = Toads::default();
        let parts = |text: &str| -> Vec<String> {
            t.components(&text.parse().unwrap())
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert_eq!(parts("FT.TTFF.FTT"), ["T.", ".F"]);
        assert_eq!(parts("FFTT"), Vec::<String>::new());
        assert_eq!(parts("T.F"), ["T.F"]);
    }
}
