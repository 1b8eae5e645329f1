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
//!
//! # Winning moves
//! When the total XOR T is non-zero, let b be its highest set bit. The winning moves
//! are exactly: lower a tower of height t whose bit b is set to t ⊕ T (which is
//! smaller than t, and leaves XOR 0). A tower without bit b would have to grow, and
//! any other new height leaves a non-zero XOR. Within a building the heights with
//! bit b set form runs of 2^b consecutive heights, so a building's winning towers are
//! counted, ranked and listed in O(1) each however many towers it has
//! ([`BuildingMoves`], [`winning_moves`]). [`Towers`] implements
//! [`Ruleset`](grundy_engine::Ruleset) ([`SPEC`] in the registry): the value, the winning
//! moves counted without listing (a building may have 10^18 towers), the reduction
//! ([`Reduction`]) in sentences for `grundy analyze`, and every city of each size
//! (its blocks plus its towers, up to 30) for `grundy verify`.
//!
//! # Checked
//! `grundy verify towers` (and `tests/all/towers.rs`, through the registry) checks the
//! value and every winning move against the exhaustive engine on every city of each
//! size; `tests/all/towers.rs` also checks every city of up to three small buildings, and
//! proptest goes on to heights and counts up to 2^64 − 1.
//!
//! ```
//! use grundy_games::rules::towers::{winning_moves, City};
//!
//! let city: City = "3:2,5:1".parse().unwrap(); // towers 3, 4 and 5
//! assert_eq!(city.nim_value(), 2);
//! let moves: Vec<String> = winning_moves(&city).map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["1:3-2"]); // 3 becomes 1, and 1 ⊕ 4 ⊕ 5 = 0
//! ```

pub mod cities;
pub mod finder;
mod notation;
mod play;
mod report;
mod ruleset;

pub use finder::{
    building_moves, winning_move_count, winning_moves, BuildingMoves, WinningHeights, WinningMoves,
    WinningRuns,
};
pub use report::{nimber_string, BuildingReduction, Reduction};
pub use ruleset::{LISTABLE_MOVES, SPEC};

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
    let top = height + (u128::from(count) - 1);
    let below = if height == 0 { 0 } else { xor_upto(height - 1) };
    xor_upto(top) ^ below
}

/// The towers ruleset (Nim on towers; it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Towers;

/// A building: `count` towers of heights `height`, `height + 1`, ...
///
/// The tallest tower, `height + count − 1`, must fit in a `u128`; parsed cities are
/// checked for that, and heights and counts up to 2^64 − 1 always satisfy it.
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
        (self.count > 0).then(|| self.height + (u128::from(self.count) - 1))
    }

    /// Whether the building has a tower of height `height`.
    pub fn contains(&self, height: u128) -> bool {
        self.top()
            .is_some_and(|top| self.height <= height && height <= top)
    }
}

/// A position: a list of buildings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct City {
    /// The buildings in order.
    pub buildings: Vec<Building>,
}

impl City {
    /// The number of blocks in all (the number of legal moves), or `None` beyond
    /// 2^128 − 1.
    pub fn blocks(&self) -> Option<u128> {
        self.buildings.iter().try_fold(0u128, |acc, b| {
            // n·h + n(n−1)/2 for heights h, ..., h + n − 1.
            let n = u128::from(b.count);
            let run = n
                .checked_mul(b.height)?
                .checked_add(n * n.saturating_sub(1) / 2)?;
            acc.checked_add(run)
        })
    }

    /// The XOR of all tower heights: non-zero exactly when the player to move wins.
    pub fn nim_value(&self) -> u128 {
        self.buildings.iter().fold(0, |acc, b| acc ^ b.xor())
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

impl Towers {
    /// Whether `mv` is legal in `pos`: the building exists, has a tower of that
    /// height, and between 1 and all of its blocks are removed.
    pub fn is_legal(&self, pos: &City, mv: &TowerMove) -> bool {
        pos.buildings
            .get(mv.building)
            .is_some_and(|b| b.contains(mv.height) && mv.remove >= 1 && mv.remove <= mv.height)
    }
}

impl City {
    /// The city after `mv`, which must be legal ([`Towers::is_legal`]): the building
    /// played splits into the towers below the one played, the played tower, and the
    /// towers above it.
    pub fn after(&self, mv: &TowerMove) -> City {
        let b = self.buildings[mv.building];
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
        let mut buildings = self.buildings.clone();
        buildings.splice(mv.building..=mv.building, pieces);
        City { buildings }
    }
}

impl Towers {
    /// Every legal move of `city`, lazily, building by building, tower by tower
    /// (lowest first), fewest blocks first. A city can have astronomically many
    /// moves; take as many as needed.
    pub fn legal_moves<'c>(&self, city: &'c City) -> impl Iterator<Item = TowerMove> + 'c {
        city.buildings
            .iter()
            .enumerate()
            .flat_map(|(building, b)| {
                (0..b.count).map(move |j| (building, b.height + u128::from(j)))
            })
            .flat_map(|(building, height)| {
                (1..=height).map(move |remove| TowerMove {
                    building,
                    height,
                    remove,
                })
            })
    }
}
