//! The game of towers: every small city.

use std::ops::Range;

use crate::engine::ImpartialSolver;
use crate::rules::towers::{winning_moves, Building, City, TowerMove, Towers};
use crate::verify::{same_moves, Checked, Mismatch};

/// The closed form under test: a city's value and its winning moves.
///
/// [`TowersForm::default`] is the library's; a test may put a wrong one in its place.
#[derive(Clone, Copy, Debug)]
pub struct TowersForm {
    /// The Grundy value of a city.
    pub value: fn(&City) -> u128,
    /// Every winning move from a city, in any order.
    pub winning_moves: fn(&City) -> Vec<TowerMove>,
}

impl Default for TowersForm {
    fn default() -> Self {
        TowersForm {
            value: City::nim_value,
            winning_moves: |city| winning_moves(city).collect(),
        }
    }
}

/// Checks the towers closed form on every city of a size.
///
/// A tower of t blocks weighs t + 1, and a city's size is the weight of all its
/// towers: its blocks plus its towers. A building `h:n` (n ≥ 1) thus weighs
/// n·h + n(n+1)/2, and the cities of size s are the sequences of buildings whose
/// weights add up to s, in order of the first building's (h, n), then the next
/// one's. Buildings without towers (`h:0`) are left out: they do nothing and would
/// make the sizes infinite. The memoised engine solves each city from scratch (its
/// memo is kept across a batch of cities while it stays small); each check compares
/// the closed-form value with the engine's Grundy value and the closed-form winning
/// moves with the engine's.
#[derive(Clone, Copy, Debug, Default)]
pub struct TowersCheck {
    form: TowersForm,
}

impl TowersCheck {
    /// Checks the library's closed form.
    pub fn new() -> TowersCheck {
        TowersCheck::default()
    }

    /// Checks `form`.
    pub fn with_form(form: TowersForm) -> TowersCheck {
        TowersCheck { form }
    }
}

/// The weight of a building of `count` ≥ 1 towers from `height` up.
fn weight(height: u64, count: u64) -> u64 {
    count * height + count * (count + 1) / 2
}

/// The buildings of weight at most `max`, by height then count.
fn buildings_upto(max: u64) -> Vec<(Building, u64)> {
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

/// Every city of size `size`, in order.
fn cities(size: u64) -> Vec<City> {
    fn extend(
        left: u64,
        kinds: &[(Building, u64)],
        prefix: &mut Vec<Building>,
        out: &mut Vec<City>,
    ) {
        if left == 0 {
            out.push(City {
                buildings: prefix.clone(),
            });
            return;
        }
        for &(b, w) in kinds.iter().filter(|(_, w)| *w <= left) {
            prefix.push(b);
            extend(left - w, kinds, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(size, &buildings_upto(size), &mut Vec::new(), &mut out);
    out
}

/// The number of cities of each size up to `max`.
fn city_counts(max: u64) -> Vec<u64> {
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

/// Memo entries after which the engine starts afresh.
const MEMO_LIMIT: usize = 1 << 20;

impl Checked for TowersCheck {
    type Prepared = Vec<City>;

    fn name(&self) -> String {
        "towers".to_owned()
    }

    fn size_unit(&self) -> &'static str {
        "blocks plus towers"
    }

    /// Every city of the size is listed in memory.
    fn largest_size(&self) -> usize {
        30
    }

    fn work(&self, size: usize) -> u64 {
        city_counts(size as u64)[size]
    }

    fn prepare(&self, size: usize) -> Vec<City> {
        cities(size as u64)
    }

    fn check(&self, cities: &Vec<City>, _size: usize, units: Range<u64>) -> Result<u64, Mismatch> {
        let n = units.end - units.start;
        let mut engine = ImpartialSolver::new(&Towers);
        for city in &cities[units.start as usize..units.end as usize] {
            if engine.solved_positions() > MEMO_LIMIT {
                engine = ImpartialSolver::new(&Towers);
            }
            let expected = u128::from(engine.grundy(city).0);
            let found = (self.form.value)(city);
            if expected != found {
                return Err(Mismatch::new(
                    city.to_string(),
                    format!("value {expected}"),
                    format!("value {found}"),
                ));
            }
            let winning = engine.winning_moves(city);
            let found = (self.form.winning_moves)(city);
            same_moves(|| city.to_string(), "winning moves", &winning, &found)?;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn cities_of_small_sizes() {
        let names = |s| cities(s).iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(names(0), [""]);
        assert_eq!(names(1), ["0:1"]);
        assert_eq!(names(2), ["0:1,0:1", "1:1"]);
        // 0:2 is towers 0 and 1, weight 1 + 2.
        assert_eq!(
            names(3),
            ["0:1,0:1,0:1", "0:1,1:1", "0:2", "1:1,0:1", "2:1"]
        );
        let counts = city_counts(12);
        for s in 0..=12 {
            assert_eq!(counts[s as usize], cities(s).len() as u64, "size {s}");
        }
    }

    #[test]
    fn closed_form_agrees_with_the_engine() {
        let report = verify(&TowersCheck::new(), 9, &());
        assert_eq!(report.mismatch, None);
        assert_eq!(report.positions, city_counts(9).iter().sum::<u64>());
    }

    #[test]
    fn a_wrong_value_is_caught() {
        // Adding heights instead of XOR-ing them.
        let form = TowersForm {
            value: |city| {
                city.buildings
                    .iter()
                    .flat_map(|b| (0..u128::from(b.count)).map(move |j| b.height + j))
                    .sum()
            },
            ..TowersForm::default()
        };
        let c = verify(&TowersCheck::with_form(form), 9, &())
            .mismatch
            .expect("the sum is caught");
        // Sum and XOR differ only when two towers share a bit; the lightest such
        // city is two towers of height 1, `1:1,1:1` (size 2 + 2), worth 0, not 2.
        assert_eq!(c.size, 4);
        assert_eq!(c.mismatch, Mismatch::new("1:1,1:1", "value 0", "value 2"));
    }
}
