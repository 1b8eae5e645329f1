//! Tests of `grundy_games::rules::pawns::dense`.

use grundy_engine::engine::dense::{solve_grundy, solve_remoteness, solve_wins};
use grundy_engine::engine::dense::{DenseError, DenseGame, WinTable};
use grundy_engine::engine::{ImpartialSolver, Remoteness, RemotenessSolver};
use grundy_engine::ruleset::AsImpartial;
use grundy_games::rules::pawns::dense::*;
use grundy_games::rules::pawns::{PawnMove, Pawns};
use grundy_values::values::Nimber;
use proptest::prelude::*;
use std::sync::OnceLock;

#[test]
fn indices_and_boards_convert_both_ways() {
    for n in 0..=8u32 {
        for i in 0..1u64 << n {
            let b = board_of(i, n);
            assert_eq!(b.len(), n as usize);
            assert_eq!(index_of(&b), Some(i));
        }
    }
    let game = DensePawns::new(Pawns::adapwns(), 5).unwrap();
    assert_eq!(game.index(&"..P.P".parse().unwrap()), Ok(0b10100));
    assert_eq!(
        game.index(&"..P".parse().unwrap()),
        Err(DenseError::WrongLength {
            expected: 5,
            found: 3
        })
    );
    assert_eq!(
        DensePawns::new(Pawns::adapwns(), 37),
        Err(DenseError::TooLarge {
            squares: 37,
            max: 36
        })
    );
    assert_eq!(index_of(&board_of(0, 65)), None);
    assert_eq!(move_between(0b0011, 0b1001), None); // the pawn moved right
    assert_eq!(move_between(0b1001, 0b1001), None);
}

/// The dense children are the memo engine's moves, in the same order.
#[test]
fn children_are_the_rulesets_moves() {
    for step in 1..=4 {
        let rules = Pawns::new(step).unwrap();
        let game = DensePawns::new(rules, 9).unwrap();
        for i in 0..game.size() {
            let board = game.board(i);
            let mut dense = Vec::new();
            game.for_each_child(i, |c| dense.push(c));
            let memo: Vec<u64> = rules
                .legal_moves(&board)
                .iter()
                .map(|m| index_of(&rules.after(&board, m)).unwrap())
                .collect();
            assert_eq!(dense, memo, "{board} k={step}");
            let moves: Vec<PawnMove> = dense.iter().map(|&c| move_between(i, c).unwrap()).collect();
            assert_eq!(moves, rules.legal_moves(&board), "{board} k={step}");
        }
    }
}

#[test]
fn the_parallel_schedule_is_sound() {
    for step in [1, 2, 3, 7] {
        for n in 0..=10 {
            let game = DensePawns::new(Pawns::new(step).unwrap(), n).unwrap();
            for top in 0..=n {
                schedule_by_top(n, top).check(&game).unwrap();
            }
        }
    }
    let game = DensePawns::new(Pawns::adapwns(), 16).unwrap();
    game.schedule().check(&game).unwrap();
    assert!(game.schedule().stages().len() > 1);
}

/// The bit-parallel solver agrees with the generic dense solver for every
/// grouping it may use, and on bigger boards with its own grouping.
#[test]
fn bit_parallel_matches_the_generic_solver() {
    for step in [1, 2, 3, 5, 9] {
        for n in 0..=13 {
            let game = DensePawns::new(Pawns::new(step).unwrap(), n).unwrap();
            let generic = solve_wins(&game).unwrap();
            for top in 0..=n.saturating_sub(LOW) {
                let fast = solve_bit_parallel(step, n, top);
                assert_eq!(fast, generic, "k={step} n={n} top={top}");
            }
        }
    }
    for step in [1, 2, 3] {
        let game = DensePawns::new(Pawns::new(step).unwrap(), 18).unwrap();
        assert_eq!(game.solve_wins(), solve_wins(&game).unwrap(), "k={step}");
    }
}

/// Every board of up to 14 squares, k = 1, 2, 3: the dense tables (win/loss,
/// Grundy, remoteness) agree with the memoised engine.
#[test]
fn dense_tables_match_the_memo_engine_up_to_14_squares() {
    for step in 1..=3 {
        let rules = Pawns::new(step).unwrap();
        let rules_game = AsImpartial(&rules);
        let mut grundy = ImpartialSolver::new(&rules_game);
        let mut remote = RemotenessSolver::new(&rules_game);
        for n in 0..=14 {
            let game = DensePawns::new(rules, n).unwrap();
            let wins = game.solve_wins();
            let values = solve_grundy(&game).unwrap();
            let remoteness = solve_remoteness(&game).unwrap();
            for i in 0..game.size() {
                let board = game.board(i);
                let g = grundy.grundy(&board);
                assert_eq!(values.grundy(i), g, "{board} k={step}");
                assert_eq!(wins.wins(i), g.to_move_wins(), "{board} k={step}");
                let r = remote.remoteness(&board);
                assert_eq!(remoteness.remoteness(i), r, "{board} k={step}");
                assert_eq!(remoteness.wins(i), g.to_move_wins(), "{board} k={step}");
            }
            // Best play read off the table is the memo engine's best play.
            for i in (0..game.size()).step_by(7) {
                let board = game.board(i);
                let dense: Vec<PawnMove> = remoteness
                    .best_children(&game, i)
                    .iter()
                    .map(|&c| move_between(i, c).unwrap())
                    .collect();
                assert_eq!(dense, remote.best_moves(&board), "{board}");
                let winning: Vec<PawnMove> = wins
                    .winning_children(&game, i)
                    .iter()
                    .map(|&c| move_between(i, c).unwrap())
                    .collect();
                assert_eq!(winning, grundy.winning_moves(&board), "{board}");
            }
        }
    }
}

fn squares_of(index: u64, n: u32) -> Vec<u8> {
    (0..n)
        .map(|i| if index >> i & 1 == 1 { b'P' } else { b'.' })
        .collect()
}

/// The closed form agrees with the dense tables on every board of up to 20
/// squares for k = 2, and up to 16 squares for other steps.
#[test]
fn closed_form_matches_dense_tables() {
    for (step, max) in [(2, 20), (1, 16), (3, 16), (4, 16), (7, 16)] {
        let rules = Pawns::new(step).unwrap();
        for n in 0..=max {
            let game = DensePawns::new(rules, n).unwrap();
            let wins = game.solve_wins();
            let values = solve_grundy(&game).unwrap();
            for i in 0..game.size() {
                let v = rules.nim_value(&squares_of(i, n));
                assert_eq!(
                    values.grundy(i),
                    Nimber(u128::from(v)),
                    "{} k={step}",
                    game.board(i)
                );
                assert_eq!(wins.wins(i), v != 0, "{} k={step}", game.board(i));
            }
        }
    }
}

#[test]
fn closed_form_counts_match_table_counts() {
    for step in 1..=5 {
        let rules = Pawns::new(step).unwrap();
        for n in 0..=18 {
            let table = solve_pawns(rules, n).unwrap();
            let by_board = (0..1u64 << n)
                .filter(|&i| rules.nim_value(&squares_of(i, n)) != 0)
                .count() as u128;
            assert_eq!(closed_form_win_count(rules, n), by_board, "k={step} n={n}");
            assert_eq!(u128::from(table.count_wins()), by_board, "k={step} n={n}");
        }
    }
    let rules = Pawns::adapwns();
    let table = solve_pawns(rules, 26).unwrap();
    assert_eq!(
        u128::from(table.count_wins()),
        closed_form_win_count(rules, 26)
    );
}

#[test]
fn hand_checked_remoteness() {
    let game = DensePawns::new(Pawns::adapwns(), 3).unwrap();
    let table = solve_remoteness(&game).unwrap();
    let at = |s: &str| table.remoteness(game.index(&s.parse().unwrap()).unwrap());
    assert_eq!(at("..P"), Remoteness::of_parity(1));
    assert_eq!(at("PP."), Remoteness::of_parity(0));
    let game = DensePawns::new(Pawns::adapwns(), 4).unwrap();
    let table = solve_remoteness(&game).unwrap();
    let lost = game.index(&"...P".parse().unwrap()).unwrap();
    assert_eq!(table.remoteness(lost), Remoteness::of_parity(2));
    assert!(!table.wins(lost));
}

/// Tables of 24 squares, solved once and shared by the property tests.
fn table24(step: u32) -> &'static WinTable {
    static TABLES: [OnceLock<WinTable>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[(step - 2) as usize].get_or_init(|| solve_pawns(Pawns::new(step).unwrap(), 24).unwrap())
}

proptest! {
    /// Beyond the exhaustive range: random boards of 24 squares against the
    /// closed form.
    #[test]
    fn closed_form_matches_on_random_24_square_boards(
        index in 0u64..1 << 24,
        step in 2u32..=3,
    ) {
        let rules = Pawns::new(step).unwrap();
        let v = rules.nim_value(&squares_of(index, 24));
        prop_assert_eq!(table24(step).wins(index), v != 0);
    }
}
