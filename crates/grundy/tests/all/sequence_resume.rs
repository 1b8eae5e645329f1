//! Checkpoints: a computation resumed from values computed before, at any point and
//! by any method, ends with exactly the values and period of a computation from
//! scratch, and saves what it computed.

use grundy::registry::{self, Params};
use grundy::sequence::{Method, Options, Resume, Sequence, SequenceSpec};

fn spec_of(game: &str, param: Option<(&str, &str)>) -> Box<dyn registry::DynRuleset> {
    let mut params = Params::new();
    if let Some((name, value)) = param {
        params.set(name, value);
    }
    registry::build(game, &params).unwrap()
}

fn fresh(spec: &SequenceSpec<'_>, method: Method, options: &Options) -> Sequence {
    spec.compute(method, options, &mut |_| {}).unwrap()
}

/// Resumes from `known`, and checks that the last save holds every value.
fn resumed(
    spec: &SequenceSpec<'_>,
    method: Method,
    options: &Options,
    known: Vec<u32>,
) -> Sequence {
    let mut last: Option<(Vec<u32>, bool)> = None;
    let mut save = |values: &[u32], done: bool| {
        assert!(last.as_ref().is_none_or(|(_, d)| !d), "saved after the end");
        last = Some((values.to_vec(), done));
    };
    let seq = spec
        .compute_resumable(
            method,
            options,
            &mut |_| {},
            Resume {
                known,
                save: Some(&mut save),
            },
        )
        .unwrap();
    let (saved, done) = last.expect("saved at the end");
    assert!(done);
    assert_eq!(saved, seq.values);
    seq
}

/// A game, its parameter, the methods to resume with, and how many values.
type Case = (
    &'static str,
    Option<(&'static str, &'static str)>,
    &'static [Method],
    usize,
);

#[test]
fn a_resumed_computation_ends_as_one_from_scratch() {
    let games: &[Case] = &[
        ("subtraction", Some(("set", "2,4,5")), &[Method::Auto], 3000),
        (
            "octal",
            Some(("code", "0.77")),
            &[Method::Naive, Method::Sparse, Method::Auto],
            3000,
        ),
        (
            "octal",
            Some(("code", "0.1777")),
            &[Method::Sparse, Method::Auto],
            20_000,
        ),
        ("octal", Some(("code", "0.16")), &[Method::Auto], 20_000),
        (
            "octal",
            Some(("code", "4.007")),
            &[Method::Naive, Method::Auto],
            3000,
        ),
        (
            "grundy-game",
            None,
            &[Method::Naive, Method::Sparse, Method::Auto],
            6000,
        ),
        // Hexadecimal: proven at 263 values, and values that keep growing.
        (
            "octal",
            Some(("code", "4.C")),
            &[Method::Naive, Method::Auto],
            600,
        ),
        ("octal", Some(("code", "0.8")), &[Method::Auto], 600),
    ];
    for &(game, param, methods, n) in games {
        let rules = spec_of(game, param);
        let spec = registry::sequence_of(&*rules).unwrap();
        let reference = fresh(&spec, Method::Auto, &Options::to(n + 5));
        for &method in methods {
            for options in [Options::to(n), Options::until_proven(n)] {
                let expect = fresh(&spec, method, &options);
                for cut in [0, 1, 100, n / 2 + 1, n + 5] {
                    let known = reference.values[..cut.min(reference.values.len())].to_vec();
                    let got = resumed(&spec, method, &options, known);
                    assert_eq!(
                        got, expect,
                        "{} by {method:?}, {options:?}, resumed at {cut}",
                        spec.title
                    );
                }
            }
        }
    }
}

#[test]
fn progress_reports_the_rare_heaps_of_the_sparse_space_method() {
    let rules = spec_of("octal", Some(("code", "0.1777")));
    let spec = registry::sequence_of(&*rules).unwrap();
    let mut last = None;
    spec.compute(Method::Sparse, &Options::to(30_000), &mut |p| {
        last = Some(p)
    })
    .unwrap();
    // 0.1777 has 16 rare heap sizes (all at most 123) in its first 5·10^5 values.
    let rare = last
        .unwrap()
        .rare
        .expect("the sparse-space method reports its rare heaps");
    assert!((1..=16).contains(&rare), "{rare}");
    let mut naive = Vec::new();
    spec.compute(Method::Naive, &Options::to(2000), &mut |p| {
        naive.push(p.rare)
    })
    .unwrap();
    assert!(naive.iter().all(Option::is_none));
}
