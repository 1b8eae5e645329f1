//! `mpirun -n N grundy solve GAME POSITION --tiers --out DIR --mpi`: the transport
//! of the tier jobs (`grundy::engine::tier_jobs`) over MPI, and nothing more. What is
//! ready, what to hand out and what a restart reuses is decided by the library's
//! `Schedule`; what a job does, by its `TierWork`.
//!
//! Every process discovers the tiers itself. Rank 0 plans (reads which files are
//! complete), then runs the schedule on its main thread, the only one that calls
//! MPI, and solves jobs too on a second thread; ranks 1 and up ask rank 0 for a job,
//! do it (its file written into DIR) and report, until rank 0 says stop. Waiting is
//! by polling with a millisecond's sleep, not MPI's busy wait, so a process that
//! waits leaves the shared cores to those that work.
//!
//! For tests only: `GRUNDY_MPI_ABORT_AFTER=R:K` makes rank R exit at once, without
//! reporting, after writing the file of its K-th job, as a killed process would;
//! `mpirun` then ends the whole job.

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use grundy::dynamic::DynRuleset;
use grundy::engine::tier_jobs::{Job, JobDone, Planned, TierWork};
use grundy::Player;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Threading;

use super::solve::commas;

/// What `grundy solve --mpi` was asked.
pub struct Options<'a> {
    /// The root, in the game's notation.
    pub position: &'a str,
    /// The directory of the tier files.
    pub out: &'a Path,
    /// No progress on standard error.
    pub quiet: bool,
    /// The most positions of a part.
    pub part_size: u64,
}

/// A worker's first message: ready for a job.
const TAG_READY: i32 = 1;
/// A worker's report: the job (4 words), positions solved, bytes written.
const TAG_DONE: i32 = 2;
/// Rank 0's job for a worker (4 words).
const TAG_JOB: i32 = 3;
/// Rank 0's last word to a worker.
const TAG_STOP: i32 = 4;

/// How long a waiting process sleeps between polls.
const POLL: Duration = Duration::from_millis(1);

/// `GRUNDY_MPI_ABORT_AFTER=R:K`, if it names this rank: K.
fn abort_after(rank: i32) -> Option<usize> {
    let v = std::env::var("GRUNDY_MPI_ABORT_AFTER").ok()?;
    let (r, k) = v.split_once(':')?;
    (r.trim().parse::<i32>().ok()? == rank).then(|| k.trim().parse().ok())?
}

/// After the `count`-th job of this rank: exits at once if the test asks it to.
fn maybe_abort(rank: i32, count: usize) {
    if abort_after(rank) == Some(count) {
        eprintln!("grundy solve --mpi: rank {rank}: GRUNDY_MPI_ABORT_AFTER: exiting after {count} jobs, as a killed process would");
        std::process::exit(86);
    }
}

/// Waits, by polling, for the next message from `source`: its words and tag.
fn receive(source: &impl Source) -> (Vec<u64>, i32) {
    loop {
        if let Some(probed) = source.immediate_matched_probe() {
            let (words, status) = probed.matched_receive_vec::<u64>();
            return (words, status.tag());
        }
        std::thread::sleep(POLL);
    }
}

/// Runs this process's part of `grundy solve --mpi`.
pub fn run(opts: Options<'_>, game: &dyn DynRuleset, to_move: Player) -> anyhow::Result<ExitCode> {
    let (universe, threading) = mpi::initialize_with_threading(Threading::Funneled)
        .ok_or_else(|| anyhow!("--mpi: MPI could not be initialised"))?;
    if threading < Threading::Funneled {
        anyhow::bail!("--mpi: this MPI does not let a process run threads beside its MPI calls ({threading:?})");
    }
    let world = universe.world();
    let rank = world.rank();
    let started = Instant::now();
    let work = match game.tier_work(opts.position, to_move, opts.out) {
        Ok(w) => w,
        // Every process meets the same error (the same game, root and directory):
        // rank 0 says it, the others end quietly with the same status.
        Err(e) if rank == 0 => return Err(e.into()),
        Err(_) => return Ok(ExitCode::from(2)),
    };
    let result = if rank == 0 {
        lead(&world, work, &opts, game, started)
    } else {
        follow(&world, work)
    };
    match result {
        Ok(code) => Ok(code),
        Err(e) => {
            // One process failing leaves the others waiting: end them all.
            eprintln!("grundy: rank {rank}: {e:#}");
            world.abort(2)
        }
    }
}

/// Ranks 1 and up: ask, solve, report, until told to stop.
fn follow(
    world: &SimpleCommunicator,
    mut work: Box<dyn TierWork + '_>,
) -> anyhow::Result<ExitCode> {
    let rank = world.rank();
    let root = world.process_at_rank(0);
    root.send_with_tag(&[0u64][..], TAG_READY);
    let mut count = 0;
    loop {
        let (words, tag) = receive(&root);
        if tag == TAG_STOP {
            return Ok(ExitCode::SUCCESS);
        }
        let job = Job::from_words(&words)
            .filter(|_| tag == TAG_JOB)
            .ok_or_else(|| {
                anyhow!("a message from rank 0 that is not a job: tag {tag}, {words:?}")
            })?;
        let done = work.run(job).with_context(|| format!("{job:?}"))?;
        count += 1;
        maybe_abort(rank, count);
        let [a, b, c, d] = job.to_words();
        root.send_with_tag(&[a, b, c, d, done.positions, done.bytes][..], TAG_DONE);
    }
}

/// Who does a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Worker {
    /// Rank 0's own solving thread.
    Local,
    /// Another rank.
    Rank(i32),
}

/// Rank 0: the schedule, its own solving thread, and the reports.
fn lead(
    world: &SimpleCommunicator,
    mut work: Box<dyn TierWork + '_>,
    opts: &Options<'_>,
    game: &dyn DynRuleset,
    started: Instant,
) -> anyhow::Result<ExitCode> {
    let size = world.size();
    let Planned {
        mut schedule,
        reused,
        refused,
        parts_reused,
        removed,
    } = work.plan(opts.part_size)?;
    let (tiers, positions) = (work.tiers(), work.positions());
    let say = |line: String| {
        if !opts.quiet {
            eprintln!("{line}");
        }
    };
    say(format!(
        "{} positions in {tiers} tiers discovered in {:.1} s; {} processes",
        commas(positions),
        started.elapsed().as_secs_f64(),
        size
    ));
    for &t in &reused {
        say(format!("tier {t}: reused (its file is complete)"));
    }
    for (t, why) in &refused {
        say(format!(
            "tier {t}: its file is refused, solved again ({why})"
        ));
    }
    if parts_reused > 0 {
        say(format!("{parts_reused} part files reused"));
    }
    if removed > 0 {
        say(format!(
            "{removed} files a stopped run left (part files not reused, temporaries) removed"
        ));
    }
    let solving = Instant::now();
    let mut jobs_by: BTreeMap<Worker, usize> = BTreeMap::new();
    let mut tier_bytes: BTreeMap<u32, (u64, u64)> = BTreeMap::new();
    let (mut solved_positions, mut bytes_written, mut tiers_solved) = (0u64, 0u64, 0usize);

    let (to_local, local_jobs) = mpsc::channel::<Job>();
    let (local_done, from_local) = mpsc::channel::<Result<(Job, JobDone), String>>();
    let outcome = std::thread::scope(|scope| -> anyhow::Result<()> {
        scope.spawn(move || {
            let mut count = 0;
            while let Ok(job) = local_jobs.recv() {
                let done = work.run(job).map_err(|e| format!("{job:?}: {e}"));
                let failed = done.is_err();
                count += 1;
                if !failed {
                    maybe_abort(0, count);
                }
                if local_done.send(done.map(|d| (job, d))).is_err() || failed {
                    break;
                }
            }
        });
        let mut idle: VecDeque<Worker> = VecDeque::from([Worker::Local]);
        let mut running = 0usize;
        let mut stopped = 0;
        // Every remote rank is stopped once it is idle and everything is done.
        while stopped < size - 1 || !schedule.is_done() || running > 0 {
            // Hand out what is ready.
            while !idle.is_empty() {
                let Some(job) = schedule.hand_out() else {
                    break;
                };
                let w = idle.pop_front().expect("not empty");
                match w {
                    Worker::Local => to_local
                        .send(job)
                        .map_err(|_| anyhow!("rank 0's solving thread has stopped"))?,
                    Worker::Rank(r) => world
                        .process_at_rank(r)
                        .send_with_tag(&job.to_words()[..], TAG_JOB),
                }
                running += 1;
                *jobs_by.entry(w).or_default() += 1;
            }
            if schedule.is_done() && running == 0 {
                while let Some(w) = idle.pop_front() {
                    if let Worker::Rank(r) = w {
                        world
                            .process_at_rank(r)
                            .send_with_tag(&[0u64][..], TAG_STOP);
                        stopped += 1;
                    }
                }
            }
            // One report, from rank 0's thread or another rank.
            let report = if let Ok(r) = from_local.try_recv() {
                let (job, done) = r.map_err(|e| anyhow!(e))?;
                Some((Worker::Local, job, done))
            } else if let Some(probed) = world.any_process().immediate_matched_probe() {
                let (words, status) = probed.matched_receive_vec::<u64>();
                let from = Worker::Rank(status.source_rank());
                match status.tag() {
                    TAG_READY => {
                        idle.push_back(from);
                        None
                    }
                    TAG_DONE if words.len() == 6 => {
                        let job = Job::from_words(&words[..4])
                            .ok_or_else(|| anyhow!("{from:?} reported no job: {words:?}"))?;
                        let done = JobDone {
                            positions: words[4],
                            bytes: words[5],
                        };
                        Some((from, job, done))
                    }
                    tag => anyhow::bail!("{from:?} sent an unknown message: tag {tag}, {words:?}"),
                }
            } else {
                std::thread::sleep(POLL);
                None
            };
            let Some((from, job, done)) = report else {
                continue;
            };
            running -= 1;
            idle.push_back(from);
            solved_positions += done.positions;
            bytes_written += done.bytes;
            let t = tier_bytes.entry(job.tier()).or_default();
            t.0 += done.positions;
            t.1 += done.bytes;
            if let Some(tier) = schedule.finished(job)? {
                tiers_solved += 1;
                let (p, b) = tier_bytes[&tier];
                let secs = solving.elapsed().as_secs_f64();
                say(format!(
                    "tier {tier}: {} positions solved in {} part{}, {} bytes written; {} of {} tiers done, {:.0} positions/s, {} bytes written in all, {:.1} s",
                    commas(p),
                    schedule.parts(tier).unwrap_or(1),
                    if schedule.parts(tier) == Some(1) { "" } else { "s" },
                    commas(b),
                    schedule.tiers_done(),
                    schedule.tiers(),
                    solved_positions as f64 / secs.max(1e-6),
                    commas(bytes_written),
                    started.elapsed().as_secs_f64()
                ));
            }
        }
        drop(to_local);
        Ok(())
    });
    outcome?;
    let secs = started.elapsed().as_secs_f64();
    let by: Vec<String> = jobs_by
        .iter()
        .map(|(w, n)| match w {
            Worker::Local => format!("rank 0: {n}"),
            Worker::Rank(r) => format!("rank {r}: {n}"),
        })
        .collect();
    println!(
        "{} positions of {} in {tiers} tiers from {}: {tiers_solved} tiers solved ({} positions, {:.0} positions/s) by {size} processes (jobs {}), {} reused{}; {} bytes written to {} in {:.2} s.",
        commas(positions),
        game.title(),
        opts.position,
        commas(solved_positions),
        solved_positions as f64 / solving.elapsed().as_secs_f64().max(1e-6),
        if by.is_empty() { "none".to_owned() } else { by.join(", ") },
        reused.len(),
        if reused.is_empty() {
            String::new()
        } else {
            let mut r = reused.clone();
            r.sort_unstable();
            format!(
                " (tiers {})",
                r.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            )
        },
        commas(bytes_written),
        opts.out.display(),
        secs
    );
    Ok(ExitCode::SUCCESS)
}
