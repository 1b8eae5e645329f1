//! The pawn ruleset on ADAPWNS-sized boards (128 squares, k = 2).
//!
//! `winning_moves/closed_form` is the search-free finder; `winning_moves/one_ply` is
//! the baseline it replaces: play every legal move and recompute the value from
//! scratch. Both run on the same boards in the same run, so their ratio is fair.
//!
//! ```text
//! cargo bench -p grundy --bench pawns
//! ```
//!
//! Criterion keeps each median in `target/criterion/pawns/<name>/<density>/new/estimates.json`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::analysis::analyze;
use grundy::rules::pawns::{Board, PawnMove, Pawns};
use grundy::Player;

/// A board of `len` squares holding a pawn with probability `density`, from a fixed
/// seed (xorshift), so every run measures the same boards.
fn board(len: usize, density: f64, seed: u64) -> Board {
    let mut x = seed | 1;
    let squares: Vec<u8> = (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let unit = (x >> 11) as f64 / (1u64 << 53) as f64;
            if unit < density {
                b'P'
            } else {
                b'.'
            }
        })
        .collect();
    Board::from_bytes(&squares).expect("only '.' and 'P'")
}

/// The baseline: every legal move, kept if the value after it is 0.
fn one_ply(rules: &Pawns, board: &Board) -> Vec<PawnMove> {
    rules
        .legal_moves(board)
        .into_iter()
        .filter(|mv| rules.nim_value(rules.after(board, mv).squares()) == 0)
        .collect()
}

fn benches(c: &mut Criterion) {
    let rules = Pawns::adapwns();
    let mut group = c.benchmark_group("pawns");
    for density in [0.1, 0.3, 0.5] {
        let board = board(128, density, 0x9e37_79b9_7f4a_7c15);
        assert_eq!(rules.winning_moves(&board), one_ply(&rules, &board));
        let id = |name: &str| BenchmarkId::new(name, density);
        group.bench_with_input(id("nim_value"), &board, |b, board| {
            b.iter(|| rules.nim_value(black_box(board.squares())))
        });
        group.bench_with_input(id("reduce"), &board, |b, board| {
            b.iter(|| rules.reduce(black_box(board)))
        });
        group.bench_with_input(id("winning_moves/closed_form"), &board, |b, board| {
            b.iter(|| rules.winning_moves(black_box(board)))
        });
        group.bench_with_input(id("winning_moves/one_ply"), &board, |b, board| {
            b.iter(|| one_ply(&rules, black_box(board)))
        });
        group.bench_with_input(id("analyze"), &board, |b, board| {
            b.iter(|| analyze(&rules, black_box(board), Player::Left, usize::MAX))
        });
    }
    group.finish();
}

criterion_group!(pawns, benches);
criterion_main!(pawns);
