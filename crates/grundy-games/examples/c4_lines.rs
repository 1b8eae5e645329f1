//! Connect Four positions written as move sequences (one per line, `4453`, columns
//! from 1; anything after a space is ignored), each analysed by the search with
//! every move's score, printed as Pascal Pons's solver prints them in its analyze
//! mode (`-a`): the sequence, then one score per column, `-1000` for a full column.
//! A score is from the side to move: a win with the mover's own k-th stone scores
//! (width · height + 2) / 2 − k, a loss the negative of the opponent's, a tie 0.
//! Last, on standard error, the positions visited in all. With `--root`, the score of
//! the position alone (Pons's solver's default mode): the sequence and one score.
//! A line may also be a board (`.......|...`, the empty board included).
//!
//! `cargo run --release -p grundy-games --example c4_lines -- [--root] [MEMORY_BYTES] < lines`

use std::io::BufRead;

use grundy_engine::engine::search::{Limits, Score, DEFAULT_MEMORY};
use grundy_engine::ruleset::Ruleset;
use grundy_games::rules::connect_four::ConnectFour;

/// Pons's score of a move scoring `s` for its mover, on a board of `cells` cells
/// with `stones` stones before it.
fn pons(s: Score, cells: u32, stones: u32) -> i64 {
    let Some(r) = s.remoteness() else {
        return 0;
    };
    // The game ends with the e-th stone; its player's own k-th stone.
    let e = stones + r;
    let k = e.div_ceil(2);
    let magnitude = i64::from((cells + 2) / 2) - i64::from(k);
    if s > Score::TIE {
        magnitude
    } else {
        -magnitude
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let root = args.first().is_some_and(|a| a == "--root");
    if root {
        args.remove(0);
    }
    let memory = match args.first() {
        Some(m) => m.parse()?,
        None => DEFAULT_MEMORY,
    };
    let limits = Limits::new(memory, u64::MAX)?;
    let c4 = ConnectFour;
    let mut nodes = 0;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let seq = line.split_whitespace().next().unwrap_or("");
        let pos = c4.parse_position(seq)?;
        if root {
            let (score, n) = c4.score(&pos, limits);
            nodes += n;
            let stones = (pos.x | pos.o).count_ones();
            println!("{seq} {}", pons(score?, pos.cells(), stones));
            continue;
        }
        let solved = c4.solve(&pos, limits, None)?;
        nodes += solved.nodes;
        let stones = (pos.x | pos.o).count_ones();
        let mut out = seq.to_owned();
        for c in 0..pos.cols {
            let score = solved.moves.iter().find(|m| m.0 .0 == c);
            match score {
                Some(&(_, s, _)) => out += &format!(" {}", pons(s, pos.cells(), stones)),
                None => out += " -1000",
            }
        }
        println!("{out}");
    }
    eprintln!("nodes {nodes}");
    Ok(())
}
