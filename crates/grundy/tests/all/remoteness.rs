//! The remoteness engines (`grundy::engine::remoteness`) on pawns and the A-B game:
//! hand-checked positions, the order of ranked moves, parity against win/loss on every
//! small board, and the partizan engine against the outcome engine.

use grundy::engine::remoteness::*;
use grundy::engine::{ImpartialSolver, PartizanSolver};
use grundy::rules::ab::{Ab, Row};
use grundy::rules::pawns::{Board, Pawns};
use grundy::ruleset::AsImpartial;
use grundy::Player;

fn board(s: &str) -> Board {
    s.parse().unwrap()
}

#[test]
fn hand_checked_pawn_positions() {
    let rules = Pawns::adapwns();
    let rules_game = AsImpartial(&rules);
    let mut solver = RemotenessSolver::new(&rules_game);
    // Terminal: every pawn packed to the left.
    assert_eq!(solver.remoteness(&board("PP..")), Remoteness::of_parity(0));
    assert_eq!(solver.remoteness(&board("")), Remoteness::of_parity(0));
    // ..P: 3-1 ends the game at once; 3-2 would leave .P.. won for the opponent.
    assert_eq!(solver.remoteness(&board("..P")), Remoteness::of_parity(1));
    let best: Vec<String> = solver
        .best_moves(&board("..P"))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(best, ["3-1"]);
    // ...P: a pile of 3 = 0 mod 3, lost. 4-3 leaves ..P (wins in 1), 4-2 leaves
    // .P.. (wins in 1): the loser lasts 2 moves.
    assert_eq!(solver.remoteness(&board("...P")), Remoteness::of_parity(2));
    // ....P: move to ...P (lost, remoteness 2): win in 3.
    assert_eq!(solver.remoteness(&board("....P")), Remoteness::of_parity(3));
    // ......P: a pile of 6 is lost; the loser steps one square at a time where
    // possible: 6 -> 5 -> 3 -> 2 -> 0 is the longest line the winner allows.
    assert_eq!(
        solver.remoteness(&board("......P")),
        Remoteness::of_parity(4)
    );
    // With k = 1 a single pawn walks: remoteness = its distance.
    let walk = Pawns::new(1).unwrap();
    let walk_game = AsImpartial(&walk);
    let mut walker = RemotenessSolver::new(&walk_game);
    assert_eq!(
        walker.remoteness(&board(".....P")),
        Remoteness::of_parity(5)
    );
}

#[test]
fn ranked_moves_put_the_quickest_win_first_and_the_longest_loss_after() {
    let rules = Pawns::adapwns();
    let rules_game = AsImpartial(&rules);
    let mut solver = RemotenessSolver::new(&rules_game);
    // .P.P: 4-3 leaves .PP., lost in 2 (2-1, then 3-2 ends it); 2-1 leaves
    // P..P, which the opponent wins at once with 4-2. 4-2 itself is blocked.
    let ranked: Vec<(String, Remoteness)> = solver
        .ranked_moves(&board(".P.P"))
        .into_iter()
        .map(|(m, r)| (m.to_string(), r))
        .collect();
    assert_eq!(
        ranked,
        [
            ("4-3".to_string(), Remoteness::of_parity(2)),
            ("2-1".to_string(), Remoteness::of_parity(1)),
        ]
    );
    assert_eq!(solver.remoteness(&board(".P.P")), Remoteness::of_parity(3));
    // Lost position: every move wins for the opponent; the longest comes first.
    let lost = board("...P");
    assert!(!solver.to_move_wins(&lost));
    let ranked = solver.ranked_moves(&lost);
    assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1));
    assert_eq!(solver.best_moves(&board("P")), Vec::new());
}

/// Win/loss by remoteness parity agrees with the Grundy engine on every pawn
/// board of up to 10 squares, and remoteness obeys its defining rule.
#[test]
fn parity_matches_win_loss_on_all_small_pawn_boards() {
    for step in 1..=3 {
        let rules = Pawns::new(step).unwrap();
        let rules_game = AsImpartial(&rules);
        let mut remote = RemotenessSolver::new(&rules_game);
        let mut grundy = ImpartialSolver::new(&rules_game);
        for n in 0..=10usize {
            for mask in 0u32..(1 << n) {
                let squares: Vec<u8> = (0..n)
                    .map(|i| if mask >> i & 1 == 1 { b'P' } else { b'.' })
                    .collect();
                let b = Board::from_bytes(&squares).unwrap();
                let r = remote.remoteness(&b);
                assert_eq!(r.to_move_wins(), grundy.to_move_wins(&b), "{b} k={step}");
                let options: Vec<Remoteness> = rules
                    .legal_moves(&b)
                    .iter()
                    .map(|m| remote.remoteness(&rules.after(&b, m)))
                    .collect();
                assert_eq!(r == Remoteness::of_parity(0), options.is_empty(), "{b}");
                if r.to_move_wins() {
                    let quickest = options.iter().filter(|o| !o.to_move_wins()).min();
                    assert_eq!(Some(r.moves() - 1), quickest.map(|o| o.moves()), "{b}");
                } else if let Some(longest) = options.iter().max() {
                    assert!(options.iter().all(|o| o.to_move_wins()), "{b}");
                    assert_eq!(r.moves() - 1, longest.moves(), "{b}");
                }
            }
        }
    }
}

#[test]
fn partizan_remoteness_agrees_with_the_outcome_engine() {
    let rules = grundy::ruleset::AsPartizan(&Ab);
    let mut remote = PartizanRemotenessSolver::new(&rules);
    let mut outcome = PartizanSolver::new(&rules);
    for n in 1..=7usize {
        let mut digits = vec![0u8; n];
        loop {
            let s: String = digits.iter().map(|&d| b".AB"[d as usize] as char).collect();
            let row: Row = s.parse().unwrap();
            for player in [Player::Left, Player::Right] {
                let r = remote.remoteness(&row, player);
                assert_eq!(
                    r.to_move_wins(),
                    outcome.wins_moving_first(&row, player),
                    "{s} {player:?}"
                );
                let best = remote.best_moves(&row, player);
                if r.to_move_wins() {
                    // The quickest winning moves are winning moves.
                    let winning = outcome.winning_moves(&row, player);
                    assert!(!best.is_empty());
                    assert!(best.iter().all(|m| winning.contains(m)), "{s}");
                }
            }
            // Next string over ".AB" of length n.
            let mut i = 0;
            while i < n && digits[i] == 2 {
                digits[i] = 0;
                i += 1;
            }
            if i == n {
                break;
            }
            digits[i] += 1;
        }
    }
}
