//! The constraints of a statement as data ([`Bound`]), and the scales that tests are
//! drawn at ([`Scale`]). Each problem's bounds are in its module, with its game.

/// A constrained quantity: `min ≤ value ≤ max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The quantity's symbol in the statement: `T`, `N`, `|s|`, `h`, ...
    pub symbol: &'static str,
    /// What it counts, in a few words.
    pub meaning: &'static str,
    /// The least allowed value.
    pub min: u64,
    /// The greatest allowed value.
    pub max: u64,
}

impl Bound {
    /// The bound `min ≤ symbol ≤ max`.
    pub const fn new(symbol: &'static str, meaning: &'static str, min: u64, max: u64) -> Bound {
        Bound {
            symbol,
            meaning,
            min,
            max,
        }
    }

    /// Whether `value` satisfies the bound.
    pub fn allows(&self, value: u128) -> bool {
        (u128::from(self.min)..=u128::from(self.max)).contains(&value)
    }

    /// The constraint as the statement writes it: `1 ≤ T ≤ 500`.
    pub fn constraint(&self) -> String {
        format!("{} ≤ {} ≤ {}", self.min, self.symbol, self.max)
    }

    /// The greatest value allowed at `scale` (see [`Scale::cap`]).
    pub fn cap(&self, scale: Scale) -> u64 {
        scale.cap(self.min, self.max)
    }
}

/// How large tests are drawn: a fraction `k / 1024` of the way from each quantity's
/// least value to its greatest, on a logarithmic scale.
///
/// At scale 0 every quantity is at its minimum; at [`Scale::MAX`] it may reach the
/// statement's limit. `grundy stress` ramps the scale from 0 to its cap so the first
/// failing test is about as small as a failing test can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Scale(u16);

impl Scale {
    /// The denominator of the fraction.
    pub const DENOMINATOR: u16 = 1024;
    /// Every quantity at its least value.
    pub const MIN: Scale = Scale(0);
    /// Small tests, readable by hand: about a fifth of the way (a board of at most 4
    /// squares, a table of at most 10 × 10).
    pub const SMALL: Scale = Scale(205);
    /// Medium tests: half way (boards of 16 squares, values up to 2^32).
    pub const MEDIUM: Scale = Scale(512);
    /// The statement's limits.
    pub const MAX: Scale = Scale(1024);

    /// The scale `k / 1024`, or `None` above 1024.
    pub fn new(k: u16) -> Option<Scale> {
        (k <= Self::DENOMINATOR).then_some(Scale(k))
    }

    /// The numerator `k`.
    pub fn get(self) -> u16 {
        self.0
    }

    /// The scale of step `i` (from 0) of `steps` in a ramp from 0 to `self`: it
    /// grows evenly over the first three quarters of the steps and stays at `self`
    /// for the last quarter, so several steps run at the full size.
    pub fn ramp(self, i: u64, steps: u64) -> Scale {
        let rising = steps * 3 / 4;
        if steps <= 1 || i >= rising {
            return self;
        }
        let k = u64::from(self.0) * i / rising;
        Scale(k as u16)
    }

    /// The greatest value at this scale of a quantity from `lo` to `hi`
    /// (1 ≤ `lo` ≤ `hi`): ⌊lo · (hi / lo)^(k/1024)⌋, clamped to `lo..=hi`.
    ///
    /// The power is taken by square roots and products only, which IEEE 754 rounds
    /// exactly, so the result is the same on every machine.
    pub fn cap(self, lo: u64, hi: u64) -> u64 {
        let lo = lo.max(1);
        if hi <= lo || self.0 == 0 {
            return lo.min(hi.max(lo));
        }
        if self.0 >= Self::DENOMINATOR {
            return hi;
        }
        let ratio = hi as f64 / lo as f64;
        let mut root = ratio;
        let mut power = 1.0f64;
        // k / 1024 = sum of bits b_j / 2^j, j = 1..=10; ratio^(1/2^j) by j square roots.
        for j in 1..=10 {
            root = root.sqrt();
            if self.0 & (1 << (10 - j)) != 0 {
                power *= root;
            }
        }
        let value = (lo as f64 * power).floor();
        (value as u64).clamp(lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bounds shaped as the statements' (a board's length, a count, a 64-bit value).
    const LEN: Bound = Bound::new("N", "a length", 2, 128);
    const COUNT: Bound = Bound::new("T", "a count", 1, 500);
    const TABLE: Bound = Bound::new("N", "a length", 1, 100_000);
    const SUM: Bound = Bound::new("sum", "a sum", 3, 1_000_000);
    const HEIGHT: Bound = Bound::new("h", "a height", 1, u64::MAX);

    #[test]
    fn caps_interpolate_between_the_limits() {
        assert_eq!(LEN.cap(Scale::MIN), 2);
        assert_eq!(LEN.cap(Scale::MAX), 128);
        assert_eq!(LEN.cap(Scale::SMALL), 4);
        assert_eq!(LEN.cap(Scale::MEDIUM), 16);
        assert_eq!(COUNT.cap(Scale::MEDIUM), 22);
        assert_eq!(HEIGHT.cap(Scale::MEDIUM), 1 << 32);
        assert_eq!(HEIGHT.cap(Scale::MAX), u64::MAX);
        assert_eq!(TABLE.cap(Scale::SMALL), 10);
        // Caps grow with the scale.
        for bound in [COUNT, LEN, SUM, TABLE, HEIGHT] {
            let caps: Vec<u64> = (0..=1024).map(|k| bound.cap(Scale(k))).collect();
            assert!(caps.windows(2).all(|w| w[0] <= w[1]), "{}", bound.symbol);
        }
    }

    #[test]
    fn ramps_start_at_zero_and_end_at_the_cap() {
        assert_eq!(Scale::MAX.ramp(0, 12), Scale::MIN);
        assert_eq!(Scale::MAX.ramp(3, 12), Scale(341));
        assert_eq!(Scale::MAX.ramp(8, 12), Scale(910));
        assert_eq!(Scale::MAX.ramp(9, 12), Scale::MAX);
        assert_eq!(Scale::MAX.ramp(11, 12), Scale::MAX);
        assert_eq!(Scale::MEDIUM.ramp(0, 1), Scale::MEDIUM);
        assert_eq!(Scale::MEDIUM.ramp(0, 2), Scale::MIN);
        assert_eq!(Scale::MEDIUM.ramp(1, 2), Scale::MEDIUM);
        assert!(Scale::new(1025).is_none());
    }

    #[test]
    fn bounds_read_as_the_statement() {
        assert_eq!(COUNT.constraint(), "1 ≤ T ≤ 500");
        assert!(HEIGHT.allows(u128::from(u64::MAX)));
        assert!(!HEIGHT.allows(u128::from(u64::MAX) + 1));
        assert!(!HEIGHT.allows(0));
    }
}
