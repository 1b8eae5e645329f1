//! The analysis of a city: its reduction to Nim as data and as sentences.

use std::fmt::Display;

use serde::{Serialize, Serializer};

use super::{building_moves, xor_upto, BuildingMoves, City};
use crate::ruleset::Explanation;

/// How many buildings the explanation describes one by one (the reduction has all).
const EXPLAINED_BUILDINGS: usize = 20;

/// How many buildings' XORs the explanation still writes out as a sum.
const SUMMED_BUILDINGS: usize = 8;

/// How many runs of winning heights a sentence lists before summarising them.
const LISTED_RUNS: u128 = 3;

/// Big numbers go into JSON as decimal strings: they do not fit a JSON number safely.
fn decimal<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// [`decimal`] for an optional number (`null` when absent).
fn decimal_opt<T: Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

/// A city reduced to Nim, as data. In JSON every number that can exceed 2^53 is a
/// decimal string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reduction {
    /// Each building, in order.
    pub buildings: Vec<BuildingReduction>,
    /// The XOR of all tower heights: the position is worth the nimber `*total_xor`.
    #[serde(serialize_with = "decimal")]
    pub total_xor: u128,
    /// The highest set bit b of the total XOR (`None` when it is 0): the winning
    /// towers are those whose height has bit b set.
    pub winning_bit: Option<u32>,
    /// How many winning moves the player to move has in all.
    #[serde(serialize_with = "decimal")]
    pub winning_moves: u128,
}

/// One building of a [`Reduction`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BuildingReduction {
    /// The building's number, from 1 as in the move notation.
    pub building: usize,
    /// The height h of the lowest tower.
    #[serde(serialize_with = "decimal")]
    pub height: u128,
    /// The number n of towers.
    #[serde(serialize_with = "decimal")]
    pub count: u64,
    /// The height of the tallest tower, h + n − 1 (`None` without towers).
    #[serde(serialize_with = "decimal_opt")]
    pub top: Option<u128>,
    /// X(h + n − 1) = 1 ⊕ 2 ⊕ ... ⊕ (h + n − 1) (`None` without towers).
    #[serde(serialize_with = "decimal_opt")]
    pub xor_upto_top: Option<u128>,
    /// X(h − 1), taken as 0 for h = 0 (`None` without towers).
    #[serde(serialize_with = "decimal_opt")]
    pub xor_below: Option<u128>,
    /// The XOR of the building's heights, X(h + n − 1) ⊕ X(h − 1).
    #[serde(serialize_with = "decimal")]
    pub xor: u128,
    /// How many of its towers are winning moves.
    #[serde(serialize_with = "decimal")]
    pub winning_towers: u64,
    /// How many runs of consecutive heights the winning towers form.
    #[serde(serialize_with = "decimal")]
    pub winning_runs: u128,
    /// The height of the lowest winning tower.
    #[serde(serialize_with = "decimal_opt")]
    pub lowest_winning_tower: Option<u128>,
    /// The height of the tallest winning tower.
    #[serde(serialize_with = "decimal_opt")]
    pub tallest_winning_tower: Option<u128>,
}

impl Reduction {
    /// The reduction of `city`, in O(number of buildings).
    pub fn of(city: &City) -> Reduction {
        Reduction::from_moves(city, &building_moves(city))
    }

    fn from_moves(city: &City, moves: &[BuildingMoves]) -> Reduction {
        let total_xor = city.nim_value();
        let buildings = city
            .buildings
            .iter()
            .zip(moves)
            .enumerate()
            .map(|(i, (b, m))| {
                let top = b.top();
                BuildingReduction {
                    building: i + 1,
                    height: b.height,
                    count: b.count,
                    top,
                    xor_upto_top: top.map(xor_upto),
                    xor_below: top.map(|_| b.height.checked_sub(1).map_or(0, xor_upto)),
                    xor: b.xor(),
                    winning_towers: m.count(),
                    winning_runs: m.run_count(),
                    lowest_winning_tower: m.first().map(|mv| mv.height),
                    tallest_winning_tower: m.last().map(|mv| mv.height),
                }
            })
            .collect();
        Reduction {
            buildings,
            total_xor,
            winning_bit: (total_xor != 0).then(|| 127 - total_xor.leading_zeros()),
            winning_moves: moves.iter().map(|m| u128::from(m.count())).sum(),
        }
    }
}

/// A nimber of any size as it is usually written: `0`, `*`, `*2`, `*3`, ...
pub fn nimber_string(value: u128) -> String {
    crate::values::Nimber(value).to_string()
}

/// The reduction of `city` as data (a [`Reduction`]) and in sentences, for a list of
/// at most `limit` winning moves (the reduction and the sentences count them all).
/// O(number of buildings), however many towers the buildings have.
pub(super) fn explain_listing(city: &City, limit: usize) -> Explanation {
    let moves = building_moves(city);
    let reduction = Reduction::from_moves(city, &moves);
    let listed = reduction.winning_moves.min(limit as u128);
    let sentences = explain(city, &reduction, &moves, listed);
    Explanation {
        reduction: serde_json::to_value(&reduction)
            .expect("a reduction holds only strings, numbers and lists"),
        sentences,
    }
}

/// `n` followed by `one` or `many`.
fn counted(n: u128, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// How building `b` XORs: `X(4) ⊕ X(2) = 4 ⊕ 3 = 7`.
fn building_sentence(b: &BuildingReduction) -> String {
    let (Some(top), Some(upto), Some(below)) = (b.top, b.xor_upto_top, b.xor_below) else {
        return format!("Building {} has no towers: 0.", b.building);
    };
    let towers = if b.count == 1 {
        format!("Building {} is one tower of height {top}", b.building)
    } else {
        format!(
            "Building {} has {} towers, of heights {} to {top}",
            b.building, b.count, b.height
        )
    };
    if b.height <= 1 {
        // X(h − 1) is X(0) = 0 (or nothing at all for h = 0).
        format!("{towers}: X({top}) = {}.", b.xor)
    } else {
        format!(
            "{towers}: X({top}) ⊕ X({}) = {upto} ⊕ {below} = {}.",
            b.height - 1,
            b.xor
        )
    }
}

/// Where building `m`'s winning towers are.
fn winning_sentence(m: &BuildingMoves, total: u128, bit: u32) -> String {
    let number = m.building() + 1;
    let Some(example) = m.first() else {
        return String::new();
    };
    let towers = counted(m.count().into(), "winning tower", "winning towers");
    let heights = if m.count() == 1 {
        format!("of height {}", example.height)
    } else if m.run_count() <= LISTED_RUNS {
        let runs: Vec<String> = m
            .runs()
            .map(|(lo, hi)| {
                if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo} to {hi}")
                }
            })
            .collect();
        format!("heights {}", and_list(&runs))
    } else if bit == 0 {
        let last = m.last().map_or(example.height, |mv| mv.height);
        format!("the odd heights from {} to {last}", example.height)
    } else {
        let last = m.last().map_or(example.height, |mv| mv.height);
        format!(
            "the heights from {} to {last} with bit {bit} set, in {} runs of at most {} \
             consecutive heights",
            example.height,
            m.run_count(),
            1u128 << bit
        )
    };
    let lead = if m.count() == 1 { "" } else { "e.g. " };
    format!(
        "Building {number}: {towers}, {heights}; {lead}{example} lowers {} to {} = {} ⊕ {total}.",
        example.height,
        example.height - example.remove,
        example.height
    )
}

/// The reduction in sentences.
fn explain(
    city: &City,
    reduction: &Reduction,
    moves: &[BuildingMoves],
    listed: u128,
) -> Vec<String> {
    let total = reduction.total_xor;
    let mut lines = vec![
        "Every tower is a Nim heap of its height: a move takes blocks from one tower, \
         so the position's value is the XOR (⊕) of all tower heights."
            .to_owned(),
        "A building's heights are consecutive, h to t = h + n − 1, so its towers XOR to \
         X(t) ⊕ X(h − 1), where X(m) = 1 ⊕ 2 ⊕ … ⊕ m is m, 1, m + 1 or 0 as m mod 4 is \
         0, 1, 2 or 3."
            .to_owned(),
    ];
    let buildings = &reduction.buildings;
    if buildings.is_empty() {
        lines.push("There are no buildings.".to_owned());
    }
    lines.extend(
        buildings
            .iter()
            .take(EXPLAINED_BUILDINGS)
            .map(building_sentence),
    );
    if buildings.len() > EXPLAINED_BUILDINGS {
        lines.push(format!(
            "… and {} more (the reduction has every building).",
            counted(
                (buildings.len() - EXPLAINED_BUILDINGS) as u128,
                "building",
                "buildings"
            )
        ));
    }
    if (2..=SUMMED_BUILDINGS).contains(&buildings.len()) {
        let xors: Vec<String> = buildings.iter().map(|b| b.xor.to_string()).collect();
        lines.push(format!("Together: {} = {total}.", xors.join(" ⊕ ")));
    } else if buildings.len() > SUMMED_BUILDINGS {
        lines.push(format!(
            "Together the {} buildings XOR to {total}.",
            buildings.len()
        ));
    }
    let Some(bit) = reduction.winning_bit else {
        if city.buildings.iter().all(|b| b.top().unwrap_or(0) == 0) {
            lines.push(
                "No tower has a block, so the first player (Alice) cannot move and loses: \
                 the value is 0."
                    .to_owned(),
            );
            return lines;
        }
        lines.push(
            "The XOR is 0, so the value is 0 and the first player (Alice) loses: every move \
             changes one height and so leaves a non-zero XOR, which the second player (Bob) \
             brings back to 0."
                .to_owned(),
        );
        return lines;
    };
    lines.push(format!(
        "The XOR is {total}, not 0, so the value is {} and the first player (Alice) wins \
         by moving to a position of XOR 0.",
        nimber_string(total)
    ));
    lines.push(format!(
        "The highest set bit of {total} is bit {bit} (worth {}). A winning move lowers a \
         tower whose height has bit {bit} set to its height ⊕ {total}, which clears that \
         bit and so is lower; a tower without bit {bit} would have to grow.",
        1u128 << bit
    ));
    lines.push(if reduction.winning_moves == 1 {
        "There is 1 winning move.".to_owned()
    } else {
        format!(
            "There are {} winning moves in all, one per such tower.",
            reduction.winning_moves
        )
    });
    let winners: Vec<&BuildingMoves> = moves.iter().filter(|m| !m.is_empty()).collect();
    lines.extend(
        winners
            .iter()
            .take(EXPLAINED_BUILDINGS)
            .map(|m| winning_sentence(m, total, bit)),
    );
    if winners.len() > EXPLAINED_BUILDINGS {
        lines.push(format!(
            "… and {} more with winning towers (the reduction counts them all).",
            counted(
                (winners.len() - EXPLAINED_BUILDINGS) as u128,
                "building",
                "buildings"
            )
        ));
    }
    let others = city.buildings.len() - winners.len();
    if others > 0 {
        lines.push(format!(
            "The other {} no tower with bit {bit} set.",
            if others == 1 {
                "building has".to_owned()
            } else {
                format!("{others} buildings have")
            }
        ));
    }
    if reduction.winning_moves > listed {
        lines.push(format!("The first {listed} winning moves are listed."));
    }
    lines
}
