//! Cutcake: Left cuts cakes along their columns, Right along their rows.
//!
//! # Rules
//! Rectangular cakes ruled into unit squares. Left cuts one cake in two along a
//! vertical line between two of its columns, Right along a horizontal line between
//! two of its rows; the pieces are cakes of their own. A player who cannot cut (every
//! cake one column wide for Left, one row high for Right) loses (Winning Ways, ch. 2).
//!
//! # Notation
//! A position is its cakes, `WxH` each (W columns wide, H rows high, from 1 to
//! [`MAX_SIDE`]), separated by `,`: `3x2,4x1`; at most [`MAX_CAKES`] cakes.
//!
//! A move is `vA` (Left: a vertical cut leaving A columns on the left) or `hA` (Right:
//! a horizontal cut leaving A rows on top), with several cakes `K:vA` or `K:hA`
//! (cakes from 1).
//!
//! # Values
//! Every cake is an integer (Winning Ways, ch. 2, the table of Cutcake): with
//! `k = ⌊log2 H⌋`, a cake at least as wide as high is worth `⌊W / 2^k⌋ − 1`, and by
//! symmetry (a cake turned a quarter is its negative) one higher than wide is worth
//! `−(⌊H / 2^⌊log2 W⌋⌋ − 1)`; the cakes' values add up. A move of Left wins exactly
//! when the position after it is worth ≥ 0, one of Right when it is ≤ 0. `grundy
//! verify cutcake` checks the formula against the exhaustive engine.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde_json::json;

use crate::cgt::CanonicalForm;
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::NotationError;
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, ManyMoves, Parts, Presentation, WebBoard,
};
use crate::ruleset::{Explanation, Kind, Listing, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Cutcake in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "cutcake",
    about: "Cutcake, partizan: cakes WxH; Left cuts between columns, Right between rows",
    example: "3x2,4x1",
    params: &[],
    build: |_, convention| normal_play_only(Cutcake, convention),
};

/// The longest side of a cake: with [`MAX_CAKES`], a position has at most a few
/// million cuts, each listed and judged in constant time.
pub const MAX_SIDE: u64 = 100_000;

/// The most cakes of a position.
pub const MAX_CAKES: usize = 32;

/// The largest positions verify takes: one cake of up to this many unit squares,
/// or two cakes of this many in all.
const LARGEST_POSITION: usize = 12;

/// The Cutcake ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

/// Cakes: (columns, rows) each.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cakes(Vec<(u64, u64)>);

impl Cakes {
    /// The cakes, (columns, rows) each.
    pub fn cakes(&self) -> &[(u64, u64)] {
        &self.0
    }
}

impl fmt::Display for Cakes {
    /// `WxH` each, separated by `,`; `.` when no cake is left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str(".");
        }
        for (i, (w, h)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{w}x{h}")?;
        }
        Ok(())
    }
}

impl FromStr for Cakes {
    type Err = NotationError;

    /// Reads `WxH` cakes separated by `,` (`.` for none).
    fn from_str(text: &str) -> Result<Cakes, NotationError> {
        if text == "." {
            return Ok(Cakes(Vec::new()));
        }
        let mut cakes = Vec::new();
        let mut at = 0;
        for part in text.split(',') {
            if cakes.len() == MAX_CAKES {
                return Err(NotationError::at(
                    text,
                    at,
                    format!("the end: at most {MAX_CAKES} cakes"),
                ));
            }
            let side = |s: &str, offset: usize| -> Result<u64, NotationError> {
                match s.parse::<u64>() {
                    Ok(n)
                        if (1..=MAX_SIDE).contains(&n) && s.bytes().all(|b| b.is_ascii_digit()) =>
                    {
                        Ok(n)
                    }
                    _ => Err(NotationError::at(
                        text,
                        offset,
                        format!("a side from 1 to {MAX_SIDE} (cakes are WxH, e.g. 3x2)"),
                    )),
                }
            };
            if part.is_empty() {
                // Nothing between two commas, or before the first, or after the last.
                return Err(NotationError::at(text, at, "a cake WxH, e.g. 3x2"));
            }
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            let w = side(&part[..digits], at)?;
            if !part[digits..].starts_with('x') {
                return Err(NotationError::at(
                    text,
                    at + digits,
                    "'x' between the width and the height (cakes are WxH, e.g. 3x2)",
                ));
            }
            cakes.push((w, side(&part[digits + 1..], at + digits + 1)?));
            at += part.len() + 1;
        }
        Ok(Cakes(cakes))
    }
}

/// A cut: the cake (from 0), which way, and how much it leaves on the left or on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The cake.
    pub cake: usize,
    /// A vertical cut (Left's), or a horizontal one (Right's).
    pub vertical: bool,
    /// The columns left of a vertical cut, or the rows above a horizontal one.
    pub at: u64,
    /// Whether the cake is written: in a position of several cakes.
    pub with_cake: bool,
}

impl fmt::Display for Cut {
    /// `vA` or `hA`, or `K:vA` and `K:hA` in a position of several cakes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.with_cake {
            write!(f, "{}:", self.cake + 1)?;
        }
        write!(f, "{}{}", if self.vertical { 'v' } else { 'h' }, self.at)
    }
}

/// The value of one cake, `columns` wide and `rows` high (see the module docs).
pub fn cake_value(columns: u64, rows: u64) -> i128 {
    if columns >= rows {
        i128::from(columns >> rows.ilog2()) - 1
    } else {
        -cake_value(rows, columns)
    }
}

/// The value of every cake, and of the position.
pub fn value_of(pos: &Cakes) -> i128 {
    pos.0.iter().map(|&(w, h)| cake_value(w, h)).sum()
}

fn after(pos: &Cakes, cut: &Cut) -> Cakes {
    let mut cakes = pos.0.clone();
    let (w, h) = cakes[cut.cake];
    let (a, b) = if cut.vertical {
        ((cut.at, h), (w - cut.at, h))
    } else {
        ((w, cut.at), (w, h - cut.at))
    };
    cakes[cut.cake] = a;
    cakes.insert(cut.cake + 1, b);
    Cakes(cakes)
}

/// An integer as a value.
fn integer(n: i128) -> Result<Value, Unsolved> {
    i64::try_from(n)
        .ok()
        .and_then(|n| CanonicalForm::integer(n).ok())
        .map(Value::Canonical)
        .ok_or_else(|| Unsolved::no_theory("a Cutcake value beyond the numbers of grundy::cgt"))
}

impl Ruleset for Cutcake {
    type Position = Cakes;

    type Move = Cut;

    fn name(&self) -> &'static str {
        "cutcake"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Cakes, player: Player, text: &str) -> Result<Cut, MoveError> {
        let text = text.trim();
        let shape = "write vA (Left) or hA (Right), with several cakes K:vA or K:hA, e.g. v2";
        let (cake, body) = match text.split_once(':') {
            Some((k, body)) => match k.parse::<usize>() {
                Ok(n) if n >= 1 && k.bytes().all(|b| b.is_ascii_digit()) => (n - 1, body),
                _ => {
                    return Err(MoveError::notation(format!(
                        "not a move: {k:?} is not a cake number from 1 ({shape})"
                    )))
                }
            },
            None if pos.0.len() <= 1 => (0, text),
            None => {
                return Err(MoveError::notation(format!(
                    "there are {} cakes: say which, as K:vA or K:hA",
                    pos.0.len()
                )))
            }
        };
        let vertical = match body.chars().next() {
            Some('v') => true,
            Some('h') => false,
            _ => return Err(MoveError::notation(format!("not a move ({shape})"))),
        };
        let at = match body[1..].parse::<u64>() {
            Ok(a) if body[1..].bytes().all(|b| b.is_ascii_digit()) => a,
            _ => return Err(MoveError::notation(format!("not a move ({shape})"))),
        };
        if vertical != (player == Player::Left) {
            return Err(MoveError::illegal(if vertical {
                "Right cuts horizontally (hA), between rows"
            } else {
                "Left cuts vertically (vA), between columns"
            }));
        }
        let Some(&(w, h)) = pos.0.get(cake) else {
            return Err(MoveError::illegal(format!(
                "there is no cake {} (the position has {})",
                cake + 1,
                pos.0.len()
            )));
        };
        let side = if vertical { w } else { h };
        if at == 0 || at >= side {
            return Err(MoveError::illegal(format!(
                "cake {} is {w}x{h}: a cut leaves 1 to {} {} on the {}",
                cake + 1,
                side.saturating_sub(1),
                if vertical { "columns" } else { "rows" },
                if vertical { "left" } else { "top" }
            )));
        }
        Ok(Cut {
            cake,
            vertical,
            at,
            with_cake: pos.0.len() > 1,
        })
    }

    fn move_help(&self) -> String {
        "vA: Left cuts between columns, leaving A columns on the left; hA: Right cuts \
         between rows, leaving A rows on top; with several cakes K:vA or K:hA, e.g. v2"
            .to_owned()
    }

    fn moves(&self, pos: &Cakes, player: Player) -> Vec<Cut> {
        self.first_moves(pos, player, usize::MAX)
    }

    fn play(&self, pos: &Cakes, mv: &Cut) -> Cakes {
        after(pos, mv)
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

impl ClosedForm for Cutcake {
    fn value(&self, pos: &Cakes) -> Result<Value, Unsolved> {
        integer(value_of(pos))
    }

    fn winning_moves(&self, pos: &Cakes, to_move: Player) -> Result<Vec<Cut>, Unsolved> {
        Ok(self.winning_listing(pos, to_move, usize::MAX)?.moves)
    }

    /// The cuts in move order, each judged by the value it leaves: the position's
    /// value with the cake cut replaced by its two pieces.
    fn winning_listing(
        &self,
        pos: &Cakes,
        to_move: Player,
        limit: usize,
    ) -> Result<Listing<Cut>, Unsolved> {
        let total = value_of(pos);
        let mut moves = Vec::new();
        let mut count = 0u128;
        for cut in self.moves(pos, to_move) {
            let (w, h) = pos.0[cut.cake];
            let pieces = if cut.vertical {
                cake_value(cut.at, h) + cake_value(w - cut.at, h)
            } else {
                cake_value(w, cut.at) + cake_value(w, h - cut.at)
            };
            let after = total - cake_value(w, h) + pieces;
            let wins = match to_move {
                Player::Left => after >= 0,
                Player::Right => after <= 0,
            };
            if wins {
                count += 1;
                if moves.len() < limit {
                    moves.push(cut);
                }
            }
        }
        Ok(Listing {
            moves,
            count: Some(count),
        })
    }
}

impl Presentation for Cutcake {
    /// Left cuts between columns, Right between rows: `Left (cuts between columns)` or `Right (cuts between rows)`.
    fn mover_name(&self, _: &Cakes, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "cuts between columns", "cuts between rows")
    }

    fn explain(&self, pos: &Cakes, _: Player, _: usize) -> Option<Explanation> {
        let each: Vec<i128> = pos.0.iter().map(|&(w, h)| cake_value(w, h)).collect();
        let mut sentences = vec![
            "Every cake is an integer (Winning Ways, ch. 2): W columns by H rows with W ≥ H \
             is ⌊W / 2^⌊log2 H⌋⌋ − 1, and a cake higher than wide the negative of the cake \
             turned a quarter; the cakes' values add up."
                .to_owned(),
        ];
        for (i, (&(w, h), v)) in pos.0.iter().zip(&each).enumerate() {
            sentences.push(format!("Cake {}, {w}x{h}: {v}.", i + 1));
        }
        let total: i128 = each.iter().sum();
        sentences.push(format!("In all: {total}."));
        sentences.push(
            "Left moving first wins by cutting to a position worth ≥ 0, Right by cutting to \
             one worth ≤ 0."
                .to_owned(),
        );
        Some(Explanation {
            reduction: json!({
                "cakes": pos.0.iter().zip(&each).map(|(&(w, h), v)| json!({"cake": format!("{w}x{h}"), "value": v.to_string()})).collect::<Vec<_>>(),
                "value": total.to_string(),
            }),
            sentences,
        })
    }
}

impl WebBoard for Cutcake {
    fn board(&self, pos: &Cakes) -> Option<crate::ruleset::board::Board> {
        use crate::ruleset::board::{Board, Line, Shape, Spot, Tint, MAX_SPOTS};
        let mut lines = Vec::new();
        let mut spots_drawn = 0u64;
        for (i, &(w, h)) in pos.0.iter().enumerate() {
            spots_drawn = spots_drawn.saturating_add(w).saturating_add(h);
            if spots_drawn > MAX_SPOTS as u64 {
                return None;
            }
            let mut spots: Vec<Spot> = (1..w)
                .map(|k| {
                    Spot::new(
                        "|",
                        Tint::Left,
                        format!("cake {}: cut after column {k}", i + 1),
                    )
                })
                .collect();
            spots.extend((1..h).map(|k| {
                Spot::new(
                    "—",
                    Tint::Right,
                    format!("cake {}: cut after row {k}", i + 1),
                )
            }));
            let mut line = Line::new(format!("cake {}: {w}x{h}", i + 1), spots);
            line.size = Some([w, h]);
            lines.push(line);
        }
        Some(Board::new(Shape::Cakes, lines))
    }

    fn touches(&self, pos: &Cakes, mv: &Cut) -> Vec<crate::ruleset::board::At> {
        // I:vK (Left, between columns) or I:hK (Right, between rows).
        let text = mv.to_string();
        let n = crate::rules::drawing::numbers(&text);
        let (Some(i), Some(k)) = (n.first(), n.get(1)) else {
            return Vec::new();
        };
        let Some(&(w, _)) = pos.0.get((*i as usize).wrapping_sub(1)) else {
            return Vec::new();
        };
        let index = if text.contains('v') {
            k - 1
        } else {
            w - 1 + k - 1
        };
        vec![[*i as usize - 1, index as usize]]
    }
}

impl Parts for Cutcake {
    /// Each cake on its own.
    fn components(&self, pos: &Cakes) -> Vec<Cakes> {
        pos.0
            .iter()
            .filter(|&&(w, h)| w > 1 || h > 1)
            .map(|&c| Cakes(vec![c]))
            .collect()
    }

    /// A cake turned a quarter is its negative.
    fn normalize(&self, pos: &Cakes) -> (Cakes, bool) {
        match pos.0[..] {
            [(w, h)] if h > w => (Cakes(vec![(h, w)]), true),
            _ => (pos.clone(), false),
        }
    }
}

impl ManyMoves for Cutcake {
    fn first_moves(&self, pos: &Cakes, player: Player, limit: usize) -> Vec<Cut> {
        let vertical = player == Player::Left;
        let with_cake = pos.0.len() > 1;
        let cuts = pos.0.iter().enumerate().flat_map(|(cake, &(w, h))| {
            let side = if vertical { w } else { h };
            (1..side).map(move |at| Cut {
                cake,
                vertical,
                at,
                with_cake,
            })
        });
        crate::ruleset::first_items(cuts, limit)
    }

    fn move_count(&self, pos: &Cakes, player: Player) -> Option<u128> {
        let vertical = player == Player::Left;
        Some(
            pos.0
                .iter()
                .map(|&(w, h)| u128::from(if vertical { w } else { h } - 1))
                .sum(),
        )
    }
}

impl Enumerate for Cutcake {
    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=LARGEST_POSITION
    }

    /// Every cake of `size` unit squares, and every pair of cakes of `size` squares
    /// in all.
    fn positions(&self, size: usize) -> Option<Positions<'_, Cakes>> {
        let n = size as u64;
        let cakes_of = |n: u64| -> Vec<(u64, u64)> {
            (1..=n).filter(|w| n % w == 0).map(|w| (w, n / w)).collect()
        };
        let mut all: Vec<Cakes> = cakes_of(n).into_iter().map(|c| Cakes(vec![c])).collect();
        for a in 1..n {
            for x in cakes_of(a) {
                for y in cakes_of(n - a) {
                    all.push(Cakes(vec![x, y]));
                }
            }
        }
        Some(Positions {
            count: all.len() as u64,
            nth: Box::new(move |i| all[i as usize].clone()),
        })
    }
}
