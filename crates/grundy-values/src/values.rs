//! Game values: outcome classes and nimbers.

use std::fmt;
use std::ops::{BitXor, BitXorAssign};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use crate::outcome::Outcome;

/// A nimber `*n`, the value of an impartial game (its Grundy value).
///
/// Nimbers add by XOR. The number is a `u128`, so that every value of every game here
/// fits (a city of towers of up to 2^65 blocks has values beyond 2^64). `*0` prints as `0` and `*1` as `*`, as is usual in
/// combinatorial game theory; [`FromStr`] accepts `0`, `*`, `*0`, `*1`, `*7`, ...
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u128);

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

/// A value of the form `n + *m`: an integer plus a nimber, the values of the A-B game
/// and of every sum of integers and Nim heaps. Written `2 + *3`, `-1`, `*2`, `0`.
///
/// It is the first rung of the partizan values; general short games (`{1|0}`, `^`,
/// fractions) are written in the same notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NumberNimber {
    /// The integer part: free moves Left has more than Right.
    pub number: i128,
    /// The nimber part.
    pub nimber: Nimber,
}

impl NumberNimber {
    /// Whether `player` wins moving first: the one with more free moves wins; with
    /// none ahead, the player to move wins exactly when the nimber is not 0.
    pub fn wins_moving_first(self, player: crate::player::Player) -> bool {
        let ahead = match player {
            crate::player::Player::Left => self.number,
            crate::player::Player::Right => -self.number,
        };
        ahead > 0 || (ahead == 0 && self.nimber.to_move_wins())
    }
}

impl fmt::Display for NumberNimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.number, self.nimber.0) {
            (0, _) => write!(f, "{}", self.nimber),
            (n, 0) => write!(f, "{n}"),
            (n, _) => write!(f, "{n} + {}", self.nimber),
        }
    }
}

/// The value of a position: a nimber for impartial games, a partizan value otherwise.
///
/// Printed in the usual notation (`*3`, `2 + *`, `{1|0}`), and so in JSON, as a
/// string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// The nimber of an impartial game.
    Nimber(Nimber),
    /// An integer plus a nimber.
    NumberNimber(NumberNimber),
    /// Any short partizan game, in canonical form (printed in the notation of
    /// [`cgt`](crate::cgt), e.g. `{1|0}`, `^*`, `3/4`).
    Canonical(crate::cgt::CanonicalForm),
}

impl Value {
    /// Whether `player` wins a game of this value moving first.
    pub fn wins_moving_first(self, player: crate::player::Player) -> bool {
        match self {
            Value::Nimber(n) => n.to_move_wins(),
            Value::NumberNimber(v) => v.wins_moving_first(player),
            // Left moving first wins G exactly when G is not <= 0 (G > 0 or G || 0),
            // Right exactly when G is not >= 0.
            Value::Canonical(g) => match player {
                crate::player::Player::Left => !g.leq(crate::cgt::CanonicalForm::zero()),
                crate::player::Player::Right => !crate::cgt::CanonicalForm::zero().leq(g),
            },
        }
    }

    /// The nimber, for an impartial value.
    pub fn as_nimber(self) -> Option<Nimber> {
        match self {
            Value::Nimber(n) => Some(n),
            Value::NumberNimber(_) | Value::Canonical(_) => None,
        }
    }

    /// The value as a canonical form of [`cgt`](crate::cgt), whatever its kind: the
    /// nimber m as `*m`, otherwise as [`Value::canonical`]; `None` when a number or
    /// nimber is beyond what [`cgt`](crate::cgt) represents.
    ///
    /// ```
    /// use grundy_values::{Nimber, Value};
    ///
    /// assert_eq!(Value::Nimber(Nimber(3)).to_game().unwrap().to_string(), "*3");
    /// assert_eq!(Value::Nimber(Nimber(3)).canonical(), None);
    /// ```
    pub fn to_game(self) -> Option<crate::cgt::CanonicalForm> {
        match self {
            Value::Nimber(n) => crate::cgt::CanonicalForm::nimber(u32::try_from(n.0).ok()?).ok(),
            other => other.canonical(),
        }
    }

    /// The value as a canonical form of [`cgt`](crate::cgt), for a partizan value:
    /// `n + *m` as the number-and-nimber form `n*m` (`None` when n or m is beyond
    /// what [`cgt`](crate::cgt) represents), a canonical form as itself. `None` for
    /// an impartial value (a [`Value::Nimber`]).
    pub fn canonical(self) -> Option<crate::cgt::CanonicalForm> {
        use crate::cgt::{CanonicalForm, Dyadic, Nus};
        match self {
            Value::Nimber(_) => None,
            Value::NumberNimber(v) => {
                let number = Dyadic::from_int(i64::try_from(v.number).ok()?).ok()?;
                let nimber = u32::try_from(v.nimber.0).ok()?;
                CanonicalForm::from_nus(Nus::new(number, 0, nimber).ok()?).ok()
            }
            Value::Canonical(g) => Some(g),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nimber(n) => n.fmt(f),
            Value::NumberNimber(v) => v.fmt(f),
            Value::Canonical(g) => fmt::Display::fmt(g, f),
        }
    }
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl From<Nimber> for Value {
    fn from(n: Nimber) -> Value {
        Value::Nimber(n)
    }
}

impl From<crate::cgt::CanonicalForm> for Value {
    fn from(g: crate::cgt::CanonicalForm) -> Value {
        Value::Canonical(g)
    }
}

impl From<NumberNimber> for Value {
    fn from(v: NumberNimber) -> Value {
        Value::NumberNimber(v)
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
/// use grundy_values::{mex, Nimber};
/// assert_eq!(mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
/// assert_eq!(mex([]), Nimber(0));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen: Vec<u128> = values.into_iter().map(|v| v.0).collect();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0u128;
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
        for n in [0u128, 1, 2, 3, 17, u128::MAX] {
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
}
