//! Tier files (`grundy_engine::engine::tier_files`) over the games that rank their
//! tiers (tic-tac-toe, Connect Four) and over one that does not (the listed
//! fallback): every position's result and remoteness in the database equal to the
//! retrograde engine's, a truncated or damaged file refused with its reason, and a
//! rerun that reuses the complete tiers and solves only the rest; the same tiers
//! solved as jobs by several workers (`tier_jobs`), cut into parts, giving the same
//! files, and restarting from what a stopped run wrote.

use std::path::Path;

use grundy_engine::analysis::draw_engines;
use grundy_engine::engine::ranked::{whole_game, RulesetRanks};
use grundy_engine::engine::retrograde::{solve, RulesetStates};
use grundy_engine::engine::tier_files::{
    solve_to_dir, tier_path, Database, Done, SolveReport, TierFileError,
};
use grundy_engine::engine::tier_jobs::{part_path, tier_work, Job, Planned, TierWork};
use grundy_engine::engine::Budget;
use grundy_engine::game::Player;
use grundy_engine::ruleset::notation::NotationError;
use grundy_engine::ruleset::{
    Capabilities, End, Expansion, Kind, RankSpace, Ruleset, RulesetExt, Tiers,
};
use grundy_games::rules::connect_four::{ConnectFour, Drop};
use grundy_games::rules::marks::Marks;
use grundy_games::rules::tictactoe::TicTacToe;

/// Every rank of every tier unranks to a position of that tier that ranks back to
/// it, and every position reached ranks below its tier's size.
fn ranks_round_trip<R: Ruleset<Position = Marks>>(rules: &R, like: Marks) -> u64 {
    let rank = rules.capabilities().rank.expect("the game ranks its tiers");
    let mut total = 0;
    for tier in 0..=like.cells() {
        let size = rank.tier_size(&like, tier).unwrap();
        for r in 0..size {
            let p = rank.unrank(&like, tier, r).unwrap();
            assert_eq!(rules.tier(&p), Some(tier));
            assert_eq!(rank.rank(&p), Some(r), "tier {tier} rank {r}");
        }
        assert_eq!(rank.unrank(&like, tier, size), None);
        total += size;
    }
    total
}

#[test]
fn tic_tac_toe_and_connect_four_rank_every_tier_both_ways() {
    let ttt = TicTacToe.parse_position("...|...|...").unwrap();
    // Tier 9: 126 ... the sum of binomial(9, n) · binomial(n, ceil(n / 2)).
    assert_eq!(ranks_round_trip(&TicTacToe, ttt), 6046);
    let c4 = ConnectFour;
    for board in ["....|....|....|....", "...|...|...", ".....|.....|....."] {
        let like = c4.parse_position(board).unwrap();
        assert!(ranks_round_trip(&c4, like) > 100, "{board}");
    }
    // A floating mark has no rank.
    let floating = Marks {
        x: 1,
        o: 0,
        rows: 4,
        cols: 4,
    };
    let rank = c4.capabilities().rank.unwrap();
    assert_eq!(rank.rank(&floating), None);
}

/// Solves `root` into `dir` and checks every state the retrograde engine solves
/// against the database; returns the report and the states compared.
fn database_agrees<R: Ruleset>(rules: &R, root: &str, dir: &Path) -> (SolveReport, usize) {
    let pos = rules.parse_position(root).unwrap();
    let report = solve_to_dir(rules, &pos, Player::Left, dir, &mut |_| {}).unwrap();
    let plain = solve(
        &RulesetStates(rules),
        (pos.clone(), Player::Left),
        &mut Budget::unlimited(),
    )
    .unwrap();
    if whole_game(rules, &pos) {
        // Every ranked position of every tier from the root's up, reached or not.
        let rank = rules.capabilities().rank.unwrap();
        let first = rules.tier(&pos).unwrap();
        let ranks: u64 = (first..)
            .map_while(|t| rank.tier_size(&pos, t).filter(|&n| n > 0))
            .sum();
        assert_eq!(report.positions, ranks);
        assert!(report.positions >= plain.states() as u64);
    } else {
        assert_eq!(report.positions, plain.states() as u64);
    }
    let mut db = Database::open(rules, dir, &pos).unwrap();
    let mut compared = 0;
    for ((p, player), r, m) in plain.iter() {
        assert_eq!(
            db.get(p, *player).unwrap(),
            (r, m),
            "{}",
            rules.show_position(p)
        );
        compared += 1;
    }
    (report, compared)
}

#[test]
fn tic_tac_toe_database_equals_the_retrograde_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (report, n) = database_agrees(&TicTacToe, "...|...|...", dir.path());
    assert_eq!(n, 5478);
    assert_eq!(report.tiers, 10);
    assert_eq!(report.solved().count(), 10);
}

#[test]
fn connect_four_4x4_database_equals_the_retrograde_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (report, n) = database_agrees(&ConnectFour, "....|....|....|....", dir.path());
    assert_eq!(n, 161_029);
    assert_eq!(report.tiers, 17);
}

#[test]
#[ignore = "5x4 Connect Four: 3,945,711 positions, about 30 s and 1.5 GB with the retrograde \
            engine beside the database; run with `cargo test -p grundy-games --test rules \
            tier_files -- --ignored`"]
fn connect_four_5x4_database_equals_the_retrograde_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (_, n) = database_agrees(&ConnectFour, ".....|.....|.....|.....", dir.path());
    assert_eq!(n, 3_945_711);
}

#[test]
fn a_truncated_or_damaged_file_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let t = TicTacToe;
    let root = t.parse_position("...|...|...").unwrap();
    solve_to_dir(&t, &root, Player::Left, dir.path(), &mut |_| {}).unwrap();
    let two = t.parse_position("x..|.o.|...").unwrap();
    let path = tier_path(dir.path(), 2);
    let whole = std::fs::read(&path).unwrap();
    let ask = || {
        Database::open(&t, dir.path(), &root)
            .unwrap()
            .get(&two, Player::Left)
    };
    assert!(ask().is_ok());

    std::fs::write(&path, &whole[..whole.len() - 7]).unwrap();
    let err = ask().unwrap_err();
    assert!(matches!(err, TierFileError::Damaged { .. }), "{err}");
    assert!(err.to_string().contains("truncated"), "{err}");

    let mut bad = whole.clone();
    let at = bad.len() - 5;
    bad[at] ^= 0x40;
    std::fs::write(&path, &bad).unwrap();
    let err = ask().unwrap_err().to_string();
    assert!(
        err.contains("checksum") && err.contains("tier-00002"),
        "{err}"
    );

    std::fs::remove_file(&path).unwrap();
    let err = ask().unwrap_err().to_string();
    assert!(err.contains("does not hold tier 2"), "{err}");

    // A position not reached from the root: the files of a game opened from x's
    // corner hold no board without it.
    let sub = tempfile::tempdir().unwrap();
    let corner = t.parse_position("x..|...|...").unwrap();
    solve_to_dir(&t, &corner, Player::Left, sub.path(), &mut |_| {}).unwrap();
    let mut db = Database::open(&t, sub.path(), &corner).unwrap();
    let elsewhere = t.parse_position(".x.|.o.|...").unwrap();
    let err = db.get(&elsewhere, Player::Left).unwrap_err().to_string();
    assert!(err.contains("not in the database"), "{err}");
}

#[test]
fn a_rerun_reuses_complete_tiers_and_solves_only_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let t = TicTacToe;
    let root = t.parse_position("...|...|...").unwrap();
    solve_to_dir(&t, &root, Player::Left, dir.path(), &mut |_| {}).unwrap();
    let before: Vec<(Vec<u8>, std::time::SystemTime)> = (0..10)
        .map(|k| {
            let p = tier_path(dir.path(), k);
            (
                std::fs::read(&p).unwrap(),
                std::fs::metadata(&p).unwrap().modified().unwrap(),
            )
        })
        .collect();
    // A stop before tier 5 was written, and tier 7's file damaged.
    std::fs::remove_file(tier_path(dir.path(), 5)).unwrap();
    let mut bad = before[7].0.clone();
    bad.truncate(bad.len() / 2);
    std::fs::write(tier_path(dir.path(), 7), &bad).unwrap();

    let mut reports = 0;
    let report = solve_to_dir(&t, &root, Player::Left, dir.path(), &mut |_| reports += 1).unwrap();
    assert_eq!(reports, 10, "a report after each tier");
    let mut reused: Vec<u32> = report.reused().collect();
    reused.sort_unstable();
    assert_eq!(reused, [0, 1, 2, 3, 4, 6, 8, 9]);
    let mut solved: Vec<u32> = report.solved().collect();
    solved.sort_unstable();
    assert_eq!(solved, [5, 7]);
    let seven = report.done.iter().find(|d| d.tier == 7).unwrap();
    assert!(
        matches!(&seven.done, Done::Redone(why) if why.contains("truncated")),
        "{seven:?}"
    );
    assert_eq!(
        report.solved_positions,
        report
            .done
            .iter()
            .filter(|d| d.tier == 5 || d.tier == 7)
            .map(|d| d.positions)
            .sum::<u64>()
    );
    for (k, (bytes, modified)) in before.iter().enumerate() {
        let p = tier_path(dir.path(), k as u32);
        assert_eq!(
            &std::fs::read(&p).unwrap(),
            bytes,
            "tier {k}: the same file"
        );
        if k != 5 && k != 7 {
            let now = std::fs::metadata(&p).unwrap().modified().unwrap();
            assert_eq!(&now, modified, "tier {k} was not rewritten");
        }
    }
    // A database of another root in the same directory is refused, not mixed.
    let other = t.parse_position("x..|...|...").unwrap();
    let err = solve_to_dir(&t, &other, Player::Left, dir.path(), &mut |_| {}).unwrap_err();
    assert!(matches!(err, TierFileError::Foreign { .. }), "{err}");
}

/// Connect Four with its tiers but not its ranking: the listed layout.
struct Unranked;

impl Ruleset for Unranked {
    type Position = Marks;
    type Move = Drop;

    fn name(&self) -> &'static str {
        "unranked-connect-four"
    }
    fn kind(&self) -> Kind {
        Kind::Impartial
    }
    fn moves(&self, pos: &Marks, player: Player) -> Vec<Drop> {
        ConnectFour.moves(pos, player)
    }
    fn play(&self, pos: &Marks, mv: &Drop) -> Marks {
        ConnectFour.play(pos, mv)
    }
    fn end(&self, pos: &Marks, player: Player) -> Option<End> {
        ConnectFour.end(pos, player)
    }
    fn parse_position(&self, text: &str) -> Result<Marks, NotationError> {
        ConnectFour.parse_position(text)
    }
    fn capabilities(&self) -> Capabilities<'_, Marks, Drop> {
        Capabilities::new().tiers(self).ties(draw_engines(self))
    }
}

impl Tiers for Unranked {
    fn tier(&self, pos: &Marks) -> Option<u32> {
        Some((pos.x | pos.o).count_ones())
    }
}

#[test]
fn a_game_without_ranking_gets_its_positions_listed() {
    let dir = tempfile::tempdir().unwrap();
    let (report, n) = database_agrees(&Unranked, "...|...|...|...", dir.path());
    assert!(n > 1000, "{n}");
    let ranked = tempfile::tempdir().unwrap();
    let (by_rank, m) = database_agrees(&ConnectFour, "...|...|...|...", ranked.path());
    // The same positions compared; the ranked files hold every rank besides.
    assert_eq!(n, m);
    assert_eq!(report.positions, n as u64);
    assert!(by_rank.positions > report.positions);
}

/// Every file in `dir`, by name, with its bytes.
fn files_of(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Runs the tiers of `root` as jobs in `dir`, `workers` processes' worth of
/// [`TierWork`] taking the ready jobs in turn, parts of at most `part_size`
/// positions; `stop_after` jobs, if given, then returns as a killed job would.
/// Returns the jobs run.
fn run_jobs<R: Ruleset>(
    rules: &R,
    root: &str,
    dir: &Path,
    workers: usize,
    part_size: u64,
    stop_after: Option<usize>,
) -> Vec<Job> {
    let pos = rules.parse_position(root).unwrap();
    let mut work: Vec<Box<dyn TierWork + '_>> = (0..workers)
        .map(|_| tier_work(rules, &pos, Player::Left, dir).unwrap())
        .collect();
    let Planned { mut schedule, .. } = work[0].plan(part_size).unwrap();
    let mut ran = Vec::new();
    let mut turn = 0;
    while !schedule.is_done() {
        // Hand a job to every worker that can take one, then finish them in turn.
        let mut taken = Vec::new();
        for w in 0..workers {
            if let Some(job) = schedule.hand_out() {
                taken.push(((turn + w) % workers, job));
            }
        }
        assert!(!taken.is_empty(), "nothing ready, nothing running");
        for (w, job) in taken {
            if stop_after == Some(ran.len()) {
                return ran;
            }
            let done = work[w].run(job).unwrap();
            assert!(done.bytes > 0, "{job:?}");
            assert_eq!(
                done.positions,
                match job {
                    Job::Part { tier, part, parts } => work[w].part_positions(tier, part, parts),
                    Job::Assemble { .. } => 0,
                }
            );
            schedule.finished(job).unwrap();
            ran.push(job);
        }
        turn += 1;
    }
    ran
}

#[test]
fn tiers_solved_as_jobs_by_several_workers_write_the_same_files() {
    fn same<R: Ruleset>(rules: &R, root: &str, part_size: u64) {
        let one = tempfile::tempdir().unwrap();
        let pos = rules.parse_position(root).unwrap();
        solve_to_dir(rules, &pos, Player::Left, one.path(), &mut |_| {}).unwrap();
        let expected = files_of(one.path());
        for workers in [1, 3] {
            let dir = tempfile::tempdir().unwrap();
            let ran = run_jobs(rules, root, dir.path(), workers, part_size, None);
            assert!(
                ran.iter().any(|j| matches!(j, Job::Assemble { .. })),
                "{root}: some tier was cut into parts"
            );
            // The same files, byte for byte, and no part file left.
            assert_eq!(files_of(dir.path()), expected, "{root}, {workers} workers");
        }
    }
    same(&TicTacToe, "...|...|...", 100);
    same(&ConnectFour, "....|....|....|....", 4000);
    same(&Unranked, "...|...|...|...", 200);
}

#[test]
fn jobs_stopped_part_way_restart_from_the_files_and_parts_written() {
    let t = TicTacToe;
    let root = "...|...|...";
    let dir = tempfile::tempdir().unwrap();
    let ran = run_jobs(&t, root, dir.path(), 2, 150, Some(9));
    assert_eq!(ran.len(), 9);
    let finished: Vec<u32> = (0..10)
        .filter(|&k| tier_path(dir.path(), k).exists())
        .collect();
    let before: std::collections::BTreeMap<String, (std::time::SystemTime, Vec<u8>)> =
        files_of(dir.path())
            .into_iter()
            .map(|(name, bytes)| {
                let m = std::fs::metadata(dir.path().join(&name))
                    .unwrap()
                    .modified()
                    .unwrap();
                (name, (m, bytes))
            })
            .collect();
    let parts = before
        .keys()
        .filter(|n| n.ends_with(".grundy-part"))
        .count();
    assert!(
        !finished.is_empty() && parts > 0,
        "{finished:?}, {before:?}"
    );

    let pos = t.parse_position(root).unwrap();
    let work = tier_work(&t, &pos, Player::Left, dir.path()).unwrap();
    let planned = work.plan(150).unwrap();
    let mut reused = planned.reused.clone();
    reused.sort_unstable();
    assert_eq!(reused, finished);
    assert_eq!(planned.parts_reused, parts);
    assert!(planned.refused.is_empty());
    assert_eq!(planned.removed, 0);
    // What a killed writer leaves beside the files is removed.
    std::fs::write(
        dir.path().join(".tier-00003.grundy-tier.77.0.partial"),
        b"half",
    )
    .unwrap();
    assert_eq!(work.plan(150).unwrap().removed, 1);

    let rest = run_jobs(&t, root, dir.path(), 2, 150, None);
    for job in &rest {
        assert!(!finished.contains(&job.tier()), "{job:?} redone");
        if let Job::Part { tier, part, parts } = *job {
            let name = part_path(Path::new(""), tier, part, parts);
            assert!(
                !before.contains_key(name.to_str().unwrap()),
                "{job:?}: its part file was there"
            );
        }
    }
    // The files written before the stop kept their bytes and times.
    for k in finished {
        let name = tier_path(Path::new(""), k);
        let (modified, bytes) = &before[name.to_str().unwrap()];
        let p = tier_path(dir.path(), k);
        assert_eq!(&std::fs::read(&p).unwrap(), bytes);
        assert_eq!(
            &std::fs::metadata(&p).unwrap().modified().unwrap(),
            modified
        );
    }
    let one = tempfile::tempdir().unwrap();
    solve_to_dir(&t, &pos, Player::Left, one.path(), &mut |_| {}).unwrap();
    assert_eq!(files_of(dir.path()), files_of(one.path()));

    // A damaged part file is not reused: its part is solved again.
    let dir = tempfile::tempdir().unwrap();
    run_jobs(&t, root, dir.path(), 1, 150, Some(3));
    let part = files_of(dir.path())
        .into_keys()
        .find(|n| n.ends_with(".grundy-part"))
        .expect("a part written");
    let path = dir.path().join(&part);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[60] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let parts_left = files_of(dir.path())
        .keys()
        .filter(|n| n.ends_with(".grundy-part"))
        .count();
    let work = tier_work(&t, &pos, Player::Left, dir.path()).unwrap();
    let planned = work.plan(150).unwrap();
    assert_eq!(planned.parts_reused, parts_left - 1);
    assert_eq!(planned.removed, 1, "the damaged part");
    // A different cut (tier 8's 390 positions in 4 parts, not 3) reuses the tiers
    // but none of the parts, and removes them.
    let planned = work.plan(100).unwrap();
    assert_eq!((planned.parts_reused, planned.removed), (0, parts_left - 1));
    run_jobs(&t, root, dir.path(), 1, 150, None);
    assert_eq!(files_of(dir.path()), files_of(one.path()));
}

/// How `space` expands rank `rank` of tier `tier`, its children sorted.
fn expansion(space: &dyn RankSpace, tier: u32, rank: u64) -> (Expansion, Vec<u64>) {
    let mut children = Vec::new();
    let e = space.expand(tier, rank, Player::Left, &mut children);
    children.sort_unstable();
    (e, children)
}

/// Connect Four's own rank space on the board `like` against the generic one over
/// `unrank`, the moves and `rank`: on every rank of every tier if `every`, else on
/// windows of ranks (through `expand_range`, across heights vectors) and single
/// ranks spread over each tier. Returns the ranks compared.
fn own_space_agrees(like: Marks, every: bool) -> u64 {
    let c4 = ConnectFour;
    let rank = c4.capabilities().rank.unwrap();
    let own = rank
        .rank_space(&like)
        .expect("Connect Four has its own rank space");
    let generic = RulesetRanks::new(&c4, like).unwrap();
    let mut compared = 0;
    for tier in 0..=like.cells() {
        let size = rank.tier_size(&like, tier).unwrap();
        let mut check = |r: u64| {
            assert_eq!(
                expansion(own.as_ref(), tier, r),
                expansion(&generic, tier, r),
                "{}x{} tier {tier} rank {r}",
                like.cols,
                like.rows
            );
            compared += 1;
        };
        if every {
            (0..size).for_each(&mut check);
        } else {
            let step = (size / 97).max(1);
            (0..size).step_by(step as usize).for_each(&mut check);
            check(size - 1);
        }
        // Ranks gone through in order agree with each rank expanded alone.
        for ranks in [0..size.min(3000), size.saturating_sub(2000)..size] {
            let mut seen = 0;
            own.expand_range(tier, ranks.clone(), Player::Left, &mut |r, e, ch| {
                let mut ch = ch.to_vec();
                ch.sort_unstable();
                assert_eq!(
                    (e, ch),
                    expansion(&generic, tier, r),
                    "tier {tier} rank {r}"
                );
                assert_eq!(r, ranks.start + seen, "in order");
                seen += 1;
            });
            assert_eq!(seen, ranks.end - ranks.start);
        }
        assert_eq!(expansion(own.as_ref(), tier, size).0, Expansion::NoPosition);
    }
    compared
}

#[test]
fn connect_fours_own_rank_space_expands_as_the_ruleset_does() {
    let c4 = ConnectFour;
    let mut every = 0;
    for board in [
        "4x4:", "3x3:", "5x3:", "2x5:", "1x6:", "7x2:", "3x6:", "1x1:",
    ] {
        every += own_space_agrees(c4.parse_position(board).unwrap(), true);
    }
    assert_eq!(
        every,
        201_755 + 984 + 174_683 + 1065 + 43 + 200_784 + 410_069 + 2
    );
    for board in ["6x5:", "7x6:", "5x6:", "8x4:", "8x6:"] {
        assert!(own_space_agrees(c4.parse_position(board).unwrap(), false) > 1000);
    }
    // A board whose bitboard passes 64 bits has none: the generic space serves it.
    let tall = c4.parse_position("8x8:").unwrap();
    assert!(c4.capabilities().rank.unwrap().rank_space(&tall).is_none());
}

#[test]
fn a_whole_game_is_solved_rank_by_rank_and_another_root_by_discovery() {
    let c4 = ConnectFour;
    assert!(whole_game(&c4, &c4.parse_position("4x4:").unwrap()));
    assert!(!whole_game(&c4, &c4.parse_position("4x4:1").unwrap()));
    assert!(!whole_game(&Unranked, &c4.parse_position("4x4:").unwrap()));
    // From a position after one move: only what it reaches.
    let dir = tempfile::tempdir().unwrap();
    let (report, n) = database_agrees(&c4, "4x4:2", dir.path());
    assert_eq!(report.positions, n as u64);
}
