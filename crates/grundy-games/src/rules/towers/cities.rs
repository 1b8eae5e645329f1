//! The cities of each size, as `grundy verify` lists them.
//!
//! A tower of t blocks weighs t + 1, and a city's size is the weight of all its
//! towers: its blocks plus its towers. A building `h:n` (n ≥ 1) thus weighs
//! n·h + n(n+1)/2, and the cities of size s are the sequences of buildings whose
//! weights add up to s, in order of the first building's (h, n), then the next
//! one's. Buildings without towers (`h:0`) are left out: they do nothing and would
//! make the sizes infinite.

use super::{Building, City};

/// The largest size verify takes (5 062 156 694 cities of that size).
pub(super) const LARGEST_SIZE: usize = 30;

/// The weight of a building of `count` ≥ 1 towers from `height` up.
fn weight(height: u64, count: u64) -> u64 {
    count * height + count * (count + 1) / 2
}

/// The buildings of weight at most `max`, by height then count, with their weights.
pub fn buildings_upto(max: u64) -> Vec<(Building, u64)> {
    let mut out = Vec::new();
    for height in 0..max {
        for count in 1.. {
            let w = weight(height, count);
            if w > max {
                break;
            }
            out.push((
                Building {
                    height: u128::from(height),
                    count,
                },
                w,
            ));
        }
    }
    out
}

/// The cities of one size, numbered in order without being listed: the `i`-th is
/// built from the counts of smaller sizes, in memory linear in the size.
#[derive(Clone, Debug)]
pub struct Cities {
    size: u64,
    kinds: Vec<(Building, u64)>,
    counts: Vec<u64>,
}

impl Cities {
    /// The cities of size `size`.
    pub fn new(size: u64) -> Cities {
        Cities {
            size,
            kinds: buildings_upto(size),
            counts: city_counts(size),
        }
    }

    /// How many cities the size has.
    pub fn count(&self) -> u64 {
        self.counts[self.size as usize]
    }

    /// The city numbered `index` (from 0, below [`count`](Cities::count)): its first
    /// building is the first kind whose cities, counted with the kinds before it,
    /// reach past `index`, and so on for the rest of the size.
    pub fn nth(&self, mut index: u64) -> City {
        let mut left = self.size;
        let mut buildings = Vec::new();
        while left > 0 {
            let before = left;
            for &(b, w) in &self.kinds {
                if w > left {
                    continue;
                }
                let rest = self.counts[(left - w) as usize];
                if index < rest {
                    buildings.push(b);
                    left -= w;
                    break;
                }
                index -= rest;
            }
            if left == before {
                // `index` was beyond the count: no city has it.
                break;
            }
        }
        City { buildings }
    }
}

/// The number of cities of each size up to `max`, without listing them.
pub fn city_counts(max: u64) -> Vec<u64> {
    let kinds = buildings_upto(max);
    let mut counts = vec![0u64; max as usize + 1];
    counts[0] = 1;
    for s in 1..=max {
        counts[s as usize] = kinds
            .iter()
            .filter(|(_, w)| *w <= s)
            .map(|(_, w)| counts[(s - w) as usize])
            .fold(0, u64::saturating_add);
    }
    counts
}
