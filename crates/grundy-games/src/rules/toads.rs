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
//! is the negative ([`normalize`](crate::ruleset::RulesetExt::normalize)). Published values, e.g.
//! `T.F` = `*`, `T.TF` = 1/2, `TFT.F` = `*`, `T.TFF` = `^` = {0|*}, `TT.FF` = `*`, are
//! in the tests' data files. Strips too big for the engine's limits are refused
//! with a message saying so.
//!
//! # Backsliding (`--backsliding`)
//! With the switch [`BACKSLIDING`], a piece may also step one square *backwards*
//! into an empty square (a toad left, a frog right); jumps stay forwards only. This
//! is Backsliding Toads and Frogs, the loopy variant in Winning Ways (Berlekamp,
//! Conway and Guy, the chapter on loopy games, "Games Infinite and Indefinite"),
//! as in CGSuite's
//! `game.strip.BackslidingToadsAndFrogs` (`GenToadsAndFrogs(1, backsliding)`:
//! moves of `-1`, `1` and a jump of `2` over one piece of the other player). A
//! position can come back, so play may go on forever ([`can_cycle`](crate::ruleset::RulesetExt::can_cycle)): the
//! game has no normal-play value here ([`value`](crate::ruleset::RulesetExt::value) says so), and the
//! retrograde engine ([`engine::retrograde`](crate::engine::retrograde)) answers
//! win, lose or draw for the player to move, with remoteness, over the states
//! (strip, player to move) reachable. The simplifications above are *not* used:
//! with backsliding, a frog at the left end can step right again and a `TTFF` block
//! can open (the toads step back), so neither is a theorem of this game. The moves
//! are written as before, `FROM-TO`; a toad's step back is e.g. `3-2`.
//! CGSuite's test suite gives the loopy value of `TTT..FFF` as
//! `{on||0|-1/2} & {1/2|0||off}`: the onside is positive and the offside negative,
//! so whoever moves first there does not lose (`crates/grundy/tests/cases/toads.txt`
//! has what the engine finds).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::analysis::draw_engines;
use crate::dynamic::{normal_play_only, Param, Params, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::NotationError;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, Parts, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Toads and Frogs in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "toads",
    about: "Toads and Frogs, partizan: T (Left's) hop right, F (Right's) hop left, on a strip of T, F and .",
    example: "TT.FF",
    params: &[BACKSLIDING],
    build: |params: &Params, convention| normal_play_only(Toads::new(params.flag(&BACKSLIDING)?), convention),
};

/// The switch `--backsliding`: pieces may also step one square back (loopy).
pub const BACKSLIDING: Param = Param {
    name: "backsliding",
    value_name: "",
    help: "Backsliding Toads and Frogs: a piece may also step one square back into an empty square (play can loop; win, lose or draw)",
    default: None,
    required: false,
    example: "",
    flag: true,
};

/// The most squares of a strip.
pub const MAX_SQUARES: usize = 64;

/// The largest strips verify takes (every strip of that many squares).
const LARGEST_STRIP: usize = 10;

/// The Toads and Frogs ruleset, with or without backsliding.
#[derive(Debug, Default)]
pub struct Toads {
    memo: Memo<Strip>,
    backsliding: bool,
}

impl Toads {
    /// Toads and Frogs; with `backsliding`, pieces may also step one square back.
    pub fn new(backsliding: bool) -> Toads {
        Toads {
            memo: Memo::default(),
            backsliding,
        }
    }

    /// Whether pieces may also step one square back (the loopy variant).
    pub fn backsliding(&self) -> bool {
        self.backsliding
    }

    /// Every move of the piece on square `from` of `player`: its forward move (a
    /// step or a jump), then, with backsliding, its step back.
    fn moves_from(&self, s: &[u8], from: usize, player: Player) -> Vec<Hop> {
        let mut out: Vec<Hop> = hop_from(s, from, player).into_iter().collect();
        if self.backsliding {
            out.extend(step_back(s, from, player));
        }
        out
    }
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

/// The step back of `player`'s piece on square `from` into an empty square, if it
/// has one (backsliding only: a toad one square left, a frog one square right).
fn step_back(s: &[u8], from: usize, player: Player) -> Option<Hop> {
    let (mine, dir, _) = piece(player);
    if s[from] != mine {
        return None;
    }
    let to = usize::try_from(from as isize - dir).ok()?;
    (s.get(to) == Some(&b'.')).then_some(Hop { from, to })
}

/// The number of arrangements of the pieces of `s` (the strips with as many toads,
/// frogs and empty squares), saturating.
fn arrangements(s: &[u8]) -> u128 {
    let count = |c: u8| s.iter().filter(|&&x| x == c).count() as u128;
    let (t, f) = (count(b'T'), count(b'F'));
    let n = s.len() as u128;
    // n! / (t! f! e!) = C(n, t) * C(n - t, f)
    let choose = |n: u128, k: u128| -> u128 {
        let mut r: u128 = 1;
        for i in 0..k {
            r = r.saturating_mul(n - i) / (i + 1);
        }
        r
    };
    choose(n, t).saturating_mul(choose(n - t, f))
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

    fn name(&self) -> &'static str {
        "toads"
    }

    fn parameters(&self) -> String {
        if self.backsliding {
            "backsliding".to_owned()
        } else {
            String::new()
        }
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
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
        let legal = self.moves_from(&pos.0, hop.from, player);
        if legal.contains(&hop) {
            return Ok(hop);
        }
        let back = if self.backsliding {
            ", or steps one square back into an empty square"
        } else {
            ""
        };
        if legal.is_empty() {
            return Err(MoveError::illegal(format!(
                "the {what} on square {} cannot move: it moves {way} into an empty square, or \
                 jumps one piece of the other player into the empty square beyond{back}",
                hop.from + 1
            )));
        }
        let squares: Vec<String> = legal.iter().map(|h| (h.to + 1).to_string()).collect();
        Err(MoveError::illegal(format!(
            "the {what} on square {} can only move to square {}",
            hop.from + 1,
            squares.join(" or ")
        )))
    }

    fn move_help(&self) -> String {
        let back = if self.backsliding {
            " (or one square back into an empty square: backsliding)"
        } else {
            ""
        };
        format!(
            "FROM-TO with squares numbered from 1 on the left: Left moves a toad (T) right, \
             Right a frog (F) left, one square or jumping one piece of the other player{back}, \
             e.g. 2-3"
        )
    }

    /// By square from the left; each piece's forward move before its step back.
    fn moves(&self, pos: &Strip, player: Player) -> Vec<Hop> {
        (0..pos.0.len())
            .flat_map(|i| self.moves_from(&pos.0, i, player))
            .collect()
    }

    fn play(&self, pos: &Strip, mv: &Hop) -> Strip {
        after(pos, mv)
    }

    /// With backsliding: the strips with the same pieces, twice (either player to
    /// move), bound the states; without, unknown.
    fn reach(&self, pos: &Strip) -> u128 {
        if self.backsliding {
            arrangements(&pos.0).saturating_mul(2)
        } else {
            u128::MAX
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        let caps = Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .parts(self)
            .enumerate(self);
        if self.backsliding {
            caps.cycles(draw_engines(self))
        } else {
            caps
        }
    }
}

impl ClosedForm for Toads {
    fn value(&self, pos: &Strip) -> Result<Value, Unsolved> {
        if self.backsliding {
            return Err(loopy());
        }
        canonical::value(self, &self.memo, pos)
    }

    fn winning_moves(&self, pos: &Strip, to_move: Player) -> Result<Vec<Hop>, Unsolved> {
        if self.backsliding {
            return Err(loopy());
        }
        canonical::winning_moves(self, &self.memo, pos, to_move)
    }
}

impl Presentation for Toads {
    /// Left moves the toads (T), Right the frogs (F): `Left (toads)` or `Right (frogs)`.
    fn mover_name(&self, _: &Self::Position, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "toads", "frogs")
    }

    fn explain(&self, pos: &Self::Position, _: Player, _: usize) -> Option<Explanation> {
        if !self.backsliding {
            return canonical::explain_parts(self, &self.memo, pos, ("part", "parts"));
        }
        let count = |c: u8| pos.0.iter().filter(|&&x| x == c).count();
        let (toads, frogs, empty) = (count(b'T'), count(b'F'), count(b'.'));
        let arrangements = arrangements(&pos.0);
        Some(Explanation {
            reduction: serde_json::json!({
                "backsliding": true,
                "toads": toads,
                "frogs": frogs,
                "empty": empty,
                "arrangements": arrangements.to_string(),
            }),
            sentences: vec![
                "Backsliding: a piece may also step one square back, so a position can come \
                 back and play may go on forever; there is no normal-play value."
                    .to_owned(),
                format!(
                    "{toads} toad{}, {frogs} frog{} and {empty} empty square{}: at most \
                     {arrangements} strips, each with either player to move, for the \
                     retrograde engine (win, lose or draw, with remoteness).",
                    plural(toads),
                    plural(frogs),
                    plural(empty)
                ),
            ],
        })
    }
}

impl WebBoard for Toads {
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
}

impl Parts for Toads {
    /// The parts between `TTFF` blocks (each ends with the block's `TT`, the next
    /// starts with its `FF`), trimmed; parts without a piece that can move dropped.
    ///
    /// With backsliding, the strip itself: the splits are not theorems there.
    fn components(&self, s: &Strip) -> Vec<Strip> {
        if self.backsliding {
            return vec![s.clone()];
        }
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
}

impl Enumerate for Toads {
    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_STRIP
    }

    /// Every strip of `size` squares (3^size of them); none with backsliding
    /// (there is no closed form to verify).
    fn positions(&self, size: usize) -> Option<Positions<'_, Strip>> {
        if self.backsliding {
            return None;
        }
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

/// Why a backsliding strip has no value.
fn loopy() -> Unsolved {
    Unsolved::unsupported(
        "backsliding Toads and Frogs can go on forever: it has no normal-play value; \
         its result (win, lose or draw) comes from the retrograde engine",
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
