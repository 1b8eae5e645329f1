//! Tests of `grundy_games::rules::octal`.

use grundy_engine::analysis::analyze;
use grundy_engine::engine::ImpartialSolver;
use grundy_engine::game::Player;
use grundy_engine::play::{Match, RulesetMatch, Seat};
use grundy_engine::ruleset::AsImpartial;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::sequence::Method;
use grundy_engine::sequence::Options;
use grundy_games::registry::{self, Params};
use grundy_games::rules::heaps::Heaps;
use grundy_games::rules::octal::*;
use grundy_values::values::Nimber;

fn all_codes() -> impl Iterator<Item = Octal> {
    (0..2 * 512).map(|k| {
        let d0 = if k >= 512 { 4 } else { 0 };
        let k = k % 512;
        format!("{d0}.{}{}{}", k / 64, k / 8 % 8, k % 8)
            .parse()
            .unwrap()
    })
}

fn nimber(rules: &Octal, pos: &Heaps) -> Nimber {
    rules.value(pos).unwrap().as_nimber().unwrap()
}

/// Codes whose moves must split a heap (a part may shrink to an empty heap): the
/// periodicity theorem needs i ≥ 1 for them, and a period proven too early would
/// make verify find positions whose value is wrong.
const SPLIT_ONLY: [&str; 4] = ["0.004", "0.04", "0.4", "4.0"];

#[test]
fn split_only_codes_prove_no_false_period() {
    for code in SPLIT_ONLY {
        let game = registry::build("octal", &Params::new().with("code", code)).unwrap();
        let report = game.verify(8, &()).unwrap();
        assert_eq!(report.mismatch, None, "{code}");
    }
}

#[test]
fn code_notation() {
    for (text, shown, t) in [
        ("0.77", "0.77", 2),
        ("0.137", "0.137", 3),
        (".6", "0.6", 1),
        ("4.7", "4.7", 1),
        ("0.70", "0.7", 1),
        ("0.0", "0.0", 0),
        ("4.00", "4.0", 0),
        ("0.1234567", "0.1234567", 7),
        ("0.8", "0.8", 1),
        ("0.a", "0.A", 1),
        ("C.0", "C.0", 0),
        ("8.F70", "8.F7", 2),
        ("0.{3}", "0.8", 1),
        ("0.{0,1,2}", "0.7", 1),
        ("{2}.{3,1}", "4.A", 1),
        ("{3,2}.0{0}", "C.01", 2),
    ] {
        let code: OctalCode = text.parse().unwrap();
        assert_eq!(code.to_string(), shown);
        assert_eq!(code.max_take(), t, "{text}");
        assert_eq!(shown.parse::<OctalCode>().unwrap(), code);
    }
    for (bad, column) in [
        ("", 1),
        ("1.7", 1),
        ("0", 2),
        ("07", 2),
        ("0.", 3),
        ("0.7G", 4),
        ("0.7 ", 4),
        ("x", 1),
        (".", 2),
        ("2.0", 1),
        ("9.0", 1),
        ("{1}.0", 1),
        ("0.{4}", 4),
        ("0.{}", 4),
        ("0.{1", 5),
        ("0.{1;2}", 5),
        ("0.{1,}", 6),
    ] {
        let e = bad.parse::<OctalCode>().unwrap_err();
        assert_eq!(e.column, column, "{bad:?}: {e}");
    }
    let e = "0.1G".parse::<OctalCode>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 4: expected a digit 0-9 or A-F, or heap counts in braces such as {2,3}, \
             found 'G'"
    );
    let e = "0.{5}".parse::<OctalCode>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 4: expected a heap count 0-3 (a move leaves at most three heaps), found '5'"
    );
}

/// Single heaps up to 9, and pairs of heaps up to 5: values against the engine;
/// the lazy moves, their count and the legality check against the listed moves.
fn matches_the_engine(rules: &Octal) {
    let seq = rules.sequence(Method::Naive, &Options::to(12), &mut |_| {});
    let sparse = rules.sequence(Method::Sparse, &Options::to(12), &mut |_| {});
    assert_eq!(seq.values, sparse.values);
    let auto = rules.sequence(Method::Auto, &Options::to(12), &mut |_| {});
    assert_eq!(seq.values, auto.values);
    let game = AsImpartial(rules);
    let mut solver = ImpartialSolver::new(&game);
    for n in 0..=9u64 {
        let pos = Heaps(vec![n]);
        let g = Nimber(u128::from(seq.values[n as usize]));
        assert_eq!(g, solver.grundy(&pos), "{rules} {n}");
        assert_eq!(nimber(rules, &pos), g, "{rules} {n}");
    }
    for a in 0..=5u64 {
        for b in 0..=5u64 {
            let pos = Heaps(vec![a, b]);
            assert_eq!(nimber(rules, &pos), solver.grundy(&pos));
            let moves = rules.moves(&pos, Player::Left);
            assert_eq!(rules.moves_iter(&pos).collect::<Vec<_>>(), moves);
            let count = rules.move_count(&pos, Player::Left).unwrap();
            assert_eq!(count, moves.len() as u128, "{rules} {pos}");
            for m in &moves {
                let text = m.to_string();
                assert_eq!(rules.parse_move(&pos, Player::Left, &text), Ok(*m));
            }
        }
    }
}

#[test]
fn sequences_and_moves_match_the_engine_for_every_3_digit_code() {
    for rules in all_codes() {
        matches_the_engine(&rules);
    }
}

#[test]
fn hexadecimal_codes_match_the_engine() {
    // Every d0.d1 with a digit that splits in three, and some longer codes.
    let mut codes: Vec<String> = [8, 12]
        .iter()
        .flat_map(|d0| (0..16).map(move |d1| format!("{d0:X}.{d1:X}")))
        .chain(
            [0, 4]
                .iter()
                .flat_map(|d0| (8..16).map(move |d1| format!("{d0}.{d1:X}"))),
        )
        .collect();
    codes.extend(["0.F1", "4.F2", "0.3B", "0.08", "0.19", "0.0F", "4.D7"].map(String::from));
    for code in codes {
        let rules: Octal = code.parse().unwrap();
        assert!(rules.splits_in_three(), "{code}");
        matches_the_engine(&rules);
    }
    // Move counts for larger heaps: three-part splits are ⌊r²/12⌉.
    let rules: Octal = "0.8".parse().unwrap();
    for r in 0..40u64 {
        let pos = Heaps(vec![r + 1]);
        let listed = rules.moves(&pos, Player::Left).len() as u128;
        assert_eq!(rules.move_count(&pos, Player::Left), Some(listed), "{r}");
        assert_eq!(three_part_splits(r), listed, "{r}");
    }
}

#[test]
fn only_legal_moves_are_read() {
    // Every move text with a heap of up to 6, a take of up to 3 and splits of up
    // to 6 + 6, on two heaps: read exactly when it is a listed move.
    let codes = ["0.77", "0.07", "0.137", "4.7", "0.6", "0.16", "4.07", "0.1"];
    for code in codes.into_iter().chain(["0.8", "4.F2", "0.3B", "C.0"]) {
        let rules: Octal = code.parse().unwrap();
        for (a, b) in [(0, 0), (1, 6), (5, 2), (6, 6)] {
            let pos = Heaps(vec![a, b]);
            let legal: Vec<String> = rules
                .moves(&pos, Player::Left)
                .iter()
                .map(|m| m.to_string())
                .collect();
            let mut texts = Vec::new();
            for heap in 0..=3 {
                for take in 0..=3 {
                    texts.push(format!("{heap}-{take}"));
                    for x in 0..=6 {
                        for y in 0..=6 {
                            texts.push(format!("{heap}-{take}={x}+{y}"));
                            for z in 0..=6 {
                                texts.push(format!("{heap}-{take}={x}+{y}+{z}"));
                            }
                        }
                    }
                }
            }
            texts.extend(
                [
                    "01-1",
                    "1-01",
                    "1-1=02+2",
                    "1-1=+2",
                    "1-1=2",
                    "x",
                    "1-1=1+1+1+1",
                    "1-0=1++4",
                ]
                .map(String::from),
            );
            for text in texts {
                let read = rules.parse_move(&pos, Player::Left, &text);
                assert_eq!(read.is_ok(), legal.contains(&text), "{code} {pos} {text}");
                if let Ok(mv) = read {
                    assert_eq!(
                        rules.play_checked(&pos, Player::Left, &mv),
                        Ok(rules.play(&pos, &mv))
                    );
                }
            }
        }
    }
}

#[test]
fn bad_moves_name_the_legal_ones() {
    let rules: Octal = "0.77".parse().unwrap();
    let err = |pos: &str, text: &str| {
        let pos: Heaps = pos.parse().unwrap();
        rules
            .parse_move(&pos, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("5", "1-9"),
        "not a legal move here (the code 0.77 allows 1-1, 1-1=1+3, 1-1=2+2, 1-2, 1-2=1+2)"
    );
    assert_eq!(
            err("30", "2-1"),
            "not a legal move here (the code 0.77 allows 1-1, 1-1=1+28, 1-1=2+27, 1-1=3+26, \
             1-1=4+25, 1-1=5+24, 1-1=6+23, 1-1=7+22, 1-1=8+21, 1-1=9+20, 1-1=10+19, 1-1=11+18, ...)"
        );
    // A huge heap: the message lists 12 moves, not every one.
    assert!(err("1000000000000000", "1-1=1+1").ends_with("1-1=11+999999999999988, ...)"));
}

#[test]
fn verify_through_the_registry_agrees() {
    for code in ["0.77", "0.07", "0.137", "4.7", "0.6"] {
        let game = registry::build("octal", &Params::new().with("code", code)).unwrap();
        let report = game.verify(10, &()).unwrap();
        assert_eq!(report.mismatch, None, "{code}");
        assert_eq!(report.positions, 1 << 10);
        assert_eq!(report.name, format!("octal ({code})"));
    }
    let err = |params: Params| registry::build("octal", &params).err().unwrap().to_string();
    assert_eq!(err(Params::new()), "octal needs code CODE, e.g. code 0.77");
    assert_eq!(
        err(Params::new().with("code", "0.7G")),
        "code \"0.7G\": character 4: expected a digit 0-9 or A-F, or heap counts in braces \
             such as {2,3}, found 'G'"
    );
}

#[test]
fn winning_moves_match_the_engine() {
    let codes = ["0.77", "0.07", "0.137", "4.7", "0.6", "0.16", "4.07"];
    for code in codes.into_iter().chain(["0.8", "4.F2", "0.3B", "C.0"]) {
        let rules: Octal = code.parse().unwrap();
        let game = AsImpartial(&rules);
        let mut solver = ImpartialSolver::new(&game);
        for a in 0..=8u64 {
            for b in 0..=8u64 {
                let pos = Heaps(vec![a, b]);
                let analysis = analyze(&rules, &pos, Player::Left, 1000).unwrap();
                let expect: Vec<String> = solver
                    .winning_moves(&pos)
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                let got: Vec<String> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| m.mv.clone())
                    .collect();
                assert_eq!(got, expect, "{code} {pos}");
                assert_eq!(analysis.winning_move_count, Some(expect.len() as u128));
                assert_eq!(analysis.to_move_wins, solver.to_move_wins(&pos));
                let two = rules.winning_listing(&pos, Player::Left, 2).unwrap();
                assert_eq!(two.count, Some(expect.len() as u128));
                let listed: Vec<String> = two.moves.iter().map(|m| m.to_string()).collect();
                assert_eq!(listed, expect[..expect.len().min(2)]);
            }
        }
    }
}

#[test]
fn kayles_analysis_uses_the_proven_period() {
    let rules: Octal = "0.77".parse().unwrap();
    let a = analyze(
        &rules,
        &"3,5,1000000000000".parse().unwrap(),
        Player::Left,
        1000,
    )
    .unwrap();
    assert_eq!(a.parameters, "code 0.77");
    assert_eq!(a.reduction["period"]["preperiod"], 71);
    assert_eq!(a.reduction["period"]["period"], 12);
    // G(3) = 3, G(5) = 4; 10^12 ≡ 4 (mod 12), so G = G(76) = 1.
    assert_eq!(a.reduction["heaps"][2]["grundy"], 1);
    assert_eq!(a.value.unwrap().to_string(), "*6");
    assert!(a.explanation[0].contains("preperiod 71 and period 12"));
    assert_eq!(
        a.explanation.last().unwrap(),
        "heap 3: winning splits listed only with a part of at most 1048576 stones"
    );
    assert_eq!(a.winning_move_count, None);
    let m = &a.winning_moves[0];
    // Heap 5 (value 4) must go to 4 ⊕ 6 = 2: take 1 and leave 1 + 3 (1 ⊕ 3 = 2).
    let first = (m.mv.as_str(), m.after.as_str());
    assert_eq!(first, ("2-1=1+3", "3,1,3,1000000000000"));
    let lost = analyze(&rules, &"3,3".parse().unwrap(), Player::Left, 1000).unwrap();
    assert!(!lost.to_move_wins && lost.winning_moves.is_empty());
    assert_eq!(lost.winning_move_count, Some(0));
    // The full list of a huge heap's winning moves is not claimed.
    let huge: Heaps = "3,5,1000000000000".parse().unwrap();
    assert!(rules.winning_moves(&huge, Player::Left).is_err());
    assert_eq!(
        rules.move_count(&huge, Player::Left),
        Some(3 + 5 + (1 + 499_999_999_999) + (1 + 499_999_999_999))
    );
}

#[test]
fn kayles_is_won_by_the_middle_pin() {
    // Kayles (0.77) on 5 pins: the first player takes the middle pin, leaving 2 + 2,
    // and mirrors from then on.
    let rules: Octal = "0.77".parse().unwrap();
    let mut m = RulesetMatch::new(&rules, "5".parse().unwrap(), Player::Left);
    let first = m.engine_move().unwrap();
    // G(0..=5) = 0, 1, 2, 3, 1, 4: the only move to 0 leaves 2 + 2.
    assert_eq!(first, "1-1=2+2");
    while m.winner().is_none() {
        let mv = m.hints().moves[0].mv.clone();
        if m.to_move() == Seat::Second {
            m.play(&mv).unwrap();
        } else {
            m.engine_move();
        }
    }
    assert_eq!(m.winner(), Some(Seat::First));
}

#[test]
fn a_huge_heap_is_answered_at_once() {
    // Dawson's Kayles on one heap of 10^15: a winning split is found through the
    // proven period without listing the moves.
    let rules: Octal = "0.07".parse().unwrap();
    let pos: Heaps = "1000000000000000".parse().unwrap();
    assert!(nimber(&rules, &pos).to_move_wins());
    let listing = rules.winning_listing(&pos, Player::Left, 1).unwrap();
    assert_eq!(listing.count, None);
    let mv = listing.moves[0];
    assert_eq!(nimber(&rules, &rules.play(&pos, &mv)), Nimber(0));
    assert_eq!(
        rules.play_checked(&pos, Player::Left, &mv),
        Ok(rules.play(&pos, &mv))
    );
    assert_eq!(
        rules
            .stalling_move(&pos, Player::Left)
            .map(|m| m.to_string()),
        Some("1-2".to_owned())
    );
}

/// The analysis has winning moves exactly when the mover wins, counts them all,
/// and each is legal and reaches value 0.
fn winning_moves_reach_zero(
    rules: &Octal,
    pos: &Heaps,
) -> Result<(), proptest::test_runner::TestCaseError> {
    let a = analyze(rules, pos, Player::Left, usize::MAX).unwrap();
    proptest::prop_assert_eq!(a.winning_moves.is_empty(), !a.to_move_wins);
    let all = rules.winning_moves(pos, Player::Left).unwrap();
    proptest::prop_assert_eq!(a.winning_move_count, Some(all.len() as u128));
    for m in &all {
        proptest::prop_assert!(rules.parse_move(pos, Player::Left, &m.to_string()).is_ok());
        proptest::prop_assert_eq!(nimber(rules, &rules.play(pos, m)), Nimber(0));
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn winning_moves_reach_zero_and_losing_positions_have_none(
        code in 0usize..1024,
        heaps in proptest::collection::vec(0u64..300, 0..4),
    ) {
        let rules = all_codes().nth(code).unwrap();
        winning_moves_reach_zero(&rules, &Heaps(heaps))?;
    }

    #[test]
    fn hexadecimal_winning_moves_reach_zero(
        digits in proptest::collection::vec(0u8..16, 1..3),
        d0 in 0usize..4,
        heaps in proptest::collection::vec(0u64..80, 0..4),
    ) {
        let code: String = digits.iter().map(|d| format!("{d:X}")).collect();
        let rules: Octal = format!("{:X}.{code}", 4 * d0).parse().unwrap();
        winning_moves_reach_zero(&rules, &Heaps(heaps))?;
    }
}
