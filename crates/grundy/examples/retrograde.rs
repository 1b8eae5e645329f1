//! The retrograde engine's speed and memory on tic-tac-toe, Connect Four and
//! digraph sums: one line per game, with the positions solved, the wall time of the
//! solve, positions per second and the engine's bytes per position (from the
//! capacities of its tables); for the games with tiers (tic-tac-toe, Connect Four) a
//! line for the tiered solver (`engine::tiers`), whose answer at the root must be the
//! same. `bench/retrograde.sh` runs each solver in a process of its own and measures
//! the process's peak memory.
//!
//! `c4-7x6 SECONDS` instead runs the alpha-beta search of Connect Four on the empty
//! 7x6 board for at most SECONDS (a transposition table of at most 2^24 entries),
//! then on the positions of a fixed line of play, from its end backwards, each for
//! at most what is left: how far the search gets in that time.
//!
//! ```sh
//! cargo run --release -p grundy --example retrograde -- [--solvers plain,tiers] [GAME]...
//! cargo run --release -p grundy --example retrograde -- c4-7x6 600
//! ```

use grundy::ruleset::RulesetExt;
use std::time::{Duration, Instant};

use grundy::engine::retrograde::{solve, GameResult, RulesetStates};
use grundy::engine::tiers::{solve_tiers, Keep};
use grundy::engine::Budget;
use grundy::rules::connect_four::ConnectFour;
use grundy::rules::digraph::Digraph;
use grundy::rules::tictactoe::TicTacToe;
use grundy::{Player, Ruleset};

/// Which solvers a run uses: the plain engine and the tiered solver
/// (`--solvers plain,tiers`; both by default).
struct Solvers {
    plain: bool,
    tiers: bool,
}

/// One solver's line: positions, time, rate, bytes per position, and the answer at
/// the root with what else the solver says (`extra`).
fn line(
    label: &str,
    n: usize,
    secs: f64,
    bytes: usize,
    (result, remoteness): (GameResult, Option<u32>),
    extra: &str,
) {
    let shown = remoteness.map_or("-".to_owned(), |r| r.to_string());
    println!(
        "{label:<30} {n:>10} positions  {secs:>8.3} s  {:>11.0} positions/s  {:>5.0} bytes/position  root: {result} {shown}{extra}",
        n as f64 / secs,
        bytes as f64 / n as f64,
    );
}

fn run<R: Ruleset + Sync>(rules: &R, label: &str, text: &str, solvers: &Solvers)
where
    R::Position: Send + Sync,
{
    let pos = rules.parse_position(text).expect("a position");
    let root = (pos.clone(), Player::Left);
    let mut answer = None;
    if solvers.plain || rules.tier(&pos).is_none() {
        let start = Instant::now();
        let solved = solve(
            &RulesetStates(rules),
            root.clone(),
            &mut Budget::unlimited(),
        )
        .expect("an unlimited budget");
        let secs = start.elapsed().as_secs_f64();
        let got = solved.get(&root).expect("the root");
        line(label, solved.states(), secs, solved.bytes(), got, "");
        answer = Some(got);
    }
    if rules.tier(&pos).is_none() {
        return;
    }
    if !solvers.tiers {
        return;
    }
    let start = Instant::now();
    let tiered = solve_tiers(
        &RulesetStates(rules),
        root.clone(),
        &mut Budget::unlimited(),
        Keep::Root,
    )
    .expect("tiers that no move lowers");
    let secs = start.elapsed().as_secs_f64();
    let got = tiered.get(&root).expect("the root");
    // Both solvers give the same answer at the root.
    assert_eq!(*answer.get_or_insert(got), got, "{label}");
    let extra = format!(
        " ({} tiers, {} threads)",
        tiered.tiers(),
        rayon::current_num_threads()
    );
    let label = format!("{label}, tiered");
    line(&label, tiered.states(), secs, tiered.bytes(), got, &extra);
}

/// How far alpha-beta gets on the 7x6 board within `seconds`: the empty board,
/// then the positions of a line of play from its end backwards.
fn seven_by_six(seconds: u64) {
    let c4 = ConnectFour;
    let limits = grundy::engine::search::Limits::default();
    let until = Instant::now() + Duration::from_secs(seconds);
    let empty = c4
        .parse_position(".......|.......|.......|.......|.......|.......")
        .unwrap();
    let start = Instant::now();
    let half = Instant::now() + Duration::from_secs(seconds / 2);
    let (result, nodes) = grundy::deadline::within(half, || c4.score(&empty, limits));
    println!(
        "7x6 empty: {} after {nodes} positions expanded in {:.1} s",
        result.map_or("unsolved".to_owned(), |s| s.words()),
        start.elapsed().as_secs_f64()
    );
    // A fixed line of play without four in a row (columns, a = leftmost; drawn at
    // random once), then its positions from the end backwards.
    let line = "cbdfaageaceaebaaefbcbgfbgbccfg";
    let mut positions = vec![empty];
    for ch in line.chars() {
        let p = *positions.last().unwrap();
        let mv = c4
            .parse_move(&p, Player::Left, &ch.to_string())
            .expect("a legal line");
        positions.push(c4.play(&p, &mv));
    }
    for (played, p) in positions.iter().enumerate().rev() {
        if Instant::now() >= until {
            break;
        }
        let start = Instant::now();
        let (result, nodes) = grundy::deadline::within(until, || c4.score(p, limits));
        println!(
            "after {played:>2} moves ({}): {} after {nodes} positions in {:.2} s",
            c4.show_position(p),
            result.map_or("unsolved".to_owned(), |s| s.words()),
            start.elapsed().as_secs_f64()
        );
        if result.is_err() {
            break;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("c4-7x6") {
        let seconds = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(600);
        seven_by_six(seconds);
        return;
    }
    let mut solvers = Solvers {
        plain: true,
        tiers: true,
    };
    let mut games = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--solvers" {
            let list = it.next().expect("--solvers plain,tiers");
            let on = |name: &str| list.split(',').any(|s| s == name);
            solvers = Solvers {
                plain: on("plain"),
                tiers: on("tiers"),
            };
        } else {
            games.push(a.clone());
        }
    }
    let which = |name: &str| games.is_empty() || games.iter().any(|a| a == name);
    if which("tictactoe") {
        run(&TicTacToe, "tictactoe 3x3", "...|...|...", &solvers);
    }
    let c4 = |label: &str, text: &str| run(&ConnectFour, label, text, &solvers);
    if which("c4-4x4") {
        c4("connect-four 4x4", "....|....|....|....");
    }
    if which("c4-4x5") {
        c4("connect-four 4 wide 5 high", "....|....|....|....|....");
    }
    if which("c4-5x4") {
        c4("connect-four 5 wide 4 high", ".....|.....|.....|.....");
    }
    // Not in the default list: some 10^7 positions, minutes.
    if games.iter().any(|a| a == "c4-6x4") {
        c4("connect-four 6 wide 4 high", "......|......|......|......");
    }
    if which("digraph") {
        // A fixed graph of 16 vertices (two cycles, chords and exits), three tokens.
        let edges: Vec<String> = (0..16u32)
            .flat_map(|v| {
                [
                    (v, (v + 1) % 16),
                    (v, (v * 5 + 3) % 16),
                    (v, (v * 7 + 2) % 17 % 16),
                ]
            })
            .filter(|(a, b)| a != b && *a != 7)
            .map(|(a, b)| format!("{a}>{b}"))
            .collect();
        let text = format!("{}@0,5,11", edges.join(","));
        run(&Digraph, "digraph 16 vertices, 3 tokens", &text, &solvers);
        let text = format!("{}@0,5,11,13", edges.join(","));
        run(&Digraph, "digraph 16 vertices, 4 tokens", &text, &solvers);
    }
}
