//! Tests of `grundy_games::rules::wythoff`.

use grundy_engine::analysis::analyze;
use grundy_engine::game::Player;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::ruleset::{nimber, Ruleset};
use grundy_engine::ruleset::{AsImpartial, AsPartizan};
use grundy_engine::verify::{verify, RulesetCheck};
use grundy_games::rules::heaps::HeapMove;
use grundy_games::rules::wythoff::golden::MAX_HEAP;
use grundy_games::rules::wythoff::*;
use grundy_values::values::Outcome;
use serde_json::json;

fn pos(text: &str) -> TwoHeaps {
    text.parse().unwrap()
}

fn listed(rules: &Wythoff, text: &str) -> Vec<String> {
    rules
        .winning_moves(&pos(text))
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn notation_round_trips_and_errors() {
    for s in ["3,5", "0,0", "9223372036854775808,0", "12,7"] {
        assert_eq!(pos(s).to_string(), s);
    }
    let err = |s: &str| s.parse::<TwoHeaps>().unwrap_err().to_string();
    assert_eq!(
        err(""),
        "character 1: expected two heap sizes, as in 3,5, found the end"
    );
    assert_eq!(
        err("35"),
        "character 3: expected ',' and a second heap size, as in 3,5, found the end"
    );
    assert_eq!(
        err("3,5,7"),
        "character 4: expected the end: Wythoff's game has two heaps, found ','"
    );
    assert_eq!(
        err("3,9223372036854775809"),
        "character 3: expected a heap size of at most 2^63 = 9223372036854775808, \
         found \"9223372036854775809\""
    );
    assert_eq!(
        err("3,x"),
        "character 3: expected a heap size (digits), found 'x'"
    );
    for m in ["1-2", "2-30", "=2", "=18446744073709551615"] {
        assert_eq!(m.parse::<WythoffMove>().unwrap().to_string(), m);
    }
    assert_eq!("=x".parse::<WythoffMove>().unwrap_err().column, 2);
    assert_eq!("=".parse::<WythoffMove>().unwrap_err().column, 2);
    assert_eq!("12".parse::<WythoffMove>().unwrap_err().column, 3);
}

#[test]
fn bad_moves_are_explained() {
    let rules = Wythoff::new();
    let err = |p: &str, m: &str| {
        rules
            .parse_move(&pos(p), Player::Left, m)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("3,5", "3-1"),
        "there is no heap 3 (the heaps are 1 to 2)"
    );
    assert_eq!(err("3,5", "2-6"), "take 1 to 5 stones from heap 2");
    assert_eq!(err("0,5", "1-1"), "heap 1 is empty");
    assert_eq!(err("3,5", "=4"), "take 1 to 3 stones from both heaps");
    assert_eq!(err("3,5", "=0"), "take 1 to 3 stones from both heaps");
    assert_eq!(
        err("0,5", "=1"),
        "a heap is empty, so no stones can be taken from both"
    );
    assert!(err("3,5", "both").starts_with("not a move: "));
    assert!(err("3,5", "x")
        .ends_with("(write HEAP-TAKE, e.g. 1-2, or =TAKE to take from both heaps, e.g. =2)"));
    let ok = |p: &str, m: &str| rules.parse_move(&pos(p), Player::Left, m).unwrap();
    assert_eq!(ok("3,5", "=3"), WythoffMove::Both(3));
    assert_eq!(rules.play(&pos("3,5"), &ok("3,5", "=3")), pos("0,2"));
    assert_eq!(rules.play(&pos("3,5"), &ok("3,5", "2-4")), pos("3,1"));
    assert_eq!(rules.drawing(&pos("3,50")), "heap 1:   3 ooo\nheap 2:  50");
}

#[test]
fn moves_are_listed_in_order_and_counted() {
    let rules = Wythoff::new();
    let p = pos("2,3");
    let moves: Vec<String> = rules
        .moves(&p, Player::Left)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["1-1", "1-2", "2-1", "2-2", "2-3", "=1", "=2"]);
    assert_eq!(rules.move_count(&p, Player::Left), Some(7));
    assert_eq!(rules.reach(&p), 12);
}

#[test]
fn winning_moves_by_hand() {
    let rules = Wythoff::new();
    // (4, 5): heap 1 to 3, the partner of 5; both down by 3 to (1, 2), difference 1.
    assert_eq!(listed(&rules, "4,5"), ["1-1", "=3"]);
    // (5, 4) is its mirror image.
    assert_eq!(listed(&rules, "5,4"), ["2-1", "=3"]);
    // (7, 7): heap 1 to 4 (partner of 7), heap 2 to 4, both to (0, 0).
    assert_eq!(listed(&rules, "7,7"), ["1-3", "2-3", "=7"]);
    // (0, 9): only heap 2, to 0.
    assert_eq!(listed(&rules, "0,9"), ["2-9"]);
    for p in ["0,0", "1,2", "5,3", "4,7", "10,6", "8,13"] {
        assert!(listed(&rules, p).is_empty(), "{p}");
        assert_eq!(rules.value(&pos(p)), nimber(0), "{p}");
    }
}

#[test]
fn analysis_of_3_5_and_4_5() {
    let rules = Wythoff::new();
    let a = analyze(&rules, &pos("3,5"), Player::Left, 10).unwrap();
    assert_eq!(a.outcome, Some(Outcome::P));
    assert!(!a.to_move_wins && a.winning_moves.is_empty());
    assert_eq!(a.value.unwrap().to_string(), "0");
    assert_eq!(a.reduction["diagonal_p_position"], json!([3, 5]));
    assert!(a.explanation[2].starts_with("3,5 is that P-position"));
    let a = analyze(&rules, &pos("4,5"), Player::Left, 10).unwrap();
    assert_eq!(a.outcome, Some(Outcome::N));
    // G(4, 5) = 6 (OEIS A317205, row 5: 5, 3, 4, 0, 6, 8).
    assert_eq!(a.value.unwrap().to_string(), "*6");
    let moves: Vec<(&str, &str)> = a
        .winning_moves
        .iter()
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(moves, [("1-1", "3,5"), ("=3", "1,2")]);
    assert_eq!(a.winning_move_count, Some(2));
    assert_eq!(a.reduction["partners"], json!([7, 3]));
    assert!(a
        .explanation
        .iter()
        .any(|l| l.starts_with("=3: both heaps")));
}

#[test]
fn huge_positions_keep_exact_wins_and_moves() {
    let rules = Wythoff::new();
    let (a, b) = golden::p_position(1 << 61);
    let p = TwoHeaps::new(a, b).unwrap();
    assert_eq!(rules.value(&p), nimber(0));
    assert_eq!(rules.wins(&p, Player::Left), Ok(false));
    let n = TwoHeaps::new(a + 5, b).unwrap();
    assert_eq!(rules.wins(&n, Player::Left), Ok(true));
    let err = rules.value(&n).unwrap_err().to_string();
    assert!(
        err.contains("N-position") && err.contains("at most 2048 stones"),
        "{err}"
    );
    // Heap 1 back to a_k, and both down to the P-position with difference k − 5.
    let moves = Wythoff::winning_moves(&rules, &n);
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0], WythoffMove::One(HeapMove { heap: 0, take: 5 }));
    assert!(matches!(moves[1], WythoffMove::Both(_)));
    assert!(moves
        .iter()
        .all(|m| rules.is_p_position(&rules.play(&n, m))));
    assert_eq!(
        rules.stalling_move(&p, Player::Left),
        Some(WythoffMove::One(HeapMove { heap: 0, take: 1 }))
    );
    // The analysis answers who wins and the moves, with no value, and says why.
    let a = analyze(&rules, &n, Player::Left, 10).unwrap();
    assert!(a.to_move_wins);
    assert_eq!(a.value, None);
    assert!(a.value_unknown.unwrap().contains("N-position"));
    assert_eq!(a.winning_moves.len(), 2);
    assert!(TwoHeaps::new(MAX_HEAP + 1, 0).is_none());
}

#[test]
fn values_grow_their_table() {
    let rules = Wythoff::new();
    // G(n, n) (OEIS A047708): 0, 2, 1, 6, 7, 8, 3, ...; G(70, 70) = 54.
    assert_eq!(rules.grundy(&pos("3,3")), Some(6));
    assert_eq!(rules.grundy(&pos("70,70")), Some(54));
    assert_eq!(rules.grundy(&pos("2048,2047")).map(|g| g > 0), Some(true));
    assert_eq!(rules.grundy(&pos("2049,1")), None);
    assert_eq!(rules.grundy(&pos("3,5")), Some(0));
}

#[test]
fn agrees_with_the_engine_on_every_position_up_to_60_tokens() {
    let rules = Wythoff::new();
    let (imp, par) = (AsImpartial(&rules), AsPartizan(&rules));
    let report = verify(&RulesetCheck::new(&imp, &par), 60, &());
    assert_eq!(report.mismatch, None);
    assert_eq!(report.positions, (0..=60u64).map(|s| s + 1).sum::<u64>());
}

proptest::proptest! {
    /// Every winning move is legal and reaches a P-position; there is one exactly
    /// when the position is not a P-position.
    #[test]
    fn winning_moves_reach_p_positions(a in 0..=MAX_HEAP, b in 0..=MAX_HEAP) {
        let rules = Wythoff::new();
        let p = TwoHeaps::new(a, b).unwrap();
        let moves = Wythoff::winning_moves(&rules, &p);
        proptest::prop_assert_eq!(moves.is_empty(), rules.is_p_position(&p));
        proptest::prop_assert!(moves.len() <= 3);
        for m in moves {
            let text = m.to_string();
            proptest::prop_assert_eq!(rules.parse_move(&p, Player::Left, &text), Ok(m));
            proptest::prop_assert!(rules.is_p_position(&rules.play(&p, &m)));
        }
    }

    /// From a P-position, every move (here: random ones of each kind, and the
    /// extreme ones) reaches an N-position.
    #[test]
    fn p_positions_only_move_to_n_positions(
        // b_k ≤ 2^63 needs k ≤ 2^63/φ² (about 3.52 · 10^18).
        k in 0..=3_500_000_000_000_000_000u64,
        swap in proptest::bool::ANY,
        fraction in 0.0f64..1.0,
    ) {
        let rules = Wythoff::new();
        let (a, b) = golden::p_position(k);
        let p = if swap { TwoHeaps::new(b, a) } else { TwoHeaps::new(a, b) }.unwrap();
        let [x, y] = p.heaps();
        let pick = |n: u64| 1 + ((n - 1) as f64 * fraction) as u64;
        let mut moves = Vec::new();
        for (heap, n) in [(0, x), (1, y)] {
            if n > 0 {
                moves.extend([1, pick(n), n].map(|take| WythoffMove::One(HeapMove { heap, take })));
            }
        }
        let both = x.min(y);
        if both > 0 {
            moves.extend([1, pick(both), both].map(WythoffMove::Both));
        }
        for m in moves {
            let after = rules.play(&p, &m);
            proptest::prop_assert!(!rules.is_p_position(&after), "{} {} -> {}", p, m, after);
        }
    }
}
