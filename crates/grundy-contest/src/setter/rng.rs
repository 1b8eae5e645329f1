//! A small, fixed pseudo-random generator: the same seed gives the same numbers on
//! every machine, in every version of the compiler and of every dependency.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood, 2014; the reference code is
//! Vigna's `splitmix64.c`): a 64-bit state advanced by a constant, each output a
//! mix of the state. It uses only wrapping integer arithmetic, so nothing about it
//! depends on the platform. It is not cryptographic; it only has to make tests.

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The finaliser of SplitMix64: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A SplitMix64 generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose first output is SplitMix64's first output for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// A generator for one purpose of a run: `seed` mixed with `stream` (a test's
    /// index, a problem's number, ...), so that nearby seeds and streams give
    /// unrelated sequences.
    pub fn derive(seed: u64, stream: u64) -> Rng {
        Rng::new(mix(seed ^ mix(stream.wrapping_add(GAMMA))))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// A uniform number in `0..n` (`n` > 0), by Lemire's multiply-and-reject method,
    /// exactly uniform.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniform number in `lo..=hi` (`lo` ≤ `hi`).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range({lo}, {hi})");
        match (hi - lo).checked_add(1) {
            Some(n) => lo + self.below(n),
            None => self.next_u64(),
        }
    }

    /// A number in `lo..=hi` spread evenly over orders of magnitude: a bit length is
    /// drawn uniformly among those of `lo..=hi`, then a number of that length. Small
    /// and large values are both common, as tests want.
    pub fn log_range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::log_range({lo}, {hi})");
        let bits = |v: u64| 64 - v.leading_zeros();
        let b = self.range(u64::from(bits(lo)), u64::from(bits(hi))) as u32;
        let (from, to) = match b {
            0 => (0, 0),
            64 => (1 << 63, u64::MAX),
            _ => (1 << (b - 1), (1 << b) - 1),
        };
        self.range(from.max(lo), to.min(hi))
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// Shuffles `items` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of Vigna's reference `splitmix64.c` seeded with 1234567.
    #[test]
    fn matches_the_reference_outputs() {
        let mut rng = Rng::new(1_234_567);
        let got: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            got,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821,
            ]
        );
    }

    #[test]
    fn ranges_stay_in_bounds_and_reach_their_ends() {
        let mut rng = Rng::new(7);
        let (mut lo_seen, mut hi_seen) = (false, false);
        for _ in 0..2000 {
            let v = rng.range(3, 9);
            assert!((3..=9).contains(&v));
            lo_seen |= v == 3;
            hi_seen |= v == 9;
        }
        assert!(lo_seen && hi_seen);
        for (lo, hi) in [
            (0, 0),
            (1, 1),
            (1, 2),
            (5, 1000),
            (0, u64::MAX),
            (1, u64::MAX),
        ] {
            for _ in 0..200 {
                let v = rng.log_range(lo, hi);
                assert!((lo..=hi).contains(&v), "{v} not in {lo}..={hi}");
            }
        }
    }

    #[test]
    fn log_range_covers_every_magnitude() {
        let mut rng = Rng::new(11);
        let mut lengths = [false; 65];
        for _ in 0..20_000 {
            let v = rng.log_range(1, u64::MAX);
            lengths[(64 - v.leading_zeros()) as usize] = true;
        }
        assert!(lengths[1..].iter().all(|&seen| seen));
    }

    #[test]
    fn below_is_uniform_on_a_small_range() {
        let mut rng = Rng::new(99);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        // Each count is binomial(60000, 1/6): mean 10000, sd about 91.
        assert!(
            counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn derived_streams_differ() {
        let a: Vec<u64> = (0..4).map(|s| Rng::derive(1, s).next_u64()).collect();
        let mut b = a.clone();
        b.sort_unstable();
        b.dedup();
        assert_eq!(a.len(), b.len());
        assert_eq!(Rng::derive(5, 2), Rng::derive(5, 2));
    }
}
