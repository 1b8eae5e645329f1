//! A whole game solved rank by rank: every ranked position of every tier, from the
//! root's up, into the tier files of [`tier_files`](super::tier_files), with no
//! position discovered or held.
//!
//! A game whose moves all go from a tier to the next ([`Rank::climbs_one`]: every
//! tic-tac-toe or Connect Four move adds a mark) and whose root is alone in its tier
//! (the empty board) is solved as GamesmanOne solves it: tier `k`'s results are
//! computed slot by slot from tier `k + 1`'s, each slot's position unranked, its
//! moves played and the positions they reach ranked again ([`RankSpace`]). The
//! memory is the results of two tiers (4 bytes a slot), whatever the game's size,
//! and a tier cut into ranges of slots needs nothing from its other ranges, so the
//! processes of an MPI job ([`tier_jobs`](super::tier_jobs)) each hold only the
//! tiers of the jobs they run.
//!
//! Every rank is solved, also those of positions play never reaches from the root
//! (a board with two fours): telling them apart would cost as much as solving them.
//! Each is answered by the rules as they stand (a board with a four is lost for the
//! player to move), and the notation of the games refuses such boards before any
//! question reaches the files.
//!
//! The game's own space (Connect Four's, over column heights and packed colourings)
//! is checked against [`RulesetRanks`], the generic space over `unrank`, the moves
//! and `rank`, on every rank of the small boards (`tests/rules/tier_files.rs` of
//! `grundy-games`), and the files against the retrograde engine on every position.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::retrograde::packed::{pack, unpack, DRAW, LOSE, TIE, WIN};
use super::tier_files::{
    read_ranked, tier_path, write_ranked, Done, Identity, SolveReport, TierDone, TierFileError,
    NOT_REACHED,
};
use super::tier_jobs::{
    assemble_parts, part_bytes, part_path, part_range, parts_written, Found, Job, JobDone, Planned,
    TierPlan, TierWork,
};
use crate::files;
use crate::game::Player;
use crate::ruleset::{End, Expansion, Kind, Rank, RankSpace, Ruleset, RulesetExt};

/// The most tiers a ranked game may have.
const MAX_TIERS: u32 = 1 << 16;

/// The slots a parallel task of [`solve_slots`] takes at a time.
const CHUNK: usize = 1 << 14;

/// The generic [`RankSpace`] of a ruleset with [`Rank`]: each rank unranked to its
/// position, the position's end or moves asked of the ruleset, and each position a
/// move reaches ranked.
pub struct RulesetRanks<'r, R: Ruleset + ?Sized> {
    rules: &'r R,
    rank: &'r dyn Rank<Position = R::Position, Move = R::Move>,
    like: R::Position,
}

impl<'r, R: Ruleset + ?Sized> RulesetRanks<'r, R> {
    /// The space of the positions shaped like `like`; `None` when the ruleset does
    /// not rank its tiers.
    pub fn new(rules: &'r R, like: R::Position) -> Option<Self> {
        Some(RulesetRanks {
            rules,
            rank: rules.capabilities().rank?,
            like,
        })
    }
}

impl<R: Ruleset + ?Sized> RankSpace for RulesetRanks<'_, R> {
    fn expand(&self, tier: u32, rank: u64, to_move: Player, children: &mut Vec<u64>) -> Expansion {
        let Some(pos) = self.rank.unrank(&self.like, tier, rank) else {
            return Expansion::NoPosition;
        };
        if let Some(end) = self.rules.end(&pos, to_move) {
            return Expansion::Over(end);
        }
        for mv in self.rules.moves(&pos, to_move) {
            let child = self.rules.play(&pos, &mv);
            // A child without a rank gets one past every slot: the solver refuses it.
            children.push(self.rank.rank(&child).unwrap_or(u64::MAX));
        }
        Expansion::Moves
    }
}

/// Whether `root` starts a whole game solved rank by rank: the ruleset ranks its
/// tiers, every move climbs one tier, and `root` is the only position of its tier.
pub fn whole_game<R: Ruleset + ?Sized>(rules: &R, root: &R::Position) -> bool {
    let Some(rank) = rules.capabilities().rank else {
        return false;
    };
    let Some(tier) = rules.tier(root) else {
        return false;
    };
    rank.climbs_one() && rank.tier_size(root, tier) == Some(1) && rank.rank(root) == Some(0)
}

/// What the ranked solver reads: the space, the slots of each tier, the players.
struct Ranked<'r> {
    space: Box<dyn RankSpace + 'r>,
    /// 1 (an impartial game) or 2: slot `rank × players + player`.
    players: u8,
    /// The tiers from the root's up, with their slots.
    tiers: BTreeMap<u32, u64>,
}

impl<'r> Ranked<'r> {
    fn new<R: Ruleset + ?Sized>(
        rules: &'r R,
        root: &R::Position,
    ) -> Result<Ranked<'r>, TierFileError> {
        let rank = rules
            .capabilities()
            .rank
            .ok_or_else(|| TierFileError::NoTiers(rules.name().to_owned()))?;
        let first = rules
            .tier(root)
            .ok_or_else(|| TierFileError::NoTiers(rules.name().to_owned()))?;
        let players: u8 = match rules.kind() {
            Kind::Impartial => 1,
            Kind::Partizan => 2,
        };
        let mut tiers = BTreeMap::new();
        let mut tier = first;
        while let Some(size) = rank.tier_size(root, tier).filter(|&s| s > 0) {
            let slots = size
                .checked_mul(u64::from(players))
                .filter(|&n| n <= super::tier_files::MAX_SLOTS)
                .ok_or(TierFileError::TooBig {
                    tier,
                    count: size.saturating_mul(u64::from(players)),
                })?;
            tiers.insert(tier, slots);
            tier += 1;
            if tier - first >= MAX_TIERS {
                return Err(TierFileError::TooBig {
                    tier,
                    count: u64::from(MAX_TIERS),
                });
            }
        }
        let space: Box<dyn RankSpace + 'r> = match rank.rank_space(root) {
            Some(own) => own,
            None => Box::new(RulesetRanks::new(rules, root.clone()).expect("the game ranks")),
        };
        Ok(Ranked {
            space,
            players,
            tiers,
        })
    }

    fn slots(&self, tier: u32) -> u64 {
        self.tiers.get(&tier).copied().unwrap_or(0)
    }

    /// The tier above `tier`, if the game has it.
    fn above(&self, tier: u32) -> Option<u32> {
        let up = tier.checked_add(1)?;
        self.tiers.contains_key(&up).then_some(up)
    }
}

/// The packed results of the slots `slots` of tier `tier`, from the results of tier
/// `tier + 1` (`above`; `None` for the highest tier, where no move may be left).
pub fn solve_slots(
    space: &dyn RankSpace,
    players: u8,
    tier: u32,
    slots: Range<u64>,
    above: Option<&[u32]>,
) -> Result<Vec<u32>, TierFileError> {
    let n = usize::try_from(slots.end - slots.start).map_err(|_| TierFileError::TooBig {
        tier,
        count: slots.end - slots.start,
    })?;
    let players64 = u64::from(players.max(1));
    let mut out = vec![NOT_REACHED; n];
    let failed = std::sync::Mutex::new(None);
    out.par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(c, chunk)| {
            let first = slots.start + (c * CHUNK) as u64;
            let last = first + chunk.len() as u64;
            for p in 0..players64 {
                let to_move = if p == 0 { Player::Left } else { Player::Right };
                let child_player = if players64 == 1 { 0 } else { 1 - p };
                // The ranks whose slot `rank × players + p` is in `first..last`.
                let lo = (first + players64 - 1 - p) / players64;
                let lo = if lo * players64 + p < first {
                    lo + 1
                } else {
                    lo
                };
                let hi = (last + players64 - 1 - p) / players64;
                if lo >= hi {
                    continue;
                }
                space.expand_range(tier, lo..hi, to_move, &mut |rank, e, children| {
                    let at = (rank * players64 + p - first) as usize;
                    chunk[at] = match fold(e, children, above, players64, child_player) {
                        Ok(packed) => packed,
                        Err(reason) => {
                            let mut f = failed.lock().expect("no panic while held");
                            f.get_or_insert(TierFileError::RankSpace { tier, rank, reason });
                            NOT_REACHED
                        }
                    };
                });
            }
        });
    match failed.into_inner().expect("no panic while held") {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The packed result of a position from how it goes on and its children's results.
fn fold(
    e: Expansion,
    children: &[u64],
    above: Option<&[u32]>,
    players: u64,
    child_player: u64,
) -> Result<u32, String> {
    let code = |end: End| match end {
        End::Win => WIN,
        End::Lose => LOSE,
        End::Tie => TIE,
    };
    match e {
        Expansion::NoPosition => return Ok(NOT_REACHED),
        Expansion::Over(end) => return Ok(pack(code(end), 0)),
        Expansion::Moves => {}
    }
    if children.is_empty() {
        return Ok(pack(LOSE, 0));
    }
    let above = above.ok_or("a move from the highest tier")?;
    let (mut win_max, mut lose_min, mut tie_min, mut open) = (0u32, None, None::<u32>, false);
    for &child in children {
        let slot = child
            .checked_mul(players)
            .and_then(|s| s.checked_add(child_player))
            .and_then(|s| usize::try_from(s).ok())
            .filter(|&s| s < above.len())
            .ok_or_else(|| format!("a move reaches rank {child}, past the next tier's ranks"))?;
        let packed = above[slot];
        if packed == NOT_REACHED {
            return Err(format!(
                "a move reaches rank {child} of the next tier, which holds no position"
            ));
        }
        let (r, m) = unpack(packed);
        match r {
            WIN => win_max = win_max.max(m),
            LOSE => lose_min = Some(lose_min.map_or(m, |x: u32| x.min(m))),
            TIE => {
                open = true;
                tie_min = Some(tie_min.map_or(m, |x| x.min(m)));
            }
            _ => open = true,
        }
    }
    Ok(if let Some(m) = lose_min {
        pack(WIN, m + 1)
    } else if !open {
        pack(LOSE, win_max + 1)
    } else if let Some(m) = tie_min {
        pack(TIE, m + 1)
    } else {
        pack(DRAW, 0)
    })
}

/// [`TierWork`] for a whole game solved rank by rank: what one process of a job
/// holds is the results of the tier above the job's (read from its file).
pub(crate) struct RankedWork<'r> {
    ranked: Ranked<'r>,
    identity: Identity,
    dir: PathBuf,
    /// The results of the tier above the last job's, read from its file.
    loaded: Option<(u32, Vec<u32>)>,
}

/// The work on a whole game rank by rank ([`whole_game`]) into the tier files in
/// `dir` (made if missing).
pub(crate) fn ranked_work<'r, R: Ruleset + ?Sized>(
    rules: &'r R,
    root: &R::Position,
    dir: &Path,
) -> Result<RankedWork<'r>, TierFileError> {
    let (_, identity) = super::tier_files::prepare(rules, root, dir)?;
    Ok(RankedWork {
        ranked: Ranked::new(rules, root)?,
        identity,
        dir: dir.to_owned(),
        loaded: None,
    })
}

impl RankedWork<'_> {
    fn range(&self, tier: u32, part: u32, parts: u32) -> Range<u64> {
        part_range(self.ranked.slots(tier), parts, part)
    }

    /// The results of tier `tier` from its file, or why the file is not used.
    fn read(&self, tier: u32) -> Result<Result<Vec<u32>, String>, TierFileError> {
        read_ranked(
            &self.identity,
            &self.dir,
            tier,
            self.ranked.players,
            self.ranked.slots(tier),
        )
    }

    /// Reads the results of the tier above `tier` (once for the jobs of `tier`).
    fn load_above(&mut self, tier: u32) -> Result<(), TierFileError> {
        let Some(up) = self.ranked.above(tier) else {
            return Ok(());
        };
        if self.loaded.as_ref().map(|l| l.0) != Some(up) {
            self.loaded = None;
            let results = self.read(up)?.map_err(|reason| TierFileError::Damaged {
                path: tier_path(&self.dir, up),
                reason: format!("needed to solve a lower tier: {reason}"),
            })?;
            self.loaded = Some((up, results));
        }
        Ok(())
    }
}

impl TierWork for RankedWork<'_> {
    fn tiers(&self) -> usize {
        self.ranked.tiers.len()
    }

    fn positions(&self) -> u64 {
        self.ranked.tiers.values().sum()
    }

    fn part_positions(&self, tier: u32, part: u32, parts: u32) -> u64 {
        let r = self.range(tier, part, parts);
        r.end - r.start
    }

    fn plan(&self, part_size: u64) -> Result<Planned, TierFileError> {
        let mut plans = Vec::new();
        let mut found = Found::default();
        for (&tier, &slots) in self.ranked.tiers.iter().rev() {
            plans.push(TierPlan {
                tier,
                positions: slots,
                internal: false,
                needs: self.ranked.above(tier).into_iter().collect(),
            });
            if tier_path(&self.dir, tier).exists() {
                match self.read(tier)? {
                    Ok(_) => {
                        found.reused(tier);
                        continue;
                    }
                    Err(why) => found.refused.push((tier, why)),
                }
            }
            let parts = super::tier_jobs::parts_for(slots, false, part_size);
            let written = parts_written(&self.dir, &self.identity, tier, parts, &|p| {
                self.range(tier, p, parts)
            });
            found.parts(tier, written);
        }
        found.schedule(&self.dir, plans, part_size)
    }

    fn run(&mut self, job: Job) -> Result<JobDone, TierFileError> {
        let tier = job.tier();
        let players = self.ranked.players;
        match job {
            Job::Part { part, parts, .. } => {
                let range = self.range(tier, part, parts);
                self.load_above(tier)?;
                let above = match (self.ranked.above(tier), &self.loaded) {
                    (Some(up), Some((t, results))) if *t == up => Some(results.as_slice()),
                    _ => None,
                };
                let results = solve_slots(
                    self.ranked.space.as_ref(),
                    players,
                    tier,
                    range.clone(),
                    above,
                )?;
                let positions = results.len() as u64;
                let bytes = if parts == 1 {
                    write_ranked(
                        &tier_path(&self.dir, tier),
                        &self.identity,
                        tier,
                        players,
                        &results,
                    )?
                } else {
                    let bytes = part_bytes(&self.identity, tier, part, parts, &range, &results);
                    let path = part_path(&self.dir, tier, part, parts);
                    files::write_atomically(&path, |f| std::io::Write::write_all(f, &bytes))?;
                    bytes.len() as u64
                };
                Ok(JobDone { positions, bytes })
            }
            Job::Assemble { parts, .. } => {
                let results = assemble_parts(&self.dir, &self.identity, tier, parts, &|p| {
                    self.range(tier, p, parts)
                })?;
                let bytes = write_ranked(
                    &tier_path(&self.dir, tier),
                    &self.identity,
                    tier,
                    players,
                    &results,
                )?;
                super::tier_jobs::remove_parts(&self.dir, tier, parts)?;
                Ok(JobDone {
                    positions: 0,
                    bytes,
                })
            }
        }
    }
}

/// [`solve_to_dir`](super::tier_files::solve_to_dir) for a whole game
/// ([`whole_game`]): every tier's file written, highest first, in one process (each
/// tier on rayon's pool); complete files reused, refused ones solved again.
pub(crate) fn solve_whole<R: Ruleset + ?Sized>(
    rules: &R,
    root: &R::Position,
    dir: &Path,
    progress: &mut dyn FnMut(&SolveReport),
) -> Result<SolveReport, TierFileError> {
    let started = Instant::now();
    let mut work = ranked_work(rules, root, dir)?;
    let Planned {
        mut schedule,
        reused,
        refused,
        ..
    } = work.plan(u64::MAX)?;
    let mut report = SolveReport {
        tiers: work.tiers(),
        positions: work.positions(),
        ..SolveReport::default()
    };
    let mut refused: BTreeMap<u32, String> = refused.into_iter().collect();
    for tier in reused {
        report.done.push(TierDone {
            tier,
            positions: work.ranked.slots(tier),
            done: Done::Reused,
            bytes: 0,
        });
        report.seconds = started.elapsed().as_secs_f64();
        progress(&report);
    }
    while let Some(job) = schedule.hand_out() {
        let did = work.run(job)?;
        schedule.finished(job)?;
        let tier = job.tier();
        report.bytes_written += did.bytes;
        report.solved_positions += did.positions;
        report.done.push(TierDone {
            tier,
            positions: did.positions,
            done: match refused.remove(&tier) {
                Some(why) => Done::Redone(why),
                None => Done::Solved,
            },
            bytes: did.bytes,
        });
        report.seconds = started.elapsed().as_secs_f64();
        progress(&report);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}
