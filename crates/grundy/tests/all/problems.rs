//! Every judge problem of the registry through the setter's tools: generated inputs
//! follow their statements and aim where their kind says, imposed case counts are
//! kept, the judge's answers read back as bits, and the shrinker reaches the least
//! failing input of each shape.

use grundy::judge::Reader;
use grundy::problems::generate;
use grundy::problems::legowarz::Building;
use grundy::problems::tabgame::TableCase;
use grundy::problems::Problem;
use grundy::problems::{ABGAME, ADAPWNS, LEGOWARZ, TABGAME};
use grundy::setter::answers::first_player_wins;
use grundy::setter::gen::{GenError, Kind, Options};
use grundy::setter::shrink::{shrink, ShrinkBudget};
use grundy::setter::validate::{parse, validate};
use grundy::setter::{Input, Scale};
use proptest::prelude::*;

fn p(name: &str) -> Problem {
    name.parse().unwrap()
}

#[test]
fn kinds_per_problem() {
    assert_eq!(Kind::for_problem(p("tabgame")).len(), 6);
    assert_eq!(Kind::for_problem(p("abgame")).len(), 5);
}

#[test]
fn bits_follow_the_judge() {
    let boards = Input::new(ADAPWNS, vec![b"..P.P".to_vec(), b"PP".to_vec()]);
    assert_eq!(first_player_wins(&boards), [true, false]);
    let rows = Input::new(ABGAME, vec![b"A.B".to_vec(), b"A..B.A..B".to_vec()]);
    assert_eq!(first_player_wins(&rows), [true, false]);
    let table = Input::new(
        TABGAME,
        vec![TableCase {
            top: b"101".to_vec(),
            left: b"01".to_vec(),
            queries: vec![(1, 1), (1, 3), (2, 1)],
        }],
    );
    assert_eq!(first_player_wins(&table), [true, false, false]);
    let city = Input::new(
        LEGOWARZ,
        vec![Building {
            height: 1,
            count: 3,
        }],
    );
    assert_eq!(first_player_wins(&city), [false]);
}

#[test]
fn writes_the_statement_format() {
    let input = Input::new(
        TABGAME,
        vec![TableCase {
            top: b"101".to_vec(),
            left: b"01".to_vec(),
            queries: vec![(1, 1), (2, 3)],
        }],
    );
    assert_eq!(input.to_string(), "1\n101\n01\n2\n1 1\n2 3\n");
    assert_eq!(input.describe(), "1 test case: N = 2, M = 3, Q = 2");
    let input = Input::new(
        LEGOWARZ,
        vec![
            Building {
                height: 1,
                count: 3,
            },
            Building {
                height: u64::MAX,
                count: 1,
            },
        ],
    );
    assert_eq!(input.to_string(), "2\n1 3\n18446744073709551615 1\n");
    assert_eq!(
        input.describe(),
        "2 buildings, numbers up to 18446744073709551615"
    );
    let input = Input::new(ADAPWNS, vec![b"..P.P".to_vec()]);
    assert_eq!(input.to_string(), "1\n..P.P\n");
    assert_eq!(input.describe(), "1 test case, a board of 5 squares");
    let input = Input::new(ABGAME, vec![b"A.B".to_vec(), b"A".to_vec()]);
    assert_eq!(
        input.describe(),
        "2 test cases, rows of at most 3 cells (4 in all)"
    );
}

/// Every problem and kind, up to medium scale (the command's tests take every
/// kind to the maximum), and the limits kind at the maximum: the input is valid,
/// parses back to itself, is the same when generated again, and aims where its
/// kind says.
#[test]
fn every_generated_input_follows_its_statement() {
    for &problem in Problem::ALL {
        for kind in Kind::for_problem(problem) {
            let mut scales = vec![Scale::MIN, Scale::SMALL, Scale::MEDIUM];
            if kind == Kind::Limits {
                scales.push(Scale::MAX);
            }
            for scale in scales {
                let seeds = if scale == Scale::MAX { 1..2 } else { 1..4 };
                for seed in seeds {
                    let options = Options {
                        seed,
                        scale,
                        kind,
                        cases: None,
                    };
                    let input = generate(problem, &options).unwrap();
                    let bytes = input.to_bytes();
                    let what = format!("{problem} {kind} scale {} seed {seed}", scale.get());
                    let report =
                        validate(problem, &bytes[..]).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(report.cases(), input.cases() as u64, "{what}");
                    assert_eq!(generate(problem, &options).unwrap(), input, "{what}");
                    if scale <= Scale::MEDIUM {
                        assert_eq!(parse(problem, &bytes).unwrap(), input, "{what}");
                    }
                    match kind {
                        Kind::FirstWins => assert_eq!(report.losses, 0, "{what}"),
                        Kind::SecondWins => assert_eq!(report.wins, 0, "{what}"),
                        _ => {}
                    }
                    if let (Kind::Diagonal, Some(cases)) = (kind, input.cases_of::<TableCase>()) {
                        let far = |c: &grundy::problems::tabgame::TableCase| {
                            c.queries.iter().all(|&(x, y)| x >= 4 && y >= 4)
                        };
                        assert!(cases.iter().all(far), "{what}");
                    }
                    if kind == Kind::Limits && scale == Scale::MAX {
                        for c in &report.quantities {
                            // TABGAME's T cannot reach its limit with N = 10^5 in the same input.
                            let both = !(problem == p("tabgame") && c.name == "T");
                            let sum = c.name.starts_with("sum");
                            let expected = match (both, sum) {
                                (false, _) => c.hits() != "max",
                                (true, true) => c.max_hit,
                                (true, false) => {
                                    c.min_hit && c.max_hit
                                        || c.name == "T"
                                        || c.name == "N" && problem == p("legowarz")
                                }
                            };
                            assert!(expected, "{what}: {} hits {}", c.name, c.hits());
                        }
                    }
                }
            }
        }
    }
}

/// `generate` for one problem, kind, scale and seed: an input the strict validator
/// accepts, with as many cases as it says.
fn generates_a_valid_input(problem: Problem, kind: Kind, scale: Scale, seed: u64) {
    let options = Options {
        seed,
        scale,
        kind,
        cases: None,
    };
    let what = format!("{problem} {kind} scale {} seed {seed}", scale.get());
    let input = generate(problem, &options).unwrap_or_else(|e| panic!("{what}: {e}"));
    let bytes = input.to_bytes();
    let report = validate(problem, &bytes[..]).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(report.cases(), input.cases() as u64, "{what}");
}

/// Every scale from 0 to 160 (of 1024), where quantities sit at or near their least
/// values and empty ranges are easiest to hit, for every problem and kind: `grundy
/// stress` ramps through them all (TABGAME's limits once asked for a range from 1
/// to 0 there and overflowed).
#[test]
fn every_small_scale_generates_valid_inputs() {
    for &problem in Problem::ALL {
        for kind in Kind::for_problem(problem) {
            for k in 0..=160 {
                for seed in 1..=2 {
                    generates_a_valid_input(problem, kind, Scale::new(k).unwrap(), seed);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any problem, kind, scale and seed.
    #[test]
    fn any_problem_kind_scale_and_seed_generates_a_valid_input(
        problem in 0..Problem::ALL.len(),
        kind in any::<prop::sample::Index>(),
        k in 0u16..=1024,
        seed in any::<u64>(),
    ) {
        let problem = Problem::ALL[problem];
        let kinds = Kind::for_problem(problem);
        let kind = kinds[kind.index(kinds.len())];
        generates_a_valid_input(problem, kind, Scale::new(k).unwrap(), seed);
    }
}

#[test]
fn imposed_case_counts_are_kept() {
    for &problem in Problem::ALL {
        for kind in Kind::for_problem(problem) {
            for cases in [1, 2, 7, 40] {
                let options = Options {
                    seed: 9,
                    scale: Scale::SMALL,
                    kind,
                    cases: Some(cases),
                };
                let input = generate(problem, &options).unwrap();
                assert_eq!(input.cases() as u64, cases, "{problem} {kind}");
                let bytes = input.to_bytes();
                grundy::setter::validate::validate(problem, &bytes[..]).unwrap();
            }
        }
    }
    // The most test cases the statements allow, at once.
    for (problem, cases) in [
        (p("adapwns"), 500),
        (p("tabgame"), 333_333),
        (p("abgame"), 100_000),
    ] {
        let options = Options {
            seed: 2,
            scale: Scale::MAX,
            kind: Kind::Limits,
            cases: Some(cases),
        };
        let bytes = generate(problem, &options).unwrap().to_bytes();
        let report = grundy::setter::validate::validate(problem, &bytes[..]).unwrap();
        assert!(report.quantities[0].max_hit, "{problem}");
    }
}

#[test]
fn options_that_break_the_statement_are_refused() {
    let mut options = Options::new(Scale::SMALL, Kind::Diagonal);
    assert!(matches!(
        generate(p("adapwns"), &options),
        Err(GenError::KindNotFor { .. })
    ));
    options.kind = Kind::Random;
    options.cases = Some(501);
    let err = generate(p("adapwns"), &options).unwrap_err();
    assert_eq!(
        err.to_string(),
        "501 test cases: the statement requires 1 ≤ T ≤ 500"
    );
    options.cases = Some(0);
    assert!(generate(p("legowarz"), &options).is_err());
}

fn boards(rows: &[&str]) -> Input {
    Input::new(
        ADAPWNS,
        rows.iter().map(|r| r.as_bytes().to_vec()).collect(),
    )
}

#[test]
fn a_long_board_shrinks_to_the_threshold() {
    let input = boards(&[&"P.".repeat(64), "..", &".P".repeat(60)]);
    // Fails when some board has at least 101 squares.
    let mut fails = |i: &Input| match i.cases_of::<Vec<u8>>() {
        Some(v) => v.iter().any(|b| b.len() >= 101),
        None => false,
    };
    let out = shrink(input, ShrinkBudget::runs(10_000), &mut fails);
    let Some(v) = out.input.cases_of::<Vec<u8>>() else {
        panic!()
    };
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].len(), 101);
    assert!(!out.exhausted);
    assert!(out.runs < 120, "{} runs", out.runs);
}

#[test]
fn a_pattern_inside_a_row_is_isolated() {
    // Fails when some row holds "A.B" somewhere.
    let input = Input::new(
        ABGAME,
        vec![
            b"BBB..A.....AAA".to_vec(),
            b"..BA...A.B..A....B".to_vec(),
            b"AA.A".to_vec(),
        ],
    );
    let mut fails = |i: &Input| match i.cases_of::<Vec<u8>>() {
        Some(v) => v.iter().any(|r| r.windows(3).any(|w| w == b"A.B")),
        None => false,
    };
    let out = shrink(input, ShrinkBudget::runs(10_000), &mut fails);
    assert_eq!(out.input, Input::new(ABGAME, vec![b"A.B".to_vec()]));
}

#[test]
fn numbers_shrink_to_the_least_failing_value() {
    let b = |height, count| Building { height, count };
    let input = Input::new(LEGOWARZ, vec![b(5, 9), b(u64::MAX, 3), b(1 << 40, 1 << 50)]);
    // Fails when some tower reaches 2^63.
    let mut fails = |i: &Input| match i.cases_of::<Building>() {
        Some(v) => v
            .iter()
            .any(|b| u128::from(b.height) + u128::from(b.count) > 1 << 63),
        None => false,
    };
    let out = shrink(input, ShrinkBudget::runs(10_000), &mut fails);
    let Some(v) = out.input.cases_of::<Building>() else {
        panic!()
    };
    assert_eq!(v.len(), 1);
    assert_eq!(
        u128::from(v[0].height) + u128::from(v[0].count),
        (1 << 63) + 1
    );
}

#[test]
fn table_queries_follow_their_cells() {
    let input = Input::new(
        TABGAME,
        vec![TableCase {
            top: b"0110101".to_vec(),
            left: b"10011".to_vec(),
            queries: vec![(1, 1), (5, 7), (3, 4), (2, 6)],
        }],
    );
    // Fails when a query is at least 3 rows and 4 columns in.
    let mut fails = |i: &Input| match i.cases_of::<TableCase>() {
        Some(v) => v
            .iter()
            .any(|c| c.queries.iter().any(|&(x, y)| x >= 3 && y >= 4)),
        None => false,
    };
    let out = shrink(input, ShrinkBudget::runs(10_000), &mut fails);
    let Some(v) = out.input.cases_of::<TableCase>() else {
        panic!()
    };
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].left.len(), v[0].top.len()), (3, 4));
    assert_eq!(v[0].queries, [(3, 4)]);
}

#[test]
fn the_budget_is_kept() {
    let input = boards(&[&"P.".repeat(64)]);
    let mut fails = |_: &Input| true;
    let out = shrink(input, ShrinkBudget::runs(5), &mut fails);
    assert_eq!(out.runs, 5);
    assert!(out.exhausted);
}

/// A source that hands out at most `step` bytes per read.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.step).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The outcome of a run as comparable data: the output, and the error message.
fn outcome(problem: Problem, input: Reader<impl std::io::Read>) -> (Vec<u8>, Option<String>) {
    let mut out = Vec::new();
    match problem.run_with(input, &mut out) {
        Ok(()) => (out, None),
        Err(e @ grundy::judge::JudgeError::Input { .. }) => (out, Some(e.to_string())),
        Err(e) => panic!("{problem}: unexpected I/O error {e}"),
    }
}

/// Larger valid inputs of the number-heavy problems (so the reader's fast paths
/// run), with a few bytes changed.
fn mutated_long() -> impl Strategy<Value = (Problem, Vec<u8>)> {
    let numbers = prop::collection::vec(any::<u64>(), 2..120);
    let edits = prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3);
    (any::<bool>(), numbers, edits).prop_map(|(tab, numbers, edits)| {
        let mut text = if tab {
            let q = numbers.len() / 2;
            let mut t = format!("1\n1011\n011\n{q}\n");
            for pair in numbers.chunks_exact(2) {
                t += &format!("{} {}\n", 1 + pair[0] % 4, 1 + pair[1] % 5);
            }
            t
        } else {
            let mut t = format!("{}\n", numbers.len() / 2);
            for pair in numbers.chunks_exact(2) {
                t += &format!("{} {}\r\n", pair[0] >> (pair[1] % 64), pair[1]);
            }
            t
        }
        .into_bytes();
        for (at, byte) in edits {
            let i = at.index(text.len());
            text[i] = b"\n \r-x05"[usize::from(byte) % 7];
        }
        (p(if tab { "tabgame" } else { "legowarz" }), text)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The fast paths (taken only with a large buffer) agree with the careful ones,
    /// answers and errors alike.
    #[test]
    fn fast_paths_agree_with_careful_reading((problem, bytes) in mutated_long(), cap in 1usize..9) {
        let whole = outcome(problem, Reader::new(&bytes[..]));
        let pieces = outcome(problem, Reader::with_capacity(Trickle { data: &bytes, step: 5 }, cap));
        prop_assert_eq!(whole, pieces);
    }
}
