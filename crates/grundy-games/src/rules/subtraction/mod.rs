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
use crate::dynamic::{Param, Params, RulesetSpec};
use crate::game::Player;
use crate::rules::heaps::{
    describe_table, draw_heaps, explain_heaps, heap_reach, parse_heap_move, parse_list,
    positions_of, write_list, HeapMove, Heaps, ValueCache, LARGEST_HEAP_SIZE,
};
use crate::rules::notation::{Found, NotationError};
use crate::ruleset::{Explanation, Kind, MoveError, ParamError, Positions, Ruleset, Unsolved};
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

fn build(params: &Params) -> Result<Box<dyn DynRuleset>, ParamError> {
    match params.parse_notation(SPEC.name, &SET, str::parse::<Subtraction>)? {
        Some(rules) => Ok(Box::new(rules)),
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

    /// `subtraction (2,4,5)`, as `grundy play` and `grundy verify` show it.
    fn title(&self) -> String {
        format!("subtraction ({self})")
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Heaps, NotationError> {
        text.parse()
    }

    fn show_position(&self, pos: &Heaps) -> String {
        pos.to_string()
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

    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "heap")
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

    fn move_help(&self) -> String {
        format!(
            "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), TAKE in {self}, e.g. 1-{}",
            self.set[0]
        )
    }

    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
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

    fn move_count(&self, pos: &Heaps, _: Player) -> Option<u128> {
        Some(pos.sizes().iter().map(|&h| self.moves_in(h) as u128).sum())
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

    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_HEAP_SIZE
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, Heaps>> {
        Some(positions_of(size, Heaps))
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::engine::ImpartialSolver;
    use crate::registry::{self, Params};
    use crate::ruleset::AsImpartial;
    use crate::sequence::period::brute_force_period;

    /// Every non-empty subset of {1, ..., m}.
    fn all_sets(m: u64) -> Vec<Subtraction> {
        (1u32..1 << m)
            .map(|bits| {
                let set = (1..=m).filter(|s| bits >> (s - 1) & 1 == 1).collect();
                Subtraction::new(set).unwrap()
            })
            .collect()
    }

    fn nimber(rules: &Subtraction, pos: &Heaps) -> Nimber {
        rules.value(pos).unwrap().as_nimber().unwrap()
    }

    #[test]
    fn values_and_winning_moves_match_the_engine() {
        for rules in all_sets(5) {
            let game = AsImpartial(&rules);
            let mut solver = ImpartialSolver::new(&game);
            for a in 0..=12u64 {
                for b in 0..=12u64 {
                    let pos = Heaps(vec![a, b]);
                    assert_eq!(nimber(&rules, &pos), solver.grundy(&pos));
                    assert_eq!(
                        rules.winning_moves(&pos, Player::Left).unwrap(),
                        solver.winning_moves(&pos),
                        "{rules} {pos}"
                    );
                    let count = rules.move_count(&pos, Player::Left).unwrap();
                    assert_eq!(count, rules.moves(&pos, Player::Left).len() as u128);
                }
            }
        }
    }

    #[test]
    fn verify_through_the_registry_agrees() {
        for set in ["1,2", "2,4,5", "1,3,4"] {
            let game = registry::build("subtraction", &Params::new().with("set", set)).unwrap();
            let report = game.verify(11, &()).unwrap();
            assert_eq!(report.mismatch, None, "{set}");
            assert_eq!(report.positions, 1 << 11, "{set}");
            assert_eq!(report.name, format!("subtraction ({set})"));
        }
    }

    #[test]
    fn parameters_are_checked() {
        let err = |params: Params| registry::build("subtraction", &params).err().unwrap();
        assert_eq!(
            err(Params::new()).to_string(),
            "subtraction needs set S, e.g. set 2,4,5"
        );
        assert_eq!(
            err(Params::new().with("set", "1,x")).to_string(),
            "set \"1,x\": column 3: expected a subtraction from 1 (digits), found 'x'"
        );
        assert!(err(Params::new().with("set", "0"))
            .to_string()
            .starts_with("set \"0\": column 1: expected a subtraction from 1 to 1048576"));
        assert!(registry::build("subtraction", &Params::new().with("step", "2")).is_err());
    }

    #[test]
    fn proven_periods_match_a_brute_force_search() {
        // Every set within {1..7}: the proven period against the smallest period that
        // 3000 values show with at least ten repetitions.
        for rules in all_sets(7) {
            let proven = rules.sequence(&Options::until_proven(100_000), &mut |_| {});
            let p = proven
                .period
                .expect("subtraction games are ultimately periodic");
            let long = rules.sequence(&Options::to(2999), &mut |_| {});
            assert_eq!(&long.values[..proven.computed()], &proven.values[..]);
            let brute = brute_force_period(&long.values, 10).unwrap();
            assert_eq!(p, brute, "{rules}");
            assert_eq!(long.period, Some(p), "{rules}");
            // The proof rule: G(n + p) = G(n) on max S consecutive n from the preperiod.
            assert!(proven.computed() <= p.preperiod + p.period + rules.max() as usize + 64);
        }
    }

    #[test]
    fn one_to_k_is_n_mod_k_plus_one() {
        for k in 1..=6u64 {
            let rules = Subtraction::new((1..=k).collect()).unwrap();
            let seq = rules.sequence(&Options::until_proven(1000), &mut |_| {});
            let p = seq.period.unwrap();
            assert_eq!((p.preperiod, p.period), (0, k as usize + 1));
            for n in [0u64, 5, 1 << 40, u64::MAX] {
                assert_eq!(seq.get(n), Some((n % (k + 1)) as u32));
                let pos = Heaps(vec![n]);
                assert_eq!(nimber(&rules, &pos), Nimber(u128::from(n % (k + 1))));
            }
        }
    }

    #[test]
    fn the_editorial_exercise_2_4_5() {
        let rules: Subtraction = "2,4,5".parse().unwrap();
        let seq = rules.sequence(&Options::until_proven(1000), &mut |_| {});
        assert_eq!(&seq.values[..11], &[0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1]);
        let p = seq.period.unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        let pos = "7,9,1000000000000".parse().unwrap();
        let a = analyze(&rules, &pos, Player::Left, 100).unwrap();
        // G(7) = 0, G(9) = 1, G(10^12) = G(10^12 mod 7 = 1) = 0.
        assert_eq!(a.reduction["xor"], 1);
        assert_eq!(a.rules, "S = {2,4,5}");
        assert_eq!(
            a.explanation[0],
            "G(n) for S = {2,4,5} has preperiod 0 and period 7 (proven from 12 values): \
             G(0..) = 0, 0, 1, 1, 2, 2, 3"
        );
        let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
        // Heaps of value 0 must go to value 1: 7 - 4 = 3 and 7 - 5 = 2 (G 1), and
        // 10^12 - 5 ≡ 3 (mod 7); heap 9 (value 1) must go to value 0: 9 - 2 = 7.
        assert_eq!(moves, ["1-4", "1-5", "2-2", "3-5"]);
        assert_eq!(a.winning_move_count, Some(4));
        let first = analyze(&rules, &pos, Player::Left, 1).unwrap();
        assert_eq!(first.winning_moves.len(), 1);
        assert_eq!(first.winning_move_count, Some(4));
    }

    #[test]
    fn play_notation_and_messages() {
        let rules: Subtraction = "1,3,4".parse().unwrap();
        let heaps: Heaps = "7,2".parse().unwrap();
        let err = |text: &str| {
            rules
                .parse_move(&heaps, Player::Left, text)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("1-2"), "the number taken must be in 1,3,4");
        assert_eq!(err("2-3"), "take 1 to 2 stones from heap 2");
        assert_eq!(err("3-1"), "there is no heap 3 (the heaps are 1 to 2)");
        assert!(err("1+1").starts_with("not a move: "));
        assert_eq!(
            rules.parse_move(&heaps, Player::Left, "1-4"),
            Ok(HeapMove { heap: 0, take: 4 })
        );
        assert_eq!(
            rules.move_help(),
            "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), TAKE in 1,3,4, e.g. 1-1"
        );
        assert_eq!(Ruleset::title(&rules), "subtraction (1,3,4)");
        assert_eq!(rules.drawing(&heaps), "heap 1:   7 ooooooo\nheap 2:   2 oo");
        let high: Subtraction = "3,5".parse().unwrap();
        let small: Heaps = "2,6".parse().unwrap();
        assert_eq!(
            high.stalling_move(&small, Player::Left),
            high.moves(&small, Player::Left).first().copied()
        );
        assert_eq!(high.move_count(&small, Player::Left), Some(2));
        assert_eq!(
            high.stalling_move(&"1,2".parse().unwrap(), Player::Left),
            None
        );
    }

    #[test]
    fn big_heaps_are_answered_by_the_period() {
        // {1, 3, 4}: period 7, values 0, 1, 0, 1, 2, 3, 2.
        let rules: Subtraction = "1,3,4".parse().unwrap();
        let pos: Heaps = "1000000,7".parse().unwrap();
        // G(10^6) = G(10^6 mod 7 = 1) = 1, G(7) = G(0) = 0.
        assert_eq!(nimber(&rules, &pos), Nimber(1));
        // Heap 1 to value 0: 10^6 - 1 (G 0); heap 2 to value 1: 7 - 4 = 3 (G 1).
        let first = rules.winning_listing(&pos, Player::Left, 1).unwrap();
        assert_eq!(first.moves, [HeapMove { heap: 0, take: 1 }]);
        assert_eq!(first.count, Some(2));
        let all = rules.winning_moves(&pos, Player::Left).unwrap();
        assert_eq!(
            all,
            [HeapMove { heap: 0, take: 1 }, HeapMove { heap: 1, take: 4 }]
        );
    }

    #[test]
    fn notation() {
        let rules: Subtraction = "5,2,4,2".parse().unwrap();
        assert_eq!(rules.to_string(), "2,4,5");
        assert_eq!(rules.to_string().parse::<Subtraction>().unwrap(), rules);
        let e = "2,0,5".parse::<Subtraction>().unwrap_err();
        assert_eq!(e.column, 3);
        assert_eq!("".parse::<Subtraction>().unwrap_err().column, 1);
        assert_eq!("2,x".parse::<Subtraction>().unwrap_err().column, 3);
        assert!("2,9999999".parse::<Subtraction>().is_err());
        assert!(Subtraction::new(vec![]).is_err());
    }

    proptest::proptest! {
        #[test]
        fn winning_moves_on_large_heaps_reach_zero(
            set in proptest::collection::vec(1u64..40, 1..5),
            heaps in proptest::collection::vec(0u64..1_000_000_000_000_000, 0..5),
        ) {
            let rules = Subtraction::new(set).unwrap();
            let pos = Heaps(heaps);
            let value = nimber(&rules, &pos);
            let moves = rules.winning_moves(&pos, Player::Left).unwrap();
            proptest::prop_assert_eq!(moves.is_empty(), value.0 == 0);
            for m in moves {
                proptest::prop_assert!(rules.parse_move(&pos, Player::Left, &m.to_string()).is_ok());
                let after = rules.play(&pos, &m);
                proptest::prop_assert_eq!(nimber(&rules, &after).0, 0);
            }
        }
    }
}
