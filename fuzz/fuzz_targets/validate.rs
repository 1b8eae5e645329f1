//! The setters' strict validators: byte 0 picks the problem, the rest is its input.
//! A valid input is also read back as data and written out again, which must give
//! the same bytes.
#![no_main]

use grundy::problems::Problem;
use grundy::setter::validate::{parse, validate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, input @ ..] = data else {
        return;
    };
    let problem = Problem::ALL[usize::from(*pick) % Problem::ALL.len()];
    match validate(problem, input) {
        Ok(report) => {
            let parsed = parse(problem, input).expect("a valid input parses");
            assert_eq!(parsed.to_bytes(), input, "a valid input round-trips");
            let _ = report;
        }
        Err(e) => {
            let _ = e.to_string();
            if let Some((line, _)) = e.position() {
                assert!(line >= 1 && line <= input.len() as u64 + 1, "line {line}: {e}");
            }
        }
    }
});
