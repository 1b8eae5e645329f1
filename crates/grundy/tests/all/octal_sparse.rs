//! The sparse-space method against the definition: the first 4096 values (twice the
//! sample the mask is chosen from) of every octal game with at most 3 code digits after
//! the point (d0 ∈ {0, 4}, 1024 codes); the first 10^4 with `--ignored` (about 90 CPU
//! seconds). The same for the sparse-space method with the periodic-tail shortcut.

use grundy::rules::octal::naive::NaiveOctal;
use grundy::rules::octal::sparse::{SparseOctal, SAMPLE};
use grundy::rules::octal::OctalCode;
use grundy::sequence::Source;

const VALUES: usize = 2 * SAMPLE;
const MORE_VALUES: usize = 10_000;
const FORCED: usize = 1024;

fn first(source: &mut dyn Source, n: usize) -> Vec<u32> {
    let mut v = Vec::new();
    source.extend(&mut v, n);
    v
}

/// Checks the codes d0.d1d2d3 with d0 = `d0` and d1 in `d1s`. The sparse-space
/// computation as used falls back to the definition when no mask pays; for those
/// codes the method itself is checked with a mask chosen early and always used.
/// Returns how many codes were computed with a mask as used by default.
fn check(d0: u8, d1s: std::ops::Range<u8>, count: usize) -> usize {
    let values = |source: &mut dyn Source| first(source, count);
    let mut with_mask = 0;
    let mut shortcuts = 0;
    for d1 in d1s {
        for d2 in 0..8 {
            for d3 in 0..8 {
                let code: OctalCode = format!("{d0}.{d1}{d2}{d3}").parse().unwrap();
                let moves = code.heap_moves();
                let naive = values(&mut NaiveOctal::new(moves.clone()));
                let mut auto = SparseOctal::auto(moves.clone());
                assert_eq!(values(&mut auto), naive, "{code} (with the periodic tail)");
                shortcuts += usize::from(auto.tail().is_some());
                // Whether the mask is used is decided once the sample is computed.
                let mut sparse = SparseOctal::new(moves.clone());
                let sample = first(&mut sparse, SAMPLE);
                if sparse.uses_mask() {
                    with_mask += 1;
                    let mut got = sample;
                    sparse.extend(&mut got, count);
                    assert_eq!(got, naive, "{code}");
                } else {
                    // No mask pays for these codes (their values keep growing), so
                    // the forced method is slow: its first FORCED values suffice.
                    let mut forced = SparseOctal::forced(moves, 256);
                    let n = count.min(FORCED);
                    assert_eq!(first(&mut forced, n), naive[..n], "{code} (forced mask)");
                    assert!(forced.uses_mask());
                }
            }
        }
    }
    assert!(shortcuts > 0, "the periodic tail is used for some codes");
    with_mask
}

#[test]
fn codes_0_0xx_to_0_3xx() {
    assert!(check(0, 0..4, VALUES) > 0);
}

#[test]
fn codes_0_4xx_to_0_7xx() {
    assert!(check(0, 4..8, VALUES) > 0);
}

#[test]
fn codes_4_0xx_to_4_3xx() {
    assert!(check(4, 0..4, VALUES) > 0);
}

#[test]
fn codes_4_4xx_to_4_7xx() {
    assert!(check(4, 4..8, VALUES) > 0);
}

#[test]
#[ignore = "about 90 CPU seconds; run with --ignored"]
fn every_code_to_10_000() {
    for (d0, d1s) in [(0, 0..4), (0, 4..8), (4, 0..4), (4, 4..8)] {
        assert!(check(d0, d1s, MORE_VALUES) > 0);
    }
}
