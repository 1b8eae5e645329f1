//! Positions of Domineering that the counting bounds leave open, with their exact
//! results: `domineering_open ROWS COLS MOVES COUNT [SEED]` plays MOVES random
//! moves from the empty board (Left first, then in turn; a seeded generator, so the
//! same arguments give the same positions), keeps the positions where both players
//! can move and [`Grid::decided`] does not settle the result, and prints COUNT of
//! them, one a line: `MOVES LEFT_TO_MOVE WINS EMPTY_CELLS_HEX 0` (1 or 0 for the two
//! flags; bit `cols·r + c` of the hexadecimal word for cell (r, c)), where WINS,
//! whether the player to move wins, is found by the search.
//! `bench/domineering_bound.sh` gives them to another solver's bound.
use grundy_engine::engine::search::Limits;
use grundy_games::rules::domineering::search::{Grid, Node, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("argument {i}: expected a number, found {a:?}");
                std::process::exit(2)
            })
        })
    };
    let (rows, cols) = (number(1, 8) as u32, number(2, 8) as u32);
    let (moves, count, mut seed) = (number(3, 10), number(4, 1000), number(5, 1) | 1);
    let Some(grid) = Grid::new(rows, cols) else {
        eprintln!("a board of 1 to 127 cells");
        std::process::exit(2)
    };
    let mut solver = Solver::new(&grid, Limits::new(1 << 27, u64::MAX).expect("128 MiB"));
    let mut random = move || {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let full = (1u128 << (rows * cols)) - 1;
    let (mut found, mut tries) = (0, 0u64);
    while found < count && tries < count.saturating_mul(10_000) {
        tries += 1;
        let mut node = Node {
            empty: full,
            left: true,
        };
        let mut played = 0;
        while played < moves {
            let spots = grid.placements(&node);
            if spots == 0 {
                break;
            }
            let mut pick = random() % u64::from(spots.count_ones());
            let mut s = spots;
            while pick > 0 {
                s &= s - 1;
                pick -= 1;
            }
            node = grid.after(&node, s.trailing_zeros());
            played += 1;
        }
        let opponent = Node {
            empty: node.empty,
            left: !node.left,
        };
        if played < moves
            || grid.placements(&node) == 0
            || grid.placements(&opponent) == 0
            || grid.decided(&node).is_some()
        {
            continue;
        }
        let (wins, _) = solver.wins(&node).expect("no limit but memory");
        println!(
            "{moves} {} {} {:x} 0",
            u8::from(node.left),
            u8::from(wins),
            node.empty
        );
        found += 1;
    }
}
