//! Tests of `grundy_games::rules::subtraction`.

use grundy_engine::analysis::analyze;
use grundy_engine::engine::ImpartialSolver;
use grundy_engine::game::Player;
use grundy_engine::ruleset::AsImpartial;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::sequence::period::brute_force_period;
use grundy_engine::sequence::Options;
use grundy_games::registry::{self, Params};
use grundy_games::rules::heaps::{HeapMove, Heaps};
use grundy_games::rules::subtraction::*;
use grundy_values::values::Nimber;

/// Every non-empty subset of {1, ..., m}.
fn all_sets(m: u64) -> Vec<Subtraction> {
    (1u32..1 << m)
        .map(|bits| {
            let set = (1..=m).filter(|s| bits >> (s - 1) & 1 == 1).collect();
            Subtraction::new(set).unwrap()
        })
        .collect()
}

fn nimber(rules: &Subtraction, pos: &Heaps) -> Nimber {
    rules.value(pos).unwrap().as_nimber().unwrap()
}

#[test]
fn values_and_winning_moves_match_the_engine() {
    for rules in all_sets(5) {
        let game = AsImpartial(&rules);
        let mut solver = ImpartialSolver::new(&game);
        for a in 0..=12u64 {
            for b in 0..=12u64 {
                let pos = Heaps(vec![a, b]);
                assert_eq!(nimber(&rules, &pos), solver.grundy(&pos));
                assert_eq!(
                    rules.winning_moves(&pos, Player::Left).unwrap(),
                    solver.winning_moves(&pos),
                    "{rules} {pos}"
                );
                let count = rules.move_count(&pos, Player::Left).unwrap();
                assert_eq!(count, rules.moves(&pos, Player::Left).len() as u128);
            }
        }
    }
}

#[test]
fn verify_through_the_registry_agrees() {
    for set in ["1,2", "2,4,5", "1,3,4"] {
        let game = registry::build("subtraction", &Params::new().with("set", set)).unwrap();
        let report = game.verify(11, &()).unwrap();
        assert_eq!(report.mismatch, None, "{set}");
        assert_eq!(report.positions, 1 << 11, "{set}");
        assert_eq!(report.name, format!("subtraction ({set})"));
    }
}

#[test]
fn parameters_are_checked() {
    let err = |params: Params| registry::build("subtraction", &params).err().unwrap();
    assert_eq!(
        err(Params::new()).to_string(),
        "subtraction needs set S, e.g. set 2,4,5"
    );
    assert_eq!(
        err(Params::new().with("set", "1,x")).to_string(),
        "set \"1,x\": character 3: expected a subtraction from 1 (digits), found 'x'"
    );
    assert!(err(Params::new().with("set", "0"))
        .to_string()
        .starts_with("set \"0\": character 1: expected a subtraction from 1 to 1048576"));
    assert!(registry::build("subtraction", &Params::new().with("step", "2")).is_err());
}

#[test]
fn proven_periods_match_a_brute_force_search() {
    // Every set within {1..7}: the proven period against the smallest period that
    // 3000 values show with at least ten repetitions.
    for rules in all_sets(7) {
        let proven = rules.sequence(&Options::until_proven(100_000), &mut |_| {});
        let p = proven
            .period
            .expect("subtraction games are ultimately periodic");
        let long = rules.sequence(&Options::to(2999), &mut |_| {});
        assert_eq!(&long.values[..proven.computed()], &proven.values[..]);
        let brute = brute_force_period(&long.values, 10).unwrap();
        assert_eq!(p, brute, "{rules}");
        assert_eq!(long.period, Some(p), "{rules}");
        // The proof rule: G(n + p) = G(n) on max S consecutive n from the preperiod.
        assert!(proven.computed() <= p.preperiod + p.period + rules.max() as usize + 64);
    }
}

#[test]
fn one_to_k_is_n_mod_k_plus_one() {
    for k in 1..=6u64 {
        let rules = Subtraction::new((1..=k).collect()).unwrap();
        let seq = rules.sequence(&Options::until_proven(1000), &mut |_| {});
        let p = seq.period.unwrap();
        assert_eq!((p.preperiod, p.period), (0, k as usize + 1));
        for n in [0u64, 5, 1 << 40, u64::MAX] {
            assert_eq!(seq.get(n), Some((n % (k + 1)) as u32));
            let pos = Heaps(vec![n]);
            assert_eq!(nimber(&rules, &pos), Nimber(u128::from(n % (k + 1))));
        }
    }
}

#[test]
fn the_editorial_exercise_2_4_5() {
    let rules: Subtraction = "2,4,5".parse().unwrap();
    let seq = rules.sequence(&Options::until_proven(1000), &mut |_| {});
    assert_eq!(&seq.values[..11], &[0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1]);
    let p = seq.period.unwrap();
    assert_eq!((p.preperiod, p.period), (0, 7));
    let pos = "7,9,1000000000000".parse().unwrap();
    let a = analyze(&rules, &pos, Player::Left, 100).unwrap();
    // G(7) = 0, G(9) = 1, G(10^12) = G(10^12 mod 7 = 1) = 0.
    assert_eq!(a.reduction["xor"], 1);
    assert_eq!(a.parameters, "S = {2,4,5}");
    assert_eq!(
        a.explanation[0],
        "G(n) for S = {2,4,5} has preperiod 0 and period 7 (proven from 12 values): \
             G(0..) = 0, 0, 1, 1, 2, 2, 3"
    );
    let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
    // Heaps of value 0 must go to value 1: 7 - 4 = 3 and 7 - 5 = 2 (G 1), and
    // 10^12 - 5 ≡ 3 (mod 7); heap 9 (value 1) must go to value 0: 9 - 2 = 7.
    assert_eq!(moves, ["1-4", "1-5", "2-2", "3-5"]);
    assert_eq!(a.winning_move_count, Some(4));
    let first = analyze(&rules, &pos, Player::Left, 1).unwrap();
    assert_eq!(first.winning_moves.len(), 1);
    assert_eq!(first.winning_move_count, Some(4));
}

#[test]
fn play_notation_and_messages() {
    let rules: Subtraction = "1,3,4".parse().unwrap();
    let heaps: Heaps = "7,2".parse().unwrap();
    let err = |text: &str| {
        rules
            .parse_move(&heaps, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("1-2"), "the number taken must be in 1,3,4");
    assert_eq!(err("2-3"), "take 1 to 2 stones from heap 2");
    assert_eq!(err("3-1"), "there is no heap 3 (the heaps are 1 to 2)");
    assert!(err("1+1").starts_with("not a move: "));
    assert_eq!(
        rules.parse_move(&heaps, Player::Left, "1-4"),
        Ok(HeapMove { heap: 0, take: 4 })
    );
    assert_eq!(
        rules.move_help(),
        "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), TAKE in 1,3,4, e.g. 1-1"
    );
    assert_eq!(RulesetExt::title(&rules), "subtraction (1,3,4)");
    assert_eq!(rules.drawing(&heaps), "heap 1:   7 ooooooo\nheap 2:   2 oo");
    let high: Subtraction = "3,5".parse().unwrap();
    let small: Heaps = "2,6".parse().unwrap();
    assert_eq!(
        high.stalling_move(&small, Player::Left),
        high.moves(&small, Player::Left).first().copied()
    );
    assert_eq!(high.move_count(&small, Player::Left), Some(2));
    assert_eq!(
        high.stalling_move(&"1,2".parse().unwrap(), Player::Left),
        None
    );
}

#[test]
fn big_heaps_are_answered_by_the_period() {
    // {1, 3, 4}: period 7, values 0, 1, 0, 1, 2, 3, 2.
    let rules: Subtraction = "1,3,4".parse().unwrap();
    let pos: Heaps = "1000000,7".parse().unwrap();
    // G(10^6) = G(10^6 mod 7 = 1) = 1, G(7) = G(0) = 0.
    assert_eq!(nimber(&rules, &pos), Nimber(1));
    // Heap 1 to value 0: 10^6 - 1 (G 0); heap 2 to value 1: 7 - 4 = 3 (G 1).
    let first = rules.winning_listing(&pos, Player::Left, 1).unwrap();
    assert_eq!(first.moves, [HeapMove { heap: 0, take: 1 }]);
    assert_eq!(first.count, Some(2));
    let all = rules.winning_moves(&pos, Player::Left).unwrap();
    assert_eq!(
        all,
        [HeapMove { heap: 0, take: 1 }, HeapMove { heap: 1, take: 4 }]
    );
}

#[test]
fn notation() {
    let rules: Subtraction = "5,2,4,2".parse().unwrap();
    assert_eq!(rules.to_string(), "2,4,5");
    assert_eq!(rules.to_string().parse::<Subtraction>().unwrap(), rules);
    let e = "2,0,5".parse::<Subtraction>().unwrap_err();
    assert_eq!(e.column, 3);
    assert_eq!("".parse::<Subtraction>().unwrap_err().column, 1);
    assert_eq!("2,x".parse::<Subtraction>().unwrap_err().column, 3);
    assert!("2,9999999".parse::<Subtraction>().is_err());
    assert!(Subtraction::new(vec![]).is_err());
}

proptest::proptest! {
    #[test]
    fn winning_moves_on_large_heaps_reach_zero(
        set in proptest::collection::vec(1u64..40, 1..5),
        heaps in proptest::collection::vec(0u64..1_000_000_000_000_000, 0..5),
    ) {
        let rules = Subtraction::new(set).unwrap();
        let pos = Heaps(heaps);
        let value = nimber(&rules, &pos);
        let moves = rules.winning_moves(&pos, Player::Left).unwrap();
        proptest::prop_assert_eq!(moves.is_empty(), value.0 == 0);
        for m in moves {
            proptest::prop_assert!(rules.parse_move(&pos, Player::Left, &m.to_string()).is_ok());
            let after = rules.play(&pos, &m);
            proptest::prop_assert_eq!(nimber(&rules, &after).0, 0);
        }
    }
}
