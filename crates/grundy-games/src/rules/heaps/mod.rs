//! Heaps of stones: the position notation shared by Nim, subtraction and octal games.
//!
//! # Notation
//! A position is a comma-separated list of heap sizes, `3,5,7`; the empty string is
//! the position without heaps. Sizes are whole numbers from 0 to 2^64 − 1, written
//! in decimal without signs or spaces. A move that takes stones from one heap is
//! `HEAP-TAKE` with heaps numbered from 1: `2-3` takes 3 stones from the second heap.

pub mod cache;

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::Serialize;

use crate::rules::notation::{Found, NotationError};
use crate::ruleset::{MoveError, Positions};
use crate::sequence::Sequence;

pub use cache::ValueCache;

/// Parses a comma-separated list of whole numbers, naming `what` in errors.
pub fn parse_list(text: &str, what: &str) -> Result<Vec<u64>, NotationError> {
    let mut out = Vec::new();
    if text.is_empty() {
        return Ok(out);
    }
    let mut start = 0;
    for part in text.split(',') {
        out.push(parse_number(text, start..start + part.len(), what)?);
        start += part.len() + 1;
    }
    Ok(out)
}

/// Parses the whole number written in the bytes `range` of `text`. An error names
/// the character where it is (1-based) and what stands there: the first character
/// that is not a digit or, for an empty range, the character after it (the
/// separator that came too soon, as in `1,,1`) or the end of the text.
pub fn parse_number(text: &str, range: Range<usize>, what: &str) -> Result<u64, NotationError> {
    let part = &text[range.clone()];
    let index = text[..range.start].chars().count();
    if let Some(i) = part.chars().position(|c| !c.is_ascii_digit()) {
        return Err(NotationError::at(text, index + i, what));
    }
    if part.is_empty() {
        return Err(NotationError::at(text, index, what));
    }
    part.parse::<u64>().map_err(|_| {
        NotationError::new(
            index + 1,
            format!("{what} below 2^64"),
            Found::Text(part.to_owned()),
        )
    })
}

/// Writes `items` separated by commas.
pub fn write_list(f: &mut fmt::Formatter<'_>, items: &[u64]) -> fmt::Result {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

/// A position of a heap game: heap sizes in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Heaps(pub Vec<u64>);

impl Heaps {
    /// The heap sizes.
    pub fn sizes(&self) -> &[u64] {
        &self.0
    }

    /// The heaps after `mv` takes its stones from its heap (the move of Nim and of
    /// subtraction games).
    pub fn after_taking(&self, mv: &HeapMove) -> Heaps {
        let mut next = self.clone();
        next.0[mv.heap] -= mv.take;
        next
    }

    /// Each heap with its Grundy value, read from `table` (which must reach every heap).
    pub(crate) fn values_in(&self, table: &Sequence) -> Vec<HeapValue> {
        self.0
            .iter()
            .map(|&size| HeapValue {
                size,
                grundy: u64::from(table.get(size).expect("the table reaches every heap")),
            })
            .collect()
    }
}

/// What `table` knows of `game`'s values, as a sentence.
pub(crate) fn describe_table(table: &Sequence, game: &str) -> String {
    match table.period {
        Some(p) => format!(
            "G(n) for {game} has preperiod {} and period {} (proven from {} values): {}",
            p.preperiod,
            p.period,
            table.computed(),
            head(&table.values, p.preperiod + p.period)
        ),
        None => format!(
            "G(n) for {game} computed up to n = {} (no period proven)",
            table.computed() - 1
        ),
    }
}

/// The first `n` values (at most 40 of them) as text.
pub(crate) fn head(values: &[u32], n: usize) -> String {
    let shown: Vec<String> = values.iter().take(n.min(40)).map(u32::to_string).collect();
    let more = if n > 40 { ", ..." } else { "" };
    format!("G(0..) = {}{more}", shown.join(", "))
}

impl FromStr for Heaps {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Heaps, NotationError> {
        parse_list(s, "a heap size (digits)").map(Heaps)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.0)
    }
}

/// A move that takes `take` stones from heap `heap` (0-based field, printed 1-based
/// as `HEAP-TAKE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// How many stones are taken.
    pub take: u64,
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.heap + 1, self.take)
    }
}

impl FromStr for HeapMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<HeapMove, NotationError> {
        let Some((heap, _)) = s.split_once('-') else {
            let i = s.chars().take_while(|c| c.is_ascii_digit()).count();
            return Err(NotationError::at(
                s,
                i,
                "'-' between heap and count, as in 2-3",
            ));
        };
        let number = parse_number(s, 0..heap.len(), "a heap number from 1")?;
        let heap_index = match usize::try_from(number) {
            Ok(h) if h >= 1 => h - 1,
            _ => {
                return Err(NotationError::new(
                    1,
                    "a heap number from 1",
                    Found::Text(heap.to_owned()),
                ))
            }
        };
        let take = parse_number(s, heap.len() + 1..s.len(), "a number of stones")?;
        Ok(HeapMove {
            heap: heap_index,
            take,
        })
    }
}

/// Heaps drawn token by token up to this size.
const DRAW_TOKENS: u64 = 40;

/// One row of a drawing: `heap 2:   3 ooo` (tokens up to 40 only).
pub(crate) fn draw_row(label: &str, index: usize, size: u64) -> String {
    let tokens = if size <= DRAW_TOKENS {
        format!(" {}", "o".repeat(size as usize))
    } else {
        String::new()
    };
    format!("{label} {}: {size:>3}{tokens}", index + 1)
        .trim_end()
        .to_owned()
}

/// The heaps drawn one per line.
pub(crate) fn draw_heaps(heaps: &Heaps) -> String {
    if heaps.sizes().is_empty() {
        return "(no heaps)".to_owned();
    }
    heaps
        .sizes()
        .iter()
        .enumerate()
        .map(|(i, &h)| draw_row("heap", i, h))
        .collect::<Vec<_>>()
        .join("\n")
}

/// An upper bound on the positions reachable from heaps that only shrink.
pub(crate) fn heap_reach(heaps: &Heaps) -> u128 {
    heaps
        .sizes()
        .iter()
        .fold(1u128, |acc, &h| acc.saturating_mul(u128::from(h) + 1))
}

/// How many `HEAP-TAKE` moves there are when any number of stones may be taken.
pub(crate) fn stones(heaps: &Heaps) -> u128 {
    heaps.sizes().iter().map(|&h| u128::from(h)).sum()
}

/// Reads a `HEAP-TAKE` move and checks it against the heaps (any number of stones
/// up to the heap).
pub(crate) fn parse_heap_move(heaps: &Heaps, text: &str) -> Result<HeapMove, MoveError> {
    let mv: HeapMove = text
        .parse()
        .map_err(|e| MoveError::notation(format!("not a move: {e} (write HEAP-TAKE, e.g. 2-3)")))?;
    let n = heaps.sizes().len();
    let size = *heaps.sizes().get(mv.heap).ok_or_else(|| {
        MoveError::illegal(format!(
            "there is no heap {} (the heaps are 1 to {n})",
            mv.heap + 1
        ))
    })?;
    if mv.take == 0 || mv.take > size {
        return Err(MoveError::illegal(if size == 0 {
            format!("heap {} is empty", mv.heap + 1)
        } else {
            format!("take 1 to {size} stones from heap {}", mv.heap + 1)
        }));
    }
    Ok(mv)
}

/// Every composition of `total` (sequence of parts ≥ 1 adding up to it), in
/// lexicographic order; `[]` for 0. There are 2^(total−1) of them.
pub(crate) fn compositions(total: u64) -> Vec<Vec<u64>> {
    fn extend(left: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if left == 0 {
            out.push(prefix.clone());
            return;
        }
        for part in 1..=left {
            prefix.push(part);
            extend(left - part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(total, &mut Vec::new(), &mut out);
    out
}

/// Heap games are verified up to this many tokens (2^(n−1) rows of heaps): Nim at
/// 14 tokens takes 7 CPU seconds and 240 MB, and each token more about 3.4 times
/// the time and memory, so 15 is the last size within 2 GB and minutes.
pub(crate) const LARGEST_HEAP_SIZE: usize = 15;

/// The positions of `size` tokens for verify: every row of non-empty heaps adding
/// up to `size`, the compositions of `size`, built by `make`.
pub(crate) fn positions_of<P: Send + Sync + Clone + 'static>(
    size: usize,
    make: impl Fn(Vec<u64>) -> P,
) -> Positions<'static, P> {
    let all: Vec<P> = compositions(size as u64).into_iter().map(make).collect();
    Positions {
        count: all.len() as u64,
        nth: Box::new(move |i| all[i as usize].clone()),
    }
}

/// One heap's part in an analysis: its size and Grundy value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeapValue {
    /// The heap size.
    pub size: u64,
    /// The heap's Grundy value.
    pub grundy: u64,
}

/// The explanation lines for a sum of heaps: one per heap, then the XOR and who wins.
pub(crate) fn explain_heaps(heaps: &[HeapValue], unit: &str) -> Vec<String> {
    let mut lines: Vec<String> = heaps
        .iter()
        .enumerate()
        .map(|(i, h)| {
            format!(
                "heap {}: {} {unit}, value {}",
                i + 1,
                h.size,
                crate::values::Nimber(u128::from(h.grundy))
            )
        })
        .collect();
    let xor = heaps.iter().fold(0, |acc, h| acc ^ h.grundy);
    let terms: Vec<String> = heaps.iter().map(|h| h.grundy.to_string()).collect();
    let sum = if terms.is_empty() {
        "no heaps: XOR = 0".to_owned()
    } else {
        format!("XOR of the values: {} = {xor}", terms.join(" ⊕ "))
    };
    lines.push(if xor == 0 {
        format!("{sum}: the player to move loses")
    } else {
        format!("{sum}: the player to move wins")
    });
    lines
}

/// Misère play of a heap game by the genus ([`misere::genus`](crate::misere::genus)):
/// a sum of tame heaps is played as misère Nim. Shared by the heap games, which
/// give the options of a heap through their [`heap_sequence`](crate::ruleset::RulesetExt::heap_sequence).
pub(crate) mod tame {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};

    use serde_json::json;

    use crate::engine::Budget;
    use crate::game::Player;
    use crate::misere::genus::{GenusError, TameTable, MAX_HEAP};
    use crate::misere::quotient::{Quotient, QuotientError};
    use crate::rules::heaps::Heaps;
    use crate::ruleset::{Explanation, Ruleset, RulesetExt, Unsolved};

    /// The work the genus of a position's heaps may take: 2^20 options listed.
    const BUDGET: Budget = Budget::moves(1 << 20);

    /// The largest heap a position's misère quotient is computed for.
    const QUOTIENT_HEAPS: u64 = 24;

    /// The work a position's misère quotient may take: 2^21 options listed.
    const QUOTIENT_BUDGET: Budget = Budget::moves(1 << 21);

    /// Proven quotients by game name and heap bound.
    type QuotientCache = HashMap<(String, usize), Arc<Quotient>>;

    /// Quotients computed, by game and heap bound (at most 32 kept).
    static QUOTIENTS: Mutex<Option<QuotientCache>> = Mutex::new(None);

    /// The genus of every heap up to the largest of `pos`.
    fn table<R: Ruleset<Position = Heaps>>(rules: &R, pos: &Heaps) -> Result<TameTable, Unsolved> {
        let spec = rules.heap_sequence().ok_or_else(|| {
            Unsolved::unsupported(format!("{} has no heap sequence", rules.name()))
        })?;
        let options = spec.heap_options.as_ref().ok_or_else(|| {
            Unsolved::unsupported(format!("{} does not list a heap's options", rules.name()))
        })?;
        let largest = pos.sizes().iter().copied().max().unwrap_or(0);
        if largest > MAX_HEAP {
            return Err(Unsolved::over_budget(format!(
                "heap {largest}: the genus is computed for heaps up to {MAX_HEAP}"
            )));
        }
        TameTable::new(&**options, largest, BUDGET).map_err(|e| match e {
            GenusError::NotSmaller { .. } => Unsolved::unsupported(e.to_string()),
            _ => Unsolved::past_limit(e.to_string()),
        })
    }

    /// The misère quotient of the sums of heaps up to the largest of `pos` (proven by
    /// its check), for a game with a certificate checker.
    fn quotient<R: Ruleset<Position = Heaps>>(
        rules: &R,
        pos: &Heaps,
    ) -> Result<Arc<Quotient>, Unsolved> {
        let spec = rules.heap_sequence().ok_or_else(|| {
            Unsolved::unsupported(format!("{} has no heap sequence", rules.name()))
        })?;
        let game = spec.certificate.ok_or_else(|| {
            Unsolved::unsupported(format!("{} has no misère quotient", rules.name()))
        })?;
        let largest = pos.sizes().iter().copied().max().unwrap_or(0).max(1);
        if largest > QUOTIENT_HEAPS {
            return Err(Unsolved::over_budget(format!(
                "heap {largest}: misère quotients are computed here for heaps up to {QUOTIENT_HEAPS}"
            )));
        }
        let key = (game.name.clone(), largest as usize);
        if let Some(q) = QUOTIENTS
            .lock()
            .ok()
            .and_then(|m| m.as_ref()?.get(&key).cloned())
        {
            return Ok(q);
        }
        let q = Quotient::compute(&game.name, &game.rules, largest as usize, QUOTIENT_BUDGET)
            .map(Arc::new)
            .map_err(|e| {
                let reason = format!("the misère quotient of heaps up to {largest}: {e}");
                match e {
                    QuotientError::TooBig | QuotientError::Budget => Unsolved::past_limit(reason),
                    QuotientError::Genus(GenusError::NotSmaller { .. }) => {
                        Unsolved::unsupported(reason)
                    }
                    QuotientError::Genus(_) | QuotientError::HeapBound(_) => {
                        Unsolved::past_limit(reason)
                    }
                    _ => Unsolved::no_theory(reason),
                }
            })?;
        if let Ok(mut m) = QUOTIENTS.lock() {
            let m = m.get_or_insert_with(HashMap::new);
            if m.len() >= 32 {
                m.clear();
            }
            m.insert(key, Arc::clone(&q));
        }
        Ok(q)
    }

    /// The misère Grundy value of `pos` when its heaps are tame.
    pub fn grundy<R: Ruleset<Position = Heaps>>(rules: &R, pos: &Heaps) -> Result<u128, Unsolved> {
        table(rules, pos)?
            .grundy(pos.sizes())
            .map_err(Unsolved::no_theory)
    }

    /// Who wins `pos` under misère play: by the genus rule when its heaps are tame,
    /// else by the misère quotient of its heaps.
    pub fn wins<R: Ruleset<Position = Heaps>>(rules: &R, pos: &Heaps) -> Result<bool, Unsolved> {
        match grundy(rules, pos) {
            Ok(g) => Ok(g != 0),
            Err(_) => {
                let q = quotient(rules, pos)?;
                Ok(!q
                    .is_p_position(pos.sizes())
                    .expect("heaps within the bound"))
            }
        }
    }

    /// The misère winning moves of `pos`: by the genus rule when its heaps are tame
    /// (every position they lead to is a sum of tame heaps too), else by the quotient.
    pub fn winning_moves<R: Ruleset<Position = Heaps>>(
        rules: &R,
        pos: &Heaps,
    ) -> Result<Vec<R::Move>, Unsolved> {
        let moves = rules.moves(pos, Player::Left);
        if let Ok(table) = table(rules, pos) {
            if table.grundy(pos.sizes()).is_ok() {
                return Ok(moves
                    .into_iter()
                    .filter(|m| table.grundy(rules.play(pos, m).sizes()) == Ok(0))
                    .collect());
            }
        }
        let q = quotient(rules, pos)?;
        Ok(moves
            .into_iter()
            .filter(|m| q.is_p_position(rules.play(pos, m).sizes()) == Some(true))
            .collect())
    }

    /// The reduction: each heap's genus and the sum as misère Nim, or the sum's class
    /// in the misère quotient.
    pub fn explain<R: Ruleset<Position = Heaps>>(rules: &R, pos: &Heaps) -> Option<Explanation> {
        if let Some(e) = explain_tame(rules, pos) {
            return Some(e);
        }
        let q = quotient(rules, pos).ok()?;
        let c = q.certificate();
        let class = q.class(pos.sizes())?;
        let in_p = q.is_p_position(pos.sizes())?;
        let name = |x: u32| c.elements[x as usize].clone();
        let mut sentences = vec![format!(
            "some heap is wild: the sum is read in the misère quotient of the sums of heaps up to {} (Plambeck and Siegel), order {}, proven by its check",
            c.heap_bound,
            q.order()
        )];
        let classes: Vec<String> = pos
            .sizes()
            .iter()
            .map(|&h| format!("{h}→{}", name(c.pretending[h as usize])))
            .collect();
        sentences.push(format!("each heap's class: {}", classes.join(", ")));
        let p: Vec<String> = c.p_portion.iter().map(|&x| name(x)).collect();
        sentences.push(format!(
            "their product is {}, {} the P-portion {{{}}}: the player to move {}",
            name(class),
            if in_p { "in" } else { "not in" },
            p.join(", "),
            if in_p { "loses" } else { "wins" }
        ));
        Some(Explanation {
            reduction: json!({ "quotient_order": q.order(), "heap_bound": c.heap_bound, "class": name(class), "p_portion": p }),
            sentences,
        })
    }

    fn explain_tame<R: Ruleset<Position = Heaps>>(rules: &R, pos: &Heaps) -> Option<Explanation> {
        let table = table(rules, pos).ok()?;
        let grundy = table.grundy(pos.sizes()).ok()?;
        let mut sentences = vec![
            "every heap is tame (Conway's genus): the sum is played as misère Nim, a firm heap (genus g^g…) counting as a Nim heap of two or more".to_owned(),
        ];
        let mut heaps = Vec::new();
        for (i, &size) in pos.sizes().iter().enumerate() {
            let genus = &table.heaps()[size as usize].genus;
            sentences.push(format!(
                "heap {}: {size}, genus {genus}, {}",
                i + 1,
                if genus.firm() { "firm" } else { "fickle" }
            ));
            heaps.push(json!({ "size": size, "genus": genus.values, "notation": genus.to_string(), "firm": genus.firm() }));
        }
        sentences.push(if grundy == 0 {
            "misère Grundy value 0: the player to move loses".to_owned()
        } else {
            format!("misère Grundy value {grundy}: the player to move wins")
        });
        Some(Explanation {
            reduction: json!({ "heaps": heaps, "misere_grundy": grundy }),
            sentences,
        })
    }
}
