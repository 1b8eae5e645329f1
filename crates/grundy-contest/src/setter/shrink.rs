//! Structured shrinking: the smallest input found that still fails a test.
//!
//! [`shrink`] works on the parsed input ([`Input`]), never on its bytes, so every
//! candidate it tries follows the statement. It repeats rounds of passes until a
//! round changes nothing or the [`ShrinkBudget`] runs out:
//!
//! 1. halve everything at once (every row, string and number), while that fails;
//! 2. delete test cases: blocks of half of them, then a quarter, ...; a problem may
//!    add steps of its own before and after (a city of buildings replaces blocks of
//!    buildings by fewer with the same XOR, which keeps the answer, and deletes or
//!    joins pairs of buildings);
//! 3. for each test case: the shortest prefix and the shortest suffix of each of
//!    its lists that still fail (binary search), then deleted blocks inside (a
//!    board's squares; a table's queries, top string and left string in turn);
//! 4. every number down to the smallest value that still fails (binary search):
//!    heights and counts of buildings, query coordinates.
//!
//! The lists, numbers and steps of each problem are its
//! [`JudgeProblem`](crate::setter::JudgeProblem)'s.
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

use super::input::Input;

/// Lists longer than this are cut in blocks of at least a sixteenth of their length.
pub const FINE_LIMIT: u64 = 64;

/// Lists up to this long have blocks deleted from every start, not only from
/// multiples of the block's length.
pub const EVERY_START_LIMIT: u64 = 16;

/// Test cases are shrunk one by one only when at most this many are left.
pub const CASE_LIMIT: u64 = 100;

/// How much shrinking may cost.
#[derive(Clone, Copy, Debug)]
pub struct ShrinkBudget {
    /// The most candidates tried.
    pub max_runs: u64,
    /// When to stop trying, if ever.
    pub deadline: Option<Instant>,
}

impl ShrinkBudget {
    /// No limit on time, at most `max_runs` candidates.
    pub fn runs(max_runs: u64) -> ShrinkBudget {
        ShrinkBudget {
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
pub fn shrink(input: Input, budget: ShrinkBudget, fails: &mut dyn FnMut(&Input) -> bool) -> Shrunk {
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
        let problem = cur.problem().spec();
        while let Some(half) = problem.halve(&cur) {
            if !run.attempt(&mut cur, Some(half)) {
                break;
            }
        }
        problem.shrink_before_deletion(&mut run, &mut cur);
        delete_blocks(&mut run, &mut cur, &cases());
        problem.shrink_after_deletion(&mut run, &mut cur);
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
            for dim in problem.lists(&cur, i) {
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
            for num in problem.numbers(&cur, i) {
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
pub struct Run<'f> {
    fails: &'f mut dyn FnMut(&Input) -> bool,
    runs: u64,
    steps: u64,
    budget: ShrinkBudget,
    passed: HashSet<u64>,
}

impl Run<'_> {
    /// Whether no more candidates may be tried.
    pub fn out_of_budget(&self) -> bool {
        self.runs >= self.budget.max_runs
            || self.budget.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Tries a candidate (if there is one and the budget allows); a failing one
    /// replaces `cur`.
    pub fn attempt(&mut self, cur: &mut Input, candidate: Option<Input>) -> bool {
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
pub type Remove = dyn Fn(&Input, u64, u64) -> Option<Input>;

/// The input with a number set to a value.
pub type Set = dyn Fn(&Input, u64) -> Option<Input>;

/// A list inside the input: its length, and the input without `count` of its
/// elements from `start` (`None` when that breaks the statement).
pub struct List {
    /// The list's length in an input.
    pub len: Box<dyn Fn(&Input) -> u64>,
    /// The input without some of the list's elements.
    pub remove: Box<Remove>,
    /// The shortest the list may be.
    pub min: u64,
}

/// A number inside the input: its value, and the input with another value.
pub struct Number {
    /// The number's value in an input.
    pub get: Box<dyn Fn(&Input) -> u64>,
    /// The input with the number set to a value (`None` when that breaks the
    /// statement).
    pub set: Box<Set>,
    /// The least value it may take.
    pub min: u64,
}

/// Deletes blocks of a list: of half its length, then a quarter, ..., keeping each
/// deletion that still fails and trying the same place again.
pub fn delete_blocks(run: &mut Run, cur: &mut Input, list: &List) {
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
pub fn without<T: Clone>(items: &[T], start: u64, count: u64) -> Vec<T> {
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
            Some(c.without_cases(start, count))
        }),
        min: 1,
    }
}

/// Rows (boards, strings of cells) each cut to at most half its length, but not
/// below `min`.
pub fn halve_rows(rows: &[Vec<u8>], min: usize) -> Vec<Vec<u8>> {
    rows.iter()
        .map(|r| r[..half(r.len(), min)].to_vec())
        .collect()
}

/// `len` halved, rounded up, but not below `min` (nor above `len`).
pub fn half(len: usize, min: usize) -> usize {
    len.div_ceil(2).max(min).min(len)
}

/// The cells of row `i` of an input of rows: `rows` reads the rows of an input of
/// the problem, `wrap` makes one; a row keeps at least `min` cells.
pub fn row_cells(
    i: usize,
    min: u64,
    rows: fn(&Input) -> Option<&Vec<Vec<u8>>>,
    wrap: fn(Vec<Vec<u8>>) -> Input,
) -> List {
    List {
        len: Box::new(move |c| rows(c).map_or(0, |v| v[i].len() as u64)),
        remove: Box::new(move |c, start, count| {
            let mut v = rows(c)?.clone();
            v[i] = without(&v[i], start, count);
            (count > 0 && v[i].len() as u64 >= min).then(|| wrap(v))
        }),
        min,
    }
}
