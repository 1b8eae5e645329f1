//! The tiers of a database ([`tier_files`](super::tier_files)) solved as jobs that
//! several processes share: a [`Schedule`] that knows which tier waits for which and
//! hands out the ready ones, and [`TierWork`], what a process does with a job. No
//! transport here: `grundy solve ... --mpi` carries the jobs over MPI, the tests
//! carry them by hand; the files written are those [`solve_to_dir`] writes, byte for
//! byte.
//!
//! **Jobs.** A tier is ready once every tier its moves reach has its file. A tier
//! with moves inside it is one job ([`Job::Part`] of one part). A tier whose moves
//! all leave it is cut into parts of at most `part_size` positions (in the solver's
//! order), which need no exchange between processes: each part reads the finished
//! tiers above from their files. One part: the job writes the tier's file. Several:
//! each part's job writes a part file (`tier-NNNNN.part-PPPPP-of-QQQQQ.grundy-part`:
//! the identity, the range and its results, with a checksum), and once every part
//! is written an [`Job::Assemble`] job writes the tier's file from them and removes
//! them. Every file through a temporary and a rename.
//!
//! **Restart.** [`TierWork::plan`] reads the directory as [`solve_to_dir`] does: a
//! tier whose file is complete is done, not solved again; so is a part whose part
//! file is valid and of the same cut. Everything else is scheduled.
//!
//! **Limit.** Every process discovers the tiers itself (the same tiers, in the same
//! order: discovery is deterministic), so every process holds every tier's
//! positions, as the one-process solve does.
//!
//! [`solve_to_dir`]: super::tier_files::solve_to_dir

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::budget::Budget;
use super::retrograde::RulesetStates;
use super::tier_files::{
    checksum, key_player, read_complete, tier_bytes, tier_path, Identity, Placing, TierFileError,
};
use super::tiers::{explore, Explored};
use crate::files;
use crate::game::Player;
use crate::ruleset::Ruleset;

/// One piece of work on one tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Job {
    /// Solve part `part` (from 0) of the `parts` of tier `tier`
    /// ([`part_range`]); one part writes the tier's file, several a part file each.
    Part {
        /// The tier.
        tier: u32,
        /// Which part.
        part: u32,
        /// How many parts the tier is cut into.
        parts: u32,
    },
    /// Write the file of tier `tier` from its `parts` part files, then remove them.
    Assemble {
        /// The tier.
        tier: u32,
        /// How many parts.
        parts: u32,
    },
}

impl Job {
    /// The tier the job works on.
    pub fn tier(&self) -> u32 {
        match *self {
            Job::Part { tier, .. } | Job::Assemble { tier, .. } => tier,
        }
    }

    /// The job as four numbers, for a transport: kind (1 part, 2 assemble), tier,
    /// part, parts.
    pub fn to_words(&self) -> [u64; 4] {
        match *self {
            Job::Part { tier, part, parts } => [1, tier.into(), part.into(), parts.into()],
            Job::Assemble { tier, parts } => [2, tier.into(), 0, parts.into()],
        }
    }

    /// The job [`to_words`](Self::to_words) wrote; `None` for anything else.
    pub fn from_words(words: &[u64]) -> Option<Job> {
        let [kind, tier, part, parts] = *words else {
            return None;
        };
        let (tier, part, parts) = (
            u32::try_from(tier).ok()?,
            u32::try_from(part).ok()?,
            u32::try_from(parts).ok()?,
        );
        match kind {
            1 if part < parts => Some(Job::Part { tier, part, parts }),
            2 if part == 0 && parts > 1 => Some(Job::Assemble { tier, parts }),
            _ => None,
        }
    }
}

/// The positions (in the solver's order) of part `part` of `parts` of a tier of
/// `positions`: contiguous, in order, their sizes differing by at most one.
pub fn part_range(positions: u64, parts: u32, part: u32) -> Range<u64> {
    let parts = u64::from(parts.max(1));
    let at = |p: u64| positions / parts * p + (positions % parts).min(p);
    at(u64::from(part))..at(u64::from(part) + 1)
}

/// How many parts a tier of `positions` is cut into with parts of at most
/// `part_size` positions; one for a tier with moves inside it.
pub fn parts_for(positions: u64, internal: bool, part_size: u64) -> u32 {
    if internal || positions == 0 {
        return 1;
    }
    let parts = positions.div_ceil(part_size.max(1));
    u32::try_from(parts).unwrap_or(u32::MAX)
}

/// What the schedule knows of one tier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierPlan {
    /// The tier.
    pub tier: u32,
    /// Its positions.
    pub positions: u64,
    /// Whether some move stays within it (then it is never cut).
    pub internal: bool,
    /// The other tiers its moves reach: each must be done first.
    pub needs: Vec<u32>,
}

/// Why a schedule could not be made or a job not be marked finished.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// A tier needs a tier the schedule does not have, or one not above it.
    #[error("tier {tier} needs tier {needs}, which is not a higher tier of the schedule")]
    Needs {
        /// The tier.
        tier: u32,
        /// The tier it needs.
        needs: u32,
    },
    /// A tier is listed twice.
    #[error("tier {0} is listed twice")]
    Twice(u32),
    /// A job finished that was not handed out.
    #[error("{0:?} finished but was not handed out")]
    NotRunning(Job),
}

/// Where a tier stands.
#[derive(Clone, Debug)]
struct Slot {
    plan: TierPlan,
    parts: u32,
    /// Needs not done yet.
    waiting: usize,
    /// Parts whose work is done (their part files written).
    parts_done: BTreeSet<u32>,
    done: bool,
}

/// Which tiers are done, which are ready and which jobs run: handed out by
/// [`hand_out`](Schedule::hand_out), reported by [`finished`](Schedule::finished).
#[derive(Clone, Debug)]
pub struct Schedule {
    slots: BTreeMap<u32, Slot>,
    /// For each tier, the tiers that need it.
    needed_by: BTreeMap<u32, Vec<u32>>,
    ready: VecDeque<Job>,
    running: BTreeSet<Job>,
}

impl Schedule {
    /// The schedule of the tiers `plans`, cut into parts of at most `part_size`
    /// positions, the tiers `done` already done and, of the others, the parts
    /// `parts_done[tier]` (of the same cut) already written.
    pub fn new(
        plans: Vec<TierPlan>,
        part_size: u64,
        done: &BTreeSet<u32>,
        parts_done: &BTreeMap<u32, BTreeSet<u32>>,
    ) -> Result<Schedule, ScheduleError> {
        let mut slots = BTreeMap::new();
        for plan in plans {
            let tier = plan.tier;
            let parts = parts_for(plan.positions, plan.internal, part_size);
            let slot = Slot {
                parts,
                waiting: 0,
                parts_done: if parts > 1 {
                    parts_done
                        .get(&tier)
                        .map(|p| p.iter().copied().filter(|&p| p < parts).collect())
                        .unwrap_or_default()
                } else {
                    BTreeSet::new()
                },
                done: done.contains(&tier),
                plan,
            };
            if slots.insert(tier, slot).is_some() {
                return Err(ScheduleError::Twice(tier));
            }
        }
        let mut needed_by: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for (&tier, slot) in &slots {
            for &n in &slot.plan.needs {
                if n <= tier || !slots.contains_key(&n) {
                    return Err(ScheduleError::Needs { tier, needs: n });
                }
                needed_by.entry(n).or_default().push(tier);
            }
        }
        let waiting: Vec<(u32, usize)> = slots
            .iter()
            .map(|(&t, s)| (t, s.plan.needs.iter().filter(|n| !slots[n].done).count()))
            .collect();
        let mut schedule = Schedule {
            slots,
            needed_by,
            ready: VecDeque::new(),
            running: BTreeSet::new(),
        };
        // Highest tiers first: the order the one-process solve goes in.
        for (tier, w) in waiting.into_iter().rev() {
            let slot = schedule.slots.get_mut(&tier).expect("listed above");
            slot.waiting = w;
            if !slot.done && w == 0 {
                schedule.release(tier);
            }
        }
        Ok(schedule)
    }

    /// Tier `tier` has become ready: its jobs join the queue.
    fn release(&mut self, tier: u32) {
        let slot = &self.slots[&tier];
        let parts = slot.parts;
        if parts > 1 && slot.parts_done.len() == parts as usize {
            self.ready.push_back(Job::Assemble { tier, parts });
            return;
        }
        for part in (0..parts).filter(|p| !slot.parts_done.contains(p)) {
            self.ready.push_back(Job::Part { tier, part, parts });
        }
    }

    /// A ready job, now counted as running; `None` when none is ready (all done, or
    /// the ready ones wait for running jobs).
    pub fn hand_out(&mut self) -> Option<Job> {
        let job = self.ready.pop_front()?;
        self.running.insert(job);
        Some(job)
    }

    /// `job` is finished (its file written). Returns the tier it finished, if it
    /// was the tier's last job; the tiers that were waiting only for that one become
    /// ready.
    pub fn finished(&mut self, job: Job) -> Result<Option<u32>, ScheduleError> {
        if !self.running.remove(&job) {
            return Err(ScheduleError::NotRunning(job));
        }
        let tier = job.tier();
        let slot = self.slots.get_mut(&tier).expect("a running job's tier");
        match job {
            Job::Part { part, parts, .. } if parts > 1 => {
                slot.parts_done.insert(part);
                if slot.parts_done.len() == parts as usize {
                    self.ready.push_back(Job::Assemble { tier, parts });
                }
                return Ok(None);
            }
            _ => slot.done = true,
        }
        for t in self.needed_by.get(&tier).cloned().unwrap_or_default() {
            let s = self.slots.get_mut(&t).expect("listed");
            s.waiting -= 1;
            if s.waiting == 0 && !s.done {
                self.release(t);
            }
        }
        Ok(Some(tier))
    }

    /// Whether every tier is done.
    pub fn is_done(&self) -> bool {
        self.slots.values().all(|s| s.done)
    }

    /// How many tiers are done.
    pub fn tiers_done(&self) -> usize {
        self.slots.values().filter(|s| s.done).count()
    }

    /// How many tiers in all.
    pub fn tiers(&self) -> usize {
        self.slots.len()
    }

    /// How many jobs are handed out and not finished.
    pub fn running(&self) -> usize {
        self.running.len()
    }

    /// How many parts tier `tier` is cut into.
    pub fn parts(&self, tier: u32) -> Option<u32> {
        self.slots.get(&tier).map(|s| s.parts)
    }

    /// The positions of tier `tier`.
    pub fn positions(&self, tier: u32) -> u64 {
        self.slots.get(&tier).map_or(0, |s| s.plan.positions)
    }
}

/// What [`TierWork::plan`] found in the directory, with the schedule of the rest.
#[derive(Debug)]
pub struct Planned {
    /// The schedule of the tiers not done.
    pub schedule: Schedule,
    /// The tiers whose files are complete: reused.
    pub reused: Vec<u32>,
    /// The tiers whose files were there but refused, with the reason: solved again.
    pub refused: Vec<(u32, String)>,
    /// How many part files were complete and reused.
    pub parts_reused: usize,
    /// How many files a stopped run left that no job will use were removed: part
    /// files not reused (damaged, of a tier done or of another cut) and temporaries
    /// never renamed.
    pub removed: usize,
}

/// What a job did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobDone {
    /// The positions solved (0 for an assembly).
    pub positions: u64,
    /// The bytes written.
    pub bytes: u64,
}

/// A database's tiers ready to be worked on by one process: discovered from the
/// root, with the directory the files go to. What `grundy solve --mpi` runs on each
/// process; [`DynRuleset::tier_work`](crate::dynamic::DynRuleset::tier_work) makes one.
pub trait TierWork: Send {
    /// The tiers found from the root.
    fn tiers(&self) -> usize;
    /// The positions found from the root, in all tiers.
    fn positions(&self) -> u64;
    /// The positions of part `part` of `parts` of tier `tier` (all of the tier when
    /// `parts` is 1).
    fn part_positions(&self, tier: u32, part: u32, parts: u32) -> u64;
    /// Reads which tiers (and parts) the directory holds complete and schedules the
    /// others, cut into parts of at most `part_size` positions.
    /// Removes what a stopped run left that no job will use (part files not
    /// reused, temporaries never renamed): call it only while no process of the job
    /// writes.
    fn plan(&self, part_size: u64) -> Result<Planned, TierFileError>;
    /// Does `job`: solves its positions from the files of the tiers above (read as
    /// needed, kept while the next job needs them) and writes its file.
    fn run(&mut self, job: Job) -> Result<JobDone, TierFileError>;
}

/// Magic of a part file.
const PART_MAGIC: [u8; 8] = *b"GRUNDYTP";

/// Version of the part file format.
const PART_VERSION: u32 = 1;

/// Fixed bytes of a part file's header: magic, version, tier, part, parts, start,
/// end, text length.
const PART_HEADER: usize = 8 + 4 * 4 + 8 * 2 + 4;

/// The file of part `part` of `parts` of tier `tier` in `dir`.
pub fn part_path(dir: &Path, tier: u32, part: u32, parts: u32) -> PathBuf {
    dir.join(format!(
        "tier-{tier:05}.part-{part:05}-of-{parts:05}.grundy-part"
    ))
}

/// A part file's bytes: the header, the identity's JSON, the packed results, then
/// the checksum (FNV-1a of everything before it).
pub(crate) fn part_bytes(
    identity: &Identity,
    tier: u32,
    part: u32,
    parts: u32,
    range: &Range<u64>,
    results: &[u32],
) -> Vec<u8> {
    let text = serde_json::to_vec(identity).expect("an identity serialises");
    let mut out = Vec::with_capacity(PART_HEADER + text.len() + 4 * results.len() + 8);
    out.extend_from_slice(&PART_MAGIC);
    for w in [PART_VERSION, tier, part, parts] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&range.start.to_le_bytes());
    out.extend_from_slice(&range.end.to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(&text);
    for r in results {
        out.extend_from_slice(&r.to_le_bytes());
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The results in a part file's `bytes`, if it is exactly the part file
/// [`part_bytes`] writes for this identity, tier, part and range; else why not.
fn parse_part(
    bytes: &[u8],
    identity: &Identity,
    tier: u32,
    part: u32,
    parts: u32,
    range: &Range<u64>,
) -> Result<Vec<u32>, String> {
    let text = serde_json::to_vec(identity).expect("an identity serialises");
    let n = usize::try_from(range.end - range.start).map_err(|e| e.to_string())?;
    let len = PART_HEADER + text.len() + 4 * n + 8;
    if bytes.len() != len {
        return Err(format!(
            "{} bytes where the part needs {len}: truncated or damaged",
            bytes.len()
        ));
    }
    let (body, sum) = bytes.split_at(len - 8);
    if checksum(body).to_le_bytes() != sum {
        return Err("checksum differs: damaged".into());
    }
    let expected = part_bytes(identity, tier, part, parts, range, &[]);
    if body[..PART_HEADER + text.len()] != expected[..PART_HEADER + text.len()] {
        return Err("a part file of another game, root, tier or cut".into());
    }
    Ok(body[PART_HEADER + text.len()..]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The parts of the `parts` of tier `tier` whose part files in `dir` are complete
/// and of this cut (`range(part)`: the part's positions); none for a tier of one
/// part.
pub(crate) fn parts_written(
    dir: &Path,
    identity: &Identity,
    tier: u32,
    parts: u32,
    range: &dyn Fn(u32) -> Range<u64>,
) -> BTreeSet<u32> {
    let mut written = BTreeSet::new();
    if parts <= 1 {
        return written;
    }
    for part in 0..parts {
        let path = part_path(dir, tier, part, parts);
        let Ok(bytes) = files::read_limited(&path, super::tier_files::MAX_FILE_BYTES) else {
            continue;
        };
        if parse_part(&bytes, identity, tier, part, parts, &range(part)).is_ok() {
            written.insert(part);
        }
    }
    written
}

/// What a plan found in the directory: the tiers done (reused) and refused, and
/// the part files written of the others.
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) done: BTreeSet<u32>,
    pub(crate) reused: Vec<u32>,
    pub(crate) refused: Vec<(u32, String)>,
    pub(crate) parts_done: BTreeMap<u32, BTreeSet<u32>>,
    pub(crate) parts_reused: usize,
}

impl Found {
    /// Tier `tier`'s file is complete: reused.
    pub(crate) fn reused(&mut self, tier: u32) {
        self.done.insert(tier);
        self.reused.push(tier);
    }

    /// Of tier `tier`, the parts `written` are there (none for a tier of one part).
    pub(crate) fn parts(&mut self, tier: u32, written: BTreeSet<u32>) {
        self.parts_reused += written.len();
        if !written.is_empty() {
            self.parts_done.insert(tier, written);
        }
    }

    /// The schedule of `plans` with what was found, after removing from `dir` what no
    /// job will use ([`remove_stale`]).
    pub(crate) fn schedule(
        self,
        dir: &Path,
        plans: Vec<TierPlan>,
        part_size: u64,
    ) -> Result<Planned, TierFileError> {
        let schedule = Schedule::new(plans, part_size, &self.done, &self.parts_done)?;
        let removed = remove_stale(dir, &schedule, &self.parts_done)?;
        Ok(Planned {
            schedule,
            reused: self.reused,
            refused: self.refused,
            parts_reused: self.parts_reused,
            removed,
        })
    }
}

/// Removes from `dir` what a stopped run left that no job of `schedule` will use:
/// part files not in `parts_done` (of the schedule's cut) and temporaries never
/// renamed. Returns how many files were removed.
pub(crate) fn remove_stale(
    dir: &Path,
    schedule: &Schedule,
    parts_done: &BTreeMap<u32, BTreeSet<u32>>,
) -> Result<usize, TierFileError> {
    let keep: BTreeSet<PathBuf> = parts_done
        .iter()
        .flat_map(|(&tier, parts)| {
            let n = schedule.parts(tier).unwrap_or(1);
            parts.iter().map(move |&p| part_path(dir, tier, p, n))
        })
        .collect();
    let mut removed = 0;
    let entries = std::fs::read_dir(dir).map_err(|error| TierFileError::Dir {
        path: dir.to_owned(),
        doing: "list it",
        error,
    })?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let stale_part = name.starts_with("tier-") && name.ends_with(".grundy-part");
        let temporary = name.starts_with(".tier-")
            && name.ends_with(".partial")
            && (name.contains(".grundy-tier.") || name.contains(".grundy-part."));
        if (stale_part && !keep.contains(&entry.path())) || temporary {
            std::fs::remove_file(entry.path()).map_err(|error| TierFileError::Dir {
                path: entry.path(),
                doing: "remove what a stopped run left",
                error,
            })?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The results of tier `tier`, in order, from its `parts` part files in `dir`.
pub(crate) fn assemble_parts(
    dir: &Path,
    identity: &Identity,
    tier: u32,
    parts: u32,
    range: &dyn Fn(u32) -> Range<u64>,
) -> Result<Vec<u32>, TierFileError> {
    let mut results = Vec::new();
    for part in 0..parts {
        let path = part_path(dir, tier, part, parts);
        let bytes = files::read_limited(&path, super::tier_files::MAX_FILE_BYTES)?;
        let part_results = parse_part(&bytes, identity, tier, part, parts, &range(part))
            .map_err(|reason| TierFileError::Damaged { path, reason })?;
        results.extend(part_results);
    }
    Ok(results)
}

/// Removes the `parts` part files of tier `tier` from `dir`, once its file is
/// written.
pub(crate) fn remove_parts(dir: &Path, tier: u32, parts: u32) -> Result<(), TierFileError> {
    for part in 0..parts {
        let path = part_path(dir, tier, part, parts);
        std::fs::remove_file(&path).map_err(|error| TierFileError::Dir {
            path,
            doing: "remove the part file",
            error,
        })?;
    }
    Ok(())
}

/// [`TierWork`] for a ruleset.
struct RulesetWork<'r, R: Ruleset + ?Sized> {
    placing: Placing<'r, R>,
    identity: Identity,
    dir: PathBuf,
    explored: Explored<(R::Position, Player)>,
    /// The results of the tiers above read from their files, in the solver's order.
    loaded: BTreeMap<u32, Vec<u32>>,
}

/// The work on every tier reachable from `root` with `to_move` to move, into the
/// tier files in `dir` (made if missing): discovers the tiers (as [`solve_to_dir`]
/// does) and returns what one process needs to run jobs.
///
/// [`solve_to_dir`]: super::tier_files::solve_to_dir
pub fn tier_work<'r, R: Ruleset + ?Sized>(
    rules: &'r R,
    root: &R::Position,
    to_move: Player,
    dir: &Path,
) -> Result<Box<dyn TierWork + 'r>, TierFileError> {
    if super::ranked::whole_game(rules, root) {
        return Ok(Box::new(super::ranked::ranked_work(rules, root, dir)?));
    }
    let (placing, identity) = super::tier_files::prepare(rules, root, dir)?;
    let start = (root.clone(), key_player(rules.kind(), to_move));
    let explored = explore(&RulesetStates(rules), start, &mut Budget::unlimited())?;
    Ok(Box::new(RulesetWork {
        placing,
        identity,
        dir: dir.to_owned(),
        explored,
        loaded: BTreeMap::new(),
    }))
}

impl<R: Ruleset + ?Sized> RulesetWork<'_, R> {
    fn range(&self, tier: u32, part: u32, parts: u32) -> Range<usize> {
        let n = self.explored.states(tier).len() as u64;
        let r = part_range(n, parts, part);
        r.start as usize..r.end as usize
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> Result<u64, TierFileError> {
        files::write_atomically(path, |f| f.write_all(bytes))?;
        Ok(bytes.len() as u64)
    }

    /// The results of tier `t` from its file, which must be complete.
    fn load(&self, t: u32) -> Result<Vec<u32>, TierFileError> {
        let states = self.explored.states(t);
        match read_complete(&self.placing, &self.identity, &self.dir, t, states)? {
            Ok(results) => Ok(results),
            Err(reason) => Err(TierFileError::Damaged {
                path: tier_path(&self.dir, t),
                reason: format!("needed to solve a lower tier: {reason}"),
            }),
        }
    }
}

impl<R: Ruleset + ?Sized> TierWork for RulesetWork<'_, R> {
    fn tiers(&self) -> usize {
        self.explored.tiers().count()
    }

    fn positions(&self) -> u64 {
        self.explored
            .tiers()
            .map(|t| self.explored.states(t).len() as u64)
            .sum()
    }

    fn part_positions(&self, tier: u32, part: u32, parts: u32) -> u64 {
        self.range(tier, part, parts).len() as u64
    }

    fn plan(&self, part_size: u64) -> Result<Planned, TierFileError> {
        let mut plans = Vec::new();
        let mut found = Found::default();
        for tier in self.explored.tiers().collect::<Vec<_>>().into_iter().rev() {
            let states = self.explored.states(tier);
            let internal = self.explored.internal(tier);
            plans.push(TierPlan {
                tier,
                positions: states.len() as u64,
                internal,
                needs: self.explored.needs(tier),
            });
            if tier_path(&self.dir, tier).exists() {
                match read_complete(&self.placing, &self.identity, &self.dir, tier, states)? {
                    Ok(_) => {
                        found.reused(tier);
                        continue;
                    }
                    Err(why) => found.refused.push((tier, why)),
                }
            }
            let parts = parts_for(states.len() as u64, internal, part_size);
            let written = parts_written(&self.dir, &self.identity, tier, parts, &|p| {
                let r = self.range(tier, p, parts);
                r.start as u64..r.end as u64
            });
            found.parts(tier, written);
        }
        found.schedule(&self.dir, plans, part_size)
    }

    fn run(&mut self, job: Job) -> Result<JobDone, TierFileError> {
        let tier = job.tier();
        let states = self.explored.states(tier);
        match job {
            Job::Part { part, parts, .. } => {
                let needs = self.explored.needs(tier);
                self.loaded.retain(|t, _| needs.contains(t));
                for &t in &needs {
                    if !self.loaded.contains_key(&t) {
                        let results = self.load(t)?;
                        self.loaded.insert(t, results);
                    }
                }
                let range = self.range(tier, part, parts);
                let loaded = &self.loaded;
                let results = self.explored.solve_range(
                    &RulesetStates(self.placing.rules),
                    tier,
                    range.clone(),
                    &|t| loaded.get(&t).map(Vec::as_slice),
                )?;
                let positions = results.len() as u64;
                let bytes = if parts == 1 {
                    let bytes = tier_bytes(&self.placing, &self.identity, tier, states, &results)?;
                    self.write(&tier_path(&self.dir, tier), &bytes)?
                } else {
                    let r = range.start as u64..range.end as u64;
                    let bytes = part_bytes(&self.identity, tier, part, parts, &r, &results);
                    self.write(&part_path(&self.dir, tier, part, parts), &bytes)?
                };
                Ok(JobDone { positions, bytes })
            }
            Job::Assemble { parts, .. } => {
                let results = assemble_parts(&self.dir, &self.identity, tier, parts, &|p| {
                    let r = self.range(tier, p, parts);
                    r.start as u64..r.end as u64
                })?;
                let bytes = tier_bytes(&self.placing, &self.identity, tier, states, &results)?;
                let written = self.write(&tier_path(&self.dir, tier), &bytes)?;
                remove_parts(&self.dir, tier, parts)?;
                Ok(JobDone {
                    positions: 0,
                    bytes: written,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(tier: u32, positions: u64, needs: &[u32]) -> TierPlan {
        TierPlan {
            tier,
            positions,
            internal: false,
            needs: needs.to_vec(),
        }
    }

    /// A chain 0 <- 1 <- 2 <- 3, as Connect Four's tiers.
    fn chain() -> Vec<TierPlan> {
        vec![
            plan(0, 1, &[1]),
            plan(1, 7, &[2]),
            plan(2, 20, &[3]),
            plan(3, 5, &[]),
        ]
    }

    #[test]
    fn parts_cover_the_tier_in_order() {
        for positions in [0u64, 1, 5, 10, 11, 1000] {
            for parts in 1..12 {
                let mut next = 0;
                for part in 0..parts {
                    let r = part_range(positions, parts, part);
                    assert_eq!(r.start, next);
                    assert!(r.end - r.start <= positions.div_ceil(u64::from(parts)));
                    next = r.end;
                }
                assert_eq!(next, positions);
            }
        }
        assert_eq!(parts_for(10, false, 3), 4);
        assert_eq!(parts_for(10, true, 3), 1);
        assert_eq!(parts_for(0, false, 3), 1);
        assert_eq!(parts_for(9, false, 3), 3);
        for job in [
            Job::Part {
                tier: 3,
                part: 2,
                parts: 5,
            },
            Job::Assemble { tier: 7, parts: 2 },
        ] {
            assert_eq!(Job::from_words(&job.to_words()), Some(job));
        }
        assert_eq!(Job::from_words(&[1, 3, 5, 5]), None);
        assert_eq!(Job::from_words(&[2, 3, 0, 1]), None);
        assert_eq!(Job::from_words(&[9, 3, 0, 1]), None);
        assert_eq!(Job::from_words(&[1, 3, 0]), None);
    }

    #[test]
    fn a_chain_goes_down_one_tier_at_a_time_with_its_parts_in_parallel() {
        let mut s = Schedule::new(chain(), 8, &BTreeSet::new(), &BTreeMap::new()).unwrap();
        assert_eq!(
            s.hand_out(),
            Some(Job::Part {
                tier: 3,
                part: 0,
                parts: 1
            })
        );
        assert_eq!(s.hand_out(), None, "tier 2 waits for tier 3");
        assert_eq!(
            s.finished(Job::Part {
                tier: 3,
                part: 0,
                parts: 1
            }),
            Ok(Some(3))
        );
        // Tier 2: 20 positions in parts of 8: three parts, all ready at once.
        let parts: Vec<Job> = (0..3).map(|_| s.hand_out().unwrap()).collect();
        assert_eq!(s.hand_out(), None);
        assert_eq!(s.running(), 3);
        for (i, job) in parts.iter().enumerate() {
            assert_eq!(
                *job,
                Job::Part {
                    tier: 2,
                    part: i as u32,
                    parts: 3
                }
            );
        }
        // Finished out of order; the assembly comes after the last.
        assert_eq!(s.finished(parts[2]), Ok(None));
        assert_eq!(s.finished(parts[0]), Ok(None));
        assert_eq!(s.hand_out(), None);
        assert_eq!(s.finished(parts[1]), Ok(None));
        let assemble = s.hand_out().unwrap();
        assert_eq!(assemble, Job::Assemble { tier: 2, parts: 3 });
        assert_eq!(s.hand_out(), None, "tier 1 waits for the assembly");
        assert_eq!(s.finished(assemble), Ok(Some(2)));
        assert_eq!(
            s.finished(assemble),
            Err(ScheduleError::NotRunning(assemble))
        );
        let one = s.hand_out().unwrap();
        assert_eq!(s.finished(one), Ok(Some(1)));
        let zero = s.hand_out().unwrap();
        assert!(!s.is_done());
        assert_eq!(s.finished(zero), Ok(Some(0)));
        assert!(s.is_done());
        assert_eq!((s.tiers_done(), s.tiers(), s.running()), (4, 4, 0));
        assert_eq!(s.hand_out(), None);
    }

    #[test]
    fn tiers_that_do_not_wait_for_each_other_are_ready_together() {
        // 0 needs 1 and 2; 1 and 2 need 3; 4 needs nothing.
        let plans = vec![
            plan(0, 1, &[1, 2]),
            plan(1, 1, &[3]),
            plan(2, 1, &[3]),
            plan(3, 1, &[]),
            plan(4, 1, &[]),
        ];
        let mut s = Schedule::new(plans, 8, &BTreeSet::new(), &BTreeMap::new()).unwrap();
        let a = s.hand_out().unwrap();
        let b = s.hand_out().unwrap();
        assert_eq!((a.tier(), b.tier()), (4, 3));
        assert_eq!(s.hand_out(), None);
        assert_eq!(s.finished(a), Ok(Some(4)));
        assert_eq!(s.hand_out(), None);
        assert_eq!(s.finished(b), Ok(Some(3)));
        let d = s.hand_out().unwrap();
        let c = s.hand_out().unwrap();
        assert_eq!((d.tier(), c.tier()), (1, 2));
        assert_eq!(s.finished(d), Ok(Some(1)));
        assert_eq!(s.hand_out(), None, "tier 0 still needs tier 2");
        assert_eq!(s.finished(c), Ok(Some(2)));
        assert_eq!(s.hand_out().map(|j| j.tier()), Some(0));
    }

    #[test]
    fn a_restart_schedules_only_what_is_not_done() {
        // Tiers 3 and 2 done; of tier 1 (7 positions, parts of 2: four parts), parts
        // 0 and 3 written.
        let done: BTreeSet<u32> = [3, 2].into();
        let parts: BTreeMap<u32, BTreeSet<u32>> = [(1, [0, 3].into())].into();
        let mut s = Schedule::new(chain(), 2, &done, &parts).unwrap();
        assert_eq!(s.tiers_done(), 2);
        let a = s.hand_out().unwrap();
        let b = s.hand_out().unwrap();
        assert_eq!(
            (a, b),
            (
                Job::Part {
                    tier: 1,
                    part: 1,
                    parts: 4
                },
                Job::Part {
                    tier: 1,
                    part: 2,
                    parts: 4
                }
            )
        );
        assert_eq!(s.hand_out(), None);
        s.finished(a).unwrap();
        s.finished(b).unwrap();
        assert_eq!(s.hand_out(), Some(Job::Assemble { tier: 1, parts: 4 }));
        // Every part already written: straight to the assembly.
        let parts: BTreeMap<u32, BTreeSet<u32>> = [(2, [0, 1, 2].into())].into();
        let mut s = Schedule::new(chain(), 8, &[3].into(), &parts).unwrap();
        assert_eq!(s.hand_out(), Some(Job::Assemble { tier: 2, parts: 3 }));
        // Everything done: nothing to do.
        let mut s = Schedule::new(chain(), 8, &[0, 1, 2, 3].into(), &BTreeMap::new()).unwrap();
        assert!(s.is_done());
        assert_eq!(s.hand_out(), None);
    }

    #[test]
    fn a_bad_plan_is_refused() {
        let e = Schedule::new(
            vec![plan(0, 1, &[5])],
            8,
            &BTreeSet::new(),
            &BTreeMap::new(),
        );
        assert_eq!(e.unwrap_err(), ScheduleError::Needs { tier: 0, needs: 5 });
        let e = Schedule::new(
            vec![plan(1, 1, &[]), plan(2, 1, &[1])],
            8,
            &BTreeSet::new(),
            &BTreeMap::new(),
        );
        assert_eq!(e.unwrap_err(), ScheduleError::Needs { tier: 2, needs: 1 });
        let e = Schedule::new(
            vec![plan(1, 1, &[]), plan(1, 1, &[])],
            8,
            &BTreeSet::new(),
            &BTreeMap::new(),
        );
        assert_eq!(e.unwrap_err(), ScheduleError::Twice(1));
    }

    #[test]
    fn a_part_file_reads_back_and_refuses_any_change() {
        let id = Identity {
            game: "g".into(),
            parameters: String::new(),
            root: "r".into(),
        };
        let range = 4..7;
        let bytes = part_bytes(&id, 3, 1, 2, &range, &[9, 10, 11]);
        assert_eq!(
            parse_part(&bytes, &id, 3, 1, 2, &range),
            Ok(vec![9, 10, 11])
        );
        assert!(parse_part(&bytes, &id, 3, 0, 2, &range).is_err());
        assert!(parse_part(&bytes, &id, 3, 1, 2, &(4..8)).is_err());
        assert!(parse_part(&bytes[..bytes.len() - 1], &id, 3, 1, 2, &range).is_err());
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 4;
            assert!(parse_part(&bad, &id, 3, 1, 2, &range).is_err(), "byte {at}");
        }
    }
}
