//! The retrograde engine's speed and memory on tic-tac-toe, Connect Four and
//! digraph sums: one line per game, with the positions solved, the wall time of the
//! solve, positions per second and the engine's bytes per position (from the
//! capacities of its tables). `bench/retrograde.sh` runs it and measures the peak
//! memory of the process.
//!
//! ```sh
//! cargo run --release -p grundy --example retrograde -- [GAME POSITION]...
//! ```

use std::time::Instant;

use grundy::engine::retrograde::{solve, RulesetStates};
use grundy::engine::Budget;
use grundy::rules::connect_four::ConnectFour;
use grundy::rules::digraph::Digraph;
use grundy::rules::tictactoe::TicTacToe;
use grundy::{Player, Ruleset};

fn run<R: Ruleset>(rules: &R, label: &str, text: &str) {
    let pos = rules.parse_position(text).expect("a position");
    let start = Instant::now();
    let solved = solve(
        &RulesetStates(rules),
        (pos.clone(), Player::Left),
        &mut Budget::unlimited(),
    )
    .expect("an unlimited budget");
    let secs = start.elapsed().as_secs_f64();
    let n = solved.states();
    let (result, remoteness) = solved.get(&(pos, Player::Left)).expect("the root");
    println!(
        "{label:<22} {n:>10} positions  {secs:>8.3} s  {:>11.0} positions/s  {:>5.0} bytes/position  root: {result} {}",
        n as f64 / secs,
        solved.bytes() as f64 / n as f64,
        remoteness.map_or("-".to_owned(), |r| r.to_string()),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    if which("tictactoe") {
        run(&TicTacToe, "tictactoe 3x3", "...|...|...");
    }
    if which("c4-4x4") {
        run(&ConnectFour, "connect-four 4x4", "....|....|....|....");
    }
    if which("c4-4x5") {
        run(
            &ConnectFour,
            "connect-four 4 wide 5 high",
            "....|....|....|....|....",
        );
    }
    if which("c4-5x4") {
        run(
            &ConnectFour,
            "connect-four 5 wide 4 high",
            ".....|.....|.....|.....",
        );
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
        run(&Digraph, "digraph 16 vertices, 3 tokens", &text);
        let text = format!("{}@0,5,11,13", edges.join(","));
        run(&Digraph, "digraph 16 vertices, 4 tokens", &text);
    }
}
