//! Game values: outcome classes and nimbers.

use std::fmt;
use std::ops::{BitXor, BitXorAssign};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The outcome class of a position: who wins under optimal play.
///
/// For impartial games only [`Outcome::N`] and [`Outcome::P`] occur.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The player to move (the *N*ext player) wins.
    N,
    /// The player to move loses: the *P*revious player wins.
    P,
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
}

impl Outcome {
    /// The class from who wins when Left starts and who wins when Right starts.
    pub fn from_wins(left_starting_wins: bool, right_starting_wins: bool) -> Outcome {
        match (left_starting_wins, right_starting_wins) {
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
        }
    }

    /// Whether Left wins when Left moves first.
    pub fn left_starting_wins(self) -> bool {
        matches!(self, Outcome::N | Outcome::L)
    }

    /// Whether Right wins when Right moves first.
    pub fn right_starting_wins(self) -> bool {
        matches!(self, Outcome::N | Outcome::R)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::L => "L",
            Outcome::R => "R",
        };
        f.write_str(s)
    }
}

/// A nimber `*n`, the value of an impartial game (its Grundy value).
///
/// Nimbers add by XOR. `*0` prints as `0` and `*1` as `*`, as is usual in
/// combinatorial game theory; [`FromStr`] accepts `0`, `*`, `*0`, `*1`, `*7`, ...
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The zero nimber: a second-player win.
    pub const ZERO: Nimber = Nimber(0);

    /// Whether the player to move wins a game of this value.
    pub fn to_move_wins(self) -> bool {
        self.0 != 0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// A string that is not a nimber.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a nimber such as 0, *, *2, found {0:?}")]
pub struct ParseNimberError(String);

impl FromStr for Nimber {
    type Err = ParseNimberError;
    fn from_str(s: &str) -> Result<Nimber, ParseNimberError> {
        let err = || ParseNimberError(s.to_owned());
        match s {
            "0" => Ok(Nimber(0)),
            "*" => Ok(Nimber(1)),
            _ => {
                let digits = s.strip_prefix('*').ok_or_else(err)?;
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(err());
                }
                digits.parse().map(Nimber).map_err(|_| err())
            }
        }
    }
}

/// The minimum excludant: the least nimber not among `values`.
///
/// ```
/// use grundy::{mex, Nimber};
/// assert_eq!(mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
/// assert_eq!(mex([]), Nimber(0));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen: Vec<u64> = values.into_iter().map(|v| v.0).collect();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0u64;
    for v in seen {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    Nimber(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nimber_round_trip() {
        for n in [0u64, 1, 2, 3, 17, u64::MAX] {
            let s = Nimber(n).to_string();
            assert_eq!(s.parse::<Nimber>(), Ok(Nimber(n)), "{s}");
        }
        assert_eq!("*1".parse::<Nimber>(), Ok(Nimber(1)));
        assert_eq!("*0".parse::<Nimber>(), Ok(Nimber(0)));
        for bad in ["", "**", "*-1", "1", "*x", "* 2"] {
            assert!(bad.parse::<Nimber>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn mex_cases() {
        assert_eq!(mex([Nimber(1), Nimber(2)]), Nimber(0));
        assert_eq!(mex([Nimber(2), Nimber(0), Nimber(1), Nimber(0)]), Nimber(3));
        assert_eq!(mex([Nimber(0), Nimber(5)]), Nimber(1));
    }

    #[test]
    fn outcome_classes() {
        for (l, r) in [(true, true), (true, false), (false, true), (false, false)] {
            let o = Outcome::from_wins(l, r);
            assert_eq!((o.left_starting_wins(), o.right_starting_wins()), (l, r));
        }
    }
}
