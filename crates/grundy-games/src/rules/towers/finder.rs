//! The closed-form winning-move finder: O(1) per building, however many towers.
//!
//! With total XOR T ≠ 0 and b its highest set bit, the winning towers are those
//! whose height has bit b set. Those heights, in increasing order, are numbered
//! 0, 1, 2, ... by [`rank`], and [`unrank`] turns a number back into a height, so a
//! building's winning towers are the numbers `start .. start + count` and each is
//! found in O(1).

use std::iter::FusedIterator;

use super::{Building, City, TowerMove};

/// How many heights in `0..m` have bit `bit` set.
pub fn rank(m: u128, bit: u32) -> u128 {
    let half = 1u128 << bit;
    // Every full period of 2^(bit+1) heights has `half` of them.
    let periods = m.checked_shr(bit + 1).unwrap_or(0);
    let rest = if bit == 127 { m } else { m & ((half << 1) - 1) };
    (periods << bit) + rest.saturating_sub(half)
}

/// The height numbered `j` (from 0) among those with bit `bit` set, if it fits.
pub fn unrank(j: u128, bit: u32) -> Option<u128> {
    let half = 1u128 << bit;
    let period = j >> bit;
    let base = if bit == 127 {
        (period == 0).then_some(0)?
    } else {
        period.checked_mul(half << 1)?
    };
    Some(base | half | (j & (half - 1)))
}

/// The winning moves in one building, described in O(1) space however many there
/// are: the towers whose height has the winning bit set, each lowered to its height
/// XOR the total.
///
/// ```
/// use grundy_games::rules::towers::{building_moves, City};
///
/// // Towers of 1 to 10^18 blocks XOR to 10^18, whose highest bit is 59: every
/// // tower from 2^59 = 576460752303423488 up wins.
/// let city: City = "1:1000000000000000000".parse().unwrap();
/// let moves = building_moves(&city)[0];
/// assert_eq!(moves.bit(), Some(59));
/// assert_eq!(moves.count(), 1_000_000_000_000_000_000 - (1 << 59) + 1);
/// assert_eq!(moves.run_count(), 1);
/// assert_eq!(moves.first().unwrap().to_string(), "1:576460752303423488-152921504606846976");
/// assert_eq!(moves.last().unwrap().to_string(), "1:1000000000000000000-1000000000000000000");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildingMoves {
    building: usize,
    lowest: u128,
    towers: u64,
    total: u128,
    start: u128,
    count: u64,
}

impl BuildingMoves {
    /// The winning moves in building number `index` (0-based), `building`, of a
    /// city whose towers XOR to `total` (none when `total` is 0). O(1).
    pub fn new(index: usize, building: Building, total: u128) -> BuildingMoves {
        let mut moves = BuildingMoves {
            building: index,
            lowest: building.height,
            towers: building.count,
            total,
            start: 0,
            count: 0,
        };
        if let (Some(bit), Some(top)) = (moves.bit(), building.top()) {
            let start = rank(building.height, bit);
            let end = rank(top, bit) + ((top >> bit) & 1);
            moves.start = start;
            // At most one per tower, so it fits the building's count.
            moves.count = (end - start) as u64;
        }
        moves
    }

    /// The 0-based index of the building.
    pub fn building(&self) -> usize {
        self.building
    }

    /// The total XOR of the city these moves are for.
    pub fn total_xor(&self) -> u128 {
        self.total
    }

    /// The winning bit b: the highest set bit of the total XOR (`None` when it is 0
    /// and nothing wins).
    pub fn bit(&self) -> Option<u32> {
        (self.total != 0).then(|| 127 - self.total.leading_zeros())
    }

    /// How many winning towers (and so winning moves) the building has.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether the building has no winning move.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The winning move on the tower of height `height`, where `height` is one of the
    /// building's winning heights.
    fn move_on(&self, height: u128) -> TowerMove {
        TowerMove {
            building: self.building,
            height,
            remove: height - (height ^ self.total),
        }
    }

    /// The winning move on the `k`-th (from 0) winning tower, lowest first. O(1).
    pub fn nth(&self, k: u64) -> Option<TowerMove> {
        let bit = self.bit()?;
        if k >= self.count {
            return None;
        }
        unrank(self.start + u128::from(k), bit).map(|h| self.move_on(h))
    }

    /// The winning move on the lowest winning tower.
    pub fn first(&self) -> Option<TowerMove> {
        self.count.checked_sub(1).and_then(|_| self.nth(0))
    }

    /// The winning move on the tallest winning tower.
    pub fn last(&self) -> Option<TowerMove> {
        self.count.checked_sub(1).and_then(|k| self.nth(k))
    }

    /// The winning move on the tower of height `height`, if the building has that
    /// tower and it is a winning one. O(1).
    pub fn move_for(&self, height: u128) -> Option<TowerMove> {
        let bit = self.bit()?;
        let building = Building {
            height: self.lowest,
            count: self.towers,
        };
        (building.contains(height) && (height >> bit) & 1 == 1).then(|| self.move_on(height))
    }

    /// The winning heights, lowest first, each in O(1).
    pub fn heights(&self) -> WinningHeights {
        WinningHeights {
            next: self.start,
            end: self.start + u128::from(self.count),
            bit: self.bit().unwrap_or(0),
        }
    }

    /// The winning moves, lowest tower first, each in O(1).
    pub fn moves(&self) -> WinningMoves {
        WinningMoves {
            heights: self.heights(),
            building: self.building,
            total: self.total,
        }
    }

    /// How many runs of consecutive heights the winning towers form. O(1).
    pub fn run_count(&self) -> u128 {
        match (self.bit(), self.first(), self.last()) {
            (Some(bit), Some(first), Some(last)) => {
                let period = |h: u128| h.checked_shr(bit + 1).unwrap_or(0);
                period(last.height) - period(first.height) + 1
            }
            _ => 0,
        }
    }

    /// The runs of consecutive winning heights, as `(lowest, tallest)`, lowest first.
    /// Every run but the first and last has 2^b heights.
    pub fn runs(&self) -> WinningRuns {
        WinningRuns {
            next: self.first().map(|m| m.height),
            last: self.last().map_or(0, |m| m.height),
            bit: self.bit().unwrap_or(0),
        }
    }
}

/// The winning heights of one building, lowest first ([`BuildingMoves::heights`]).
#[derive(Clone, Debug)]
pub struct WinningHeights {
    next: u128,
    end: u128,
    bit: u32,
}

impl Iterator for WinningHeights {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        if self.next >= self.end {
            return None;
        }
        let height = unrank(self.next, self.bit);
        self.next += 1;
        height
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.end - self.next).ok();
        (left.unwrap_or(usize::MAX), left)
    }

    fn nth(&mut self, n: usize) -> Option<u128> {
        self.next = self.next.saturating_add(n as u128).min(self.end);
        self.next()
    }
}

impl DoubleEndedIterator for WinningHeights {
    fn next_back(&mut self) -> Option<u128> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        unrank(self.end, self.bit)
    }
}

impl FusedIterator for WinningHeights {}

/// The winning moves of one building, lowest tower first ([`BuildingMoves::moves`]).
#[derive(Clone, Debug)]
pub struct WinningMoves {
    heights: WinningHeights,
    building: usize,
    total: u128,
}

impl WinningMoves {
    fn on(&self, height: u128) -> TowerMove {
        TowerMove {
            building: self.building,
            height,
            remove: height - (height ^ self.total),
        }
    }
}

impl Iterator for WinningMoves {
    type Item = TowerMove;

    fn next(&mut self) -> Option<TowerMove> {
        self.heights.next().map(|h| self.on(h))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.heights.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<TowerMove> {
        self.heights.nth(n).map(|h| self.on(h))
    }
}

impl DoubleEndedIterator for WinningMoves {
    fn next_back(&mut self) -> Option<TowerMove> {
        self.heights.next_back().map(|h| self.on(h))
    }
}

impl FusedIterator for WinningMoves {}

/// The runs of consecutive winning heights of one building ([`BuildingMoves::runs`]).
#[derive(Clone, Debug)]
pub struct WinningRuns {
    next: Option<u128>,
    last: u128,
    bit: u32,
}

impl Iterator for WinningRuns {
    type Item = (u128, u128);

    fn next(&mut self) -> Option<(u128, u128)> {
        let lowest = self.next?;
        let half = 1u128 << self.bit;
        // The run's period ends where every bit below b is set.
        let period_end = lowest | (half - 1);
        self.next = period_end.checked_add(half + 1).filter(|&h| h <= self.last);
        Some((lowest, period_end.min(self.last)))
    }
}

impl FusedIterator for WinningRuns {}

/// Each building's winning moves, in building order (every building is listed,
/// with no moves when the total XOR is 0). O(number of buildings).
pub fn building_moves(city: &City) -> Vec<BuildingMoves> {
    let total = city.nim_value();
    city.buildings
        .iter()
        .enumerate()
        .map(|(i, &b)| BuildingMoves::new(i, b, total))
        .collect()
}

/// How many winning moves the player to move has in all.
pub fn winning_move_count(city: &City) -> u128 {
    building_moves(city)
        .iter()
        .map(|m| u128::from(m.count()))
        .sum()
}

/// Every winning move, building by building and lowest tower first, produced
/// lazily: the first K cost O(number of buildings + K) however large the city.
///
/// The moves are exactly those the exhaustive engine finds, in the same order.
pub fn winning_moves(city: &City) -> impl Iterator<Item = TowerMove> {
    building_moves(city).into_iter().flat_map(|m| m.moves())
}
