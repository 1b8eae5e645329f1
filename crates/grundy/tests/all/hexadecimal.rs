//! Hexadecimal codes: a digit with bit 8 lets a move split the rest of a heap into
//! three non-empty heaps. Their values are compared with the plain definition
//! ([`Definition`], which lists every split a ≤ b ≤ c), every claimed period with
//! the definition to three times its proof, and the three-heap periodicity bound is
//! shown to be needed: with the two-heap bound, the games that must split in three
//! would be "proven" periodic from a handful of values, falsely.

use rayon::prelude::*;

use grundy::rules::octal::hexadecimal::HexadecimalValues;
use grundy::rules::octal::{Method, Octal};
use grundy::sequence::certificate::{self, Certificate};
use grundy::sequence::check::{
    check_period, verify_split_values, verify_split_values_within, Definition, Rules, Violation,
};
use grundy::sequence::{compute, Options, Period, ProofRule, Source};

/// Every code d0.d1d2 with d0 ∈ {0, 4, 8, C} and a digit with bit 8 (896 codes).
fn hex_codes() -> Vec<String> {
    let mut codes = Vec::new();
    for d0 in [0u8, 4, 8, 12] {
        for d1 in 0..16u8 {
            for d2 in 0..16u8 {
                if (d0 | d1 | d2) & 8 != 0 {
                    codes.push(format!("{d0:X}.{d1:X}{d2:X}"));
                }
            }
        }
    }
    codes
}

fn rules_of(rules: &Octal) -> Rules {
    Rules::TakeAndBreak(rules.code().digits().to_vec())
}

/// The code's sequence until proven or up to `limit`, its values against the
/// definition, and a claim against the definition to three times its proof.
fn claim_checked(code: &str, limit: usize) -> Option<Period> {
    let rules: Octal = code.parse().unwrap();
    let seq = rules.sequence(Method::Auto, &Options::until_proven(limit), &mut |_| {});
    let len = if seq.period.is_some() {
        3 * seq.computed()
    } else {
        seq.computed()
    };
    let truth = Definition::values(rules_of(&rules), len);
    assert_eq!(&truth[..seq.computed()], &seq.values[..], "{code}: values");
    let claim = seq.period?;
    for (n, &v) in truth.iter().enumerate() {
        assert_eq!(seq.get(n as u64), Some(v), "{code}: G({n}) by {claim:?}");
    }
    let rule = rules.proof_rule();
    assert_eq!(check_period(&truth, rule, claim), Ok(()), "{code}");
    Some(claim)
}

/// Every two-digit hexadecimal code, its first 300 values by the definition and
/// its proven periods to three times their proofs.
#[test]
fn every_two_digit_code_against_the_definition() {
    let codes = hex_codes();
    let proven: Vec<Option<Period>> = codes.par_iter().map(|c| claim_checked(c, 300)).collect();
    let count = proven.iter().flatten().count();
    // Most of these games have values that keep growing: few are periodic.
    assert_eq!(count, 70, "codes proven");
    let at = |code: &str| proven[codes.iter().position(|c| c == code).unwrap()];
    let pair = |code| at(code).map(|p| (p.preperiod, p.period));
    assert_eq!(pair("4.C0"), Some((54, 34)));
    assert_eq!(pair("4.F2"), Some((4, 4)));
    assert_eq!(pair("0.F1"), Some((3, 2)));
    assert_eq!(pair("0.80"), None);
}

/// The games that must split a heap into three: the two-heap bound proves a false
/// period from a few values; the three-heap bound proves none.
#[test]
fn games_that_must_split_in_three() {
    for (code, values) in [("0.8", 4), ("0.08", 5), ("0.008", 6), ("8.0", 3)] {
        let rules: Octal = code.parse().unwrap();
        let two = ProofRule::Splits {
            max_take: rules.code().max_take(),
            max_parts: 2,
        };
        let mut source = rules.source(Method::Auto);
        let wrong = compute(&mut *source, two, &Options::until_proven(1000), &mut |_| {});
        assert_eq!(wrong.computed(), values, "{code}");
        let claim = wrong.period.expect("the two-heap bound claims a period");
        assert_eq!(claim.period, 1, "{code}");
        let truth = Definition::values(rules_of(&rules), 3 * values);
        let n = (0..truth.len())
            .find(|&n| wrong.get(n as u64) != Some(truth[n]))
            .expect("the claim is false");
        assert_eq!(n, values, "{code}");
        // The three-heap bound asks for more values, and they refute the claim.
        let rule = rules.proof_rule();
        assert_eq!(rule, two_plus_one(two));
        assert!(matches!(
            check_period(&truth[..values], rule, claim),
            Err(Violation::TooFewValues { .. })
        ));
        assert!(matches!(
            check_period(&truth, rule, claim),
            Err(Violation::Mismatch { .. })
        ));
        assert_eq!(claim_checked(code, 1000), None, "{code}");
    }
}

fn two_plus_one(rule: ProofRule) -> ProofRule {
    match rule {
        ProofRule::Splits { max_take, .. } => ProofRule::Splits {
            max_take,
            max_parts: 3,
        },
        other => other,
    }
}

/// The pair table bounded to nothing gives the same values as the full one.
#[test]
fn a_bounded_pair_table_gives_the_same_values() {
    for code in ["0.8", "4.F2", "0.F1", "C.0", "0.3B"] {
        let rules: Octal = code.parse().unwrap();
        let moves = rules.code().heap_moves();
        let mut full = Vec::new();
        HexadecimalValues::new(moves.clone()).extend(&mut full, 400);
        for cap in [0, 64 * 8, 1000 * 8] {
            let mut bounded = Vec::new();
            HexadecimalValues::with_cap(moves.clone(), cap).extend(&mut bounded, 400);
            assert_eq!(bounded, full, "{code} {cap}");
        }
        assert_eq!(full, Definition::values(rules_of(&rules), 400), "{code}");
    }
}

/// The value checker of certificates accepts the definition's values and finds a
/// changed value where it was changed, with the pair table and without it.
#[test]
fn the_value_checker_finds_planted_errors_in_hexadecimal_games() {
    let codes = hex_codes();
    codes
        .par_iter()
        .enumerate()
        .step_by(7)
        .for_each(|(k, code)| {
            let rules: Octal = code.parse().unwrap();
            let digits = rules.code().digits().to_vec();
            let truth = Definition::values(Rules::TakeAndBreak(digits.clone()), 150);
            assert_eq!(verify_split_values(&digits, &truth), Ok(()), "{code}");
            assert_eq!(verify_split_values_within(&digits, &truth, 0), Ok(()));
            let n = 1 + (k * 37) % 149;
            for delta in [1, 2, 5, 64] {
                let mut planted = truth.clone();
                planted[n] ^= delta;
                for cap in [0, usize::MAX] {
                    let at = match verify_split_values_within(&digits, &planted, cap).unwrap_err() {
                        Violation::IsAnOption { n, .. }
                        | Violation::NotAnOption { n, .. }
                        | Violation::MoreThanOptions { n, .. } => n,
                        other => panic!("{code}: {other}"),
                    };
                    assert_eq!(at, n, "{code} {delta} {cap}");
                }
            }
        });
}

/// A certificate of a hexadecimal game checks, and one proven with the two-heap
/// bound's length does not.
#[test]
fn hexadecimal_certificates() {
    let rules: Octal = "4.C".parse().unwrap();
    let seq = rules.sequence(Method::Auto, &Options::until_proven(1000), &mut |_| {});
    let period = seq.period.unwrap();
    let cert = Certificate {
        game: "octal 4.C".to_owned(),
        period,
        values: seq.values.clone(),
    };
    assert_eq!(certificate::check(&cert, &rules_of(&rules)), Ok(()));
    // G(n + 34) = G(n) for 54 ≤ n < 3·54 + 2·34 + 1 − 2 = 229: 263 values, and
    // one fewer fails.
    assert_eq!(seq.computed(), 263);
    let short = Certificate {
        values: seq.values[..262].to_vec(),
        ..cert.clone()
    };
    let e = certificate::check(&short, &rules_of(&rules)).unwrap_err();
    assert!(e.to_string().contains("needs G(0), ..., G(262)"), "{e}");
    // The same game written with braces.
    assert_eq!(
        grundy::registry::certified_game("octal {2}.{3,2}")
            .unwrap()
            .rules,
        rules_of(&rules)
    );
}
