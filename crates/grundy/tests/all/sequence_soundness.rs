//! Every proven period is true: each claim `grundy sequence` makes for the octal
//! games of up to three code digits (d0 ∈ {0, 4}, 1024 codes) and for small
//! subtraction games is compared with the values of the plain definition
//! ([`Definition`]) up to three times the length of its proof, and re-checked by the
//! independent checker on those values. The games in which every move must split a
//! heap, where the classical statement of the periodicity theorem proves false
//! periods, are checked by name; and claims that are wrong by a little are shown to
//! be rejected by the checker.

use rayon::prelude::*;

use grundy::rules::octal::{Method, Octal};
use grundy::rules::subtraction::Subtraction;
use grundy::sequence::check::{check_period, first_unchecked, Definition, Rules, Violation};
use grundy::sequence::{Options, Period, ProofRule, Sequence};

/// Every code d0.d1d2d3 with d0 ∈ {0, 4}.
fn all_codes() -> Vec<String> {
    (0..1024)
        .map(|k| {
            let d0 = if k >= 512 { 4 } else { 0 };
            let k = k % 512;
            format!("{d0}.{}{}{}", k / 64, k / 8 % 8, k % 8)
        })
        .collect()
}

fn rules_of(rules: &Octal) -> Rules {
    Rules::TakeAndBreak(rules.code().digits().to_vec())
}

/// Compares a sequence and its claim with the definition up to `times` times the
/// values the claim rests on. Returns the claim.
fn against_definition(name: &str, seq: &Sequence, rules: Rules, times: usize) -> Option<Period> {
    let claim = seq.period?;
    let rule = rules.proof_rule();
    let len = times * seq.computed();
    let truth = Definition::values(rules, len);
    assert_eq!(&truth[..seq.computed()], &seq.values[..], "{name}: values");
    for (n, &v) in truth.iter().enumerate() {
        assert_eq!(seq.get(n as u64), Some(v), "{name}: G({n}) by {claim:?}");
    }
    assert_eq!(check_period(&truth, rule, claim), Ok(()), "{name}");
    Some(claim)
}

fn octal_claim_checked(code: &str, limit: usize, times: usize) -> Option<Period> {
    let rules: Octal = code.parse().unwrap();
    let seq = rules.sequence(Method::Auto, &Options::until_proven(limit), &mut |_| {});
    against_definition(code, &seq, rules_of(&rules), times)
}

fn octal_claim(code: &str, limit: usize) -> Option<Period> {
    octal_claim_checked(code, limit, 3)
}

/// The codes whose proofs need between 3000 and 16,000 values.
fn longer_codes() -> Vec<String> {
    let mut codes: Vec<String> = ["0.156", "0.165", "0.356"].map(String::from).to_vec();
    codes.extend((4..8).flat_map(|d2| (4..8).map(move |d3| format!("0.6{d2}{d3}"))));
    codes
}

/// Every code, computed until proven or up to 3000 values (enough for all but a
/// dozen codes; the longer proofs are checked below).
#[test]
fn every_short_code_against_the_definition() {
    let codes = all_codes();
    let proven: Vec<Option<Period>> = codes.par_iter().map(|c| octal_claim(c, 3000)).collect();
    let count = proven.iter().flatten().count();
    // 0.4 and 4.0 among them, and most codes.
    assert!(count > 650, "{count} codes proven");
    let at = |code: &str| proven[codes.iter().position(|c| c == code).unwrap()];
    assert_eq!(
        at("0.400"),
        Some(Period {
            preperiod: 54,
            period: 34
        })
    );
    assert_eq!(
        at("4.000"),
        Some(Period {
            preperiod: 1,
            period: 2
        })
    );
    assert_eq!(
        at("0.770"),
        Some(Period {
            preperiod: 71,
            period: 12
        })
    );
}

/// The codes whose proofs need between 3000 and 16,000 values: the values the proof
/// rests on by the definition, and the claim by the checker (three times as far in
/// `longer_proofs_to_three_times`).
#[test]
fn longer_proofs_against_the_definition() {
    let codes = longer_codes();
    let proven: Vec<Option<Period>> = codes
        .par_iter()
        .map(|c| octal_claim_checked(c, 16_000, 1))
        .collect();
    assert!(proven.iter().all(Option::is_some), "{proven:?}");
    assert_eq!(
        proven[2],
        Some(Period {
            preperiod: 7315,
            period: 142
        })
    );
}

/// The same to three times the proofs (about 8 CPU seconds).
#[test]
#[ignore = "about 8 CPU seconds; run with --ignored"]
fn longer_proofs_to_three_times() {
    let codes = longer_codes();
    let proven: Vec<Option<Period>> = codes.par_iter().map(|c| octal_claim(c, 16_000)).collect();
    assert!(proven.iter().all(Option::is_some), "{proven:?}");
}

/// The slowest: 0.127 (93,166 values) and 4.364, 4.366, 4.374, 4.376 (23,500), to
/// three times their proofs by the definition (about a minute of CPU).
#[test]
#[ignore = "about a minute; run with --ignored"]
fn longest_proofs_against_the_definition() {
    let codes = ["0.127", "4.364", "4.366", "4.374", "4.376"];
    let proven: Vec<Option<Period>> = codes.par_iter().map(|c| octal_claim(c, 100_000)).collect();
    assert_eq!(
        proven[0],
        Some(Period {
            preperiod: 46578,
            period: 4
        })
    );
    assert!(proven.iter().all(Option::is_some));
}

/// Games in which every move splits a heap into two non-empty ones: a part may not
/// shrink to nothing, which the classical bound 2i + p + t overlooks at i = 0.
#[test]
fn games_that_must_split() {
    let known = [
        ("0.4", Some((54, 34))),
        ("4.0", Some((1, 2))),
        ("4.4", None),
        ("0.44", None),
        ("0.04", None),
        ("0.004", None),
        ("0.0004", None),
        ("0.00004", None),
        ("4.04", None),
        ("0.404", None),
    ];
    for (code, expect) in known {
        let claim = octal_claim(code, 3000);
        if let Some(e) = expect {
            assert_eq!(claim.map(|p| (p.preperiod, p.period)), Some(e), "{code}");
        }
    }
    // Unsolved in the literature: no period is proven in their first 3000 values.
    for code in ["0.04", "0.004", "0.0004"] {
        assert_eq!(octal_claim(code, 3000), None, "{code}");
    }
    // What the classical bound would have claimed is rejected.
    let truth = Definition::values(Rules::TakeAndBreak(vec![0, 4]), 20);
    assert_eq!(&truth[..5], &[0, 0, 0, 1, 1]);
    let rule = ProofRule::Splits {
        max_take: 1,
        max_parts: 2,
    };
    let wrong = Period {
        preperiod: 0,
        period: 1,
    };
    assert!(matches!(
        check_period(&truth[..3], rule, wrong),
        Err(Violation::TooFewValues { needed: 4, .. })
    ));
    assert!(matches!(
        check_period(&truth, rule, wrong),
        Err(Violation::Mismatch { n: 2, .. })
    ));
    let truth = Definition::values(Rules::TakeAndBreak(vec![4]), 20);
    assert!(check_period(
        &truth,
        ProofRule::Splits {
            max_take: 0,
            max_parts: 2,
        },
        wrong
    )
    .is_err());
}

/// Subtraction games with sets in {1, ..., 7}, and a few larger ones.
#[test]
fn subtraction_claims_against_the_definition() {
    let mut sets: Vec<Vec<usize>> = (1..128u32)
        .map(|m| (1..=7).filter(|&s| m >> (s - 1) & 1 == 1).collect())
        .collect();
    sets.extend([vec![2, 4, 5], vec![3, 11, 12], vec![7, 20, 33], vec![50]]);
    for set in sets {
        let text: Vec<String> = set.iter().map(usize::to_string).collect();
        let rules: Subtraction = text.join(",").parse().unwrap();
        let seq = rules.sequence(&Options::until_proven(100_000), &mut |_| {});
        let claim = against_definition(&text.join(","), &seq, Rules::Subtract(set), 3);
        assert!(claim.is_some(), "{text:?}");
    }
}

/// Near misses of true claims fail, each with the condition it breaks.
#[test]
fn wrong_claims_are_rejected() {
    for code in ["0.77", "0.137", "0.4", "0.16", "4.7", "0.177"] {
        let rules: Octal = code.parse().unwrap();
        let seq = rules.sequence(Method::Auto, &Options::until_proven(1 << 20), &mut |_| {});
        // Enough values for every near miss's hypothesis.
        let seq = rules.sequence(Method::Auto, &Options::to(3 * seq.computed()), &mut |_| {});
        let claim = seq.period.unwrap();
        let (i, p) = (claim.preperiod, claim.period);
        let rule = rules.proof_rule();
        let values = &seq.values;
        assert_eq!(check_period(values, rule, claim), Ok(()), "{code}");
        let bad = |i, p| {
            check_period(
                values,
                rule,
                Period {
                    preperiod: i,
                    period: p,
                },
            )
        };
        assert!(
            matches!(bad(i, 2 * p), Err(Violation::PeriodNotSmallest { .. })),
            "{code}"
        );
        assert!(
            matches!(bad(i + 1, p), Err(Violation::PreperiodNotSmallest { .. })),
            "{code}"
        );
        if i > 0 {
            assert!(
                matches!(bad(i - 1, p), Err(Violation::Mismatch { .. })),
                "{code}"
            );
        }
        let needed = first_unchecked(rule, i, p) + p;
        assert_eq!(needed, rule.needed(i, p));
        assert!(matches!(
            check_period(&values[..needed - 1], rule, claim),
            Err(Violation::TooFewValues { .. })
        ));
        // The last value the hypothesis compares, changed.
        let mut planted = values.clone();
        planted[needed - 1] ^= 1;
        assert!(matches!(
            check_period(&planted, rule, claim),
            Err(Violation::Mismatch { .. })
        ));
    }
}

/// The value checker used for certificates accepts the definition's values and
/// finds a changed value at the heap where it was changed, for every short code.
#[test]
fn the_value_checker_finds_every_planted_error() {
    use grundy::sequence::check::{verify_split_values, Violation as V};
    all_codes().par_iter().enumerate().for_each(|(k, code)| {
        let rules: Octal = code.parse().unwrap();
        let digits = rules.code().digits().to_vec();
        let truth = Definition::values(Rules::TakeAndBreak(digits.clone()), 400);
        assert_eq!(verify_split_values(&digits, &truth), Ok(()), "{code}");
        let n = 1 + (k * 37) % 399;
        for delta in [1, 2, 5] {
            let mut planted = truth.clone();
            planted[n] ^= delta;
            let e = verify_split_values(&digits, &planted).unwrap_err();
            let at = match e {
                V::IsAnOption { n, .. }
                | V::NotAnOption { n, .. }
                | V::MoreThanOptions { n, .. } => n,
                other => panic!("{code}: {other}"),
            };
            assert_eq!(at, n, "{code}");
        }
    });
}
