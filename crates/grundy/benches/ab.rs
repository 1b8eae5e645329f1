//! The A-B ruleset on rows from 100 to 100 000 cells (the judge allows 100 000).
//!
//! `winning_moves/closed_form` is the search-free finder; `winning_moves/one_ply` is
//! the baseline it replaces: play every legal move and recompute the closed form from
//! scratch. `summary` (the judge's one-pass reduction) is the floor any finder must
//! read the row for. `analyze` (the generic report through the ruleset contract)
//! copies the row once per winning move; `analyze_up_to_100` lists at most 100 of them. All run on the same rows in the same
//! run, so their ratios are fair. The player measured is the one with more reserve moves (A on a tie), so the
//! finder has winning moves to list.
//!
//! ```text
//! cargo bench -p grundy --bench ab
//! ```

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::analysis::{analyze, Analysis};
use grundy::rules::ab::{winning_moves, Ab, AbMove, Reduction, Row, Summary};
use grundy::Player;

/// A row of `len` cells, each a letter with probability `letters` (then `A` or `B`
/// evenly), from a fixed seed (xorshift), so every run measures the same rows.
fn row(len: usize, letters: f64, seed: u64) -> Row {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    let cells: Vec<u8> = (0..len)
        .map(|_| {
            if next() >= letters {
                b'.'
            } else if next() < 0.5 {
                b'A'
            } else {
                b'B'
            }
        })
        .collect();
    Row::from_bytes(&cells).expect("only '.', 'A' and 'B'")
}

/// The report on `row`, listing at most `limit` winning moves.
fn analyze_up_to(row: &Row, player: Player, limit: usize) -> Analysis {
    analyze(&Ab, row, player, limit).expect("the A-B game has a closed form")
}

/// The baseline: every legal move, kept if the opponent, to move after it, loses.
fn one_ply(row: &Row, player: Player) -> Vec<AbMove> {
    Ab.legal_moves(row, player)
        .into_iter()
        .filter(|mv| {
            !Summary::of_cells(Ab.after(row, mv).cells()).wins_moving_first(player.opponent())
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("ab");
    group.sample_size(20);
    for len in [100usize, 1_000, 10_000, 100_000] {
        let row = row(len, 0.3, 0x9e37_79b9_7f4a_7c15);
        let summary = Summary::of_cells(row.cells());
        let player = if summary.integer() >= 0 {
            Player::Left
        } else {
            Player::Right
        };
        let id = |name: &str| BenchmarkId::new(name, len);
        group.bench_with_input(id("summary"), &row, |b, row| {
            b.iter(|| Summary::of_cells(black_box(row.cells())))
        });
        group.bench_with_input(id("reduction"), &row, |b, row| {
            b.iter(|| Reduction::of(black_box(row)))
        });
        group.bench_with_input(id("winning_moves/closed_form"), &row, |b, row| {
            b.iter(|| winning_moves(black_box(row), player))
        });
        if len <= 10_000 {
            assert_eq!(winning_moves(&row, player), one_ply(&row, player));
            group.bench_with_input(id("winning_moves/one_ply"), &row, |b, row| {
                b.iter(|| one_ply(black_box(row), player))
            });
        }
        // The full report lists every winning move with the row after it: length times
        // moves (3.5 GB at 100 000 cells), so it is measured on the smaller rows only.
        if len <= 10_000 {
            group.bench_with_input(id("analyze"), &row, |b, row| {
                b.iter(|| analyze_up_to(black_box(row), player, usize::MAX))
            });
        }
        group.bench_with_input(id("analyze_up_to_100"), &row, |b, row| {
            b.iter(|| analyze_up_to(black_box(row), player, 100))
        });
    }
    group.finish();
}

criterion_group!(ab, benches);
criterion_main!(ab);
