//! Who wins an empty Domineering board, each player first, by the search of the
//! result alone: `domineering_solve ROWS COLS [V|H] [MEMORY_BYTES]`, printing the
//! answer, the nodes and the time of each.
use grundy_engine::engine::search::Limits;
use grundy_games::rules::domineering::search::{Grid, Node, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(7);
    let cols: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(rows);
    let who = args.get(3).map(String::as_str).unwrap_or("VH");
    let memory: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1 << 29);
    let grid = Grid::new(rows, cols).expect("a board of at most 127 cells");
    let empty = (1u128 << (rows * cols)) - 1;
    let mut solver = Solver::new(&grid, Limits::new(memory, u64::MAX).unwrap());
    for (name, left) in [("V", true), ("H", false)] {
        if !who.contains(name) {
            continue;
        }
        let start = std::time::Instant::now();
        let before = solver.nodes();
        let (wins, best) = solver.wins(&Node { empty, left }).unwrap();
        println!(
            "{rows}x{cols} {name} first: wins {wins}, move {best:?}, {} nodes ({} leaves in all), {:.2} s",
            solver.nodes() - before,
            solver.leaves(),
            start.elapsed().as_secs_f64()
        );
    }
}
