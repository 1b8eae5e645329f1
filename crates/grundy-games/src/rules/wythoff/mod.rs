//! Wythoff's game: take from one heap, or the same number from both.
//!
//! # Rules
//! Two heaps of stones. A move takes one or more stones from one heap, or the same
//! number (one or more) from both heaps. The player who cannot move (both heaps
//! empty) loses. It is the game of a chess queen that moves left, down or diagonally
//! down-left towards a corner: the player who reaches the corner wins.
//!
//! # Notation
//! A position is the two heap sizes, comma-separated: `3,5`. Each heap holds at
//! most 2^63 stones. A move is `HEAP-TAKE` to take TAKE stones from heap HEAP (1 or
//! 2), as in Nim: `1-2` takes 2 stones from the first heap; or `=TAKE` to take TAKE
//! stones from both heaps: `=2` takes 2 from each. Moves print as they are written
//! (`FromStr` and `Display` round-trip).
//!
//! # Closed form
//! With φ = (1 + √5)/2, the P-positions (the player to move loses) are (⌊kφ⌋, ⌊kφ²⌋)
//! = (a_k, a_k + k) and their mirror images, k = 0, 1, 2, ...: (0, 0), (1, 2),
//! (3, 5), (4, 7), (6, 10), ... (Wythoff, 1907). Every heap size x belongs to
//! exactly one of them, with its *partner* p(x); and for every difference d exactly
//! one of them, (a_d, a_d + d), has heaps that differ by d ([`golden`]). So from an
//! N-position (a, b) the winning moves are, in move order:
//!
//! - heap 1 down to p(b), when p(b) < a;
//! - heap 2 down to p(a), when p(a) < b;
//! - both heaps down to (a_d, a_d + d) in the same order, when a_d < min(a, b),
//!   where d = |a − b|.
//!
//! The floors are computed in integers only (a 128-bit square root), exactly for
//! heaps up to 2^63: who wins and every winning move are exact at any size.
//!
//! # Values
//! The Grundy values of Wythoff's game have no known formula. A P-position is worth
//! 0 at any size; the value of an N-position is computed by the definition, the
//! mex over its options ([`table`]), when both heaps hold at most [`VALUE_LIMIT`]
//! stones, and is unknown ([`Unsolved`]) beyond.

pub mod golden;
pub mod table;

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use serde_json::json;

use crate::dynamic::{either_convention, RulesetSpec};
use crate::game::Player;
use crate::rules::heaps::{draw_heaps, parse_heap_move, parse_list, parse_number, HeapMove, Heaps};
use crate::rules::notation::{Found, NotationError};
use crate::ruleset::{nimber, Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

use crate::ruleset::{Capabilities, ClosedForm, Enumerate, ManyMoves, Presentation, WebBoard};
use golden::{floor_phi, is_p_position, partner, MAX_HEAP};
use table::ValueTable;

/// Wythoff's game in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "wythoff",
    about: "Wythoff's game: heaps 3,5; take from one heap or the same from both.",
    example: "3,5",
    params: &[],
    build: |_, convention| either_convention(Wythoff::new(), convention),
};

/// Grundy values of N-positions are computed for heaps up to this size.
pub const VALUE_LIMIT: u64 = 2048;

/// `grundy verify` checks positions of up to this many tokens (both heaps together):
/// 80 601 positions, about 10 s of CPU for the exhaustive engine.
pub const LARGEST_SIZE: usize = 400;

/// A position: the two heaps, each at most 2^63 stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TwoHeaps([u64; 2]);

impl TwoHeaps {
    /// The position with heaps `a` and `b`, if each holds at most 2^63 stones.
    pub fn new(a: u64, b: u64) -> Option<TwoHeaps> {
        (a <= MAX_HEAP && b <= MAX_HEAP).then_some(TwoHeaps([a, b]))
    }

    /// The two heap sizes, in order.
    pub fn heaps(&self) -> [u64; 2] {
        self.0
    }
}

impl FromStr for TwoHeaps {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<TwoHeaps, NotationError> {
        let sizes = parse_list(s, "a heap size (digits)")?;
        match sizes.len() {
            0 => return Err(NotationError::at(s, 0, "two heap sizes, as in 3,5")),
            1 => {
                let end = s.chars().count();
                return Err(NotationError::at(
                    s,
                    end,
                    "',' and a second heap size, as in 3,5",
                ));
            }
            2 => {}
            _ => {
                let second_comma = s.match_indices(',').nth(1).map_or(0, |(i, _)| i);
                let at = s[..second_comma].chars().count();
                return Err(NotationError::at(
                    s,
                    at,
                    "the end: Wythoff's game has two heaps",
                ));
            }
        }
        let mut column = 1;
        for (part, &size) in s.split(',').zip(&sizes) {
            if size > MAX_HEAP {
                return Err(NotationError::new(
                    column,
                    "a heap size of at most 2^63 = 9223372036854775808",
                    Found::Text(part.to_owned()),
                ));
            }
            column += part.chars().count() + 1;
        }
        Ok(TwoHeaps([sizes[0], sizes[1]]))
    }
}

impl fmt::Display for TwoHeaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0[0], self.0[1])
    }
}

/// A move of Wythoff's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WythoffMove {
    /// Takes stones from one heap, written `HEAP-TAKE` (heap 1 or 2).
    One(HeapMove),
    /// Takes this many stones from both heaps, written `=TAKE`.
    Both(u64),
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WythoffMove::One(m) => m.fmt(f),
            WythoffMove::Both(take) => write!(f, "={take}"),
        }
    }
}

impl FromStr for WythoffMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<WythoffMove, NotationError> {
        match s.strip_prefix('=') {
            Some(_) => parse_number(s, 1..s.len(), "a number of stones").map(WythoffMove::Both),
            None => s.parse().map(WythoffMove::One),
        }
    }
}

/// Wythoff's game (it has no parameters). It keeps the table of Grundy values it
/// has computed so far.
#[derive(Default)]
pub struct Wythoff {
    table: Mutex<Option<Arc<ValueTable>>>,
}

impl fmt::Debug for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Wythoff")
    }
}

impl Wythoff {
    /// The game, with no values computed yet.
    pub fn new() -> Wythoff {
        Wythoff::default()
    }

    /// Whether the player to move loses `pos`.
    pub fn is_p_position(&self, pos: &TwoHeaps) -> bool {
        is_p_position(pos.0[0], pos.0[1])
    }

    /// The Grundy value of `pos`: 0 for a P-position; for an N-position by the
    /// definition when both heaps are at most [`VALUE_LIMIT`], else `None`.
    pub fn grundy(&self, pos: &TwoHeaps) -> Option<u32> {
        let [a, b] = pos.0;
        if is_p_position(a, b) {
            return Some(0);
        }
        let largest = a.max(b);
        if largest > VALUE_LIMIT {
            return None;
        }
        let table = {
            let mut cached = self.table.lock().unwrap_or_else(|e| e.into_inner());
            match &*cached {
                Some(t) if t.largest() as u64 >= largest => Arc::clone(t),
                _ => {
                    let side = (largest as usize)
                        .next_power_of_two()
                        .clamp(64, VALUE_LIMIT as usize);
                    let t = Arc::new(ValueTable::new(side));
                    *cached = Some(Arc::clone(&t));
                    t
                }
            }
        };
        table.get(a, b)
    }

    /// Every winning move from `pos`, in move order (at most three; none from a
    /// P-position).
    pub fn winning_moves(&self, pos: &TwoHeaps) -> Vec<WythoffMove> {
        let [a, b] = pos.0;
        let mut out = Vec::new();
        if is_p_position(a, b) {
            return out;
        }
        for (heap, own, other) in [(0, a, b), (1, b, a)] {
            let to = partner(other);
            if to < own {
                out.push(WythoffMove::One(HeapMove {
                    heap,
                    take: own - to,
                }));
            }
        }
        let (small, d) = (a.min(b), a.abs_diff(b));
        // a_d ≥ d: with small < d no diagonal move reaches the P-position.
        if small >= d {
            let target = floor_phi(d);
            if target < small {
                out.push(WythoffMove::Both(small - target));
            }
        }
        out
    }
}

impl Ruleset for Wythoff {
    type Position = TwoHeaps;

    type Move = WythoffMove;

    fn name(&self) -> &'static str {
        "wythoff"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &TwoHeaps, _: Player, text: &str) -> Result<WythoffMove, MoveError> {
        let mv: WythoffMove = text.parse().map_err(|e| {
            MoveError::notation(format!(
                "not a move: {e} (write HEAP-TAKE, e.g. 1-2, or =TAKE to take from both heaps, e.g. =2)"
            ))
        })?;
        match mv {
            WythoffMove::One(_) => {
                parse_heap_move(&Heaps(pos.0.to_vec()), text).map(WythoffMove::One)
            }
            WythoffMove::Both(take) => {
                let most = pos.0[0].min(pos.0[1]);
                if most == 0 {
                    Err(MoveError::illegal(
                        "a heap is empty, so no stones can be taken from both",
                    ))
                } else if take == 0 || take > most {
                    Err(MoveError::illegal(format!(
                        "take 1 to {most} stones from both heaps"
                    )))
                } else {
                    Ok(mv)
                }
            }
        }
    }

    fn move_help(&self) -> String {
        "HEAP-TAKE takes TAKE stones from heap HEAP (1 or 2), e.g. 1-2; =TAKE takes TAKE \
         stones from both heaps, e.g. =2"
            .to_owned()
    }

    fn moves(&self, pos: &TwoHeaps, player: Player) -> Vec<WythoffMove> {
        self.first_moves(pos, player, usize::MAX)
    }

    fn play(&self, pos: &TwoHeaps, mv: &WythoffMove) -> TwoHeaps {
        let mut next = *pos;
        match *mv {
            WythoffMove::One(m) => next.0[m.heap] -= m.take,
            WythoffMove::Both(take) => {
                next.0[0] -= take;
                next.0[1] -= take;
            }
        }
        next
    }

    fn reach(&self, pos: &TwoHeaps) -> u128 {
        (u128::from(pos.0[0]) + 1).saturating_mul(u128::from(pos.0[1]) + 1)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Wythoff {
    fn value(&self, pos: &TwoHeaps) -> Result<Value, Unsolved> {
        match self.grundy(pos) {
            Some(g) => nimber(u128::from(g)),
            None => Err(Unsolved::no_theory(format!(
                "{pos} is an N-position (the player to move wins), but its Grundy value is \
                 not known: Wythoff's game has no formula for it, and grundy computes it by \
                 the definition only for heaps of at most {VALUE_LIMIT} stones"
            ))),
        }
    }

    fn wins(&self, pos: &TwoHeaps, _: Player) -> Result<bool, Unsolved> {
        Ok(!self.is_p_position(pos))
    }

    fn winning_moves(&self, pos: &TwoHeaps, _: Player) -> Result<Vec<WythoffMove>, Unsolved> {
        Ok(Wythoff::winning_moves(self, pos))
    }

    /// One stone from the first heap that has one.
    fn stalling_move(&self, pos: &TwoHeaps, _: Player) -> Option<WythoffMove> {
        let heap = pos.0.iter().position(|&h| h > 0)?;
        Some(WythoffMove::One(HeapMove { heap, take: 1 }))
    }
}

impl Presentation for Wythoff {
    fn drawing(&self, pos: &TwoHeaps) -> String {
        draw_heaps(&Heaps(pos.0.to_vec()))
    }

    fn explain(&self, pos: &TwoHeaps, _: Player, limit: usize) -> Option<Explanation> {
        Some(explain(self, pos, limit))
    }
}

impl WebBoard for Wythoff {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "heap").map(|b| b.clicking("Click a token: it and every token after it in its heap are taken; to take as many from both heaps, click the first token taken in the other heap too (a choice left is outlined: click the same token again to take from its heap alone)."))
    }

    fn touches(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        use crate::rules::drawing::{numbers, token};
        let Some(sizes) = crate::rules::drawing::sizes_of(&self.show_position(pos)) else {
            return Vec::new();
        };
        let text = mv.to_string();
        let n = numbers(&text);
        let size = |i: u64| {
            sizes
                .get((i as usize).wrapping_sub(1))
                .copied()
                .unwrap_or(0)
        };
        // HEAP-TAKE, or =TAKE from both heaps.
        if text.starts_with('=') {
            let k = n.first().copied().unwrap_or(0);
            return [token(0, size(1), k), token(1, size(2), k)]
                .into_iter()
                .flatten()
                .collect();
        }
        match n[..] {
            [i, k] if i >= 1 => token(i as usize - 1, size(i), k).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        let edited = crate::rules::drawing::edit_heaps(&sizes, at)?;
        let text: Vec<String> = edited.iter().map(u64::to_string).collect();
        self.parse_position(&text.join(",")).ok()
    }
}

impl ManyMoves for Wythoff {
    /// Lists no more than `limit` moves: a heap may hold more stones than memory.
    fn first_moves(&self, pos: &TwoHeaps, _: Player, limit: usize) -> Vec<WythoffMove> {
        let [a, b] = pos.0;
        let one = |heap: usize, size: u64| {
            (1..=size).map(move |take| WythoffMove::One(HeapMove { heap, take }))
        };
        crate::ruleset::first_items(
            one(0, a)
                .chain(one(1, b))
                .chain((1..=a.min(b)).map(WythoffMove::Both)),
            limit,
        )
    }

    fn move_count(&self, pos: &TwoHeaps, _: Player) -> Option<u128> {
        let [a, b] = pos.0.map(u128::from);
        Some(a + b + a.min(b))
    }
}

impl Enumerate for Wythoff {
    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_SIZE
    }

    /// The positions of `size` tokens: (0, size), (1, size − 1), ..., (size, 0).
    fn positions(&self, size: usize) -> Option<Positions<'_, TwoHeaps>> {
        let size = size as u64;
        Some(Positions {
            count: size + 1,
            nth: Box::new(move |i| TwoHeaps([i, size - i])),
        })
    }
}

/// The reduction of `pos` to its P-positions, in data and sentences, with at most
/// `limit` winning moves described.
fn explain(rules: &Wythoff, pos: &TwoHeaps, limit: usize) -> Explanation {
    let [a, b] = pos.0;
    let (small, d) = (a.min(b), a.abs_diff(b));
    let p_position = rules.is_p_position(pos);
    let partners = [partner(a), partner(b)];
    let mut sentences = vec![
        "The P-positions, where the player to move loses, are (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + \
         k) and their mirror images, φ = (1 + √5)/2: (0, 0), (1, 2), (3, 5), (4, 7), \
         (6, 10), ... (Wythoff, 1907). Each heap size is in exactly one of them, and each \
         difference d in exactly one, (a_d, a_d + d)."
            .to_owned(),
    ];
    // The P-position with difference d, smaller heap first, when a_d can be the
    // smaller heap (a_d ≥ d); then d ≤ 2^62 and a_d + d fits in 64 bits.
    let diagonal = (small >= d).then(|| floor_phi(d));
    let diagonal_text = match diagonal {
        Some(ad) => format!("({ad}, {})", ad + d),
        None => format!("(a_{d}, a_{d} + {d}), whose smaller heap is at least {d}"),
    };
    sentences.push(format!(
        "The heaps {a} and {b} differ by d = {d}; the P-position with that difference is \
         {diagonal_text}."
    ));
    let grundy = rules.grundy(pos);
    if p_position {
        sentences.push(format!(
            "{a},{b} is that P-position: its value is 0, and the player to move loses."
        ));
    } else {
        sentences.push(format!(
            "{a},{b} is not a P-position: the player to move wins by moving to one. The \
             partner of {b} is {}, of {a} is {}.",
            partners[1], partners[0]
        ));
        sentences.push(match grundy {
            Some(g) => format!(
                "Its Grundy value, the mex of the values of its options (there is no \
                 formula): {}.",
                crate::values::Nimber(u128::from(g))
            ),
            None => format!(
                "Its Grundy value has no known formula and is computed only for heaps of \
                 at most {VALUE_LIMIT} stones."
            ),
        });
        let moves = rules.winning_moves(pos);
        for mv in moves.iter().take(limit) {
            let after = rules.play(pos, mv);
            sentences.push(match mv {
                WythoffMove::One(m) => format!(
                    "{mv}: heap {} goes from {} to {}, the partner of the other heap: {after}.",
                    m.heap + 1,
                    pos.0[m.heap],
                    after.0[m.heap]
                ),
                WythoffMove::Both(_) => format!(
                    "{mv}: both heaps go down by the same number, keeping the difference \
                     {d}, to the P-position {after}."
                ),
            });
        }
    }
    let reduction = json!({
        "heaps": [a, b],
        "difference": d,
        "p_position": p_position,
        "diagonal_p_position": diagonal.map(|ad| [ad, ad + d]),
        "partners": partners,
        "grundy": grundy,
    });
    Explanation {
        reduction,
        sentences,
    }
}
