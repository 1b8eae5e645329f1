//! The outcome class of a position: who wins under optimal play, whoever starts.

use std::fmt;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_classes() {
        for (l, r) in [(true, true), (true, false), (false, true), (false, false)] {
            let o = Outcome::from_wins(l, r);
            assert_eq!((o.left_starting_wins(), o.right_starting_wins()), (l, r));
        }
    }
}
