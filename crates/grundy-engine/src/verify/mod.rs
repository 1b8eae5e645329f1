//! Exhaustive verification: every closed form against the generic engine.
//!
//! A closed-form solver answers in linear or constant time what the exhaustive
//! [`engine`](crate::engine) finds by visiting every position. This module compares
//! the two on *every* position of every size up to a bound: the value or the winner,
//! and the set of winning moves. A ruleset takes part by implementing [`Checked`];
//! [`verify`] runs the sizes in order, each in parallel, and stops at the first
//! [`Mismatch`].
//!
//! Every ruleset takes part through [`RulesetCheck`]: a size is the ruleset's own
//! ([`Ruleset::size_unit`](crate::ruleset::RulesetExt::size_unit): squares, cells,
//! tokens), its positions are listed by [`Ruleset::positions`](crate::ruleset::RulesetExt::positions),
//! and the exhaustive side is the memoised engine, or for sizes too big for it the
//! ruleset's own [win table](crate::ruleset::RulesetExt::win_table) (pawns, by the dense
//! bit-parallel solver). The closed form checked is the ruleset's one
//! implementation, the same that `analyze` and `play` run: a test that plants a
//! wrong winning-move finder in a ruleset sees all three use it.
//!
//! ```
//! use grundy_games::registry::{build, Params};
//!
//! let pawns = build("pawns", &Params::new()).unwrap();
//! let report = pawns.verify(8, &()).unwrap();
//! assert!(report.mismatch.is_none());
//! assert_eq!(report.positions, (0..=8).map(|n| 1u64 << n).sum::<u64>());
//! ```

mod ruleset;

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::parallel;

pub use ruleset::{Prepared, RulesetCheck};

/// A position on which the closed form and the exhaustive engine disagree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{position}: the exhaustive engine says {expected}, the closed form says {found}")]
pub struct Mismatch {
    /// The position in the ruleset's notation (with who is to move, where it matters).
    pub position: String,
    /// What the exhaustive engine found, e.g. `value *2` or `winning moves 5-4, 5-3`.
    pub expected: String,
    /// What the closed form answered, in the same words.
    pub found: String,
}

impl Mismatch {
    /// A mismatch at `position`.
    pub fn new(
        position: impl Into<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Mismatch {
        Mismatch {
            position: position.into(),
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// A ruleset whose closed form can be checked against the exhaustive engine.
///
/// The positions of one size are numbered `0..work(size)` (a unit may stand for
/// several positions, e.g. a whole table with all its cells). [`verify`] calls
/// [`prepare`](Checked::prepare) once per size, single-threaded, for whatever the
/// exhaustive side can share (a table of every position's value), then
/// [`check`](Checked::check) on ranges of units in parallel.
pub trait Checked: Sync {
    /// What [`prepare`](Checked::prepare) builds for one size and every check reads.
    type Prepared: Sync;

    /// The ruleset with its parameters, e.g. `pawns (step 2)`.
    fn name(&self) -> String;

    /// What a size counts, e.g. `squares`.
    fn size_unit(&self) -> &'static str;

    /// The smallest size that has positions.
    fn smallest_size(&self) -> usize {
        0
    }

    /// The largest size this checker can take (its tables must fit in memory).
    fn largest_size(&self) -> usize {
        usize::MAX
    }

    /// The number of units of work of size `size`.
    fn work(&self, size: usize) -> u64;

    /// Exhaustive results shared by every check of size `size`.
    fn prepare(&self, size: usize) -> Self::Prepared;

    /// Checks the units in `units` in order; returns how many positions they held,
    /// or the first position (in unit order) where the closed form is wrong.
    fn check(
        &self,
        prepared: &Self::Prepared,
        size: usize,
        units: Range<u64>,
    ) -> Result<u64, Mismatch>;
}

/// What [`verify`] is doing for one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Solving every position of the size exhaustively.
    Solving,
    /// Comparing the closed form with the exhaustive results.
    Checking,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Solving => "solving",
            Phase::Checking => "checking",
        })
    }
}

/// Receives progress from [`verify`], from several threads at once. Every method
/// does nothing by default; `()` is the silent observer.
pub trait Progress: Sync {
    /// The run starts; `total` units of work lie ahead.
    fn start(&self, total: u64) {
        let _ = total;
    }
    /// Size `size` enters `phase`.
    fn phase(&self, size: usize, phase: Phase) {
        let _ = (size, phase);
    }
    /// `units` more units of work are done.
    fn advance(&self, units: u64) {
        let _ = units;
    }
}

impl Progress for () {}

/// The first counterexample of a run, with its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The size of the position.
    pub size: usize,
    /// The disagreement.
    pub mismatch: Mismatch,
}

/// The result of [`verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The checked ruleset, e.g. `pawns (step 2)`.
    pub name: String,
    /// What a size counts.
    pub size_unit: &'static str,
    /// The sizes checked (all of them unless a mismatch stopped the run).
    pub sizes: Range<usize>,
    /// How many positions were checked and agreed (after a mismatch: those checked
    /// before the run stopped).
    pub positions: u64,
    /// The wall time of the run.
    pub elapsed: Duration,
    /// The first disagreement, if any: the smallest size that has one, and in it the
    /// first position in the ruleset's order.
    pub mismatch: Option<Counterexample>,
}

/// Units per parallel task: enough tasks to balance the threads, few enough that
/// bookkeeping stays negligible.
fn chunk_len(work: u64) -> u64 {
    (work / 512).clamp(1, 1 << 14)
}

/// Checks every position of every size from the smallest up to `max_size`, size by
/// size, each size in parallel on rayon's pool. Stops at the first size with a
/// mismatch and reports the first counterexample in it.
pub fn verify<C: Checked + ?Sized>(
    checked: &C,
    max_size: usize,
    progress: &dyn Progress,
) -> Report {
    let started = Instant::now();
    let first = checked.smallest_size();
    let sizes = first..max_size.saturating_add(1).max(first);
    let total = sizes
        .clone()
        .map(|s| checked.work(s))
        .fold(0u64, u64::saturating_add);
    progress.start(total);
    let positions = AtomicU64::new(0);
    let mut mismatch = None;
    let mut done = sizes.start;
    for size in sizes.clone() {
        progress.phase(size, Phase::Solving);
        let prepared = checked.prepare(size);
        progress.phase(size, Phase::Checking);
        let work = checked.work(size);
        let chunk = chunk_len(work);
        let chunks = usize::try_from(work.div_ceil(chunk)).expect("the chunks fit a usize");
        let first_bad = parallel::find_first(chunks, &|c| {
            let c = c as u64;
            let units = c * chunk..((c + 1) * chunk).min(work);
            let len = units.end - units.start;
            let result = checked.check(&prepared, size, units);
            progress.advance(len);
            match result {
                Ok(n) => {
                    positions.fetch_add(n, Ordering::Relaxed);
                    None
                }
                Err(m) => Some(m),
            }
        });
        done = size + 1;
        if let Some(m) = first_bad {
            mismatch = Some(Counterexample { size, mismatch: m });
            break;
        }
    }
    Report {
        name: checked.name(),
        size_unit: checked.size_unit(),
        sizes: sizes.start..done,
        positions: positions.into_inner(),
        elapsed: started.elapsed(),
        mismatch,
    }
}

/// Joins moves in notation with `, `, or `none`.
pub(crate) fn move_list<M: fmt::Display>(moves: &[M]) -> String {
    if moves.is_empty() {
        "none".to_owned()
    } else {
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Compares two lists of moves as sets, returning the mismatch at `position` if
/// they differ (a move listed twice is a difference).
pub(crate) fn same_moves<M: PartialEq + fmt::Display>(
    position: impl FnOnce() -> String,
    what: &str,
    expected: &[M],
    found: &[M],
) -> Result<(), Mismatch> {
    let same = expected.len() == found.len()
        && expected.iter().all(|m| found.contains(m))
        && found.iter().all(|m| expected.contains(m));
    if same {
        Ok(())
    } else {
        Err(Mismatch::new(
            position(),
            format!("{what} {}", move_list(expected)),
            format!("{what} {}", move_list(found)),
        ))
    }
}
