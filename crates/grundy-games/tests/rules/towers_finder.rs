//! Tests of `grundy_games::rules::towers::finder`.

use grundy_games::rules::towers::finder::*;
use grundy_games::rules::towers::Building;

#[test]
fn rank_and_unrank_agree_with_counting() {
    for bit in 0..5 {
        let mut seen = 0u128;
        for m in 0..100u128 {
            assert_eq!(rank(m, bit), seen, "rank({m}, {bit})");
            if (m >> bit) & 1 == 1 {
                assert_eq!(unrank(seen, bit), Some(m));
                seen += 1;
            }
        }
    }
}

#[test]
fn rank_and_unrank_at_the_128_bit_edge() {
    let top = u128::MAX;
    assert_eq!(rank(top, 127), (1 << 127) - 1);
    assert_eq!(unrank((1 << 127) - 1, 127), Some(top));
    assert_eq!(unrank(1 << 127, 127), None);
    assert_eq!(rank(top, 0), (1 << 127) - 1); // the odd heights below 2^128 - 1
    assert_eq!(unrank((1 << 127) - 1, 0), Some(top));
    assert_eq!(unrank(1 << 127, 0), None);
}

#[test]
fn buildings_at_the_128_bit_edge() {
    let b = Building {
        height: u128::MAX - 5,
        count: 6,
    };
    // Bit 127: all six towers win, in one run ending at the very top.
    let moves = BuildingMoves::new(0, b, 1 << 127);
    assert_eq!(moves.count(), 6);
    assert_eq!(
        moves.runs().collect::<Vec<_>>(),
        [(u128::MAX - 5, u128::MAX)]
    );
    assert_eq!(moves.last().map(|m| m.remove), Some(1 << 127));
    // Bit 0: the odd ones, each its own run.
    let moves = BuildingMoves::new(0, b, 1);
    let odd: Vec<u128> = (0..6)
        .map(|j| u128::MAX - j)
        .filter(|t| t % 2 == 1)
        .rev()
        .collect();
    assert_eq!(moves.heights().collect::<Vec<_>>(), odd);
    assert_eq!(moves.runs().map(|r| r.0).collect::<Vec<_>>(), odd);
    assert_eq!(moves.run_count(), 3);
}

#[test]
fn runs_cover_the_heights() {
    // Towers 5..=21 in a city whose total has highest bit 2: heights with bit 2.
    let moves = BuildingMoves::new(
        0,
        Building {
            height: 5,
            count: 17,
        },
        4,
    );
    let runs: Vec<_> = moves.runs().collect();
    assert_eq!(runs, [(5, 7), (12, 15), (20, 21)]);
    assert_eq!(moves.run_count(), 3);
    let heights: Vec<_> = moves.heights().collect();
    assert_eq!(heights, [5, 6, 7, 12, 13, 14, 15, 20, 21]);
    assert_eq!(moves.count(), 9);
    assert_eq!(moves.heights().next_back(), Some(21));
}
