//! Octal and hexadecimal games: take-and-break games given by a code such as `0.77`
//! (Kayles) or `0.8`.
//!
//! # Rules
//! Heaps of stones and a code d0.d1d2...dt of hexadecimal digits (octal games use
//! digits up to 7). A move chooses one heap and a number j of stones to take from
//! it, 0 ≤ j ≤ t, allowed by digit dj:
//!
//! - bit 1 of dj: a heap of exactly j stones may be taken whole;
//! - bit 2 of dj: j stones may be taken from a larger heap, leaving one heap;
//! - bit 4 of dj: j stones may be taken and the rest split into two non-empty heaps;
//! - bit 8 of dj: j stones may be taken and the rest split into three non-empty
//!   heaps (the hexadecimal games of *Winning Ways*).
//!
//! The digit before the point, d0, is about taking nothing: it is 0, 4, 8 or C, and
//! 4 means a heap may be split into two non-empty heaps without taking a stone (as
//! in `4.7`), 8 into three. The player who cannot move loses. Known games: `0.77`
//! Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's chess.
//!
//! # Notation
//! The ruleset is its code: `0.137`, `4.7`, `0.F`, or with the leading 0 left out,
//! `.6`. A digit is `0`-`9` or `A`-`F` (either case), or, as in CGSuite, the heap
//! counts a move may leave in braces: `{3}` is 8, `{0,1,2}` is 7, `0.{1,3}` is
//! `0.A`; counts go up to 3. Trailing zeros are dropped (`0.70` is `0.7`) and the
//! code prints in upper-case hexadecimal digits (`0.a` prints as `0.A`).
//! Positions are heap sizes as in [`heaps`](crate::rules::heaps): `3,5`. A move is
//! `HEAP-TAKE` when it leaves at most one heap (`2-1` takes 1 stone from the second
//! heap), `HEAP-TAKE=A+B` when the rest is split into heaps of A ≤ B stones
//! (`1-1=2+3` takes 1 from a heap of 6 and leaves 2 and 3), and `HEAP-TAKE=A+B+C`
//! when it is split into three, A ≤ B ≤ C. The played heap is replaced, in place,
//! by what remains of it.
//!
//! # Closed form
//! A position is worth the XOR of G(n) over its heaps. G is computed by the mex
//! ([`naive`]) or the sparse-space method
//! ([`sparse`]). Many octal games are ultimately
//! periodic, proven by the periodicity theorem: if G(n + p) = G(n) for all
//! i ≤ n < 2·max(i, 1) + p + t − 1, then for all n ≥ i, and for codes whose moves may
//! leave three heaps, i ≤ n < 3·max(i, 1) + 2p + t − 2
//! ([`split_first_unchecked`](crate::sequence::period::split_first_unchecked)).
//! Values of codes that split into three are computed by
//! [`hexadecimal`] (the sparse-space method covers two-heap splits only).
//! With G(n) indexed by heap size:
//! Kayles has preperiod 71 and period 12, Dawson's Kayles preperiod 52 and period 34,
//! and Dawson's chess is Dawson's Kayles shifted by one (G_0.137(n) = G_0.07(n + 1)).
//!
//! The ruleset computes G when a position asks for it, far enough for the position's
//! largest heap or until a period is proven, and keeps it; a heap beyond the values
//! computed (at most [`TABLE_LIMIT`](crate::sequence::TABLE_LIMIT)) when they prove
//! no period is [`Unsolved`]. A heap has about h/2 splits: moves are counted
//! without being listed, and winning splits are searched with a part of at most
//! [`MAX_LISTED_PART`] stones (beyond it the winning moves are not all counted).

pub mod hexadecimal;
pub mod naive;
pub mod sparse;
pub mod tail;

use hexadecimal::HexadecimalValues;
use naive::{HeapMoves, NaiveOctal};
use sparse::SparseOctal;

use std::collections::hash_map::{Entry, HashMap};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde_json::json;

use crate::dynamic::DynRuleset;
use crate::dynamic::{either_convention, Param, Params, RulesetSpec};
use crate::game::Player;
use crate::rules::heaps::{
    describe_table, draw_heaps, explain_heaps, positions_of, HeapMove, Heaps, ValueCache,
    LARGEST_HEAP_SIZE,
};
use crate::rules::notation::NotationError;
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, HeapSequence, ManyMoves, MisereForm, Presentation,
    WebBoard,
};
use crate::ruleset::{
    Convention, Explanation, Kind, Listing, MoveError, ParamError, Positions, Ruleset, Unsolved,
};
use crate::sequence::certificate::CertifiedGame;
use crate::sequence::check::Rules;
use crate::sequence::{self, Options, Progress, ProofRule, Sequence, SequenceSpec, Source};
use crate::values::{Nimber, Value};

/// The code, `--code CODE`.
const CODE: Param = Param {
    name: "code",
    value_name: "CODE",
    help: "the game's code, e.g. 0.77 (Kayles), 0.07, 0.137, 4.7, or hexadecimal 0.8",
    default: None,
    required: true,
    example: "0.77",
    flag: false,
};

/// Octal games in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "octal",
    about: "An octal or hexadecimal (take-and-break) game on heaps, with its code.",
    example: "3,5",
    params: &[CODE],
    build,
};

fn build(params: &Params, convention: Convention) -> Result<Box<dyn DynRuleset>, ParamError> {
    match params.parse_notation(SPEC.name, &CODE, str::parse::<Octal>)? {
        Some(rules) => either_convention(rules, convention),
        None => Err(ParamError::Missing {
            game: SPEC.name.to_owned(),
            option: CODE.name.to_owned(),
            value_name: CODE.value_name.to_owned(),
            example: CODE.example.to_owned(),
        }),
    }
}

/// An octal code d0.d1...dt, without trailing zeros after the point.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// The digits d0, d1, ..., dt.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The most stones a move takes, t (the number of digits after the point).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The moves on one heap, by number of stones taken.
    pub fn heap_moves(&self) -> HeapMoves {
        let mut moves = HeapMoves::default();
        for (j, &d) in self.digits.iter().enumerate() {
            if j > 0 && d & 1 != 0 {
                moves.take_all.push(j);
            }
            if j > 0 && d & 2 != 0 {
                moves.leave_one.push(j);
            }
            if d & 4 != 0 {
                moves.leave_two.push(j);
            }
            if d & 8 != 0 {
                moves.leave_three.push(j);
            }
        }
        moves
    }
}

/// What a digit may stand for, as the notation's errors say it.
const DIGIT: &str = "a digit 0-9 or A-F, or heap counts in braces such as {2,3}";

/// Reads one digit of a code at char index `k`: a hexadecimal digit, or CGSuite's
/// list of heap counts in braces (`{1,3}` is 2 + 8 = A). Returns the digit and the
/// index after it.
fn read_digit(s: &str, chars: &[char], k: usize) -> Result<(u8, usize), NotationError> {
    let c = *chars.get(k).ok_or_else(|| NotationError::at(s, k, DIGIT))?;
    if let Some(d) = c.to_digit(16) {
        return Ok((d as u8, k + 1));
    }
    if c != '{' {
        return Err(NotationError::at(s, k, DIGIT));
    }
    let mut digit = 0u8;
    let mut k = k + 1;
    loop {
        match chars.get(k).and_then(|c| c.to_digit(10)) {
            Some(count @ 0..=3) => digit |= 1 << count,
            Some(_) => {
                return Err(NotationError::at(
                    s,
                    k,
                    "a heap count 0-3 (a move leaves at most three heaps)",
                ))
            }
            None => return Err(NotationError::at(s, k, "a heap count 0-3")),
        }
        k += 1;
        match chars.get(k) {
            Some(',') => k += 1,
            Some('}') => return Ok((digit, k + 1)),
            _ => return Err(NotationError::at(s, k, "',' or '}'")),
        }
    }
}

impl FromStr for OctalCode {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<OctalCode, NotationError> {
        let chars: Vec<char> = s.chars().collect();
        let mut digits = Vec::new();
        let mut k = 0;
        if chars.first() == Some(&'.') {
            digits.push(0);
        } else {
            let first = "0, 4, 8 or C before the point (4: a heap may be split in two without \
                         taking a stone, 8: in three)";
            let (d0, next) = read_digit(s, &chars, 0).map_err(|e| match e.column {
                1 => NotationError::at(s, 0, first),
                _ => e,
            })?;
            if d0 & 3 != 0 {
                return Err(NotationError::at(s, 0, first));
            }
            digits.push(d0);
            k = next;
        }
        if chars.get(k) != Some(&'.') {
            return Err(NotationError::at(s, k, "'.' after the first digit"));
        }
        k += 1;
        if k == chars.len() {
            return Err(NotationError::at(s, k, format!("{DIGIT} after the point")));
        }
        while k < chars.len() {
            let (d, next) = read_digit(s, &chars, k)?;
            digits.push(d);
            k = next;
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

/// How to compute an octal game's values: `Naive` (the mex over every option,
/// quadratic), `Sparse` (see [`sparse`]), or `Auto`, the sparse-space
/// method and the periodic-tail shortcut while the latest values repeat with a short
/// period (see [`tail`]).
pub use crate::sequence::Method;

/// An octal game: its code, and the values of its heaps computed so far.
#[derive(Clone, Debug)]
pub struct Octal {
    code: OctalCode,
    moves: HeapMoves,
    cache: ValueCache,
}

impl PartialEq for Octal {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl Eq for Octal {}

impl Hash for Octal {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.code.hash(state);
    }
}

/// Splits are listed with the smaller part up to this size; beyond it the list of
/// winning moves in a heap is cut (and the analysis says so).
pub const MAX_LISTED_PART: u64 = 1 << 20;

/// The most splits one search for winning moves examines; past it the moves are not
/// all counted (a position of many large heaps).
const SEARCH_BUDGET: u64 = 1 << 28;

impl Octal {
    /// The octal game with this code.
    pub fn new(code: OctalCode) -> Octal {
        let moves = code.heap_moves();
        Octal {
            code,
            moves,
            cache: ValueCache::default(),
        }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The periodicity theorem for this game (t = the most stones taken).
    pub fn proof_rule(&self) -> ProofRule {
        ProofRule::Splits {
            max_take: self.code.max_take(),
            max_parts: self.moves.max_parts(),
        }
    }

    /// Whether a move may leave three heaps (a digit with bit 8).
    pub fn splits_in_three(&self) -> bool {
        !self.moves.leave_three.is_empty()
    }

    /// A fresh computation of this game's values by `method`. Codes that split a
    /// heap into three have one method, [`HexadecimalValues`], whatever `method` says.
    pub fn source(&self, method: Method) -> Box<dyn Source> {
        if self.splits_in_three() {
            return Box::new(HexadecimalValues::new(self.moves.clone()));
        }
        match method {
            Method::Naive => Box::new(NaiveOctal::new(self.moves.clone())),
            Method::Sparse => Box::new(SparseOctal::new(self.moves.clone())),
            Method::Auto => Box::new(SparseOctal::auto(self.moves.clone())),
        }
    }

    /// The Grundy sequence as `options` say, with its proven period.
    pub fn sequence(
        &self,
        method: Method,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Sequence {
        sequence::compute(
            &mut *self.source(method),
            self.proof_rule(),
            options,
            progress,
        )
    }

    /// `f` of a sequence that gives the value of every heap up to the largest of
    /// `heaps` ([`Method::Auto`]), computed as needed.
    fn with_values<T>(&self, heaps: &Heaps, f: impl FnOnce(&Sequence) -> T) -> Result<T, Unsolved> {
        let source = || self.source(Method::Auto);
        self.cache.with(heaps.sizes(), self.proof_rule(), source, f)
    }

    /// Every legal move in heap `heap` of `size` stones, in move order: by stones
    /// taken, then what is left (nothing, one heap, two heaps by the smaller part).
    fn heap_moves_iter(&self, heap: usize, size: u64) -> impl Iterator<Item = OctalMove> + '_ {
        self.code
            .digits
            .iter()
            .enumerate()
            .flat_map(move |(j, &d)| {
                let take = j as u64;
                let mv = move |leave| OctalMove { heap, take, leave };
                let whole = (j > 0 && d & 1 != 0 && size == take).then(|| mv(Leave::Nothing));
                let one = (j > 0 && d & 2 != 0 && size > take).then(|| mv(Leave::One(size - take)));
                let rest = size.saturating_sub(take);
                let half = if d & 4 != 0 { rest / 2 } else { 0 };
                let third = if d & 8 != 0 { rest / 3 } else { 0 };
                let threes = (1..=third).flat_map(move |a| {
                    (a..=(rest - a) / 2).map(move |b| mv(Leave::Three(a, b, rest - a - b)))
                });
                whole
                    .into_iter()
                    .chain(one)
                    .chain((1..=half).map(move |a| mv(Leave::Two(a, rest - a))))
                    .chain(threes)
            })
    }

    /// Every legal move, in move order, without listing them all at once.
    pub fn moves_iter<'a>(&'a self, pos: &'a Heaps) -> impl Iterator<Item = OctalMove> + 'a {
        pos.sizes()
            .iter()
            .enumerate()
            .flat_map(move |(heap, &size)| self.heap_moves_iter(heap, size))
    }

    /// How many legal moves a heap of `size` stones has.
    fn heap_move_count(&self, size: u64) -> u128 {
        let mut count = 0u128;
        for (j, &d) in self.code.digits.iter().enumerate() {
            let take = j as u64;
            count += u128::from(j > 0 && d & 1 != 0 && size == take);
            count += u128::from(j > 0 && d & 2 != 0 && size > take);
            if d & 4 != 0 {
                count += u128::from(size.saturating_sub(take) / 2);
            }
            if d & 8 != 0 {
                count += three_part_splits(size.saturating_sub(take));
            }
        }
        count
    }

    /// Whether `mv` is a legal move in `pos`.
    fn is_legal(&self, pos: &Heaps, mv: &OctalMove) -> bool {
        let Some(&size) = pos.sizes().get(mv.heap) else {
            return false;
        };
        let Some(&d) = usize::try_from(mv.take)
            .ok()
            .and_then(|j| self.code.digits.get(j))
        else {
            return false;
        };
        let taken = mv.take > 0;
        match mv.leave {
            Leave::Nothing => taken && d & 1 != 0 && size == mv.take,
            Leave::One(a) => taken && d & 2 != 0 && size > mv.take && a == size - mv.take,
            Leave::Two(a, b) => {
                d & 4 != 0
                    && a >= 1
                    && a <= b
                    && a.checked_add(b).and_then(|s| s.checked_add(mv.take)) == Some(size)
            }
            Leave::Three(a, b, c) => {
                d & 8 != 0
                    && a >= 1
                    && a <= b
                    && b <= c
                    && a.checked_add(b)
                        .and_then(|s| s.checked_add(c))
                        .and_then(|s| s.checked_add(mv.take))
                        == Some(size)
            }
        }
    }

    /// Reads `text` as a move in `pos`: `HEAP-TAKE` (what is left is one heap or
    /// nothing), `HEAP-TAKE=A+B` or `HEAP-TAKE=A+B+C`. `None` when it is not in that
    /// notation or names no heap of `pos`.
    fn read_move(pos: &Heaps, text: &str) -> Option<OctalMove> {
        let (head, split) = match text.split_once('=') {
            Some((head, split)) => (head, Some(split)),
            None => (text, None),
        };
        let HeapMove { heap, take } = head.parse().ok()?;
        let size = *pos.sizes().get(heap)?;
        let leave = match split {
            Some(split) => {
                let number = |t: &str| -> Option<u64> {
                    (!t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
                        .then(|| t.parse().ok())
                        .flatten()
                };
                let parts: Vec<&str> = split.split('+').collect();
                match parts[..] {
                    [a, b] => Leave::Two(number(a)?, number(b)?),
                    [a, b, c] => Leave::Three(number(a)?, number(b)?, number(c)?),
                    _ => return None,
                }
            }
            None if size == take => Leave::Nothing,
            None => Leave::One(size.checked_sub(take)?),
        };
        Some(OctalMove { heap, take, leave })
    }

    /// The moves of heap `heap` of `size` stones to a heap part of value `target`, in
    /// move order, splits with the smaller part up to [`MAX_LISTED_PART`]; each split
    /// examined counts against `budget`, and the search stops (returning `false`)
    /// when it runs out. `found` is called with each move and returns whether to go
    /// on (stopping there returns `true`).
    fn moves_to_value(
        &self,
        table: &Sequence,
        (heap, size, target): (usize, u64, u32),
        budget: &mut u64,
        found: &mut dyn FnMut(OctalMove) -> bool,
    ) -> bool {
        let g = |n: u64| {
            table
                .get(n)
                .expect("the sequence covers every heap asked for")
        };
        for (j, &d) in self.code.digits.iter().enumerate() {
            let take = j as u64;
            let mv = |leave| OctalMove { heap, take, leave };
            if j > 0 && d & 1 != 0 && size == take && target == 0 && !found(mv(Leave::Nothing)) {
                return true;
            }
            if j > 0
                && d & 2 != 0
                && size > take
                && g(size - take) == target
                && !found(mv(Leave::One(size - take)))
            {
                return true;
            }
            let rest = size.saturating_sub(take);
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=(rest / 2).min(MAX_LISTED_PART) {
                    if *budget == 0 {
                        return false;
                    }
                    *budget -= 1;
                    if g(a) ^ g(rest - a) == target && !found(mv(Leave::Two(a, rest - a))) {
                        return true;
                    }
                }
            }
            if d & 8 != 0 && rest >= 3 {
                for a in 1..=(rest / 3).min(MAX_LISTED_PART) {
                    let left = target ^ g(a);
                    for b in a..=((rest - a) / 2).min(MAX_LISTED_PART) {
                        if *budget == 0 {
                            return false;
                        }
                        *budget -= 1;
                        let c = rest - a - b;
                        if g(b) ^ g(c) == left && !found(mv(Leave::Three(a, b, c))) {
                            return true;
                        }
                    }
                }
            }
        }
        true
    }

    /// Whether the splits of heap `size` go beyond those searched for winning moves.
    fn splits_cut(&self, size: u64) -> bool {
        let splits = !self.moves.leave_two.is_empty() || self.splits_in_three();
        size / 2 > MAX_LISTED_PART && splits
    }

    /// The first `limit` winning moves and their count: `None` when a heap has
    /// more splits than are searched or the search budget ran out.
    fn listing(&self, table: &Sequence, pos: &Heaps, limit: usize) -> Listing<OctalMove> {
        let g = |n: u64| {
            table
                .get(n)
                .expect("the sequence covers every heap asked for")
        };
        let x = pos.sizes().iter().fold(0, |acc, &h| acc ^ g(h));
        let mut moves = Vec::new();
        if x == 0 {
            return Listing {
                moves,
                count: Some(0),
            };
        }
        let mut complete = !pos.sizes().iter().any(|&h| self.splits_cut(h));
        let mut budget = SEARCH_BUDGET;
        // Heaps of one size have the same winning moves: count each size once.
        let mut counted: HashMap<u64, u128> = HashMap::new();
        let mut count = 0u128;
        for (heap, &size) in pos.sizes().iter().enumerate() {
            let target = g(size) ^ x;
            if let Some(&n) = counted.get(&size) {
                count += n;
                if n == 0 || moves.len() >= limit {
                    continue;
                }
            }
            let mut n = 0u128;
            let within_budget =
                self.moves_to_value(table, (heap, size, target), &mut budget, &mut |m| {
                    n += 1;
                    if moves.len() < limit {
                        moves.push(m);
                    }
                    complete || moves.len() < limit
                });
            if !within_budget {
                complete = false;
            }
            if let Entry::Vacant(first) = counted.entry(size) {
                first.insert(n);
                count += n;
            }
            if !complete && moves.len() >= limit {
                break;
            }
        }
        Listing {
            moves,
            count: complete.then_some(count),
        }
    }
}

impl FromStr for Octal {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Octal, NotationError> {
        s.parse().map(Octal::new)
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.code.fmt(f)
    }
}

/// What a move leaves of the heap it plays in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leave {
    /// Nothing: the heap was taken whole.
    Nothing,
    /// One heap of this size.
    One(u64),
    /// Two non-empty heaps of these sizes, the smaller first.
    Two(u64, u64),
    /// Three non-empty heaps of these sizes, from the smallest.
    Three(u64, u64, u64),
}

/// How many ways `rest` stones split into three non-empty heaps a ≤ b ≤ c: the
/// nearest integer to rest²/12.
pub fn three_part_splits(rest: u64) -> u128 {
    let r = u128::from(rest);
    (r * r + 6) / 12
}

/// A move of an octal game: take `take` stones from heap `heap` (0-based field,
/// printed 1-based) and leave `leave`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OctalMove {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// How many stones are taken.
    pub take: u64,
    /// What remains of the heap.
    pub leave: Leave,
}

impl fmt::Display for OctalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.heap + 1, self.take)?;
        match self.leave {
            Leave::Two(a, b) => write!(f, "={a}+{b}"),
            Leave::Three(a, b, c) => write!(f, "={a}+{b}+{c}"),
            Leave::Nothing | Leave::One(_) => Ok(()),
        }
    }
}

impl Ruleset for Octal {
    type Position = Heaps;

    type Move = OctalMove;

    fn name(&self) -> &'static str {
        SPEC.name
    }

    /// `code 0.77`, as `grundy analyze` shows it.
    fn parameters(&self) -> String {
        format!("code {self}")
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    /// Any legal move as the notation prints it (`1-1`, `1-1=2+3`); otherwise the
    /// first legal moves are shown.
    fn parse_move(&self, pos: &Heaps, _: Player, text: &str) -> Result<OctalMove, MoveError> {
        if let Some(mv) = Octal::read_move(pos, text) {
            if self.is_legal(pos, &mv) && mv.to_string() == text {
                return Ok(mv);
            }
        }
        let first: Vec<String> = self
            .moves_iter(pos)
            .take(13)
            .map(|m| m.to_string())
            .collect();
        let shown = &first[..first.len().min(12)];
        let more = if first.len() > shown.len() {
            ", ..."
        } else {
            ""
        };
        Err(MoveError::illegal(format!(
            "not a legal move here (the code {self} allows {}{more})",
            shown.join(", ")
        )))
    }

    fn move_help(&self) -> String {
        "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1); HEAP-TAKE=A+B also \
         splits what is left into heaps of A and B (A+B+C: into three), e.g. 1-1 or 1-1=2+3"
            .to_owned()
    }

    fn moves(&self, pos: &Heaps, _: Player) -> Vec<OctalMove> {
        let mut out = Vec::new();
        for (heap, &size) in pos.sizes().iter().enumerate() {
            for (j, &d) in self.code.digits.iter().enumerate() {
                let take = j as u64;
                let mv = |leave| OctalMove { heap, take, leave };
                if j > 0 && d & 1 != 0 && size == take {
                    out.push(mv(Leave::Nothing));
                }
                if j > 0 && d & 2 != 0 && size > take {
                    out.push(mv(Leave::One(size - take)));
                }
                if d & 4 != 0 && size >= take + 2 {
                    let rest = size - take;
                    out.extend((1..=rest / 2).map(|a| mv(Leave::Two(a, rest - a))));
                }
                if d & 8 != 0 && size >= take + 3 {
                    let rest = size - take;
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            out.push(mv(Leave::Three(a, b, rest - a - b)));
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, pos: &Heaps, mv: &OctalMove) -> Heaps {
        let rest: Vec<u64> = match mv.leave {
            Leave::Nothing => vec![],
            Leave::One(a) => vec![a],
            Leave::Two(a, b) => vec![a, b],
            Leave::Three(a, b, c) => vec![a, b, c],
        };
        let mut next = pos.0.clone();
        next.splice(mv.heap..=mv.heap, rest);
        Heaps(next)
    }

    /// Splits multiply the rows; a heap of h has fewer than 2^h ways to end up.
    fn reach(&self, pos: &Heaps) -> u128 {
        pos.sizes().iter().fold(1u128, |acc, &h| {
            acc.saturating_mul(1u128.checked_shl(h.min(127) as u32).unwrap_or(u128::MAX))
        })
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .misere(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
            .heap_sequence(self)
    }
}

impl ClosedForm for Octal {
    /// The XOR of G(h) over the heaps.
    fn value(&self, pos: &Heaps) -> Result<Value, Unsolved> {
        self.with_values(pos, |table| {
            let x = pos.sizes().iter().fold(0u32, |acc, &h| {
                acc ^ table
                    .get(h)
                    .expect("the sequence covers every heap asked for")
            });
            Nimber(u128::from(x)).into()
        })
    }

    /// Every winning move: from each heap h, the moves to heap parts of value
    /// G(h) ⊕ X. `Unsolved` when a heap has more splits than are searched.
    fn winning_moves(&self, pos: &Heaps, _: Player) -> Result<Vec<OctalMove>, Unsolved> {
        let listing = self.with_values(pos, |table| self.listing(table, pos, usize::MAX))?;
        match listing.count {
            Some(_) => Ok(listing.moves),
            None => Err(Unsolved::over_budget(format!(
                "the winning moves of {pos} in octal {self} are too many to list (splits are \
                 searched with a part of at most {MAX_LISTED_PART} stones)"
            ))),
        }
    }

    /// The first `limit` winning moves; the count is `None` when a heap has more
    /// splits than are searched ([`MAX_LISTED_PART`]).
    fn winning_listing(
        &self,
        pos: &Heaps,
        _: Player,
        limit: usize,
    ) -> Result<Listing<OctalMove>, Unsolved> {
        self.with_values(pos, |table| self.listing(table, pos, limit))
    }

    /// The first legal move.
    fn stalling_move(&self, pos: &Heaps, _: Player) -> Option<OctalMove> {
        self.moves_iter(pos).next()
    }
}

impl MisereForm for Octal {
    fn misere_grundy(&self, pos: &Heaps) -> Result<u128, Unsolved> {
        crate::rules::heaps::tame::grundy(self, pos)
    }

    fn misere_wins(&self, pos: &Heaps) -> Result<bool, Unsolved> {
        crate::rules::heaps::tame::wins(self, pos)
    }

    fn misere_winning_moves(&self, pos: &Heaps) -> Result<Vec<Self::Move>, Unsolved> {
        crate::rules::heaps::tame::winning_moves(self, pos)
    }

    fn misere_explain(&self, pos: &Heaps, _limit: usize) -> Option<Explanation> {
        crate::rules::heaps::tame::explain(self, pos)
    }
}

impl Presentation for Octal {
    /// `octal (0.77)`, as `grundy play` and `grundy verify` show it.
    fn title(&self) -> String {
        format!("octal ({self})")
    }

    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    /// The sequence (its proven period, or how far it was computed), each heap's
    /// value and the XOR, and which heaps have more splits than are searched.
    fn explain(&self, pos: &Heaps, _: Player, _: usize) -> Option<Explanation> {
        self.with_values(pos, |table| {
            let values = pos.values_in(table);
            let xor = values.iter().fold(0, |acc, h| acc ^ h.grundy);
            let mut sentences = vec![describe_table(table, &self.to_string())];
            sentences.extend(explain_heaps(&values, "stones"));
            if xor != 0 {
                for (heap, h) in values.iter().enumerate() {
                    if self.splits_cut(h.size) {
                        sentences.push(format!(
                            "heap {}: winning splits listed only with a part of at most \
                             {MAX_LISTED_PART} stones",
                            heap + 1
                        ));
                    }
                }
            }
            Explanation {
                reduction: json!({
                    "code": self.to_string(),
                    "period": table.period,
                    "heaps": values,
                    "xor": xor,
                }),
                sentences,
            }
        })
        .ok()
    }
}

impl WebBoard for Octal {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "heap").map(|b| b.clicking("Click a token: it and every token after it in its heap are taken (as many as the code allows); where what is left may also split, click a second token where the split falls, or the same token again to leave it whole."))
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
        // HEAP-TAKE, then where the rest splits (HEAP-TAKE=A+B).
        match n[..] {
            [i, k] if i >= 1 => token(i as usize - 1, size(i), k).into_iter().collect(),
            [i, k, a, _] if i >= 1 => [
                token(i as usize - 1, size(i), k),
                token(i as usize - 1, size(i), size(i).saturating_sub(a)),
            ]
            .into_iter()
            .flatten()
            .collect(),
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

impl ManyMoves for Octal {
    /// Every legal move, listed (the same moves as [`Octal::moves_iter`], with plain
    /// loops: the exhaustive engine calls this often).
    /// Lists no more than `limit` moves: a heap may have more splits than memory.
    fn first_moves(&self, pos: &Heaps, _: Player, limit: usize) -> Vec<OctalMove> {
        crate::ruleset::first_items(self.moves_iter(pos), limit)
    }

    fn play_checked(
        &self,
        pos: &Heaps,
        _: Player,
        mv: &OctalMove,
    ) -> Result<Heaps, crate::ruleset::IllegalMove> {
        if self.is_legal(pos, mv) {
            Ok(self.play(pos, mv))
        } else {
            Err(crate::ruleset::IllegalMove::new(format!(
                "{mv} is not a legal move here"
            )))
        }
    }

    fn move_count(&self, pos: &Heaps, _: Player) -> Option<u128> {
        Some(
            pos.sizes()
                .iter()
                .map(|&h| self.heap_move_count(h))
                .fold(0u128, u128::saturating_add),
        )
    }
}

impl Enumerate for Octal {
    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_HEAP_SIZE
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, Heaps>> {
        Some(positions_of(size, Heaps))
    }
}

impl HeapSequence for Octal {
    /// `octal CODE`, by the definition, the sparse-space method or both with the
    /// periodic-tail shortcut; periods by the periodicity theorem.
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        Some(SequenceSpec {
            title: format!("octal {self}"),
            json: json!({ "game": SPEC.name, "code": self.to_string() }),
            certificate: Some(CertifiedGame {
                name: format!("octal {self}"),
                rules: Rules::TakeAndBreak(self.code.digits().to_vec()),
            }),
            rule: Some(self.proof_rule()),
            methods: if self.splits_in_three() {
                &[Method::Naive]
            } else {
                &[Method::Naive, Method::Sparse]
            },
            source: Box::new(|method| self.source(method)),
            heap_options: Some(Box::new(|size| {
                self.heap_moves_iter(0, size)
                    .map(|mv| match mv.leave {
                        Leave::Nothing => vec![],
                        Leave::One(a) => vec![a],
                        Leave::Two(a, b) => vec![a, b],
                        Leave::Three(a, b, c) => vec![a, b, c],
                    })
                    .collect()
            })),
        })
    }
}
