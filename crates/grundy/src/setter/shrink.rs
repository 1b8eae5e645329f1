//! Structured shrinking: the smallest input found that still fails a test.
//!
//! [`shrink`] works on the parsed input ([`Input`]), never on its bytes, so every
//! candidate it tries follows the statement. It repeats rounds of passes until a
//! round changes nothing or the [`Budget`] runs out:
//!
//! 1. halve everything at once (every row, string and number), while that fails;
//! 2. delete test cases (buildings): blocks of half of them, then a quarter, ...;
//!    for LEGOWARZ also blocks of buildings replaced by one or two buildings with
//!    the same XOR, which keeps the answer (these first), and in small cities
//!    every pair of buildings deleted, or joined when one's towers run on from the
//!    other's;
//! 3. for each test case: the shortest prefix and the shortest suffix that still
//!    fail (binary search), then deleted blocks inside; for TABGAME the queries, the
//!    top string and the left string each in turn (queries follow their cells);
//! 4. every number down to the smallest value that still fails (binary search):
//!    LEGOWARZ heights and counts, TABGAME query coordinates.
//!
//! Block deletion goes down to single elements in lists of at most
//! [`FINE_LIMIT`] elements, and to a sixteenth of the list in longer ones, because
//! each candidate costs a run of the program under test; lists of at most
//! [`EVERY_START_LIMIT`] elements lose blocks from every start. Steps 3 and 4 run
//! only when at most [`CASE_LIMIT`] test cases are left. A candidate is kept when
//! the test says it still fails; the caller decides what counts (for `grundy stress`:
//! the same kind of failure as the original). A candidate that passed once is not
//! tried again.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use super::gen::{buildings_with_xor, city_xor};
use super::input::{Input, TableCase};
use super::limits;

/// Lists longer than this are cut in blocks of at least a sixteenth of their length.
pub const FINE_LIMIT: u64 = 64;

/// Lists up to this long have blocks deleted from every start, not only from
/// multiples of the block's length.
pub const EVERY_START_LIMIT: u64 = 16;

/// Test cases are shrunk one by one only when at most this many are left.
pub const CASE_LIMIT: u64 = 100;

/// How much shrinking may cost.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The most candidates tried.
    pub max_runs: u64,
    /// When to stop trying, if ever.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No limit on time, at most `max_runs` candidates.
    pub fn runs(max_runs: u64) -> Budget {
        Budget {
            max_runs,
            deadline: None,
        }
    }
}

/// The result of [`shrink`].
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub input: Input,
    /// How many candidates were tried.
    pub runs: u64,
    /// How many of them failed and were kept.
    pub steps: u64,
    /// Whether the budget ran out before a round changed nothing.
    pub exhausted: bool,
}

/// Shrinks `input`, which `fails`, to a smaller input that still fails.
pub fn shrink(input: Input, budget: Budget, fails: &mut dyn FnMut(&Input) -> bool) -> Shrunk {
    let mut run = Run {
        fails,
        runs: 0,
        steps: 0,
        budget,
        passed: HashSet::new(),
    };
    let mut cur = input;
    loop {
        let before = run.steps;
        while let Some(half) = halve(&cur) {
            if !run.attempt(&mut cur, Some(half)) {
                break;
            }
        }
        if let Input::Legowarz(_) = cur {
            // Plain deletions change the XOR, which decides the answer: keep it first.
            delete_blocks(&mut run, &mut cur, &buildings_keeping_xor());
        }
        delete_blocks(&mut run, &mut cur, &cases());
        if let Input::Legowarz(_) = cur {
            shrink_pairs(&mut run, &mut cur);
        }
        // Each candidate below copies the whole input: with many test cases left,
        // the halving and the deletions above are what can pay.
        let cases = if cur.cases() as u64 <= CASE_LIMIT {
            cur.cases()
        } else {
            0
        };
        for i in 0..cases {
            if run.out_of_budget() {
                break;
            }
            for dim in element_lists(&cur, i) {
                shortest(
                    &mut run,
                    &mut cur,
                    &|c| (dim.len)(c),
                    &|c, l| (dim.remove)(c, l, (dim.len)(c) - l),
                    dim.min,
                );
                shortest(
                    &mut run,
                    &mut cur,
                    &|c| (dim.len)(c),
                    &|c, l| (dim.remove)(c, 0, (dim.len)(c) - l),
                    dim.min,
                );
                delete_blocks(&mut run, &mut cur, &dim);
            }
            for num in element_numbers(&cur, i) {
                shortest(&mut run, &mut cur, &*num.get, &*num.set, num.min);
            }
        }
        if run.steps == before || run.out_of_budget() {
            break;
        }
    }
    Shrunk {
        exhausted: run.out_of_budget(),
        input: cur,
        runs: run.runs,
        steps: run.steps,
    }
}

/// The state of a shrink: the test, what it has cost, and the candidates known to
/// pass (by hash), which are not tried again.
struct Run<'f> {
    fails: &'f mut dyn FnMut(&Input) -> bool,
    runs: u64,
    steps: u64,
    budget: Budget,
    passed: HashSet<u64>,
}

impl Run<'_> {
    fn out_of_budget(&self) -> bool {
        self.runs >= self.budget.max_runs
            || self.budget.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Tries a candidate (if there is one and the budget allows); a failing one
    /// replaces `cur`.
    fn attempt(&mut self, cur: &mut Input, candidate: Option<Input>) -> bool {
        let Some(candidate) = candidate else {
            return false;
        };
        if self.out_of_budget() {
            return false;
        }
        let mut hasher = DefaultHasher::new();
        candidate.hash(&mut hasher);
        let key = hasher.finish();
        if self.passed.contains(&key) {
            return false;
        }
        self.runs += 1;
        if (self.fails)(&candidate) {
            *cur = candidate;
            self.steps += 1;
            true
        } else {
            self.passed.insert(key);
            false
        }
    }
}

/// The input without `count` elements of a list from `start`.
type Remove = dyn Fn(&Input, u64, u64) -> Option<Input>;

/// The input with a number set to a value.
type Set = dyn Fn(&Input, u64) -> Option<Input>;

/// A list inside the input: its length, and the input without `count` of its
/// elements from `start` (`None` when that breaks the statement).
struct List {
    len: Box<dyn Fn(&Input) -> u64>,
    remove: Box<Remove>,
    min: u64,
}

/// A number inside the input: its value, and the input with another value.
struct Number {
    get: Box<dyn Fn(&Input) -> u64>,
    set: Box<Set>,
    min: u64,
}

/// Deletes blocks of a list: of half its length, then a quarter, ..., keeping each
/// deletion that still fails and trying the same place again.
fn delete_blocks(run: &mut Run, cur: &mut Input, list: &List) {
    let mut k = ((list.len)(cur) / 2).max(1);
    loop {
        let mut i = 0;
        while i < (list.len)(cur) && !run.out_of_budget() {
            let candidate = (list.remove)(cur, i, k.min((list.len)(cur) - i));
            if run.attempt(cur, candidate) {
                continue;
            }
            i += if (list.len)(cur) <= EVERY_START_LIMIT {
                1
            } else {
                k
            };
        }
        let len = (list.len)(cur);
        if k == 1 || (len > FINE_LIMIT && k <= len / 16) {
            break;
        }
        k /= 2;
    }
}

/// Finds the least `l` from `min` up for which `cut(cur, l)` still fails, by
/// binary search (one step less first, which is all a shrunk value costs). `len`
/// gives the current value.
fn shortest(
    run: &mut Run,
    cur: &mut Input,
    len: &dyn Fn(&Input) -> u64,
    cut: &dyn Fn(&Input, u64) -> Option<Input>,
    min: u64,
) {
    let n = len(cur);
    if n <= min || run.out_of_budget() {
        return;
    }
    let candidate = cut(cur, n - 1);
    if !run.attempt(cur, candidate) {
        return;
    }
    let n = len(cur);
    if n <= min {
        return;
    }
    let candidate = cut(cur, min);
    if run.attempt(cur, candidate) {
        return;
    }
    let (mut lo, mut hi) = (min, n);
    while hi - lo > 1 && !run.out_of_budget() {
        let mid = lo + (hi - lo) / 2;
        let candidate = cut(cur, mid);
        if run.attempt(cur, candidate) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
}

/// `items` without `count` elements from `start`.
fn without<T: Clone>(items: &[T], start: u64, count: u64) -> Vec<T> {
    let (a, b) = (start as usize, (start + count) as usize);
    let mut out = items[..a].to_vec();
    out.extend_from_slice(&items[b..]);
    out
}

/// The test cases (buildings) of the input.
fn cases() -> List {
    List {
        len: Box::new(|c| c.cases() as u64),
        remove: Box::new(|c, start, count| {
            if count == 0 || c.cases() as u64 <= count {
                return None;
            }
            Some(match c {
                Input::Adapwns(v) => Input::Adapwns(without(v, start, count)),
                Input::Abgame(v) => Input::Abgame(without(v, start, count)),
                Input::Tabgame(v) => Input::Tabgame(without(v, start, count)),
                Input::Legowarz(v) => Input::Legowarz(without(v, start, count)),
            })
        }),
        min: 1,
    }
}

/// LEGOWARZ buildings, a block at a time replaced by the fewest buildings with the
/// same XOR (so the answer stays), when that makes the city smaller.
fn buildings_keeping_xor() -> List {
    List {
        len: Box::new(|c| c.cases() as u64),
        remove: Box::new(|c, start, count| {
            let Input::Legowarz(v) = c else {
                return None;
            };
            let (a, b) = (start as usize, (start + count) as usize);
            let same = buildings_with_xor(city_xor(&v[a..b]))?;
            let mut out = v[..a].to_vec();
            out.extend(same);
            out.extend_from_slice(&v[b..]);
            (!out.is_empty() && out.len() < v.len()).then_some(Input::Legowarz(out))
        }),
        min: 1,
    }
}

/// LEGOWARZ cities of at most 16 buildings: every pair of buildings deleted in turn
/// (two equal buildings cancel, wherever they stand), and two buildings whose towers
/// run on from one to the other joined into one (the same towers).
fn shrink_pairs(run: &mut Run, cur: &mut Input) {
    let mut i = 0;
    'next: while let Input::Legowarz(v) = &*cur {
        if v.len() > 16 || i + 1 >= v.len() || run.out_of_budget() {
            return;
        }
        let v = v.clone();
        for j in 0..v.len() {
            if j == i {
                continue;
            }
            let rest = || (0..v.len()).filter(|&k| k != i && k != j).map(|k| v[k]);
            let mut candidates = Vec::new();
            if j > i {
                candidates.push(rest().collect::<Vec<_>>());
            }
            let (a, b) = (v[i], v[j]);
            if u128::from(a.height) + u128::from(a.count) == u128::from(b.height) {
                if let Some(count) = a.count.checked_add(b.count) {
                    let joined = crate::setter::input::Building {
                        height: a.height,
                        count,
                    };
                    candidates.push(std::iter::once(joined).chain(rest()).collect());
                }
            }
            for candidate in candidates {
                if !candidate.is_empty() && run.attempt(cur, Some(Input::Legowarz(candidate))) {
                    continue 'next;
                }
            }
        }
        i += 1;
    }
}

/// Every row, string and number at most half as long (as large), or `None` when
/// nothing would change.
fn halve(input: &Input) -> Option<Input> {
    let half = |len: usize, min: usize| len.div_ceil(2).max(min).min(len);
    let rows = |rows: &[Vec<u8>], min: usize| -> Vec<Vec<u8>> {
        rows.iter()
            .map(|r| r[..half(r.len(), min)].to_vec())
            .collect()
    };
    let out = match input {
        Input::Adapwns(v) => Input::Adapwns(rows(v, limits::adapwns::N.min as usize)),
        Input::Abgame(v) => Input::Abgame(rows(v, limits::abgame::LEN.min as usize)),
        Input::Tabgame(v) => Input::Tabgame(
            v.iter()
                .map(|c| {
                    let (m, n) = (half(c.top.len(), 1), half(c.left.len(), 1));
                    let mut queries: Vec<(u32, u32)> = c
                        .queries
                        .iter()
                        .map(|&(x, y)| (x.min(n as u32), y.min(m as u32)))
                        .collect();
                    queries.truncate(half(queries.len(), 1));
                    TableCase {
                        top: c.top[..m].to_vec(),
                        left: c.left[..n].to_vec(),
                        queries,
                    }
                })
                .collect(),
        ),
        Input::Legowarz(v) => Input::Legowarz(
            v.iter()
                .map(|b| super::input::Building {
                    height: (b.height / 2).max(1),
                    count: (b.count / 2).max(1),
                })
                .collect(),
        ),
    };
    (out != *input).then_some(out)
}

/// The lists inside test case `i`: a board's or row's cells; a table's queries, top
/// string and left string.
fn element_lists(input: &Input, i: usize) -> Vec<List> {
    match input {
        Input::Adapwns(_) | Input::Abgame(_) => {
            let min = if let Input::Adapwns(_) = input {
                limits::adapwns::N.min
            } else {
                limits::abgame::LEN.min
            };
            vec![List {
                len: Box::new(move |c| match c {
                    Input::Adapwns(v) | Input::Abgame(v) => v[i].len() as u64,
                    _ => 0,
                }),
                remove: Box::new(move |c, start, count| {
                    let edit = |v: &Vec<Vec<u8>>| {
                        let mut v = v.clone();
                        v[i] = without(&v[i], start, count);
                        (count > 0 && v[i].len() as u64 >= min).then_some(v)
                    };
                    match c {
                        Input::Adapwns(v) => edit(v).map(Input::Adapwns),
                        Input::Abgame(v) => edit(v).map(Input::Abgame),
                        _ => None,
                    }
                }),
                min,
            }]
        }
        Input::Tabgame(_) => vec![
            table_list(i, Part::Queries),
            table_list(i, Part::Top),
            table_list(i, Part::Left),
        ],
        Input::Legowarz(_) => Vec::new(),
    }
}

/// A list inside a TABGAME test case.
#[derive(Clone, Copy)]
enum Part {
    Queries,
    Top,
    Left,
}

fn table_list(i: usize, part: Part) -> List {
    let case = move |c: &Input| -> Option<TableCase> {
        match c {
            Input::Tabgame(v) => Some(v[i].clone()),
            _ => None,
        }
    };
    let len = move |c: &Input| {
        case(c).map_or(0, |t| match part {
            Part::Queries => t.queries.len(),
            Part::Top => t.top.len(),
            Part::Left => t.left.len(),
        }) as u64
    };
    List {
        len: Box::new(len),
        remove: Box::new(move |c, start, count| {
            let Input::Tabgame(cases) = c else {
                return None;
            };
            let mut t = cases[i].clone();
            // Coordinates in the removed block go with it; those after it move down.
            let remap = |v: u32| -> Option<u32> {
                let v64 = u64::from(v);
                if v64 <= start {
                    Some(v)
                } else if v64 <= start + count {
                    None
                } else {
                    Some(v - count as u32)
                }
            };
            match part {
                Part::Queries => t.queries = without(&t.queries, start, count),
                Part::Top => {
                    t.top = without(&t.top, start, count);
                    t.queries = t
                        .queries
                        .iter()
                        .filter_map(|&(x, y)| Some((x, remap(y)?)))
                        .collect();
                }
                Part::Left => {
                    t.left = without(&t.left, start, count);
                    t.queries = t
                        .queries
                        .iter()
                        .filter_map(|&(x, y)| Some((remap(x)?, y)))
                        .collect();
                }
            }
            if count == 0 || t.top.is_empty() || t.left.is_empty() || t.queries.is_empty() {
                return None;
            }
            let mut cases = cases.clone();
            cases[i] = t;
            Some(Input::Tabgame(cases))
        }),
        min: 1,
    }
}

/// The numbers of test case `i`: a building's height and count, a table's query
/// coordinates.
fn element_numbers(input: &Input, i: usize) -> Vec<Number> {
    match input {
        Input::Legowarz(_) => (0..2)
            .map(|field| Number {
                get: Box::new(move |c| match c {
                    Input::Legowarz(v) if field == 0 => v[i].height,
                    Input::Legowarz(v) => v[i].count,
                    _ => 0,
                }),
                set: Box::new(move |c, value| {
                    let Input::Legowarz(v) = c else {
                        return None;
                    };
                    let mut v = v.clone();
                    if field == 0 {
                        v[i].height = value;
                    } else {
                        v[i].count = value;
                    }
                    Some(Input::Legowarz(v))
                }),
                min: 1,
            })
            .collect(),
        Input::Tabgame(cases) => (0..cases[i].queries.len() * 2)
            .map(|slot| Number {
                get: Box::new(move |c| match c {
                    Input::Tabgame(v) => {
                        let (x, y) = v[i].queries[slot / 2];
                        u64::from(if slot % 2 == 0 { x } else { y })
                    }
                    _ => 0,
                }),
                set: Box::new(move |c, value| {
                    let Input::Tabgame(v) = c else {
                        return None;
                    };
                    let mut v = v.clone();
                    let q = &mut v[i].queries[slot / 2];
                    if slot % 2 == 0 {
                        q.0 = value as u32;
                    } else {
                        q.1 = value as u32;
                    }
                    Some(Input::Tabgame(v))
                }),
                min: 1,
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setter::input::Building;

    fn boards(rows: &[&str]) -> Input {
        Input::Adapwns(rows.iter().map(|r| r.as_bytes().to_vec()).collect())
    }

    #[test]
    fn a_long_board_shrinks_to_the_threshold() {
        let input = boards(&[&"P.".repeat(64), "..", &".P".repeat(60)]);
        // Fails when some board has at least 101 squares.
        let mut fails = |i: &Input| match i {
            Input::Adapwns(v) => v.iter().any(|b| b.len() >= 101),
            _ => false,
        };
        let out = shrink(input, Budget::runs(10_000), &mut fails);
        let Input::Adapwns(v) = &out.input else {
            panic!()
        };
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].len(), 101);
        assert!(!out.exhausted);
        assert!(out.runs < 120, "{} runs", out.runs);
    }

    #[test]
    fn a_pattern_inside_a_row_is_isolated() {
        // Fails when some row holds "A.B" somewhere.
        let input = Input::Abgame(vec![
            b"BBB..A.....AAA".to_vec(),
            b"..BA...A.B..A....B".to_vec(),
            b"AA.A".to_vec(),
        ]);
        let mut fails = |i: &Input| match i {
            Input::Abgame(v) => v.iter().any(|r| r.windows(3).any(|w| w == b"A.B")),
            _ => false,
        };
        let out = shrink(input, Budget::runs(10_000), &mut fails);
        assert_eq!(out.input, Input::Abgame(vec![b"A.B".to_vec()]));
    }

    #[test]
    fn numbers_shrink_to_the_least_failing_value() {
        let b = |height, count| Building { height, count };
        let input = Input::Legowarz(vec![b(5, 9), b(u64::MAX, 3), b(1 << 40, 1 << 50)]);
        // Fails when some tower reaches 2^63.
        let mut fails = |i: &Input| match i {
            Input::Legowarz(v) => v
                .iter()
                .any(|b| u128::from(b.height) + u128::from(b.count) > 1 << 63),
            _ => false,
        };
        let out = shrink(input, Budget::runs(10_000), &mut fails);
        let Input::Legowarz(v) = &out.input else {
            panic!()
        };
        assert_eq!(v.len(), 1);
        assert_eq!(
            u128::from(v[0].height) + u128::from(v[0].count),
            (1 << 63) + 1
        );
    }

    #[test]
    fn table_queries_follow_their_cells() {
        let input = Input::Tabgame(vec![TableCase {
            top: b"0110101".to_vec(),
            left: b"10011".to_vec(),
            queries: vec![(1, 1), (5, 7), (3, 4), (2, 6)],
        }]);
        // Fails when a query is at least 3 rows and 4 columns in.
        let mut fails = |i: &Input| match i {
            Input::Tabgame(v) => v
                .iter()
                .any(|c| c.queries.iter().any(|&(x, y)| x >= 3 && y >= 4)),
            _ => false,
        };
        let out = shrink(input, Budget::runs(10_000), &mut fails);
        let Input::Tabgame(v) = &out.input else {
            panic!()
        };
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].left.len(), v[0].top.len()), (3, 4));
        assert_eq!(v[0].queries, [(3, 4)]);
    }

    #[test]
    fn the_budget_is_kept() {
        let input = boards(&[&"P.".repeat(64)]);
        let mut fails = |_: &Input| true;
        let out = shrink(input, Budget::runs(5), &mut fails);
        assert_eq!(out.runs, 5);
        assert!(out.exhausted);
    }
}
