//! The four judge formats through the streaming judge reader: byte 0 picks the
//! problem, the rest is its input. Errors are expected; panics are bugs.
#![no_main]

use grundy::problems::Problem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, input @ ..] = data else {
        return;
    };
    let problem = Problem::ALL[usize::from(*pick) % Problem::ALL.len()];
    if let Err(e) = problem.run(input, std::io::sink()) {
        // Every error renders, and an input error names a place within the input.
        let _ = e.to_string();
        if let Some((line, _)) = e.position() {
            assert!(line >= 1 && line <= input.len() as u64 + 1, "line {line}: {e}");
        }
    }
});
