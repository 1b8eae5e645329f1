//! Tests of `grundy_games::rules::nim`.

use grundy_engine::analysis::analyze;
use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::heaps::Heaps;
use grundy_games::rules::nim::*;
use grundy_values::values::Outcome;

#[test]
fn analysis_of_3_5_7() {
    let a = analyze(&Nim, &"3,5,7".parse().unwrap(), Player::Left, 100).unwrap();
    assert!(a.to_move_wins);
    assert_eq!(a.value.unwrap().to_string(), "*");
    assert_eq!(a.reduction["xor"], 1);
    assert_eq!(a.reduction["heaps"][2]["grundy"], 7);
    let moves: Vec<(&str, &str)> = a
        .winning_moves
        .iter()
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(
        moves,
        [("1-1", "2,5,7"), ("2-1", "3,4,7"), ("3-1", "3,5,6")]
    );
    assert!(a
        .explanation
        .iter()
        .any(|l| l == "XOR of the values: 3 ⊕ 5 ⊕ 7 = 1: the player to move wins"));
    let lost = analyze(&Nim, &"1,2,3".parse().unwrap(), Player::Left, 100).unwrap();
    assert_eq!(lost.outcome, Some(Outcome::P));
    assert!(lost.winning_moves.is_empty());
}

#[test]
fn bad_moves_are_explained() {
    let heaps: Heaps = "3,0".parse().unwrap();
    let err = |text: &str| {
        Ruleset::parse_move(&Nim, &heaps, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("3-1"), "there is no heap 3 (the heaps are 1 to 2)");
    assert_eq!(err("1-4"), "take 1 to 3 stones from heap 1");
    assert_eq!(err("2-1"), "heap 2 is empty");
    assert!(err("x").starts_with("not a move: "), "{}", err("x"));
    assert_eq!(
        Nim.drawing(&"3,0,50".parse().unwrap()),
        "heap 1:   3 ooo\nheap 2:   0\nheap 3:  50"
    );
}

proptest::proptest! {
    #[test]
    fn winning_moves_on_large_heaps_reach_zero(
        heaps in proptest::collection::vec(0u64..u64::MAX, 0..8)
    ) {
        let pos = Heaps(heaps);
        let moves = Nim.winning_moves(&pos);
        proptest::prop_assert_eq!(moves.is_empty(), Nim.value(&pos).0 == 0);
        for m in moves {
            proptest::prop_assert!(m.take >= 1 && m.take <= pos.0[m.heap]);
            proptest::prop_assert_eq!(Nim.value(&pos.after_taking(&m)).0, 0);
        }
    }
}
