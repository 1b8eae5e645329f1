//! The game of towers (LEGOWARZ): Nim whose heaps come in runs of consecutive heights.
//!
//! # Rules
//! Buildings of towers of blocks; building i has n_i towers of heights h_i, h_i + 1,
//! ..., h_i + n_i − 1. A move removes any non-zero number of blocks from one tower.
//! The player who cannot move loses. Every tower is a Nim heap.
//!
//! # Notation
//! A position is a comma-separated list of buildings `h:n` (first height and number
//! of towers), e.g. `3:2,5:1` for towers of 3, 4 and 5 blocks; the empty string is
//! the empty position. Heights and counts are whole numbers; the tallest tower of a
//! building, h + n − 1, may exceed 2^64 − 1 (nothing overflows). A move is
//! `BUILDING:HEIGHT-BLOCKS`, e.g. `1:4-2` takes 2 blocks from the tower of height 4 in
//! building 1 (buildings numbered from 1). After a move a building splits into the
//! towers below the one played, the played tower, and the towers above it.
//!
//! # Closed form
//! With X(n) = 1 ⊕ 2 ⊕ ... ⊕ n, which is n, 1, n + 1, 0 for n mod 4 = 0, 1, 2, 3, a
//! building's towers XOR to X(h + n − 1) ⊕ X(h − 1). The position's value is the
//! XOR over all buildings; the player to move wins when it is non-zero.

use std::fmt;
use std::str::FromStr;

use crate::game::{Game, Impartial};
use crate::rules::notation::{Found, NotationError};

/// X(n) = 1 ⊕ 2 ⊕ ... ⊕ n (0 for n = 0), in O(1).
#[inline]
pub fn xor_upto(n: u128) -> u128 {
    // n, 1, n + 1, 0 for n mod 4 = 0, 1, 2, 3, without branches: for even n it is
    // n + half = n | half, for odd n 1 - half = 1 ^ half, where half = (n mod 4) / 2.
    let half = (n >> 1) & 1;
    let odd = (n & 1).wrapping_neg(); // all ones when n is odd
    ((n | half) & !odd) | ((1 ^ half) & odd)
}

/// The XOR of the heights h, h + 1, ..., h + n − 1, in O(1), without overflow.
#[inline]
pub fn run_xor(height: u128, count: u64) -> u128 {
    if count == 0 {
        return 0;
    }
    let top = height + u128::from(count) - 1;
    let below = if height == 0 { 0 } else { xor_upto(height - 1) };
    xor_upto(top) ^ below
}

/// The towers ruleset (Nim on towers; it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Towers;

/// A building: `count` towers of heights `height`, `height + 1`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Building {
    /// The height of the lowest tower.
    pub height: u128,
    /// The number of towers.
    pub count: u64,
}

impl Building {
    /// The XOR of this building's tower heights.
    pub fn xor(&self) -> u128 {
        run_xor(self.height, self.count)
    }

    /// The height of the tallest tower (`None` for a building without towers).
    pub fn top(&self) -> Option<u128> {
        (self.count > 0).then(|| self.height + u128::from(self.count) - 1)
    }
}

/// A position: a list of buildings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct City {
    /// The buildings in order.
    pub buildings: Vec<Building>,
}

impl City {
    /// The XOR of all tower heights: non-zero exactly when the player to move wins.
    pub fn nim_value(&self) -> u128 {
        self.buildings.iter().fold(0, |acc, b| acc ^ b.xor())
    }
}

impl FromStr for City {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<City, NotationError> {
        let mut buildings = Vec::new();
        if s.is_empty() {
            return Ok(City { buildings });
        }
        let mut column = 1;
        for part in s.split(',') {
            let number = |text: &str, col: usize, what: &str| -> Result<u128, NotationError> {
                let found = if text.is_empty() {
                    Found::End
                } else {
                    Found::Text(text.to_owned())
                };
                if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(NotationError::new(col, what, found));
                }
                text.parse::<u128>()
                    .map_err(|_| NotationError::new(col, what, found))
            };
            let colon = part.find(':').ok_or_else(|| {
                let i = part.chars().take_while(|c| c.is_ascii_digit()).count();
                let mut e = NotationError::at(part, i, "':' between height and count (h:n)");
                e.column += column - 1;
                e
            })?;
            let height = number(&part[..colon], column, "a height")?;
            let count_col = column + part[..colon].chars().count() + 1;
            let count = number(&part[colon + 1..], count_col, "a count up to 2^64-1")?;
            let count = u64::try_from(count).map_err(|_| {
                NotationError::new(
                    count_col,
                    "a count up to 2^64-1",
                    Found::Text(part[colon + 1..].to_owned()),
                )
            })?;
            if count > 0 && height.checked_add(u128::from(count) - 1).is_none() {
                return Err(NotationError::new(
                    column,
                    "a building whose tallest tower fits in 128 bits",
                    Found::Text(part.to_owned()),
                ));
            }
            buildings.push(Building { height, count });
            column += part.chars().count() + 1;
        }
        Ok(City { buildings })
    }
}

impl fmt::Display for City {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.buildings.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}:{}", b.height, b.count)?;
        }
        Ok(())
    }
}

/// A move: take `remove` blocks from the tower of height `height` in building
/// `building` (0-based field, printed 1-based as `BUILDING:HEIGHT-BLOCKS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TowerMove {
    /// The 0-based index of the building.
    pub building: usize,
    /// The height of the tower played.
    pub height: u128,
    /// How many blocks are removed, 1 ≤ remove ≤ height.
    pub remove: u128,
}

impl fmt::Display for TowerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}-{}", self.building + 1, self.height, self.remove)
    }
}

impl Game for Towers {
    type Position = City;
    type Move = TowerMove;

    fn play(&self, pos: &City, mv: &TowerMove) -> City {
        let b = pos.buildings[mv.building];
        let below = (mv.height - b.height) as u64;
        let above = b.count - below - 1;
        let mut pieces = Vec::with_capacity(3);
        if below > 0 {
            pieces.push(Building {
                height: b.height,
                count: below,
            });
        }
        pieces.push(Building {
            height: mv.height - mv.remove,
            count: 1,
        });
        if above > 0 {
            pieces.push(Building {
                height: mv.height + 1,
                count: above,
            });
        }
        let mut buildings = pos.buildings.clone();
        buildings.splice(mv.building..=mv.building, pieces);
        City { buildings }
    }
}

impl Impartial for Towers {
    /// Every move, tower by tower: meant for the exhaustive engine on small cities.
    fn moves(&self, pos: &City) -> Vec<TowerMove> {
        let mut moves = Vec::new();
        for (building, b) in pos.buildings.iter().enumerate() {
            for j in 0..b.count {
                let height = b.height + u128::from(j);
                for remove in 1..=height {
                    moves.push(TowerMove {
                        building,
                        height,
                        remove,
                    });
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_upto_matches_a_loop() {
        let mut acc = 0u128;
        for n in 0..200u128 {
            acc ^= n;
            assert_eq!(xor_upto(n), acc, "{n}");
        }
    }

    #[test]
    fn runs_match_a_loop_near_the_64_bit_edge() {
        let edge = u128::from(u64::MAX);
        for height in [0, 1, 2, 5, edge - 3, edge, edge + 1] {
            for count in 0..12u64 {
                let direct = (0..u128::from(count)).fold(0, |acc, j| acc ^ (height + j));
                assert_eq!(run_xor(height, count), direct, "{height}:{count}");
            }
        }
    }

    #[test]
    fn huge_buildings_do_not_overflow() {
        let max = u128::from(u64::MAX);
        let b = Building {
            height: max,
            count: u64::MAX,
        };
        // Towers 2^64-1 ..= 2^65-3: X(2^65-3) = 1 and X(2^64-2) = 2^64-1.
        assert_eq!(b.top(), Some(2 * max - 1));
        assert_eq!(b.xor(), 1 ^ max);
    }

    #[test]
    fn notation_round_trips() {
        for s in [
            "3:2,5:1",
            "",
            "0:1",
            "18446744073709551615:18446744073709551615",
        ] {
            assert_eq!(s.parse::<City>().unwrap().to_string(), s);
        }
        for (bad, column) in [
            ("3:2,x:1", 5),
            ("3", 2),
            ("3:", 3),
            ("1:18446744073709551616", 3),
        ] {
            assert_eq!(bad.parse::<City>().unwrap_err().column, column, "{bad}");
        }
    }

    #[test]
    fn a_move_splits_the_building() {
        let city: City = "3:3".parse().unwrap();
        let mv = TowerMove {
            building: 0,
            height: 4,
            remove: 2,
        };
        assert_eq!(Towers.play(&city, &mv).to_string(), "3:1,2:1,5:1");
        assert_eq!(mv.to_string(), "1:4-2");
    }
}
