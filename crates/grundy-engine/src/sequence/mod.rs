//! Grundy sequences of single-heap games and their proven periods.
//!
//! A heap game (a subtraction game, an octal game) has a Grundy value G(n) for every
//! heap size n. This module computes G(0), G(1), ... and proves that the sequence is
//! ultimately periodic: it finds the *preperiod* i, the smallest i with
//! G(n + p) = G(n) for all n ≥ i, and the *period* p, the smallest such p.
//!
//! A period is only reported when a theorem proves it from the computed values
//! ([`ProofRule`]):
//!
//! - subtraction games with largest subtraction m: G(n) depends only on the m values
//!   before it, so once G(n + p) = G(n) holds on m consecutive n, it holds forever;
//! - octal games removing at most t stones: if G(n + p) = G(n) for all
//!   i ≤ n < 2·max(i, 1) + p + t − 1, then for all n ≥ i (the periodicity theorem,
//!   with the bound derived in [`period::split_first_unchecked`]); for hexadecimal
//!   games, whose moves may leave three heaps, i ≤ n < 3·max(i, 1) + 2p + t − 2.
//!
//! Every claim is found by one piece of code and re-verified by another before it is
//! reported: [`compute`] passes each period that [`period`] finds through
//! [`check::check_period`], a plain loop over the theorem's conditions.
//!
//! The parts:
//!
//! - [`period`]: finds a proven period in computed values (one pass, linear time);
//! - [`check`]: re-verifies a claimed period by the theorem's exact conditions, and
//!   values by the definition;
//! - [`certificate`]: files holding what a proof rests on, and their checker;
//! - [`mex`]: the marks behind the mex of a heap's options, for sources;
//! - [`spec`]: what a ruleset offers `grundy sequence` ([`SequenceSpec`]: how to
//!   compute its sequence, by which [`Method`], and the [`ProofRule`] of its period);
//! - [`svg`]: a picture of a sequence;
//!
//! The sources of the games' values (the definition, the sparse-space method, the
//! periodic-tail shortcut) live with their games (under `rules`), each a [`Source`].
//! - [`compute`]: runs a computation until a period is proven or a bound is reached,
//!   reporting progress.
//!
//! ```
//! use grundy_games::rules::subtraction::SubtractionValues;
//! use grundy_engine::sequence::{compute, Options, ProofRule};
//!
//! // The subtraction game {2, 4, 5}.
//! let mut source = SubtractionValues::new(vec![2, 4, 5]);
//! let seq = compute(&mut source, ProofRule::Window { width: 5 }, &Options::until_proven(1000), &mut |_| {});
//! let period = seq.period.unwrap();
//! assert_eq!((period.preperiod, period.period), (0, 7));
//! assert_eq!(&seq.values[..7], &[0, 0, 1, 1, 2, 2, 3]);
//! ```

pub mod certificate;
pub mod check;
pub mod checkpoint;
pub mod mex;
pub mod period;
pub mod spec;
pub mod svg;

use serde::Serialize;

pub use period::{proven_period, Period, ProofRule};
pub use spec::{Method, MethodError, SequenceError, SequenceSpec};

/// Something that computes a Grundy sequence value after value.
pub trait Source {
    /// Appends values to `values` (which holds G(0), ..., G(len − 1) as computed by
    /// this source) until it holds `len` values.
    fn extend(&mut self, values: &mut Vec<u32>, len: usize);

    /// Takes `known`, the values that follow `values` (computed before, by any source
    /// of the same game), as if this source had computed them: appends them to
    /// `values` and brings its own state up to date, so that
    /// [`extend`](Source::extend) goes on from there. A computation resumes from a
    /// checkpoint this way.
    fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]);

    /// How many rare heaps the sparse-space method lists, while it is in use; `None`
    /// (the default) for other methods.
    fn rare_heaps(&self) -> Option<usize> {
        None
    }
}

/// How far to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Compute exactly G(0), ..., G(to), then report a period if these values prove one.
    pub to: Option<usize>,
    /// Without `to`: compute until a period is proven, but not beyond G(limit).
    pub limit: usize,
    /// Stop after this long (between chunks of values), keeping what was computed
    /// and the period those values prove, if any; `None` for no limit.
    pub time_limit: Option<std::time::Duration>,
}

impl Options {
    /// Compute G(0), ..., G(to) and no more.
    pub fn to(to: usize) -> Options {
        Options {
            to: Some(to),
            limit: to,
            time_limit: None,
        }
    }

    /// Compute until a period is proven or G(limit) is reached.
    pub fn until_proven(limit: usize) -> Options {
        Options {
            to: None,
            limit,
            time_limit: None,
        }
    }

    /// The same, stopping after `time_limit`.
    pub fn with_time_limit(self, time_limit: Option<std::time::Duration>) -> Options {
        Options { time_limit, ..self }
    }

    /// Whether a computation started at `started` must stop: past its time limit,
    /// or cancelled by its front end ([`deadline::expire`](crate::deadline::expire)).
    pub(crate) fn out_of_time(&self, started: std::time::Instant) -> bool {
        self.time_limit.is_some_and(|t| started.elapsed() >= t) || crate::deadline::cancelled()
    }

    /// Checks that the values asked for fit [`MAX_VALUES`].
    pub fn check(&self) -> Result<(), TooManyValues> {
        let n = self.to.unwrap_or(self.limit);
        if n >= MAX_VALUES {
            return Err(TooManyValues { asked: n });
        }
        Ok(())
    }
}

/// The time limit of a computation, in seconds: 0 (no limit) to 30 days.
pub const TIME_LIMIT: grundy_values::bounds::Range =
    grundy_values::bounds::Range::new(0.0, 30.0 * 24.0 * 3600.0);

/// The most values a sequence holds: 2^29 (2 GB of values, about 6 GB with the
/// sparse-space method's tables: enough to prove 0.1777's period, which needs
/// 4.4·10^8).
pub const MAX_VALUES: usize = 1 << 29;

/// More values asked for than [`MAX_VALUES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("G({asked}) is past the {MAX_VALUES} values a sequence may hold (about 6 GB)")]
pub struct TooManyValues {
    /// The last heap asked for.
    pub asked: usize,
}

/// How a computation is going, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Values computed so far.
    pub computed: usize,
    /// The most values the computation will compute (fewer if a period is proven).
    pub goal: usize,
    /// The heap sizes the sparse-space method lists against every other (its rare
    /// heaps), while it is in use; its cost per value grows with their number.
    pub rare: Option<usize>,
}

/// A computed Grundy sequence and its period, if one was proven.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sequence {
    /// G(0), G(1), ..., G(computed − 1).
    pub values: Vec<u32>,
    /// The proven preperiod and period, or `None` if the computed values prove none.
    pub period: Option<Period>,
}

impl Sequence {
    /// How many values were computed.
    pub fn computed(&self) -> usize {
        self.values.len()
    }

    /// G(n) for any heap size n: computed directly, or by the proven period beyond the
    /// computed values. `None` when n is beyond the computed values and no period is
    /// proven.
    pub fn get(&self, n: u64) -> Option<u32> {
        if let Ok(k) = usize::try_from(n) {
            if k < self.values.len() {
                return Some(self.values[k]);
            }
        }
        let p = self.period?;
        let (i, per) = (p.preperiod as u64, p.period as u64);
        Some(self.values[(i + (n - i) % per) as usize])
    }
}

/// Values computed between two progress reports.
const CHUNK: usize = 4096;

/// The values to compute next: from 64, twice as many after a chunk that took less
/// than 50 ms (up to [`CHUNK`]), half as many after one that took more than 250 ms,
/// so that progress and the time limit are looked at every quarter of a second or so
/// even where values cost more as the heaps grow.
#[derive(Debug)]
pub(crate) struct Chunks {
    size: usize,
}

impl Chunks {
    pub(crate) fn new() -> Chunks {
        Chunks { size: 64 }
    }

    /// Extends `values` by the next chunk, at most to `until` values.
    pub(crate) fn extend(&mut self, source: &mut dyn Source, values: &mut Vec<u32>, until: usize) {
        let started = std::time::Instant::now();
        let next = until.min(values.len() + self.size);
        source.extend(values, next);
        let took = started.elapsed();
        if took > std::time::Duration::from_millis(250) {
            self.size = (self.size / 2).max(16);
        } else if took < std::time::Duration::from_millis(50) {
            self.size = (self.size * 2).min(CHUNK);
        }
    }
}

/// Computes a sequence with `source` as `options` say, proving periods by `rule`.
///
/// Without [`Options::to`], the computation checks for a proven period at lengths
/// that grow geometrically (by 1/16), and at the exact length that a promising
/// candidate (a tail that already repeats twice) needs, so the checks cost a small
/// constant factor over computing the values; it stops as soon as a check proves a
/// period, usually at the least length the proof rule allows. With [`Options::to`] it computes exactly
/// `to + 1` values and checks once.
pub fn compute(
    source: &mut dyn Source,
    rule: ProofRule,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Sequence {
    compute_resumable(source, Some(rule), options, progress, Resume::afresh())
}

/// A hook given every value computed so far, and whether the computation is over.
pub type Save<'a> = dyn FnMut(&[u32], bool) + 'a;

/// What a computation resumes from, and how it saves its work for a later resume.
pub struct Resume<'a> {
    /// G(0), G(1), ... computed before, by any method (the values are the game's);
    /// empty to start afresh. Values past the ones asked for are left out.
    pub known: Vec<u32>,
    /// Called after every chunk of values with all the values so far, and once more
    /// at the end with `true`: the caller saves them as often as it likes.
    pub save: Option<&'a mut Save<'a>>,
}

impl Resume<'_> {
    /// From no values, saving nothing.
    pub fn afresh() -> Resume<'static> {
        Resume {
            known: Vec::new(),
            save: None,
        }
    }
}

/// [`compute`] going on from values computed before (`resume.known`), and with no
/// period claimed when `rule` is `None` (a game whose periods no theorem proves).
/// The results are those of a computation from scratch: the values are the game's,
/// whichever computation found them.
pub fn compute_resumable(
    source: &mut dyn Source,
    rule: Option<ProofRule>,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
    resume: Resume<'_>,
) -> Sequence {
    let goal = options.to.unwrap_or(options.limit).saturating_add(1);
    let started = std::time::Instant::now();
    let mut chunks = Chunks::new();
    let mut known = resume.known;
    known.truncate(goal);
    let mut values: Vec<u32> = Vec::with_capacity(known.len());
    // Up to `until` values: the known ones first (taken as they are, in the steps a
    // computation from scratch would make, so that its period checks fall at the
    // same lengths), then computed.
    let mut advance = |source: &mut dyn Source, values: &mut Vec<u32>, until: usize| {
        if values.len() < known.len() {
            let end = until.min(known.len());
            let from = values.len();
            source.resume(values, &known[from..end]);
        } else {
            chunks.extend(source, values, until);
        }
    };
    let mut nothing = |_: &[u32], _: bool| {};
    let save: &mut dyn FnMut(&[u32], bool) = match resume.save {
        Some(save) => save,
        None => &mut nothing,
    };
    let mut report =
        |values: &Vec<u32>, rare: Option<usize>, progress: &mut dyn FnMut(Progress)| {
            save(values, false);
            progress(Progress {
                computed: values.len(),
                goal,
                rare,
            })
        };
    let finish = |values: Vec<u32>, period: Option<Period>, save: &mut dyn FnMut(&[u32], bool)| {
        save(&values, true);
        Sequence { values, period }
    };
    let Some(rule) = rule.filter(|_| options.to.is_none()) else {
        while values.len() < goal {
            advance(source, &mut values, goal);
            report(&values, source.rare_heaps(), progress);
            if options.out_of_time(started) {
                break;
            }
        }
        let period =
            rule.and_then(|rule| checked(&values, rule, proven_period(&values, rule).proven));
        return finish(values, period, save);
    };
    let mut next_check = 1;
    loop {
        advance(source, &mut values, goal.min(next_check));
        report(&values, source.rare_heaps(), progress);
        let len = values.len();
        let out_of_time = options.out_of_time(started);
        if len < next_check && len < goal && !out_of_time {
            continue;
        }
        let scan = proven_period(&values, rule);
        let period = checked(&values, rule, scan.proven);
        if period.is_some() || len >= goal || out_of_time {
            return finish(values, period, save);
        }
        let gap = (len / 16).max(1);
        next_check = match scan.target {
            Some(t) if t > len => t.clamp(len + (gap / 8).max(1), len + gap),
            _ => len + gap,
        };
    }
}

/// `claim` if the independent checker accepts it. A claim it rejects is a bug of the
/// search: it fails debug builds (and tests), and is dropped otherwise, so that no
/// unverified period is ever reported.
fn checked(values: &[u32], rule: ProofRule, claim: Option<Period>) -> Option<Period> {
    let claim = claim?;
    match check::check_period(values, rule, claim) {
        Ok(()) => Some(claim),
        Err(violation) => {
            debug_assert!(false, "the period search claimed {claim:?}: {violation}");
            None
        }
    }
}

/// A heap too large for the values computed, when they prove no period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("heap {heap} is beyond the {computed} values computed, and they prove no period")]
pub struct BeyondComputed {
    /// The heap size asked for.
    pub heap: u64,
    /// How many values were computed.
    pub computed: usize,
}

/// The most values [`table_for`] computes to look up heaps; larger heaps need a
/// proven period.
pub const TABLE_LIMIT: usize = 1 << 22;

/// A sequence for looking up the heaps `heaps`: computed until a period is proven,
/// or up to the largest heap (at most [`TABLE_LIMIT`] values); then checks that
/// every heap can be looked up.
pub fn table_for(
    source: &mut dyn Source,
    rule: ProofRule,
    heaps: &[u64],
) -> Result<Sequence, BeyondComputed> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let limit = usize::try_from(largest).map_or(TABLE_LIMIT, |h| h.min(TABLE_LIMIT));
    let seq = compute(source, rule, &Options::until_proven(limit), &mut |_| {});
    match heaps.iter().find(|&&h| seq.get(h).is_none()) {
        Some(&heap) => Err(BeyondComputed {
            heap,
            computed: seq.computed(),
        }),
        None => Ok(seq),
    }
}
