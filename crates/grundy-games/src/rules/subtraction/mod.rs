//! Subtraction games: take s stones from one heap, for s in a finite set S.
//!
//! # Rules
//! Heaps of stones and a finite set S of positive whole numbers. A move takes s
//! stones from one heap, for some s ∈ S with s at most the heap's size. The player
//! who cannot move loses. Nim with at most k stones per move is S = {1, ..., k}.
//!
//! # Notation
//! The ruleset is its set, comma-separated: `2,4,5` (printed sorted, without
//! repeats). Positions and moves as in [`heaps`](crate::rules::heaps): `7,9`, and
//! `2-4` takes 4 stones from the second heap.
//!
//! # Closed form
//! G(n) = mex{G(n − s) : s ∈ S, s ≤ n} depends only on the m = max S values before
//! it, so the sequence is ultimately periodic, and a period is proven as soon as m
//! consecutive values repeat ([`ProofRule::Window`]). [`Subtraction::sequence`]
//! computes it. For S = {1, ..., k}, G(n) = n mod (k + 1). For S = {2, 4, 5} the
//! values are 0, 0, 1, 1, 2, 2, 3 repeated (preperiod 0, period 7). A position is
//! worth the XOR of its heaps' values.
//!
//! The ruleset computes the sequence when a position asks for it, far enough for the
//! position's largest heap or until a period is proven, and keeps it for the next
//! positions; a heap beyond the values computed (at most
//! [`TABLE_LIMIT`](crate::sequence::TABLE_LIMIT)) when they prove no period is
//! [`Unsolved`].

pub mod values;

use std::fmt;

use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;
use std::str::FromStr;
pub use values::SubtractionValues;

use serde_json::json;

use crate::dynamic::DynRuleset;
use crate::dynamic::{either_convention, Param, Params, RulesetSpec};
use crate::game::Player;
use crate::rules::heaps::{
    describe_table, draw_heaps, explain_heaps, heap_reach, parse_heap_move, parse_list,
    positions_of, write_list, HeapMove, Heaps, ValueCache, LARGEST_HEAP_SIZE,
};
use crate::rules::notation::{Found, NotationError};
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, HeapSequence, ManyMoves, MisereForm, Presentation,
    WebBoard,
};
use crate::ruleset::{
    Convention, Explanation, Kind, MoveError, ParamError, Positions, Ruleset, Unsolved,
};
use crate::sequence::certificate::CertifiedGame;
use crate::sequence::check::Rules;
use crate::sequence::{self, Method, Options, Progress, ProofRule, Sequence, SequenceSpec};
use crate::values::{Nimber, Value};

/// The set S, `--set S`.
const SET: Param = Param {
    name: "set",
    value_name: "S",
    help: "the set S of stones a move may take, e.g. 2,4,5",
    default: None,
    required: true,
    example: "2,4,5",
    flag: false,
};

/// Subtraction games in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "subtraction",
    about: "A subtraction game on heaps, with a subtraction set S.",
    example: "7,9",
    params: &[SET],
    build,
};

fn build(params: &Params, convention: Convention) -> Result<Box<dyn DynRuleset>, ParamError> {
    match params.parse_notation(SPEC.name, &SET, str::parse::<Subtraction>)? {
        Some(rules) => either_convention(rules, convention),
        None => Err(ParamError::Missing {
            game: SPEC.name.to_owned(),
            option: SET.name.to_owned(),
            value_name: SET.value_name.to_owned(),
            example: SET.example.to_owned(),
        }),
    }
}

/// The largest subtraction allowed (sequences need memory for a window of this size).
pub const MAX_SUBTRACTION: u64 = 1 << 20;

/// A subtraction game: its set S, and the values of its heaps computed so far.
#[derive(Clone, Debug)]
pub struct Subtraction {
    set: Vec<u64>,
    cache: ValueCache,
}

impl PartialEq for Subtraction {
    fn eq(&self, other: &Self) -> bool {
        self.set == other.set
    }
}

impl Eq for Subtraction {}

impl Hash for Subtraction {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.set.hash(state);
    }
}

/// A set that is not a subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubtractionError {
    /// The set has no elements.
    #[error("the subtraction set is empty")]
    Empty,
    /// An element is 0 or too large.
    #[error("subtractions must be from 1 to {MAX_SUBTRACTION}, found {0}")]
    OutOfRange(u64),
}

impl Subtraction {
    /// The subtraction game with set `set` (sorted and deduplicated here).
    pub fn new(mut set: Vec<u64>) -> Result<Subtraction, SubtractionError> {
        set.sort_unstable();
        set.dedup();
        if let Some(&bad) = set.iter().find(|&&s| s == 0 || s > MAX_SUBTRACTION) {
            return Err(SubtractionError::OutOfRange(bad));
        }
        if set.is_empty() {
            return Err(SubtractionError::Empty);
        }
        Ok(Subtraction {
            set,
            cache: ValueCache::default(),
        })
    }

    /// The set S, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The largest subtraction, m = max S.
    pub fn max(&self) -> u64 {
        *self.set.last().expect("the set is not empty")
    }

    /// The rule that proves periods of this game: m consecutive repeated values.
    pub fn proof_rule(&self) -> ProofRule {
        ProofRule::Window {
            width: self.max() as usize,
        }
    }

    /// A fresh computation of this game's values.
    pub fn source(&self) -> SubtractionValues {
        SubtractionValues::new(self.set.iter().map(|&s| s as usize).collect())
    }

    /// The Grundy sequence as `options` say, with its proven period.
    pub fn sequence(&self, options: &Options, progress: &mut dyn FnMut(Progress)) -> Sequence {
        sequence::compute(&mut self.source(), self.proof_rule(), options, progress)
    }

    /// `f` of a sequence that gives the value of every heap up to the largest of
    /// `heaps`, computed as needed.
    fn with_values<T>(&self, heaps: &Heaps, f: impl FnOnce(&Sequence) -> T) -> Result<T, Unsolved> {
        let source = || -> Box<dyn sequence::Source> { Box::new(self.source()) };
        self.cache.with(heaps.sizes(), self.proof_rule(), source, f)
    }

    /// How many subtractions are at most `h`.
    fn moves_in(&self, h: u64) -> usize {
        self.set.partition_point(|&s| s <= h)
    }
}

/// G(n) from a sequence that covers it.
fn g(table: &Sequence, n: u64) -> u64 {
    u64::from(
        table
            .get(n)
            .expect("the sequence covers every heap asked for"),
    )
}

/// The XOR of the heaps' values.
fn xor(table: &Sequence, heaps: &Heaps) -> u64 {
    heaps.sizes().iter().fold(0, |acc, &h| acc ^ g(table, h))
}

impl FromStr for Subtraction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Subtraction, NotationError> {
        let what = "a subtraction from 1 (digits)";
        let set = parse_list(s, what)?;
        if set.is_empty() {
            return Err(NotationError::new(1, what, Found::End));
        }
        let mut column = 1;
        for (part, &x) in s.split(',').zip(&set) {
            if x == 0 || x > MAX_SUBTRACTION {
                let expected = format!("a subtraction from 1 to {MAX_SUBTRACTION}");
                return Err(NotationError::new(
                    column,
                    expected,
                    Found::Text(part.to_owned()),
                ));
            }
            column += part.chars().count() + 1;
        }
        Ok(Subtraction::new(set).expect("checked above"))
    }
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.set)
    }
}

impl Ruleset for Subtraction {
    type Position = Heaps;

    type Move = HeapMove;

    fn name(&self) -> &'static str {
        SPEC.name
    }

    /// `S = {2,4,5}`, as `grundy analyze` shows it.
    fn parameters(&self) -> String {
        format!("S = {{{self}}}")
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &Heaps, _: Player, text: &str) -> Result<HeapMove, MoveError> {
        let mv = parse_heap_move(pos, text)?;
        if self.set.binary_search(&mv.take).is_err() {
            return Err(MoveError::illegal(format!(
                "the number taken must be in {self}"
            )));
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        format!(
            "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), TAKE in {self}, e.g. 1-{}",
            self.set[0]
        )
    }

    fn moves(&self, pos: &Heaps, _: Player) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        for (heap, &h) in pos.sizes().iter().enumerate() {
            let takes = &self.set[..self.moves_in(h)];
            moves.extend(takes.iter().map(|&take| HeapMove { heap, take }));
        }
        moves
    }

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        pos.after_taking(mv)
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        heap_reach(pos)
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

impl ClosedForm for Subtraction {
    /// The XOR of G(h) over the heaps.
    fn value(&self, pos: &Heaps) -> Result<Value, Unsolved> {
        self.with_values(pos, |table| Nimber(u128::from(xor(table, pos))).into())
    }

    /// In each heap h, each s ∈ S with G(h − s) = G(h) ⊕ X.
    fn winning_moves(&self, pos: &Heaps, _: Player) -> Result<Vec<HeapMove>, Unsolved> {
        self.with_values(pos, |table| {
            let x = xor(table, pos);
            let mut moves = Vec::new();
            if x == 0 {
                return moves;
            }
            for (heap, &h) in pos.sizes().iter().enumerate() {
                let target = g(table, h) ^ x;
                for &take in &self.set[..self.moves_in(h)] {
                    if g(table, h - take) == target {
                        moves.push(HeapMove { heap, take });
                    }
                }
            }
            moves
        })
    }

    /// The smallest subtraction from the first heap that allows it (the first legal
    /// move).
    fn stalling_move(&self, pos: &Heaps, _: Player) -> Option<HeapMove> {
        let take = self.set[0];
        let heap = pos.sizes().iter().position(|&h| h >= take)?;
        Some(HeapMove { heap, take })
    }
}

impl MisereForm for Subtraction {
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

impl Presentation for Subtraction {
    /// `subtraction (2,4,5)`, as `grundy play` and `grundy verify` show it.
    fn title(&self) -> String {
        format!("subtraction ({self})")
    }

    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    /// The sequence (its proven period, or how far it was computed), each heap's
    /// value and the XOR.
    fn explain(&self, pos: &Heaps, _: Player, _: usize) -> Option<Explanation> {
        self.with_values(pos, |table| {
            let values = pos.values_in(table);
            let mut sentences = vec![describe_table(table, &self.parameters())];
            sentences.extend(explain_heaps(&values, "stones"));
            Explanation {
                reduction: json!({
                    "set": self.set,
                    "period": table.period,
                    "heaps": values,
                    "xor": xor(table, pos),
                }),
                sentences,
            }
        })
        .ok()
    }
}

impl WebBoard for Subtraction {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "heap").map(|b| b.clicking("Click a token: it and every token after it in its heap are taken (where the set allows taking that many)."))
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
        // HEAP-TAKE: the first token taken.
        match n[..] {
            [i, k] => token(i as usize - 1, size(i), k).into_iter().collect(),
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

impl ManyMoves for Subtraction {
    fn move_count(&self, pos: &Heaps, _: Player) -> Option<u128> {
        Some(pos.sizes().iter().map(|&h| self.moves_in(h) as u128).sum())
    }
}

impl Enumerate for Subtraction {
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

impl HeapSequence for Subtraction {
    /// `subtraction {S}`, by the definition; periods once max S values repeat.
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        Some(SequenceSpec {
            title: format!("subtraction {{{self}}}"),
            json: json!({ "game": SPEC.name, "set": self.set() }),
            certificate: Some(CertifiedGame {
                name: format!("subtraction {self}"),
                rules: Rules::Subtract(self.set().iter().map(|&s| s as usize).collect()),
            }),
            rule: Some(self.proof_rule()),
            methods: &[Method::Naive],
            source: Box::new(|_| Box::new(self.source())),
            heap_options: Some(Box::new(|size| {
                self.set()
                    .iter()
                    .filter(|&&s| s <= size)
                    .map(|&s| if s == size { vec![] } else { vec![size - s] })
                    .collect()
            })),
        })
    }
}
