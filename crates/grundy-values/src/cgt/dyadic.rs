//! Dyadic rationals m / 2^k: the numbers of short games.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use super::error::ValueError;

/// The largest exponent k of a denominator 2^k.
pub const MAX_EXP: u32 = 62;
/// The largest numerator (in absolute value) of a reduced dyadic: 2^62.
pub const MAX_NUM: i64 = 1 << 62;

/// A dyadic rational `num / 2^exp`, always in lowest terms (`num` odd or `exp` = 0).
///
/// Arithmetic is checked: a result whose reduced numerator exceeds 2^62 in absolute
/// value ([`MAX_NUM`]) or whose denominator exceeds 2^[`MAX_EXP`] is a
/// [`ValueError::Overflow`], never a wrong answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// The integer `n`, for |n| <= 2^62.
    pub fn from_int(n: i64) -> Result<Dyadic, ValueError> {
        Dyadic::new(n, 0)
    }

    /// The integer `n` (small constants).
    pub(crate) const fn int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, ValueError> {
        if exp > MAX_EXP + 63 {
            return Err(ValueError::Overflow);
        }
        let (mut num, mut exp) = (num, exp);
        if num == 0 {
            exp = 0;
        }
        let shift = num.trailing_zeros().min(exp);
        num >>= shift;
        exp -= shift;
        if exp > MAX_EXP || num.unsigned_abs() > MAX_NUM.unsigned_abs() {
            return Err(ValueError::Overflow);
        }
        Ok(Dyadic { num, exp })
    }

    /// The numerator (odd unless the number is an integer).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent k of the denominator 2^k.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The nearest `f64` (exact when the numerator has at most 53 bits).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / (1u64 << self.exp) as f64
    }

    /// The integer part rounded towards minus infinity.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    fn align(self, other: Dyadic) -> Result<(i128, i128, u32), ValueError> {
        let exp = self.exp.max(other.exp);
        let a = i128::from(self.num) << (exp - self.exp);
        let b = i128::from(other.num) << (exp - other.exp);
        Ok((a, b, exp))
    }

    fn from_wide(num: i128, exp: u32) -> Result<Dyadic, ValueError> {
        let shift = if num == 0 {
            exp
        } else {
            num.trailing_zeros().min(exp)
        };
        let num = i64::try_from(num >> shift).map_err(|_| ValueError::Overflow)?;
        Dyadic::new(num, exp - shift)
    }

    /// `self + other`.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, ValueError> {
        let (a, b, exp) = self.align(other)?;
        Dyadic::from_wide(a + b, exp)
    }

    /// `self - other`.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, ValueError> {
        let (a, b, exp) = self.align(other)?;
        Dyadic::from_wide(a - b, exp)
    }

    /// `-self`.
    pub fn checked_neg(self) -> Result<Dyadic, ValueError> {
        Ok(Dyadic {
            num: self.num.checked_neg().ok_or(ValueError::Overflow)?,
            exp: self.exp,
        })
    }

    /// `self / 2`.
    pub fn half(self) -> Result<Dyadic, ValueError> {
        if self.num % 2 == 0 && self.num != 0 {
            Ok(Dyadic {
                num: self.num / 2,
                exp: self.exp,
            })
        } else {
            Dyadic::new(self.num, self.exp + 1)
        }
    }

    /// The midpoint `(self + other) / 2`.
    pub fn midpoint(self, other: Dyadic) -> Result<Dyadic, ValueError> {
        let (a, b, exp) = self.align(other)?;
        Dyadic::from_wide(a + b, exp + 1)
    }

    /// The simplest number strictly between `lo` and `hi` (either bound may be absent),
    /// by the simplicity rule: an integer if one fits (the one nearest 0), else the
    /// dyadic with the smallest denominator. `None` when `lo >= hi`.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        match (lo, hi) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => Some(if l < Dyadic::ZERO {
                Dyadic::ZERO
            } else {
                Dyadic::from_int(l.floor() + 1).ok()?
            }),
            (None, Some(h)) => Some(if h > Dyadic::ZERO {
                Dyadic::ZERO
            } else {
                // The largest integer below h.
                let f = h.floor();
                Dyadic::from_int(if h.is_integer() { f - 1 } else { f }).ok()?
            }),
            (Some(l), Some(h)) => {
                if l >= h {
                    return None;
                }
                if l < Dyadic::ZERO && h > Dyadic::ZERO {
                    return Some(Dyadic::ZERO);
                }
                // Integers strictly between: the one nearest zero.
                let first = l.floor() + 1;
                let last = if h.is_integer() { h.num - 1 } else { h.floor() };
                if first <= last {
                    let n = if l >= Dyadic::ZERO { first } else { last };
                    return Dyadic::from_int(n).ok();
                }
                // Same integer part: the smallest denominator strictly between.
                for exp in 1..=MAX_EXP {
                    // Smallest multiple of 1/2^exp above l.
                    let (ln, le) = (i128::from(l.num), l.exp);
                    let lo_scaled = if le <= exp {
                        (ln << (exp - le)) + 1
                    } else {
                        (ln >> (le - exp)) + 1
                    };
                    let candidate = Dyadic::from_wide(lo_scaled, exp).ok()?;
                    if candidate < h {
                        return Some(candidate);
                    }
                }
                None
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Most often two integers: the same denominator, the numerators compare.
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let exp = self.exp.max(other.exp);
        let a = i128::from(self.num) << (exp - self.exp);
        let b = i128::from(other.num) << (exp - other.exp);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Dyadic {
        Dyadic::int(i64::from(n))
    }
}

impl fmt::Display for Dyadic {
    /// `n` for integers, `m/2^k` written out (`3/4`, `-1/2`) otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl serde::Serialize for Dyadic {
    /// As its notation (`"3/4"`), exact where a JSON number might not be.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl FromStr for Dyadic {
    type Err = ValueError;

    /// Parses `n`, `-n`, `m/d` with `d` a power of two.
    fn from_str(s: &str) -> Result<Dyadic, ValueError> {
        let bad = || ValueError::BadNumber(s.to_string());
        let (m, d) = match s.split_once('/') {
            Some((m, d)) => (m, Some(d)),
            None => (s, None),
        };
        let m: i64 = m.parse().map_err(|_| bad())?;
        let exp = match d {
            None => 0,
            Some(d) => {
                let d: u64 = d.parse().map_err(|_| bad())?;
                if !d.is_power_of_two() {
                    return Err(bad());
                }
                d.trailing_zeros()
            }
        };
        Dyadic::new(m, exp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn reduces_and_prints() {
        assert_eq!(d("2/4"), d("1/2"));
        assert_eq!(d("4/2"), Dyadic::int(2));
        assert_eq!(d("-3/4").to_string(), "-3/4");
        assert_eq!(d("0/8").to_string(), "0");
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("1/0".parse::<Dyadic>().is_err());
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d("1/2").checked_add(d("1/4")).unwrap(), d("3/4"));
        assert_eq!(d("1/2").checked_sub(d("3/4")).unwrap(), d("-1/4"));
        assert_eq!(d("1").midpoint(d("2")).unwrap(), d("3/2"));
        assert!(d("-1/2") < d("1/4"));
        assert!(Dyadic::from_int(i64::MAX).is_err());
        assert!(Dyadic::from_int(MAX_NUM)
            .unwrap()
            .checked_add(Dyadic::ONE)
            .is_err());
        assert!(Dyadic::new(1, MAX_EXP + 1).is_err());
    }

    #[test]
    fn the_order_is_the_order_of_the_fractions() {
        // Numerators and exponents both ways, equal exponents (the quick path)
        // included, against exact cross-multiplication.
        let mut xs = Vec::new();
        for num in [-9, -4, -3, -1, 0, 1, 2, 3, 5, 8, MAX_NUM, -MAX_NUM] {
            for exp in [0, 1, 2, 5, MAX_EXP] {
                if let Ok(x) = Dyadic::new(num, exp) {
                    xs.push(x);
                }
            }
        }
        for &a in &xs {
            for &b in &xs {
                let exact = (i128::from(a.num) << (MAX_EXP - a.exp))
                    .cmp(&(i128::from(b.num) << (MAX_EXP - b.exp)));
                assert_eq!(a.cmp(&b), exact, "{a} against {b}");
            }
        }
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d), h.map(d)).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).unwrap(), "0");
        assert_eq!(s(Some("0"), None).unwrap(), "1");
        assert_eq!(s(Some("3/2"), None).unwrap(), "2");
        assert_eq!(s(Some("-5/2"), None).unwrap(), "0");
        assert_eq!(s(None, Some("-2")).unwrap(), "-3");
        assert_eq!(s(None, Some("-3/2")).unwrap(), "-2");
        assert_eq!(s(Some("0"), Some("1")).unwrap(), "1/2");
        assert_eq!(s(Some("1"), Some("3/2")).unwrap(), "5/4");
        assert_eq!(s(Some("1/4"), Some("7/8")).unwrap(), "1/2");
        assert_eq!(s(Some("-3"), Some("-1")).unwrap(), "-2");
        assert_eq!(s(Some("-7/2"), Some("-1/2")).unwrap(), "-1");
        assert_eq!(s(Some("1"), Some("1")), None);
    }
}
