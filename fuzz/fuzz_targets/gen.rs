//! The setters' generators: bytes pick the problem, the kind, the scale (0 to 1024),
//! an imposed number of cases or none, and the seed. Whatever is asked, `generate`
//! answers an input or a refusal, never a panic; an input must pass the strict
//! validator with as many cases as it holds, and the same options must give the
//! same bytes again.
#![no_main]

use grundy::problems::Problem;
use grundy::problems::generate;
use grundy::setter::gen::{Kind, Options};
use grundy::setter::validate::validate;
use grundy::setter::Scale;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [problem, kind, s0, s1, cases, seed @ ..] = data else {
        return;
    };
    let problem = Problem::ALL[usize::from(*problem) % Problem::ALL.len()];
    let kinds = Kind::for_problem(problem);
    let kind = kinds[usize::from(*kind) % kinds.len()];
    let scale = Scale::new(u16::from_le_bytes([*s0, *s1]) % 1025).expect("at most 1024");
    let mut word = [0u8; 8];
    for (w, b) in word.iter_mut().zip(seed) {
        *w = *b;
    }
    let options = Options {
        seed: u64::from_le_bytes(word),
        scale,
        kind,
        // Small imposed counts keep one run short; 0 means "drawn".
        cases: (*cases != 0).then_some(u64::from(*cases % 16)),
    };
    let Ok(input) = generate(problem, &options) else {
        return;
    };
    let bytes = input.to_bytes();
    let report = validate(problem, &bytes[..]).expect("a generated input is valid");
    assert_eq!(report.cases(), input.cases() as u64);
    assert_eq!(generate(problem, &options).expect("the same options"), input);
});
